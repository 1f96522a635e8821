"""Bidding that looks ahead: each candidate call judged by playing the rest of the
auction out with a bidding policy on every sampled deal, then scoring the final
contract double dummy.

The deals are those of :func:`solver.bidding.auction_advice` (sampled consistently
with the auction so far); each deal's six strains are solved once and reused by every
continuation.  The calls are compared on the same deals with paired errors
(:func:`solver.montecarlo.judge`).  The policy is a parameter: by default
:class:`solver.heuristic.HeuristicBot` (point count + system) for all four seats.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, Callable, Optional, Sequence

import numpy as np

from .auction import Auction, Call, CallKind
from . import bidding
from .bidding import (AuctionAdvice, AuctionReview, CallJudged, CallJudging, call_order, call_text,
                      contract_margin)
from .messages import tr
from .heuristic import HeuristicBot, SeatView
from .cards import CardSet, Seat
from .contract import Contract
from .deal import Deal
from .montecarlo import Estimate, estimate, json_number, judge, share
from .parallel import Backend
from .rules import Rules
from .sampling import Constraints
from .system import DEFAULT, BiddingSystem

Policy = Callable[[SeatView], Call]
#: A policy made for one rollout from that rollout's seed: for policies that draw at
#: random, so that every rollout has its own seed, fixed by the advice's seed, the deal's
#: index and the call's index (never by the worker that dealt the deal).
SeededPolicy = Callable[[int], Policy]


def rollout_seed(seed: Optional[int], deal: int, call: int) -> int:
    """The seed of the rollout of call number ``call`` on deal number ``deal``."""
    ss = np.random.SeedSequence([0 if seed is None else seed, deal, call])
    return int(ss.generate_state(1)[0])


class _RememberingHeuristic(HeuristicBot):
    """:class:`HeuristicBot` whose point-count value of a hand in a strain is computed
    once: the rollouts ask it again for every call and every continuation."""

    def __init__(self) -> None:
        super().__init__()
        self._memo: dict[tuple[int, int], int] = {}

    def _value(self, hand, strain):  # type: ignore[no-untyped-def]
        key = (hand.mask, int(strain))
        if key not in self._memo:
            self._memo[key] = super()._value(hand, strain)
        return self._memo[key]


class _Auctions:
    """The auctions met in rollouts, each built and checked once, with whether it is
    over and its legal calls: the rollouts of every call on every deal meet the same
    auctions again and again, and checking an auction replays all its calls."""

    def __init__(self) -> None:
        self._next: dict[tuple[tuple[Call, ...], Call], Auction] = {}
        self._over: dict[tuple[Call, ...], bool] = {}
        self._legal: dict[tuple[Call, ...], list[Call]] = {}

    def then(self, a: Auction, call: Call) -> Auction:
        key = (a.calls, call)
        b = self._next.get(key)
        if b is None:
            b = self._next[key] = a.then(call)
        return b

    def over(self, a: Auction) -> bool:
        o = self._over.get(a.calls)
        if o is None:
            o = self._over[a.calls] = a.is_over
        return o

    def legal(self, a: Auction) -> list[Call]:
        calls = self._legal.get(a.calls)
        if calls is None:
            calls = self._legal[a.calls] = a.legal_calls()
        return list(calls)


@dataclasses.dataclass(frozen=True)
class _View(SeatView):
    """A :class:`SeatView` whose legal calls come from the rollouts' :class:`_Auctions`."""

    known: Optional[_Auctions] = None

    def legal_calls(self) -> list[Call]:
        return self.auction.legal_calls() if self.known is None else self.known.legal(self.auction)


def continue_auction(auction: Auction, deal: Deal, policy: Policy, rules: Rules,
                     system: BiddingSystem = DEFAULT, known: Optional[_Auctions] = None) -> Auction:
    """``auction`` continued by ``policy`` for all four seats, each seeing its own hand
    of ``deal``, until it is over (``known``: auctions already met, for speed; the
    auction of one advice's dealer and rules)."""
    k = known if known is not None else _Auctions()
    a = auction
    while not k.over(a):
        seat = a.next_seat
        view = _View(seat=seat, hand=deal[seat], dealer=a.dealer, auction=a, rules=rules, system=system, known=k)
        a = k.then(a, policy(view))
    return a


def _name(contract: Optional[Contract]) -> str:
    return "pass" if contract is None else str(contract)


def rollout_values(auction: Auction, seat: Seat, deals: Sequence[Deal], results: Sequence[list[tuple[int, Any]]],
                   rules: Rules, system: BiddingSystem = DEFAULT,
                   policy: Optional[Policy] = None, seeded: Optional[SeededPolicy] = None,
                   seed: Optional[int] = None,
                   nexts: Optional[list[Counter[str]]] = None,
                   ends: Optional[list[list[Auction]]] = None,
                   options: Optional[Sequence[Call]] = None,
                   ) -> tuple[list[Call], np.ndarray, np.ndarray, list[Counter[str]]]:
    """Per deal (rows) and legal call (columns): our score minus theirs and our success
    once the auction is continued by ``policy`` (or by ``seeded(rollout_seed(seed, i,
    j))`` for deal ``i`` and call ``j``); and per call the final contracts.  ``nexts``,
    when given, receives per call how the auction went on (:func:`what_follows`), and
    ``ends`` per call the finished auction of every deal; ``options``: the calls rolled
    out (default: every legal call)."""
    fixed: Policy = policy if policy is not None else _RememberingHeuristic().call
    options = auction.legal_calls() if options is None else list(options)
    leader = auction.dealer.next
    values = np.zeros((len(deals), len(options)))
    success = np.zeros((len(deals), len(options)), dtype=bool)
    finals: list[Counter[str]] = [Counter() for _ in options]
    if nexts is not None:
        nexts[:] = [Counter() for _ in options]
    if ends is not None:
        ends[:] = [[] for _ in options]
    known = _Auctions()
    for j, call in enumerate(options):
        start = auction.then(call)
        for i, (deal, rows) in enumerate(zip(deals, results)):
            pol = fixed if seeded is None else seeded(rollout_seed(seed, i, j))
            end = continue_auction(start, deal, pol, rules, system, known)
            contract = end.contract
            finals[j][_name(contract)] += 1
            if nexts is not None:
                nexts[j][what_follows(start, end, seat)] += 1
            if ends is not None:
                ends[j].append(end)
            if contract is None:              # passed out: nobody scores
                values[i, j], success[i, j] = 0, False
                continue
            row = rows[int(contract.strain)]
            values[i, j], success[i, j] = contract_margin(contract, deal, row, seat.team, leader, rules)
    return options, values, success, finals


def what_follows(start: Auction, end: Auction, seat: Seat) -> str:
    """In words, the first call other than a pass after ``start`` in ``end`` (from the
    point of view of ``seat``): "partner raises to 100♥", "opponents overcall 90♠",
    "opponents coinche", or "everyone passes"."""
    standing = start.state().bid
    for c in end.calls[len(start.calls):]:
        if c.kind == CallKind.PASS:
            continue
        who = "partner" if c.seat.team == seat.team and c.seat != seat else "me" if c.seat == seat else "them"
        if c.kind == CallKind.BID:
            bid = call_text(c)
            if who == "them":
                return tr("opponents overcall {bid}", bid=bid)
            if standing is not None and standing.seat.team == seat.team and c.strain == standing.strain:
                return tr("partner raises to {bid}", bid=bid) if who == "partner" else tr("I raise to {bid}", bid=bid)
            return tr("partner bids {bid}", bid=bid) if who == "partner" else tr("I bid {bid}", bid=bid)
        if c.kind == CallKind.COINCHE:
            return tr("opponents coinche") if who == "them" else tr("our side coinches")
        return tr("opponents surcoinche") if who == "them" else tr("our side surcoinches")
    return tr("everyone passes")


@dataclasses.dataclass(frozen=True)
class Continuation:
    """How the auction goes on after one call, over the sampled deals: the first other
    call (share of the deals), the final contracts (share), and the contract if the
    auction ended right after the call."""

    call: Call
    follows: dict[str, float]
    finals: dict[str, float]
    ends_now: str

    def to_dict(self) -> dict[str, Any]:
        return {"call": self.call.text, "follows": self.follows, "finals": self.finals, "ends_now": self.ends_now}


@dataclasses.dataclass(frozen=True)
class LookaheadNote:
    """What the look-ahead adds to an auction advice: per call how the auction goes on,
    and in words for the best call and the runner-up."""

    continuations: tuple[Continuation, ...]
    text: str
    #: the coinche or surcoinche open to the seat, judged (None when neither is legal)
    doubling: "Doubling | None" = None

    def to_dict(self) -> dict[str, Any]:
        return {"continuations": [c.to_dict() for c in self.continuations], "text": self.text,
                "doubling": None if self.doubling is None else self.doubling.to_dict()}


@dataclasses.dataclass(frozen=True)
class Doubling:
    """A coinche or a surcoinche judged by the rollouts, against passing, on the same
    deals: the chance that the standing contract fails (played double dummy as it
    stands), the paired difference of the deal score (ours minus theirs) between the
    call and a pass, each continued to the end of the auction, and what follows the
    call: shares of the deals where the other side answers (surcoinche), where the
    declarers run to another contract, and where the contract stands."""

    call: Call
    contract: Contract
    p_fails: Estimate
    versus_pass: Estimate
    answered: float
    ran: float
    stands: float

    def to_dict(self) -> dict[str, Any]:
        return {"call": self.call.text, "contract": self.contract.to_text(),
                "p_fails": json_number(self.p_fails.value), "p_fails_se": json_number(self.p_fails.se),
                "versus_pass": json_number(self.versus_pass.value),
                "versus_pass_se": json_number(self.versus_pass.se),
                "answered": self.answered, "ran": self.ran, "stands": self.stands, "text": self.text}

    @property
    def text(self) -> str:
        worth = tr("{call} against pass: {diff:+.0f} ± {se:.0f} a deal", call=call_text(self.call),
                   diff=self.versus_pass.value, se=self.versus_pass.se)
        answer = (tr("they surcoinche in {p:.0f}%", p=100 * self.answered) if self.call.kind == CallKind.COINCHE
                  else tr("they answer in {p:.0f}%", p=100 * self.answered))
        return tr("{contract} fails in {p:.0f}% of the deals; {worth}; after it {answer}, the declarers run "
                  "to another contract in {ran:.0f}%", contract=self.contract, p=100 * self.p_fails.value,
                  worth=worth, answer=answer, ran=100 * self.ran)


def judge_doubling(auction: Auction, seat: Seat, deals: Sequence[Deal], results: Sequence[list[tuple[int, Any]]],
                   rules: Rules, options: Sequence[Call], values: np.ndarray,
                   ends: Sequence[Sequence[Auction]]) -> "Doubling | None":
    """The coinche or surcoinche among ``options`` judged against the pass (``values``:
    the rollouts' scores, deals × options; ``ends``: per option the finished auctions)."""
    kinds = (CallKind.COINCHE, CallKind.SURCOINCHE)
    j = next((k for k, c in enumerate(options) if c.kind in kinds), None)
    p = next((k for k, c in enumerate(options) if c.kind == CallKind.PASS), None)
    standing = auction.state().contract()
    if j is None or p is None or standing is None:
        return None
    leader = auction.dealer.next
    ours = standing.declarer.team == seat.team
    fails = np.array([contract_margin(standing, d, rows[int(standing.strain)], seat.team, leader, rules)[1] != ours
                      for d, rows in zip(deals, results)])
    doubled = auction.then(options[j]).state().contract()
    n = max(len(ends[j]), 1)
    answered = ran = 0
    for end in ends[j]:
        final = end.contract
        if final is None or (final.level, final.strain, final.declarer) != (standing.level, standing.strain,
                                                                           standing.declarer):
            ran += 1
        elif doubled is not None and final.coinche > doubled.coinche:
            answered += 1
    return Doubling(options[j], standing, share(fails), estimate(values[:, j] - values[:, p]),
                    answered / n, ran / n, (n - answered - ran) / n if ends[j] else 0.0)


def _shares(counter: Counter[str], n: int) -> dict[str, float]:
    return {k: v / max(n, 1) for k, v in counter.most_common()}


def judge_calls_ahead(auction: Auction, seat: Seat, deals: Sequence[Deal], results: Sequence[list[tuple[int, Any]]],
                      rules: Rules, system: BiddingSystem = DEFAULT, policy: Optional[Policy] = None,
                      seeded: Optional[SeededPolicy] = None, seed: Optional[int] = None,
                      ) -> tuple[list[CallJudged], np.ndarray, LookaheadNote]:
    """The calls of ``auction`` judged by rollouts on the deals of an auction advice:
    what :func:`solver.bidding.judge_calls` gives for "ends now" (each call's
    :class:`~solver.bidding.CallJudged`, its ``contract`` the one the call leaves
    standing, and the score matrix), and how the auctions went on."""
    nexts: list[Counter[str]] = []
    ends: list[list[Auction]] = []
    options, values, success, finals = rollout_values(auction, seat, deals, results, rules, system, policy,
                                                      seeded, seed, nexts, ends)
    later = {j: -k for k, j in enumerate(sorted(range(len(options)), key=lambda j: call_order(options[j])))}
    judged = judge(options, values, success, lambda j, value, _: (round(value.value, 9), later[j]))
    n = len(deals)
    index = {c: j for j, c in enumerate(options)}
    stats: list[CallJudged] = []
    conts = []
    for p in judged:
        j = index[p.option]
        now = auction.then(p.option).state().contract()
        stats.append(dataclasses.replace(p, contract=now))
        conts.append(Continuation(p.option, _shares(nexts[j], n), _shares(finals[j], n), _name(now)))
    ranked = sorted(stats, key=lambda c: (-round(c.ev, 9), call_order(c.call)))
    by_call = {c.call: c for c in conts}
    doubling = judge_doubling(auction, seat, deals, results, rules, options, values, ends)
    text = _note_text(ranked, by_call)
    if doubling is not None:
        text = text[:-1] + ". " + doubling.text[0].upper() + doubling.text[1:] + "."
    return stats, values, LookaheadNote(tuple(conts), text, doubling)


def _note_text(ranked: list[CallJudged], conts: dict[Call, Continuation]) -> str:
    parts = []
    for i, st in enumerate(ranked[:2]):
        c = conts[st.call]
        how = ", ".join(tr("{what} in {p:.0f}%", what=k, p=100 * v) for k, v in list(c.follows.items())[:3])
        ends = ", ".join(tr("{contract} {p:.0f}%", contract=k if k != "pass" else tr("passed out"), p=100 * v)
                         for k, v in list(c.finals.items())[:3])
        head = tr("Looking ahead, {call} is worth {ev:+.0f}", call=call_text(st.call), ev=st.ev) if i == 0 else             tr("the runner-up {call} {ev:+.0f} ({loss:+.0f} ± {se:.0f} against it)", call=call_text(st.call),
               ev=st.ev, loss=st.vs_best, se=st.vs_best_se)
        parts.append(tr("{head}: after it {how}; the auction ends in {ends}", head=head, how=how, ends=ends))
    return "; ".join(parts) + "."


def ahead(policy: Optional[Policy] = None, seeded: Optional[SeededPolicy] = None) -> CallJudging:
    """A :class:`~solver.bidding.CallJudging` for :func:`solver.bidding.auction_advice`:
    each call judged by continuing the auction with ``policy`` (or a ``seeded`` policy
    per rollout; by default the point-count bot) on every deal."""

    def judging(auction: Auction, seat: Seat, deals: list[Deal], results: list[Any], rules: Rules,
                system: BiddingSystem, seed: Optional[int]) -> tuple[list[CallJudged], np.ndarray, LookaheadNote]:
        return judge_calls_ahead(auction, seat, deals, results, rules, system, policy, seeded, seed)
    return judging


def auction_advice(hand: "CardSet | str", seat: "Seat | str", dealer: "Seat | str",
                   auction: "Auction | str", samples: int = 300, seed: "int | None" = None,
                   rules: Rules = Rules(), system: BiddingSystem = DEFAULT,
                   constraints: "Constraints | None" = None, *, workers: "int | None" = None,
                   executor: "Backend | str" = Backend.THREAD,
                   progress: "Callable[[int, int], None] | None" = None,
                   max_attempts: "int | None" = None, confidence: "float | None" = None,
                   margin: "float | None" = None, time: "float | None" = None,
                   lookahead: bool = False, policy: Optional[Policy] = None,
                   seeded: Optional[SeededPolicy] = None) -> AuctionAdvice:
    """Advice for the next call of ``auction`` (:func:`solver.bidding.auction_advice`);
    with ``lookahead`` (or a ``policy`` or ``seeded`` policy given) each call is judged
    by continuing the auction on every deal instead of as if it ended after the call.

    >>> a = auction_advice("AJ9.A7.KT.J", "N", "E", "S:80H W:pass", samples=8, seed=4, workers=1, lookahead=True)
    >>> a.text.startswith("Looking ahead")
    True
    """
    judge = ahead(policy, seeded) if lookahead or policy is not None or seeded is not None else None
    return bidding.auction_advice(hand, seat, dealer, auction, samples, seed, rules, system, constraints,
                                  workers=workers, executor=executor, progress=progress,
                                  max_attempts=max_attempts, confidence=confidence, margin=margin, time=time,
                                  judge=judge)


def review_auction(deal: "Deal | str", dealer: "Seat | str", auction: "Auction | str", *,
                   system: BiddingSystem = DEFAULT, samples: int = 100, seed: "int | None" = 1,
                   rules: Rules = Rules(), workers: "int | None" = None,
                   progress: "Callable[[int, int], None] | None" = None, confidence: "float | None" = None,
                   margin: "float | None" = None, time: "float | None" = None,
                   lookahead: bool = False) -> AuctionReview:
    """Each call of ``auction`` reviewed from its player's seat
    (:func:`solver.bidding.review_auction`), with ``lookahead`` by the rollouts' advice."""
    return bidding.review_auction(deal, dealer, auction, system=system, samples=samples, seed=seed, rules=rules,
                                  workers=workers, progress=progress, confidence=confidence, margin=margin,
                                  time=time, judge=ahead() if lookahead else None)
