"""Benchmark: a look-ahead answer against the ends-now answer, same hand, auction and
samples, on 2 cores.

Target: look-ahead advice for "S:80H W:pass N:?" at the default samples (at most
:data:`solver.bidding.AUCTION_SAMPLES` deals, in rounds until the best call is known) in
at most 3 s.  The two run alternately; ``extra_info`` records each one's median wall and
CPU time (CPU time of this process: the rollouts run in it, after the deals are solved),
their ratio and the deals solved.

Run: ``python -m pytest benchmarks/test_bench_lookahead.py --benchmark-only``
(``BENCH_LOOKAHEAD_SAMPLES=100`` solves exactly 100 deals instead).
"""

import os
import time

import numpy as np

from solver.lookahead import auction_advice

SAMPLES = int(os.environ["BENCH_LOOKAHEAD_SAMPLES"]) if os.environ.get("BENCH_LOOKAHEAD_SAMPLES") else None
HAND, AUCTION = "AJ9.A7.KT.J", "S:80H W:pass N:?"


def test_bench_lookahead_against_ends_now(benchmark):
    wall: dict[str, list[float]] = {"ends_now": [], "lookahead": []}
    cpu: dict[str, list[float]] = {"ends_now": [], "lookahead": []}
    solved: dict[str, list[int]] = {"ends_now": [], "lookahead": []}

    def rounds():
        for k in range(3):
            for name, ahead in (("ends_now", False), ("lookahead", True)):
                t0, c0 = time.perf_counter(), time.process_time()
                adv = auction_advice(HAND, "N", "E", AUCTION, samples=SAMPLES, seed=k, workers=2, lookahead=ahead)
                wall[name].append(time.perf_counter() - t0)
                solved[name].append(adv.samples)
                cpu[name].append(time.process_time() - c0)

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    med = {f"{n}_{kind}": round(float(np.median(v[n])), 2) for kind, v in (("s", wall), ("cpu_s", cpu))
           for n in v}
    benchmark.extra_info.update({"samples": SAMPLES or "default", "deals_solved": solved, **med,
                                 "ratio": round(med["lookahead_s"] / med["ends_now_s"], 2),
                                 "load": round(os.getloadavg()[0], 1)})
