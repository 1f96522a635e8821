"""Long work (sampled advice) as jobs: started, polled for progress, cancelled.

A job runs on a small thread pool.  Its work gets a ``progress(done, total)``
callback, which records the progress and raises :class:`Cancelled` once the job is
cancelled, so the sampling stops after the deals in hand.  A job nobody has asked
about for :data:`ABANDONED_AFTER` seconds counts as cancelled too: closing the page
stops its work even when the page could not say so.

A job started with ``watch=True`` samples its answers in rounds
(:func:`solver.montecarlo.watching`): after each round its ``partial`` holds the
estimate so far (the best option with its standard error, the runner-up's paired gap,
the deals solved), and :meth:`Jobs.stop` ends the sampling after the round in hand,
the job finishing with the answer on the deals solved (marked ``"stopped": "user"``).
Watched jobs share one :class:`~solver.montecarlo.Reuse`: asking again with more
deals, or another question on the same hand, solves only the deals not solved yet.
"""

from __future__ import annotations

import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

from solver.cards import TextEnum
from solver.messages import tr
from solver.montecarlo import Reuse, Round, reusing, watching

#: How a job says how far it is: ``progress(done, total)``.
Progress = Callable[[int, int], None]
#: A job's work: called with its progress callback, returns the job's result.
Work = Callable[[Progress], Any]

#: Seconds without a poll after which a running job is dropped.
ABANDONED_AFTER = 10.0
#: Jobs running at once; more wait in the queue.
MAX_RUNNING = 2
#: Jobs running or waiting at once; a new one beyond this is refused.
MAX_JOBS = 16
#: Finished jobs kept for their pollers, the newest first.
MAX_FINISHED = 64
#: Seconds a finished job's result is kept for its poller.
KEEP_FINISHED = 120.0
#: Random bytes in a job's id (``secrets``): only the client that started a job knows it.
ID_BYTES = 16


class JobState(TextEnum):
    """Where a job is: equal to its word, which the job's JSON carries (``"state": "done"``)."""

    WAITING = "waiting"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


class JobKind(TextEnum):
    """What a job computes, equal to its word, which the job's JSON carries (``"kind":
    "advise"``) and, for the seat's answers, the path its requests are posted to."""

    ADVISE = "advise"
    LEAD = "lead"
    AUCTION_REVIEW = "auctionreview"
    ESTIMATES = "estimates"
    PLAY = "play"
    SEAT_REVIEW = "seatreview"
    PLAYOUT = "playout"
    MATCH_BOT = "matchbot"
    MATCH_REPLAY = "matchreplay"


#: The states a job ends in.
FINISHED = frozenset({JobState.DONE, JobState.FAILED, JobState.CANCELLED})


class Cancelled(Exception):
    """Raised inside a job's work when the job was cancelled or abandoned."""


class Busy(Exception):
    """Too many jobs: the caller should try again later."""


class Stopping(Exception):
    """The server is stopping: no new job starts."""


class Job:
    """One piece of long work: its state, progress, result or error."""

    def __init__(self, job_id: str, kind: JobKind) -> None:
        self.id = job_id
        self.kind = kind
        self.state = JobState.WAITING
        self.done = 0
        self.total = 0
        self.result: Any = None
        self.error: "str | None" = None
        self.cancelled = threading.Event()
        self.stop_asked = threading.Event()
        self.partial: "dict[str, Any] | None" = None
        self.seen = time.monotonic()
        self.finished_at: "float | None" = None

    def touch(self) -> None:
        self.seen = time.monotonic()

    def progress(self, done: int, total: int) -> None:
        """The callback handed to the work: records progress, stops a dropped job."""
        self.done, self.total = done, total
        if time.monotonic() - self.seen > ABANDONED_AFTER:
            self.cancelled.set()
        if self.cancelled.is_set():
            raise Cancelled(self.id)

    def watch(self, r: Round) -> bool:
        """The watcher of a watched job: keeps the round's estimate; ``True`` once a stop
        was asked (every later answer of the job then stops after its first round)."""
        self.partial = r.to_dict()
        if self.cancelled.is_set():
            raise Cancelled(self.id)
        return self.stop_asked.is_set()

    @property
    def finished(self) -> bool:
        return self.state in FINISHED

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "state": self.state.value, "done": self.done,
                "total": self.total, "result": self.result, "error": self.error, "partial": self.partial,
                "stopping": self.stop_asked.is_set()}


class Jobs:
    """The jobs of one application."""

    def __init__(self, running: int = MAX_RUNNING, limit: int = MAX_JOBS) -> None:
        self._pool = ThreadPoolExecutor(max_workers=running, thread_name_prefix="coinche-web-job")
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._limit = limit
        self._stopping = False
        self.reuse = Reuse()

    def start(self, kind: JobKind, work: Work, watch: bool = False) -> Job:
        """Queue ``work(progress)``; its return value becomes the job's result
        (``watch``: its sampled answers are solved in rounds, see the module).

        A :class:`~solver.errors.CoincheError` (any ``ValueError``) it raises becomes the
        job's ``error``, one line."""
        with self._lock:
            self._forget_old()
            active = sum(1 for j in self._jobs.values() if not j.finished)
            if active >= self._limit:
                raise Busy(tr("{n} jobs are under way: try again when one is done", n=active))
            if self._stopping:
                raise Stopping(tr("the server is stopping"))
            job = Job(secrets.token_urlsafe(ID_BYTES), kind)
            self._jobs[job.id] = job
        self._pool.submit(self._run, job, _watched(job, work, self.reuse) if watch else work)
        return job

    def _run(self, job: Job, work: Work) -> None:
        if job.cancelled.is_set():
            job.state = JobState.CANCELLED
        else:
            job.state = JobState.RUNNING
            try:
                job.result = work(job.progress)
                job.state = JobState.DONE
            except Cancelled:
                job.state = JobState.CANCELLED
                if self._stopping:
                    job.error = "the server is stopping"
            except ValueError as e:
                job.error = " ".join(str(e).split())
                job.state = JobState.FAILED
            except Exception as e:  # pragma: no cover - a bug, reported to the page all the same
                job.error = f"internal error: {type(e).__name__}"
                job.state = JobState.FAILED
        job.finished_at = time.monotonic()

    def _forget_old(self) -> None:
        now = time.monotonic()
        finished = sorted((j for j in self._jobs.values() if j.finished), key=lambda j: j.finished_at or now)
        for n, job in enumerate(finished):
            if len(finished) - n > MAX_FINISHED or now - (job.finished_at or now) > KEEP_FINISHED:
                del self._jobs[job.id]
        for job in self._jobs.values():
            if not job.finished and now - job.seen > ABANDONED_AFTER:
                job.cancelled.set()

    def forget(self, job_id: str) -> None:
        """Drop a job whose result has been delivered."""
        with self._lock:
            self._jobs.pop(job_id, None)

    def get(self, job_id: str) -> "Job | None":
        with self._lock:
            job = self._jobs.get(job_id)
        if job is not None:
            job.touch()
        return job

    def cancel(self, job_id: str) -> "Job | None":
        job = self.get(job_id)
        if job is not None:
            job.cancelled.set()
            if job.state is JobState.WAITING:
                job.state = JobState.CANCELLED
                job.finished_at = time.monotonic()
        return job

    def stop(self, job_id: str) -> "Job | None":
        """End a watched job's sampling after the round in hand, keeping its estimate:
        the job finishes with the answer on the deals solved."""
        job = self.get(job_id)
        if job is not None:
            job.stop_asked.set()
        return job

    def stop_all(self) -> None:
        """The server is stopping: refuse new jobs, cancel the others (each stops after
        the deal in hand)."""
        self._stopping = True
        with self._lock:
            jobs = list(self._jobs.values())
        for job in jobs:
            job.cancelled.set()
            if job.state is JobState.WAITING:
                job.state, job.error = JobState.CANCELLED, "the server is stopping"
                job.finished_at = time.monotonic()

    @property
    def stopping(self) -> bool:
        return self._stopping

    def shutdown(self) -> None:
        self._stopping = True
        with self._lock:
            for job in self._jobs.values():
                job.cancelled.set()
        self._pool.shutdown(wait=False, cancel_futures=True)


def _watched(job: Job, work: Work, reuse: Reuse) -> Work:
    """``work`` with its sampled answers shown to ``job`` round by round, reusing the
    per-deal results in ``reuse``."""
    def run(progress: Progress) -> Any:
        with watching(job.watch), reusing(reuse):
            return work(progress)
    return run
