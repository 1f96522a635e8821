"""Fitting the point count of :mod:`solver.handeval` on a study of exactly solved deals.

The shipped table, ``solver/data/handeval.json``, is made by::

    coinche study run handeval --deals 10000 --seed 2026 --strains "S H D C" --leader NESW --no-plots
    python -m solver.handfit handeval --out solver/data/handeval.json

The fit reads a study's files (it needs the ``study`` extra); evaluating a hand reads
only the table.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from .atomic import atomic_path
from .cards import Seat
from .contract import Contract
from .errors import ConstraintError
from .handeval import TERMS, TRUMP_STRAINS, design
from .rules import Rules, Strain
from .scoring import min_points_to_make
from .studies import per_deal_tables, read_study

__all__ = ["fit", "least_squares", "samples", "REPRODUCE"]

#: The commands that make the shipped table.
REPRODUCE = ('coinche study run handeval --deals 10000 --seed 2026 --strains "S H D C" --leader NESW '
             '--no-plots && python -m solver.handfit handeval --out solver/data/handeval.json')


def samples(directory: "str | os.PathLike[str]") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From a study of uniform deals: the inputs, N-S's points averaged over the study's
    leaders, and each row's deal number; South's hand in each trump suit, a row each."""
    spec = read_study(directory).spec
    if spec.hand is not None or spec.seat != Seat.S or not set(TRUMP_STRAINS) <= set(spec.strains):
        raise ConstraintError("the point count is fitted on a study of uniform deals, "
                              "seat S, strains S H D C")
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


def _main(argv: "Sequence[str] | None" = None) -> int:
    p = argparse.ArgumentParser(prog="python -m solver.handfit",
                                description="Fit the point count on a study.")
    p.add_argument("study", help="a study directory (see the module's docstring)")
    p.add_argument("--out", help="write the table here (default: print it)")
    a = p.parse_args(argv)
    table: Any = fit(a.study)
    text = json.dumps(table, indent=1) + "\n"
    if a.out:
        with atomic_path(Path(a.out)) as tmp:
            Path(tmp).write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
