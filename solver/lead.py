"""Opening-lead advice by Monte Carlo: which card to lead against (or for) a contract.

The first leader knows her hand and the contract.  :func:`lead_advice` deals the
unseen cards many times (:mod:`solver.sampling`), and on every deal finds the exact
double-dummy result of each of her eight possible leads.  Per card it reports the
mean card points of her side with a standard error, the share of deals where the
contract makes, and the mean deal score of her side; every card is judged on the
same deals, and compared with the best lead deal by deal (:mod:`solver.montecarlo`
runs the loop and holds the statistics).

With ``measure="set"`` only make/fail is asked: one null-window probe per card
instead of an exact search, a good deal faster, and no point averages.

>>> adv = lead_advice("J7.AT.A8.87", seat="E", contract="capot S", declarer="S",
...                   samples=2, seed=1, workers=1)
>>> [str(c) for c in adv.cards]
['S7', 'SJ', 'HT', 'HA', 'D8', 'DA', 'C7', 'C8']
>>> max(s.p_make for s in adv.stats)     # E holds the jack of trumps: no capot, whatever the lead
0.0
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Callable, NamedTuple

import numpy as np

from .messages import card_name, tr
from .advice import bid_label
from .cards import Card, CardSet, Seat, Team, TextEnum
from .contract import Contract
from .deal import Deal
from .errors import ConstraintError, ContractError, SeatError
from .montecarlo import (Answer, Estimate, Judged, Study, estimate, judge, sample_answer, share, stamped,
                         stopping_dict)
from .parallel import Backend
from .rules import Rules
from .sampling import Constraints, parse_hand
from .outcome import PlayedContract, deal_facts, side_points
from .scoring import min_points_to_make
from .sequential import Verdict
from .solve import LeadResult, Solver

__all__ = ["LeadAdvice", "LeadJudged", "Measure", "lead_advice"]


class Measure(TextEnum):
    """What a lead is judged by, equal to its word (the JSON's ``"measure"``): ``points``,
    the exact values; ``set``, make or fail only (threshold probes)."""

    POINTS = "points"
    SET = "set"


def _lead_task(solver: Solver, task: tuple[Any, ...]) -> list[LeadResult]:
    """Per card of the leader's hand: (N-S points or None, N-S capot, E-W capot, makes or None),
    a :class:`~solver.solve.LeadResult`.

    ``need``: N-S points the threshold asks (``measure="set"``), else None for exact values.
    """
    deal, leader, strain, rules, need, capot_only = task
    return solver.lead_results(deal, leader, strain, rules, need, capot_only)


#: One lead judged over the deals, for the leader's side: :class:`~solver.montecarlo.Judged`
#: with the card as its option; ``card_points`` (``points``) the leader's side's mean card
#: points and ``value`` (``ev``) its mean deal score minus the other side's (NaN with
#: ``measure="set"``); ``made`` (``p_make``) the share of deals where the contract makes;
#: ``success`` where the leader's side reaches its goal (sets the contract, or makes it
#: for the declarer's partner); ``versus`` (``vs_best``) this lead against the best, deal
#: by deal: in score (``measure="points"``) or in the share of goals reached (``"set"``).
LeadJudged = Judged[Card]


@dataclasses.dataclass(frozen=True, eq=False)
class LeadAdvice(Answer):
    """What :func:`lead_advice` returns.

    ``cards``: the leader's cards (in card order); ``deals``: the sampled deals;
    ``values``: int array (samples × cards) of the leader's side's card points after
    each lead (``None`` with ``measure="set"``); ``scores``: int array (samples × cards)
    of the leader's side's deal score minus the other side's (``None`` with
    ``measure="set"``); ``makes``: bool array (samples × cards), the contract makes
    after that lead; ``stats``: :class:`LeadJudged` per card, best lead first;
    ``best``: the first of them.  The best lead is the one with the best mean score
    for the leader's side, then the most points (``measure="set"``: the fewest makes
    for a defender, the most for a declarer's partner).
    """

    hand: CardSet
    seat: Seat
    contract: Contract
    rules: Rules
    seed: "int | None"
    measure: Measure
    cards: list[Card]
    deals: list[Deal]
    values: "np.ndarray | None"
    scores: "np.ndarray | None"
    makes: np.ndarray
    stats: list[LeadJudged]
    stopping: "Verdict | None" = None
    PER_DEAL = ("values", "scores", "makes")

    @property
    def best(self) -> LeadJudged:
        return self.stats[0]

    @property
    def defending(self) -> bool:
        return self.seat.team != self.contract.team

    def card(self, card: Card) -> LeadJudged:
        c = card
        for s in self.stats:
            if s.card == c:
                return s
        raise ContractError(tr("card {card} is not in the leader's hand {hand!r}", card=card_name(c),
                               hand=self.hand.to_pbn()))

    @property
    def text(self) -> str:
        """The advice in plain words."""
        b, w = self.stats[0], self.stats[-1]
        bid = bid_label(self.contract.level, self.contract.strain)
        p = (1 - b.p_make) if self.defending else b.p_make
        pw = (1 - w.p_make) if self.defending else w.p_make
        f = dict(card=card_name(b.card), bid=bid, p=100 * p, worst=card_name(w.card), pw=100 * pw,
                 points=b.points, worst_points=w.points,
                 se="" if math.isnan(b.points_se) else f" (±{b.points_se:.0f})")   # NaN: one sample
        if self.measure is Measure.SET:
            if self.defending:
                return tr("Lead {card}: it sets {bid} in {p:.0f}% of the deals; the worst lead, {worst}, "
                          "{pw:.0f}%.", **f)
            return tr("Lead {card}: it makes {bid} in {p:.0f}% of the deals; the worst lead, {worst}, "
                      "{pw:.0f}%.", **f)
        if self.defending:
            return tr("Lead {card}: your side takes {points:.0f} points on average{se} and it sets {bid} "
                      "in {p:.0f}% of the deals; the worst lead, {worst}, takes {worst_points:.0f} "
                      "({pw:.0f}%).", **f)
        return tr("Lead {card}: your side takes {points:.0f} points on average{se} and it makes {bid} in "
                  "{p:.0f}% of the deals; the worst lead, {worst}, takes {worst_points:.0f} ({pw:.0f}%).",
                  **f)

    def to_dict(self, with_deals: bool = False) -> dict[str, Any]:
        d: dict[str, Any] = {
            "hand": self.hand.to_pbn(), "seat": self.seat.name,
            "contract": self.contract.to_text(), "declarer": self.contract.declarer.name,
            "coinche": self.contract.coinche.name.lower(), "samples": self.samples,
            "seed": self.seed, "measure": self.measure.value,
            "cards": [s.to_dict() for s in self.stats], "best": self.best.card.name,
            "text": self.text,
        }
        d.update(stopping_dict(self.stopping))
        return {**d, **self._per_deal()} if with_deals else d

    def __repr__(self) -> str:
        return (f"<LeadAdvice {self.hand.to_pbn()} seat={self.seat.name} vs "
                f"{self.contract} samples={self.samples}: {self.best.card.name}>")


def _names_declarer(text: str) -> bool:
    """Does a bid text name its declarer (``"100H S"``)?  A text without a seat reads
    with any declarer given beside it."""
    try:
        Contract.parse(text, declarer="N")
        Contract.parse(text, declarer="E")
    except ValueError:
        return True
    return False


def _parse_contract(contract: "Contract | str", declarer: "Seat | str | None") -> Contract:
    """The contract a lead is advised against: a Contract, or a bid text naming its
    declarer or read with ``declarer``; never a générale."""
    if isinstance(contract, Contract):
        c = contract
        if declarer is not None and Seat.parse(declarer) != c.declarer:
            raise ContractError(tr("contract {c} names declarer {declarer}, not {seat}", c=c,
                                   declarer=c.declarer.name, seat=Seat.parse(declarer).name))
    else:
        c = Contract.parse(contract, declarer=declarer)
        if declarer is None and not _names_declarer(contract):
            raise ContractError(tr("contract {contract!r} names no declarer: give declarer= or write the "
                                   "seat in the text, like '100H S'", contract=contract))
    if c.is_generale:
        raise ContractError(tr("{c}: lead advice does not handle générale contracts", c=c))
    return c


class _Outcomes(NamedTuple):
    """Per deal (rows) and lead (columns): the leader's side's card points and deal
    score (None with ``measure="set"``), and whether the contract makes."""

    values: "np.ndarray | None"
    scores: "np.ndarray | None"
    makes: np.ndarray


class _Leading(Study["LeadAdvice"]):
    """:func:`lead_advice` as a Monte Carlo study: every lead of the hand solved on
    every deal, then each lead's statistics against the best.  Its question is the
    fields of the :class:`LeadAdvice` that say what was asked (hand, seat, contract,
    rules, seed, measure)."""

    hand: CardSet
    seat: Seat
    contract: Contract
    rules: Rules
    measure: Measure
    claims: list[tuple[tuple[int, int], tuple[int, int], int]]  # belotes, declarations, total per deal
    work = staticmethod(_lead_task)

    def initial(self, deals: list[Deal]) -> list[Any]:
        c, rules = self.contract, self.rules
        bidders, set_only = c.team, self.measure is Measure.SET
        self.claims, tasks = [], []
        for d in deals:
            bel, decl, total = deal_facts(c, d, self.seat, rules)
            self.claims.append((bel, decl, total))
            need = None
            if set_only and not c.is_capot:
                p = min_points_to_make(c, bel, decl, rules, total)
                need = p if bidders == Team.NS else total - p + 1   # N-S points that decide
            tasks.append((d, self.seat, c.strain, rules, need, set_only and c.is_capot))
        return tasks

    def outcomes(self, results: list[Any]) -> _Outcomes:
        """The per-deal results of :func:`_lead_task` as arrays, for the leader's side."""
        c = self.contract
        bidders, mine = c.team, self.seat.team
        n, k = len(results), len(self.hand)
        makes = np.zeros((n, k), dtype=bool)
        exact = self.measure is Measure.POINTS
        values = np.zeros((n, k), dtype=np.int64)
        scores = np.zeros((n, k), dtype=np.int64)
        for i, (row, (bel, decl, total)) in enumerate(zip(results, self.claims)):
            for j, cells in enumerate(row):
                r = LeadResult(*cells)
                taker = r.taken_all
                if c.is_capot:
                    makes[i, j] = taker == bidders
                elif not exact:
                    # N-S reach `need` <=> the bidders make (need is in N-S points)
                    makes[i, j] = r.reaches if bidders == Team.NS else not r.reaches
                if exact:
                    assert r.ns_points is not None          # exact values were asked
                    values[i, j] = side_points(r.ns_points, mine, total)
                    played = PlayedContract.from_ns(c, r.ns_points, taker, belote=bel, declarations=decl,
                                                    total=total)
                    scores[i, j], ok = played.margin(mine, self.rules)
                    makes[i, j] = ok if mine == bidders else not ok
        return _Outcomes(values if exact else None, scores if exact else None, makes)

    def final(self, deals: list[Deal], results: list[Any]) -> LeadAdvice:
        out = self.outcomes(results)
        return LeadAdvice(**self.question, cards=list(self.hand), deals=deals, values=out.values,
                          scores=out.scores, makes=out.makes, stats=self.judge(out))

    def judge(self, out: _Outcomes) -> list[LeadJudged]:
        """Each lead's statistics, best first, each against the best on the same deals."""
        cards = list(self.hand)
        defending = self.seat.team != self.contract.team
        none = Estimate(float("nan"), float("nan"))
        goal = ~out.makes if defending else out.makes       # the leader's side reaches its goal
        if out.values is not None and out.scores is not None:
            points = [estimate(out.values[:, j].astype(float)) for j in range(len(cards))]
            judged = judge(cards, out.scores.astype(float), goal, lambda j, value, _: (
                round(value.value, 9), round(points[j].value, 9), -int(cards[j])))
            scores = [j.value for j in judged]
            order = sorted(range(len(cards)), key=lambda j: (-round(scores[j].value, 9),
                                                             -round(points[j].value, 9), int(cards[j])))
        else:
            points = scores = [none] * len(cards)
            judged = judge(cards, goal.astype(float), goal,
                           lambda j, _, reach: (round(reach.value, 9), -int(cards[j])))
            order = sorted(range(len(cards)), key=lambda j: (-round(judged[j].success.value, 9), int(cards[j])))
        exact = out.values is not None
        return [dataclasses.replace(judged[j], value=scores[j], made=share(out.makes[:, j]),
                                    card_points=points[j] if exact else None, contract=self.contract)
                for j in order]


def lead_advice(hand: "CardSet | str", seat: "Seat | str", contract: "Contract | str",
                declarer: "Seat | str | None" = None, samples: int = 200, seed: "int | None" = None,
                rules: Rules = Rules(), constraints: "Constraints | None" = None, *,
                measure: "Measure | str" = "points", workers: "int | None" = None,
                executor: "Backend | str" = Backend.THREAD,
                progress: "Callable[[int, int], None] | None" = None,
                max_attempts: "int | None" = None, confidence: "float | None" = None,
                margin: "float | None" = None, time: "float | None" = None) -> LeadAdvice:
    """Advice on the opening lead for ``seat``, holding ``hand``, against or for ``contract``.

    ``contract`` is a :class:`~solver.contract.Contract` or a bid text (``"100H"``,
    ``"100H S X"``) with ``declarer``.  ``seat`` leads the first trick (the seat after
    the dealer), whichever side bid.  ``measure``: ``"points"`` (exact values) or
    ``"set"`` (make/fail only, by threshold probes).

    With ``confidence``, ``margin`` or ``time`` given, ``samples`` is the most deals
    solved: they are solved in rounds and sampling stops as soon as the best lead is
    separated from the others at ``confidence`` (0.95 by default), or the leads it is
    not separated from are within ``margin`` of it (score points with
    ``measure="points"``, percentage points of goal reached with ``"set"``; 5 by
    default), or ``time`` seconds have passed (:mod:`solver.sequential`).  The answer
    is then the one of a fixed run on the deals solved, and its ``stopping`` says why
    it stopped.  Without them, exactly ``samples`` deals are solved.
    """
    h = parse_hand(hand)
    try:
        seat = Seat.parse(seat)
    except SeatError as e:
        raise ConstraintError(str(e)) from None
    c = _parse_contract(contract, declarer)
    if measure not in tuple(Measure):
        raise ConstraintError(tr("measure {measure!r}: expected 'points' or 'set'", measure=measure))
    study = _Leading(hand=h, seat=seat, contract=c, rules=rules, seed=seed, measure=Measure(measure))

    def values(deals: list[Deal], results: list[Any]) -> np.ndarray:
        out = study.outcomes(results)
        if out.scores is not None:
            return out.scores.astype(float)
        # the leader's side reaches its goal
        goal = out.makes != (study.contract.team != study.seat.team)
        return np.asarray(100.0 * goal.astype(float))

    answer, verdict = sample_answer(study, h, seat, samples, values, seed, constraints, confidence=confidence,
                                    margin=margin, time=time, workers=workers, executor=executor,
                                    progress=progress, max_attempts=max_attempts,
                                    options=lambda d, r: list(study.hand))
    if verdict is None:
        return answer
    return dataclasses.replace(answer, stopping=verdict, stats=stamped(answer.stats, verdict))
