"""Rollout bidding (solver/lookahead.py)."""

from solver.auction import Auction, CallKind
from solver.bidding import auction_advice
from solver.bots import HeuristicBot, SeatView
from solver.lookahead import continue_auction, lookahead_advice
from solver.rules import Rules

HAND = "AJ9.A7.KT.J"
AUCTION = "S:80H W:pass N:?"


def _pass(view: SeatView):
    return next(c for c in view.legal_calls() if c.kind == CallKind.PASS)


def test_a_policy_that_always_passes_gives_the_ends_now_scores():
    # every continuation of passes ends the auction where the call leaves it, so the
    # rollout values must equal auction_advice's ends-now values on the same deals
    now = auction_advice(HAND, "N", "E", AUCTION, samples=12, seed=5, workers=1)
    ahead = lookahead_advice(HAND, "N", "E", AUCTION, samples=12, seed=5, workers=1, policy=_pass)
    by_call = {c.call: c.ev for c in now.calls}
    for c in ahead.calls:
        assert abs(c.ev - by_call[c.call]) < 1e-9, c.call
        assert c.finals == {c.ends_now: 1.0}


def test_continuation_always_ends_and_keeps_the_start():
    from solver.deal import Deal
    deal = Deal.random(seed=3)
    start = Auction.parse("80H", __import__("solver").Seat.E, Rules())
    end = continue_auction(start, deal, HeuristicBot().call, Rules())
    assert end.is_over and end.calls[:len(start.calls)] == start.calls


def test_same_seed_same_advice_with_one_or_two_workers():
    one = lookahead_advice(HAND, "N", "E", AUCTION, samples=8, seed=2, workers=1)
    two = lookahead_advice(HAND, "N", "E", AUCTION, samples=8, seed=2, workers=2)
    assert [(c.call, c.ev, c.finals) for c in one.calls] == [(c.call, c.ev, c.finals) for c in two.calls]
