"""The board's "Play a match" mode: the API a match is played through, and a person
playing a whole deal against fast (heuristic) bots in chromium, on a desktop and on a
phone.  The expected moves and scores come from the package itself (solver.game's
deals, the bots, solver.records), never typed in.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

import solver  # noqa: E402
from solver.bots import HeuristicBot, SeatView  # noqa: E402
from solver.cards import Seat  # noqa: E402
from solver.auction import parse_call  # noqa: E402
from solver.declarations import award_declarations, find_declarations  # noqa: E402
from solver.game import Person, deal_for, play_deal  # noqa: E402
from solver.records import parse_records  # noqa: E402
from solver.web import create_app  # noqa: E402
from solver.web import match as web_match  # noqa: E402

SEED = 7


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def post(client, path: str, **fields):
    body = {"seed": SEED, **fields}
    return client.post(path, json=body)


def play_through(client, seat: str = "S", states: "list | None" = None, **fields) -> list[dict]:
    """One deal: the bots move through /api/match/bot, the person plays its first legal
    call or card; returns the match's deals (the page's state); ``states`` collects
    every answer of /api/match on the way."""
    deals = [{"calls": "", "cards": ""}]
    for _ in range(80):
        s = post(client, "/api/match", seat=seat, deals=deals, **fields).json()
        if states is not None:
            states.append(s)
        if s["over"]:
            return deals
        if not fields.get("show"):     # no hidden hand in the answer before the deal ends
            assert "hands" not in s and "deal" not in s
        if s["your_turn"]:
            move = s["legal"][0]
        else:
            m = post(client, "/api/match/bot", seat=seat, deals=deals, **fields).json()
            move = m.get("call") or m["card"]
        key = "calls" if s["bidding"] else "cards"
        deals[-1][key] = (deals[-1][key] + " " + move).strip()
    raise AssertionError("the deal did not end in 80 moves")


def test_a_new_match_shows_only_my_hand(client):
    s = post(client, "/api/match", seat="W").json()
    deal = deal_for(SEED, 0)
    assert s["hand"] == deal.hands[Seat.W].to_pbn()
    assert "hands" not in s and "deal" not in s
    # every other hand's cards are absent from the whole answer
    text = json.dumps(s)
    assert deal.hands[Seat.N].to_pbn() not in text
    assert s["dealer"] == "N" and s["to_move"] == "E" and not s["your_turn"]
    shown = post(client, "/api/match", seat="W", show=True).json()
    assert shown["hands"]["N"] == deal.hands[Seat.N].to_pbn()


def test_a_bot_move_is_the_bots_own_from_its_seat(client):
    """The move the API answers is HeuristicBot's on the SeatView of the seat to move,
    with the seed the module gives it; the same state always gets the same move."""
    got = post(client, "/api/match/bot").json()
    deal = deal_for(SEED, 0)
    view = SeatView(Seat.E, deal.hands[Seat.E], Seat.N, solver.Auction(Seat.N))
    bot = HeuristicBot(seed=web_match._bot_seed(SEED, 0, Seat.E))
    assert got == {"seat": "E", "call": bot.call(view).text}
    assert post(client, "/api/match/bot").json() == got


def test_bots_never_see_a_hidden_hand(client, monkeypatch):
    """The bot is handed a view holding its own hand only."""
    seen = []
    real = HeuristicBot.call

    def spy(self, view):
        seen.append(view)
        return real(self, view)

    monkeypatch.setattr(HeuristicBot, "call", spy)
    post(client, "/api/match/bot")
    [view] = seen
    assert isinstance(view, SeatView) and view.hand == deal_for(SEED, 0).hands[Seat.E]
    assert not any(isinstance(x, solver.Deal) for x in vars(view).values())


def test_a_whole_deal_scores_as_the_game_runner_scores_it(client):
    deals = play_through(client)
    s = post(client, "/api/match", deals=deals).json()
    assert s["over"] and s["hands"]["N"] == deal_for(SEED, 0).hands[Seat.N].to_pbn()
    [rec] = parse_records(post(client, "/api/match/pbn", deals=deals).text)
    # the same calls and cards through solver.game.play_deal give the same score
    assert rec.score == (s["score"]["NS"], s["score"]["EW"])
    assert [str(c.text) for c in rec.auction] == deals[0]["calls"].split()
    assert s["sheet"][-1]["total_ns"] == s["match"]["NS"] == rec.score[0]
    nxt = post(client, "/api/match", deals=deals + [{}]).json()
    assert nxt["number"] == 2 and nxt["dealer"] == "E" and nxt["sheet"] == s["sheet"]


def test_the_match_follows_the_rules_and_shows_declarations_from_trick_two(client):
    """Under rules that count declarations (seed 6's first deal: N-S hold a quarte and a
    tierce), the declarations of the side that scores them are laid on the table from
    the second trick, as solver.declarations finds and awards them; the deal's score is
    solver.game.play_deal's under the same rules, and not the default rules' score."""
    names = ["declarations=true", "declarations_count=true"]
    rules = solver.Rules(declarations=True, declarations_count=True)
    seed = 6
    states: list = []
    deals = play_through(client, states=states, seed=seed, rules=names)
    deal = deal_for(seed, 0)
    final = states[-1]
    strain = solver.Strain.parse(final["contract"]["bid"][-1])
    leader = Seat.parse(final["contract"]["leader"])
    awarded = award_declarations(deal, strain, leader, rules)
    side = [t for t in solver.Team if awarded[t]]
    assert side, "this deal was chosen for its declarations"
    playing = [s for s in states if s["contract"] and not s["over"]]
    assert {len(s["played"]) for s in playing} == set(range(32))
    for s in playing:
        if len(s["played"]) < 4:
            assert s["declarations"] == []
        else:
            shown = s["declarations"]
            assert {Seat.parse(x["seat"]).team for x in shown} == set(side)
            assert sum(x["points"] for x in shown) == awarded[side[0]]
            for x in shown:
                found = find_declarations(deal.hands[Seat.parse(x["seat"])], strain, rules)
                assert x["cards"] in [[c.name for c in f.cards] for f in found]
    calls, cards = iter(deals[0]["calls"].split()), iter(deals[0]["cards"].split())
    person = Person(lambda v: parse_call(next(calls), v.seat), lambda v: solver.Card.parse(next(cards)))
    res = play_deal(deal, Seat.N, [person] * 4, rules)
    assert (final["score"]["NS"], final["score"]["EW"]) == res.scores
    assert final["declarations_text"] == res.record.declarations
    plain = post(client, "/api/match", seed=seed, deals=deals).json()
    assert (plain["score"]["NS"], plain["score"]["EW"]) != res.scores
    assert post(client, "/api/match", rules=["target=1000"]).json()["match"]["target"] == 1000
    assert post(client, "/api/match", rules=["target=x"]).status_code == 400


def test_bad_moves_get_one_line(client):
    r = post(client, "/api/match", deals=[{"calls": "pass 70H"}])
    assert r.status_code == 400 and r.json()["error"].startswith("deal 1: call '70H'")
    r = post(client, "/api/match", deals=[{"calls": "pass"}, {}])
    assert r.status_code == 400 and "deal 1 is not finished" in r.json()["error"]
    r = post(client, "/api/match/bot", deals=[{"calls": "pass"}])     # S, the person, to call
    assert r.status_code == 400 and "your turn" in r.json()["error"]
    r = post(client, "/api/match", partner="dd")
    assert r.status_code == 422
    r = post(client, "/api/match", deals=[{"calls": "pass pass pass pass", "cards": "SA"}])
    assert r.status_code == 400 and "more calls or cards" in r.json()["error"]


def test_bots_replay_is_play_deal_with_four_bots(client):
    job = post(client, "/api/jobs/matchreplay", number=1).json()
    import time
    for _ in range(200):
        job = client.get(f"/api/jobs/{job['id']}").json()
        if job["state"] in ("done", "failed"):
            break
        time.sleep(0.05)
    got = job["result"]
    bots = [HeuristicBot(seed=web_match._bot_seed(SEED, 0, s)) for s in Seat]
    res = play_deal(deal_for(SEED, 0), Seat.N, bots)
    assert got["played"] == [c.name for c in res.record.play]
    assert (got["score"]["NS"], got["score"]["EW"]) == res.scores


# ---------------------------------------------------------------- in a browser
from web_helpers import (CHROMIUM, DRIVER, NO_BROWSER, axe_source, chromium, live_server,  # noqa: E402
                         not_french, open_board, settle, shot, url_state)


@pytest.fixture(scope="module")
def browser_server():
    if CHROMIUM is None or DRIVER is None:
        pytest.skip(NO_BROWSER)
    pytest.importorskip("selenium.webdriver")
    with live_server() as url, chromium() as driver:
        yield url, driver


def _play_in_browser(driver, url: str, size: tuple[int, int], name: str, keyboard: bool, lang: str = "en") -> dict:
    """Plays the deal at South: the first enabled call (pass) and the first legal card,
    with Enter on the focused control (``keyboard``) or a tap."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    def press(element):
        if keyboard:
            element.send_keys(Keys.ENTER)
        else:
            element.click()

    driver.set_window_size(*size)
    open_board(driver, f"{url}/#panel=match&lang={lang}&ms={SEED}&mme=S&mp=heuristic&mo=heuristic&mz=0")
    for _ in range(60):
        settle(driver, 60)
        over = driver.find_elements(By.ID, "m-next")
        if over:
            break
        box = driver.find_elements(By.CSS_SELECTOR, "#m-bidding-box button:not([disabled])")
        if box:
            press(box[0])
            continue
        legal = driver.find_elements(By.CSS_SELECTOR, "#seat-S .card.legal")
        assert legal, "neither my call nor my card, and the deal is not over"
        if keyboard:        # the page put the focus on my first legal card
            assert driver.switch_to.active_element.get_attribute("data-card") == legal[0].get_attribute("data-card")
        press(legal[0])
    else:
        raise AssertionError("the deal did not end")
    settle(driver, 120)
    shot(driver, f"match-{name}")
    return url_state(driver)


def test_a_person_plays_a_whole_deal_on_desktop_and_phone(browser_server):
    url, driver = browser_server
    for size, name, keyboard in (((1400, 1000), "desktop", True), ((390, 844), "phone", False)):
        q = _play_in_browser(driver, url, size, name, keyboard)
        calls, _, cards = q["mv"].partition("_")
        deals = [{"calls": " ".join(calls.split("-")), "cards": " ".join(cards.split("-"))}]
        with TestClient(create_app()) as c:
            s = post(c, "/api/match", deals=deals).json()
        assert s["over"]
        # the page's score sheet is the server's
        from selenium.webdriver.common.by import By
        assert driver.find_element(By.ID, "m-total-ns").text == str(s["match"]["NS"])
        # no sideways scroll on the phone
        assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1")
        if not s["passed"]:
            # the review opened: the auction judged call by call, the cards from each seat
            assert driver.find_elements(By.ID, "auction-review-table")
            assert driver.find_elements(By.ID, "seat-review-steps")
            who = driver.execute_script("return [...document.querySelectorAll('#m-who tr[data-seat]')].map(r => r.dataset.seat)")
            assert who == ["S", "W", "N", "E"]      # me first, then in turn
    driver.set_window_size(1400, 1000)


def test_axe_finds_no_serious_violation_in_a_match(browser_server):
    url, driver = browser_server
    source = axe_source()
    if source is None:
        pytest.skip("no axe-core (npm missing)")
    for lang in ("en", "fr"):
        open_board(driver, f"{url}/#panel=match&lang={lang}&ms={SEED}&mme=E&mz=0")
        driver.execute_script(source)
        res = driver.execute_async_script("const done = arguments[0]; axe.run(document).then((r) => done(r.violations))")
        bad = [(v["id"], v["impact"]) for v in res if v["impact"] in ("serious", "critical")]
        assert not bad, bad


def test_replay_by_the_bots_and_again_from_another_seat_in_french(browser_server):
    from selenium.webdriver.common.by import By

    url, driver = browser_server
    _play_in_browser(driver, url, (1400, 1000), "french", keyboard=False, lang="fr")
    assert driver.find_element(By.ID, "m-next").text == "Donne suivante"
    assert not_french(driver) == []             # the table, score sheet and review in French
    driver.find_element(By.ID, "m-replay").click()
    settle(driver, 120)
    expected = web_match.bots_replay(SEED, 1, "S", "heuristic", "heuristic")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#m-bots-tricks .tc")) == len(expected["played"])
    line = driver.find_element(By.CSS_SELECTOR, "#m-bots-line p").text
    assert f"N-S {expected['score']['NS']}, E-O {expected['score']['EW']}" in line
    # again from North: the deal's moves cleared, the bots call up to North (the dealer,
    # who calls fourth); North's eight cards face up, the others hidden
    driver.execute_script("const s = document.getElementById('m-again-seat'); s.value = 'N';"
                          "s.dispatchEvent(new Event('change'));")
    driver.find_element(By.ID, "m-again").click()
    settle(driver, 60)
    q = url_state(driver)
    assert q["mme"] == "N"
    north = {c.name for c in deal_for(SEED, 0).hands[Seat.N]}
    up = driver.execute_script("return [...document.querySelectorAll('#seat-N .hand .card:not(.back)')].map(c => c.dataset.card)")
    assert set(up) == north and "_" not in q["mv"] and len(q["mv"].split("-")) == 3
    assert driver.find_elements(By.CSS_SELECTOR, "#m-bidding-box button")
    assert not driver.find_elements(By.CSS_SELECTOR, "#seat-E .hand .card:not(.back)")


def test_a_match_link_resumes_under_its_rules_with_declarations_from_trick_two(client, browser_server):
    """A match saved in its link mid-deal reopens at the same move under the link's rules
    (the rules panel's ``r``): in the first trick the page says when declarations are
    shown, from the second it lists the ones the server lays on the table (seed 6: N-S's
    quarte and tierce), and the cards I may play are the server's."""
    from urllib.parse import quote

    from selenium.webdriver.common.by import By

    url, driver = browser_server
    names = ["declarations=true", "declarations_count=true"]
    states: list = []
    play_through(client, states=states, seed=6, rules=names)
    mine = [s for s in states if s["your_turn"] and s["contract"] and not s["over"]]
    first = next(s for s in mine if len(s["played"]) < 4)
    later = next(s for s in mine if len(s["played"]) >= 4)
    assert later["declarations"]

    def link(s: dict, rules: bool = True) -> str:
        moves = "-".join(a["call"] for a in s["auction"]) + "_" + "-".join(p["card"] for p in s["played"])
        r = "&r=" + quote(",".join(names)) if rules else ""
        return f"{url}/#panel=match&lang=en&ms=6&mme=S&mp=heuristic&mo=heuristic&mz=0{r}&mv={moves}"

    open_board(driver, link(first))
    settle(driver, 60)
    assert driver.find_element(By.ID, "m-declarations").text == "Declarations are shown at the second trick."
    open_board(driver, link(later))
    settle(driver, 60)
    items = driver.find_elements(By.CSS_SELECTOR, "#m-declarations li")
    assert [i.get_attribute("data-seat") for i in items] == [x["seat"] for x in later["declarations"]]
    assert all(f"({x['points']} declaration points)" in i.text for i, x in zip(items, later["declarations"]))
    legal = driver.execute_script("return [...document.querySelectorAll('#seat-S .card.legal')].map(c => c.dataset.card)")
    assert sorted(legal) == sorted(later["legal"])
    assert url_state(driver)["mv"] == link(later).rsplit("mv=", 1)[1]
    shot(driver, "match-declarations")
    open_board(driver, link(later, rules=False))      # the default rules count no declaration
    settle(driver, 60)
    assert not driver.find_elements(By.ID, "m-declarations")


def test_a_match_saved_to_a_file_resumes_where_it_was(client, browser_server, tmp_path):
    """*Save the match* writes the match so far (its moves, bots, seed and rules) to a
    file; *Resume a saved match* on a fresh board brings back the same move under the
    same rules; a file that is no saved match is refused with one line, the match kept."""
    from urllib.parse import quote

    from selenium.webdriver.common.by import By

    url, driver = browser_server
    names = ["declarations=true", "declarations_count=true"]
    states: list = []
    play_through(client, states=states, seed=6, rules=names)
    later = next(s for s in states if s["your_turn"] and len(s["played"]) >= 6)
    moves = "-".join(a["call"] for a in later["auction"]) + "_" + "-".join(p["card"] for p in later["played"])
    open_board(driver, f"{url}/#panel=match&lang=en&ms=6&mme=S&mz=0&r={quote(','.join(names))}&mv={moves}")
    saved = tmp_path / "match.json"
    # the file the button downloads, caught as the page makes it
    driver.execute_script("const make = URL.createObjectURL; URL.createObjectURL = (b) => { window.savedBlob = b; return make(b); }")
    driver.find_element(By.ID, "m-save").click()
    text = driver.execute_async_script("const done = arguments[0]; window.savedBlob.text().then(done)")
    saved.write_text(text, encoding="utf-8")
    assert json.loads(saved.read_text())["rules"] == ",".join(names)
    open_board(driver, f"{url}/#panel=match&lang=en&mz=0")          # a new match, seed 1, default rules
    settle(driver, 60)
    assert url_state(driver).get("ms") != "6"
    driver.find_element(By.ID, "m-open").send_keys(str(saved))
    settle(driver, 60)
    q = url_state(driver)
    assert (q["ms"], q["mv"], q["r"]) == ("6", moves, ",".join(names))
    assert driver.find_element(By.ID, "m-rules").text == "Rules: " + ",".join(names)
    legal = driver.execute_script("return [...document.querySelectorAll('#seat-S .card.legal')].map(c => c.dataset.card)")
    assert sorted(legal) == sorted(later["legal"])
    assert len(driver.find_elements(By.CSS_SELECTOR, "#m-declarations li")) == len(later["declarations"])
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "coinche-board-match", "seed": 6, "deals": [{"calls": ["90Z"], "cards": []}]}')
    driver.find_element(By.ID, "m-open").send_keys(str(bad))
    settle(driver, 60)
    assert driver.find_element(By.ID, "message").text == "This file is no match saved by the board"
    assert url_state(driver)["mv"] == moves
