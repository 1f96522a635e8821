"""The auction's legal calls and its quick extension (``Auction.then``) against the referee.

The referee is :meth:`AuctionState.why_not`, asked of every call a seat could name;
``Auction.legal_calls`` lists the calls it accepts without asking it of each, and
``then`` checks only the new call.  Both are held here against the slow path on random
auctions under the rule variants that change the auction."""

import random

import pytest

from solver.auction import Auction, AuctionError, AuctionState, Call, CallKind
from solver.cards import Seat
from solver.contract import CAPOT, GENERALE, bid_strains
from solver.rules import Rules

VARIANTS = [Rules(), Rules(contree=True), Rules(capot_coinche=True), Rules(contree=True, capot_coinche=True),
            Rules(generale=True), Rules(generale=True, capot_coinche=True, contree=True),
            Rules(suit_ranking=True), Rules(sa_ta=False), Rules(max_level=180, suit_ranking=True, contree=True)]


def _every_call(seat: Seat, rules: Rules) -> list[Call]:
    """Every call a seat could name, bids past the rules' own included (the referee refuses those)."""
    levels = tuple(range(80, 250, 10)) + (CAPOT, GENERALE)
    return ([Call(seat, CallKind.PASS)] + [Call(seat, CallKind.BID, lv, s) for lv in levels for s in bid_strains()]
            + [Call(seat, CallKind.COINCHE), Call(seat, CallKind.SURCOINCHE)])


def _referee(auction: Auction) -> list[Call]:
    """The legal calls as the referee finds them: each call asked of a state replayed from the start."""
    state = AuctionState(auction.rules)
    for c in auction.calls:
        state.add(c)
    order = {c: i for i, c in enumerate(_every_call(auction.next_seat, auction.rules))}
    legal = [c for c in order if not state.over and state.why_not(c) is None]
    return sorted(legal, key=order.__getitem__)


def _random_auction(rng: random.Random, rules: Rules) -> list[Auction]:
    """One auction of random legal calls (doubling and high bids made often), every prefix."""
    a = Auction(Seat(rng.randrange(4)), (), rules)
    out = [a]
    while not a.is_over:
        legal = a.legal_calls()
        doubles = [c for c in legal if c.kind in (CallKind.COINCHE, CallKind.SURCOINCHE)]
        high = [c for c in legal if c.kind == CallKind.BID and c.level in (CAPOT, GENERALE)]
        pick = rng.random()
        c = (rng.choice(doubles) if doubles and pick < 0.3 else rng.choice(high) if high and pick < 0.4
             else legal[0] if pick < 0.7 else rng.choice(legal))
        a = a.then(c)
        out.append(a)
    return out


@pytest.mark.parametrize("rules", VARIANTS, ids=range(len(VARIANTS)))
def test_legal_calls_are_the_calls_the_referee_accepts(rules):
    rng = random.Random(33)
    met = set()
    for _ in range(40):
        for a in _random_auction(rng, rules):
            assert a.legal_calls() == _referee(a), a.text()
            fresh = Auction(a.dealer, a.calls, rules)           # built and checked from the start
            assert vars(a.state()) == vars(fresh.state()) and a.is_over == fresh.is_over
            assert a.contract == fresh.contract
            met.update(c.kind for c in a.calls)
    assert met == set(CallKind)                               # the auctions met every kind of call


def test_then_refuses_what_a_new_auction_refuses():
    a = Auction.parse("E:pass S:80H W:coinche", dealer="N")
    for bad in (Call(Seat.N, CallKind.BID, 90, a.contract.strain), Call(Seat.N, CallKind.COINCHE),
                Call(Seat.E, CallKind.PASS)):
        with pytest.raises(AuctionError) as slow:
            Auction(a.dealer, a.calls + (bad,), a.rules)
        with pytest.raises(AuctionError) as quick:
            a.then(bad)
        assert str(quick.value) == str(slow.value)


def test_a_state_handed_out_can_change_without_changing_the_auction():
    a = Auction.parse("E:pass S:80H", dealer="N")
    a.state().add(Call(Seat.W, CallKind.COINCHE))
    assert a.contract.coinche == 0 and a.legal_calls()[0] == Call(Seat.W, CallKind.PASS)
    a.legal_calls().clear()
    assert len(a.legal_calls()) > 1
