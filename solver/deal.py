"""Deals: four hands of equal size, read from and written to PBN-like text.

>>> d = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
>>> d.hands[Seat.S].to_pbn()
'Q.A.AQ7.KQJ'
>>> Deal.from_pbn(d.to_pbn(first=Seat.E)) == d
True
>>> Deal.random(seed=7) == Deal.random(seed=7)
True
"""

from __future__ import annotations

import random as _random
from typing import Iterable, Sequence, overload

from .cards import Card, CardSet, Immutable, Seat, lsb
from .errors import CardError, DealError, SeatError, quote
from .messages import tr

__all__ = ["Deal", "EXAMPLE_DEAL", "first_leader"]

#: The built-in example deal (the first case of tests/data/dd_reference.json).
EXAMPLE_DEAL = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"


class Deal(Immutable):
    """Four hands, indexed by :class:`Seat`; each hand is a :class:`CardSet`.

    Full deals hold 8 cards a hand; endgames hold fewer, but the same number in every hand.
    """

    __slots__ = ("hands",)
    #: The hands of N, E, S and W.
    hands: tuple[CardSet, CardSet, CardSet, CardSet]

    def __init__(self, hands: Sequence["CardSet | int | str | Iterable[int | str]"]) -> None:
        if isinstance(hands, str):
            raise DealError(tr("not a list of hands: {hands}: Deal.from_pbn reads deal text",
                               hands=quote(hands)))
        if isinstance(hands, (bytes, bytearray)) or not isinstance(hands, Iterable):
            raise DealError(tr("not a list of hands: {hands}: expected 4 hands", hands=quote(hands)))
        hs = tuple(CardSet(h) for h in hands)
        if len(hs) != 4:
            raise DealError(tr("a deal needs 4 hands, got {n}", n=len(hs)))
        held = 0
        for seat, h in enumerate(hs):
            if held & h.mask:
                # name the first card found twice, and the first hand that holds it
                c = Card(lsb(held & h.mask))
                first = next(i for i in range(seat) if hs[i].mask >> c & 1)
                raise DealError(tr("card {card} is in two hands: {first} and {second}", card=c.name,
                                    first=Seat(first).name, second=Seat(seat).name))
            held |= h.mask
        counts = [len(h) for h in hs]
        if len(set(counts)) != 1:
            detail = ", ".join(f"{Seat(i).name} {n}" for i, n in enumerate(counts))
            raise DealError(tr("hands hold unequal numbers of cards ({detail}): every hand must hold as many",
                               detail=detail))
        if counts[0] > 8:
            raise DealError(tr("hands hold {n} cards: at most 8", n=counts[0]))
        if counts[0] == 0:
            raise DealError(tr("hands are empty: a deal needs at least one card per hand"))
        object.__setattr__(self, "hands", hs)    # four hands, counted above

    def __reduce__(self) -> tuple[type[Deal], tuple[tuple[int, int, int, int]]]:
        """Pickled as its four masks, as tasks carry deals to worker processes.

        >>> import pickle
        >>> d = Deal.from_pbn(EXAMPLE_DEAL)
        >>> pickle.loads(pickle.dumps(d)) == d
        True
        """
        return (Deal, (self.masks,))

    @classmethod
    def parse(cls, deal: "Deal | str") -> "Deal":
        """A :class:`Deal` as it is, or deal text read by :meth:`from_pbn`: how every query
        reads its deal.

        >>> Deal.parse(EXAMPLE_DEAL) == Deal.parse(Deal.from_pbn(EXAMPLE_DEAL))
        True
        """
        return deal if isinstance(deal, Deal) else cls.from_pbn(deal)

    @classmethod
    def from_pbn(cls, text: str) -> "Deal":
        """Read ``N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9``.

        The letter before ``:`` is the seat of the first hand; the other hands follow in
        the order of play.  Without a prefix the first hand is N's.
        """
        if not isinstance(text, str):
            raise DealError(tr("not a deal: {text}: expected a Deal or deal text", text=quote(text)))
        t = text.strip()
        if t.startswith("[") or t.lower().startswith("deal "):
            t = t.split('"')[1] if '"' in t else t
        first = Seat.N
        if ":" in t:
            head, _, rest = t.partition(":")
            try:
                first = Seat.parse(head)
            except SeatError:
                raise DealError(
                    tr("malformed deal {text}: expected the first seat (N E S W) before ':'", text=quote(text))
                ) from None
            t = rest
        parts = t.split()
        if len(parts) != 4:
            raise DealError(tr("malformed deal {text}: expected 4 hands separated by spaces, got {n}",
                               text=quote(text), n=len(parts)))
        hands: list[CardSet] = [CardSet()] * 4
        for i, p in enumerate(parts):
            try:
                hands[(first + i) & 3] = CardSet.from_pbn(p)
            except CardError as e:
                raise CardError(tr("{error} (in deal {text})", error=e, text=quote(text))) from None
            except DealError as e:
                raise DealError(tr("{error} (in deal {text})", error=e, text=quote(text))) from None
        try:
            return cls(hands)
        except DealError as e:
            raise DealError(tr("{error} (in deal {text})", error=e, text=quote(text))) from None

    def to_pbn(self, first: Seat = Seat.N) -> str:
        f = first
        return f"{f.name}:" + " ".join(self.hands[(f + i) & 3].to_pbn() for i in range(4))

    @classmethod
    def random(cls, seed: "int | None" = None, rng: "_random.Random | None" = None) -> "Deal":
        """A uniformly random full deal; the same seed gives the same deal."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise DealError(tr("seed {seed}: expected a whole number", seed=quote(seed)))
        if rng is not None and not isinstance(rng, _random.Random):
            raise DealError(tr("rng {rng}: expected a random.Random", rng=quote(rng)))
        r = rng if rng is not None else _random.Random(seed)
        cards = list(range(32))
        r.shuffle(cards)
        return cls([CardSet(cards[8 * i: 8 * i + 8]) for i in range(4)])

    @property
    def cards_per_hand(self) -> int:
        return len(self.hands[0])

    @property
    def cards(self) -> CardSet:
        m = 0
        for h in self.hands:
            m |= h.mask
        return CardSet(m)

    @property
    def masks(self) -> tuple[int, int, int, int]:
        n, e, s, w = self.hands
        return n.mask, e.mask, s.mask, w.mask

    def owner(self, card: Card) -> Seat | None:
        c = card
        for s, h in enumerate(self.hands):
            if h.mask >> c & 1:
                return Seat(s)
        return None

    def __getitem__(self, seat: "Seat | str") -> CardSet:
        return self.hands[Seat.parse(seat)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self.masks == other.masks

    def __hash__(self) -> int:
        return hash(self.masks)

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def __str__(self) -> str:
        return self.to_pbn()

    def diagram(self, symbols: bool = True) -> str:
        """The deal as a bridge-style diagram (N on top, W left, E right, S below)."""

        def lines(seat: int) -> list[str]:
            h = self.hands[seat]
            out = []
            for suit in range(4):
                lane = CardSet(h.mask & (0xFF << (8 * suit)))
                ranks = lane.to_pbn().split(".")[suit]
                if symbols:
                    ranks = " ".join("10" if ch == "T" else ch for ch in ranks) if ranks != "-" else "—"
                    out.append(f"{'♠♥♦♣'[suit]} {ranks}")
                else:
                    out.append(f"{'SHDC'[suit]} {ranks}")
            return out

        n, e, s, w = (lines(i) for i in range(4))
        width = max(len(x) for x in w) + 2
        mid = max(max(len(x) for x in n), max(len(x) for x in s), 6)
        rows = [" " * width + f"{'N':^{mid}}"]
        rows += [" " * width + x for x in n]
        rows.append(f"{'W':<{width}}{'':{mid}}  E")
        rows += [f"{w[i]:<{width}}{'':{mid}}  {e[i]}" for i in range(4)]
        rows.append(" " * width + f"{'S':^{mid}}")
        rows += [" " * width + x for x in s]
        return "\n".join(r.rstrip() for r in rows)


@overload
def first_leader(leader: "Seat | str | None" = None, dealer: "Seat | str | None" = None, *,
                 default: None = None) -> "Seat | None": ...


@overload
def first_leader(leader: "Seat | str | None" = None, dealer: "Seat | str | None" = None, *,
                 default: Seat) -> Seat: ...


def first_leader(leader: "Seat | str | None" = None, dealer: "Seat | str | None" = None, *,
                 default: "Seat | None" = None) -> "Seat | None":
    """The seat that leads the first trick: ``leader``, or the seat after ``dealer``.

    Giving both is allowed when they agree; ``default`` when neither is given.  The
    queries that take ``leader=`` and ``dealer=`` read them through here.

    >>> first_leader(dealer="W"), first_leader(leader="E", dealer="N"), first_leader(default=Seat.S)
    (<Seat.N: 0>, <Seat.E: 1>, <Seat.S: 2>)
    >>> first_leader(leader="S", dealer="N")
    Traceback (most recent call last):
    ...
    solver.errors.SeatError: leader 'S' contradicts dealer 'N': the first lead is by the seat after ... (E)
    """
    lead = Seat.parse(leader) if leader is not None else None
    if dealer is None:
        return default if lead is None else lead
    after = Seat.parse(dealer).next
    if lead is not None and lead != after:
        raise SeatError(tr("leader {leader!r} contradicts dealer {dealer!r}: the first lead is by "
                           "the seat after the dealer ({after})", leader=leader, dealer=dealer,
                           after=after.name))
    return after
