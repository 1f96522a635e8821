"""``coinche study run``, ``show`` and ``score``: exact results over many deals, kept in a
directory, their statistics grouped by features of any hand or of the deal, and
contracts scored and compared on the same deals."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.table import Table

from .app import app
from .errors import WRITE_ERRNOS, OneLineErrorsGroup, OutputError, error_line, fail, handle_errors, one_line_errors
from .files import input_directory
from .lang import LangOpt, group_language
from .options import MAX_WORKERS, ClusterOpt, JsonOpt, SchedulerOpt, parallel_backend
from .output import err_console, people_text, pm, print_json, print_table, say
from .parse import takes_constraints
from .progress import progress_bar
from .rules import takes_rules
from solver.messages import N_, tr
from solver.aggregate import SIDES, Aggregates, FeaturesOf, aggregate, read_aggregates
from solver.contract import CAPOT, level_json
from solver.errors import ConstraintError, quote
from solver.features import FEATURES
from solver.studyquery import DEAL_FEATURES, WHO, check_names
from solver.studyscore import Comparison, compare_contracts
from solver.montecarlo import Estimate
from solver.studystats import QUANTILES
from solver.plot import require_matplotlib
from solver.rules import Rules
from solver.sampling import Constraints
from solver.studyfiles import read_arguments
from solver.studies import StudyInterrupted, read_study, study

study_app = typer.Typer(cls=OneLineErrorsGroup, no_args_is_help=True, add_completion=False,
                        help="Exact results over many deals, grouped by hand features (docs/studies.md).")
app.add_typer(study_app, name="study")


@study_app.callback()
@one_line_errors
def _study_group(lang: LangOpt = None) -> None:
    group_language(lang)

#: The bid levels the tables show (the JSON and CSV files hold every level).
SHOWN_LEVELS = (80, 100, 120, 140, 160, CAPOT)
#: The strains a study solves by default (given as None, so that --lang fr reads only what is typed).
ALL_STRAINS = "S H D C SA TA"
#: What ``study show --distribution`` prints: the side's card points (in bins of
#: :data:`POINTS_BIN`) or its tricks (each number).
DISTRIBUTIONS = ("points", "tricks")
POINTS_BIN = 20
#: The exit code of a study whose workers were lost for good (``EX_TEMPFAIL`` of
#: sysexits.h: run the same command again later and it resumes).
EXIT_TRY_AGAIN = 75

ByOpt = Annotated[str, typer.Option("--by", help="Features to group by, comma separated: "
                                    + ", ".join(FEATURES) + " (of the seat, or of whose hands before a dot: "
                                    + "N. E. S. W. " + ". ".join(WHO) + ".); of the deal: "
                                    + ", ".join(DEAL_FEATURES) + ".")]
WhereOpt = Annotated[Optional[str], typer.Option("--where", help="Keep the deals that pass this test, "
                                                 "like \"trump_J and trump_9\" or \"side.trumps >= 5 and "
                                                 "split == '2-1'\" (docs/studies.md).")]
OfOpt = Annotated[str, typer.Option("--of", help="Features of the seat's hand, or of its side (both hands).")]


def _exit(line: str, code: int) -> typer.Exit:
    err_console.print(line, soft_wrap=True, markup=False, highlight=False)
    return typer.Exit(code)


def _features(by: str) -> list[str]:
    names = [x.strip() for x in by.split(",") if x.strip()]
    try:
        check_names(names)
    except ConstraintError as e:
        raise fail(tr("--by: {error}", error=e)) from None
    return names


@study_app.command("run")
@handle_errors
@takes_constraints
@takes_rules("declarations", "belote_in_ta")
def run(
    directory: Annotated[Path, typer.Argument(help="The study's directory (created, or resumed).")],
    deals: Annotated[int, typer.Option("--deals", min=1, max=10**10, help="Deals to solve.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Random seed: the same seed gives the "
                                      "same deals on every backend.")] = 1,
    strains: Annotated[Optional[str], typer.Option("--strains", help="Strains to solve, among S H D C SA TA "
                                                   "(default: all six).", show_default=False)] = None,
    leader: Annotated[str, typer.Option("--leader", help="First leaders, like W or NESW.")] = "W",
    seat: Annotated[str, typer.Option("--seat", help="Whose hand the features describe (and is "
                                      "fixed with --hand); the statistics are of its side.")] = "S",
    hand: Annotated[Optional[str], typer.Option("--hand", help="A hand fixed at --seat, like AJ9.A7.KT.J; "
                                                "default: uniform random deals.")] = None,
    constraints: Optional[Constraints] = None,
    accept: Annotated[Optional[str], typer.Option("--accept", help="Deal only deals that pass this test, "
                                                  "like \"trump_J and trump_9\" (evaluated in the first "
                                                  "strain; recorded with the study).")] = None,
    tricks: Annotated[bool, typer.Option("--tricks", help="Store each deal's double-dummy tricks too, for "
                                         "their distribution (about 40% more CPU; recorded with the "
                                         "study).")] = False,
    rules: Rules = Rules(),
    by: ByOpt = "trumps",
    of: OfOpt = "seat",
    chunk_size: Annotated[int, typer.Option("--chunk-size", min=1, max=10**6, help="Deals a chunk.")] = 1000,
    backend: Annotated[str, typer.Option("--backend", help="process or thread, here.")] = "process",
    workers: Annotated[Optional[int], typer.Option("--workers", min=1, max=MAX_WORKERS, help="Local "
                                                   "workers (default: every core); chunks in flight "
                                                   "on Dask.")] = None,
    scheduler: SchedulerOpt = None,
    cluster: ClusterOpt = None,
    retries: Annotated[int, typer.Option("--retries", min=0, max=100, help="Tries again a failed "
                                         "chunk this many times.")] = 2,
    force: Annotated[bool, typer.Option("--force", help="Start anew a directory holding another "
                                        "study.")] = False,
    plots: Annotated[bool, typer.Option("--plots/--no-plots", help="Draw plots/*.png (needs "
                                        "matplotlib).")] = True,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="No progress bar.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Solve many deals into DIRECTORY, resuming a stopped study, and group them.

    Run again with more --deals, a study solves only the new deals.

    The statistics grouped by features go to aggregates.json, aggregates.csv and plots/.

    Example: coinche study run hearts --deals 200 --strains H --by trump_J,trumps --seed 7
    """
    names = _features(by)
    if of not in SIDES:
        raise fail(tr("--of {value}: expected seat or side", value=quote(of)))
    kind, options = parallel_backend(backend, scheduler, cluster)
    if plots and len(names) == 1:
        require_matplotlib()
    try:
        with progress_bar(N_("deals"), total=deals, show=not no_progress, rate=N_("deals")) as bar:
            r = study(directory, deals, seed, strains=strains or ALL_STRAINS, leaders=leader, seat=seat,
                      hand=hand,
                      constraints=constraints, rules=rules, chunk_size=chunk_size, by=names,
                      backend=kind, workers=workers, backend_options=options, retries=retries,
                      force=force, plots=plots, accept=accept, tricks=tricks, progress=bar.callback,
                      of=FeaturesOf(of))
    except StudyInterrupted as e:
        again = shlex.join(["coinche", *sys.argv[1:]])
        raise _exit(error_line(tr("{reason}: {done} of {chunks} chunks are done and kept; to resume, run "
                                   "again: {command}", reason=e.reason, done=e.done, chunks=e.chunks,
                                   command=again)), EXIT_TRY_AGAIN) from None
    except OSError as e:
        if e.filename is None or e.errno not in WRITE_ERRNOS:
            raise
        raise OutputError(e, str(e.filename)) from None     # a full disk: exit 74, the file named
    if as_json:
        print_json(r.to_dict())
        return
    say(tr("{deals:,} deals in {chunks} chunks ({solved} solved now) in {directory}", deals=r.spec.deals,
           chunks=r.chunks, solved=r.solved, directory=directory))
    render_aggregates(r.aggregates)


@study_app.command("show")
@handle_errors
def show(
    directory: Annotated[Path, typer.Argument(help="A study's directory.")],
    by: Annotated[Optional[str], typer.Option("--by", help="Group anew by these features (the files "
                                              "are read again, nothing is solved).")] = None,
    of: Annotated[Optional[str], typer.Option("--of", help="seat or side (with --by).")] = None,
    seat: Annotated[Optional[str], typer.Option("--seat", help="Whose hand and side: any seat, "
                                                "regrouped from the files (default: the study's).")] = None,
    where: WhereOpt = None,
    distribution: Annotated[Optional[str], typer.Option(
        "--distribution", help="Print the distribution of the side's points or tricks (a study run with "
        "--tricks): the share of deals at each value.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Print a study's statistics: those it wrote, or grouped anew with --by.

    Example: coinche study show hearts --by honours

    Example: coinche study show hearts --distribution tricks
    """
    if distribution is not None and distribution not in DISTRIBUTIONS:
        raise fail(tr("--distribution {value}: expected points or tricks", value=quote(distribution)))
    path = input_directory(directory, "a study's directory")
    # the saved statistics, when they cover the whole study: two small files read, whatever its size
    saved = read_aggregates(path) if by is None and of is None and seat is None and where is None else None
    if saved is not None:
        arguments, version, spec = read_arguments(path)
        agg, chunks, done = saved, spec.chunks, spec.chunks
    else:
        info = read_study(path)
        if of is not None and of not in SIDES:
            raise fail(tr("--of {value}: expected seat or side", value=quote(of)))
        names = _features(by) if by is not None else _saved_by(path)
        agg = aggregate(path, names, of=FeaturesOf(of or "seat"), seat=seat, where=where)
        arguments, version, chunks, done = info.arguments, info.version, info.chunks, len(info.done)
    if distribution == "tricks" and not agg.tricks:
        raise fail(tr("{path}: this study did not store the tricks; run it with --tricks (in another "
                      "directory, or with --force) to have their distribution", path=quote(str(directory))))
    if as_json:
        print_json({"directory": str(directory), "arguments": arguments, "version": version,
                    "chunks": chunks, "done": done, **agg.to_dict()})
        return
    if done < chunks:
        say(tr("{done} of {chunks} chunks are done: the statistics cover {deals:,} deals",
               done=done, chunks=chunks, deals=agg.deals))
    if distribution is None:
        render_aggregates(agg)
    else:
        render_distribution(agg, distribution)


def _saved(directory: Path) -> dict[str, Any]:
    try:
        data = json.loads((directory / "aggregates.json").read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _saved_by(directory: Path) -> list[str]:
    return list(_saved(directory).get("by", ["trumps"]))


def _cell(x: Any) -> str:
    return str(x)


def _spread(*values: "int | None") -> str:
    return " ".join("-" if v is None else str(v) for v in values)


def render_aggregates(agg: Aggregates) -> None:
    """One table per strain and leader: the groups' deals, mean points and P(make)."""
    levels = [lv for lv in SHOWN_LEVELS if lv in agg.levels]
    tables: dict[tuple[Any, ...], Table] = {}
    for g in agg.groups:
        key = (g.strain, g.leader)
        if key not in tables:
            of = tr("features of the seat's hand") if agg.of == "seat" else tr("features of the side's hands")
            title = tr("{strain}, {seat} leads: the points of {me}'s side, {of}, {deals:,} deals",
                       strain=g.strain.symbol, seat=g.leader.name, of=of, me=agg.seat.name, deals=agg.deals)
            if agg.where is not None:
                title += tr(", those where {where}", where=agg.where)
            t = Table(title=people_text(title))
            for col in [*agg.by, tr("deals"), tr("mean ± se"), "q10 q50 q90",
                        *[f"P({level_json(lv)})" for lv in levels],
                        *([tr("tricks ± se")] if agg.tricks else [])]:
                t.add_column(col, justify="right")
            tables[key] = t
        tricks = [] if g.tricks is None else [_estimate(g.tricks.estimate(), 2)]
        tables[key].add_row(*map(_cell, g.key), f"{g.n:,}", _estimate(g.mean, 1),
                            _spread(g.points.quantile(0.1), g.points.quantile(0.5), g.points.quantile(0.9)),
                            *[f"{100 * g.made[lv].value:.0f}%" for lv in levels], *tricks)
    for t in tables.values():
        print_table(t)
    say(tr("P(bid): the share of deals on which the side makes the bid (belote counted); every level, with "
           "standard errors, is in aggregates.json and aggregates.csv."))
    say(tr("q10 q50 q90: the side's card points that 90%, 50% and 10% of the deals reach or pass (every "
           "value's count is in aggregates.json)."))
    if agg.tricks:
        say(tr("tricks: the most tricks the side can force, both sides playing for tricks (--distribution "
               "tricks shows how many deals give each number)."))


def _estimate(e: Estimate, digits: int) -> str:
    return f"{e.value:.{digits}f} ± {pm(e.se)}"


def _bins(what: str) -> list[tuple[int, str]]:
    """The columns of a distribution: each value's lowest value and its label."""
    if what == "tricks":
        return [(v, str(v)) for v in range(9)]
    top = 162
    return [(v, f"{v}-{min(v + POINTS_BIN - 1, top)}") for v in range(0, top + 1, POINTS_BIN)]


def render_distribution(agg: Aggregates, what: str) -> None:
    """One table per strain and leader: per group, the share of deals at each number of
    the side's tricks, or in each bin of its card points."""
    bins = _bins(what)
    tables: dict[tuple[Any, ...], Table] = {}
    for g in agg.groups:
        key = (g.strain, g.leader)
        if key not in tables:
            title = (tr("{strain}, {seat} leads: the share of deals at each number of tricks of {me}'s side, "
                        "{deals:,} deals", strain=g.strain.symbol, seat=g.leader.name, me=agg.seat.name,
                        deals=agg.deals) if what == "tricks" else
                     tr("{strain}, {seat} leads: the share of deals at each card points of {me}'s side, "
                        "{deals:,} deals", strain=g.strain.symbol, seat=g.leader.name, me=agg.seat.name,
                        deals=agg.deals))
            if agg.where is not None:
                title += tr(", those where {where}", where=agg.where)
            t = Table(title=people_text(title))
            for col in [*agg.by, tr("deals"), *[label for _, label in bins]]:
                t.add_column(col, justify="right")
            tables[key] = t
        dist = g.tricks if what == "tricks" else g.points
        assert dist is not None
        counts = dist.histogram(1 if what == "tricks" else POINTS_BIN)
        tables[key].add_row(*map(_cell, g.key), f"{g.n:,}",
                            *[_share(counts.get(v, 0), g.n) for v, _ in bins])
    for t in tables.values():
        print_table(t)
    say(tr("Every value's count is in aggregates.json, and in --json."))


def _share(count: int, n: int) -> str:
    return "-" if count == 0 else f"{100 * count / n:.1f}%"


@study_app.command("score")
@handle_errors
def score(
    directory: Annotated[Path, typer.Argument(help="A study's directory.")],
    contract: Annotated[list[str], typer.Option("--contract", help="A contract to score, like 100H or "
                                                 "80SA E X (declared by --seat unless it names a seat); "
                                                 "repeat it to compare contracts on the same deals.")],
    leader: Annotated[Optional[str], typer.Option("--leader", help="The first leader (one the study "
                                                  "solved; default its only one).")] = None,
    seat: Annotated[Optional[str], typer.Option("--seat", help="Whose side's score (default: the "
                                                "study's seat).")] = None,
    where: WhereOpt = None,
    by: Annotated[Optional[str], typer.Option("--by", help="Compare them on each group of deals sharing "
                                              "these features too (as --by groups in run and show).")] = None,
    of: OfOpt = "seat",
    as_json: JsonOpt = False,
) -> None:
    """Score contracts on a study's deals and compare them on the same deals.

    Per contract: the side's score minus the other side's a deal, the share of deals it
    succeeds, its score's quantiles, and its difference with the best contract with the
    paired standard error. Nothing is solved.

    Example: coinche study score hearts --contract 80H --contract 100H --where "trump_J and trump_9"

    Example: coinche study score hearts --contract 80H --contract 100H --by trumps
    """
    path = input_directory(directory, "a study's directory")
    names = _features(by) if by is not None else []
    if of not in SIDES:
        raise fail(tr("--of {value}: expected seat or side", value=quote(of)))
    c = compare_contracts(path, contract, leader=leader, seat=seat, where=where, by=names, of=of)
    if as_json:
        print_json({"directory": str(directory), **c.to_dict()})
        return
    render_comparison(c)


def render_comparison(c: Comparison) -> None:
    """One row a contract: its mean score, successes, quantiles and the paired difference."""
    title = tr("{deals:,} deals, {leader} leads: the score of {me}'s side minus the other side's",
               deals=c.deals, leader=c.options[0].leader.name if c.options else "-", me=c.seat.name)
    if c.where is not None:
        title += tr(", those where {where}", where=c.where)
    t = Table(title=people_text(title))
    qs = " ".join(f"{100 * q:g}%" for q in QUANTILES)
    for col in [tr("contract"), tr("mean ± se"), tr("succeeds"), tr("score {levels}", levels=qs),
                tr("vs best (± paired se)")]:
        t.add_column(col, justify="right")
    for o in c.options:
        t.add_row(people_text(str(o.contract)), f"{o.mean.value:.1f} ± {pm(o.mean.se)}",
                  f"{100 * o.success.value:.0f}%", _spread(*o.scores.quantiles().values()),
                  f"{o.versus.value:+.1f} ± {pm(o.versus.se)}")
    print_table(t)
    if c.by:
        render_score_groups(c)


def render_score_groups(c: Comparison) -> None:
    """The comparison again on each group of deals: one row a group and contract."""
    of = tr("features of the seat's hand") if c.of == "seat" else tr("features of the side's hands")
    t = Table(title=people_text(tr("the same, by {by} ({of}; in {strain})", by=", ".join(c.by), of=of,
                                   strain=c.strain.symbol)))
    for col in [*c.by, tr("deals"), tr("contract"), tr("mean ± se"), tr("succeeds"),
                tr("vs best (± paired se)")]:
        t.add_column(col, justify="right")
    for g in c.groups:
        for j, o in enumerate(g.options):
            first = j == 0
            t.add_row(*[_cell(v) if first else "" for v in g.key], f"{g.deals:,}" if first else "",
                      people_text(str(o.contract)), _estimate(o.mean, 1), f"{100 * o.success.value:.0f}%",
                      f"{o.versus.value:+.1f} ± {pm(o.versus.se)}", end_section=j == len(g.options) - 1)
    print_table(t)
