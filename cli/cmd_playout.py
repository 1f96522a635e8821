"""``coinche playout``: a deal played to the end by realistic (PIMC) players."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .app import app
from .errors import fail, handle_errors
from .options import (ConfidenceOpt, DealArg, DealerOpt, JsonOpt, LeaderOpt, SeedOpt, WorkersOpt, seconds,
                      seed_or_fresh)
from .output import card_text, print_json, render_rows, say, tricks_text
from .parse import leader_from, parse_deal
from .progress import progress_bar
from .rules import takes_rules
from solver.cards import Seat
from solver.contract import Contract
from solver.errors import quote
from solver.messages import N_, tr
from solver.pimc import DOUBLE_DUMMY, PIMC, PlayOut, play_out
from solver.rules import Rules
from solver.sequential import StopReason

WorldsOpt = Annotated[int, typer.Option("--worlds", min=1, max=10_000, help="Deals of the hidden cards "
                                        "each PIMC player solves at each of its decisions.")]


def _players(text: Optional[str]) -> "dict[Seat | str, str]":
    """``"N=dd,E=pimc"`` -> {seat: kind}; every seat not named plays PIMC; a seat named
    twice is an error."""
    out: "dict[Seat | str, str]" = {}
    for item in (text or "").replace(",", " ").split():
        seat, sep, kind = item.partition("=")
        if not sep or kind.lower() not in (PIMC, DOUBLE_DUMMY):
            raise fail(tr("player {item!r}: expected SEAT=pimc or SEAT=dd, like N=dd", item=item))
        who = Seat.parse(seat)
        if who in out:
            raise fail(tr("--players {text}: seat {seat} is named twice", text=quote(text or ""), seat=who.name))
        out[who] = kind.lower()
    return out


@app.command()
@handle_errors
@takes_rules()
def playout(
    deal: DealArg,
    contract: Annotated[str, typer.Option("--contract", help="The contract with its declarer: '100H N'.")],
    leader: LeaderOpt = None,
    dealer: DealerOpt = None,
    players: Annotated[Optional[str], typer.Option("--players", help="Who plays how: 'N=dd,S=dd' (dd: "
                                                   "double dummy, seeing every card); the others PIMC.")]
    = None,
    worlds: WorldsOpt = 30,
    seed: SeedOpt = None,
    rules: Rules = Rules(),
    workers: WorkersOpt = None,
    confidence: ConfidenceOpt = None,
    margin: Annotated[Optional[float], typer.Option("--margin", help="Cards closer than this (card "
                                                    "points) count as equal; --worlds is then the most "
                                                    "worlds a decision solves (5).")] = None,
    time: Annotated[Optional[str], typer.Option("--time", help="The longest a PIMC decision may take "
                                                "(0.2, 200ms); --worlds is then the most worlds it "
                                                "solves.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Play a deal out with realistic players: each sees only its own hand and the play,
    and at each turn plays the card with the best average over --worlds deals of the
    hidden cards, solved exactly (perfect-information Monte Carlo).

    Example: coinche playout example --contract "100C S" --leader S --worlds 20 --seed 1
    """
    d = parse_deal(deal)
    bid = Contract.parse(contract, need_declarer=True, capot_coinche=rules.capot_coinche)
    first = leader_from(leader, dealer)
    who = _players(players)
    budget = seconds(time)
    seed = seed_or_fresh(seed)
    with progress_bar(N_("playing")) as bar:
        p = play_out(d, bid, leader=first, players=who,
                     worlds=worlds, seed=seed, rules=rules, workers=workers, progress=bar.callback,
                     confidence=confidence, margin=margin, time=budget)
    if as_json:
        print_json({**p.to_dict(), "seed": seed})
        return
    rows = [((i // 4 + 1) if i % 4 == 0 else "", x.seat.name, card_text(x.card), x.worlds or "",
             x.cost or "") for i, x in enumerate(p.decisions)]
    render_rows(tr("{contract}, {seat} leads; {n} worlds per decision (seed {seed})", contract=p.contract,
                   seat=p.leader.name, n=p.worlds, seed=seed),
                [N_("trick"), N_("seat"), N_("card"), N_("worlds"), N_("cost (dd)")], rows,
                numeric=["trick", "worlds", "cost (dd)"])
    say(tricks_text(p.cards))
    assert p.score is not None                      # a contract was given
    ns, ew, made = p.score
    f = dict(ns_points=p.ns_points, tricks=p.ns_tricks, ew_points=p.ew_points, dd=p.dd_ns_points,
             contract=p.contract, ns=ns, ew=ew)
    if made:
        say(tr("N-S took {ns_points} points in {tricks} tricks, E-W {ew_points} (double dummy: N-S {dd}). "
               "{contract} is made: N-S score {ns}, E-W {ew}.", **f))
    else:
        say(tr("N-S took {ns_points} points in {tricks} tricks, E-W {ew_points} (double dummy: N-S {dd}). "
               "{contract} is down: N-S score {ns}, E-W {ew}.", **f))
    say(tr("The cost column is each card's loss in card points on the deal seen with every card."))
    stops = _stops(p)
    if stops:
        say(tr("PIMC decisions: {settled} settled early, {time} stopped by the time budget, {most} at the most "
               "worlds.", **stops))


def _stops(p: PlayOut) -> dict[str, int]:
    """How the PIMC decisions solved in rounds stopped (empty for fixed worlds)."""
    reasons = [x.stop for x in p.decisions if x.stop is not None]
    if not reasons:
        return {}
    return {"settled": sum(r in (StopReason.SEPARATED, StopReason.INDIFFERENT) for r in reasons),
            "time": sum(r is StopReason.TIME for r in reasons),
            "most": sum(r is StopReason.MAX_SAMPLES for r in reasons)}
