"""Worker processes that end with their user: a pool terminated on any exit.

:func:`process_pool` is a :class:`multiprocessing.pool.Pool` (forked where the system
can) whose workers ignore SIGINT, which a terminal sends to the whole process group:
the main process alone decides what an interruption does.  Leaving the ``with``
block, normally or by an exception (KeyboardInterrupt, SystemExit from a signal
handler, a closed pipe), terminates the workers at once instead of waiting for the
work still queued.

>>> with process_pool(2) as pool:
...     pool.map(abs, [-1, 2, -3])
[1, 2, 3]
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import signal
from contextlib import contextmanager
from typing import Iterator

__all__ = ["process_pool"]


def _worker_start() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)     # terminate() must end a worker at once


@contextmanager
def process_pool(processes: int) -> Iterator[multiprocessing.pool.Pool]:
    """A pool of ``processes`` workers, terminated when the block ends."""
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ctx.Pool(processes, initializer=_worker_start)
    try:
        yield pool
    finally:
        pool.terminate()
