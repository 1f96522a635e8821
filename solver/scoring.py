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

from .messages import N_, tr
from .cards import Seat, Team
from .contract import CAPOT, GENERALE, Coinche, Contract, bid_levels, points_needed
from .declarations import BELOTE_POINTS, counted_belotes, max_belotes
from .errors import ContractError, ScoreError, SeatError
from .rules import TOTAL_POINTS, Rules, Strain

__all__ = ["ScoreError", "DealScore", "score_deal", "round_score", "BELOTE_POINTS",
           "CAPOT_BONUS", "FAILED_BASE", "GENERALE_BONUS", "min_points_to_make", "made_levels", "score_steps",
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
    declarations with ``Rules(declarations_count=True)``); ``capot``: the bidders took
    every trick, ``lost_capot``: the defenders did.
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
    lost_capot: bool = False

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
        raise ScoreError(f"{what}: {e}") from None


#: Codes of who took every trick, for the compiled scoring's ``capot`` argument
#: (``True`` and ``False`` read as 1 and 0): the bidders, the defenders, and, added
#: to either, one player alone (an unbid générale).
TAKEN_BY_BIDDERS, TAKEN_BY_DEFENDERS, TAKEN_ALONE = 1, 2, 4
#: What an unbid générale scores in place of a capot's 250 (seeds 001, 004: "500 in total").
GENERALE_BONUS = 500


def _belote_counts(belote, contract: Contract, rules: Rules) -> tuple[int, int]:
    """``(ns, ew)`` belotes claimed: ``belote`` is None, a side, or one side per belote."""
    if belote is None:
        return (0, 0)
    sides = [belote] if isinstance(belote, (str, Team, Seat)) else list(belote)
    counts = [0, 0]
    for side in sides:
        counts[_team(side, "belote")] += 1
    n = sum(counts)
    most = max_belotes(contract.strain, rules)
    if n > most:
        s = contract.strain
        why = ("these rules score no belote (belote=false)" if not rules.belote
               else "there is no trump in sans atout" if s == Strain.SA
               else "there is no belote in tout atout unless the rule belote_in_ta is on" if most == 0
               else f"a deal holds at most {most} in {s.name}")
        raise ScoreError(f"belote claimed {n} time(s) in {contract.to_text()}: {why}")
    return (counts[0], counts[1])


def _capot_code(capot, generale: bool, contract: Contract, points: int) -> int:
    """The compiled scoring's ``capot`` argument from :func:`score_deal`'s."""
    if capot is False or capot is None:
        if generale:
            raise ScoreError("générale without capot: give the side that took every trick (capot)")
        return 0
    side = contract.team if capot is True else _team(capot, "capot")
    if side == contract.team:
        code, need = TAKEN_BY_BIDDERS, TOTAL_POINTS
    else:
        code, need = TAKEN_BY_DEFENDERS, 0
    if points != need:
        raise ScoreError(f"capot by {side.name} with the bidders on {points} points: a side that takes "
                         f"every trick has all {TOTAL_POINTS} points")
    return code | (TAKEN_ALONE if generale else 0)


def _check_contract(contract: Contract, rules: Rules) -> None:
    """The bid is one these rules allow."""
    if contract.level == GENERALE and not rules.generale:
        raise ContractError("a générale bid is not allowed by these rules (Rules.generale is False)")
    if not contract.is_capot and contract.level > rules.max_level:
        raise ContractError(
            f"bid level {contract.level} in {contract.to_text()!r}: above {rules.max_level}, the highest "
            f"bid of these rules (the rule max_level allows up to {rules.highest_level} "
            f"here: a side counts at most {rules.most_counted}, 162 and the announcements that count)")
    if contract.is_capot and contract.coinche != Coinche.NONE and not rules.capot_coinche:
        raise ContractError(f"bid {contract.to_text()!r} coinched: a capot bid cannot be coinched or "
                            f"surcoinched (seed 000: it ends the auction; the rule capot_coinche allows it)")
    if contract.strain >= Strain.SA and not rules.sa_ta:
        raise ContractError(f"bid {contract.to_text()!r}: these rules have no sans atout or tout atout "
                            f"bids (the rule sa_ta is off)")


def score_deal(contract: "Contract | str", points: int, *, capot: "bool | Team | str" = False,
               belote=None, declarations: "tuple[int, int]" = (0, 0), generale: bool = False,
               rules: Rules = Rules()) -> DealScore:
    """Score one deal.

    - ``points``: the bidding side's card points, 0..162, dix de der included, belote
      and declarations excluded (the defenders hold the rest of the 162).
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
    points_arg = points
    if isinstance(contract, str):
        contract = Contract.parse(contract, capot_coinche=rules.capot_coinche if isinstance(rules, Rules)
                                  else False)
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
    code = _capot_code(capot, bool(generale), contract, points)
    _check_contract(contract, rules)
    try:
        decl = [int(declarations[0]), int(declarations[1])]
        if len(declarations) != 2 or min(decl) < 0:
            raise ValueError
    except (TypeError, ValueError, IndexError):
        raise ScoreError(
            f"declarations {declarations!r}: expected (ns_points, ew_points), two numbers 0 or more"
        ) from None
    return score_checked(contract, points, code, _belote_counts(belote, contract, rules), decl, rules)


def score_checked(contract: Contract, points: int, capot: int, claim: "tuple[int, int]",
                  decl: "list[int] | tuple[int, int]", rules: Rules) -> DealScore:
    """:func:`score_deal` on arguments already checked (for callers that score many
    contracts they built themselves, such as a table's outcomes): ``capot`` a code
    (:data:`TAKEN_BY_BIDDERS` ...), ``claim`` the ``(ns, ew)`` belotes claimed."""
    ns, ew, made, tie, held, counted = compiled_scoring(rules)(contract, points, capot, claim, decl)
    return DealScore(contract=contract, points=points, made=made, ns_score=ns, ew_score=ew,
                     held=held, counted=counted, capot=bool(capot & TAKEN_BY_BIDDERS), tie=tie,
                     lost_capot=bool(capot & TAKEN_BY_DEFENDERS))


@functools.lru_cache(maxsize=64)
def compiled_scoring(rules: Rules):
    """The scoring of ``rules`` as a function ``(contract, points, capot, claim, decl) ->
    (ns_score, ew_score, made, tie, held, counted)``, with the rules read once (par
    scores thousands of contracts under one set of rules).  ``capot`` is a code
    (:data:`TAKEN_BY_BIDDERS` ...), ``claim`` the ``(ns, ew)`` belotes claimed."""
    parts = compiled_parts(rules)
    rounding = rules.rounding

    def total(side) -> int:
        terms, whole, bel = side
        t = 0
        for term in terms:
            t += term[1]
        return t * whole + bel

    def score(contract: Contract, points: int, capot: int, claim, decl) -> tuple:
        made, tie, counted, sides, held = parts(contract, points, capot, claim, decl)
        ns, ew = total(sides[0]), total(sides[1])
        if rounding:
            return round_score(ns), round_score(ew), made, tie, round_score(held), counted
        return ns, ew, made, tie, held, counted

    return score


def _made_bases(rules: Rules, x: Coinche, capot: int, pts: list, b: int, d: int, bonus: int) -> tuple:
    """The bidders' and the defenders' first terms when the contract makes."""
    any_side = rules.capot_any_side and not rules.capot_only_if_bid
    if capot & TAKEN_BY_BIDDERS and not rules.capot_only_if_bid:
        return ("capot", bonus), ("points", 0)
    if rules.bid_only:
        return ("points", 0), ("points", 0)
    if rules.coinche_takes_all and x == Coinche.COINCHE:
        return ("all points", TOTAL_POINTS), ("points", 0)
    if rules.coinche_takes_all and x == Coinche.SURCOINCHE:
        return ("points", pts[b]), ("points", 0)
    if capot & TAKEN_BY_DEFENDERS and any_side:
        return ("points", pts[b]), ("capot", bonus)
    return ("points", pts[b]), ("points", pts[d])


def _failed_base(rules: Rules, x: Coinche, capot: int, bonus: int) -> tuple:
    """The defenders' first term when the contract fails."""
    if rules.bid_only:
        return ("points", 0)
    if rules.coinche_takes_all and x != Coinche.NONE:
        return ("all points", TOTAL_POINTS)
    if capot & TAKEN_BY_DEFENDERS and rules.capot_any_side and not rules.capot_only_if_bid:
        return ("capot", bonus)
    return ("failed contract", FAILED_BASE)


_TEAMS = (Team.NS, Team.EW)


@functools.lru_cache(maxsize=64)
def compiled_parts(rules: Rules):
    """The terms of the scoring of ``rules``: ``(contract, points, capot, claim, decl) ->
    (made, tie, counted, (ns_side, ew_side), held)``, each side ``(terms, whole,
    belote)`` with ``terms`` the ``(label, points)`` multiplied by ``whole`` (the
    coinche's multiplier with ``coinche_whole_score``, else 1) before the belote is
    added; the sum, rounded, is the side's score (:func:`compiled_scoring`)."""
    declarations_count, must_outscore = rules.declarations_count, rules.must_outscore
    tie_held = rules.tie_held
    whole_score, surcoinche = rules.coinche_whole_score, rules.surcoinche
    failed_capot_double = rules.failed_capot == 2 * CAPOT
    bid_only = rules.bid_only
    belote_to_defenders = rules.belote_to_defenders
    unbid_generale = rules.unbid_generale
    needed = {level: points_needed(level, rules) for level in bid_levels(rules)}

    def parts(contract: Contract, points: int, capot: int, claim, decl) -> tuple:
        b = contract.declarer & 1           # the bidders' team, as 0 (N-S) or 1 (E-W)
        d = 1 - b
        x = contract.coinche
        m = (1, 2, surcoinche)[x]
        level = contract.level
        capot_bid = level == CAPOT or level == GENERALE
        bonus = GENERALE_BONUS if capot & TAKEN_ALONE and unbid_generale else CAPOT_BONUS

        pts = [0, 0]
        pts[b], pts[d] = points, TOTAL_POINTS - points
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
        side: list = [((), whole, bel[0]), ((), whole, bel[1])]
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
            base_b, base_d = _made_bases(rules, x, capot, pts, b, d, bonus)
            side[b] = ((base_b, bid, ("declarations", decl[b])), whole, bel[b])
            side[d] = ((base_d, ("declarations", decl[d])), whole, bel[d])
        elif tie:
            side[d] = ((("points", 0 if bid_only else pts[d]), ("declarations", decl[d])), whole, bel[d])
            side[b] = ((), 1, bel[b])
            held = (pts[b] + decl[b]) * whole
        else:
            base = _failed_base(rules, x, capot, bonus)
            side[d] = ((base, bid, ("declarations", decl[d] + decl[b])), whole, bel[d])
            side[b] = ((), 1, bel[b])
        if not made and not tie and belote_to_defenders and bel[b]:
            side[d] = side[d][:2] + (bel[d] + bel[b],)
            side[b] = side[b][:2] + (0,)
        return made, tie, counted[b], (side[0], side[1]), held

    return parts


def score_steps(contract: Contract, points: int, *, capot: "bool | Team | str" = False, belote=None,
                declarations: "tuple[int, int]" = (0, 0), generale: bool = False,
                rules: Rules = Rules()) -> list[str]:
    """The arithmetic of :func:`score_deal`, one line per step, for people: what the
    bidders counted against what they needed, then each side's terms, multiplier,
    belote and rounding.

    >>> for line in score_steps(Contract(100, "H", "N", Coinche.COINCHE), 70, belote="NS"):
    ...     print(line)
    N-S counted 90 (70 card points + 20 belote), needed 100: failed
    N-S: 20 belote = 20
    E-W: 160 failed contract + 200 bid (100 x 2) = 360
    """
    result = score_deal(contract, points, capot=capot, belote=belote, declarations=declarations,
                        generale=generale, rules=rules)
    code = _capot_code(capot, bool(generale), result.contract, points)
    claim = _belote_counts(belote, result.contract, rules)
    c = result.contract
    made, tie, counted, sides, held = compiled_parts(rules)(c, points, code, claim, list(declarations))
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
def min_points_to_make(contract: Contract, claim: "tuple[int, int]" = (0, 0),
                       declarations: "tuple[int, int]" = (0, 0), rules: Rules = Rules()) -> int:
    """The fewest card points with which ``contract`` makes, given the ``(ns, ew)``
    belotes claimed and the declarations awarded; ``TOTAL_POINTS + 1`` if none will do.
    A contract that makes with some points makes with more (the counted points only
    grow), so this is a bisection.  Not for capot bids (they need every trick).

    >>> min_points_to_make(Contract(80, "H", "S")), min_points_to_make(Contract(100, "H", "S"), (1, 0))
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
    >>> made_levels((80, 90, 100), 95, lambda lv: s(Contract(lv, "H", "N"), 95, 0, (0, 0), (0, 0)))
    (2, False)
    """
    n = len(levels)
    guess = sum(1 for lv in levels if points_needed(lv) <= counted)
    if (guess == 0 or score(levels[guess - 1])[2]) and (guess == n or not score(levels[guess])[2]):
        lo = guess
    else:
        lo = _first_true(0, n, lambda k: not score(levels[k])[2])
    return lo, lo < n and score(levels[lo])[3]
