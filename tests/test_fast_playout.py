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
    # a first round is 30 worlds (StoppingRule.min_samples), far more than 1 ms of work: a
    # decision not settled by it stops on the time, never reaching the 60 worlds allowed
    assert sampled and all(d["worlds"] == 30 for d in sampled)
    assert {d["stopped"] for d in sampled} <= {"time", "separated", "indifferent"}
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
