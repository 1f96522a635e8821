"""Bidding systems: what each call of an auction shows about the caller's hand.

A :class:`BiddingSystem` is a list of :class:`Rule`: in a situation (the auction before
the call), for calls of some strains and levels, the call shows a :class:`Shows` — a
conjunction of conditions on the caller's hand, stated relative to the call's trumps:
honours held (``J``, ``9``, ``A``, ``10``, ``K``, ``Q`` of trumps, ``aces``,
``jacks``), a trump length, a number of "raise values".  The first rule that fits a
call gives its meaning; a bid above every level the rules of its situation and strain
name (a capot) shows what the highest of them shows; a call no rule fits shows nothing,
and says so.

The situations: ``open`` (no bid yet), ``overcall`` (the standing bid is an
opponent's), ``raise`` (a strain partner bid: each step of 10 shows one more raise
value — an ace, the J or the 9 of trumps, the belote), ``new_suit`` (partner's bid,
another strain), ``pass_open`` (a pass before any bid: the hand shows none of the
``open`` meanings of the cheapest bid in any strain), ``coinche`` and ``surcoinche``.

:data:`DEFAULT` is the default system (docs/advice.md shows it as a table); a TOML or
JSON file of the same shape (:func:`load_system`) replaces it.

>>> from solver.auction import Auction
>>> a = Auction.parse("E:pass S:80H W:90S N:pass", dealer="N")
>>> [DEFAULT.meaning(a, i).describe() for i in range(4)]
['no opening: no suit with its J or 9 and 3 cards', 'the J or the 9 of ♥, at least 3 ♥', \
'the J or the 9 of ♠, at least 3 ♠', 'nothing (no rule of the system fits)']
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Mapping, Optional

from .notation import Language
from .messages import french_cards, output_language, tr
from .auction import Auction, Call, CallKind
from .cards import Rank
from .errors import CoincheError, quote
from .rules import Strain

__all__ = ["SystemError_", "Shows", "Rule", "BiddingSystem", "Meaning", "DEFAULT", "load_system",
           "SITUATIONS"]

SITUATIONS = ("open", "overcall", "raise", "new_suit", "pass_open", "coinche", "surcoinche")
_HONOURS = {"J": Rank.J, "9": Rank.R9, "A": Rank.A, "10": Rank.T, "K": Rank.K, "Q": Rank.Q}


class SystemError_(CoincheError):
    """A bidding system that cannot be read."""


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _suit_mask(suit: int) -> int:
    return 0xFF << (8 * suit)


def _rank_mask(rank: int) -> int:
    return sum(1 << (8 * s + rank) for s in range(4))


def _trump_suits(strain: Strain) -> tuple[int, ...]:
    return (0, 1, 2, 3) if strain == Strain.TA else (() if strain == Strain.SA else (int(strain),))


@dataclasses.dataclass(frozen=True)
class Shows:
    """Conditions on a hand, relative to the trumps of the call they describe.

    - ``honours`` and ``at_least``: at least that many of these trump honours (``J 9 A
      10 K Q``) are held; ``aces`` and ``jacks``: at least that many aces / jacks in all;
    - ``trumps``: at least that many trumps;
    - ``values``: at least that many raise values (each ace, the J and the 9 of trumps,
      the belote K+Q of trumps), or ``"steps"``: one a step of 10 over partner's bid.
    """

    honours: tuple[str, ...] = ()
    at_least: int = 0
    trumps: int = 0
    aces: int = 0
    jacks: int = 0
    values: "int | str" = 0

    def resolve(self, strain: Strain, steps: int = 0) -> "Meaning":
        suits = _trump_suits(strain)
        honours = sum(1 << (8 * s + _HONOURS[h]) for s in suits for h in self.honours)
        values = steps if self.values == "steps" else int(self.values)
        return Meaning(strain, honours, min(self.at_least, len(self.honours) * max(1, len(suits))),
                       self.trumps if suits and len(suits) == 1 else 0, self.aces, self.jacks, values, self)

    def to_dict(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in dataclasses.asdict(self).items()
                if v not in ((), 0)}


@dataclasses.dataclass(frozen=True)
class Meaning:
    """What one call shows, as a test of a hand (card mask) and in words."""

    strain: Optional[Strain]
    honours: int = 0
    at_least: int = 0
    trumps: int = 0
    aces: int = 0
    jacks: int = 0
    values: int = 0
    shows: Optional[Shows] = None
    denies: tuple["Meaning", ...] = ()

    @property
    def nothing(self) -> bool:
        return self.shows is None and not self.denies

    def accepts(self, hand: int) -> bool:
        """Whether a hand (card mask) could make the call."""
        if self.denies:
            return not any(m.accepts(hand) for m in self.denies)
        if _count(hand & self.honours) < self.at_least or _count(hand & _rank_mask(Rank.A)) < self.aces:
            return False
        if _count(hand & _rank_mask(Rank.J)) < self.jacks:
            return False
        if self.trumps and _count(hand & _suit_mask(int(self.strain))) < self.trumps:   # type: ignore[arg-type]
            return False
        return self.values <= 0 or _raise_values(hand, self.strain) >= self.values   # type: ignore[arg-type]

    def required(self) -> int:
        """The cards every hand making the call holds (all the honours, when all are shown)."""
        return self.honours if self.at_least and self.at_least == _count(self.honours) else 0

    def describe(self) -> str:
        if self.denies:
            return tr("no opening: no suit with its J or 9 and 3 cards")
        if self.shows is None:
            return tr("nothing (no rule of the system fits)")
        parts = []
        sym = self.strain.symbol if self.strain is not None else ""
        names = [french_cards(h + "♠")[:-1] if output_language() is Language.FR else h
                 for h in dict.fromkeys(self.shows.honours)]
        if names and self.strain is not None and self.strain < 4:
            if self.at_least >= len(names) and len(names) > 1:
                parts.append(tr("{names} of {suit}", names=" ".join(names), suit=sym))
            elif self.at_least >= len(names):
                parts.append(tr("the {name} of {suit}", name=names[0], suit=sym))
            else:
                parts.append(tr("the {names} of {suit}", names=tr(" or the ").join(names), suit=sym))
        if self.trumps:
            parts.append(tr("at least {n} {suit}", n=self.trumps, suit=sym))
        if self.aces:
            parts.append(tr("at least {n} aces", n=self.aces))
        if self.jacks:
            parts.append(tr("at least {n} jacks", n=self.jacks))
        if self.values == 1:
            parts.append(tr("at least 1 raise value (an ace, the J or 9 of trumps, belote)"))
        elif self.values:
            parts.append(tr("at least {n} raise values (aces, J or 9 of trumps, belote)", n=self.values))
        return ", ".join(parts) or tr("nothing")


def _raise_values(hand: int, strain: Strain) -> int:
    n = _count(hand & _rank_mask(Rank.A))
    for s in _trump_suits(strain):
        n += (hand >> (8 * s + Rank.J)) & 1
        n += (hand >> (8 * s + Rank.R9)) & 1
        n += ((hand >> (8 * s + Rank.K)) & (hand >> (8 * s + Rank.Q))) & 1
    return n


@dataclasses.dataclass(frozen=True)
class Rule:
    """In ``situation``, calls of ``strains`` (``suits``, ``SA``, ``TA`` or ``any``) at
    levels ``low`` to ``high`` show ``shows``."""

    situation: str
    shows: Shows
    strains: str = "any"
    low: int = 80
    high: int = 500

    def fits(self, situation: str, call: Call) -> bool:
        if situation != self.situation:
            return False
        if call.kind != CallKind.BID:
            return True
        s = call.strain
        kind = "suits" if s is not None and s < 4 else (s.name if s is not None else "any")
        return self.strains in ("any", kind) and self.low <= (call.level or 0) <= self.high

    def to_dict(self) -> dict[str, Any]:
        return {"situation": self.situation, "strains": self.strains, "levels": [self.low, self.high],
                "shows": self.shows.to_dict()}


def _situation(before: Auction, call: Call) -> str:
    state = before.state()
    if call.kind == CallKind.COINCHE:
        return "coinche"
    if call.kind == CallKind.SURCOINCHE:
        return "surcoinche"
    bid = state.bid
    if call.kind == CallKind.PASS:
        return "pass_open" if bid is None else "pass"
    if bid is None:
        return "open"
    if _partners_bid(before, call) is not None:
        return "raise"
    return "overcall" if bid.seat.team != call.seat.team else "new_suit"


def _partners_bid(before: Auction, call: Call) -> Optional[Call]:
    """Partner's last bid in the strain of ``call``, if partner bid it."""
    bids = [c for c in before.calls if c.kind == CallKind.BID and c.seat == call.seat.partner
            and c.strain == call.strain]
    return bids[-1] if bids else None


@dataclasses.dataclass(frozen=True)
class BiddingSystem:
    """Rules, tried in order (see the module)."""

    name: str
    rules: tuple[Rule, ...]

    @property
    def title(self) -> str:
        """The name for people: the default system's in the output language.

        >>> DEFAULT.title, BiddingSystem("mine", ()).title
        ('default', 'mine')
        """
        return tr("default") if self.name == "default" else self.name

    def meaning(self, auction: Auction, index: int) -> Meaning:
        """What call ``index`` (0-based) of ``auction`` shows."""
        call = auction.calls[index]
        before = auction.before(index)
        situation = _situation(before, call)
        if situation == "pass_open":
            return self._denial(before, call)
        rule = next((r for r in self.rules if r.fits(situation, call)), None)
        level = call.level or 0
        if rule is None:
            rule = self._above(situation, call)
            if rule is not None:
                level = rule.high               # read as the highest bid the rules describe
        if rule is None:
            return Meaning(None)
        standing = before.contract
        strain = call.strain if call.kind == CallKind.BID else (standing.strain if standing else None)
        steps = 0
        partner = _partners_bid(before, call) if situation == "raise" else None
        if partner is not None:
            steps = max(0, (level - (partner.level or 0)) // 10)
        return rule.shows.resolve(strain, steps) if strain is not None else Meaning(None)

    def _above(self, situation: str, call: Call) -> Optional[Rule]:
        """For a bid above every level the rules of its situation and strain name (a
        capot, or 170 when the rules stop at 160), the rule of the highest level below
        it: a higher bid shows at least what the highest described one shows (a raise
        to capot, the raise values of a raise to that level)."""
        if call.kind != CallKind.BID:
            return None
        below = [r for r in self.rules if r.high < (call.level or 0)
                 and r.fits(situation, dataclasses.replace(call, level=r.high))]
        return max(below, key=lambda r: r.high, default=None)

    def _denial(self, before: Auction, call: Call) -> Meaning:
        """A pass before any bid: none of the cheapest openings in a suit."""
        openings = []
        for s in (Strain.S, Strain.H, Strain.D, Strain.C):
            bid = Call(call.seat, CallKind.BID, 80, s)
            rule = next((r for r in self.rules if r.fits("open", bid)), None)
            if rule is not None:
                openings.append(rule.shows.resolve(s))
        if not any(r.situation == "pass_open" for r in self.rules):
            return Meaning(None)
        return Meaning(None, denies=tuple(openings))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "rules": [r.to_dict() for r in self.rules]}


#: The strains a rule names: suits, no trumps, all trumps, or any.
RULE_STRAINS = ("any", "suits", "SA", "TA")
#: The largest system file read, in bytes (the default system takes about 2 KB).
MAX_SYSTEM_BYTES = 1 << 20
#: The whole numbers a ``shows`` field may hold (more than any hand has).
_SHOWS_COUNTS = {"at_least": 6, "trumps": 8, "aces": 4, "jacks": 4, "values": 12}


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SystemError_(tr("{what} {value}: expected a whole number from {low} to {high}", what=what,
                              value=quote(value), low=low, high=high))
    return value


def _shows(data: Any) -> Shows:
    """A rule's ``shows`` table, every field checked for its type and range now (not
    when the system is first used)."""
    if not isinstance(data, Mapping):
        raise SystemError_(tr("shows {data}: expected a table of conditions", data=quote(data)))
    fields = {f.name for f in dataclasses.fields(Shows)}
    unknown = sorted(str(k) for k in data if k not in fields)
    if unknown:
        raise SystemError_(tr("shows: unknown condition {unknown}; expected some of {fields}",
                              unknown=quote(unknown[0]), fields=", ".join(sorted(fields))))
    out: dict[str, Any] = {}
    if "honours" in data:
        honours = data["honours"]
        if not isinstance(honours, list) or not all(isinstance(h, (str, int)) and not isinstance(h, bool)
                                                    for h in honours):
            raise SystemError_(tr('honours {honours}: expected a list like ["J", "9"]',
                                  honours=quote(honours)))
        out["honours"] = tuple(str(h) for h in honours)
        bad = [h for h in out["honours"] if h not in _HONOURS]
        if bad:
            raise SystemError_(tr("honour {bad}: expected J 9 A 10 K Q", bad=quote(bad[0])))
    for name, top in _SHOWS_COUNTS.items():
        if name in data:
            value = data[name]
            out[name] = value if name == "values" and value == "steps" else _whole(value, name, 0, top)
    return Shows(**out)


def _rule(item: Any) -> Rule:
    if not isinstance(item, Mapping):
        raise SystemError_(tr("{item}: expected a table with situation, strains, levels and shows",
                              item=quote(item)))
    situation = item.get("situation")
    if situation not in SITUATIONS:
        raise SystemError_(tr("situation {situation}: expected one of {known}", situation=quote(situation),
                              known=", ".join(SITUATIONS)))
    levels = item.get("levels", [80, 500])
    if not isinstance(levels, list) or len(levels) != 2:
        raise SystemError_(tr("levels {levels}: expected [lowest, highest], like [80, 160]",
                              levels=quote(levels)))
    low, high = (_whole(x, "level", 0, 500) for x in levels)
    strains = item.get("strains", "any")
    if strains not in RULE_STRAINS:
        raise SystemError_(tr("strains {strains}: expected one of {known}", strains=quote(strains),
                              known=", ".join(RULE_STRAINS)))
    return Rule(situation, _shows(item.get("shows", {})), strains, low, high)


def _rules_from(data: Mapping[str, Any], where: str) -> tuple[Rule, ...]:
    items = data.get("rules", data.get("rule", []))
    if not isinstance(items, list):
        raise SystemError_(tr("{where}: rules {items}: expected a list of rules ([[rules]] in TOML)",
                              where=where, items=quote(items)))
    out = []
    for k, item in enumerate(items, 1):
        try:
            out.append(_rule(item))
        except SystemError_ as e:
            raise SystemError_(tr("{where}, rule {key}: {error}", where=where, key=k, error=e)) from None
    return tuple(out)


def load_system(path: "str | Path") -> BiddingSystem:
    """A system from a TOML or JSON file of :meth:`BiddingSystem.to_dict`'s shape, every
    field checked: a file that is not such a system raises :class:`SystemError_`."""
    p = Path(path)
    kind = "JSON" if p.suffix.lower() == ".json" else "TOML"
    with open(p, "rb") as f:
        raw = f.read(MAX_SYSTEM_BYTES + 1)
    if len(raw) > MAX_SYSTEM_BYTES:
        raise SystemError_(tr("{path}: over {mib} MiB: not a bidding system", path=quote(str(p)),
                              mib=MAX_SYSTEM_BYTES >> 20))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise SystemError_(tr("{path}: not UTF-8 text (byte {start}: {reason})", path=quote(str(p)),
                              start=e.start, reason=e.reason)) from None
    try:
        if kind == "JSON":
            data = json.loads(text)
        else:
            try:
                import tomllib
            except ImportError:       # pragma: no cover - Python 3.10
                import tomli as tomllib   # type: ignore[no-redef, import-not-found, unused-ignore]
            data = tomllib.loads(text)
    except RecursionError:
        raise SystemError_(tr("{path}: nested too deeply to be a bidding system",
                              path=quote(str(p)))) from None
    except ValueError as e:
        raise SystemError_(tr("{path}: not {kind}: {error}", path=quote(str(p)), kind=kind,
                              error=e)) from None
    if not isinstance(data, dict):
        raise SystemError_(tr("{path}: expected a table with name and rules, not {kind}", path=quote(str(p)),
                              kind=type(data).__name__))
    if not data:
        raise SystemError_(tr("no bidding system in {path}: the file is empty (expected a name and rules)",
                              path=quote(str(p))))
    name = data.get("name", p.stem)
    if not isinstance(name, str):
        raise SystemError_(tr("{path}: name {name}: expected text", path=quote(str(p)), name=quote(name)))
    try:
        return BiddingSystem(name, _rules_from(data, str(p)))
    except RecursionError:          # a value nested almost to the parser's limit, quoted
        raise SystemError_(tr("{path}: nested too deeply to be a bidding system",
                              path=quote(str(p)))) from None


def _r(situation: str, strains: str, low: int, high: int, **shows: Any) -> Rule:
    if "honours" in shows:
        shows["honours"] = tuple(shows["honours"])
    return Rule(situation, Shows(**shows), strains, low, high)


#: The default system: seed 000's openings (80 the J or the 9 of trumps, 90 both, 100
#: J-9-A), completed for every call a learner meets.
DEFAULT = BiddingSystem("default", (
    _r("open", "suits", 80, 80, honours=("J", "9"), at_least=1, trumps=3),
    _r("open", "suits", 90, 90, honours=("J", "9"), at_least=2, trumps=3),
    _r("open", "suits", 100, 160, honours=("J", "9", "A"), at_least=3, trumps=3),
    _r("overcall", "suits", 80, 90, honours=("J", "9"), at_least=1, trumps=3),
    _r("overcall", "suits", 100, 160, honours=("J", "9"), at_least=2, trumps=4),
    _r("new_suit", "suits", 80, 160, honours=("J", "9"), at_least=1, trumps=4),
    _r("raise", "any", 80, 160, values="steps"),
    _r("open", "SA", 80, 160, aces=2),
    _r("overcall", "SA", 80, 160, aces=3),
    _r("open", "TA", 80, 160, jacks=2),
    _r("overcall", "TA", 80, 160, jacks=3),
    _r("pass_open", "any", 80, 160),
    _r("coinche", "any", 80, 500, values=2),
    _r("surcoinche", "any", 80, 500, values=1),
))
