"""Parallel work (solver.parallel): results in order, progress, a worker's error raised in the
caller, one solver per worker, on threads and on processes.  How a real command stops its
workers on Ctrl-C, SIGTERM and a closed pipe: tests/test_cli_stopping.py."""

from __future__ import annotations

import threading
import time

import pytest

from solver import Deal, Solver
from solver.errors import ConstraintError
from solver.parallel import Backend, default_workers, executor, map_tasks, map_with_caller

BACKENDS = [Backend.THREAD, Backend.PROCESS]    # the Dask backend: tests/test_parallel_dask.py


def _square_or_fail(solver, t):
    if t == 13:
        raise ValueError("task 13 failed")
    return t * t


@pytest.mark.parametrize("executor", ["thread", "process"])
def test_map_deals_keeps_the_order_and_counts_every_task(executor):
    seen = []
    out = map_tasks(_square_or_fail, range(40, 140), workers=2, backend=executor,
                    progress=lambda d, n: seen.append((d, n)))
    assert out == [t * t for t in range(40, 140)]
    assert seen[-1] == (100, 100) and [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize("executor", ["thread", "process"])
def test_map_deals_raises_a_workers_error(executor):
    with pytest.raises(ValueError, match="task 13 failed"):
        map_tasks(_square_or_fail, range(30), workers=2, backend=executor)
    # the threads are gone and their solvers are back for the next call
    assert map_tasks(_square_or_fail, [2, 3], workers=2) == [4, 9]


def _slow_first(solver, t):
    """Task 0 finishes last, so finishing order and task order differ."""
    time.sleep(0.2 if t == 0 else 0.0)
    return -t


@pytest.mark.parametrize("backend", BACKENDS)
def test_map_ordered_streams_in_task_order(backend):
    seen = []
    with executor(backend, 2) as ex:
        out = list(ex.map_ordered(_slow_first, iter(range(9)), progress=lambda d, n: seen.append((d, n)),
                                  ahead=3))
        assert out == [-t for t in range(9)]
        assert seen == [(d, None) for d in range(1, 10)]         # a stream: no total known
        # the unordered map gives each index once, whatever order they finish in
        assert sorted(ex.map_unordered(_slow_first, range(5))) == [(i, -i) for i in range(5)]


@pytest.mark.parametrize("backend", BACKENDS)
def test_map_ordered_raises_a_workers_error(backend):
    with executor(backend, 2) as ex:
        with pytest.raises(ValueError, match="task 13 failed"):
            list(ex.map_ordered(_square_or_fail, range(10, 20)))


def _solver_id(solver, t):
    time.sleep(0.05)              # every worker holds a task at once
    return id(solver), threading.get_ident()


def test_each_thread_has_its_own_solver_and_keeps_it():
    first = map_tasks(_solver_id, range(4), workers=2, backend=Backend.THREAD)
    by_thread = {}
    for solver, thread in first:
        assert by_thread.setdefault(thread, solver) == solver      # one solver per thread
    assert len(set(by_thread.values())) == len(by_thread) == 2
    # the threads are kept for the next map, and each keeps its solver
    again = map_tasks(_solver_id, range(4), workers=2, backend=Backend.THREAD)
    assert all(by_thread.get(thread, solver) == solver for solver, thread in again)


def _points(solver, deal):
    assert isinstance(solver, Solver) and isinstance(deal, Deal)
    return solver.solve(deal, "H").ns_points


@pytest.mark.parametrize("backend", BACKENDS)
def test_tasks_carry_deals_to_the_workers(backend):
    deals = [Deal.random(seed=s) for s in range(4)]
    want = [Solver(tt_bits=12).solve(d, "H").ns_points for d in deals]
    assert map_tasks(_points, deals, workers=2, backend=backend) == want


def test_bad_workers_and_backends_are_refused():
    with pytest.raises(ConstraintError, match="workers 0"):
        map_tasks(_square_or_fail, [1, 2], workers=0)
    with pytest.raises(ConstraintError, match="workers 1.5"):
        executor("thread", 1.5)
    with pytest.raises(ConstraintError, match="'gpu'"):
        map_tasks(_square_or_fail, [1, 2], workers=2, backend="gpu")
    assert Backend.parse("PROCESS") is Backend.PROCESS
    assert default_workers() >= 1


def _counting_sleep(counter: list[int]):
    def task(solver, t):
        counter.append(t)
        time.sleep(0.01)
        return t
    return task


def test_closing_the_thread_executor_stops_a_map_left_unfinished():
    """A map abandoned between two results (a signal landing in the caller, not in the
    map) is stopped by the executor's end: its threads finish the task they are on and
    take no other.  Before, the threads went on with all 1,000 tasks (10 s a thread)."""
    ran: list[int] = []
    with executor(Backend.THREAD, 2) as ex:
        results = ex.map_unordered(_counting_sleep(ran), list(range(1000)))
        next(results)                       # running; the generator is kept, never closed
    stopped_at = len(ran)
    time.sleep(0.3)
    assert len(ran) <= stopped_at + 2, (stopped_at, len(ran))
    assert len(ran) < 100
    results.close()


def test_map_tasks_stops_its_threads_when_the_caller_unwinds():
    """An exception raised in the calling thread while the map runs (what Ctrl-C does)
    ends the threads within one task each."""
    ran: list[int] = []

    def progress(done: int, total: "int | None") -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        map_tasks(_counting_sleep(ran), list(range(1000)), workers=2, progress=progress)
    after = len(ran)
    time.sleep(0.3)
    assert len(ran) <= after + 2, (after, len(ran))
    assert len(ran) < 100


_ENDS_WITH_A_BUSY_THREAD = """
import sys, time
from solver.workers import thread_pool
thread_pool().submit(time.sleep, 120)
time.sleep(0.2)
sys.exit(130)
"""


def test_a_process_never_waits_for_its_pool_threads_at_exit():
    """The kept threads are daemons: a process ending (Ctrl-C unwound to its exit) does not
    wait for the call a thread is on.  With concurrent.futures' pool, exit waited for it
    (here 120 s), and for ever for a thread whose start a signal had interrupted: the
    Ctrl-C hang of `coinche solve --file`, 3 runs in 25 in a terminal at load 7."""
    import subprocess
    import sys
    from patience import stretched
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", _ENDS_WITH_A_BUSY_THREAD], timeout=stretched(30))
    assert proc.returncode == 130
    assert time.monotonic() - started < stretched(15)


def _take_and_die(lock):
    lock.acquire()          # and exit holding it, as a worker killed while writing a result


def test_a_pool_ends_when_a_dead_process_holds_its_result_lock():
    """A worker killed while it wrote a result (SIGKILL, out of memory) leaves the pool's
    result lock taken: ``Pool.terminate`` alone then waits for ever.  The pool must still
    end, its workers killed after ``POOL_END_WAIT`` seconds (the bound here is only there
    so that a regression fails instead of hanging the suite)."""
    import multiprocessing
    from solver.parallel import POOL_END_WAIT, process_pool

    def run():
        with process_pool(2) as pool:
            assert pool.map(abs, [-1, 2]) == [1, 2]
            workers = list(pool._pool)
            taker = multiprocessing.get_context("fork").Process(target=_take_and_die,
                                                                args=(pool._outqueue._wlock,))
            taker.start()
            taker.join()
        ended.extend(w.exitcode is not None for w in workers)

    ended: list[bool] = []
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(POOL_END_WAIT + 30)
    assert not t.is_alive(), "the pool never ended"
    assert ended == [True, True]


def test_map_with_caller_works_in_the_calling_thread_too_and_keeps_the_order():
    results = map_with_caller(_solver_id, range(6), workers=2)
    threads = {thread for _, thread in results}
    # the calling thread took tasks, and so did one pool thread: two threads, two solvers
    assert threading.get_ident() in threads and len(threads) == 2
    assert len({solver for solver, _ in results}) == 2
    assert map_with_caller(lambda solver, t: -t, range(5), workers=3) == [0, -1, -2, -3, -4]
    assert map_with_caller(lambda solver, t: t, [], workers=2) == []


def test_map_with_caller_raises_an_error_of_any_thread_and_stops_the_others():
    ran: list[int] = []

    def task(solver, t):
        ran.append(t)
        time.sleep(0.01)
        if t == 5:
            raise ValueError("task 5 failed")
        return t

    with pytest.raises(ValueError, match="task 5 failed"):
        map_with_caller(task, range(1000), workers=2)
    after = len(ran)
    time.sleep(0.3)
    assert len(ran) <= after + 1, (after, len(ran))
    assert len(ran) < 20


def test_map_with_caller_stops_its_helpers_when_the_caller_unwinds():
    """Ctrl-C reaches the calling thread between its tasks: the map ends there, and the
    helper ends after the task it is on."""
    ran: list[int] = []
    caller = threading.get_ident()

    def task(solver, t):
        ran.append(t)
        time.sleep(0.01)
        if threading.get_ident() == caller and len(ran) >= 6:
            raise KeyboardInterrupt
        return t

    with pytest.raises(KeyboardInterrupt):
        map_with_caller(task, range(1000), workers=2)
    after = len(ran)
    time.sleep(0.3)
    assert len(ran) <= after + 1, (after, len(ran))
    with pytest.raises(ConstraintError, match="workers 0"):
        map_with_caller(task, [1], workers=0)
