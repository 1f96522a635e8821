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
import stat
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator, Sequence

from solver.errors import quote

from .errors import fail

#: The largest input file read, in bytes (a million deals take about 60 MB).
MAX_INPUT_BYTES = 64 << 20
#: The longest input line, in characters: a deal or a problem takes a few hundred.
MAX_LINE = 10_000


def _read_bytes(name: str, what: str) -> bytes:
    """At most :data:`MAX_INPUT_BYTES` of ``name`` (``-``: stdin)."""
    if name == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        data = stdin.read(MAX_INPUT_BYTES + 1) if stdin is not None else sys.stdin.read().encode()
        name = "stdin"
    else:
        try:
            with open(name, "rb") as f:
                data = f.read(MAX_INPUT_BYTES + 1)
        except FileNotFoundError:
            raise fail(f"no such file: {quote(name)}") from None
        except IsADirectoryError:
            raise fail(f"{quote(name)} is a directory: expected a {what}") from None
        except OSError as e:
            raise fail(f"cannot read {quote(name)}: {e.strerror or e}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise fail(f"{quote(name) if name != 'stdin' else 'stdin'} is over {MAX_INPUT_BYTES >> 20} MiB: "
                   f"split it into smaller files")
    return data


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
        line = data.count(b"\n", 0, e.start) + 1
        raise fail(f"cannot read {shown}: line {line} is not UTF-8 text "
                   f"(byte {e.start}: {e.reason})") from None
    lines = text.splitlines()
    for n, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise fail(f"cannot read {shown}: line {n} has {len(line)} characters, "
                       f"more than the {MAX_LINE} a line may have ({quote(line)})")
    return lines


#: Names of a process's own open files: whatever the shell connected, even a regular file.
_OWN_FILES = ("/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/")


def _is_stream(path: Path) -> bool:
    """Whether ``path`` is written as a stream: a device, a FIFO, a socket, or one of
    the process's own open files (``/dev/stdout``)."""
    absolute = os.path.abspath(path)
    if absolute in _OWN_FILES[:2] or absolute.startswith(_OWN_FILES[2:]):
        return True
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


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
    if _is_stream(path):
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


def _temp_beside(path: Path) -> Path:
    """A fresh file name in ``path``'s directory (the same file system, for os.replace),
    keeping its suffix (matplotlib picks the format from it), created empty and private."""
    for k in range(1000):
        tmp = path.with_name(f".{path.stem}.{os.getpid()}.{k}.tmp{path.suffix}")
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        return tmp
    raise fail(f"cannot write {quote(str(path))}: no free temporary name beside it")  # pragma: no cover


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:         # another user's process
        return True
    return True


def _remove_stale_temps(path: Path) -> None:
    """Remove the temporary files a killed run (SIGKILL, a power cut) left beside
    ``path``: those named by :func:`_temp_beside` for a process that is gone."""
    prefix, suffix = f".{path.stem}.", f".tmp{path.suffix}"
    try:
        names = os.listdir(path.parent)
    except OSError:
        return
    for name in names:
        if not (name.startswith(prefix) and name.endswith(suffix)):
            continue
        pid, _, k = name[len(prefix):len(name) - len(suffix)].partition(".")
        if pid.isdigit() and k.isdigit() and not _running(int(pid)):
            try:
                os.unlink(path.parent / name)
            except OSError:
                pass


def _final_mode(path: Path) -> int:
    """The mode the written file gets: an existing file's own, else what the umask allows."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0o22)
        os.umask(umask)
        return 0o666 & ~umask


def _keep_owner(tmp: Path, path: Path) -> None:
    """Give ``tmp`` the owner and group of the file it replaces, as far as allowed."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    try:
        os.chown(tmp, st.st_uid, st.st_gid)
    except PermissionError:
        try:
            os.chown(tmp, -1, st.st_gid)
        except PermissionError:
            pass


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; when the block succeeds it becomes
    ``path`` (one rename), when it fails (or is interrupted) it is removed, so ``path``
    is never left half-written (and an older file there is kept, its mode and owner
    passed on); what a killed run left there is removed first.  A symbolic link is
    followed: the file it points to is replaced, the link stays.  A device or FIFO is
    not replaced: the block writes into it directly."""
    if _is_stream(path):
        yield path
        return
    path = Path(os.path.realpath(path))
    _remove_stale_temps(path)
    tmp = _temp_beside(path)
    try:
        yield tmp
        os.chmod(tmp, _final_mode(path))
        _keep_owner(tmp, path)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


@contextmanager
def atomic_open(path: Path, **kwargs) -> Iterator[IO[str]]:
    """``open(path, "w", **kwargs)`` through :func:`atomic_path`; the file is flushed
    and synced to the disk inside the block, so a full disk fails before the rename."""
    with atomic_path(path) as target, open(target, "w", **kwargs) as f:
        yield f
        f.flush()
        if not _is_stream(Path(target)):
            os.fsync(f.fileno())
