"""The sequential stopping rule (solver.sequential) on synthetic options whose true means
are known: it picks a right answer at least as often as its confidence promises, says
"indifferent" rather than "separated" for options that tie, and stops early when the
answer is clear."""

from __future__ import annotations

import numpy as np
import pytest

from solver.sequential import StoppingRule, StopReason, confidence_radius, sample_sequentially


def _values(means: list[float], sd: float, n: int, seed: int) -> np.ndarray:
    """``n`` deals of options with these true means: a shared per-deal luck (which the
    paired comparison cancels) plus each option's own noise, as scores of one hand behave."""
    rng = np.random.default_rng(seed)
    luck = rng.normal(0.0, 3 * sd, (n, 1))
    return luck + np.asarray(means) + rng.normal(0.0, sd, (n, len(means)))


def _run(means: list[float], seed: int, rule: StoppingRule, max_samples: int = 4000):
    table = _values(means, 20.0, max_samples, seed)
    return sample_sequentially(lambda a, b: table[a:b], max_samples, rule)


def test_the_answer_is_right_as_often_as_promised():
    """Over 300 seeded runs with three options 0, 4 and 8 points apart (deviation 20),
    a run that stops on its own (separated or indifferent) names an option within the
    margin of the truly best in at least 90% of runs, the confidence asked for."""
    rule = StoppingRule(confidence=0.90, margin=2.0)
    means = [0.0, 4.0, 8.0]
    runs = [_run(means, seed, rule)[1] for seed in range(300)]
    decided = [v for v in runs if v.reason in (StopReason.SEPARATED, StopReason.INDIFFERENT)]
    wrong = [v for v in decided if means[v.best] < max(means) - rule.margin]
    assert len(decided) >= 250                      # most runs settle before 4,000 deals
    assert len(wrong) <= 0.10 * len(runs)
    # The intervals are conservative: in practice the wrong answers are far rarer.
    assert len(wrong) <= 3


def test_a_tie_is_called_a_tie():
    """Two options with the same true mean: the rule says they are within the margin, and
    claims a separation in no more runs than its error allows (5% of 200)."""
    rule = StoppingRule(confidence=0.95, margin=3.0)
    verdicts = [_run([10.0, 10.0], seed, rule)[1] for seed in range(200)]
    separated = sum(v.reason is StopReason.SEPARATED for v in verdicts)
    indifferent = [v for v in verdicts if v.reason is StopReason.INDIFFERENT]
    assert separated <= 0.05 * len(verdicts)
    assert len(indifferent) >= 0.9 * len(verdicts)
    assert all(v.indifferent == (1 - v.best,) for v in indifferent)


def test_a_clear_answer_stops_early_and_a_close_one_samples_more():
    rule = StoppingRule(confidence=0.95, margin=1.0)
    _, clear = _run([0.0, 30.0], 1, rule)
    _, close = _run([0.0, 3.0], 1, rule)
    assert clear.reason is StopReason.SEPARATED and clear.best == 1
    assert clear.samples < 200
    assert close.samples > clear.samples


def test_it_stops_at_the_deals_allowed_or_the_time_budget():
    rule = StoppingRule(confidence=0.95, margin=0.0)
    table = _values([0.0, 0.0, 0.0], 20.0, 500, 3)
    values, verdict = sample_sequentially(lambda a, b: table[a:b], 500, rule)
    assert verdict.reason is StopReason.MAX_SAMPLES and verdict.samples == 500 and len(values) == 500
    ticks = iter(range(1000))
    values, verdict = sample_sequentially(lambda a, b: table[a:b], 500, rule, first=40,
                                          time_budget=1.5, clock=lambda: float(next(ticks)))
    assert verdict.reason is StopReason.TIME
    assert verdict.samples == 40 + 60                 # two rounds: the clock reads 1, then 2


def test_what_it_can_vouch_for():
    """``vouch`` is how much another option could still beat the chosen one: 0 once the
    best is separated, the upper end of the closest option's interval otherwise."""
    rule = StoppingRule(confidence=0.95, margin=5.0)
    separated = rule.decide(_values([0.0, 50.0], 10.0, 400, 5))
    assert separated.reason is StopReason.SEPARATED and separated.vouch == 0.0
    tie = rule.decide(_values([0.0, 0.0], 10.0, 400, 5))
    assert tie.reason is StopReason.INDIFFERENT
    assert tie.vouch == pytest.approx(max(tie.upper[1 - tie.best], 0.0))
    assert 0.0 < tie.vouch < 5.0


def test_the_radius_narrows_like_one_over_root_n():
    """From 1,000 to 4,000 values the radius shrinks by about half (a log factor more)."""
    a = confidence_radius(1000, 10.0, 0.05, 200)
    b = confidence_radius(4000, 10.0, 0.05, 200)
    assert 0.5 < b / a < 0.6


@pytest.mark.parametrize("kwargs", [{"confidence": 1.0}, {"confidence": 0.0}, {"margin": -1.0},
                                    {"min_samples": 1}])
def test_bad_parameters_are_refused(kwargs):
    with pytest.raises(ValueError):
        StoppingRule(**kwargs)


def test_an_option_probably_worse_but_within_the_margin_does_not_block_the_stop():
    """A second option 4 points worse on average with a wide spread: its interval
    (about -8.3 to +0.3 after 200 deals, sd 20) is not below zero, yet it cannot beat
    the best by the margin of 5, so the best is vouched for within the margin."""
    d = np.where(np.arange(200) % 2 == 0, 16.0, -24.0)      # mean -4, sd 20
    verdict = StoppingRule(confidence=0.95, margin=5.0).decide(np.column_stack([np.zeros(200), d]))
    assert verdict.upper[1] < 5.0 < -verdict.lower[1]
    assert verdict.reason is StopReason.INDIFFERENT and verdict.best == 0 and verdict.vouch < 5.0
