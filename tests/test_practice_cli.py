"""``coinche practice`` driven through stdin: answers judged, the rating moved and kept, bad input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from cli_helpers import one_line_error, run
from patience import stretched

from coinche_cli.cmd_practice import rating_path
from solver.messages import french_cards
from solver.rating import Rating, after_answer
from solver.solve import solve
from solver.practice import UNRATED_PROBLEM, play_problem, problem_position


def _best_and_worst(seed: int) -> tuple[str, str]:
    """The best and the worst card of practice problem ``seed``, from the solver directly."""
    pos = problem_position(play_problem(seed))
    sol = solve(pos.deal, pos.strain, pos.first_leader, [c for _, c in pos.history])
    worst = max(sol.card_values, key=sol.cost)
    return sol.best_cards[0].symbol, worst.symbol


def test_a_right_then_a_wrong_answer_move_the_rating_and_the_miss_is_reviewed(tmp_path: Path) -> None:
    best, _ = _best_and_worst(1)
    _, worst = _best_and_worst(2)
    file = tmp_path / "r.json"
    r = run("practice", "--seed", 1, "--count", 2, "--rating-file", file, input=f"{best}\n{worst}\n")
    assert r.exit_code == 0, r.output
    assert "Right" in r.stdout and "Wrong" in r.stdout
    # the rating expected: a new learner wins against an unrated problem, then loses
    expected = after_answer(after_answer(Rating(), UNRATED_PROBLEM, True), UNRATED_PROBLEM, False)
    assert Rating.from_dict(json.loads(file.read_text())) == expected
    review = r.stdout.split("2 problems, 1 right")[1]
    assert "problem 2 (seed 2)" in review and "won by" in review        # the miss's line


def test_french_cards_and_messages(tmp_path: Path) -> None:
    best, _ = _best_and_worst(1)
    r = run("--lang", "fr", "practice", "--seed", 1, "--count", 1, "--rating-file", tmp_path / "r.json",
            input=french_cards(best) + "\n")
    assert r.exit_code == 0, r.output
    assert "Juste" in r.stdout and "classement" in r.stdout


def test_bad_input_is_one_line_and_a_new_prompt(tmp_path: Path) -> None:
    best, _ = _best_and_worst(1)
    r = run("practice", "--seed", 1, "--count", 1, "--rating-file", tmp_path / "r.json",
            input=f"zz\n?\n{best}\n")
    assert r.exit_code == 0, r.output
    assert len(r.stderr.strip().splitlines()) == 1 and r.stderr.startswith("error: ")
    assert r.stdout.count("? for a hint") == 3                          # asked again after each
    assert "Count the trumps" in r.stdout or "Who holds" in r.stdout


def test_bad_options_and_a_bad_rating_file(tmp_path: Path) -> None:
    one_line_error(run("practice", "--kind", "solo"), "--kind")
    one_line_error(run("practice", "--kind", "bidding", "--strain", "H"), "--strain")
    bad = tmp_path / "bad.json"
    bad.write_text("{\"rating\": 1500}")
    one_line_error(run("practice", "--rating-file", bad, input="quit\n"), "rating")
    assert bad.read_text() == "{\"rating\": 1500}"                     # not overwritten


def test_strain_filter(tmp_path: Path) -> None:
    r = run("practice", "--strain", "TA", "--seed", 3, "--count", 2, "--rating-file", tmp_path / "r.json",
            input="quit\n")
    assert r.exit_code == 0, r.output
    assert "TA by" in r.stdout and "0 problems" in r.stdout


def test_the_rating_lives_in_the_data_directory() -> None:
    assert rating_path({"XDG_DATA_HOME": "/x"}) == Path("/x/coinche/practice-rating.json")
    assert rating_path({"HOME": "/h"}) == Path("/h/.local/share/coinche/practice-rating.json")


def test_ctrl_c_keeps_the_rating_and_exits_130(tmp_path: Path) -> None:
    best, _ = _best_and_worst(1)
    file = tmp_path / "r.json"
    proc = subprocess.Popen([sys.executable, "-m", "coinche_cli", "practice", "--seed", "1",
                             "--rating-file", str(file)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env={**os.environ, "COLUMNS": "200"})
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(best + "\n")
        proc.stdin.flush()
        seen = ""
        while seen.count("Your card") < 2:                  # the second problem asks
            seen += proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=stretched(5)) == 130
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
    assert Rating.from_dict(json.loads(file.read_text())).rating > 1500


def test_a_bidding_problem_is_judged_on_the_sampled_advice(tmp_path: Path) -> None:
    from solver.bidding import auction_advice
    from solver.cards import Seat
    from solver.practice import bidding_problem

    p = bidding_problem(3)
    adv = auction_advice(p["hand"], Seat.S, Seat.parse(p["dealer"]), p["auction"], samples=p["samples"],
                         seed=p["seed"])
    r = run("practice", "--kind", "bidding", "--seed", 3, "--count", 1, "--rating-file", tmp_path / "r.json",
            input=f"coinche\n{adv.best.call.text}\n")
    assert r.exit_code == 0, r.output
    assert "Right" in r.stdout and "on 100 deals" in r.stdout
    assert len(r.stderr.strip().splitlines()) == 1 and "coinche" in r.stderr     # refused, asked again


def test_a_theme_draws_from_the_shipped_set(tmp_path: Path) -> None:
    from solver.problems import load_problems

    shipped = [p for p in load_problems() if p.kind == "four-hands" and "drawing-trumps" in p.themes]
    first = shipped[0]
    assert first.contract is not None
    file = tmp_path / "r.json"
    r = run("practice", "--theme", "drawing-trumps", "--seed", 0, "--count", 1, "--rating-file", file,
            input=first.solution + "\n")
    assert r.exit_code == 0, r.output
    assert f"{first.contract.level}{first.contract.strain.name} by {first.contract.declarer.name}" in r.stdout
    assert "Right" in r.stdout
    # played against the problem's own rating from the set
    assert Rating.from_dict(json.loads(file.read_text())).rating > after_answer(
        Rating(), Rating(float(first.rating) - 400, 150.0), True).rating
    one_line_error(run("practice", "--theme", "no-such-theme", "--rating-file", file, input=""), "no-such-theme")
