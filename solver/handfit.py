"""Fitting the point count of :mod:`solver.handeval` on a study of exactly solved deals.

The shipped table, ``solver/data/handeval.json``, is made by::

    coinche study run handeval --deals 10000 --seed 2026 --strains "S H D C" --leader NESW --no-plots
    python -m solver.handfit handeval --out solver/data/handeval.json

and its make probabilities calibrated on other deals (:func:`calibrate`) by::

    coinche study run calib --deals 10000 --seed 2027 --strains "S H D C" --leader NESW --no-plots
    coinche study run calib5 --deals 6000 --seed 2028 --strains "S H D C" --leader NESW --no-plots \
        --accept "shape in ['5-3-0-0', '5-2-1-0', '5-1-1-1', '6-2-0-0', '6-1-1-0', '7-1-0-0', '8-0-0-0']"
    python -m solver.handfit calib --long calib5 --calibrate solver/data/handeval.json \
        --out solver/data/handeval.json

(the second study deals only hands with a suit of five or more, which uniform deals give
about one time in 22, for the curve of the longest trump holdings).

The fit reads a study's files (it needs the ``study`` extra); evaluating a hand reads
only the table.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any, NamedTuple, Sequence

import numpy as np

from .atomic import atomic_path
from .cards import Seat
from .contract import Contract
from .errors import ConstraintError, quote
from .handeval import TERMS, TRUMP_GROUPS, TRUMP_STRAINS, calibrated, design, needs, raw_make, trump_group
from .messages import tr
from .rules import Rules, Strain
from .scoring import min_points_to_make
from .studies import per_deal_tables, read_study

__all__ = ["fit", "least_squares", "samples", "REPRODUCE", "isotonic", "fit_calibration", "reliability",
           "CALIBRATE", "LONG_ACCEPT"]

#: The commands that make the shipped table.
REPRODUCE = ('coinche study run handeval --deals 10000 --seed 2026 --strains "S H D C" --leader NESW '
             '--no-plots && python -m solver.handfit handeval --out solver/data/handeval.json')


#: The shapes of a hand with a suit of five cards or more (the ``shape`` feature).
LONG_SHAPES = ("5-3-0-0", "5-2-1-0", "5-1-1-1", "6-2-0-0", "6-1-1-0", "7-1-0-0", "8-0-0-0")

#: The study filter that deals only hands with a suit of five or more.
LONG_ACCEPT = "shape in [" + ", ".join(f"'{s}'" for s in LONG_SHAPES) + "]"

#: The commands that add the calibration of the make probabilities to the shipped table.
CALIBRATE = ('coinche study run calib --deals 10000 --seed 2027 --strains "S H D C" --leader NESW --no-plots '
             '&& coinche study run calib5 --deals 6000 --seed 2028 --strains "S H D C" --leader NESW '
             f'--no-plots --accept "{LONG_ACCEPT}" '
             '&& python -m solver.handfit calib --long calib5 --calibrate solver/data/handeval.json '
             '--out solver/data/handeval.json')


def samples(directory: "str | os.PathLike[str]") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From a study of uniform deals: the inputs, N-S's points averaged over the study's
    leaders, and each row's deal number; South's hand in each trump suit, a row each."""
    spec = read_study(directory).spec
    if spec.hand is not None or spec.seat != Seat.S or not set(TRUMP_STRAINS) <= set(spec.strains):
        raise ConstraintError(tr("the point count is fitted on a study of uniform deals, "
                                 "seat S, strains S H D C"))
    xs, ys, ids = [], [], []
    for table in per_deal_tables(directory):
        cols = {name: table.column(name).to_numpy() for name in table.column_names}
        masks = cols["S"].astype(np.uint64)
        for s in TRUMP_STRAINS:
            xs.append(design(masks, s))
            ys.append(np.mean([cols[f"ns_{s.name}_{ld.name}"] for ld in spec.leaders], axis=0))
            ids.append(cols["index"])
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(ids)


def _clustered_se(x: np.ndarray, resid: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """Standard errors of least-squares coefficients, rows of one deal counted together
    (the four suits of a deal share its other hands)."""
    bread = np.linalg.inv(x.T @ x)
    _, group = np.unique(ids, return_inverse=True)
    scores = np.zeros((group.max() + 1, x.shape[1]))
    np.add.at(scores, group, x * resid[:, None])
    return np.sqrt(np.diag(bread @ (scores.T @ scores) @ bread))


def least_squares(x: np.ndarray, y: np.ndarray, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The coefficients, their standard errors (rows of one deal together) and the residuals.

    >>> x = np.column_stack([np.ones(4), [0, 1, 0, 1]])
    >>> coef, se, resid = least_squares(x, np.array([10.0, 40.0, 10.0, 40.0]), np.arange(4))
    >>> [round(float(c), 6) for c in coef]
    [10.0, 30.0]
    """
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ coef
    return coef, _clustered_se(x, resid, ids), resid


def _make_accuracy(pred: np.ndarray, y: np.ndarray, x: np.ndarray,
                   levels: Sequence[int]) -> dict[str, dict[str, float]]:
    """Per level, how often "it makes" (predicted points reach the level's need) is right,
    and how often the base rate's answer is."""
    out: dict[str, dict[str, float]] = {}
    for lv in levels:
        need = min_points_to_make(Contract(lv, Strain.H, Seat.S), (0, 0), (0, 0), Rules())
        actual = y >= need
        out[str(lv)] = {"accuracy": round(float(np.mean((pred >= need) == actual)), 4),
                        "baseline": round(float(max(actual.mean(), 1 - actual.mean())), 4)}
    return out


def fit(directory: "str | os.PathLike[str]", held_out: float = 0.2) -> dict[str, Any]:
    """The table fitted on the study in ``directory``: the last ``held_out`` share of its
    deals (by number) only measures the accuracy."""
    args = read_study(directory).arguments
    x, y, ids = samples(directory)
    test = ids >= np.quantile(ids, 1 - held_out)
    coef, se, resid = least_squares(x[~test], y[~test], ids[~test])
    pred = x[test] @ coef
    base = y[~test].mean()
    return {
        "reproduce": REPRODUCE,
        "study": {k: args[k] for k in ("deals", "seed", "strains", "leaders", "seat")},
        "model": "linear least squares on " + ", ".join(n for n, _ in TERMS),
        "target": "N-S card points with the last trick's bonus, South's hand, mean of the four first leaders",
        "coefficients": {n: round(float(c), 3) for (n, _), c in zip(TERMS, coef)},
        "se": {n: round(float(s), 3) for (n, _), s in zip(TERMS, se)},
        "residual_quantiles": [round(float(q), 2)
                               for q in np.quantile(resid, np.linspace(0.005, 0.995, 100))],
        "accuracy": {"train_rows": int((~test).sum()), "test_rows": int(test.sum()),
                     "rmse": round(float(np.sqrt(np.mean((y[test] - pred) ** 2))), 2),
                     "baseline_rmse": round(float(np.sqrt(np.mean((y[test] - base) ** 2))), 2),
                     "make": _make_accuracy(pred, y[test], x[test], (80, 90, 100, 110, 120))},
    }


def isotonic(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The non-decreasing fit of ``y`` on ``x`` with weights ``w`` (pooling adjacent
    violators): per pooled block, its weighted mean ``x`` and its weighted mean ``y``.

    >>> bx, by = isotonic(np.array([0.1, 0.2, 0.3, 0.4]), np.array([0.0, 1.0, 0.0, 1.0]), np.ones(4))
    >>> [round(float(v), 3) for v in by]
    [0.0, 0.5, 1.0]
    """
    order = np.argsort(x, kind="stable")
    blocks: list[list[float]] = []          # [sum w, sum w*x, sum w*y]
    for i in order:
        blocks.append([float(w[i]), float(w[i] * x[i]), float(w[i] * y[i])])
        while len(blocks) > 1 and blocks[-2][2] / blocks[-2][0] >= blocks[-1][2] / blocks[-1][0]:
            last = blocks.pop()
            blocks[-1] = [a + b for a, b in zip(blocks[-1], last)]
    b = np.array(blocks)
    return b[:, 1] / b[:, 0], b[:, 2] / b[:, 0]


def _make_pairs(directory: "str | os.PathLike[str]", table: dict[str, Any], accept: "str | None" = None
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For every row of the study (South's hand, one trump suit) and every bid level:
    the table's uncalibrated make probability, the share of the study's first leaders
    with whom the contract makes double dummy, the hand's trump length, the deal's number.
    The study deals uniform deals filtered by ``accept`` (none: every deal)."""
    spec = read_study(directory).spec
    if (spec.hand is not None or spec.constraints is not None or spec.accept != accept or spec.seat != Seat.S
            or not set(TRUMP_STRAINS) <= set(spec.strains)):
        raise ConstraintError(tr("the point count is calibrated on a study of uniform deals, "
                                 "seat S, strains S H D C, with the filter {accept}",
                                 accept=quote(accept or "none")))
    names = [n for n, _ in TERMS]
    coef = np.array([table["coefficients"][n] for n in names])
    residuals = np.array(table["residual_quantiles"])
    k, q, t = names.index("K of trumps"), names.index("Q of trumps"), names.index("each trump")
    raws, made, trumps, ids = [], [], [], []
    for chunk in per_deal_tables(directory):
        cols = {name: chunk.column(name).to_numpy() for name in chunk.column_names}
        masks = cols["S"].astype(np.uint64)
        for s in TRUMP_STRAINS:
            x = design(masks, s)
            belote = (x[:, k] > 0) & (x[:, q] > 0)
            need = np.where(belote[:, None], needs(True)[None, :], needs(False)[None, :])
            points = x @ coef
            raws.append(raw_make(points[:, None], need, residuals))
            by_leader = np.stack([cols[f"ns_{s.name}_{ld.name}"] for ld in spec.leaders], axis=1)
            made.append(np.mean(by_leader[:, :, None] >= need[:, None, :], axis=1))
            trumps.append(x[:, t].astype(int))
            ids.append(cols["index"])
    return np.concatenate(raws), np.concatenate(made), np.concatenate(trumps), np.concatenate(ids)


def fit_calibration(raw: np.ndarray, made: np.ndarray, trumps: np.ndarray) -> list[dict[str, Any]]:
    """Per group of :data:`TRUMP_GROUPS`: the isotonic curve from the uncalibrated make
    probability to the observed make rate (``raw`` and ``made``: rows × levels)."""
    groups = []
    for g, (lo, hi) in enumerate(TRUMP_GROUPS):
        at = trump_group(trumps) == g
        r, m = raw[at].ravel(), made[at].ravel()
        values, inverse = np.unique(r, return_inverse=True)      # few distinct values: pool them first
        w = np.bincount(inverse).astype(float)
        bx, by = isotonic(values, np.bincount(inverse, weights=m) / w, w)
        groups.append({"trumps": [lo, hi], "rows": int(at.sum()),
                       "x": [round(float(v), 4) for v in bx], "y": [round(float(v), 4) for v in by]})
    return groups


def reliability(p: np.ndarray, made: np.ndarray, ids: np.ndarray, bins: int = 10) -> list[dict[str, Any]]:
    """Per bin of announced probability ``p``: the pairs (row, level), the mean announced,
    the observed make rate and its standard error (the rows of one deal counted together)."""
    p, made = p.ravel(), made.ravel()
    deal = np.repeat(ids, p.size // ids.size)
    edges = np.linspace(0, 1, bins + 1)
    which = np.clip(np.digitize(p, edges[1:-1]), 0, bins - 1)
    out = []
    for b in range(bins):
        at = which == b
        if not at.any():
            continue
        gap = made[at] - p[at]
        _, group = np.unique(deal[at], return_inverse=True)
        per_deal = np.bincount(group, weights=gap - gap.mean())
        se = float(np.sqrt(np.sum(per_deal ** 2))) / at.sum()
        out.append({"bin": [round(float(edges[b]), 1), round(float(edges[b + 1]), 1)], "pairs": int(at.sum()),
                    "announced": round(float(p[at].mean()), 4), "observed": round(float(made[at].mean()), 4),
                    "se": round(float(se), 4)})
    return out


class _Pairs(NamedTuple):
    """A calibration study's rows (:func:`_make_pairs`): uncalibrated probabilities and
    make rates (rows × levels), trump lengths and deal numbers."""

    raw: np.ndarray
    made: np.ndarray
    trumps: np.ndarray
    ids: np.ndarray

    def rows(self, at: np.ndarray) -> "_Pairs":
        return _Pairs(*(a[at] for a in self))

    def held_out(self, share: float) -> np.ndarray:
        """The rows of the last ``share`` of the deals by number."""
        return np.asarray(self.ids >= np.quantile(self.ids, 1 - share))

    @staticmethod
    def joined(parts: "Sequence[_Pairs]") -> "_Pairs":
        return _Pairs(*(np.concatenate(a) for a in zip(*parts)))


def calibrate(directory: "str | os.PathLike[str]", table: dict[str, Any], held_out: float = 0.2,
              long: "str | os.PathLike[str] | None" = None) -> dict[str, Any]:
    """``table`` with the calibration of its make probabilities fitted on the study in
    ``directory`` (its first deals by number; the last ``held_out`` share measures it).
    ``long``: a study of hands with a suit of five or more (:data:`LONG_ACCEPT`), whose
    rows with five trumps or more join the last group's, split the same way."""
    args = read_study(directory).arguments
    uniform = _Pairs(*_make_pairs(directory, table))
    test = uniform.held_out(held_out)
    fitting, measuring = [uniform.rows(~test)], [uniform.rows(test)]
    if long is not None:
        extra = _Pairs(*_make_pairs(long, table, LONG_ACCEPT))
        extra = extra.rows(trump_group(extra.trumps) == len(TRUMP_GROUPS) - 1)
        # deal numbers of the second study kept apart from the first's
        extra = extra._replace(ids=extra.ids + int(uniform.ids.max()) + 1)
        late = extra.held_out(held_out)
        fitting.append(extra.rows(~late))
        measuring.append(extra.rows(late))
    fit_on = _Pairs.joined(fitting)
    cal: dict[str, Any] = {
        "reproduce": CALIBRATE, "study": {k: args[k] for k in ("deals", "seed", "strains", "leaders", "seat")},
        "method": "isotonic regression of the share of first leaders with whom the contract makes "
                  "on the uncalibrated probability, per trump length group, every bid level pooled",
        "groups": fit_calibration(fit_on.raw, fit_on.made, fit_on.trumps)}
    if long is not None:
        largs = read_study(long).arguments
        cal["long_study"] = {k: largs[k] for k in ("deals", "seed", "strains", "leaders", "seat", "accept")}
    held = measuring[0]
    after = calibrated(held.raw, held.trumps[:, None], {"calibration": cal})
    cal["held_out"] = {"rows": int(test.sum()), "before": reliability(held.raw, held.made, held.ids),
                       "after": reliability(after, held.made, held.ids),
                       "groups": _group_reliability(_Pairs.joined(measuring), cal)}
    return {**table, "calibration": cal}


def _group_reliability(held: _Pairs, cal: dict[str, Any]) -> list[dict[str, Any]]:
    """Per trump length group: the reliability of the calibrated probabilities on the
    held-out rows of the group (those of both studies for the last group)."""
    out = []
    for g, (lo, hi) in enumerate(TRUMP_GROUPS):
        rows = held.rows(trump_group(held.trumps) == g)
        p = calibrated(rows.raw, rows.trumps[:, None], {"calibration": cal})
        out.append({"trumps": [lo, hi], "rows": len(rows.ids), "after": reliability(p, rows.made, rows.ids)})
    return out


def _main(argv: "Sequence[str] | None" = None) -> int:
    p = argparse.ArgumentParser(prog="python -m solver.handfit",
                                description="Fit the point count on a study.")
    p.add_argument("study", help="a study directory (see the module's docstring)")
    p.add_argument("--out", help="write the table here (default: print it)")
    p.add_argument("--calibrate", metavar="TABLE", help="calibrate this table's make probabilities on the "
                   "study instead of fitting a new table")
    p.add_argument("--long", metavar="STUDY", help="with --calibrate: a study of hands with a suit of five "
                   "or more, for the longest trump holdings' curve")
    a = p.parse_args(argv)
    if a.long and not a.calibrate:
        p.error("--long goes with --calibrate")
    if a.calibrate:
        try:
            given = json.loads(Path(a.calibrate).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            p.exit(2, f"{p.prog}: error: cannot read the table {a.calibrate!r}: {e}\n")
        given.pop("calibration", None)
        table: Any = calibrate(a.study, given, long=a.long)
    else:
        table = fit(a.study)
    text = json.dumps(table, indent=1) + "\n"
    if a.out:
        with atomic_path(Path(a.out)) as tmp:
            Path(tmp).write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
