"""How many workers, and the threads kept for them: the piece of :mod:`solver.parallel`
that :mod:`solver.solve` also needs (``solve_all``), kept below both so that neither
imports the other's way back."""

from __future__ import annotations

import concurrent.futures
import os
import queue
import threading
from typing import Any, Callable, TypeVar

from .errors import ConstraintError
from .messages import tr

# Threads kept for later maps, each with its solver: starting a thread costs about what
# a small search does.  The bound only caps what callers may ask (each thread is started
# when a map first needs it).
MAX_THREADS = 256

T = TypeVar("T")


class ThreadPool:
    """Threads that run the calls submitted to them, each started when a call finds no
    thread idle (up to ``max_threads``) and kept for later calls.

    They are daemon threads: a process that is ending (a Ctrl-C, an error) never waits
    for one.  That matters for a thread whose start a signal interrupted: started but
    never registered, a pool thread of :mod:`concurrent.futures` would be waited for at
    exit, forever.  Whoever needs a call's result waits on its future, as the maps do.

    >>> pool = ThreadPool(2, "doc")
    >>> [f.result() for f in [pool.submit(abs, -3), pool.submit(pow, 2, 5)]]
    [3, 32]
    """

    def __init__(self, max_threads: int, name: str) -> None:
        self.max_threads = max_threads
        self.name = name
        self._calls: "queue.SimpleQueue[tuple[concurrent.futures.Future[Any], Callable[..., Any], tuple[Any, ...]]]" \
            = queue.SimpleQueue()
        self._idle = threading.Semaphore(0)
        self._lock = threading.Lock()
        self._started = 0

    def submit(self, fn: Callable[..., T], /, *args: Any) -> "concurrent.futures.Future[T]":
        """Run ``fn(*args)`` on a thread of the pool; its future."""
        future: "concurrent.futures.Future[T]" = concurrent.futures.Future()
        self._calls.put((future, fn, args))
        if not self._idle.acquire(blocking=False):
            self._start_one()
        return future

    def _start_one(self) -> None:
        with self._lock:
            if self._started >= self.max_threads:
                return
            self._started += 1
            name = f"{self.name}_{self._started}"
        threading.Thread(target=self._serve, name=name, daemon=True).start()

    def _serve(self) -> None:
        while True:
            future, fn, args = self._calls.get()
            if future.set_running_or_notify_cancel():
                try:
                    result = fn(*args)
                except BaseException as e:  # the future's reader raises it
                    future.set_exception(e)
                else:
                    future.set_result(result)
            del future, fn, args            # nothing of the call outlives it
            self._idle.release()


_THREADS: "tuple[int, ThreadPool] | None" = None   # (pid, threads)


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
        raise ConstraintError(tr("workers {workers!r}: expected 1 or more", workers=workers))
    return workers


def thread_pool() -> ThreadPool:
    """The threads kept for later maps (made anew in a forked child)."""
    global _THREADS
    if _THREADS is None or _THREADS[0] != os.getpid():
        _THREADS = (os.getpid(), ThreadPool(MAX_THREADS, "coinche-worker"))
    return _THREADS[1]
