"""``coinche advise``: what to bid with one hand, by solving many sampled deals."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Iterator, Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from .common import (
    MAX_SAMPLES,
    KnownOpt,
    LengthOpt,
    PointsOpt,
    VoidOpt,
    WorkersOpt,
    err_console,
    fresh_seed,
    handle_errors,
    pm,
    print_json,
    whole_number,
)
from .app import app
from .output import console, people_text, print_table, say
from .files import atomic_path, check_output
from solver.advice import advise as run_advise
from solver.contract import level_text
from solver.errors import ConstraintError, quote
from solver.rules import STRAINS, Rules
from solver.sampling import Constraints


def parse_constraints(known: "list[str] | None", void: "list[str] | None", length: "list[str] | None",
                      points: "list[str] | None") -> "Constraints | None":
    """Constraints from the command line options (each repeatable).

    ``--known E:SJ,S9``, ``--void W:SH``, ``--length N:H:3-5``, ``--points N:20-60``.

    >>> parse_constraints(["E:SJ,S9"], ["W:S"], ["N:H:3-5"], ["N:20-60"]).describe()
    ['E holds J9.-.-.-', 'W void in ♠', 'N holds 3 to 5 ♥', 'N holds 20 to 60 points']
    >>> parse_constraints(None, ["W"], None, None)
    Traceback (most recent call last):
    ...
    solver.errors.ConstraintError: --void 'W': expected SEAT:SUITS, like W:S

    A range given twice for the same seat (and suit) must hold both times:

    >>> parse_constraints(None, None, ["N:H:2-5", "N:H:4-6"], None).describe()
    ['N holds 4 to 5 ♥']
    >>> parse_constraints(None, None, None, ["N:20-60", "N:0-10"])
    Traceback (most recent call last):
    ...
    solver.errors.ConstraintError: --points 'N:0-10' contradicts 'N:20-60' given before
    """
    def split(text: str, option: str, parts: int, example: str) -> list[str]:
        bits = text.split(":")
        if len(bits) != parts or not all(b.strip() for b in bits):
            raise ConstraintError(f"{option} {text!r}: expected {example}")
        return [b.strip() for b in bits]

    def rng(text: str, option: str, full: str, example: str) -> tuple[int, int]:
        lo, sep, hi = text.partition("-")
        try:
            return (whole_number(lo), whole_number(hi)) if sep else (whole_number(lo), whole_number(lo))
        except ValueError:
            raise ConstraintError(f"{option} {quote(full)}: expected {example}") from None

    def both(ranges: dict, given: dict, key, r: tuple[int, int], option: str, text: str) -> None:
        # the same seat (and suit) twice: both ranges hold, so keep what they share
        if key in ranges:
            lo, hi = max(ranges[key][0], r[0]), min(ranges[key][1], r[1])
            if lo > hi:
                raise ConstraintError(f"{option} {text!r} contradicts {given[key]!r} given before")
            r = (lo, hi)
        ranges[key] = r
        given.setdefault(key, text)

    kw: dict = {"known": {}, "voids": {}, "lengths": {}, "points": {}}
    given: dict = {}
    for t in known or []:
        seat, cards = split(t, "--known", 2, "SEAT:CARDS, like E:SJ,S9")
        kw["known"][seat] = (kw["known"].get(seat, "") + " " + cards.replace(",", " ")).strip()
    for t in void or []:
        seat, suits = split(t, "--void", 2, "SEAT:SUITS, like W:S")
        kw["voids"][seat] = kw["voids"].get(seat, "") + suits
    for t in length or []:
        seat, suit, r = split(t, "--length", 3, "SEAT:SUIT:MIN-MAX, like N:H:3-5")
        both(kw["lengths"], given, ("length", seat.upper(), suit.upper()),
             rng(r, "--length", t, "SEAT:SUIT:MIN-MAX, like N:H:3-5"), "--length", t)
    for t in points or []:
        seat, r = split(t, "--points", 2, "SEAT:MIN-MAX, like N:20-60")
        both(kw["points"], given, ("points", seat.upper()),
             rng(r, "--points", t, "SEAT:MIN-MAX, like N:20-60"), "--points", t)
    kw["lengths"] = {k[1:]: v for k, v in kw["lengths"].items()}
    kw["points"] = {k[1]: v for k, v in kw["points"].items()}
    if not any(kw.values()):
        return None
    return Constraints(**kw)


@contextmanager
def progress_bar(label: str) -> Iterator:
    """A rich progress bar on stderr when stderr is a terminal (nothing at all on stderr
    otherwise); yields ``callback(done, total)``, or None without a bar."""
    if not err_console.is_terminal:
        yield None
        return
    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err_console, transient=True) as bar:
        task = bar.add_task(label, total=None)

        def callback(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield callback


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def best_bids_table(adv) -> Table:
    """Each strain's best bid against the best of all, deal by deal: the mean score
    difference and its paired standard error."""
    t = Table(title="The best bid in each strain against the best of all, deal by deal")
    for col in ["", "bid", "makes", "score ± se", "vs best ± paired se"]:
        t.add_column(col, justify="right")
    for s, b in adv.best_bids().items():
        versus = "best" if b is adv.best_bid else f"{b.vs_best:+.0f} ± {pm(b.vs_best_se, '.0f')}"
        t.add_row(people_text(s.symbol), people_text(b.label), _pct(b.p_make),
                  f"{b.ev_coinched:+.0f} ± {pm(b.ev_coinched_se, '.0f')}", versus)
    return t


def render_advice(adv) -> None:
    """The advice as rich tables, the text histogram and the recommendation."""
    from solver.plot import text_histogram

    title = (f"{adv.hand.symbols()} at {adv.seat.name}, dealer {adv.dealer.name} "
             f"({adv.leader.name} leads), {adv.samples} deals, seed {adv.seed}")
    t = Table(title=people_text(title), caption="the side's points: card points, belote and declarations")
    for col in ["", "mean ± se", "median", "10% – 90%", "belote", "capot"]:
        t.add_column(col, justify="right")
    for s in STRAINS:
        st = adv.strains[s]
        q = st.quantiles
        t.add_row(people_text(s.symbol), f"{st.mean:.1f} ± {pm(st.se)}", f"{q[0.5]:.0f}",
                  f"{q[0.1]:.0f} – {q[0.9]:.0f}", _pct(st.p_belote), _pct(st.p_capot))
    print_table(t)

    g = Table(title="Each bid: chance it makes, and expected score (ours − theirs) if the "
                    "opponents coinche whenever it fails")
    g.add_column("bid", justify="right")
    for s in adv.bid_strains:
        g.add_column(people_text(s.symbol), justify="right")
    best = adv.recommendation.bid
    for lv in adv.levels:
        cells = []
        for s in adv.bid_strains:
            b = adv.bid(lv, s)
            cell = people_text(f"{_pct(b.p_make)} {b.ev_coinched:+.0f}")
            if best is not None and b.contract == best:
                cell.stylize("bold green")
            cells.append(cell)
        g.add_row(level_text(lv), *cells)
    print_table(g)
    print_table(best_bids_table(adv))
    say(text_histogram(adv), wrap=False)
    say()
    head = "Pass." if adv.recommendation.is_pass else f"Bid {adv.recommendation.label}."
    line = people_text(f"{head} {adv.recommendation.text}")
    line.stylize("bold", 0, len(head))
    console.print(line)


@app.command()
@handle_errors
def advise(
    hand: Annotated[str, typer.Argument(help="Your 8 cards as spades.hearts.diamonds.clubs, "
                                        "like AJ9.A7.KT.J ('-' for a void).")],
    seat: Annotated[str, typer.Option("--seat", help="Your seat: N E S W.")] = "S",
    dealer: Annotated[str, typer.Option("--dealer", help="The dealer; the seat after leads.")] = "N",
    samples: Annotated[int, typer.Option("--samples", min=1, max=MAX_SAMPLES,
                                         help="Deals to sample and solve.")] = 500,
    seed: Annotated[Optional[int], typer.Option("--seed", min=0, help="Random seed, 0 or more (the same seed "
                                                "gives the same advice); default: a fresh one, "
                                                "shown in the output.")] = None,
    known: KnownOpt = None,
    void: VoidOpt = None,
    length: LengthOpt = None,
    points: PointsOpt = None,
    declarations: Annotated[bool, typer.Option("--declarations", help="Score declarations "
                                               "(tierce, quarte, carrés).")] = False,
    belote_in_ta: Annotated[bool, typer.Option("--belote-in-ta", help="Belote counts in tout "
                                               "atout.")] = False,
    workers: WorkersOpt = None,
    plot: Annotated[Optional[Path], typer.Option("--plot", help="Also write the points per "
                                                 "strain as a PNG (needs matplotlib).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (strains, bids, "
                                          "recommendation).")] = False,
) -> None:
    """What to bid: solve many deals consistent with your hand in all six strains.

    Example: coinche advise "AJ9.A7.KT.J" --seat S --dealer E --samples 50 --seed 1
    """
    cons = parse_constraints(known, void, length, points)
    rules = Rules(declarations=declarations, belote_in_ta=belote_in_ta)
    if plot is not None:            # before the sampling: a bad --plot fails at once
        from solver.plot import require_matplotlib

        check_output(plot, "--plot", suffix=".png")
        require_matplotlib()
    if seed is None:
        seed = fresh_seed()
    with progress_bar("solving") as cb:
        adv = run_advise(hand, seat=seat, dealer=dealer, samples=samples, seed=seed, rules=rules,
                         constraints=cons, workers=workers, progress=cb)
    if plot is not None:
        from solver.plot import plot_points

        with atomic_path(plot) as tmp:      # never a half-written picture
            plot_points(adv, tmp)
    if as_json:
        d = adv.to_dict()
        if plot is not None:
            d["plot"] = str(plot)
        print_json(d)
        return
    render_advice(adv)
    if plot is not None:
        say(f"plot written to {plot}")
