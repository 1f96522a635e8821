"""A Solver shared between threads refuses the second thread with a SolverError; it never
answers a value of another thread's position, and never crashes."""

from __future__ import annotations

import threading

import pytest

from solver import Deal, Seat, Solver, dd_table
from solver.errors import SolverError
from solver.rules import Rules, Strain

DEALS = [Deal.random(seed=i) for i in range(8)]
STRAINS = ["H", "SA", "C", "TA"]


def _run_threads(n, work):
    """Run ``work(i)`` in ``n`` threads started together; the exceptions they raised."""
    start = threading.Barrier(n)
    errors: list[BaseException] = []

    def body(i):
        start.wait()
        try:
            work(i)
        except BaseException as e:          # collected for the test to inspect
            errors.append(e)

    threads = [threading.Thread(target=body, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_eight_threads_on_one_solver_get_right_values_or_an_error():
    # the right values, each from a solver of its own
    want = {(i, st): Solver(tt_bits=12).solve(d, st).ns_points for i, d in enumerate(DEALS) for st in STRAINS}
    shared = Solver(tt_bits=12)
    answers: list[tuple[int, str, int]] = []
    refused: list[SolverError] = []

    def work(i):
        for rep in range(6):
            for st in STRAINS:
                try:
                    answers.append((i, st, shared.solve(DEALS[i], st).ns_points))
                except SolverError as e:
                    refused.append(e)

    errors = _run_threads(8, work)
    assert errors == []
    wrong = [(i, st, v, want[i, st]) for i, st, v in answers if v != want[i, st]]
    assert wrong == []
    assert len(answers) + len(refused) == 8 * 6 * len(STRAINS)
    for e in refused:
        assert "one thread at a time" in str(e)


def test_a_table_on_a_shared_solver_is_right_or_refused():
    """dd_table asks the shared solver for one strain after another: each call is guarded."""
    def values(t):
        return {k: v for k, v in t.to_dict().items() if k != "nodes"}     # nodes: statistics

    want = [values(dd_table(d, "N", threads=1)) for d in DEALS]
    shared = Solver(tt_bits=12)
    got: dict[int, list] = {}

    def work(i):
        try:
            got[i] = values(dd_table(DEALS[i], "N", solver=shared))
        except SolverError:
            pass

    assert _run_threads(8, work) == []
    assert all(got[i] == want[i] for i in got)


def test_a_position_set_up_by_another_thread_is_refused():
    """Thread A sets a position, thread B sets another, then A asks its value: A would
    read B's position, so it is refused (deterministic: the threads run one by one)."""
    s = Solver(tt_bits=10)
    d = DEALS[0]
    s.load_hands(d.masks, Strain.H, Seat.N, Rules())
    t = threading.Thread(target=s.load_hands, args=(DEALS[1].masks, Strain.SA, Seat.E, Rules()))
    t.start()
    t.join()
    with pytest.raises(SolverError, match="another thread"):
        s.value()
    # setting a position again makes it this thread's
    s.load_hands(d.masks, Strain.H, Seat.N, Rules())
    assert s.value() == Solver(tt_bits=10).solve(d, "H").ns_points


def test_a_solver_passes_from_thread_to_thread():
    """One thread after another may use a solver."""
    s = Solver(tt_bits=10)
    out: list[int] = []
    for d in DEALS[:3]:
        t = threading.Thread(target=lambda d=d: out.append(s.solve(d, "S").ns_points))
        t.start()
        t.join()
    assert out == [Solver(tt_bits=10).solve(d, "S").ns_points for d in DEALS[:3]]
