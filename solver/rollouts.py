"""Auctions continued by the point-count bot on many deals at once, in compiled code.

The look-ahead (:mod:`solver.lookahead`) continues every candidate call's auction on
every sampled deal with :class:`~solver.heuristic.HeuristicBot` at the four seats.
:func:`continue_auctions` gives the same finished auctions as calling the bot seat by
seat (:func:`solver.lookahead.continue_auction`), from the compiled loop of
:mod:`solver._rollout`, which works on the tables made here from the one home of each
rule: the rules' bids in the order of :meth:`~solver.auction.AuctionState.legal_calls`
and their keys (:func:`~solver.contract.bid_key`), whether a bid ends the auction
(:func:`~solver.contract.may_coinche`), and each hand's wanted level per suit from the
bot's own point count.  ``tests/test_rollouts.py`` checks it call by call against the
bot on thousands of auctions under several rules.

>>> from solver.deal import Deal
>>> from solver.lookahead import continue_auction
>>> from solver.heuristic import HeuristicBot
>>> deals = [Deal.random(seed) for seed in range(3)]
>>> start = Auction(Seat.N)
>>> ends = continue_auctions(start, deals)
>>> ends == [continue_auction(start, d, HeuristicBot().call, start.rules) for d in deals]
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Optional, Sequence

import numpy as np

from ._rollout import continue_auctions as _continue
from .auction import Auction, AuctionState, Call, CallKind, calls_of
from .cards import CardSet, Seat, card_of
from .contract import Coinche, bid_key, may_coinche
from .deal import Deal
from .heuristic import HeuristicBot
from .rules import Rules, Strain

__all__ = ["continue_auctions", "Tables"]

#: The bits of a hand the bot's call looks at besides its wanted levels: bit ``t`` the
#: jack of suit ``t``, bit ``4 + t`` its nine, bit ``8 + t`` its ace.
_HELD = tuple((bit, card_of(t, rank)) for t in range(4) for bit, rank in ((t, 4), (4 + t, 2), (8 + t, 7)))


class Tables:
    """The rules' bids as the compiled loop reads them (made once per rules)."""

    def __init__(self, rules: Rules) -> None:
        _, bids, _, _ = calls_of(Seat.N, rules)
        self.rules = rules
        order = sorted({k for k, _ in bids})
        # the bot picks among equally wanted bids the cheapest by bid_key
        picks = [bid_key(c.level or 0, c.strain if c.strain is not None else Strain.C, rules) for _, c in bids]
        pick_order = sorted(set(picks))
        self.level = np.array([c.level for _, c in bids], dtype=np.int32)
        self.strain = np.array([int(c.strain) for _, c in bids], dtype=np.int32)   # type: ignore[arg-type]
        self.key = np.array([order.index(k) for k, _ in bids], dtype=np.int32)
        self.pick = np.array([pick_order.index(p) for p in picks], dtype=np.int32)
        self.ends = np.array([not may_coinche(c.level or 0, rules) for _, c in bids], dtype=np.int32)
        self.number = {(c.level, c.strain): b for b, (_, c) in enumerate(bids)}
        # room for any auction: at most a coinche, a surcoinche and five passes between bids
        self.width = 8 * (len(bids) + 1)
        self.calls = [self._seat_calls(seat) for seat in Seat]

    def _seat_calls(self, seat: Seat) -> list[Call]:
        """``seat``'s calls by code: pass, coinche, surcoinche, then the bids."""
        passes, bids, coinche, surcoinche = calls_of(seat, self.rules)
        return [passes[0], coinche, surcoinche] + [c for _, c in bids]

    def start(self, auction: Auction) -> np.ndarray:
        """The state of ``auction`` as the compiled loop starts from it."""
        state: AuctionState = auction.state()
        last = [-1, -1, -1, -1]
        for c in auction.calls:
            if c.kind == CallKind.BID:
                last[int(c.seat)] = self.number[(c.level, c.strain)]
        b = state.bid
        row = [-1 if b is None else self.number[(b.level, b.strain)], 0 if b is None else int(b.seat),
               {Coinche.NONE: 0, Coinche.COINCHE: 1, Coinche.SURCOINCHE: 2}[state.coinche],
               state.passes, int(state.ended), int(auction.next_seat), *last]
        return np.array(row, dtype=np.int32)


@lru_cache(maxsize=16)
def tables(rules: Rules) -> Tables:
    """The :class:`Tables` of ``rules``."""
    return Tables(rules)


def hands(deals: Sequence[Deal], value: Callable[[CardSet, Strain], int],
          rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Per deal and seat: the levels the bot wants in each suit (``value``, at most the
    rules' highest level) and the bits of :data:`_HELD`."""
    wanted = np.zeros((len(deals), 4, 4), dtype=np.int32)
    held = np.zeros((len(deals), 4), dtype=np.int32)
    top = rules.max_level
    for d, deal in enumerate(deals):
        for s in Seat:
            hand = deal[s]
            wanted[d, s] = [min(value(hand, Strain(t)), top) for t in range(4)]
            mask = hand.mask
            held[d, s] = sum(1 << bit for bit, card in _HELD if mask >> card & 1)
    return wanted, held


def continue_auctions(start: Auction, deals: Sequence[Deal],
                      value: Optional[Callable[[CardSet, Strain], int]] = None,
                      then: Optional[Callable[[Auction, Call], Auction]] = None,
                      made: Optional[tuple[np.ndarray, np.ndarray]] = None) -> list[Auction]:
    """``start`` continued by the point-count bot at every seat on each of ``deals``
    until it is over: the finished auctions.  ``value``: the bot's wanted level of a
    hand in a suit (default: a fresh bot's); ``then``: how a call is added (default
    :meth:`Auction.then`; the look-ahead passes its memory of auctions); ``made``:
    :func:`hands` of the deals, when already worked out."""
    if value is None:
        value = HeuristicBot()._value
    add = then if then is not None else (lambda a, c: a.then(c))
    if start.is_over:
        return [start for _ in deals]
    t = tables(start.rules)
    wanted, held = made if made is not None else hands(deals, value, start.rules)
    out = np.full((len(deals), t.width), -1, dtype=np.int16)
    overflow = _continue(t.start(start), wanted, held, t.level, t.strain, t.key, t.pick, t.ends,
                         start.rules.auction.contree, out)
    assert overflow == 0, "every auction fits its row (Tables.width)"
    ends = []
    first = int(start.next_seat)
    longest = int((out >= 0).sum(axis=1).max(initial=0))
    for row in out[:, :longest].tolist():
        a = start
        for k, code in enumerate(row):
            if code < 0:
                break
            a = add(a, t.calls[(first + k) & 3][code])
        ends.append(a)
    return ends
