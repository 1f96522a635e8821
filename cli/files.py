"""Files the commands read and write: bounded input, outputs that never destroy anything.

An input file (or ``-``, stdin) is read whole, at most :data:`MAX_INPUT_BYTES`, as
strict UTF-8, with lines of at most :data:`MAX_LINE` characters.  An output named by
``--out`` or ``--plot`` is checked before any work (a writable place, not an input
file), then written beside its target and renamed over it at the end, keeping an
older file's mode; a device or a FIFO (``/dev/null``, ``/dev/stdout``) is written as
a stream instead.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import IO, Sequence

import typer

from solver.atomic import is_stream
from solver.errors import quote

from .errors import fail

#: The largest input file read, in bytes (a million deals take about 60 MB).
MAX_INPUT_BYTES = 64 << 20
#: The longest input line, in characters: a deal or a problem takes a few hundred.
MAX_LINE = 10_000


def open_input(name: str, what: str) -> IO[bytes]:
    """The file ``name`` opened for reading bytes; a missing file, a directory or a file
    that cannot be opened is one line on stderr and exit code 2 (``what``: what it
    should hold, "file of deals")."""
    try:
        return open(name, "rb")
    except FileNotFoundError:
        raise fail(f"no such file: {quote(name)}") from None
    except IsADirectoryError:
        raise fail(f"{quote(name)} is a directory: expected a {what}") from None
    except OSError as e:
        raise fail(f"cannot read {quote(name)}: {e.strerror or e}") from None


def _read_bytes(name: str, what: str) -> bytes:
    """At most :data:`MAX_INPUT_BYTES` of ``name`` (``-``: stdin)."""
    if name == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        data = stdin.read(MAX_INPUT_BYTES + 1) if stdin is not None else sys.stdin.read().encode()
        name = "stdin"
    else:
        try:
            with open_input(name, what) as f:
                data = f.read(MAX_INPUT_BYTES + 1)
        except OSError as e:
            raise fail(f"cannot read {quote(name)}: {e.strerror or e}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise fail(f"{quote(name) if name != 'stdin' else 'stdin'} is over {MAX_INPUT_BYTES >> 20} MiB: "
                   f"split it into smaller files")
    return data


def shown(path: "str | Path") -> str:
    """An input's name in a message: quoted, or ``stdin`` for ``-``."""
    return "stdin" if str(path) == "-" else quote(str(path))


def nothing_in(path: "str | Path", what: str) -> "typer.Exit":
    """The error for an input that holds no ``what`` (empty, or only blank lines and
    comments).  Every command treats such an input the same way: bad input, exit code 2,
    nothing written."""
    return fail(f"no {what} in {shown(path)}: the input is empty (only blank lines or comments)")


def read_lines(path: "str | Path", what: str = "file") -> list[str]:
    """The lines of an input file (``-``: stdin) as text; a UTF-8 byte order mark is
    dropped.  A file that cannot be read (missing, a directory, not UTF-8 text, too big,
    a line too long) is one line on stderr and exit code 2."""
    name = str(path)
    if name in ("", "."):
        raise fail(f"no {what} given: expected a file name or - for stdin")
    data = _read_bytes(name, what)
    shown = "stdin" if name == "-" else quote(name)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        bad = data.count(b"\n", 0, e.start) + 1
        raise fail(f"cannot read {shown}: line {bad} is not UTF-8 text "
                   f"(byte {e.start}: {e.reason})") from None
    lines = text.splitlines()
    for n, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise fail(f"cannot read {shown}: line {n} has {len(line)} characters, "
                       f"more than the {MAX_LINE} a line may have ({quote(line)})")
    return lines


def input_directory(path: Path, what: str) -> Path:
    """``path`` when it is a directory; otherwise one line saying that it is missing or a file."""
    if not path.exists():
        raise fail(f"no such directory: {quote(str(path))}")
    if not path.is_dir():
        raise fail(f"{quote(str(path))} is a file, not a directory: expected {what}")
    return path


#: Names of a process's own open files: whatever the shell connected, even a regular file.
def check_output(path: Path, option: str, suffix: "str | None" = None,
                 inputs: Sequence["str | Path"] = ()) -> Path:
    """Check before any work that ``path`` can be written: a file name (not a
    directory) in an existing, writable directory, with ``suffix`` when given, and not
    the same file as any of ``inputs`` (however named: ``./``, ``..``, links)."""
    name = str(path)
    if name in ("", "."):
        raise fail(f"{option} {quote(name)}: expected a file name")
    if path.is_dir():
        raise fail(f"{option} {quote(name)} is a directory: expected a file name")
    for source in inputs:
        if str(source) != "-" and _same_file(path, source):
            raise fail(f"{option} {quote(name)} is the input file {quote(str(source))}: "
                       f"writing it would destroy the input")
    if is_stream(path):
        if not os.access(path, os.W_OK):
            raise fail(f"{option} {quote(name)}: cannot write it")
        return path
    if suffix is not None and path.suffix.lower() != suffix:
        raise fail(f"{option} {quote(name)}: expected a file name ending in {suffix}")
    parent = Path(os.path.realpath(path)).parent
    if not parent.is_dir():
        raise fail(f"{option} {quote(name)}: no such directory {quote(str(parent))}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise fail(f"{option} {quote(name)}: cannot write in {quote(str(parent))}")
    return path


def _same_file(a: "str | Path", b: "str | Path") -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:                 # one of them does not exist (yet)
        return False
