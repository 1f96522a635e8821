"""What one seat knows during the play: its own cards, the cards played by whom, and
what the play proves about the hidden hands.

A card a player chose was legal for the hand they held.  The referee
(:func:`solver.play.legal_cards`) says which cards could not have been in that hand:
a card ``c`` is **excluded** for the player when the two-card hand {played card, ``c``}
would have made the played card illegal.  Every restriction of the referee (follow
suit, trump, overtrump, undertrump, under every rules variant) comes from one card of a
category (a card of the led suit, a trump, a trump higher than the winning one), so
this pairwise test excludes exactly the cards the play rules out: a discard on a trump
lead excludes every trump, not overtrumping excludes the trumps above the winning one.

>>> k = Knowledge.from_play(CardSet.from_pbn("7.AJ9.KT.J8"), Seat.S, Strain.H, Seat.W, "HK H8 D7")
>>> k.excluded[Seat.N].to_pbn()      # N did not overtrump the K: no ♥10 (S holds J 9 A)
'-.T.-.-'
>>> k.excluded[Seat.E].to_pbn()      # E discarded on a trump lead: no trump at all
'-.QT7.-.-'
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable, Mapping, Sequence

from .cards import Card, CardSet, Seat, Suit
from .deal import Deal
from .errors import ConstraintError, IllegalPlayError
from .messages import N_, tr
from .play import Position, legal_cards, legal_mask, parse_played, trick_winner
from .rules import Rules, Strain
from .sampling import Constraints, cards_by_seat

__all__ = ["Knowledge", "Tracker", "proved_absent"]


@dataclasses.dataclass(frozen=True)
class Knowledge:
    """A seat's knowledge: its original hand, the first leader, the strain and rules,
    the cards played in order (with who played them) and, per other seat, the cards
    they played and the cards the play excludes from their original hand."""

    seat: Seat
    hand: CardSet                      # the seat's 8 cards, those it played included
    strain: Strain
    leader: Seat
    rules: Rules
    played: tuple[tuple[Seat, Card], ...]
    shown: dict[Seat, CardSet]         # the cards each other seat played
    excluded: dict[Seat, CardSet]      # the cards each other seat cannot have held
    announced: dict[Seat, CardSet] = dataclasses.field(default_factory=dict)  # shown by announcing

    @classmethod
    def from_play(cls, hand: CardSet, seat: Seat, strain: Strain,
                  leader: Seat, played: "str | Iterable[int | str]" = (), rules: Rules = Rules(), *,
                  belote: "Iterable[str] | str | None" = None,
                  shown: "Mapping[Seat, CardSet] | None" = None) -> "Knowledge":
        """From the seat's cards (its remaining cards, or all 8) and the play so far.

        ``belote``: the seats that announced belote (``"E"``; at tout atout with the
        suit, ``"E:H"``), each when it played the first of its king and queen: the
        other one is then known there.  ``shown``: seat -> cards shown by announcing
        declarations (``{Seat.E: CardSet.from_pbn("-.AKQ.-.-")}``)."""
        mine = hand
        cards = parse_played(played)
        order = who_played(cards, strain, leader)
        own = CardSet(sum(1 << int(c) for s, c in order if s == seat))
        whole = CardSet(mine.mask | own.mask)
        if len(whole) != 8:
            raise ConstraintError(tr("hand {mine!r} and the cards {seat} played ({n}) "
                                     "add up to {whole}: a hand holds 8 cards", mine=mine.to_pbn(), n=len(own),
                                     seat=seat.name, whole=len(whole)))
        for s, c in order:
            if s != seat and whole.mask >> int(c) & 1:
                raise ConstraintError(tr("{card} was played by {player}, "
                                         "but it is in {seat}'s hand", card=Card(c).name, player=s.name,
                                         seat=seat.name))
        played_by = {s: CardSet(sum(1 << int(c) for p, c in order if p == s)) for s in Seat if s != seat}
        excluded = _excluded(order, whole, seat, strain, leader, rules)
        announced = _announced(order, seat, whole, strain, belote, shown or {})
        for s, shown_cards in announced.items():
            if shown_cards.mask & excluded[s].mask:
                both = CardSet(shown_cards.mask & excluded[s].mask)
                raise ConstraintError(tr("{seat} announced {both}"
                                         ", but its play shows it cannot hold them", seat=s.name,
                                         both=both.to_pbn()))
        k = cls(seat, whole, strain, leader, rules, tuple(order), played_by, excluded, announced)
        k.check_own_play()
        return k

    def check_own_play(self) -> None:
        """The seat's own cards were legal (the referee replays them with its hand)."""
        _replay_own(self)

    def unseen(self) -> CardSet:
        """The cards the seat has not seen: neither in its hand nor played."""
        seen = self.hand.mask
        for _, c in self.played:
            seen |= 1 << int(c)
        return CardSet(0xFFFFFFFF & ~seen)

    def accepts(self, deal: Deal) -> bool:
        """Whether a full deal (original hands) fits: the seat's hand, the cards played by
        whom, and every card played legal under the referee."""
        if deal.hands[self.seat] != self.hand:
            return False
        for s, cards in self.shown.items():
            if cards.mask & ~deal.hands[s].mask or deal.hands[s].mask & self.excluded[s].mask:
                return False
        for s, cards in self.announced.items():
            if cards.mask & ~deal.hands[s].mask:
                return False
        try:
            Position(deal, self.strain, self.leader, self.rules, [c for _, c in self.played])
        except IllegalPlayError:
            return False
        return True

    def constraints(self, check: bool = True) -> Constraints:
        """Sampler constraints: the cards each seat played or announced are known there
        and the cards the play excludes are dealt elsewhere.  Every legal-play rule
        forbids a card because of one other card in the hand (a card of the led suit, a
        trump, a higher trump), so a deal honouring both makes every card played by the
        others legal, given that the play itself was legal on some deal; ``check``
        (default) replays the play on every deal all the same (:meth:`accepts`), which a
        caller holding a play made by the referee may skip."""
        known = {s: CardSet(c.mask | self.announced.get(s, CardSet()).mask) for s, c in self.shown.items()}
        known = {s: c for s, c in known.items() if len(c)}
        return Constraints(known=known, excluded=self.excluded, accept=self.accepts if check else None,
                           rules=self.rules)


def _announced(order: Sequence[tuple[Seat, Card]], seat: Seat, whole: CardSet, strain: Strain,
               belote: "Iterable[str] | str | None",
               shown: "Mapping[Seat, CardSet]") -> dict[Seat, CardSet]:
    """Per other seat, the cards its announcements showed (see :meth:`Knowledge.from_play`)."""
    out = {s: m.mask for s, m in cards_by_seat(shown, N_("shown")).items()}
    items = belote.replace(",", " ").split() if isinstance(belote, str) else list(belote or ())
    for item in items:
        who, _, suit_text = str(item).partition(":")
        s = Seat.parse(who)
        suit = _belote_suit(strain, suit_text, item)
        kq = CardSet.from_pbn(".".join("KQ" if u == suit else "-" for u in Suit)).mask
        played = sum(1 << int(c) for p, c in order if p == s) & kq
        if not played:
            raise ConstraintError(tr("belote {item!r}: {seat} has not played the king or queen of "
                                     "{suit} yet (belote is announced with the first of them)", item=item,
                                     seat=s.name, suit=suit.symbol))
        out[s] = out.get(s, 0) | (kq & ~played)
    for s, m in out.items():
        if s == seat:
            raise ConstraintError(tr("{seat}'s own announcements add nothing to what {seat} knows",
                                     seat=seat.name))
        if m & whole.mask:
            raise ConstraintError(tr("{player} announced {cards}, which {seat} holds", player=s.name,
                                     cards=CardSet(m & whole.mask).to_pbn(), seat=seat.name))
    return {s: CardSet(m) for s, m in out.items() if m}


def _belote_suit(strain: Strain, text: str, item: Any) -> Suit:
    if strain.trump >= 0:
        trump = Suit(strain.trump)
        if text and Suit.parse(text) != trump:
            raise ConstraintError(tr("belote {item!r}: belote is in trumps, {trump}", item=item,
                                     trump=trump.symbol))
        return trump
    if strain == Strain.SA:
        raise ConstraintError(tr("belote {item!r}: there is no belote at sans atout", item=item))
    if not text:
        raise ConstraintError(tr("belote {item!r}: at tout atout, name the suit, like 'E:H'", item=item))
    return Suit.parse(text)


def who_played(cards: list[Card], strain: Strain, leader: Seat) -> list[tuple[Seat, Card]]:
    """Each card with the seat that played it (tricks won by the referee's rule)."""
    out: list[tuple[Seat, Card]] = []
    lead, trick = leader, list[Card]()
    for c in cards:
        out.append((Seat((lead + len(trick)) & 3), c))
        trick.append(c)
        if len(trick) == 4:
            lead = Seat((lead + trick_winner(trick, strain)) & 3)
            trick = []
    return out


def proved_absent(card: int, trick: list[int], lead: Seat, strain: Strain, rules: Rules,
                  candidates: int) -> int:
    """The cards of ``candidates`` that the player of ``card`` on ``trick`` (the cards
    before it, led by ``lead``) cannot hold: with any of them, ``card`` was illegal."""
    if not trick:
        return 0
    out, bit = 0, 1 << card
    m = candidates & ~bit
    while m:
        low = m & -m
        if not legal_mask(bit | low, trick, lead, strain, rules) & bit:
            out |= low
        m ^= low
    return out


def _excluded(order: Sequence[tuple[Seat, Card]], whole: CardSet, seat: Seat, strain: Strain, leader: Seat,
              rules: Rules) -> dict[Seat, CardSet]:
    """Per other seat: the unseen cards that would have made one of its cards illegal."""
    played_mask = sum(1 << int(c) for _, c in order)
    unseen = 0xFFFFFFFF & ~(whole.mask | played_mask)
    out = {s: 0 for s in Seat if s != seat}
    lead, trick = leader, list[int]()
    for s, c in order:
        if s != seat:
            out[s] |= proved_absent(int(c), trick, lead, strain, rules, unseen & ~out[s])
        trick.append(int(c))
        if len(trick) == 4:
            lead = Seat((lead + trick_winner(trick, strain)) & 3)
            trick = []
    return {s: CardSet(m) for s, m in out.items()}


class Tracker:
    """Every seat's knowledge along a play, card by card, for players who play many
    cards of one deal (each card's proof is worked out once, not at every turn).

    ``proved[s]``: the cards seat ``s`` was shown not to hold, among those not played
    when it played; :meth:`knowledge` gives one seat's :class:`Knowledge`.
    """

    def __init__(self, hands: "list[int]", strain: Strain, leader: Seat, rules: Rules) -> None:
        self.hands, self.strain, self.leader, self.rules = list(hands), strain, leader, rules
        self.order: list[tuple[Seat, Card]] = []
        self.proved = [0, 0, 0, 0]
        self._played = 0

    def play(self, pos: "Position", card: "Card | int") -> None:
        """Record ``card`` played in ``pos`` (before it is played there)."""
        seat, c = pos.to_move, int(card)
        free = 0xFFFFFFFF & ~self._played & ~self.proved[seat]
        self.proved[seat] |= proved_absent(c, [int(x) for x in pos.trick], pos.leader, self.strain,
                                           self.rules, free)
        self.order.append((seat, Card(c)))
        self._played |= 1 << c

    def knowledge(self, seat: Seat) -> Knowledge:
        """What ``seat`` knows now (its hand is the deal's)."""
        whole = self.hands[seat]
        unseen = 0xFFFFFFFF & ~(whole | self._played)
        shown = {s: CardSet(sum(1 << int(c) for p, c in self.order if p == s)) for s in Seat if s != seat}
        excluded = {s: CardSet(self.proved[s] & unseen) for s in Seat if s != seat}
        return Knowledge(seat, CardSet(whole), self.strain, self.leader, self.rules, tuple(self.order),
                         shown, excluded)


def _replay_own(k: Knowledge) -> None:
    lead, trick, held = k.leader, list[int](), k.hand.mask
    for s, c in k.played:
        if s == k.seat:
            if int(c) not in legal_cards(held, trick, lead, k.strain, k.rules):
                raise ConstraintError(tr("{seat}'s {card} was not legal with "
                                         "{seat}'s hand", seat=k.seat.name, card=Card(c).name))
            held &= ~(1 << int(c))
        trick.append(int(c))
        if len(trick) == 4:
            lead = Seat((lead + trick_winner(trick, k.strain)) & 3)
            trick = []
