"""``coinche bidreview``: a whole auction reviewed call by call, from each player's seat."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.table import Table

from .app import app
from .errors import fail, handle_errors
from .options import DealArg, JsonOpt, SamplesOpt, SeedOpt, WorkersOpt
from .output import people_text, pm, print_json, print_table, say
from .parse import parse_deal
from .progress import progress_bar
from .rules import takes_rules
from solver.bidding import review_auction
from solver.rules import Rules
from solver.system import DEFAULT, load_system


@app.command()
@handle_errors
@takes_rules()
def bidreview(
    deal: DealArg,
    dealer: Annotated[str, typer.Option("--dealer", help="The dealer; the seat after speaks first.")] = "N",
    auction: Annotated[Optional[str], typer.Option("--auction", help="The calls from the seat after "
                                                   "the dealer: \"E:pass S:80H W:pass N:100H ...\".")] = None,
    system: Annotated[Optional[Path], typer.Option("--system", help="A bidding system file (TOML or "
                                                   "JSON, docs/advice.md).")] = None,
    samples: SamplesOpt = 100,
    seed: SeedOpt = 1,
    rules: Rules = Rules(),
    workers: WorkersOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Each call judged from its player's seat (their hand and the calls before, nothing
    else): the advice there, whether the call matched it and what it cost; then the final
    contract on the real deal, and par.

    Example: coinche bidreview example --dealer E --auction "S:80C W:pass N:100C E:pass S:pass W:pass" \
    --samples 20
    """
    if not auction:
        raise fail("--auction: give the calls to review, like \"S:80C W:pass N:100C E:pass S:pass W:pass\"")
    d = parse_deal(deal)
    chosen = DEFAULT if system is None else load_system(system)
    with progress_bar("calls") as bar:
        r = review_auction(d, dealer, auction, system=chosen, samples=samples, seed=seed, rules=rules,
                           workers=workers, progress=bar.callback)
    if as_json:
        print_json(r.to_dict())
        return
    t = Table(title=people_text(f"The auction, call by call ({samples} deals each, the "
                                f"{chosen.name} system)"))
    for col in ["seat", "call", "advice", "cost ± se"]:
        t.add_column(col, justify="right")
    for c in r.calls:
        cost = "—" if c.matched else f"{c.cost:.0f} ± {pm(c.cost_se, '.0f')}"
        t.add_row(c.call.seat.name, people_text(str(c.call)), people_text(str(c.advice.best.call)), cost)
    print_table(t)
    if r.contract is None:
        say("Passed out: nobody scores.")
    else:
        say(f"{r.contract} on the real deal, double dummy: N-S take {r.ns_points} points; "
            f"scores N-S {r.ns_score}, E-W {r.ew_score}.")
    say(f"Par: {r.par.reason}")        # type: ignore[attr-defined]
