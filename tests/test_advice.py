"""Bidding advice: reproducible, consistent with its own arrays, and with solve().

Where the numbers come from: the per-deal points are cross-checked with solve(); the
statistics are recomputed from the ``points``/``capot``/``bonus`` arrays; the capot
and pass cases hold by construction (a hand with all eight trumps takes every trick:
each of its cards is a trump and no opponent holds one).
"""

import numpy as np
import pytest

from solver import (CAPOT, ConstraintError, Contract, DealError, Rules, Seat, Strain, Team,
                    belote_teams, score_deal, solve)
from solver.advice import LEVELS, QUANTILES, advise
from solver.declarations import award_declarations
from solver.rules import STRAINS
from solver.sampling import Constraints

HAND = "AJ9.A7.KT.J"


@pytest.fixture(scope="module")
def adv():
    # E deals, so S (the asking seat) leads; 24 deals solved on two workers
    return advise(HAND, seat="S", dealer="E", samples=24, seed=11, workers=2)


def test_shapes_and_fields(adv):
    assert adv.points.shape == (24, 6) and adv.points.dtype.kind == "i"
    assert adv.capot.shape == (24, 6) and adv.capot.dtype == bool
    assert len(adv.deals) == adv.samples == 24
    assert adv.leader == Seat.S and adv.team == Team.NS
    assert list(adv.strains) == list(STRAINS)
    assert len(adv.bids) == 6 * (len(LEVELS) + 1)          # 80..160 and capot, per strain


def test_same_seed_same_advice_whatever_the_workers():
    a = advise(HAND, "W", "N", samples=5, seed=3, workers=1)
    b = advise(HAND, "W", "N", samples=5, seed=3, workers=2)
    assert a.deals == b.deals
    assert np.array_equal(a.points, b.points) and np.array_equal(a.capot, b.capot)
    assert a.to_dict() == b.to_dict()


def test_process_workers_agree_with_threads():
    a = advise(HAND, "E", "S", samples=4, seed=8, workers=2, executor="process")
    b = advise(HAND, "E", "S", samples=4, seed=8, workers=1)
    assert np.array_equal(a.points, b.points) and a.to_dict() == b.to_dict()


def test_every_sample_holds_the_hand(adv):
    assert all(d.hands[Seat.S] == adv.hand for d in adv.deals)


def test_every_sample_honours_the_constraints():
    c = Constraints(voids={"W": "H"}, known={"N": "SK"}, points={"E": (0, 25)})
    a = advise(HAND, "S", "N", samples=4, seed=2, constraints=c, workers=2)
    assert all(c.accepts(d) and d.hands[Seat.S] == a.hand for d in a.deals)


def test_points_agree_with_solve(adv):
    leader = adv.leader
    for i in (0, 1, 2):
        for j, strain in enumerate(STRAINS):
            sol = solve(adv.deals[i], strain, leader)
            assert adv.points[i, j] == sol.ns_points            # S is N-S
            if adv.points[i, j] == 162:
                assert adv.capot[i, j] == (sol.ns_max_tricks == 8)
            else:
                assert not adv.capot[i, j]


def test_capot_flags_agree_with_trick_counts(adv):
    # a capot takes all 162 points; whenever 162 was taken, the trick count decides
    assert not (adv.capot & (adv.points != 162)).any()
    i, j = np.argwhere(adv.points == 162)[0] if (adv.points == 162).any() else (None, None)
    if i is not None:
        sol = solve(adv.deals[i], STRAINS[j], adv.leader)
        assert adv.capot[i, j] == (sol.ns_max_tricks == 8)


def test_bonus_is_the_sides_belote(adv):
    for i, d in enumerate(adv.deals):
        for j, strain in enumerate(STRAINS):
            ours = any(s.team == Team.NS for s, _ in belote_teams(d, strain))
            assert adv.bonus[i, j] == (20 if ours else 0)


def test_strain_statistics_agree_with_the_arrays(adv):
    totals = adv.points + adv.bonus
    assert np.array_equal(adv.totals, totals)
    for j, strain in enumerate(STRAINS):
        st = adv.strain(strain)
        t = totals[:, j]
        assert st.mean == pytest.approx(t.mean())
        assert st.std == pytest.approx(t.std(ddof=1))
        assert st.se == pytest.approx(t.std(ddof=1) / np.sqrt(24))
        assert st.mean_card_points == pytest.approx(adv.points[:, j].mean())
        for q in QUANTILES:
            assert st.quantiles[q] == pytest.approx(np.quantile(t, q))
        for lv in LEVELS:
            assert st.p_reach[lv] == pytest.approx((t >= (82 if lv == 80 else lv)).mean())
        assert st.p_capot == pytest.approx(adv.capot[:, j].mean())


def test_bid_statistics_agree_with_score_deal(adv):
    for level, name in [(80, "S"), (110, "C"), (160, "SA"), (CAPOT, "TA"), (CAPOT, "S")]:
        strain = Strain.parse(name)
        b = adv.bid(level, strain)
        j = STRAINS.index(strain)
        diffs, coinched, made = [], [], []
        for i, d in enumerate(adv.deals):
            bel = Team.NS if adv.bonus[i, j] else None
            c = Contract(level, strain, "S")
            s = score_deal(c, int(adv.points[i, j]), capot=bool(adv.capot[i, j]), belote=bel)
            made.append(s.made)
            diffs.append(s.ns_score - s.ew_score)
            if not s.made and level != CAPOT:          # a capot bid cannot be coinched
                s = score_deal(Contract(level, strain, "S", "coinche"), int(adv.points[i, j]),
                               capot=bool(adv.capot[i, j]), belote=bel)
            coinched.append(s.ns_score - s.ew_score)
        assert b.p_make == pytest.approx(np.mean(made))
        assert b.p_make_se == pytest.approx(np.sqrt(b.p_make * (1 - b.p_make) / 24))
        assert b.uncoinched.value == pytest.approx(np.mean(diffs))
        assert b.uncoinched.se == pytest.approx(np.std(diffs, ddof=1) / np.sqrt(24))
        assert b.ev == pytest.approx(np.mean(coinched))
        # under the default rules, making is reaching the target
        if level != CAPOT:
            assert b.p_make == adv.strain(strain).p_reach[level]
        else:
            assert b.p_make == adv.strain(strain).p_capot


def test_recommendation_is_the_best_bid_under_coinche(adv):
    rec = adv.recommendation
    best = max(b.ev for b in adv.bids)
    if best > 0:
        assert rec.bid is not None and rec.stats.ev == best
        assert rec.stats.label in rec.text and "%" in rec.text
        assert rec.ceiling.strain == rec.bid.strain and rec.ceiling.level >= rec.bid.level
    else:
        assert rec.is_pass and rec.text.startswith("Pass")


def test_all_eight_trumps_recommends_capot():
    a = advise("AKQJT987.-.-.-", "S", "N", samples=3, seed=1, workers=2)
    assert a.recommendation.bid == Contract(CAPOT, "S", "S")
    assert a.strain(Strain.S).p_capot == 1.0 and (a.points[:, 0] == 162).all()
    # 500 for a bid capot (seed 000) + 20 for belote, on every deal: nothing to lose
    assert a.bid("capot", Strain.S).uncoinched.value == a.bid("capot", Strain.S).ev == 520.0
    assert "capot ♠" in a.recommendation.text


def test_no_trump_honour_and_no_ace_recommends_pass():
    # only sevens and eights: no jack, nine or ace anywhere
    a = advise("87.87.87.87", "S", "N", samples=8, seed=1, workers=2)
    assert a.recommendation.is_pass and a.recommendation.bid is None
    assert a.recommendation.text.startswith("Pass")
    assert all(b.ev <= 0 for b in a.bids)


def test_declarations_count_in_the_bonus_when_the_rules_score_them():
    rules = Rules(declarations=True)
    a = advise("AKQ.AKQ.J.9", "N", "W", samples=3, seed=4, rules=rules, workers=2)
    for i, d in enumerate(a.deals):
        for j, strain in enumerate(STRAINS):
            ours = any(s.team == Team.NS for s, _ in belote_teams(d, strain, rules))
            decl = award_declarations(d, strain, a.leader, rules)
            assert tuple(a.declarations[i, j]) == decl
            assert a.bonus[i, j] == 20 * ours + decl[0]


def test_errors():
    with pytest.raises(DealError, match="a hand holds 8 cards, this one 10"):
        advise("AJ9.A7.KT.J87", samples=1)
    with pytest.raises(ConstraintError, match="samples 0"):
        advise(HAND, samples=0)
    with pytest.raises(ConstraintError, match="unknown seat"):
        advise(HAND, seat="X", samples=1)


def test_progress_reports_every_deal():
    seen = []
    advise(HAND, "S", "N", samples=3, seed=1, workers=2, progress=lambda d, n: seen.append((d, n)))
    assert seen[-1] == (3, 3) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_bid_values_work_out_each_deal_once_and_give_the_rows_of_a_fresh_study():
    # every round of a sequential answer hands bid_values the deals solved so far, from
    # the first: the rows of the deals seen before are kept, and must be those a fresh
    # study works out for all the deals at once; other deals start again
    from solver.advice import BiddingStudy
    from solver.six_strains import solve_six_strains
    from solver.sampling import parse_hand, sample_deals
    from solver.solve import Solver

    hand = parse_hand("AJ9.A7.KT.J")
    kw = dict(hand=hand, seat=Seat.S, dealer=Seat.E, rules=Rules(), seed=3, constraints=None)
    deals = sample_deals(hand, "S", 12, seed=3)
    solver = Solver(tt_bits=12)
    study = BiddingStudy(**kw)
    results = [solve_six_strains(solver, t) for t in study.initial(deals)]
    rounds = BiddingStudy(**kw)
    calls = []
    original = rounds._valued.work
    rounds._valued.work = lambda d, r: calls.append(len(d)) or original(d, r)
    for n in (4, 9, 12):
        kept = rounds.bid_values(deals[:n], results[:n])
        np.testing.assert_array_equal(kept, study.bid_values(deals[:n], results[:n]))
        np.testing.assert_array_equal(kept, BiddingStudy(**kw).bid_values(deals[:n], results[:n]))
    assert calls == [4, 5, 3]                 # each deal worked out once
    assert rounds.bid_values(deals[:6], results[:6]).shape[0] == 6
    others, mixed = deals[6:] + deals[:6], results[6:] + results[:6]
    np.testing.assert_array_equal(rounds.bid_values(others, mixed),
                                  BiddingStudy(**kw).bid_values(others, mixed))
    assert calls[-1] == 12                    # other deals: every row again
    summary = rounds.final(others, mixed)  # the claims read from the kept rows
    assert summary.strains == BiddingStudy(**kw).final(others, mixed).strains
