"""``coinche problems``: mine, show and check the problem set (solver.problems)."""

from __future__ import annotations

import collections
import contextlib
import resource
import time
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from .app import app
from .errors import OneLineErrorsGroup, fail, handle_errors, one_line_errors
from .files import check_output, read_text, shown
from .lang import LangOpt, group_language
from solver.errors import quote
from .options import ClusterOpt, JsonOpt, SchedulerOpt, WorkersOpt, parallel_backend
from .output import cards_text, print_json, render_rows, say
from .progress import progress_bar
from solver.atomic import atomic_open
from solver.auction import parse_call
from solver.bidding import call_text
from solver.parallel import executor
from solver.problems import (Problem, ProblemError, calibrate, check_problem, goal_sentence, load_problems,
                             problems_from_json, problems_to_json)
from solver.problems import merge_sets, mine as mine_problems, set_order
from solver.messages import N_, tr
from solver.solve import Solver

problems_app = typer.Typer(cls=OneLineErrorsGroup, no_args_is_help=True, add_completion=False,
                           help="Problems mined from bot play, with exact solutions (docs/problems.md).")
app.add_typer(problems_app, name="problems")


@problems_app.callback()
@one_line_errors
def _problems_group(lang: LangOpt = None) -> None:
    group_language(lang)

#: The kinds of problems for people (message catalogue templates).
KIND_NAMES = {"four-hands": N_("four-hands problem"), "seat": N_("seat problem"),
              "bidding": N_("bidding problem")}

#: Rating bands of the figures (lower bounds).
BANDS = (1000, 1500, 1700, 1900)


def _load(path: Optional[Path], empty: bool = False) -> list[Problem]:
    """The problems of ``path`` (default: the shipped set); a file without any is bad input
    unless ``empty`` (a run of ``mine`` on a few deals may keep none: ``merge`` joins it)."""
    if path is None:
        return load_problems()
    try:
        problems = problems_from_json(read_text(path, N_("problem file")))
    except ProblemError as e:       # (several files may be read: name the bad one)
        raise fail(tr("{path}: {problem}", path=shown(path), problem=e)) from None
    if not problems and not empty:
        raise fail(tr("no problems in {path}: the set is empty", path=shown(path)))
    return problems


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished worker processes."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _figures(problems: list[Problem], deals: int) -> dict[str, Any]:
    themes = collections.Counter(t for p in problems for t in p.themes)
    strains = collections.Counter(p.contract.strain.name for p in problems if p.contract is not None)
    bands: collections.Counter[str] = collections.Counter()
    for p in problems:
        low = max(b for b in BANDS if b <= p.rating) if p.rating >= BANDS[0] else 0
        bands[f"{low}+"] += 1
    kinds = collections.Counter(p.kind for p in problems)
    return {"deals": deals, "kept": len(problems), "kinds": dict(kinds), "themes": dict(themes),
            "strains": dict(strains), "ratings": dict(sorted(bands.items()))}


@problems_app.command()
@handle_errors
def mine(
    seed: Annotated[int, typer.Option("--seed", min=0, help="The seed, 0 or more: the same seed mines the same set.")],
    out: Annotated[Path, typer.Option("--out", help="The problem file to write (JSON).")],
    count: Annotated[int, typer.Option("--count", min=0, help="Four-hands problems to keep.")] = 0,
    seat: Annotated[int, typer.Option("--seat", min=0, help="Seat problems to keep.")] = 0,
    bidding: Annotated[int, typer.Option("--bidding", min=0, help="Bidding problems to keep.")] = 0,
    start: Annotated[int, typer.Option("--start", min=0, help="The first deal of the run (deal numbers go on from it).")] = 0,
    deals: Annotated[Optional[int], typer.Option("--deals", min=1, help="Mine at most this many deals.")] = None,
    workers: WorkersOpt = None,
    scheduler: SchedulerOpt = None,
    cluster: ClusterOpt = None,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="No progress bar.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Bid and play deals with the heuristic bot and keep the positions (calls) where one
    answer is clearly right, near-duplicates left out; rate each problem from the players who
    miss it.  The deals run on local processes (--workers), or on Dask (--cluster local:N,
    --scheduler tcp://HOST:8786); the set is the same whatever runs it.  Ctrl-C writes what
    was mined so far.

    Runs of one seed over consecutive deals (--start, --deals) are joined by
    "coinche problems merge" into the set one run over all of them mines.

    Example: coinche problems mine --seed 1 --count 20 --seat 10 --bidding 10 --out p.json
    """
    counts = {"four-hands": count, "seat": seat, "bidding": bidding}
    if not any(counts.values()):
        raise fail(tr("nothing to mine: give --count, --seat or --bidding"))
    check_output(out, "--out")
    kind, options = parallel_backend("process", scheduler, cluster)
    problems: list[Problem] = []
    done = [start]
    stopped = 0
    cpu = _cpu_seconds()
    total = sum(counts.values())
    with progress_bar(N_("mining"), total=total, show=not no_progress, rate=N_("problems")) as bar:
        def seen(k: int, kept: dict[str, int]) -> None:
            done[0] = k + 1
        try:
            with contextlib.ExitStack() as stack:
                ex = None
                if kind == "dask" or (workers or 1) > 1:
                    ex = stack.enter_context(executor(kind, workers, **options))
                for p in mine_problems(seed, counts, ex=ex, start=start, max_deals=deals, on_deal=seen):
                    problems.append(p)
                    bar.advance()
        except KeyboardInterrupt:
            stopped = 130
        except SystemExit as e:         # a stop signal (cli/main.py): the mined problems are kept
            if not isinstance(e.code, int) or e.code < 128:
                raise
            stopped = e.code
    problems = sorted(calibrate(problems), key=set_order)
    with atomic_open(out) as f:             # never a half-written set
        f.write(problems_to_json(problems))
    figures = (_figures(problems, done[0] - start) | {"first_deal": start, "next_deal": done[0]}
               | {"cpu_seconds": round(_cpu_seconds() - cpu, 1)})
    if as_json:
        print_json(figures)
    else:
        say(tr("{n} problems from {deals} deals written to {path}", n=len(problems), deals=done[0] - start, path=out))
        if start:
            say(tr("deals {first} to {last}", first=start, last=done[0] - 1))
        render_rows(tr("themes"), [N_("theme"), N_("problems")], sorted(figures["themes"].items()),
                    numeric=["problems"])
        render_rows(tr("ratings"), [N_("rating"), N_("problems")], list(figures["ratings"].items()),
                    numeric=["problems"])
    if stopped:
        raise typer.Exit(stopped)


@problems_app.command()
@handle_errors
def merge(
    files: Annotated[list[Path], typer.Argument(help="Problem files of one seed, mined on consecutive ranges of deals.")],
    out: Annotated[Path, typer.Option("--out", help="The problem file to write (JSON).")],
    count: Annotated[Optional[int], typer.Option("--count", min=0, help="Keep at most this many four-hands problems.")] = None,
    seat: Annotated[Optional[int], typer.Option("--seat", min=0, help="Keep at most this many seat problems.")] = None,
    bidding: Annotated[Optional[int], typer.Option("--bidding", min=0, help="Keep at most this many bidding problems.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Join problem files mined from one seed on consecutive ranges of deals (mine --start
    --deals) into the set one run over all the deals writes: the deals' order, near-duplicates
    left out, at most --count, --seat, --bidding of each kind, rated again together.

    Example: coinche problems merge a.json b.json --bidding 500 --out p.json
    """
    check_output(out, "--out", inputs=files)
    sets = [_load(f, empty=True) for f in files]
    limits = {"four-hands": count, "seat": seat, "bidding": bidding}
    counts = None
    if any(v is not None for v in limits.values()):
        counts = {kind: 10 ** 9 if v is None else v for kind, v in limits.items()}
    problems = merge_sets(sets, counts)
    with atomic_open(out) as f:
        f.write(problems_to_json(problems))
    figures = _figures(problems, 0)
    del figures["deals"]
    if as_json:
        print_json(figures)
    else:
        say(tr("{n} problems written to {path}", n=len(problems), path=out))


@problems_app.command()
@handle_errors
def show(
    problem_id: Annotated[str, typer.Argument(help="The problem's id.")],
    file: Annotated[Optional[Path], typer.Option("--file", help="A problem file (default: the shipped set).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """One problem: the deal, the contract, the goal, the solution and its line, the costs."""
    for p in _load(file):
        if p.id == problem_id:
            break
    else:
        raise fail(tr("no problem {id}", id=quote(problem_id)))
    if as_json:
        print_json(p.to_dict())
        return
    say(p.deal.diagram(), wrap=False)
    if p.kind == "bidding":
        say(tr("{kind}: {seat} to call after {calls}; dealer {dealer}", kind=tr(KIND_NAMES[p.kind]),
               seat=p.seat.name, calls=" ".join(call_text(c) for c in p.auction) or "-", dealer=p.dealer.name))
        say(tr("solution: {call}, judged on {n} deals", call=call_text(parse_call(p.solution, p.seat)),
               n=p.samples))
        render_rows(tr("alternatives"), [N_("call"), N_("cost"), N_("standard error")],
                    [(call_text(parse_call(a.answer, p.seat)), a.cost, a.se) for a in p.alternatives],
                    numeric=["cost", "standard error"])
    else:
        say(tr("{kind}: {seat} to play, contract {contract}; goal: {goal}", kind=tr(KIND_NAMES[p.kind]),
               seat=p.seat.name, contract=p.contract, goal=goal_sentence(p)))
        say(tr("played: {cards}", cards=cards_text(p.played) or "-"))
        say(tr("solution: {cards}; line: {line}", cards=cards_text(p.solution_cards), line=cards_text(p.line)))
        rows = [(cards_text([a.answer]), a.cost, a.points) + (() if a.se is None else (a.se,))
                for a in p.alternatives]
        columns = [N_("card"), N_("cost"), N_("card points")] + ([N_("standard error")] if p.kind == "seat" else [])
        render_rows(tr("alternatives"), columns, rows, numeric=["cost", "card points", "standard error"])
    say(tr("themes: {themes}; rating {rating} (±{rd})", themes=", ".join(p.themes), rating=p.rating,
           rd=2 * p.deviation))


@problems_app.command()
@handle_errors
def check(
    file: Annotated[Optional[Path], typer.Option("--file", help="A problem file (default: the shipped set).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Solve every problem again: exit 1 when a solution or a cost is no longer exact."""
    problems = _load(file)
    solver = Solver()
    wrong: list[str] = []
    with progress_bar(N_("checking"), total=len(problems)) as bar:
        for p in problems:
            wrong += check_problem(p, solver)
            bar.advance()
    if as_json:
        print_json({"problems": len(problems), "wrong": wrong})
    else:
        for w in wrong:
            say(w)
        say(tr("{n} problems, {wrong} wrong", n=len(problems), wrong=len(wrong)))
    if wrong:
        raise typer.Exit(1)


__all__ = ["problems_app", "ProblemError"]
