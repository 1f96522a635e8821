"""What carrying solved deals to the next question on a hand saves, and whether the answers hold.

    python benchmarks/carry_saving.py --hands 40
    python benchmarks/carry_saving.py --kind play --hands 40

For each hand (``Deal.random(seed)``, dealer East, seeds 0, 1, ...) the heuristic bot bids
the whole auction.  ``--kind auction`` (the default): the seat with the most calls (two at
least; the hand is skipped otherwise) asks :func:`solver.bidding.auction_advice` at its
defaults before each of its calls, in order (up to the first whose auction fits no
deal).  ``--kind play``: the declarer of the contract the auction ends in (passed-out
hands are skipped) asks :func:`solver.cardplay.play_advice` before each of its cards, the
play double dummy and the auction given, at most 200 deals at 95% confidence.  Each hand
is asked, one worker, once inside one :func:`solver.montecarlo.reusing` block (each later
question starts from the deals of the one before that fit it) and once without; the two
orders alternate from hand to hand.  Prints a JSON object a question and a summary over
the later questions: their CPU seconds (``time.process_time``) with and without the
carry, the ratio, the deals carried and solved, and how often the two runs advise the
same option (they sample different deals, so they may differ on close calls; the summary
also counts the differences the stopping rule called too close).  With ``--fixed F`` each
question is also asked with ``F`` fixed deals under another seed, and both answers are
counted within ``--margin`` of that run's best option when the option they advise scores
no more than the margin below it on the fixed run's deals (the agreement measure of
``benchmarks/sequential_agreement.py``).
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
from solver.cardplay import play_advice
from solver.cards import Card, Seat
from solver.deal import Deal
from solver.errors import ConstraintError
from solver.heuristic import HeuristicBot
from solver.lookahead import continue_auction
from solver.montecarlo import Reuse, reusing
from solver.play import Position
from solver.rules import Rules
from solver.solve import solve


def questions(seed: int) -> "tuple[Deal, Seat, list[Auction]] | None":
    """The deal, the seat asking and the auction before each of its calls (None: no seat calls twice)."""
    deal = Deal.random(seed)
    end = continue_auction(Auction(Seat.E), deal, HeuristicBot().call, Rules())
    by_seat = {s: [i for i, c in enumerate(end.calls) if c.seat == s] for s in Seat}
    seat = max(Seat, key=lambda s: (len(by_seat[s]), -int(s)))
    if len(by_seat[seat]) < 2:
        return None
    return deal, seat, [end.before(i) for i in by_seat[seat]]


def plays(seed: int) -> "tuple[Deal, Seat, Auction, list[list[str]]] | None":
    """The deal, its declarer, the heuristic bot's auction and the cards played before each
    of the declarer's cards, the play double dummy (None: passed out)."""
    deal = Deal.random(seed)
    end = continue_auction(Auction(Seat.E), deal, HeuristicBot().call, Rules())
    if end.contract is None or end.contract.declarer is None:
        return None
    strain, leader = end.contract.strain, Seat.E.next
    cards: list[str] = []
    turns = []
    for _ in range(32):
        pos = Position(deal, strain, leader, Rules(), [Card.parse(c) for c in cards])
        if pos.to_move == end.contract.declarer:
            turns.append(list(cards))
        cards.append(solve(deal, strain, leader, cards).best_cards[0].name)
    return deal, end.contract.declarer, end, turns


def _asked(adv: Any, best: str, options: "list[tuple[str, float]]") -> "dict[str, Any]":
    return {"best": best, "samples": adv.samples, "carried": adv.carried, "close": adv.to_dict()["too_close"],
            "evs": dict(options)}


def ask_all(kind: str, hand: int, carry: bool, samples: "int | None" = None,
            seed: "int | None" = None) -> "list[dict[str, Any]]":
    """Each question on hand number ``hand`` in order, sampled from ``seed`` (the hand's
    number unless given), one cache for all of them when ``carry``; ``samples``: a
    fixed run of that many deals."""
    cache = Reuse()
    out = []
    seed = hand if seed is None else seed
    found = questions(hand) if kind == "auction" else plays(hand)
    if found is None:
        return out
    deal, seat, *rest = found
    asks = rest[0] if kind == "auction" else rest[1]
    budget = {} if samples is None else {"samples": samples}
    for ask in asks:
        with reusing(cache) if carry else contextlib.nullcontext():
            start = time.process_time()
            try:
                if kind == "auction":
                    adv = auction_advice(deal.hands[seat], seat, Seat.E, ask, seed=seed, workers=1, **budget)
                    row = _asked(adv, adv.best.call.text, [(c.call.text, c.ev) for c in adv.calls])
                else:
                    adv = play_advice(deal.hands[seat], seat, played=ask, auction=rest[0], dealer=Seat.E,
                                      seed=seed, workers=1, **(budget or {"samples": 200, "confidence": 0.95}))
                    row = _asked(adv, adv.best.card.name, [(c.card.name, c.ev) for c in adv.cards])
            except ConstraintError:           # the bot's calls fit no deal of the system: the chain ends
                break
            out.append({"cpu": time.process_time() - start, **row})
    return out


def main(argv: "list[str] | None" = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=40)
    p.add_argument("--kind", choices=("auction", "play"), default="auction")
    p.add_argument("--fixed", type=int, default=0, help="deals of a fixed run to judge the answers by (0: none)")
    p.add_argument("--margin", type=float, default=5.0)
    args = p.parse_args(argv)
    rows = []
    for seed in range(args.hands):
        runs = {}
        for mode in (("carry", "fresh") if seed % 2 == 0 else ("fresh", "carry")):
            runs[mode] = ask_all(args.kind, seed, mode == "carry")
        fixed = ask_all(args.kind, seed, False, args.fixed, seed + 10_000) if args.fixed else []
        for k, (c, f) in enumerate(zip(runs["carry"], runs["fresh"])):     # the questions both answered
            if k == 0:
                continue                          # the first question carries nothing
            row = {"seed": seed, "question": k + 1, "carry_cpu": round(c["cpu"], 3), "fresh_cpu": round(f["cpu"], 3),
                   "carried": c["carried"], "samples": c["samples"], "fresh_samples": f["samples"],
                   "same_call": c["best"] == f["best"],
                   "close": c["best"] != f["best"] and (f["best"] in c["close"] or c["best"] in f["close"])}
            if k < len(fixed):
                ev = fixed[k]["evs"]
                row["carry_within"] = ev[fixed[k]["best"]] - ev[c["best"]] <= args.margin
                row["fresh_within"] = ev[fixed[k]["best"]] - ev[f["best"]] <= args.margin
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
                      **({"carry_within": sum(r.get("carry_within", False) for r in rows),
                          "fresh_within": sum(r.get("fresh_within", False) for r in rows),
                          "judged": sum("carry_within" in r for r in rows)} if args.fixed else {})}))


if __name__ == "__main__":
    main()
