"""Cards, suits, ranks, seats and sets of cards.

Inside the package a card is an int ``0..31``: ``suit * 8 + rank`` with suits
``S H D C`` = 0..3 and ranks ``7 8 9 T J Q K A`` = 0..7.  A set of cards is a
32-bit mask with one 8-bit lane per suit (bit ``card``).  Outside, the same ints
come wrapped: :class:`Card` is an ``IntEnum`` (``Card.HT == 13``) and
:class:`CardSet` a set-like view of a mask.

>>> Card.parse("10♥")
Card.parse('HT')
>>> Card.parse("h10").symbol
'10♥'
>>> hand = CardSet.from_pbn("AK.K8.-.A8")
>>> len(hand), Card.SA in hand
(6, True)
>>> hand.to_pbn()
'AK.K8.-.A8'
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Iterable, Iterator

from .errors import CardError, DealError, SeatError, quote
from . import notation
from .messages import N_, tr

if TYPE_CHECKING:
    from typing_extensions import Self     # typing.Self from Python 3.11

__all__ = [
    "SUITS",
    "RANKS",
    "SUIT_SYMBOLS",
    "Suit",
    "Rank",
    "Card",
    "Seat",
    "Team",
    "CardSet",
    "Immutable",
    "card_of",
    "suit_of",
    "rank_of",
    "popcount",
    "lsb",
    "scan_forward",
    "FULL_MASK",
    "SUIT_MASKS",
]

SUITS = "SHDC"
RANKS = "789TJQKA"
SUIT_SYMBOLS = "♠♥♦♣"
FULL_MASK = 0xFFFFFFFF
SUIT_MASKS = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)


#: Per enum and language, the words its parse reads.
_WORDS: "dict[tuple[type, notation.Language | None], dict[str, int]]" = {}
#: The enums whose words depend on the language (suit letters), with what they are called.
BY_LANGUAGE: dict[type, str] = {}


class NamedIntEnum(enum.IntEnum):
    """Small ints that print as their names: ``str(Seat.N) == 'N'``, ``f"{Suit.H:>2}"``."""

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    @property
    def symbol(self) -> str:
        """The member for people: its name, or what the enum draws instead (``♠``)."""
        return self.name

    @classmethod
    def parse(cls, text: "str | int | Self") -> Self:
        """A member from itself, its number, or a word of :meth:`_words` in any case."""
        if isinstance(text, cls):
            return text
        if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < len(cls):
            return cls(text)
        key = str(text).strip().upper()
        lang = notation.current()
        if cls not in BY_LANGUAGE or lang is not notation.AUTO:
            value = cls._words_in(lang).get(key)
        else:
            value = cls._either(text, key)
        if value is None and cls in BY_LANGUAGE and lang is notation.FR:
            english = cls._words_in(notation.EN).get(key)
            if english is not None:
                raise cls._unknown_kind()(notation.english_only(BY_LANGUAGE[cls], text, cls(english).symbol))
        if value is None:
            raise cls._unknown(text)
        return cls(value)

    @classmethod
    def _words_in(cls, lang: "notation.Language") -> "dict[str, int]":
        by_language = cls in BY_LANGUAGE
        k = (cls, lang if by_language else None)
        words = _WORDS.get(k)
        if words is None:
            words = _WORDS[k] = cls._words(lang) if by_language else cls._words()
        return words

    @classmethod
    def _either(cls, text: object, key: str) -> "int | None":
        """Under :data:`~solver.notation.AUTO`: the English reading, refused when the
        French one differs, or when only French reads it."""
        en, fr = cls._words_in(notation.EN).get(key), cls._words_in(notation.FR).get(key)
        if en is not None and fr is not None and en != fr:
            raise cls._unknown_kind()(notation.ambiguity(BY_LANGUAGE[cls], text, cls(en).symbol,
                                                         cls(fr).symbol))
        if en is None and fr is not None:
            raise cls._unknown_kind()(notation.french_only(BY_LANGUAGE[cls], text, cls(fr).symbol))
        return en

    @classmethod
    def _words(cls, lang: "notation.Language | None" = None) -> "dict[str, int]":
        """The words :meth:`parse` reads (upper case), to the member's number (in ``lang``
        for the enums of :data:`BY_LANGUAGE`)."""
        return {m.name: int(m) for m in cls}

    @classmethod
    def _unknown_kind(cls) -> type:
        return type(cls._unknown(""))

    @classmethod
    def _unknown(cls, text: object) -> Exception:
        """The error for a word :meth:`parse` does not know."""
        raise NotImplementedError


class TextEnum(str, enum.Enum):
    """Words that are equal to their text and print as it: ``str(kind) == 'pass'``."""

    def __str__(self) -> str:
        return str(self.value)


#: Suit words both languages read: symbols and names (English and French).
SUIT_WORDS = {**{ch: i for i, ch in enumerate(SUIT_SYMBOLS)},
              "SPADES": 0, "HEARTS": 1, "DIAMONDS": 2, "CLUBS": 3, "SPADE": 0, "HEART": 1, "DIAMOND": 2,
              "CLUB": 3, "PIQUE": 0, "COEUR": 1, "CŒUR": 1, "CARREAU": 2, "TREFLE": 3, "TRÈFLE": 3}
#: Suit letters: English S H D C, French P C K T (pique, cœur, carreau, trèfle).
SUIT_LETTERS = {"en": {ch: i for i, ch in enumerate(SUITS)}, "fr": {ch: i for i, ch in enumerate("PCKT")}}


class Suit(NamedIntEnum):
    """Suits in the order of deal text: spades, hearts, diamonds, clubs."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def name_fr(self) -> str:
        return "PCKT"[self]

    @classmethod
    def _words(cls, lang: "notation.Language | None" = notation.EN) -> "dict[str, int]":
        return {**SUIT_LETTERS["fr" if lang is notation.FR else "en"], **SUIT_WORDS}

    @classmethod
    def _unknown(cls, text: object) -> Exception:
        letters = "P C K T" if notation.current() is notation.FR else "S H D C"
        return CardError(tr("unknown suit {text}: expected one of {letters} or ♠ ♥ ♦ ♣", text=quote(text),
                            letters=letters))


BY_LANGUAGE[Suit] = N_("suit")


class Rank(enum.IntEnum):
    """Ranks by face, low to high: 7 8 9 T J Q K A (not the order of play)."""

    R7 = 0
    R8 = 1
    R9 = 2
    T = 3
    J = 4
    Q = 5
    K = 6
    A = 7

    @property
    def char(self) -> str:
        return RANKS[self]

    def __str__(self) -> str:
        """The rank's letter, as in card names: ``str(Rank.T) == 'T'``, ``str(Rank.R7) == '7'``."""
        return RANKS[self]

    def __format__(self, spec: str) -> str:
        return format(RANKS[self], spec)

    @classmethod
    def parse(cls, text: str) -> "Rank":
        """A rank: English ``A K Q J T``, French ``R D V`` (roi, dame, valet), ``10``,
        ``9 8 7``; under the French setting ``K Q J T`` are not ranks (K and T are suits)."""
        r = _rank_index(str(text).strip().upper(), notation.current())
        if r is None:
            raise CardError(tr("unknown rank {text}: expected one of A K Q J T (or 10) 9 8 7",
                               text=quote(text)))
        return cls(r)


def card_of(suit: int, rank: int) -> int:
    """The card int of a suit and a rank."""
    return suit * 8 + rank


def suit_of(card: int) -> int:
    return card >> 3


def rank_of(card: int) -> int:
    return card & 7


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def lsb(mask: int) -> int:
    """Index of the lowest set bit of a non-zero mask."""
    return (mask & -mask).bit_length() - 1


def scan_forward(mask: int) -> Iterator[int]:
    """The set bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: Ranks by language: ``{"en": {"A": 7, ...}, "fr": {...}}``; ``10``, ``R D V`` in both.
_COMMON_RANKS = {"A": 7, "10": 3, "9": 2, "8": 1, "7": 0, "R": 6, "D": 5, "V": 4}
_RANKS_IN = {"en": {**_COMMON_RANKS, "K": 6, "Q": 5, "J": 4, "T": 3}, "fr": _COMMON_RANKS}


def _rank_index(text: str, lang: "notation.Language") -> "int | None":
    if lang is notation.AUTO:
        lang = notation.EN        # the ranks never collide: K Q J T are simply not French ranks
    return _RANKS_IN["fr" if lang is notation.FR else "en"].get(text)


#: The suit letters and symbols a card is read with, by language.
_CARD_SUITS = {lang: {**letters, **{ch: i for i, ch in enumerate(SUIT_SYMBOLS)}}
               for lang, letters in SUIT_LETTERS.items()}


def _card_readings(up: str, lang: "notation.Language") -> set[int]:
    """Every card ``up`` (upper case) reads as in ``lang``: a suit (letter, symbol) then a
    rank, or a rank then a suit."""
    suits = _CARD_SUITS["fr" if lang is notation.FR else "en"]
    out = set()
    for suit_text, rank_text in ((up[0], up[1:]), (up[-1], up[:-1])):
        s, r = suits.get(suit_text), _rank_index(rank_text, lang)
        if s is not None and r is not None:
            out.add(card_of(s, r))
    return out


class Card(NamedIntEnum):
    """One of the 32 cards; ``Card.SA`` is the ace of spades, ``Card.HT`` the ten of hearts."""

    S7 = 0; S8 = 1; S9 = 2; ST = 3; SJ = 4; SQ = 5; SK = 6; SA = 7  # noqa: E702
    H7 = 8; H8 = 9; H9 = 10; HT = 11; HJ = 12; HQ = 13; HK = 14; HA = 15  # noqa: E702
    D7 = 16; D8 = 17; D9 = 18; DT = 19; DJ = 20; DQ = 21; DK = 22; DA = 23  # noqa: E702
    C7 = 24; C8 = 25; C9 = 26; CT = 27; CJ = 28; CQ = 29; CK = 30; CA = 31  # noqa: E702

    @property
    def suit(self) -> Suit:
        return Suit(self >> 3)

    @property
    def rank(self) -> Rank:
        return Rank(self & 7)

    @property
    def symbol(self) -> str:
        """The card for people: ``A♠``, ``10♥``."""
        r = "10" if self.rank == Rank.T else self.rank.char
        return r + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.name!r})"

    @classmethod
    def parse(cls, text: "str | int | Card") -> "Card":
        """Read a card: ``SA``, ``HT``, ``H10``, ``ht``, ``10♥``, ``A♠``, ``♠A``.

        >>> Card.parse("d10") is Card.DT
        True
        """
        if isinstance(text, Card):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            if 0 <= text < 32:
                return cls(text)
            raise CardError(tr("card number {text} out of range 0..31", text=quote(text)))
        if not isinstance(text, str):
            raise CardError(tr("not a card: {text}", text=quote(text)))
        t = text.strip()
        if len(t) < 2 or len(t) > 3:
            raise CardError(tr("malformed card {text}: expected a suit and a rank, like SA, HT, H10, 10♥",
                               text=quote(text)))
        up = t.upper()
        lang = notation.current()
        if lang is notation.AUTO:
            return cls(_card_either(text, up))
        found = _card_readings(up, lang)
        if len(found) == 1:
            return cls(found.pop())
        if len(found) > 1:
            names = " or ".join(sorted(Card(c).symbol for c in found))
            raise CardError(tr("card {text} reads {names}: write the suit first, like SA", text=quote(text),
                               names=names))
        raise _card_error(text, up, lang)


def _card_either(text: str, up: str) -> int:
    """Under :data:`~solver.notation.AUTO`: the English reading of a card, refused when the
    French one differs or when only French reads it."""
    en, fr = _card_readings(up, notation.EN), _card_readings(up, notation.FR)
    if len(en) == 1 and fr and fr != en:
        raise CardError(notation.ambiguity(N_("card"), text, Card(en.pop()).symbol, Card(min(fr)).symbol))
    if not en and len(fr) == 1:
        raise CardError(notation.french_only(N_("card"), text, Card(fr.pop()).symbol))
    if len(en) == 1:
        return en.pop()
    if len(en) > 1:
        raise CardError(tr("card {text} reads {names}: write the suit first, like SA", text=quote(text),
                           names=" or ".join(sorted(Card(c).symbol for c in en))))
    raise _card_error(text, up, notation.EN)


def _card_error(text: str, up: str, lang: "notation.Language") -> CardError:
    if lang is notation.FR:
        english = _card_readings(up, notation.EN)
        if len(english) == 1:
            return CardError(notation.english_only(N_("card"), text, Card(english.pop()).symbol))
    letters = "P C K T" if lang is notation.FR else "S H D C"
    suits = set(SUIT_LETTERS["fr" if lang is notation.FR else "en"]) | set(SUIT_SYMBOLS)
    if up[0] not in suits and up[-1] not in suits:
        return CardError(tr("unknown suit in card {text}: expected one of {letters} or ♠ ♥ ♦ ♣",
                            text=quote(text), letters=letters))
    ranks = "A R D V 10 9 8 7" if lang is notation.FR else "A K Q J T (or 10) 9 8 7"
    return CardError(tr("unknown rank in card {text}: expected one of {ranks}", text=quote(text), ranks=ranks))


_CARD_OF: tuple[Card, ...] = tuple(Card)     # Card(i) without the enum lookup
_RANK_INDEX = {**{ch: r for r, ch in enumerate(RANKS)}, "R": 6, "D": 5, "V": 4}   # hands read R D V too
#: One suit's cards (an 8-bit lane) as PBN text, highest first; "-" for none.
_LANE_PBN = tuple("".join(RANKS[r] for r in range(7, -1, -1) if lane >> r & 1) or "-" for lane in range(256))


class Seat(NamedIntEnum):
    """Seats in the order of play: E plays after N."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def team(self) -> "Team":
        return _TEAM_OF[self]

    @property
    def next(self) -> "Seat":
        return _SEATS[(self + 1) & 3]

    @property
    def partner(self) -> "Seat":
        return _SEATS[(self + 2) & 3]

    @classmethod
    def _words(cls, lang: "notation.Language | None" = None) -> "dict[str, int]":
        return {"N": 0, "NORTH": 0, "E": 1, "EAST": 1, "S": 2, "SOUTH": 2, "W": 3, "WEST": 3,
                "NORD": 0, "EST": 1, "SUD": 2, "O": 3, "OUEST": 3}

    @classmethod
    def _unknown(cls, text: object) -> Exception:
        return SeatError(tr("unknown seat {text}: expected one of N E S W", text=quote(text)))


class Team(NamedIntEnum):
    """The two sides: N-S and E-W."""

    NS = 0
    EW = 1

    @property
    def other(self) -> "Team":
        return _TEAMS[self ^ 1]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return _SEATS_OF[self]

    @classmethod
    def parse(cls, text: "str | int | Team | Seat") -> Team:
        """A side from itself, a seat of it, its number or its name (``NS``, ``N-S``, ``E/W``,
        ``EO``...)."""
        return text.team if isinstance(text, Seat) else super().parse(text)

    @classmethod
    def _words(cls, lang: "notation.Language | None" = None) -> "dict[str, int]":
        pairs = {("N", "S"): 0, ("E", "W"): 1, ("E", "O"): 1}
        return {a + sep + b: v for (x, y), v in pairs.items() for a, b in ((x, y), (y, x))
                for sep in ("", "-", "/")}

    @classmethod
    def _unknown(cls, text: object) -> Exception:
        return SeatError(tr("unknown side {text}: expected NS or EW", text=quote(text)))


# Enum calls are slow; the properties above read these instead.
_SEATS = tuple(Seat)
_TEAMS = tuple(Team)
_TEAM_OF = (Team.NS, Team.EW, Team.NS, Team.EW)
_SEATS_OF = ((Seat.N, Seat.S), (Seat.E, Seat.W))


class Immutable:
    """A value that never changes once made: assigning raises, and a copy is the value itself."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self


class CardSet(Immutable):
    """An immutable set of cards over a 32-bit mask (one 8-bit lane per suit).

    >>> s = CardSet([Card.SA, Card.HT])
    >>> s
    CardSet.from_pbn('A.T.-.-')
    >>> [str(c) for c in s]
    ['SA', 'HT']
    >>> int(s | CardSet([Card.C7])) == (1 << 7) | (1 << 11) | (1 << 24)
    True
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: "Iterable[int | str] | int | str | CardSet" = 0) -> None:
        """``cards``: a mask (bit i = card i), cards (:class:`Card`, ints, card text), or
        text: a hand as :meth:`from_pbn` reads it, or cards separated by spaces or commas.

        >>> CardSet("SA HT") == CardSet("A.T.-.-") == CardSet([Card.SA, 11])
        True
        """
        if isinstance(cards, CardSet):
            mask = cards.mask
        elif isinstance(cards, int) and not isinstance(cards, bool):
            if cards < 0 or cards > FULL_MASK:
                raise CardError(tr("card mask {cards!r} out of range 0..0xFFFFFFFF", cards=cards))
            mask = cards
        elif isinstance(cards, str):
            # a hand (spades.hearts.diamonds.clubs) or cards: "SA HT", "SA,HT"
            words = cards.replace(",", " ").split()
            mask = CardSet.from_pbn(cards).mask if "." in cards else CardSet(words).mask
        elif isinstance(cards, (bool, bytes, bytearray)) or not isinstance(cards, Iterable):
            raise CardError(tr("not a set of cards: {cards}: expected cards, card text or a mask",
                               cards=quote(cards)))
        else:
            mask = 0
            for c in cards:
                mask |= 1 << int(Card.parse(c))
        object.__setattr__(self, "mask", mask)

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        """Pickled as its mask (a set sent to a worker process is one int).

        >>> import pickle; pickle.loads(pickle.dumps(CardSet("SA HT"))) == CardSet("SA HT")
        True
        """
        return (CardSet, (self.mask,))

    @classmethod
    def from_pbn(cls, text: str) -> "CardSet":
        """Read one hand: ``spades.hearts.diamonds.clubs`` with ``-`` or nothing for a void."""

        if not isinstance(text, str):
            raise DealError(tr("not a hand: {text}", text=quote(text)))
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise DealError(tr("malformed hand {text}: expected four suits spades.hearts.diamonds.clubs "
                               "separated by dots, like 'AK.K8.-.A8'", text=quote(text)))
        mask = 0
        for suit, part in enumerate(parts):
            p = part.strip().upper().replace("10", "T")
            if p in ("-", ""):
                continue
            for ch in p:
                if ch not in _RANK_INDEX:
                    raise CardError(tr("unknown rank {rank} in hand {text}: expected ranks from AKQJT987",
                                       rank=repr(ch), text=quote(text)))
                bit = 1 << (8 * suit + _RANK_INDEX[ch])
                if mask & bit:
                    raise DealError(tr("card {card} appears twice in hand {text}",
                                       card=_CARD_OF[bit.bit_length() - 1].name, text=quote(text)))
                mask |= bit
        return cls(mask)

    def to_pbn(self) -> str:
        m = self.mask
        return ".".join(_LANE_PBN[(m >> (8 * suit)) & 0xFF] for suit in range(4))

    def symbols(self) -> str:
        """The hand for people: ``♠ AK ♥ K8 ♦ — ♣ A8`` with 10 written out."""
        out = []
        for suit in range(4):
            lane = (self.mask >> (8 * suit)) & 0xFF
            s = " ".join(("10" if r == 3 else RANKS[r]) for r in range(7, -1, -1) if lane >> r & 1)
            out.append(f"{SUIT_SYMBOLS[suit]} {s or '—'}")
        return "  ".join(out)

    def suit(self, suit: int) -> "CardSet":
        return CardSet(self.mask & SUIT_MASKS[suit])

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __iter__(self) -> Iterator[Card]:
        return (_CARD_OF[i] for i in scan_forward(self.mask))

    def __len__(self) -> int:
        return popcount(self.mask)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        try:
            c = Card.parse(card)  # type: ignore[arg-type]
        except CardError:
            return False
        return bool(self.mask >> c & 1)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        if isinstance(other, (set, frozenset)):
            return self == CardSet(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: "CardSet | Iterable[int | str]") -> "CardSet":
        return CardSet(self.mask | CardSet(other).mask)

    def __and__(self, other: "CardSet | Iterable[int | str]") -> "CardSet":
        return CardSet(self.mask & CardSet(other).mask)

    def __sub__(self, other: "CardSet | Iterable[int | str]") -> "CardSet":
        return CardSet(self.mask & ~CardSet(other).mask)

    def __le__(self, other: "CardSet") -> bool:
        return self.mask & ~CardSet(other).mask == 0

    def __repr__(self) -> str:
        return f"CardSet.from_pbn({self.to_pbn()!r})"

    def __str__(self) -> str:
        return self.to_pbn()
