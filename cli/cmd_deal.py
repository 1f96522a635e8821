"""``coinche deal``: a random deal, as a diagram and as PBN text."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

import solver
from .common import fresh_seed, handle_errors, print_json
from .app import app
from .output import say


@app.command()
@handle_errors
def deal(
    seed: Annotated[Optional[int], typer.Option("--seed", min=0, help="Random seed, 0 or more (the "
                                                "same seed gives the same deal); default: a fresh "
                                                "one, shown in the output.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a diagram.")] = False,
) -> None:
    """Deal the 32 cards at random; print the diagram, the PBN text and the seed."""
    if seed is None:
        seed = fresh_seed()
    d = solver.Deal.random(seed=seed)
    if as_json:
        print_json({
            "seed": seed,
            "deal": d.to_pbn(),
            "hands": {s.name: d.hands[s].to_pbn() for s in solver.Seat},
        })
        return
    say(d.diagram(), wrap=False)
    say()
    say(d.to_pbn(), wrap=False)
    say(f"seed {seed}")
