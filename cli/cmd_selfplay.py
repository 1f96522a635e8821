"""``coinche selfplay``: bots against bots over many deals, the mean score difference with its
95% confidence interval."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from .app import app
from .errors import fail, handle_errors
from .options import ClusterOpt, JsonOpt, SchedulerOpt, SeedOpt, WorkersOpt, parallel_backend, seed_or_fresh
from .output import print_json, say
from .progress import progress_bar
from .records_io import check_records_out, write_records_out
from .rules import takes_rules
from solver.bots import BOT_KINDS
from solver.game import mean_ci, selfplay_task
from solver.messages import N_, tr
from solver.parallel import Backend, executor, map_tasks
from solver.rules import Rules

BotOpt = Annotated[str, typer.Option(help="pimc, heuristic, random or dd (dd sees every card).")]


@app.command()
@handle_errors
@takes_rules()
def selfplay(
    deals: Annotated[int, typer.Option("--deals", min=2, max=1_000_000,
                                        help="Deals to play, 2 or more (a confidence interval needs two).")] = 100,
    ns: Annotated[str, typer.Option("--ns", help="The N-S bots: pimc, heuristic, random or dd (dd sees "
                                    "every card).")] = "pimc",
    ew: Annotated[str, typer.Option("--ew", help="The E-W bots.")] = "heuristic",
    duplicate: Annotated[bool, typer.Option("--duplicate", help="Play each deal twice, the bots "
                                            "exchanging seats (a fairer comparison).")] = False,
    worlds: Annotated[int, typer.Option("--worlds", min=1, max=1000, help="PIMC: deals of the hidden "
                                        "cards per card.")] = 30,
    samples: Annotated[int, typer.Option("--samples", min=1, max=1000, help="PIMC: deals per call.")] = 30,
    seed: SeedOpt = None,
    workers: WorkersOpt = None,
    scheduler: SchedulerOpt = None,
    cluster: ClusterOpt = None,
    out: Annotated[Optional[Path], typer.Option("--out", help="Write every deal's record there (PBN).")]
    = None,
    rules: Rules = Rules(),
    as_json: JsonOpt = False,
) -> None:
    """Bots against bots: the mean of the N-S bots' score minus the E-W bots' per deal,
    with its 95% confidence interval (in duplicate, summed over the two tables of a deal).

    The deals are played on local processes (--workers), or on Dask: a cluster started
    here (--cluster local:N) or an existing scheduler (--scheduler tcp://HOST:8786); the
    results are the same whatever runs them.

    Example: coinche selfplay --deals 2 --ns pimc --ew heuristic --duplicate --seed 1
    """
    kind, backend_options = parallel_backend("process", scheduler, cluster)
    kinds = []
    for k in (ns, ew):
        if k.lower() not in BOT_KINDS:
            raise fail(tr("bot {bot!r}: expected one of {kinds}", bot=k, kinds=", ".join(BOT_KINDS)))
        kinds.append(k.lower())
    out = check_records_out(out)
    seed = seed_or_fresh(seed)
    options = {"worlds": worlds, "samples": samples}
    tasks = [(i, seed, kinds[0], kinds[1], options, rules, duplicate) for i in range(deals)]
    with progress_bar(N_("deals")) as bar:
        if kind == "dask":
            results: list[Any] = [None] * len(tasks)
            with executor(kind, workers, **backend_options) as ex:
                for i, r in ex.map_unordered(selfplay_task, tasks, bar.callback):
                    results[i] = r
        else:
            results = map_tasks(selfplay_task, tasks, workers, Backend.PROCESS, bar.callback)
    diffs = [r[0] for r in results]
    points = [r[1] for r in results]
    m, ci = mean_ci(diffs)
    pm_, pci = mean_ci(points)
    if out is not None:
        write_records_out([rec for r in results for rec in r[2]], out)
    summary = {"deals": deals, "seed": seed, "ns": kinds[0], "ew": kinds[1], "duplicate": duplicate,
               "worlds": worlds, "samples": samples, "mean_score_diff": m, "ci95": ci,
               "mean_point_diff": pm_, "point_ci95": pci}
    if as_json:
        print_json(summary)
        return
    say(tr("{deals} deals (seed {seed}{dup}): {ns} (N-S) minus {ew} (E-W), {m:+.1f} ± {ci:.1f} in score "
           "a deal, {pm:+.1f} ± {pci:.1f} in card points (95% intervals).", deals=deals, seed=seed,
           dup=tr(", duplicate") if duplicate else "", ns=kinds[0], ew=kinds[1], m=m, ci=ci, pm=pm_, pci=pci))
