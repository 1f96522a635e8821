"""How many workers, and the threads kept for them: the piece of :mod:`solver.parallel`
that :mod:`solver.solve` also needs (``solve_all``), kept below both so that neither
imports the other's way back."""

from __future__ import annotations

import concurrent.futures
import os

from .errors import ConstraintError

# Threads kept for later maps, each with its solver: starting a thread costs about what
# a small search does.  The bound only caps what callers may ask (each thread is started
# when a map first needs it).
MAX_THREADS = 256

_THREADS: "tuple[int, concurrent.futures.ThreadPoolExecutor] | None" = None   # (pid, threads)


def default_workers() -> int:
    """The cores this process may use (its CPU affinity where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def check_workers(workers: "int | None") -> int:
    """``workers`` checked (a whole number, 1 or more), or :func:`default_workers`."""
    if workers is None:
        return default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ConstraintError(f"workers {workers!r}: expected 1 or more")
    return workers


def thread_pool() -> concurrent.futures.ThreadPoolExecutor:
    """The threads kept for later maps (made anew in a forked child)."""
    global _THREADS
    if _THREADS is None or _THREADS[0] != os.getpid():
        _THREADS = (os.getpid(), concurrent.futures.ThreadPoolExecutor(
            max_workers=MAX_THREADS, thread_name_prefix="coinche-worker"))
    return _THREADS[1]
