"""Two threads on one position: ``solve_all``, engines searching with one table and a table
copied while its engine searches give the answers of one thread, whatever the timing."""

from __future__ import annotations

import random
import sys
import threading
import time

import pytest

from solver import Card, Deal, Position, Solver
from solver.errors import SolverError

solve_module = sys.modules["solver.solve"]      # (solver.solve is also the function's name)


def _positions():
    """Full deals and positions inside a trick and at a later trick start, all strains."""
    out = []
    for i, strain in enumerate(("H", "SA", "TA", "S", "D", "C")):
        pos = Position.parse(Deal.random(seed=4000 + i), strain, "NESW"[i % 4])
        rng = random.Random(i)
        for _ in range((0, 5, 8)[i % 3]):
            pos.play(rng.choice(sorted(pos.legal_cards())))
        out.append(pos)
    return out


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_solve_all_answers_as_one_thread(threads):
    for pos in _positions():
        # one thread, one fresh solver, each answer on demand
        one = Solver(tt_bits=12).solve(pos.copy())
        got = solve_module.solve_all(pos.copy(), threads=threads)
        assert (got.ns_points, got.card_values, got.ns_max_tricks, got.line) == \
            (one.ns_points, one.card_values, one.ns_max_tricks, one.line)


def test_solve_all_of_a_finished_deal():
    pos = Position.parse(Deal.from_pbn("N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-"), "S", "N")
    for c in ("SA", "SK", "S7", "S8"):
        pos.play(Card.parse(c))
    sol = solve_module.solve_all(pos, threads=2)
    # A and K of trumps (11 + 4) and the last trick's 10
    assert (sol.ns_points, sol.card_values, sol.line) == (25, {}, [])


def _race(deals, strains, solvers, before=lambda k: None):
    """Two threads solve every deal in every strain at once, in opposite orders, thread k
    with ``solvers[k]`` (``before(k)`` runs before each of its solves).  Returns each
    thread's values and those of a solver of its own."""
    want = {(i, st): Solver(tt_bits=10).solve(d, st).ns_points for i, d in enumerate(deals) for st in strains}
    got: list[dict] = [{}, {}]
    start = threading.Barrier(2)

    def work(k):
        start.wait()
        for i, st in (list(want) if k == 0 else list(reversed(want))):
            before(k)
            got[k][i, st] = solvers[k].solve(deals[i], st).ns_points

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return got, want


def test_two_engines_on_one_table_stay_exact():
    # Two threads solve the same deals at once with one (small, so crowded) table; every
    # value must be what a solver of its own finds.  Stores of one thread land while the
    # other reads: a torn entry must never pass for a position's.
    first = Solver(tt_bits=8)
    got, want = _race([Deal.random(seed=7000 + i) for i in range(12)], ("H", "SA", "TA"),
                      [first, Solver(table_of=first)])
    assert got[0] == want and got[1] == want


def test_a_copied_table_serves_and_copying_while_the_source_searches_stays_exact():
    # One thread solves deals on a small (crowded) table while another copies that table
    # before each of its solves and solves from the copy: entries copied half before and
    # half after a store must never pass for a position's.
    source, copier = Solver(tt_bits=8), Solver(tt_bits=8)
    got, want = _race([Deal.random(seed=7300 + i) for i in range(10)], ("S", "SA", "TA"), [source, copier],
                      before=lambda k: copier.copy_table(source) if k == 1 else None)
    assert got[0] == want and got[1] == want


def test_copy_table_gives_the_source_entries_and_refuses_what_cannot_hold_them():
    deal = Deal.random(seed=7400)
    source = Solver(tt_bits=12)
    first = source.solve(deal, "SA")
    copy = Solver(tt_bits=12)
    copy.copy_table(source)
    again = copy.solve(deal, "SA")
    # the position's own entries came along: fewer nodes than the first search, same value
    assert again.ns_points == first.ns_points and again.nodes < first.nodes / 2
    with pytest.raises(SolverError, match="tt_bits 12 and 10"):
        Solver(tt_bits=10).copy_table(source)
    with pytest.raises(SolverError, match="another Solver's table"):
        Solver(table_of=source).copy_table(copy)
    with pytest.raises(SolverError, match="not a Solver"):
        copy.copy_table("table")        # type: ignore[arg-type]


def test_the_helper_copies_the_calling_threads_table_once_the_value_is_known(monkeypatch):
    # The helper searches the tricks on its own table, then copies the calling thread's
    # (which holds the value's search) before its first share of the cards.
    copies = []
    original = Solver.copy_table

    def recording(self, source):
        copies.append((threading.get_ident(), source, shared_value()))
        original(self, source)

    made = []
    real_shared = solve_module._SharedSolve

    workers = set()

    class Recorded(real_shared):
        def __init__(self, *args):
            super().__init__(*args)
            made.append(self)

        def _do(self, solver, what, k):
            if what != "tricks":            # the items that need the value
                workers.add(threading.get_ident())
            super()._do(solver, what, k)

    def shared_value():
        return made[0].value_known.is_set()

    monkeypatch.setattr(Solver, "copy_table", recording)
    monkeypatch.setattr(solve_module, "_SharedSolve", Recorded)
    pos = Position.parse(Deal.random(seed=7500), "SA", "N")
    sol = solve_module.solve_all(pos, threads=2)
    main = solve_module.default_solver()
    assert sol.card_values == Solver(tt_bits=12).solve(pos.copy()).card_values
    if workers <= {threading.get_ident()}:
        # the helper took no item after the value was known (it started late, or spent
        # its time on the tricks and on cards without the value): it copied nothing
        assert copies == []
        return
    assert len(copies) == 1
    helper, source, value_known = copies[0]
    assert helper != threading.get_ident() and source is main and value_known


def test_a_helper_takes_cards_without_the_value_while_it_is_searched(monkeypatch):
    # The value's search made slow: the helper, done with the tricks, must not wait but
    # search shares of the cards without the value; the answers stay those of one thread.
    slow_solve = Solver.solve
    early: list[int] = []
    original_cards = Solver.card_values

    def slow(self, *args, **kwargs):
        time.sleep(0.3)
        return slow_solve(self, *args, **kwargs)

    def recording(self, pos, value=None, share=(0, 1)):
        if value is None:
            early.append(share[0])
        return original_cards(self, pos, value, share)

    monkeypatch.setattr(Solver, "solve", slow)
    monkeypatch.setattr(Solver, "card_values", recording)
    pos = Position.parse(Deal.random(seed=7600), "H", "E")
    sol = solve_module.solve_all(pos, threads=2)
    monkeypatch.undo()
    want = Solver(tt_bits=12).solve(pos.copy())
    assert (sol.ns_points, sol.card_values, sol.ns_max_tricks) == (want.ns_points, want.card_values,
                                                                 want.ns_max_tricks)
    assert early, "the helper waited for the value"


def test_a_helper_that_cannot_get_its_solver_stops_the_call(monkeypatch):
    # default_solver failing in a helper thread (say for lack of memory) must reach the
    # caller, as any error of a thread does, and not stay in a pool future nobody reads;
    # the value's search is slowed so the helper fails before the calling thread is done.
    caller = threading.get_ident()
    own = solve_module.default_solver
    slow_solve = Solver.solve

    def failing():
        if threading.get_ident() != caller:
            raise MemoryError("no table for this thread")
        return own()

    def slow(self, *args, **kwargs):
        time.sleep(0.3)
        return slow_solve(self, *args, **kwargs)

    monkeypatch.setattr(solve_module, "default_solver", failing)
    monkeypatch.setattr(Solver, "solve", slow)
    with pytest.raises(MemoryError, match="no table"):
        solve_module.solve_all(Position.parse(Deal.random(seed=7601), "SA", "N"), threads=2)
