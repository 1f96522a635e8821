"""Where a PIMC decision's time goes, and what keeping solved worlds can save.

    python benchmarks/pimc_profile.py --hands 10 --worlds 30 --deals 6

- ``split``: the opening lead of hands ``Deal.random(0..hands-1)`` (E leads, a random
  trump suit; the hand's :func:`~solver.pimc.pimc_card` with ``--worlds`` worlds):
  the CPU of the whole decision, of dealing its worlds and of solving them with a fresh
  solver (every legal card's exact value in each world, ``Solver.card_values``);
- ``orders``: the engine's nodes for the same worlds' card values computed four ways, all
  exact: each card's search starting from the best value found so far (what
  ``card_values`` does), the position's value first and each card bounded by it
  (``lead_results``-style), each card starting from its value in the previous world,
  and the cards taken in the order of their values in the previous world;
- ``kept``: four PIMC players (10 worlds a decision) play ``--deals`` deals
  (``deal_for(2028, i)``, the contract N-S make at the highest level double dummy); at
  each decision, the share of the ``--worlds`` worlds the same seat dealt at its
  previous decision that its knowledge still accepts (the worlds a next card could
  keep without bias: those consistent with what was played since);
- ``again``: four PIMC play-outs of ``--worlds`` worlds asked twice inside
  :func:`~solver.montecarlo.reusing`, the CPU of each ask.

One JSON line per part, CPU seconds of this process.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.test_bench_bots import SEED, _highest_contract  # noqa: E402
from solver.cards import Seat  # noqa: E402
from solver.deal import Deal  # noqa: E402
from solver.game import deal_for  # noqa: E402
from solver.knowledge import Knowledge, Tracker  # noqa: E402
from solver.montecarlo import Reuse, reusing  # noqa: E402
from solver.pimc import pimc_card, play_out  # noqa: E402
from solver.play import Position  # noqa: E402
from solver.rules import Rules, Strain  # noqa: E402
from solver.sampling import sample_deals  # noqa: E402
from solver.solve import Solver  # noqa: E402


def _lead(seed: int) -> tuple[Position, Knowledge]:
    deal = Deal.random(seed)
    pos = Position(deal, Strain.parse(random.Random(seed).choice("SHDC")), Seat.E, Rules())
    return pos, Tracker(list(deal.masks), pos.strain, Seat.E, pos.rules).knowledge(Seat.E)


def _worlds(k: Knowledge, n: int, seed: int) -> list[Deal]:
    return sample_deals(k.hand, Seat.E, n, rng=random.Random(seed), constraints=k.constraints(check=False))


def split(hands: int, worlds: int) -> dict[str, Any]:
    whole = deal = solve = 0.0
    for seed in range(hands):
        pos, k = _lead(seed)
        c0 = time.process_time()
        pimc_card(pos, k, worlds, random.Random(seed))
        c1 = time.process_time()
        ws = _worlds(k, worlds, seed)
        c2 = time.process_time()
        fresh = Solver()
        for w in ws:
            fresh.card_values(pos.on_deal(w))
        c3 = time.process_time()
        whole, deal, solve = whole + c1 - c0, deal + c2 - c1, solve + c3 - c2
    ms = 1000 / hands
    return {"part": "split", "hands": hands, "worlds": worlds, "decision_ms": round(whole * ms, 1),
            "dealing_ms": round(deal * ms, 1), "solving_ms": round(solve * ms, 1)}


def _card_nodes(way: str, s: Solver, pos: Position, prev: dict[int, int]) -> tuple[dict[int, int], int]:
    s.load(pos)
    eng = s._engine            # the engine's own calls, to count the nodes of each search
    maximizing = eng.to_move % 2 == 0
    classes = eng.move_classes()
    root, best, out = -1, -1, {}
    if way == "bounded":
        root = eng.value()
    if way == "previous order" and prev:
        classes.sort(key=lambda cl: -prev[cl[0]] if maximizing else prev[cl[0]])
    for cls in classes:
        if way == "bounded":
            v = eng.card_value(cls[0], root, -1)
        elif way == "previous value":
            v = eng.card_value(cls[0], -1, prev.get(cls[0], best))
        else:
            v = eng.card_value(cls[0], -1, best)
        if best < 0 or (v > best if maximizing else v < best):
            best = v
        out.update((c, v) for c in cls)
    return out, eng.nodes              # the nodes searched since the load


def orders(hands: int, worlds: int) -> dict[str, Any]:
    row: dict[str, Any] = {"part": "orders", "hands": hands, "worlds": worlds}
    for way in ("best so far", "bounded", "previous value", "previous order"):
        total = 0
        for seed in range(hands):
            pos, k = _lead(seed)
            s, prev = Solver(), {}
            for w in _worlds(k, worlds, seed):
                prev, n = _card_nodes(way, s, pos.on_deal(w), prev)
                total += n
        row[way] = total // hands
    return row


def kept(deals: int, worlds: int) -> dict[str, Any]:
    shares: list[float] = []
    by_trick: dict[int, list[float]] = {}
    for i in range(deals):
        deal = deal_for(SEED + 2, i)
        c = _highest_contract(deal, Rules())
        pos = Position(deal, c.strain, Seat.N, Rules())
        tracker = Tracker(list(deal.masks), c.strain, Seat.N, Rules())
        before: dict[Seat, list[Deal]] = {}
        rng, played = random.Random(i), 0
        while not pos.is_over:
            seat = pos.to_move
            k = tracker.knowledge(seat)
            if seat in before:
                share = sum(k.accepts(w) for w in before[seat]) / worlds
                shares.append(share)
                by_trick.setdefault(played // 4 + 1, []).append(share)
            before[seat] = sample_deals(k.hand, seat, worlds, rng=rng, constraints=k.constraints(check=False))
            card = pimc_card(pos, k, 10, rng).card
            tracker.play(pos, card)
            pos.play(card)
            played += 1
    return {"part": "kept", "deals": deals, "decisions": len(shares), "share": round(sum(shares) / len(shares), 3),
            "by_trick": {t: round(sum(v) / len(v), 3) for t, v in sorted(by_trick.items())}}


def again(worlds: int) -> dict[str, Any]:
    first = second = 0.0
    cache = Reuse()
    for i in range(4):
        args: dict[str, Any] = dict(strain="HSDC"[i], leader="E", worlds=worlds, seed=i, workers=1)
        with reusing(cache):
            c0 = time.process_time()
            a = play_out(Deal.random(200 + i), **args)
            c1 = time.process_time()
            b = play_out(Deal.random(200 + i), **args)
            c2 = time.process_time()
        assert a.to_dict() == b.to_dict()
        first, second = first + c1 - c0, second + c2 - c1
    return {"part": "again", "play_outs": 4, "worlds": worlds, "first_cpu": round(first, 2),
            "again_cpu": round(second, 2), "ratio": round(second / first, 2), "hits": cache.hits}


def main(argv: "list[str] | None" = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=10)
    p.add_argument("--worlds", type=int, default=30)
    p.add_argument("--deals", type=int, default=6)
    args = p.parse_args(argv)
    for row in (split(args.hands, args.worlds), orders(args.hands, args.worlds), kept(args.deals, args.worlds),
                again(args.worlds)):
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
