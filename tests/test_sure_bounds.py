"""The sure-points bounds the search reads at each trick start (``quick_bounds`` in the
engine, :meth:`solver._engine.Engine.sure_bounds` from Python).

A bound that overshoots the value by one point makes the engine wrong, so they are
checked against the exhaustive minimax (``tests/minimax.py``) on random trick starts,
and each of their rules on a deal small enough to work out by hand.
"""

from __future__ import annotations

import random

import pytest

import minimax
from solver import Deal, Rules, Solver
from solver.play import Position
from test_engine_exact import SEED, describe, random_endgame


def _bounds(pos: Position) -> tuple[int, int]:
    s = Solver(tt_bits=8)
    s.load(pos)
    return s.engine.sure_bounds()


def _total(pos: Position) -> int:
    """Every point still to win: the cards held and the dix de der."""
    s = Solver(tt_bits=8)
    s.load(pos)
    return s.engine.max_value()


def test_bounds_hold_the_minimax_value():
    """On 1500 random trick starts of 2 to 4 tricks, every strain and rule variant, the
    bounds always hold the exact value, and they are not idle: they fix the value of
    many positions and move off the trivial 0..total in most."""
    informative = exact = checked = 0
    for i in range(1500):
        rng = random.Random(SEED + 700_000 + i)
        deal, strain, leader, played, rules, pos = random_endgame(rng, 2 + i % 3)
        while pos.trick:                 # finish the trick in progress
            pos.play(rng.choice(list(pos.legal_cards())))
        if pos.is_over:
            continue
        value = minimax.future_points(pos)
        total = _total(pos)
        lb, ub = _bounds(pos)
        assert lb <= value <= ub, (describe(deal, strain, leader, [c for _, c in pos.history], rules),
                                   lb, value, ub)
        checked += 1
        informative += lb > 0 or ub < total
        exact += lb == ub
    assert checked > 1400
    assert informative > checked // 2
    assert exact > checked // 20


def test_partner_runs_after_an_entry():
    """SA, N to lead, two tricks: N holds the 7 of spades, S the ace and ten. N leads
    the 7 to S's ace, S cashes the ten: all 39 points (19 + 10 + dix de der 10) are
    sure.  N's other card (the only club, a run of its own) cannot be cashed as well:
    S would have to throw a spade on it, so the bound takes the richer set of runs."""
    deal = Deal.from_pbn("N:7...7 9..8. AT... .87..")
    assert _bounds(Position(deal, "SA", "N", Rules())) == (39, 39)
    assert minimax.future_points(Position(deal, "SA", "N", Rules())) == 39


def test_cashed_tricks_count_the_cards_that_must_follow():
    """SA, N to lead: N can cash the ace of spades (19), and E and W must follow with
    their only spades, the king (4) and the queen (3): 26 sure points, where the side's
    top card alone would give 19.  (The value is 33: leading the heart to E's ace first
    lets N's ace take the last trick and its dix de der; W then throws the queen or the
    7 of clubs, worth 33 or 36 to N-S.)"""
    deal = Deal.from_pbn("N:A.7.. K.A.. ..8.8 Q...7")
    pos = Position(deal, "SA", "N", Rules())
    assert _bounds(pos) == (26, 19 + 4 + 19 + 3 + 10)
    assert minimax.future_points(pos) == 33


def test_bounds_only_at_a_trick_start():
    deal = Deal.from_pbn("N:A.7.. K.A.. ..8.8 Q...7")
    s = Solver(tt_bits=8)
    s.load(Position(deal, "SA", "N", Rules(), ["SA"]))
    with pytest.raises(ValueError, match="start of a trick"):
        s.engine.sure_bounds()


def test_points_that_fall_with_strength_are_refused():
    """The bounds take a hand's lowest cards as its cheapest, so the engine refuses a
    points table where a stronger card of a suit is worth less."""
    from solver.rules import Strain, strength_table
    s = Solver(tt_bits=8)
    points = [0] * 32
    points[0] = 5                        # the 7 of spades, the weakest spade in SA
    hands = [0xFF, 0xFF00, 0xFF0000, 0xFF000000]
    with pytest.raises(ValueError, match="must not fall"):
        s.engine.setup(hands, int(Strain.SA), strength_table(Strain.SA), points, 0)
