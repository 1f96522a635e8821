"""A study's statistics beyond the mean: distributions, and options paired on the same deals.

A :class:`Distribution` counts the deals at each value (card points, scores), so it
merges chunk by chunk by adding counts and gives exact quantiles and histograms of a
study of any size.  Its quantile of level ``q`` is the smallest value reached or passed
by a share ``q`` of the deals (``numpy.quantile(..., method="inverted_cdf")``), always a
value seen, never an interpolation:

>>> d = Distribution.of([30, 10, 20, 20, 90])
>>> d.quantile(0.5), d.quantile(0.1), d.quantile(0.9), d.histogram(50)
(20, 10, 90, {0: 4, 50: 1})

:class:`PairedSums` keeps, for options scored on the same deals, the running sums from
which every option's mean and every difference of two options come with their standard
errors (redeal's ``Payoff``): the sums of each option's values and of the products of
every two options' values, so the error of a difference is the paired one.

>>> s = PairedSums.start(2)
>>> s.add(np.array([[10, 12], [20, 21], [30, 33]]), np.ones((3, 2), dtype=bool))
>>> [round(x, 4) for x in (*s.mean(0), *s.difference(0, 1))]   # differences -2 -1 -3: deviation 1
[20.0, 5.7735, -2.0, 0.5774]
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import Any, Mapping

import numpy as np

from .montecarlo import Estimate, share_se, sums_estimate

__all__ = ["QUANTILES", "Distribution", "PairedSums"]

#: The quantile levels the statistics report.
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)


@dataclasses.dataclass(frozen=True)
class Distribution:
    """How many deals gave each value: ``counts``, ``(value, deals)`` by value."""

    counts: tuple[tuple[int, int], ...] = ()

    @classmethod
    def of(cls, values: "np.ndarray | list[int]") -> "Distribution":
        """The distribution of ``values`` (whole numbers)."""
        u, c = np.unique(np.asarray(values, dtype=np.int64), return_counts=True)
        return cls(tuple(zip((int(x) for x in u.tolist()), (int(x) for x in c.tolist()))))

    @classmethod
    def from_mapping(cls, counts: Mapping[int, int]) -> "Distribution":
        return cls(tuple(sorted((int(v), int(n)) for v, n in counts.items() if n)))

    def __add__(self, other: "Distribution") -> "Distribution":
        merged = dict(self.counts)
        for v, n in other.counts:
            merged[v] = merged.get(v, 0) + n
        return Distribution.from_mapping(merged)

    @property
    def n(self) -> int:
        return sum(n for _, n in self.counts)

    def estimate(self) -> Estimate:
        """The mean value and its standard error (NaN without deals).

        >>> [round(x, 4) for x in Distribution.of([0, 8, 8, 4]).estimate()]
        [5.0, 1.9149]
        """
        v = np.array([x for x, _ in self.counts], dtype=np.float64)
        c = np.array([n for _, n in self.counts], dtype=np.float64)
        return sums_estimate(self.n, float(v @ c), float((v * v) @ c))

    def quantile(self, q: float) -> "int | None":
        """The smallest value that a share ``q`` (0 < q <= 1) of the deals reach or pass;
        ``None`` without deals."""
        total = self.n
        if total == 0:
            return None
        need = Fraction(q).limit_denominator(10**6) * total
        seen = 0
        for v, n in self.counts:
            seen += n
            if seen >= need:
                return v
        return self.counts[-1][0]

    def quantiles(self, levels: "tuple[float, ...]" = QUANTILES) -> dict[float, "int | None"]:
        return {q: self.quantile(q) for q in levels}

    def histogram(self, width: int = 10) -> dict[int, int]:
        """Deals by bins of ``width`` (the key: the bin's lowest value, a multiple of ``width``)."""
        out: dict[int, int] = {}
        for v, n in self.counts:
            start = v // width * width
            out[start] = out.get(start, 0) + n
        return out

    def to_dict(self) -> dict[str, Any]:
        """``quantiles`` (level -> value) and ``counts`` (value -> deals), every value seen."""
        return {"quantiles": {str(q): v for q, v in self.quantiles().items()},
                "counts": {str(v): n for v, n in self.counts}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Distribution":
        return cls.from_mapping({int(v): int(n) for v, n in data["counts"].items()})


@dataclasses.dataclass
class PairedSums:
    """Running sums of ``k`` options scored on the same deals: deals ``n``, each
    option's sum, the sums of products of every two options, and each option's
    successes; whole numbers, so merging chunks is exact."""

    n: int
    total: np.ndarray         # (k,)
    products: np.ndarray      # (k, k)
    successes: np.ndarray     # (k,)

    @classmethod
    def start(cls, k: int) -> "PairedSums":
        return cls(0, np.zeros(k, dtype=np.int64), np.zeros((k, k), dtype=np.int64),
                   np.zeros(k, dtype=np.int64))

    def add(self, values: np.ndarray, success: np.ndarray) -> None:
        """Add deals: ``values`` and ``success`` hold one row a deal, one column an option."""
        v = np.asarray(values, dtype=np.int64)
        self.n += len(v)
        self.total += v.sum(axis=0)
        self.products += v.T @ v
        self.successes += np.asarray(success, dtype=np.int64).sum(axis=0)

    def mean(self, j: int) -> Estimate:
        """Option ``j``'s mean value and its standard error."""
        return sums_estimate(self.n, float(self.total[j]), float(self.products[j, j]))

    def success(self, j: int) -> Estimate:
        """The share of deals where option ``j`` succeeds, and its standard error."""
        if self.n == 0:
            return Estimate(math.nan, math.nan)
        p = int(self.successes[j]) / self.n
        return Estimate(p, share_se(p, self.n))

    def difference(self, j: int, b: int) -> Estimate:
        """Option ``j`` minus option ``b``, deal by deal: the mean and its paired error."""
        p = self.products
        return sums_estimate(self.n, float(self.total[j] - self.total[b]),
                             float(p[j, j] + p[b, b] - 2 * p[j, b]))
