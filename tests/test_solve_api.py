"""The query API (``solve``, ``can_take``, ``Solution``) held to its own promises.

No value here is taken on trust: each test checks one answer against another (the
best card value against the position's value, a played-out optimal line against the
referee's count, the threshold query against the exact value) or against the rules'
totals (152 card points + 10 for the last trick = 162, tests/data/dd_reference.md).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import (Card, CoincheError, Deal, IllegalPlayError, Rules, SeatError, Seat,
                    Solver, Strain, StrainError, Team, can_take, solve)
from solver.play import Position

EXAMPLE = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"
TOTAL = 162


def random_position(seed: int, strain: Strain, leader: int, rules: Rules, n_played: int):
    """A full random deal and ``n_played`` random legal cards from its first lead."""
    rng = random.Random(seed)
    deal = Deal.random(rng=rng)
    pos = Position(deal, strain, Seat(leader), rules)
    for _ in range(n_played):
        pos.play(rng.choice(list(pos.legal_cards())))
    return deal, [c for _, c in pos.history], pos


positions = st.tuples(
    st.integers(0, 2**32 - 1),
    st.sampled_from(list(Strain)),
    st.integers(0, 3),
    st.builds(Rules, must_undertrump=st.booleans(), must_overtrump_partner=st.booleans(),
              ta_table=st.sampled_from(["j14", "j13"])),
    # mostly early positions (the hard ones), some deep into the deal
    st.one_of(st.integers(0, 6), st.integers(0, 31)),
)

PROPS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- properties over random full deals ----------------------------------------------

@PROPS
@given(positions)
def test_value_properties(args):
    seed, strain, leader, rules, n = args
    deal, played, pos = random_position(seed, strain, leader, rules, n)
    sol = solve(deal, strain, leader, played, rules)
    # every card of a full deal is in play: the sides share 152 + 10 (the rules' total)
    assert sol.ns_points + sol.ew_points == TOTAL
    assert pos.points[0] <= sol.ns_points <= TOTAL - pos.points[1]
    # the value is the best card's value, for the side to move
    values = sol.card_values
    assert set(values) == set(pos.legal_cards())
    maximizing = pos.to_move.team == Team.NS
    assert (max if maximizing else min)(values.values()) == sol.ns_points
    assert sol.best_cards and all(values[c] == sol.ns_points for c in sol.best_cards)
    assert all(sol.cost(c) == abs(sol.ns_points - v) for c, v in values.items())
    # playing a best card keeps the value; any other card loses exactly its cost
    best = sol.best_cards[-1]
    assert solve(deal, strain, leader, played + [best], rules).ns_points == sol.ns_points
    worst = max(values, key=sol.cost)
    assert solve(deal, strain, leader, played + [worst], rules).ns_points == values[worst]


@PROPS
@given(positions)
def test_line_is_legal_and_reaches_the_value(args):
    seed, strain, leader, rules, n = args
    deal, played, pos = random_position(seed, strain, leader, rules, n)
    sol = solve(deal, strain, leader, played, rules)
    assert len(sol.line) == 32 - n
    for card in sol.line:
        pos.play(card)          # the referee refuses an illegal card
    assert pos.is_over and pos.points == (sol.ns_points, sol.ew_points)


@PROPS
@given(positions)
def test_threshold_and_tricks_agree_with_the_value(args):
    seed, strain, leader, rules, n = args
    deal, played, pos = random_position(seed, strain, leader, rules, n)
    sol = solve(deal, strain, leader, played, rules)
    kw = dict(leader=leader, played=played, rules=rules)
    ns, ew = sol.ns_points, sol.ew_points
    assert can_take(deal, strain, ns, side="NS", **kw)
    assert not can_take(deal, strain, ns + 1, side="NS", **kw)
    assert can_take(deal, strain, ew, side="EW", **kw)
    assert not can_take(deal, strain, ew + 1, side="EW", **kw)
    # 82 is the smallest contract-making share of 162 (the usual threshold query)
    assert can_take(deal, strain, 82, side="NS", **kw) == (ns >= 82)
    # tricks: between what N-S hold already and that plus every trick still to play
    tricks = sol.ns_max_tricks
    assert pos.tricks[0] <= tricks <= 8 - pos.tricks[1]
    assert sol.ew_max_tricks == 8 - tricks
    if tricks == 8:             # a side that takes every trick takes every point
        assert ns == TOTAL
    if tricks == 0:
        assert ns == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(Strain)), st.booleans(), st.booleans())
def test_engine_follows_the_referee(seed, strain, undertrump, overtrump_partner):
    """Along a random play-out the engine's legal cards and move classes are the
    referee's, the trick gains it reports add up to the referee's count, and unplay
    undoes play."""
    rules = Rules(must_undertrump=undertrump, must_overtrump_partner=overtrump_partner)
    rng = random.Random(seed)
    deal = Deal.random(rng=rng)
    pos = Position(deal, strain, Seat(rng.randrange(4)), rules)
    s = Solver(tt_bits=8)
    s.load(pos)
    eng = s._engine
    ns = 0
    while not pos.is_over:
        legal = int(pos.legal_cards())
        assert eng.legal() == legal, repr(pos)
        classes = eng.move_classes()
        assert sorted(c for cls in classes for c in cls) == sorted(pos.legal_cards())
        assert eng.to_move == pos.to_move
        card = rng.choice(list(pos.legal_cards()))
        eng.play(int(card))
        eng.unplay()
        assert eng.legal() == legal and eng.to_move == pos.to_move
        ns += eng.play(int(card))
        pos.play(card)
        assert ns == pos.points[0], repr(pos)
    assert eng.is_over


# -- fixed examples ------------------------------------------------------------------

def test_total_and_sides():
    sol = solve(Deal.from_pbn(EXAMPLE), "C", leader="S")
    # tests/data/dd_reference.json, case 4: 146 for N-S
    assert (sol.ns_points, sol.ew_points) == (146, 16)
    assert sol.points(Team.NS) == 146 and sol.points(Team.EW) == 16
    assert sol.total == TOTAL and sol.nodes > 0


def test_a_query_without_rules_reads_the_default_rules_made_once():
    # making a Rules checks every field (about 30 µs, more than loading a deal): a query
    # that names no rules must take the shared default, equal to a fresh Rules()
    from solver.rules import DEFAULT_RULES
    sol = solve(Deal.from_pbn(EXAMPLE), "C", leader="S")
    assert sol.position.rules is DEFAULT_RULES and DEFAULT_RULES == Rules()
    assert solve(Deal.from_pbn(EXAMPLE), "C", leader="S", rules=Rules()).ns_points == sol.ns_points


def test_endgame_deal_mid_trick():
    # a 2-card endgame (the doctest of solve.py: A K 7 8 of spades, trumps)
    deal = Deal.from_pbn("N:A7.-.-.- K8.-.-.- T.7.-.- 9.8.-.-")
    sol = solve(deal, "S", leader="N", played=["SA"])
    # the total of an endgame is its cards' points + 10, not 162
    total = sum(Rules().card_points(c, Strain.S) for c in deal.cards) + 10
    assert sol.ns_points + sol.ew_points == total
    assert sol.to_move == Seat.E and set(sol.card_values) == {Card.SK, Card.S8}


def test_finished_deal():
    deal = Deal.from_pbn(EXAMPLE)
    line = solve(deal, "H").line
    sol = solve(deal, "H", played=line)
    assert sol.to_move is None and sol.card_values == {} and sol.line == [] and sol.best_cards == []
    assert sol.ns_points == solve(deal, "H").ns_points
    assert can_take(deal, "H", sol.ns_points, played=line)
    assert not can_take(deal, "H", sol.ns_points + 1, played=line)


def test_to_dict_is_json():
    sol = solve(Deal.from_pbn(EXAMPLE), "H", leader="N", played="SA S8")
    d = json.loads(json.dumps(sol.to_dict()))
    for key in ("ns_points", "ew_points", "ns_max_tricks", "card_values", "optimal_line", "best_cards",
                "nodes", "deal", "strain", "leader", "played", "to_move"):
        assert key in d
    assert d["card_values"] == {c.name: v for c, v in sol.card_values.items()}
    assert d["optimal_line"] == [c.name for c in sol.line] and d["played"] == ["SA", "S8"]
    assert d["to_move"] == "S"


def test_one_solver_many_deals():
    """A solver keeps its table across deals, strains and variants; the values must be
    those of a fresh solver each time."""
    shared = Solver(tt_bits=12)
    for i in range(12):
        deal = Deal.random(seed=i)
        strain = Strain(i % 6)
        rules = Rules(must_undertrump=i % 2 == 0, ta_table="j13" if i % 4 == 1 else "j14")
        got = shared.solve(deal, strain, Seat(i % 4), (), rules).ns_points
        assert got == Solver(tt_bits=12).solve(deal, strain, Seat(i % 4), (), rules).ns_points


@pytest.mark.parametrize("seed", range(3))
def test_strain_and_lead_results_agree_with_solutions(seed):
    """What tables and lead advice ask of a solver, checked against Solution's own
    queries on random deals: the strain's value and capot, and after each opening lead
    the value, capot either way, and whether N-S reach 82."""
    deal, rules = Deal.random(seed=seed), Rules()
    shared = Solver(tt_bits=12)
    for strain in (Strain.H, Strain.SA, Strain.TA):
        sol = solve(deal, strain, leader=Seat.E, rules=rules)
        r = shared.strain_result(deal, Seat.E, strain, rules)
        assert (r.ns_points, r.total) == (sol.ns_points, sol.total)
        assert (r.ns_capot, r.ew_capot) == (sol.ns_max_tricks == 8, sol.ns_max_tricks == 0)
        leads = shared.lead_results(deal, Seat.E, strain, rules)
        reach = shared.lead_results(deal, Seat.E, strain, rules, need=82)
        for card, lead, probe in zip(deal.hands[Seat.E], leads, reach):
            after = solve(deal, strain, leader=Seat.E, played=[card], rules=rules)
            assert lead.ns_points == sol.card_values[card] == after.ns_points
            assert (lead.ns_capot, lead.ew_capot) == (after.ns_max_tricks == 8, after.ns_max_tricks == 0)
            assert probe.reaches == (after.ns_points >= 82) and probe.ns_points is None
            assert (probe.ns_capot, probe.ew_capot) == (lead.ns_capot, lead.ew_capot)


@pytest.mark.parametrize("call, error", [
    (lambda: solve(Deal.from_pbn(EXAMPLE), "X"), StrainError),
    (lambda: solve(Deal.from_pbn(EXAMPLE), "H", leader="Q"), SeatError),
    (lambda: solve(Deal.from_pbn(EXAMPLE), "H", played="SA S8 HA"), IllegalPlayError),
    (lambda: solve(Deal.from_pbn(EXAMPLE), "H", played="SZ"), CoincheError),
    (lambda: can_take(Deal.from_pbn(EXAMPLE), "H", 82, side="NE"), SeatError),
])
def test_bad_input_raises_by_kind(call, error):
    with pytest.raises(error):
        call()
