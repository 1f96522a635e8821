"""``coinche practice --kind seat``: seat problems of the set, the seat's hand and the play only,
judged on the problem's worlds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import solver.practice
from cli_helpers import run
from solver.problems import Problem, mine
from solver.rating import Rating, after_answer
from solver.practice import set_rating


@pytest.fixture(scope="module")
def seat_problem() -> Problem:
    (p,) = mine(1, {"seat": 1})
    return p


def test_a_seat_problem_shows_one_hand_and_judges_on_its_worlds(seat_problem: Problem, tmp_path: Path,
                                                                 monkeypatch) -> None:
    monkeypatch.setattr(solver.practice, "shipped_problems", lambda: (seat_problem,))
    p = seat_problem
    wrong = p.alternatives[0]
    file = tmp_path / "r.json"
    r = run("practice", "--kind", "seat", "--count", 2, "--seed", 0, "--rating-file", file,
            input=f"{p.solution}\n{wrong.answer}\n")
    assert r.exit_code == 0, r.output
    others = [s for s in "NESW" if s != p.seat.name]
    shown = r.stdout.split("Played so far")[0]
    assert not any(f"  {s}:" in shown for s in others)               # no other hand is shown
    assert "Right" in r.stdout and f"loses {wrong.cost} a deal over {p.samples} worlds" in r.stdout
    expected = after_answer(after_answer(Rating(), set_rating(p), True), set_rating(p), False)
    assert Rating.from_dict(json.loads(file.read_text())) == expected
    assert f"({p.id})" in r.stdout.split("2 problems, 1 right")[1]       # the miss reviewed


def test_no_seat_problem_for_the_filters_is_one_line(seat_problem: Problem, monkeypatch) -> None:
    monkeypatch.setattr(solver.practice, "shipped_problems", lambda: (seat_problem,))
    r = run("practice", "--kind", "seat", "--theme", "no-such-theme")
    assert r.exit_code == 2 and r.stderr.startswith("error: ") and len(r.stderr.strip().splitlines()) == 1
