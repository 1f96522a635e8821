"""Benchmarks: studies on this machine's cores and on a Dask LocalCluster.

Targets: a 10,000-deal study (six strains, one leader) on 2 cores; the Dask backend
(a LocalCluster of 2 single-threaded workers) at least 0.9x the throughput of local
processes on the same study; the scheduler's overhead per chunk measured with chunks
that do nothing.  The two backends run alternately, each on a fresh directory, and
``extra_info`` records deals a second, each round's wall time and their ratio.

Run: ``python -m pytest benchmarks/test_bench_study.py --benchmark-only``
(``BENCH_STUDY_DEALS`` shrinks it for a quick look; ``BENCH_STUDY_ROUNDS`` sets the
number of alternate rounds, 2 by default).
"""

import os
import shutil
import tempfile
import time

import numpy as np
import pytest

pytest.importorskip("pyarrow", reason="studies need pyarrow: pip install -e '.[study]'")
pytest.importorskip("distributed", reason="the Dask backend needs the dask extra: pip install -e '.[dask]'")

from solver.parallel import executor  # noqa: E402
from solver.studies import study  # noqa: E402

DEALS = int(os.environ.get("BENCH_STUDY_DEALS", "10000"))
ROUNDS = int(os.environ.get("BENCH_STUDY_ROUNDS", "2"))
SEED = 2026


def _run(backend: str, options: dict) -> float:
    d = tempfile.mkdtemp(prefix="bench-study-")
    try:
        t0 = time.perf_counter()
        study(d, DEALS, SEED, leaders="W", workers=2, backend=backend, backend_options=options, by=["trumps"])
        return time.perf_counter() - t0
    finally:
        shutil.rmtree(d, ignore_errors=True)


def test_bench_study_local_against_dask(benchmark):
    walls: dict[str, list[float]] = {"process": [], "dask": []}

    def rounds():
        for _ in range(ROUNDS):
            walls["process"].append(_run("process", {}))
            walls["dask"].append(_run("dask", {"local_workers": 2}))

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    local, dask = np.median(walls["process"]), np.median(walls["dask"])
    benchmark.extra_info.update({
        "deals": DEALS, "local_deals_per_s": round(DEALS / local, 1),
        "dask_deals_per_s": round(DEALS / dask, 1),
        "dask_over_local_throughput": round(local / dask, 3),
        "local_walls_s": [round(x, 2) for x in walls["process"]],
        "dask_walls_s": [round(x, 2) for x in walls["dask"]]})


def _nothing(solver, task):
    return task


def test_bench_dask_overhead_per_chunk(benchmark):
    with executor("dask", 4, local_workers=2) as ex:
        list(ex.map_unordered(_nothing, list(range(20))))           # workers warm
        tasks = list(range(400))
        times = []

        def run():
            t0 = time.perf_counter()
            list(ex.map_unordered(_nothing, tasks))
            times.append(time.perf_counter() - t0)

        benchmark.pedantic(run, rounds=3, iterations=1)
    per_chunk_ms = 1000 * np.median(times) / len(tasks)
    benchmark.extra_info.update({"tasks": len(tasks), "ms_per_empty_chunk": round(float(per_chunk_ms), 3)})
