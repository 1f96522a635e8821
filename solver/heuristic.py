"""What one seat sees at the table, and the point-count bot.

A :class:`SeatView` is everything a player at the table knows: its own eight cards,
the dealer, the auction so far, the cards played (by whom follows from the rules),
the belotes announced and the cards shown by declarations, the rules and the bidding
system the table plays.  A bot is anything with ``call(view) -> Call`` and
``card(view) -> Card`` (:class:`Bot`).

:class:`HeuristicBot` bids from the point count (:func:`~solver.handeval.evaluate_hand`)
and plays by rules of thumb: a fast, fair baseline, and the policy with which the
look-ahead (:mod:`solver.lookahead`) continues auctions.  The bots that look ahead
themselves (:mod:`solver.bots`) stand above the look-ahead; these pieces stand below it.

>>> from solver.deal import EXAMPLE_DEAL, Deal
>>> deal = Deal.from_pbn(EXAMPLE_DEAL)
>>> view = SeatView(Seat.S, deal.hands[Seat.S], Seat.E, Auction(Seat.E))
>>> HeuristicBot().call(view).seat
<Seat.S: 2>
"""

from __future__ import annotations

import dataclasses
from typing import Mapping, Optional, Protocol, runtime_checkable

from .auction import Auction, Call, CallKind
from .cards import Card, CardSet, Seat, Suit, card_of, suit_of
from .contract import Contract, bid_key
from .handeval import evaluate_hand
from .knowledge import Knowledge, who_played
from .play import legal_cards, trick_winner
from .players import BotKind
from .rules import Rules, Strain, points_table, strength_table
from .system import DEFAULT, BiddingSystem

__all__ = ["SeatView", "Bot", "HeuristicBot"]

# ---------------------------------------------------------------------------
# What one seat sees
# ---------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class SeatView:
    """What ``seat`` knows: its eight cards (``hand``, those it played included), the
    ``dealer``, the ``auction`` so far, the cards ``played`` in order from the first
    lead (the seat after the dealer), the ``belote`` announcements (``"E"``, at tout
    atout ``"E:H"``), the cards ``shown`` by declarations, the ``rules`` and the
    bidding ``system`` of the table."""

    seat: Seat
    hand: CardSet
    dealer: Seat
    auction: Auction
    played: tuple[Card, ...] = ()
    belote: tuple[str, ...] = ()
    shown: Mapping[Seat, CardSet] = dataclasses.field(default_factory=dict)
    rules: Rules = Rules()
    system: BiddingSystem = DEFAULT

    @property
    def leader(self) -> Seat:
        """The first leader: the seat after the dealer."""
        return self.dealer.next

    @property
    def contract(self) -> Optional[Contract]:
        return self.auction.contract

    @property
    def bidding(self) -> bool:
        """The auction is still going on."""
        return not self.auction.is_over

    def order(self) -> list[tuple[Seat, Card]]:
        """The cards played with the seat of each."""
        c = self.contract
        return [] if c is None else who_played(list(self.played), c.strain, self.leader)

    def remaining(self) -> CardSet:
        """The seat's cards not played yet."""
        mine = sum(1 << int(c) for s, c in self.order() if s == self.seat)
        return CardSet(self.hand.mask & ~mine)

    def trick(self) -> tuple[Seat, list[Card]]:
        """The trick in progress: its leader and its cards so far."""
        c = self.contract
        assert c is not None
        order = self.order()
        n = len(order) % 4
        if n:
            return order[-n][0], [x for _, x in order[-n:]]
        if not order:
            return self.leader, []
        last = [int(x) for _, x in order[-4:]]
        return Seat((order[-4][0] + trick_winner(last, c.strain)) & 3), []

    def to_move(self) -> Seat:
        if self.bidding:
            return self.auction.next_seat
        lead, trick = self.trick()
        return Seat((lead + len(trick)) & 3)

    def legal_calls(self) -> list[Call]:
        return self.auction.legal_calls()

    def legal_cards(self) -> list[Card]:
        c = self.contract
        assert c is not None
        lead, trick = self.trick()
        mask = legal_cards(self.remaining(), [int(x) for x in trick], lead, c.strain, self.rules)
        return [Card(x) for x in CardSet(mask)]

    def knowledge(self) -> Knowledge:
        """What the play proves (:class:`~solver.knowledge.Knowledge`), belotes and
        declarations shown included."""
        c = self.contract
        assert c is not None
        shown = {s: cards for s, cards in self.shown.items() if s != self.seat and len(cards)}
        return Knowledge.from_play(self.hand, self.seat, c.strain, self.leader, list(self.played), self.rules,
                                   belote=[b for b in self.belote if Seat.parse(b.split(":")[0]) != self.seat],
                                   shown=shown)


@runtime_checkable
class Bot(Protocol):
    """A player: a call from a view during the auction, a card from a view in the play."""

    name: str

    def call(self, view: SeatView) -> Call: ...

    def card(self, view: SeatView) -> Card: ...


# ---------------------------------------------------------------------------
# Rules of thumb
# ---------------------------------------------------------------------------

_TRUMP_STRAINS = (Strain.S, Strain.H, Strain.D, Strain.C)


def _masters(view: SeatView, strain: Strain) -> int:
    """The seat's cards that are the highest left in their suit (the play and its hand seen)."""
    gone = sum(1 << int(c) for c in view.played)
    mine = view.remaining().mask
    out = 0
    strength = strength_table(strain)
    for suit in Suit:
        left = [card_of(suit, r) for r in range(8) if not gone >> card_of(suit, r) & 1]
        if not left:
            continue
        top = max(left, key=lambda x: strength[x])
        if mine >> top & 1:
            out |= 1 << top
    return out


class HeuristicBot:
    """Fast rule-of-thumb bidding and play (see the module); deterministic."""

    name = BotKind.HEURISTIC
    cheating = False

    def __init__(self, seed: Optional[int] = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return "HeuristicBot()"

    # -- calls ---------------------------------------------------------------
    def _value(self, hand: CardSet, strain: Strain) -> int:
        # the highest level made two times in three by the point count: a safe bidder
        p_make = evaluate_hand(hand, strain).p_make
        return max((lv for lv, p in p_make.items() if p >= 2 / 3), default=0)

    def call(self, view: SeatView) -> Call:
        seat, rules = view.seat, view.rules
        legal = view.legal_calls()
        standing = view.auction.state().bid
        partner_bid = next((c for c in reversed(view.auction.calls) if c.seat == seat.partner
                            and c.kind == CallKind.BID), None)
        held = view.hand.mask
        wanted = {st: min(self._value(view.hand, st), rules.max_level) for st in _TRUMP_STRAINS}
        if partner_bid is not None and partner_bid.strain in wanted and (partner_bid.level or 0) <= 160:
            # support: 10 more for each trump J or 9 and each side ace beside partner's bid
            t = int(partner_bid.strain)
            extra = sum(held >> card_of(t, r) & 1 for r in (4, 2))
            extra += sum(held >> card_of(u, 7) & 1 for u in range(4) if u != t)
            if extra:
                wanted[partner_bid.strain] = max(wanted[partner_bid.strain], (partner_bid.level or 0) + 10 * extra)
        top = max(wanted.values())
        if standing is not None and standing.level is not None and standing.level > top:
            bids = []                   # every legal bid is above what the hand wants
        else:
            bids = [c for c in legal if c.kind == CallKind.BID and c.strain is not None and c.strain in wanted
                    and (c.level or 999) <= wanted[c.strain]]
        if standing is not None and standing.seat.team == seat.team:
            spoke = any(c.seat == seat and c.kind == CallKind.BID for c in view.auction.calls)
            # partner's bid stands: raise it once, never rescue it; our own bid stands: pass
            bids = [c for c in bids if c.strain == standing.strain] if not spoke and standing.seat != seat \
                else []
        if bids:
            best = max(wanted[c.strain] for c in bids if c.strain is not None)
            return min((c for c in bids if c.strain is not None and wanted[c.strain] == best),
                       key=lambda c: bid_key(c.level or 0, c.strain if c.strain is not None else Strain.C, rules))
        coinche = next((c for c in legal if c.kind == CallKind.COINCHE), None)
        if coinche is not None and standing is not None and standing.strain in wanted \
                and (standing.level or 0) >= 100:
            # their trump J and 9 are ours
            t = int(standing.strain)
            if held >> card_of(t, 4) & 1 and held >> card_of(t, 2) & 1:
                return coinche
        return next(c for c in legal if c.kind == CallKind.PASS)

    # -- cards ---------------------------------------------------------------
    def card(self, view: SeatView) -> Card:
        legal = view.legal_cards()
        if len(legal) == 1:
            return legal[0]
        c = view.contract
        assert c is not None
        strain, rules = c.strain, view.rules
        worth = points_table(strain, rules)
        strength = strength_table(strain)
        lead, trick = view.trick()
        masters = _masters(view, strain)
        cheapest = min(legal, key=lambda x: (worth[x], strength[x], int(x)))
        if not trick:
            ours = c.declarer.team == view.seat.team
            trumps = [x for x in legal if strain == Strain.TA or suit_of(x) == strain.trump]
            gone = sum(1 << int(x) for x in view.played)
            trumps_out = strain.trump >= 0 and any(
                not (gone | view.hand.mask) >> card_of(strain.trump, r) & 1 for r in range(8))
            if ours and trumps_out and any(masters >> int(x) & 1 for x in trumps):
                return next(x for x in trumps if masters >> int(x) & 1)
            side = [x for x in legal if masters >> int(x) & 1 and x not in trumps]
            if side:
                return max(side, key=lambda x: worth[x])
            plain = [x for x in legal if x not in trumps] or legal
            return min(plain, key=lambda x: (worth[x], strength[x], int(x)))
        winner = (lead + trick_winner([int(x) for x in trick], strain)) & 3
        partner_wins = Seat(winner) == view.seat.partner
        last = len(trick) == 3

        def wins(card: Card) -> bool:
            return trick_winner([int(x) for x in trick] + [int(card)], strain) == len(trick)

        winning = [x for x in legal if wins(x)]
        if partner_wins:
            win_card = trick[(winner - lead) & 3]
            safe = last or masters >> int(win_card) & 1 or (
                strain.trump >= 0 and suit_of(win_card) == strain.trump and suit_of(trick[0]) != strain.trump)
            if safe:
                giving = [x for x in legal if not masters >> int(x) & 1] or legal
                return max(giving, key=lambda x: (worth[x], -strength[x], -int(x)))
            return cheapest
        if winning:
            if last:
                return min(winning, key=lambda x: (worth[x] if suit_of(x) != strain.trump else worth[x] + 30,
                                                   strength[x]))
            top = [x for x in winning if masters >> int(x) & 1]
            if top:
                return max(top, key=lambda x: worth[x])
            trumps = [x for x in winning if suit_of(x) == strain.trump]
            if trumps and strain.trump >= 0 and suit_of(trick[0]) != strain.trump:
                return min(trumps, key=lambda x: strength[x])
        return cheapest
