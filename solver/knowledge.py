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

>>> k = Knowledge.from_play("7.AJ9.KT.J8", "S", "H", "W", "HK H8 D7")
>>> k.excluded[Seat.N].to_pbn()      # N did not overtrump the K: no ♥10 (S holds J 9 A)
'-.T.-.-'
>>> k.excluded[Seat.E].to_pbn()      # E discarded on a trump lead: no trump at all
'-.QT7.-.-'
"""

from __future__ import annotations

import dataclasses
from typing import Iterable

from .cards import Card, CardSet, Seat
from .deal import Deal
from .errors import ConstraintError, IllegalPlayError
from .play import Position, legal_cards, parse_played
from .rules import Rules, Strain
from .sampling import Constraints

__all__ = ["Knowledge"]


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
    shown: dict                        # seat -> CardSet of the cards it played
    excluded: dict                     # seat -> CardSet of the cards it cannot have held

    @classmethod
    def from_play(cls, hand: "CardSet | str", seat: "Seat | str", strain: "Strain | str",
                  leader: "Seat | str", played: "str | Iterable" = (), rules: Rules = Rules()) -> "Knowledge":
        """From the seat's cards (its remaining cards, or all 8) and the play so far."""
        seat, strain, leader = Seat.parse(seat), Strain.parse(strain), Seat.parse(leader)
        mine = CardSet.from_pbn(hand) if isinstance(hand, str) else CardSet(hand)
        cards = parse_played(played)
        order = _who_played(cards, strain, leader)
        own = CardSet(sum(1 << int(c) for s, c in order if s == seat))
        whole = CardSet(mine.mask | own.mask)
        if len(whole) != 8:
            raise ConstraintError(f"hand {mine.to_pbn()!r} with the {len(own)} cards {seat.name} "
                                  f"played makes {len(whole)} cards: expected 8")
        for s, c in order:
            if s != seat and whole.mask >> int(c) & 1:
                raise ConstraintError(f"{Card(c).name} was played by {s.name}, "
                                      f"but it is in {seat.name}'s hand")
        shown = {s: CardSet(sum(1 << int(c) for p, c in order if p == s)) for s in Seat if s != seat}
        excluded = _excluded(order, whole, seat, strain, leader, rules)
        k = cls(seat, whole, strain, leader, rules, tuple(order), shown, excluded)
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
        try:
            Position(deal, self.strain, self.leader, self.rules, [c for _, c in self.played])
        except IllegalPlayError:
            return False
        return True

    def constraints(self) -> Constraints:
        """Sampler constraints: the cards each seat played are known there; the rest is
        checked deal by deal (:meth:`accepts`)."""
        known = {s: c for s, c in self.shown.items() if len(c)}
        test = self.accepts
        return Constraints(known=known, accept=test, rules=self.rules)


def _who_played(cards: list[Card], strain: Strain, leader: Seat) -> list[tuple[Seat, Card]]:
    """Each card with the seat that played it (tricks won by the referee's rule)."""
    from .play import trick_winner
    out, lead, trick = [], leader, []
    for c in cards:
        out.append((Seat((lead + len(trick)) & 3), c))
        trick.append(c)
        if len(trick) == 4:
            lead = Seat((lead + trick_winner(trick, strain)) & 3)
            trick = []
    return out


def _excluded(order, whole: CardSet, seat: Seat, strain: Strain, leader: Seat, rules: Rules) -> dict:
    """Per other seat: the unseen cards that would have made one of its cards illegal."""
    from .play import trick_winner
    played_mask = sum(1 << int(c) for _, c in order)
    unseen = [c for c in range(32) if not (whole.mask | played_mask) >> c & 1]
    out = {s: 0 for s in Seat if s != seat}
    lead, trick = leader, []
    for s, c in order:
        if s != seat and trick:
            for u in unseen:
                if not out[s] >> u & 1 and int(c) not in legal_cards((1 << int(c)) | (1 << u), trick, lead,
                                                                      strain, rules):
                    out[s] |= 1 << u
        trick.append(int(c))
        if len(trick) == 4:
            lead = Seat((lead + trick_winner(trick, strain)) & 3)
            trick = []
    return {s: CardSet(m) for s, m in out.items()}


def _replay_own(k: Knowledge) -> None:
    from .play import trick_winner
    lead, trick, held = k.leader, [], k.hand.mask
    for s, c in k.played:
        if s == k.seat:
            if int(c) not in legal_cards(held, trick, lead, k.strain, k.rules):
                raise ConstraintError(f"{k.seat.name}'s {Card(c).name} was not legal with "
                                      f"{k.seat.name}'s hand")
            held &= ~(1 << int(c))
        trick.append(int(c))
        if len(trick) == 4:
            lead = Seat((lead + trick_winner(trick, k.strain)) & 3)
            trick = []
