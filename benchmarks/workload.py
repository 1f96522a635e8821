"""A fixed workload that pins the search, in the manner of Stockfish's ``bench``.

``python -m benchmarks.workload`` solves two fixed sets of positions, each with a fresh
:class:`~solver.Solver` (a table of 2**14 buckets, kept from one solve to the next), and
prints, for each set, the number of solves, the nodes searched, a signature of every
value found and the time:

* ``main``: the engine's workload, 12 random full deals (seeds 20261121 to 20261132)
  in hearts, sans atout and tout atout, N on lead, the default rules: 36 exact solves.
* ``variants``: 24 positions that reach what ``main`` does not: the other trump suits,
  every seat on lead, the other play variants (no forced undertrump, no forced
  overtrump of partner) with the j13 tout atout table, and positions 5, 9 and 14 cards
  into the play (inside a trick and at a trick start), the cards played picked by a
  seeded random choice among the legal ones.

The nodes are deterministic: the same engine gives the same count on every machine,
so a change of the count means a change of the search (``tests/test_workload.py`` pins
both sets).  The signature is the first 16 hex digits of the SHA-256 of the values, so
it changes only when a value does.

``--callgrind`` runs the same command under ``valgrind --tool=callgrind``, counting
only the engine's exact solves (``solve_state`` and what it calls), and prints the
instructions; ``--set`` picks one set.

>>> len(MAIN), len(VARIANTS)
(36, 24)
>>> MAIN[0].strain.name, MAIN[0].leader.name, MAIN[0].played
('H', 'N', ())
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from typing import NamedTuple, Sequence

from solver import Card, CardSet, Deal, Position, Rules, Seat, Solver, Strain
from solver.rules import TaTable

SEED = 20261121
TT_BITS = 14
OTHER_RULES = Rules(must_undertrump=False, must_overtrump_partner=False, ta_table=TaTable.J13)


class Task(NamedTuple):
    """One solve of the workload: the exact value of the position after ``played``."""

    deal: Deal
    strain: Strain
    leader: Seat
    rules: Rules
    played: tuple[Card, ...]


class Result(NamedTuple):
    solves: int
    nodes: int
    signature: str
    seconds: float


def deal(seed: int) -> Deal:
    """The full deal of ``seed``: the 32 cards shuffled by ``random.Random(seed)``, eight
    to a hand in the order N, E, S, W."""
    cards = list(range(32))
    random.Random(seed).shuffle(cards)
    return Deal([CardSet(cards[8 * i: 8 * i + 8]) for i in range(4)])


def random_play(d: Deal, strain: Strain, leader: Seat, rules: Rules, n: int, seed: int) -> tuple[Card, ...]:
    """``n`` legal cards from the first lead, each picked by ``random.Random(seed)`` among
    the legal cards of the player to move (in card order)."""
    rng = random.Random(seed)
    pos = Position(d, strain, leader, rules)
    played = []
    for _ in range(n):
        card = rng.choice(sorted(pos.legal_cards()))
        pos.play(card)
        played.append(card)
    return tuple(played)


def main_tasks() -> list[Task]:
    return [Task(deal(SEED + i), strain, Seat.N, Rules(), ())
            for i in range(12) for strain in (Strain.H, Strain.SA, Strain.TA)]


def variant_tasks() -> list[Task]:
    tasks = []
    for j in range(24):
        d = deal(SEED + 100 + j)
        strain = Strain(j % 6)
        leader = Seat(j % 4)
        rules = OTHER_RULES if (j // 6) % 2 else Rules()
        played = random_play(d, strain, leader, rules, (0, 5, 9, 14)[(j + j // 12) % 4], SEED + 200 + j)
        tasks.append(Task(d, strain, leader, rules, played))
    return tasks


MAIN = main_tasks()
VARIANTS = variant_tasks()
SETS = {"main": MAIN, "variants": VARIANTS}


def run(tasks: Sequence[Task], solver: "Solver | None" = None) -> Result:
    """Solve every task in order with one solver; the nodes summed, the values hashed."""
    s = solver if solver is not None else Solver(tt_bits=TT_BITS)
    nodes = 0
    values = []
    t = time.perf_counter()
    for task in tasks:
        sol = s.solve(task.deal, task.strain, task.leader, played=task.played, rules=task.rules)
        nodes += sol.nodes
        values.append(sol.ns_points)
    seconds = time.perf_counter() - t
    signature = hashlib.sha256(",".join(map(str, values)).encode()).hexdigest()[:16]
    return Result(len(tasks), nodes, signature, seconds)


def callgrind(set_names: Sequence[str]) -> int:
    """The instructions the engine's exact solves take on the sets, counted by callgrind
    (``solve_state`` and everything it calls: the search, not the Python around it)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("error: valgrind is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
               "--toggle-collect=*_engine_solve_state", sys.executable, "-m", "benchmarks.workload"]
        for name in set_names:
            cmd += ["--set", name]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out) as f:
            text = f.read()
    m = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.M)
    if m is None:
        raise SystemExit("error: no instruction count in callgrind's output")
    return int(m.group(1))


def main(argv: "Sequence[str] | None" = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.workload", description=__doc__.split("\n")[0])
    parser.add_argument("--set", action="append", choices=sorted(SETS), dest="sets",
                        help="the set to solve (repeatable; default: all)")
    parser.add_argument("--callgrind", action="store_true",
                        help="count the engine's instructions under valgrind instead")
    args = parser.parse_args(argv)
    names = args.sets or list(SETS)
    if args.callgrind:
        print(f"{'+'.join(names)}: {callgrind(names):,} instructions in the engine's solves")
        return
    results = [(name, run(SETS[name])) for name in names]
    for name, r in results:
        print(f"{name:9} {r.solves:3} solves {r.nodes:>11,} nodes  signature {r.signature}  "
              f"{r.seconds:.3f} s")
    if len(results) > 1:
        print(f"{'total':9} {sum(r.solves for _, r in results):3} solves "
              f"{sum(r.nodes for _, r in results):>11,} nodes  "
              f"{sum(r.seconds for _, r in results):.3f} s")


if __name__ == "__main__":
    main()
