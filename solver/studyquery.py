"""What a study's deals can be grouped by and selected on: features of any hand or side,
features of the whole deal, and predicates over them.

A *name* is one of:

- a hand feature (:data:`~solver.features.FEATURES`, or a caller's ``func(hand,
  strain)``), of the study's seat (or its side, with ``of="side"``): ``trumps``;
- the same with whose hands before a dot: a seat ``N`` ``E`` ``S`` ``W``, or, from the
  study's seat, ``seat``, ``partner``, ``left`` (the next to play), ``right``, ``side``
  (the seat and its partner) or ``them`` (the two opponents): ``E.trumps``,
  ``side.points``;
- a feature of the whole deal (:data:`DEAL_FEATURES`, or a caller's
  :class:`DealFeature`): ``split``, ``jack_at``.

A caller's feature named like a named one takes its place.

A *predicate* selects deals: a Python function ``func(deal, strain) -> bool``, or a small
expression over names, read by :func:`predicate` (never evaluated as Python): numbers,
texts in quotes, ``+ - *``, comparisons (chained too, ``2 <= trumps <= 4``), ``in`` a
list of constants, ``and``, ``or``, ``not`` and parentheses.  In ``and``, ``or`` and
``not`` a number is true when above 0, so a trump feature (-1 in sans atout) is false
where it has no meaning.  A predicate is evaluated per strain.

>>> import numpy as np
>>> from solver.deal import Deal
>>> deal = Deal.from_pbn("N:AJ9.A7.K.J8 KQ.KQ.AJ.AK T87.JT.Q.QT -.98.T987.97")
>>> hands = np.array([deal.masks], dtype=np.uint64)
>>> p = predicate("N.trump_J and N.trump_9 and split == '3-2'")
>>> p.mask(hands, Strain.S, Rules(), Seat.N).tolist(), p.mask(hands, Strain.H, Rules(), Seat.N).tolist()
([False], [False])
>>> column("split", hands, Strain.S, Rules(), Seat.N).tolist()
['2-0']
>>> column("jack_at", hands, Strain.H, Rules(), Seat.S).tolist()
['seat']
>>> predicate("N.trump_J and N.trump_9 and split == '2-0'").mask(hands, Strain.S, Rules(), Seat.N).tolist()
[True]
"""

from __future__ import annotations

import ast
import dataclasses
import operator
from typing import Any, Callable, Mapping, Union

import numpy as np

from .cards import CardSet, Rank, Seat
from .deal import Deal
from .errors import ConstraintError, quote
from .messages import tr
from .features import FEATURES, check_features, feature_values, typed_column
from .rules import Rules, Strain

__all__ = ["WHO", "DEAL_FEATURES", "DealFeature", "Predicate", "predicate", "column", "check_names",
           "CustomFeatures"]

#: Whose hands a name may take before its dot (besides N E S W).
WHO = ("seat", "partner", "left", "right", "side", "them")


@dataclasses.dataclass(frozen=True)
class DealFeature:
    """A caller's feature of the whole deal: ``func(deal, strain) -> value`` (a number or a
    short text), called deal by deal; whole numbers stay numbers."""

    func: Callable[[Deal, Strain], Any]

    def __call__(self, deal: Deal, strain: Strain) -> Any:
        return self.func(deal, strain)


#: A caller's features: hand features ``func(hand, strain)``, or :class:`DealFeature`.
CustomFeatures = Mapping[str, Union[Callable[[CardSet, Strain], Any], DealFeature]]


# ---------------------------------------------------------------------------
# Features of the whole deal
# ---------------------------------------------------------------------------

_BYTE_COUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


def _lengths(masks: np.ndarray, suit: int) -> np.ndarray:
    return _BYTE_COUNT[((masks >> np.uint64(8 * suit)) & np.uint64(0xFF)).astype(np.int64)]


def _suit_strain(strain: Strain) -> bool:
    return strain in (Strain.S, Strain.H, Strain.D, Strain.C)


def _split(hands: np.ndarray, strain: Strain, rules: Rules, seat: Seat) -> np.ndarray:
    if not _suit_strain(strain):
        return np.full(len(hands), "n/a", dtype=object)
    a = _lengths(hands[:, int(seat.next)], int(strain))
    b = _lengths(hands[:, int(seat.partner.next)], int(strain))
    hi, lo = np.maximum(a, b), np.minimum(a, b)
    return np.array([f"{x}-{y}" for x, y in zip(hi.tolist(), lo.tolist())], dtype=object)


_PLACES = ("seat", "left", "partner", "right")


def _holder(rank: int) -> Callable[[np.ndarray, Strain, Rules, Seat], np.ndarray]:
    def at(hands: np.ndarray, strain: Strain, rules: Rules, seat: Seat) -> np.ndarray:
        if not _suit_strain(strain):
            return np.full(len(hands), "n/a", dtype=object)
        bit = np.uint64(1 << (8 * int(strain) + rank))
        owner = np.argmax((hands & bit) != 0, axis=1)
        return np.array([_PLACES[(o - int(seat)) & 3] for o in owner.tolist()], dtype=object)
    return at


def _belote_side(hands: np.ndarray, strain: Strain, rules: Rules, seat: Seat) -> np.ndarray:
    if not _suit_strain(strain):
        return np.full(len(hands), "n/a", dtype=object)
    pair = np.uint64((1 << (8 * int(strain) + Rank.K)) | (1 << (8 * int(strain) + Rank.Q)))
    held = (hands & pair) == pair
    ours = held[:, int(seat)] | held[:, int(seat.partner)]
    theirs = held[:, int(seat.next)] | held[:, int(seat.partner.next)]
    return np.where(ours, "us", np.where(theirs, "them", "-")).astype(object)


def _longest(hands: np.ndarray, strain: Strain, rules: Rules, seat: Seat) -> np.ndarray:
    out: np.ndarray = np.max(np.stack([_lengths(hands[:, h], s) for h in range(4) for s in range(4)], axis=1),
                             axis=1)
    return out


#: The features of the whole deal: name -> (function of the hands, strain, rules and
#: the study's seat; what it is).
DEAL_FEATURES: dict[str, tuple[Callable[[np.ndarray, Strain, Rules, Seat], np.ndarray], str]] = {
    "split": (_split, "the opponents' trumps, longer first: 3-2 ('n/a' in SA and TA)"),
    "jack_at": (_holder(Rank.J), "who holds the trump jack: seat, left, partner or right"),
    "nine_at": (_holder(Rank.R9), "who holds the trump nine: seat, left, partner or right"),
    "belote_side": (_belote_side, "the side holding the trump king and queen together: us, them or -"),
    "longest": (_longest, "the longest suit of any hand"),
}


# ---------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------

def _who(part: str) -> bool:
    return part in WHO or part in ("N", "E", "S", "W")


def check_names(names: "list[str] | tuple[str, ...]", custom: "CustomFeatures | None" = None) -> None:
    """Refuse a name that does not name a feature (see the module's help)."""
    custom = custom or {}
    for name in names:
        if not isinstance(name, str):
            raise ConstraintError(tr("feature {name!r}: expected a name", name=name))
        if name in DEAL_FEATURES or name in custom:
            continue
        who, dot, feature = name.rpartition(".")
        if dot and not _who(who):
            raise ConstraintError(tr("feature {name}: {who} is not whose hands (expected N, E, S, W, {whos})",
                                     name=quote(name), who=quote(who), whos=", ".join(WHO)))
        hand_custom = {k: v for k, v in custom.items() if not isinstance(v, DealFeature)}
        try:
            check_features([feature], hand_custom)
        except ConstraintError:
            known = ", ".join([*FEATURES, *custom, *DEAL_FEATURES])
            raise ConstraintError(tr("unknown feature {name}: expected one of {known}, or a hand feature "
                                     "after N. E. S. W. or {whos}.", name=quote(name), known=known,
                                     whos=". ".join(WHO))) from None


def _hands_of(who: str, hands: np.ndarray, seat: Seat) -> np.ndarray:
    if who in ("N", "E", "S", "W"):
        out: np.ndarray = hands[:, int(Seat.parse(who))]
        return out
    seats = {"seat": (seat,), "partner": (seat.partner,), "left": (seat.next,),
             "right": (seat.partner.next,), "side": (seat, seat.partner),
             "them": (seat.next, seat.partner.next)}[who]
    masks = np.zeros(len(hands), dtype=np.uint64)
    for s in seats:
        masks |= hands[:, int(s)]
    return masks


def column(name: str, hands: np.ndarray, strain: Strain, rules: Rules, seat: Seat, of: str = "seat",
           custom: "CustomFeatures | None" = None) -> np.ndarray:
    """The values of ``name`` on each deal: ``hands`` holds one row a deal, the four
    hands' card masks in the order N E S W; ``seat`` is the study's seat and ``of``
    (``seat`` or ``side``) whose hands a name without a dot describes."""
    custom = custom or {}
    hands = np.asarray(hands, dtype=np.uint64)
    deal_custom = custom.get(name)
    if isinstance(deal_custom, DealFeature):
        return typed_column([deal_custom(Deal(tuple(int(m) for m in row)), strain) for row in hands.tolist()])
    if name in DEAL_FEATURES and name not in custom:
        return DEAL_FEATURES[name][0](hands, strain, rules, seat)
    who, dot, feature = name.rpartition(".")
    check_names([name], custom)
    hand_custom = {k: v for k, v in custom.items() if not isinstance(v, DealFeature)}
    return feature_values(feature, _hands_of(who if dot else of, hands, seat), strain, rules, hand_custom)


# ---------------------------------------------------------------------------
# Predicates
# ---------------------------------------------------------------------------

_COMPARE: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge}
_ARITH: dict[type, Callable[[Any, Any], Any]] = {ast.Add: operator.add, ast.Sub: operator.sub,
                                                 ast.Mult: operator.mul}


def _name_of(node: ast.expr) -> "str | None":
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    return None


def _check(node: ast.AST, text: str, names: list[str]) -> None:
    """Refuse every construct but those the module's help lists; collect the names."""
    def bad(what: str) -> ConstraintError:
        return ConstraintError(tr("predicate {text}: {what} is not allowed (features, numbers, 'texts', "
                                  "+ - *, comparisons, in [...], and, or, not)", text=quote(text), what=what))
    if isinstance(node, ast.Expression):
        _check(node.body, text, names)
    elif isinstance(node, ast.BoolOp):
        for v in node.values:
            _check(v, text, names)
    elif isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, (ast.Not, ast.USub)):
            raise bad(type(node.op).__name__)
        _check(node.operand, text, names)
    elif isinstance(node, ast.BinOp):
        if type(node.op) not in _ARITH:
            raise bad(type(node.op).__name__)
        _check(node.left, text, names)
        _check(node.right, text, names)
    elif isinstance(node, ast.Compare):
        _check(node.left, text, names)
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, (ast.In, ast.NotIn)):
                if not (isinstance(right, (ast.List, ast.Tuple))
                        and all(isinstance(e, ast.Constant) for e in right.elts)):
                    raise bad(tr("'in' but over a list of constants"))
            elif type(op) not in _COMPARE:
                raise bad(type(op).__name__)
            else:
                _check(right, text, names)
    elif isinstance(node, ast.Constant):
        if not isinstance(node.value, (int, float, str)) or isinstance(node.value, bool):
            raise bad(repr(node.value))
    elif isinstance(node, ast.Attribute) and not (isinstance(node.value, ast.Name) and _who(node.value.id)):
        raise bad(tr("a dot after anything but {names}", names="N E S W " + " ".join(WHO)))
    elif (name := _name_of(node)) is not None:       # type: ignore[arg-type]
        names.append(name)
    else:
        raise bad(type(node).__name__)


def _truth(v: Any) -> np.ndarray:
    a = np.asarray(v)
    if a.dtype == object:
        return np.array([bool(x) and x not in ("-", "n/a") for x in a.tolist()], dtype=bool)
    out: np.ndarray = a > 0 if a.dtype.kind in "iuf" else a.astype(bool)
    return out


@dataclasses.dataclass(frozen=True)
class Predicate:
    """A test of the deals: ``text``, an expression over names, or ``func(deal, strain)``."""

    text: str
    func: "Callable[[Deal, Strain], Any] | None" = None
    names: tuple[str, ...] = ()
    _tree: "ast.Expression | None" = dataclasses.field(default=None, compare=False, repr=False)

    def check(self, custom: "CustomFeatures | None" = None) -> None:
        """Refuse a name the predicate uses that names no feature."""
        try:
            check_names(list(self.names), custom)
        except ConstraintError as e:
            raise ConstraintError(tr("predicate {text}: {reason}", text=quote(self.text), reason=e)) from None

    def mask(self, hands: np.ndarray, strain: Strain, rules: Rules, seat: Seat, of: str = "seat",
             custom: "CustomFeatures | None" = None) -> np.ndarray:
        """Which deals (rows of ``hands``, the masks N E S W) pass, in ``strain``."""
        hands = np.asarray(hands, dtype=np.uint64)
        if self.func is not None:
            f = self.func
            return np.array([bool(f(Deal(tuple(int(m) for m in row)), strain)) for row in hands.tolist()],
                            dtype=bool)
        assert self._tree is not None
        cache: dict[str, np.ndarray] = {}

        def name(n: str) -> np.ndarray:
            if n not in cache:
                cache[n] = column(n, hands, strain, rules, seat, of, custom)
            return cache[n]

        def ev(node: ast.AST) -> Any:
            if isinstance(node, ast.BoolOp):
                parts = [_truth(ev(v)) for v in node.values]
                join = np.logical_and if isinstance(node.op, ast.And) else np.logical_or
                out = parts[0]
                for p in parts[1:]:
                    out = join(out, p)
                return out
            if isinstance(node, ast.UnaryOp):
                return np.logical_not(_truth(ev(node.operand))) if isinstance(node.op, ast.Not) \
                    else -ev(node.operand)
            if isinstance(node, ast.BinOp):
                return _ARITH[type(node.op)](ev(node.left), ev(node.right))
            if isinstance(node, ast.Compare):
                out = np.ones(len(hands), dtype=bool)
                left = ev(node.left)
                for op, right_node in zip(node.ops, node.comparators):
                    if isinstance(op, (ast.In, ast.NotIn)):
                        assert isinstance(right_node, (ast.List, ast.Tuple))
                        allowed = [e.value for e in right_node.elts if isinstance(e, ast.Constant)]
                        seen = np.asarray(left).reshape(-1).tolist()
                        hit = np.array([x in allowed for x in seen], dtype=bool)
                        out &= hit if isinstance(op, ast.In) else ~hit
                        continue
                    right = ev(right_node)
                    out &= np.asarray(_COMPARE[type(op)](left, right), dtype=bool)
                    left = right
                return out
            if isinstance(node, ast.Constant):
                return node.value
            n = _name_of(node)      # type: ignore[arg-type]
            assert n is not None
            return name(n)

        try:
            result = ev(self._tree.body)
        except TypeError:
            raise ConstraintError(tr("predicate {text}: compares a text with a number (texts are in quotes: "
                                     "split == '3-2')", text=quote(self.text))) from None
        out: np.ndarray = np.broadcast_to(_truth(result), (len(hands),)).copy()
        return out


def predicate(where: "str | Callable[[Deal, Strain], Any] | Predicate") -> Predicate:
    """``where`` as a :class:`Predicate`: an expression (read and checked here), or a
    Python function ``func(deal, strain)``, known by its name."""
    if isinstance(where, Predicate):
        return where
    if callable(where):
        return Predicate(getattr(where, "__name__", "predicate"), where)
    if not isinstance(where, str) or not where.strip():
        raise ConstraintError(tr("predicate {where!r}: expected an expression, like 'trump_J and trumps >= 4'",
                                 where=where))
    try:
        tree = ast.parse(where.strip(), mode="eval")
    except SyntaxError as e:
        raise ConstraintError(tr("predicate {text}: cannot read it ({reason})", text=quote(where),
                                 reason=e.msg)) from None
    names: list[str] = []
    _check(tree, where, names)
    return Predicate(where.strip(), None, tuple(dict.fromkeys(names)), tree)

