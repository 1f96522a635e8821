"""The French board speaks French to the end: no English seat letter in what it shows,
and no stray program word (``null``, ``undefined``) either.

French calls West "Ouest" and writes its seat ``O``; the server's sentences go through
the catalogue (``solver.messages.tr`` turns the seat ``W`` into ``O``) and the page's own
words through its table.  A test goes through the panels a learner uses, with West the
dealer so that the seat appears everywhere, and reads every visible text, title and
label of the page after each step.
"""

from __future__ import annotations

import pytest

import solver
from web_helpers import CHROMIUM, DRIVER, NO_BROWSER, chromium, live_server, not_french, open_board, settle, shot

if CHROMIUM is None or DRIVER is None:
    pytest.skip(NO_BROWSER, allow_module_level=True)
pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

DEAL = solver.Deal.random(7)

@pytest.fixture(scope="module")
def server():
    with live_server() as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as driver:
        yield driver


def test_the_panels_name_west_in_french_and_show_no_missing_value(server, browser):
    pbn = DEAL.to_pbn()
    open_board(browser, server + f"/#d={pbn}&dl=W&lang=fr")
    assert not_french(browser) == []
    assert "O" in [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#dd-table th")] \
        or "Ouest" in browser.find_element(By.ID, "dd-table").text

    browser.find_element(By.CSS_SELECTOR, '#dd-table td[data-strain="H"][data-leader="W"]').click()
    settle(browser)
    for _ in range(4):                                   # a trick, led by West
        browser.find_elements(By.CSS_SELECTOR, ".card.legal")[0].click()
        settle(browser)
    assert not_french(browser) == []
    shot(browser, "fr-01-play-west-leads")

    browser.find_element(By.ID, "review").click()
    settle(browser)
    assert not_french(browser) == []
    shot(browser, "fr-02-review")

    hand = DEAL.hands[solver.Seat.S].to_pbn()
    open_board(browser, server + f"/#d={pbn}&panel=advice&dl=W&as=S&ah={hand}&an=20&ax=3&lang=fr")
    browser.find_element(By.ID, "adv-go").click()
    settle(browser, 60)
    assert browser.find_element(By.ID, "adv-recommendation").text
    assert not_french(browser) == []
    browser.execute_script("document.getElementById('adv-recommendation').scrollIntoView()")
    shot(browser, "fr-03-advice-west-deals")

    # the opening lead from West's seat, on the deal's hand
    open_board(browser, server + f"/#d={pbn}&panel=advice&dl=S&ls=W&lang=fr")
    browser.find_element(By.ID, "lead-go").click()
    settle(browser, 120)
    assert browser.find_element(By.ID, "lead-text").text
    assert not_french(browser) == []
    browser.execute_script("document.getElementById('lead-text').scrollIntoView()")
    shot(browser, "fr-04-lead-from-west")

    open_board(browser, server + f"/#panel=advice&dl=W&as=S&ah={hand}&aa=80H%20pass&an=10&ax=3&lang=fr")
    browser.find_element(By.ID, "adv-go").click()
    settle(browser, 60)
    assert browser.find_elements(By.CSS_SELECTOR, "#adv-calls tr[data-call]")
    assert not_french(browser) == []
    assert browser.find_element(By.ID, "call-pass").text == "Passe"
    browser.execute_script("document.getElementById('adv-calls').scrollIntoView()")
    shot(browser, "fr-05-advice-in-auction")
