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
from typing import Any, Callable, Iterable, Protocol, Sequence

from .messages import N_, tr
from .cards import Seat, Team
from .contract import CAPOT, GENERALE, Coinche, Contract, bid_levels, level_points, may_coinche
from .declarations import BELOTE_POINTS, CARRE_POINTS, SEQUENCE_POINTS, counted_belotes, max_belotes
from .errors import ContractError, ScoreError, SeatError
from .rules import MOST_DECLARED, TOTAL_POINTS, Rules, ScoringRules, Strain

#: What one declaration can be worth (tierce, quarte, quinte, the carrés).
DECLARATION_VALUES = tuple(sorted({p for _, p in SEQUENCE_POINTS.values()} | set(CARRE_POINTS.values())))

__all__ = ["ScoreError", "DealScore", "score_deal", "round_score", "BELOTE_POINTS",
           "CAPOT_BONUS", "FAILED_BASE", "GENERALE_BONUS", "min_points_to_make", "made_levels", "score_steps",
           "parse_belote", "parse_capot",
           "TAKEN_BY_BIDDERS", "TAKEN_BY_DEFENDERS", "TAKEN_ALONE"]
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
    declarations with ``Rules(declarations_count=True)``); ``taken_all``: the side that
    took every trick, or ``None`` (``capot`` and ``lost_capot`` read it from the bidders'
    side and the defenders').
    """

    contract: Contract
    points: int
    made: bool
    ns_score: int
    ew_score: int
    held: int = 0
    counted: int = 0
    taken_all: "Team | None" = None
    tie: bool = False

    @property
    def capot(self) -> bool:
        """The bidders took every trick."""
        return self.taken_all is not None and self.taken_all == self.bidders

    @property
    def lost_capot(self) -> bool:
        """The defenders took every trick."""
        return self.taken_all is not None and self.taken_all != self.bidders

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
            "lost_capot": self.lost_capot,
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
        raise ScoreError(tr("{what}: {e}", what=what, e=e)) from None


#: Codes of who took every trick, for the compiled scoring's ``capot`` argument only
#: (the hot path of par and advice; everywhere else the side is a ``Team | None``,
#: turned into a code by :func:`capot_code`): the bidders, the defenders, and, added
#: to either, one player alone (an unbid générale).
TAKEN_BY_BIDDERS, TAKEN_BY_DEFENDERS, TAKEN_ALONE = 1, 2, 4


def capot_code(taken_all: "Team | None", bidders: Team, alone: bool = False) -> int:
    """The compiled scoring's code for the side that took every trick (``None``: no
    side did); ``alone``: one player took them (a générale).

    >>> capot_code(Team.NS, Team.NS), capot_code(Team.EW, Team.NS), capot_code(None, Team.EW)
    (1, 2, 0)
    """
    if taken_all is None:
        return 0
    code = TAKEN_BY_BIDDERS if taken_all == bidders else TAKEN_BY_DEFENDERS
    return code | (TAKEN_ALONE if alone else 0)


def code_side(code: int, bidders: Team) -> "Team | None":
    """The side that took every trick from a compiled scoring's code (:func:`capot_code`)."""
    return bidders if code & TAKEN_BY_BIDDERS else bidders.other if code & TAKEN_BY_DEFENDERS else None
#: What an unbid générale scores in place of a capot's 250 (seeds 001, 004: "500 in total").
GENERALE_BONUS = 500


def parse_belote(belote: "Team | Seat | str | Iterable[Team | Seat | str] | None") -> "tuple[Team, ...]":
    """The sides claiming belote, one per belote, read from a side, a seat, their text or
    a list of them (``None``: no claim); the door of :func:`score_deal`."""
    if belote is None:
        return ()
    sides = [belote] if isinstance(belote, (str, Team, Seat)) else list(belote)
    out = []
    for side in sides:
        team = _team(side, "belote")
        if team is None:
            raise ScoreError(tr("belote claimed by {side!r}: expected a side (NS, EW) or a seat", side=side))
        out.append(team)
    return tuple(out)


def parse_capot(capot: "bool | Team | Seat | str | None") -> "bool | Team":
    """:func:`score_deal`'s ``capot`` read: ``True`` (the bidders), ``False`` (no side;
    ``None`` too) or the side that took every trick, from itself, a seat or their text."""
    if capot is None or isinstance(capot, bool):
        return bool(capot)
    team = _team(capot, "capot")
    assert team is not None
    return team


def _belote_counts(belote: "tuple[Team, ...]", contract: Contract, rules: Rules) -> tuple[int, int]:
    """``(ns, ew)`` belotes claimed: one side per belote."""
    counts = [0, 0]
    for team in belote:
        counts[team] += 1
    n = sum(counts)
    most = max_belotes(contract.strain, rules)
    if n > most:
        s = contract.strain
        why = (tr("these rules score no belote (belote=false)") if not rules.belote
               else tr("there is no trump in sans atout") if s == Strain.SA
               else tr("there is no belote in tout atout unless the rule belote_in_ta is on") if most == 0
               else tr("a deal holds at most {most} in {strain}", most=most, strain=s.name))
        raise ScoreError(tr("belote claims in {contract}: {n}; {why}", n=n, contract=contract.to_text(),
                            why=why))
    return (counts[0], counts[1])


def capot_side(capot: "bool | Team", contract: Contract) -> "Team | None":
    """The side that took every trick from :func:`score_deal`'s ``capot`` argument
    (``True``: the bidders; ``False``: no side; else the side)."""
    if capot is False:
        return None
    return contract.team if capot is True else capot


def check_outcome(contract: Contract, points: object, taken_all: "Team | None", generale: bool,
                  total: int) -> int:
    """``points`` (the bidders' card points) as an int, checked against the deal's
    ``total`` (its card points and the last trick's bonus: 162 for a full deal) and
    against the side that took every trick: that side holds all ``total`` points."""
    try:  # any integer, numpy's included, but not a bool or a float
        if isinstance(points, bool):
            raise TypeError
        pts = operator.index(points)  # type: ignore[arg-type]
    except TypeError:
        pts = None
    if pts is None or not 0 <= pts <= total:
        raise ScoreError(tr("card points {points!r}: expected a whole number from 0 to {total}", points=points,
                            total=total))
    if taken_all is None:
        if generale:
            raise ScoreError(tr("générale without capot: give the side that took every trick (capot)"))
        return pts
    need = total if taken_all == contract.team else 0
    if pts != need:
        raise ScoreError(tr("capot by {taken_all} with the bidders on {pts} points: a side that takes every "
                            "trick has all {total} points", taken_all=taken_all.name, pts=pts, total=total))
    return pts


def _capot_code(capot: "bool | Team", generale: bool, contract: Contract, points: int,
                total: int = TOTAL_POINTS) -> int:
    """The compiled scoring's ``capot`` argument from :func:`score_deal`'s."""
    side = capot_side(capot, contract)
    check_outcome(contract, points, side, generale, total)
    return capot_code(side, contract.team, generale)


def check_contract(contract: Contract, rules: Rules) -> None:
    """The bid is one these rules allow."""
    if contract.level == GENERALE and not rules.generale:
        raise ContractError(tr("a générale bid is not allowed by these rules (Rules.generale is False)"))
    if not contract.is_capot and contract.level > rules.max_level:
        raise ContractError(
            tr("bid level {level} in {bid!r}: above {max_level}, the highest bid of these rules (the "
               "rule max_level allows up to {highest_level} here: a side counts at most {most_counted}, "
               "{total} and the announcements that count)", level=contract.level,
               bid=contract.to_text(), max_level=rules.max_level, highest_level=rules.highest_level,
               most_counted=rules.most_counted, total=TOTAL_POINTS))
    if contract.coinche != Coinche.NONE and not may_coinche(contract.level, rules):
        raise ContractError(tr("bid {bid!r} coinched: a capot bid cannot be coinched or surcoinched "
                               "(seed 000: it ends the auction; the rule capot_coinche allows it)",
                               bid=contract.to_text()))
    if contract.strain >= Strain.SA and not rules.sa_ta:
        raise ContractError(tr("bid {bid!r}: these rules have no sans atout or tout atout bids (the rule "
                               "sa_ta is off)", bid=contract.to_text()))


def score_deal(contract: "Contract | str", points: int, *, capot: "bool | Team | str | None" = False,
               belote: "Team | Seat | str | Iterable[Team | Seat | str] | None" = None,
               declarations: "tuple[int, int]" = (0, 0), generale: bool = False,
               rules: Rules = Rules(), total: int = TOTAL_POINTS) -> DealScore:
    """Score one deal (the door for loose arguments: a contract played on a deal is
    scored by :class:`solver.outcome.PlayedContract`, which ends in the same arithmetic).

    - ``points``: the bidding side's card points, 0..``total``, dix de der included,
      belote and declarations excluded (the defenders hold the rest of ``total``).
    - ``total``: the deal's card points and the last trick's 10: 162 for a full deal,
      less for a deal of fewer cards.
    - ``capot``: ``True`` when the bidding side took all 8 tricks (then ``points``
      must be 162), or the side that did (the defenders' capot needs ``points`` 0 and
      scores only with ``rules.capot_any_side``).  For a générale contract it means
      the declarer took them alone.
    - ``generale``: the side that took every trick did so with one player alone (an
      unbid générale, scored with ``rules.unbid_generale``).
    - ``belote``: the side that holds and claims belote, or one side per belote (in
      TA with ``rules.belote_in_ta`` a deal holds up to four), or ``None``.  A claim by
      the defenders is *ignored* unless ``rules.belote_anyone`` (by default only a
      player of the bidding side may claim it, seed 000); a claim where the strain
      has no belote (SA, TA without ``belote_in_ta``) raises :class:`ScoreError`.
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
    nearest 10 (``rules.rounding``).  A capot or générale bid is coinched only with
    ``rules.capot_coinche``.  :func:`score_steps` shows the arithmetic.

    >>> score_deal(Contract(80, "S", "E"), 162, capot=True).scores   # unbid capot: 250 + 80
    (0, 330)
    >>> score_deal(Contract.parse("capotS", declarer="E"), 162, capot=True,
    ...            belote="EW").scores                                 # 500 + 20
    (0, 520)
    """
    if isinstance(contract, str):
        contract = Contract.parse(contract, capot_coinche=rules.capot_coinche if isinstance(rules, Rules)
                                  else False)
    if not isinstance(contract, Contract):
        raise ContractError(tr("not a contract: {contract!r}", contract=contract))
    if not isinstance(rules, Rules):
        raise ScoreError(tr("not a Rules object: {rules!r}", rules=rules))
    code = _capot_code(parse_capot(capot), bool(generale), contract, points, total)
    check_contract(contract, rules)
    decl = check_declarations(declarations, rules)
    claims = _belote_counts(parse_belote(belote), contract, rules)
    return score_checked(contract, operator.index(points), code, claims, decl, rules, total)


@functools.lru_cache(maxsize=1)
def _declarable_sums() -> frozenset[int]:
    """Every total one side can be awarded in declarations: sums of tierces (20),
    quartes (50), quintes and carrés (100), carrés of nines (150) and of jacks (200),
    up to :data:`~solver.rules.MOST_DECLARED`."""
    sums = {0}
    for _ in range(MOST_DECLARED // 20):
        sums |= {t + v for t in sums for v in DECLARATION_VALUES if t + v <= MOST_DECLARED}
    return frozenset(sums)


def check_declarations(declarations: object, rules: Rules) -> tuple[int, int]:
    """``(ns_points, ew_points)`` of declarations awarded, checked: none when the rules
    score none (``Rules.declarations`` off), each a total a side can hold (sums of 20,
    50, 100, 150, 200, at most 550: 35 or 5000 cannot happen), and only one side
    scoring unless ``Rules.carre_apart`` (seed 000: "only one team can score for
    announcements"; seed 002 compares sequences and carrés apart).

    >>> check_declarations((0, 70), Rules(declarations=True))
    (0, 70)
    >>> check_declarations((35, 0), Rules(declarations=True))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solver.errors.ScoreError: declarations (35, 0): 35 is no total of declarations (sums of 20, ...
    """
    try:
        pair: tuple[object, ...] = tuple(declarations)  # type: ignore[arg-type]
        if len(pair) != 2 or any(isinstance(v, bool) for v in pair):
            raise ValueError
        decl = (operator.index(pair[0]), operator.index(pair[1]))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ScoreError(
            tr("declarations {declarations!r}: expected (ns_points, ew_points), two whole numbers 0 or more",
               declarations=declarations)
        ) from None
    if decl == (0, 0):
        return decl
    if not rules.declarations:
        raise ScoreError(tr("declarations {decl}: these rules score no declarations (declarations=false)",
                            decl=decl))
    for v in decl:
        if v not in _declarable_sums():
            raise ScoreError(tr("declarations {decl}: {v} is no total of declarations (sums of 20, 50, 100, "
                                "150 and 200, at most {most})", decl=decl, v=v,
                                most=MOST_DECLARED))
    if decl[0] and decl[1] and not rules.carre_apart:
        raise ScoreError(tr("declarations {decl}: only the side with the best declaration scores (both sides "
                            "score only with carre_apart=true)", decl=decl))
    return decl


def score_checked(contract: Contract, points: int, capot: int, claim: "tuple[int, int]",
                  decl: "list[int] | tuple[int, int]", rules: Rules, total: int = TOTAL_POINTS) -> DealScore:
    """:func:`score_deal` on arguments already checked (:class:`solver.outcome.PlayedContract`
    checks them once): ``capot`` a code (:func:`capot_code`), ``claim`` the ``(ns, ew)``
    belotes claimed, ``total`` the deal's points."""
    ns, ew, made, tie, held, counted = compiled_scoring(rules)(contract, points, capot, claim, decl, total)
    return DealScore(contract=contract, points=points, made=made, ns_score=ns, ew_score=ew,
                     held=held, counted=counted, taken_all=code_side(capot, contract.team), tie=tie)


#: One term of a side's score: its name (:data:`TERM_NAMES`) and its points.
Term = tuple[str, int]
#: One side's score before rounding: its terms, the multiplier of their sum (the
#: coinche's with ``coinche_whole_score``, else 1) and its belote points.
SideTerms = tuple[tuple[Term, ...], int, int]
#: What a compiled scoring answers: ``(ns_score, ew_score, made, tie, held, counted)``.
ScoreTuple = tuple[int, int, bool, bool, int, int]
#: What compiled parts answer: ``(made, tie, counted, (ns_side, ew_side), held)``.
PartsTuple = tuple[bool, bool, int, tuple[SideTerms, SideTerms], int]


class CompiledScoring(Protocol):
    """The scoring of one set of rules (:func:`compiled_scoring`)."""

    def __call__(self, contract: Contract, points: int, capot: int, claim: "tuple[int, int]",
                 decl: Sequence[int], total: int = TOTAL_POINTS) -> ScoreTuple: ...


class CompiledParts(Protocol):
    """The terms of the scoring of one set of rules (:func:`compiled_parts`)."""

    def __call__(self, contract: Contract, points: int, capot: int, claim: "tuple[int, int]",
                 decl: Sequence[int], total: int = TOTAL_POINTS) -> PartsTuple: ...


@functools.lru_cache(maxsize=64)
def compiled_scoring(rules: Rules) -> CompiledScoring:
    """The scoring of ``rules`` as a function ``(contract, points, capot, claim, decl,
    total=162) -> (ns_score, ew_score, made, tie, held, counted)``, with the rules read
    once (par scores thousands of contracts under one set of rules).  ``capot`` is a
    code (:func:`capot_code`), ``claim`` the ``(ns, ew)`` belotes claimed, ``total`` the
    deal's points (its cards' and the last trick's)."""
    parts = compiled_parts(rules)
    rounding = rules.scoring.rounding

    def side_total(side: SideTerms) -> int:
        terms, whole, bel = side
        t = 0
        for term in terms:
            t += term[1]
        return t * whole + bel

    def score(contract: Contract, points: int, capot: int, claim: "tuple[int, int]", decl: Sequence[int],
              total: int = TOTAL_POINTS) -> ScoreTuple:
        made, tie, counted, sides, held = parts(contract, points, capot, claim, decl, total)
        ns, ew = side_total(sides[0]), side_total(sides[1])
        if rounding:
            return round_score(ns), round_score(ew), made, tie, round_score(held), counted
        return ns, ew, made, tie, held, counted

    return score


def _made_bases(rules: ScoringRules, x: Coinche, capot: int, pts: list[int], b: int, d: int,
                bonus: int) -> tuple[Term, Term]:
    """The bidders' and the defenders' first terms when the contract makes."""
    any_side = rules.capot_any_side and not rules.capot_only_if_bid
    if capot & TAKEN_BY_BIDDERS and not rules.capot_only_if_bid:
        return ("capot", bonus), ("points", 0)
    if rules.bid_only:
        return ("points", 0), ("points", 0)
    if rules.coinche_takes_all and x != Coinche.NONE:
        # seed 002: a coinche that fails (the contract made) gives the bidders "points
        # only for the tricks won + their original bid x2", a surcoinche that succeeds
        # "only for the tricks won + the original bid x3"; "the losing team gets 0"
        return ("points", pts[b]), ("points", 0)
    if capot & TAKEN_BY_DEFENDERS and any_side:
        return ("points", pts[b]), ("capot", bonus)
    return ("points", pts[b]), ("points", pts[d])


def _failed_base(rules: ScoringRules, x: Coinche, capot: int, bonus: int, total: int) -> Term:
    """The defenders' first term when the contract fails."""
    if rules.bid_only:
        return ("points", 0)
    if rules.coinche_takes_all and x != Coinche.NONE:
        # seed 002: a coinche that succeeds gives "all the cards in the game (162)"
        return ("all points", total)
    if capot & TAKEN_BY_DEFENDERS and rules.capot_any_side and not rules.capot_only_if_bid:
        return ("capot", bonus)
    return ("failed contract", FAILED_BASE)


_TEAMS = (Team.NS, Team.EW)


@functools.lru_cache(maxsize=64)
def compiled_parts(rules: Rules) -> CompiledParts:
    """The terms of the scoring of ``rules``: ``(contract, points, capot, claim, decl, total) ->
    (made, tie, counted, (ns_side, ew_side), held)``, each side ``(terms, whole,
    belote)`` with ``terms`` the ``(label, points)`` multiplied by ``whole`` (the
    coinche's multiplier with ``coinche_whole_score``, else 1) before the belote is
    added; the sum, rounded, is the side's score (:func:`compiled_scoring`)."""
    sc = rules.scoring                  # the layer of the rules that scores
    declarations_count, must_outscore = sc.declarations_count, sc.must_outscore
    tie_held = sc.tie_held
    whole_score, surcoinche = sc.coinche_whole_score, sc.surcoinche
    failed_capot_double = sc.failed_capot == 2 * CAPOT
    bid_only = sc.bid_only
    belote_to_defenders = sc.belote_to_defenders
    unbid_generale = sc.unbid_generale
    needed = {level: level_points(level, rules) for level in bid_levels(rules)}

    def parts(contract: Contract, points: int, capot: int, claim: "tuple[int, int]", decl: Sequence[int],
              total: int = TOTAL_POINTS) -> PartsTuple:
        b = contract.declarer & 1           # the bidders' team, as 0 (N-S) or 1 (E-W)
        d = 1 - b
        x = contract.coinche
        m = (1, 2, surcoinche)[x]
        level = contract.level
        capot_bid = level == CAPOT or level == GENERALE
        bonus = GENERALE_BONUS if capot & TAKEN_ALONE and unbid_generale else CAPOT_BONUS

        pts = [0, 0]
        pts[b], pts[d] = points, total - points
        bel = [0, 0]
        if claim[0] or claim[1]:
            n = counted_belotes(claim, _TEAMS[b], rules)
            bel = [n[0] * BELOTE_POINTS, n[1] * BELOTE_POINTS]
        counted = [pts[0] + bel[0], pts[1] + bel[1]]
        if declarations_count:
            counted = [counted[0] + decl[0], counted[1] + decl[1]]

        tie = False
        if capot_bid:
            made = bool(capot & TAKEN_BY_BIDDERS)
        else:
            made = counted[b] >= needed[level]
            if tie_held and made and counted[b] == counted[d]:
                made, tie = False, True
            elif must_outscore and counted[b] <= counted[d]:
                made = False

        # With coinche_whole_score the multiplier applies to everything but belote;
        # otherwise to the bid only.
        whole = m if whole_score else 1
        bid = ("bid", level * (1 if whole_score else m))
        side: list[SideTerms] = [((), whole, bel[0]), ((), whole, bel[1])]
        held = 0
        if capot_bid:
            if made:
                side[b] = ((("bid capot", 2 * level * m), ("declarations", decl[b])), 1, bel[b])
                side[d] = ((("declarations", decl[d]),), 1, bel[d])
            else:
                lost = 2 * level if failed_capot_double else FAILED_BASE + level
                side[d] = ((("failed capot", lost * m), ("declarations", decl[d] + decl[b])), 1, bel[d])
                side[b] = ((), 1, bel[b])
        elif made:
            base_b, base_d = _made_bases(sc, x, capot, pts, b, d, bonus)
            side[b] = ((base_b, bid, ("declarations", decl[b])), whole, bel[b])
            side[d] = ((base_d, ("declarations", decl[d])), whole, bel[d])
        elif tie:
            side[d] = ((("points", 0 if bid_only else pts[d]), ("declarations", decl[d])), whole, bel[d])
            side[b] = ((), 1, bel[b])
            held = (pts[b] + decl[b]) * whole
        else:
            base = _failed_base(sc, x, capot, bonus, total)
            side[d] = ((base, bid, ("declarations", decl[d] + decl[b])), whole, bel[d])
            side[b] = ((), 1, bel[b])
        if not made and not tie and belote_to_defenders and bel[b]:
            side[d] = side[d][:2] + (bel[d] + bel[b],)
            side[b] = side[b][:2] + (0,)
        return made, tie, counted[b], (side[0], side[1]), held

    return parts


def score_steps(contract: Contract, points: int, *, capot: "bool | Team" = False,
                belote: "tuple[Team, ...]" = (),
                declarations: "tuple[int, int]" = (0, 0), generale: bool = False,
                rules: Rules = Rules(), total: int = TOTAL_POINTS) -> list[str]:
    """The arithmetic of :func:`score_deal`, one line per step, for people: what the
    bidders counted against what they needed, then each side's terms, multiplier,
    belote and rounding.

    >>> for line in score_steps(Contract(100, "H", "N", Coinche.COINCHE), 70, belote=(Team.NS,)):
    ...     print(line)
    N-S counted 90 (70 card points + 20 belote), needed 100: failed
    N-S: 20 belote = 20
    E-W: 160 failed contract + 200 bid (100 x 2) = 360
    """
    result = score_deal(contract, points, capot=capot, belote=belote, declarations=declarations,
                        generale=generale, rules=rules, total=total)
    code = _capot_code(capot, bool(generale), result.contract, points, total)
    claim = _belote_counts(belote, result.contract, rules)
    c = result.contract
    made, tie, counted, sides, held = compiled_parts(rules)(c, points, code, claim, list(declarations), total)
    names = {Team.NS: "N-S", Team.EW: "E-W"}
    b = c.team
    belote_pts = BELOTE_POINTS * counted_belotes(claim, b, rules)[b]
    decl_pts = int(declarations[b]) if rules.declarations_count else 0
    what = tr("{n} card points", n=points) + (tr(" + {n} belote", n=belote_pts) if belote_pts else "") + (
        tr(" + {n} declarations", n=decl_pts) if decl_pts else "")
    verdict = tr("a litige (tie)") if tie else tr("made") if made else tr("failed")
    need = tr("every trick") if c.is_capot else str(c.needs(rules))
    lines = [tr("{side} counted {counted} ({what}), needed {need}: {verdict}", side=names[b],
                counted=counted if not c.is_capot else points, what=what, need=need, verdict=verdict)]
    for team, (terms, whole, bel) in zip(Team, sides):
        parts = [f"{v} {tr(label)}" + (f" ({c.level} x {c.multiplier(rules)})" if label == "bid"
                                       and c.multiplier(rules) > 1 and not rules.coinche_whole_score else "")
                 for label, v in terms if v]
        text = " + ".join(parts)
        if whole > 1 and parts:
            text = f"({text}) x {whole}"
        if bel:
            text = (text + tr(" + {n} belote", n=bel)) if text else tr("{n} belote", n=bel)
        raw = sum(v for _, v in terms) * whole + bel
        text = f"{text or '0'} = {raw}"
        if rules.rounding and round_score(raw) != raw:
            text += tr(", rounded to {n}", n=round_score(raw))
        lines.append(f"{names[team]}: {text}")
    if held:
        rounded = round_score(held) if rules.rounding else held
        lines.append(tr("held for the winner of the next deal: {n}", n=held)
                     + (tr(", rounded to {n}", n=rounded) if rounded != held else ""))
    return lines


#: The names of the terms of a score (:func:`compiled_parts`), for :func:`score_steps`.
TERM_NAMES = (N_("capot"), N_("points"), N_("all points"), N_("failed contract"), N_("bid"), N_("bid capot"),
              N_("declarations"), N_("failed capot"))


def _first_true(lo: int, hi: int, test: Callable[[int], bool]) -> int:
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
def min_points_to_make(contract: Contract, claim: "tuple[int, int]" = (0, 0),
                       declarations: "tuple[int, int]" = (0, 0), rules: Rules = Rules(),
                       total: int = TOTAL_POINTS) -> int:
    """The fewest card points with which ``contract`` makes, given the ``(ns, ew)``
    belotes claimed and the declarations awarded, on a deal of ``total`` points;
    ``total + 1`` if none will do.
    A contract that makes with some points makes with more (the counted points only
    grow), so this is a bisection.  Not for capot bids (they need every trick).

    >>> min_points_to_make(Contract(80, "H", "S")), min_points_to_make(Contract(100, "H", "S"), (1, 0))
    (82, 80)
    """
    if contract.is_capot:
        raise ContractError(tr("{contract}: a capot needs every trick, not a number of points",
                               contract=contract))
    score = compiled_scoring(rules)
    decl = tuple(declarations)
    return _first_true(0, total + 1, lambda p: score(contract, p, 0, claim, decl, total)[2])


def made_levels(levels: "tuple[int, ...]", counted: int,
                score: Callable[[int], "ScoreTuple | tuple[int, int, bool, bool]"]) -> tuple[int, bool]:
    """How many of the numbered ``levels`` (lowest first) make, and whether the lowest
    failed one is a held tie (``Rules.tie_held``).  ``score(level)`` gives the
    compiled scoring's ``(ns, ew, made, tie, ...)`` for the level undoubled; the made
    levels are a prefix (a higher bid needs no fewer points).  The first guess is
    the number of levels whose :func:`~solver.contract.points_needed` the bidders'
    ``counted`` points reach; it is checked by scoring it and the level above, and
    a bisection finds the count when a variant (must outscore, ties) moves it.

    >>> s = compiled_scoring(Rules())
    >>> made_levels((80, 90, 100), 95, lambda lv: s(Contract(lv, "H", "N"), 95, 0, (0, 0), (0, 0)))
    (2, False)
    """
    n = len(levels)
    guess = sum(1 for lv in levels if level_points(lv) <= counted)
    if (guess == 0 or score(levels[guess - 1])[2]) and (guess == n or not score(levels[guess])[2]):
        lo = guess
    else:
        lo = _first_true(0, n, lambda k: not score(levels[k])[2])
    return lo, lo < n and score(levels[lo])[3]
