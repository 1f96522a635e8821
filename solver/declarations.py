"""Belote and declarations ("annonces"): who holds what, and which side scores.

Declarations (seed 000, off by default, ``Rules(declarations=True)``):

- sequences of 3, 4, 5 cards of one suit in the order A K Q J 10 9 8 7: tierce 20,
  quarte 50, quinte 100; a longer run counts as its highest quinte (seed 000:
  "counted as any of the 5-card sequences which they include", and K-Q-J-10-9 beats
  Q-J-10-9-8-7), so a run is never split into two declarations;
- carrés: four jacks 200, four nines 150, four aces, tens, kings or queens 100;
  four eights or sevens are worth nothing.

A card may count both in a carré and in a sequence: seed 000 lists the
combinations without any such restriction (seed 002's "the player chooses" belongs
to another game).  Likewise the K and Q of trump count for belote and in a sequence
(seed 000: belote "is separate from this process").

Comparison (seed 000): any carré beats any sequence; then the higher score; then
the higher cards (sequences by their top card in the order A K Q J 10 9 8 7;
carrés of equal score in the order of play A 10 K Q, as seed 000 lists them);
then a trump sequence beats a plain one.  Equal best declarations cancel (neither
side scores), or with ``Rules(declarations_first_wins=True)`` the first announced in
the order of play from the first leader wins.  Only the side with the best
declaration scores, and then all of its own.  In TA every suit is trump and in SA
none, so there equal sequences are always equal.

>>> hand = CardSet.from_pbn("AKQ.JT98.-.J")
>>> [str(x) for x in find_declarations(hand, Strain.S)]
['quarte J♥', 'tierce A♠']
"""

from __future__ import annotations

import dataclasses
from typing import Iterable

from .cards import CardSet, Rank, Seat, Suit, Team, TextEnum, card_of
from .deal import Deal
from .errors import ScoreError
from .messages import tr
from .rules import Rules, Strain

__all__ = [
    "BELOTE_POINTS",
    "Declaration",
    "DeclarationKind",
    "SEQUENCE_POINTS",
    "CARRE_POINTS",
    "find_declarations",
    "award_declarations",
    "belote_teams",
    "belote_sides",
    "belote_claim",
    "belote_counts",
    "counted_belotes",
    "max_belotes",
    "parse_declaration",
    "award_announced",
    "declaration_key",
]

#: What belote (K and Q of trump in one hand, claimed) is worth (seed 000: "20 points for belote").
BELOTE_POINTS = 20


class DeclarationKind(TextEnum):
    """The kinds of declaration; equal to their names as text (``"tierce"``)."""

    TIERCE = "tierce"
    QUARTE = "quarte"
    QUINTE = "quinte"
    CARRE = "carre"



#: Sequence length -> (kind, points).
SEQUENCE_POINTS = {3: (DeclarationKind.TIERCE, 20), 4: (DeclarationKind.QUARTE, 50),
                   5: (DeclarationKind.QUINTE, 100)}
#: Rank -> points of a carré of that rank (sevens and eights score nothing).
CARRE_POINTS = {Rank.J: 200, Rank.R9: 150, Rank.A: 100, Rank.T: 100, Rank.K: 100, Rank.Q: 100}
# Among carrés of equal score, higher cards win in the order of play A 10 K Q.
_CARRE_ORDER = {Rank.Q: 0, Rank.K: 1, Rank.T: 2, Rank.A: 3, Rank.R9: 4, Rank.J: 5}


def _rank_text(rank: Rank) -> str:
    return "10" if rank == Rank.T else rank.char


@dataclasses.dataclass(frozen=True)
class Declaration:
    """One declaration of one hand.

    ``kind`` is a :class:`DeclarationKind` (equal to ``"tierce"``, ``"quarte"``,
    ``"quinte"`` or ``"carre"``); ``cards`` the
    cards that make it; ``suit`` the suit of a sequence (``None`` for a carré); ``top``
    the highest rank of a sequence in the order A K Q J 10 9 8 7, or a carré's rank;
    ``trump`` whether a sequence is in trumps (every suit in TA, none in SA).
    """

    kind: DeclarationKind
    points: int
    cards: CardSet
    suit: "Suit | None"
    top: Rank
    trump: bool = False

    @property
    def is_carre(self) -> bool:
        return self.kind == DeclarationKind.CARRE

    @property
    def key(self) -> tuple[int, int, int, int]:
        """Higher is better: carré over sequence, points, higher cards, trump."""
        if self.is_carre:
            return (1, self.points, _CARRE_ORDER[self.top], 0)
        return (0, self.points, int(self.top), int(self.trump))

    def __str__(self) -> str:
        if self.is_carre:
            return f"carré of {_rank_text(self.top)}"
        return f"{self.kind.value} {_rank_text(self.top)}{self.suit.symbol}"  # type: ignore[union-attr]


def find_declarations(hand: "CardSet | int | Iterable[int | str]", strain: Strain,
                      rules: Rules = Rules()) -> list[Declaration]:
    """The declarations a hand holds, best first.  With ``rules.card_once`` (seed 002:
    "If the same card is part of a Square and a sequence ... the player chooses") a
    card counts in a carré or in sequences, not both: of the choices (each carré kept
    or given up, the sequences read from the cards no kept carré uses) the hand
    declares the one worth most, carrés first on equal points.

    >>> [str(x) for x in find_declarations(CardSet.from_pbn("J.J.J.JT987"), Strain.H)]
    ['carré of J', 'quinte J♣']
    >>> find_declarations(CardSet.from_pbn("KQJT98.-.-.-"), Strain.TA)[0].trump
    True
    >>> find_declarations(CardSet.from_pbn("8.8.8.8KQ"), Strain.C)   # carré of 8: nothing
    []
    >>> [str(x) for x in find_declarations(CardSet.from_pbn("J.J.J.JT987"), Strain.H, Rules(card_once=True))]
    ['carré of J', 'quarte 10♣']
    """
    h = CardSet(hand)
    carres = [Declaration(DeclarationKind.CARRE, pts, CardSet(card_of(s, rank) for s in range(4)), None, rank)
              for rank, pts in CARRE_POINTS.items()
              if all(h.mask >> card_of(s, rank) & 1 for s in range(4))]
    if not rules.announcements.card_once or not carres:
        out = carres + _sequences(h.mask, strain)
    else:
        best: "tuple[tuple[int, int], list[Declaration]] | None" = None
        for keep in range(1 << len(carres)):
            kept = [c for i, c in enumerate(carres) if keep >> i & 1]
            used = 0
            for c in kept:
                used |= c.cards.mask
            choice = kept + _sequences(h.mask & ~used, strain)
            worth = (sum(x.points for x in choice), len(kept))
            if best is None or worth > best[0]:
                best = (worth, choice)
        assert best is not None                  # keep = 0 is always tried
        out = best[1]
    out.sort(key=lambda x: x.key, reverse=True)
    return out


def _sequences(mask: int, strain: Strain) -> list[Declaration]:
    """The sequences of the cards of ``mask`` (a run longer than 5 is its top quinte)."""
    out: list[Declaration] = []
    for suit in Suit:
        lane = (mask >> (8 * suit)) & 0xFF
        r = 7
        while r >= 0:
            if not lane >> r & 1:
                r -= 1
                continue
            top = r
            while r >= 0 and lane >> r & 1:
                r -= 1
            length = top - r
            if length >= 3:
                n = min(length, 5)
                kind, pts = SEQUENCE_POINTS[n]
                cards = CardSet(card_of(suit, top - i) for i in range(n))
                trump = strain == Strain.TA or strain.trump == suit
                out.append(Declaration(kind, pts, cards, suit, Rank(top), trump))
    return out


def award_declarations(deal: Deal, strain: Strain, first_leader: Seat,
                       rules: Rules = Rules()) -> tuple[int, int]:
    """``(ns_points, ew_points)`` of declarations after comparing them; ``(0, 0)``
    unless ``rules.declarations``.  Only the side with the best declaration scores,
    all of its own; equal bests cancel, or go to the first announced in the order of
    play from ``first_leader`` with ``rules.declarations_first_wins``.

    >>> on = Rules(declarations=True)
    >>> deal = Deal.from_pbn("N:AKQ.-.-.- -.-.-.AKQ 987.-.-.- -.AKQ.-.-")
    >>> award_declarations(deal, Strain.H, Seat.N, on)  # W's trump tierce is best: EW score both of theirs
    (0, 40)
    >>> award_declarations(deal, Strain.D, Seat.N, on)      # equal plain tierces cancel
    (0, 0)
    >>> award_declarations(deal, Strain.D, Seat.E, on.replace(declarations_first_wins=True))
    (0, 40)

    With ``rules.carre_apart`` (seed 002: "Premiums for card sequences are given even
    if the other team has a Square") carrés and sequences are compared apart, and
    each side scores its declarations of the kinds it wins.
    """
    if not rules.announcements.declarations:
        return (0, 0)
    leader = first_leader
    order = [Seat((leader + i) & 3) for i in range(4)]
    found = {seat: find_declarations(deal.hands[seat], strain, rules) for seat in order}
    if not rules.announcements.carre_apart:
        return _award(order, found, rules)
    ns, ew = 0, 0
    for carre in (True, False):
        part = _award(order, {seat: [x for x in found[seat] if x.is_carre == carre] for seat in order}, rules)
        ns, ew = ns + part[0], ew + part[1]
    return (ns, ew)


def declaration_key(x: Declaration, rules: Rules = Rules()) -> tuple[int, int, int, int]:
    """How ``x`` ranks among declarations under ``rules`` (higher is better):
    :attr:`Declaration.key`, or with ``rules.trump_sequence_first`` (seed 004: "une
    annonce de même type est plus forte si elle est à l'Atout") a trump sequence above
    every plain sequence of its kind, whatever the cards.

    >>> tierce_a = Declaration(DeclarationKind.TIERCE, 20, CardSet(), Suit.S, Rank.A)
    >>> tierce_9 = Declaration(DeclarationKind.TIERCE, 20, CardSet(), Suit.H, Rank.R9, trump=True)
    >>> declaration_key(tierce_a) > declaration_key(tierce_9)
    True
    >>> first = Rules(trump_sequence_first=True)
    >>> declaration_key(tierce_a, first) > declaration_key(tierce_9, first)
    False
    """
    if rules.announcements.trump_sequence_first and not x.is_carre:
        return (0, x.points, int(x.trump), int(x.top))
    return x.key


def _award(order: "list[Seat]", found: "dict[Seat, list[Declaration]]", rules: Rules) -> tuple[int, int]:
    """``(ns, ew)``: all the declarations of the side with the best one in ``found``."""
    best: dict[Team, tuple[int, int, int, int]] = {}
    total = {Team.NS: 0, Team.EW: 0}
    for seat in order:
        for x in found[seat]:
            total[seat.team] += x.points
            k = declaration_key(x, rules)
            if seat.team not in best or k > best[seat.team]:
                best[seat.team] = k
    if not best:
        return (0, 0)
    if len(best) == 1:
        winner = next(iter(best))
    elif best[Team.NS] != best[Team.EW]:
        winner = Team.NS if best[Team.NS] > best[Team.EW] else Team.EW
    elif rules.announcements.declarations_first_wins:
        top = best[Team.NS]
        winner = next(seat.team for seat in order
                      if any(declaration_key(x, rules) == top for x in found[seat]))
    else:
        return (0, 0)
    return (total[Team.NS], 0) if winner == Team.NS else (0, total[Team.EW])


_KIND_WORDS = {"tierce": 3, "quarte": 4, "quinte": 5}
_RANK_WORDS = {"A": Rank.A, "K": Rank.K, "Q": Rank.Q, "J": Rank.J, "10": Rank.T, "T": Rank.T,
               "9": Rank.R9, "8": Rank.R8, "7": Rank.R7}


def parse_declaration(text: str) -> Declaration:
    """One announced declaration as players say it: ``tierce``, ``quarte``, ``quinte``,
    optionally with the top card (``quinte-K``), or ``carre-J`` (a carré and its rank).
    A sequence given without its top card ranks below any with one.

    >>> d = parse_declaration("carre-J"); (d.kind, d.points)
    (<DeclarationKind.CARRE: 'carre'>, 200)
    >>> parse_declaration("quarte-A").points
    50
    """
    t = str(text).strip().lower().replace("é", "e")
    word, _, rank_text = t.partition("-")
    rank = _RANK_WORDS.get(rank_text.upper()) if rank_text else None
    if rank_text and rank is None:
        raise ScoreError(tr("unknown card {rank!r} in declaration {text!r}: expected A K Q J 10 9 8 7",
                            rank=rank_text, text=text))
    if word == "carre":
        if rank not in CARRE_POINTS:
            raise ScoreError(tr("declaration {text!r}: a carré names its rank, one of J 9 A 10 K Q "
                                "(carre-J; eights and sevens score nothing)", text=text))
        return Declaration(DeclarationKind.CARRE, CARRE_POINTS[rank], CardSet(), None, rank)
    if word in _KIND_WORDS:
        kind, pts = SEQUENCE_POINTS[_KIND_WORDS[word]]
        return Declaration(kind, pts, CardSet(), None, rank if rank is not None else Rank.R7)
    raise ScoreError(tr("unknown declaration {text!r}: expected tierce, quarte, quinte (optionally "
                        "with the top card, quinte-K) or carre-J, carre-9, carre-A ...", text=text))


def award_announced(ns: "list[Declaration]", ew: "list[Declaration]",
                    rules: Rules = Rules()) -> tuple[int, int]:
    """``(ns_points, ew_points)`` of the declarations each side announced, compared as
    :func:`award_declarations` does (the order of announcement unknown: equal bests
    cancel).  Sequences are taken as plain (not trump).

    >>> award_announced([parse_declaration("tierce")], [parse_declaration("carre-9")])
    (0, 150)
    >>> apart = Rules(carre_apart=True)
    >>> award_announced([parse_declaration("tierce")], [parse_declaration("carre-9")], apart)
    (20, 150)
    """
    found = {Seat.N: list(ns), Seat.E: list(ew)}
    order = [Seat.N, Seat.E]
    plain = rules.replace(declarations_first_wins=False)
    if not rules.announcements.carre_apart:
        return _award(order, found, plain)
    parts = [_award(order, {seat: [x for x in found[seat] if x.is_carre == carre] for seat in order}, plain)
             for carre in (True, False)]
    return (parts[0][0] + parts[1][0], parts[0][1] + parts[1][1])


#: The K and Q of each suit, as a mask: a hand holding both of one holds belote.
_KQ = tuple((1 << card_of(suit, Rank.K)) | (1 << card_of(suit, Rank.Q)) for suit in Suit)


#: The suits whose K and Q make belote, by (strain, ``Rules.belote_in_ta``).
_BELOTE_SUITS = {(strain, in_ta): () if strain == Strain.SA or (strain == Strain.TA and not in_ta)
                 else tuple(Suit) if strain == Strain.TA else (Suit(strain.trump),)
                 for strain in Strain for in_ta in (False, True)}


def belote_teams(deal: Deal, strain: Strain, rules: Rules = Rules()) -> list[tuple[Seat, Suit]]:
    """Who holds belote: ``(seat, suit)`` for each hand with the K and Q of trump.

    In TA with ``rules.belote_in_ta`` every K+Q pair of one suit in one hand counts
    (seed 000); there is no belote in SA, nor in TA by default (seed 003).

    >>> deal = Deal.from_pbn("N:KQ.7.8.9 7.KQ.9.8 8.8.KQ.7 9.9.7.KQ")
    >>> belote_teams(deal, Strain.H)
    [(<Seat.E: 1>, <Suit.H: 1>)]
    >>> belote_teams(deal, Strain.TA), belote_teams(deal, Strain.SA, Rules(belote_in_ta=True))
    ([], [])
    >>> len(belote_teams(deal, Strain.TA, Rules(belote_in_ta=True)))
    4
    """
    suits = _BELOTE_SUITS[strain, rules.announcements.belote_in_ta]
    masks = deal.masks
    return [(seat, suit) for seat in Seat for suit in suits if masks[seat] & _KQ[suit] == _KQ[suit]]


def max_belotes(strain: Strain, rules: Rules) -> int:
    """How many belotes a deal can hold in ``strain``: one in a trump suit, four in TA
    with ``rules.belote_in_ta`` (one a suit), none in SA, in TA otherwise, or with
    ``Rules(belote=False)``.

    >>> max_belotes(Strain.H, Rules()), max_belotes(Strain.TA, Rules(belote_in_ta=True))
    (1, 4)
    """
    return len(_BELOTE_SUITS[strain, rules.announcements.belote_in_ta]) if rules.announcements.belote else 0


def counted_belotes(claims: "tuple[int, int]", bidders: Team, rules: Rules) -> tuple[int, int]:
    """``(ns, ew)`` belotes that score, of the ``claims`` made by each side: the
    bidders' (seed 000: "If a player in the team that won the bidding holds the king
    and queen of trumps, he may declare them"), the defenders' only with
    ``rules.belote_anyone``, none with ``Rules(belote=False)``.

    >>> counted_belotes((1, 1), Team.NS, Rules()), counted_belotes((1, 1), Team.NS, Rules(belote_anyone=True))
    ((1, 0), (1, 1))
    """
    if not rules.announcements.belote:
        return (0, 0)
    if rules.announcements.belote_anyone:
        return (claims[0], claims[1])
    return (claims[0], 0) if bidders == Team.NS else (0, claims[1])


def belote_sides(masks: "tuple[int, int, int, int]", strain: Strain, rules: Rules) -> tuple[bool, bool]:
    """``(N-S hold belote, E-W hold belote)`` for four hands' masks (``Deal.masks``):
    :func:`belote_teams` by side, for callers that need no more (a table's outcomes).

    >>> belote_sides(Deal.from_pbn("N:KQ.7.8.9 7.KQ.9.8 8.8.KQ.7 9.9.7.KQ").masks, Strain.H, Rules())
    (False, True)
    """
    held = [False, False]
    for suit in _BELOTE_SUITS[strain, rules.announcements.belote_in_ta]:
        kq = _KQ[suit]
        for seat in range(4):
            if masks[seat] & kq == kq:
                held[seat & 1] = True
    return held[0], held[1]


def belote_counts(masks: "tuple[int, int, int, int]", strain: Strain, rules: Rules) -> tuple[int, int]:
    """``(ns, ew)``: how many belotes each side holds (:func:`belote_teams` counted by side).

    >>> belote_counts(Deal.from_pbn("N:KQ.KQ.-.- 7.7.9.9 8.8.KQ.- 9.9.-.KQ").masks, Strain.TA,
    ...               Rules(belote_in_ta=True))
    (3, 1)
    """
    held = [0, 0]
    if rules.announcements.belote:
        for suit in _BELOTE_SUITS[strain, rules.announcements.belote_in_ta]:
            kq = _KQ[suit]
            for seat in range(4):
                if masks[seat] & kq == kq:
                    held[seat & 1] += 1
    return held[0], held[1]


def belote_claim(masks: "tuple[int, int, int, int]", strain: Strain, bidders: Team,
                 rules: Rules) -> tuple[int, int]:
    """``(ns, ew)`` belotes claimed and scored when ``bidders`` declare ``strain``: every
    belote held is claimed (the players see every card), and :func:`counted_belotes`
    says which score.  In TA with ``rules.belote_in_ta`` every K+Q pair of one hand is
    a belote (seed 000: "In tout atout a belote can be declared in any suit").

    >>> masks = Deal.from_pbn("N:KQ.7.8.9 7.KQ.9.8 8.8.KQ.7 9.9.7.KQ").masks
    >>> belote_claim(masks, Strain.H, Team.NS, Rules()), belote_claim(masks, Strain.H, Team.EW, Rules())
    ((0, 0), (0, 1))
    >>> belote_claim(masks, Strain.H, Team.NS, Rules(belote_anyone=True))
    (0, 1)
    >>> belote_claim(masks, Strain.TA, Team.NS, Rules(belote_in_ta=True))
    (2, 0)
    """
    return counted_belotes(belote_counts(masks, strain, rules), bidders, rules)
