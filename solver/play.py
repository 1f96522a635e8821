"""The referee: legal cards, trick winners and a position that replays a deal.

This is the readable statement of the rules of play.  It is slow on purpose
(plain Python over :class:`~solver.cards.CardSet` masks); the engine in
:mod:`solver._engine` implements the same rules in C from the same tables and the
tests hold the two against each other.

>>> deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
>>> pos = Position(deal, Strain.H, leader=Seat.N)
>>> pos.play(Card.SA); pos.play(Card.S8)
>>> pos.play(Card.HA)
Traceback (most recent call last):
...
solver.errors.IllegalPlayError: S must follow ♠: HA is not allowed (legal: SQ)
>>> pos.play(Card.SQ); pos.play(Card.S7)
>>> pos.points
(14, 0)
>>> pos.to_move
<Seat.N: 0>
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence, Union

from .cards import SUIT_MASKS, Card, CardSet, Seat, Team, scan_forward
from .deal import Deal
from .errors import CardError, IllegalPlayError, RulesError, quote
from .messages import N_, card_name, tr
from .rules import LAST_TRICK_BONUS, Rules, Strain, points_table, strength_table

__all__ = ["legal_cards", "legal_mask", "legal_with_reason", "trick_winner", "Position", "parse_played"]


def _beats(a: int, b: int, strain: Strain, strength: Sequence[int]) -> bool:
    """Does card ``a`` beat card ``b`` when ``b`` is winning a trick (b played first)?"""
    sa, sb = a >> 3, b >> 3
    trump = strain.trump
    if sa == sb:
        return strength[a] > strength[b]
    return sa == trump  # a different suit wins only by trumping


def trick_winner(cards: Sequence["int | str"], strain: Strain) -> int:
    """Index (0..3) in ``cards`` of the card that wins, the first card being the lead.

    >>> trick_winner([Card.SA, Card.S8, Card.H7, Card.SK], Strain.H)
    2
    """
    strength = strength_table(strain)
    cards = [int(c) for c in parse_played(cards)]  # also "SA", "10♥"
    best = 0
    for i in range(1, len(cards)):
        if _beats(int(cards[i]), int(cards[best]), strain, strength):
            best = i
    return best


#: Why the other cards of a hand are forbidden: a message template of the catalogue and
#: its fields (``card`` as an int, named when the text is written), or None.
Why = Optional[tuple[str, dict[str, Union[int, str]]]]


def legal_with_reason(hand: int, trick: Sequence[int], leader: Seat, strain: Strain,
                      rules: Rules) -> tuple[int, str | None]:
    """The legal cards of the mask ``hand`` (a mask) and why the rest are forbidden
    (``None`` when every card is legal), in the output language."""
    mask, why = _legal(hand, trick, leader, strain, rules)
    return mask, reason_text(why)


def legal_mask(hand: int, trick: Sequence[int], leader: Seat, strain: Strain, rules: Rules) -> int:
    """The legal cards of the mask ``hand`` as a mask (:func:`legal_with_reason` without
    the words)."""
    return _legal(hand, trick, leader, strain, rules)[0]


def reason_text(why: Why) -> str | None:
    """A :data:`Why` in the output language."""
    if why is None:
        return None
    template, fields = why
    if "card" in fields:
        fields = {**fields, "card": card_name(Card(int(fields["card"])))}
    return tr(template, **fields)


def _legal(hand: int, trick: Sequence[int], leader: Seat, strain: Strain, rules: Rules) -> tuple[int, Why]:
    """The legal cards of the mask ``hand`` and why the rest are forbidden (one home of
    the rules of play)."""
    if not trick:
        return hand, None
    strength = strength_table(strain)
    player = Seat((leader + len(trick)) & 3)
    led = trick[0] >> 3
    follow = hand & SUIT_MASKS[led]
    w = trick_winner(trick, strain)
    winner_card = trick[w]
    winner_seat = Seat((leader + w) & 3)
    partner_wins = winner_seat == player.partner
    trump = strain.trump
    must_follow: Why = (N_("must follow {suit}"), {"suit": "♠♥♦♣"[led]})

    def higher(mask: int) -> int:
        return sum(1 << c for c in scan_forward(mask) if strength[c] > strength[winner_card])

    def follow_trumps(template: str) -> tuple[int, Why]:
        """Following a led trump suit: beat the winning card when one can (over partner's
        only with ``must_overtrump_partner``); ``template`` says so."""
        up = 0 if partner_wins and not rules.must_overtrump_partner else higher(follow)
        return (up, (template, {"card": winner_card})) if up else (follow, must_follow)

    if strain == Strain.SA:
        return (follow, must_follow) if follow else (hand, None)
    if strain == Strain.TA:                     # every suit is trumps
        return follow_trumps(N_("must beat {card}")) if follow else (hand, None)
    if follow:
        return follow_trumps(N_("must overtrump {card}")) if led == trump else (follow, must_follow)
    if partner_wins:
        return hand, None
    trumps = hand & SUIT_MASKS[trump] if trump >= 0 else 0
    if not trumps:
        return hand, None
    if winner_card >> 3 == trump:
        up = higher(trumps)
        if up:
            return up, (N_("must overtrump {card}"), {"card": winner_card})
        if rules.must_undertrump:
            return trumps, (N_("must play a trump (undertrump {card})"), {"card": winner_card})
        return hand, None
    return trumps, (N_("must trump with a {suit}"), {"suit": "♠♥♦♣"[trump]})


def legal_cards(hand: "CardSet | int", trick: Sequence["int | str"], leader: Seat,
                strain: Strain, rules: Rules = Rules()) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, lead first).

    ``leader`` is the seat that led the trick (it tells who is partner of whom).

    >>> hand = CardSet.from_pbn("-.J7.A.-")      # void in spades, two trumps
    >>> legal_cards(hand, ["SA", "H9"], Seat.N, Strain.H)  # E trumped with the 9: overtrump
    CardSet.from_pbn('-.J.-.-')
    """
    trick_cards = [int(c) for c in parse_played(trick)]
    return CardSet(legal_mask(int(CardSet(hand)), trick_cards, leader, strain, rules))


def parse_played(played: "str | Iterable[int | str] | None") -> list[Card]:
    """Read a card sequence: ``"SA S7 SQ"``, ``"SA,S7"`` or a list of cards."""
    if played is None:
        return []
    items: list[int | str]
    if isinstance(played, str):
        items = list(played.replace(",", " ").split())
    elif isinstance(played, (bytes, bytearray)) or not isinstance(played, Iterable):
        raise CardError(tr("not cards: {played}: expected text like 'SA S7' or a list of cards",
                           played=quote(played)))
    else:
        items = list(played)
    return [Card.parse(c) for c in items]


class Position:
    """A deal being played: who is to move, the trick so far, tricks and points won.

    ``play`` refuses an illegal card with :class:`IllegalPlayError` (with the reason) and
    leaves the position unchanged; ``undo`` takes the last card back.  ``points_table``:
    the points of each card (0..31) in the strain under the rules.
    """

    @classmethod
    def parse(cls, deal: "Deal | str", strain: "Strain | str", leader: "Seat | str" = Seat.N,
              rules: Rules = Rules(), played: "str | Iterable[int | str] | None" = None) -> "Position":
        """A position from text, as the examples write it: the deal in PBN (or a
        :class:`Deal`), the strain and the first leader by their words.

        >>> p = Position.parse("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9", "H", "N", played="SA S8")
        >>> p.to_move, p.hand(Seat.S).to_pbn()
        (<Seat.S: 2>, 'Q.A.AQ7.KQJ')
        """
        return cls(Deal.parse(deal), Strain.parse(strain), Seat.parse(leader), rules, parse_played(played))

    def __init__(self, deal: Deal, strain: Strain, leader: Seat = Seat.N,
                 rules: Rules = Rules(), played: "Iterable[Card | int] | None" = None) -> None:
        """A position from typed objects (text goes through :meth:`parse`): ``played``,
        the cards played so far from the first lead, as :class:`Card` or ints 0..31."""
        self.deal = deal
        if not isinstance(rules, Rules):
            raise RulesError(tr("not rules: {rules}: expected a solver.Rules", rules=quote(rules)))
        if isinstance(played, str):         # a text is iterable too: one letter a card
            raise CardError(tr("played {played}: cards as text go through Position.parse",
                               played=quote(played)))
        self.strain = strain
        self.first_leader = leader
        self.rules = rules
        self.points_table = points_table(self.strain, rules)
        self.hands = [h.mask for h in deal.hands]
        self.history: list[tuple[Seat, Card]] = []
        self.leader = self.first_leader          # leader of the current trick
        self.trick: list[Card] = []
        self.points = (0, 0)
        self.tricks = (0, 0)
        self._saved: list[tuple[Seat, list[Card], tuple[int, int], tuple[int, int]]] = []
        self.total_tricks = deal.cards_per_hand
        for i, c in enumerate(played or ()):
            try:
                self.play(Card(c))
            except IllegalPlayError as e:
                raise IllegalPlayError(tr("card {n} of the play: {error}", n=i + 1, error=e)) from None

    # -- state ---------------------------------------------------------------
    @property
    def to_move(self) -> Seat:
        return Seat((self.leader + len(self.trick)) & 3)

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    @property
    def tricks_played(self) -> int:
        return sum(self.tricks)

    def hand(self, seat: Seat) -> CardSet:
        return CardSet(self.hands[seat])

    def remaining_deal(self) -> Deal:
        """The hands as they are now (only at a trick start do they hold equal counts)."""
        return Deal(self.hands)

    def _shallow(self) -> "Position":
        """A new position sharing every field with this one (``copy.copy``, without its
        generic protocol: this runs once per solved world)."""
        other = Position.__new__(Position)
        other.__dict__.update(self.__dict__)
        return other

    def copy(self) -> "Position":
        """An independent copy: playing on one leaves the other as it was.

        >>> p = Position.parse("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9", "H", "N", played="SA")
        >>> q = p.copy(); q.play(Card.S8); (len(p.history), len(q.history))
        (1, 2)
        """
        other = self._shallow()
        other.hands = list(self.hands)
        other.history, other.trick, other._saved = list(self.history), list(self.trick), list(self._saved)
        return other

    def on_deal(self, deal: Deal) -> "Position":
        """This position with the hands of ``deal``, which gives every card played so far
        to the seat that played it (not checked: a sampler's deal, consistent with the
        play); the play is not replayed, so this is much cheaper than a new
        ``Position(deal, strain, leader, rules, played)``."""
        other = self._shallow()
        other.deal = deal
        other.history, other.trick, other._saved = list(self.history), list(self.trick), list(self._saved)
        played = sum(1 << int(c) for _, c in self.history)
        other.hands = [m & ~played for m in deal.masks]
        return other

    def legal_cards(self) -> CardSet:
        if self.is_over:
            return CardSet()
        return CardSet(legal_mask(self.hands[self.to_move], [int(c) for c in self.trick],
                                  self.leader, self.strain, self.rules))

    # -- moves ---------------------------------------------------------------
    def check(self, card: Card, seat: "Seat | None" = None) -> Card:
        """The card as a :class:`Card` if it may be played now, else :class:`IllegalPlayError`."""
        c = card
        if self.is_over:
            raise IllegalPlayError(tr("{card}: the deal is over, no card may be played", card=c.name))
        mover = self.to_move
        if seat is not None and seat != mover:
            raise IllegalPlayError(tr("{seat} is not to play ({mover} is)", seat=seat,
                                      mover=mover.name))
        hand = self.hands[mover]
        if not hand >> c & 1:
            owner = next((Seat(s) for s in range(4) if self.hands[s] >> c & 1), None)
            if owner is None:
                raise IllegalPlayError(tr("{card} has already been played", card=c.name))
            raise IllegalPlayError(tr("{card} is not in {mover}'s hand ({owner} holds it)", card=c.name,
                                      mover=mover.name, owner=owner.name))
        legal, why = _legal(hand, [int(x) for x in self.trick], self.leader, self.strain, self.rules)
        if not legal >> c & 1:
            raise IllegalPlayError(tr("{mover} {reason}: {card} is not allowed (legal: {legal})", mover=mover.name,
                                      reason=reason_text(why), card=c.name,
                                      legal=" ".join(x.name for x in CardSet(legal))))
        return c

    def play(self, card: Card, seat: "Seat | None" = None) -> None:
        c = self.check(card, seat)
        mover = self.to_move
        self._saved.append((self.leader, list(self.trick), self.points, self.tricks))
        self.hands[mover] &= ~(1 << c)
        self.history.append((mover, c))
        self.trick.append(c)
        if len(self.trick) == 4:
            w = (self.leader + trick_winner(self.trick, self.strain)) & 3
            pts = sum(self.points_table[x] for x in self.trick)
            if not any(self.hands):
                pts += LAST_TRICK_BONUS
            team = w & 1
            p, t = list(self.points), list(self.tricks)
            p[team] += pts
            t[team] += 1
            self.points, self.tricks = (p[0], p[1]), (t[0], t[1])
            self.leader = Seat(w)
            self.trick = []

    def undo(self) -> Card:
        """Take back the last card played and return it."""
        if not self.history:
            raise IllegalPlayError(tr("nothing to undo: no card has been played"))
        mover, c = self.history.pop()
        self.leader, self.trick, self.points, self.tricks = self._saved.pop()
        self.hands[mover] |= 1 << c
        return c

    def team_points(self, team: Team) -> int:
        return self.points[team]

    def __repr__(self) -> str:
        played = " ".join(c.name for _, c in self.history)
        return (f"Position.parse({self.deal.to_pbn()!r}, {self.strain.name!r}, "
                f"leader={self.first_leader.name!r}, played={played!r})")
