"""The engine's lead classes and learned lead weights (``solver/_engine_order.pxi``).

The classes are checked against features read off the example deal by hand; the
weights only order the leads, so any weights must give the same values (checked with
random weights against the shipped ones).
"""

from __future__ import annotations

import random

from benchmarks.leads import held_out_groups, training_tasks
from solver import Card, Deal, Position, Seat, Solver, Strain
from solver._engine import lead_weights, set_lead_weights

# N: SA SK HK H8 DK D8 CA C8   E: ST S9 S8 HQ HT DJ D9 C7
# S: SQ HA DA DQ D7 CK CQ CJ   W: SJ S7 HJ H9 H7 DT CT C9
EXAMPLE = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")


def classes(strain: Strain, leader: Seat) -> dict[str, int]:
    s = Solver()
    s.load(Position(EXAMPLE, strain, leader))
    return {Card(c).name: k for c, k in s._engine.lead_classes()}


def test_lead_classes_of_the_example_in_hearts():
    got = classes(Strain.H, Seat.N)
    # HK: a trump (kind 0), not a master (J 9 A T beat it), 4 points (step 1), two
    # hearts held (step 1), partner holds the A but not the best card left (W's J),
    # no opponent void, the opponents hold trumps (bit 10)
    assert got["HK"] == 0 | 1 << 3 | 1 << 5 | 1 << 10
    # SA: a plain suit (kind 1), a master, 11 points (step 2), two spades held, partner
    # holds the Q (not the best card left: E's T), no opponent void, opponents' trumps
    assert got["SA"] == 1 | 1 << 2 | 2 << 3 | 1 << 5 | 1 << 10
    # CA: as SA, and E holds one club, W two
    assert got["CA"] == got["SA"]


def test_lead_classes_without_trumps():
    got = classes(Strain.SA, Seat.S)
    # S's HA in sans atout (kind 2): a master, 19 points (step 3: an ace in sans atout,
    # solver.rules.points_table), a single heart; the best heart left in the other
    # hands is E's T, not partner's K
    assert got["HA"] == 2 | 1 << 2 | 3 << 3 | 0 << 5
    # SQ: N holds the A, the best spade left (bit 8); 3 points; a single spade
    assert got["SQ"] == 2 | 1 << 3 | 0 << 5 | 1 << 8


def test_lead_classes_only_at_trick_starts():
    s = Solver()
    pos = Position(EXAMPLE, Strain.H, Seat.N)
    pos.play(Card.parse("SA"))
    s.load(pos)
    assert s._engine.lead_classes() == []


def test_any_lead_weights_give_the_same_values():
    deals = [Deal.random(seed=4040 + i) for i in range(3)]
    strains = (Strain.H, Strain.SA, Strain.TA)

    def solve_all() -> tuple[list[int], int]:
        s = Solver()
        sols = [s.solve(d, st, Seat.N) for d in deals for st in strains]
        return [x.ns_points for x in sols], sum(x.nodes for x in sols)

    shipped = lead_weights()
    want, nodes = solve_all()
    rng = random.Random(40)
    try:
        set_lead_weights([rng.randrange(0, 3000) for _ in shipped])
        got, other_nodes = solve_all()
    finally:
        set_lead_weights(shipped)
    assert got == want
    assert other_nodes != nodes          # the weights do reach the search
    assert lead_weights() == shipped


def test_the_weights_are_judged_on_deals_the_fit_never_saw():
    """``python -m benchmarks.leads --held-out`` (the figures docs/solve.md gives for the
    shipped weights) reads no deal of the training workload the shipped weights were
    fitted to (``--train-deals 400``, the command in solver/_engine_leads.pxi)."""
    def deals(tasks):
        return {tuple(t.deal.masks) for t in tasks}

    trained = deals(training_tasks(400))
    assert len(trained) == 800
    groups = held_out_groups()
    # 200 deals in a trump suit, SA and TA, 100 in six strains, 3 x 60 in four, the workload
    assert sum(len(v) for v in groups.values()) == 3 * 200 + 6 * 100 + 3 * 240 + 36 + 24
    for name, tasks in groups.items():
        assert not deals(tasks) & trained, name
