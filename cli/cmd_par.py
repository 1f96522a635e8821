"""``coinche par``: the auction's result if all four players saw all the cards."""

from __future__ import annotations

from typing import Annotated

import typer

from .app import app
from .errors import handle_errors
from .options import DealArg, JsonOpt, RuleOpt
from .output import print_json, render_rows, say
from .parse import parse_deal
from .rules import rules_from
from solver.par import par as solve_par


@app.command()
@handle_errors
def par(
    deal: DealArg,
    dealer: Annotated[str, typer.Option("--dealer", help="The dealer; the seat after speaks and "
                                        "leads first.")] = "N",
    suit_ranking: Annotated[bool, typer.Option("--suit-ranking", help="An equal level in a higher "
                                               "strain overcalls (C<D<H<S<SA<TA).")] = False,
    rule: RuleOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The par contract and score, one optimal auction and why it ends there.

    Example: coinche par example --dealer E
    """
    d = parse_deal(deal)
    rules = rules_from(rule, suit_ranking=suit_ranking or None)
    p = solve_par(d, dealer, rules)
    if as_json:
        print_json(p.to_dict())
        return
    contract = "no contract (all pass)" if p.contract is None else str(p.contract)
    rows = [(c.seat.name, str(c)) for c in p.auction]
    say(f"Par: {contract}, N-S {p.ns_score}, E-W {p.ew_score}")
    say(p.reason)
    render_rows("Auction", ["seat", "call"], rows)
