"""Record files on the command line: which inputs are records, reading them within the
input limits, and writing ``--out FILE.pbn`` with the analysis added, atomically.

A command's deal argument names a file when it ends in ``.pbn``, holds a path separator
or names something that exists (``example`` and PBN text never do); such a file must be a
record file, and a missing file, a directory or another file is said to be such.
``batch`` also takes a file whose first tag-pair line starts with ``[``.
"""

from __future__ import annotations

import dataclasses
import os
import random
from pathlib import Path
from typing import Optional, Sequence

from solver.batch import BadLine, BatchItem, BatchLineError, BatchResult, solve_batch
from solver.cards import Seat
from solver.deal import Deal
from solver.errors import quote
from solver.messages import N_, tr
from solver.records import Record, RecordError, Section, format_records, par_section, parse_records
from solver.records import table_section
from solver.rules import DEFAULT_RULES, Rules
from solver.sampling import Constraints, sample_deals

from .errors import OutputError, error_line, fail, is_write_failure
from .output import err_console
from .files import check_output, nothing_in, read_lines, shown
from solver.atomic import atomic_open

#: The suffix of record files.
SUFFIX = ".pbn"


def is_record_file(arg: "str | Path") -> bool:
    """Whether a deal argument names a record file rather than giving a deal; a name of a
    file that is missing or a directory is an error saying so."""
    name = str(arg)
    if name.strip().lower() == "example" or not (
            name.lower().endswith(SUFFIX) or "/" in name or os.sep in name or os.path.lexists(name)):
        return False
    if os.path.isdir(name):
        raise fail(tr("{path} is a directory: expected a record file (FILE.pbn) or a deal", path=quote(name)))
    if not os.path.exists(name):
        raise fail(tr("no such file: {path}", path=quote(name)))
    return True


def looks_like_records(lines: Sequence[str]) -> bool:
    """Whether read lines are a record file: the first line that is not blank, a
    comment or a directive starts with ``[``."""
    for line in lines:
        t = line.lstrip("\ufeff").strip()
        if not t or t.startswith((";", "%", "#")):
            continue
        return t.startswith("[")
    return False


def load_records(path: "str | Path", lines: "Sequence[str] | None" = None) -> list[Record]:
    """The records of a file (its lines when already read); no records is an error."""
    if lines is None:
        lines = read_lines(path, N_("record file"))
    first = next((t for t in (line.lstrip("\ufeff").strip() for line in lines)
                  if t and not t.startswith((";", "%", "#"))), None)
    if first is None:
        raise nothing_in(path, N_("games"))
    if not first.startswith("["):
        raise fail(tr("{path} is not a record file: it starts {start}, where a record file starts with tag "
                      "pairs like [Deal \"N:...\"] (docs/formats.md)", path=shown(path), start=quote(first[:40])))
    try:
        records = parse_records("\n".join(lines))
    except RecordError as e:
        raise fail(tr("{path} {error}", path='stdin' if str(path) == '-' else quote(str(path)), error=e)) from None
    if not records:
        raise fail(tr("no games in {path}: expected tag pairs like [Deal \"N:...\"]", path=quote(str(path))))
    return records


def check_records_out(out: Optional[Path], inputs: Sequence["str | Path"] = ()) -> Optional[Path]:
    """Check ``--out FILE.pbn`` before any work."""
    if out is None:
        return None
    return check_output(out, "--out", SUFFIX, inputs)


def write_records_out(records: Sequence[Record], out: Path) -> None:
    """Write the records to ``out`` atomically (never a half-written file)."""
    try:
        with atomic_open(out, encoding="utf-8", newline="\n") as f:
            f.write(format_records(records))
    except OSError as e:
        if not is_write_failure(e):
            raise
        raise OutputError(e, str(out)) from None


def deal_of(record: Record, path: "str | Path") -> Deal:
    """A record's deal; a record without one is an error naming its line."""
    if record.deal is None:
        raise fail(tr("{path} line {n}: the game has no [Deal]", path=quote(str(path)), n=record.line))
    return record.deal


def record_rules(record: Record, rules: Rules) -> Rules:
    """A game's rules: its ``[Rules]``, with the command's rules over them where they differ
    from the defaults (what ``--rule`` and the rules flags set)."""
    default = Rules()
    given = {f.name: getattr(rules, f.name) for f in dataclasses.fields(Rules)
             if getattr(rules, f.name) != getattr(default, f.name)}
    return record.rules.replace(**given)


def mixed_rules(records: Sequence[Record]) -> "str | None":
    """Why the games of a file cannot be one match: the first game whose ``[Rules]`` differ
    from the first game's, named by its line; ``None`` when all share one set."""
    for r in records[1:]:
        if r.rules != records[0].rules:
            return tr("line {n}: the game's [Rules] differ from the first game's: a match is played under one set "
                      "of rules", n=r.line)
    return None


def record_items(records: Sequence[Record], rules: Rules, dealer: "str | None" = None,
                 strict: bool = False) -> list[BatchItem | BadLine]:
    """Batch items of the games (their line: the game's first tag); a game without a deal,
    or with ``[Rules]`` other than the command's, is a bad item (``strict``: an error)."""
    default = None if dealer is None else Seat.parse(dealer)
    items: list[BatchItem | BadLine] = []
    for r in records:
        if r.deal is not None and r.rules in (DEFAULT_RULES, rules):
            items.append(BatchItem(r.line, r.deal, r.dealer if r.dealer is not None else default))
            continue
        problem = (tr("the game has no [Deal]") if r.deal is None else
                   tr("its [Rules] differ from the command's: batch solves every game under one set of "
                      "rules (give them with --rule, or use table)"))
        if strict:
            raise BatchLineError(tr("line {n}: {problem}", n=r.line, problem=problem))
        items.append(BadLine(r.line, f"game at line {r.line}", problem))
    return items


def batch_records(records: Sequence[Record], rules: Rules, workers: "int | None", with_par: bool,
                  dealer: "str | None", strict: bool) -> tuple[list[Record], int]:
    """The games with the batch's tables (and par) added as sections, and the number of
    bad games (reported on stderr)."""
    items = record_items(records, rules, dealer, strict)
    results: dict[int, BatchResult] = {}
    bad = 0
    for res in solve_batch(items, rules, workers=workers, with_par=with_par):
        if isinstance(res, BadLine):
            bad += 1
            err_console.print(error_line(res), soft_wrap=True)
        elif res.dealer is not None:
            results[res.line] = res
    done = []
    for r in records:
        got = results.get(r.line)
        if got is not None:
            (leader, table), = got.tables.items()
            added = [table_section({**table, "leader": leader})]
            if got.par is not None:
                added.append(par_section(got.par))
            r = r.with_sections(*added)
        done.append(r)
    return done, bad


def deal_records(count: int, seed: int, hand: "str | None" = None, seat: "str | None" = None,
                 constraints: "Constraints | None" = None) -> list[Record]:
    """``count`` seeded random games, boards 1, 2, ... with the dealer turning N, E, S, W;
    with ``hand``, every deal gives that hand to ``seat``, the others honouring
    ``constraints`` (the sampler's deals)."""
    if hand is not None:
        at = seat if seat is not None else "S"
        deals = sample_deals(hand, at, n=count, seed=seed, constraints=constraints)
    else:
        rng = random.Random(seed)
        deals = [Deal.random(rng=rng) for _ in range(count)]
    return [Record(deal=d, dealer=Seat(i % 4), sections=(Section("Board", str(i + 1)),))
            for i, d in enumerate(deals)]
