"""``coinche deal``: a random deal, as a diagram and as PBN text."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

import solver
from .app import app
from .errors import fail, handle_errors
from .options import KnownOpt, LengthOpt, PointsOpt, SeedOpt, VoidOpt, seed_or_fresh
from .output import print_deal, print_json, say
from .parse import parse_constraints
from .records_io import check_records_out, deal_records, write_records_out
from solver.messages import tr
from solver.records import format_records


@app.command()
@handle_errors
def deal(
    seed: SeedOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a diagram.")] = False,
    count: Annotated[Optional[int], typer.Option("--count", min=1, max=100_000, help="Deal this many "
                                                 "games as a record file (docs/formats.md).")] = None,
    hand: Annotated[Optional[str], typer.Option("--hand", help="With --count: every deal gives this "
                                                "hand (spades.hearts.diamonds.clubs) to --seat.")] = None,
    seat: Annotated[Optional[str], typer.Option("--seat", help="The seat of --hand (default S).")] = None,
    out: Annotated[Optional[Path], typer.Option("--out", help="With --count: write the records here "
                                                "(FILE.pbn) instead of stdout.")] = None,
    known: KnownOpt = None,
    void: VoidOpt = None,
    length: LengthOpt = None,
    points: PointsOpt = None,
) -> None:
    """Deal the 32 cards at random; print the diagram, the PBN text and the seed.
    With --count, N games as records (seeded; boards 1, 2, ..., the dealer turning),
    optionally with --hand at --seat and what else is known of the other hands.

    Example: coinche deal --count 4 --seed 7 --hand AJ9.A7.KT.J --seat S --out practice.pbn
    """
    seed = seed_or_fresh(seed)
    constraints = parse_constraints(known, void, length, points)
    if count is None and (hand is not None or seat is not None or out is not None or constraints):
        raise fail(tr("--hand, --seat, --out and the constraints go with --count"))
    if constraints is not None and hand is None:
        raise fail(tr("--known, --void, --length and --points go with --hand: the deals are sampled around it"))
    if count is not None:
        check_records_out(out)
        records = deal_records(count, seed, hand, seat, constraints)
        if as_json:
            print_json({"seed": seed, "records": [r.to_dict() for r in records]})
        elif out is not None:
            write_records_out(records, out)
        else:
            sys.stdout.write(format_records(records))      # the file's text, byte for byte
        return
    d = solver.Deal.random(seed=seed)
    if as_json:
        print_json({
            "seed": seed,
            "deal": d.to_pbn(),
            "hands": {s.name: d.hands[s].to_pbn() for s in solver.Seat},
        })
        return
    print_deal(d)
    say(tr("seed {seed}", seed=seed))
