"""A profile-guided build of the engine from the committed workload (GCC, opt-in).

``python -m benchmarks.pgo`` builds the engine beside the sources in three steps, each a
process of its own:

1. ``COINCHE_PGO=generate python setup.py build_ext --inplace --force``: an engine that
   records how often each branch goes which way, into ``build/pgo/`` (emptied first);
2. ``python -m benchmarks.workload``: both sets of the workload, which the record is
   taken from (and which must still give the pinned nodes and values);
3. ``COINCHE_PGO=use python setup.py build_ext --inplace --force``: the engine built
   again, its code laid out and inlined by the record.

The engine left in place is the last one; ``python setup.py build_ext --inplace --force``
builds the plain one again.  ``--callgrind`` counts the instructions of the workload's
main set on the plain build and on the guided one (valgrind), which is how
``docs/solve.md`` measures what the guided build is worth.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Sequence

ROOT = Path(__file__).resolve().parent.parent
PGO_DIR = ROOT / "build" / "pgo"


def _run(cmd: Sequence[str], pgo: str = "") -> str:
    env = dict(os.environ)
    env.pop("COINCHE_PGO", None)
    if pgo:
        env["COINCHE_PGO"] = pgo
    done = subprocess.run(list(cmd), cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"error: {' '.join(cmd)} failed (exit {done.returncode})")
    return done.stdout


def build(pgo: str = "") -> None:
    """Build the engine in place: plain (``pgo`` empty), or one half of the guided build."""
    _run([sys.executable, "setup.py", "build_ext", "--inplace", "--force", "-q"], pgo)


def instructions() -> int:
    """The instructions of the engine's solves on the workload's main set (callgrind)."""
    out = _run([sys.executable, "-m", "benchmarks.workload", "--set", "main", "--callgrind"])
    return int(out.split(":")[1].split("instructions")[0].replace(",", "").strip())


def guided_build() -> str:
    """The three steps; returns what the workload printed on the recording engine."""
    shutil.rmtree(PGO_DIR, ignore_errors=True)
    build("generate")
    printed = _run([sys.executable, "-m", "benchmarks.workload"])
    if not any(PGO_DIR.rglob("*.gcda")):
        raise SystemExit(f"error: the workload left no profile in {PGO_DIR} (is the compiler GCC?)")
    build("use")
    return printed


def main(argv: "Sequence[str] | None" = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.pgo", description=__doc__.split("\n")[0])
    parser.add_argument("--callgrind", action="store_true",
                        help="count the main set's instructions on the plain and the guided build")
    args = parser.parse_args(argv)
    plain = 0
    if args.callgrind:
        build()
        plain = instructions()
    printed = guided_build()
    print(printed, end="")
    if args.callgrind:
        guided = instructions()
        print(f"main: {plain:,} instructions plain, {guided:,} guided ({guided / plain:.3f}x)")


if __name__ == "__main__":
    main()
