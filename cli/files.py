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
from solver.messages import N_, tr

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
        raise fail(tr("no such file: {path}", path=quote(name))) from None
    except IsADirectoryError:
        raise fail(tr("{path} is a directory: expected a {what}", path=quote(name), what=tr(what))) from None
    except OSError as e:
        raise fail(tr("cannot read {path}: {reason}", path=quote(name), reason=e.strerror or e)) from None


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
            raise fail(tr("cannot read {path}: {reason}", path=quote(name), reason=e.strerror or e)) from None
    if len(data) > MAX_INPUT_BYTES:
        raise fail(tr("{path} is over {n} MiB: split it into smaller files",
                      path=quote(name) if name != 'stdin' else 'stdin', n=MAX_INPUT_BYTES >> 20))
    return data


def shown(path: "str | Path") -> str:
    """An input's name in a message: quoted, or ``stdin`` for ``-``."""
    return "stdin" if str(path) == "-" else quote(str(path))


def nothing_in(path: "str | Path", what: str) -> "typer.Exit":
    """The error for an input that holds no ``what`` (empty, or only blank lines and
    comments).  Every command treats such an input the same way: bad input, exit code 2,
    nothing written."""
    return fail(tr("no {what} in {path}: the input is empty (only blank lines or comments)", what=tr(what),
                   path=shown(path)))


def read_text(path: "str | Path", what: str = N_("file")) -> str:
    """An input file (``-``: stdin) as text; a UTF-8 byte order mark is dropped.  A file
    that cannot be read (missing, a directory, not UTF-8 text, too big) is one line on
    stderr and exit code 2."""
    name = str(path)
    if name in ("", "."):
        raise fail(tr("no {what} given: expected a file name or - for stdin", what=tr(what)))
    data = _read_bytes(name, what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        bad = data.count(b"\n", 0, e.start) + 1
        raise fail(tr("cannot read {path}: line {n} is not UTF-8 text (byte {byte}: {reason})", path=shown(name),
                      n=bad, byte=e.start, reason=e.reason)) from None


def read_lines(path: "str | Path", what: str = N_("file")) -> list[str]:
    """The lines of an input file, read as :func:`read_text` reads it; a line too long is
    one line on stderr and exit code 2 too."""
    lines = read_text(path, what).splitlines()
    shown = "stdin" if str(path) == "-" else quote(str(path))
    for n, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise fail(tr("cannot read {path}: line {n} has {count} characters, more than the {top} a line "
                          "may have ({line})", path=shown, n=n, count=len(line), top=MAX_LINE, line=quote(line)))
    return lines


def input_directory(path: Path, what: str) -> Path:
    """``path`` when it is a directory; otherwise one line saying that it is missing or a file."""
    if not path.exists():
        raise fail(tr("no such directory: {path}", path=quote(str(path))))
    if not path.is_dir():
        raise fail(tr("{path} is a file, not a directory: expected {what}", path=quote(str(path)), what=tr(what)))
    return path


#: Names of a process's own open files: whatever the shell connected, even a regular file.
def check_output(path: Path, option: str, suffix: "str | None" = None,
                 inputs: Sequence["str | Path"] = ()) -> Path:
    """Check before any work that ``path`` can be written: a file name (not a
    directory) in an existing, writable directory, with ``suffix`` when given, and not
    the same file as any of ``inputs`` (however named: ``./``, ``..``, links)."""
    name = str(path)
    if name in ("", "."):
        raise fail(tr("{option} {path}: expected a file name", option=option, path=quote(name)))
    if path.is_dir():
        raise fail(tr("{option} {path} is a directory: expected a file name", option=option, path=quote(name)))
    for source in inputs:
        if str(source) != "-" and _same_file(path, source):
            raise fail(tr("{option} {path} is the input file {source}: writing it would destroy the input",
                          option=option, path=quote(name), source=quote(str(source))))
    if is_stream(path):
        if not os.access(path, os.W_OK):
            raise fail(tr("{option} {path}: cannot write it", option=option, path=quote(name)))
        return path
    if suffix is not None and path.suffix.lower() != suffix:
        raise fail(tr("{option} {path}: expected a file name ending in {suffix}", option=option, path=quote(name),
                      suffix=suffix))
    parent = Path(os.path.realpath(path)).parent
    if not parent.is_dir():
        raise fail(tr("{option} {path}: no such directory {parent}", option=option, path=quote(name),
                      parent=quote(str(parent))))
    if not os.access(parent, os.W_OK | os.X_OK):
        raise fail(tr("{option} {path}: cannot write in {parent}", option=option, path=quote(name),
                      parent=quote(str(parent))))
    return path


def _same_file(a: "str | Path", b: "str | Path") -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:                 # one of them does not exist (yet)
        return False
