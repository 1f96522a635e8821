"""``coinche batch``: double-dummy tables (and par) for a file of deals, on every core."""

from __future__ import annotations

import csv
import json
import sys
from contextlib import closing
from pathlib import Path
from typing import Annotated, Optional

import typer

from .app import app
from .errors import OutputError, fail, handle_errors, is_write_failure
from .files import check_output, nothing_in, read_lines
from solver.messages import N_, tr
from solver.atomic import atomic_open
from .options import MAX_WORKERS, JsonOpt
from .output import err_console
from .rules import takes_rules
from .progress import progress_bar
from .records_io import SUFFIX, batch_records, load_records, looks_like_records, record_items
from .records_io import write_records_out
from solver.batch import CSV_COLUMNS, BadLine, BatchItem, csv_rows, parse_lines, solve_batch
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
        raise fail(f"--json and --format {quote(fmt)} exclude each other: --json is --format jsonl")
    if fmt not in ("jsonl", "csv"):
        raise fail(f"unknown format {quote(fmt)}: expected jsonl or csv")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise fail(f"--workers {workers}: expected 1 to {MAX_WORKERS}")
    if dealer is not None:
        try:
            Seat.parse(dealer)
        except SeatError:
            raise fail(f"--dealer {quote(dealer)}: expected one of N E S W") from None
    if out is not None:
        check_output(out, "--out", inputs=[file])
    lines = read_lines(file, "file of deals")
    records = load_records(file, lines) if looks_like_records(lines) else None
    if out is not None and out.suffix.lower() == SUFFIX:
        if records is None:
            raise fail(f"--out {quote(str(out))}: a record file (.pbn) is written for a record file input")
        done, bad = batch_records(records, rules, workers, with_par, dealer, strict)
        write_records_out(done, out)
        if bad:
            raise typer.Exit(1)
        return
    items = (record_items(records, rules, dealer, strict) if records is not None
             else parse_lines(lines, default_dealer=dealer, strict=strict))
    if not items:
        raise nothing_in(file, "deals")
    if out is None:
        bad = _write(sys.stdout, items, rules, fmt, workers, with_par, no_progress)
    else:
        # Written beside and renamed at the end: never a half-written --out file.
        try:
            with atomic_open(out, encoding="utf-8", newline="") as stream:
                bad = _write(stream, items, rules, fmt, workers, with_par, no_progress)
        except OSError as e:
            if not is_write_failure(e):
                raise
            raise OutputError(e, str(out)) from None
    if bad:
        raise typer.Exit(1)         # as solve --file: the good lines are out, some were bad


def _write(stream, items, rules, fmt: str, workers, with_par: bool, no_progress: bool) -> int:
    """Write every result in input order as it comes; the number of bad lines."""
    n = sum(isinstance(it, BatchItem) for it in items)
    writer = csv.writer(stream) if fmt == "csv" else None
    if writer is not None:
        writer.writerow(CSV_COLUMNS)
    live = stream is sys.stdout     # a reader may be waiting on each line (or be gone)
    bad = 0
    with progress_bar(N_("solving"), total=n, show=not no_progress and n > 1) as bar, \
            closing(solve_batch(items, rules, workers=workers, with_par=with_par,
                                progress=bar.advance)) as results:      # ends the workers, also on an error
        for r in results:
            if isinstance(r, BadLine):
                bad += 1
                err_console.print(f"error: {r}", soft_wrap=True)
            if writer is not None:
                writer.writerows(csv_rows(r))
            else:
                stream.write(json.dumps(r.to_dict()) + "\n")
            if live:
                stream.flush()
    if bad:
        err_console.print(tr("{bad} bad line(s) skipped, {n} deal(s) solved", bad=bad, n=n))
    return bad
