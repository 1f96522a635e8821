"""The first estimate of a whole deal's value, where the engine's probes start.

``python -m benchmarks.estimate`` solves a training set of whole deals (``--deals``
deals, ``Deal.random(seed=SEED + i)`` from ``--seed``, each in the six strains with the
leader ``Seat(i % 4)``), reads each solve's features off the engine
(``Engine.estimate_features``: the leader's side's cards by strength, trump lengths,
shortness beside trumps, the sure points of each side; see
``solver/_engine_estimate.pxi``), and fits one linear model of the leader's side's
points for each kind of strain (a trump suit, sans atout, tout atout) by least squares.
It prints how far the fitted estimate lands from the exact value on the engine
benchmarks' 200 deals (``Deal.random(seed=20261121 + i)``, N on lead), which the fit
never sees; ``--write-table`` writes the weights into ``solver/_engine_estimate_fit.pxi``,
which the engine is compiled with (the shipped weights come from the command it names).

``--held-out`` only compares, for each group of solves apart from the training set
(:func:`benchmarks.leads.held_out_groups`: the benchmarks' deals, three sets of 60 and
the committed workload), the nodes with the compiled estimate and with none (the
probes bisecting at once).
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from typing import Sequence

import numpy as np

from solver import Deal, Rules, Seat, Solver, Strain
from solver._engine import estimate_weights, set_estimate_weights

from .leads import held_out_nodes, print_held_out

TRAIN_SEED = 930000
TRAIN_DEALS = 1500
SIZES = (22, 12, 12)        # the features of each kind (the engine's EST_FEATURES, EST_PLAIN)
ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "solver" / "_engine_estimate_fit.pxi"
BENCH_SEED = 20261121


def kind(strain: Strain) -> int:
    """0 a trump suit, 1 sans atout, 2 tout atout (the engine's estimate_kind)."""
    return 1 if strain == Strain.SA else 2 if strain == Strain.TA else 0


def samples(pairs: Sequence[tuple[Deal, Strain, Seat]]) -> list[tuple[int, list[float], int, int]]:
    """For each whole deal, strain and leader: the kind, the features, the leader's side's
    points and the N-S value (one solver for all)."""
    s = Solver()
    eng = s._engine
    rules = Rules()
    out = []
    for deal, strain, leader in pairs:
        s.load_hands(deal.masks, strain, leader, rules)
        f = eng.estimate_features()
        total = eng.max_value()
        v = eng.value()
        out.append((kind(strain), f, v if leader % 2 == 0 else total - v, v))
    return out


def training_pairs(deals: int = TRAIN_DEALS, seed: int = TRAIN_SEED) -> list[tuple[Deal, Strain, Seat]]:
    """The training set: deal i in the six strains, ``Seat(i % 4)`` on lead."""
    out = []
    for i in range(deals):
        d = Deal.random(seed=seed + i)
        out += [(d, st, Seat(i % 4)) for st in Strain]
    return out


def bench_pairs() -> list[tuple[Deal, Strain, Seat]]:
    """The engine benchmarks' 200 deals in the six strains, N on lead."""
    return [(Deal.random(seed=BENCH_SEED + i), st, Seat.N) for i in range(200) for st in Strain]


def fit(rows: Sequence[tuple[int, list[float], int, int]]) -> list[list[float]]:
    """Least-squares weights of each kind, rounded to 4 decimals (the table's text)."""
    out = []
    for k, size in enumerate(SIZES):
        x = np.array([f for kk, f, _, _ in rows if kk == k], dtype=float)
        y = np.array([t for kk, _, t, _ in rows if kk == k], dtype=float)
        w = np.linalg.lstsq(x, y, rcond=None)[0]
        out.append([round(float(a), 4) for a in w] + [0.0] * (size - len(w)))
    return out


def errors(pairs: Sequence[tuple[Deal, Strain, Seat]]) -> dict[str, list[int]]:
    """The engine's estimate minus the exact value, by kind of strain."""
    s = Solver()
    eng = s._engine
    rules = Rules()
    out: dict[str, list[int]] = {"trump": [], "SA": [], "TA": []}
    for deal, strain, leader in pairs:
        s.load_hands(deal.masks, strain, leader, rules)
        est = eng.estimate()
        out[("trump", "SA", "TA")[kind(strain)]].append(est - eng.value())
    return out


def held_out(weights: Sequence[Sequence[float]]) -> list[tuple[str, int, int]]:
    """For each group of solves apart from the training set: its name, its nodes without
    an estimate and with ``weights``.  The process's weights are left as they were."""
    before = estimate_weights()
    try:
        return held_out_nodes(lambda: set_estimate_weights([[0.0] * n for n in SIZES]),
                              lambda: set_estimate_weights(weights))
    finally:
        set_estimate_weights(before)


def write_table(path: str, w: Sequence[Sequence[float]], how: str) -> None:
    """The engine's include file of the weights (``solver/_engine_estimate_fit.pxi``)."""
    rows = ",\n".join("        {" + ", ".join(repr(x) for x in row) + "}" for row in w)
    text = f'''# The weights of the first estimate (see _engine_estimate.pxi), written by
#     {how}
# (do not edit by hand).  One row a kind of strain: a trump suit, sans atout, tout atout;
# all 0: no estimate.
cdef extern from *:
    """
    static const double coinche_estimate_weight[3][{SIZES[0]}] = {{
{rows}
    }};
    """
    const double LEARNED_ESTIMATE "coinche_estimate_weight"[3][{SIZES[0]}]
'''
    with open(path, "w") as f:
        f.write(text)


def report(errs: dict[str, list[int]]) -> str:
    lines = []
    for name, e in errs.items():
        a = sorted(abs(x) for x in e)
        within = sum(x <= 12 for x in a) / len(a)
        lines.append(f"{name:6} median miss {statistics.median(a):5.1f}, within 12 points "
                     f"{within:.0%} ({len(a)} solves)")
    return "\n".join(lines)


def main(argv: "Sequence[str] | None" = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.estimate", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=TRAIN_SEED,
                        help=f"the training set's first seed (default {TRAIN_SEED})")
    parser.add_argument("--deals", type=int, default=TRAIN_DEALS,
                        help=f"deals of the training set, six solves each (default {TRAIN_DEALS})")
    parser.add_argument("--write-table", action="store_true",
                        help="write the weights into solver/_engine_estimate_fit.pxi "
                             "(rebuild the engine after)")
    parser.add_argument("--held-out", action="store_true",
                        help="only compare the nodes of solves apart from the training set with "
                             "the compiled estimate and without one")
    args = parser.parse_args(argv)
    if args.held_out:
        print_held_out(held_out(estimate_weights()))
        return
    w = fit(samples(training_pairs(args.deals, args.seed)))
    before = estimate_weights()
    set_estimate_weights(w)
    try:
        print(f"fitted on {args.deals} deals from seed {args.seed}; on the benchmarks' 200 deals:")
        print(report(errors(bench_pairs())))
    finally:
        set_estimate_weights(before)
    if args.write_table:
        how = f"python -m benchmarks.estimate --seed {args.seed} --deals {args.deals} --write-table"
        write_table(str(TABLE), w, how)
        print(f"wrote {TABLE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
