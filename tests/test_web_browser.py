"""The board in a real browser: Debian's chromium driven by Selenium.

Each step saves a screenshot under tests/artifacts/web/ (printed at the start; the
folder is ignored by git).  Without chromium and chromedriver the module is skipped
with one line saying how to install them.
"""

from __future__ import annotations

import json
import re

import pytest

import solver
from solver import practice
from web_helpers import CHROMIUM, DRIVER, NO_BROWSER, chromium, live_server, open_board, settle, shot
from web_helpers import url_state as state

if CHROMIUM is None or DRIVER is None:
    pytest.skip(NO_BROWSER, allow_module_level=True)
pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

DEAL = solver.Deal.random(5)


@pytest.fixture(scope="module")
def server():
    with live_server() as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as driver:
        yield driver


def shown_values(driver) -> dict:
    """The values under the legal cards: card -> points for the side of the player to move."""
    pairs = driver.execute_script(
        "return [...document.querySelectorAll('.card.legal')]"
        ".map(c => [c.dataset.card, c.querySelector('.val').textContent]);")
    return {card: int(value) for card, value in pairs}


def expected_values(deal, strain, leader, played) -> dict:
    sol = solver.solve(deal, strain, leader, played)
    total = sol.ns_points + sol.ew_points
    ns = sol.to_move in (solver.Seat.N, solver.Seat.S)
    return {c.name: (v if ns else total - v) for c, v in sol.card_values.items()}


def test_paste_table_play_review_link(server, browser):
    open_board(browser, server + "/")
    # French by default for a French browser
    assert browser.find_element(By.CSS_SELECTOR, "h1").text == "Tableau d'analyse"
    shot(browser, "01-example-deal-table")

    pbn = browser.find_element(By.ID, "pbn")
    pbn.clear()
    pbn.send_keys(DEAL.to_pbn())
    browser.find_element(By.ID, "load").click()
    settle(browser)
    table = solver.dd_table(DEAL)
    for cell in browser.find_elements(By.CSS_SELECTOR, "#dd-table td"):
        strain, leader = cell.get_attribute("data-strain"), cell.get_attribute("data-leader")
        assert int(cell.find_element(By.CSS_SELECTOR, ".ns").text) == \
            table.for_leader(solver.Seat.parse(leader)).ns_points[strain]
    shot(browser, "02-pasted-deal-table")

    browser.find_element(By.CSS_SELECTOR, '#dd-table td[data-strain="H"][data-leader="E"]').click()
    settle(browser)
    played = []
    for _ in range(5):          # a trick and a card
        want = expected_values(DEAL, "H", "E", played)
        assert shown_values(browser) == want
        card = min(want, key=want.get)          # the worst card: a mistake for the review
        browser.find_element(By.CSS_SELECTOR, f'.card.legal[data-card="{card}"]').click()
        settle(browser)
        played.append(card)
        if len(played) in (1, 4):
            shot(browser, f"03-play-card-{len(played)}")
    assert state(browser)["p"].split("-") == played

    browser.find_element(By.ID, "undo").click()
    settle(browser)
    assert state(browser)["p"].split("-") == played[:-1]
    browser.find_element(By.ID, "redo").click()
    settle(browser)
    assert state(browser)["p"].split("-") == played

    browser.find_element(By.ID, "review").click()
    settle(browser)
    mistakes = [s for s in solver.review(DEAL, "H", "E", played).steps if s.cost > 0]
    shown = browser.find_elements(By.CSS_SELECTOR, "#review-steps li")
    assert len(shown) == len(mistakes) and mistakes
    shot(browser, "04-review")

    browser.find_element(By.ID, "best-line").click()
    settle(browser)
    assert len(state(browser)["p"].split("-")) == 32
    shot(browser, "05-best-line-to-the-end")

    # a link reopens the same board
    browser.find_element(By.ID, "undo").click()
    settle(browser)
    link = browser.current_url
    values = shown_values(browser)
    open_board(browser, link)
    assert browser.current_url == link and shown_values(browser) == values
    shot(browser, "06-shared-link")


def test_advice_panel(server, browser):
    hand = DEAL.hands[solver.Seat.S].to_pbn()
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=advice&dl=E&as=S&ah={hand}&an=60&ax=3&lang=en")
    browser.find_element(By.ID, "adv-go").click()
    WebDriverWait(browser, 5, poll_frequency=0.02).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#adv-progress .progress")
        or d.find_elements(By.ID, "adv-recommendation"))
    shot(browser, "07-advice-progress")
    settle(browser, 60)
    want = solver.advise(hand, seat="S", dealer="E", samples=60, seed=3)
    # the page writes bids in words: "80SA" is "80 No trump" on the English page
    words = {"SA": "No trump", "TA": "All trump"}
    text = re.sub(r"\b(\d{2,3}|capot) ?(SA|TA)\b", lambda m: f"{m[1]} {words[m[2]]}", want.recommendation.text)
    assert text in browser.find_element(By.ID, "adv-recommendation").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#adv-histograms svg")) == 6
    shot(browser, "08-advice")


def test_advice_inside_an_auction(server, browser):
    """With calls so far, the panel shows the next call judged on deals that fit them
    (solver.auction_advice, same seed), in French on a French page."""
    hand = "Q.A.AQ7.KQJ"
    open_board(browser, server + f"/#panel=advice&dl=W&as=S&ah={hand}&aa=160S%20pass&an=20&ax=1&lang=fr")
    browser.find_element(By.ID, "adv-go").click()
    settle(browser, 60)
    want = solver.auction_advice(hand, "S", "W", "160S pass", samples=20, seed=1)
    rows = browser.find_elements(By.CSS_SELECTOR, "#adv-calls tr[data-call]")
    assert rows and rows[0].get_attribute("data-call") == want.best.call.text.replace(" ", "")
    assert "Annonce" in browser.find_element(By.ID, "adv-calls").text
    browser.execute_script("document.getElementById('adv-calls').scrollIntoView()")
    shot(browser, "15-advice-in-auction")


def test_the_look_ahead_box_beside_the_auction_advice(server, browser):
    """The look-ahead checkbox is labelled in French, reached and ticked from the
    keyboard, kept in the URL, and the answer is the look-ahead advice
    (solver.auction_advice(..., lookahead=True), same seed)."""
    from selenium.webdriver.common.keys import Keys
    hand = "AJ9.A7.KT.J"
    open_board(browser, server + f"/#panel=advice&dl=E&as=N&ah={hand}&aa=80H%20pass&an=8&ax=4&lang=fr")
    box = browser.find_element(By.ID, "adv-lookahead")
    label = browser.find_element(By.CSS_SELECTOR, 'label[for="adv-lookahead"]')
    assert "Anticiper" in label.text and not box.is_selected() and box.is_enabled()
    browser.find_element(By.ID, "adv-seed").send_keys(Keys.TAB)        # the next stop is the box
    assert browser.switch_to.active_element == browser.find_element(By.ID, "adv-lookahead")
    browser.switch_to.active_element.send_keys(Keys.SPACE)
    settle(browser)
    assert browser.find_element(By.ID, "adv-lookahead").is_selected() and state(browser)["al"] == "1"
    browser.find_element(By.ID, "adv-go").click()
    settle(browser, 120)
    want = solver.auction_advice(hand, "N", "E", "80H pass", samples=8, seed=4, lookahead=True)
    rows = browser.find_elements(By.CSS_SELECTOR, "#adv-calls tr[data-call]")
    assert rows and rows[0].get_attribute("data-call") == want.best.call.text.replace(" ", "")
    assert "En anticipant" in browser.find_element(By.ID, "adv-recommendation").text
    shot(browser, "15b-advice-looking-ahead")
    # the auction's review, asked with the box ticked, looks ahead too: each call's line
    # tells how the auction goes on after the advised call and the runner-up
    browser.find_element(By.ID, "auction-review").click()
    settle(browser, 120)
    steps = browser.find_elements(By.CSS_SELECTOR, "#auction-review-box ol.steps li")
    assert len(steps) == 2 and all("En anticipant" in li.text for li in steps), [li.text for li in steps]


def test_practice_and_bad_input(server, browser):
    open_board(browser, server + "/#panel=practice&pk=play&ps=4&lang=en")
    problem = practice.set_play_problem(4)
    sol = solver.solve(solver.Deal.from_pbn(problem["deal"]), problem["strain"], problem["leader"],
                       problem["played"])
    best = sol.best_cards[0].name
    browser.find_element(By.CSS_SELECTOR, f'.card.legal[data-card="{best}"]').click()
    settle(browser)
    assert "good" in browser.find_element(By.ID, "pr-verdict").get_attribute("class")
    assert state(browser)["sc"] == "1/1"
    shot(browser, "09-practice-play")

    browser.find_element(By.ID, "pr-bid").click()
    settle(browser)
    browser.find_element(By.CSS_SELECTOR, '#pr-box button[data-call="pass"]').click()
    settle(browser)
    assert browser.find_element(By.ID, "pr-verdict").text
    assert state(browser)["sc"].endswith("/2")
    shot(browser, "10-practice-bidding")

    browser.find_element(By.CSS_SELECTOR, '#tabs [data-panel="table"]').click()     # the deal bar is back
    settle(browser)
    pbn = browser.find_element(By.ID, "pbn")
    pbn.clear()
    pbn.send_keys("N:AK.K8.K8.A8 T98.QT.J9.7")
    browser.find_element(By.ID, "load").click()
    settle(browser)
    try:
        solver.Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7")
    except solver.DealError as e:
        assert browser.find_element(By.ID, "message").text == str(e)
    shot(browser, "11-bad-deal")


def test_build_a_deal_by_clicking(server, browser):
    open_board(browser, server + "/#lang=en")
    browser.find_element(By.ID, "build").click()
    settle(browser)
    # The palette lists the cards spades first, best first, and deals each seat 8 in
    # turn, so clicking the first card 32 times gives N the spades, E the hearts, ...
    for _ in range(32):
        browser.find_element(By.CSS_SELECTOR, "#palette .card").click()
    shot(browser, "12-built-deal")
    browser.find_element(By.ID, "build-done").click()
    settle(browser)
    suits = "AKQJT987"
    want = solver.Deal.from_pbn(f"N:{suits}.-.-.- -.{suits}.-.- -.-.{suits}.- -.-.-.{suits}")
    assert browser.find_element(By.ID, "pbn").get_attribute("value") == want.to_pbn()
    assert browser.find_elements(By.CSS_SELECTOR, "#dd-table td")


def test_advice_hand_by_clicking(server, browser):
    open_board(browser, server + "/#panel=advice&ah=-.-.-.-&lang=en")
    for code in ("SA", "SJ", "S9", "HA", "H7", "DK", "DT", "CJ"):
        browser.find_element(By.CSS_SELECTOR, f'#adv-picker .card[data-card="{code}"]').click()
    assert state(browser)["ah"] == "AJ9.A7.KT.J"
    shot(browser, "13-advice-hand-clicked")


def test_from_the_players_seat(server, browser):
    """The play pane's seat section: advice for the seat to move (the table of
    play_advice with the same seed), the play judged from each seat, and a PIMC play-out
    of the rest that fills the play."""
    played = []
    for _ in range(8):              # the worst card each time: the review has verdicts to show
        values = solver.solve(DEAL, "C", "S", played).card_values
        ns = solver.Position.parse(DEAL, "C", "S", played=played).to_move in (solver.Seat.N, solver.Seat.S)
        played.append((min if ns else max)(values, key=values.get).name)
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=play&st=C&ld=S&dl=E&lang=en&cl=100&cd=S&sn=12"
                                 f"&p={'-'.join(played)}")
    browser.find_element(By.ID, "seat-advice").click()
    settle(browser, 60)
    seat = solver.Position.parse(DEAL, "C", "S", played=played).to_move
    want = solver.play_advice(DEAL.hands[seat], seat, "100C S", played, leader="S", samples=12, seed=1,
                              deal=DEAL)
    rows = browser.find_elements(By.CSS_SELECTOR, "#seat-advice-table tr[data-card]")
    assert {r.get_attribute("data-card") for r in rows} == {c.card.name for c in want.cards}
    assert rows[0].get_attribute("data-card") == max(want.cards, key=lambda c: c.ev).card.name
    shot(browser, "12-seat-advice")

    browser.find_element(By.ID, "seat-review").click()
    settle(browser, 60)
    r = solver.review_from_seats(DEAL, "100C S", played, leader="S", samples=12, seed=1)
    judged = [s for s in r.steps if s.verdict in ("mistake", "bad luck", "lucky")]
    assert judged and len(browser.find_elements(By.CSS_SELECTOR, "#seat-review-steps li")) == len(judged)
    browser.execute_script("document.getElementById('seat-review-steps').scrollIntoView()")
    shot(browser, "13-seat-review")

    browser.find_element(By.ID, "play-out").click()
    settle(browser, 60)
    got = state(browser)["p"].split("-")
    assert len(got) == 32 and got[:8] == played
    assert "PIMC" in browser.find_element(By.ID, "play-out-result").text
    shot(browser, "14-play-out")


def test_rules_panel(server, browser):
    """A variant typed in the rules panel: the table is dd_table's under it (it differs
    from the default table on this deal) and ``coinche table --rule`` prints the same 24
    numbers, and the link keeps it."""
    deal = solver.Deal.random(1)
    rules = solver.Rules().with_options(["must_undertrump=false"])
    open_board(browser, server + "/#d=" + deal.to_pbn().replace(" ", "%20") + "&panel=table&lang=en")
    box = browser.find_element(By.ID, "rules")
    box.clear()
    box.send_keys("must_undertrump=false\n")
    browser.find_element(By.ID, "pbn").click()      # leaving the field applies it
    settle(browser)
    assert state(browser)["r"] == "must_undertrump=false"

    def table_matches(table) -> bool:
        return all(int(cell.find_element(By.CSS_SELECTOR, ".ns").text)
                   == table.for_leader(solver.Seat.parse(cell.get_attribute("data-leader"))).ns_points[cell.get_attribute("data-strain")]
                   for cell in browser.find_elements(By.CSS_SELECTOR, "#dd-table td"))
    ruled = solver.dd_table(deal, rules=rules)
    assert ruled.to_dict() != solver.dd_table(deal).to_dict()
    assert table_matches(ruled)
    # the command line under the same variant prints the page's numbers
    from cli_helpers import run
    printed = run("table", deal.to_pbn(), "--rule", "must_undertrump=false", "--json")
    assert printed.exit_code == 0, printed.output
    on_page = {(c.get_attribute("data-leader"), c.get_attribute("data-strain")): int(c.find_element(By.CSS_SELECTOR, ".ns").text)
               for c in browser.find_elements(By.CSS_SELECTOR, "#dd-table td")}
    by_cli = {(row["leader"], strain): points for row in json.loads(printed.stdout)
              for strain, points in row["ns_points"].items()}
    assert on_page == by_cli and len(on_page) == 24
    shot(browser, "30-rules-panel")
    open_board(browser, browser.current_url)
    assert browser.find_element(By.ID, "rules").get_attribute("value") == "must_undertrump=false"
    assert table_matches(ruled)
    box = browser.find_element(By.ID, "rules")
    box.clear()
    box.send_keys("nonsense=1\n")
    browser.find_element(By.ID, "pbn").click()
    settle(browser)
    assert "unknown rules option 'nonsense'" in browser.find_element(By.ID, "message").text


def test_the_page_carries_the_token(browser):
    from solver.web import create_app
    token = "classroom-42"
    with live_server(create_app(token=token)) as url:
        open_board(browser, url + "/#lang=en")
        assert "token" in browser.find_element(By.ID, "message").text
        open_board(browser, url + f"/#token={token}&lang=en")
        assert browser.find_element(By.ID, "message").text == ""
        assert browser.find_elements(By.CSS_SELECTOR, "#dd-table td")
        assert state(browser)["token"] == token
