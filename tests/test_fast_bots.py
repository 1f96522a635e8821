"""PIMC bots stop solving worlds for a card once the stopping rule settles the choice."""

from __future__ import annotations

from solver.auction import Auction
from solver.bidding import NO_SYSTEM
from solver.bots import CARD_STOP, PimcBot, SeatView
from solver.cards import Card, Seat
from solver.deal import Deal
from solver.sequential import StoppingRule

DEAL = Deal.from_pbn("N:A7.AJ9.K8.Q KQ9.KT.AQ.A JT8.Q8.JT.K -.7.97.JT987")
AUCTION = Auction.parse("N:100H E:pass S:pass W:pass", Seat.W)


def test_a_card_stops_solving_worlds_once_the_rule_is_met():
    # N, declaring 100♥, leads (W dealt): 8 legal cards
    view = SeatView(Seat.N, DEAL.hands[Seat.N], Seat.W, AUCTION, (), system=NO_SYSTEM)
    fixed = PimcBot(worlds=40, seed=3, stop=None)
    means, _, n = fixed.card_scores(view)
    assert n == 40
    # a margin as wide as the scores themselves (the deal is worth far less than 10,000
    # points): every card is within it at the first look, after min_samples worlds
    lax = PimcBot(worlds=40, seed=3, stop=StoppingRule(margin=10_000, min_samples=8))
    assert lax.card_scores(view)[2] == 8
    # a zero margin at 99.99% confidence: nothing is settled before the 40 worlds, and the
    # choice is the fixed bot's, on the same worlds
    strict = PimcBot(worlds=40, seed=3, stop=StoppingRule(confidence=0.9999, margin=0, min_samples=8))
    s_means, _, s_n = strict.card_scores(view)
    assert s_n == 40 and s_means == means and strict.card(view) == fixed.card(view)


def test_a_bot_stops_by_default():
    # E answers N's 7 of spades: the default rule (CARD_STOP, first look after 10 worlds)
    # settles the card at its first look, where a bot without a rule solves all 40
    view = SeatView(Seat.E, DEAL.hands[Seat.E], Seat.W, AUCTION, (Card.parse("S7"),), system=NO_SYSTEM)
    default, fixed = PimcBot(worlds=40, seed=3), PimcBot(worlds=40, seed=3, stop=None)
    assert default.stop == CARD_STOP and fixed.stop is None
    assert (default.card_scores(view)[2], fixed.card_scores(view)[2]) == (CARD_STOP.min_samples, 40)
