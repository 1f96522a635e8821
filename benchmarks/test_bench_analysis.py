"""Benchmarks: double-dummy tables, batches and par.

Targets: a one-leader table (6 strains) median <= 10 ms (timed on one thread, and
with the strains over 2 threads); 1000 deals in a batch on 2 cores <= 8 s; par on
top of a table <= 1 ms.  Fixed seeded deal sets
(``Deal.random(seed=...)``); ``extra_info`` records the median and p99 of one
operation (and the wall time of the batch).

Run: ``python -m pytest benchmarks/test_bench_analysis.py --benchmark-only``
(``BENCH_TABLE_DEALS`` / ``BENCH_BATCH_DEALS`` shrink it for a quick look).
"""

import os
import time

import numpy as np
import pytest

from solver import Deal, Rules, Seat
from solver.batch import solve_batch, parse_lines
from solver.par import _SCORES, par
from solver.solve import Solver
from solver.table import dd_table

TABLE_DEALS = int(os.environ.get("BENCH_TABLE_DEALS", "50"))
BATCH_DEALS = int(os.environ.get("BENCH_BATCH_DEALS", "1000"))
SEED = 4000


def _stats(seconds) -> dict:
    ms = np.array(seconds) * 1000
    return {"n": len(ms), "median_ms": float(np.median(ms)), "p99_ms": float(np.percentile(ms, 99)),
            "max_ms": float(ms.max())}


@pytest.fixture(scope="module")
def tables():
    """One-leader tables of the seeded deals (dealer N: E leads), with their solve times."""
    solver = Solver()
    out, times = [], []
    for k in range(TABLE_DEALS):
        deal = Deal.random(seed=SEED + k)
        t0 = time.perf_counter()
        out.append(dd_table(deal, dealer="N", solver=solver))
        times.append(time.perf_counter() - t0)
    return out, times


def test_bench_table_one_leader(benchmark, tables):
    solver = Solver()
    deals = [t.deal for t in tables[0]]
    times = []

    def run():
        for d in deals:
            t0 = time.perf_counter()
            dd_table(d, dealer="N", solver=solver)
            times.append(time.perf_counter() - t0)

    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update({**_stats(times), "target_median_ms": 10.0})


def test_bench_table_one_leader_2_threads(benchmark, tables):
    """The same tables with the strains spread over 2 threads (``dd_table``'s default
    on this machine, what ``coinche table`` does)."""
    deals = [t.deal for t in tables[0]]
    times = []

    def run():
        for d in deals:
            t0 = time.perf_counter()
            dd_table(d, dealer="N", threads=2)
            times.append(time.perf_counter() - t0)

    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update({**_stats(times), "threads": 2, "target_median_ms": 10.0})


def test_bench_table_four_leaders(benchmark, tables):
    solver = Solver()
    deals = [t.deal for t in tables[0]][:max(1, TABLE_DEALS // 5)]
    times = []

    def run():
        for d in deals:
            t0 = time.perf_counter()
            dd_table(d, solver=solver)
            times.append(time.perf_counter() - t0)

    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(_stats(times))


def test_bench_batch_2_cores(benchmark):
    lines = [Deal.random(seed=SEED + 10_000 + k).to_pbn() + " dealer=" + "NESW"[k % 4]
             for k in range(BATCH_DEALS)]
    items = parse_lines(lines)
    walls = []

    def run():
        t0 = time.perf_counter()
        n = sum(1 for _ in solve_batch(items, workers=2))
        walls.append(time.perf_counter() - t0)
        return n

    n = benchmark.pedantic(run, rounds=1, iterations=1)
    assert n == BATCH_DEALS
    benchmark.extra_info.update({"deals": BATCH_DEALS, "workers": 2, "wall_s": walls[0],
                                 "per_deal_ms": 1000 * walls[0] / BATCH_DEALS,
                                 "target_s_for_1000": 8.0})


@pytest.mark.parametrize("suit_ranking", [False, True])
def test_bench_par_on_table(benchmark, tables, suit_ranking):
    rules = Rules(suit_ranking=suit_ranking)
    tabs = list(tables[0])
    if suit_ranking:      # same values, other rules: rebuild the tables' rules field
        from solver.table import DDTable
        tabs = [DDTable(t.deal, t.leader, rules, np.asarray(t.ns_points), np.asarray(t.ns_capot),
                        np.asarray(t.ew_capot), t.totals) for t in tabs]
    _SCORES.clear()
    cold, warm = [], []

    def run():
        for t in tabs:                       # first pass: empty score memo
            t0 = time.perf_counter()
            par(t.deal, Seat.N, rules, table=t)
            cold.append(time.perf_counter() - t0)
        for t in tabs:                       # second pass: memo filled by these deals
            t0 = time.perf_counter()
            par(t.deal, Seat.N, rules, table=t)
            warm.append(time.perf_counter() - t0)

    benchmark.pedantic(run, rounds=1, iterations=1)
    c, w = _stats(cold), _stats(warm)
    benchmark.extra_info.update({"suit_ranking": suit_ranking, "target_median_ms": 1.0,
                                 **{f"first_{k}": v for k, v in c.items()},
                                 **{f"again_{k}": v for k, v in w.items()}})
