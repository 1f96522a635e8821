"""Benchmark: card play from a seat, on 2 cores.

- one PIMC decision at trick 3 (8 cards played) with 100 worlds: target ≤ 150 ms;
- the same decision as advice (``play_advice``, 100 deals, every card's value and
  capot in each): reported beside it;
- a PIMC play-out of a whole deal, 30 worlds per decision: target ≤ 1 s;
- a PIMC card at the default settings (``play_out``'s 30 worlds, one worker), the
  process's CPU time of each decision with a choice over whole deals, with fixed worlds
  and with the stopping rule (``confidence=0.95``, the default margin): target median
  ≤ 20 ms; the opening leads, the dearest decisions, reported apart;
- realistic bidding advice, 100 deals each played out in the six strains with 10
  worlds per decision: target ≤ 60 s.

Each runs on seeded deals (``Deal.random(seed=...)``); ``extra_info`` records the
median and p95 wall time per item.

Run: ``python -m pytest benchmarks/test_bench_cardplay.py --benchmark-only``
(``BENCH_PLAY_DEALS`` sets the decisions and play-outs timed, 20 by default;
``BENCH_REALISTIC_SAMPLES`` the realistic advice's deals, 100 by default).
"""

import os
import random
import time

import numpy as np

from solver import Deal, Seat, Strain, advise
from solver.cardplay import play_advice
from solver.knowledge import Knowledge
from solver.parallel import executor
from solver.pimc import pimc_card, play_out, realistic_advice
from solver.play import Position

DEALS = int(os.environ.get("BENCH_PLAY_DEALS", "20"))
REALISTIC_SAMPLES = int(os.environ.get("BENCH_REALISTIC_SAMPLES", "100"))


def _stats(walls: list[float]) -> dict:
    a = np.array(walls) * 1000
    return {"median_ms": round(float(np.median(a)), 1), "p95_ms": round(float(np.percentile(a, 95)), 1),
            "n": len(a)}


def _trick_three(i: int) -> Position:
    """Deal ``i`` with 8 random legal cards played, in a random trump strain."""
    rng = random.Random(1000 + i)
    pos = Position(Deal.random(seed=i), Strain(rng.randrange(4)), Seat(rng.randrange(4)))
    for _ in range(8):
        pos.play(rng.choice(list(pos.legal_cards())))
    return pos


def test_bench_pimc_decision_at_trick_three(benchmark):
    walls, advice_walls = [], []

    def rounds():
        with executor("thread", 2) as ex:
            for i in range(DEALS):
                pos = _trick_three(i)
                seat = pos.to_move
                played = [c for _, c in pos.history]
                t0 = time.perf_counter()
                k = Knowledge.from_play(pos.deal.hands[seat], seat, pos.strain, pos.first_leader, played)
                pimc_card(pos, k, 100, random.Random(i), ex)
                walls.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                play_advice(pos.deal.hands[seat], seat, f"80{pos.strain.name} {seat.name}", played,
                            leader=pos.first_leader, samples=100, seed=i, workers=2)
                advice_walls.append(time.perf_counter() - t0)

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    benchmark.extra_info.update({"pimc_decision": _stats(walls), "play_advice": _stats(advice_walls)})


def test_bench_pimc_play_out(benchmark):
    walls = []

    def rounds():
        for i in range(DEALS):
            t0 = time.perf_counter()
            play_out(Deal.random(seed=i), f"100{Strain(i % 6).name} N", leader="E", worlds=30, seed=i,
                     workers=2)
            walls.append(time.perf_counter() - t0)

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    benchmark.extra_info.update({"play_out": _stats(walls)})


def _decision_cpu(i: int, **budget: float) -> tuple[list[float], float]:
    """The CPU seconds of each decision with a choice of deal ``i`` played out by four
    PIMC players at the default settings, and those of its opening lead."""
    marks = [time.process_time()]
    p = play_out(Deal.random(seed=i), f"100{Strain(i % 4).name} N", leader="E", seed=i, workers=1,
                 progress=lambda done, total: marks.append(time.process_time()), **budget)
    cpu = [b - a for a, b, d in zip(marks, marks[1:], p.decisions) if d.worlds]
    return cpu, marks[1] - marks[0]


def test_bench_pimc_card_at_defaults(benchmark):
    out: dict = {}

    def rounds():
        for name, budget in (("fixed", {}), ("stopping", {"confidence": 0.95})):
            cards, leads = [], []
            for i in range(DEALS):
                cpu, lead = _decision_cpu(i, **budget)
                cards += cpu
                leads.append(lead)
            out[name] = {"card_cpu": _stats(cards), "lead_cpu": _stats(leads)}

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    benchmark.extra_info.update(out)


def test_bench_realistic_advice(benchmark):
    walls = []

    def rounds():
        adv = advise("AJ9.A7.KT.J", "S", "E", samples=REALISTIC_SAMPLES, seed=1, workers=2)
        t0 = time.perf_counter()
        realistic_advice(adv, samples=REALISTIC_SAMPLES, worlds=10, seed=1, workers=2)
        walls.append(time.perf_counter() - t0)

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    benchmark.extra_info.update({"samples": REALISTIC_SAMPLES, "realistic_s": round(walls[0], 1)})
