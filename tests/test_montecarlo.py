"""The Monte Carlo loop, its statistics and the paired comparisons of options.

Where the numbers come from: the statistics are checked on small arrays worked out by
hand (each test says how); the paired errors of advise and lead are recomputed from
their own per-deal arrays (lead) or from score_deal on the same deals (advise).
"""

import json
import math

import numpy as np
import pytest
from cli_helpers import run

from solver import CAPOT, CardSet, Contract, Seat, Solver, Team, score_deal
from solver.advice import advise
from solver.errors import ConstraintError
from solver.lead import lead_advice
from solver.montecarlo import (Estimate, Study, against_best, estimate, json_number, share, share_se,
                               simulate, standard_error)
from solver.rules import STRAINS
from solver.sampling import sample_deals

HAND = "AJ9.A7.KT.J"
LEAD = "KT7.Q8.A9.K"


# -- statistics on numbers worked out by hand ------------------------------------------

def test_mean_and_standard_error():
    # 2 4 4 4 5 5 7 9: mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32, sample
    # variance 32/7, standard error sqrt(32/7 / 8) = sqrt(4/7)
    x = np.array([2, 4, 4, 4, 5, 5, 7, 9], dtype=float)
    assert estimate(x) == Estimate(5.0, pytest.approx(math.sqrt(4 / 7)))
    assert standard_error(x) == pytest.approx(0.7559289460)


def test_one_deal_has_no_standard_error():
    e = estimate(np.array([7.0]))
    assert e.value == 7.0 and math.isnan(e.se)
    assert json_number(e.se) is None and json_number(e.value) == 7.0


def test_share_and_its_standard_error():
    # 3 deals of 4: p = 0.75, sqrt(0.75 * 0.25 / 4) = sqrt(3) / 8
    assert share(np.array([True, False, True, True])) == Estimate(0.75, pytest.approx(math.sqrt(3) / 8))
    # p = 0 or 1: no spread, no error
    assert share(np.ones(5, dtype=bool)) == Estimate(1.0, 0.0)
    assert share_se(0.2, 100) == pytest.approx(0.04)            # sqrt(0.16 / 100)


def test_paired_comparison_on_three_deals():
    # option 1 is best; option 0 minus option 1: -2, -1, -3 -> mean -2, deviation 1,
    # paired error 1/sqrt(3); the two columns alone: deviations 10 and sqrt(111)
    values = np.array([[10.0, 12.0], [20.0, 21.0], [30.0, 33.0]])
    worse, best = against_best(values, best=1)
    assert worse == Estimate(-2.0, pytest.approx(1 / math.sqrt(3)))
    assert best == Estimate(0.0, 0.0)
    unpaired = math.hypot(10 / math.sqrt(3), math.sqrt(111) / math.sqrt(3))      # about 8.4
    assert worse.se < unpaired / 10


def test_the_paired_error_is_the_error_of_the_differences():
    rng = np.random.default_rng(5)
    values = rng.normal(size=(40, 4)).cumsum(axis=1)
    for best in range(4):
        for j, e in enumerate(against_best(values, best)):
            d = values[:, j] - values[:, best]
            assert e.value == pytest.approx(d.mean())
            assert e.se == pytest.approx(d.std(ddof=1) / math.sqrt(40))


def test_options_that_move_together_compare_sharper_paired():
    # the deal's luck (spread 30) lifts both options; they differ by 3 plus a small noise
    rng = np.random.default_rng(1)
    luck = rng.normal(100, 30, size=200)
    values = np.stack([luck + rng.normal(0, 2, 200), luck + 3 + rng.normal(0, 2, 200)], axis=1)
    paired = against_best(values, best=1)[0].se
    unpaired = math.hypot(standard_error(values[:, 0]), standard_error(values[:, 1]))
    assert np.corrcoef(values.T)[0, 1] > 0.9
    assert paired < unpaired / 5


# -- the loop -----------------------------------------------------------------------

def _hearts(solver, deal):
    return solver.solve(deal, "H", "S").ns_points


class _Hearts(Study):
    work = staticmethod(_hearts)

    def final(self, deals, results):
        return deals, results


def test_simulate_runs_the_study_on_the_sampled_deals_in_their_order():
    deals, points = simulate(_Hearts(), CardSet.from_pbn(HAND), Seat.S, samples=4, seed=7, workers=2)
    assert deals == sample_deals(HAND, "S", 4, seed=7)
    assert points == [_hearts(Solver(), d) for d in deals]
    assert simulate(_Hearts(), CardSet.from_pbn(HAND), Seat.S, samples=4, seed=7, workers=1) == (deals, points)


def test_simulate_checks_the_number_of_samples():
    for bad in (0, -1, 2.5, True):
        with pytest.raises(ConstraintError, match="samples"):
            simulate(_Hearts(), CardSet.from_pbn(HAND), Seat.S, samples=bad)


# -- advise and lead carry the paired comparison --------------------------------------

@pytest.fixture(scope="module")
def adv():
    return advise(HAND, seat="S", dealer="E", samples=16, seed=5, workers=2)


def _coinched_scores(adv, level, strain):
    # S's side's score minus theirs on each deal, coinched when it fails (test_advice's recipe)
    j = STRAINS.index(strain)
    out = []
    for i in range(adv.samples):
        bel = Team.NS if adv.bonus[i, j] else None
        pts, cap = int(adv.points[i, j]), bool(adv.capot[i, j])
        s = score_deal(Contract(level, strain, "S"), pts, capot=cap, belote=bel)
        if not s.made and level != CAPOT:
            s = score_deal(Contract(level, strain, "S", "coinche"), pts, capot=cap, belote=bel)
        out.append(s.ns_score - s.ew_score)
    return np.array(out, dtype=float)


def test_every_bid_is_compared_with_the_best(adv):
    best = adv.best_bid
    assert best.contract == adv.recommendation.bid or adv.recommendation.is_pass
    assert (best.vs_best, best.vs_best_se) == (0.0, 0.0)
    base = _coinched_scores(adv, best.level, best.strain)
    for b in adv.bids:
        assert b.vs_best == pytest.approx(b.ev - best.ev) and b.vs_best <= 1e-9
    for level, strain in [(80, STRAINS[0]), (120, STRAINS[4]), (CAPOT, STRAINS[5])]:
        b = adv.bid(level, strain)
        d = _coinched_scores(adv, level, strain) - base
        assert b.vs_best_se == pytest.approx(d.std(ddof=1) / math.sqrt(adv.samples))
    d = adv.to_dict()["bids"]
    assert all({"vs_best", "vs_best_se"} <= set(x) for x in d)


@pytest.fixture(scope="module")
def lead():
    return lead_advice(LEAD, seat="E", contract="100H", declarer="S", samples=12, seed=3, workers=2)


def test_every_lead_is_compared_with_the_best(lead):
    cards = lead.cards
    best = cards.index(lead.best.card)
    assert (lead.best.vs_best, lead.best.vs_best_se) == (0.0, 0.0)
    for s in lead.stats:
        j = cards.index(s.card)
        d = (lead.scores[:, j] - lead.scores[:, best]).astype(float)
        assert s.vs_best == pytest.approx(d.mean()) and s.vs_best <= 0
        assert s.vs_best_se == pytest.approx(d.std(ddof=1) / math.sqrt(lead.samples))
        assert s.ev == pytest.approx(lead.scores[:, j].mean())
        # leads from one hand rise and fall with the deal: pairing never loses here
        if np.corrcoef(lead.scores[:, j], lead.scores[:, best])[0, 1] > 0:
            assert s.vs_best_se <= math.hypot(s.ev_se, lead.best.ev_se)
    assert all({"vs_best", "vs_best_se"} <= set(c) for c in lead.to_dict()["cards"])


def test_set_only_compares_the_share_that_sets(lead):
    fast = lead_advice(LEAD, seat="E", contract="100H", declarer="S", samples=12, seed=3, workers=2,
                       measure="set")
    sets = ~fast.makes                       # E defends: her goal is to set the contract
    best = fast.cards.index(fast.best.card)
    for s in fast.stats:
        j = fast.cards.index(s.card)
        d = sets[:, j].astype(float) - sets[:, best]
        assert s.vs_best == pytest.approx(d.mean()) and s.vs_best <= 0
        assert s.vs_best_se == pytest.approx(d.std(ddof=1) / math.sqrt(12))
    assert fast.scores is None


def test_the_cli_tables_show_the_paired_error():
    r = run("lead", LEAD, "--seat", "E", "--contract", "100H", "--declarer", "S", "--samples", "12",
            "--seed", "3")
    assert r.exit_code == 0 and "vs best" in r.stdout and "paired se" in r.stdout
    api = lead_advice(LEAD, Seat.E, "100H", "S", samples=12, seed=3)
    worst = api.stats[-1]
    assert f"{worst.vs_best:+.0f} ± {worst.vs_best_se:.0f}" in r.stdout
    r = run("advise", HAND, "--seat", "S", "--dealer", "E", "--samples", "16", "--seed", "5")
    assert r.exit_code == 0 and "vs best" in r.stdout and "paired se" in r.stdout
    data = json.loads(run("advise", HAND, "--seat", "S", "--dealer", "E", "--samples", "16", "--seed", "5",
                          "--json").stdout)
    shown = [b for b in data["bids"] if b["vs_best"] < 0]
    assert any(f"{b['vs_best']:+.0f} ± {b['vs_best_se']:.0f}" in r.stdout for b in shown)
