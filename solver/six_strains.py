"""Each sampled deal solved in the six strains: the per-deal work of the bidding answers.

Opening advice (:mod:`solver.advice`) and advice inside an auction
(:mod:`solver.bidding`) ask the same of every deal: N-S's exact card points in each
strain, S H D C SA TA, with the dealer's next seat on lead, and the side that takes
every trick.  One work, one task shape ``(deal, leader, rules)``, so that a
:class:`~solver.montecarlo.Reuse` cache holds one result a deal for both, and a racing
answer's task narrowed to some strains (a fourth item, their indices) takes, and
completes, what a wider one solved (:class:`SixStrainStudy`).

>>> from solver.deal import Deal
>>> from solver.cards import Seat
>>> from solver.solve import default_solver
>>> rows = solve_six_strains(default_solver(), (Deal.random(1), Seat.E, Rules(), (1, 4)))   # H and SA
>>> [p == UNSOLVED for p, _ in rows]
[True, False, True, True, False, True]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable, Optional, TypeVar

from .cards import CardSet, Seat, Team
from .montecarlo import UNSOLVED, Lineage, Study
from .rules import STRAINS, Rules

if TYPE_CHECKING:  # pragma: no cover
    from .solve import Solver

__all__ = ["solve_six_strains", "SixStrainStudy", "bidding_lineage"]

A = TypeVar("A")

#: One deal's result: per strain, N-S points (UNSOLVED where the task left it out) and
#: the side that takes every trick (or None).
Rows = list[tuple[int, Optional[Team]]]


def solve_six_strains(solver: "Solver", task: tuple[Any, ...]) -> Rows:
    """Per strain: N-S points and the side that takes every trick (or None); a task
    narrowed to some strains (a fourth item, their indices) gives
    :data:`~solver.montecarlo.UNSOLVED` points in the others."""
    deal, leader, rules = task[:3]
    wanted = _wanted(task)
    out: Rows = []
    for j, strain in enumerate(STRAINS):
        if j not in wanted:
            out.append((UNSOLVED, None))
            continue
        r = solver.strain_result(deal, leader, strain, rules)
        out.append((r.ns_points, r.taken_all))
    return out


def _wanted(task: tuple[Any, ...]) -> "tuple[int, ...] | range":
    """The strains a task asks for: its fourth item, else all six."""
    return task[3] if len(task) > 3 else range(len(STRAINS))


class SixStrainStudy(Study[A]):
    """A study whose work is :func:`solve_six_strains` on ``(deal, leader, rules)``
    tasks: a result kept for the whole task answers any narrowing of it that asks only
    strains it holds; one that lacks some is completed by solving those alone."""

    rules: Rules
    work = staticmethod(solve_six_strains)

    def narrowed(self, task: Any, strains: "tuple[int, ...]") -> Any:
        """``task`` solving only ``strains`` (indices in :data:`~solver.rules.STRAINS`)."""
        return tuple(task[:3]) + (strains,)

    def whole(self, task: Any) -> Any:
        return tuple(task[:3])

    def cut(self, task: Any, kept: Any) -> Any:
        wanted = _wanted(task)
        if any(kept[j][0] == UNSOLVED for j in wanted):
            return None
        return [r if j in wanted else (UNSOLVED, None) for j, r in enumerate(kept)]

    def rest(self, task: Any, kept: Any) -> Any:
        return self.narrowed(task, tuple(j for j in _wanted(task) if kept[j][0] == UNSOLVED))

    def merge(self, kept: Any, new: Any) -> Any:
        return [n if n[0] != UNSOLVED else k for k, n in zip(kept, new)]


def bidding_lineage(hand: CardSet, seat: Seat, dealer: Seat, rules: Rules,
                    readings: "tuple[Hashable, ...]" = ()) -> Lineage:
    """Where the deals of a bidding question on ``hand`` at ``seat`` may come from
    (:func:`~solver.montecarlo.deal_carrying`): the questions on the same hand, seat,
    dealer and rules, ordered by what the calls so far showed (``readings``: each call
    with its reading, in order; none for opening advice, whose deals fit no call).  A
    longer auction's constraints are those of the readings of its calls, so a question
    whose readings begin with another's deals among that one's deals."""
    return Lineage((hand.mask, seat, dealer, rules), readings)
