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
from .cards import CardSet, Seat, Team
from .contract import Coinche, Contract, cached_contract, may_coinche
from .deal import Deal
from .handeval import remember
from .montecarlo import Estimate, estimate, json_number, judge, share
from .outcome import DealFacts, Margins
from .parallel import Backend
from .rollouts import continue_auctions, hands
from .rules import Rules
from .sampling import Constraints
from .system import DEFAULT, BiddingSystem

Policy = Callable[[SeatView], Call]
#: A policy made for one rollout from that rollout's seed: for policies that draw at
#: random, so that every rollout has its own seed, fixed by the advice's seed, the deal's
#: index and the call's index (never by the worker that dealt the deal).
SeededPolicy = Callable[[int], Policy]
#: How many paired standard errors a call must gain over the policy's own call to be advised
#: instead of it (:func:`judge_calls_ahead`).
EVIDENCE = 0.0


def rollout_seed(seed: Optional[int], deal: int, call: int) -> int:
    """The seed of the rollout of call number ``call`` on deal number ``deal``."""
    ss = np.random.SeedSequence([0 if seed is None else seed, deal, call])
    return int(ss.generate_state(1)[0])


#: Entries a memory of the rollouts holds before it starts afresh (a bound on memory
#: for long runs; each entry is a few hundred bytes).
MEMORY = 200_000


class _RememberingHeuristic(HeuristicBot):
    """:class:`HeuristicBot` whose point-count value of a hand in a strain is computed
    once, and whose call for a hand after an auction too: the rollouts ask again for
    every call and every continuation, and the seat asking for advice holds the same
    hand on every deal.  The bot is deterministic, so remembering changes no call."""

    def __init__(self) -> None:
        super().__init__()
        self._memo: dict[tuple[int, int], int] = {}
        self._calls: dict[tuple[int, int, tuple[Call, ...]], Call] = {}

    def _value(self, hand, strain):  # type: ignore[no-untyped-def]
        key = (hand.mask, int(strain))
        if key not in self._memo:
            if len(self._memo) > MEMORY:
                self._memo.clear()
            self._memo[key] = super()._value(hand, strain)
        return self._memo[key]

    def call(self, view: SeatView) -> Call:
        if (view.rules is not self._rules or view.system is not self._system) and \
                (view.rules != self._rules or view.system != self._system):
            self._calls.clear()                 # calls remembered under other rules
            self._rules, self._system = view.rules, view.system
        key = (int(view.seat), view.hand.mask, view.auction.calls)
        c = self._calls.get(key)
        if c is None:
            if len(self._calls) > MEMORY:
                self._calls.clear()
            c = self._calls[key] = super().call(view)
        return c

    _rules: "Rules | None" = None
    _system: "BiddingSystem | None" = None


class _Auctions:
    """The auctions met in rollouts, each built and checked once, with whether it is
    over and its legal calls: the rollouts of every call on every deal meet the same
    auctions again and again.  One memory serves every advice of the same dealer and
    rules (:func:`_known`)."""

    def __init__(self) -> None:
        self._next: dict[tuple[tuple[Call, ...], Call], Auction] = {}
        self._over: dict[tuple[Call, ...], bool] = {}
        self._legal: dict[tuple[Call, ...], list[Call]] = {}

    def then(self, a: Auction, call: Call) -> Auction:
        key = (a.calls, call)
        b = self._next.get(key)
        if b is None:
            if len(self._next) > MEMORY:
                self._next.clear()
                self._over.clear()
                self._legal.clear()
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


_KNOWN: dict[tuple[Seat, Rules], _Auctions] = {}


def _known(dealer: Seat, rules: Rules) -> _Auctions:
    """The rollouts' memory of the auctions of ``dealer`` under ``rules``."""
    k = _KNOWN.get((dealer, rules))
    if k is None:
        if len(_KNOWN) > 16:
            _KNOWN.clear()
        k = _KNOWN[(dealer, rules)] = _Auctions()
    return k


_POLICY = _RememberingHeuristic()


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


@dataclasses.dataclass
class _Rollout:
    """One rollout played: its deal, the finished auction, our margin and success, the
    final contract's name and, once asked, what followed the call in words."""

    deal: Deal
    end: Auction
    margin: float
    success: bool
    final: str
    follows: Optional[str] = None


#: Rollouts already played, for a judging that sees its deals again as sampling goes on
#: (each round judges every deal so far): per auction, seat, calls rolled out, seed, rules
#: and system, per (deal number, call number), the rollout.
RolloutMemo = dict[tuple[Any, ...], dict[tuple[int, int], _Rollout]]


def rollout_values(auction: Auction, seat: Seat, deals: Sequence[Deal], results: Sequence[list[tuple[int, Any]]],
                   rules: Rules, system: BiddingSystem = DEFAULT,
                   policy: Optional[Policy] = None, seeded: Optional[SeededPolicy] = None,
                   seed: Optional[int] = None,
                   nexts: Optional[list[Counter[str]]] = None,
                   ends: Optional[list[list[Auction]]] = None,
                   options: Optional[Sequence[Call]] = None, punish: bool = True,
                   memo: Optional[RolloutMemo] = None,
                   ) -> tuple[list[Call], np.ndarray, np.ndarray, list[Counter[str]]]:
    """Per deal (rows) and legal call (columns): our score minus theirs and our success
    once the auction is continued by ``policy`` (or by ``seeded(rollout_seed(seed, i,
    j))`` for deal ``i`` and call ``j``); and per call the final contracts.  ``nexts``,
    when given, receives per call how the auction went on (:func:`what_follows`), and
    ``ends`` per call the finished auction of every deal; ``options``: the calls rolled
    out (default: every legal call); ``punish``: a final contract that fails uncoinched is
    scored coinched (:func:`final_margin`); ``memo``: rollouts kept from an earlier call
    on the same deals (the same objects, at the same places), the same policy, seed and
    options, reused rather than played again."""
    fixed: Policy = policy if policy is not None else _POLICY.call
    options = auction.legal_calls() if options is None else list(options)
    played: dict[tuple[int, int], _Rollout] = {} if memo is None else \
        memo.setdefault((auction, seat, tuple(options), seed, punish, rules, system.name), {})
    if policy is None and seeded is None:       # the point count of every hand, in one pass
        remember([d[s].mask for i, d in enumerate(deals) if not _kept(played, i, d) for s in Seat])
    leader = auction.dealer.next
    values = np.zeros((len(deals), len(options)))
    success = np.zeros((len(deals), len(options)), dtype=bool)
    finals: list[Counter[str]] = [Counter() for _ in options]
    if nexts is not None:
        nexts[:] = [Counter() for _ in options]
    if ends is not None:
        ends[:] = [[] for _ in options]
    known = _known(auction.dealer, rules)
    scored: Scored = {}
    margins = Margins(rules)
    compiled = _Compiled(deals, rules, known) if policy is None and seeded is None else None
    for j, call in enumerate(options):
        start = known.then(auction, call)
        ended = {} if compiled is None else compiled.ends(start, [i for i, d in enumerate(deals)
                                                              if not _kept(played, i, d, j)])
        for i, (deal, rows) in enumerate(zip(deals, results)):
            r = played.get((i, j))
            if r is None or r.deal is not deal:
                if compiled is not None:
                    end = ended[i]
                else:
                    pol = fixed if seeded is None else seeded(rollout_seed(seed, i, j))
                    end = continue_auction(start, deal, pol, rules, system, known)
                margin, ok = _scored(end.contract, i, deal, rows, seat.team, leader, rules, punish, scored, margins)
                r = played[i, j] = _Rollout(deal, end, float(margin), bool(ok), _name(end.contract))
            values[i, j], success[i, j] = r.margin, r.success
            finals[j][r.final] += 1
            if nexts is not None:
                if r.follows is None:
                    r.follows = what_follows(start, r.end, seat)
                nexts[j][r.follows] += 1
            if ends is not None:
                ends[j].append(r.end)
    return options, values, success, finals


class _Compiled:
    """The default policy's rollouts on some of ``deals``, played by the compiled loop of
    :mod:`solver.rollouts` (the same auctions as :func:`continue_auction` with the
    point-count bot), the hands valued once for every call."""

    def __init__(self, deals: Sequence[Deal], rules: Rules, known: _Auctions) -> None:
        self.deals, self.rules, self.known = deals, rules, known
        self._hands: dict[tuple[int, ...], tuple[np.ndarray, np.ndarray]] = {}

    def ends(self, start: Auction, todo: list[int]) -> dict[int, Auction]:
        """The finished auctions of ``start`` on the deals numbered ``todo`` (the same
        deals for every call of a round: their hands are valued once)."""
        if not todo:
            return {}
        picked = [self.deals[i] for i in todo]
        made = self._hands.get(tuple(todo))
        if made is None:
            made = self._hands[tuple(todo)] = hands(picked, _POLICY._value, self.rules)
        ends = continue_auctions(start, picked, then=self.known.then, made=made)
        return dict(zip(todo, ends))


def _kept(played: dict[tuple[int, int], _Rollout], i: int, deal: Deal, j: int = 0) -> bool:
    """Whether deal number ``i``'s rollout of call number ``j`` is kept (for the first
    call: the deal's hands' point counts are known)."""
    hit = played.get((i, j))
    return hit is not None and hit.deal is deal


#: The final contracts scored on each deal of a judging, and the deal's facts for them.
Scored = dict[int, tuple[dict[Contract, tuple[int, bool]], DealFacts]]


def _scored(contract: Optional[Contract], i: int, deal: Deal, rows: list[tuple[int, Any]], team: Team, leader: Seat,
            rules: Rules, punish: bool, scored: Scored, margins: Margins) -> tuple[int, bool]:
    """Our margin and success with a rollout's final ``contract`` on deal number ``i``
    (passed out: 0); ``scored`` keeps each (deal, contract) met, as calls that end in the
    same contract on a deal score it once, and each deal's facts."""
    if contract is None:
        return 0, False
    known, facts = scored.setdefault(i, ({}, {}))
    got = known.get(contract)
    if got is None:
        got = known[contract] = final_margin(contract, deal, rows[int(contract.strain)], team, leader, rules,
                                             punish, facts, margins)
    return got


def final_margin(contract: Contract, deal: Deal, row: tuple[int, Any], team: Team, leader: Seat, rules: Rules,
                 punish: bool = True, facts: "DealFacts | None" = None,
                 margins: "Margins | None" = None) -> tuple[int, bool]:
    """``team``'s margin and success with the final contract of a rollout played double
    dummy.  With ``punish`` (when the contract's level may be coinched) a contract left
    uncoinched that fails is scored coinched, and a coinched contract that makes is
    scored surcoinched, as the opening advice scores its bids: the rollouts'
    point-count seats seldom coinche (never a no-trump or all-trump contract) and never
    surcoinche, while seats that judge their calls on sampled deals coinche what fails
    and surcoinche what makes."""
    margin, ok = contract_margin(contract, deal, row, team, leader, rules, facts, margins)
    makes = ok == (contract.team == team)
    if not punish or not may_coinche(contract.level, rules):
        return margin, ok
    if contract.coinche == Coinche.NONE and not makes:
        worse = Coinche.COINCHE
    elif contract.coinche == Coinche.COINCHE and makes:
        worse = Coinche.SURCOINCHE
    else:
        return margin, ok
    doubled = cached_contract(contract.level, contract.strain, contract.declarer, int(worse), rules.capot_coinche)
    return contract_margin(doubled, deal, row, team, leader, rules, facts, margins)


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
    #: the advised call: the highest mean, or the policy's own call when no other beats it
    #: clearly (:func:`judge_calls_ahead`)
    chosen: Optional[Call] = None

    def to_dict(self) -> dict[str, Any]:
        return {"continuations": [c.to_dict() for c in self.continuations], "text": self.text,
                "doubling": None if self.doubling is None else self.doubling.to_dict(),
                "chosen": None if self.chosen is None else self.chosen.text}


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
                      punish: bool = True, evidence: float = EVIDENCE, fits: Optional[BiddingSystem] = None,
                      memo: Optional[RolloutMemo] = None) -> tuple[list[CallJudged], np.ndarray, LookaheadNote]:
    """The calls of ``auction`` judged by rollouts on the deals of an auction advice:
    what :func:`solver.bidding.judge_calls` gives for "ends now" (each call's
    :class:`~solver.bidding.CallJudged`, its ``contract`` the one the call leaves
    standing, and the score matrix), and how the auctions went on.  The advised call is
    the one of highest mean among the calls whose system meaning the hand fits
    (:func:`system_fits`; ``fits``, when given, is that system instead of ``system``: the
    deals may have been dealt as if the calls showed nothing, ``system`` then
    :data:`~solver.bidding.NO_SYSTEM`, while the seat's own call still keeps to its
    system), unless the policy's own call is within ``evidence`` paired standard errors
    of it; ``punish``: see :func:`final_margin`; ``memo``: see :func:`rollout_values`."""
    nexts: list[Counter[str]] = []
    ends: list[list[Auction]] = []
    options, values, success, finals = rollout_values(auction, seat, deals, results, rules, system, policy,
                                                      seeded, seed, nexts, ends, punish=punish, memo=memo)
    later = {j: -k for k, j in enumerate(sorted(range(len(options)), key=lambda j: call_order(options[j])))}
    # only the calls the system lets this hand make: partner and opponents read each call
    # by the system when they sample deals, so a call the hand does not fit misleads them
    hand = deals[0][seat] if deals else None
    own_system = system if fits is None else fits
    allowed = [j for j in range(len(options))
               if hand is None or system_fits(auction, options[j], hand.mask, own_system)] or list(range(len(options)))
    top = max(allowed, key=lambda j: (round(float(values[:, j].mean()), 9), later[j]))
    own = options.index(policy_call(auction, seat, hand, rules, system, policy, seeded, seed, len(options))) \
        if hand is not None else top
    gain = estimate(values[:, top] - values[:, own])
    # the best mean over few deals is biased upward (the highest of many noisy means): a
    # call the policy would not make must beat the policy's own call by ``evidence``
    # paired standard errors (a lone deal, whose error is unknown, never suffices)
    clear = gain.value > 0 and (evidence <= 0 or (len(deals) > 1 and gain.value > evidence * gain.se))
    chosen = top if top == own or own not in allowed or clear else own
    judged = judge(options, values, success,
                   lambda j, value, _: (j == chosen, round(value.value, 9), later[j]))
    n = len(deals)
    index = {c: j for j, c in enumerate(options)}
    stats: list[CallJudged] = []
    conts = []
    for p in judged:
        j = index[p.option]
        now = auction.then(p.option).state().contract()
        stats.append(dataclasses.replace(p, contract=now))
        conts.append(Continuation(p.option, _shares(nexts[j], n), _shares(finals[j], n), _name(now)))
    ranked = sorted(stats, key=lambda c: (c.call != options[chosen], -round(c.ev, 9), call_order(c.call)))
    by_call = {c.call: c for c in conts}
    doubling = judge_doubling(auction, seat, deals, results, rules, options, values, ends)
    text = _note_text(ranked, by_call)
    if chosen != top:
        text = text[:-1] + ". " + tr("{call} has the highest mean ({ev:+.0f}) but beats the point count's own "
                                     "call by only {gain:+.0f} ± {se:.0f} a deal: not enough to leave it",
                                     call=call_text(options[top]), ev=float(values[:, top].mean()),
                                     gain=gain.value, se=gain.se) + "."
    best_mean = max(range(len(options)), key=lambda j: (round(float(values[:, j].mean()), 9), later[j]))
    if best_mean not in allowed:
        shows = own_system.meaning(auction.then(options[best_mean]), len(auction.calls)).describe()
        text = text[:-1] + ". " + tr("{call} has the highest mean ({ev:+.0f}) but shows {shows}, which this hand "
                                     "does not hold: partner would bid on cards that are not there",
                                     call=call_text(options[best_mean]),
                                     ev=float(values[:, best_mean].mean()), shows=shows) + "."
    if doubling is not None:
        text = text[:-1] + ". " + doubling.text[0].upper() + doubling.text[1:] + "."
    return stats, values, LookaheadNote(tuple(conts), text, doubling, options[chosen])


def system_fits(auction: Auction, call: Call, hand: int, system: BiddingSystem = DEFAULT) -> bool:
    """Whether a hand (card mask) fits what ``call`` after ``auction`` shows by ``system``."""
    return system.meaning(auction.then(call), len(auction.calls)).accepts(hand)


def policy_call(auction: Auction, seat: Seat, hand: CardSet, rules: Rules, system: BiddingSystem = DEFAULT,
                policy: Optional[Policy] = None, seeded: Optional[SeededPolicy] = None,
                seed: Optional[int] = None, calls: int = 0) -> Call:
    """The call the rollouts' policy makes itself at ``seat`` holding ``hand`` (a seeded
    policy gets the seed of a rollout number ``calls``, past the calls' own)."""
    pol = policy if policy is not None else HeuristicBot().call if seeded is None else \
        seeded(rollout_seed(seed, 0, calls))
    return pol(SeatView(seat=seat, hand=hand, dealer=auction.dealer, auction=auction, rules=rules, system=system))


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


def ahead(policy: Optional[Policy] = None, seeded: Optional[SeededPolicy] = None, *, punish: bool = True,
          evidence: float = EVIDENCE, fits: Optional[BiddingSystem] = None) -> CallJudging:
    """A :class:`~solver.bidding.CallJudging` for :func:`solver.bidding.auction_advice`:
    each call judged by continuing the auction with ``policy`` (or a ``seeded`` policy
    per rollout; by default the point-count bot) on every deal (``punish``, ``evidence``,
    ``fits``: :func:`judge_calls_ahead`)."""

    memo: RolloutMemo = {}      # each round of sampling judges the deals of the rounds before again

    def judging(auction: Auction, seat: Seat, deals: list[Deal], results: list[Any], rules: Rules,
                system: BiddingSystem, seed: Optional[int]) -> tuple[list[CallJudged], np.ndarray, LookaheadNote]:
        return judge_calls_ahead(auction, seat, deals, results, rules, system, policy, seeded, seed, punish,
                                 evidence, fits, memo)
    return judging


def auction_advice(hand: "CardSet | str", seat: "Seat | str", dealer: "Seat | str",
                   auction: "Auction | str", samples: "int | None" = None, seed: "int | None" = None,
                   rules: Rules = Rules(), system: BiddingSystem = DEFAULT,
                   constraints: "Constraints | None" = None, *, workers: "int | None" = None,
                   executor: "Backend | str" = Backend.THREAD,
                   progress: "Callable[[int, int], None] | None" = None,
                   max_attempts: "int | None" = None, confidence: "float | None" = None,
                   margin: "float | None" = None, time: "float | None" = None,
                   lookahead: bool = False, policy: Optional[Policy] = None,
                   seeded: Optional[SeededPolicy] = None, evidence: float = EVIDENCE,
                   fits: Optional[BiddingSystem] = None, race: bool = True) -> AuctionAdvice:
    """Advice for the next call of ``auction`` (:func:`solver.bidding.auction_advice`, which
    races when each call ends the auction, unless ``race`` is False);
    with ``lookahead`` (or a ``policy`` or ``seeded`` policy given) each call is judged
    by continuing the auction on every deal instead of as if it ended after the call
    (``evidence``, ``fits``: :func:`judge_calls_ahead`).

    >>> a = auction_advice("AJ9.A7.KT.J", "N", "E", "S:80H W:pass", samples=8, seed=4, workers=1, lookahead=True)
    >>> a.text.startswith("Looking ahead")
    True
    """
    judge = ahead(policy, seeded, evidence=evidence, fits=fits) if lookahead or policy is not None or seeded is not None else None
    return bidding.auction_advice(hand, seat, dealer, auction, samples, seed, rules, system, constraints,
                                  workers=workers, executor=executor, progress=progress,
                                  max_attempts=max_attempts, confidence=confidence, margin=margin, time=time,
                                  judge=judge, race=race)


def review_auction(deal: "Deal | str", dealer: "Seat | str", auction: "Auction | str", *,
                   system: BiddingSystem = DEFAULT, samples: int = 100, seed: "int | None" = 1,
                   rules: Rules = Rules(), workers: "int | None" = None,
                   progress: "Callable[[int, int], None] | None" = None, confidence: "float | None" = None,
                   margin: "float | None" = None, time: "float | None" = None,
                   lookahead: bool = False) -> AuctionReview:
    """Each call of ``auction`` reviewed from its player's seat
    (:func:`solver.bidding.review_auction`), with ``lookahead`` by the rollouts' advice,
    each seat's own call keeping to ``system`` even where the deals are dealt as if the
    calls before it showed nothing (no deal fitting them)."""
    return bidding.review_auction(deal, dealer, auction, system=system, samples=samples, seed=seed, rules=rules,
                                  workers=workers, progress=progress, confidence=confidence, margin=margin,
                                  time=time, judge=ahead(fits=system) if lookahead else None)
