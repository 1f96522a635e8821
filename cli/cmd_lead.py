"""``coinche lead``: which card to lead, by solving many sampled deals."""

from __future__ import annotations

from typing import Annotated, Optional

import typer
from rich.table import Table

from .app import app
from .errors import handle_errors
from .options import Budget, ConfidenceOpt, MaxSamplesOpt, SamplesOpt, SeedOpt, TimeOpt, WorkersOpt, seed_or_fresh
from .output import console, people_text, pm, print_json, print_table, say
from .parse import takes_constraints
from .progress import progress_bar
from .rules import takes_rules
from solver.messages import N_, tr
from solver.lead import Measure, lead_advice
from solver.rules import Rules
from solver.sampling import Constraints


@app.command()
@handle_errors
@takes_constraints
@takes_rules()
def lead(
    hand: Annotated[str, typer.Argument(help="The leader's 8 cards as spades.hearts.diamonds.clubs.")],
    seat: Annotated[str, typer.Option("--seat", help="The leader's seat (the seat after the dealer).")],
    contract: Annotated[str, typer.Option("--contract", help="The contract: 100H, 80SA, capotS, "
                                          "'100H X' for coinched.")],
    declarer: Annotated[str, typer.Option("--declarer", help="The seat that bid it.")],
    samples: SamplesOpt = 200,
    seed: SeedOpt = None,
    set_only: Annotated[bool, typer.Option("--set-only", help="Only ask whether the contract "
                                           "makes (threshold probes: faster, no point averages).")] = False,
    constraints: Optional[Constraints] = None,
    rules: Rules = Rules(),
    workers: WorkersOpt = None,
    time: TimeOpt = None,
    confidence: ConfidenceOpt = None,
    margin: Annotated[Optional[float], typer.Option("--margin", help="Leads closer than this (score "
                                                    "points; % with --set-only) count as equal (5).")] = None,
    max_samples: MaxSamplesOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Which card to lead: each lead's double-dummy result averaged over sampled deals.

    Example: coinche lead "KT7.Q8.A9.K" --seat E --contract 100H --declarer S --samples 50
    """
    budget = Budget.read(time, confidence, margin, max_samples)
    samples = budget.samples(samples)
    seed = seed_or_fresh(seed)
    with progress_bar(N_("solving")) as bar:
        adv = lead_advice(hand, seat=seat, contract=contract, declarer=declarer, samples=samples,
                          seed=seed, rules=rules, constraints=constraints,
                          measure=Measure.SET if set_only else Measure.POINTS, workers=workers,
                          progress=bar.callback, **budget.kwargs())
    if as_json:
        print_json(adv.to_dict())
        return
    goal = tr("sets (± se)") if adv.defending else tr("makes (± se)")
    t = Table(title=people_text(tr("{hand} at {seat} leading against {contract}, {n} deals, seed {seed}",
                                   hand=adv.hand.symbols(), seat=adv.seat.name, contract=adv.contract,
                                   n=adv.samples, seed=seed)))
    cols = [tr("lead"), goal, tr("vs best (± paired se)")]
    if not set_only:
        cols = [tr("lead"), tr("your points (± se)"), goal, tr("your score (± se)"),
                tr("vs best (± paired se)")]
    for c in cols:
        t.add_column(c, justify="right")
    for s in adv.stats:
        p = (1 - s.p_make) if adv.defending else s.p_make
        share = f"{100 * p:.0f}% ± {pm(100 * s.p_make_se, '.0f')}"
        if set_only:
            versus = f"{100 * s.vs_best:+.0f}% ± {pm(100 * s.vs_best_se, '.0f')}"
            t.add_row(people_text(s.card.symbol), share, tr("best") if s is adv.best else versus)
        else:
            versus = f"{s.vs_best:+.0f} ± {pm(s.vs_best_se, '.0f')}"
            t.add_row(people_text(s.card.symbol), f"{s.points:.1f} ± {pm(s.points_se)}", share,
                      f"{s.ev:+.0f} ± {pm(s.ev_se, '.0f')}",
                      tr("best") if s is adv.best else versus)
    print_table(t)
    console.print(people_text(adv.text))
    if adv.stopping is not None:
        say(adv.stopping.describe("%" if set_only else ""))
