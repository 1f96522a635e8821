"""Benchmark: advice after a three-call auction against opening advice, same hand and
samples, on 2 cores.

Target: advice after "S:80H W:90D N:?" (partner's opening, an overcall; the deals fit
both) at most 1.5x the time of opening advice with the same number of samples.  The two
run alternately; ``extra_info`` records each one's median wall time, their ratio and the
auction's acceptance rate (the share of dealt deals that fit it).

Run: ``python -m pytest benchmarks/test_bench_auction.py --benchmark-only``
(``BENCH_AUCTION_SAMPLES`` sets the samples, 500 by default).
"""

import os
import time

import numpy as np

from solver import advise
from solver.bidding import auction_advice

SAMPLES = int(os.environ.get("BENCH_AUCTION_SAMPLES", "500"))
HAND = "AJ9.A7.KT.J"


def test_bench_auction_against_opening_advice(benchmark):
    walls: dict[str, list[float]] = {"opening": [], "auction": []}
    rates = []

    def rounds():
        for k in range(3):
            t0 = time.perf_counter()
            advise(HAND, "N", "E", samples=SAMPLES, seed=k, workers=2)
            walls["opening"].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            a = auction_advice(HAND, "N", "E", "S:80H W:90D N:?", samples=SAMPLES, seed=k, workers=2)
            walls["auction"].append(time.perf_counter() - t0)
            rates.append(a.acceptance)

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    opening, auction = np.median(walls["opening"]), np.median(walls["auction"])
    benchmark.extra_info.update({
        "samples": SAMPLES, "opening_s": round(float(opening), 2), "auction_s": round(float(auction), 2),
        "ratio": round(float(auction / opening), 3), "acceptance": round(float(np.mean(rates)), 4)})
