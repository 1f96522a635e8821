"""A live board for the web tests: the board's server (solver.web.server) on 127.0.0.1,
a free port, in a thread."""

from __future__ import annotations

import contextlib
import re
import threading
import time
from typing import Iterator

from solver.web import create_app
from solver.web.server import BoardServer, bind, config as server_config


@contextlib.contextmanager
def live_server(app=None, timeout: float = 10.0) -> Iterator[str]:
    """Serve ``app`` (default: a fresh board) on the loopback address; yields its base URL."""
    sock = bind("127.0.0.1", 0)        # the socket `coinche serve` listens on
    port = sock.getsockname()[1]
    server = BoardServer(server_config(app or create_app(), lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the board's server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout)
        sock.close()


# ---------------------------------------------------------------- a browser on the board
# Debian's chromium driven by Selenium; the modules using it skip when it is missing.

import shutil  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402
from urllib.parse import parse_qs, urlsplit  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
NO_BROWSER = "no browser: apt-get install chromium chromium-driver to run the board's browser tests"
ARTIFACTS = Path(__file__).parent / "artifacts" / "web"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1400,1000")
#: axe-core, the accessibility audit, from npm into a cache beside the screenshots.
AXE_DIR = Path(__file__).parent / "artifacts" / "axe"
AXE = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"


@contextlib.contextmanager
def chromium(lang: str = "fr-FR") -> Iterator:
    """A headless chromium with a fresh profile, its browser language ``lang``."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in FLAGS:
        opts.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="coinche-chromium-")
    opts.add_argument(f"--user-data-dir={profile}")
    opts.add_argument(f"--lang={lang}")
    opts.add_experimental_option("prefs", {"intl.accept_languages": f"{lang},{lang[:2]}"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def axe_source() -> "str | None":
    """axe.min.js (npm package axe-core, MPL-2.0), installed with npm on first use; None without npm."""
    if not AXE.exists() and shutil.which("npm"):
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(AXE_DIR),
                        "axe-core@4"], check=False, capture_output=True, timeout=300)
    return AXE.read_text() if AXE.exists() else None


def shot(driver, name: str) -> None:
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def settle(driver, timeout: float = 20.0) -> None:
    """Wait until the page has loaded and no action is under way."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.body.dataset.ready === '1' "
                                   "&& document.body.dataset.busy === '0'"))


def open_board(driver, url: str) -> None:
    driver.get("about:blank")       # a new document, even when only the fragment differs
    driver.get(url)
    settle(driver)


def url_state(driver) -> dict:
    """The board's state as its URL's fragment holds it."""
    return {k: v[0] for k, v in parse_qs(urlsplit(driver.current_url).fragment).items()}


#: The English seat letter alone (not inside a word, a card code or an identifier), and
#: what a script shows when it prints a value that is not there.
NOT_FRENCH = re.compile(r"(?<![\w-])W(?![\w-])|\bWest\b|\bnull\b|\bundefined\b|\bNaN\b")

#: What a reader meets on the page: visible text, and the titles and labels read aloud.
PAGE_TEXT = """
return [document.body.innerText,
        ...[...document.querySelectorAll('[title],[aria-label]')]
           .filter(e => e.offsetParent !== null)
           .flatMap(e => [e.getAttribute('title') || '', e.getAttribute('aria-label') || ''])
       ].join('\\n');
"""


def not_french(driver) -> list[str]:
    """The lines of the page that name West in English or show a missing value."""
    text = driver.execute_script(PAGE_TEXT)
    return [line for line in text.splitlines() if NOT_FRENCH.search(line)]
