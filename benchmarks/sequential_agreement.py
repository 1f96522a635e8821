"""Sequential stopping against a long fixed run: time to an answer, and how often the two
name the same option.

    python benchmarks/sequential_agreement.py --kind opening --hands 500 --fixed 2000

For each of ``--hands`` hands (the South hand of ``Deal.random(seed)`` for seeds 0, 1, ...,
the committed seeded set) it asks the question twice: once sequentially (at most
``--max-samples`` deals, ``--confidence`` and ``--margin``, the sampling seed the hand's)
and once with ``--fixed`` deals under another seed (so the long run shares no deal with
the sequential one).  The two *agree* when they name the same option, or when the
sequential answer's option is within ``--margin`` of the fixed run's best on the fixed
run's own deals.  Kinds:

- ``opening``: ``advise`` for South, dealer East (the recommended bid, or pass; its CPU
  with the realism check of ``solver.advise``, or without it with ``--no-check``: the
  check never changes the bid);
- ``auction``: ``auction_advice`` for South's first call, dealer East (the best call);
- ``play``: ``play_advice`` for East's opening lead against 80 in a random suit by North;
- ``pimc``: the PIMC player's choice of that lead (``pimc_card``), its worlds as the deals;
- ``pimc-card``: a PIMC player's card anywhere in the play: the deal played by seeded
  random legal cards, E leading in a seeded strain of the six, up to a seeded card
  number (0 to 27, then on to the next seat with a choice of cards).

Prints one JSON object a hand (``--out`` also appends them) and a summary: the median and
95th percentile of the CPU seconds of the sequential answer, the deals it used, the reasons
it stopped and the agreement.  CPU seconds (``time.process_time``) with one worker, so
that a loaded machine changes the figures little.  Long runs go in chunks (``--first`` and
``--hands``, each with its ``--out``), summarised together by ``--merge FILE...``.  A row
keeps the fixed run's value of every option (``fixed_values``); ``--fixed-from FILE...``
takes the fixed run of a hand from such rows (the same kind, hand and ``--fixed``) instead
of solving it again, so that another sequential setting (``--max-samples``, or the
rounds: ``--rounds FIRST GROWTH``) is measured against the same long runs in a fraction
of the time.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import statistics
import sys
import time
from typing import Any, Callable

import solver
from solver.advice import advise as advise_dd
from solver.cards import Seat
from solver.deal import Deal
from solver.knowledge import Tracker
from solver.montecarlo import stopping_rule
from solver.outcome import deal_total, side_points
from solver.pimc import pimc_card
from solver.play import Position
from solver.rules import Rules, Strain
from solver.sampling import sample_deals
from solver.solve import default_solver

FIXED_SEED = 1_000_000       # the fixed runs' seeds: far from the sequential runs'


CHECK = [True]      # --no-check: the opening's sequential answer without the realism check


def _opening(seed: int, sampling: int, samples: int, **budget: Any) -> tuple[str, dict[str, float], Any]:
    hand = Deal.random(seed).hands[Seat.S]
    # the sequential answer as solver.advise gives it (with its realism check, which
    # never changes the recommended bid); the fixed run double dummy only
    ask = solver.advise if budget and CHECK[0] else advise_dd
    adv = ask(hand, seat="S", dealer="E", samples=samples, seed=sampling, workers=1, **budget)
    best = adv.recommendation.bid
    values = {b.contract.to_text(): b.ev for b in adv.bids}
    values["pass"] = 0.0
    return ("pass" if best is None else best.to_text()), values, adv


def _auction(seed: int, sampling: int, samples: int, **budget: Any) -> tuple[str, dict[str, float], Any]:
    hand = Deal.random(seed).hands[Seat.S]
    adv = solver.auction_advice(hand, "S", "E", "", samples=samples, seed=sampling, workers=1, **budget)
    return adv.best.call.text, {c.call.text: c.ev for c in adv.calls}, adv


def _play(seed: int, sampling: int, samples: int, **budget: Any) -> tuple[str, dict[str, float], Any]:
    deal = Deal.random(seed)
    strain = random.Random(seed).choice("SHDC")
    adv = solver.play_advice(deal.hands[Seat.E], "E", f"80{strain} N", "", leader="E", samples=samples,
                             seed=sampling, workers=1, **budget)
    return adv.best.card.name, {c.card.name: c.ev for c in adv.cards}, adv


class _Decision:
    """A PIMC decision's answer, read like the others' (``samples``, ``stopping``)."""

    def __init__(self, worlds: int, reason: str) -> None:
        self.samples = worlds
        self.stopping = type("V", (), {"reason": type("R", (), {"value": reason})()})()


def _pimc(seed: int, sampling: int, samples: int, **budget: Any) -> tuple[str, dict[str, float], Any]:
    deal = Deal.random(seed)
    strain = random.Random(seed).choice("SHDC")
    pos = Position(deal, Strain.parse(strain), Seat.E, Rules())
    knowledge = Tracker(list(deal.masks), pos.strain, Seat.E, pos.rules).knowledge(Seat.E)
    rule = None if "confidence" not in budget else stopping_rule(budget["confidence"], budget["margin"])
    card, n, stop = pimc_card(pos, knowledge, samples, random.Random(sampling), rule=rule)
    values = _fixed_card_values(pos, knowledge, samples, sampling) if rule is None else {}
    return card.name, values, _Decision(n, "max_samples" if stop is None else stop.value)


def _fixed_card_values(pos: Position, knowledge: Any, samples: int, sampling: int) -> dict[str, float]:
    """A fixed PIMC run's means (the side's card points per card of the seat to move, on
    the worlds it solved: the same generator gives the same worlds), to judge a
    different choice against."""
    seat = pos.to_move
    worlds = sample_deals(knowledge.hand, seat, samples, rng=random.Random(sampling),
                          constraints=knowledge.constraints(check=False))
    total = deal_total(pos.deal, pos.strain, pos.rules)
    values: dict[str, float] = {}
    for w in worlds:
        for c, v in default_solver().card_values(pos.on_deal(w)).items():
            values[c.name] = values.get(c.name, 0.0) + side_points(v, seat.team, total) / len(worlds)
    return values


def _pimc_card(seed: int, sampling: int, samples: int, **budget: Any) -> tuple[str, dict[str, float], Any]:
    # a decision anywhere in the play: the deal played by seeded random legal cards up to
    # card number k (0 to 27, then on to the next seat with a choice), E leading, in one of
    # the six strains; the PIMC player to move decides
    deal, rng = Deal.random(seed), random.Random(seed)
    pos = Position(deal, Strain.parse(rng.choice(["S", "H", "D", "C", "SA", "TA"])), Seat.E, Rules())
    tracker = Tracker(list(deal.masks), pos.strain, Seat.E, pos.rules)
    k = rng.randrange(28)
    while not pos.is_over and (4 * pos.tricks_played + len(pos.trick) < k or len(pos.legal_cards()) == 1):
        card = rng.choice(sorted(pos.legal_cards()))
        tracker.play(pos, card)
        pos.play(card)
    if pos.is_over:                     # every card after k was forced: the opening lead instead
        pos = Position(deal, pos.strain, Seat.E, Rules())
        tracker = Tracker(list(deal.masks), pos.strain, Seat.E, pos.rules)
    knowledge = tracker.knowledge(pos.to_move)
    rule = None if "confidence" not in budget else stopping_rule(budget["confidence"], budget["margin"])
    card, n, stop = pimc_card(pos, knowledge, samples, random.Random(sampling), rule=rule)
    values = _fixed_card_values(pos, knowledge, samples, sampling) if rule is None else {}
    return card.name, values, _Decision(n, "max_samples" if stop is None else stop.value)


KINDS: dict[str, Callable[..., tuple[str, dict[str, float], Any]]] = {
    "opening": _opening, "auction": _auction, "play": _play, "pimc": _pimc, "pimc-card": _pimc_card}


def main(argv: "list[str] | None" = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kind", choices=sorted(KINDS), default="opening")
    p.add_argument("--hands", type=int, default=500)
    p.add_argument("--first", type=int, default=0, help="the first hand's seed")
    p.add_argument("--fixed", type=int, default=2000)
    p.add_argument("--max-samples", type=int, default=2000)
    p.add_argument("--confidence", type=float, default=0.95)
    p.add_argument("--margin", type=float, default=5.0)
    p.add_argument("--rounds", nargs=2, type=float, metavar=("FIRST", "GROWTH"),
                   help="the deals of a sequential answer's first round and each round's growth "
                        "(solver.montecarlo.FIRST_ROUND and ROUND_GROWTH)")
    p.add_argument("--out")
    p.add_argument("--no-check", action="store_true",
                   help="opening: time the double-dummy answer alone (without the realism check)")
    p.add_argument("--fixed-from", nargs="+", default=[], metavar="ROWS",
                   help="rows of an earlier run whose fixed runs (fixed_values) are taken again")
    p.add_argument("--merge", nargs="+", metavar="ROWS",
                   help="only summarise the rows these --out files hold (chunks run with --first)")
    args = p.parse_args(argv)
    if args.merge:
        merged = {}
        for name in args.merge:
            with open(name, encoding="utf-8") as f:
                for line in f:
                    if line.strip():
                        row = json.loads(line)
                        merged[(row["kind"], row["seed"])] = row      # a hand run twice counts once
        for kind in sorted({k for k, _ in merged}):
            summary([merged[k] for k in sorted(merged) if k[0] == kind], sys.stdout)
        return
    CHECK[0] = not args.no_check
    if args.rounds:
        solver.montecarlo.FIRST_ROUND, solver.montecarlo.ROUND_GROWTH = int(args.rounds[0]), args.rounds[1]
    ask = KINDS[args.kind]
    known = _fixed_runs(args.fixed_from, args.kind, args.fixed)
    rows = []
    out = open(args.out, "a", encoding="utf-8") if args.out else None
    for seed in range(args.first, args.first + args.hands):
        start = time.process_time()
        chosen, _, seq = ask(seed, seed, args.max_samples, confidence=args.confidence, margin=args.margin)
        cpu = time.process_time() - start
        best, values = known[seed] if seed in known else ask(seed, seed + FIXED_SEED, args.fixed)[:2]
        row = {"kind": args.kind, "seed": seed, "cpu": round(cpu, 3), "samples": seq.samples,
               "stopped": seq.stopping.reason.value, "chosen": chosen, "fixed_best": best,
               "same": chosen == best, "loss": round(values[best] - values.get(chosen, float("-inf")), 3),
               "fixed": args.fixed, "fixed_values": values}
        row["agree"] = row["same"] or row["loss"] <= args.margin
        rows.append(row)
        print(json.dumps(row), flush=True)
        if out is not None:
            out.write(json.dumps(row) + "\n")
            out.flush()
    summary(rows, sys.stdout)


def _fixed_runs(files: list[str], kind: str, fixed: int) -> dict[int, tuple[str, dict[str, float]]]:
    """Per hand, the fixed run's best option and values kept in the rows of ``files``."""
    known: dict[int, tuple[str, dict[str, float]]] = {}
    for name in files:
        with open(name, encoding="utf-8") as f:
            for row in map(json.loads, filter(str.strip, f)):
                if row["kind"] == kind and row.get("fixed") == fixed and "fixed_values" in row:
                    known[row["seed"]] = (row["fixed_best"], row["fixed_values"])
    return known


def summary(rows: list[dict[str, Any]], stream: Any) -> None:
    cpus = sorted(r["cpu"] for r in rows)
    p95 = cpus[min(len(cpus) - 1, int(0.95 * len(cpus)))]
    reasons = collections.Counter(r["stopped"] for r in rows)
    stream.write(json.dumps({
        "kind": rows[0]["kind"], "hands": len(rows), "median_cpu": statistics.median(cpus), "p95_cpu": p95,
        "median_samples": statistics.median(r["samples"] for r in rows),
        "same": sum(r["same"] for r in rows) / len(rows), "agree": sum(r["agree"] for r in rows) / len(rows),
        "stopped": dict(reasons)}) + "\n")


if __name__ == "__main__":
    main()
