"""Two threads on one position: ``solve_all`` and engines searching with one table give
the answers of one thread, whatever the timing."""

from __future__ import annotations

import random
import sys
import threading

import pytest

from solver import Card, Deal, Position, Solver

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


def test_two_engines_on_one_table_stay_exact():
    # Two threads solve the same deals at once with one (small, so crowded) table; every
    # value must be what a solver of its own finds.  Stores of one thread land while the
    # other reads: a torn entry must never pass for a position's.
    deals = [Deal.random(seed=7000 + i) for i in range(12)]
    strains = ("H", "SA", "TA")
    want = {(i, st): Solver(tt_bits=10).solve(d, st).ns_points for i, d in enumerate(deals) for st in strains}
    first = Solver(tt_bits=8)
    solvers = [first, Solver(table_of=first)]
    got: list[dict] = [{}, {}]
    start = threading.Barrier(2)

    def work(k):
        start.wait()
        order = list(want) if k == 0 else list(reversed(want))
        for i, st in order:
            got[k][i, st] = solvers[k].solve(deals[i], st).ns_points

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got[0] == want and got[1] == want
