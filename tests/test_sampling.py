"""Sampling deals around a known hand: reproducible, consistent, and honest about failure.

Every number asserted here holds by construction (a hand of 8 cards, 24 unseen cards
shared by three seats) or is the plain-suit count written out in the comment.
"""

import collections

import pytest

from solver import Card, CardSet, ConstraintError, Deal, DealError, Seat, Strain, Suit
from solver.sampling import Constraints, hand_points, parse_hand, sample_deals

HAND = "AJ9.A7.KT.J"          # S holds it in most tests


def test_same_seed_same_deals_and_other_seed_other_deals():
    a = sample_deals(HAND, "S", n=20, seed=4)
    assert a == sample_deals(HAND, "S", n=20, seed=4)
    assert a != sample_deals(HAND, "S", n=20, seed=5)


def test_every_deal_holds_the_hand_at_the_seat():
    hand = parse_hand(HAND)
    for seat in Seat:
        for d in sample_deals(hand, seat, n=10, seed=int(seat)):
            assert isinstance(d, Deal) and d.hands[seat] == hand
            assert all(len(h) == 8 for h in d.hands)          # Deal() also checks it


def test_unconstrained_deals_share_the_unseen_cards_evenly():
    # by construction each unseen card lands at each other seat with probability 1/3:
    # over 3000 deals the count per seat is 1000 with a standard deviation of about 26
    deals = sample_deals(HAND, "S", n=3000, seed=1)
    where = collections.Counter(d.owner(Card.HK) for d in deals)
    assert set(where) == {Seat.N, Seat.E, Seat.W}
    assert all(850 < k < 1150 for k in where.values()), where


def test_every_constraint_is_honoured():
    def e_holds_belote_material(deal):
        return "CQ" in deal.hands[Seat.E] or "CK" in deal.hands[Seat.E]

    c = Constraints(known={"N": "HK DA"}, voids={"W": "S"}, lengths={("N", "C"): (2, 4), "E:H": (1, 3)},
                    points={"E": (20, 60)}, accept=e_holds_belote_material)
    deals = sample_deals(HAND, "S", n=40, seed=2, constraints=c)
    for d in deals:
        assert c.accepts(d)
        assert {"HK", "DA"} <= {x.name for x in d.hands[Seat.N]}
        assert len(d.hands[Seat.W].suit(Suit.S)) == 0
        assert 2 <= len(d.hands[Seat.N].suit(Suit.C)) <= 4
        assert 1 <= len(d.hands[Seat.E].suit(Suit.H)) <= 3
        assert 20 <= hand_points(d.hands[Seat.E]) <= 60
        assert e_holds_belote_material(d)


def test_points_in_a_strain():
    c = Constraints(points={"N": (60, 162)}, points_strain="H")
    for d in sample_deals(HAND, "S", n=10, seed=3, constraints=c):
        assert hand_points(d.hands[Seat.N], Strain.H) >= 60


def test_hand_points():
    # plain values A 11, 10 10, K 4, Q 3, J 2: ♠A J = 13, ♥A = 11, ♦K 10 = 14, ♣J = 2
    assert hand_points(CardSet.from_pbn(HAND)) == 40
    # in tout atout (j14 table): J 14, 9 9, A 6, 10 5, K 3: ♠ 6+14+9, ♥ 6, ♦ 3+5, ♣ 14
    assert hand_points(CardSet.from_pbn(HAND), Strain.TA) == 57


@pytest.mark.parametrize("kwargs, words", [
    (dict(known={"N": "SA"}), ["SA", "N", "S's hand"]),                   # S holds the SA
    (dict(known={"N": "HK", "E": "HK"}), ["HK", "two seats"]),
    (dict(known={"W": "HK"}, voids={"W": "H"}), ["W", "void", "♥"]),
    (dict(lengths={("N", "S"): (6, 8)}), ["6 to 8", "only 5"]),            # 8 - 3 spades unseen
    (dict(lengths={("N", "H"): (4, 8), ("E", "H"): (3, 8)}), ["at least 7", "only 6"]),
    (dict(voids={"N": "SHD"}, lengths={("N", "C"): (0, 5)}), ["N", "add up"]),
    (dict(points={"S": (0, 10)}), ["own hand", "0 to 10"]),                # S holds 40
    (dict(voids={"W": "X"}), ["unknown suit", "'X'"]),
    (dict(points={"N": (50, 20)}), ["points of N", "(50, 20)"]),
])
def test_contradictions_raise_at_once(kwargs, words):
    with pytest.raises(ConstraintError) as e:
        sample_deals(HAND, "S", n=5, seed=1, constraints=Constraints(**kwargs))
    for w in words:
        assert w in str(e.value), str(e.value)


@pytest.mark.parametrize("kwargs, words", [
    (dict(voids={"W": "SHDC"}), ["'W:SHDC'"]),
    (dict(voids={Seat.N: "s,h,d,c"}), ["'N:s,h,d,c'"]),
    (dict(voids={"E": "SH"}, lengths={"E:D": (0, 0), "E:C": (0, 0)}), ["E", "'E:SH'", "lengths"]),
    (dict(lengths={(s, u): (0, 0) for s in "S" for u in "SHDC"}), ["S", "lengths"]),
])
def test_void_in_every_suit(kwargs, words):
    # used to say "the lengths given for W add up to 0..0 cards", and only when sampling
    with pytest.raises(ConstraintError) as e:
        Constraints(**kwargs)
    for w in words + ["cannot be void in every suit"]:
        assert w in str(e.value), str(e.value)


def test_attempt_limit_names_the_main_reason():
    # possible (10 of the 24 unseen cards are worth 0) but about 1 deal in 16,000
    c = Constraints(points={"N": (0, 0)})
    with pytest.raises(ConstraintError) as e:
        sample_deals(HAND, "S", n=5, seed=1, constraints=c, max_attempts=300)
    msg = str(e.value)
    assert "found only 0 of 5 deals in 300 attempts" in msg and "N holds 0 to 0 points 100%" in msg


@pytest.mark.parametrize("constraints, reach", [
    # HAND = AJ9.A7.KT.J holds 49 of the 120 plain-value points (A 11, T 10, K 4, Q 3, J 2);
    # N's 8 richest unseen cards: DA CA (11), ST HT CT (10), SK HK CK (4); 10 unseen are worth 0
    ({"points": {"N": (100, 120)}}, "0 to 64"),
    # at least 4 hearts: the four poorest unseen are H9 H8 (0), HJ (2), HQ (3)
    ({"points": {"W": (0, 3)}, "lengths": {"W:H": (4, 8)}}, "5 to 61"),
    # DA (11) known at E, void in spades: the 7 richest others are CA HT CT HK CK and two
    # queens (45); 8 unseen hearts, diamonds and clubs are worth 0
    ({"points": {"E": (0, 10)}, "known": {"E": "DA"}, "voids": {"E": "S"}}, "11 to 56"),
])
def test_points_out_of_reach_refused_before_sampling(constraints, reach):
    with pytest.raises(ConstraintError, match=f"can only hold {reach}:"):
        sample_deals(HAND, "S", n=5, seed=1, constraints=Constraints(**constraints), max_attempts=10**9)


def test_lengths_that_the_unseen_cards_cannot_fill_refused_before_sampling():
    # void in three suits needs 8 clubs, but S holds the club jack: 7 are unseen
    with pytest.raises(ConstraintError, match="W needs 8 more cards but its suit lengths let it take only 7"):
        sample_deals(HAND, "S", n=5, seed=1, constraints=Constraints(voids={"W": "SHD"}), max_attempts=10**9)


def test_accept_function_that_rejects_everything():
    def never(deal):
        return False

    with pytest.raises(ConstraintError, match="accept never"):
        sample_deals(HAND, "S", n=2, seed=1, constraints=Constraints(accept=never), max_attempts=50)


def test_accept_function_that_breaks_is_reported():
    with pytest.raises(ConstraintError, match="ZeroDivisionError"):
        sample_deals(HAND, "S", n=2, seed=1, constraints=Constraints(accept=lambda d: 1 / 0))


@pytest.mark.parametrize("hand, exc", [("AJ9.A7.KT.J87", DealError), ("AJ9.A7.KT.-", DealError)])
def test_bad_hands(hand, exc):
    with pytest.raises(exc, match="a hand holds 8 cards, this one"):
        sample_deals(hand, "S", n=1, seed=1)


def test_bad_arguments():
    with pytest.raises(ConstraintError, match="number of deals 0"):
        sample_deals(HAND, "S", n=0)
    with pytest.raises(ConstraintError, match="unknown seat 'X'"):
        sample_deals(HAND, "X", n=1)


@pytest.mark.parametrize("fields, message", [
    ({"known": {"N": "SA", "E": "HT SA"}}, "card SA is known at two seats: N and E"),
    ({"known": {"N": "SA SK SQ SJ ST S9 S8 S7 HA"}}, "known cards of N: 9 cards, at most 8"),
    ({"known": {"N": "SZ"}}, "known cards of N: "),
    ({"known": {"Q": "SA"}}, "known cards 'SA': "),
    ({"voids": {"W": "SX"}}, "void of W: unknown suit 'X'"),
    ({"voids": {"W": "SHDC"}}, "void 'W:SHDC': a seat cannot be void in every suit"),
    ({"voids": {"W": "SHD"}, "lengths": {"W:C": (0, 0)}},
     "void 'W:SHD' and the lengths given for W allow it no card in any suit"),
    ({"lengths": {"NHX": (1, 2)}}, "length key 'NHX': expected a seat and a suit"),
    ({"lengths": {("N",): (1, 2)}}, r"length key \('N',\): expected \(seat, suit\)"),
    ({"lengths": {"N:H": (5, 3)}}, r"length of ♥ at N: range \(5, 3\) must satisfy"),
    ({"lengths": {"N:H": "many"}}, "length of ♥ at N: 'many' is not a range"),
    ({"voids": {"N": "H"}, "lengths": {"N:H": (2, 3)}}, r"length of ♥ at N: \(2, 3\) contradicts \(0, 0\)"),
    ({"points": {"E": (10, 200)}}, "points of E: range"),
    ({"points": {"X": (10, 20)}}, r"points \(10, 20\): unknown seat"),
    ({"points_strain": "Z"}, "points_strain: "),
    ({"accept": 3}, "accept 3 is not callable"),
    ({"known": {"N": "HA"}, "voids": {"N": "H"}}, "N is void in ♥ but is known to hold '-.A.-.-'"),
    ({"known": {"N": "HA HK"}, "lengths": {"N:H": (0, 1)}}, "N holds at most 1 ♥ but is known to hold"),
])
def test_each_field_is_checked_with_a_message_naming_it(fields, message):
    with pytest.raises(ConstraintError, match=message):
        Constraints(**fields)


def test_fields_read_into_their_normal_form():
    c = Constraints(known={"n": "SA,HT", Seat.N: ["DA"]}, voids={"W": "S,H"},
                    lengths={("E", "C"): (1, 3), "EC": (2, 5)}, points={"e": [3, 40]}, points_strain="sa")
    assert c.known == {Seat.N: CardSet("SA HT DA")}
    assert c.lengths == {(Seat.W, Suit.S): (0, 0), (Seat.W, Suit.H): (0, 0), (Seat.E, Suit.C): (2, 3)}
    assert c.voids == {Seat.W: "SH"} and c.points == {Seat.E: (3, 40)} and c.points_strain.name == "SA"
