"""A point count for trump contracts, fitted on exactly solved deals.

:func:`evaluate_hand` says, with no sampling, what a hand is worth as the bidder's in a
trump contract: the card points its side takes on average (the last trick's bonus
included, partner's hand unknown and every first leader alike), the share of each
feature in it, and the highest bid that makes at least half the time.  The numbers come
from a table shipped with the package, ``solver/data/handeval.json``: a linear model

    points = base + (J, 9, A, 10, K, Q of trumps held) + per trump + per side ace + per side ten

fitted by least squares on a study (:func:`solver.study`) of uniform random deals, South's
hand in each of the four trump suits, N-S's exact points averaged over the four first
leaders.  The fit and its accuracy on held-out deals are made by::

    coinche study run handeval --deals 10000 --seed 2026 --strains "S H D C" --leader NESW --no-plots
    python -m solver.handeval handeval --out solver/data/handeval.json

>>> v = evaluate_hand("AJ9.A7.KT.J", "S")
>>> v.level, round(v.points)
(130, 133)
>>> [name for name, _ in v.contributions][:3]
['base', 'J of trumps', '9 of trumps']
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from .messages import N_
from .cards import CardSet, Rank, Seat
from .contract import Contract, bid_levels
from .errors import ConstraintError
from .features import HONOURS, feature_values
from .rules import Rules, Strain
from .sampling import parse_hand
from .scoring import min_points_to_make

__all__ = ["HandValue", "evaluate_hand", "model", "fit", "TERMS", "DATA"]

#: The shipped table.
DATA = Path(__file__).resolve().parent / "data" / "handeval.json"
#: The model's terms: (name for people, feature of solver.features, or None for the base).
TERMS: tuple[tuple[str, "str | None"], ...] = (
    ("base", None), *((f"{h} of trumps", f"trump_{h}") for h in HONOURS),
    ("each trump", "trumps"), ("each side ace", "side_aces"), ("each side ten", "side_tens"))
#: The terms' names for the message catalogue (translated where they are written).
TERM_NAMES = (N_("base"), N_("J of trumps"), N_("9 of trumps"), N_("A of trumps"), N_("10 of trumps"),
              N_("K of trumps"), N_("Q of trumps"), N_("each trump"), N_("each side ace"),
              N_("each side ten"))
_SUITS = (Strain.S, Strain.H, Strain.D, Strain.C)
#: The commands that make the shipped table.
REPRODUCE = ('coinche study run handeval --deals 10000 --seed 2026 --strains "S H D C" --leader NESW '
             '--no-plots && python -m solver.handeval handeval --out solver/data/handeval.json')


def design(masks: np.ndarray, strain: Strain) -> np.ndarray:
    """The model's inputs for hands ``masks`` in ``strain``: one row a hand, a column a term."""
    cols = [np.ones(len(masks))] + [feature_values(f, masks, strain).astype(float) for _, f in TERMS[1:]]
    return np.stack(cols, axis=1)


# ---------------------------------------------------------------------------
# Evaluating a hand
# ---------------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def model() -> dict:
    """The shipped table (read once)."""
    return json.loads(DATA.read_text(encoding="utf-8"))


@dataclasses.dataclass(frozen=True)
class HandValue:
    """What a hand is worth as the bidder's in a trump strain (see the module)."""

    hand: CardSet
    strain: Strain
    points: float
    contributions: tuple[tuple[str, float], ...]
    p_make: dict[int, float]
    level: "int | None"

    def to_dict(self) -> dict:
        return {"hand": self.hand.to_pbn(), "strain": self.strain.name, "points": round(self.points, 1),
                "contributions": [{"term": n, "points": round(v, 1)} for n, v in self.contributions],
                "p_make": {str(k): round(p, 3) for k, p in self.p_make.items()}, "level": self.level}


def _trump_strain(strain: "Strain | str") -> Strain:
    s = Strain.parse(strain)
    if s not in _SUITS:
        raise ConstraintError(f"strain {s.name}: the point count covers the trump strains S H D C")
    return s


def evaluate_hand(hand: "CardSet | str", strain: "Strain | str") -> HandValue:
    """The point count of ``hand`` as the bidder's, ``strain`` trumps (default rules)."""
    h = parse_hand(hand)
    s = _trump_strain(strain)
    m = model()
    x = design(np.array([h.mask], dtype=np.uint64), s)[0]
    coef = [m["coefficients"][name] for name, _ in TERMS]
    contributions = tuple((name, c * v) for (name, _), c, v in zip(TERMS, coef, x) if v)
    points = float(sum(v for _, v in contributions))
    residuals = np.array(m["residual_quantiles"])
    trumps = h.mask >> (8 * int(s))
    claim = (1, 0) if trumps >> Rank.K & 1 and trumps >> Rank.Q & 1 else (0, 0)
    p_make = {}
    for lv in bid_levels():
        need = min_points_to_make(Contract(lv, s, Seat.S), claim, (0, 0), Rules())
        p_make[lv] = float(np.mean(points + residuals >= need))
    level = max((lv for lv, p in p_make.items() if p >= 0.5), default=None)
    return HandValue(h, s, points, contributions, p_make, level)


# ---------------------------------------------------------------------------
# Fitting the table
# ---------------------------------------------------------------------------

def samples(directory: "str | os.PathLike[str]") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From a study of uniform deals: the inputs, N-S's points averaged over the study's
    leaders, and each row's deal number; South's hand in each trump suit, a row each."""
    from .studies import per_deal_tables, read_study
    spec = read_study(directory).spec
    if spec.hand is not None or spec.seat != Seat.S or not set(_SUITS) <= set(spec.strains):
        raise ConstraintError("the point count is fitted on a study of uniform deals, "
                              "seat S, strains S H D C")
    xs, ys, ids = [], [], []
    for table in per_deal_tables(directory):
        cols = {name: table.column(name).to_numpy() for name in table.column_names}
        masks = cols["S"].astype(np.uint64)
        for s in _SUITS:
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


def _make_accuracy(pred: np.ndarray, y: np.ndarray, x: np.ndarray, levels: Sequence[int]) -> dict:
    """Per level, how often "it makes" (predicted points reach the level's need) is right,
    and how often the base rate's answer is."""
    out = {}
    for lv in levels:
        need = min_points_to_make(Contract(lv, Strain.H, Seat.S), (0, 0), (0, 0), Rules())
        actual = y >= need
        out[str(lv)] = {"accuracy": round(float(np.mean((pred >= need) == actual)), 4),
                        "baseline": round(float(max(actual.mean(), 1 - actual.mean())), 4)}
    return out


def fit(directory: "str | os.PathLike[str]", held_out: float = 0.2) -> dict:
    """The table fitted on the study in ``directory``: the last ``held_out`` share of its
    deals (by number) only measures the accuracy."""
    from .studies import read_study
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
    import argparse
    p = argparse.ArgumentParser(prog="python -m solver.handeval",
                                description="Fit the point count on a study.")
    p.add_argument("study", help="a study directory (see the module's docstring)")
    p.add_argument("--out", help="write the table here (default: print it)")
    a = p.parse_args(argv)
    table: Any = fit(a.study)
    text = json.dumps(table, indent=1) + "\n"
    if a.out:
        from .atomic import atomic_path
        with atomic_path(Path(a.out)) as tmp:
            Path(tmp).write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
