"""``coinche practice``: the shipped problem set's problems one by one in the terminal, with a
Glicko-2 rating.

Each answer is judged as the board judges it (:mod:`solver.practice`); the rating (solver/rating.py)
is kept in ``practice-rating.json`` under the user's data directory (``$XDG_DATA_HOME/coinche``,
else ``~/.local/share/coinche``), written after every answer, so Ctrl-C loses nothing.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any, Callable, Iterator, Mapping, Optional, Sequence, TypeVar

import typer

from .app import app
from .errors import error_line, fail, handle_errors
from .options import SeedOpt, seed_or_fresh
from .output import card_text, cards_text, err_console, say
from .cmd_game import legal_card, sorted_hand
from .lang import read_typed
from solver.atomic import atomic_open
from solver.cards import Card, Seat
from solver.errors import CoincheError, quote
from solver.messages import tr
from solver.rating import Rating, after_answer
from solver.rules import Strain
from solver.bidding import call_text
from solver.auction import parse_call
from solver.practice import (BANDS, judge_play, judge_seat_answer, judge_set_call, play_hints,
                             problem_position, problem_rating, seat_problems, set_kind_problems,
                             set_play_problems, set_rating)
from solver.problems import KINDS, Problem, ProblemKind, goal_sentence

RATING_FILE = "practice-rating.json"


# A miss as the end of a run lists it: its sentence, and the verdict whose solution line
# follows (None: no line); a problem answered: right or not, and the miss.
Miss = tuple[str, Optional[Mapping[str, Any]]]
Answered = tuple[bool, Optional[Miss]]
P = TypeVar("P")


class Stop(Exception):
    """The learner typed quit, or the input ended."""


def rating_path(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the rating is kept: ``$XDG_DATA_HOME/coinche`` or ``~/.local/share/coinche``."""
    base = environ.get("XDG_DATA_HOME") or str(Path(environ.get("HOME", "~")).expanduser() / ".local" / "share")
    return Path(base) / "coinche" / RATING_FILE


def load_rating(path: Path) -> Rating:
    """The saved rating, a new one when there is no file; a bad file is refused (exit 2), not replaced."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Rating()
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError(tr("expected an object"))
        return Rating.from_dict(data)
    except ValueError as e:
        raise fail(tr("rating file {path} is not a rating ({error}): fix or remove it", path=quote(str(path)),
                      error=e)) from None


def save_rating(path: Path, rating: Rating) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(path) as f:
        json.dump(rating.to_dict(), f)
        f.write("\n")


def _problems(seed: int, strain: Optional[Strain], theme: Optional[str],
              band: Optional[str] = None) -> Iterator[dict[str, Any]]:
    """The shipped set's four-hands problems that fit the filters, from problem ``seed`` on
    (counted round, in the set's order, as the board draws them)."""
    try:
        chosen = set_play_problems(theme, band, None if strain is None else strain.name)
    except CoincheError:
        if theme is None or band is not None:
            raise fail(tr("no problem of the set fits the filters")) from None
        raise fail(tr("no problem of the set has theme {theme}", theme=quote(theme)) if strain is None
                   else tr("no problem of the set has theme {theme} in {strain}", theme=quote(theme),
                           strain=strain)) from None
    yield from _round(chosen, seed)


def _show(problem: Mapping[str, Any], number: int) -> list[Card]:
    pos = problem_position(problem)
    strain = pos.strain
    goal = problem["goal"]
    say()
    say(tr("Problem {n}: {contract} by {declarer}; you are {seat}.", n=number, contract=problem["contract"],
           declarer=problem["declarer"], seat=pos.to_move.name))
    say(tr("Goal: make {points}.", points=goal["points"]) if goal["side"] == "declarer"
        else tr("Goal: defeat it (the declarers need {points}).", points=goal["points"]))
    for s in Seat:
        say(f"  {s.name}: {cards_text(sorted_hand(list(pos.hand(s)), strain))}", wrap=False)
    trick = " ".join(f"{Seat((int(pos.leader) + i) & 3).name}:{card_text(c)}" for i, c in enumerate(pos.trick))
    say(tr("Trick {n}: {trick}", n=pos.tricks_played + 1, trick=trick or "-"))
    return sorted_hand(list(pos.legal_cards()), strain)


def _ask(read: Callable[[], str], prompt: str) -> str:
    say(prompt, wrap=False)
    line = read()
    if not line:
        raise Stop
    t = line.strip()
    if t.lower() in ("quit", "q", "quitter"):
        raise Stop
    return t


def _answer(read: Callable[[], str], problem: Mapping[str, Any], legal: list[Card]) -> Card:
    hints = play_hints(problem)
    while True:
        text = _ask(read, tr("Your card ({options}; ? for a hint): ", options=cards_text(legal)))
        if text in ("?", "hint", "indice"):
            say(hints.pop(0) if hints else tr("No more hints."))
            continue
        try:
            return legal_card(text, legal)
        except CoincheError as e:
            err_console.print(error_line(e), soft_wrap=True)


def _call_name(text: str) -> str:
    return call_text(parse_call(text, Seat.S))


def _practice_bidding(theme: Optional[str], band: Optional[str], count: Optional[int], seed: Optional[int],
                      rating_file: Optional[Path]) -> None:
    """Bidding problems of the shipped set: the hand and the calls so far, the call judged
    against the problem's solution and the costs of its alternatives (mean losses on its deals,
    with their standard errors)."""
    try:
        chosen = set_kind_problems(ProblemKind.BIDDING, theme, band)
    except CoincheError:
        raise fail(tr("no bidding problem of the set fits the filters")) from None
    _run(lambda start: _round(chosen, start), set_rating, _one_bidding, seed, rating_file, count)


def _one_bidding(p: Problem, n: int, read: Callable[[], str]) -> Answered:
    say()
    say(tr("Bidding problem {n}: dealer {dealer}; the calls so far: {calls}.", n=n, dealer=p.dealer.name,
           calls=" ".join(call_text(c) for c in p.auction) or "-"))
    hand = sorted_hand(list(p.deal.hands[p.seat]), None)
    say(tr("Your hand ({seat}): {hand}", seat=p.seat.name, hand=cards_text(hand)), wrap=False)
    while True:
        text = _ask(read, tr("Your call: "))
        try:
            judged = judge_set_call(p, read_typed("bid", text))
            break
        except CoincheError as e:
            err_console.print(error_line(e), soft_wrap=True)
    call, best = _call_name(judged["call"]), _call_name(judged["best"])
    miss: Optional[Miss] = None
    if judged["right"]:
        say(tr("Right: {call}.", call=call))
    else:
        if judged["cost"] is None:
            say(tr("Wrong: {call}; the solution is {best}.", call=call, best=best))
        else:
            say(tr("Wrong: {call} loses {cost} a deal against {best}.", call=call, cost=judged["cost"],
                   best=best))
        miss = (tr("Miss, problem {n} ({id}): you called {call}, best {best}.", n=n, id=p.id,
                   call=call, best=best), None)
    say(tr("Loss of each call against {best} on {n} deals: {costs}", best=best, n=judged["samples"],
           costs=", ".join(f"{_call_name(c)} {v['cost']} ± {v['se']}" for c, v in judged["costs"].items())))
    return judged["right"], miss


def _line(judged: Mapping[str, Any]) -> None:
    for t in judged["line"]:
        cards = " ".join(f"{c['seat']}:{card_text(c['card'])}" for c in t["cards"])
        say(tr("  {cards} (won by {seat})", cards=cards, seat=t["winner"]), wrap=False)


def _one_play(problem: Mapping[str, Any], n: int, read: Callable[[], str]) -> Answered:
    judged = judge_play(problem, _answer(read, problem, _show(problem, n)))
    if judged["right"]:
        say(tr("Right: {card} (best: {best}).", card=card_text(judged["card"]), best=cards_text(judged["best"])))
    else:
        say(tr("Wrong: {card} costs {cost} card points; best: {best}.", card=card_text(judged["card"]),
               cost=judged["cost"], best=cards_text(judged["best"])))
    say(tr("Costs: {costs}", costs=", ".join(f"{card_text(c)} {k}" for c, k in judged["costs"].items())))
    say(tr("The solution line:"))
    _line(judged)
    if judged["right"]:
        return True, None
    return False, (tr("Miss, problem {n} ({id}): you played {card}, best {best}.", n=n, id=problem["id"],
                      card=card_text(judged["card"]), best=cards_text(judged["best"])), judged)


@app.command()
@handle_errors
def practice(
    theme: Annotated[Optional[str], typer.Option("--theme", help="Only problems of this theme.")] = None,
    kind: Annotated[str, typer.Option("--kind", help="four-hands (all cards shown), seat or bidding.")]
    = "four-hands",
    strain: Annotated[Optional[str], typer.Option("--strain", help="Only problems in this strain: "
                                                  "S H D C, SA or TA.")] = None,
    count: Annotated[Optional[int], typer.Option("--count", min=1, help="Stop after this many problems "
                                                 "(default: until quit or the end of the input).")] = None,
    seed: SeedOpt = None,
    difficulty: Annotated[Optional[str], typer.Option("--difficulty", help="Only problems of the shipped set "
                                                      "of this difficulty: easy, medium or hard (by rating).")]
    = None,
    rating_file: Annotated[Optional[Path], typer.Option("--rating-file", help="The rating file (default: "
                                                        "practice-rating.json in the data directory).")]
    = None,
) -> None:
    """Solve problems one by one: type a card (English or French), get the exact verdict, the
    solution line and the costs of the other cards; your rating moves after each answer.

    Type ? for a hint, quit to stop. Example: coinche practice --strain H --count 10 --seed 1
    """
    if kind not in KINDS:
        raise fail(tr("--kind {kind}: expected one of {kinds}", kind=quote(kind), kinds=", ".join(KINDS)))
    if difficulty is not None and difficulty not in BANDS:
        raise fail(tr("difficulty {band}: expected one of {bands}", band=repr(difficulty), bands=", ".join(BANDS)))
    if kind == ProblemKind.SEAT:
        _practice_seat(theme, None if strain is None else Strain.parse(strain), count, seed, rating_file, difficulty)
        return
    if kind == ProblemKind.BIDDING and strain is not None:
        raise fail(tr("--strain: bidding problems have no strain; it applies to four-hands problems"))
    if kind == ProblemKind.BIDDING:
        _practice_bidding(theme, difficulty, count, seed, rating_file)
        return
    wanted = Strain.parse(strain) if strain is not None else None
    _run(lambda start: _problems(start, wanted, theme, difficulty), problem_rating, _one_play, seed, rating_file,
         count)


def _round(chosen: Sequence[P], start: int) -> Iterator[P]:
    """The problems of ``chosen`` from problem ``start`` on, counted round."""
    for k in itertools.count():
        yield chosen[(start + k) % len(chosen)]


def _run(problems: Callable[[int], Iterator[P]], rating_of: Callable[[P], Rating],
         one: Callable[[P, int, Callable[[], str]], Answered], seed: Optional[int],
         rating_file: Optional[Path], count: Optional[int]) -> None:
    """A run of problems of one kind: ``problems(start)`` gives them from the run's seed on;
    ``one(problem, number, read)`` shows a problem, reads the answer and says the verdict.
    After each answer the rating moves (saved at once); the run ends after ``count``
    problems, at quit or at the end of the input, with a summary."""
    path, rating, start = _start_of_run(seed, rating_file)
    first = rating
    misses: list[Miss] = []
    done = 0
    try:
        for n, p in enumerate(problems(start), 1):
            right, miss = one(p, n, sys.stdin.readline)
            before, rating = rating, after_answer(rating, rating_of(p), right)
            save_rating(path, rating)
            say(tr("Rating: {before} -> {after} (±{rd}).", before=round(before.rating), after=round(rating.rating),
                   rd=round(2 * rating.deviation)))
            done += 1
            if miss is not None:
                misses.append(miss)
            if count is not None and n >= count:
                break
    except Stop:
        pass
    _end_of_run(done, first, rating, misses)


def _start_of_run(seed: Optional[int], rating_file: Optional[Path]) -> tuple[Path, Rating, int]:
    """The start of a run: the rating file, the rating kept there and the seed, said to the
    learner."""
    path = rating_path() if rating_file is None else rating_file
    rating = load_rating(path)
    start = seed_or_fresh(seed)
    say(tr("Problems from seed {seed}; your rating {rating} (±{rd}).", seed=start, rating=round(rating.rating),
           rd=round(2 * rating.deviation)))
    return path, rating, start


def _end_of_run(done: int, first: Rating, last: Rating, misses: Sequence[Miss]) -> None:
    """The end of a run: the problems answered, how many right and the rating's move, then each
    miss (its sentence, and the solution line when the verdict has one)."""
    say()
    say(tr("{n} problems, {right} right; rating {before} -> {after}.", n=done, right=done - len(misses),
           before=round(first.rating), after=round(last.rating)))
    for sentence, verdict in misses:
        say(sentence)
        if verdict is not None:
            _line(verdict)


def _show_seat(p: Problem, number: int) -> list[Card]:
    """A seat problem as the seat sees it: its own cards and the play so far."""
    pos = p.position()
    strain = pos.strain
    say()
    say(tr("Seat problem {n}: {contract} by {declarer}; you are {seat}; goal: {goal}.", n=number,
           contract=p.contract.to_text() if p.contract else "-",
           declarer=p.contract.declarer.name if p.contract else "-", seat=p.seat.name,
           goal=goal_sentence(p)))
    say(tr("Your hand ({seat}): {hand}", seat=p.seat, hand=cards_text(sorted_hand(list(pos.hand(p.seat)), strain))),
        wrap=False)
    say(tr("Played so far: {cards}", cards=" | ".join(
        " ".join(f"{s}:{card_text(c)}" for s, c in trick) for trick in _played_tricks(pos)) or "-"), wrap=False)
    return sorted_hand(list(pos.legal_cards()), strain)


def _played_tricks(pos: Any) -> list[list[tuple[str, Card]]]:
    tricks: list[list[tuple[str, Card]]] = []
    for n, (seat, card) in enumerate(pos.history):
        if n % 4 == 0:
            tricks.append([])
        tricks[-1].append((seat.name, card))
    return tricks


def _practice_seat(theme: Optional[str], strain: Optional[Strain], count: Optional[int], seed: Optional[int],
                   rating_file: Optional[Path], band: Optional[str] = None) -> None:
    """Seat problems of the shipped set: the seat's hand and the play only, judged on the
    problem's worlds (its costs are mean losses with their standard errors)."""
    low, high = BANDS[band] if band is not None else (0, 10_000)
    chosen = [p for p in seat_problems(theme, None if strain is None else strain.name) if low <= p.rating < high]
    if not chosen:
        raise fail(tr("no seat problem of the set fits the filters"))
    _run(lambda start: _round(chosen, start), set_rating, _one_seat, seed, rating_file, count)


def _one_seat(p: Problem, n: int, read: Callable[[], str]) -> Answered:
    legal = _show_seat(p, n)
    while True:
        text = _ask(read, tr("Your card ({options}): ", options=cards_text(legal)))
        try:
            card = legal_card(text, legal)
            break
        except CoincheError as e:
            err_console.print(error_line(e), soft_wrap=True)
    judged = judge_seat_answer(p, card)
    miss: Optional[Miss] = None
    if judged["right"]:
        say(tr("Right: {card} (best: {best}).", card=card_text(judged["card"]), best=cards_text(judged["best"])))
    else:
        say(tr("Wrong: {card} loses {cost} a deal over {n} worlds; best: {best}.", card=card_text(judged["card"]),
               cost=judged["cost"], n=judged["worlds"], best=cards_text(judged["best"])))
        miss = (tr("Miss, problem {n} ({id}): you played {card}, best {best}.", n=n, id=p.id,
                   card=card_text(judged["card"]), best=cards_text(judged["best"])), judged)
    say(tr("Mean loss of each card over {n} worlds: {costs}", n=judged["worlds"], costs=", ".join(
        f"{card_text(c)} {v['cost']} ± {v['se']}" for c, v in judged["costs"].items())))
    say(tr("The solution line:"))
    _line(judged)
    return judged["right"], miss
