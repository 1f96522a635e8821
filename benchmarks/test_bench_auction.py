"""Benchmark: advice after a three-call auction against opening advice, same hand and
samples, on 2 cores.

Target: advice after "S:80H W:90D N:?" (partner's opening, an overcall; the deals fit
both) at most 1.5x the time of opening advice with the same number of samples.  The two
run alternately; ``extra_info`` records each one's median wall time, their ratio and the
auction's acceptance rate (the share of dealt deals that fit it).

Run: ``python -m pytest benchmarks/test_bench_auction.py --benchmark-only``
(``BENCH_AUCTION_SAMPLES`` sets the samples, 500 by default).

``test_bench_auction_advice_at_the_defaults``: ``auction_advice`` as a user asks it, on
``BENCH_AUCTION_HANDS`` seeded hands (500, the set of the targets); target: median <= 1.5 s
of wall time on 2 cores.
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


HANDS = int(os.environ.get("BENCH_AUCTION_HANDS", "500"))


def test_bench_auction_advice_at_the_defaults(benchmark):
    """``solver.auction_advice`` at its defaults (no ``samples``: at most
    ``AUCTION_SAMPLES`` deals, stopping when the call is known, racing) for South's first
    call, dealer East, on the South hands of ``Deal.random(0)``, ``(1)``, ... (the set of
    benchmarks/sequential_agreement.py's ``auction`` kind), on every core.  Target: median
    <= 1.5 s of wall time on 2 cores."""
    from solver import Seat
    from solver.deal import Deal
    from solver.parallel import default_workers

    hands = [Deal.random(seed).hands[Seat.S] for seed in range(HANDS)]
    walls: list[float] = []
    cpus: list[float] = []
    deals: list[int] = []

    def run():
        for seed, hand in enumerate(hands):
            t, c = time.perf_counter(), time.process_time()
            adv = auction_advice(hand, "S", "E", "", seed=seed)
            walls.append(time.perf_counter() - t)
            cpus.append(time.process_time() - c)
            deals.append(adv.samples)

    load_start = os.getloadavg()[0]
    benchmark.pedantic(run, rounds=1, iterations=1, warmup_rounds=0)
    w = np.array(walls)
    benchmark.extra_info.update({
        "hands": len(hands), "workers": default_workers(), "median_s": float(np.median(w)),
        "p95_s": float(np.percentile(w, 95)), "median_cpu_s": float(np.median(cpus)),
        "median_deals": float(np.median(deals)), "target_median_s": 1.5,
        "load_start": load_start, "load_end": os.getloadavg()[0]})
