"""``coinche score``: the score of one deal from the contract and the bidders' points."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .app import app
from .errors import fail, handle_errors
from .output import err_console, print_json, render_rows
from .rules import rules_from
from solver.cards import Team
from solver.contract import Coinche, Contract
from solver.scoring import score_deal


@app.command()
@handle_errors
def score(
    level: Annotated[str, typer.Argument(help="The bid: 80 to 160 by 10, or capot.")],
    strain: Annotated[str, typer.Argument(help="Trumps: S H D C, SA (no trump) or TA (all trump).")],
    by: Annotated[str, typer.Option("--by", help="The bidding side: NS or EW.")],
    points: Annotated[int, typer.Option("--points", help="The bidding side's card points, 0..162 "
                                        "(dix de der included, belote excluded).")],
    belote: Annotated[Optional[str], typer.Option("--belote", help="The side that holds and claims "
                                                  "belote: NS or EW.")] = None,
    coinche: Annotated[bool, typer.Option("--coinche", help="The contract was coinched (x2).")] = False,
    surcoinche: Annotated[bool, typer.Option("--surcoinche", help="The contract was "
                                             "surcoinched (x4).")] = False,
    capot: Annotated[bool, typer.Option("--capot", help="The bidding side took every trick.")] = False,
    no_rounding: Annotated[bool, typer.Option("--no-rounding", help="Do not round scores to "
                                              "the nearest 10.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (keys ns_score, ew_score, "
                                          "...).")] = False,
) -> None:
    """Score one deal under the rules of docs/rules.md (the basic game by default).

    Example: coinche score 100 C --by NS --points 122   (NS 220, EW 40)
    """
    if coinche and surcoinche:
        raise fail("--coinche and --surcoinche exclude each other: give one of them")
    bidders = Team.parse(by)
    state = Coinche.SURCOINCHE if surcoinche else Coinche.COINCHE if coinche else Coinche.NONE
    contract = Contract(level, strain, bidders.seats[0], state)
    rules = rules_from(None, rounding=False if no_rounding else None)
    result = score_deal(contract, points, capot=capot, belote=belote, rules=rules)
    outcome = "made" if result.made else "failed"
    doubled = ("", ", coinched", ", surcoinched")[state]
    title = f"{contract.to_text()} by {bidders.name}{doubled}: {outcome}"
    rows = [
        (side.name, "bidders" if side == bidders else "defenders", (result.ns_score, result.ew_score)[side])
        for side in Team
    ]
    if contract.is_capot and not capot:
        err_console.print("hint: a capot bid makes only when the bidders take every trick; "
                          "add --capot to score a capot taken", soft_wrap=True)
    if as_json:
        print_json(result.to_dict())
        return
    render_rows(title, ["side", "role", "score"], rows, numeric=["score"])
