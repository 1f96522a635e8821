"""The PIMC bots' card play with and without the stopping rule, paired on the same deals.

    python benchmarks/bots_stopping.py --deals 20 --worlds 30 --first 10 --margin 10

On the card-play deals of benchmarks/test_bench_bots.py (``deal_for(2028, i)``, the
contract N-S make at the highest level double dummy, N declaring), four PIMC bots play
each deal twice from the same seeds: with ``--worlds`` worlds a card, and with the same
most worlds and a :class:`~solver.sequential.StoppingRule` (``--confidence``,
``--margin`` in score points, first look after ``--first`` worlds, then rounds half as
large again).  Per deal: the CPU seconds of the decisions with a choice and the loss of
the bots' cards against the best card double dummy, in card points and in deal score
(both sides' cards).  The summary gives the CPU ratio and the mean per-deal difference
of the losses (stopping minus fixed) with its paired standard error.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.test_bench_bots import SEED, _dd_loss, _highest_contract  # noqa: E402
from solver.game import deal_for  # noqa: E402
from solver.rules import Rules  # noqa: E402
from solver.sequential import StoppingRule  # noqa: E402


def main(argv: "list[str] | None" = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--worlds", type=int, default=30)
    p.add_argument("--first", type=int, default=10)
    p.add_argument("--confidence", type=float, default=0.95)
    p.add_argument("--margin", type=float, default=10.0)
    args = p.parse_args(argv)
    rule = StoppingRule(confidence=args.confidence, margin=args.margin, min_samples=args.first,
                        horizon=args.worlds)
    rows = []
    for i in range(args.deals):
        deal = deal_for(SEED + 2, i)
        contract = _highest_contract(deal, Rules())
        fs, fp, fc = _dd_loss(deal, contract, args.worlds, SEED + i, stop=None)
        ss, sp, sc = _dd_loss(deal, contract, args.worlds, SEED + i, stop=rule)
        row = {"deal": i, "fixed_cpu": round(sum(fc), 3), "stop_cpu": round(sum(sc), 3), "decisions": len(fc),
               "fixed_points_lost": fp, "stop_points_lost": sp, "fixed_score_lost": fs, "stop_score_lost": ss}
        rows.append(row)
        print(json.dumps(row), flush=True)

    def paired(a: str, b: str) -> dict[str, float]:
        d = [r[b] - r[a] for r in rows]
        se = statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else float("nan")
        return {"mean": round(statistics.mean(d), 2), "se": round(se, 2)}

    fixed, stop = sum(r["fixed_cpu"] for r in rows), sum(r["stop_cpu"] for r in rows)
    print(json.dumps({"deals": len(rows), "worlds": args.worlds, "first": args.first, "margin": args.margin,
                      "fixed_cpu": round(fixed, 2), "stop_cpu": round(stop, 2), "cpu_ratio": round(stop / fixed, 3),
                      "points_lost_fixed": round(statistics.mean(r["fixed_points_lost"] for r in rows), 2),
                      "points_lost_stop": round(statistics.mean(r["stop_points_lost"] for r in rows), 2),
                      "points_lost_diff": paired("fixed_points_lost", "stop_points_lost"),
                      "score_lost_diff": paired("fixed_score_lost", "stop_score_lost")}))


if __name__ == "__main__":
    main()
