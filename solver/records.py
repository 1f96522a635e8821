"""Game records: played Coinche deals in PBN's tag-pair syntax (docs/formats.md).

A record file holds games separated by blank lines; a game is tag pairs
``[Name "value"]``, some followed by section lines (the auction, the play, the
analysis).  ``;`` starts a comment to the end of the line, ``{...}`` a comment that
may span lines, and a line starting with ``%`` is a directive, skipped.

>>> text = '''
... [Dealer "E"]
... [Deal "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"]
... [Auction "S"]
... 100C Pass Pass Pass   ; S bids, the others pass
... [Contract "100C"]
... [Declarer "S"]
... [Play "S"]
... SQ S7 SA ST
... '''
>>> [r] = read_records(text)
>>> str(r.contract), r.leader, [str(c) for c in r.play]
('100♣ S', <Seat.S: 2>, ['SQ', 'S7', 'SA', 'ST'])
>>> read_records(write_records([r])) == [r]
True
>>> read_records('[Dealer "E"]\\n[Deal "N:AK"]')
Traceback (most recent call last):
...
solver.records.RecordError: line 2: [Deal]: malformed deal 'N:AK': expected 4 hands separated by spaces, got 1

Cards, calls and seats are read through a :class:`Notation` (one place): another
language's words plug in there.
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence

from .notation import EN, using as reading_in
from .atomic import atomic_open
from .cards import Card, Seat, Team
from .contract import Contract
from .deal import Deal
from .declarations import parse_declaration
from .errors import CoincheError, quote
from .messages import N_, tr
from .auction import AuctionState, Call, CallKind
from .play import Position
from .review import Review
from .rules import DEFAULT_RULES, TOTAL_POINTS, Rules, Strain

__all__ = ["RecordError", "Notation", "ENGLISH", "Section", "Record", "read_records", "write_records",
           "parse_records", "format_records", "SCHEMA_PATH", "rules_text",
           "table_section", "par_section", "review_section"]

#: The JSON Schema of :meth:`Record.to_dict`, shipped with the package.
SCHEMA_PATH = Path(__file__).with_name("schema") / "record.schema.json"


class RecordError(CoincheError):
    """A record file that cannot be read: the message starts with the line number."""


# -- notation: how cards, calls and seats are written ----------------------------------

def _parse_call(text: str, seat: Seat) -> Call:
    t = text.strip().upper()
    if t in ("PASS", "P"):
        return Call(seat, CallKind.PASS)
    if t in ("X", "COINCHE"):
        return Call(seat, CallKind.COINCHE)
    if t in ("XX", "SURCOINCHE"):
        return Call(seat, CallKind.SURCOINCHE)
    c = Contract.parse(text, capot_coinche=True)
    return Call(seat, CallKind.BID, c.level, c.strain)


def _call_text(call: Call) -> str:
    if call.kind == CallKind.BID:
        return Contract(call.level, call.strain).to_text()   # type: ignore[arg-type]
    return {CallKind.PASS: "Pass", CallKind.COINCHE: "X", CallKind.SURCOINCHE: "XX"}[call.kind]


@dataclasses.dataclass(frozen=True)
class Notation:
    """How a record spells cards, calls, seats and strains, read and written.

    Every token of a record goes through these functions; a notation in another
    language is another instance (the default is :data:`ENGLISH`)."""

    card: Callable[[str], Card] = Card.parse
    card_text: Callable[[Card], str] = str
    call: Callable[[str, Seat], Call] = _parse_call
    call_text: Callable[[Call], str] = _call_text
    seat: Callable[[str], Seat] = Seat.parse
    strain: Callable[[str], Strain] = Strain.parse


#: English notation: ``SA HT``, ``100H``, ``capotS``, ``Pass``, ``X``, ``XX``.
ENGLISH = Notation()


# -- the record -------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Section:
    """A tag pair the record keeps as text (an analysis section or an unknown tag),
    with the section lines that follow it."""

    name: str
    value: str
    lines: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Record:
    """One game: every field is optional (``None`` or empty when the record has no tag).

    ``deal``; ``dealer``; ``auction``: the calls from the seat after the dealer;
    ``contract`` (declarer and coinche state included), or ``passed`` when all four
    passed; ``leader`` and ``play``: the cards in the order played; ``result``: the
    card points of the declaring side; ``belote``; ``declarations``: announcements as
    text (``NS:tierce EW:carre-J``); ``score``: ``(ns, ew)``; ``rules``; ``sections``:
    every other tag pair, in order (analysis and unknown tags).
    """

    deal: Optional[Deal] = None
    dealer: Optional[Seat] = None
    auction: tuple[Call, ...] = ()
    contract: Optional[Contract] = None
    passed: bool = False
    leader: Optional[Seat] = None
    play: tuple[Card, ...] = ()
    result: Optional[int] = None
    belote: Optional[Team] = None
    declarations: Optional[str] = None
    score: Optional[tuple[int, int]] = None
    rules: Rules = Rules()
    sections: tuple[Section, ...] = ()
    #: The line of the game's first tag in the file read (0: not read from a file).
    line: int = dataclasses.field(default=0, compare=False)

    @property
    def strain(self) -> Optional[Strain]:
        return None if self.contract is None else self.contract.strain

    @property
    def declarer(self) -> Optional[Seat]:
        return None if self.contract is None else self.contract.declarer

    @property
    def first_leader(self) -> Optional[Seat]:
        """The seat that leads the first trick: ``leader``, else the seat after the dealer."""
        if self.leader is not None:
            return self.leader
        return None if self.dealer is None else self.dealer.next

    def section(self, name: str) -> Optional[Section]:
        """The kept tag pair named ``name`` (any case), or ``None``."""
        for s in self.sections:
            if s.name.lower() == name.lower():
                return s
        return None

    def with_sections(self, *added: Section) -> "Record":
        """A copy with ``added`` in place of the kept tag pairs of the same names."""
        names = {s.name.lower() for s in added}
        kept = tuple(s for s in self.sections if s.name.lower() not in names)
        return dataclasses.replace(self, sections=kept + tuple(added))

    def to_dict(self) -> dict[str, Any]:
        """The record in JSON form (``solver/schema/record.schema.json``)."""
        c = self.contract
        return {
            "deal": None if self.deal is None else self.deal.to_pbn(self.dealer or Seat.N),
            "dealer": _name(self.dealer),
            "auction": [{"seat": x.seat.name, "call": _call_text(x)} for x in self.auction],
            "contract": "pass" if self.passed else None if c is None else {
                "bid": c.to_text(), "declarer": c.declarer.name, "coinche": c.coinche.name.lower()},
            "leader": _name(self.leader),
            "play": [str(x) for x in self.play],
            "result": self.result,
            "belote": _name(self.belote),
            "declarations": self.declarations,
            "score": None if self.score is None else {"NS": self.score[0], "EW": self.score[1]},
            "rules": _rules_dict(self.rules),
            "sections": [{"name": s.name, "value": s.value, "lines": list(s.lines)} for s in self.sections],
        }

    @classmethod
    def from_dict(cls, obj: dict[str, Any]) -> "Record":
        """The record of :meth:`to_dict`'s JSON form, checked as a record file is."""
        if not isinstance(obj, dict):
            raise RecordError(tr("not a record: {obj}: expected a JSON object", obj=quote(obj)))
        pairs = _Pairs.from_dict(obj)
        if not pairs:
            return cls()                # every field empty
        records = parse_records(_format_pairs([pairs]))
        if len(records) != 1:           # pragma: no cover - one value per tag, on one line
            raise RecordError(tr("not one record: {obj}", obj=quote(obj)))
        return records[0]


def _name(x: "Seat | Team | None") -> Optional[str]:
    return None if x is None else x.name


def _rules_dict(rules: Rules) -> dict[str, Any]:
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
            if getattr(rules, f.name) != getattr(DEFAULT_RULES, f.name)}


def rules_text(rules: Rules) -> str:
    """The variants of ``rules`` that differ from the defaults, as ``NAME=VALUE`` words.

    >>> rules_text(Rules(suit_ranking=True, target=1000))
    'suit_ranking=true target=1000'
    """
    return " ".join(f"{k}={str(v).lower()}" for k, v in _rules_dict(rules).items())


# -- lines to tag pairs -----------------------------------------------------------------

_TAG_RE = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')


@dataclasses.dataclass
class _Tag:
    name: str
    value: str
    line: int
    lines: list[tuple[int, str]] = dataclasses.field(default_factory=list)   # (line number, text)


def _strip_comments(text: str) -> list[tuple[int, str, bool]]:
    """``(line number, text without comments, blank)`` for each line; ``blank`` marks a
    line that separates games (empty before comments were taken out)."""
    out = []
    in_brace = 0
    for n, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip("\r")
        if n == 1:
            line = line.lstrip("\ufeff")
        if not in_brace and line.lstrip().startswith("%"):
            out.append((n, "", False))
            continue
        kept, quoted, i = [], False, 0
        while i < len(line):
            ch = line[i]
            if in_brace:
                if ch == "}":
                    in_brace = 0
            elif quoted:
                kept.append(ch)
                if ch == "\\" and i + 1 < len(line):
                    kept.append(line[i + 1])
                    i += 1
                elif ch == '"':
                    quoted = False
            elif ch == ";":
                break
            elif ch == "{":
                in_brace = n
            else:
                kept.append(ch)
                quoted = ch == '"'
            i += 1
        out.append((n, "".join(kept).strip(), not line.strip()))
    if in_brace:
        raise RecordError(tr("line {n}: a comment opened with '{{' is never closed", n=in_brace))
    return out


def _games(text: str) -> list[list[_Tag]]:
    """The games of a file as lists of tags with their section lines."""
    games: list[list[_Tag]] = []
    game: list[_Tag] = []
    for n, line, blank in _strip_comments(text):
        if blank:
            if game:
                games.append(game)
                game = []
            continue
        if not line:
            continue
        if line.startswith("["):
            m = _TAG_RE.match(line)
            if not m:
                raise RecordError(tr('line {n}: malformed tag pair {line}: expected [Name "value"]', n=n,
                                     line=quote(line)))
            name, value = m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))
            for t in game:
                if t.name.lower() == name.lower():
                    raise RecordError(tr("line {n}: tag [{name}] given twice in one game (first on line "
                                         "{line}); games are separated by a blank line", n=n, name=name,
                                         line=t.line))
            game.append(_Tag(name, value, n))
        elif not game:
            raise RecordError(tr('line {n}: {line} before any tag pair: expected [Name "value"]', n=n,
                                 line=quote(line)))
        else:
            game[-1].lines.append((n, line))
    if game:
        games.append(game)
    return games


# -- tag pairs to a record --------------------------------------------------------------

#: The tags a record reads into its fields; the others are kept as :class:`Section`.
KNOWN_TAGS = ("Dealer", "Deal", "Rules", "Auction", "Contract", "Declarer", "Play", "Result", "Belote",
              "Declarations", "Score")
#: Tags whose section lines the record reads.
_WITH_LINES = ("Auction", "Play")


def _fail(tag: _Tag, message: str, line: Optional[int] = None) -> RecordError:
    """The error of a tag's value or section (``message``: already in the output language),
    with the line it is on."""
    return RecordError(tr("line {n}: [{tag}]: {message}", n=line or tag.line, tag=tag.name, message=message))


def _value(tags: dict[str, _Tag], name: str, read: Callable[[str], Any]) -> Any:
    tag = tags.get(name)
    if tag is None or tag.value.strip() in ("", "?"):
        return None
    try:
        return read(tag.value.strip())
    except CoincheError as e:
        raise _fail(tag, str(e)) from None
    except ValueError:
        raise _fail(tag, tr("unreadable value {value}", value=quote(tag.value))) from None


def _number(text: str, lo: int, hi: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 4) or not lo <= int(text) <= hi:
        raise RecordError(tr("{text}: expected a whole number from {lo} to {hi}", text=quote(text), lo=lo,
                             hi=hi))
    return int(text)


def _score(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"NS\s+(\d{1,5})\s+EW\s+(\d{1,5})", text, re.IGNORECASE)
    if not m:
        raise RecordError(tr("score {text}: expected NS <points> EW <points>, like NS 220 EW 40",
                             text=quote(text)))
    return int(m.group(1)), int(m.group(2))


def _declarations(text: str) -> str:
    parts = text.split()
    for p in parts:
        side, sep, kinds = p.partition(":")
        if not sep or not kinds:
            raise RecordError(tr("declarations {p}: expected SIDE:KIND,KIND, like NS:tierce,carre-J",
                                 p=quote(p)))
        Team.parse(side)
        for k in kinds.split(","):
            parse_declaration(k)
    return " ".join(parts)


def _contract(tags: dict[str, _Tag], notation: Notation, rules: Rules) -> tuple[Optional[Contract], bool]:
    tag = tags.get("Contract")
    if tag is None or tag.value.strip() in ("", "?"):
        return None, False
    text = tag.value.strip()
    if text.lower() == "pass":
        return None, True
    declarer = _value(tags, "Declarer", notation.seat)
    if declarer is None:
        raise _fail(tag, tr("contract {text} without a [Declarer]", text=quote(text)))
    try:        # the bid parser reads the X/XX (100HX), as --contract does
        return Contract.parse(text, declarer, capot_coinche=rules.capot_coinche), False
    except CoincheError as e:
        raise _fail(tag, str(e)) from None


def _record(game: list[_Tag], notation: Notation) -> Record:
    tags = {t.name: t for t in game if t.name in KNOWN_TAGS}
    for t in game:
        if t.lines and t.name in KNOWN_TAGS and t.name not in _WITH_LINES:
            n, text = t.lines[0]
            raise _fail(t, tr("unexpected line {text}: this tag takes no section", text=quote(text)), n)
    rules = _value(tags, "Rules", lambda v: DEFAULT_RULES.with_options(v.split())) or DEFAULT_RULES
    deal = _value(tags, "Deal", Deal.from_pbn)
    dealer = _value(tags, "Dealer", notation.seat)
    contract, passed = _contract(tags, notation, rules)
    if contract is None and "Declarer" in tags and tags["Declarer"].value.strip() not in ("", "?"):
        raise _fail(tags["Declarer"], tr("a declarer without a [Contract]"))
    auction = _auction(tags.get("Auction"), dealer, contract, passed, notation, rules)
    leader, play = _play(tags.get("Play"), deal, dealer, contract, notation, rules)
    result = _value(tags, "Result", lambda v: _number(v, 0, TOTAL_POINTS))
    if result is not None and contract is None:
        raise _fail(tags["Result"], tr("a result without a [Contract]"))
    if result is not None and contract is not None and deal is not None and leader is not None \
            and len(play) == 32:     # (a whole play has a deal and a leader)
        pos = Position(deal, contract.strain, leader, rules, play)
        made = pos.points[contract.team]
        if made != result:
            raise _fail(tags["Result"], tr("result {result}, but the declarers take {made} card points in "
                                           "the [Play]", result=result, made=made))
    belote = _value(tags, "Belote", Team.parse)
    declarations = _value(tags, "Declarations", _declarations)
    score = _value(tags, "Score", _score)
    for t in game:
        _check_analysis(t)
    sections = tuple(Section(t.name, t.value, tuple(" ".join(x.split()) for _, x in t.lines)) for t in game
                     if t.name not in KNOWN_TAGS)
    return Record(deal, dealer, auction, contract, passed, leader, play, result, belote, declarations,
                  score, rules, sections, game[0].line)


def _tokens(tag: _Tag) -> list[tuple[int, str]]:
    return [(n, w) for n, line in tag.lines for w in line.split()]


def _first_seat(tag: _Tag, dealer: Optional[Seat], notation: Notation, wrong: str) -> Seat:
    """The seat a tag's value names, which must be the seat after the dealer; ``wrong``: the
    message otherwise, a catalogue template (marked ``N_``) with the fields ``seat``, ``dealer``
    and ``first``."""
    try:
        seat = notation.seat(tag.value)
    except CoincheError as e:
        raise _fail(tag, str(e)) from None
    if dealer is not None and seat != dealer.next:
        raise _fail(tag, tr(wrong, seat=seat, dealer=dealer, first=dealer.next))
    return seat


def _auction(tag: Optional[_Tag], dealer: Optional[Seat], contract: Optional[Contract], passed: bool,
             notation: Notation, rules: Rules) -> tuple[Call, ...]:
    if tag is None:
        return ()
    first = _first_seat(tag, dealer, notation, N_("the auction starts with {seat}, but the seat after "
                                                   "the dealer {dealer} speaks first ({first})"))
    calls: list[Call] = []
    state = AuctionState(rules)
    seat = first
    for n, word in _tokens(tag):
        ap = word.upper() == "AP"
        for _ in (state.closing_passes() if ap else [None]):
            try:
                call = Call(seat, CallKind.PASS) if ap else notation.call(word, seat)
                state.add(call)
            except CoincheError as e:
                raise _fail(tag, tr("call {n} ({seat}): {error}", n=len(calls) + 1, seat=seat, error=e),
                            n) from None
            calls.append(call)
            seat = seat.next
    if not state.over:
        raise _fail(tag, tr("the auction {calls} is not over: expected passes after the last bid "
                            "(AP ends it)", calls=quote(" ".join(_call_text(c) for c in calls))))
    final = state.contract()
    if (contract is not None or passed) and (final != contract or passed != (final is None)):
        if final is None:
            raise _fail(tag, tr("the auction is passed out, but the [Contract] is {contract}",
                                contract=contract))
        raise _fail(tag, tr("the auction ends in {final}, not in the [Contract] {contract}", final=final,
                            contract=tr("pass") if passed else contract))
    return tuple(calls)


def _play(tag: Optional[_Tag], deal: Optional[Deal], dealer: Optional[Seat], contract: Optional[Contract],
          notation: Notation, rules: Rules) -> tuple[Optional[Seat], tuple[Card, ...]]:
    if tag is None:
        return None, ()
    leader = _first_seat(tag, dealer, notation, N_("{seat} leads, but the seat after the dealer {dealer} "
                                                   "leads the first trick ({first})"))
    if deal is None or contract is None:
        raise _fail(tag, tr("a play needs the [Deal] and the [Contract] (with its [Declarer])"))
    pos = Position(deal, contract.strain, leader, rules)
    cards: list[Card] = []
    for n, line in tag.lines:
        words = [w for w in line.split() if w != "*"]
        if len(words) > 4:
            raise _fail(tag, tr("trick {line} has {n} cards: expected at most 4", line=quote(line),
                                n=len(words)), n)
        for w in words:
            try:
                card = notation.card(w)
                pos.play(card)
            except CoincheError as e:
                raise _fail(tag, tr("card {n} of the play: {error}", n=len(cards) + 1, error=e), n) from None
            cards.append(card)
        if len(words) < 4 and n != tag.lines[-1][0]:
            raise _fail(tag, tr("trick {line} holds {n} of 4 cards: only the last trick may be short",
                                line=quote(line), n=len(words)), n)
    return leader, tuple(cards)


# -- analysis sections -------------------------------------------------------------------

def table_section(table: Any) -> Section:
    """``[DoubleDummy "leader"]`` of a table for one leader (a :class:`~solver.table.DDTable`
    or its ``to_dict()`` form): one line per strain, ``STRAIN NS EW CAPOT`` with the
    card points of each side and the side that can force capot (``-``: neither).

    >>> from solver.table import dd_table
    >>> table_section(dd_table(Deal.from_pbn("N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-"), "N")).lines[0]
    'S 25 0 NS'
    """
    d = table.to_dict() if hasattr(table, "to_dict") else table
    lines = []
    for strain in Strain:
        k = strain.name
        capot = "NS" if d["ns_capot"][k] else "EW" if d["ew_capot"][k] else "-"
        lines.append(f"{k} {int(d['ns_points'][k])} {int(d['ew_points'][k])} {capot}")
    return Section("DoubleDummy", str(d["leader"]), tuple(lines))


def par_section(p: Any) -> Section:
    """``[Par "NS n EW m"]`` of a :class:`~solver.par.Par` (or its ``to_dict()`` form):
    a line with the par contract (``100HX N``) or ``Pass``, then one with the optimal
    auction from the first speaker."""
    d = p.to_dict() if hasattr(p, "to_dict") else p
    c = d["contract"]
    x = {"none": "", "coinche": "X", "surcoinche": "XX"}
    head = "Pass" if c is None else f"{c['text']}{x[c['coinche']]} {c['declarer']}"
    words = {"pass": "Pass", "coinche": "X", "surcoinche": "XX"}
    calls = " ".join(words.get(a["call"], a["call"].replace(" ", "")) for a in d["auction"])
    return Section("Par", f"NS {d['ns_score']} EW {d['ew_score']}", (head, calls) if calls else (head,))


def review_section(r: Review) -> Section:
    """``[OptimumPlay "leader"]``: one line per card played, ``CARD BEFORE AFTER COST``
    (N-S double-dummy values before and after it, the points it gave away), followed
    by the best cards when it cost something."""
    lines = []
    for st in r.steps:
        best = "" if st.cost == 0 else " " + " ".join(str(c) for c in st.best_cards)
        lines.append(f"{st.card} {st.value_before} {st.value_after} {st.cost}{best}")
    return Section("OptimumPlay", r.leader.name, tuple(lines))


_TABLE_LINE = re.compile(r"(S|H|D|C|SA|TA) (\d{1,3}) (\d{1,3}) (NS|EW|-)")
_PLAY_LINE = re.compile(r"[SHDC][AKQJT987] \d{1,3} \d{1,3} \d{1,3}( [SHDC][AKQJT987])*")


def _check_analysis(tag: _Tag) -> None:
    """The analysis sections this module writes, checked line by line when read."""
    if tag.name == "DoubleDummy":
        check = _TABLE_LINE.fullmatch
    elif tag.name == "OptimumPlay":
        check = _PLAY_LINE.fullmatch
    elif tag.name == "Par":
        _value({"Par": tag}, "Par", _score)
        return
    else:
        return
    for n, line in tag.lines:
        if not check(" ".join(line.split())):
            raise _fail(tag, tr("malformed line {line}: see docs/formats.md", line=quote(line)), n)


# -- reading and writing ----------------------------------------------------------------

def parse_records(text: str, notation: Notation = ENGLISH) -> list[Record]:
    """The records of a record file's text."""
    if not isinstance(text, str):
        raise RecordError(tr("not record text: {text}", text=quote(text)))
    with reading_in(EN):               # a record file spells its cards and bids in English
        return [_record(game, notation) for game in _games(text)]


def read_records(source: "str | os.PathLike[str]", notation: Notation = ENGLISH) -> list[Record]:
    """The records of a file (a path) or of record text (a string holding a line break
    or one of ``[ { ; %``, or a blank string)."""
    if isinstance(source, str) and (any(c in source for c in "\n[{;%") or not source.strip()):
        return parse_records(source, notation)
    if not isinstance(source, (str, os.PathLike)):
        raise RecordError(tr("not a record file or text: {source}", source=quote(source)))
    with open(source, encoding="utf-8-sig", newline="") as f:
        return parse_records(f.read(), notation)


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Pairs:
    """A record as tag pairs with their lines, ready to write."""

    @staticmethod
    def of(r: Record, notation: Notation) -> list[tuple[str, str, list[str]]]:
        out: list[tuple[str, str, list[str]]] = []
        if r.dealer is not None:
            out.append(("Dealer", r.dealer.name, []))
        if r.deal is not None:
            out.append(("Deal", r.deal.to_pbn(r.dealer or Seat.N), []))
        if r.rules != DEFAULT_RULES:
            out.append(("Rules", rules_text(r.rules), []))
        if r.auction:
            words = [notation.call_text(c) for c in r.auction]
            out.append(("Auction", r.auction[0].seat.name,
                        [" ".join(words[i:i + 4]) for i in range(0, len(words), 4)]))
        c = r.contract
        if r.passed:
            out.append(("Contract", "Pass", []))
        elif c is not None:
            out.append(("Contract", c.to_text() + ("", "X", "XX")[c.coinche], []))
            out.append(("Declarer", c.declarer.name, []))
        if r.leader is not None:
            cards = [notation.card_text(x) for x in r.play]
            out.append(("Play", r.leader.name, [" ".join(cards[i:i + 4]) for i in range(0, len(cards), 4)]))
        if r.result is not None:
            out.append(("Result", str(r.result), []))
        if r.belote is not None:
            out.append(("Belote", r.belote.name, []))
        if r.declarations is not None:
            out.append(("Declarations", r.declarations, []))
        if r.score is not None:
            out.append(("Score", f"NS {r.score[0]} EW {r.score[1]}", []))
        out += [(s.name, s.value, list(s.lines)) for s in r.sections]
        return out

    @staticmethod
    def from_dict(obj: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
        """The tag pairs of :meth:`Record.to_dict`'s form, every value checked for its
        type (a value of another type, or text across lines, raises RecordError)."""
        def text(where: str, v: Any, numbers: bool = False) -> str:
            if numbers and isinstance(v, int) and not isinstance(v, bool):
                return str(v)
            if not isinstance(v, str) or "\n" in v or "\r" in v:
                if numbers:
                    raise RecordError(tr("record key {where}: {v} is not a number or text on one line",
                                         where=where, v=quote(v)))
                raise RecordError(tr("record key {where}: {v} is not text on one line", where=where,
                                     v=quote(v)))
            return v

        def get(key: str, kind: type) -> Any:
            v = obj.get(key)
            if v is not None and not isinstance(v, kind):
                raise RecordError(tr("record key {key!r}: {v} is not a {kind}", key=key, v=quote(v),
                                     kind=kind.__name__))
            return v

        out: list[tuple[str, str, list[str]]] = []
        for key, tag in (("dealer", "Dealer"), ("deal", "Deal")):
            if get(key, str) is not None:
                out.append((tag, text(repr(key), obj[key]), []))
        rules = get("rules", dict) or {}
        if rules:
            words = [f"{text('rules', k)}={text('rules', str(v).lower())}" for k, v in rules.items()]
            out.append(("Rules", " ".join(words), []))
        auction = get("auction", list) or []
        if auction:
            if not all(isinstance(x, dict) and "call" in x for x in auction) or "seat" not in auction[0]:
                raise RecordError(tr('record key \'auction\': {auction}: expected [{{"seat": ..., "call": '
                                     "...}}, ...]", auction=quote(auction)))
            words = [text("'auction'", x["call"]) for x in auction]
            out.append(("Auction", text("'auction'", auction[0]["seat"]), [" ".join(words)]))
        c = obj.get("contract")
        if c == "pass":
            out.append(("Contract", "Pass", []))
        elif isinstance(c, dict):
            x = {"none": "", "coinche": "X", "surcoinche": "XX"}.get(str(c.get("coinche", "none")), "?x")
            out += [("Contract", f"{text(repr('contract'), c.get('bid'))}{x}", []),
                    ("Declarer", text(repr("contract"), c.get("declarer")), [])]
        elif c is not None:
            raise RecordError(tr('record key \'contract\': {c}: expected an object or "pass"', c=quote(c)))
        if obj.get("leader") is not None or obj.get("play"):
            cards = [text("'play'", x) for x in get("play", list) or []]
            tricks = [" ".join(cards[i:i + 4]) for i in range(0, len(cards), 4)]
            out.append(("Play", text("'leader'", obj.get("leader")), tricks))
        for key, tag in (("result", "Result"), ("belote", "Belote"), ("declarations", "Declarations")):
            if obj.get(key) is not None:
                out.append((tag, text(repr(key), obj[key], numbers=key == "result"), []))
        score = get("score", dict)
        if score is not None:
            out.append(("Score", f"NS {text('score', score.get('NS'), True)} "
                                 f"EW {text('score', score.get('EW'), True)}", []))
        for sec in get("sections", list) or []:
            if not isinstance(sec, dict) or not isinstance(sec.get("lines", []), list):
                raise RecordError(tr("record section {sec}: expected an object with name, value and lines",
                                     sec=quote(sec)))
            out.append((text("section name", sec.get("name")), text("section value", sec.get("value", "")),
                        [text("section line", x) for x in sec.get("lines", [])]))
        return out


def format_records(records: Iterable[Record], notation: Notation = ENGLISH) -> str:
    """The text of a record file: each game's tag pairs, games separated by a blank line."""
    pairs = []
    for r in records:
        if not isinstance(r, Record):
            raise RecordError(tr("not a record: {r}", r=quote(r)))
        pairs.append(_Pairs.of(r, notation))
    return _format_pairs(pairs)


def _format_pairs(games_pairs: Iterable[list[tuple[str, str, list[str]]]]) -> str:
    games = []
    for pairs in games_pairs:
        lines = []
        for name, value, body in pairs:
            lines.append(f"[{name} {_quoted(value)}]")
            lines += [x for x in body if x.strip()]
        games.append("\n".join(lines) + "\n")
    return "% Coinche records, PBN tag pairs (docs/formats.md)\n\n" + "\n".join(games)


def write_records(records: Sequence[Record], path: "str | os.PathLike[str] | None" = None,
                  notation: Notation = ENGLISH) -> str:
    """The text of ``records`` as a record file, written to ``path`` when one is given:
    atomically, through a file beside it renamed over it at the end."""
    text = format_records(records, notation)
    if path is None:
        return text
    with atomic_open(Path(path), encoding="utf-8", newline="\n") as f:
        f.write(text)
    return text
