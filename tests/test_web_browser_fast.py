"""The board streams an advice's estimate while it samples, and its Stop keeps it: on a
390 px phone, driven by the keyboard alone (headless chromium, as tests/test_web_browser.py).
"""

from __future__ import annotations

import re

import pytest

import solver
from web_helpers import CHROMIUM, DRIVER, NO_BROWSER, chromium, live_server, open_board, settle, shot

if CHROMIUM is None or DRIVER is None:
    pytest.skip(NO_BROWSER, allow_module_level=True)
pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

HAND = "AJ9.A7.KT.J"


def press(driver, key, times=1):
    for _ in range(times):
        ActionChains(driver).send_keys(key).perform()


def focused(driver) -> str:
    return driver.execute_script("return document.activeElement && document.activeElement.id")


def tab_to(driver, element_id: str, most: int = 200) -> None:
    """Tab through the page until ``element_id`` has the focus."""
    for _ in range(most):
        if focused(driver) == element_id:
            return
        press(driver, Keys.TAB)
    raise AssertionError(f"{element_id} never took the focus (last: {focused(driver)!r})")


def test_the_estimate_streams_and_stop_keeps_it_on_a_phone_by_keyboard():
    with live_server() as url, chromium("en-GB") as b:
        b.set_window_size(390, 844)
        # 2,000 deals: far more than the seconds the test lets it run
        open_board(b, url + f"/#panel=advice&dl=W&as=S&ah={HAND}&an=2000&ax=1&lang=en")
        b.execute_script("document.activeElement && document.activeElement.blur()")
        tab_to(b, "adv-go")
        press(b, Keys.ENTER)
        # the running best bid, its interval and the deals so far, as rounds come in
        WebDriverWait(b, 60, poll_frequency=0.05).until(
            lambda d: "Best so far" in (d.find_elements(By.CSS_SELECTOR, "#adv-progress .estimate") or [None])[0].text
            if d.find_elements(By.CSS_SELECTOR, "#adv-progress .estimate") else False)
        estimate = b.find_element(By.CSS_SELECTOR, "#adv-progress .estimate").text
        assert re.search(r"Best so far: \S+ [+-]\d+ ± \d+ \(\d+ / 2000 deals\)", estimate), estimate
        shot(b, "fast-01-streaming-phone")
        assert b.execute_script("return document.documentElement.scrollWidth") <= 390
        tab_to(b, "stop-adv-progress")
        press(b, Keys.ENTER)
        settle(b, 60)
        note = b.find_element(By.ID, "adv-stopped").text
        n = int(re.search(r"the (\d+) deals solved", note)[1])
        assert 0 < n < 2000
        # the answer kept is the fixed run's on the first n deals of the same seed
        want = solver.advise(HAND, seat="S", dealer="W", samples=n, seed=1)
        shown = b.find_element(By.ID, "adv-answer").text
        bid = want.recommendation.to_dict()["bid"]
        level, strain = re.match(r"(\d+|capot)\s*(SA|TA|S|H|D|C)", bid).groups()
        assert level in shown, (shown, bid)
        shot(b, "fast-02-stopped-phone")
        assert b.execute_script("return document.documentElement.scrollWidth") <= 390
