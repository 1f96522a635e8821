"""A point count for trump contracts, fitted on exactly solved deals.

:func:`evaluate_hand` says, with no sampling, what a hand is worth as the bidder's in a
trump contract: the card points its side takes on average (the last trick's bonus
included, partner's hand unknown and every first leader alike), the share of each
feature in it, and the highest bid that makes at least half the time.  The numbers come
from a table shipped with the package, ``solver/data/handeval.json``: a linear model

    points = base + (J, 9, A, 10, K, Q of trumps held) + per trump + per side ace + per side ten

fitted by least squares on a study (:func:`solver.study`) of uniform random deals, South's
hand in each of the four trump suits, N-S's exact points averaged over the four first
leaders.  The make probabilities go through a calibration curve per trump length, fitted
on a second study (:func:`calibrated`; docs/handeval.md gives its reliability table).  The fit and its accuracy on held-out deals are made (:mod:`solver.handfit`) by::

    coinche study run handeval --deals 10000 --seed 2026 --strains "S H D C" --leader NESW --no-plots
    python -m solver.handfit handeval --out solver/data/handeval.json
    coinche study run calib --deals 10000 --seed 2027 --strains "S H D C" --leader NESW --no-plots
    python -m solver.handfit calib --calibrate solver/data/handeval.json --out solver/data/handeval.json

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
from pathlib import Path
from typing import Any

import numpy as np

from .messages import N_, tr
from .cards import CardSet, Rank, Seat
from .contract import Contract, bid_levels
from .errors import ConstraintError
from .features import HONOURS, feature_values
from .rules import Rules, Strain
from .sampling import parse_hand
from .scoring import min_points_to_make

__all__ = ["HandValue", "evaluate_hand", "remember", "model", "design", "TERMS", "DATA", "TRUMP_GROUPS", "needs",
           "raw_make", "calibrated", "trump_group"]

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
#: The strains the table counts points in (the four trump suits).
TRUMP_STRAINS = (Strain.S, Strain.H, Strain.D, Strain.C)


#: The trump lengths whose make probabilities are calibrated together (inclusive ranges).
TRUMP_GROUPS: tuple[tuple[int, int], ...] = ((0, 1), (2, 2), (3, 3), (4, 4), (5, 8))


def design(masks: np.ndarray, strain: Strain) -> np.ndarray:
    """The model's inputs for hands ``masks`` in ``strain``: one row a hand, a column a term."""
    cols = [np.ones(len(masks))] + [feature_values(f, masks, strain).astype(float)
                                    for _, f in TERMS if f is not None]
    return np.stack(cols, axis=1)


# ---------------------------------------------------------------------------
# Evaluating a hand
# ---------------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def model() -> dict[str, Any]:
    """The shipped table (read once)."""
    table: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return table


@dataclasses.dataclass(frozen=True)
class HandValue:
    """What a hand is worth as the bidder's in a trump strain (see the module)."""

    hand: CardSet
    strain: Strain
    points: float
    contributions: tuple[tuple[str, float], ...]
    p_make: dict[int, float]
    level: "int | None"

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand.to_pbn(), "strain": self.strain.name, "points": round(self.points, 1),
                "contributions": [{"term": n, "points": round(v, 1)} for n, v in self.contributions],
                "p_make": {str(k): round(p, 3) for k, p in self.p_make.items()}, "level": self.level}


def _trump_strain(strain: "Strain | str") -> Strain:
    s = Strain.parse(strain)
    if s not in TRUMP_STRAINS:
        raise ConstraintError(tr("strain {strain}: the point count covers the trump strains S H D C",
                                 strain=s.name))
    return s


@functools.lru_cache(maxsize=2)
def needs(belote: bool) -> np.ndarray:
    """The card points the bidder's side needs for each bid level (:func:`bid_levels`),
    with the belote in the bidder's hand or without (worked out once for each, read-only:
    every evaluation asks again)."""
    claim = (1, 0) if belote else (0, 0)
    out = np.array([min_points_to_make(Contract(lv, Strain.S, Seat.S), claim, (0, 0), Rules())
                    for lv in bid_levels()])
    out.setflags(write=False)
    return out


def raw_make(points: np.ndarray, need: np.ndarray, residuals: np.ndarray) -> np.ndarray:
    """The share of the fit's errors (``residuals``) with which the estimated ``points``
    reach ``need``: the make probability before calibration (``points`` and ``need``
    broadcast together)."""
    return np.asarray(np.mean(points[..., None] + residuals >= need[..., None], axis=-1))


def trump_group(trumps: "int | np.ndarray") -> np.ndarray:
    """The index in :data:`TRUMP_GROUPS` of each trump length."""
    t = np.asarray(trumps)
    return np.asarray(sum((t > hi).astype(int) for _, hi in TRUMP_GROUPS[:-1]))


def calibrated(raw: np.ndarray, trumps: "int | np.ndarray", table: "dict[str, Any] | None" = None) -> np.ndarray:
    """Make probabilities ``raw`` (:func:`raw_make`) mapped through the table's calibration
    for hands of ``trumps`` trumps (a monotone curve per group of :data:`TRUMP_GROUPS`,
    fitted by :mod:`solver.handfit` on exactly solved deals); unchanged when the table
    has none."""
    cal = (table if table is not None else model()).get("calibration")
    r = np.asarray(raw, dtype=float)
    if cal is None:
        return r
    group = np.broadcast_to(trump_group(trumps), r.shape)
    out = np.empty_like(r)
    for g, curve in enumerate(cal["groups"]):
        at = group == g
        out[at] = np.interp(r[at], curve["x"], curve["y"])
    return out


#: Hand values already worked out, by (card mask, strain): bidding rollouts ask for the
#: same hands again and again (:func:`remember` fills it for many hands at once).
_VALUES: dict[tuple[int, Strain], HandValue] = {}
#: Entries :data:`_VALUES` holds before it starts afresh.
_VALUES_KEPT = 100_000


def _evaluate(masks: "list[int]", s: Strain) -> list[HandValue]:
    """The point count of each hand (card mask) of ``masks`` in ``s``, in one pass of
    array arithmetic: the one computation behind :func:`evaluate_hand`."""
    m = model()
    arr = np.array(masks, dtype=np.uint64)
    x = design(arr, s)
    coef = np.array([m["coefficients"][name] for name, _ in TERMS])
    parts = x * coef
    points = parts.sum(axis=1)
    residuals = np.array(m["residual_quantiles"])
    trumps = [mask >> (8 * int(s)) for mask in masks]
    belote = np.array([bool(t >> Rank.K & 1 and t >> Rank.Q & 1) for t in trumps])
    need = np.where(belote[:, None], needs(True)[None, :], needs(False)[None, :])
    raw = raw_make(points[:, None], need, residuals)
    made = calibrated(raw, np.array([bin(t & 0xFF).count("1") for t in trumps])[:, None], m)
    out = []
    for k, mask in enumerate(masks):
        contributions = tuple((name, float(parts[k, j])) for j, (name, _) in enumerate(TERMS) if x[k, j])
        p_make = {lv: float(p) for lv, p in zip(bid_levels(), made[k])}
        level = max((lv for lv, p in p_make.items() if p >= 0.5), default=None)
        out.append(HandValue(CardSet(mask), s, float(points[k]), contributions, p_make, level))
    return out


def remember(masks: "list[int]", strains: "tuple[Strain, ...]" = TRUMP_STRAINS) -> None:
    """Work out the point count of many hands (card masks) in ``strains`` at once, for
    :func:`evaluate_hand` to find (bidding rollouts ask for every hand of every deal)."""
    for s in strains:
        todo = sorted({mk for mk in masks if (mk, s) not in _VALUES})
        if not todo:
            continue
        if len(_VALUES) + len(todo) > _VALUES_KEPT:
            _VALUES.clear()
        for v in _evaluate(todo, s):
            _VALUES[(v.hand.mask, s)] = v


def evaluate_hand(hand: "CardSet | str", strain: "Strain | str") -> HandValue:
    """The point count of ``hand`` as the bidder's, ``strain`` trumps (default rules)."""
    h = parse_hand(hand)
    s = _trump_strain(strain)
    got = _VALUES.get((h.mask, s))
    if got is None:
        remember([h.mask], (s,))
        got = _VALUES[(h.mask, s)]
    return got
