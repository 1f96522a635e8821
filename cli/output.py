"""Output for people: the consoles, card text, colour and tables.

Decided here, once for every command:

- **Suit symbols or letters.**  When a stream's encoding cannot write ``♠♥♦♣``
  (``PYTHONIOENCODING=ascii``, a cp1252 console), everything written to it goes
  through :data:`LETTERS`: ``J♣`` becomes ``JC``, ``10♥`` becomes ``10H`` (both read
  back by every command), and the few other signs become plain ASCII.
- **Colour.**  Hearts and diamonds are red when the stream is a terminal and
  ``NO_COLOR`` is unset (:func:`wants_colour`); otherwise no escape codes at all.
  JSON never goes through these consoles.
- **Markup.**  The consoles print text as it is: no rich markup, no highlighting.
- **Cards for people** are rank then suit symbol (:func:`card_text`); JSON keeps
  the machine names (``CJ``, ``HT``).
- **Tables** never cut a number: on a narrow terminal they drop their frame, wrap
  text columns, and at worst run wider than the terminal (:func:`print_table`).
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import sys
from typing import IO, Any, Iterable, Mapping, Optional, Sequence, cast

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.segment import Segments
from rich.table import Table
from rich.text import Text

from solver.cards import SUIT_SYMBOLS, Card
from solver.messages import in_output_language, tr
from solver.deal import Deal
from solver.play import Position

#: What replaces the signs a stream cannot encode: suit symbols by suit letters.
LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "—": "-", "–": "-", "−": "-",
                         "±": "+/-", "✗": "x", "→": "->", "…": "...", "·": "."})

#: A red card or suit for people: a rank (optional) and a hearts or diamonds symbol.
_RED = re.compile(r"(?:10|[789JQKA])?[♥♦]")


def can_encode(stream: Any, text: str = SUIT_SYMBOLS) -> bool:
    """Can ``stream`` (a text stream) write ``text``?  Decided from its encoding.

    >>> import io
    >>> can_encode(io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    False
    >>> can_encode(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    True
    """
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def is_terminal(stream: Any) -> bool:
    """Is ``stream`` a terminal (whatever ``FORCE_COLOR`` says)?"""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):       # a closed stream
        return False


def wants_colour(stream: Any, environ: Mapping[str, str] = os.environ) -> bool:
    """Colour on ``stream``: a terminal, ``NO_COLOR`` unset (or empty), ``TERM`` not dumb."""
    if environ.get("NO_COLOR") or environ.get("TERM") == "dumb":
        return False
    return is_terminal(stream)


class _Letters:
    """A text stream that writes through another, suit symbols spelt as letters and
    anything else it cannot encode as ``?``."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self.encoding = getattr(stream, "encoding", None) or "ascii"

    def write(self, text: str) -> int:
        safe = text.translate(LETTERS).encode(self.encoding, "replace").decode(self.encoding)
        return self._stream.write(safe)

    def __getattr__(self, name: str) -> Any:     # flush, isatty, fileno, ...
        return getattr(self._stream, name)


class PeopleConsole(Console):
    """A rich console on stdout (or stderr) that writes letters where the stream cannot
    encode suit symbols, and colours only when :func:`wants_colour`.  Text is printed as
    it is: no markup (``[red]`` stays), no highlighting of numbers, no emoji codes.  The
    stream is looked up at each write (tests swap ``sys.stdout``); ``stream`` fixes it."""

    def __init__(self, stderr: bool = False, stream: Optional[IO[str]] = None,
                 environ: Mapping[str, str] = os.environ) -> None:
        target = stream if stream is not None else (sys.stderr if stderr else sys.stdout)
        colour = wants_colour(target, environ)
        self._wrapped: tuple[object, IO[str]] = (None, target)     # (stream, what writes to it)
        super().__init__(stderr=stderr, file=stream, markup=False, highlight=False, emoji=False,
                         color_system="auto" if colour else None,
                         force_terminal=is_terminal(target), no_color=not colour)

    @property
    def file(self) -> IO[str]:
        stream = self._file or (sys.stderr if self.stderr else sys.stdout)
        # A live display (a progress bar) puts a proxy in sys.stdout and sys.stderr that
        # prints through this console: write to the stream behind it, as rich does.
        stream = getattr(stream, "rich_proxied_file", stream)
        if self._wrapped[0] is not stream:
            self._wrapped = (stream, stream if can_encode(stream) else cast(IO[str], _Letters(stream)))
        return self._wrapped[1]

    @file.setter
    def file(self, new_file: IO[str]) -> None:
        self._file = new_file

    def render_str(self, text: str, **kwargs: Any) -> Text:
        """Plain strings (table cells and titles) in the output language, like :func:`people_text`."""
        return super().render_str(in_output_language(text), **kwargs)

    def on_broken_pipe(self) -> None:
        """A closed pipe raises BrokenPipeError for the entry point to handle (rich itself
        would exit with code 1)."""
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


def tolerate(stream: Any) -> None:
    """Let a stream that cannot encode suit symbols write ``?`` for what it cannot
    encode instead of failing (click's messages and typer's help use it directly)."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and not can_encode(stream):
        reconfigure(errors="replace")


tolerate(sys.stdout)
tolerate(sys.stderr)
console = PeopleConsole()
err_console = PeopleConsole(stderr=True)


def people_text(text: str) -> Text:
    """Plain text for people (no markup), hearts and diamonds in red.

    >>> people_text("Lead J♥, not 7♣").spans
    [Span(5, 7, 'red')]
    """
    t = Text(in_output_language(text))
    t.highlight_regex(_RED, "red")
    return t


def card_text(card: "Card | int | str") -> str:
    """A card for people: rank then suit symbol.

    >>> card_text("CJ"), card_text("HT")
    ('J♣', '10♥')
    """
    return Card.parse(card).symbol


def cards_text(cards: Iterable["Card | int | str"]) -> str:
    """Cards for people, space separated: ``A♠ 8♠``."""
    return " ".join(card_text(c) for c in cards)


def say(text: str = "", *, wrap: bool = True, con: Optional[Console] = None) -> None:
    """Print a line for people on stdout; ``wrap=False`` keeps its layout (a diagram)."""
    (con or console).print(people_text(text), soft_wrap=not wrap)


def tricks_text(cards: Iterable["Card | int | str"], before: int = 0) -> str:
    """Cards for people grouped by trick, ``before`` cards having been played ahead of them.

    >>> tricks_text(["SA", "S8", "SQ", "S7", "HK"]), tricks_text(["SQ", "S7", "HK"], before=2)
    ('A♠ 8♠ Q♠ 7♠ | K♥', 'Q♠ 7♠ | K♥')
    """
    cards = list(cards)
    cut = [0] + list(range((4 - before % 4) % 4 or 4, len(cards), 4)) + [len(cards)]
    return " | ".join(cards_text(cards[a:b]) for a, b in zip(cut, cut[1:]) if b > a)


def print_deal(deal: Deal, position: Optional[Position] = None) -> None:
    """A deal for people: its diagram and its PBN text; with a ``position`` of its play,
    also the trumps, the first leader, the cards played and the tricks won."""
    say(deal.diagram(), wrap=False)
    say()
    say(deal.to_pbn(), wrap=False)
    if position is None:
        return
    say(tr("Trumps {strain}, first lead by {seat}", strain=position.strain.symbol,
           seat=position.first_leader.name))
    if position.history:
        say(tr("Played: {cards}", cards=tricks_text(c for _, c in position.history)))
        say(tr("Tricks won: NS {ns} ({ns_points} points), EW {ew} ({ew_points} points)",
               ns=position.tricks[0], ns_points=position.points[0], ew=position.tricks[1],
               ew_points=position.points[1]))


def pm(x: float, fmt: str = ".1f") -> str:
    """A standard error for people: ``—`` when there is none (one sample).

    >>> pm(1.25), pm(float("nan"))
    ('1.2', '—')
    """
    return "—" if isinstance(x, float) and math.isnan(x) else format(x, fmt)


def print_json(obj: Any) -> None:
    """``obj`` as one line of JSON on stdout (never through a console)."""
    sys.stdout.write(json.dumps(obj) + "\n")


def _natural_width(con: Console, table: Table) -> int:
    return Measurement.get(con, con.options.update_width(10_000), table).maximum


def _column_ranges(con: Console, table: Table) -> list[tuple[int, int]]:
    """Per column (narrowest, widest) content width; the narrowest is its longest word
    (a number is one word)."""
    options = con.options.update_width(10_000)
    ranges = []
    for column in table.columns:
        header = Measurement.get(con, options, column.header)
        cells = [Measurement.get(con, options, c) for c in column.cells]
        widest = max([header.maximum] + [m.maximum for m in cells])
        narrowest = max([header.minimum] + [m.minimum for m in cells])
        ranges.append((narrowest, widest))
    return ranges


def print_table(table: Table, con: Optional[Console] = None) -> None:
    """Print a table for people, fitted to the terminal without cutting a number or a
    word: no frame when the framed table is too wide, then the text columns wrap (the
    widest first); a table that still does not fit runs past the edge."""
    con = con or console
    ranges = _column_ranges(con, table)
    if _natural_width(con, table) > con.width:
        table.box, table.show_edge, table.pad_edge, table.padding = box.SIMPLE_HEAD, False, False, (0, 0)
    overhead = _natural_width(con, table) - sum(hi for _, hi in ranges)
    widths = [hi for _, hi in ranges]
    while sum(widths) + overhead > con.width:
        slack = [w - lo for w, (lo, _) in zip(widths, ranges)]
        k = max(range(len(widths)), key=slack.__getitem__)
        if slack[k] <= 0:
            break
        widths[k] -= 1
    for column, w in zip(table.columns, widths):
        column.width, column.overflow = w, "fold"
    options = con.options.update_width(max(con.width, sum(widths) + overhead))
    con.print(Segments(con.render(table, options)), crop=False, soft_wrap=True)


def render_rows(title: str, columns: Sequence[str], rows: Iterable[Sequence[Any]],
                numeric: Sequence[str] = ()) -> None:
    """A table for people (:func:`print_table`); ``columns`` named in ``numeric`` are right-aligned.
    The column names are English templates of the message catalogue (marked with
    :func:`solver.messages.N_` where they are written), translated here."""
    table = Table(title=people_text(title))
    for c in columns:
        if c in numeric:
            table.add_column(tr(c), justify="right")
        else:
            table.add_column(tr(c))
    for r in rows:
        table.add_row(*(people_text(str(x)) for x in r))
    print_table(table)
