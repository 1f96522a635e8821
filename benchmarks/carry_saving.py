"""What carrying solved deals to a longer auction saves, and whether the answers hold.

    python benchmarks/carry_saving.py --hands 40

For each hand (``Deal.random(seed)``, dealer East, seeds 0, 1, ...) the heuristic bot bids
the whole auction; the seat with the most calls (two at least; the hand is skipped
otherwise) then asks :func:`solver.bidding.auction_advice` at its defaults before each of
its calls, in order (up to the first whose auction fits no deal), one worker: once inside
one :func:`solver.montecarlo.reusing` block (each later question starts from the deals of
the one before that fit its auction) and once without; the two orders alternate from hand to hand.  Prints a JSON object a hand
and a summary over the later questions: their CPU seconds (``time.process_time``) with
and without the carry, the ratio, the deals carried and solved, and how often the two
runs advise the same call (they sample different deals, so they may differ on close
calls; the summary also counts the differences the stopping rule called too close).
With ``--fixed F`` each later question is also asked with ``F`` fixed deals under another
seed, and both answers are counted within ``--margin`` of that run's best call when the
call they advise scores no more than the margin below it on the fixed run's deals (the
agreement measure of ``benchmarks/sequential_agreement.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import time
from typing import Any

from solver.auction import Auction
from solver.bidding import auction_advice
from solver.cards import Seat
from solver.deal import Deal
from solver.errors import ConstraintError
from solver.heuristic import HeuristicBot
from solver.lookahead import continue_auction
from solver.montecarlo import Reuse, reusing
from solver.rules import Rules


def questions(seed: int) -> "tuple[Deal, Seat, list[Auction]] | None":
    """The deal, the seat asking and the auction before each of its calls (None: no seat calls twice)."""
    deal = Deal.random(seed)
    end = continue_auction(Auction(Seat.E), deal, HeuristicBot().call, Rules())
    by_seat = {s: [i for i, c in enumerate(end.calls) if c.seat == s] for s in Seat}
    seat = max(Seat, key=lambda s: (len(by_seat[s]), -int(s)))
    if len(by_seat[seat]) < 2:
        return None
    return deal, seat, [end.before(i) for i in by_seat[seat]]


def ask_all(deal: Deal, seat: Seat, asks: "list[Auction]", seed: int, carry: bool) -> "list[dict[str, Any]]":
    cache = Reuse()
    out = []
    for before in asks:
        with reusing(cache) if carry else contextlib.nullcontext():
            start = time.process_time()
            try:
                adv = auction_advice(deal.hands[seat], seat, Seat.E, before, seed=seed, workers=1)
            except ConstraintError:           # the bot's calls fit no deal of the system: the chain ends
                break
            out.append({"cpu": time.process_time() - start, "best": adv.best.call.text, "samples": adv.samples,
                        "carried": adv.carried, "close": adv.to_dict()["too_close"]})
    return out


def main(argv: "list[str] | None" = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=40)
    p.add_argument("--fixed", type=int, default=0, help="deals of a fixed run to judge the answers by (0: none)")
    p.add_argument("--margin", type=float, default=5.0)
    args = p.parse_args(argv)
    rows = []
    for seed in range(args.hands):
        q = questions(seed)
        if q is None:
            continue
        deal, seat, asks = q
        runs = {}
        for mode in (("carry", "fresh") if seed % 2 == 0 else ("fresh", "carry")):
            runs[mode] = ask_all(deal, seat, asks, seed, mode == "carry")
        for k, (c, f) in enumerate(zip(runs["carry"], runs["fresh"])):     # the questions both answered
            if k == 0:
                continue                          # the first question carries nothing
            row = {"seed": seed, "question": k + 1, "carry_cpu": round(c["cpu"], 3), "fresh_cpu": round(f["cpu"], 3),
                   "carried": c["carried"], "samples": c["samples"], "fresh_samples": f["samples"],
                   "same_call": c["best"] == f["best"],
                   "close": c["best"] != f["best"] and (f["best"] in c["close"] or c["best"] in f["close"])}
            if args.fixed:
                fixed = auction_advice(deal.hands[seat], seat, Seat.E, asks[k], samples=args.fixed,
                                       seed=seed + 10_000, workers=1)
                ev = {x.call.text: x.ev for x in fixed.calls}
                row["carry_within"] = ev[fixed.best.call.text] - ev[c["best"]] <= args.margin
                row["fresh_within"] = ev[fixed.best.call.text] - ev[f["best"]] <= args.margin
            rows.append(row)
            print(json.dumps(row), flush=True)
    if not rows:
        return
    carry, fresh = sum(r["carry_cpu"] for r in rows), sum(r["fresh_cpu"] for r in rows)
    print(json.dumps({"questions": len(rows), "carry_cpu": round(carry, 2), "fresh_cpu": round(fresh, 2),
                      "ratio": round(carry / fresh, 3),
                      "median_ratio": round(statistics.median(r["carry_cpu"] / r["fresh_cpu"] for r in rows), 3),
                      "carried": sum(r["carried"] for r in rows), "samples": sum(r["samples"] for r in rows),
                      "same_call": sum(r["same_call"] for r in rows),
                      "differ_too_close": sum(r["close"] for r in rows),
                      **({"carry_within": sum(r["carry_within"] for r in rows),
                          "fresh_within": sum(r["fresh_within"] for r in rows)} if args.fixed else {})}))


if __name__ == "__main__":
    main()
