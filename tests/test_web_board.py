"""The board as a player, a phone user, a keyboard user and a teacher meet it.

One chromium session for the module (Debian's chromium and chromedriver through
Selenium; skipped with one line when missing).  Screenshots go to tests/artifacts/web/
(ignored by git).  Every expected number comes from the package's own functions
(solver.dd_table, solver.solve, solver.review, solver.play_out, practice.*), never typed in.
"""

from __future__ import annotations

import json
import math
import re

import pytest

import solver
from solver.messages import writing_in
from solver.montecarlo import Reuse, reusing
from solver import practice
from web_helpers import (CHROMIUM, DRIVER, NO_BROWSER, axe_source, chromium, live_server, open_board, settle,
                         shot, url_state)

if CHROMIUM is None or DRIVER is None:
    pytest.skip(NO_BROWSER, allow_module_level=True)
pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

DEAL = solver.Deal.random(11)
#: Phone, large phone, tablet, desktop: (width, height) in CSS pixels.
SIZES = [(360, 740), (390, 844), (768, 1024), (1400, 1000)]


@pytest.fixture(scope="module")
def server():
    with live_server() as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as driver:
        yield driver
        driver.set_window_size(1400, 1000)


def js(driver, script: str, *args):
    return driver.execute_script(script, *args)


def click(driver, css: str, timeout: float = 20.0) -> None:
    driver.find_element(By.CSS_SELECTOR, css).click()
    settle(driver, timeout)


def face_up(driver, seat: str) -> list:
    return js(driver, f"return [...document.querySelectorAll('#seat-{seat} .hand .card:not(.back)')]"
                      ".map(c => c.dataset.card)")


def hand_cards(deal, seat: str) -> set:
    return {c.name for c in deal.hands[solver.Seat[seat]]}


def load(driver, pbn: str) -> None:
    box = driver.find_element(By.ID, "pbn")
    box.clear()
    box.send_keys(pbn)
    click(driver, "#load")


def type_into(driver, element_id: str, text: str) -> None:
    """Type into a field and leave it, as a person does (the page redraws on change)."""
    js(driver, "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
               "e.dispatchEvent(new Event('change'));", element_id, text)
    settle(driver)


def table_matches(driver, deal) -> bool:
    table = solver.dd_table(deal)
    cells = driver.find_elements(By.CSS_SELECTOR, "#dd-table td")
    return len(cells) == 24 and all(
        int(c.find_element(By.CSS_SELECTOR, ".ns").text)
        == table.for_leader(solver.Seat.parse(c.get_attribute("data-leader"))).ns_points[c.get_attribute("data-strain")]
        for c in cells)


def test_practice_leaves_my_deal_and_its_table(server, browser):
    """A pasted deal survives a practice problem: back on Table, the same deal and its
    own 24 cells (once the practice deal's table showed beside the old numbers)."""
    open_board(browser, server + "/#lang=en")
    load(browser, DEAL.to_pbn())
    click(browser, '#tabs [data-panel="practice"]')
    assert not browser.find_element(By.ID, "dealbar").is_displayed()
    assert "d" not in url_state(browser)                   # the problem's deal is not in the link
    click(browser, '#tabs [data-panel="table"]')
    assert browser.find_element(By.ID, "pbn").get_attribute("value") == DEAL.to_pbn()
    assert table_matches(browser, DEAL)


def test_advice_seat_shows_that_hand(server, browser):
    """Choosing East for advice shows East's hand face up at East, the others face down."""
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=advice&lang=en")
    sel = browser.find_element(By.ID, "adv-seat")
    sel.find_element(By.CSS_SELECTOR, 'option[value="E"]').click()
    settle(browser)
    assert set(face_up(browser, "E")) == hand_cards(DEAL, "E")
    assert face_up(browser, "S") == [] and face_up(browser, "N") == []
    assert url_state(browser)["ah"] == DEAL.hands[solver.Seat.E].to_pbn()


def test_every_size_fits_without_sideways_scroll(server, browser):
    """Phone to desktop: no horizontal scroll, the four hands on screen, tap targets of
    44 px (buttons; cards 44 px wide and high, each inside the window), the table a
    table (North above South)."""
    link = server + f"/#d={DEAL.to_pbn()}&panel=play&st=H&ld=E&lang=fr"
    try:
        for w, h in SIZES:
            browser.set_window_size(w, h)
            inner = js(browser, "return innerWidth")
            # the window's frame takes some pixels: make the viewport itself w wide
            browser.set_window_size(w + (w - inner), h)
            open_board(browser, link)
            assert js(browser, "return innerWidth") == w
            assert js(browser, "return document.scrollingElement.scrollWidth") <= w, (w, h)
            boxes = js(browser, "return Object.fromEntries(['N','E','S','W'].map(s => "
                                "[s, document.getElementById('seat-'+s).getBoundingClientRect().toJSON()]))")
            for seat, r in boxes.items():
                assert r["left"] >= 0 and r["right"] <= w, (w, seat, r)
            assert boxes["N"]["bottom"] <= boxes["S"]["top"] and boxes["W"]["right"] <= boxes["E"]["left"]
            small = js(browser, "return [...document.querySelectorAll('button:not(.card)')]"
                                ".filter(b => b.offsetParent).map(b => b.getBoundingClientRect())"
                                ".filter(r => r.width < 44 || r.height < 44).length")
            assert small == 0, (w, small)
            cards = js(browser, "return [...document.querySelectorAll('.hand .card')].map(c => c.getBoundingClientRect().toJSON())")
            assert len(cards) == 32, (w, len(cards))
            assert min(c["width"] for c in cards) >= 44 and min(c["height"] for c in cards) >= 44, (w, cards[0])
            assert min(c["left"] for c in cards) >= 0 and max(c["right"] for c in cards) <= w, (w, h)
            # West's and East's eight cards in at most four rows: two or more a row
            rows = js(browser, "return ['W', 'E'].map(s => new Set([...document.querySelectorAll('#seat-' + s + ' .hand .card')]"
                               ".map(c => Math.round(c.getBoundingClientRect().top))).size)")
            assert max(rows) <= 4, (w, rows)
            tabs = js(browser, "return new Set([...document.querySelectorAll('#tabs button')].map(b => b.getBoundingClientRect().top)).size")
            assert tabs <= 2, (w, tabs)
            shot(browser, f"20-size-{w}x{h}")
            browser.execute_script("document.getElementById('panel').scrollIntoView()")
            shot(browser, f"20-size-{w}x{h}-panel")
    finally:
        browser.set_window_size(1400, 1000)


def test_keyboard_plays_a_whole_deal(server, browser):
    """Tab reaches the cards; arrows move between them; Enter plays; u and r undo and redo;
    ? lists the keys; a card's name says what it costs; the focus ring shows."""
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=play&st=S&ld=W&lang=en")
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("?")
    assert browser.find_element(By.ID, "keys-help").is_displayed()
    body.send_keys(Keys.ESCAPE)
    assert not browser.find_element(By.ID, "keys-help").is_displayed()
    for _ in range(80):                                      # Tab until a legal card has the focus
        active = browser.switch_to.active_element
        if "legal" in (active.get_attribute("class") or ""):
            break
        active.send_keys(Keys.TAB)
    else:
        pytest.fail("Tab never reached a card")
    assert js(browser, "return getComputedStyle(document.activeElement).outlineStyle") != "none"
    sol = solver.solve(DEAL, "S", "W", [])
    first = active.get_attribute("data-card")
    label = active.accessible_name
    cost = sol.cost(solver.Card.parse(first))
    assert label.startswith(("Ace", "King", "Queen", "Jack", "Ten", "Nine", "Eight", "Seven"))
    assert (f"costs {cost} card points" if cost else "best") in label
    active.send_keys(Keys.ARROW_RIGHT)
    assert browser.switch_to.active_element.get_attribute("data-card") != first
    played = []
    for _ in range(32):                                      # Enter on the focused card, each time
        card = browser.switch_to.active_element
        assert "legal" in card.get_attribute("class"), card.get_attribute("outerHTML")[:200]
        played.append(card.get_attribute("data-card"))
        card.send_keys(Keys.ENTER)
        settle(browser)
    assert url_state(browser)["p"].split("-") == played
    shot(browser, "21-keyboard-whole-deal")
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("u")
    settle(browser)
    assert url_state(browser)["p"].split("-") == played[:-1]
    body.send_keys("r")
    settle(browser)
    assert url_state(browser)["p"].split("-") == played
    # every table cell is a control with a name
    click(browser, '#tabs [data-panel="table"]')
    cells = browser.find_elements(By.CSS_SELECTOR, "#dd-table td button")
    assert len(cells) == 24 and all(c.accessible_name.startswith(("♠", "♥", "♦", "♣", "No trump", "All trump"))
                                    for c in cells)


def test_axe_finds_no_serious_violation(server, browser):
    """axe-core run in the page on each panel (answers shown): no serious or critical violation."""
    source = axe_source()
    if source is None:
        pytest.skip("axe-core is not installed and npm is missing: npm install axe-core")
    hand = DEAL.hands[solver.Seat.S].to_pbn()
    pages = [f"/#d={DEAL.to_pbn()}&panel=table&lang=fr",
             f"/#d={DEAL.to_pbn()}&panel=play&st=H&ld=E&p=&lang=en",
             f"/#d={DEAL.to_pbn()}&panel=advice&ah={hand}&as=S&aa=pass&an=20&ax=1&ar=1&lang=en",
             "/#panel=practice&pk=play&ps=3&lang=fr"]
    found = {}
    for page in pages:
        open_board(browser, server + page)
        settle(browser, 60)
        browser.execute_script(source)
        result = browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify(r.violations)));")
        bad = [v for v in json.loads(result) if v["impact"] in ("serious", "critical")]
        found[page] = [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in bad]
    assert not any(found.values()), found


def test_stop_stops_advice_and_seat_jobs(server, browser):
    """Stop is offered while a job runs and ends its sampling after the round in hand,
    keeping the answer on the deals solved, which says so (advice ran its full 45 s)."""
    hand = DEAL.hands[solver.Seat.S].to_pbn()
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=advice&ah={hand}&an=2000&ax=1&lang=en")
    browser.find_element(By.ID, "adv-go").click()
    stop = WebDriverWait(browser, 10, poll_frequency=0.05).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#adv-progress button.stop"))[0]
    stop.click()
    settle(browser, 60)
    assert "Stopped at your request" in browser.find_element(By.ID, "adv-stopped").text
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=play&st=H&ld=E&sn=2000&lang=en")
    browser.find_element(By.ID, "seat-advice").click()
    WebDriverWait(browser, 10, poll_frequency=0.05).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#seat-progress button.stop"))[0].click()
    settle(browser, 60)
    assert "Stopped at your request" in browser.find_element(By.ID, "seat-stopped").text


def test_units_and_one_answer_in_an_auction(server, browser):
    """Inside an auction: one answer, the grid from the deals that fit the auction and only
    calls over the standing bid; card points and score labelled; bids in words."""
    hand = "Q.A.AQ7.KQJ"
    open_board(browser, server + f"/#panel=advice&dl=W&as=S&ah={hand}&aa=100S%20pass&an=20&ax=1&lang=en")
    click(browser, "#adv-go", 60)
    want = solver.auction_advice(hand, "S", "W", "100S pass", samples=20, seed=1)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#adv-recommendation .big")) == 1
    grid = {c.get_attribute("data-bid"): c for c in browser.find_elements(By.CSS_SELECTOR, "#bid-grid td")}
    assert all("off" in grid[f"{lv}{st}"].get_attribute("class") for lv in (80, 90, 100) for st in "SHDC")
    for c in want.calls:
        key = c.call.text.replace(" ", "")
        if key in grid:
            assert grid[key].text.split("\n")[0] == f"{round(100 * c.p_success)}%", key
    boxes = {b.get_attribute("data-call") for b in browser.find_elements(By.CSS_SELECTOR, "#bidding-box .bidbtn")}
    assert "100H" not in boxes and "110H" in boxes
    # the bidding box shows the letters one types (110SA); every other text writes bids in words
    text = js(browser, "const p = document.getElementById('pane-advice').cloneNode(true);"
                       "p.querySelector('#bidding-box').remove(); return p.innerText;")
    assert not re.search(r"\b\d{2,3}(SA|TA)\b", text)
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=table&lang=en")
    assert not re.search(r"\b(\d{2,3}|capot) ?(SA|TA)\b", browser.find_element(By.ID, "pane-table").text)


def test_a_longer_auction_starts_from_the_deals_of_the_shorter(server, browser):
    """Advice on the same hand after a longer auction starts from the earlier question's
    deals that fit it, the opening advice's first (solver.montecarlo.deal_carrying): the
    page says how many, the number the package gives for the same questions asked in one
    cache."""
    hand, short, long = "Q.A.AQ8.KQJ", "80H pass", "80H pass 100S pass 110H pass"
    open_board(browser, server + f"/#panel=advice&dl=W&as=S&ah={hand}&an=60&ax=3&lang=en")
    click(browser, "#adv-go", 60)                           # the opening advice: no auction yet
    with reusing(Reuse()):
        solver.advise(hand, seat="S", dealer="W", samples=60, seed=3)
        wants = [solver.auction_advice(hand, "S", "W", a, samples=60, seed=3) for a in (short, long)]
    try:
        for auction, want, phone in zip((short, long), wants, (False, True)):
            if phone:                       # the longer auction on a 390 px phone, Advise by the keyboard
                browser.set_window_size(390, 844)
                browser.set_window_size(390 + (390 - js(browser, "return innerWidth")), 844)
            type_into(browser, "adv-auction", auction)
            if phone:
                browser.find_element(By.ID, "adv-go").send_keys(Keys.ENTER)
                settle(browser, 60)
                assert js(browser, "return document.scrollingElement.scrollWidth") <= 390
            else:
                click(browser, "#adv-go", 60)
            assert want.carried > 0
            shown = browser.find_element(By.XPATH, "//p[contains(., 'carried from the question before')]")
            js(browser, "arguments[0].scrollIntoView({block: 'center'});", shown)
            note = shown.text
            assert f"{want.carried} deals carried from the question before" in note
            assert f"{round(1000 * want.acceptance) / 10:g}% of the dealt deals fit the auction" in note
        shot(browser, "26-carried-deals-phone")
    finally:
        browser.set_window_size(1400, 1000)


def test_the_seats_next_card_starts_from_the_deals_of_the_card_before(server, browser):
    """Advice from a seat at its next card starts from the deals of its card before that
    fit the play since (solver.cardplay.play_lineage): the page says how many, the number
    the package gives for the two questions asked in one cache."""
    order, played = [], []
    while len(played) < 8:                      # 90♥ by N, E leads: the best card each time
        pos = solver.Position.parse(DEAL, "H", "E", played=played)
        if pos.to_move == solver.Seat.W:
            order.append(list(played))
        played.append(solver.solve(DEAL, "H", "E", played).best_cards[0].name)
    first, second = order[:2]                   # West's first two cards
    wants = []
    with reusing(Reuse()):
        for cards in (first, second):
            wants.append(solver.play_advice(DEAL.hands[solver.Seat.W], "W", "90H N", cards, leader="E", samples=40,
                                            seed=1, deal=DEAL))
    assert wants[1].carried > 0
    for cards, want in zip((first, second), wants):
        open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=play&st=H&ld=E&dl=N&lang=en&cl=90&cd=N&sn=40"
                                     f"&p={'-'.join(cards)}")
        click(browser, "#seat-advice", 60)
        note = browser.find_element(By.ID, "seat-advice-note").text
        assert note.startswith(f"West, 40 deals") and (f"({want.carried} deals carried" in note) == bool(want.carried)
    js(browser, "document.getElementById('seat-advice-note').scrollIntoView({block: 'center'});")
    shot(browser, "27-seat-carried-deals")


def test_french_bid_letters(server, browser):
    """With French on, 80C is cœur and 80P pique; P alone is passe."""
    open_board(browser, server + "/#panel=advice&dl=W&as=E&ah=AJ9.A7.KT.J&lang=fr")
    type_into(browser, "adv-auction", "80C P")
    cells = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "#adv-diagram td")]
    assert cells[:2] == ["80♥", "passe"]
    type_into(browser, "adv-auction", "80P")
    assert browser.find_elements(By.CSS_SELECTOR, "#adv-diagram td")[0].text == "80♠"
    click(browser, '#bidding-box [data-call="90H"]')          # the box writes French letters
    assert browser.find_element(By.ID, "adv-auction").get_attribute("value") == "80P 90C"
    # par's reason in French on the French page (the package's French text, solver.messages)
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=table&dl=N&lang=fr")
    with writing_in("fr"):
        reason = solver.par(DEAL, dealer="N").reason
    words = {"SA": "Sans atout", "TA": "Tout atout"}
    reason = re.sub(r"\b(\d{2,3}|capot) ?(SA|TA)\b", lambda m: f"{m[1]} {words[m[2]]}", reason)
    assert browser.find_element(By.ID, "par-reason").text == reason


def test_errors_in_the_pages_language(server, browser):
    """A deal the package refuses: the French page says why in French, the English page
    in English, each the package's own message (solver.Deal.from_pbn under
    solver.messages' language)."""
    bad = "N:AK.K8.K8.A8 T98.QT.J9.7"
    shown = {}
    for lang in ("fr", "en"):
        open_board(browser, server + f"/#panel=table&lang={lang}")
        load(browser, bad)
        with writing_in(lang), pytest.raises(solver.CoincheError) as refused:
            solver.Deal.from_pbn(bad)
        shown[lang] = browser.find_element(By.ID, "message").text
        assert shown[lang] == str(refused.value)
    assert "il faut 4 mains" in shown["fr"] and "expected 4 hands" in shown["en"]


def test_point_count_and_realistic_play_beside_the_table(server, browser):
    """Beside the double-dummy table, per strain: North's and South's point counts and
    the PIMC play-outs' mean ± its standard error, each column naming its unit; the
    numbers are solver.web.views.estimates_view's with the page's settings (the
    estimates job's defaults: 6 play-outs, 10 worlds, seed 1), itself tested against
    evaluate_hand and play_out in test_web_api."""
    from solver.web import views

    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=table&dl=E&lang=en")
    click(browser, "#est-run", timeout=120)
    want = views.estimates_view(DEAL, "E", 6, 10, 1)
    heads = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "#est-table th[scope=col]")]
    assert heads[-1] == "Realistic (PIMC), South leads, mean ± se" and "Double dummy, South leads" in heads
    assert browser.find_element(By.CSS_SELECTOR, "#est-table caption").text == "card points"
    for r in want["strains"]:
        row = browser.find_element(By.CSS_SELECTOR, f'#est-table tr[data-strain="{r["strain"]}"]')
        cell = lambda c: row.find_element(By.CSS_SELECTOR, "td." + c).text  # noqa: E731
        assert cell("count-n") == ("—" if r["count"] is None else f'{r["count"]["N"]:g}')
        assert cell("dd-leader") == str(r["dd_ns"])
        tenth = lambda x: f"{math.floor(x * 10 + 0.5) / 10:g}"  # noqa: E731  (the page's Math.round)
        assert cell("real") == f'{tenth(r["real_ns_mean"])} ± {tenth(r["real_ns_se"])}'
    assert "± 36.2 card points" in browser.find_element(By.ID, "est-note").text
    js(browser, "document.getElementById('est-table').scrollIntoView()")
    shot(browser, "25-estimates")


def test_practice_states_and_judges(server, browser):
    """Bidding problem 5 of the set is answered, its dealer tagged on the table; no hidden hand
    in the deal bar or the link; a card problem states contract, goal and tolerance and judges by it."""
    open_board(browser, server + "/#panel=practice&pk=bid&ps=5&lang=en")
    assert not browser.find_element(By.ID, "dealbar").is_displayed() and "d" not in url_state(browser)
    dealer = practice.set_bidding_view(5)["dealer"]
    assert [s for s in "NESW" if browser.find_elements(By.CSS_SELECTOR, f"#seat-{s} .tag")] == [dealer]
    click(browser, '#pr-box button[data-call="pass"]')
    assert browser.find_element(By.ID, "pr-verdict").text
    assert not browser.find_element(By.ID, "message").text
    p = practice.set_play_problem(6)
    open_board(browser, server + "/#panel=practice&pk=play&ps=6&lang=en")
    statement = browser.find_element(By.ID, "pr-statement").text
    assert p["contract"][:-1 if p["contract"][-1] in "SHDC" else -2] in statement
    assert str(p["goal"]["points"]) in statement
    assert f"at most {p['tolerance']} card points" in browser.find_element(By.ID, "pr-tolerance").text
    sol = solver.solve(solver.Deal.from_pbn(p["deal"]), p["strain"], p["leader"], p["played"])
    costs = {c.name: sol.cost(c) for c in sol.card_values}
    card = max(costs, key=costs.get)
    click(browser, f'.card.legal[data-card="{card}"]')
    verdict = browser.find_element(By.ID, "pr-verdict").get_attribute("class")
    assert ("good" in verdict) == (costs[card] <= p["tolerance"])


def test_the_play_on_screen(server, browser):
    """The trick list steps through the play; the best line is written out; a review
    mistake jumps to its position; a PIMC play-out is shown trick by trick."""
    played = []
    for _ in range(6):              # the worst card each time: the review has mistakes
        sol = solver.solve(DEAL, "D", "N", played)
        played.append(max(sol.card_values, key=sol.cost).name)
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=play&st=D&ld=N&p={'-'.join(played)}&lang=en&cl=80&cd=W&sn=8")
    sol = solver.solve(DEAL, "D", "N", played)
    line = browser.find_element(By.ID, "best-line-text").text
    assert all(solver.Card.parse(c).symbol.replace("T", "10") in line for c in [x.name for x in sol.line])
    click(browser, '#trick-list [data-trick="1"]')
    assert url_state(browser)["p"].split("-") == played[:4]
    click(browser, '#trick-list [data-trick="2"]')            # the cards after trick 1 are kept to redo
    assert url_state(browser)["p"].split("-") == played
    click(browser, "#review")
    review = solver.review(DEAL, "D", "N", played)
    first = next(i for i, s in enumerate(review.steps) if s.cost > 0)
    click(browser, "#review-steps button")
    assert url_state(browser).get("p", "").split("-")[:first] == played[:first]
    assert len([c for c in url_state(browser).get("p", "").split("-") if c]) == first
    assert browser.find_elements(By.CSS_SELECTOR, "#review-steps li")      # the review stays
    assert url_state(browser)["rv"] == "1"
    open_board(browser, browser.current_url)                                # and a link reopens it
    settle(browser)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#review-steps li")) == sum(s.cost > 0 for s in review.steps)
    click(browser, '#trick-list [data-trick="2"]')
    click(browser, "#play-out", 90)
    rows = browser.find_elements(By.CSS_SELECTOR, "#play-out-tricks tr[data-trick]")
    assert len(rows) == 8 - len(played) // 4
    shot(browser, "22-play-on-screen")


def test_polish(server, browser):
    """Tab labels stay readable on hover; suit symbols are coloured in text; trumps are
    sorted J 9 A 10 K Q 8 7; value chips readable (4.5:1); a cut link opens the board;
    an advice link reopens the answer."""
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=play&st=H&ld=E&lang=en")
    tab = browser.find_element(By.CSS_SELECTOR, '#tabs [data-panel="table"]')
    ActionChains(browser).move_to_element(tab).perform()
    colour, back = js(browser, "const s = getComputedStyle(arguments[0]); return [s.color, s.backgroundColor]", tab)
    assert colour == "rgb(255, 255, 255)" and back in ("rgba(0, 0, 0, 0)", "transparent")
    wrong = js(browser, "return [...document.querySelectorAll('#pane-play .suit')].filter(s => "
                        "(/[♥♦]/.test(s.textContent)) !== s.classList.contains('red')).length")
    assert wrong == 0 and js(browser, "return document.querySelectorAll('#pane-play .suit').length") > 0
    hearts = [c for seat in "NESW" for c in face_up(browser, seat) if c[0] == "H"]
    for seat in "NESW":
        mine = [c[1] for c in face_up(browser, seat) if c[0] == "H"]
        assert mine == sorted(mine, key="J9ATKQ87".index), (seat, mine)
    assert hearts
    ratio = js(browser, """
        const lum = (c) => { const v = c.match(/\\d+/g).slice(0, 3).map(x => { x /= 255;
            return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
            return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
        return Math.min(...[...document.querySelectorAll('.val')].map(e => {
            const s = getComputedStyle(e), a = lum(s.color), b = lum(s.backgroundColor);
            return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); }));""")
    assert ratio >= 4.5
    open_board(browser, server + "/#d=N%3AAK&lang=en")
    assert browser.find_elements(By.CSS_SELECTOR, "#dd-table td") and "d=N:AK" in browser.find_element(By.ID, "message").text
    hand = DEAL.hands[solver.Seat.S].to_pbn()
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=advice&ah={hand}&an=20&ax=2&lang=en")
    click(browser, "#adv-go", 60)
    link = browser.current_url
    open_board(browser, link)
    settle(browser, 60)
    assert browser.find_elements(By.ID, "adv-recommendation")


def test_rotate_and_hide(server, browser):
    """Sitting at East puts East at the bottom; 'only my hand' turns the others face down."""
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=table&lang=en&me=E")
    e = browser.find_element(By.ID, "seat-E").rect
    w = browser.find_element(By.ID, "seat-W").rect
    assert e["y"] > w["y"] + w["height"] - 1 or e["y"] > browser.find_element(By.ID, "seat-N").rect["y"]
    click(browser, "#view-only")
    assert set(face_up(browser, "E")) == hand_cards(DEAL, "E")
    assert all(face_up(browser, s) == [] for s in "NSW")
    assert url_state(browser)["only"] == "1" and url_state(browser)["me"] == "E"
    shot(browser, "23-sit-east-only-mine")


def test_auction_review_and_lead_advice(server, browser):
    """The whole auction reviewed from each seat (solver.review_auction) and the
    opening-lead advice (solver.lead_advice), same seeds, on the page."""
    auction = "80H pass 90S pass pass pass"
    open_board(browser, server + f"/#d={DEAL.to_pbn()}&panel=advice&dl=N&aa={auction}&an=10&ax=2&lang=en"
                                 "&cl=90&st=S&cd=W")
    click(browser, "#auction-review", 120)
    want = solver.review_auction(DEAL, "N", auction, samples=30, seed=2)
    rows = browser.find_elements(By.CSS_SELECTOR, "#auction-review-table tr[data-index]")
    assert len(rows) == len(want.calls)
    for row, call in zip(rows, want.calls):
        assert ("missed" in row.get_attribute("class")) == (not call.matched)
    lead = "N"                                      # the seat after the declarer W
    click(browser, "#lead-go", 120)
    best = solver.lead_advice(DEAL.hands[solver.Seat.N], lead, "90S", "W", samples=10, seed=2).best
    assert browser.find_element(By.CSS_SELECTOR, "#lead-table td.cell.good").find_element(By.XPATH, "..") \
        .get_attribute("data-card") == best.card.name
    shot(browser, "24-auction-review-and-lead")


def test_readme_screenshots(server, browser):
    """The README's two pictures, desktop and phone, saved beside the other screenshots
    (tests/artifacts/web/readme-*.png; docs/img/ holds copies): a deal in play with
    its trick list and review."""
    played = []
    for _ in range(6):
        sol = solver.solve(DEAL, "H", "E", played)
        played.append((sol.best_cards if len(played) % 3 else [max(sol.card_values, key=sol.cost)])[0].name)
    link = server + f"/#d={DEAL.to_pbn()}&panel=play&st=H&ld=E&dl=N&p={'-'.join(played)}&lang=fr"
    try:
        for name, (w, h) in (("desktop", (1400, 1000)), ("phone", (390, 844))):
            browser.set_window_size(w, h)
            browser.set_window_size(w + (w - js(browser, "return innerWidth")), h)
            open_board(browser, link)
            click(browser, "#review")
            if name == "desktop":
                js(browser, "document.getElementById('panel').scrollTop = 0")
            else:
                js(browser, "window.scrollTo(0, document.getElementById('board').offsetTop)")
            shot(browser, f"readme-{name}")
            assert js(browser, "return document.scrollingElement.scrollWidth") <= w
    finally:
        browser.set_window_size(1400, 1000)
