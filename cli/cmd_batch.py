"""``coinche batch``: double-dummy tables (and par) for a file of deals, on every core.

A file of deals is read as it is solved, line by line (any length, memory flat, the
first result out before the input's end); a record file is read whole, within the
limits of :mod:`.files`.  ``--out`` is never the input, however named (``-`` with stdin
redirected from the same file included).
"""

from __future__ import annotations

import csv
import itertools
import json
import os
import sys
from contextlib import closing
from pathlib import Path
from typing import IO, Annotated, Any, Iterable, Iterator, Optional, cast

import typer

from .app import app
from .errors import OutputError, error_line, fail, handle_errors, is_write_failure
from .files import MAX_INPUT_BYTES, MAX_LINE, check_output, nothing_in, open_input
from solver.messages import N_, tr
from solver.atomic import atomic_open, is_stream
from .options import MAX_WORKERS, JsonOpt
from .output import err_console
from .rules import takes_rules
from .progress import progress_bar
from .records_io import SUFFIX, batch_records, load_records, looks_like_records, record_items
from .records_io import write_records_out
from solver.batch import CSV_COLUMNS, BadLine, BatchItem, csv_rows, iter_lines, solve_batch
from solver.cards import Seat
from solver.errors import SeatError, quote
from solver.rules import Rules


@app.command()
@handle_errors
@takes_rules()
def batch(
    file: Annotated[Path, typer.Argument(help="Deals, one per line: 'N:hand hand hand hand', "
                                         "optionally followed by 'dealer=E' or a seat letter, or a "
                                         "record file (tag pairs, docs/formats.md); '-' reads stdin.")],
    fmt: Annotated[str, typer.Option("--format", help="jsonl or csv.")] = "jsonl",
    out: Annotated[Optional[Path], typer.Option("--out", help="Write here instead of stdout; for a "
                                                "record file, FILE.pbn writes its games back with "
                                                "[DoubleDummy] (and [Par]) added.")] = None,
    workers: Annotated[Optional[int], typer.Option("--workers", help="Processes (default: every core; "
                                                   "at most 256).")] = None,
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="Dealer for lines that give none "
                                                  "(else all four leaders are solved).")] = None,
    with_par: Annotated[bool, typer.Option("--par", help="Add the par of deals with a dealer.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first bad line.")] = False,
    rules: Rules = Rules(),
    no_progress: Annotated[bool, typer.Option("--no-progress", help="No progress bar.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Tables for many deals in input order; bad lines are reported on stderr with
    their number and skipped (exit code 1 when there were some).

    The output is JSON lines (--json, the same as --format jsonl) or CSV: one object
    (one row per leader) for each deal, with "line" (its input line) and "deal"; a bad
    line gives {"line": N, "deal": its text, "error": message} in its place.

    Example: coinche batch deals.txt --format csv --out tables.csv --par
    """
    if as_json and fmt != "jsonl":
        raise fail(tr("--json and --format {fmt} exclude each other: --json is --format jsonl", fmt=quote(fmt)))
    if fmt not in ("jsonl", "csv"):
        raise fail(tr("unknown format {fmt}: expected jsonl or csv", fmt=quote(fmt)))
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise fail(tr("--workers {n}: expected 1 to {top}", n=workers, top=MAX_WORKERS))
    if dealer is not None:
        try:
            Seat.parse(dealer)
        except SeatError:
            raise fail(tr("--dealer {seat}: expected one of N E S W", seat=quote(dealer))) from None
    if out is not None:
        check_output(out, "--out", inputs=[file])
        if str(file) == "-":
            _check_not_stdin(out)
    lines = _input_lines(file)
    head = _head(lines)
    records = None
    if looks_like_records(head):
        whole = head + list(itertools.islice(lines, None))
        if sum(len(x) + 1 for x in whole) > MAX_INPUT_BYTES:
            raise fail(tr("{path} is over {n} MiB: split it into smaller files", path=_shown(file),
                              n=MAX_INPUT_BYTES >> 20))
        records = load_records(file, whole)
    if out is not None and out.suffix.lower() == SUFFIX:
        if records is None:
            raise fail(tr("--out {path}: a record file (.pbn) is written for a record file input",
                          path=quote(str(out))))
        done, bad = batch_records(records, rules, workers, with_par, dealer, strict)
        write_records_out(done, out)
        if bad:
            raise typer.Exit(1)
        return
    if records is not None:
        items: "list[Any] | Iterator[Any]" = record_items(records, rules, dealer, strict)
        total: Optional[int] = sum(isinstance(it, BatchItem) for it in items)
        if not items:
            raise nothing_in(file, N_("deals"))
    else:
        if not any(t.strip() and not t.strip().startswith(("#", ";", "%")) for t in head):
            raise nothing_in(file, N_("deals"))
        items = iter_lines(itertools.chain(head, lines), default_dealer=dealer, strict=strict)
        total = None                # a stream: the bar counts without a total
    if out is None:
        n, bad = _write(sys.stdout, items, total, rules, fmt, workers, with_par, no_progress)
    else:
        # Written beside and renamed at the end: never a half-written --out file.
        try:
            with atomic_open(out, encoding="utf-8", newline="") as stream:
                n, bad = _write(stream, items, total, rules, fmt, workers, with_par, no_progress)
        except OSError as e:
            if not is_write_failure(e):
                raise
            raise OutputError(e, str(out)) from None
    if n == 0 and bad == 0:
        err_console.print(tr("no deals in {path}: nothing to solve", path=_shown(file)), soft_wrap=True)
    if bad:
        raise typer.Exit(1)         # as solve --file: the good lines are out, some were bad


def _shown(file: Path) -> str:
    return "stdin" if str(file) == "-" else quote(str(file))


def _check_not_stdin(out: Path) -> None:
    """Refuse ``--out`` naming the file stdin reads (``batch - --out f < f``): the
    same device and inode."""
    try:
        given = os.fstat(sys.stdin.fileno())
        target = os.stat(out)
    except (OSError, ValueError, AttributeError):       # no stdin file, or no --out file yet
        return
    if (given.st_dev, given.st_ino) == (target.st_dev, target.st_ino) and not is_stream(out):
        raise fail(tr("--out {path} is the file stdin reads: writing it would destroy the input",
                      path=quote(str(out))))


def _input_lines(file: Path) -> Iterator[str]:
    """The lines of the input (``-``: stdin) as they are read: strict UTF-8, a byte
    order mark dropped, at most :data:`~cli.files.MAX_LINE` characters a line (else one
    line on stderr and exit 2, naming the line)."""
    name = str(file)
    if name in ("", "."):
        raise fail(tr("no {what} given: expected a file name or - for stdin", what=tr("file of deals")))
    if name == "-":
        stream = cast(IO[bytes], getattr(sys.stdin, "buffer", sys.stdin))
    else:
        stream = open_input(name, N_("file of deals"))
    return _lines_of(stream, _shown(file), close=name != "-")


def _lines_of(stream: IO[bytes], shown: str, close: bool) -> Iterator[str]:
    limit = 4 * MAX_LINE + 2            # UTF-8: at most 4 bytes a character, and the line end
    try:
        for n in itertools.count(1):
            try:
                raw = stream.readline(limit)
            except OSError as e:        # (read as the output is written: not a write failure)
                raise fail(tr("cannot read {path}: {reason}", path=shown, reason=e.strerror or e)) from None
            if not raw:
                return
            if len(raw) == limit and not raw.endswith(b"\n"):
                raise fail(tr("cannot read {path}: line {n} has more than the {top} characters a line may have",
                              path=shown, n=n, top=MAX_LINE))
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise fail(tr("cannot read {path}: line {n} is not UTF-8 text (byte {byte} of the line: {reason})",
                              path=shown, n=n, byte=e.start, reason=e.reason)) from None
            text = text.rstrip("\r\n")
            if n == 1:
                text = text.lstrip("\ufeff")
            if len(text) > MAX_LINE:
                raise fail(tr("cannot read {path}: line {n} has {count} characters, more than the {top} a line "
                              "may have ({line})", path=shown, n=n, count=len(text), top=MAX_LINE, line=quote(text)))
            yield text
    finally:
        if close:
            stream.close()


def _head(lines: Iterator[str]) -> list[str]:
    """The lines up to the first that is not blank, a comment or a directive (what tells
    a record file from a file of deals)."""
    head = []
    for line in lines:
        head.append(line)
        t = line.strip()
        if t and not t.startswith((";", "%", "#")):
            break
    return head


def _write(stream: IO[str], items: Iterable[Any], total: Optional[int], rules: Rules, fmt: str,
           workers: Optional[int], with_par: bool,
           no_progress: bool) -> tuple[int, int]:
    """Write every result in input order as it comes; the deals solved and the bad lines."""
    writer = csv.writer(stream) if fmt == "csv" else None
    if writer is not None:
        writer.writerow(CSV_COLUMNS)
    live = stream is sys.stdout     # a reader may be waiting on each line (or be gone)
    bad = n = 0
    with progress_bar(N_("solving"), total=total, show=not no_progress and total != 1) as bar, \
            closing(solve_batch(items, rules, workers=workers, with_par=with_par,
                                progress=bar.advance)) as results:      # ends the workers, also on an error
        for r in results:
            if isinstance(r, BadLine):
                bad += 1
                err_console.print(error_line(r), soft_wrap=True)
            else:
                n += 1
            if writer is not None:
                writer.writerows(csv_rows(r))
            else:
                stream.write(json.dumps(r.to_dict()) + "\n")
            if live:
                stream.flush()
    if bad:
        err_console.print(tr("{bad} bad line(s) skipped, {n} deal(s) solved", bad=bad, n=n))
    return n, bad
