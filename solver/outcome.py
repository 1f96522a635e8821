"""The outcome of a contract played on a deal, and its score: one home for every answer.

A contract played on a solved or played deal ends in a few facts: the card points the
bidders took (the last trick's 10 included), the side that took every trick if one did
(``Team | None``, the one encoding of capot), whether one player took them alone, the
belotes claimed and the declarations awarded.  :class:`PlayedContract` holds them,
checks them against the deal's size (a deal of fewer cards holds fewer points: its
cards' points and the last trick's 10), and :meth:`PlayedContract.score` scores them
under a :class:`~solver.rules.Rules` with the arithmetic of :mod:`solver.scoring`.
Every answer that scores a contract (advice, auction advice, lead and card-play advice,
PIMC, the seat review, studies, matches, tables, the board) goes through here.

The seed 003 example, 100♣ by N made with 122 points:

>>> PlayedContract(Contract.parse("100C N"), 122).score(Rules(rounding=False)).scores
(222, 40)

On a deal, the belote and the declarations are read from the hands:

>>> from solver.deal import EXAMPLE_DEAL
>>> deal = Deal.from_pbn(EXAMPLE_DEAL)
>>> played = PlayedContract.on_deal(Contract.parse("100C S"), deal, ns_points=146, leader=Seat.S)
>>> played.points, played.total, played.capot
(146, 162, None)
>>> played.score().scores                 # N-S hold the belote: 146 + 100 + 20 = 266 -> 270
(270, 20)

A deal of one card each, spades trumps: 15 card points (A 11, K 4, 7 and 8 nothing) and
the last trick's 10; N-S take the only trick, a capot:

>>> small = Deal.parse("N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-")
>>> deal_total(small, Strain.S), capot_taker(1, small.cards_per_hand)
(25, <Team.NS: 0>)
"""

from __future__ import annotations

import dataclasses
from typing import Any, Optional

from .cards import Seat, Team
from .contract import Contract
from .deal import Deal
from .declarations import award_declarations, belote_claim, max_belotes
from .errors import ScoreError
from .messages import tr
from .rules import LAST_TRICK_BONUS, TOTAL_POINTS, Rules, Strain, points_of
from .scoring import (DealScore, capot_code, check_declarations, check_outcome, compiled_scoring,
                      score_checked, check_contract)

__all__ = ["PlayedContract", "Margins", "score_outcome", "deal_total", "deal_facts", "DealFacts", "capot_taker", "side_points"]


def deal_total(deal: Deal, strain: Strain, rules: Rules = Rules()) -> int:
    """Every point of ``deal`` in ``strain``: its cards' points and the last trick's 10
    (162 for a full deal)."""
    return points_of(deal.cards.mask, strain, rules) + LAST_TRICK_BONUS


#: What a deal brings to a contract's score whatever the play (:func:`deal_facts`), kept
#: per strain and declaring side by a caller that scores many contracts on one deal with
#: one leader and one set of rules.
DealFacts = dict[tuple[Strain, Team], tuple[tuple[int, int], tuple[int, int], int]]


def deal_facts(contract: Contract, deal: Deal, leader: Seat, rules: Rules = Rules(),
               memo: "DealFacts | None" = None) -> tuple[tuple[int, int], tuple[int, int], int]:
    """What ``deal`` brings to ``contract``'s score whatever the play: the ``(ns, ew)``
    belotes claimed (by whoever holds one and may claim it), the ``(ns, ew)``
    declarations awarded (when the rules score them; ``leader`` leads the first trick,
    which orders equal announcements) and the deal's total.  They depend on the
    contract's strain and declaring side only: ``memo`` keeps them by those, for the
    same deal, leader and rules."""
    strain, team = contract.strain, contract.team
    if memo is not None:
        found = memo.get((strain, team))
        if found is None:
            found = memo[(strain, team)] = deal_facts(contract, deal, leader, rules)
        return found
    claim = belote_claim(deal.masks, strain, team, rules)
    decl = award_declarations(deal, strain, leader, rules) if rules.declarations else (0, 0)
    return claim, decl, deal_total(deal, strain, rules)


def capot_taker(ns_tricks: int, tricks: int) -> Optional[Team]:
    """The side that took every one of a deal's ``tricks`` when N-S took ``ns_tricks``,
    else ``None``.

    >>> capot_taker(8, 8), capot_taker(0, 8), capot_taker(5, 8)
    (<Team.NS: 0>, <Team.EW: 1>, None)
    """
    return Team.NS if ns_tricks == tricks else Team.EW if ns_tricks == 0 else None


def side_points(ns_points: int, team: Team, total: int = TOTAL_POINTS) -> int:
    """``team``'s card points when N-S took ``ns_points`` of ``total``."""
    return ns_points if team == Team.NS else total - ns_points


@dataclasses.dataclass(frozen=True)
class PlayedContract:
    """A contract played to the end, as a score needs it.

    - ``contract``: the contract, its declarer and coinche;
    - ``points``: the bidders' card points, the last trick's 10 included (belote and
      declarations apart), 0..``total``;
    - ``capot``: the side that took every trick, or ``None``; ``generale``: one player
      of that side took them alone;
    - ``belote``: the ``(ns, ew)`` belotes claimed (a claim the rules do not score for
      that side is ignored, one they cannot hold is refused);
    - ``declarations``: the ``(ns, ew)`` declaration points as awarded;
    - ``total``: every point of the deal (:func:`deal_total`; 162 for a full deal).

    The arguments are checked when made: points outside ``0..total``, a capot whose side
    does not hold every point, or a générale without a capot raise
    :class:`~solver.errors.ScoreError`.
    """

    contract: Contract
    points: int
    capot: Optional[Team] = None
    belote: tuple[int, int] = (0, 0)
    declarations: tuple[int, int] = (0, 0)
    generale: bool = False
    total: int = TOTAL_POINTS
    _code: int = dataclasses.field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        if not isinstance(self.contract, Contract):
            raise ScoreError(tr("not a contract: {contract!r}", contract=self.contract))
        if self.capot is not None and not isinstance(self.capot, Team):
            raise ScoreError(tr("capot {capot!r}: expected the side that took every trick, or None",
                                capot=self.capot))
        t = self.total
        if isinstance(t, bool) or not isinstance(t, int) or not 0 < t <= TOTAL_POINTS:
            raise ScoreError(tr("deal total {total!r}: expected a whole number from 1 to {top}",
                                total=self.total, top=TOTAL_POINTS))
        points = check_outcome(self.contract, self.points, self.capot, bool(self.generale), t)
        object.__setattr__(self, "points", points)
        b = self.belote
        if not (isinstance(b, tuple) and len(b) == 2 and type(b[0]) is int and type(b[1]) is int
                and b[0] >= 0 and b[1] >= 0):
            raise ScoreError(tr("belote {b!r}: expected (ns, ew), the belotes each side claims", b=b))
        # the compiled scoring's code for the side that took every trick
        object.__setattr__(self, "_code", capot_code(self.capot, self.contract.team, bool(self.generale)))

    @classmethod
    def from_ns(cls, contract: Contract, ns_points: int, capot: Optional[Team] = None, *,
                belote: tuple[int, int] = (0, 0), declarations: tuple[int, int] = (0, 0),
                generale: bool = False, total: int = TOTAL_POINTS) -> "PlayedContract":
        """The same from N-S's card points (as a solver gives them)."""
        return cls(contract, side_points(ns_points, contract.team, total), capot, belote, declarations,
                   generale, total)

    @classmethod
    def on_deal(cls, contract: Contract, deal: Deal, ns_points: int, capot: Optional[Team] = None, *,
                leader: Seat, rules: Rules = Rules(), generale: bool = False,
                facts: "DealFacts | None" = None) -> "PlayedContract":
        """``contract`` played on ``deal`` (``leader`` led the first trick) with N-S taking
        ``ns_points``: the belote is claimed by whoever holds it and may claim it, the
        declarations are found in the hands and awarded when the rules score them, and
        the total is the deal's (``facts``: :func:`deal_facts`'s memory for this deal)."""
        claim, decl, total = deal_facts(contract, deal, leader, rules, facts)
        return cls.from_ns(contract, ns_points, capot, belote=claim, declarations=decl, generale=generale,
                           total=total)

    @property
    def ns_points(self) -> int:
        """N-S's card points."""
        return side_points(self.points, self.contract.team, self.total)

    def _checked(self, rules: Rules) -> tuple[int, tuple[int, int]]:
        if not isinstance(rules, Rules):
            raise ScoreError(tr("not a Rules object: {rules!r}", rules=rules))
        check_contract(self.contract, rules)
        n = sum(self.belote)
        most = max_belotes(self.contract.strain, rules)
        if n > most:
            raise ScoreError(tr("belote claims in {contract}: {n}, where these rules and this strain allow "
                                "at most {most}", n=n, contract=self.contract.to_text(), most=most))
        decl = check_declarations(self.declarations, rules)
        return self._code, decl

    def score(self, rules: Rules = Rules()) -> DealScore:
        """The deal's score under ``rules`` (:func:`solver.scoring.score_deal`'s arithmetic)."""
        code, decl = self._checked(rules)
        return score_checked(self.contract, self.points, code, self.belote, decl, rules, self.total)

    def scores(self, rules: Rules = Rules()) -> tuple[int, int, bool]:
        """``(N-S score, E-W score, made)``, for callers that score many outcomes."""
        code, decl = self._checked(rules)
        ns, ew, made = compiled_scoring(rules)(self.contract, self.points, code, self.belote, decl,
                                               self.total)[:3]
        return ns, ew, bool(made)

    def margin(self, team: Team, rules: Rules = Rules()) -> tuple[int, bool]:
        """``team``'s score minus the other side's, and whether ``team`` succeeded (made
        the contract it bid, or set the one it defended)."""
        ns, ew, made = self.scores(rules)
        ours = ns - ew if team == Team.NS else ew - ns
        return ours, (made if self.contract.team == team else not made)


class Margins:
    """:meth:`PlayedContract.margin` of many outcomes under one ``rules``, each worked
    out once.  A deal's score reads the contract's level, declarer and coinche, the
    points, the side taking every trick, the belotes, the declarations and the deal's
    total, never the contract's strain (belotes and declarations come in as facts, the
    strain is only checked): so the outcomes of every strain share their entries.

    >>> m = Margins(Rules())      # 100 bid + 104 taken, rounded: 200; the defenders' 58: 60
    >>> m.of(Contract(100, Strain.H, Seat.S), 104, None, (0, 0), (0, 0), 162, Team.NS)
    (140, True)
    >>> m.of(Contract(100, Strain.SA, Seat.S), 104, None, (0, 0), (0, 0), 162, Team.NS), len(m)
    ((140, True), 1)
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._known: dict[tuple[Any, ...], tuple[int, bool]] = {}

    def __len__(self) -> int:
        return len(self._known)

    def of(self, contract: Contract, points: int, capot: Optional[Team], belote: tuple[int, int],
           declarations: tuple[int, int], total: int, team: Team) -> tuple[int, bool]:
        """``team``'s margin and success with ``contract`` played, the declaring side
        taking ``points`` (:class:`PlayedContract`'s fields)."""
        key = (contract.level, contract.declarer, contract.coinche, points, capot, belote, declarations, total,
               team)
        found = self._known.get(key)
        if found is None:
            played = PlayedContract(contract, points, capot, belote, declarations, total=total)
            found = self._known[key] = played.margin(team, self.rules)
        return found

    def of_ns(self, contract: Contract, ns_points: int, capot: Optional[Team], facts: tuple[Any, ...],
              team: Team) -> tuple[int, bool]:
        """The same from N-S's card points and :func:`deal_facts`'s ``(belote,
        declarations, total)``."""
        belote, declarations, total = facts
        return self.of(contract, side_points(ns_points, contract.team, total), capot, belote, declarations,
                       total, team)


def score_outcome(contract: Contract, deal: Deal, ns_points: int, ns_tricks: int, *, leader: Seat,
                  rules: Rules = Rules()) -> DealScore:
    """The score of ``contract`` played on ``deal`` when N-S took ``ns_points`` card
    points and ``ns_tricks`` tricks, ``leader`` having led the first trick: the one
    entry for a played deal (:meth:`PlayedContract.on_deal` then
    :meth:`PlayedContract.score`)."""
    taker = capot_taker(ns_tricks, deal.cards_per_hand)
    return PlayedContract.on_deal(contract, deal, ns_points, taker, leader=leader, rules=rules).score(rules)
