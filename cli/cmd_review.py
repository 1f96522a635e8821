"""``coinche review``: a real play card by card against double-dummy play."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .app import app
from .errors import handle_errors
from .options import DealArg, JsonOpt
from .output import cards_text, print_json, render_rows, say
from .parse import leader_from, parse_deal
from .rules import takes_rules
from solver.review import review as solve_review
from solver.rules import Rules


@app.command()
@handle_errors
@takes_rules()
def review(
    deal: DealArg,
    strain: Annotated[str, typer.Option("--strain", help="Trumps: S H D C, SA or TA.")],
    played: Annotated[str, typer.Option("--played", help="The cards played, in order: \"SA S7 SQ ...\" "
                                        "(the whole deal or a part).")],
    leader: Annotated[Optional[str], typer.Option("--leader", help="The seat that led the "
                                                  "first trick.")] = None,
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="The dealer; the seat after led.")] = None,
    rules: Rules = Rules(),
    as_json: JsonOpt = False,
) -> None:
    """Each card's double-dummy cost: the value before and after it, and the best
    cards where it was a mistake.  Values are N-S card points over the whole deal.

    Example: coinche review example --strain C --leader S --played "SQ S7 SA ST HK HQ HA H7"
    """
    d = parse_deal(deal)
    r = solve_review(d, strain, leader_from(leader, dealer), played, rules)
    if as_json:
        print_json(r.to_dict())
        return
    if not r.steps:
        say(f"Nothing to review: --played {played!r} gives no card.")
        return
    rows = []
    for s in r.steps:
        best = "" if s.cost == 0 else cards_text(s.best_cards)
        rows.append((s.trick if s.index % 4 == 0 else "", s.seat.name, s.card.symbol,
                     s.value_before, s.value_after, s.cost or "", best))
    columns = ["trick", "seat", "card", "N-S before", "N-S after", "cost", "best"]
    render_rows(f"Review: {r.strain.symbol}, {r.leader.name} leads; N-S double dummy "
                f"{r.value_before} -> {r.value_after}",
                columns, rows, numeric=["trick", "N-S before", "N-S after", "cost"])
    say(f"N-S gave away {r.cost('NS')}, E-W gave away {r.cost('EW')}; "
        f"tricks so far: N-S {r.points[0]}, E-W {r.points[1]} points.")
