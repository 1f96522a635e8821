"""Play review: what each card of a real play cost against double-dummy play.

For every card played, the review gives the double-dummy value (N-S card points
over the whole deal under perfect play from there) before and after the card,
the points the card gave away against the best card (0 when it was optimal) and
the best alternatives.  The value after a card is the value before the next one,
and the cost of a card is ``Solution.cost``: the review solves the first position,
then walks the play with every card's value (``Solution.card_values``), the value
of each next position being the played card's, so only the first value is
searched for; one transposition table serves the whole walk.

>>> deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
>>> r = review(deal, "C", leader="S", played="SQ S7 SA ST")
>>> r.steps[0].value_before                      # dd_reference.json, case 4
146
>>> [(str(s.card), s.cost) for s in r.steps]
[('SQ', 0), ('S7', 0), ('SA', 0), ('ST', 0)]
>>> r.value_after
146
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable, Optional

from .cards import Card, Seat, Team
from .deal import Deal, first_leader
from .play import Position, parse_played
from .rules import Rules, Strain
from .solve import Solution, Solver, default_solver

__all__ = ["ReviewStep", "Review", "review"]


@dataclasses.dataclass(frozen=True)
class ReviewStep:
    """One card of the play.

    ``index``: 0-based position in the play; ``trick``: 1-based trick number;
    ``seat``: who played it; ``value_before``/``value_after``: N-S points over the
    whole deal under perfect play before and after the card; ``cost``: points the
    card gave away to the other side against the best card (0 when optimal);
    ``best_cards``: the optimal cards; ``card_values``: every legal card ->
    ``value_after`` had it been played.
    """

    index: int
    trick: int
    seat: Seat
    card: Card
    value_before: int
    value_after: int
    cost: int
    best_cards: tuple[Card, ...]
    card_values: dict[Card, int]

    @property
    def side(self) -> Team:
        return self.seat.team

    @property
    def is_mistake(self) -> bool:
        return self.cost > 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "trick": self.trick,
            "seat": self.seat.name,
            "card": self.card.name,
            "value_before": self.value_before,
            "value_after": self.value_after,
            "cost": self.cost,
            "best_cards": [c.name for c in self.best_cards],
            "card_values": {c.name: v for c, v in self.card_values.items()},
        }


@dataclasses.dataclass(frozen=True)
class Review:
    """The review of a play: one :class:`ReviewStep` per card.

    ``value_before``: the double-dummy value of the deal before the first card
    reviewed; ``value_after``: after the last (the points N-S actually took, when the
    play is complete); ``points``: the points each side has won in tricks so far.
    """

    deal: Deal
    strain: Strain
    leader: Seat
    rules: Rules
    steps: tuple[ReviewStep, ...]
    value_before: int
    value_after: int
    points: tuple[int, int]
    complete: bool
    nodes: int

    @property
    def mistakes(self) -> list[ReviewStep]:
        return [s for s in self.steps if s.cost > 0]

    def cost(self, side: Team) -> int:
        """Total points ``side`` gave away by its mistakes."""
        return sum(s.cost for s in self.steps if s.side == side)

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal.to_pbn(),
            "strain": self.strain.name,
            "leader": self.leader.name,
            "value_before": self.value_before,
            "value_after": self.value_after,
            "points": {"NS": self.points[0], "EW": self.points[1]},
            "complete": self.complete,
            "cost": {"NS": self.cost(Team.NS), "EW": self.cost(Team.EW)},
            "steps": [s.to_dict() for s in self.steps],
            "nodes": self.nodes,
        }

    def __repr__(self) -> str:
        return (f"<Review {self.strain.name} leader={self.leader.name} cards={len(self.steps)} "
                f"mistakes={len(self.mistakes)} ns {self.value_before}->{self.value_after}>")


def review(deal: "Deal | str", strain: "Strain | str", leader: "Seat | str | None" = None,
           played: "str | Iterable[int | str]" = (), rules: Rules = Rules(), *,
           dealer: "Seat | str | None" = None, solver: Optional[Solver] = None) -> Review:
    """Review the cards ``played`` from the first lead (the whole deal or a part).

    ``leader`` leads the first trick (or ``dealer``: the seat after the dealer leads; N
    leads when neither is given).

    Every card is checked by the referee first (an illegal one raises
    :class:`~solver.errors.IllegalPlayError` naming its place in the play).

    >>> deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
    >>> r = review(deal, "C", leader="S", played="S8")
    Traceback (most recent call last):
    ...
    solver.errors.IllegalPlayError: card 1 of the play: S8 is not in S's hand (E holds it)
    """
    deal = Deal.parse(deal)
    cards = parse_played(played)
    lead = first_leader(leader, dealer, default=Seat.N)
    pos = Position(deal, Strain.parse(strain), lead, rules, cards)   # checks every card
    s = solver if solver is not None else default_solver()
    strain_, lead = pos.strain, pos.first_leader
    steps: list[ReviewStep] = []
    here = Position(deal, strain_, lead, rules)
    sol = s.solve(here) if cards else s.solve(deal, strain_, lead, (), rules)
    nodes = sol.nodes
    first_value = value = sol.ns_points
    for i, card in enumerate(cards):
        if i:
            # the value here is the one the card just played was found to keep
            sol = Solution(s, here.copy(), sol.total, value, 0)
        values = sol.card_values
        trick = i // 4 + 1
        steps.append(ReviewStep(i, trick, here.to_move, card, sol.ns_points, values[card],
                                sol.cost(card), tuple(sol.best_cards), values))
        value = values[card]
        here.play(card)
    return Review(deal, strain_, lead, rules, tuple(steps), first_value, value,
                  pos.points, pos.is_over, nodes)
