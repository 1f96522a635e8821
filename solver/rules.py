"""Strains, rules variants and the rule tables both the referee and the engine use.

The tables here are the single source of truth for the order and the points of
the cards.  The pure-Python referee (:mod:`solver.play`) reads them directly and
the Cython engine (:mod:`solver._engine`) is handed copies of the same arrays
built by :func:`strength_table` and :func:`points_table`, so the two cannot drift.

>>> Strain.parse("nt") is Strain.SA
True
>>> Rules().card_points(Card.HJ, Strain.H), Rules().card_points(Card.HJ, Strain.S)
(20, 2)
>>> sum(Rules().card_points(c, s) for c in Card for s in [Strain.TA]) + 10
162
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Iterable

from .cards import BY_LANGUAGE, SUIT_LETTERS, SUIT_SYMBOLS, SUIT_WORDS, Card, NamedIntEnum, TextEnum  # noqa: F401  (Card: the doctest)
from .errors import RulesError, StrainError, quote
from .messages import N_, tr
from .notation import Language, current as current_language

__all__ = [
    "Strain",
    "Rules",
    "DEFAULT_RULES",
    "PlayRules",
    "AnnouncementRules",
    "ScoringRules",
    "AuctionRules",
    "MatchRules",
    "LAYERS",
    "LAYER_OF",
    "TaTable",
    "SaTable",
    "PlusTwo",
    "STRAINS",
    "LAST_TRICK_BONUS",
    "TOTAL_POINTS",
    "MAX_NUMBERED_BID",
    "MOST_DECLARED",
    "strength_table",
    "points_table",
    "PLAIN_TABLE",
    "VARIANTS",
]

LAST_TRICK_BONUS = 10
TOTAL_POINTS = 162
#: The highest numbered bid any rules allow: capot (250) stays above every numbered bid.
MAX_NUMBERED_BID = 240
#: The most declaration points one side can hold: a carré of jacks (200) and one of
#: nines (150) fill one hand, two carrés of 100 the partner's; a sequence uses cards
#: that a carré of 100 or more would use better (a quinte is 100 for five cards).
MOST_DECLARED = 550

# Ranks by face index 7 8 9 T J Q K A -> strength (0 lowest) and points.
_TRUMP_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)        # J 9 A 10 K Q 8 7
_PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)        # A 10 K Q J 9 8 7
_TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
_PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
#: Points of each card 0..31 when no suit is trump and the plain values hold
#: (A 11, 10 10, K 4, Q 3, J 2): what a hand is worth before trumps are named.
PLAIN_TABLE = _PLAIN_POINTS * 4
_SA_POINTS = {
    "a19": (0, 0, 0, 10, 2, 3, 4, 19),            # seeds 000, 001
    "scaled": (0, 0, 0, 13, 2, 4, 5, 14),         # seed 003: the plain values x 152/120
}
_TA_POINTS = {
    "j14": (0, 0, 9, 5, 14, 1, 3, 6),             # seed 000
    "j13": (0, 0, 9, 5, 13, 1, 3, 7),             # seed 001
    "scaled": (0, 0, 9, 6, 12, 2, 2, 7),          # seed 003: the trump values x 152/248
}


def scaled_values(values: "tuple[int, ...]", total: int) -> tuple[int, ...]:
    """Card values (one suit's eight, by face 7 8 9 T J Q K A) scaled so a suit sums
    to ``total``: each value times ``total / sum(values)`` rounded down, then the
    points still missing given one each to the largest remainders (ties to the
    higher value).  Seed 003 scales its tables so a deal holds 152 in cards: the
    TA table J 20, 9 14, A 11, 10 10, K 4, Q 3 (248 in all) and the plain values of
    SA (120 in all), each to 38 a suit.

    >>> scaled_values(_TRUMP_POINTS, 38) == _TA_POINTS["scaled"]
    True
    >>> scaled_values(_PLAIN_POINTS, 38) == _SA_POINTS["scaled"]
    True
    """
    whole = sum(values)
    exact = [v * total for v in values]
    out = [e // whole for e in exact]
    order = sorted(range(len(values)), key=lambda i: (exact[i] % whole, values[i]), reverse=True)
    for i in order[:total - sum(out)]:
        out[i] += 1
    return tuple(out)



class Strain(NamedIntEnum):
    """The six contracts' strains: a trump suit, sans atout (SA) or tout atout (TA)."""

    S = 0
    H = 1
    D = 2
    C = 3
    SA = 4
    TA = 5

    @property
    def trump(self) -> int:
        """The trump suit (0..3), or -1 for SA and TA."""
        return int(self) if self < 4 else -1

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self] if self < 4 else self.name

    @classmethod
    def _words(cls, lang: "Language | None" = Language.EN) -> "dict[str, int]":
        """``S H D C SA TA`` (French: ``P C K T SA TA``), also ``NT`` (= SA), ``AT`` (= TA),
        suit symbols and names in English and French (``hearts``, ``cœur``), in any case."""
        aliases = {"NT": "SA", "AT": "TA", "SANS ATOUT": "SA", "TOUT ATOUT": "TA", "NOTRUMP": "SA",
                   "ALLTRUMP": "TA", "SANS-ATOUT": "SA", "TOUT-ATOUT": "TA"}
        words = {**SUIT_WORDS, "SA": 4, "TA": 5, **{a: int(cls[t]) for a, t in aliases.items()}}
        return {**SUIT_LETTERS["fr" if lang is Language.FR else "en"], **words}

    @classmethod
    def _unknown(cls, text: object) -> Exception:
        letters = "P C K T" if current_language() is Language.FR else "S H D C"
        return StrainError(tr("unknown strain {text}: expected one of {letters} SA TA (or NT, AT)",
                              text=repr(text), letters=letters))


BY_LANGUAGE[Strain] = N_("strain")
STRAINS = tuple(Strain)

_YES = ("true", "yes", "on", "1")
_NO = ("false", "no", "off", "0")


class RuleChoice(TextEnum):
    """A rule whose value is one of a few words: equal to its word, printed and shown
    (``repr``) as it, so ``Rules(ta_table='j13')`` pastes back."""

    def __repr__(self) -> str:
        return repr(self.value)

    @classmethod
    def read(cls, value: object, what: str, expected: str) -> "RuleChoice":
        """``value`` (a member or its word) as a member; else a :class:`RulesError` saying
        ``what`` was given and the ``expected`` words."""
        for member in cls:
            if isinstance(value, str) and member.value == value:
                return member
        raise RulesError(tr("{what} {value}: expected {expected}", what=tr(what), value=quote(value),
                            expected=tr(expected)))


class TaTable(RuleChoice):
    """Which card points tout atout uses (``Rules.ta_table``)."""

    J14 = "j14"
    J13 = "j13"
    SCALED = "scaled"


class SaTable(RuleChoice):
    """Which card points sans atout uses (``Rules.sa_table``)."""

    A19 = "a19"
    SCALED = "scaled"


class PlusTwo(RuleChoice):
    """Which bids need 2 points more than bid (``Rules.plus_two``)."""

    EIGHTY = "80"
    NONE = "none"
    ALL = "all"


#: Pairs of yes/no variants that cannot hold together, and why (each pair names two
#: answers to one question of the seeds; docs/rules.md lists them).
CONTRADICTIONS = (
    ("coinche_whole_score", "coinche_takes_all",
     N_("both say what a coinche multiplies (seed 000: the whole score; seed 002: the bid, "
        "the winners taking 162 or their tricks)")),
    ("coinche_takes_all", "bid_only",
     N_("a coinche taking 162 or the tricks won scores card points, which bid_only never scores")),
    ("tie_held", "bid_only",
     N_("a litige holds the bidders' card points (seed 001), which bid_only never scores")),
    ("capot_only_if_bid", "capot_any_side",
     N_("capot_any_side scores an unbid capot of the defenders, capot_only_if_bid scores no unbid capot")),
    ("capot_only_if_bid", "unbid_generale",
     N_("unbid_generale scores an unbid générale, capot_only_if_bid scores no unbid capot")),
)

_TYPED_NAMES: "dict[type, tuple[tuple[str, str], ...]]" = {}


def _typed_names(record: type) -> tuple[tuple[str, str], ...]:
    """The ``(name, type)`` of a record's fields (read once: rules are made often)."""
    names = _TYPED_NAMES.get(record)
    if names is None:
        names = _TYPED_NAMES[record] = tuple((f.name, str(f.type)) for f in dataclasses.fields(record))
    return names


def _check_types(record: object) -> None:
    """A yes/no rule holds a bool, a number rule an int (not a bool)."""
    for name, kind in _typed_names(type(record)):
        v = getattr(record, name)
        if kind == "bool" and not isinstance(v, bool):
            raise RulesError(tr("rules option {name} must be True or False, not {value}", name=name,
                                value=quote(v)))
        if kind == "int" and (isinstance(v, bool) or not isinstance(v, int)):
            raise RulesError(tr("rules option {name} must be a whole number, not {value}", name=name,
                                value=quote(v)))


@dataclasses.dataclass(frozen=True)
class PlayRules:
    """The rules the referee and the engine read: the legal cards and the cards' points.

    ``must_undertrump``, ``must_overtrump_partner``, ``ta_table``, ``sa_table`` and
    ``generale_leads`` (who leads a générale's first trick): see :class:`Rules`.
    """

    must_undertrump: bool = True
    must_overtrump_partner: bool = True
    ta_table: TaTable = TaTable.J14
    sa_table: SaTable = SaTable.A19
    generale_leads: bool = False

    def __post_init__(self) -> None:
        _check_types(self)
        object.__setattr__(self, "ta_table", TaTable.read(self.ta_table, N_("unknown tout atout table"),
                                                          N_("'j14', 'j13' or 'scaled'")))
        object.__setattr__(self, "sa_table", SaTable.read(self.sa_table, N_("unknown sans atout table"),
                                                          N_("'a19' or 'scaled'")))


@dataclasses.dataclass(frozen=True)
class AnnouncementRules:
    """The rules of belote and the declarations (what is announced, what beats what).

    ``belote``, ``belote_in_ta``, ``belote_anyone``, ``declarations``,
    ``declarations_first_wins``, ``carre_apart``, ``card_once`` and
    ``trump_sequence_first``: see :class:`Rules`.
    """

    belote: bool = True
    belote_in_ta: bool = False
    belote_anyone: bool = False
    declarations: bool = False
    declarations_first_wins: bool = False
    carre_apart: bool = False
    card_once: bool = False
    trump_sequence_first: bool = False

    def __post_init__(self) -> None:
        _check_types(self)


@dataclasses.dataclass(frozen=True)
class ScoringRules:
    """The rules that score a deal once played (:mod:`solver.scoring`).

    ``must_outscore``, ``coinche_whole_score``, ``coinche_takes_all``,
    ``belote_to_defenders``, ``failed_capot``, ``capot_only_if_bid``, ``capot_any_side``,
    ``unbid_generale``, ``bid_only``, ``rounding``, ``declarations_count``, ``plus_two``,
    ``tie_held`` and ``surcoinche``: see :class:`Rules`.  Two of them that answer one
    question differently are refused together (:data:`CONTRADICTIONS`).
    """

    must_outscore: bool = False
    coinche_whole_score: bool = False
    coinche_takes_all: bool = False
    belote_to_defenders: bool = False
    failed_capot: int = 500
    capot_only_if_bid: bool = False
    capot_any_side: bool = False
    unbid_generale: bool = False
    bid_only: bool = False
    rounding: bool = True
    declarations_count: bool = False
    plus_two: PlusTwo = PlusTwo.EIGHTY
    tie_held: bool = False
    surcoinche: int = 4

    def __post_init__(self) -> None:
        _check_types(self)
        object.__setattr__(self, "plus_two", PlusTwo.read(
            self.plus_two, "plus_two", N_("'80' (82 for 80), 'none' or 'all'")))
        if self.surcoinche not in (3, 4):
            raise RulesError(tr("surcoinche multiplier {surcoinche!r}: expected 4 or 3",
                                surcoinche=self.surcoinche))
        if self.failed_capot not in (410, 500):
            raise RulesError(tr("failed capot score {failed_capot!r}: expected 500 or 410",
                                failed_capot=self.failed_capot))
        for a, b, why in CONTRADICTIONS:
            if getattr(self, a) and getattr(self, b):
                raise RulesError(tr("rules options {a} and {b} contradict each other: {why}; choose one",
                                    a=a, b=b, why=tr(why)))


@dataclasses.dataclass(frozen=True)
class AuctionRules:
    """The rules of the auction: which bids exist, what overcalls, who may coinche.

    ``sa_ta``, ``max_level``, ``generale``, ``suit_ranking``, ``coinche_in_turn``,
    ``contree`` and ``capot_coinche``: see :class:`Rules`.  Whether a ``max_level`` can
    be reached depends on the announcements and the scoring too: :class:`Rules` checks it.
    """

    sa_ta: bool = True
    max_level: int = 160
    generale: bool = False
    suit_ranking: bool = False
    coinche_in_turn: bool = False
    contree: bool = False
    capot_coinche: bool = False

    def __post_init__(self) -> None:
        _check_types(self)
        lv = self.max_level
        if isinstance(lv, bool) or not isinstance(lv, int) or lv % 10 or not 160 <= lv <= MAX_NUMBERED_BID:
            raise RulesError(tr("max_level {lv!r}: expected 160 to {top} by 10 (capot, 250, "
                                "stays above every numbered bid)", lv=lv, top=MAX_NUMBERED_BID))


@dataclasses.dataclass(frozen=True)
class MatchRules:
    """The rules of a match of several deals: ``target`` (see :class:`Rules`)."""

    target: int = 2000

    def __post_init__(self) -> None:
        _check_types(self)
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise RulesError(tr("match target {target!r}: expected a whole number of points, 1 or more",
                                target=self.target))


#: The five records of the rules, by the layer that reads them (``Rules.play``, ...).
LAYERS: "dict[str, type]" = {"play": PlayRules, "announcements": AnnouncementRules, "scoring": ScoringRules,
                             "auction": AuctionRules, "match": MatchRules}
#: Each rule's layer: ``LAYER_OF["must_undertrump"] == "play"``.
LAYER_OF = {f.name: layer for layer, record in LAYERS.items() for f in dataclasses.fields(record)}
_P, _A, _S, _U, _M = PlayRules, AnnouncementRules, ScoringRules, AuctionRules, MatchRules


@dataclasses.dataclass(frozen=True)
class Rules:
    """The rules of one game; immutable.  The defaults are the basic game of seed 000.

    Each rule belongs to one of the five records below, by the layer that reads it
    (:data:`LAYERS`): :attr:`play` (:class:`PlayRules`), :attr:`announcements`
    (:class:`AnnouncementRules`), :attr:`scoring` (:class:`ScoringRules`),
    :attr:`auction` (:class:`AuctionRules`) and :attr:`match` (:class:`MatchRules`).
    Each record holds its rules' types and defaults and checks their values; ``Rules``
    is their flat face, one field per rule under its own name, which ``--rule
    NAME=VALUE``, the board's ``rules`` field and JSON use.  ``Rules.from_parts``
    builds one from records, ``rules.play`` (and the others) reads one.

    >>> r = Rules(must_undertrump=False, target=1000)
    >>> r.play.must_undertrump, r.match.target, r.scoring == ScoringRules()
    (False, 1000, True)
    >>> Rules.from_parts(match=MatchRules(target=1000), play=PlayRules(must_undertrump=False)) == r
    True

    Play variants (they change the legal cards):

    - ``must_undertrump``: a player void in the suit led, while an opponent wins with a
      trump he cannot beat, must still play a lower trump ("pisser").  False: the
      southern rule, he may discard.
    - ``must_overtrump_partner``: on a trump lead (every lead in TA) a player must beat
      the highest trump even when his partner holds it.  False: any trump will do then.

    Point and bonus variants:

    - ``ta_table``: tout atout card points, ``"j14"`` (J 14, 9 9, A 6, 10 5, K 3, Q 1,
      seed 000), ``"j13"`` (J 13, 9 9, A 7, 10 5, K 3, Q 1, seed 001) or ``"scaled"``
      (seed 003's J 20, 9 14, A 11, 10 10, K 4, Q 3 scaled to 152: J 12, 9 9, A 7,
      10 6, K 2, Q 2, see :func:`scaled_values`).
    - ``sa_table``: sans atout card points, ``"a19"`` (the ace 19, seeds 000 and 001)
      or ``"scaled"`` (seed 003: the plain values scaled to 152: A 14, 10 13, K 5, Q 4,
      J 2).
    - ``sa_ta``: SA and TA may be bid (default); False: seed 000's basic game, whose
      bids name a suit (tables still show SA and TA when asked).
    - ``belote``: belote is scored (default); False: seed 000's "not even belote".
    - ``belote_in_ta``: belote may be claimed in tout atout, in any suit (K and Q of one
      suit); default: no belote in SA or TA.
    - ``belote_anyone``: any player may claim belote; default only the bidding side.
    - ``declarations``: announcements (tierce 20, quarte 50, quinte 100, carrés) are
      scored; ``declarations_first_wins``: equal plain sequences go to the first announced
      instead of cancelling; ``carre_apart`` (seed 002): sequences and carrés are
      compared apart, so sequences still score against a carré; ``card_once`` (seed
      002): a card counts in a carré or in a sequence, not both (the hand's best choice).

    Scoring variants (see :mod:`solver.scoring`):

    - ``must_outscore`` (seed 002): the bidders must also take more points than the
      opponents.
    - ``coinche_whole_score`` (seeds 000, 004): coinche multiplies the whole score,
      not just the bid.
    - ``coinche_takes_all`` (seed 002): coinched or surcoinched, a made contract gives
      the bidders their tricks' points + bid × multiplier, a failed one the defenders
      all 162 + bid × multiplier, and the losers score 0.
    - ``belote_to_defenders`` (seed 000): the belote of a failed contract goes to the
      opponents.
    - ``failed_capot``: what the opponents of a failed capot bid score (500, or 410 seed 000).
    - ``capot_only_if_bid`` (seed 000): an unbid capot scores as any made contract.
    - ``capot_any_side`` (seeds 001, 004): defenders who take every trick score the
      capot's 250 in place of 160.
    - ``unbid_generale`` (seeds 001, 004): one player taking every trick unbid scores
      500 in place of 250.
    - ``capot_coinche`` (seed 000): a capot bid may be coinched and surcoinched.
    - ``bid_only`` (seed 000): a made contract scores only the bid, not the points taken.
    - ``rounding``: deal scores rounded to the nearest 10, 5 up (False: seed 003).
    - ``declarations_count`` (seeds 000, 003, 004): declarations count toward the
      contract, like belote.
    - ``max_level``: the highest numbered bid, 160 (default) up to 240 by 10, and no
      higher than the most points a side can count (162, belote, and declarations
      with ``declarations_count``); capot keeps its place above every numbered bid.
    - ``plus_two``: which bids need 2 more points than bid: ``"80"`` (82 for 80,
      seed 000), ``"none"`` (seed 000: "only necessary to take as many points as were
      bid, even in the case of a bid of 80") or ``"all"`` (seed 000: "an extra 2
      points for every bid").
    - ``tie_held`` (seed 001): a litige, equal counts when the bidders reached their
      level, scores nothing for the bidders and holds their points for the next deal.
    - ``surcoinche``: the surcoinche multiplier, 4 (or 3, seeds 002 and 004).
    - ``generale``: a générale bid (one player takes all 8 tricks alone) is allowed.
    - ``suit_ranking`` (seed 000): in the auction clubs < diamonds < hearts < spades <
      SA < TA, so an equal level in a higher strain overcalls.
    - ``coinche_in_turn`` (seed 000): a coinche only in turn, so a higher bid removes
      the chance; ``contree`` (seed 000): a coinche in turn that does not end the
      auction, which ends after three consecutive passes.
    - ``target``: the match target, 2000 by default; any agreed number (1000, 1500,
      3000 seed 000, 1001 seed 001, 501 seed 002, seed 004's agreed ceiling).
    - ``trump_sequence_first`` (seed 004: "une annonce de même type est plus forte si
      elle est à l'Atout"): a sequence in trumps beats a plain sequence of the same
      kind whatever its cards (by default the higher cards win first, and trumps only
      part sequences of equal cards, seed 000).
    - ``generale_leads`` (seed 000: "The bidder of a générale may have the right to lead
      to the first trick"): the declarer of a générale leads the first trick
      (:func:`solver.contract.opening_leader`).
    """

    must_undertrump: bool = _P.must_undertrump
    must_overtrump_partner: bool = _P.must_overtrump_partner
    ta_table: TaTable = _P.ta_table
    sa_table: SaTable = _P.sa_table
    sa_ta: bool = _U.sa_ta
    belote: bool = _A.belote
    belote_in_ta: bool = _A.belote_in_ta
    belote_anyone: bool = _A.belote_anyone
    declarations: bool = _A.declarations
    declarations_first_wins: bool = _A.declarations_first_wins
    carre_apart: bool = _A.carre_apart
    card_once: bool = _A.card_once
    must_outscore: bool = _S.must_outscore
    coinche_whole_score: bool = _S.coinche_whole_score
    coinche_takes_all: bool = _S.coinche_takes_all
    belote_to_defenders: bool = _S.belote_to_defenders
    failed_capot: int = _S.failed_capot
    capot_only_if_bid: bool = _S.capot_only_if_bid
    capot_any_side: bool = _S.capot_any_side
    unbid_generale: bool = _S.unbid_generale
    capot_coinche: bool = _U.capot_coinche
    bid_only: bool = _S.bid_only
    rounding: bool = _S.rounding
    declarations_count: bool = _S.declarations_count
    max_level: int = _U.max_level
    plus_two: PlusTwo = _S.plus_two
    tie_held: bool = _S.tie_held
    surcoinche: int = _S.surcoinche
    generale: bool = _U.generale
    suit_ranking: bool = _U.suit_ranking
    coinche_in_turn: bool = _U.coinche_in_turn
    contree: bool = _U.contree
    target: int = _M.target
    trump_sequence_first: bool = _A.trump_sequence_first
    generale_leads: bool = _P.generale_leads

    def __new__(cls, *args: object, **kwargs: object) -> "Rules":
        # the generated __init__ would refuse these with a TypeError
        names = [name for name, _ in _typed_names(cls)]
        if len(args) > len(names):
            raise RulesError(tr("Rules takes at most {n} options, got {given}: {args}", n=len(names),
                                given=len(args), args=quote(args)))
        for k in kwargs:
            if k not in names:
                raise RulesError(tr("unknown rules option {key}: expected one of {names}", key=quote(k),
                                    names=", ".join(sorted(names))))
            if k in names[:len(args)]:
                raise RulesError(tr("rules option {key} given twice", key=k))
        return super().__new__(cls)

    def __post_init__(self) -> None:
        # Each record checks its own rules (and reads the words of the choices); the
        # flat fields then hold the records' values.
        for layer, record in LAYERS.items():
            names = [name for name, _ in _typed_names(record)]
            part = record(**{name: getattr(self, name) for name in names})
            object.__setattr__(self, "_" + layer, part)
            for name in names:
                object.__setattr__(self, name, getattr(part, name))
        self._check_max_level()

    @classmethod
    def from_parts(cls, play: PlayRules = PlayRules(), announcements: AnnouncementRules = AnnouncementRules(),
                   scoring: ScoringRules = ScoringRules(), auction: AuctionRules = AuctionRules(),
                   match: MatchRules = MatchRules()) -> "Rules":
        """The rules made of one record per layer (a layer not given: its defaults)."""
        flat: dict[str, object] = {}
        for part in (play, announcements, scoring, auction, match):
            flat.update((f.name, getattr(part, f.name)) for f in dataclasses.fields(part))
        return cls(**flat)  # type: ignore[arg-type]

    @property
    def play(self) -> PlayRules:
        """The rules of the legal cards and the cards' points."""
        return self._play  # type: ignore[attr-defined, no-any-return]

    @property
    def announcements(self) -> AnnouncementRules:
        """The rules of belote and the declarations."""
        return self._announcements  # type: ignore[attr-defined, no-any-return]

    @property
    def scoring(self) -> ScoringRules:
        """The rules that score a deal."""
        return self._scoring  # type: ignore[attr-defined, no-any-return]

    @property
    def auction(self) -> AuctionRules:
        """The rules of the auction."""
        return self._auction  # type: ignore[attr-defined, no-any-return]

    @property
    def match(self) -> MatchRules:
        """The rules of a match."""
        return self._match  # type: ignore[attr-defined, no-any-return]

    @property
    def most_counted(self) -> int:
        """The most points one side can count toward a contract: all 162, its belotes
        (one, or four in TA with ``belote_in_ta``) and, with ``declarations_count``,
        :data:`MOST_DECLARED` points of declarations."""
        belotes = 0 if not self.belote else 4 if self.belote_in_ta and self.sa_ta else 1
        declared = MOST_DECLARED if self.declarations and self.declarations_count else 0
        return TOTAL_POINTS + 20 * belotes + declared

    @property
    def highest_level(self) -> int:
        """The highest ``max_level`` these rules allow: by 10, at most
        :data:`MAX_NUMBERED_BID`, and a bid a side can reach (:attr:`most_counted`).

        >>> Rules().highest_level, Rules(declarations=True, declarations_count=True).highest_level
        (180, 240)
        """
        extra = 2 if self.plus_two == "all" else 0
        return min(MAX_NUMBERED_BID, (self.most_counted - extra) // 10 * 10)

    def _check_max_level(self) -> None:
        lv = self.max_level
        need = lv + (2 if self.plus_two == "all" else 0)
        if need > self.most_counted:
            raise RulesError(
                tr("max_level {lv}: a bid of {lv} needs {need} points, but a side can count at most "
                   "{most} under these rules (162 in cards, belote{declarations}); "
                   "announcements that count (declarations=true, declarations_count=true) allow more",
                   lv=lv, need=need, most=self.most_counted,
                   declarations=tr(", declarations") if self.declarations and self.declarations_count
                   else ""))

    def replace(self, **changes: object) -> "Rules":
        """A copy with some fields changed; unknown names raise :class:`RulesError`."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def with_options(self, options: Iterable[str]) -> "Rules":
        """A copy with ``NAME=VALUE`` options applied, as ``--rule`` gives them.

        Names and values are read in any case, with ``-`` for ``_``; a yes/no option
        takes true/false, yes/no, on/off or 1/0.

        >>> r = Rules().with_options(["MUST-UNDERTRUMP=False", "ta_table=J13"])
        >>> r.must_undertrump, r.ta_table
        (False, 'j13')
        """
        types = {f.name: f.type for f in dataclasses.fields(self)}
        known = ", ".join(sorted(types))
        changes: dict[str, object] = {}
        if isinstance(options, str):
            options = [options]
        if not isinstance(options, Iterable):
            raise RulesError(tr("rules options {options}: expected NAME=VALUE texts", options=quote(options)))
        for opt in options:
            if not isinstance(opt, str):
                raise RulesError(tr("rules option {opt}: expected NAME=VALUE text", opt=quote(opt)))
            name, sep, value = opt.partition("=")
            name = name.strip().lower().replace("-", "_")
            if not sep:
                raise RulesError(tr("rules option {option}: expected NAME=VALUE, like suit_ranking=true",
                                    option=quote(opt)))
            if name not in types:
                raise RulesError(tr("unknown rules option {name}: expected one of {known}",
                                    name=quote(name), known=known))
            v = value.strip().lower()
            if types[name] == "bool":
                if v not in _YES and v not in _NO:
                    raise RulesError(tr("rules option {name} must be true or false, not {value}",
                                        name=name, value=quote(value)))
                changes[name] = v in _YES
            elif types[name] == "int":
                if not re.fullmatch(r"-?[0-9]{1,9}", v):
                    raise RulesError(tr("rules option {name} must be a whole number, not {value}",
                                        name=name, value=quote(value)))
                changes[name] = int(v)
            else:
                changes[name] = v
        return self.replace(**changes)

    def table_variant(self, strain: "Strain") -> int:
        """Which points table of its strain these rules use (0 the default), so that a
        solver's transposition table never mixes values of two tables.

        >>> Rules().table_variant(Strain.TA), Rules(ta_table="scaled").table_variant(Strain.TA)
        (0, 2)
        """
        if strain == Strain.TA:
            return tuple(_TA_POINTS).index(self.ta_table)
        if strain == Strain.SA:
            return tuple(_SA_POINTS).index(self.sa_table)
        return 0


    def card_points(self, card: int, strain: Strain) -> int:
        """The points of a card (its int or :class:`Card`) in a strain."""
        return points_table(strain, self)[card]

    def card_strength(self, card: int, strain: Strain) -> int:
        """The strength (0..7, higher wins) of a card within its own suit."""
        return strength_table(strain)[card]

    def is_trump(self, card: int, strain: Strain) -> bool:
        return strain < 4 and (card >> 3) == strain


#: The default rules, made once: a query that names no rules reads these (a
#: :class:`Rules` is immutable, and making one checks every field, about 30 µs).
DEFAULT_RULES = Rules()


#: One line per :class:`Rules` field: what it changes and where it comes from (the
#: command line lists them; ``docs/rules.md`` has the full table).
VARIANTS = {
    "must_undertrump": "a void player must trump under an opponent's winning trump (false: southern rule)",
    "must_overtrump_partner": "on a trump lead, beat the highest trump even when partner holds it",
    "ta_table": "tout atout points: j14 (seed 000), j13 (seed 001), scaled (seed 003, to 152)",
    "sa_table": "sans atout points: a19 (seeds 000, 001), scaled (seed 003, to 152)",
    "sa_ta": "SA and TA may be bid (false: seed 000's basic game, suits only)",
    "belote": "belote scores 20 (false: seed 000's 'not even belote')",
    "belote_in_ta": "belote in tout atout, one per K+Q pair of a suit (seed 000)",
    "belote_anyone": "any player may claim belote, not only the bidders (seed 000)",
    "declarations": "announcements are scored: sequences and carres (seeds 000, 002, 004)",
    "declarations_first_wins": "equal best sequences: the first announced wins instead of cancelling",
    "carre_apart": "sequences still score against a carre (seed 002)",
    "card_once": "a card counts in a carre or in a sequence, not both (seed 002)",
    "must_outscore": "the bidders must also outscore the defenders (seeds 000, 002)",
    "coinche_whole_score": "a coinche multiplies the whole score (seeds 000, 004)",
    "coinche_takes_all": "coinched: made, tricks + bid x mult; failed, 162 + bid x mult; losers 0 (seed 002)",
    "belote_to_defenders": "a failed contract's belote goes to the defenders (seed 000)",
    "failed_capot": "the defenders' score for a failed capot bid: 500 or 410 (seed 000)",
    "capot_only_if_bid": "an unbid capot scores as any made contract (seed 000)",
    "capot_any_side": "defenders who take every trick score 250 in place of 160 (seeds 001, 004)",
    "unbid_generale": "one player taking every trick unbid scores 500 (seeds 001, 004)",
    "capot_coinche": "a capot bid may be coinched and surcoinched (seed 000)",
    "bid_only": "a made contract scores only the bid, not the points (seed 000)",
    "rounding": "scores rounded to the nearest 10, 5 up (false: seed 003)",
    "declarations_count": "declarations count toward the contract, like belote (seeds 000, 003, 004)",
    "max_level": "the highest numbered bid, 160 to 240 by 10, as announcements allow (seeds 000, 004)",
    "plus_two": "bids needing 2 more: 80 (82 for 80), none, all (seed 000)",
    "tie_held": "a litige holds the bidders' points for the next deal (seed 001)",
    "surcoinche": "the surcoinche multiplier: 4, or 3 (seeds 000, 002, 004)",
    "generale": "a generale bid is allowed (seed 000)",
    "suit_ranking": "an equal level in a higher strain overcalls, C<D<H<S<SA<TA (seed 000)",
    "coinche_in_turn": "a coinche only in turn (seed 000)",
    "contree": "a coinche in turn does not end the auction; three passes do (seed 000)",
    "target": "the match target: 2000, or any agreed number (1001 seed 001, 501 seed 002)",
    "trump_sequence_first": "a trump sequence beats a plain one of its kind, whatever its cards (seed 004)",
    "generale_leads": "the declarer of a generale leads the first trick (seed 000)",
}


@functools.lru_cache(maxsize=None)
def strength_table(strain: Strain) -> tuple[int, ...]:
    """Strength 0..7 of each card 0..31 within its suit in a strain (higher wins)."""
    strain = Strain(strain)
    out = []
    for card in range(32):
        suit, rank = card >> 3, card & 7
        trumpish = strain == Strain.TA or suit == strain
        out.append((_TRUMP_STRENGTH if trumpish else _PLAIN_STRENGTH)[rank])
    return tuple(out)


@functools.lru_cache(maxsize=None)
def points_table(strain: Strain, rules: Rules = Rules()) -> tuple[int, ...]:
    """Points of each card 0..31 in a strain under the rules (sum 152)."""
    strain = Strain(strain)
    out = []
    for card in range(32):
        suit, rank = card >> 3, card & 7
        if strain == Strain.TA:
            out.append(_TA_POINTS[rules.ta_table][rank])
        elif strain == Strain.SA:
            out.append(_SA_POINTS[rules.sa_table][rank])
        elif suit == strain:
            out.append(_TRUMP_POINTS[rank])
        else:
            out.append(_PLAIN_POINTS[rank])
    return tuple(out)


def points_of(mask: int, strain: Strain, rules: Rules = Rules()) -> int:
    """Points of the cards of a mask (bit i = card i) in a strain under the rules.

    >>> points_of(0xFFFFFFFF, Strain.H)
    152
    """
    return mask_points(mask, points_table(strain, rules))


def mask_points(mask: int, table: tuple[int, ...]) -> int:
    """Points of the cards of a mask under a points table (32 values, one a card)."""
    lanes = lane_points(table)
    return (lanes[0][mask & 0xFF] + lanes[1][(mask >> 8) & 0xFF]
            + lanes[2][(mask >> 16) & 0xFF] + lanes[3][(mask >> 24) & 0xFF])


@functools.lru_cache(maxsize=16)
def lane_points(table: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each suit, the points of every subset of its cards (an 8-bit lane)."""
    out = []
    for suit in range(4):
        pts = [0] * 256
        for lane in range(1, 256):
            low = lane & -lane                   # a subset is its lowest card plus the rest
            pts[lane] = pts[lane ^ low] + table[8 * suit + low.bit_length() - 1]
        out.append(tuple(pts))
    return tuple(out)
