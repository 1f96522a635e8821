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
    return s._engine.sure_bounds()


def _total(pos: Position) -> int:
    """Every point still to win: the cards held and the dix de der."""
    s = Solver(tt_bits=8)
    s.load(pos)
    return s._engine.max_value()


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
    assert _bounds(Position.parse(deal, "SA", "N", Rules())) == (39, 39)
    assert minimax.future_points(Position.parse(deal, "SA", "N", Rules())) == 39


def test_cashed_tricks_count_the_cards_that_must_follow():
    """SA, N to lead: N can cash the ace of spades (19), and E and W must follow with
    their only spades, the king (4) and the queen (3): 26 sure points, where the side's
    top card alone would give 19.  (The value is 33: leading the heart to E's ace first
    lets N's ace take the last trick and its dix de der; W then throws the queen or the
    7 of clubs, worth 33 or 36 to N-S.)"""
    deal = Deal.from_pbn("N:A.7.. K.A.. ..8.8 Q...7")
    pos = Position.parse(deal, "SA", "N", Rules())
    assert _bounds(pos) == (26, 19 + 4 + 19 + 3 + 10)
    assert minimax.future_points(pos) == 33


def test_bounds_only_at_a_trick_start():
    deal = Deal.from_pbn("N:A.7.. K.A.. ..8.8 Q...7")
    s = Solver(tt_bits=8)
    s.load(Position.parse(deal, "SA", "N", Rules(), ["SA"]))
    with pytest.raises(ValueError, match="start of a trick"):
        s._engine.sure_bounds()


def test_points_that_fall_with_strength_are_refused():
    """The bounds take a hand's lowest cards as its cheapest, so the engine refuses a
    points table where a stronger card of a suit is worth less."""
    from solver.rules import Strain, strength_table
    s = Solver(tt_bits=8)
    points = [0] * 32
    points[0] = 5                        # the 7 of spades, the weakest spade in SA
    hands = [0xFF, 0xFF00, 0xFF0000, 0xFF000000]
    with pytest.raises(ValueError, match="must not fall"):
        s._engine.setup(hands, int(Strain.SA), strength_table(Strain.SA), points, 0)


def test_a_hand_of_top_trumps_takes_every_trick():
    """Hearts trumps, E to lead, three tricks: N holds only the jack, 9 and ace of
    hearts, the three highest trumps.  He plays one to every trick and none can be
    beaten, so N-S take everything: 45 in trumps (20 + 14 + 11), 18 in each of the
    other suits (A 11, K 4, Q 3) and the dix de der, 109.  Without this rule the bound
    was N's trumps alone, 45."""
    pos = Position.parse(Deal.from_pbn("N:.AJ9.. AKQ... ..AKQ. ...AKQ"), "H", "E", Rules())
    assert _total(pos) == 45 + 3 * 18 + 10
    assert _bounds(pos) == (109, 109)
    assert minimax.future_points(pos) == 109


def test_cards_that_fall_under_the_top_trumps():
    """Hearts trumps, E to lead, three tricks: N holds the jack and 9 of hearts, the two
    highest trumps, so N-S win at least two tricks, one with each.  E and W each play a
    card to both: at least their two cheapest.  E's are the queen and king of spades
    (3 + 4), W's the 8 and ten of clubs (0 + 10), so N-S are sure of 20 + 14 + 7 + 10 =
    51 (the trumps alone gave 34).  The value is every point, 98."""
    pos = Position.parse(Deal.from_pbn("N:.J9.7. AKQ... ..AK.7 ...AT8"), "H", "E", Rules())
    assert _bounds(pos)[0] == 51
    assert minimax.future_points(pos) == _total(pos) == 98


def test_long_cards_after_the_run():
    """SA, N to lead, four tricks: N holds A-10-8-7 of spades, E K-Q and W J-9.  N cashes
    the ace and ten, E and W follow with their last spades, and N's 8 and 7 then win too
    (no one is left to beat them and there are no trumps): every trick is N's, all 123
    points.  When E keeps a third spade (K-Q-9), the 9 beats N's 8 and only the run
    counts: ace 19, ten 10, the spades E and W must follow with, their lowest (E's 9
    and queen, 0 + 3; W's jack, 2), and the card W, out of spades, must discard on the
    second round, his cheapest (a queen, 3): 37."""
    pos = Position.parse(Deal.from_pbn("N:AT87... KQ.AK.. ..AK.AK J9.Q.Q."), "SA", "N", Rules())
    assert _bounds(pos) == (123, 123)
    assert minimax.future_points(pos) == 123
    pos = Position.parse(Deal.from_pbn("N:AT87... KQ9.A.. ..AK.AK J.KQ.Q."), "SA", "N", Rules())
    assert _bounds(pos)[0] == 37
    assert minimax.future_points(pos) == 86


def test_lead_lost_to_the_opponents():
    """SA, N to lead, three tricks: N holds the 8 and 7 of spades and the 9 of hearts; E
    the ace and ten of spades, W the ace of hearts.  Whatever N leads, an opponent wins
    it with an ace and his side takes at least that trick.  A spade gives E two tricks
    (19 + 10, and S, out of spades, throws his cheapest cards on them: 0 and 10); the
    heart gives W one, 19, the cheapest for N: E-W take at least 19 of the 87 points."""
    pos = Position.parse(Deal.from_pbn("N:87.9.. AT...8 ..AT.7 .A.98."), "SA", "N", Rules())
    assert _bounds(pos) == (0, 87 - 19)
    assert minimax.future_points(pos) == 49


def test_partner_follows_high_under_a_run():
    """SA, N to lead, two tricks: N cashes the ace of spades, and S drops his ten on it
    (he may play any spade under his partner's ace): 29 sure points, not 19 with S's 7."""
    pos = Position.parse(Deal.from_pbn("N:A.7.. .A.7. T7... .8.8."), "SA", "N", Rules())
    assert _bounds(pos) == (29, 58)
    assert minimax.future_points(pos) == 29


def test_top_trumps_first_draw_the_trump_that_would_ruff():
    """Hearts trumps, N to lead, three tricks: N holds the jack of hearts (the top trump)
    and the ace and ten of spades; E the 7 of hearts, the 9 of spades and the ace of
    diamonds.  Cashing the spades at once, E ruffs the second one.  But N leads the jack
    first: E must follow with his only trump, and then follows the ace of spades and
    discards on the ten.  Every trick is N's, all 89 points (the bound was the jack
    alone, 20)."""
    pos = Position.parse(Deal.from_pbn("N:AT.J.. 9.7.A. ...AKQ ..KQJ."), "H", "N", Rules())
    assert _total(pos) == 89
    assert _bounds(pos) == (89, 89)
    assert minimax.future_points(pos) == 89


def test_a_run_is_cashed_while_the_opponents_follow():
    """Hearts trumps, N to lead, two tricks: N holds the ace and ten of spades, E the 7
    of spades and the 7 of hearts.  E ruffs the second round, but he must follow the
    first: the ace wins, with E's 7 and W's cheapest card, the king of diamonds (4),
    under it: 15 sure points, where the whole run, which E can ruff, counted nothing
    before.  (The upper bound, 47, is E's lone trump, the top one: N and S each lose at
    least their cheapest card to it.)"""
    pos = Position.parse(Deal.from_pbn("N:AT... 7.7.. ...AK ..AK."), "H", "N", Rules())
    assert _bounds(pos) == (15, 47)
    assert minimax.future_points(pos) == 26


def test_long_trumps_once_the_opponents_are_out():
    """Hearts trumps, N to lead, three tricks: N holds the jack, 8 and 7 of hearts, E the
    ace, the only other trump.  N leads the jack, E must follow with the ace, and N's 8
    and 7 are then the last trumps: they win the last two tricks.  All 92 points are
    N-S's (the bound was the jack alone, 20)."""
    pos = Position.parse(Deal.from_pbn("N:.J87.. .A.AK. ...AKQ AKQ..."), "H", "N", Rules())
    assert _total(pos) == 92
    assert _bounds(pos) == (92, 92)
    assert minimax.future_points(pos) == 92


def test_lead_lost_with_trumps():
    """Hearts trumps, N to lead, three tricks: N holds the 8 and 7 of diamonds and the 7
    of clubs; E the ace and ten of diamonds and the 8 of clubs; S the jack of hearts
    (the top trump), the queen of diamonds and the 9 of clubs; W the ace of spades, the
    7 of hearts and the king of clubs.  S holds a diamond and a club, so he never has
    to ruff the first trick, and E holds a club: whatever N leads, the top card of the
    suit wins it for E-W.  On a diamond E's ace wins (with S's queen, 3: 14), but S
    ruffs the ten, and E then leads his club to W's king (4, the 7 and 9 of clubs
    follow; W's ace of spades is not cashed: S, out of spades, would ruff it): 18.  On
    a club W's king wins, 4, and W has no diamond to reach E: E-W are sure of 4 of
    the 69 points (the top trump gives N-S 20)."""
    pos = Position.parse(Deal.from_pbn("N:..87.7 ..AT.8 .J.Q.9 A.7..K"), "H", "N", Rules())
    assert _total(pos) == 69
    assert _bounds(pos) == (20, 65)
    assert minimax.future_points(pos) == 30
