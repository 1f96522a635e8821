"""``coinche deal``: a random deal, as a diagram and as PBN text."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

import solver
from .common import console, fresh_seed, handle_errors, print_json
from .app import app


@app.command()
@handle_errors
def deal(
    seed: Annotated[Optional[int], typer.Option("--seed", help="Random seed (the same seed gives "
                                                "the same deal); default: a fresh one, shown "
                                                "in the output.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a diagram.")] = False,
) -> None:
    """Deal the 32 cards at random; print the diagram, the PBN text and the seed."""
    if seed is None:
        seed = fresh_seed()
    d = solver.Deal.random(seed=seed)
    if as_json:
        print_json({
            "seed": seed,
            "pbn": d.to_pbn(),
            "hands": {s.name: d.hands[s].to_pbn() for s in solver.Seat},
        })
        return
    console.print(d.diagram(), markup=False, highlight=False)
    console.print()
    console.print(d.to_pbn(), markup=False, highlight=False, soft_wrap=True)
    console.print(f"seed {seed}", markup=False, highlight=False)
