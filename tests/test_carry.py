"""Deals carried from one question to the next on the same hand and a longer auction
(solver.montecarlo.deal_carrying), and results kept for a wider task taken by a narrower
one (Study.whole, cut, rest and merge)."""

from __future__ import annotations

import math
import random

import pytest

import solver
from solver.auction import Auction
from solver.bidding import auction_advice, auction_constraints, review_auction, shown
from solver.cards import CardSet, Seat
from solver.deal import Deal
from solver.heuristic import HeuristicBot
from solver.lookahead import continue_auction
from solver.montecarlo import Lineage, Reuse, deal_carrying, reusing
from solver.rules import Rules
from solver.sampling import Constraints, sample_deals
from solver.six_strains import bidding_lineage
from solver.system import DEFAULT

HAND = "AJ9.A7.KT.J"
SHORT = "E:pass"                                          # dealer N: East speaks first, then South
LONG = "E:pass S:80S W:pass N:100H E:pass"                # partner's 100♥ places the J of ♥ at N


def _lineage(auction: Auction) -> Lineage:
    return bidding_lineage(CardSet.from_pbn(HAND), Seat.S, Seat.N, Rules(), tuple(shown(auction, DEFAULT)))


def _constraints(auction: Auction) -> Constraints:
    return auction_constraints(CardSet.from_pbn(HAND), Seat.S, auction, DEFAULT)


def test_a_longer_auction_reads_what_each_shorter_one_read_and_more():
    """The ground of the carry: every deal fitting an auction's reading fits the reading of
    each of its prefixes, on the heuristic bot's auctions of 12 random deals, every
    prefix against every longer one, from each seat, 20 deals each."""
    checked = 0
    for seed in range(12):
        deal = Deal.random(seed)
        end = continue_auction(Auction(Seat.E), deal, HeuristicBot().call, Rules())
        for seat in Seat:
            hand = deal.hands[seat]
            for j in range(len(end.calls) + 1):
                longer = Auction(Seat.E, end.calls[:j])
                try:
                    fitting = sample_deals(hand, seat, 20, seed=j, max_attempts=20_000,
                                           constraints=auction_constraints(hand, seat, longer, DEFAULT))
                except solver.ConstraintError:
                    continue                      # no deal fits the heuristic's calls under the system
                for i in range(j):
                    shorter = auction_constraints(hand, seat, Auction(Seat.E, end.calls[:i]), DEFAULT)
                    assert all(shorter.accepts(d) for d in fitting)
                    checked += len(fitting)
    assert checked > 1_000


def test_the_carried_deals_are_the_earlier_ones_that_fit_then_fresh_ones():
    short, long = Auction.parse(SHORT, "N"), Auction.parse(LONG, "N")
    hand = CardSet.from_pbn(HAND)
    with reusing(Reuse()):
        first, none = deal_carrying(hand, Seat.S, 300, 1, _constraints(short), _lineage(short))
        later, carried = deal_carrying(hand, Seat.S, 100, 1, _constraints(long), _lineage(long))
    fits = [d for d in first if _constraints(long).accepts(d)]
    assert none == 0 and first == sample_deals(hand, Seat.S, 300, 1, _constraints(short))
    assert 0 < carried == len(fits) < 100 and later[:carried] == fits
    assert all(_constraints(long).accepts(d) for d in later) and len(set(later)) == 100


def test_carried_deals_are_a_fair_draw():
    """The carried deals, then fresh ones, against deals dealt anew under the longer
    auction: North's ♥ length and aces have the same means (two-sample z below 4,
    4,000 deals a side; seeded, so the figures are fixed).  Carried unfiltered, the
    short auction's deals give North 2.1 ♥ against 4.1: z 123)."""
    short, long = Auction.parse(SHORT, "N"), Auction.parse(LONG, "N")
    hand = CardSet.from_pbn(HAND)
    carried_total, carried_deals = 0, []
    for k in range(8):                            # 8 chains: 2,000 deals for the short auction, 500 carried on
        with reusing(Reuse()):
            deal_carrying(hand, Seat.S, 2_000, 100 + k, _constraints(short), _lineage(short))
            deals, carried = deal_carrying(hand, Seat.S, 500, 100 + k, _constraints(long), _lineage(long))
        carried_total += carried
        carried_deals += deals
    fresh = sample_deals(hand, Seat.S, 4_000, 7, _constraints(long))
    assert carried_total > 1_000                 # most of them carried, the rest dealt fresh

    def hearts(d: Deal) -> float:                # North's ♥ (the hearts byte of its mask)
        return float((d.hands[Seat.N].mask >> 8 & 0xFF).bit_count())

    def aces(d: Deal) -> float:                  # North's aces
        return float(sum(d.hands[Seat.N].mask >> (8 * s + 7) & 1 for s in range(4)))

    for stat in (hearts, aces):
        a, b = [stat(d) for d in carried_deals], [stat(d) for d in fresh]
        ma, mb = sum(a) / len(a), sum(b) / len(b)
        va = sum((x - ma) ** 2 for x in a) / (len(a) - 1)
        vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1)
        assert abs(ma - mb) / math.sqrt(va / len(a) + vb / len(b)) < 4, stat.__name__


def test_a_question_with_none_before_is_the_answer_without_reuse():
    fresh = auction_advice(HAND, "S", "N", LONG, samples=30, seed=3, workers=1)
    with reusing(Reuse()):
        kept = auction_advice(HAND, "S", "N", LONG, samples=30, seed=3, workers=1)
    assert kept.carried == 0 and kept.to_dict(True) == fresh.to_dict(True)


def test_carried_deals_solved_before_are_not_solved_again():
    cache = Reuse()
    with reusing(cache):
        auction_advice(HAND, "S", "N", SHORT, samples=200, seed=1, workers=1)
        assert (cache.hits, cache.solved) == (0, 200)
        later = auction_advice(HAND, "S", "N", LONG, samples=60, seed=1, workers=1)
        again = auction_advice(HAND, "S", "N", LONG, samples=60, seed=1, workers=1)
        more = auction_advice(HAND, "S", "N", LONG, samples=80, seed=1, workers=1)
    # the short auction's 200 deals fitting the long one are all solved already
    assert 0 < later.carried < 60 and cache.hits >= later.carried
    assert again.to_dict(True) == later.to_dict(True)          # the same question: its deals again
    assert more.deals[:60] == later.deals and len(set(more.deals)) == 80
    assert later.to_dict()["carried"] == later.carried


def test_only_the_same_hand_seat_system_and_no_given_constraints_carry():
    with reusing(Reuse()):
        auction_advice(HAND, "S", "N", SHORT, samples=100, seed=1, workers=1)
        other_hand = auction_advice("AJ9.A7.KQ.J", "S", "N", LONG, samples=20, seed=1, workers=1)
        other_rules = auction_advice(HAND, "S", "N", LONG, samples=20, seed=1, workers=1,
                                     rules=Rules(belote=False))
        given = auction_advice(HAND, "S", "N", LONG, samples=20, seed=1, workers=1, constraints=Constraints())
        same = auction_advice(HAND, "S", "N", LONG, samples=20, seed=1, workers=1)
    assert (other_hand.carried, other_rules.carried, given.carried) == (0, 0, 0) and same.carried > 0


def test_a_narrowed_result_is_completed_not_solved_again():
    """A racing answer keeps narrowed results; asked again in full on the same deals, the
    missing strains alone are solved and the answer is the one without any cache."""
    for ask, options in ((lambda **k: auction_advice(HAND, "S", "N", SHORT, seed=4, workers=1, **k), "calls"),
                         (lambda **k: solver.advise(HAND, seat="S", dealer="N", seed=4, workers=1, dd_check=False,
                                                    **k), "bids")):
        cache = Reuse()
        with reusing(cache):
            raced = ask(samples=300, confidence=0.6)
            solved = cache.solved
            full = ask(samples=raced.samples)
        # options retired by the race: the later deals were solved in the other strains only
        assert min(o.samples for o in getattr(raced, options)) < raced.samples
        assert solved == raced.samples and cache.hits > 0
        assert full.to_dict() == ask(samples=raced.samples).to_dict()


def test_a_review_carries_within_itself_whatever_came_before():
    deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
    auction = "S:80C W:pass N:100C E:pass S:pass W:pass"
    alone = review_auction(deal, "E", auction, samples=40, workers=1)
    with reusing(Reuse()):
        auction_advice(deal.hands[Seat.S], "S", "E", "S:80C W:pass N:100C E:pass", samples=40, seed=1, workers=1)
        after = review_auction(deal, "E", auction, samples=40, workers=1)
    assert alone.to_dict() == after.to_dict()
    south_again = alone.calls[4].advice                       # South's second call: after its 80♣
    assert south_again.carried > 0


@pytest.mark.parametrize("seed", [None, 5])
def test_a_different_seed_on_the_same_question_deals_again(seed):
    long = Auction.parse(LONG, "N")
    hand = CardSet.from_pbn(HAND)
    with reusing(Reuse()):
        a, _ = deal_carrying(hand, Seat.S, 50, 1, _constraints(long), _lineage(long))
        b, carried = deal_carrying(hand, Seat.S, 50, seed, _constraints(long), _lineage(long))
    assert carried == 0 and a != b
    assert b == sample_deals(hand, Seat.S, 50, seed, _constraints(long)) or seed is None


def test_random_chains_stay_within_the_longer_auctions():
    """Three questions down a chain of random lengths: every deal fits its own question."""
    rng = random.Random(9)
    calls = Auction.parse(LONG + " S:110S W:pass N:120H E:pass", "N").calls
    hand = CardSet.from_pbn(HAND)
    with reusing(Reuse()):
        for cut in (1, 5, 9):
            a = Auction(Seat.N, calls[:cut])
            deals, _ = deal_carrying(hand, Seat.S, rng.randint(20, 200), 2, _constraints(a), _lineage(a))
            assert all(_constraints(a).accepts(d) for d in deals)


def test_opening_advice_starts_the_deals_of_the_calls_after_it():
    """The opening advice's deals fit no call: an auction question on the same hand takes
    those that fit its auction, solved already in the strains its calls read."""
    cache = Reuse()
    with reusing(cache):
        opening = solver.advise(HAND, seat="S", dealer="N", samples=120, seed=6, workers=1, dd_check=False)
        later = auction_advice(HAND, "S", "N", SHORT, samples=60, seed=6, workers=1)
    fits = [d for d in opening.deals if _constraints(Auction.parse(SHORT, "N")).accepts(d)]
    assert later.deals[:later.carried] == fits[:60] and later.carried == min(60, len(fits)) > 0
    assert cache.hits == later.carried                  # every strain of a fixed run is solved
    # the same deals, each strain N-S's points for S's side: the opening's points seen from N-S
    for d, rows in zip(later.deals[:later.carried], later.points[:later.carried]):
        k = opening.deals.index(d)
        assert list(rows) == list(opening.points[k])


def _played(deal: Deal, strain: str, leader: str, n: int) -> list[str]:
    """The first ``n`` cards of a double-dummy play of ``deal`` (the best card each time)."""
    cards: list[str] = []
    for _ in range(n):
        cards.append(solver.solve(deal, strain, leader, cards).best_cards[0].name)
    return cards


def _turns(deal: Deal, cards: list[str], seat: Seat) -> list[int]:
    """How many cards had been played each time ``seat`` was to play (hearts, W leading)."""
    from solver.play import Position
    return [n for n in range(len(cards) + 1)
            if Position(deal, solver.Strain.H, Seat.W, Rules(), [solver.Card.parse(c) for c in cards[:n]]).to_move
            == seat]


def test_a_later_card_reads_what_each_earlier_one_read_and_more():
    """The ground of the carry between cards: a deal fitting the seat's knowledge after
    more cards (and the auction) fits its knowledge after fewer, on 6 deals, South's
    view, every prefix against every longer play, 20 deals each."""
    from solver.cardplay import play_advice
    checked = 0
    for seed in range(6):
        deal = Deal.random(50 + seed)
        cards = _played(deal, "H", "W", 16)
        advices = [play_advice(deal.hands[Seat.S], "S", "100H N", cards[:n], leader="W", samples=20, seed=n,
                               workers=1) for n in _turns(deal, cards, Seat.S)]
        for i, later in enumerate(advices):
            for earlier in advices[:i]:
                cons = earlier.knowledge.constraints()
                assert all(cons.accepts(d) for d in later.deals)
                checked += len(later.deals)
    assert checked >= 6 * 6 * 20              # four turns of South's at least on each deal


def test_the_seats_next_card_starts_from_the_deals_of_the_card_before():
    from solver.cardplay import play_advice
    deal = Deal.random(51)
    cards = _played(deal, "H", "W", 8)
    one, two = _turns(deal, cards, Seat.S)[:2]            # South's first two cards
    cache = Reuse()
    with reusing(cache):
        first = play_advice(deal.hands[Seat.S], "S", "100H N", cards[:one], leader="W", samples=200, seed=1,
                            workers=1)
        later = play_advice(deal.hands[Seat.S], "S", "100H N", cards[:two], leader="W", samples=40, seed=1,
                            workers=1)
    fits = [d for d in first.deals if later.knowledge.constraints().accepts(d)]
    assert 0 < later.carried == min(40, len(fits)) and later.deals[:later.carried] == fits[:later.carried]
    assert later.to_dict()["carried"] == later.carried
    alone = play_advice(deal.hands[Seat.S], "S", "100H N", cards[:two], leader="W", samples=40, seed=1, workers=1)
    assert alone.carried == 0
