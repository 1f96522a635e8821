"""The first estimate of a whole deal's value (``solver/_engine_estimate.pxi``).

The features are checked against the example deal read by hand; the estimate against
the shipped weights applied in Python; the weights only choose where the probes start,
so any weights must give the same values; and the shipped weights are the fit of the
command named in ``solver/_engine_estimate_fit.pxi``, on deals apart from those they
are judged on.
"""

from __future__ import annotations

import random

import pytest

from benchmarks.estimate import TRAIN_DEALS, TRAIN_SEED, bench_pairs, fit, samples, training_pairs
from benchmarks.leads import held_out_groups
from solver import Card, Deal, Position, Seat, Solver, Strain
from solver._engine import estimate_weights, set_estimate_weights

# N: SA SK HK H8 DK D8 CA C8   E: ST S9 S8 HQ HT DJ D9 C7
# S: SQ HA DA DQ D7 CK CQ CJ   W: SJ S7 HJ H9 H7 DT CT C9
EXAMPLE = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")


def loaded(strain: Strain, leader: Seat) -> Solver:
    s = Solver()
    s.load(Position(EXAMPLE, strain, leader))
    return s


def test_features_of_the_example_in_hearts():
    s = loaded(Strain.H, Seat.N)
    f = s._engine.estimate_features()
    # the trumps by strength J 9 A T K Q 8 7: W, W, S, E, N, E, N, W
    assert f[:8] == [-1, -1, 1, -1, 1, -1, 1, -1]
    # the plain cards by strength A T K Q J 9 8 7, N-S's count minus E-W's over S, D, C:
    # A: N S N; T: E W W; K: N N S; Q: S S S; J: W E S; 9: E E W; 8: E N N; 7: W S E
    assert f[8:16] == [3, -3, 3, 3, -1, -3, 1, -1]
    # trumps 3 against 5; longest holding 2 (N) against 3 (W); shortness beside trumps:
    # S's singleton spade, E's singleton club, W's singleton diamond
    assert f[16:19] == [-2, -1, -1]
    lb, ub = s._engine.sure_bounds()
    assert f[19:] == [lb, s._engine.max_value() - ub, 1]


def test_features_are_the_leaders_sides():
    # with E on lead the cards count for E-W: the card features change sign
    n = loaded(Strain.H, Seat.N)._engine.estimate_features()
    e = loaded(Strain.H, Seat.E)._engine.estimate_features()
    assert e[:19] == [-x for x in n[:19]]
    f = loaded(Strain.SA, Seat.S)._engine.estimate_features()
    # without trumps, the cards by strength A T K Q J 9 8 7 over the four suits
    # (hearts: S's A, E's T, N's K, E's Q, W's J and 9, N's 8, W's 7), and the longest
    # suit of a side: N-S's five diamonds against E-W's five spades
    assert f[:9] == [4, -4, 4, 2, -2, -4, 2, -2, 0]
    assert len(f) == 12


def test_the_estimate_is_the_weights_applied():
    w = estimate_weights()
    for strain, leader in ((Strain.H, Seat.N), (Strain.C, Seat.W), (Strain.SA, Seat.E), (Strain.TA, Seat.S)):
        eng = loaded(strain, leader)._engine
        row = w[0 if strain.value < 4 else 1 if strain == Strain.SA else 2]
        side = sum(a * b for a, b in zip(row, eng.estimate_features()))
        total = eng.max_value()
        mine = min(max(int(side + 0.5), 0), total)
        assert eng.estimate() == (mine if leader % 2 == 0 else total - mine)


def test_only_a_whole_deals_first_lead_has_an_estimate():
    assert loaded(Strain.H, Seat.N)._engine.estimate() >= 0
    pos = Position(EXAMPLE, Strain.H, Seat.N)
    pos.play(Card.parse("SA"))
    s = Solver()
    s.load(pos)
    assert s._engine.estimate() == -1
    s.load(Position(EXAMPLE, Strain.H, Seat.N), count_tricks=True)
    assert s._engine.estimate() == -1


def test_any_estimate_gives_the_same_values():
    deals = [Deal.random(seed=5050 + i) for i in range(3)]

    def solve_all() -> tuple[list[int], int]:
        s = Solver()
        sols = [s.solve(d, st, Seat.E) for d in deals for st in Strain]
        return [x.ns_points for x in sols], sum(x.nodes for x in sols)

    shipped = estimate_weights()
    want, nodes = solve_all()
    rng = random.Random(50)
    try:
        set_estimate_weights([[rng.uniform(-20, 120) for _ in row] for row in shipped])
        got, other_nodes = solve_all()
        set_estimate_weights([[0.0] * len(row) for row in shipped])
        none, _ = solve_all()
    finally:
        set_estimate_weights(shipped)
    assert got == want == none
    assert other_nodes != nodes          # the weights do reach the search
    assert estimate_weights() == shipped


def test_weights_of_the_wrong_shape_or_size_are_refused():
    shipped = estimate_weights()
    bad_shape = [shipped[0], shipped[1]]
    too_big = [list(shipped[0]), list(shipped[1]), list(shipped[2])]
    too_big[1][0] = float("inf")
    for bad in (bad_shape, too_big):
        with pytest.raises(ValueError):
            set_estimate_weights(bad)
        assert estimate_weights() == shipped


def test_the_shipped_weights_are_the_committed_fit():
    # python -m benchmarks.estimate --seed 930000 --deals 1500 --write-table (the command
    # in solver/_engine_estimate_fit.pxi); the fit rounds to 4 decimals, so another
    # numerical library may move the last one
    fitted = fit(samples(training_pairs(TRAIN_DEALS, TRAIN_SEED)))
    for got, want in zip(fitted, estimate_weights()):
        assert [round(a - b, 3) for a, b in zip(got, want)] == [0.0] * len(want)


def test_the_estimate_is_judged_on_deals_the_fit_never_saw():
    train = {d.to_pbn() for d, _, _ in training_pairs()}
    judged = {d.to_pbn() for d, _, _ in bench_pairs()}
    for tasks in held_out_groups().values():
        judged |= {t.deal.to_pbn() for t in tasks}
    assert len(train) == TRAIN_DEALS
    assert not train & judged
