"""Lead-ordering data and the learned lead weights of the engine.

``python -m benchmarks.leads`` walks seeded random legal play from the deals of a set
(60 deals, seeds ``--seed`` + i, shuffled as :func:`benchmarks.workload.deal` deals
them) in hearts, sans atout and tout atout, N on lead, and stops at trick starts (after
0 to 5 tricks).  At each such lead it compares the engine's ordering
(``Engine.ordering``: without table card or killer) with the exact value of every lead
(``Solver.card_values``): the oracle's best leads.  It prints the share of leads where
the ordering's first card is a best one (all leads, and by strain and tricks played) and
the median points lost when it is not.  ``--out FILE`` writes one record a lead position:
each candidate lead with its class (``Engine.lead_classes``: strain kind, master,
points, length, partner void, partner's best card, an opponent void, opponents' trumps;
see ``solver/_engine_order.pxi``) and whether it is a best lead.

``--learn-from SEED`` learns on the lead positions of another set (``--learn-deals``
deals) the share of best leads in each class and reports how often the class it rates
highest holds a best lead on this set.  ``--tune CLASSES`` then fits the engine's weight
of each of the CLASSES classes most frequent there to the nodes of a training workload
(:func:`training_tasks`, deals apart from the committed workload's), and reports both
the leads and the committed workload's main set with the heuristics alone and with the
weights; ``--write-table`` writes the weights into ``solver/_engine_leads.pxi``, which
the engine is compiled with (the shipped table comes from the command it names).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Callable, Sequence

from solver import Card, Deal, Position, Rules, Seat, Solver, Strain
from solver._engine import lead_weights, set_lead_weights

from .workload import MAIN, VARIANTS, Task, deal, run

STRAINS = (Strain.H, Strain.SA, Strain.TA)
CLASSES = 2048          # the engine's lead classes (11 bits, see _engine_order.pxi)
LEARN_DEALS = 300
LEVELS = 16
TRAIN_SEED = 900000
TRAIN_DEALS = 200
TUNE_BASE = 1000        # the weights' common start (a class moves either way from it)
ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "solver" / "_engine_leads.pxi"


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
                classes = dict(solver._engine.lead_classes())
                out.append({
                    "deal": seed + i, "strain": strain.name, "tricks_played": trick,
                    "first": order[0].name, "first_is_best": values[order[0]] == best,
                    "loss": abs(values[order[0]] - best),
                    "leads": [dict(card=c.name, best=values[c] == best, cls=classes[int(c)])
                              for c in order],
                })
    return out


def summary(records: Sequence[dict[str, Any]]) -> str:
    lines = []
    share = sum(r["first_is_best"] for r in records) / len(records)
    losses = [r["loss"] for r in records if not r["first_is_best"]]
    lines.append(f"{len(records)} leads: the ordering's first lead is a best lead in {share:.1%}; "
                 f"when not, it loses {statistics.median(losses) if losses else 0:g} points (median)")
    groups: dict[str, list[bool]] = defaultdict(list)
    for r in records:
        groups[f"strain {r['strain']}"].append(r["first_is_best"])
        groups[f"after {r['tricks_played']} tricks"].append(r["first_is_best"])
    for k, v in sorted(groups.items()):
        lines.append(f"  {k:16} {sum(v) / len(v):.1%} of {len(v)}")
    return "\n".join(lines)


def learn(records: Sequence[dict[str, Any]], prior_weight: float = 4.0) -> dict[int, float]:
    """The table: for each lead class (the engine's, see ``Engine.lead_classes``), the share
    of its leads that are best leads, over the positions where not every lead is best (the
    others tell nothing about an order), drawn toward the share over all classes by
    ``prior_weight`` leads of it (a class seen a few times stays near the mean)."""
    seen: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for r in records:
        if all(lead["best"] for lead in r["leads"]):
            continue
        for lead in r["leads"]:
            seen[lead["cls"]][0] += lead["best"]
            seen[lead["cls"]][1] += 1
    total_best = sum(b for b, _ in seen.values())
    total = sum(n for _, n in seen.values())
    mean = total_best / total if total else 0.0
    return {k: (b + prior_weight * mean) / (n + prior_weight) for k, (b, n) in seen.items()}


def weights(table: dict[int, float], levels: int) -> list[int]:
    """A share table's rating of each of the 2048 classes: its share in ``levels`` steps
    (0 .. levels - 1; the heuristics order the leads of one step); a class never seen
    takes the step of the mean share."""
    mean = statistics.fmean(table.values()) if table else 0.0
    return [min(levels - 1, int(table.get(k, mean) * levels)) for k in range(CLASSES)]


def learned_share(table: dict[int, float], records: Sequence[dict[str, Any]], levels: int) -> float:
    """How often the lead the table rates highest (the heuristics' order breaking ties)
    is a best lead."""
    w = weights(table, levels)
    hits = 0
    for r in records:
        first = max(enumerate(r["leads"]), key=lambda kv: (w[kv[1]["cls"]], -kv[0]))[1]
        hits += first["best"]
    return hits / len(records)


def training_tasks(deals: int = TRAIN_DEALS, seed: int = TRAIN_SEED) -> "list[Task]":
    """The workload the weights are fitted on, apart from the committed workload's and the
    benchmarks' deals: ``deals`` deals (``seed`` + i) in hearts, sans atout and tout
    atout, N on lead, and as many more (``seed`` + 5000 + i) in the four trump suits in
    turn, each seat on lead in turn: 4 solves a deal."""
    tasks = [Task(deal(seed + i), st, Seat.N, Rules(), ()) for i in range(deals) for st in STRAINS]
    tasks += [Task(deal(seed + 5000 + i), Strain(i % 4), Seat(i % 4), Rules(), ()) for i in range(deals)]
    return tasks


def tune(records: Sequence[dict[str, Any]], classes: int, rounds: int,
         tasks: "Sequence[Task]", log: Any = None) -> list[int]:
    """Weights fitted to the nodes of ``tasks``: the ``classes`` lead classes most frequent
    in ``records`` (the oracle's lead positions) in turn, each moved by -400, -150, -60,
    +60, +150 or +400 from a common base where that saves 0.05% of the nodes or more
    (``rounds`` passes).  The weights of the process are left as they were."""
    freq = Counter(lead["cls"] for r in records for lead in r["leads"])
    order = [k for k, _ in freq.most_common(classes)]
    before = lead_weights()
    w = [TUNE_BASE] * CLASSES

    def nodes(weights: list[int]) -> int:
        set_lead_weights(weights)
        return run(tasks).nodes

    try:
        best = nodes(w)
        if log:
            log(f"start: {best:,} nodes")
        for rnd in range(rounds):
            for k in order:
                for step in (-400, -150, -60, 60, 150, 400):
                    trial = list(w)
                    trial[k] = max(0, w[k] + step)
                    n = nodes(trial)
                    if n < best * 0.9995:
                        best, w = n, trial
            if log:
                log(f"round {rnd + 1}: {best:,} nodes")
    finally:
        set_lead_weights(before)
    return w


def held_out_groups() -> "dict[str, list[Task]]":
    """Solves apart from the training workload, to judge weights on: the engine
    benchmarks' 200 deals (``Deal.random(seed=20261121 + i)``, N on lead) in a trump suit
    (deal i in suit i % 4), in SA, in TA and the six strains of the first 100; three sets
    of 60 deals (:func:`benchmarks.workload.deal` of seeds 555000, 600000 and 777000 on) in
    spades, hearts, SA and TA; and the committed workload's two sets."""
    bench = [Deal.random(seed=20261121 + i) for i in range(200)]
    rules = Rules()

    def tasks(pairs: "Sequence[tuple[Deal, Strain]]") -> "list[Task]":
        return [Task(d, st, Seat.N, rules, ()) for d, st in pairs]

    groups = {
        "benchmark deals, trump": tasks([(d, Strain(i % 4)) for i, d in enumerate(bench)]),
        "benchmark deals, SA": tasks([(d, Strain.SA) for d in bench]),
        "benchmark deals, TA": tasks([(d, Strain.TA) for d in bench]),
        "benchmark deals, six strains": tasks([(d, st) for d in bench[:100] for st in Strain]),
    }
    for seed in (555000, 600000, 777000):
        groups[f"60 deals of seed {seed}"] = tasks(
            [(deal(seed + i), st) for i in range(60) for st in (Strain.S, Strain.H, Strain.SA, Strain.TA)])
    groups["the workload's main set"] = list(MAIN)
    groups["the workload's variants"] = list(VARIANTS)
    return groups


def held_out_nodes(before: Callable[[], None], after: Callable[[], None]) -> "list[tuple[str, int, int]]":
    """For each group of :func:`held_out_groups`: its name and its nodes once ``before``
    and once ``after`` has set the engine up (one solver a group, as the benchmarks
    solve)."""
    rows = []
    for name, tasks in held_out_groups().items():
        counts = []
        for setup in (before, after):
            setup()
            counts.append(run(tasks).nodes)
        rows.append((name, counts[0], counts[1]))
    return rows


def print_held_out(rows: "Sequence[tuple[str, int, int]]") -> None:
    """The rows of :func:`held_out_nodes`, and the groups but the workload's summed."""
    for name, plain, changed in rows:
        print(f"{name:30} {plain:>11,} {changed:>11,}  {changed / plain:.3f}x")
    plain_all, changed_all = sum(r[1] for r in rows[:-2]), sum(r[2] for r in rows[:-2])
    print(f"{'all but the workload':30} {plain_all:>11,} {changed_all:>11,}  {changed_all / plain_all:.3f}x")


def held_out(weights: Sequence[int]) -> "list[tuple[str, int, int]]":
    """:func:`held_out_nodes` with the heuristics alone and with ``weights``.  The
    weights of the process are left as they were."""
    before = lead_weights()
    try:
        return held_out_nodes(lambda: set_lead_weights([0] * CLASSES),
                              lambda: set_lead_weights(list(weights)))
    finally:
        set_lead_weights(before)


def write_table(path: str, w: Sequence[int], how: str) -> None:
    """The engine's include file of the weights (``solver/_engine_leads.pxi``)."""
    rows = ",\n".join("        " + ", ".join(str(x) for x in w[i:i + 32]) for i in range(0, len(w), 32))
    text = f'''# The learned weights of the lead classes (see _engine_order.pxi's lead_class), written by
#     {how}
# (do not edit by hand).  A lead's weight comes before its heuristic score in the order
# (all 0: the heuristic order alone).
cdef extern from *:
    """
    static const int coinche_lead_weight[{CLASSES}] = {{
{rows}
    }};
    """
    const int LEARNED_LEAD_WEIGHT "coinche_lead_weight"[{CLASSES}]
'''
    with open(path, "w") as f:
        f.write(text)


def main(argv: "Sequence[str] | None" = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.leads", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=555000, help="the first deal's seed (default 555000)")
    parser.add_argument("--deals", type=int, default=60, help="deals in the set (default 60)")
    parser.add_argument("--out", help="write the records (JSON) to this file")
    parser.add_argument("--learn-from", type=int, metavar="SEED",
                        help="also learn a table of lead classes on the set of that seed and "
                             "say how often its first lead is a best one on this set")
    parser.add_argument("--learn-deals", type=int, default=LEARN_DEALS,
                        help=f"deals in the learning set (default {LEARN_DEALS})")
    parser.add_argument("--levels", type=int, default=LEVELS,
                        help=f"steps of the learned shares (default {LEVELS})")
    parser.add_argument("--tune", type=int, metavar="CLASSES",
                        help="with --learn-from: fit the weights of that many classes, the most "
                             "frequent in the learning set, to the nodes of the training workload "
                             f"(seed {TRAIN_SEED}); report the leads and the committed workload's "
                             "main set with the heuristics alone and with the weights")
    parser.add_argument("--rounds", type=int, default=1, help="passes of --tune (default 1)")
    parser.add_argument("--train-deals", type=int, default=TRAIN_DEALS,
                        help=f"deals of the training workload, 4 solves each (default {TRAIN_DEALS})")
    parser.add_argument("--write-table", action="store_true",
                        help="with --tune: write the weights into the engine's "
                             "solver/_engine_leads.pxi (rebuild the engine after)")
    parser.add_argument("--held-out", action="store_true",
                        help="only compare the nodes of solves apart from the training workload "
                             "(the benchmarks' deals, three sets of 60 and the committed workload) "
                             "with the compiled weights and with the heuristics alone")
    args = parser.parse_args(argv)
    if args.held_out:
        print_held_out(held_out(lead_weights()))
        return
    if args.tune is not None:
        set_lead_weights([0] * CLASSES)
    records = leads(args.seed, args.deals)
    print(("the heuristics alone:\n" if args.tune is not None else "") + summary(records))
    if args.learn_from is not None:
        train = leads(args.learn_from, args.learn_deals)
        table = learn(train)
        print(f"a table of {len(table)} lead classes learnt on seed {args.learn_from} "
              f"({args.learn_deals} deals), {args.levels} steps: its first lead "
              f"is a best lead in {learned_share(table, records, args.levels):.1%}")
        if args.tune is not None:
            plain = run(MAIN).nodes
            w = tune(train, args.tune, args.rounds, training_tasks(args.train_deals), log=print)
            set_lead_weights(w)
            records = leads(args.seed, args.deals)
            print("with the weights:\n" + summary(records))
            tuned = run(MAIN).nodes
            print(f"the workload's main set: {plain:,} nodes with the heuristics alone, "
                  f"{tuned:,} with the weights ({tuned / plain:.3f}x)")
            if args.write_table:
                how = (f"python -m benchmarks.leads --learn-from {args.learn_from} "
                       f"--learn-deals {args.learn_deals} --tune {args.tune} "
                       f"--rounds {args.rounds} --train-deals {args.train_deals} --write-table")
                write_table(str(TABLE), w, how)
                print(f"wrote {TABLE.relative_to(ROOT)}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(records, f)


if __name__ == "__main__":
    main()
