"""Parallel work: one function over many tasks, one solver per worker, on threads or processes.

Every parallel computation of the package goes through here: the advice's deals, a
table's strains, a batch's deals.  A task function is called as ``func(solver, task)``,
where ``solver`` is the worker's own :class:`~solver.solve.Solver`: a thread's solver
(:func:`~solver.solve.default_solver`, kept by the thread for later calls), or the one
solver of a worker process.

- :func:`map_tasks`: ``[func(solver, task) for task in tasks]``, the results in the
  order of the tasks whatever the number of workers, with ``progress(done, total)``.
- :func:`executor`: a :class:`Executor` of a :class:`Backend`, whose two maps stream the
  results (:meth:`Executor.map_unordered` as they finish, :meth:`Executor.map_ordered`
  in order with a bounded number of tasks ahead, so memory stays flat).
- :func:`map_with_caller`: :func:`map_tasks` on threads for a few short tasks a user
  waits on (a table's strains), the calling thread working as one of the threads.
- :func:`default_workers`: how many workers by default, the cores this process may use.

Threads suffice for the solver, since the engine releases the GIL while it searches;
processes serve functions that spend their time in Python.  Worker processes ignore
SIGINT (a terminal sends it to the whole process group: the main process decides) and
are terminated as soon as their executor is left, normally or by an exception
(KeyboardInterrupt, SystemExit from a signal handler, a closed pipe).  An exception
raised by the task function stops the other workers and is raised in the caller.

A backend is a subclass of :class:`Executor` named in :data:`EXECUTORS`: a distributed
one (a cluster) plugs in there, with a member of :class:`Backend`.

>>> map_tasks(lambda solver, t: t * t, range(6), workers=2)
[0, 1, 4, 9, 16, 25]
>>> with executor("thread", 2) as ex:
...     list(ex.map_ordered(lambda solver, t: -t, [1, 2, 3]))
[-1, -2, -3]
"""

from __future__ import annotations

import abc
import ast
import collections
import concurrent.futures
import enum
import logging
import multiprocessing
import multiprocessing.pool
import queue
import signal
import sys
import threading
import types
from contextlib import ExitStack, closing, contextmanager
from typing import Any, Callable, ClassVar, Generator, Iterable, Iterator, Sequence

from .errors import ConstraintError, quote
from .messages import tr
from .solve import Solver, default_solver
from .workers import check_workers, default_workers, thread_pool

__all__ = ["Backend", "Executor", "EXECUTORS", "default_workers", "executor", "map_tasks",
           "process_pool", "end_pool", "check_workers", "stopping", "WorkerLostError", "SchedulerLostError"]

#: A task function: ``func(solver, task) -> result``.
TaskFunc = Callable[[Solver, Any], Any]
#: A progress callback: ``progress(done, total)`` (``total`` is None for a stream of tasks).
Progress = Callable[[int, "int | None"], None]

class Backend(enum.Enum):
    """Where the workers run."""

    THREAD = "thread"
    PROCESS = "process"
    DASK = "dask"

    @classmethod
    def parse(cls, value: "Backend | str") -> "Backend":
        """A backend as it is, or its name.

        >>> Backend.parse("process")
        <Backend.PROCESS: 'process'>
        """
        if isinstance(value, Backend):
            return value
        try:
            return cls(value.lower() if isinstance(value, str) else value)
        except ValueError:
            names = ", ".join(b.value for b in cls)
            raise ConstraintError(tr("executor {value}: expected one of {names}", value=quote(value),
                                     names=names)) from None


# ---------------------------------------------------------------------------
# Worker processes
# ---------------------------------------------------------------------------

def _process_start() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)      # a closed terminal: the main process decides
    signal.signal(signal.SIGTERM, signal.SIG_DFL)     # terminate() must end a worker at once


@contextmanager
def process_pool(processes: int) -> Iterator[multiprocessing.pool.Pool]:
    """A :class:`multiprocessing.pool.Pool` of ``processes`` workers (forked where the
    system can), which ignore SIGINT and are terminated when the block ends.

    >>> with process_pool(2) as pool:
    ...     pool.map(abs, [-1, 2, -3])
    [1, 2, 3]
    """
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ctx.Pool(processes, initializer=_process_start)
    try:
        yield pool
    finally:
        end_pool(pool)


#: How long ending a pool may take before its workers are killed outright (seconds).
POOL_END_WAIT = 2.0


def end_pool(pool: multiprocessing.pool.Pool, wait: float = POOL_END_WAIT) -> None:
    """``pool.terminate()``, bounded by ``wait`` seconds.

    Terminating puts a sentinel on the pool's result queue under the queue's write lock.
    A worker killed while it held that lock (writing a result when the system killed it,
    out of memory say) leaves the lock taken for ever, and every live worker waits on it
    too.  So the pool is terminated from a thread of its own, and when that has not
    returned within ``wait``, the workers are killed outright and the thread is left
    waiting on the dead lock (the pool is never used again)."""
    ender = threading.Thread(target=pool.terminate, name="coinche-pool-end", daemon=True)
    ender.start()
    ender.join(wait)
    if ender.is_alive():
        for worker in list(getattr(pool, "_pool", [])):
            if worker.exitcode is None:
                worker.kill()
                worker.join(wait)


def _run_one(func: TaskFunc, task: Any) -> Any:
    """``func`` on this worker's solver (in a worker process: the process's one solver)."""
    return func(default_solver(), task)


def _run_chunk(job: tuple[Any, ...]) -> tuple[int, list[Any]]:
    func, start, chunk = job
    solver = default_solver()
    return start, [func(solver, t) for t in chunk]


# ---------------------------------------------------------------------------
# Executors
# ---------------------------------------------------------------------------

class Executor(abc.ABC):
    """Workers of one backend, for the time of a ``with`` block.

    A backend implements :meth:`map_unordered` and :meth:`submit`; :meth:`map_ordered`
    is built on :meth:`submit`.  ``func`` and the tasks must pickle for a backend that
    runs in other processes."""

    backend: ClassVar[Backend]
    #: The options :func:`executor` passes on (None: none).
    options: ClassVar["tuple[str, ...] | None"] = None

    def __init__(self, workers: int) -> None:
        self.workers = check_workers(workers)
        #: Results a stopped :meth:`map_unordered` had received but not yet handed out,
        #: ``(i, result)``: a caller that keeps finished work (a study) takes them.
        self.unclaimed: list[tuple[int, Any]] = []

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers (at once for processes); the executor serves no more maps."""

    @abc.abstractmethod
    def map_unordered(self, func: TaskFunc, tasks: Sequence[Any], progress: "Progress | None" = None,
                      per_job: "int | None" = None) -> Generator[tuple[int, Any], None, None]:
        """``(i, func(solver, tasks[i]))`` for every task as it finishes;
        ``progress(done, len(tasks))`` from the calling thread.  ``per_job``: tasks sent
        to a worker process at once (default: about 8 jobs a worker; 1 for long tasks
        whose results should come back one by one as each finishes).  When the map is
        closed early (an exception, a signal), the results already received but not
        handed out go to :attr:`unclaimed`."""

    @abc.abstractmethod
    def submit(self, func: TaskFunc, task: Any) -> Callable[[], Any]:
        """Start ``func(solver, task)``; the function returned waits for its result."""

    def map_ordered(self, func: TaskFunc, tasks: Iterable[Any], progress: "Progress | None" = None,
                    ahead: "int | None" = None) -> Iterator[Any]:
        """``func(solver, task)`` for each task in order, streamed: at most ``ahead`` tasks
        (default: two per worker) run beyond the one whose result is awaited, so a long
        stream of tasks is read as the results are used.  Closing the iterator early
        leaves the tasks started to the workers' end (:meth:`close`)."""
        limit = 2 * self.workers if ahead is None else ahead
        total = len(tasks) if isinstance(tasks, Sequence) else None
        pending: collections.deque[Any] = collections.deque()
        done = 0
        for task in tasks:
            pending.append(self.submit(func, task))
            if len(pending) > limit:
                done += 1
                yield _reported(pending.popleft()(), done, total, progress)
        while pending:
            done += 1
            yield _reported(pending.popleft()(), done, total, progress)


def _reported(result: Any, done: int, total: "int | None", progress: "Progress | None") -> Any:
    if progress is not None:
        progress(done, total)
    return result


class _Failure:
    """An exception a worker thread raised, on its way to the calling thread."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        self.error = error


#: The stop flag of the map the current worker thread serves (see :func:`stopping`).
_WORKER = threading.local()


def stopping() -> bool:
    """Whether the map this worker thread serves is being stopped (a signal, an error,
    the caller gone): a long task checks it between its steps and gives up, so a thread
    is back within one step.  Always false outside a thread map (worker processes are
    terminated instead)."""
    stop = getattr(_WORKER, "stop", None)
    return stop is not None and stop.is_set()


class ThreadExecutor(Executor):
    """Threads of this process, each with its own solver, kept for later maps."""

    backend = Backend.THREAD

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        #: The stop flags of the maps running now: :meth:`close` sets them all.
        self._maps: set[threading.Event] = set()

    def close(self) -> None:
        """Stop every map still running (a map left unfinished, a signal between two of
        its steps): their threads end after the task they are on."""
        for stop in list(self._maps):
            stop.set()

    def submit(self, func: TaskFunc, task: Any) -> Callable[[], Any]:
        return thread_pool().submit(_run_one, func, task).result

    def map_unordered(self, func: TaskFunc, tasks: Sequence[Any], progress: "Progress | None" = None,
                      per_job: "int | None" = None) -> Generator[tuple[int, Any], None, None]:
        """Each worker takes the next task as soon as it is free; the calling thread only
        takes finished tasks from a queue (waiting on one future per task would hold the
        GIL against the workers).  Stopped early, the map sets the flag :func:`stopping`
        reads and waits for the threads (a task that checks it: one step each)."""
        n = len(tasks)
        lock = threading.Condition()
        nxt = [0]
        busy = [0]      # the workers inside work(): a stopped map waits for them all
        stop = threading.Event()
        finished: "queue.SimpleQueue[tuple[int, Any] | _Failure]" = queue.SimpleQueue()

        def work() -> None:
            with lock:
                busy[0] += 1
            try:        # (from the count on: a worker counted in is always counted out)
                solver = default_solver()
                _WORKER.stop = stop
                while not stop.is_set():
                    with lock:
                        i = nxt[0]
                        nxt[0] = i + 1
                    if i >= n:
                        return
                    finished.put((i, func(solver, tasks[i])))
            except BaseException as e:  # handed to the calling thread, which raises it
                finished.put(_Failure(e))
            finally:
                _WORKER.stop = None
                with lock:
                    busy[0] -= 1
                    lock.notify_all()

        jobs: list[concurrent.futures.Future[None]] = []
        self._maps.add(stop)
        try:        # the threads start inside: a signal among them still sets the flag
            jobs.extend(thread_pool().submit(work) for _ in range(min(self.workers, n)))
            for done in range(1, n + 1):
                item = _next_finished(finished, jobs)
                if isinstance(item, _Failure):
                    raise item.error
                yield _reported(item, done, n, progress)
        finally:
            stop.set()
            self._maps.discard(stop)
            concurrent.futures.wait(jobs)
            # a signal can land between a worker's start and its future joining ``jobs``:
            # wait for every worker that started (one that starts later finds the flag
            # set and takes no task)
            with lock:
                lock.wait_for(lambda: busy[0] == 0)
            while not finished.empty():
                item = finished.get()
                if not isinstance(item, _Failure):
                    self.unclaimed.append(item)


def _next_finished(finished: queue.SimpleQueue[Any], jobs: list[Any]) -> Any:
    while True:
        try:
            return finished.get(timeout=0.25)
        except queue.Empty:
            if all(j.done() for j in jobs) and finished.empty():    # pragma: no cover - defensive
                raise RuntimeError(tr("the workers stopped before finishing their tasks")) from None


class WorkerLostError(RuntimeError):
    """A worker process died while it held tasks: their results will not come."""


class SchedulerLostError(ConstraintError):
    """The Dask scheduler went away (stopped, unreachable): no task can finish."""


class ProcessExecutor(Executor):
    """Worker processes, one solver each, terminated when the executor is closed."""

    backend = Backend.PROCESS

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self._stack = ExitStack()
        self._pool = self._stack.enter_context(process_pool(self.workers))
        self._pids = self._worker_pids()

    def _worker_pids(self) -> set[int]:
        return {p.pid for p in getattr(self._pool, "_pool", [])}

    def close(self) -> None:
        self._stack.close()

    def submit(self, func: TaskFunc, task: Any) -> Callable[[], Any]:
        return self._pool.apply_async(_run_one, (func, task)).get

    def map_unordered(self, func: TaskFunc, tasks: Sequence[Any], progress: "Progress | None" = None,
                      per_job: "int | None" = None) -> Generator[tuple[int, Any], None, None]:
        """The tasks go in jobs of ``per_job`` tasks (default: about 8 jobs a worker)."""
        n = len(tasks)
        size = per_job if per_job is not None else max(1, -(-n // (8 * self.workers)))
        jobs = [(func, i, tasks[i:i + size]) for i in range(0, n, size)]
        done = 0
        results = self._pool.imap_unordered(_run_chunk, jobs)
        received = 0
        try:
            for _ in jobs:
                start, part = self._next(results)
                received += 1
                done += len(part)
                if progress is not None:
                    progress(done, n)
                for item in enumerate(part, start):
                    yield item
        finally:
            # stopped early: what the pool had already received is not lost
            while received < len(jobs):
                try:
                    start, part = results.next(timeout=0)
                except Exception:  # noqa: BLE001 - nothing more has come (or a task raised)
                    break
                received += 1
                self.unclaimed += list(enumerate(part, start))

    def _next(self, results: Any) -> Any:
        """The next finished job; :class:`WorkerLostError` when a worker process died
        (killed, out of memory) while jobs were pending: its job would never return.
        The pool replaces a dead worker at once and workers never retire on their own,
        so a worker set that changed means one died."""
        while True:
            try:
                return results.next(timeout=0.5)
            except multiprocessing.TimeoutError:
                if self._worker_pids() != self._pids:
                    raise WorkerLostError(tr("a worker process died with tasks unfinished")) from None


def _distributed() -> Any:
    """The ``distributed`` package, or a one-line error saying which extra installs it."""
    try:
        import distributed
    except ImportError:
        raise ConstraintError(tr("the dask backend needs the dask extra: "
                                 "pip install 'coinche-solver[dask]'")) from None
    return distributed


def _tls_settings(address: str) -> None:
    """Refuse a ``tls://`` address when Dask has no client certificate to show: the
    connection could only time out."""
    if not address.startswith("tls://"):
        return
    import dask.config
    need = {"distributed.comm.tls.ca-file": "DASK_DISTRIBUTED__COMM__TLS__CA_FILE",
            "distributed.comm.tls.client.cert": "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT",
            "distributed.comm.tls.client.key": "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY"}
    missing = [env for key, env in need.items() if not dask.config.get(key, None)]
    # a key may sit in the certificate file itself (no key setting)
    if missing == [need["distributed.comm.tls.client.key"]] and dask.config.get("distributed.comm.tls.client.cert"):
        return
    if missing:
        raise ConstraintError(tr("the scheduler {address} speaks TLS, and no certificate is set: "
                                 "set {missing} (or Dask's configuration file), as docs/cluster.md shows",
                                 address=quote(address), missing=", ".join(missing)))


def _unguarded_script_line() -> "int | None":
    """The line of the running script that started a local Dask cluster from its top
    level without ``if __name__ == "__main__":`` (each worker process imports the
    script again, which would start the work again), or ``None``."""
    frame: "types.FrameType | None" = sys._getframe()
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") == "__main__":
            break
        frame = frame.f_back
    if frame is None:
        return None
    path = frame.f_globals.get("__file__")
    try:
        with open(str(path), encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, ValueError, SyntaxError, TypeError):
        return None
    line = frame.f_lineno
    for node in ast.walk(tree):
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Compare)
                and "__name__" in ast.unparse(node.test) and "__main__" in ast.unparse(node.test)
                and node.lineno <= line <= (node.end_lineno or node.lineno)):
            return None
    return line


def _silence(prefix: str) -> list[tuple[logging.Logger, int]]:
    """Turn off the loggers named ``prefix`` and ``prefix.*``; their former levels."""
    names = [prefix] + [n for n in list(logging.root.manager.loggerDict) if n.startswith(prefix + ".")]
    out = []
    for name in names:
        logger = logging.getLogger(name)
        out.append((logger, logger.level))
        logger.setLevel(logging.CRITICAL + 1)
    return out


class DaskExecutor(Executor):
    """Workers of a Dask cluster: an existing one (``address="tcp://HOST:8786"``) or a
    ``LocalCluster`` of ``local_workers`` single-threaded processes started here and
    closed with the executor.  Each Dask worker thread keeps one solver (the package is
    installed on every worker).  A task that raises is run again up to ``retries``
    times (a task on a worker that dies is rescheduled by Dask itself) before its error
    is raised here.  Tasks in flight: twice the cluster's threads (or ``workers`` if
    more), so no worker waits and the client's memory stays flat."""

    backend = Backend.DASK
    options = ("address", "local_workers", "retries")
    #: How long to wait for a scheduler to answer.
    connect_timeout = "10s"

    def __init__(self, workers: int, address: "str | None" = None, local_workers: "int | None" = None,
                 retries: int = 2) -> None:
        super().__init__(workers)
        if (address is None) == (local_workers is None):
            raise ConstraintError(tr("the dask backend needs a scheduler address "
                                     "or a number of local workers"))
        if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
            raise ConstraintError(tr("retries {retries!r}: expected 0 or more", retries=retries))
        distributed = _distributed()
        if address is not None:
            _tls_settings(address)
        else:
            line = _unguarded_script_line()
            if line is not None:
                raise ConstraintError(tr("a local Dask cluster started from a script's top level "
                                         "(line {line}): put the script's work under "
                                         "'if __name__ == \"__main__\":', since each "
                                         "worker process imports the script again", line=line))
        self.retries = retries
        self.address = address
        self._cluster = None
        # The client logs a lost scheduler as tracebacks on stderr; the map raises
        # SchedulerLostError instead, which the caller reports in one line.
        self._levels = _silence("distributed")
        self._gone = False
        if address is None:
            local_workers = check_workers(local_workers)
            # no dashboard; the scheduler's own HTTP server (health, metrics) on a free
            # port of this machine's loopback only: the usual 8787 may be another
            # cluster's (distributed would then warn on stderr), and ":0" would listen
            # on every interface
            self._cluster = distributed.LocalCluster(
                n_workers=local_workers, threads_per_worker=1, processes=True,
                dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}, silence_logs=50)
            address = self._cluster.scheduler_address
        try:
            self._client = distributed.Client(address, timeout=self.connect_timeout, set_as_default=False)
        except OSError as e:
            self.close()
            raise ConstraintError(tr("no Dask scheduler at {address}: {error}", address=quote(address),
                                     error=e)) from None
        # two tasks queued a worker thread, so none waits on the client between tasks
        threads = sum(self._client.nthreads().values()) or 1
        self.in_flight = max(self.workers, 2 * threads)

    def close(self) -> None:
        client, cluster = getattr(self, "_client", None), self._cluster
        self._client = self._cluster = None
        try:
            if client is not None:
                try:
                    client.close()
                except OSError:
                    # closing tries to reach the scheduler: once it is gone that times out,
                    # and the error that ended the run (SchedulerLostError) is the news
                    if not (self._gone or client.status != "running"):
                        raise
            if cluster is not None:
                cluster.close()
        finally:
            if not self._gone:          # the client still logs its reconnection attempts
                for logger, level in self._levels:
                    logger.setLevel(level)

    def _lost(self, error: BaseException) -> "SchedulerLostError | None":
        """The error to raise for ``error`` when it means the scheduler is gone: a future
        cancelled or a connection closed, or an ``OSError`` while the client is not
        connected (it times out reconnecting; a task's own ``OSError`` comes through a
        connected client, as itself)."""
        distributed = _distributed()
        client = self._client
        reconnecting = isinstance(error, OSError) and (client is None or client.status != "running")
        if reconnecting or isinstance(error, (distributed.client.FutureCancelledError,
                                              distributed.comm.CommClosedError)):
            where = self.address if self.address is not None else tr("the local cluster")
            self._gone = True
            return SchedulerLostError(tr("lost the Dask scheduler at {where}", where=where))
        return None

    def _submit(self, func: TaskFunc, task: Any) -> Any:
        return self._client.submit(_run_one, func, task, pure=False, retries=self.retries)

    def submit(self, func: TaskFunc, task: Any) -> Callable[[], Any]:
        result: Callable[[], Any] = self._submit(func, task).result
        return result

    def map_unordered(self, func: TaskFunc, tasks: Sequence[Any], progress: "Progress | None" = None,
                      per_job: "int | None" = None) -> Generator[tuple[int, Any], None, None]:
        n = len(tasks)
        if n == 0:
            return
        first = [self._submit(func, t) for t in tasks[:self.in_flight]]
        index = {f.key: i for i, f in enumerate(first)}
        live = {f.key: f for f in first}        # submitted, not yet handed out
        started, done = len(first), 0
        running = _distributed().as_completed(first, loop=self._client.loop)
        try:
            for fut in running:
                i = index.pop(fut.key)
                live.pop(fut.key, None)
                try:
                    result = fut.result()
                except Exception as e:
                    lost = self._lost(e)
                    if lost is None:
                        raise
                    raise lost from None
                fut.release()
                if started < n:
                    nxt = self._submit(func, tasks[started])
                    index[nxt.key] = started
                    live[nxt.key] = nxt
                    running.add(nxt)
                    started += 1
                done += 1
                if progress is not None:
                    progress(done, n)
                yield i, result
        finally:
            if index and self._client is not None:
                # stopped early: the tasks already finished on the workers are kept
                for key, fut in live.items():
                    if fut.status == "finished":
                        try:
                            self.unclaimed.append((index[key], fut.result(timeout=5)))
                        except Exception:  # noqa: BLE001 - not kept, solved again next time
                            pass
                try:
                    self._client.cancel(list(running.futures))
                except Exception:  # noqa: BLE001 - no scheduler to tell
                    pass


#: The executor class of each backend.
EXECUTORS: dict[Backend, type[Executor]] = {Backend.THREAD: ThreadExecutor, Backend.PROCESS: ProcessExecutor,
                                            Backend.DASK: DaskExecutor}


def executor(backend: "Backend | str", workers: "int | None" = None, **options: Any) -> Executor:
    """An :class:`Executor` of ``backend`` with ``workers`` (default :func:`default_workers`),
    to use in a ``with`` block.  ``options`` go to a backend that takes some (the Dask
    backend's ``address``, ``local_workers`` and ``retries``); the others take none.

    >>> executor("thread", 2, address="tcp://x:8786")
    Traceback (most recent call last):
    ...
    solver.errors.ConstraintError: the thread backend takes no option address
    """
    kind = Backend.parse(backend)
    cls = EXECUTORS[kind]
    if options and cls.options is None:
        raise ConstraintError(tr("the {kind} backend takes no option {options}", kind=kind.value,
                                 options=", ".join(options)))
    return cls(check_workers(workers), **options)


def map_tasks(func: TaskFunc, tasks: Iterable[Any], workers: "int | None" = None,
              backend: "Backend | str" = Backend.THREAD, progress: "Progress | None" = None) -> list[Any]:
    """``[func(solver, task) for task in tasks]``, spread over ``workers``.

    Each worker holds one :class:`~solver.solve.Solver` for all its tasks (a thread keeps
    its solver for the next call).  ``backend``: :class:`Backend` or its name.
    ``progress(done, total)`` is called from the calling thread as tasks finish.  The
    results come back in the order of ``tasks`` whatever the number of workers, so the
    output never depends on it.  An exception raised by ``func`` stops the other workers
    (after their current task) and is raised here.  One worker, or one task, runs in the
    calling thread.

    >>> from solver.deal import Deal
    >>> map_tasks(lambda s, d: s.solve(d, "S").ns_points,
    ...           [Deal.from_pbn("N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-")], workers=1)
    [25]
    """
    tasks = list(tasks)
    n = len(tasks)
    w = check_workers(workers)
    kind = Backend.parse(backend)
    out: list[Any] = [None] * n
    if w == 1 or n <= 1:
        solver = default_solver()
        for i, t in enumerate(tasks):
            out[i] = _reported(func(solver, t), i + 1, n, progress)
        return out
    with executor(kind, min(w, n)) as ex, closing(ex.map_unordered(func, tasks, progress)) as results:
        for i, result in results:
            out[i] = result
    return out


class _CallerMap:
    """The tasks of :func:`map_with_caller`, taken in turn by whichever thread is free."""

    def __init__(self, func: TaskFunc, tasks: list[Any]) -> None:
        self.func, self.tasks = func, tasks
        self.out: list[Any] = [None] * len(tasks)
        self.next = 0
        self.helping = 0                    # helper threads inside work()
        self.lock = threading.Condition()
        self.stop = False
        self.error: "BaseException | None" = None

    def work(self, solver: Solver) -> None:
        """Take the next task until none is left or the map is stopped."""
        while True:
            with self.lock:
                i = self.next
                self.next += 1
                if self.stop or i >= len(self.tasks):
                    return
            self.out[i] = self.func(solver, self.tasks[i])

    def help(self) -> None:
        """A helper thread's :meth:`work`, with its own solver; its error goes to the caller."""
        with self.lock:
            self.helping += 1
        try:        # (from the count on: a helper counted in is always counted out)
            self.work(default_solver())
        except BaseException as e:  # handed to the calling thread, which raises it
            with self.lock:
                self.error = self.error or e
                self.stop = True
        finally:
            with self.lock:
                self.helping -= 1
                self.lock.notify_all()


def map_with_caller(func: TaskFunc, tasks: Iterable[Any], workers: "int | None" = None) -> list[Any]:
    """``[func(solver, task) for task in tasks]`` on ``workers`` threads, the calling thread
    one of them, each with its own solver and each taking the next task when it is free.

    For a few tasks of a few milliseconds that a user waits on, such as a table's strains:
    the calling thread works instead of waiting on the others, which spares a thread
    woken for every task that ends (:func:`map_tasks` keeps the calling thread free to
    report progress and to stop at once).  An exception raised by ``func`` in any thread
    stops the others after their current task and is raised here; so does Ctrl-C, which
    reaches the calling thread once its current task ends.

    >>> map_with_caller(lambda solver, t: t * t, range(5), workers=2)
    [0, 1, 4, 9, 16]
    """
    shared = _CallerMap(func, list(tasks))
    try:        # the helpers start inside: a signal among them still stops them
        for _ in range(min(check_workers(workers), len(shared.tasks)) - 1):
            thread_pool().submit(shared.help)
        shared.work(default_solver())
        with shared.lock:       # every task is taken: wait for those the helpers took
            shared.lock.wait_for(lambda: shared.helping == 0)
    except BaseException:
        with shared.lock:
            shared.stop = True
        raise
    if shared.error is not None:
        raise shared.error
    return shared.out
