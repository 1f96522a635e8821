"""Batches: double-dummy tables (and par) for many deals, on every core.

The input is text, one deal per line::

    # a comment; blank lines are skipped too
    N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9
    N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 dealer=E
    E:T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 AK.K8.K8.A8 W

A line is a deal as :meth:`~solver.deal.Deal.from_pbn` reads it (``N:`` and four
hands in the order of play), optionally followed by the dealer, as ``dealer=E`` or a
bare seat letter.  A deal with a dealer gets the table for the seat after the dealer
(the first leader of the deal, whoever declares) and, on request, its par; without
one, the tables for all four leaders (unless a default dealer is given).

Bad lines are reported with their line number and skipped; the others are kept and
come out in input order.  The work is split in chunks over a process pool, each
worker holding one :class:`~solver.solve.Solver` (one transposition table) for all
its deals.  Input and output stream: :func:`iter_lines` parses lines as they are read
and :func:`solve_batch` solves them with a bounded number of deals ahead, so the first
result comes before the input is read to its end and memory stays flat for any length.

>>> items = parse_lines(["# deals", "", "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 E",
...                      "N:AK.K8 oops"])
>>> [(x.line, type(x).__name__) for x in items]
[(3, 'BatchItem'), (4, 'BadLine')]
>>> items[0].dealer, items[0].leader
(<Seat.E: 1>, <Seat.S: 2>)
>>> print(items[1])
line 4: malformed deal 'N:AK.K8 oops': expected 4 hands separated by spaces, got 2
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
from typing import Any, Callable, Generator, Iterable, Iterator, Optional, Sequence, Union

from .cards import Seat
from .deal import Deal
from .errors import CoincheError, DealError, SeatError, quote
from .messages import tr
from .par import par
from .parallel import Backend, check_workers, executor
from .rules import STRAINS, Rules
from .solve import Solver, default_solver
from .table import dd_table

__all__ = ["BatchItem", "BadLine", "BatchLineError", "BatchResult", "parse_line", "parse_lines",
           "iter_lines", "solve_batch", "CSV_COLUMNS", "csv_rows"]


class BatchLineError(CoincheError):
    """A bad line in a batch file, with ``--strict``: the message starts with its line number."""


@dataclasses.dataclass(frozen=True)
class BatchItem:
    """A good input line: its 1-based number, the deal and the dealer (or ``None``)."""

    line: int
    deal: Deal
    dealer: Optional[Seat]

    @property
    def leader(self) -> Optional[Seat]:
        return None if self.dealer is None else self.dealer.next


@dataclasses.dataclass(frozen=True)
class BadLine:
    """A bad input line: its number, its text and what is wrong with it."""

    line: int
    text: str
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "deal": self.text, "error": self.message}


@dataclasses.dataclass(frozen=True)
class BatchResult:
    """The tables of one deal: ``tables`` maps each leader solved to a dict with
    ``ns_points``, ``ew_points``, ``ns_capot``, ``ew_capot`` (``{strain: value}``);
    ``par`` is :meth:`solver.par.Par.to_dict` when asked for, for a full deal with a
    known dealer."""

    line: int
    deal: str
    dealer: Optional[str]
    tables: dict[str, Any]
    par: Optional[dict[str, Any]] = None
    nodes: int = 0

    def to_dict(self) -> dict[str, Any]:
        out = {"line": self.line, "deal": self.deal, "dealer": self.dealer, "tables": self.tables}
        if self.par is not None:
            out["par"] = self.par
        return out


def parse_line(text: str, line: int = 1, default_dealer: "Seat | str | None" = None) -> Optional[BatchItem]:
    """One line as a :class:`BatchItem`; ``None`` for a blank or ``#`` comment line
    (a ``#`` after the deal starts a comment too).  A bad line raises a
    :class:`~solver.errors.CoincheError`.

    >>> parse_line("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 dealer=w").dealer
    <Seat.W: 3>
    >>> parse_line("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 dealer=X")
    Traceback (most recent call last):
    ...
    solver.errors.SeatError: unknown dealer 'X': expected one of N E S W
    """
    if not isinstance(text, str):
        raise DealError(tr("a batch line is text, not {kind}: {text}", kind=type(text).__name__,
                           text=quote(text)))
    t = text.split("#", 1)[0].strip()
    if not t:
        return None
    parts = t.split()
    dealer = None
    last = parts[-1]
    if last.lower().startswith("dealer="):
        value = last.split("=", 1)[1]
        try:
            dealer = Seat.parse(value)
        except SeatError:
            raise SeatError(tr("unknown dealer {value}: expected one of N E S W",
                               value=quote(value))) from None
        parts = parts[:-1]
    elif len(parts) == 5 and "." not in last:
        try:
            dealer = Seat.parse(last)
        except SeatError:
            raise SeatError(tr("unknown dealer {last} after the deal: expected one of N E S W",
                               last=quote(last))) from None
        parts = parts[:-1]
    deal = Deal.from_pbn(" ".join(parts))
    if dealer is None and default_dealer is not None:
        dealer = Seat.parse(default_dealer)
    return BatchItem(line, deal, dealer)


def parse_lines(lines: Iterable[str], default_dealer: "Seat | str | None" = None,
                strict: bool = False) -> list[Union[BatchItem, BadLine]]:
    """Every non-blank, non-comment line as a :class:`BatchItem` or a :class:`BadLine`;
    with ``strict`` the first bad line raises :class:`BatchLineError` instead."""
    return list(iter_lines(lines, default_dealer, strict))


def iter_lines(lines: Iterable[str], default_dealer: "Seat | str | None" = None,
               strict: bool = False) -> Iterator[Union[BatchItem, BadLine]]:
    """:func:`parse_lines` one line at a time, as the lines are read."""
    dealer = None if default_dealer is None else Seat.parse(default_dealer)   # before any line
    return _iter_lines(lines, dealer, strict)


def _iter_lines(lines: Iterable[str], dealer: Optional[Seat],
                strict: bool) -> Iterator[Union[BatchItem, BadLine]]:
    for n, text in enumerate(lines, 1):
        try:
            item = parse_line(text, n, dealer)
        except CoincheError as e:
            if strict:
                raise BatchLineError(tr("line {n}: {error}", n=n, error=e)) from None
            yield BadLine(n, text.rstrip("\n") if isinstance(text, str) else repr(text), str(e))
            continue
        if item is not None:
            yield item


def _table_dict(table: Any) -> dict[str, Any]:
    return {"ns_points": table.ns_points.to_dict(), "ew_points": table.ew_points.to_dict(),
            "ns_capot": table.ns_capot.to_dict(), "ew_capot": table.ew_capot.to_dict()}


def _solve_one(solver: Solver, item: BatchItem, rules: Rules, with_par: bool) -> BatchResult:
    deal = item.deal
    pbn = deal.to_pbn()
    if item.dealer is None:
        t = dd_table(deal, None, rules, solver=solver)
        tables = {seat.name: _table_dict(t.for_leader(seat)) for seat in Seat}
        return BatchResult(item.line, pbn, None, tables, None, t.nodes)
    d = item.dealer
    t = dd_table(deal, d.next, rules, solver=solver)
    p = par(deal, d, rules, table=t).to_dict() if with_par and deal.cards_per_hand == 8 else None
    return BatchResult(item.line, pbn, d.name, {d.next.name: _table_dict(t)}, p, t.nodes)


def _solve_chunk(solver: Solver, task: tuple[Any, ...]) -> list[BatchResult]:
    items, rules, with_par = task
    return [_solve_one(solver, item, rules, with_par) for item in items]


def _groups(items: Iterable[Union[BatchItem, BadLine]], size: int,
            start: int = 0) -> Iterator[tuple[list[Any], list[Any]]]:
    """Consecutive items in groups holding ``size`` deals each: (items, their deals'
    items); ``start`` > 0: the first groups hold ``start``, twice that, ... deals up to
    ``size`` (a stream's first results come early)."""
    group: list[Any] = []
    deals: list[Any] = []
    want = min(start, size) if start > 0 else size
    for it in items:
        group.append(it)
        if isinstance(it, BatchItem):
            deals.append(it)
            if len(deals) == want:
                yield group, deals
                group, deals = [], []
                want = min(2 * want, size)
    if group:
        yield group, deals


#: Input items read ahead to tell a short input (sized to its deals) from a stream.
_PEEK = 64
#: Deals a task of a streamed input, once the first few are out.
_STREAM_GROUP = 16


def solve_batch(items: Iterable[Union[BatchItem, BadLine]], rules: Rules = Rules(), *,
                workers: Optional[int] = None, with_par: bool = False, chunk_size: int = 0,
                progress: Optional[Callable[[int], None]] = None) -> Generator[Union[BatchResult, BadLine], None, None]:
    """Solve every :class:`BatchItem`, yielding results (and the bad lines, in place) in
    input order.

    ``items``: a list, or any iterable (read as the work goes: at most a few tasks a
    worker ahead of the result being yielded).  ``workers``: processes to use (default:
    every core; 1 solves in this process).  ``progress(n)`` is called as each group of
    ``n`` deals is done.  The results stream, so memory stays flat however many deals
    there are.  Closing the iterator early (or an exception in the loop that consumes
    it) terminates the workers at once.

    >>> items = parse_lines(["N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.- E"])
    >>> [r.tables["S"]["ns_points"]["S"] for r in solve_batch(items, workers=1)]
    [25]
    """
    n_workers = check_workers(workers)
    start = 0
    if not isinstance(items, Sequence):
        stream = iter(items)
        head = list(itertools.islice(stream, _PEEK)) if n_workers > 1 else []
        if n_workers > 1 and len(head) < _PEEK:
            items = head                        # a short input: sized as a list
        else:
            items = itertools.chain(head, stream)
            start = 1
    n_jobs = sum(isinstance(it, BatchItem) for it in items) if start == 0 else None
    if n_workers <= 1 or n_jobs is not None and n_jobs <= 1:
        solver = default_solver()
        for it in items:
            if isinstance(it, BadLine):
                yield it
                continue
            r = _solve_one(solver, it, rules, with_par)
            if progress is not None:
                progress(1)
            yield r
        return
    if n_jobs is None:
        size, n_procs = chunk_size or _STREAM_GROUP, n_workers
    else:
        size = chunk_size or max(1, min(16, n_jobs // (n_workers * 4) or 1))
        # Never more processes than chunks: on fork every one of them starts at once.
        n_procs = min(n_workers, -(-n_jobs // size))
    groups: collections.deque[Any] = collections.deque()

    def chunks() -> Iterator[tuple[Any, ...]]:
        for group, deals in _groups(items, size, start):
            groups.append(group)
            yield deals, rules, with_par

    with executor(Backend.PROCESS, n_procs) as ex:    # an error or a signal ends the workers at once
        for results in ex.map_ordered(_solve_chunk, chunks()):
            yield from _merge(groups.popleft(), results, progress)


def _merge(group: list[Any], results: list[Any],
           progress: Optional[Callable[[int], None]]) -> Iterator[Union[BatchResult, BadLine]]:
    """The items of one group in order, each deal replaced by its result."""
    if results and progress is not None:
        progress(len(results))
    solved = iter(results)
    for it in group:
        yield it if isinstance(it, BadLine) else next(solved)


#: The columns of :func:`csv_rows`: one row per deal and leader solved.
CSV_COLUMNS = (["line", "deal", "dealer", "leader"]
               + [f"ns_{s.name}" for s in STRAINS] + [f"ew_{s.name}" for s in STRAINS]
               + [f"ns_capot_{s.name}" for s in STRAINS] + [f"ew_capot_{s.name}" for s in STRAINS]
               + ["par_contract", "par_declarer", "par_coinche", "par_ns_score", "par_ew_score", "error"])


def csv_rows(result: Union[BatchResult, BadLine]) -> list[list[Any]]:
    """The CSV rows of one result (:data:`CSV_COLUMNS`); a bad line is one row with its error.

    >>> csv_rows(BadLine(3, "oops", "malformed deal 'oops'"))[0][-1]
    "malformed deal 'oops'"
    """
    blank = [""] * (len(CSV_COLUMNS) - 5)
    if isinstance(result, BadLine):
        return [[result.line, result.text, "", ""] + blank + [result.message]]
    rows = []
    p = result.par
    if p is not None and p["contract"] is not None:
        c = p["contract"]
        par_cells = [c["text"], c["declarer"], c["coinche"], p["ns_score"], p["ew_score"]]
    elif p is not None:
        par_cells = ["pass", "", "", 0, 0]
    else:
        par_cells = [""] * 5
    for leader, t in result.tables.items():
        cells = [result.line, result.deal, result.dealer or "", leader]
        for key in ("ns_points", "ew_points", "ns_capot", "ew_capot"):
            cells += [int(t[key][s.name]) for s in STRAINS]
        rows.append(cells + par_cells + [""])
    return rows
