"""Bidding that looks ahead: each candidate call judged by playing the rest of the
auction out with a bidding policy on every sampled deal, then scoring the final
contract double dummy.

The deals are those of :func:`solver.bidding.auction_advice` (sampled consistently
with the auction so far); each deal's six strains are solved once and reused by every
continuation.  The calls are compared on the same deals with paired errors
(:func:`solver.montecarlo.judge`).  The policy is a parameter: by default
:class:`solver.bots.HeuristicBot` (point count + system) for all four seats.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, Callable, Optional, Sequence

import numpy as np

from .auction import Auction, Call
from .bidding import AuctionStudy, auction_constraints, call_order, call_text, contract_margin
from .bots import HeuristicBot, SeatView
from .cards import Seat
from .contract import Contract
from .deal import Deal
from .montecarlo import Acceptance, judge, simulate
from .rules import Rules
from .sampling import parse_hand
from .system import DEFAULT, BiddingSystem

Policy = Callable[[SeatView], Call]


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


def continue_auction(auction: Auction, deal: Deal, policy: Policy, rules: Rules,
                     system: BiddingSystem = DEFAULT) -> Auction:
    """``auction`` continued by ``policy`` for all four seats, each seeing its own hand
    of ``deal``, until it is over."""
    a = auction
    while not a.is_over:
        seat = a.next_seat
        view = SeatView(seat=seat, hand=deal[seat], dealer=a.dealer, auction=a, rules=rules, system=system)
        a = a.then(policy(view))
    return a


@dataclasses.dataclass
class LookaheadCall:
    """One candidate call: its mean score (our side minus theirs) after the rollouts,
    its paired difference with the best, and how the auctions ended."""

    call: Call
    ev: float
    ev_se: float
    vs_best: float
    vs_best_se: float
    p_success: float
    finals: dict[str, float]  # final contract (text, "pass" when passed out) -> share of deals
    ends_now: str  # the contract if the auction ended right after the call


@dataclasses.dataclass
class LookaheadAdvice:
    seat: Seat
    auction: Auction
    samples: int
    calls: list[LookaheadCall]
    text: str = ""

    @property
    def best(self) -> LookaheadCall:
        return max(self.calls, key=lambda c: c.ev)


def _name(contract: Optional[Contract]) -> str:
    return "pass" if contract is None else str(contract)


def rollout_values(auction: Auction, seat: Seat, deals: Sequence[Deal], results: Sequence[list[tuple[int, Any]]],
                   rules: Rules, system: BiddingSystem = DEFAULT,
                   policy: Optional[Policy] = None) -> tuple[list[Call], np.ndarray, np.ndarray, list[Counter[str]]]:
    """Per deal (rows) and legal call (columns): our score minus theirs and our success
    once the auction is continued by ``policy``; and per call the final contracts."""
    pol: Policy = policy if policy is not None else _RememberingHeuristic().call
    options = auction.legal_calls()
    leader = auction.dealer.next
    values = np.zeros((len(deals), len(options)))
    success = np.zeros((len(deals), len(options)), dtype=bool)
    finals: list[Counter[str]] = [Counter() for _ in options]
    for j, call in enumerate(options):
        start = auction.then(call)
        for i, (deal, rows) in enumerate(zip(deals, results)):
            end = continue_auction(start, deal, pol, rules, system)
            contract = end.contract
            finals[j][_name(contract)] += 1
            if contract is None:              # passed out: nobody scores
                values[i, j], success[i, j] = 0, False
                continue
            row = rows[int(contract.strain)]
            values[i, j], success[i, j] = contract_margin(contract, deal, row, seat.team, leader, rules)
    return options, values, success, finals


def lookahead_advice(hand: str, seat: "Seat | str", dealer: "Seat | str", auction: "Auction | str",
                     samples: int = 100, seed: Optional[int] = None, rules: Rules = Rules(),
                     system: BiddingSystem = DEFAULT, policy: Optional[Policy] = None,
                     workers: Optional[int] = None) -> LookaheadAdvice:
    """Advice for the next call of ``auction`` judged by rollouts (see the module)."""
    h = parse_hand(hand)
    s, d = Seat.parse(seat), Seat.parse(dealer)
    a = auction if isinstance(auction, Auction) else Auction.parse(auction, d, rules)
    c = auction_constraints(h, s, a, system, None)
    c = dataclasses.replace(c, accept=Acceptance(c.accept, "the auction"))
    deals, results = simulate(AuctionStudy(rules=rules, dealer=d), h, s, samples, seed, c, workers=workers)
    options, values, success, finals = rollout_values(a, s, deals, results, rules, system, policy)
    later = {j: -k for k, j in enumerate(sorted(range(len(options)), key=lambda j: call_order(options[j])))}
    judged = judge(options, values, success, lambda j, value, _: (round(value.value, 9), later[j]))
    n = max(len(deals), 1)
    calls = []
    for j, p in enumerate(judged):
        calls.append(LookaheadCall(p.option, p.value.value, p.value.se, p.versus.value, p.versus.se,
                                   p.success.value, {k: v / n for k, v in finals[j].most_common()},
                                   _name(a.then(p.option).state().contract())))
    adv = LookaheadAdvice(s, a, len(deals), calls)
    adv.text = _text(adv)
    return adv


def _text(adv: LookaheadAdvice) -> str:
    ranked = sorted(adv.calls, key=lambda c: -c.ev)
    parts = []
    for c in ranked[:2]:
        top = ", ".join(f"{k} {100 * v:.0f}%" for k, v in list(c.finals.items())[:3])
        parts.append(f"{call_text(c.call)}: worth {c.ev:+.0f}; the auction ends in {top}"
                     f" (ends now: {c.ends_now})")
    return "Looking ahead, " + "; ".join(parts) + "."
