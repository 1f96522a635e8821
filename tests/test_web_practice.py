"""The practice API: every problem is one of the shipped set's, drawn by the page's seed, and
comes without its solution; an answer is judged on the exact solution, with the line, the
costs and the learner's Glicko-2 rating after it."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
from fastapi.testclient import TestClient

from solver.errors import CoincheError
from solver.messages import french_cards
from solver.rating import Rating, after_answer
from solver.solve import solve
from solver.web import create_app
from solver.practice import play_hints, problem_position, problem_rating, set_play_problem, set_problem_by_id
from solver.problems import load_problems


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_the_default_problems_are_the_shipped_sets(client: TestClient) -> None:
    """With no filter, the board's card-play and bidding problems are the set's, problem
    ``seed`` counted round in the set's order, so a link's seed gives the same problem again;
    the problems once made on the fly are no more."""
    shipped = load_problems()
    four = [p for p in shipped if p.kind == "four-hands" and p.contract is not None]
    bids = [p for p in shipped if p.kind == "bidding"]
    for seed in (0, 4, len(four) + 4, len(bids) + 1):
        p = ok(client.get(f"/api/practice/set?seed={seed}"))
        assert p["id"] == four[seed % len(four)].id and p["seed"] == seed
        assert not {"best", "costs", "line", "solution"} & set(p)
        b = ok(client.get(f"/api/practice/set/bidding?seed={seed}"))
        assert b["id"] == bids[seed % len(bids)].id and b["seed"] == seed
        assert not {"deal", "solution", "alternatives", "costs"} & set(b)
    assert ok(client.get("/api/practice/set?seed=4")) == ok(client.get("/api/practice/set?seed=4"))
    for gone in ("/api/practice/play?seed=4", "/api/practice/bidding?seed=4"):
        assert client.get(gone).status_code == 404, gone
    assert client.post("/api/practice/rate", json={"right": True}).status_code == 404
    # a card-play answer names its problem of the set
    r = client.post("/api/practice/play/answer", json={"seed": 4, "card": "7S"})
    assert r.status_code == 422 and r.json()["error"].startswith("id: "), r.text


def test_an_answer_is_judged_on_the_exact_solution(client: TestClient) -> None:
    problem = set_play_problem(4)
    pos = problem_position(problem)
    sol = solve(pos.deal, pos.strain, pos.first_leader, [c for _, c in pos.history])
    worst = max(sol.card_values, key=sol.cost)
    learner = Rating(1620.0, 90.0, 0.06)
    a = ok(client.post("/api/practice/play/answer", json={"seed": 4, "id": problem["id"], "card": worst.name,
                                                           "learner": learner.to_dict()}))
    assert a["right"] is False and a["cost"] == sol.cost(worst) > problem["tolerance"]
    assert a["best"] == sorted(c.name for c in sol.best_cards)
    assert a["costs"] == {c.name: sol.cost(c) for c in sol.card_values}
    # the line: one best play from the position to the end, trick by trick
    played = [c["card"] for t in a["line"] for c in t["cards"] if not c["before"]]
    assert played == [c.name for c in sol.line] and played[0] in a["best"]
    assert sum(len(t["cards"]) for t in a["line"]) == 32 - 4 * pos.tricks_played
    assert a["learner"]["after"] == after_answer(learner, problem_rating(problem), False).to_dict()
    assert a["learner"]["after"]["rating"] < learner.rating


def test_french_answers_and_hints(client: TestClient) -> None:
    problem = set_play_problem(4)
    pos = problem_position(problem)
    sol = solve(pos.deal, pos.strain, pos.first_leader, [c for _, c in pos.history])
    best = sol.best_cards[0]
    a = ok(client.post("/api/practice/play/answer", json={"seed": 4, "id": problem["id"],
                                                           "card": french_cards(best.symbol), "lang": "fr"}))
    assert a["right"] is True and a["card"] == best.name
    assert a["learner"]["after"]["rating"] > a["learner"]["before"]["rating"] == 1500.0
    fr = ok(client.get(f"/api/practice/play/hints?seed=4&id={problem['id']}&lang=fr"))["hints"]
    en = ok(client.get(f"/api/practice/play/hints?seed=4&id={problem['id']}"))["hints"]
    assert len(fr) == len(en) >= 2 and fr != en


def test_bad_answers_are_refused(client: TestClient) -> None:
    problem = set_play_problem(4)
    pos = problem_position(problem)
    held = [c for c in pos.hand(pos.to_move) if c not in pos.legal_cards()]
    others = [c for s in pos.deal.hands for c in s if c not in pos.hand(pos.to_move)]
    for card in ["zz", others[0].name] + [c.name for c in held[:1]]:
        r = client.post("/api/practice/play/answer", json={"seed": 4, "id": problem["id"], "card": card})
        assert r.status_code == 400, (card, r.text)
        assert r.json()["error"]
    r = client.post("/api/practice/play/answer", json={"seed": 4, "id": problem["id"], "card": "SA",
                                                       "learner": {"rating": 1500, "deviation": -1,
                                                                   "volatility": 0.06}})
    assert r.status_code == 422
    r = client.post("/api/practice/play/answer", json={"seed": 4, "id": "no-such-problem", "card": "SA"})
    assert r.status_code == 400 and r.json()["error"] == "no problem 'no-such-problem'"


# -- in a real browser ------------------------------------------------------------------------------

def test_ten_problems_on_a_phone_with_the_keyboard() -> None:
    """A learner on a 390 px phone opens Practice with no filter and gets the shipped set's
    problem of the link's seed, answers it, picks a strain, answers nine more card-play problems
    with the keyboard (right, wrong, in turn), sees the rating move after each, steps through the
    solution line, and reviews the five misses with their lines, in English then in French;
    axe-core finds no serious violation in the answered pane; then a bidding problem, the set's
    too, answered from its bidding box by the keyboard, moves the rating."""
    import json

    from web_helpers import (CHROMIUM, DRIVER, NO_BROWSER, axe_source, chromium, live_server, open_board,
                             settle, shot)
    if CHROMIUM is None or DRIVER is None:
        pytest.skip(NO_BROWSER)
    pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    from solver.practice import set_bidding_view
    shipped = {p.id: p for p in load_problems()}
    with live_server() as url, chromium("en-GB") as b:
        b.set_window_size(390, 844)
        b.set_window_size(390 + 390 - b.execute_script("return innerWidth"), 844)
        open_board(b, url + "/#panel=practice&pk=play&ps=1&lang=en")
        # no filter: the set's four-hands problem of the link's seed
        assert b.execute_script("return playProblem")["id"] == set_play_problem(1)["id"]
        ratings = []
        for i in range(10):
            problem = b.execute_script("return playProblem")
            assert problem["id"] in shipped and (i == 0 or problem["strain"] == "H")
            assert problem["id"] in b.find_element(By.ID, "pr-problem").text
            pos = problem_position(problem)
            sol = solve(pos.deal, pos.strain, pos.first_leader, [c for _, c in pos.history])
            pick = sol.best_cards[0] if i % 2 == 0 else max(sol.card_values, key=sol.cost)
            if i == 0:
                b.find_element(By.ID, "pr-hint").send_keys(Keys.ENTER)
                settle(b)
                assert b.find_elements(By.CSS_SELECTOR, "#pr-hints li")
            b.find_element(By.CSS_SELECTOR, f'.card.legal[data-card="{pick.name}"]').send_keys(Keys.ENTER)
            settle(b)
            ratings.append(json.loads(b.execute_script("return localStorage.getItem('coinche-practice-rating')")))
            assert b.find_element(By.ID, "pr-moved").text.startswith("Rating")
            if i == 0:
                b.execute_script("document.getElementById('pr-moved').scrollIntoView()")
                shot(b, "practice-default-01-play")
                Select(b.find_element(By.ID, "pr-strain")).select_by_value("H")
            if i == 1:              # the line, trick by trick
                first = b.find_element(By.CSS_SELECTOR, ".pr-trick").text
                b.find_element(By.ID, "pr-next-trick").send_keys(Keys.ENTER)
                assert b.find_element(By.CSS_SELECTOR, ".pr-trick").text != first
            if i < 9:
                b.find_element(By.ID, "pr-next").send_keys(Keys.ENTER)
                settle(b)
        ups = [after["rating"] > before["rating"] for before, after in zip([{"rating": 1500}] + ratings, ratings)]
        assert ups == [True, False] * 5
        wide = b.execute_script(
            "return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > "
            "innerWidth + 1).slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className)")
        assert b.execute_script("return document.scrollingElement.scrollWidth") <= 390, wide
        misses = b.find_elements(By.CSS_SELECTOR, "#pr-misses > li")
        assert len(misses) == 5 and all(m.find_element(By.CSS_SELECTOR, ".pr-line").text for m in misses)
        source = axe_source()
        if source is not None:
            b.execute_script(source)
            found = b.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify(r.violations)));")
            assert not [v["id"] for v in json.loads(found) if v["impact"] in ("serious", "critical")]
        b.find_element(By.ID, "lang").send_keys(Keys.ENTER)
        settle(b)
        assert "Les ratés de la séance" in b.find_element(By.ID, "pr-training").text
        assert b.find_element(By.ID, "pr-rating").text.startswith("Votre classement")
        # a bidding problem with no filter: the set's problem of the seed, its call from the box
        before = json.loads(b.execute_script("return localStorage.getItem('coinche-practice-rating')"))
        b.find_element(By.ID, "pr-bid").send_keys(Keys.ENTER)
        settle(b)
        seed = b.execute_script("return state.practice.seed")
        shown = b.execute_script("return training.problem")
        assert shown == set_bidding_view(seed)
        bid = shipped[shown["id"]]
        dealer = [s for s in "NESW" if b.find_elements(By.CSS_SELECTOR, f"#seat-{s} .tag")]
        assert dealer == [bid.dealer.name]
        wrong = bid.alternatives[0]
        call = wrong.answer.replace(" ", "")
        b.find_element(By.CSS_SELECTOR, f'#pr-box button[data-call="{call}"]').send_keys(Keys.ENTER)
        settle(b)
        after = json.loads(b.execute_script("return localStorage.getItem('coinche-practice-rating')"))
        assert after["rating"] < before["rating"] and after["deviation"] < before["deviation"]
        assert b.find_element(By.ID, "pr-moved").text.startswith("Classement")
        assert b.find_element(By.ID, "pr-verdict").text.startswith("Pas tout à fait")
        assert bid.id in b.find_elements(By.CSS_SELECTOR, "#pr-misses > li")[-1].text
        b.execute_script("document.getElementById('pr-verdict').scrollIntoView()")
        shot(b, "practice-default-02-bidding-fr")


LEARNER = {"rating": 1500, "deviation": 350, "volatility": 0.06}


@pytest.mark.parametrize("field, value, expected", [
    ("rating", True, "learner.rating: expected a number (got 'true')"),      # a bool is no number
    ("deviation", "350", "learner.deviation: expected a number (got '350')"),
    ("rating", float("inf"), "learner.rating: expected a finite number (got 'inf')"),
    ("volatility", float("nan"), "learner.volatility: expected a finite number (got 'nan')"),
])
def test_a_learner_is_finite_json_numbers_only(client: TestClient, field: str, value: Any, expected: str) -> None:
    four, bid = set_play_problem(1), next(p for p in load_problems() if p.kind == "bidding")
    answers = {"/api/practice/play/answer": {"seed": 1, "id": four["id"], "card": "7S"},
               "/api/practice/set/bidding/answer": {"id": bid.id, "call": "pass"}}
    body = {"learner": LEARNER | {field: value}}
    for path, extra in answers.items():      # inf and nan as JSON's Infinity, NaN
        r = client.post(path, content=json.dumps(body | extra), headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json() == {"error": expected}, r.text
    path = "/api/practice/set/bidding/answer"
    fr = client.post(path, content=json.dumps(body | answers[path]),
                     headers={"content-type": "application/json", "accept-language": "fr"})
    assert fr.status_code == 422 and fr.json()["error"].startswith(f"learner.{field} : il faut un nombre")


def test_hints_read_the_position() -> None:
    # the shipped set's four-hands problem 4h-1-9-3: 130♦ by West, East to move fourth to the first
    # trick S:8♥ W:A♥ N:9♥; the trumps against East are North's 9♦ A♦ and South's Q♦ 8♦, the best
    # heart left is West's 10♥ (N holds Q♥ J♥, S K♥), and East's side has no card points of its 130.
    hints = play_hints(set_problem_by_id("4h-1-9-3"))
    assert hints == ["Count the trumps: 4 still out against you.", "Who holds the 10♥? W.",
                     "Your side has 0 card points and needs 130."]


def test_the_set_forms_are_made_once_and_handed_out_as_copies() -> None:
    """The card-play forms of the set are made once a process; a caller changing the form it got
    (its goal or themes too) changes neither the set nor what the next caller gets."""
    from solver.practice import set_problems
    first = set_problems()
    assert len(first) == sum(p.kind == "four-hands" for p in load_problems())
    assert [p["seed"] for p in set_problems("ruffing")] == [p["seed"] for p in first if "ruffing" in p["themes"]]
    pid = first[0]["id"]
    got = set_problem_by_id(pid)
    assert got == first[0]
    got["themes"].append("changed"), got["goal"].update(points=0), first[0].update(rating=-1)
    assert set_problem_by_id(pid) == set_problems()[0] != got
    assert "changed" not in set_problems()[0]["themes"] and set_problems()[0]["rating"] != -1
    with pytest.raises(CoincheError, match="no problem 'nope'"):
        set_problem_by_id("nope")


def test_set_problems_by_theme_and_difficulty(client: TestClient) -> None:
    """The shipped set's four-hands problems filtered by theme, difficulty band and strain,
    answered by their id against their own rating and deviation."""
    from solver.practice import BANDS
    p = ok(client.get("/api/practice/set?seed=3&theme=ruffing"))
    assert "ruffing" in p["themes"] and p["id"] and p["seed"] == 3 and "solution" not in p
    low, high = BANDS["hard"]
    hard = ok(client.get("/api/practice/set?seed=0&band=hard&strain=S"))
    assert low <= hard["rating"] < high and hard["strain"] == "S"
    pos = problem_position(p)
    sol = solve(pos.deal, pos.strain, pos.first_leader, [c for _, c in pos.history])
    a = ok(client.post("/api/practice/play/answer", json={"seed": 3, "id": p["id"], "card": sol.best_cards[0].name}))
    problem = set_problem_by_id(p["id"])
    assert a["right"] and a["problem_rating"] == {**Rating(problem["rating"], problem["deviation"]).to_dict()}
    assert ok(client.get(f"/api/practice/play/hints?seed=3&id={p['id']}"))["hints"]
    for bad in ("/api/practice/set?seed=0&band=impossible", "/api/practice/set?seed=0&theme=no-such-theme"):
        r = client.get(bad)
        assert r.status_code == 400 and "error" in r.json(), r.text


def test_theme_and_difficulty_filters_on_the_board() -> None:
    """The pane's theme and difficulty filters, reached with the keyboard: the next problem
    comes from the set with that theme and band, an answer moves the rating, the labels in French."""
    import json

    from web_helpers import CHROMIUM, DRIVER, NO_BROWSER, chromium, live_server, open_board, settle
    if CHROMIUM is None or DRIVER is None:
        pytest.skip(NO_BROWSER)
    pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    from solver.practice import BANDS, set_problems
    first = set_problems("drawing-trumps")[0]           # a theme and band the set holds
    band = next(k for k, (low, high) in BANDS.items() if low <= first["rating"] < high)
    with live_server() as url, chromium("en-GB") as b:
        open_board(b, url + "/#panel=practice&pk=play&ps=1&lang=en")
        theme = b.find_element(By.ID, "pr-theme")
        theme.send_keys(Keys.TAB)                          # a select the keyboard reaches and leaves
        Select(b.find_element(By.ID, "pr-theme")).select_by_value("drawing-trumps")
        Select(b.find_element(By.ID, "pr-band")).select_by_value(band)
        b.find_element(By.ID, "pr-next").send_keys(Keys.ENTER)
        settle(b)
        problem = b.execute_script("return playProblem")
        low, high = BANDS[band]
        assert "drawing-trumps" in problem["themes"] and low <= problem["rating"] < high
        assert problem["id"] in b.find_element(By.ID, "pr-problem").text
        pos = problem_position(problem)
        sol = solve(pos.deal, pos.strain, pos.first_leader, [c for _, c in pos.history])
        b.find_element(By.CSS_SELECTOR, f'.card.legal[data-card="{sol.best_cards[0].name}"]').send_keys(Keys.ENTER)
        settle(b)
        after = json.loads(b.execute_script("return localStorage.getItem('coinche-practice-rating')"))
        assert after["rating"] > 1500
        b.find_element(By.ID, "lang").send_keys(Keys.ENTER)
        settle(b)
        labels = b.find_element(By.ID, "pr-training").text
        assert "Thème" in labels and "Difficulté" in labels and "faire tomber les atouts" in labels


def test_a_seat_problem_of_the_set_shows_its_seat_only_and_is_judged_on_its_worlds(client: TestClient) -> None:
    from solver.problems import load_problems
    view = ok(client.get("/api/practice/set/seat?seed=7&strain=H"))
    p = next(q for q in load_problems() if q.id == view["id"])
    assert p.kind == "seat" and p.contract is not None and p.contract.strain.name == "H"
    assert not {"deal", "solution", "line", "alternatives", "costs"} & set(view)
    pos = p.position()
    assert view["hand"] == pos.hand(p.seat).to_pbn()
    assert [c["card"] for t in view["tricks"] for c in t] == [c.name for c in p.played]
    right = ok(client.post("/api/practice/set/seat/answer", json={"id": p.id, "card": p.solution}))
    assert right["right"] and right["learner"]["after"]["rating"] > 1500
    alt = p.alternatives[0]
    wrong = ok(client.post("/api/practice/set/seat/answer", json={"id": p.id, "card": alt.answer}))
    assert not wrong["right"] and wrong["cost"] == alt.cost            # the problem's own cost over its worlds
    illegal = next(c for c in pos.hand(p.seat.next.next))              # partner's card
    r = client.post("/api/practice/set/seat/answer", json={"id": p.id, "card": illegal.name})
    assert r.status_code == 400 and "\n" not in r.json()["error"]


def test_a_bidding_problem_of_the_set_is_judged_by_its_solution_and_costs(client: TestClient) -> None:
    from solver.problems import load_problems
    view = ok(client.get("/api/practice/set/bidding?seed=3"))
    p = next(q for q in load_problems() if q.id == view["id"])
    assert view["calls"] == [c.text for c in p.auction] and view["hand"] == p.deal.hands[p.seat].to_pbn()
    assert not {"deal", "solution", "alternatives", "costs"} & set(view)
    assert ok(client.post("/api/practice/set/bidding/answer", json={"id": p.id, "call": p.solution}))["right"]
    alt = p.alternatives[0]
    wrong = ok(client.post("/api/practice/set/bidding/answer", json={"id": p.id, "call": alt.answer}))
    assert not wrong["right"] and wrong["cost"] == alt.cost and wrong["learner"]["after"]["rating"] < 1500
    fr = client.post("/api/practice/set/bidding/answer", json={"id": p.id, "call": "80", "lang": "fr"})
    assert fr.status_code == 400
    none = client.get("/api/practice/set/bidding?seed=1&band=easy&theme=ruffing")
    assert none.status_code == 400 and none.json()["error"] == "no problem of the set fits the filters"
