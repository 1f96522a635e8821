"""Sampling deals consistent with what one player knows.

A player sees her own eight cards; the other 24 are unseen.  :func:`sample_deals`
deals those 24 cards at random, many times, keeping only the deals that agree
with what else is known (:class:`Constraints`): cards seen at other seats, voids,
suit lengths, a range of card points, or any Python test on the whole deal (like
the ``accept`` functions of bridge's *redeal*).

The known hand and the known cards are placed first, then the rest is shuffled
into the free places, so every deal that honours those is equally likely.  The
other constraints are met by rejection: a deal that breaks one is thrown away,
which keeps the deals uniform among those that honour every constraint.  An
attempt limit turns constraints that (almost) never hold into a
:class:`~solver.errors.ConstraintError` naming the constraint that rejected most.

>>> hand = CardSet.from_pbn("AJ9.A7.KT.J")
>>> deals = sample_deals(hand, seat="S", n=3, seed=1)
>>> all(d.hands[Seat.S] == hand for d in deals)
True
>>> deals == sample_deals(hand, seat="S", n=3, seed=1)      # the same seed, the same deals
True
>>> c = Constraints(voids={"W": "S"}, known={"N": "HK"}, points={"E": (30, 162)})
>>> deals = sample_deals(hand, "S", n=5, seed=2, constraints=c)
>>> all(c.accepts(d) for d in deals), all(Card.HK in d.hands[Seat.N] for d in deals)
(True, True)
>>> sample_deals(hand, "S", n=2, seed=1, constraints=Constraints(lengths={("N", "S"): (6, 8)}))
Traceback (most recent call last):
...
solver.errors.ConstraintError: N holds 6 to 8 ♠ but only 5 ♠ are unseen by S ...
"""

from __future__ import annotations

import dataclasses
import random as _random
from typing import Any, Callable, Iterable, Mapping, Sequence

from .cards import FULL_MASK, SUITS, Card, CardSet, Seat, Suit  # noqa: F401
from .deal import Deal
from .errors import CoincheError, ConstraintError, DealError, SeatError
from .messages import N_, tr
from .rules import PLAIN_TABLE, Rules, Strain, lane_points, mask_points, points_table

__all__ = ["Constraints", "sample_deals", "hand_points", "parse_hand", "cards_by_seat",
           "DEFAULT_ATTEMPTS_PER_DEAL"]

#: Attempts allowed per deal asked for (at least 10 000 in all) before giving up.
DEFAULT_ATTEMPTS_PER_DEAL = 200



def parse_hand(hand: "CardSet | str | Iterable[int | str]") -> CardSet:
    """One full hand of 8 cards: ``spades.hearts.diamonds.clubs`` text or cards.

    >>> parse_hand("AJ9.A7.KT.J").symbols()
    '♠ A J 9  ♥ A 7  ♦ K 10  ♣ J'
    >>> parse_hand("AJ9.A7.KT.-")
    Traceback (most recent call last):
    ...
    solver.errors.DealError: hand 'AJ9.A7.KT.-': a hand holds 8 cards, this one 7
    """
    h = CardSet.from_pbn(hand) if isinstance(hand, str) else CardSet(hand)
    if len(h) != 8:
        raise DealError(tr("hand {hand!r}: a hand holds 8 cards, this one {n}",
                           hand=hand if isinstance(hand, str) else h.to_pbn(), n=len(h)))
    return h


def hand_points(hand: "CardSet | int", strain: "Strain | None" = None,
                rules: Rules = Rules()) -> int:
    """The card points of a hand: in a strain, or with ``None`` at plain-suit values
    (A 11, 10 10, K 4, Q 3, J 2), what :class:`Constraints` ``points`` counts by default.

    >>> hand_points(CardSet.from_pbn("AJ9.A7.KT.J"))
    40
    >>> hand_points(CardSet.from_pbn("AJ9.A7.KT.J"), Strain.S)  # J 20 and 9 14 of trumps
    72
    """
    table = PLAIN_TABLE if strain is None else points_table(strain, rules)
    return mask_points(CardSet(hand).mask, table)


def _seat(value: Any, what: str) -> Seat:
    try:
        return Seat.parse(value)
    except SeatError as e:
        raise ConstraintError(tr("{what}: {e}", what=what, e=e)) from None


def _suit(value: Any, what: str) -> Suit:
    try:
        return Suit(value) if isinstance(value, int) else Suit.parse(value)
    except (CoincheError, ValueError):
        raise ConstraintError(tr("{what}: unknown suit {value!r}: expected one of S H D C", what=what,
                                 value=value)) from None


def _range(value: Any, what: str, top: int) -> tuple[int, int]:
    try:
        lo, hi = value
        lo, hi = int(lo), int(hi)
    except (TypeError, ValueError):
        raise ConstraintError(tr("{what}: {value!r} is not a range: expected (minimum, maximum)", what=what,
                                 value=value)) from None
    if not 0 <= lo <= hi <= top:
        raise ConstraintError(tr("{what}: range {value!r} must satisfy 0 <= minimum <= maximum <= {top}",
                                 what=what, value=value, top=top))
    return lo, hi


def cards_by_seat(given: Mapping[Any, Any], what: str) -> dict[Seat, CardSet]:
    """seat -> cards, from seat names and card lists (``{"N": "SA HT"}``)."""
    out: dict[Seat, CardSet] = {}
    for k, v in dict(given).items():
        seat = _seat(k, tr("{what} cards {cards!r}", what=tr(what), cards=v))
        try:
            cards = CardSet(v.replace(",", " ").split()) if isinstance(v, str) else CardSet(v)
        except CoincheError as e:
            raise ConstraintError(tr("{what} cards of {seat}: {e}", what=tr(what), seat=seat, e=e)) from None
        out[seat] = CardSet(out.get(seat, CardSet()) | cards)
    return out


def _known_cards(given: Mapping[Any, Any]) -> dict[Seat, CardSet]:
    """``known``: seat -> the cards seen there, each card at one seat at most."""
    known = cards_by_seat(given, N_("known"))
    owner: dict[Card, Seat] = {}
    for seat, cards in known.items():
        if len(cards) > 8:
            raise ConstraintError(tr("known cards of {seat}: {n_cards} cards, at most 8", seat=seat,
                                     n_cards=len(cards)))
        for c in cards:
            if c in owner:
                raise ConstraintError(tr("card {c} is known at two seats: {owner} and {seat}", c=c.name,
                                         owner=owner[c].name, seat=seat.name))
            owner[c] = seat
    return known


def _excluded_cards(given: Mapping[Any, Any], known: dict[Seat, CardSet]) -> dict[Seat, CardSet]:
    """``excluded`` in normal form (as ``known``), refused where it denies a known card."""
    out = {s: c for s, c in cards_by_seat(given, N_("excluded")).items() if len(c)}
    for s, cards in out.items():
        both = cards.mask & known.get(s, CardSet(0)).mask
        if both:
            raise ConstraintError(tr("card {both} is both known at {s} and excluded there",
                                     both=CardSet(both).to_pbn(), s=s.name))
    return out


#: Suit lengths in normal form: (seat, suit) -> (minimum, maximum).
Lengths = dict[tuple[Seat, Suit], tuple[int, int]]


def _void_lengths(voids: Mapping[Any, Any]) -> tuple[Lengths, dict[Seat, list[str]]]:
    """``voids`` as lengths (0, 0) per (seat, suit), and each void as given,
    ``SEAT:SUITS``, per seat (for the messages)."""
    lengths: dict[tuple[Seat, Suit], tuple[int, int]] = {}
    given: dict[Seat, list[str]] = {}
    for k, v in dict(voids).items():
        seat = _seat(k, tr("void {v!r}", v=v))
        suits = list(v) if isinstance(v, (str, list, tuple, set, frozenset)) else [v]
        parsed = []
        for s in suits:
            if s in (" ", ",", "."):
                continue
            parsed.append(_suit(s, tr("void of {seat}", seat=seat)))
            lengths[(seat, parsed[-1])] = (0, 0)
        given.setdefault(seat, []).append(
            f"{k if isinstance(k, str) else seat.name}:"
            f"{v if isinstance(v, str) else ''.join(SUITS[u] for u in parsed)}")
    return lengths, given


def _length_key(key: Any) -> tuple[Seat, Suit]:
    """A ``lengths`` key: ``(seat, suit)``, ``"N:H"`` or ``"NH"``."""
    if isinstance(key, str):
        t = key.replace(":", "").replace(" ", "")
        if len(t) != 2:
            raise ConstraintError(tr("length key {key!r}: expected a seat and a suit, like 'N:H'", key=key))
        key = (t[0], t[1])
    try:
        seat, suit = key
    except (TypeError, ValueError):
        raise ConstraintError(tr("length key {key!r}: expected (seat, suit), like ('N', 'H')", key=key)) from None
    what = tr("length key {key!r}", key=key)
    return _seat(seat, what), _suit(suit, what)


def _merge_lengths(lengths: Lengths, given: Mapping[Any, Any]) -> Lengths:
    """``lengths`` (the voids) with the ``lengths`` field: a range given for a (seat,
    suit) twice keeps what both allow, and must allow something."""
    out = dict(lengths)
    for k, v in dict(given).items():
        seat, suit = _length_key(k)
        lo, hi = _range(v, tr("length of {suit} at {seat}", suit=suit.symbol, seat=seat), 8)
        if (seat, suit) in out:
            before_lo, before_hi = out[(seat, suit)]
            lo, hi = max(lo, before_lo), min(hi, before_hi)
            if lo > hi:
                raise ConstraintError(tr("length of {suit} at {seat}: {v!r} contradicts ({before_lo}, "
                                         "{before_hi}) given before", suit=suit.symbol, seat=seat.name, v=v,
                                         before_lo=before_lo, before_hi=before_hi))
        out[(seat, suit)] = (lo, hi)
    return out


def _check_every_seat_holds_a_suit(lengths: Lengths, given: dict[Seat, list[str]],
                                   void_everywhere: set[Seat]) -> None:
    """A seat holds 8 cards, so the lengths must leave it some suit."""
    for seat in Seat:
        if any(lengths.get((seat, u), (0, 8))[1] > 0 for u in Suit):
            continue
        why = tr("a seat cannot be void in every suit, it must hold 8 cards")
        voids = " and ".join(repr(t) for t in given.get(seat, ()))
        if seat in void_everywhere:
            raise ConstraintError(tr("void {voids}: {why}", voids=voids, why=why))
        if voids:
            raise ConstraintError(tr("void {voids} and the lengths given for {seat} allow it no card in any suit: "
                                     "{why}", voids=voids, seat=seat.name, why=why))
        raise ConstraintError(tr("the lengths given for {seat} allow it no card in any suit: {why}",
                                 seat=seat.name, why=why))


def _points_ranges(given: Mapping[Any, Any]) -> dict[Seat, tuple[int, int]]:
    """``points``: seat -> (minimum, maximum) card points, within 0..162."""
    points: dict[Seat, tuple[int, int]] = {}
    for k, v in dict(given).items():
        seat = _seat(k, tr("points {v!r}", v=v))
        points[seat] = _range(v, tr("points of {seat}", seat=seat), 162)
    return points


def _points_strain(value: "Strain | str") -> Strain:
    """``points_strain``: the strain whose card values a points range counts."""
    try:
        return Strain.parse(value)
    except CoincheError as e:
        raise ConstraintError(tr("points_strain: {e}", e=e)) from None


def _check_known_within_lengths(known: dict[Seat, CardSet], lengths: Lengths) -> None:
    """The cards known at a seat fit its suit lengths."""
    for (seat, suit), (lo, hi) in lengths.items():
        have = len(known.get(seat, CardSet()).suit(suit))
        if have > hi:
            what = tr("is void in") if hi == 0 else tr("holds at most {hi}", hi=hi)
            raise ConstraintError(tr("{seat} {what} {suit} but is known to hold {held!r}", seat=seat,
                                     what=what, suit=suit.symbol, held=known[seat].suit(suit).to_pbn()))


def _voids_text(lengths: Lengths) -> dict[Seat, str]:
    """The voids the lengths imply, as suit letters per seat."""
    voids: dict[Seat, str] = {}
    for (seat, suit), r in lengths.items():
        if r == (0, 0):
            voids[seat] = voids.get(seat, "") + SUITS[suit]
    return voids


@dataclasses.dataclass(frozen=True)
class Constraints:
    """What is known besides the sampled hand; every field is optional.

    - ``known``: seat -> cards that seat holds (``{"N": "SA HT"}``, a CardSet or a list).
    - ``voids``: seat -> suits that seat holds none of (``{"W": "SH"}``).
    - ``lengths``: ``(seat, suit)`` -> ``(minimum, maximum)`` cards of the suit
      (``{("N", "H"): (3, 8)}``; keys may also be ``"N:H"`` or ``"NH"``).
    - ``points``: seat -> ``(minimum, maximum)`` card points, counted at plain-suit values
      (A 11, 10 10, K 4, Q 3, J 2) or in ``points_strain`` if given.
    - ``excluded``: seat -> cards that seat cannot hold (what the play proves, see
      :class:`~solver.knowledge.Knowledge`).  These are dealt around, not rejected:
      every deal honouring them is equally likely, however few there are.
    - ``accept``: any test ``deal -> bool``; a deal is kept only when it returns true.

    The fields are read into a normal form (seats as :class:`Seat`, suits as
    :class:`Suit`, ranges as int pairs) and checked; a contradiction that shows
    without dealing (a card known at two seats, a known card in a void suit, a seat
    void in every suit, lengths that cannot add up) raises :class:`ConstraintError` at once.

    >>> Constraints(voids={"W": "S"}, lengths={"N:H": (3, 8)}).lengths
    {(<Seat.W: 3>, <Suit.S: 0>): (0, 0), (<Seat.N: 0>, <Suit.H: 1>): (3, 8)}
    >>> Constraints(known={"N": "SA", "E": "SA"})
    Traceback (most recent call last):
    ...
    solver.errors.ConstraintError: card SA is known at two seats: N and E
    """

    known: Mapping[Any, Any] = dataclasses.field(default_factory=dict)
    voids: Mapping[Any, Any] = dataclasses.field(default_factory=dict)
    lengths: Mapping[Any, Any] = dataclasses.field(default_factory=dict)
    points: Mapping[Any, Any] = dataclasses.field(default_factory=dict)
    points_strain: "Strain | str | None" = None
    accept: "Callable[[Deal], bool] | None" = None
    rules: Rules = Rules()
    excluded: Mapping[Any, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        known = _known_cards(self.known)
        excluded = _excluded_cards(self.excluded, known)
        lengths, given = _void_lengths(self.voids)
        void_everywhere = {seat for seat in given if all((seat, u) in lengths for u in Suit)}
        lengths = _merge_lengths(lengths, self.lengths)
        _check_every_seat_holds_a_suit(lengths, given, void_everywhere)
        points = _points_ranges(self.points)
        strain = None if self.points_strain is None else _points_strain(self.points_strain)
        if self.accept is not None and not callable(self.accept):
            raise ConstraintError(tr("accept {accept!r} is not callable: expected a function deal -> bool",
                                     accept=self.accept))
        _check_known_within_lengths(known, lengths)
        object.__setattr__(self, "known", known)
        object.__setattr__(self, "excluded", excluded)
        object.__setattr__(self, "lengths", lengths)
        object.__setattr__(self, "voids", _voids_text(lengths))
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "points_strain", strain)
        table = PLAIN_TABLE if strain is None else points_table(strain, self.rules)
        object.__setattr__(self, "_lanes", lane_points(tuple(table)) if points else None)

    # -- checking ---------------------------------------------------------------
    def _reject(self, masks: Sequence[int]) -> "str | None":
        """Why the deal (four hand masks) breaks a constraint, or None when it honours all."""
        for (seat, suit), (lo, hi) in self.lengths.items():
            n = ((masks[seat] >> (8 * suit)) & 0xFF).bit_count()
            if n < lo or n > hi:
                if hi == 0:
                    return tr("{seat} void in {suit}", seat=seat, suit=suit.symbol)
                return tr("{seat} holds {lo} to {hi} {suit}", seat=seat, lo=lo, hi=hi, suit=suit.symbol)
        lanes = self._lanes  # type: ignore[attr-defined]
        for seat, (lo, hi) in self.points.items():
            m = masks[seat]
            p = lanes[0][m & 0xFF] + lanes[1][m >> 8 & 0xFF] + lanes[2][m >> 16 & 0xFF] + lanes[3][m >> 24]
            if p < lo or p > hi:
                return tr("{seat} holds {lo} to {hi} points", seat=seat, lo=lo, hi=hi)
        return None

    def accepts(self, deal: Deal) -> bool:
        """Does the deal honour every constraint (known cards included)?"""
        masks = deal.masks
        for seat, cards in self.known.items():
            if cards.mask & ~masks[seat]:
                return False
        for seat, cards in self.excluded.items():
            if cards.mask & masks[seat]:
                return False
        if self._reject(masks) is not None:
            return False
        return self.accept is None or bool(self.accept(deal))

    def describe(self) -> list[str]:
        """The constraints in words, one line each, in the output language.

        >>> Constraints(voids={"W": "S"}, points={"N": (20, 60)}).describe()
        ['W void in ♠', 'N holds 20 to 60 points']
        >>> from solver.messages import writing_in
        >>> with writing_in("fr"):
        ...     Constraints(voids={"W": "S"}, points={"N": (20, 60)}).describe()
        ['O chicane à ♠', 'N a de 20 à 60 points']
        """
        out = [tr("{seat} holds {cards}", seat=s, cards=c.to_pbn()) for s, c in self.known.items()]
        out += [tr("{seat} cannot hold {cards}", seat=s, cards=c.to_pbn())
                for s, c in self.excluded.items()]
        for (seat, suit), (lo, hi) in self.lengths.items():
            out.append(tr("{seat} void in {suit}", seat=seat, suit=suit.symbol) if hi == 0
                       else tr("{seat} holds {lo} to {hi} {suit}", seat=seat, lo=lo, hi=hi,
                               suit=suit.symbol))
        for seat, (lo, hi) in self.points.items():
            if self.points_strain is None:
                out.append(tr("{seat} holds {lo} to {hi} points", seat=seat, lo=lo, hi=hi))
            else:
                out.append(tr("{seat} holds {lo} to {hi} points in {strain}", seat=seat, lo=lo, hi=hi,
                              strain=self.points_strain))
        if self.accept is not None:
            out.append(tr("accept: {name}", name=getattr(self.accept, "__name__", repr(self.accept))))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "known": {s.name: c.to_pbn() for s, c in self.known.items()},
            "excluded": {s.name: c.to_pbn() for s, c in self.excluded.items()},
            "lengths": {f"{s.name}:{u.name}": list(r) for (s, u), r in self.lengths.items()},
            "points": {s.name: list(r) for s, r in self.points.items()},
            "points_strain": str(self.points_strain) if self.points_strain is not None else None,
            "accept": getattr(self.accept, "__name__", repr(self.accept)) if self.accept else None,
        }


def _check_feasible(hand: CardSet, seat: Seat, c: Constraints) -> None:
    """Contradictions visible without dealing: the sampled hand against the rest."""
    if seat in c.known and c.known[seat].mask & ~hand.mask:
        extra = CardSet(c.known[seat].mask & ~hand.mask)
        raise ConstraintError(tr("cards {items} are known at {seat} but not in its hand {hand!r}",
                                 items=' '.join(x.name for x in extra), seat=seat.name, hand=hand.to_pbn()))
    for s, cards in c.known.items():
        if s != seat and cards.mask & hand.mask:
            both = CardSet(cards.mask & hand.mask)
            raise ConstraintError(tr("cards {items} are known at {s} but are in {seat}'s hand {hand!r}",
                                     items=' '.join(x.name for x in both), s=s.name, seat=seat.name,
                                     hand=hand.to_pbn()))
    for s, cards in c.known.items():
        if s != seat and len(cards) > 8:
            raise ConstraintError(tr("{n_cards} cards known at {s}: at most 8", n_cards=len(cards), s=s.name))
    own = Constraints(lengths={k: v for k, v in c.lengths.items() if k[0] == seat},
                      points={k: v for k, v in c.points.items() if k == seat},
                      points_strain=c.points_strain, rules=c.rules)
    why = own._reject([hand.mask] * 4)
    if why is not None:
        raise ConstraintError(tr("{seat}'s own hand {hand!r} breaks a constraint: {why}", seat=seat,
                                 hand=hand.to_pbn(), why=why))
    unseen = FULL_MASK & ~hand.mask
    for suit in Suit:
        free = ((unseen >> (8 * suit)) & 0xFF).bit_count()
        lo_sum = 0
        for s in Seat:
            if s == seat:
                continue
            lo, hi = c.lengths.get((s, suit), (0, 8))
            lo_sum += lo
            if lo > free:
                raise ConstraintError(tr("{s} holds {lo} to {hi} {suit} but only {free} {suit} are unseen by "
                                         "{seat} ({hand!r} holds the rest)", s=s.name, lo=lo, hi=hi,
                                         suit=suit.symbol, free=free, seat=seat.name, hand=hand.to_pbn()))
        if lo_sum > free:
            raise ConstraintError(tr("the other seats hold at least {lo_sum} {suit} in all but only {free} "
                                     "are unseen by {seat}", lo_sum=lo_sum, suit=suit.symbol, free=free,
                                     seat=seat.name))
    for s in Seat:
        if s == seat:
            continue
        lo_sum = sum(c.lengths.get((s, u), (0, 8))[0] for u in Suit)
        hi_sum = sum(c.lengths.get((s, u), (0, 8))[1] for u in Suit)
        if lo_sum > 8 or hi_sum < 8:
            raise ConstraintError(tr("the lengths given for {s} add up to {lo_sum}..{hi_sum} cards: a hand "
                                     "holds 8", s=s.name, lo_sum=lo_sum, hi_sum=hi_sum))
    taken = hand.mask
    for cards in c.known.values():
        taken |= cards.mask
    pool = FULL_MASK & ~taken
    table = PLAIN_TABLE if c.points_strain is None else points_table(c.points_strain, c.rules)
    where = tr(" in {strain}", strain=c.points_strain) if c.points_strain is not None else ""
    for s in Seat:
        if s == seat:
            continue
        mine = c.known[s].mask if s in c.known else 0
        room = 8 - mine.bit_count()
        fit = 0             # the unseen cards the seat may still take, suit by suit
        for u in Suit:
            cap = c.lengths.get((s, u), (0, 8))[1] - ((mine >> (8 * u)) & 0xFF).bit_count()
            fit += min(cap, ((pool >> (8 * u)) & 0xFF).bit_count())
        if fit < room:
            raise ConstraintError(tr("{s} needs {room} more cards but its suit lengths let it take only "
                                     "{fit} of the cards unseen by {seat}", s=s.name, room=room, fit=fit,
                                     seat=seat.name))
        if s in c.points:
            lo, hi = c.points[s]
            reach = _points_reach(mine, pool, s, c, table)
            if reach is not None and (reach[1] < lo or reach[0] > hi):
                raise ConstraintError(tr("{s} holds {lo} to {hi} points{where} but can only hold {reach} to "
                                         "{reach2}: its known cards and the unseen ones it may get allow no "
                                         "more", s=s.name, lo=lo, hi=hi, where=where, reach=reach[0],
                                         reach2=reach[1]))


def _points_reach(mine: int, pool: int, s: Seat, c: Constraints,
                  table: Sequence[int]) -> "tuple[int, int] | None":
    """The fewest and the most points seat ``s`` can hold: its known cards ``mine`` plus
    cards of ``pool`` up to 8, within its suit lengths (other seats' needs ignored: a
    necessary condition).  None when the lengths alone cannot be met (reported elsewhere).

    Greedy is exact here: each suit first gives the cards its minimum length forces
    (the richest for the most, the poorest for the fewest), then the richest (poorest)
    cards left fill the hand, each suit up to its maximum."""
    base = sum(table[x] for x in range(32) if mine >> x & 1)
    room = 8 - mine.bit_count()
    out = []
    for richest in (False, True):
        total, left, rest = base, room, []
        for u in Suit:
            lo, hi = c.lengths.get((s, u), (0, 8))
            have = ((mine >> (8 * u)) & 0xFF).bit_count()
            cards = sorted((table[x] for x in range(8 * u, 8 * u + 8) if pool >> x & 1), reverse=richest)
            need = max(0, lo - have)
            if need > len(cards):
                return None
            total += sum(cards[:need])
            left -= need
            rest += cards[need:max(need, hi - have)]
        if left < 0 or left > len(rest):
            return None
        rest.sort(reverse=richest)
        out.append(total + sum(rest[:left]))
    return out[0], out[1]


def sample_deals(hand: "CardSet | str", seat: "Seat | str" = Seat.S, n: int = 100,
                 seed: "int | None" = None, constraints: "Constraints | None" = None, *,
                 rng: "_random.Random | None" = None, max_attempts: "int | None" = None) -> list[Deal]:
    """``n`` random deals with ``hand`` at ``seat``, each honouring ``constraints``.

    The same ``seed`` (or the same state of ``rng``) gives the same deals.  At most
    ``max_attempts`` deals are tried (default: 200 per deal asked for, at least
    10 000); when they run out, :class:`ConstraintError` says how many were found and
    which constraint rejected most.  Constraints that the cards already rule out
    (lengths the unseen cards cannot fill, a points range out of a seat's reach) are
    refused before dealing.

    >>> sample_deals("AJ9.A7.KT.J", "S", constraints=Constraints(points={"N": (100, 162)}))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solver.errors.ConstraintError: N holds 100 to 162 points but can only hold 0 to 64: ...
    """
    h = parse_hand(hand)
    try:
        seat = Seat.parse(seat)
    except SeatError as e:
        raise ConstraintError(str(e)) from None
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ConstraintError(tr("number of deals {n!r}: expected a whole number, 1 or more", n=n))
    c = constraints if constraints is not None else Constraints()
    if not isinstance(c, Constraints):
        raise ConstraintError(tr("constraints {c!r}: expected a Constraints object", c=c))
    _check_feasible(h, seat, c)
    r = rng if rng is not None else _random.Random(seed)
    limit = max_attempts if max_attempts is not None else max(10_000, DEFAULT_ATTEMPTS_PER_DEAL * n)

    base, pool, slots = _places(h, seat, c)
    needs_check = bool(c.lengths or c.points)
    dealer = _ExcludingDealer(base, pool, c.excluded) if c.excluded else None

    out: list[Deal] = []
    reasons: dict[str, int] = {}
    attempts = 0
    while len(out) < n:
        if attempts >= limit:
            top = sorted(reasons.items(), key=lambda kv: -kv[1])[:3]
            detail = ", ".join(f"{why} {100 * k / attempts:.0f}%" for why, k in top)
            raise ConstraintError(
                tr("found only {n_out} of {n} deals in {attempts} attempts: the constraints reject almost "
                   "every deal (rejected by: {reasons})", n_out=len(out), n=n, attempts=attempts,
                   reasons=detail or tr("none"))
            )
        attempts += 1
        if dealer is not None:
            masks = dealer.deal(r)
        else:
            r.shuffle(pool)
            masks = list(base)
            for card, s in zip(pool, slots):
                masks[s] |= 1 << card
        if needs_check:
            why = c._reject(masks)
            if why is not None:
                reasons[why] = reasons.get(why, 0) + 1
                continue
        deal = Deal(masks)
        if c.accept is not None and not _user_accepts(c.accept, deal):
            name = f"accept {getattr(c.accept, '__name__', 'function')}"
            reasons[name] = reasons.get(name, 0) + 1
            continue
        out.append(deal)
    return out


def _places(hand: CardSet, seat: Seat, c: Constraints) -> tuple[list[int], list[int], list[int]]:
    """What every deal shares: the four hands' masks of the cards placed first (the
    hand and the known cards), the cards left to shuffle, and the seat of each free place."""
    base = [0, 0, 0, 0]
    base[seat] = hand.mask
    for s, cards in c.known.items():
        if s != seat:
            base[s] |= cards.mask
    used = base[0] | base[1] | base[2] | base[3]
    pool = [card for card in range(32) if not used >> card & 1]
    room = [8 - base[s].bit_count() for s in range(4)]
    if sum(room) != len(pool) or min(room) < 0:  # pragma: no cover - guarded above
        raise ConstraintError(tr("known cards do not fit in the hands"))
    return base, pool, [s for s in range(4) for _ in range(room[s])]


class _ExcludingDealer:
    """Deals the free cards so that no seat gets a card excluded there, every such
    deal equally likely: the number of ways to complete a deal from each card on,
    given the room left at each seat, is counted once; each card then goes to a seat
    with probability proportional to the completions that choice leaves."""

    def __init__(self, base: list[int], pool: list[int], excluded: Mapping[Seat, CardSet]) -> None:
        self.base, self.pool = base, sorted(pool)
        room = tuple(8 - m.bit_count() for m in base)
        barred = [excluded.get(Seat(s), CardSet()).mask for s in range(4)]
        self.allowed = [[s for s in range(4) if room[s] and not barred[s] >> c & 1] for c in self.pool]
        self.ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self.room = room
        if self._count(0, room) == 0:
            barred_text = ", ".join(tr("{seat} cannot hold {cards}", seat=Seat(s).name, cards=x.to_pbn())
                                    for s, x in sorted(excluded.items()))
            raise ConstraintError(tr("no deal fits: the cards excluded from the seats leave no way to deal the "
                                     "unseen cards ({barred})", barred=barred_text))

    def _count(self, i: int, room: tuple[int, ...]) -> int:
        if i == len(self.pool):
            return 1
        key = (i, room)
        n = self.ways.get(key)
        if n is None:
            n = 0
            for s in self.allowed[i]:
                if room[s]:
                    n += self._count(i + 1, room[:s] + (room[s] - 1,) + room[s + 1:])
            self.ways[key] = n
        return n

    def deal(self, r: "_random.Random") -> list[int]:
        masks, room = list(self.base), self.room
        for i, card in enumerate(self.pool):
            pick = r.randrange(self._count(i, room))
            for s in self.allowed[i]:
                if not room[s]:
                    continue
                after = room[:s] + (room[s] - 1,) + room[s + 1:]
                pick -= self._count(i + 1, after)
                if pick < 0:
                    masks[s] |= 1 << card
                    room = after
                    break
        return masks


def _user_accepts(accept: Callable[[Deal], bool], deal: Deal) -> bool:
    """A user's ``accept`` on a deal; when it breaks, a ConstraintError says which."""
    try:
        return bool(accept(deal))
    except CoincheError:
        raise
    except Exception as e:
        raise ConstraintError(tr("accept function {accept!r} failed on {deal!r}: {e!r}",
                                 accept=getattr(accept, '__name__', accept), deal=deal.to_pbn(), e=e)) from None
