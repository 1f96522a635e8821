"""Practice: the shipped problem set (:func:`solver.problems.load_problems`) served to the
board and the terminal as problems to answer, judged, with the learner's Glicko-2 rating.

A four-hands problem of the set comes in the form of a card-play problem (:func:`set_problems`:
the deal, the strain, the play so far, the contract and the goal of the side to move); its
answer is judged on the position's exact solution (:func:`judge_play`).  A seat problem shows
its seat's hand and the play only and is judged on the problem's worlds; a bidding problem
shows the hand and the calls so far and is judged on its solution and the costs it keeps.

Each card-play problem carries the tolerance its answer is judged with, so the page can state
it: a card is right when it loses at most ``tolerance`` card points against the best card.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from solver.auction import Auction, parse_call
from solver.cards import Card, Seat, TextEnum
from solver.errors import CoincheError
from solver.messages import card_name, tr
from solver.play import Position
from solver.problems import Problem, load_problems
from solver.rating import Rating, after_answer
from solver.rules import strength_table
from solver.solve import solve

#: A card is right when it loses at most this many card points against the best card.
PLAY_TOLERANCE = 2


class Side(TextEnum):
    """Whose goal a play problem sets, equal to its word (the JSON's ``"goal": {"side": ...}``):
    the player to move is on the ``declarer``'s side or in ``defence``."""

    DECLARER = "declarer"
    DEFENCE = "defence"


# -- answers ---------------------------------------------------------------------------------------

def problem_rating(problem: Mapping[str, Any]) -> Rating:
    """A card-play problem's rating and deviation, from its ``rating`` and ``deviation`` fields."""
    return Rating(float(problem["rating"]), float(problem["deviation"]))


def problem_position(problem: Mapping[str, Any]) -> Position:
    """The position of a card-play problem (:func:`set_problems`' fields)."""
    return Position.parse(problem["deal"], problem["strain"], problem["leader"], played=problem["played"])


def _tricks(pos: Position, line: Sequence[Card]) -> list[dict[str, Any]]:
    """``line`` played from ``pos`` (on a copy), trick by trick: the trick's leader, its cards
    (with the trick's cards played before ``pos``) and who won it."""
    pos = pos.copy()
    out: list[dict[str, Any]] = []
    trick = [{"seat": Seat((int(pos.leader) + i) & 3).name, "card": c.name, "before": True}
             for i, c in enumerate(pos.trick)]
    for card in line:
        leader = pos.leader
        trick.append({"seat": pos.to_move.name, "card": card.name, "before": False})
        pos.play(card)
        if not pos.trick:
            out.append({"leader": leader.name, "cards": trick, "winner": pos.leader.name})
            trick = []
    return out


def judge_play(problem: Mapping[str, Any], card: Card) -> dict[str, Any]:
    """The answer ``card`` to a card-play problem, judged on the exact solution of its position.

    ``right`` when the card loses at most the problem's tolerance in card points against the
    best card; with the best cards, every legal card's cost, and the solution line (one best
    play to the end, trick by trick).  IllegalPlayError when ``card`` cannot be played."""
    pos = problem_position(problem)
    sol = solve(pos.deal, pos.strain, pos.first_leader, [c for _, c in pos.history])
    cost = sol.cost(card)
    costs = sorted(((sol.cost(c), c.name) for c in sol.card_values))
    return {"card": card.name, "right": cost <= int(problem.get("tolerance", PLAY_TOLERANCE)),
            "cost": cost, "best": sorted(c.name for c in sol.best_cards),
            "costs": {name: k for k, name in costs},
            "line": _tricks(pos, sol.line)}


def play_hints(problem: Mapping[str, Any]) -> list[str]:
    """Hints from the position, in the output language: the trumps still out against the
    player to move, who holds the best card left of the suit that matters, and the points
    their side still needs."""
    pos = problem_position(problem)
    me = pos.to_move
    out: list[str] = []
    strain = pos.strain
    if strain.trump >= 0:
        theirs = sum(1 for s in Seat if s.team != me.team for c in pos.hand(s) if c.suit == strain.trump)
        out.append(tr("Count the trumps: {n} still out against you.", n=theirs))
    suit = pos.trick[0].suit if pos.trick else (strain.trump if strain.trump >= 0 else None)
    if suit is not None:
        strength = strength_table(strain)
        left = [(strength[int(c)], c, s) for s in Seat for c in pos.hand(s) if c.suit == suit]
        if left:
            _, top, holder = max(left)
            out.append(tr("Who holds the {card}? {seat}.", card=card_name(top), seat=holder))
    side = problem["goal"]["side"]
    declarer = Seat.parse(problem["declarer"])
    taken = pos.team_points(declarer.team)
    target = int(problem["goal"]["points"])
    if side == Side.DECLARER:
        out.append(tr("Your side has {taken} card points and needs {target}.", taken=taken, target=target))
    else:
        out.append(tr("The declarers have {taken} card points and need {target}.", taken=taken, target=target))
    return out


def play_answer_view(seed: int, card: str, learner: "Rating | None", problem_id: str) -> dict[str, Any]:
    """The answer ``card`` (text, English or French) to the shipped set's four-hands problem
    ``problem_id`` (the page's problem ``seed``, given back) judged, with the hints and the
    learner's rating after it (a new learner's when ``learner`` is None)."""
    problem = set_problem_by_id(problem_id)
    pos = problem_position(problem)
    chosen = pos.check(Card.parse(card))            # an illegal card: IllegalPlayError, a 400
    judged = judge_play(problem, chosen)
    before = learner if learner is not None else Rating()
    after = after_answer(before, problem_rating(problem), judged["right"])
    return {**judged, "seed": seed, "hints": play_hints(problem), "problem_rating": problem_rating(problem).to_dict(),
            "learner": {"before": before.to_dict(), "after": after.to_dict()}}


def hints_view(seed: int, problem_id: str) -> dict[str, Any]:
    """The hints of the shipped set's four-hands problem ``problem_id`` (the page's problem
    ``seed``, given back), in the output language."""
    problem = set_problem_by_id(problem_id)
    return {"seed": seed, "hints": play_hints(problem)}


@functools.cache
def shipped_problems() -> tuple[Problem, ...]:
    """The shipped set (:func:`solver.problems.load_problems`), read once a process: reading
    it takes about 0.6 s of CPU, and every practice request draws from it."""
    return tuple(load_problems())


#: The deviation a problem of the shipped set is played against: the set gives each problem a
#: rating calibrated from how many simple players fail it, and no deviation of its own.
SET_DEVIATION = 150.0


def _play_form(i: int, p: Problem) -> dict[str, Any]:
    """Four-hands problem ``p``, number ``i`` of the shipped set, in the card-play form."""
    c = p.contract
    assert c is not None
    return {"seed": i, "id": p.id, "deal": p.deal.to_pbn(), "strain": c.strain.name,
            "leader": p.dealer.next.name, "played": " ".join(x.name for x in p.played),
            "to_move": p.seat.name, "contract": f"{c.level}{c.strain.name}", "declarer": c.declarer.name,
            "goal": {"side": (Side.DECLARER if p.seat.team == c.declarer.team else Side.DEFENCE).value,
                     "points": c.target},
            "tolerance": PLAY_TOLERANCE, "themes": list(p.themes), "rating": p.rating,
            "deviation": float(p.deviation or SET_DEVIATION)}


@functools.cache
def _play_forms() -> tuple[tuple[Problem, dict[str, Any]], ...]:
    """Every four-hands problem of the shipped set with its card-play form, made once a
    process (about 15 ms of CPU: every practice request would pay it)."""
    return tuple((p, _play_form(i, p)) for i, p in enumerate(shipped_problems())
                 if p.kind == "four-hands" and p.contract is not None)


def _fresh(form: dict[str, Any]) -> dict[str, Any]:
    """A copy of a cached form that its caller may change (its goal and themes too)."""
    return {**form, "goal": dict(form["goal"]), "themes": list(form["themes"])}


@functools.cache
def _play_forms_by_id() -> dict[str, dict[str, Any]]:
    return {form["id"]: form for _, form in _play_forms()}


def set_problems(theme: "str | None" = None, strain: "str | None" = None) -> list[dict[str, Any]]:
    """The four-hands problems of the shipped set (:func:`solver.problems.load_problems`) in
    the card-play form (the deal, the strain, the play so far, the contract and
    the goal of the side to move), with their themes and rating, those of ``theme`` and ``strain``.
    Each form is a new dict: a caller may change it."""
    return [_fresh(form) for p, form in _play_forms()
            if (theme is None or theme in p.themes) and (strain is None or form["strain"] == strain)]


def seat_problems(theme: "str | None" = None, strain: "str | None" = None) -> list[Problem]:
    """The seat problems of the shipped set, those of ``theme`` and ``strain``."""
    return [p for p in shipped_problems() if p.kind == "seat" and p.contract is not None
            and (theme is None or theme in p.themes) and (strain is None or p.contract.strain.name == strain)]


def judge_seat_answer(problem: Problem, card: Card) -> dict[str, Any]:
    """The answer ``card`` to seat problem ``problem``, judged on the problem's own costs (mean
    losses over its worlds): right when it is one of the solution's cards; with every other
    card's mean loss and standard error, and the solution line on the real deal trick by trick."""
    pos = problem.position()
    pos.check(card)                                  # an illegal card: IllegalPlayError
    right = card in problem.solution_cards
    return {"card": card.name, "right": right, "cost": 0 if right else problem.cost(card.name),
            "best": sorted(c.name for c in problem.solution_cards),
            "costs": {a.answer: {"cost": a.cost, "se": a.se} for a in problem.alternatives},
            "worlds": problem.samples, "line": _tricks(pos, problem.line)}


def set_rating(problem: Problem) -> Rating:
    """A shipped problem's rating and deviation (:data:`SET_DEVIATION` when it has none)."""
    return Rating(float(problem.rating), float(problem.deviation or SET_DEVIATION))


#: The board's difficulty filter: band -> the problems' ratings it holds, from low to below high.
BANDS: dict[str, tuple[int, int]] = {"easy": (0, 1400), "medium": (1400, 1600), "hard": (1600, 10_000)}


def set_play_problems(theme: "str | None" = None, band: "str | None" = None,
                      strain: "str | None" = None) -> list[dict[str, Any]]:
    """The shipped set's four-hands problems of ``theme``, difficulty ``band`` (:data:`BANDS`)
    and ``strain``, in :func:`set_problems`' form and the set's order.  CoincheError when the
    band is none of :data:`BANDS` or no problem fits."""
    if band is not None and band not in BANDS:
        raise CoincheError(tr("difficulty {band}: expected one of {bands}", band=repr(band), bands=", ".join(BANDS)))
    low, high = BANDS[band] if band is not None else (0, 10_000)
    chosen = [p for p in set_problems(theme, strain) if low <= p["rating"] < high]
    if not chosen:
        raise CoincheError(tr("no problem of the set fits the filters"))
    return chosen


def set_play_problem(seed: int, theme: "str | None" = None, band: "str | None" = None,
                     strain: "str | None" = None) -> dict[str, Any]:
    """Problem ``seed`` (counted round) among :func:`set_play_problems`, with ``seed`` given
    back.  CoincheError when no problem fits."""
    chosen = set_play_problems(theme, band, strain)
    return {**chosen[seed % len(chosen)], "seed": seed}


def set_problem_by_id(problem_id: str) -> dict[str, Any]:
    """The shipped set's four-hands problem ``problem_id`` in :func:`set_problems`' form."""
    form = _play_forms_by_id().get(problem_id)
    if form is None:
        raise CoincheError(tr("no problem {id}", id=repr(problem_id)))
    return _fresh(form)


# -- the shipped set's seat and bidding problems on the board ---------------------------------------

def _in_band(p: Problem, band: "str | None") -> bool:
    if band is not None and band not in BANDS:
        raise CoincheError(tr("difficulty {band}: expected one of {bands}", band=repr(band), bands=", ".join(BANDS)))
    low, high = BANDS[band] if band is not None else (0, 10_000)
    return low <= p.rating < high


def set_kind_problems(kind: str, theme: "str | None" = None, band: "str | None" = None,
                      strain: "str | None" = None) -> list[Problem]:
    """The shipped set's problems of ``kind``, ``theme``, difficulty ``band`` (:data:`BANDS`)
    and ``strain`` (a card problem's), in the set's order.  CoincheError when none fits."""
    chosen = [p for p in shipped_problems() if p.kind == kind and (theme is None or theme in p.themes)
              and (strain is None or (p.contract is not None and p.contract.strain.name == strain))
              and _in_band(p, band)]
    if not chosen:
        raise CoincheError(tr("no problem of the set fits the filters"))
    return chosen


def _pick(kind: str, seed: int, theme: "str | None", band: "str | None", strain: "str | None") -> Problem:
    """Problem ``seed`` (counted round) among :func:`set_kind_problems`."""
    chosen = set_kind_problems(kind, theme, band, strain)
    return chosen[seed % len(chosen)]


def _set_problem(problem_id: str, kind: str) -> Problem:
    p = _problems_by_id().get(problem_id)
    if p is None or p.kind != kind:
        raise CoincheError(tr("no problem {id}", id=repr(problem_id)))
    return p


@functools.cache
def _problems_by_id() -> dict[str, Problem]:
    """The shipped set's problems by id (ids are unique: tests/test_problems.py)."""
    return {p.id: p for p in shipped_problems()}


def _rated(p: Problem, learner: "Rating | None", right: bool) -> dict[str, Any]:
    before = learner if learner is not None else Rating()
    return {"before": before.to_dict(), "after": after_answer(before, set_rating(p), right).to_dict()}


def seat_problem_view(seed: int, theme: "str | None" = None, band: "str | None" = None,
                      strain: "str | None" = None) -> dict[str, Any]:
    """A seat problem of the shipped set as its seat sees it: its own hand, the tricks played so
    far (seat and card), its legal cards, the contract and the goal, themes and rating; never
    the other hands nor the solution."""
    p = _pick("seat", seed, theme, band, strain)
    pos = p.position()
    c = p.contract
    assert c is not None
    tricks: list[list[dict[str, str]]] = []
    for n, (who, card) in enumerate(pos.history):
        if n % 4 == 0:
            tricks.append([])
        tricks[-1].append({"seat": who.name, "card": card.name})
    return {"seed": seed, "id": p.id, "seat": p.seat.name, "hand": pos.hand(p.seat).to_pbn(),
            "legal": sorted(card.name for card in pos.legal_cards()), "tricks": tricks,
            "contract": f"{c.level}{c.strain.name}", "strain": c.strain.name, "declarer": c.declarer.name,
            "goal": {"side": "declarer" if p.seat.team == c.declarer.team else "defence", "points": c.target},
            "themes": list(p.themes), "rating": p.rating, "worlds": p.samples}


def seat_answer_view(problem_id: str, card: str, learner: "Rating | None") -> dict[str, Any]:
    """The answer ``card`` (English or French) to the shipped set's seat problem ``problem_id``
    judged on its worlds (:func:`judge_seat_answer`), with the learner's rating after it."""
    p = _set_problem(problem_id, "seat")
    judged = judge_seat_answer(p, Card.parse(card))      # an illegal card: IllegalPlayError, a 400
    return {**judged, "id": p.id, "learner": _rated(p, learner, judged["right"])}


def set_bidding_view(seed: int, theme: "str | None" = None, band: "str | None" = None) -> dict[str, Any]:
    """A bidding problem of the shipped set as its bidder sees it: the hand, the dealer and the
    calls so far, themes and rating; never the other hands nor the solution."""
    p = _pick("bidding", seed, theme, band, None)
    return {"seed": seed, "id": p.id, "seat": p.seat.name, "hand": p.deal.hands[p.seat].to_pbn(),
            "dealer": p.dealer.name, "calls": [c.text for c in p.auction], "themes": list(p.themes),
            "rating": p.rating, "samples": p.samples}


def set_bidding_answer_view(problem_id: str, call: str, learner: "Rating | None") -> dict[str, Any]:
    """The call ``call`` (English or French) for the shipped set's bidding problem ``problem_id``:
    right when it is the solution (clearly best on the problem's deals); with its cost against
    the solution (``None`` when it is none of the cheapest alternatives the problem keeps),
    each kept alternative's cost and standard error, and the learner's rating after it.
    CoincheError when the call cannot be made."""
    p = _set_problem(problem_id, "bidding")
    judged = judge_set_call(p, call)
    return {**judged, "learner": _rated(p, learner, judged["right"])}


def judge_set_call(p: Problem, call: str) -> dict[str, Any]:
    """The call ``call`` (English or French) for the shipped set's bidding problem ``p``: right
    when it is the solution; its cost against the solution (``None`` when it is none of the
    cheapest alternatives the problem keeps), each kept alternative's cost and standard error.
    CoincheError when the call cannot be made."""
    auction = Auction(p.dealer, (), p.rules)
    for c in p.auction:
        auction = auction.then(c)
    chosen = parse_call(call, p.seat)
    why = auction.state().why_not(chosen)
    if why is not None:
        raise CoincheError(why)
    right = chosen.text == p.solution
    costs = {a.answer: {"cost": a.cost, "se": a.se} for a in p.alternatives}
    cost = 0 if right else costs.get(chosen.text, {"cost": None})["cost"]
    return {"id": p.id, "call": chosen.text, "right": right, "best": p.solution, "cost": cost, "costs": costs,
            "samples": p.samples}
