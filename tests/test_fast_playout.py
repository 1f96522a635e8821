"""``coinche playout --time``: each PIMC decision stops when its time is spent and says so."""

from __future__ import annotations

import json

from cli_helpers import one_line_error, run


def playout(*extra, worlds=60):
    return run("playout", "example", "--contract", "100C S", "--leader", "S", "--worlds", worlds, "--seed", "1",
               "--workers", "1", *extra)


def test_a_decision_stops_on_its_time_budget_and_says_so_in_json():
    r = playout("--time", "1ms", "--json")
    assert r.exit_code == 0, r.output
    decisions = json.loads(r.stdout)["decisions"]
    sampled = [d for d in decisions if d["worlds"]]
    # a first round is 30 worlds (StoppingRule.min_samples): at the opening lead far more than
    # 1 ms of work, so a decision there not settled by it stops on the time; in the last
    # tricks 30 tiny solves can take less than 1 ms and a second round may follow
    assert sampled and all(30 <= d["worlds"] <= 60 for d in sampled), [d["worlds"] for d in sampled]
    assert sampled[0]["worlds"] == 30 and sampled[0]["stopped"] in ("time", "separated", "indifferent")
    assert {d["stopped"] for d in sampled} <= {"time", "separated", "indifferent", "max_samples"}
    assert any(d["stopped"] == "time" for d in sampled)
    assert all(d["stopped"] is None for d in decisions if not d["worlds"])


def test_fixed_worlds_say_no_stop_reason():
    r = playout("--json", worlds=4)
    assert r.exit_code == 0, r.output
    assert {d["stopped"] for d in json.loads(r.stdout)["decisions"]} == {None}


def test_the_text_counts_how_decisions_stopped():
    r = playout("--time", "1ms")
    assert r.exit_code == 0, r.output
    assert "stopped by the time budget" in " ".join(r.stdout.split())


def test_a_bad_time_is_one_line():
    one_line_error(playout("--time", "soon"), "--time")
