"""Benchmark: a look-ahead answer against the ends-now answer, same hand, auction and
samples, on 2 cores.

Target: look-ahead advice for "S:80H W:pass N:?" at the default samples (at most
:data:`solver.bidding.LOOKAHEAD_SAMPLES` deals, in rounds until the best call is known) in
at most 3 s.  The two run alternately; ``extra_info`` records each one's median wall and
CPU time (CPU time of this process: the rollouts run in it, after the deals are solved),
their ratio and the deals solved.

Run: ``python -m pytest benchmarks/test_bench_lookahead.py --benchmark-only``
(``BENCH_LOOKAHEAD_SAMPLES=100`` solves exactly 100 deals instead).
"""

import os
import time

import numpy as np

from solver.auction import Auction
from solver.bidding import NO_SYSTEM
from solver.bots import HeuristicBot, SeatView
from solver.cards import Seat
from solver.deal import Deal
from solver.errors import ConstraintError
from solver.lookahead import auction_advice
from solver.system import DEFAULT

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


#: The seeded set of auction situations: deal ``Deal.random(SITUATION_SEED + k)``, the dealer
#: turning N E S W, bid by the point-count bot at the four seats; the situation is the
#: auction before its call number ``k % (calls)`` (openings, answers, overcalls and coinche
#: decisions as bot games meet them), the seat to call asking.
SITUATION_SEED = 2027
SITUATIONS = int(os.environ.get("BENCH_LOOKAHEAD_SITUATIONS", "20"))


def situations(n: int = SITUATIONS) -> list[tuple[object, Seat, Auction]]:
    """``n`` situations of the seeded set: (the hand, its seat, the auction so far)."""
    bot = HeuristicBot()
    out = []
    for k in range(n):
        deal = Deal.random(SITUATION_SEED + k)
        a = Auction(Seat(k % 4), ())
        while not a.is_over:
            seat = a.next_seat
            a = a.then(bot.call(SeatView(seat=seat, hand=deal[seat], dealer=a.dealer, auction=a, rules=a.rules)))
        before = a.before(k % len(a.calls))
        out.append((deal[before.next_seat], before.next_seat, before))
    return out


def _answer(hand, seat: Seat, auction: Auction, seed: int, ahead: bool):
    try:
        return auction_advice(hand, seat, auction.dealer, auction, seed=seed, workers=2, lookahead=ahead)
    except ConstraintError:                  # no deal fits the bots' calls under the system
        return auction_advice(hand, seat, auction.dealer, auction, seed=seed, workers=2, lookahead=ahead,
                              system=NO_SYSTEM, fits=DEFAULT)


def test_bench_lookahead_situations(benchmark):
    """The look-ahead and the ends-now answer at the default samples over the seeded set of
    situations (alternating, two workers): medians and p95 of wall and CPU time, and the
    deals each used."""
    times: dict[str, list[float]] = {"ends_now": [], "lookahead": []}
    cpus: dict[str, list[float]] = {"ends_now": [], "lookahead": []}
    used: dict[str, list[int]] = {"ends_now": [], "lookahead": []}

    def rounds():
        for k, (hand, seat, auction) in enumerate(situations()):
            for name, ahead in (("ends_now", False), ("lookahead", True)):
                t0, c0 = time.perf_counter(), time.process_time()
                adv = _answer(hand, seat, auction, k, ahead)
                times[name].append(time.perf_counter() - t0)
                cpus[name].append(time.process_time() - c0)
                used[name].append(adv.samples)

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    info = {"situations": SITUATIONS, "load": round(os.getloadavg()[0], 1)}
    for name in times:
        info[f"{name}_median_s"] = round(float(np.median(times[name])), 2)
        info[f"{name}_p95_s"] = round(float(np.percentile(times[name], 95)), 2)
        info[f"{name}_median_cpu_s"] = round(float(np.median(cpus[name])), 2)
        info[f"{name}_median_deals"] = int(np.median(used[name]))
    info["lookahead_s"] = [round(t, 2) for t in times["lookahead"]]
    benchmark.extra_info.update(info)
