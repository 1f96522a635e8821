"""Double-dummy tables.

Every number here comes from tests/data/dd_reference.json (cases
counted from 1 in file order) or is cross-checked against ``solve()``.
"""

import json
from pathlib import Path

import numpy as np
import pytest

from solver import Deal, Rules, Seat, Strain, Team
from solver.contract import CAPOT
from solver.errors import ConstraintError, SeatError
from solver.solve import Solver, solve
from solver.deal import first_leader
from solver.table import ByStrain, dd_table

REFERENCE = Path(__file__).resolve().parent / "data" / "dd_reference.json"
EXAMPLE = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"
# N-S hold every spade and heart, E-W every diamond and club.
LOPSIDED = "N:AKQJ.AKQJ.-.- -.-.T987.T987 T987.T987.-.- -.-.AKQJ.AKQJ"


def reference_rows():
    """(deal, leader) -> {strain: ns_points} for the reference deals solved in all six strains."""
    cases = json.loads(REFERENCE.read_text())
    rows: dict = {}
    for c in cases:
        r = c["rules"]
        if c["played"] or "ns_points" not in c or not (r["must_undertrump"] and r["must_overtrump_partner"]):
            continue
        rows.setdefault((c["deal"], c["leader"]), {})[c["strain"]] = c["ns_points"]
    return {k: v for k, v in rows.items() if len(v) == 6}


ROWS = reference_rows()


@pytest.mark.parametrize("key", sorted(ROWS)[:5])
def test_table_matches_reference(key):
    deal, leader = key
    t = dd_table(Deal.from_pbn(deal), leader=leader)
    assert t.ns_points.to_dict() == ROWS[key]
    for s in Strain:
        assert t.ns_points[s] + t.ew_points[s] == 162


def test_capot_matches_reference_max_tricks():
    """Cases with ns_max_tricks: 8 means N-S force capot, 0 that E-W do."""
    cases = [c for c in json.loads(REFERENCE.read_text())
             if "ns_max_tricks" in c and not c["played"] and c["rules"]["must_undertrump"]
             and c["rules"]["must_overtrump_partner"]]
    assert cases
    for c in cases:
        t = dd_table(Deal.from_pbn(c["deal"]), leader=c["leader"])
        assert t.ns_capot[c["strain"]] == (c["ns_max_tricks"] == 8), c
        assert t.ew_capot[c["strain"]] == (c["ns_max_tricks"] == 0), c


def test_table_equals_solve_per_strain():
    deal = Deal.random(seed=11)
    rules = Rules(must_undertrump=False)
    t = dd_table(deal, leader="W", rules=rules, solver=Solver(tt_bits=16))
    for s in Strain:
        sol = solve(deal, s, "W", rules=rules)
        assert t.ns_points[s] == sol.ns_points
        assert t.ew_points[s] == sol.ew_points
        if t.ns_points[s] in (0, 162):     # elsewhere no side can force capot (see solver.table)
            assert t.ns_capot[s] == (sol.ns_max_tricks == 8)
            assert t.ew_capot[s] == (sol.ns_max_tricks == 0)
        else:
            assert not t.ns_capot[s] and not t.ew_capot[s]


def test_capot_flags_equal_max_tricks_on_lopsided_deal():
    """N-S hold every spade and heart: capot in both (checked against solve's trick count)."""
    deal = Deal.from_pbn(LOPSIDED)
    t = dd_table(deal, leader="E")
    for s in Strain:
        sol = solve(deal, s, "E")
        assert t.ns_capot[s] == (sol.ns_max_tricks == 8)
        assert t.ew_capot[s] == (sol.ns_max_tricks == 0)
    assert t.ns_capot["S"] and t.ns_capot["H"] and t.ew_capot["D"] and t.ew_capot["C"]


def test_four_leaders_equal_one_leader_tables():
    deal = Deal.from_pbn(EXAMPLE)
    solver = Solver(tt_bits=16)
    four = dd_table(deal, solver=solver)
    assert four.leader is None
    assert np.asarray(four.ns_points).shape == (4, 6)
    for seat in Seat:
        one = dd_table(deal, leader=seat, solver=solver)
        assert np.array_equal(np.asarray(four.ns_points)[seat], np.asarray(one.ns_points))
        assert np.array_equal(np.asarray(four.ns_capot)[seat], np.asarray(one.ns_capot))
        assert np.array_equal(np.asarray(four.ew_capot)[seat], np.asarray(one.ew_capot))
        assert four.ns_points[seat, "C"] == one.ns_points["C"]
        assert four.for_leader(seat).ns_points.to_dict() == one.ns_points.to_dict()
    assert list(four.ns_points["S"]) == [four.ns_points[s, "S"] for s in Seat]


def test_best_bid_counts_belote_and_capot():
    """Example deal, S leads (cases 1-6): C 146 points and S holds K+Q of clubs (+20 = 166)."""
    t = dd_table(Deal.from_pbn(EXAMPLE), dealer="E")
    assert t.leader == Seat.S
    assert t.best_bid(Team.NS, Strain.C) == 160
    assert t.best_bid(Team.NS, Strain.D) == 100       # 106, no N-S belote in diamonds
    assert t.best_bid(Team.NS, Strain.SA) == CAPOT    # 162 and every trick
    assert t.best_bid(Team.EW, Strain.TA) == 130      # 162 - 25 = 137
    assert t.best_bid(Team.EW, Strain.S) == 80        # 162 - 73 = 89
    assert t.best_bid(Team.NS, Strain.S) is None
    d = t.to_dict()
    assert d["ns_best_bid"]["C"] == 160 and d["ew_points"]["TA"] == 137


def test_endgame_table():
    deal = Deal.from_pbn("N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-")
    t = dd_table(deal, leader="N")
    assert t.ns_points["S"] == 25 and t.ns_capot["S"]    # A + K + dix de der, solve.py doctest


def test_leader_and_dealer_must_agree():
    assert first_leader(dealer="S") == Seat.W
    with pytest.raises(SeatError, match="contradicts"):
        dd_table(Deal.from_pbn(EXAMPLE), leader="N", dealer="N")
    with pytest.raises(SeatError, match="one-leader"):
        dd_table(Deal.from_pbn("N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-")).best_bid(Team.NS, Strain.S)


def test_by_strain_indexing():
    row = ByStrain(np.arange(6))
    assert row["TA"] == 5 and row[Strain.H] == 1 and dict(row.items())[Strain.D] == 2
    with pytest.raises(SeatError):
        row["N", "S"]


def test_threads_give_the_same_tables():
    """Strains spread over threads (each with its own solver) against one solver doing all:
    the same values, one leader or four, on the example and on seeded random deals.  With
    8 threads, the threads beyond the six strains take leaders from the strains' ends at
    once."""
    deals = [Deal.from_pbn(EXAMPLE)] + [Deal.random(seed=7100 + i) for i in range(3)]
    solver = Solver(tt_bits=14)
    for deal in deals:
        for leader in ("E", None):
            one = dd_table(deal, leader=leader, solver=solver)
            for n in (2, 3, 8):
                many = dd_table(deal, leader=leader, threads=n)
                assert many.leader == one.leader
                for row in ("ns_points", "ns_capot", "ew_capot"):
                    assert np.array_equal(np.asarray(getattr(many, row)), np.asarray(getattr(one, row)))
                assert np.array_equal(np.asarray(many.totals), np.asarray(one.totals))


def test_a_strain_hands_its_leaders_out_from_both_ends_and_each_once():
    """The thread that took a strain takes its leaders from the first; a free thread
    helping takes the last one left; every leader is solved once, each from the last
    value found in the strain."""
    from solver.table import _Leaders, _solve_strain
    deal = Deal.random(seed=7200)
    leaders = _Leaders(deal, Strain.H, tuple(Seat), Rules())
    assert [leaders.take(last=False), leaders.take(last=True), leaders.take(last=False)] == [0, 3, 1]
    assert leaders.left == 1
    assert leaders.take(last=True) == 2 and leaders.take(last=False) is None and leaders.take(last=True) is None
    strains = tuple(_Leaders(deal, st, tuple(Seat), Rules()) for st in (Strain.SA, Strain.C))
    _solve_strain(Solver(tt_bits=12), strains)          # a helper alone: the last of the most left, in turn
    want = dd_table(deal, solver=Solver(tt_bits=12))
    for one in strains:
        assert [r.ns_points for r in one.results] == [int(want.ns_points[s.name, one.strain.name]) for s in Seat]


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_threads_must_be_a_positive_whole_number(bad):
    with pytest.raises(ConstraintError, match="threads"):
        dd_table(Deal.from_pbn(EXAMPLE), leader="N", threads=bad)


def test_a_helper_starts_from_a_copy_of_the_owner_table():
    """A thread helping with a strain's last leaders copies the table of the thread that
    owns the strain first: the owner's entries for the strain's first leader serve the
    helper's leaders (fewer nodes than a helper on its own table), with the same values."""
    from solver.table import _Leaders, _solve_strain
    deal = Deal.random(seed=7210)
    want = dd_table(deal, solver=Solver(tt_bits=12))
    nodes = {}
    for owned in (True, False):
        strain = _Leaders(deal, Strain.SA, tuple(Seat), Rules())
        owner = Solver(tt_bits=12)
        strain.solve(owner, strain.take(last=False))        # the owner's first leader
        strain.owner = owner if owned else None
        helper = Solver(tt_bits=12)
        _solve_strain(helper, (strain,))                     # the helper takes the other three
        assert [r.ns_points for r in strain.results] == [int(want.ns_points[s.name, "SA"]) for s in Seat]
        nodes[owned] = sum(r.nodes for r in strain.results[1:])
    assert nodes[True] < nodes[False]
