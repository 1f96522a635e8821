"""Lead-ordering data: how often the ordering heuristics' first lead is a best lead.

``python -m benchmarks.leads`` walks seeded random legal play from the deals of a set
(60 deals, seeds ``--seed`` + i, shuffled as :func:`benchmarks.workload.deal` deals
them) in hearts, sans atout and tout atout, N on lead, and stops at trick starts (after
0 to 5 tricks).  At each such lead it compares the engine's ordering
(``Engine.ordering``: the heuristics alone, without table card or killer) with the
exact value of every lead (``Solver.card_values``): the oracle's best leads.  It prints
the share of leads where the heuristics' first card is a best one (all leads, and by
strain and tricks played) and the median points lost when it is not.  ``--learn-from
SEED`` learns a table of lead classes on another set (the share of best leads in each
class) and reports how often the class it rates highest holds a best lead.  ``--out FILE``
writes the data a learned ordering would start from: one record a lead position, each
candidate lead with its class (trump, master, points, length of its suit in the hand,
partner void in it, an opponent void in it) and whether it is a best lead.

>>> c = lead_class(Card.parse("HA"), Strain.H, masters=CardSet("HA"), hand=CardSet("HA H7"),
...                partner=CardSet("S8"), opponents=(CardSet("S7"), CardSet("HK")))
>>> c["trump"], c["master"], c["points"], c["length"], c["partner_void"], c["opponent_void"]
(True, True, 11, 2, True, True)
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict
from typing import Any, Sequence

from solver import Card, CardSet, Position, Rules, Seat, Solver, Strain
from solver.rules import points_table, strength_table

from .workload import deal

STRAINS = (Strain.H, Strain.SA, Strain.TA)


def lead_class(card: Card, strain: Strain, masters: CardSet, hand: CardSet, partner: CardSet,
               opponents: tuple[CardSet, CardSet]) -> dict[str, Any]:
    """The class of one candidate lead, as a learned ordering would key it."""
    suit = card.suit
    return {
        "trump": strain == Strain.TA or int(strain) == int(suit),
        "master": card in masters,
        "points": points_table(strain, Rules())[int(card)],
        "length": sum(1 for c in hand if c.suit == suit),
        "partner_void": not any(c.suit == suit for c in partner),
        "opponent_void": any(not any(c.suit == suit for c in opp) for opp in opponents),
    }


def masters_of(pos: Position) -> CardSet:
    """The cards still in play that no other card still in play of their suit beats."""
    strength = strength_table(pos.strain)
    inplay = [c for h in pos.hands for c in CardSet(h)]
    best: dict[int, Card] = {}
    for c in inplay:
        if c.suit not in best or strength[int(c)] > strength[int(best[c.suit])]:
            best[c.suit] = c
    return CardSet(list(best.values()))


def leads(seed: int, deals: int) -> list[dict[str, Any]]:
    """Every lead position of the walk, with the oracle's values and the ordering's cards."""
    solver = Solver()
    out = []
    for i in range(deals):
        d = deal(seed + i)
        for strain in STRAINS:
            rng = random.Random(seed * 7 + i * 3 + int(strain))
            pos = Position(d, strain, Seat.N)
            for trick in range(6):
                if trick:
                    for _ in range(4):
                        pos.play(rng.choice(sorted(pos.legal_cards())))
                values = solver.card_values(pos.copy())
                solver.load(pos.copy())
                order = [Card(c) for c in solver._engine.ordering()]
                maximizing = int(pos.to_move) % 2 == 0
                best = max(values.values()) if maximizing else min(values.values())
                hand = CardSet(pos.hands[pos.to_move])
                mate = CardSet(pos.hands[(int(pos.to_move) + 2) % 4])
                opps = tuple(CardSet(pos.hands[(int(pos.to_move) + k) % 4]) for k in (1, 3))
                masters = masters_of(pos)
                out.append({
                    "deal": seed + i, "strain": strain.name, "tricks_played": trick,
                    "first": order[0].name, "first_is_best": values[order[0]] == best,
                    "loss": abs(values[order[0]] - best),
                    "leads": [dict(card=c.name, best=values[c] == best,
                                   **lead_class(c, strain, masters, hand, mate, opps)) for c in order],
                })
    return out


def summary(records: Sequence[dict[str, Any]]) -> str:
    lines = []
    share = sum(r["first_is_best"] for r in records) / len(records)
    losses = [r["loss"] for r in records if not r["first_is_best"]]
    lines.append(f"{len(records)} leads: the heuristics' first lead is a best lead in {share:.1%}; "
                 f"when not, it loses {statistics.median(losses) if losses else 0:g} points (median)")
    groups: dict[str, list[bool]] = defaultdict(list)
    for r in records:
        groups[f"strain {r['strain']}"].append(r["first_is_best"])
        groups[f"after {r['tricks_played']} tricks"].append(r["first_is_best"])
    for k, v in sorted(groups.items()):
        lines.append(f"  {k:16} {sum(v) / len(v):.1%} of {len(v)}")
    return "\n".join(lines)


def class_key(lead: dict[str, Any]) -> tuple:
    """The key of a lead's class in the learned table: its features, points and length
    in three steps each."""
    return (lead["trump"], lead["master"], min(lead["points"], 11) // 4, min(lead["length"], 4) // 2,
            lead["partner_void"], lead["opponent_void"])


def learn(records: Sequence[dict[str, Any]]) -> dict[tuple, float]:
    """The table: for each class, the share of its leads that are best leads."""
    seen: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
    for r in records:
        for lead in r["leads"]:
            k = class_key(lead)
            seen[k][0] += lead["best"]
            seen[k][1] += 1
    return {k: b / n for k, (b, n) in seen.items()}


def learned_share(table: dict[tuple, float], records: Sequence[dict[str, Any]]) -> float:
    """How often the lead the table rates highest (the heuristics' order breaking ties)
    is a best lead."""
    hits = 0
    for r in records:
        first = max(enumerate(r["leads"]), key=lambda kv: (table.get(class_key(kv[1]), 0.0), -kv[0]))[1]
        hits += first["best"]
    return hits / len(records)


def main(argv: "Sequence[str] | None" = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.leads", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=555000, help="the first deal's seed (default 555000)")
    parser.add_argument("--deals", type=int, default=60, help="deals in the set (default 60)")
    parser.add_argument("--out", help="write the records (JSON) to this file")
    parser.add_argument("--learn-from", type=int, metavar="SEED",
                        help="also learn a table of lead classes on the set of that seed and "
                             "say how often its first lead is a best one on this set")
    args = parser.parse_args(argv)
    records = leads(args.seed, args.deals)
    print(summary(records))
    if args.learn_from is not None:
        table = learn(leads(args.learn_from, args.deals))
        print(f"a table of {len(table)} lead classes learnt on seed {args.learn_from}: its first lead "
              f"is a best lead in {learned_share(table, records):.1%}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(records, f)


if __name__ == "__main__":
    main()
