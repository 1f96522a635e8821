"""Glicko-2 against the worked example of Glickman's paper."""

from __future__ import annotations

import pytest

from solver.rating import MIN_DEVIATION, Rating, after_answer, update


def test_glickman_worked_example() -> None:
    # Mark Glickman, "Example of the Glicko-2 system" (2013), section "Example calculation":
    # a player rated 1500, RD 200, volatility 0.06, tau 0.5, beats a 1400 (RD 30), loses to a
    # 1550 (RD 100) and to a 1700 (RD 300); the paper finds r' = 1464.06, RD' = 151.52,
    # sigma' = 0.05999.
    player = Rating(1500.0, 200.0, 0.06)
    games = [(Rating(1400.0, 30.0), 1.0), (Rating(1550.0, 100.0), 0.0), (Rating(1700.0, 300.0), 0.0)]
    new = update(player, games, tau=0.5)
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_widens_the_deviation() -> None:
    # Step 6 of the paper: phi* = sqrt(phi^2 + sigma^2); 200 / 173.7178 = 1.1513, sigma 0.06
    # gives sqrt(1.1513^2 + 0.06^2) * 173.7178 = 200.27.
    new = update(Rating(1500.0, 200.0, 0.06), [])
    assert new.rating == 1500.0
    assert new.deviation == pytest.approx(200.27, abs=0.01)


def test_an_answer_moves_the_learner_towards_the_result() -> None:
    learner = Rating()
    hard, easy = Rating(1900.0, 80.0), Rating(1100.0, 80.0)
    won_hard = after_answer(learner, hard, True)
    won_easy = after_answer(learner, easy, True)
    assert won_hard.rating > won_easy.rating > learner.rating     # a hard win is worth more
    assert after_answer(learner, easy, False).rating < learner.rating
    assert won_hard.deviation < learner.deviation


def test_the_deviation_keeps_a_floor() -> None:
    # Without the floor, one answer from RD 30 would leave about 31 (phi* = 31.7, narrowed by the game).
    learner = after_answer(Rating(1500.0, 30.0, 0.06), Rating(1500.0, 50.0), True)
    assert update(Rating(1500.0, 30.0, 0.06), [(Rating(1500.0, 50.0), 1.0)]).deviation < MIN_DEVIATION
    assert learner.deviation == MIN_DEVIATION


def test_json_round_trip_and_bad_input() -> None:
    r = Rating(1612.5, 88.0, 0.059)
    assert Rating.from_dict(r.to_dict()) == r
    for bad in ({}, {"rating": "x", "deviation": 1, "volatility": 0.06},
                {"rating": 1500, "deviation": -3, "volatility": 0.06},
                {"rating": True, "deviation": 50, "volatility": 0.06}):
        with pytest.raises(ValueError):
            Rating.from_dict(bad)
