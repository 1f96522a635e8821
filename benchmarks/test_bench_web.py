"""Benchmarks: the analysis board's response times, through a real server.

Targets on 2 cores: a pasted deal's table (and par) within 1 s, what the page asks for
(``POST /api/table`` and ``/api/par``); after a click, the new card values within
200 ms at the 95th percentile over 50 clicks on random deals (``POST /api/solve``).
The server is ``uvicorn`` on 127.0.0.1 in this process; ``extra_info`` records the
median, p95 and max of one request.

Run: ``python -m pytest benchmarks/test_bench_web.py --benchmark-only``
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import httpx
import numpy as np
import pytest

from solver import Deal, Position, Seat
from solver.rules import STRAINS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from web_helpers import live_server  # noqa: E402

DEALS = 20
CLICKS = 50
SEED = 7000


def _stats(seconds) -> dict:
    ms = np.array(seconds) * 1000
    return {"n": len(ms), "median_ms": round(float(np.median(ms)), 1),
            "p95_ms": round(float(np.percentile(ms, 95)), 1), "max_ms": round(float(ms.max()), 1)}


@pytest.fixture(scope="module")
def board():
    with live_server() as url, httpx.Client(base_url=url, timeout=30) as client:
        yield client


def test_bench_web_table(benchmark, board):
    deals = [Deal.random(SEED + k).to_pbn() for k in range(DEALS)]
    times = []

    def run():
        for pbn in deals:
            t0 = time.perf_counter()
            assert board.post("/api/table", json={"deal": pbn}).status_code == 200
            assert board.post("/api/par", json={"deal": pbn, "dealer": "N"}).status_code == 200
            times.append(time.perf_counter() - t0)

    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(_stats(times))
    assert max(times) < 1.0


def test_bench_web_click(benchmark, board):
    """50 clicks, each on a random deal, strain and leader, after random legal cards."""
    rng = random.Random(SEED)
    clicks = []
    for k in range(CLICKS):
        deal = Deal.random(SEED + 100 + k)
        pos = Position(deal, rng.choice(STRAINS), Seat(rng.randrange(4)))
        for _ in range(rng.randrange(32)):
            pos.play(rng.choice(list(pos.legal_cards())))
        played = [c.name for _, c in pos.history]
        clicks.append({"deal": deal.to_pbn(), "strain": pos.strain.name, "leader": pos.first_leader.name,
                       "played": " ".join(played)})
    times = []

    def run():
        for body in clicks:
            t0 = time.perf_counter()
            r = board.post("/api/solve", json=body)
            times.append(time.perf_counter() - t0)
            assert r.status_code == 200

    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(_stats(times))
    assert np.percentile(times, 95) < 0.2
