"""The look-ahead bidder against the ends-now bidder on duplicate deals, and all three
bidders (look-ahead, ends-now, point count) against par.

On each deal (``Deal.random(seed + k)``, the dealer turning N E S W):

* duplicate: N-S bid by look-ahead advice and E-W by ends-now advice, then the seats
  swapped; each final contract played double dummy on the real deal (the first lead by
  the seat after the dealer), so only the bidding differs.  The deal's difference is
  the look-ahead side's margin (its score minus the other's) summed over both tables;
  its mean over the deals is given with the 95% interval (1.96 standard errors, the
  deals independent, the two tables of a deal paired);
* par: the four seats all bidding one way; the distance is |N-S margin - par's N-S
  margin|, compared with the look-ahead table deal by deal (paired errors).

Every advised call uses ``--samples`` deals and a seed fixed by the deal and the call's
place in the auction, so a run repeats exactly; advice repeated on the same auction is
computed once.

Run: ``nice -n 10 python -m benchmarks.lookahead_duel --deals 1000 --samples 30 --out duel.json``
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Callable, Optional

import numpy as np

from solver.auction import Auction, Call
from solver.bidding import _real_result
from solver.lookahead import auction_advice
from solver.bots import HeuristicBot, SeatView
from solver.cards import Seat
from solver.contract import Contract
from solver.deal import Deal
from solver.par import par
from solver.errors import ConstraintError
from solver.rules import Rules
from solver.bidding import NO_SYSTEM

Bidder = Callable[[Deal, Auction, int], Call]


def _advice_bidder(samples: int, lookahead: bool) -> Bidder:
    memo: dict[tuple[str, int], Call] = {}

    def bid(deal: Deal, auction: Auction, k: int) -> Call:
        key = (str(auction) + "|" + deal.to_pbn(), k)
        if key not in memo:
            seat = auction.next_seat
            seed = 1000 * k + len(auction.calls)
            try:
                adv = auction_advice(deal[seat], seat, auction.dealer, auction, samples=samples, seed=seed,
                                     workers=1, lookahead=lookahead)
            except ConstraintError:
                # no deal fits the calls under the system from this seat (the other side
                # bids another way): deal as if the calls showed nothing, as bidreview does
                adv = auction_advice(deal[seat], seat, auction.dealer, auction, samples=samples, seed=seed,
                                     workers=1, lookahead=lookahead, system=NO_SYSTEM)
            memo[key] = adv.best.call
        return memo[key]
    return bid


def _point_count_bidder() -> Bidder:
    bot = HeuristicBot()

    def bid(deal: Deal, auction: Auction, k: int) -> Call:
        seat = auction.next_seat
        return bot.call(SeatView(seat=seat, hand=deal[seat], dealer=auction.dealer, auction=auction,
                                 rules=auction.rules))
    return bid


def bid_out(deal: Deal, dealer: Seat, k: int, ns: Bidder, ew: Bidder, rules: Rules) -> tuple[Optional[Contract], int]:
    """The auction bid out by ``ns`` and ``ew``: its contract and N-S margin (N-S score
    minus E-W score, the contract played double dummy)."""
    a = Auction(dealer, (), rules)
    while not a.is_over:
        who = ns if a.next_seat in (Seat.N, Seat.S) else ew
        a = a.then(who(deal, a, k))
    contract = a.contract
    _, s_ns, s_ew = _real_result(deal, dealer, contract, rules)
    return contract, s_ns - s_ew


def _mean_ci(x: list[float]) -> dict[str, float]:
    v = np.asarray(x, dtype=float)
    se = float(v.std(ddof=1) / math.sqrt(len(v))) if len(v) > 1 else float("nan")
    m = float(v.mean())
    return {"mean": round(m, 2), "se": round(se, 2), "ci95": [round(m - 1.96 * se, 2), round(m + 1.96 * se, 2)]}


def run(deals: int, samples: int, seed: int, rules: Rules = Rules(), par_tables: bool = True,
        out: Optional[str] = None) -> dict[str, object]:
    ahead, now, points = _advice_bidder(samples, True), _advice_bidder(samples, False), _point_count_bidder()
    diff: list[float] = []
    dist: dict[str, list[float]] = {"lookahead": [], "ends_now": [], "point_count": []}
    t0, c0 = time.time(), time.process_time()
    summary: dict[str, object] = {}
    for k in range(deals):
        deal = Deal.random(seed=seed + k)
        dealer = Seat(k % 4)
        _, m1 = bid_out(deal, dealer, k, ahead, now, rules)
        _, m2 = bid_out(deal, dealer, k, now, ahead, rules)
        diff.append(m1 - m2)
        if par_tables:
            p = par(deal, dealer, rules)
            target = p.ns_score - p.ew_score
            for name, b in (("lookahead", ahead), ("ends_now", now), ("point_count", points)):
                dist[name].append(abs(bid_out(deal, dealer, k, b, b, rules)[1] - target))
        summary = {"deals": k + 1, "samples": samples, "seed": seed,
                   "lookahead_minus_ends_now_per_deal": _mean_ci(diff),
                   "wall_s": round(time.time() - t0, 1), "cpu_s": round(time.process_time() - c0, 1)}
        if par_tables:
            summary["distance_to_par"] = {n: _mean_ci(v) for n, v in dist.items()}
            summary["lookahead_minus_ends_now_distance"] = _mean_ci(
                [a - b for a, b in zip(dist["lookahead"], dist["ends_now"])])
            summary["lookahead_minus_point_count_distance"] = _mean_ci(
                [a - b for a, b in zip(dist["lookahead"], dist["point_count"])])
        if out is not None:
            with open(out + ".tmp", "w") as f:
                json.dump(summary, f, indent=1)
            import os
            os.replace(out + ".tmp", out)
        print(json.dumps(summary), flush=True)
    return summary


def main(argv: Optional[list[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--samples", type=int, default=30)
    p.add_argument("--seed", type=int, default=2027)
    p.add_argument("--no-par", action="store_true", help="only the duplicate tables")
    p.add_argument("--out", default=None, help="write the running summary here (JSON)")
    a = p.parse_args(argv)
    run(a.deals, a.samples, a.seed, par_tables=not a.no_par, out=a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
