"""Record files on the command line: which inputs are records, reading them within the
input limits, and writing ``--out FILE.pbn`` with the analysis added, atomically.

A command's deal argument is a record file when it names an existing file ending in
``.pbn``; ``batch`` also takes a file whose first tag-pair line starts with ``[``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional, Sequence

from solver.errors import quote
from solver.records import Record, format_records, parse_records
from solver.rules import Rules

from .common import OutputError, WRITE_ERRNOS, fail
from .files import atomic_open, check_output, read_lines

#: The suffix of record files.
SUFFIX = ".pbn"


def is_record_file(arg: "str | Path") -> bool:
    """Whether a deal argument names a record file (an existing ``.pbn`` file, or ``-``
    is never one)."""
    name = str(arg)
    return name.lower().endswith(SUFFIX) and os.path.isfile(name)


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
        lines = read_lines(path, "record file")
    records = parse_records("\n".join(lines))
    if not records:
        raise fail(f"no games in {quote(str(path))}: expected tag pairs like [Deal \"N:...\"]")
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
        if e.filename is not None or e.errno not in WRITE_ERRNOS:
            raise
        raise OutputError(e, str(out)) from None


def deal_of(record: Record, path: "str | Path"):
    """A record's deal; a record without one is an error naming its line."""
    if record.deal is None:
        raise fail(f"{quote(str(path))} line {record.line}: the game has no [Deal]")
    return record.deal


def record_rules(record: Record, options: "Sequence[str] | None") -> Rules:
    """A game's rules: its ``[Rules]``, then the command's ``--rule`` options over them."""
    return record.rules.with_options(options or ())
