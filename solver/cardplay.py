"""Card-play advice from one seat: which card, seeing only one's own hand and the play.

The hidden hands are dealt many times, each deal consistent with what the seat knows
(:class:`~solver.knowledge.Knowledge`: the cards played by whom, and what the play
proves); every legal card of the seat to move is then solved exactly in every deal, and
the cards are compared on the same deals: our side's mean points, the share of deals
on which our side succeeds (our contract makes, or theirs fails) and our mean score
minus theirs, each card against the best with paired standard errors.  With the real
deal, each card's exact value on it stands beside the sampled average: a card can be
right on average and wrong on the deal (bad luck), or the other way round.

>>> a = play_advice("7.AJ9.KT.J8", "S", "100H N", "HK H8 D7", leader="W", samples=8, seed=1, workers=1)
>>> sorted(c.card.name for c in a.cards)
['H9', 'HA', 'HJ']
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterable, Mapping, Optional

import numpy as np

from .messages import N_, card_name, tr
from .auction import Auction
from .cards import Card, CardSet, Seat, Team
from .contract import Contract, opening_leader
from .deal import Deal
from .errors import ConstraintError, SeatError
from .knowledge import Knowledge
from .montecarlo import (Acceptance, Answer, Estimate, Judged, Lineage, Study, estimate, judge, sample_answer, stamped,
                         stopping_dict)
from .parallel import Backend
from .play import Position
from .rules import Rules
from .outcome import Margins, PlayedContract, capot_taker, deal_facts, deal_total, side_points
from .bidding import auction_constraints, shown
from .solve import Solver, default_solver
from .sequential import Verdict
from .sampling import cards_by_seat
from .system import DEFAULT, BiddingSystem


__all__ = ["CardJudged", "PlayAdvice", "play_advice", "card_outcomes", "score_play"]


def card_outcomes(solver: Solver, pos: Position) -> dict[Card, tuple[int, Optional[Team]]]:
    """Every legal card of ``pos`` -> (N-S points over the deal, the side that takes
    every trick or ``None``), exact."""
    values = solver.card_values(pos)
    out: dict[Card, tuple[int, Optional[Team]]] = {}
    total = deal_total(pos.deal, pos.strain, pos.rules)
    for card, v in values.items():
        taker = None
        if v in (0, total):
            pos.play(card)
            tricks = solver.max_tricks(pos)
            pos.undo()
            taker = capot_taker(tricks, pos.total_tricks)
        out[card] = (v, taker)
    return out


def _world(solver: Solver, task: tuple[Position, Deal]) -> dict[Card, tuple[int, Optional[Team]]]:
    pos, deal = task
    return card_outcomes(solver, pos.on_deal(deal))


#: A legal card judged over the deals: :class:`~solver.montecarlo.Judged` with the card
#: as its option, ``card_points`` our side's points, ``success`` the share of deals on
#: which our side succeeds, ``value`` (``ev``) our mean score minus theirs, ``versus``
#: against the best card deal by deal, ``real`` its exact N-S points on the real deal.
CardJudged = Judged[Card]


@dataclasses.dataclass
class PlayAdvice(Answer):
    """The advice for the seat to move; ``scores`` holds our score minus theirs per deal
    and card (in the order of :attr:`cards`)."""

    PER_DEAL = ("scores",)

    knowledge: Knowledge
    contract: Contract
    seed: Optional[int]
    deals: list[Deal]
    scores: np.ndarray
    cards: list[CardJudged]
    acceptance: Optional[float]
    text: str = ""
    stopping: "Verdict | None" = None
    #: how many of the deals came from the seat's earlier question on this deal, inside a
    #: :func:`~solver.montecarlo.reusing` block (:func:`play_lineage`)
    carried: int = 0

    @property
    def best(self) -> CardJudged:
        return max(self.cards, key=lambda c: (round(c.ev, 9), round(c.points, 9), -int(c.card)))

    def to_dict(self, with_deals: bool = False) -> dict[str, Any]:
        k = self.knowledge
        d = {"seat": k.seat.name, "hand": k.hand.to_pbn(), "contract": self.contract.to_text(),
             "declarer": self.contract.declarer.name, "leader": k.leader.name,
             "played": [c.name for _, c in k.played], "samples": self.samples, "seed": self.seed,
             "acceptance": self.acceptance, "carried": self.carried,
             "excluded": {s.name: c.to_pbn() for s, c in k.excluded.items() if len(c)},
             "announced": {s.name: c.to_pbn() for s, c in k.announced.items()},
             "cards": [c.to_dict() for c in self.cards], "best": self.best.card.name, "text": self.text,
             **stopping_dict(self.stopping)}
        if with_deals:
            d.update(self._per_deal())
        return d


class _Worlds(Study[tuple[list[Deal], list[Any]]]):
    knowledge: Knowledge
    work = staticmethod(_world)

    def initial(self, deals: list[Deal]) -> list[Any]:
        k = self.knowledge
        pos = Position(deals[0], k.strain, k.leader, k.rules, [c for _, c in k.played])
        return [(pos, d) for d in deals]

    def final(self, deals: list[Deal], results: list[Any]) -> tuple[list[Deal], list[Any]]:
        return deals, results


def score_play(contract: Contract, deal: Deal, ns_points: int, capot: Optional[Team], *, leader: Seat,
               rules: Rules) -> tuple[int, int, bool]:
    """``(N-S score, E-W score, made)`` of ``contract`` played on ``deal`` (``leader``
    led the first trick) when N-S take ``ns_points`` card points and ``capot`` (a side
    or ``None``) took every trick: :meth:`solver.outcome.PlayedContract.on_deal`."""
    return PlayedContract.on_deal(contract, deal, ns_points, capot, leader=leader, rules=rules).scores(rules)


def _judge(k: Knowledge, contract: Contract, deals: list[Deal], results: list[Any], margins: Margins
           ) -> tuple[list[CardJudged], np.ndarray]:
    cards = sorted(results[0])
    team = k.seat.team
    n = len(deals)
    ours, values = np.zeros((n, len(cards))), np.zeros((n, len(cards)))
    success = np.zeros((n, len(cards)), dtype=bool)
    for i, (deal, out) in enumerate(zip(deals, results)):
        claim, decl, total = deal_facts(contract, deal, k.leader, k.rules)
        for j, card in enumerate(cards):
            ns, capot = out[card]
            ours[i, j] = side_points(ns, team, total)
            values[i, j], success[i, j] = margins.of_ns(contract, ns, capot, (claim, decl, total), team)
    points = [estimate(ours[:, j]) for j in range(len(cards))]
    judged = judge(cards, values, success,
                   lambda j, value, _: (round(value.value, 9), round(points[j].value, 9), -int(cards[j])))
    declaring = contract.team == team
    stats = [dataclasses.replace(j, card_points=pts, contract=contract,
                                 made=j.success if declaring else Estimate(1.0 - j.success.value, j.success.se))
             for j, pts in zip(judged, points)]
    return stats, values


def _text(adv: PlayAdvice) -> str:
    b = adv.best
    ours = adv.contract.declarer.team == adv.knowledge.seat.team
    runner = sorted((c for c in adv.cards if c is not b), key=lambda c: -c.ev)[:1]
    more = ""
    if runner and runner[0].vs_best == 0:
        more = tr("; {card} is as good", card=card_name(runner[0].card))
    elif runner:
        more = tr("; next, {card} loses {loss:.0f} ± {se:.0f} on average", card=card_name(runner[0].card),
                  loss=-runner[0].vs_best, se=runner[0].vs_best_se)
    real = "" if b.real is None else tr(" (on the real deal: {ns} N-S points)", ns=b.real)
    f = dict(card=card_name(b.card), contract=adv.contract, p=100 * b.p_success, ev=b.ev, real=real,
             more=more)
    if ours:
        return tr("Play {card}: {contract} makes in {p:.0f}% of the deals, {ev:+.0f} on average{real}{more}.",
                  **f)
    return tr("Play {card}: {contract} fails in {p:.0f}% of the deals, {ev:+.0f} on average{real}{more}.",
              **f)


def play_advice(hand: "CardSet | str", seat: "Seat | str", contract: "Contract | str | None" = None,
                played: "str | Iterable[int | str]" = (), *, leader: "Seat | str | None" = None, samples: int = 100,
                seed: "int | None" = None, rules: Rules = Rules(), deal: "Deal | str | None" = None,
                auction: "Auction | str | None" = None, dealer: "Seat | str | None" = None,
                system: "BiddingSystem | None" = None, belote: "Iterable[str] | str | None" = None,
                shown: "Mapping[Seat | str, CardSet | str] | None" = None, workers: "int | None" = None,
                executor: "Backend | str" = Backend.THREAD,
                progress: "Callable[[int, int], None] | None" = None,
                max_attempts: "int | None" = None, confidence: "float | None" = None,
                margin: "float | None" = None, time: "float | None" = None) -> PlayAdvice:
    """Advice for ``seat`` to move after ``played`` (see the module).  ``hand``: the
    seat's cards (the remaining ones, or all 8); ``contract`` with its declarer
    (``"100H N"``, or the one the ``auction`` ended in); ``leader``: the first leader
    of the deal (by default the seat after the ``dealer``).  With an ``auction`` (and
    its ``dealer``), the hidden hands also fit every call under ``system`` (the default
    bidding system); ``belote`` and ``shown``: what announcements showed
    (:meth:`Knowledge.from_play`).  With ``confidence``, ``margin`` or ``time``,
    ``samples`` is the most deals solved, in rounds until the best card is known (as
    :func:`solver.advice.advise` does; ``stopping`` says why sampling stopped)."""
    try:
        seat = Seat.parse(seat)
        dealer = None if dealer is None else Seat.parse(dealer)
        leader = Seat.parse(leader) if leader is not None else None
    except SeatError as e:
        raise ConstraintError(str(e)) from None
    if leader is None and dealer is None:
        raise ConstraintError(tr("name the first leader (or the dealer, whose left-hand opponent leads)"))
    a = _auction(auction, dealer, rules)
    c = _contract(contract, a)
    if leader is None:
        assert dealer is not None                   # one of the two is given (checked above)
        leader = opening_leader(c, dealer, rules)
    k = Knowledge.from_play(CardSet.from_pbn(hand) if isinstance(hand, str) else hand, seat, c.strain, leader,
                            played, rules, belote=belote,
                            shown=None if shown is None else cards_by_seat(shown, N_("shown")))
    cons = k.constraints()
    if a is not None:
        cons = auction_constraints(k.hand, seat, a, system or DEFAULT, cons)
    counter = Acceptance(cons.accept, "the play so far")
    cons = dataclasses.replace(cons, accept=counter)

    margins = Margins(k.rules)        # each outcome scored once, across the worlds and the looks

    def card_values(deals: list[Deal], results: list[Any]) -> np.ndarray:
        return _judge(k, c, deals, results, margins)[1]

    study = _Worlds(knowledge=k)
    (deals, results), verdict = sample_answer(study, k.hand, seat, samples, card_values, seed,
                                              cons, confidence=confidence, margin=margin, time=time,
                                              workers=workers, executor=executor, progress=progress,
                                              max_attempts=max_attempts,
                                              options=lambda d, r: [x.option for x in _judge(k, c, d, r, margins)[0]],
                                              lineage=play_lineage(k, c, a, system or DEFAULT))
    _check_to_move(k, deals[0])
    stats, values = _judge(k, c, deals, results, margins)
    stats = stamped(stats, verdict)
    if deal is not None:
        real = _real_values(Deal.parse(deal), k)
        stats = [dataclasses.replace(s, real=real.get(s.card)) for s in stats]
    adv = PlayAdvice(k, c, seed, deals, values, stats, counter.rate, stopping=verdict,
                     carried=min(study.carried, len(deals)))
    adv.text = _text(adv)
    return adv


def play_lineage(k: Knowledge, contract: Contract, auction: "Auction | None", system: BiddingSystem) -> Lineage:
    """Where the deals of a card-play question may come from
    (:func:`~solver.montecarlo.deal_carrying`): the seat's questions on the same deal
    (its 8 cards, the contract, the first leader, the rules and what announcements
    showed), ordered by what the calls showed and then the cards played, in order.

    A later card's constraints are an earlier one's and more: the cards played since
    are known where they were played, the suits they show void are void, and the play
    replayed on a deal is the earlier play and more.  So the seat's deals for the
    next card it plays start with those of the card before that fit."""
    readings = () if auction is None else tuple(shown(auction, system))
    announced = frozenset((s, c.mask) for s, c in k.announced.items())
    return Lineage((k.hand.mask, k.seat, contract, k.leader, k.rules, announced), readings + k.played)


def _auction(auction: "Auction | str | None", dealer: "Seat | None", rules: Rules) -> "Auction | None":
    if auction is None or isinstance(auction, Auction):
        return auction
    if dealer is None:
        raise ConstraintError(tr("an auction needs its dealer"))
    return Auction.parse(auction, dealer, rules)


def _contract(contract: "Contract | str | None", a: "Auction | None") -> Contract:
    c = contract if isinstance(contract, Contract) or contract is None else Contract.parse(contract)
    ended = a.contract if a is not None else None
    if c is None:
        if ended is None:
            raise ConstraintError(tr("name the contract with its declarer, like '100H N' (or give the "
                                     "auction)"))
        return ended
    if c.declarer is None:
        raise ConstraintError(tr("contract {c}: name its declarer, like '100H N'", c=c))
    if ended is not None and (ended.strain, ended.declarer) != (c.strain, c.declarer):
        raise ConstraintError(tr("contract {contract} {declarer}: the auction ended in {ended} {ended_by}",
                                 contract=c.to_text(), declarer=c.declarer.name, ended=ended.to_text(),
                                 ended_by=ended.declarer.name))
    return c


def _check_to_move(k: Knowledge, deal: Deal) -> None:
    pos = Position(deal, k.strain, k.leader, k.rules, [c for _, c in k.played])
    if pos.is_over:
        raise ConstraintError(tr("the deal is over: no card is left to play"))
    if pos.to_move != k.seat:
        raise ConstraintError(tr("after these cards {to_move} is to play, not {seat}", to_move=pos.to_move.name,
                                 seat=k.seat.name))


def _real_values(deal: Deal, k: Knowledge) -> dict[Card, int]:
    if deal.hands[k.seat] != k.hand:
        raise ConstraintError(tr("the real deal gives {seat} {real}, not {hand}", seat=k.seat,
                                 real=deal.hands[k.seat].to_pbn(), hand=k.hand.to_pbn()))
    pos = Position(deal, k.strain, k.leader, k.rules, [c for _, c in k.played])
    return {card: v for card, (v, _) in card_outcomes(default_solver(), pos).items()}

