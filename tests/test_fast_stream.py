"""Answers watched round by round (solver.montecarlo.watching) and the board's jobs that
stream them: the estimate so far, a stop that keeps it, the same answer when nobody stops."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

import solver
from patience import stretched
from solver.montecarlo import ROUND_GROWTH, WATCHED_FIRST, Round, watching
from solver.web.api import create_app

HAND = "AJ9.A7.KT.J"


def test_a_watched_fixed_run_is_the_fixed_answer_shown_round_by_round():
    seen: list[Round] = []
    with watching(lambda r: seen.append(r) is not None):
        watched = solver.advise(HAND, seat="S", dealer="W", samples=60, seed=1, workers=1, dd_check=False)
    fixed = solver.advise(HAND, seat="S", dealer="W", samples=60, seed=1, workers=1, dd_check=False)
    assert watched.to_dict() == fixed.to_dict()
    # rounds of 20 (WATCHED_FIRST), then ROUND_GROWTH times as large (24), then the 16 left
    second = WATCHED_FIRST + int(WATCHED_FIRST * ROUND_GROWTH)
    assert [r.samples for r in seen] == [WATCHED_FIRST, second, 60] == [20, 44, 60]
    assert {r.total for r in seen} == {60}
    last = seen[-1]
    assert last.options[last.best] == fixed.recommendation.to_dict()["bid"]


def test_a_stop_keeps_the_answer_on_the_deals_solved():
    with watching(lambda r: r.samples >= 40):         # after the second round, 44 deals
        stopped = solver.advise(HAND, seat="S", dealer="W", samples=400, seed=1, workers=1, dd_check=False)
    prefix = solver.advise(HAND, seat="S", dealer="W", samples=44, seed=1, workers=1, dd_check=False)
    d = stopped.to_dict()
    assert d["stopped"] == "user" and stopped.samples == 44
    assert d["recommendation"] == prefix.to_dict()["recommendation"]
    assert "Stopped on request after 44 deals" in stopped.stopping.describe()


def test_a_round_names_the_best_card_of_play_advice():
    seen: list[Round] = []
    with watching(lambda r: seen.append(r) is not None):
        adv = solver.play_advice(solver.Deal.parse(solver.EXAMPLE_DEAL).hands[solver.Seat.S], "S", "100C S", "", leader="S",
                                 samples=30, seed=2, workers=1)
    d = seen[-1].to_dict()
    assert d["best"] == adv.to_dict()["best"] and d["samples"] == 30
    assert d["value_se"] is not None and d["gap"] <= 0


def wait(client, job, done):
    end = time.monotonic() + stretched(90)
    while time.monotonic() < end:
        job = client.get(f"/api/jobs/{job['id']}").json()
        if done(job):
            return job
        time.sleep(0.05)
    raise AssertionError(f"job {job}")


@pytest.mark.slow
def test_the_board_job_streams_its_estimate_and_stops_keeping_it():
    with TestClient(create_app()) as client:
        job = client.post("/api/jobs/advise", json={"hand": HAND, "seat": "S", "dealer": "W", "samples": 2000,
                                                    "seed": 1}).json()
        job = wait(client, job, lambda j: j["partial"] is not None or j["state"] != "running")
        assert job["partial"]["total"] == 2000 and job["partial"]["best"]
        stopping = client.post(f"/api/jobs/{job['id']}/stop").json()
        assert stopping["stopping"] is True
        job = wait(client, job, lambda j: j["state"] in ("done", "failed", "cancelled"))
        assert job["state"] == "done" and job["result"]["stopped"] == "user"
        assert job["result"]["samples"] < 2000
        assert client.post("/api/jobs/nope/stop").status_code == 404


def test_reused_deals_give_the_same_answer_and_are_not_solved_again():
    from solver.montecarlo import Reuse, reusing
    cache = Reuse()
    with reusing(cache):
        solver.advise(HAND, seat="S", dealer="W", samples=40, seed=1, workers=1, dd_check=False)
        assert (cache.hits, cache.solved) == (0, 40)
        again = solver.advise(HAND, seat="S", dealer="W", samples=60, seed=1, workers=1, dd_check=False)
        # the same seed deals the same first 40 deals: only the 20 after them are solved
        assert (cache.hits, cache.solved) == (40, 60)
        other_seed = solver.advise(HAND, seat="S", dealer="W", samples=10, seed=2, workers=1, dd_check=False)
        assert cache.solved == 70 and other_seed.samples == 10
    assert again.to_dict() == solver.advise(HAND, seat="S", dealer="W", samples=60, seed=1, workers=1, dd_check=False).to_dict()


def test_a_position_is_reused_only_for_the_same_cards_played():
    from solver.montecarlo import Reuse, reusing
    hand = solver.Deal.parse(solver.EXAMPLE_DEAL).hands[solver.Seat.S]
    cache = Reuse()
    with reusing(cache):
        first = solver.play_advice(hand, "S", "100C S", "", leader="S", samples=12, seed=2, workers=1)
        solver.play_advice(hand, "S", "100C S", "", leader="S", samples=12, seed=2, workers=1)
        assert (cache.hits, cache.solved) == (12, 12)
    assert first.to_dict() == solver.play_advice(hand, "S", "100C S", "", leader="S", samples=12, seed=2,
                                                 workers=1).to_dict()
