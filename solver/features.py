"""Hand features for studies: what a seat (or a side) holds, per strain, over many deals.

A feature maps an array of hands (card masks, one a deal) and a strain to an array of
values, one a deal.  The named features of :data:`FEATURES` work on whole arrays at
once; a user's feature is any Python function ``func(hand, strain) -> value`` of a
:class:`~solver.cards.CardSet` and a :class:`~solver.rules.Strain`, called deal by deal.

Trump features (``trumps``, ``trump_J`` ... ``belote``) have no value in sans atout:
their value there is :data:`NA`.  In tout atout every suit is trumps, so ``trump_J``
counts jacks, ``trumps`` is 8 and ``side_aces`` counts every ace.

>>> import numpy as np
>>> from solver.cards import CardSet
>>> hands = np.array([CardSet.from_pbn("AJ9.A7.KT.J").mask], dtype=np.uint64)
>>> [int(feature_values("trumps", hands, Strain.S)[0]), int(feature_values("trump_J", hands, Strain.S)[0])]
[3, 1]
>>> str(feature_values("honours", hands, Strain.S)[0]), int(feature_values("side_aces", hands, Strain.S)[0])
('J9A', 1)
>>> str(feature_values("shape", hands, Strain.S)[0]), int(feature_values("points", hands, Strain.S)[0])
('3-2-2-1', 72)
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import numpy as np

from .cards import CardSet, Rank
from .errors import ConstraintError, quote
from .messages import tr
from .rules import Rules, Strain, points_table

__all__ = ["FEATURES", "NA", "HONOURS", "feature_values", "check_features", "Feature", "typed_column"]

#: The value of a feature that means nothing in a strain (trump features in sans atout).
NA = -1
#: The trump honours, in the order of their trump rank.
HONOURS = ("J", "9", "A", "10", "K", "Q")
_HONOUR_RANK = {"J": Rank.J, "9": Rank.R9, "A": Rank.A, "10": Rank.T, "K": Rank.K, "Q": Rank.Q}

#: A user's feature: ``func(hand, strain) -> value`` (a number or a short text).
Feature = Callable[[CardSet, Strain], Any]

_BYTE_COUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


def _count(masks: np.ndarray) -> np.ndarray:
    """The number of cards of each mask."""
    m = masks.astype(np.uint64)
    lanes = [_BYTE_COUNT[((m >> np.uint64(8 * k)) & np.uint64(0xFF)).astype(np.int64)] for k in range(4)]
    return lanes[0] + lanes[1] + lanes[2] + lanes[3]


def _suit_mask(suit: int) -> np.uint64:
    return np.uint64(0xFF << (8 * suit))


def _card_mask(rank: int, suits: "tuple[int, ...]") -> np.uint64:
    return np.uint64(sum(1 << (8 * s + rank) for s in suits))


def _trump_suits(strain: Strain) -> "tuple[int, ...]":
    return (0, 1, 2, 3) if strain == Strain.TA else (() if strain == Strain.SA else (int(strain),))


def _plain_suits(strain: Strain) -> "tuple[int, ...]":
    trumps = _trump_suits(strain)
    return tuple(s for s in range(4) if s not in trumps) if strain != Strain.TA else (0, 1, 2, 3)


def _na(masks: np.ndarray) -> np.ndarray:
    return np.full(len(masks), NA, dtype=np.int64)


def _trumps(masks: np.ndarray, strain: Strain, rules: Rules) -> np.ndarray:
    suits = _trump_suits(strain)
    if not suits:
        return _na(masks)
    return _count(masks & np.uint64(sum(int(_suit_mask(s)) for s in suits)))


def _honour(name: str) -> Callable[[np.ndarray, Strain, Rules], np.ndarray]:
    rank = _HONOUR_RANK[name]

    def held(masks: np.ndarray, strain: Strain, rules: Rules) -> np.ndarray:
        suits = _trump_suits(strain)
        if not suits:
            return _na(masks)
        return _count(masks & _card_mask(rank, suits))
    held.__doc__ = f"How many trump {name}s (0 or 1 with one trump suit)."
    return held


def _honours(masks: np.ndarray, strain: Strain, rules: Rules) -> np.ndarray:
    if strain not in (Strain.S, Strain.H, Strain.D, Strain.C):
        return np.full(len(masks), "n/a", dtype=object)
    held = [(masks & _card_mask(_HONOUR_RANK[h], (int(strain),))) != 0 for h in HONOURS]
    out = np.empty(len(masks), dtype=object)
    for i in range(len(masks)):
        out[i] = "".join(h for h, row in zip(HONOURS, held) if row[i]) or "-"
    return out


def _side(rank: int) -> Callable[[np.ndarray, Strain, Rules], np.ndarray]:
    def side(masks: np.ndarray, strain: Strain, rules: Rules) -> np.ndarray:
        return _count(masks & _card_mask(rank, _plain_suits(strain)))
    return side


def _belote(masks: np.ndarray, strain: Strain, rules: Rules) -> np.ndarray:
    suits = _trump_suits(strain)
    if not suits:
        return _na(masks)
    pairs = [(masks & _card_mask(Rank.K, (s,)) != 0) & (masks & _card_mask(Rank.Q, (s,)) != 0) for s in suits]
    counts: np.ndarray = np.sum(pairs, axis=0).astype(np.int64)
    return counts


def _points(masks: np.ndarray, strain: Strain, rules: Rules) -> np.ndarray:
    table = points_table(strain, rules)
    out = np.zeros(len(masks), dtype=np.int64)
    for card in range(32):
        if table[card]:
            out += ((masks >> np.uint64(card)) & np.uint64(1)).astype(np.int64) * table[card]
    return out


def _points10(masks: np.ndarray, strain: Strain, rules: Rules) -> np.ndarray:
    return _points(masks, strain, rules) // 10 * 10


def _shape(masks: np.ndarray, strain: Strain, rules: Rules) -> np.ndarray:
    lengths = np.stack([_count(masks & _suit_mask(s)) for s in range(4)], axis=1)
    lengths = -np.sort(-lengths, axis=1)
    return np.array(["-".join(map(str, row)) for row in lengths.tolist()], dtype=object)


#: The named features: name -> (function of masks, strain and rules; what it is).
FEATURES: dict[str, tuple[Callable[[np.ndarray, Strain, Rules], np.ndarray], str]] = {
    "trumps": (_trumps, "trump length (8 in TA; n/a in SA)"),
    **{f"trump_{h}": (_honour(h), f"the {h} of trumps held (in TA: how many {h}s)") for h in HONOURS},
    "honours": (_honours, "the trump honours held, as J9A10KQ letters ('-' none; suit strains)"),
    "side_aces": (_side(Rank.A), "aces outside trumps (every ace in SA and TA)"),
    "side_tens": (_side(Rank.T), "tens outside trumps (every ten in SA and TA)"),
    "belote": (_belote, "king and queen of trumps held (in TA: how many suits)"),
    "points": (_points, "card points in the strain"),
    "points10": (_points10, "card points in the strain, by tens (40 = 40 to 49)"),
    "shape": (_shape, "suit lengths, longest first (4-2-1-1)"),
}


def check_features(names: "list[str] | tuple[str, ...]",
                   custom: "Mapping[str, Feature] | None" = None) -> None:
    """Refuse a feature name that is neither named here nor given in ``custom``.

    >>> check_features(["trumps", "colour"])
    Traceback (most recent call last):
    ...
    solver.errors.ConstraintError: unknown feature 'colour': expected one of trumps, trump_J, ...
    """
    custom = custom or {}
    for name in names:
        if name not in FEATURES and name not in custom:
            known = ", ".join(list(FEATURES) + list(custom))
            raise ConstraintError(tr("unknown feature {name}: expected one of {known}", name=quote(name),
                                     known=known))


def typed_column(values: "list[Any]") -> np.ndarray:
    """A custom feature's values as a column: whole numbers (and booleans) stay whole
    numbers, so they sort as numbers (3 before 12); anything else is kept as is.

    >>> typed_column([12, 3, True]).dtype.kind, typed_column(["a", 3]).dtype.kind
    ('i', 'O')
    """
    if values and all(isinstance(v, (int, np.integer)) for v in values):
        return np.array([int(v) for v in values], dtype=np.int64)
    return np.array(values, dtype=object)


def feature_values(name: str, masks: np.ndarray, strain: Strain, rules: Rules = Rules(),
                   custom: "Mapping[str, Feature] | None" = None) -> np.ndarray:
    """The values of feature ``name`` for hands ``masks`` (card masks) in ``strain``."""
    masks = np.asarray(masks, dtype=np.uint64)
    if custom and name in custom:
        func = custom[name]
        return typed_column([func(CardSet(int(m)), strain) for m in masks.tolist()])
    check_features([name], custom)
    return FEATURES[name][0](masks, strain, rules)

