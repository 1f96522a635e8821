"""When to stop sampling: a sequential comparison of options judged on the same deals.

A Monte Carlo answer that compares options (the calls of an auction, the cards of a
hand) solves its deals in rounds.  After each round :meth:`StoppingRule.decide` looks
at the per-deal values so far, one row a deal and one column an option, and says
whether the answer is known:

- **separated**: the option with the best mean is better than every other, each
  difference's confidence interval lying above zero;
- **indifferent**: no option the best is not separated from can beat it by
  ``margin`` or more (each difference's interval lies below ``margin``): the best
  is within the margin of the truly best, whether the others tie or are only
  probably worse;
- otherwise sampling goes on, up to ``max_samples`` or a time budget.

Looking at the data after every round and stopping when it looks good would make a
plain confidence interval lie: the more often one looks, the likelier a chance
separation.  So the intervals here are *confidence sequences*, valid at every round
at once: the normal-mixture boundary of Robbins with the variance estimated from the
data, which Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas (2021, "Time-uniform
central limit theory and asymptotic confidence sequences") show covers the mean at
every sample size simultaneously with probability at least ``confidence``
asymptotically.  For ``n`` paired differences with mean ``m`` and standard deviation
``s`` the interval is::

    m ± s * sqrt(2 (n r² + 1) / (n² r²) * log(sqrt(n r² + 1) / a))

where ``r`` tunes the boundary to be tightest near ``horizon`` samples and ``a`` is
the error allowed to one comparison.  The best option is chosen from the data, but a
wrong answer always needs one interval to fail: that of the truly best option against
the one named.  Stopping on *separated* names an option whose interval against the
truly best lies above zero, and stopping on *indifferent* (or vouching for ``v``) one
the truly best beats by the margin (or ``v``) while its interval says less.  The
truly best is one of ``k`` options, and the pairs holding it are ``k - 1``: ``a`` is
``1 - confidence`` shared among ``k - 1`` (Bonferroni over the pairs of the truly best,
whichever it is), so the answer is wrong with a chance of at most ``1 - confidence``.
The intervals of two options neither of which is the best are not covered together
(nothing is concluded from them).

**Racing.**  An option separated below the best at one look can be *retired*: it is
left out of every later look, and the answer need no longer solve what only it reads
(:func:`sample_sequentially` with ``race``).  The same intervals cover the truly best
option's pairs at every look at once, so on that event the truly best is never retired
(retiring it would need its interval against another to lie below zero) and the answer
is the one the whole comparison would name: the chance of a wrong answer stays at most
``1 - confidence``, with ``a`` still shared among the ``k - 1`` pairs of all the
options.  A retired option keeps the deals it was judged on, fewer than the others'.

>>> rng = np.random.default_rng(1)
>>> values = np.column_stack([rng.normal(10, 5, 400), rng.normal(0, 5, 400)])
>>> verdict = StoppingRule(confidence=0.95, margin=1.0).decide(values)
>>> verdict.reason, verdict.best
(<StopReason.SEPARATED: 'separated'>, 0)
"""

from __future__ import annotations

import dataclasses
import enum
import math
import time
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from .messages import tr

__all__ = ["StopReason", "Verdict", "StoppingRule", "sample_sequentially", "confidence_radius"]


class StopReason(str, enum.Enum):
    """Why sampling stopped (or, for ``CONTINUE``, that it should not yet)."""

    SEPARATED = "separated"        # the best is better than every other option
    INDIFFERENT = "indifferent"    # the rest are better or within the margin
    MAX_SAMPLES = "max_samples"    # the deals allowed are used up
    TIME = "time"                  # the time budget is spent
    USER = "user"                  # whoever asked stopped it, keeping what was known
    CONTINUE = "continue"          # not known yet

    def __str__(self) -> str:
        return self.value


def confidence_radius(n: int, sd: float, alpha: float, horizon: int) -> float:
    """Half the width of the two-sided confidence sequence for a mean after ``n``
    values of standard deviation ``sd``, error ``alpha`` over all sample sizes,
    tightest near ``horizon`` values (see the module's docstring).

    >>> round(confidence_radius(100, 10.0, 0.05, 100), 2)
    3.04
    >>> confidence_radius(1, 10.0, 0.05, 100)
    inf
    """
    if n < 2:
        return math.inf
    log_a = -2.0 * math.log(alpha)
    rho2 = (log_a + math.log(log_a + 1.0)) / horizon
    nr2 = n * rho2
    return sd * math.sqrt(2.0 * (nr2 + 1.0) / (n * n * rho2) * math.log(math.sqrt(nr2 + 1.0) / alpha))


@dataclass(frozen=True)
class Verdict:
    """What a look at the values says.

    ``best``: the option with the best mean; ``reason``: whether to stop and why;
    ``samples``: the deals looked at; ``indifferent``: the other options within the
    margin of the best (not separated from it); ``vouch``: by how much another option
    might still beat the best, at the stated confidence (0 when the best is separated
    from all); ``lower``/``upper``: each option's difference from the best (the option
    minus the best), as an interval (NaN for a retired option); ``retired``: the options
    left out of the comparison, separated below the best at an earlier look (racing);
    ``names``: the options' names for people, one per column, when the answer gives
    them (empty: unnamed), ``keys`` their JSON names.
    """

    reason: StopReason
    best: int
    samples: int
    indifferent: tuple[int, ...]
    vouch: float
    lower: tuple[float, ...]
    upper: tuple[float, ...]
    confidence: float = 0.95
    margin: float = 5.0
    names: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()
    retired: tuple[int, ...] = ()

    @property
    def close(self) -> tuple[str, ...]:
        """The names of the options too close to the best to call (empty when unnamed)."""
        return tuple(self.names[j] for j in self.indifferent if j < len(self.names))

    @property
    def done(self) -> bool:
        return self.reason is not StopReason.CONTINUE

    def describe(self, unit: str = "") -> str:
        """Why sampling stopped, in words (``unit`` follows the margins: ``"%"``, or
        nothing for score points).

        >>> Verdict(StopReason.SEPARATED, 0, 120, (), 0.0, (), ()).describe()
        'Stopped after 120 deals: the best is ahead of every other option at 95% confidence.'
        """
        f = dict(n=self.samples, c=f"{100 * self.confidence:.0f}%", margin=f"{self.margin:g}{unit}",
                 vouch=f"{self.vouch:.0f}{unit}")
        if self.reason is StopReason.SEPARATED:
            return tr("Stopped after {n} deals: the best is ahead of every other option at {c} confidence.", **f)
        if self.reason is StopReason.INDIFFERENT and self.close and self.best < len(self.names):
            return tr("Stopped after {n} deals: {best} and {close} are too close to call within the margin of "
                      "{margin}, at {c} confidence: either is fine.", best=self.names[self.best],
                      close=", ".join(self.close), **f)
        if self.reason is StopReason.INDIFFERENT:
            return tr("Stopped after {n} deals: no other option beats the best by {margin} or more, at {c} "
                      "confidence.", **f)
        if not math.isfinite(self.vouch):
            vouching = ""
        else:
            vouching = tr("; another option might still beat it by up to {vouch}", **f)
        if self.reason is StopReason.TIME:
            return tr("Stopped by the time budget after {n} deals{vouching}.", vouching=vouching, **f)
        if self.reason is StopReason.USER:
            return tr("Stopped on request after {n} deals{vouching}.", vouching=vouching, **f)
        return tr("Stopped at the most deals allowed, {n}{vouching}.", vouching=vouching, **f)


@dataclass(frozen=True)
class StoppingRule:
    """When a comparison of options is settled.

    ``confidence``: the chance that the answer's comparisons hold at every look (0.95);
    ``margin``: the difference small enough to call two options equal, in the values'
    unit (score points, say); ``min_samples``: no decision before so many deals
    (variance estimates on a handful of deals are unreliable); ``horizon``: the sample
    size where the intervals are tightest (the usual size of an answer).
    """

    confidence: float = 0.95
    margin: float = 5.0
    min_samples: int = 30
    horizon: int = 200

    def __post_init__(self) -> None:
        if not 0.0 < self.confidence < 1.0:
            raise ValueError(tr("confidence {confidence!r}: expected a number between 0 and 1",
                                confidence=self.confidence))
        if not self.margin >= 0.0:
            raise ValueError(tr("margin {margin!r}: expected 0 or more", margin=self.margin))
        if self.min_samples < 2 or self.horizon < 1:
            raise ValueError(tr("min_samples must be 2 or more and horizon 1 or more"))

    def pair_alpha(self, options: int) -> float:
        """The error allowed to each comparison of one of ``options`` options with the
        others: ``1 - confidence`` shared among the ``options - 1`` pairs holding the
        truly best option (Bonferroni; the module's docstring says why they suffice).

        >>> round(StoppingRule(confidence=0.95).pair_alpha(11), 9)
        0.005
        """
        return (1.0 - self.confidence) / max(options - 1, 1)

    def decide(self, values: np.ndarray, retired: "frozenset[int]" = frozenset()) -> Verdict:
        """The verdict on ``values`` (one row a deal, one column an option), the
        ``retired`` options left out (their columns are not read: NaN may stand there
        on the deals solved after they were retired)."""
        values = np.asarray(values, dtype=float)
        n, k = values.shape
        active = [j for j in range(k) if j not in retired]
        best = max(active, key=lambda j: float(values[:, j].mean())) if n else 0
        gone = tuple(sorted(retired))
        if n == 0:
            return Verdict(StopReason.CONTINUE, best, 0, (), math.inf, (), (), self.confidence, self.margin,
                           retired=gone)
        alpha = self.pair_alpha(k)
        lower, upper = np.full(k, math.nan), np.full(k, math.nan)
        for j in active:
            diff = values[:, j] - values[:, best]
            r = 0.0 if j == best else confidence_radius(n, float(diff.std(ddof=1)) if n > 1 else math.inf,
                                                        alpha, self.horizon)
            lower[j], upper[j] = diff.mean() - r, diff.mean() + r
        others = [j for j in active if j != best]
        separated = [j for j in others if upper[j] < 0.0]
        close = tuple(j for j in others if j not in separated and upper[j] < self.margin)
        vouch = max([max(float(upper[j]), 0.0) for j in others], default=0.0)
        if n < self.min_samples:
            reason = StopReason.CONTINUE
        elif len(separated) == len(others):
            reason = StopReason.SEPARATED
        elif len(separated) + len(close) == len(others):
            reason = StopReason.INDIFFERENT
        else:
            reason = StopReason.CONTINUE
        return Verdict(reason, best, n, close, vouch, tuple(map(float, lower)), tuple(map(float, upper)),
                       self.confidence, self.margin, retired=gone)

    def beaten(self, verdict: Verdict) -> "frozenset[int]":
        """The options ``verdict`` separates below its best, once ``min_samples`` deals
        are looked at (none before): those a race retires."""
        if verdict.samples < self.min_samples:
            return frozenset()
        return frozenset(j for j, u in enumerate(verdict.upper) if u < 0.0)


def sample_sequentially(solve: Callable[[int, int], np.ndarray], max_samples: int, rule: StoppingRule, *,
                        first: int = 40, growth: float = 1.5, time_budget: Optional[float] = None,
                        clock: Callable[[], float] = time.monotonic, settle: bool = True,
                        look: "Callable[[Verdict], bool] | None" = None,
                        race: "Callable[[frozenset[int]], None] | None" = None) -> tuple[np.ndarray, Verdict]:
    """Solve deals in rounds until ``rule`` is satisfied, ``max_samples`` deals are
    solved or ``time_budget`` seconds have passed.

    ``solve(start, stop)`` returns the values of deals ``start`` to ``stop`` (one row a
    deal); the rounds grow from ``first`` deals by ``growth``, so a long answer looks
    only a few dozen times.  Returns every value solved and the last verdict; a verdict
    that stopped on the deals or the time has reason ``MAX_SAMPLES`` or ``TIME``.

    ``settle=False`` never stops on the rule (every deal is solved unless the time or
    ``look`` stops it: a fixed run in rounds, its verdicts only reported).  ``look``,
    when given, sees each round's verdict; its ``True`` stops sampling there, the
    verdict's reason then ``USER``.  ``race``, when given and the rule may settle,
    retires the options a look separates below the best (:meth:`StoppingRule.beaten`)
    and is told the retired options before the next round, so that ``solve`` may leave
    out what only they read (their columns NaN from then on); later looks ignore them.

    >>> rng = np.random.default_rng(7)
    >>> table = np.column_stack([rng.normal(5, 3, 1000), rng.normal(0, 3, 1000)])
    >>> values, verdict = sample_sequentially(lambda a, b: table[a:b], 1000, StoppingRule())
    >>> verdict.reason, verdict.samples < 1000
    (<StopReason.SEPARATED: 'separated'>, True)
    """
    if max_samples < 1:
        raise ValueError(tr("max_samples {max_samples!r}: expected 1 or more", max_samples=max_samples))
    started = clock()
    chunks: list[np.ndarray] = []
    done, size = 0, max(first, 1)
    verdict: Optional[Verdict] = None
    retired: frozenset[int] = frozenset()
    while done < max_samples:
        stop = min(done + size, max_samples)
        chunks.append(np.asarray(solve(done, stop), dtype=float))
        done = stop
        verdict = rule.decide(np.concatenate(chunks), retired)
        if verdict.done and settle:
            return np.concatenate(chunks), verdict
        if race is not None and settle:
            beaten = rule.beaten(verdict)
            if not beaten <= retired:
                retired |= beaten
                race(retired)
        if look is not None and look(verdict) and done < max_samples:
            return np.concatenate(chunks), _stopped(verdict, StopReason.USER)
        if time_budget is not None and clock() - started >= time_budget:
            return np.concatenate(chunks), _stopped(verdict, StopReason.TIME)
        size = max(int(size * growth), 1)
    assert verdict is not None
    return np.concatenate(chunks), _stopped(verdict, StopReason.MAX_SAMPLES)


def _stopped(verdict: Verdict, reason: StopReason) -> Verdict:
    return dataclasses.replace(verdict, reason=reason)
