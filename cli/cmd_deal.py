"""``coinche deal``: a random deal, as a diagram and as PBN text."""

from __future__ import annotations

from typing import Annotated

import typer

import solver
from .app import app
from .errors import handle_errors
from .options import SeedOpt, seed_or_fresh
from .output import print_deal, print_json, say


@app.command()
@handle_errors
def deal(
    seed: SeedOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a diagram.")] = False,
) -> None:
    """Deal the 32 cards at random; print the diagram, the PBN text and the seed."""
    seed = seed_or_fresh(seed)
    d = solver.Deal.random(seed=seed)
    if as_json:
        print_json({
            "seed": seed,
            "deal": d.to_pbn(),
            "hands": {s.name: d.hands[s].to_pbn() for s in solver.Seat},
        })
        return
    print_deal(d)
    say(f"seed {seed}")
