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
from coinche_cli.cmd_practice import _problems
from solver.messages import french_cards
from solver.problems import Problem, load_problems
from solver.rating import Rating, after_answer
from solver.solve import solve
from solver.practice import play_hints, problem_position, set_problems


def _four_hands() -> list[Problem]:
    """The shipped set's four-hands problems, in the set's order."""
    return [p for p in load_problems() if p.kind == "four-hands"]


def _best_and_worst(seed: int) -> tuple[str, str]:
    """The best and the worst card of the default practice's problem ``seed`` (the set's
    four-hands problem ``seed``), from the solver directly."""
    pos = problem_position(set_problems()[seed])
    sol = solve(pos.deal, pos.strain, pos.first_leader, [c for _, c in pos.history])
    worst = max(sol.card_values, key=sol.cost)
    return sol.best_cards[0].symbol, worst.symbol


def test_the_default_problems_are_the_sets_from_the_seed_counted_round() -> None:
    ids = [p.id for p in _four_hands()]
    drawn = _problems(len(ids) - 1, None, None)
    assert [next(drawn)["id"] for _ in range(3)] == [ids[-1], ids[0], ids[1]]
    assert next(_problems(7, None, None))["id"] == next(_problems(7 + len(ids), None, None))["id"] == ids[7]


def test_a_right_then_a_wrong_answer_move_the_rating_and_the_miss_is_reviewed(tmp_path: Path) -> None:
    best, _ = _best_and_worst(1)
    _, worst = _best_and_worst(2)
    first, second = _four_hands()[1:3]
    file = tmp_path / "r.json"
    r = run("practice", "--seed", 1, "--count", 2, "--rating-file", file, input=f"{best}\n{worst}\n")
    assert r.exit_code == 0, r.output
    assert "Right" in r.stdout and "Wrong" in r.stdout
    for p in (first, second):
        assert p.contract is not None and f"{p.contract.to_text()} by {p.contract.declarer.name}" in r.stdout
    # the rating expected: a new learner wins against the set's problem 1, then loses against
    # its problem 2, each with its rating from the set (deviation 150 when it has none)
    rated = [Rating(float(p.rating), float(p.deviation or 150)) for p in (first, second)]
    expected = after_answer(after_answer(Rating(), rated[0], True), rated[1], False)
    assert Rating.from_dict(json.loads(file.read_text())) == expected
    review = r.stdout.split("2 problems, 1 right")[1]
    assert f"problem 2 ({second.id})" in review and "won by" in review   # the miss's line


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
    assert all(hint in r.stdout for hint in play_hints(set_problems()[1])[:1])


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


def test_bidding_problems_come_from_the_shipped_set(tmp_path: Path, monkeypatch) -> None:
    """--kind bidding serves the shipped set's bidding problems in the set's order from --seed,
    judged on their stored solution and costs: no advice is sampled (it would raise here)."""
    import solver.bidding
    import solver.practice
    from solver.problems import load_problems
    from solver.rating import Rating as R

    def no_sampling(*args, **kwargs):
        raise AssertionError("a bidding problem was judged by sampling again")
    monkeypatch.setattr(solver.bidding, "auction_advice", no_sampling)
    assert not hasattr(solver.practice, "auction_advice")      # practice samples no advice at all
    shipped = [p for p in load_problems() if p.kind == "bidding"]
    first, second = shipped[5], shipped[6]
    wrong = second.alternatives[0]
    file = tmp_path / "r.json"
    r = run("practice", "--kind", "bidding", "--seed", 5, "--count", 2, "--rating-file", file,
            input=f"{first.solution}\n{wrong.answer}\n")
    assert r.exit_code == 0, r.output
    assert f"Your hand ({first.seat.name})" in r.stdout and "Right" in r.stdout
    assert f"loses {wrong.cost} a deal" in r.stdout and f"on {second.samples} deals" in r.stdout
    review = r.stdout.split("2 problems, 1 right")[1]
    assert f"problem 2 ({second.id})" in review
    # the rating moved against each problem's rating from the set (deviation 150 when it has none)
    expected = after_answer(after_answer(R(), R(float(first.rating), float(first.deviation or 150)), True),
                            R(float(second.rating), float(second.deviation or 150)), False)
    assert R.from_dict(json.loads(file.read_text())) == expected


def test_bidding_filters_theme_and_difficulty(tmp_path: Path) -> None:
    from solver.practice import BANDS
    from solver.problems import load_problems

    low, high = BANDS["hard"]
    fit = [p for p in load_problems() if p.kind == "bidding" and "answer" in p.themes and low <= p.rating < high]
    assert fit
    p = fit[0]
    wrong = next(a.answer for a in p.alternatives)
    r = run("practice", "--kind", "bidding", "--theme", "answer", "--difficulty", "hard", "--seed", 0,
            "--count", 1, "--rating-file", tmp_path / "r.json", input=f"surcoinche\n{wrong}\n")
    assert r.exit_code == 0, r.output
    assert f"problem 1 ({p.id})" in r.stdout
    assert len(r.stderr.strip().splitlines()) == 1                    # surcoinche refused, asked again
    one_line_error(run("practice", "--kind", "bidding", "--difficulty", "impossible"), "impossible")
    one_line_error(run("practice", "--kind", "bidding", "--theme", "exit", "--rating-file", tmp_path / "r.json",
                       input=""), "no bidding problem")


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
