"""A match: deal scores added up toward the target (``Rules.target``, 2000 by default;
any agreed number: 1001 in seed 001, 501 in seed 002, seed 004's agreed ceiling).

The match ends when a side reaches the target; the higher total wins, and equal
totals go to the winner of the last deal (seed 000).  With ``Rules(tie_held=True)``
the points held after a tied deal go to the winner of the next deal (seed 001).

>>> m = Match(Rules(target=1000))
>>> m.add(score_deal(Contract.parse("160H", declarer="N"), 162, capot=True))  # 250 + 160
>>> m.scores, m.is_over
((410, 0), False)
>>> for _ in range(2):
...     m.add(score_deal(Contract.parse("160H", declarer="N"), 162, capot=True))
>>> m.scores, m.winner
((1230, 0), <Team.NS: 0>)
"""

from __future__ import annotations

from .cards import Team
from .rules import Rules
from .contract import Contract  # noqa: F401  (used in the examples)
from .scoring import DealScore, ScoreError, score_deal  # noqa: F401

__all__ = ["Match"]


class Match:
    """Running totals of a match; ``add`` one :class:`~solver.scoring.DealScore` per deal."""

    def __init__(self, rules: Rules = Rules()) -> None:
        self.rules = rules
        self.deals: list[DealScore] = []
        self._totals = [0, 0]
        self.held = 0  #: points waiting for the winner of the next deal (tie_held)

    @property
    def scores(self) -> tuple[int, int]:
        """``(ns_total, ew_total)``."""
        return (self._totals[0], self._totals[1])

    @property
    def ns(self) -> int:
        return self._totals[0]

    @property
    def ew(self) -> int:
        return self._totals[1]

    @property
    def target(self) -> int:
        return self.rules.target

    def add(self, score: DealScore) -> None:
        """Add a deal's score; held points go to the winner of the first deal after
        the tie that has a winner.

        >>> m = Match(Rules(tie_held=True, plus_two="none"))
        >>> c = Contract.parse("80S", declarer="N")
        >>> m.add(score_deal(c, 81, rules=m.rules))   # 81-81: EW 80, NS's 80 held
        >>> m.scores, m.held
        ((0, 80), 80)
        >>> m.add(score_deal(c, 100, rules=m.rules))  # NS make 100+80=180, and take the 80 held
        >>> m.scores, m.held
        ((260, 140), 0)
        """
        if not isinstance(score, DealScore):
            raise ScoreError(f"not a deal score: {score!r}")
        if self.is_over:
            raise ScoreError(f"the match is over ({self.ns} to {self.ew}): no deal can be added")
        self.deals.append(score)
        self._totals[0] += score.ns_score
        self._totals[1] += score.ew_score
        if score.tie:
            self.held += score.held
        elif self.held and score.winner is not None:
            self._totals[score.winner] += self.held
            self.held = 0

    @property
    def is_over(self) -> bool:
        return max(self._totals) >= self.rules.target

    @property
    def last_winner(self) -> "Team | None":
        """The winner of the most recent deal that had one."""
        for s in reversed(self.deals):
            if s.winner is not None:
                return s.winner
        return None

    @property
    def winner(self) -> "Team | None":
        """The side that won the match, ``None`` while it goes on."""
        if not self.is_over:
            return None
        ns, ew = self._totals
        if ns != ew:
            return Team.NS if ns > ew else Team.EW
        return self.last_winner

    def __repr__(self) -> str:
        return f"<Match NS {self.ns} EW {self.ew} target {self.rules.target}, {len(self.deals)} deals>"
