"""Scoring one deal: did the contract make, and what does each side score.

The default is the basic game of seed 000; every variant is a field of
:class:`~solver.rules.Rules`.  The seed 003 example, 100♣ made with 122 points:

>>> c = Contract.parse("100C", declarer="N")
>>> s = score_deal(c, 122, rules=Rules(rounding=False))
>>> s.made, s.ns_score, s.ew_score
(True, 222, 40)
>>> score_deal(c, 122).ns_score                   # rounded to the nearest 10
220
>>> s = score_deal(c, 96)                         # failed: 0 and 160 + 100
>>> s.made, s.ns_score, s.ew_score
(False, 0, 260)

The seed 000 example: 100 coinched, the bidders claim belote and fail.

>>> s = score_deal(Contract(100, "H", "N", Coinche.COINCHE), 70, belote=Team.NS)
>>> s.ns_score, s.ew_score
(20, 360)
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from typing import Any

from .cards import Seat, Team
from .contract import BID_LEVELS, CAPOT, GENERALE, Coinche, Contract, points_needed
from .declarations import BELOTE_POINTS
from .errors import ContractError, ScoreError, SeatError
from .rules import TOTAL_POINTS, Rules

__all__ = ["ScoreError", "DealScore", "score_deal", "round_score", "BELOTE_POINTS",
           "CAPOT_BONUS", "FAILED_BASE", "min_points_to_make", "made_levels"]
#: What an unbid capot scores in place of the card points (seed 000: "250 plus the bid").
CAPOT_BONUS = 250
#: What the opponents of a failed contract score besides the bid (seed 000: "160 plus the bid").
FAILED_BASE = 160


def round_score(x: int) -> int:
    """To the nearest 10, a 5 rounding up (seed 000).

    >>> round_score(222), round_score(225), round_score(44), round_score(40)
    (220, 230, 40, 40)
    """
    return (int(x) + 5) // 10 * 10


@dataclasses.dataclass(frozen=True)
class DealScore:
    """The result of one deal.

    ``ns_score``/``ew_score`` are what each side writes down for the deal; ``made``
    says whether the contract made; ``held`` is what is set aside for the winner of the
    next deal after a tie with ``Rules(tie_held=True)`` (else 0); ``counted`` is what the
    bidders counted toward their target (card points, their belote, and their
    declarations with ``Rules(declarations_count=True)``).
    """

    contract: Contract
    points: int
    made: bool
    ns_score: int
    ew_score: int
    held: int = 0
    counted: int = 0
    capot: bool = False
    tie: bool = False

    @property
    def bidders(self) -> Team:
        return self.contract.team

    @property
    def bidder_score(self) -> int:
        return (self.ns_score, self.ew_score)[self.bidders]

    @property
    def defender_score(self) -> int:
        return (self.ns_score, self.ew_score)[self.bidders.other]

    @property
    def scores(self) -> tuple[int, int]:
        """``(ns_score, ew_score)``."""
        return (self.ns_score, self.ew_score)

    @property
    def winner(self) -> "Team | None":
        """The side that won the deal: the bidders if they made, else the defenders;
        ``None`` for a tie whose points are held."""
        if self.tie:
            return None
        return self.bidders if self.made else self.bidders.other

    def to_dict(self) -> dict[str, Any]:
        """Plain types for JSON."""
        return {
            "contract": self.contract.to_text(),
            "declarer": self.contract.declarer.name,
            "coinche": self.contract.coinche.name.lower(),
            "bidders": self.bidders.name,
            "points": self.points,
            "counted": self.counted,
            "capot": self.capot,
            "made": self.made,
            "tie": self.tie,
            "ns_score": self.ns_score,
            "ew_score": self.ew_score,
            "held": self.held,
            "bidder_score": self.bidder_score,
            "defender_score": self.defender_score,
        }


def _team(value: "Team | Seat | str | None", what: str) -> "Team | None":
    if value is None:
        return None
    try:
        return Team.parse(value)
    except SeatError as e:
        raise ScoreError(f"{what}: {e}") from None


def score_deal(contract: "Contract | str", points: int, *, capot: bool = False,
               belote: "Team | Seat | str | None" = None,
               declarations: "tuple[int, int]" = (0, 0), rules: Rules = Rules()) -> DealScore:
    """Score one deal.

    - ``points``: the bidding side's card points, 0..162, dix de der included, belote
      and declarations excluded (the defenders hold the rest of the 162).
    - ``capot``: the bidding side took all 8 tricks (then ``points`` must be 162).  For
      a générale contract it means the declarer took them alone.
    - ``belote``: the side that holds and claims belote, or ``None``.  A claim by the
      defenders is *ignored* unless ``rules.belote_anyone`` (by default only a player
      of the bidding side may claim it, seed 000).
    - ``declarations``: ``(ns_points, ew_points)`` of declarations as already compared
      and awarded (:func:`solver.declarations.award_declarations`).

    The basic game (seed 000): the bidders need ``contract.target`` (82 for 80)
    counting their belote; made, they score their points + bid × multiplier and the
    defenders their own points; failed, the bidders score only their belote and the
    defenders 160 + bid × multiplier.  An unbid capot scores 250 + bid, a bid capot
    500 (a générale 1000); a failed capot gives the defenders 500 (``failed_capot``
    410 = 160 + 250; for a générale 1000 or 160 + 500).  Belote is added on top and
    never multiplied.  Declarations go to their side when made, and all of them to
    the defenders when failed (seed 000).  Each side's score is rounded to the
    nearest 10 (``rules.rounding``).  A capot or générale bid is never coinched
    (:class:`~solver.contract.Contract` refuses it, seed 000).

    >>> score_deal(Contract(80, "S", "E"), 162, capot=True).scores   # unbid capot: 250 + 80
    (0, 330)
    >>> score_deal(Contract.parse("capotS", declarer="E"), 162, capot=True,
    ...            belote="EW").scores                                 # 500 + 20
    (0, 520)
    """
    points_arg = points
    if isinstance(contract, str):
        contract = Contract.parse(contract)
    if not isinstance(contract, Contract):
        raise ContractError(f"not a contract: {contract!r}")
    if not isinstance(rules, Rules):
        raise ScoreError(f"not a Rules object: {rules!r}")
    try:  # any integer, numpy's included, but not a bool or a float
        if isinstance(points, bool):
            raise TypeError
        points = operator.index(points)
    except TypeError:
        points = None
    if points is None or not 0 <= points <= TOTAL_POINTS:
        raise ScoreError(f"card points {points_arg!r}: expected a whole number from 0 to {TOTAL_POINTS}")
    capot = bool(capot)
    if capot and points != TOTAL_POINTS:
        raise ScoreError(
            f"capot with {points} points: a side that takes every trick has all {TOTAL_POINTS} points"
        )
    if contract.level == GENERALE and not rules.generale:
        raise ContractError("a générale bid is not allowed by these rules (Rules.generale is False)")
    try:
        decl = [int(declarations[0]), int(declarations[1])]
        if len(declarations) != 2 or min(decl) < 0:
            raise ValueError
    except (TypeError, ValueError, IndexError):
        raise ScoreError(
            f"declarations {declarations!r}: expected (ns_points, ew_points), two numbers 0 or more"
        ) from None
    return score_checked(contract, points, capot, _team(belote, "belote"), decl, rules)


def score_checked(contract: Contract, points: int, capot: bool, claim: "Team | None",
                  decl: "list[int] | tuple[int, int]", rules: Rules) -> DealScore:
    """:func:`score_deal` on arguments already checked (for callers that score many
    contracts they built themselves, such as a table's outcomes)."""
    ns, ew, made, tie, held, counted = compiled_scoring(rules)(contract, points, capot, claim, decl)
    return DealScore(contract=contract, points=points, made=made, ns_score=ns, ew_score=ew,
                     held=held, counted=counted, capot=capot, tie=tie)


@functools.lru_cache(maxsize=64)
def compiled_scoring(rules: Rules):
    """The scoring of ``rules`` as a function ``(contract, points, capot, claim, decl) ->
    (ns_score, ew_score, made, tie, held, counted)``, with the rules read once (par
    scores thousands of contracts under one set of rules)."""
    belote_anyone, declarations_count = rules.belote_anyone, rules.declarations_count
    must_outscore, tie_held = rules.must_outscore, rules.tie_held
    whole_score, surcoinche = rules.coinche_whole_score, rules.surcoinche
    failed_capot_double = rules.failed_capot == 2 * CAPOT
    takes_all_rule, bid_only = rules.coinche_takes_all, rules.bid_only
    belote_to_defenders, rounding = rules.belote_to_defenders, rules.rounding
    needed = {level: points_needed(level) for level in BID_LEVELS}

    def score(contract: Contract, points: int, capot: bool, claim: "Team | None", decl) -> tuple:
        b = contract.declarer & 1           # the bidders' team, as 0 (N-S) or 1 (E-W)
        d = 1 - b
        m = (1, 2, surcoinche)[contract.coinche]
        level = contract.level
        capot_bid = level == CAPOT or level == GENERALE

        pts = [0, 0]
        pts[b], pts[d] = points, TOTAL_POINTS - points
        bel = [0, 0]
        if claim is not None and (claim == b or belote_anyone):
            bel[claim] = BELOTE_POINTS
        if declarations_count:
            counted = [pts[0] + bel[0] + decl[0], pts[1] + bel[1] + decl[1]]
        else:
            counted = [pts[0] + bel[0], pts[1] + bel[1]]

        tie = False
        if capot_bid:
            made = capot
        else:
            made = counted[b] >= needed[level]
            if must_outscore and counted[b] <= counted[d]:
                made = False
            if tie_held and counted[b] == counted[d]:
                made, tie = False, True

        # With coinche_whole_score the multiplier applies to everything but belote;
        # otherwise to the bid only.
        whole = m if whole_score else 1
        bid_part = level * (1 if whole_score else m)

        score = [0, 0]
        held = 0
        if capot_bid:
            if made:
                score[b] = 2 * level * m + decl[b] + bel[b]
                score[d] = decl[d] + bel[d]
            else:
                lost = 2 * level if failed_capot_double else FAILED_BASE + level
                score[d] = lost * m + decl[d] + decl[b] + bel[d]
                score[b] = bel[b]
        elif made:
            if capot:
                base_b, base_d = CAPOT_BONUS, 0
            elif bid_only:
                base_b, base_d = 0, 0
            elif takes_all_rule and contract.coinche != Coinche.NONE:
                base_b, base_d = TOTAL_POINTS, 0
            else:
                base_b, base_d = pts[b], pts[d]
            score[b] = (base_b + bid_part + decl[b]) * whole + bel[b]
            score[d] = (base_d + decl[d]) * whole + bel[d]
        elif tie:
            score[d] = ((0 if bid_only else pts[d]) + decl[d]) * whole + bel[d]
            score[b] = bel[b]
            held = (pts[b] + decl[b]) * whole
        else:
            base = 0 if bid_only else FAILED_BASE
            score[d] = (base + bid_part + decl[d] + decl[b]) * whole + bel[d]
            score[b] = bel[b]
        if not made and not tie and belote_to_defenders:
            score[d] += bel[b]
            score[b] -= bel[b]

        if rounding:
            return round_score(score[0]), round_score(score[1]), made, tie, round_score(held), counted[b]
        return score[0], score[1], made, tie, held, counted[b]

    return score


def _first_true(lo: int, hi: int, test) -> int:
    """The least ``k`` in ``lo..hi-1`` with ``test(k)``, ``hi`` if none, for a ``test``
    that is false and then true (bisection)."""
    while lo < hi:
        mid = (lo + hi) // 2
        if test(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


@functools.lru_cache(maxsize=4096)
def min_points_to_make(contract: Contract, claim: "Team | None" = None,
                       declarations: "tuple[int, int]" = (0, 0), rules: Rules = Rules()) -> int:
    """The fewest card points with which ``contract`` makes, given the side that
    claims belote and the declarations awarded; ``TOTAL_POINTS + 1`` if none will do.
    A contract that makes with some points makes with more (the counted points only
    grow), so this is a bisection.  Not for capot bids (they need every trick).

    >>> min_points_to_make(Contract(80, "H", "S")), min_points_to_make(Contract(100, "H", "S"), Team.NS)
    (82, 80)
    """
    if contract.is_capot:
        raise ContractError(f"{contract}: a capot needs every trick, not a number of points")
    score = compiled_scoring(rules)
    decl = tuple(declarations)
    return _first_true(0, TOTAL_POINTS + 1, lambda p: score(contract, p, False, claim, decl)[2])


def made_levels(levels: "tuple[int, ...]", counted: int, score) -> tuple[int, bool]:
    """How many of the numbered ``levels`` (lowest first) make, and whether the lowest
    failed one is a held tie (``Rules.tie_held``).  ``score(level)`` gives the
    compiled scoring's ``(ns, ew, made, tie, ...)`` for the level undoubled; the made
    levels are a prefix (a higher bid needs no fewer points).  The first guess is
    the number of levels whose :func:`~solver.contract.points_needed` the bidders'
    ``counted`` points reach; it is checked by scoring it and the level above, and
    a bisection finds the count when a variant (must outscore, ties) moves it.

    >>> s = compiled_scoring(Rules())
    >>> made_levels((80, 90, 100), 95, lambda lv: s(Contract(lv, "H", "N"), 95, False, None, (0, 0)))
    (2, False)
    """
    n = len(levels)
    guess = sum(1 for lv in levels if points_needed(lv) <= counted)
    if (guess == 0 or score(levels[guess - 1])[2]) and (guess == n or not score(levels[guess])[2]):
        lo = guess
    else:
        lo = _first_true(0, n, lambda k: not score(levels[k])[2])
    return lo, lo < n and score(levels[lo])[3]
