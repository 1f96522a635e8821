"""``coinche bidreview``: a whole auction reviewed call by call, from each player's seat."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.table import Table

from .app import app
from .errors import fail, handle_errors
from .options import (Budget, ConfidenceOpt, MaxSamplesOpt, DealArg, JsonOpt, MarginOpt, SamplesOpt, TimeOpt,
                      WorkersOpt)
from .output import people_text, pm, print_json, print_table, say
from .parse import parse_deal
from .progress import progress_bar
from .records_io import deal_of, is_record_file, load_records, record_rules
from .rules import takes_rules
from solver.bidding import call_text
from solver.messages import N_, tr
from solver.auction import Auction
from solver.lookahead import review_auction
from solver.rules import Rules
from solver.system import DEFAULT, BiddingSystem, load_system
from solver.cards import Seat
from solver.deal import Deal


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
    seed: Annotated[int, typer.Option("--seed", min=0, help="Random seed, 0 or more (the same seed gives "
                                      "the same review); default 1.")] = 1,
    rules: Rules = Rules(),
    workers: WorkersOpt = None,
    time: TimeOpt = None,
    confidence: ConfidenceOpt = None,
    margin: MarginOpt = None,
    max_samples: MaxSamplesOpt = None,
    as_json: JsonOpt = False,
    lookahead: Annotated[bool, typer.Option("--lookahead", help="Judge each call by continuing the "
                                            "auction on every deal instead of as if it ended after "
                                            "the call.")] = False,
) -> None:
    """Each call judged from its player's seat (their hand and the calls before, nothing
    else): the advice there, whether the call matched it and what it cost; then the final
    contract on the real deal, and par.  DEAL may be a record file (FILE.pbn): each game
    with an [Auction] is reviewed, its dealer and calls from the tags.

    Example: coinche bidreview example --dealer E --auction "S:80C W:pass N:100C E:pass S:pass W:pass" \
    --samples 20
    """
    chosen = DEFAULT if system is None else load_system(system)
    budget = Budget.read(time, confidence, margin, max_samples)
    samples = budget.samples(samples)
    if is_record_file(deal):
        if auction is not None:
            raise fail(tr("--auction comes from the record file's [Auction]"))
        games = [(rec, rec.dealer) for rec in load_records(deal) if rec.auction and rec.dealer is not None]
        if not games:
            raise fail(tr("{path}: no game with an [Auction] and a [Dealer] to review", path=deal))
        for rec, rec_dealer in games:
            calls = Auction(rec_dealer, rec.auction, record_rules(rec, rules))
            show_auction_review(deal_of(rec, deal), rec_dealer, calls, chosen, samples, seed,
                                record_rules(rec, rules), workers, as_json, budget, lookahead)
        return
    if not auction:
        raise fail(tr("--auction: give the calls to review, like \"S:80C W:pass N:100C E:pass S:pass W:pass\""))
    show_auction_review(parse_deal(deal), dealer, auction, chosen, samples, seed, rules, workers, as_json, budget,
                        lookahead)


def show_auction_review(deal: "Deal | str", dealer: "Seat | str", auction: "Auction | str",
                        system: BiddingSystem, samples: int, seed: "int | None", rules: Rules, workers: "int | None",
                        as_json: bool, budget: Budget = Budget(), lookahead: bool = False) -> None:
    with progress_bar(N_("calls")) as bar:
        r = review_auction(deal, dealer, auction, system=system, samples=samples, seed=seed, rules=rules,
                           workers=workers, progress=bar.callback, lookahead=lookahead, **budget.kwargs())
    if as_json:
        print_json({**r.to_dict(), "seed": seed})
        return
    chosen = system
    t = Table(title=people_text(tr("The auction, call by call ({n} deals each, the {system} system)",
                                   n=samples, system=chosen.title)))
    stopped = any(c.advice.stopping is not None for c in r.calls)
    for col in [tr("seat"), tr("call"), tr("advice"), tr("cost ± se")] + ([tr("deals")] if stopped else []):
        t.add_column(col, justify="right")
    for c in r.calls:
        cost = "—" if c.matched else f"{c.cost:.0f} ± {pm(c.cost_se, '.0f')}"
        advice = call_text(c.advice.best.call) + ("" if c.fitted else " *")
        t.add_row(c.call.seat.name, people_text(call_text(c.call)), people_text(advice), cost,
                  *([str(c.advice.samples)] if stopped else []))
    print_table(t)
    if lookahead:
        # how the auction goes on after the advised call and the runner-up, for each call
        for c in r.calls:
            if c.advice.lookahead is not None:
                say(f"{c.call.seat.name} {people_text(call_text(c.call))}: {people_text(c.advice.lookahead.text)}")
    if not all(c.fitted for c in r.calls):
        say(tr("* no deal fitted the calls before it under the system from that seat (the players did "
               "not follow it): its deals ignore what the calls showed."))
    if r.contract is None:
        say(tr("Passed out: nobody scores."))
    else:
        say(tr("{contract} on the real deal, double dummy: N-S take {points} points; scores N-S {ns}, "
               "E-W {ew}.", contract=r.contract, points=r.ns_points, ns=r.ns_score, ew=r.ew_score))
    say(tr("Par: {reason}", reason=r.par.reason))
