"""The practice API: a problem comes without its solution; an answer is judged on the exact
solution, with the line, the costs and the learner's Glicko-2 rating after it."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from fastapi.testclient import TestClient

from solver.messages import french_cards
from solver.rating import Rating, after_answer
from solver.solve import solve
from solver.web import create_app
from solver.web.practice import UNRATED_PROBLEM, play_problem, problem_position


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_a_problem_comes_without_its_solution(client: TestClient) -> None:
    p = ok(client.get("/api/practice/play?seed=4"))
    assert not {"best", "costs", "line", "solution"} & set(p)


def test_an_answer_is_judged_on_the_exact_solution(client: TestClient) -> None:
    problem = play_problem(4)
    pos = problem_position(problem)
    sol = solve(pos.deal, pos.strain, pos.first_leader, [c for _, c in pos.history])
    worst = max(sol.card_values, key=sol.cost)
    learner = Rating(1620.0, 90.0, 0.06)
    a = ok(client.post("/api/practice/play/answer", json={"seed": 4, "card": worst.name,
                                                           "learner": learner.to_dict()}))
    assert a["right"] is False and a["cost"] == sol.cost(worst) > problem["tolerance"]
    assert a["best"] == sorted(c.name for c in sol.best_cards)
    assert a["costs"] == {c.name: sol.cost(c) for c in sol.card_values}
    # the line: one best play from the position to the end, trick by trick
    played = [c["card"] for t in a["line"] for c in t["cards"] if not c["before"]]
    assert played == [c.name for c in sol.line] and played[0] in a["best"]
    assert sum(len(t["cards"]) for t in a["line"]) == 32 - 4 * pos.tricks_played
    assert a["learner"]["after"] == after_answer(learner, UNRATED_PROBLEM, False).to_dict()
    assert a["learner"]["after"]["rating"] < learner.rating


def test_french_answers_and_hints(client: TestClient) -> None:
    pos = problem_position(play_problem(4))
    sol = solve(pos.deal, pos.strain, pos.first_leader, [c for _, c in pos.history])
    best = sol.best_cards[0]
    a = ok(client.post("/api/practice/play/answer", json={"seed": 4, "card": french_cards(best.symbol),
                                                           "lang": "fr"}))
    assert a["right"] is True and a["card"] == best.name
    assert a["learner"]["after"]["rating"] > a["learner"]["before"]["rating"] == 1500.0
    fr = ok(client.get("/api/practice/play/hints?seed=4&lang=fr"))["hints"]
    en = ok(client.get("/api/practice/play/hints?seed=4"))["hints"]
    assert len(fr) == len(en) >= 2 and fr != en


def test_bad_answers_are_refused(client: TestClient) -> None:
    pos = problem_position(play_problem(4))
    held = [c for c in pos.hand(pos.to_move) if c not in pos.legal_cards()]
    others = [c for s in pos.deal.hands for c in s if c not in pos.hand(pos.to_move)]
    for card in ["zz", others[0].name] + [c.name for c in held[:1]]:
        r = client.post("/api/practice/play/answer", json={"seed": 4, "card": card})
        assert r.status_code == 400, (card, r.text)
        assert r.json()["error"]
    r = client.post("/api/practice/play/answer", json={"seed": 4, "card": "SA",
                                                       "learner": {"rating": 1500, "deviation": -1,
                                                                   "volatility": 0.06}})
    assert r.status_code == 422
