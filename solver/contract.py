"""Contracts: a bid (level and strain), the seat that bid it, and its coinche state.

Levels are the points bid, 80 to 160 by 10 (up to 240 with ``Rules.max_level``,
where announcements count), or the two slam bids :data:`CAPOT`
(all 8 tricks for the side) and :data:`GENERALE` (all 8 tricks for the declarer
alone; only with ``Rules(generale=True)``, checked when scoring).  Their values
are the numbers the seeds give them (capot "with a value of 250 points", seed 001;
générale 500), so they sort above every numbered bid.

>>> c = Contract.parse("100♥", declarer="S", coinche="coinche")
>>> c
Contract.parse('100♥ S X')
>>> str(c), c.to_text(), c.team, c.target, c.multiplier(Rules())
('100♥ S X', '100H', <Team.NS: 0>, 100, 2)
>>> Contract.parse("80 SA").target          # a bid of 80 needs 82 (seed 000)
82
>>> Contract.parse("capot S").is_capot, Contract.parse("capotH").target is None
(True, True)
>>> Contract.parse("110NT").strain is Strain.SA
True
>>> Contract.parse("85H")
Traceback (most recent call last):
...
solver.errors.ContractError: bid level 85 in '85H': expected 80 to 240 by 10, capot or générale
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re

from .cards import Seat, Team
from .errors import ContractError, SeatError, StrainError, quote
from .messages import N_, tr
from .rules import MAX_NUMBERED_BID, STRAINS, Rules, Strain

__all__ = ["CAPOT", "GENERALE", "LEVELS", "BID_LEVELS", "bid_levels", "bid_strains", "Coinche", "Contract",
           "bid_key", "bid_text", "level_json", "level_points", "level_text", "may_coinche", "opening_leader", "parse_level",
           "points_needed"]

#: The level of a capot bid (the side takes all 8 tricks).
CAPOT = 250
#: The level of a générale bid (the declarer alone takes all 8 tricks).
GENERALE = 500
#: The numbered bid levels of the default rules, 80 to 160 by 10, lowest first.
BID_LEVELS = tuple(range(80, 161, 10))
#: Every level a bid may name under some rules, lowest first.
LEVELS = tuple(range(80, MAX_NUMBERED_BID + 1, 10)) + (CAPOT, GENERALE)
def _level_words() -> str:
    """The bid levels, said in the output language."""
    return tr("{low} to {high} by 10, capot or générale", low=80, high=MAX_NUMBERED_BID)


def bid_levels(rules: Rules = Rules()) -> tuple[int, ...]:
    """The numbered bid levels of ``rules``: 80 to ``rules.max_level`` by 10.

    >>> bid_levels() == BID_LEVELS, bid_levels(Rules(max_level=180))[-2:]
    (True, (170, 180))
    """
    return BID_LEVELS if rules.max_level == 160 else tuple(range(80, rules.max_level + 1, 10))


def bid_strains(rules: Rules = Rules()) -> tuple[Strain, ...]:
    """The strains a bid may name: all six, or the four suits when ``rules.sa_ta`` is off
    (seed 000's basic game; its variants add "the no trump (sans atout) bid" and "all
    trump (tout atout)").

    >>> [s.name for s in bid_strains(Rules(sa_ta=False))]
    ['S', 'H', 'D', 'C']
    """
    return STRAINS if rules.sa_ta else STRAINS[:4]


def points_needed(level: int, rules: Rules = Rules()) -> "int | None":
    """The points a bid of ``level`` needs to make (card points, belote and counted
    announcements): the level itself, except 82 for a bid of 80 (seed 000: "at least
    82 if they bid 80"), or as ``rules.plus_two`` says; ``None`` for capot and
    générale, which need every trick.

    >>> points_needed(80), points_needed(90), points_needed(CAPOT)
    (82, 90, None)
    >>> points_needed(80, Rules(plus_two="none")), points_needed(110, Rules(plus_two="all"))
    (80, 112)
    """
    if level in (CAPOT, GENERALE):
        return None
    extra = rules.plus_two
    return level + 2 if extra == "all" or (extra == "80" and level == 80) else level


def level_points(level: int, rules: Rules = Rules()) -> int:
    """The points a numbered bid of ``level`` needs (:func:`points_needed`), for a level
    known to be numbered: a capot or générale bid is a :class:`ContractError`."""
    need = points_needed(level, rules)
    if need is None:
        raise ContractError(tr("bid level {level}: a capot bid needs every trick, not a number of points",
                               level=level))
    return need


def may_coinche(level: int, rules: "Rules | bool" = Rules()) -> bool:
    """Whether a bid of ``level`` may be coinched (and surcoinched): every numbered bid;
    a capot or générale only with ``rules.capot_coinche`` (seed 000: "A capot bid ends
    the bidding and cannot be doubled"; "Some allow a capot bid to be doubled and
    redoubled").  ``rules`` may be that one rule's value.  The one place that decides
    it: contracts, the auction, scoring and advice ask here.

    >>> may_coinche(160), may_coinche(CAPOT), may_coinche(CAPOT, Rules(capot_coinche=True))
    (True, False, True)
    """
    allowed = rules if isinstance(rules, bool) else rules.capot_coinche
    return level not in (CAPOT, GENERALE) or allowed


def opening_leader(contract: "Contract | None", dealer: Seat, rules: Rules = Rules()) -> Seat:
    """Who leads the first trick: the seat after the dealer (seed 000: "The player to
    dealer's right leads"), or with ``rules.generale_leads`` the declarer of a générale
    (seed 000: "The bidder of a générale may have the right to lead to the first trick").

    >>> g = Contract(GENERALE, "S", "W")
    >>> opening_leader(g, Seat.N), opening_leader(g, Seat.N, Rules(generale=True, generale_leads=True))
    (<Seat.E: 1>, <Seat.W: 3>)
    """
    if contract is not None and rules.generale_leads and contract.level == GENERALE:
        return contract.declarer
    return Seat.parse(dealer).next


def level_text(level: int) -> str:
    """A bid's level for people: ``100``, ``capot``, ``générale``.

    >>> level_text(100), level_text(CAPOT), level_text(GENERALE)
    ('100', 'capot', 'générale')
    """
    return "capot" if level == CAPOT else "générale" if level == GENERALE else str(level)


def bid_text(level: int, strain: Strain, symbols: bool = True) -> str:
    """A bid for people: ``100♥``, ``capot ♠``, ``80SA``, or with ``symbols=False``
    the strain's letters (``100H``, ``capot S``).

    >>> bid_text(100, Strain.H), bid_text(CAPOT, Strain.S, symbols=False), bid_text(GENERALE, Strain.TA)
    ('100♥', 'capot S', 'générale TA')
    """
    s = strain.symbol if symbols else strain.name
    return f"{level_text(level)} {s}" if level in (CAPOT, GENERALE) else f"{level}{s}"

# Auction order of the strains with ``Rules.suit_ranking`` (seed 000):
# clubs < diamonds < hearts < spades < sans atout < tout atout.
_STRAIN_RANK = {Strain.C: 0, Strain.D: 1, Strain.H: 2, Strain.S: 3, Strain.SA: 4, Strain.TA: 5}


class Coinche(enum.IntEnum):
    """The doubling state of a contract: none, coinché (×2), surcoinché (×4 or ×3)."""

    NONE = 0
    COINCHE = 1
    SURCOINCHE = 2

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, value: "Coinche | int | bool | str | None") -> "Coinche":
        """``NONE``/``COINCHE``/``SURCOINCHE``, 0/1/2, ``""``/``"X"``/``"XX"``, French words.

        >>> Coinche.parse("xx"), Coinche.parse("contré"), Coinche.parse(None)
        (<Coinche.SURCOINCHE: 2>, <Coinche.COINCHE: 1>, <Coinche.NONE: 0>)
        """
        if isinstance(value, Coinche):
            return value
        if value is None or value is False:
            return cls.NONE
        if value is True:
            return cls.COINCHE
        if isinstance(value, int):
            if 0 <= value <= 2:
                return cls(value)
            raise ContractError(tr("coinche state {value!r}: expected 0 (none), 1 (coinche) or 2 (surcoinche)",
                                   value=value))
        t = str(value).strip().upper().replace("É", "E").replace("-", "")
        names = {"": 0, "NONE": 0, "PASS": 0, "X": 1, "COINCHE": 1, "COINCHEE": 1, "CONTRE": 1,
                 "DOUBLE": 1, "XX": 2, "SURCOINCHE": 2, "SURCOINCHEE": 2, "SURCONTRE": 2,
                 "REDOUBLE": 2}
        if t in names:
            return cls(names[t])
        raise ContractError(tr("unknown coinche state {value!r}: expected none, coinche (X) or surcoinche (XX)",
                               value=value))


def level_json(level: "int | None") -> "int | str | None":
    """A bid level in JSON: the number of points, or the word for a capot or a générale
    (the strain goes in a key of its own).

    >>> level_json(100), level_json(CAPOT), level_json(GENERALE), level_json(None)
    (100, 'capot', 'generale', None)
    """
    return {CAPOT: "capot", GENERALE: "generale"}.get(level, level) if level is not None else None


def parse_level(text: "str | int") -> int:
    """A bid level: ``80``..``160`` by 10, ``capot`` (250) or ``générale`` (500).

    >>> parse_level("120"), parse_level("Capot"), parse_level("generale")
    (120, 250, 500)
    """
    if isinstance(text, int) and not isinstance(text, bool):
        level = text
    else:
        t = str(text).strip().lower()
        if t == "capot":
            return CAPOT
        if t in ("générale", "generale"):
            return GENERALE
        if not (t.isascii() and t.isdigit() and len(t) <= 4):
            raise ContractError(tr("unknown bid level {text}: expected {levels}", text=quote(text),
                                   levels=_level_words()))
        level = int(t)
    if level not in LEVELS:
        raise ContractError(tr("bid level {level}: expected {levels}", level=repr(level), levels=_level_words()))
    return level


_BID_RE = re.compile(
    r"^\s*(?P<level>\d+|capot|g[ée]n[ée]rale)\s*"
    r"(?P<strain>sans[ -]atout|tout[ -]atout|pique|c(?:oe|œ)ur|carreau|tr[eè]fle|spades|hearts|diamonds|"
    r"clubs|sa|ta|nt|at|[shdcpkt♠♥♦♣])"
    r"(?:\s*(?P<x0>xx|x))?"
    r"(?:\s+(?P<seat>[neswo]))?"
    r"(?:\s+(?P<x>xx|x))?\s*$",
    re.IGNORECASE,
)


@dataclasses.dataclass(frozen=True)
class Contract:
    """A contract: ``level`` (80..240 by 10, :data:`CAPOT`, :data:`GENERALE`; the rules
    say which numbered levels may be bid, :func:`bid_levels`), ``strain``,
    ``declarer`` (the seat that bid it) and ``coinche``.

    Strings are accepted for the fields and converted (``Contract(100, "H", "S")``).
    A capot or générale bid cannot be coinched or surcoinched: it ends the auction
    (seed 000, and :func:`solver.par.par` plays it so), so such a contract raises
    :class:`ContractError`, unless made with ``capot_coinche=True`` (the variant
    ``Rules.capot_coinche``, seed 000: "Some allow a capot bid to be doubled and
    redoubled").

    >>> Contract(100, "H", "S") == Contract.parse("100H", declarer="S")
    True
    >>> Contract(120, "C", "E", Coinche.SURCOINCHE).multiplier(Rules(surcoinche=3))
    3
    >>> Contract("capot", "C", "N", Coinche.COINCHE)
    Traceback (most recent call last):
    ...
    solver.errors.ContractError: bid 'capot C' coinched: a capot bid cannot be coinched or
    surcoinched (it ends the auction; the rule capot_coinche=true allows it)
    >>> Contract("capot", "C", "N", Coinche.COINCHE, capot_coinche=True).coinche
    <Coinche.COINCHE: 1>
    """

    level: int
    strain: Strain
    declarer: Seat = Seat.N
    coinche: Coinche = Coinche.NONE
    capot_coinche: dataclasses.InitVar[bool] = False

    def __post_init__(self, capot_coinche: bool = False) -> None:
        object.__setattr__(self, "level", parse_level(self.level))
        try:
            object.__setattr__(self, "strain", Strain.parse(self.strain))
            object.__setattr__(self, "declarer", Seat.parse(self.declarer))
        except (StrainError, SeatError) as e:
            raise ContractError(str(e)) from None
        object.__setattr__(self, "coinche", Coinche.parse(self.coinche))
        if self.coinche != Coinche.NONE and not may_coinche(self.level, capot_coinche):
            bid = f"{level_text(self.level)} {self.strain.name}"
            raise _coinched_capot(bid, self.level, self.coinche)

    # -- properties ------------------------------------------------------------
    @property
    def team(self) -> Team:
        """The bidding side (the declarer's team)."""
        return self.declarer.team

    @property
    def is_capot(self) -> bool:
        """A capot or générale bid: the contract is to take every trick."""
        return self.level in (CAPOT, GENERALE)

    @property
    def is_generale(self) -> bool:
        return self.level == GENERALE

    @property
    def target(self) -> "int | None":
        """Card points the bidders need: 82 for a bid of 80 (seed 000), else the level;
        ``None`` for capot and générale, which need every trick instead."""
        return points_needed(self.level)

    def needs(self, rules: Rules = Rules()) -> "int | None":
        """:func:`points_needed` for this contract's level under ``rules``."""
        return points_needed(self.level, rules)

    def multiplier(self, rules: Rules = Rules()) -> int:
        """1, 2 when coinché, ``rules.surcoinche`` (4, or 3) when surcoinché."""
        return (1, 2, rules.surcoinche)[self.coinche]

    def key(self, rules: Rules = Rules()) -> "int | tuple[int, int]":
        """This bid's place in the auction order, see :func:`bid_key`."""
        return bid_key(self.level, self.strain, rules)

    # -- text ------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, declarer: "Seat | str | None" = None,
              coinche: "Coinche | int | str | None" = None, *, capot_coinche: bool = False,
              need_declarer: bool = False) -> "Contract":
        """Read ``100H``, ``100 H``, ``100♥``, ``capot S``, ``capotH``, ``80SA``, ``90TA``,
        ``110NT``; optionally followed by the declarer's seat and ``X``/``XX``
        (``100♥ S X``, what ``str`` writes), the ``X``/``XX`` also right after the strain
        (``100HX``, a record file's ``[Contract]``; ``100HX E``).  A seat or coinche given
        both in the text and as an argument must agree.  Without a seat the declarer is N,
        unless ``need_declarer``: then a bid naming no declarer (in the text or as
        ``declarer``) is a :class:`ContractError`.

        In ``capot S`` the letter is the strain (spades); a seat can only follow a strain.

        >>> Contract.parse("100HX", declarer="E"), Contract.parse("80SAXX W")
        (Contract.parse('100♥ E X'), Contract.parse('80SA W XX'))
        >>> Contract.parse("100C", need_declarer=True)
        Traceback (most recent call last):
        ...
        solver.errors.ContractError: contract '100C': name its declarer too, like '100C N'
        """
        if not isinstance(text, str):
            raise ContractError(tr("not a bid: {text!r}", text=text))
        m = _BID_RE.match(text)
        if m and m.group("x0") and m.group("x"):
            m = None                    # X or XX given twice
        if not m:
            lead = re.match(r"^\s*(\d+)", text)
            if lead and int(lead.group(1)) not in LEVELS:
                raise ContractError(tr("bid level {level} in {text}: expected {levels}", level=int(lead.group(1)),
                                       text=repr(text), levels=_level_words()))
            raise ContractError(tr("malformed bid {text}: expected a level and a strain, like 100H, 100 ♥, 80SA, capot S",
                                   text=repr(text)))
        try:
            level = parse_level(m.group("level"))
        except ContractError:
            raise ContractError(tr("bid level {level} in {text}: expected {levels}", level=m.group("level"),
                                   text=repr(text), levels=_level_words())) from None
        strain = Strain.parse(m.group("strain"))
        seat = Seat.parse(m.group("seat")) if m.group("seat") else None
        if declarer is not None:
            try:
                d = Seat.parse(declarer)
            except SeatError as e:
                raise ContractError(str(e)) from None
            if seat is not None and seat != d:
                raise ContractError(tr("bid {text!r} names declarer {seat}, not {declarer}", text=text,
                                       seat=seat.name, declarer=d.name))
            seat = d
        if seat is None and need_declarer:
            raise ContractError(tr("contract {contract!r}: name its declarer too, like '{contract} N'",
                                   contract=text))
        said = m.group("x0") or m.group("x")
        x = Coinche.parse(said) if said else None
        if coinche is not None:
            cx = Coinche.parse(coinche)
            if x is not None and x != cx:
                raise ContractError(tr("bid {text!r} is {state}, not {given}", text=text,
                                       state=tr(_STATE_WORDS[x]), given=tr(_STATE_WORDS[cx])))
            x = cx
        if x and not may_coinche(level, capot_coinche):
            raise _coinched_capot(text, level, x)
        return cls(level, strain, seat if seat is not None else Seat.N, x or Coinche.NONE, capot_coinche)

    def to_text(self) -> str:
        """Level and strain for machines: ``100H``, ``80SA``, ``capotS``."""
        level = "generale" if self.level == GENERALE else level_text(self.level)
        return f"{level}{self.strain.name}"

    def __str__(self) -> str:
        x = ("", " X", " XX")[self.coinche]
        return f"{bid_text(self.level, self.strain)} {self.declarer.name}{x}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


#: The coinche states for people, in the order of :class:`Coinche`.
_STATE_WORDS = (N_("none"), N_("coinche"), N_("surcoinche"))


def _coinched_capot(bid: str, level: int, coinche: Coinche) -> ContractError:
    """The error for a capot or générale bid given a coinche state (seed 000: "A capot
    bid ends the bidding and cannot be doubled")."""
    word = "générale" if level == GENERALE else "capot"
    state = tr("coinched") if coinche == Coinche.COINCHE else tr("surcoinched")
    return ContractError(tr("bid {bid!r} {state}: a {word} bid cannot be coinched or surcoinched "
                            "(it ends the auction; the rule capot_coinche=true allows it)",
                            bid=bid, state=state, word=word))


@functools.lru_cache(maxsize=4096)
def cached_contract(level: int, strain: Strain, declarer: Seat, coinche: "Coinche | int",
                    capot_coinche: bool = False) -> Contract:
    """``Contract(level, strain, declarer, coinche)``, made once per arguments: contracts
    are immutable, and par and the bidding advice score the same few thousands of times.

    >>> cached_contract(100, Strain.H, Seat.S, 0) is cached_contract(100, Strain.H, Seat.S, 0)
    True
    """
    return Contract(level, strain, declarer, Coinche(coinche), capot_coinche)


def bid_key(level: "int | str", strain: Strain,
            rules: Rules = Rules()) -> tuple[int, int]:
    """A sortable key for the auction order: a higher key overcalls a lower one.

    By default only the level counts: ``(level, 0)``.  With ``rules.suit_ranking``
    (seed 000) it is ``(level, strain rank)`` with clubs < diamonds < hearts < spades
    < SA < TA, so an equal level in a higher strain overcalls.  Compare keys made
    under the same rules only.

    >>> bid_key(100, Strain.C) == bid_key(100, Strain.TA)
    True
    >>> ranked = Rules(suit_ranking=True)
    >>> bid_key(100, Strain.C, ranked) > bid_key(90, Strain.SA, ranked) > bid_key(90, Strain.H, ranked)
    True
    >>> bid_key("capot", Strain.C, ranked) > bid_key(160, Strain.TA, ranked)
    True
    """
    lv = parse_level(level)
    if not rules.suit_ranking:
        return (lv, 0)
    return (lv, _STRAIN_RANK[strain])
