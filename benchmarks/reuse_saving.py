"""What reusing solved deals saves when a question is asked again with a larger budget.

    python benchmarks/reuse_saving.py --hands 10 --first-ask 200 --second-ask 500

For each hand (South of ``Deal.random(seed)``, dealer East, seeds 0, 1, ...) the opening
advice is asked with ``--first-ask`` deals, then again with ``--second-ask`` deals and the
same seed, once inside :func:`solver.montecarlo.reusing` (the first ask's deals are taken
from the cache) and once without; the two orders alternate from hand to hand.  Prints a
JSON object a hand and a summary: the CPU seconds (``time.process_time``, one worker) of
the second ask with and without reuse, their ratio, and whether the answers are equal
(they must be: a reused result is the result of the very same task).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import solver
from solver.cards import Seat
from solver.deal import Deal
from solver.montecarlo import Reuse, reusing


def _ask(hand: str, samples: int, seed: int) -> "solver.Advice":
    return solver.advise(hand, seat="S", dealer="E", samples=samples, seed=seed, workers=1)


def main(argv: "list[str] | None" = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=10)
    p.add_argument("--first-ask", type=int, default=200)
    p.add_argument("--second-ask", type=int, default=500)
    args = p.parse_args(argv)
    rows = []
    for seed in range(args.hands):
        hand = Deal.random(seed).hands[Seat.S].to_pbn()
        cpu = {}
        answers = {}
        for mode in (("reuse", "fresh") if seed % 2 == 0 else ("fresh", "reuse")):
            cache = Reuse()
            with reusing(cache):
                _ask(hand, args.first_ask, seed)
            start = time.process_time()
            if mode == "reuse":
                with reusing(cache):
                    answers[mode] = _ask(hand, args.second_ask, seed).to_dict()
            else:
                answers[mode] = _ask(hand, args.second_ask, seed).to_dict()
            cpu[mode] = time.process_time() - start
        row = {"seed": seed, "reuse_cpu": round(cpu["reuse"], 3), "fresh_cpu": round(cpu["fresh"], 3),
               "same_answer": answers["reuse"] == answers["fresh"]}
        rows.append(row)
        print(json.dumps(row), flush=True)
    reuse, fresh = sum(r["reuse_cpu"] for r in rows), sum(r["fresh_cpu"] for r in rows)
    print(json.dumps({"hands": len(rows), "reuse_cpu": round(reuse, 2), "fresh_cpu": round(fresh, 2),
                      "ratio": round(reuse / fresh, 3),
                      "median_ratio": round(statistics.median(r["reuse_cpu"] / r["fresh_cpu"] for r in rows), 3),
                      "same_answers": all(r["same_answer"] for r in rows)}))


if __name__ == "__main__":
    main()
