"""``coinche play``: which card to play, seeing only your hand and the cards played."""

from __future__ import annotations

from typing import Annotated, Optional

import typer
from rich.table import Table
from rich.text import Text

from .app import app
from .errors import fail, handle_errors
from .options import (Budget, ConfidenceOpt, JsonOpt, MarginOpt, MaxSamplesOpt, SamplesOpt, SeedOpt, TimeOpt,
                      WorkersOpt, seed_or_fresh)
from .output import people_text, pm, print_json, print_table, say
from .parse import parse_deal
from .progress import progress_bar
from .rules import takes_rules
from solver.messages import N_, tr
from solver.cardplay import play_advice
from solver.cards import Card, CardSet, Seat
from solver.contract import Contract
from solver.deal import first_leader
from solver.rules import Rules


def _leader(leader: Optional[str], dealer: Optional[str]) -> Seat:
    """The first leader: ``--leader``, or the seat after ``--dealer`` (both: they must agree)."""
    first = first_leader(leader, dealer)
    if first is None:
        raise fail(tr("give the first leader (--leader) or the dealer (--dealer)"))
    return first


def _shown(items: "list[str] | None") -> "dict[Seat | str, CardSet | str]":
    """``["E:HA,HK,HQ"]`` -> {"E": "HA HK HQ"}."""
    out: "dict[Seat | str, CardSet | str]" = {}
    for item in items or []:
        seat, sep, cards = item.partition(":")
        if not sep or not cards:
            raise fail(tr("--shown {item!r}: expected SEAT:CARDS, like E:HA,HK,HQ", item=item))
        out[seat] = (str(out.get(seat, "")) + " " + cards.replace(",", " ")).strip()
    return out


@app.command()
@handle_errors
@takes_rules()
def play(
    hand: Annotated[str, typer.Argument(help="Your cards as spades.hearts.diamonds.clubs (those left, "
                                        "or all 8).")],
    seat: Annotated[str, typer.Option("--seat", help="Your seat: N E S W.")],
    contract: Annotated[str, typer.Option("--contract", help="The contract: 100H, 80SA, capotS...")],
    declarer: Annotated[str, typer.Option("--declarer", help="The declarer's seat.")],
    played: Annotated[str, typer.Option("--played", help="The cards played so far, in order: "
                                        "\"SA S7 SQ ...\".")] = "",
    leader: Annotated[Optional[str], typer.Option("--leader", help="The first leader of the deal.")] = None,
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="The dealer (the seat after "
                                                  "leads).")] = None,
    deal: Annotated[Optional[str], typer.Option("--deal", help="The real deal, to show each card's "
                                                "exact value on it beside the average.")] = None,
    auction: Annotated[Optional[str], typer.Option("--auction", help="The auction, from the seat after "
                                                   "the dealer (needs --dealer): the hidden hands then "
                                                   "fit every call under the default system.")] = None,
    belote: Annotated[Optional[str], typer.Option("--belote", help="Seats that announced belote when "
                                                  "playing the first of their K and Q of trumps: 'E' "
                                                  "(at TA with the suit: 'E:H').")] = None,
    shown: Annotated[Optional[list[str]], typer.Option("--shown", help="Cards a seat showed by "
                                                       "announcing a declaration: E:HA,HK,HQ "
                                                       "(repeatable).")] = None,
    samples: SamplesOpt = 100,
    seed: SeedOpt = None,
    rules: Rules = Rules(),
    workers: WorkersOpt = None,
    time: TimeOpt = None,
    confidence: ConfidenceOpt = None,
    margin: MarginOpt = None,
    max_samples: MaxSamplesOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Which card: every legal card solved on deals consistent with what you can know.

    Example: coinche play 7.AJ9.KT.J8 --seat S --contract 100H --declarer N --leader W \
    --played "HK H8 D7" --samples 30 --seed 1
    """
    first = _leader(leader, dealer)
    if auction is not None and dealer is None:
        raise fail(tr("--auction needs --dealer (the auction starts with the seat after the dealer)"))
    bid = Contract.parse(contract, declarer=declarer, capot_coinche=rules.capot_coinche)
    real = parse_deal(deal) if deal is not None else None
    budget = Budget.read(time, confidence, margin, max_samples)
    samples = budget.samples(samples)
    seed = seed_or_fresh(seed)
    with progress_bar(N_("solving")) as bar:
        adv = play_advice(hand, seat, bid, played, leader=first, samples=samples,
                          seed=seed, rules=rules, deal=real, auction=auction, dealer=dealer, belote=belote,
                          shown=_shown(shown), workers=workers, progress=bar.callback, **budget.kwargs())
    if as_json:
        print_json(adv.to_dict())
        return
    k = adv.knowledge
    proofs = "; ".join(tr("{seat} holds none of {cards}", seat=s,
                          cards=" ".join(Card(x).symbol for x in c))
                       for s, c in k.excluded.items() if len(c))
    if proofs:
        say(tr("The play proves: {proofs}.", proofs=proofs))
    told = "; ".join(tr("{seat} holds {cards}", seat=s, cards=" ".join(Card(x).symbol for x in c))
                     for s, c in k.announced.items())
    if told:
        say(tr("Announced: {told}.", told=told))
    fit = tr("the play and the auction") if auction is not None else tr("the play")
    t = Table(title=people_text(tr("{seat} to play, {contract}: {n} deals (seed {seed}, {p:.0f}% of the "
                                   "dealt deals fit {fit})", seat=k.seat.name, contract=adv.contract,
                                   n=adv.samples, seed=adv.seed, p=100 * (adv.acceptance or 0), fit=fit)))
    cols = [tr("card"), tr("our points ± se"), tr("we succeed"), tr("score ± se"), tr("vs best ± paired se")]
    if deal is not None:
        cols.append(tr("real deal (N-S)"))
    for col in cols:
        t.add_column(col, justify="right")
    best = adv.best
    for c in sorted(adv.cards, key=lambda c: -c.ev):
        row: list[str | Text] = [people_text(c.card.symbol), f"{c.points:.1f} ± {pm(c.points_se)}",
               f"{100 * c.p_success:.0f}%", f"{c.ev:+.0f} ± {pm(c.ev_se, '.0f')}",
               tr("best") if c is best else f"{c.vs_best:+.0f} ± {pm(c.vs_best_se, '.0f')}"]
        if deal is not None:
            row.append(str(c.real))
        t.add_row(*row)
    print_table(t)
    say(adv.text)
    if adv.stopping is not None:
        say(adv.stopping.describe())
