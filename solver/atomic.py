"""Files written whole or not at all.

:func:`atomic_path` gives a temporary path beside the target and renames it over the
target when the block succeeds; a failure or an interruption removes it, so a reader never
sees half a file and an older file stays as it was (its mode and owner pass to the new one).
A device or a FIFO (``/dev/stdout``, a pipe) is written as a stream instead.  The command
line and :func:`solver.records.write_records` both write through it.
"""

from __future__ import annotations

import os
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator

from .errors import CoincheError, quote
from .messages import tr

__all__ = ["atomic_open", "atomic_path", "is_stream"]


_OWN_FILES = ("/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/")


def is_stream(path: Path) -> bool:
    """Whether ``path`` is written as a stream: a device, a FIFO, a socket, or one of
    the process's own open files (``/dev/stdout``)."""
    absolute = os.path.abspath(path)
    if absolute in _OWN_FILES[:2] or absolute.startswith(_OWN_FILES[2:]):
        return True
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
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
    raise CoincheError(tr("cannot write {path}: no free temporary name beside it", path=quote(str(path))))


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
    if is_stream(path):
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
def atomic_open(path: Path, encoding: str = "utf-8", newline: "str | None" = None) -> Iterator[IO[str]]:
    """``open(path, "w", encoding=encoding, newline=newline)`` through :func:`atomic_path`; the
    file is flushed and synced to the disk inside the block, so a full disk fails before the
    rename."""
    with atomic_path(path) as target, open(target, "w", encoding=encoding, newline=newline) as f:
        yield f
        f.flush()
        if not is_stream(Path(target)):
            os.fsync(f.fileno())
