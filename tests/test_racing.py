"""Racing: a sampled answer retires the options separated below the best and stops solving
what only they read (the strains of an opening's or an auction's bids).  The statistics
keep their promise, and the options still running are judged on every deal, the same
numbers as without racing."""

from __future__ import annotations

import json

import numpy as np
import pytest

from solver.advice import advise
from solver.bidding import auction_advice
from solver.montecarlo import FIRST_ROUND
from solver.cards import Seat
from solver.rules import STRAINS, Strain
from solver.sequential import StoppingRule, StopReason, sample_sequentially
from solver.web.views import histograms


def _race_table(seed: int, means: np.ndarray, rows: int = 3000) -> tuple[np.ndarray, list[frozenset[int]]]:
    """Seeded per-deal values (a luck shared by every option, deviation 60, and each
    option's own, deviation 20) raced with NaN written into a retired column's later rows,
    as an answer that stops solving its strain does; the retired sets seen, in order."""
    rng = np.random.default_rng(seed)
    table = rng.normal(0.0, 60.0, (rows, 1)) + means + rng.normal(0.0, 20.0, (rows, len(means)))
    seen: list[frozenset[int]] = []
    done = [0]

    def solve(a: int, b: int) -> np.ndarray:
        done[0] = b
        return table[a:b]

    def race(retired: frozenset[int]) -> None:
        seen.append(retired)
        table[done[0]:, sorted(retired)] = np.nan

    _, verdict = sample_sequentially(solve, rows, StoppingRule(confidence=0.80, margin=1.0), race=race)
    return verdict, seen


def test_racing_is_right_as_often_as_promised_and_never_retires_the_best_too_often():
    # the best 3 points above 9 options tying at 0 and 10 options far behind (-40): the
    # far ones are retired early; at 80% confidence at most 20% of 150 seeded runs may
    # name another option or retire the best
    means = np.array([3.0] + [0.0] * 9 + [-40.0] * 10)
    wrong = decided = retired_best = early = 0
    for seed in range(150):
        verdict, seen = _race_table(seed, means)
        retired_best += any(0 in r for r in seen)
        early += bool(seen) and set(range(10, 20)) <= seen[0]
        if verdict.reason in (StopReason.SEPARATED, StopReason.INDIFFERENT):
            decided += 1
            wrong += verdict.best != 0
    assert decided >= 100
    assert wrong + retired_best <= 0.20 * 150
    assert early >= 140          # 40 points behind at a deviation of 20: gone at the first look


def test_a_retired_option_stays_retired_and_its_nan_is_never_read():
    verdict, seen = _race_table(5, np.array([3.0] + [0.0] * 9 + [-40.0] * 10))
    assert all(a <= b for a, b in zip(seen, seen[1:]))           # retired for good
    assert set(verdict.retired) == set(seen[-1])
    assert verdict.best not in verdict.retired
    assert all(np.isnan(verdict.upper[j]) for j in verdict.retired)
    assert np.isfinite(verdict.vouch)


def test_nothing_is_retired_before_min_samples():
    rule = StoppingRule(min_samples=50)
    values = np.column_stack([np.full(40, 10.0) + np.arange(40) % 3, np.full(40, -50.0) + np.arange(40) % 2])
    assert rule.beaten(rule.decide(values)) == frozenset()
    more = np.vstack([values, values])
    assert rule.beaten(rule.decide(more)) == frozenset({1})


HAND = "AJ9.A7.KT.J"


@pytest.fixture(scope="module")
def raced():
    # AJ9.A7.KT.J at S, E deals: 100♠ is far ahead of every bid in ♥ ♦ ♣ after the first round
    kw = dict(seat="S", dealer="E", samples=150, seed=1, workers=1, confidence=0.95)
    return advise(HAND, race=True, **kw), advise(HAND, race=False, **kw)


def test_an_opening_race_leaves_strains_behind_and_names_the_same_bid(raced):
    fast, slow = raced
    assert fast.samples == slow.samples == 150
    assert fast.recommendation.label == slow.recommendation.label == "100♠"
    counts = {s: fast.strains[s].samples for s in STRAINS}
    assert counts[Strain.S] == 150 and min(counts.values()) == FIRST_ROUND     # the first round's deals
    assert all(slow.strains[s].samples == 150 for s in STRAINS)
    assert len(fast.stopping.retired) > 0 and not slow.stopping.retired


def test_a_strain_still_running_has_the_same_numbers_and_a_retired_one_those_of_its_deals(raced):
    fast, slow = raced
    for j, s in enumerate(STRAINS):
        n = fast.strains[s].samples
        assert np.array_equal(np.ma.compressed(fast.points[:, j]), slow.points[:n, j])
        if n == slow.samples:
            assert fast.strains[s] == slow.strains[s]
    best = fast.bid(100, Strain.S)
    assert best == slow.bid(100, Strain.S)
    behind = fast.bid(80, Strain.H)
    assert behind.samples == fast.strains[Strain.H].samples < 150
    # judged on the deals its strain was solved on: the first ones of the run without racing
    n = behind.samples
    assert behind.p_make == pytest.approx(float((slow.totals[:n, 1] >= 82).mean()))
    on_same = np.array([slow.deals[i] == fast.deals[i] for i in range(n)])
    assert on_same.all()


def test_a_raced_opening_in_json_and_on_the_board(raced):
    fast, _ = raced
    d = json.loads(json.dumps(fast.to_dict(with_deals=True)))
    assert d["strains"]["H"]["samples"] == fast.strains[Strain.H].samples
    assert d["points"][-1][1] is None and d["points"][-1][0] is not None
    h = histograms(d["points"], d["bonus"])
    assert sum(h["counts"]["S"]) == 150 and sum(h["counts"]["H"]) == fast.strains[Strain.H].samples


def test_a_fixed_run_never_races():
    adv = advise(HAND, seat="S", dealer="E", samples=60, seed=1, workers=1)
    assert adv.stopping is None and all(st.samples == 60 for st in adv.strains.values())
    assert not isinstance(adv.points, np.ma.MaskedArray)


def test_an_auction_race_names_the_same_call():
    kw = dict(seat=Seat.N, dealer=Seat.E, auction="S:80H W:90D N:?", samples=160, seed=1, workers=1,
              confidence=0.95)
    fast = auction_advice(HAND, race=True, **kw)
    slow = auction_advice(HAND, race=False, **kw)
    assert fast.best.call == slow.best.call
    assert fast.best == slow.best
    short = [c for c in fast.calls if c.samples < fast.samples]
    assert short and all(c.vs_best < 0 for c in short)
    assert isinstance(fast.points, np.ma.MaskedArray)
    assert np.isnan(fast.scores).any() and not np.isnan(slow.scores).any()


def test_the_realism_check_of_a_raced_opening_is_that_of_the_same_answer_without_racing(raced):
    # the check plays the advised strain, which a race never leaves behind, on more deals
    # (50) than the strains left behind were solved on (40)
    from solver.realism import check
    fast, slow = raced
    got = [check(a, samples=50, worlds=2, seed=3, workers=1, executor="thread")[0] for a in (fast, slow)]
    assert got[0] is not None and got[0] == got[1] and got[0].samples == 50


def test_the_totals_and_the_bars_of_a_raced_opening_leave_the_unsolved_deals_out(raced):
    from solver.plot import histogram_counts
    fast, _ = raced
    totals = fast.totals
    for j, s in enumerate(STRAINS):
        assert np.ma.count(totals[:, j]) == fast.strains[s].samples
        assert histogram_counts(np.ma.compressed(totals[:, j])).sum() == fast.strains[s].samples
    assert float(np.ma.compressed(totals[:, 1]).mean()) == pytest.approx(fast.strains[Strain.H].mean)


@pytest.mark.parametrize("auction", [None, "S:80H W:90D N:?"])
def test_coinche_advise_shows_the_deals_of_what_a_race_left_behind_and_no_race_solves_all(auction):
    from cli_helpers import run
    base = ["advise", HAND, "--dealer", "E", "--seed", "1", "--samples", "150", "--confidence", "0.95",
            "--no-dd-check"] + (["--seat", "S"] if auction is None else ["--seat", "N", "--auction", auction])
    raced, whole = run(*base), run(*base, "--no-race")
    assert raced.exit_code == 0 and whole.exit_code == 0, raced.output + whole.output
    words = [" ".join(r.stdout.split()) for r in (raced, whole)]      # the captions wrap
    assert "on the first deals only" in words[0] and "on the first deals only" not in words[1]
    assert "deals ┃" in raced.stdout and "deals ┃" not in whole.stdout
    # the same call named either way
    named = [w[w.index("Bid " if auction is None else "Call "):].split(".")[0] for w in words]
    assert named[0] == named[1]


def test_a_watched_race_names_a_runner_up_still_running():
    from solver.montecarlo import watching
    seen = []
    with watching(lambda r: seen.append(r) or False):
        adv = advise(HAND, seat="S", dealer="E", samples=150, seed=1, workers=1, confidence=0.95)
    late = seen[-1]
    assert adv.stopping.retired and late.verdict.retired
    assert late.runner_up is not None and late.runner_up not in late.verdict.retired
    assert late.gap is not None and np.isfinite(late.gap.value)
