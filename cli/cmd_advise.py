"""``coinche advise``: what to bid with one hand, by solving many sampled deals."""

from __future__ import annotations

import dataclasses

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from rich.table import Table

from .app import app
from .errors import fail, handle_errors
from .files import check_output
from solver.messages import N_, tr
from solver.atomic import atomic_path
from .options import (MAX_SAMPLES, Budget, ConfidenceOpt, MarginOpt, MaxSamplesOpt, SeedOpt, TimeOpt, WorkersOpt,
                      samples_or_most, seed_or_fresh)
from .output import console, people_text, pm, print_json, print_table, say
from .parse import takes_constraints
from .progress import progress_bar
from .rules import takes_rules
from solver.advice import advise as run_advise, bid_label
from solver.lookahead import auction_advice
from solver.cards import CardSet, Seat
from solver.contract import Contract, level_text
from solver.handeval import evaluate_hand
from solver.pimc import double_dummy_note, realistic_advice
from solver.players import PlayModel
from solver.realism import check as check_realism
from solver.plot import plot_points, require_matplotlib, text_histogram
from solver.rules import STRAINS, Rules
from solver.sampling import Constraints
from solver.system import DEFAULT, BiddingSystem, load_system

if TYPE_CHECKING:
    from solver.advice import Advice
    from solver.bidding import AuctionAdvice
    from solver.handeval import HandValue
    from solver.pimc import RealisticAdvice


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def best_bids_table(adv: Advice) -> Table:
    """Each strain's best bid against the best of all, deal by deal: the mean score
    difference and its paired standard error."""
    t = Table(title=tr("The best bid in each strain against the best of all, deal by deal"))
    for col in ["", tr("bid"), tr("makes"), tr("score ± se"), tr("vs best ± paired se")]:
        t.add_column(col, justify="right")
    for s, b in adv.best_bids().items():
        versus = tr("best") if b is adv.best_bid else f"{b.vs_best:+.0f} ± {pm(b.vs_best_se, '.0f')}"
        t.add_row(people_text(s.symbol), people_text(b.label), _pct(b.p_make),
                  f"{b.ev:+.0f} ± {pm(b.ev_se, '.0f')}", versus)
    return t


def realistic_table(r: RealisticAdvice) -> Table:
    """Each strain's best bid (double dummy) scored again with realistic play on the
    same deals, with standard errors."""
    t = Table(title=tr("Double dummy against realistic play (PIMC, {worlds} worlds per decision), on the "
                       "same {n} deals", worlds=r.worlds, n=r.samples))
    for col in [tr("bid"), tr("dd makes"), tr("dd score ± se"), tr("realistic makes"),
                tr("realistic score ± se")]:
        t.add_column(col, justify="right")
    for row in r.to_dict()["best_bids"]:
        t.add_row(people_text(bid_label_of(row["bid"])), _pct(row["dd_p_make"]),
                  f"{row['dd_ev']:+.0f} ± {pm(row['dd_ev_se'] or 0, '.0f')}",
                  f"{_pct(row['p_make'])} ± {100 * (row['p_make_se'] or 0):.0f}",
                  f"{row['ev']:+.0f} ± {pm(row['ev_se'] or 0, '.0f')}")
    return t


def bid_label_of(text: str) -> str:
    c = Contract.parse(text)
    return bid_label(c.level, c.strain)


def _advise_in_auction(hand: str, seat: str, dealer: str, auction: str, system: BiddingSystem,
                       samples: "int | None", seed: "int | None", rules: Rules, constraints: "Constraints | None",
                       workers: "int | None", as_json: bool, budget: Budget = Budget(),
                       lookahead: bool = False, race: bool = True, note_dealer: bool = False) -> None:
    seed = seed_or_fresh(seed)
    with progress_bar(N_("solving")) as bar:
        adv = auction_advice(hand, seat, dealer, auction, samples=samples, seed=seed, rules=rules,
                             system=system, constraints=constraints, workers=workers, progress=bar.callback,
                             lookahead=lookahead, race=race, **budget.kwargs())
    if as_json:
        print_json(adv.to_dict())
        return
    if note_dealer:
        say(_dealer_note())
    render_auction_advice(adv)


def _dealer_note() -> str:
    """The first line of advice given without --dealer."""
    return tr("No --dealer given: the advice takes N as the dealer (E leads).")


def render_auction_advice(adv: AuctionAdvice) -> None:
    """What the calls showed, every legal call's result, and the advice in words."""
    t = Table(title=people_text(tr("The auction under the {system} system (dealer {seat})",
                                   system=adv.system.title, seat=adv.dealer.name)))
    for col in [tr("seat"), tr("call"), tr("shows")]:
        t.add_column(col)
    for c, m in adv.shown:
        t.add_row(c.seat.name, people_text(str(c)), people_text(m.describe()))
    if adv.shown:
        print_table(t)
    how = tr("each call as if the auction ended after it") if adv.lookahead is None else \
        tr("each call with the auction continued (look-ahead)")
    g = Table(title=people_text(tr("{hand} at {seat}: {how}, {n} deals "
                                   "(seed {seed}, {p:.1f}% of the dealt deals fit the auction)",
                                   hand=adv.hand.symbols(), seat=adv.seat.name, how=how, n=adv.samples,
                                   seed=adv.seed, p=100 * (adv.acceptance or 0))))
    raced = any(c.samples < adv.samples for c in adv.calls)
    for col in [tr("call"), tr("contract"), tr("we succeed"), tr("score ± se"), tr("vs best ± paired se")] + \
            ([tr("deals")] if raced else []):
        g.add_column(col, justify="right")
    if raced:
        g.caption = tr("a call that fell behind the best is judged on the first deals only")
    best = adv.best
    # by the paired difference with the best: the one scale calls judged on fewer deals share
    for s in sorted(adv.calls, key=lambda x: 0.0 if x is best else -x.vs_best)[:12]:
        versus = tr("best") if s is best else f"{s.vs_best:+.0f} ± {pm(s.vs_best_se, '.0f')}"
        g.add_row(people_text(str(s.call)), people_text(str(s.contract) if s.contract else tr("passed out")),
                  _pct(s.p_success) if s.contract else "—", f"{s.ev:+.0f} ± {pm(s.ev_se, '.0f')}", versus,
                  *([str(s.samples)] if raced else []))
    print_table(g)
    say(adv.text)
    if adv.stopping is not None:
        say(adv.stopping.describe())


def point_counts(hand: CardSet) -> list[HandValue]:
    """The shipped point count of the hand in each trump strain (no sampling)."""
    return [evaluate_hand(hand, s) for s in "SHDC"]


def point_count_table(counts: list[HandValue]) -> Table:
    """The point count beside the sampled answer: expected points and the bid it supports."""
    t = Table(title=tr("The point count (docs/handeval.md), without sampling: the side's expected "
                       "points and the highest bid that makes half the time"))
    for col in ["", tr("points"), tr("bid"), tr("main terms")]:
        t.add_column(col, justify="right")
    for v in counts:
        largest = sorted(v.contributions[1:], key=lambda t: -abs(t[1]))[:3]
        terms = ", ".join(f"{tr(name)} {pts:+.0f}" for name, pts in largest)
        bid = tr("pass") if v.level is None else str(v.level)
        t.add_row(people_text(v.strain.symbol), f"{v.points:.0f}", bid, terms)
    return t


def render_advice(adv: Advice) -> None:
    """The advice as rich tables, the text histogram and the recommendation."""

    title = tr("{hand} at {seat}, dealer {dealer} ({leader} leads), {n} deals, seed {seed}",
               hand=adv.hand.symbols(), seat=adv.seat.name, dealer=adv.dealer.name, leader=adv.leader.name,
               n=adv.samples, seed=adv.seed)
    raced = any(st.samples < adv.samples for st in adv.strains.values())
    caption = tr("the side's points: card points, belote and declarations")
    if raced:
        caption += "; " + tr("a strain whose every bid fell behind the best is solved on the first deals only")
    t = Table(title=people_text(title), caption=caption)
    for col in ["", tr("mean ± se"), tr("median"), "10% – 90%", tr("belote"), tr("capot")] + \
            ([tr("deals")] if raced else []):
        t.add_column(col, justify="right")
    for s in STRAINS:
        st = adv.strains[s]
        q = st.quantiles
        t.add_row(people_text(s.symbol), f"{st.mean:.1f} ± {pm(st.se)}", f"{q[0.5]:.0f}",
                  f"{q[0.1]:.0f} – {q[0.9]:.0f}", _pct(st.p_belote), _pct(st.p_capot),
                  *([str(st.samples)] if raced else []))
    print_table(t)

    g = Table(title=tr("Each bid: chance it makes, and expected score (ours − theirs) if the "
                       "opponents coinche whenever it fails"))
    g.add_column(tr("bid"), justify="right")
    for s in adv.bid_strains:
        g.add_column(people_text(s.symbol), justify="right")
    best = adv.recommendation.bid
    for lv in adv.levels:
        cells = []
        for s in adv.bid_strains:
            b = adv.bid(lv, s)
            cell = people_text(f"{_pct(b.p_make)} {b.ev:+.0f}")
            if best is not None and b.contract == best:
                cell.stylize("bold green")
            cells.append(cell)
        g.add_row(level_text(lv), *cells)
    print_table(g)
    print_table(best_bids_table(adv))
    say(text_histogram(adv), wrap=False)
    say()
    head = tr("Pass.") if adv.recommendation.is_pass else tr("Bid {bid}.", bid=adv.recommendation.label)
    line = people_text(f"{head} {adv.recommendation.text}")
    line.stylize("bold", 0, len(head))
    console.print(line)
    if adv.stopping is not None:
        say(adv.stopping.describe())


@app.command()
@handle_errors
@takes_constraints
@takes_rules("declarations", "belote_in_ta")
def advise(
    hand: Annotated[str, typer.Argument(help="Your 8 cards as spades.hearts.diamonds.clubs, "
                                        "like AJ9.A7.KT.J ('-' for a void).")],
    seat: Annotated[str, typer.Option("--seat", help="Your seat: N E S W.")] = "S",
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="The dealer; the seat after leads "
                                                  "(without it: N, and the output says so).")] = None,
    samples: Annotated[Optional[int], typer.Option(
        "--samples", min=1, max=MAX_SAMPLES, callback=samples_or_most,
        help="Deals to sample and solve, exactly (the most with --time, --confidence or --margin); "
             "default: at most 1000 (300 with --lookahead), stopping as soon as the answer is known "
             "at 95% confidence.")] = None,
    seed: SeedOpt = None,
    constraints: Optional[Constraints] = None,
    rules: Rules = Rules(),
    workers: WorkersOpt = None,
    plot: Annotated[Optional[Path], typer.Option("--plot", help="Also write the points per "
                                                 "strain as a PNG (needs matplotlib).")] = None,
    auction: Annotated[Optional[str], typer.Option("--auction", help="The calls so far from the seat "
                                                   "after the dealer: \"E:pass S:80H W:90S N:?\"; "
                                                   "advice for your next call.")] = None,
    system: Annotated[Optional[Path], typer.Option("--system", help="A bidding system file (TOML or "
                                                   "JSON, docs/advice.md); default: the default "
                                                   "system.")] = None,
    play: Annotated[str, typer.Option("--play", help="dd: score the bids with double-dummy play; "
                                      "realistic: also with PIMC players (each sees only its own "
                                      "hand), on the first --realistic-samples deals.")] = "dd",
    worlds: Annotated[int, typer.Option("--worlds", min=1, max=10_000, help="With --play realistic: "
                                        "deals each player solves per decision.")] = 10,
    realistic_samples: Annotated[int, typer.Option("--realistic-samples", min=1, max=MAX_SAMPLES,
                                                   help="With --play realistic: the deals played out "
                                                   "(each in every strain).")] = 30,
    time: TimeOpt = None,
    confidence: ConfidenceOpt = None,
    margin: MarginOpt = None,
    max_samples: MaxSamplesOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (strains, bids, "
                                          "recommendation).")] = False,
    lookahead: Annotated[bool, typer.Option("--lookahead", help="Judge each call by continuing the "
                                            "auction on every deal (partner, opponents and you bidding "
                                            "by the point count and the system) instead of as if the "
                                            "auction ended after it.")] = False,
    race: Annotated[bool, typer.Option("--race/--no-race", help="When sampling stops as soon as the "
                                       "answer is known: stop solving a strain once every call in it is "
                                       "behind the best (its table then on fewer deals).")] = True,
    dd_check: Annotated[bool, typer.Option("--dd-check/--no-dd-check", help="With --play dd: play the "
                                           "advised bid's strain out with PIMC players on the first "
                                           "--realistic-samples deals and say when only a declarer who "
                                           "sees every card makes the bid pay.")] = True,
) -> None:
    """What to bid: solve many deals consistent with your hand in all six strains.

    Example: coinche advise "AJ9.A7.KT.J" --seat S --dealer E --samples 50 --seed 1
    """
    try:
        model = PlayModel(play)
    except ValueError:
        raise fail(tr("--play {play!r}: expected dd or realistic", play=play)) from None
    budget = Budget.read(time, confidence, margin, max_samples)
    samples = budget.samples(samples)
    # the note on the dealer is said only once the input is read, before the advice
    note_dealer = dealer is None and not as_json
    dealer = "N" if dealer is None else dealer
    chosen = DEFAULT if system is None else load_system(system)
    if auction is None and (system is not None or lookahead):
        # advice within the auction (a system's meanings, a look-ahead): without
        # --auction, for its first call, which only the seat after the dealer makes
        deals, me = Seat.parse(dealer), Seat.parse(seat)
        if me is not deals.next:
            raise fail(tr("without --auction the advice is for the auction's first call, {first}'s after dealer "
                          "{dealer}, not {seat}'s: give the calls before yours with --auction",
                          first=deals.next.name, dealer=deals.name, seat=me.name))
    if auction is not None or system is not None or lookahead:
        if model is not PlayModel.DD:
            raise fail(tr("--play realistic scores opening advice: leave it out with --auction"))
        if plot is not None:
            raise fail(tr("--plot draws opening advice: leave it out with --auction"))
        _advise_in_auction(hand, seat, dealer, auction or "", chosen, samples, seed, rules, constraints,
                           workers, as_json, budget, lookahead, race, note_dealer)
        return
    if plot is not None:            # before the sampling: a bad --plot fails at once

        check_output(plot, "--plot", suffix=".png")
        require_matplotlib()
    seed = seed_or_fresh(seed)
    with progress_bar(N_("solving")) as bar:
        # realistic play compares every strain on the same deals: no strain is left behind
        adv = run_advise(hand, seat=seat, dealer=dealer, samples=samples, seed=seed, rules=rules,
                         constraints=constraints, workers=workers, progress=bar.callback,
                         race=race and model is PlayModel.DD, **budget.kwargs())
    if plot is not None:
        with atomic_path(plot) as tmp:      # never a half-written picture
            plot_points(adv, tmp)
    counts = point_counts(adv.hand) if rules == Rules() else []      # fitted under the default rules
    if not as_json:                 # the answer first; the play-outs below add their word to it
        if note_dealer:
            say(_dealer_note())
        render_advice(adv)
        if counts:
            print_table(point_count_table(counts))
    realistic, note = None, None
    if model is PlayModel.REALISTIC:
        with progress_bar(N_("playing out")) as bar:
            realistic = realistic_advice(adv, realistic_samples, worlds, seed, workers=workers,
                                         progress=bar.callback)
        note = double_dummy_note(realistic)
    elif dd_check:
        # by default only the advised bid's strain is played out (solver.realism.check,
        # as solver.advise does): is it a bid for real players?
        with progress_bar(N_("playing out")) as bar:
            found, realistic = check_realism(adv, realistic_samples, worlds, seed, workers=workers,
                                             progress=bar.callback)
        if found is not None:
            adv, note = dataclasses.replace(adv, realism=found), found.note
    if as_json:
        d = adv.to_dict()
        if realistic is not None:
            d["realistic"] = realistic.to_dict()
        if note is not None:
            d["dd_note"] = note
        if counts:
            d["point_count"] = {v.strain.name: {"points": round(v.points, 1), "level": v.level}
                                for v in counts}
        if plot is not None:
            d["plot"] = str(plot)
        print_json(d)
        return
    if note is not None:
        say(note)
    if realistic is not None and model is PlayModel.REALISTIC:
        print_table(realistic_table(realistic))
        rec = realistic.realistic.recommendation
        if rec.is_pass:
            say(tr("With realistic play: pass. {text}", text=rec.text))
        else:
            say(tr("With realistic play: bid {bid}. {text}", bid=rec.label, text=rec.text))
    if plot is not None:
        say(tr("plot written to {path}", path=plot))
