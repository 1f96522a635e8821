"""Belote holders and declarations ("annonces"): finding them, comparing them, awarding them.

Values: seed 000 ("4 jacks 200, 4 nines 150, 4 Aces, 4 tens, 4 Ks, 4 Qs 100; 5 cards 100,
4 cards 50, 3 cards 20", sequences in the order A K Q J 10 9 8 7) and its comparison rules.
"""

import pytest

from solver import (CardSet, Deal, Rank, Rules, Seat, Strain, Suit, award_declarations,
                    belote_teams, find_declarations)

ON = Rules(declarations=True)


def kinds(hand, strain=Strain.H):
    return [(x.kind, x.points, str(x)) for x in find_declarations(CardSet.from_pbn(hand), strain)]


# -- finding ---------------------------------------------------------------------

def test_sequences():
    # seed 000: tierce 20, quarte 50, quinte 100
    assert kinds("AKQ.-.-.-") == [("tierce", 20, "tierce A♠")]
    assert kinds("-.AKQJ.-.-") == [("quarte", 50, "quarte A♥")]
    assert kinds("-.-.QJT98.-") == [("quinte", 100, "quinte Q♦")]
    assert kinds("-.-.-.987") == [("tierce", 20, "tierce 9♣")]
    # Q J 10 are consecutive in the order A K Q J 10 9 8 7 (seed 000)
    assert kinds("QJT.-.-.-") == [("tierce", 20, "tierce Q♠")]
    assert kinds("AK.QJ.A9.87") == []


def test_long_runs_count_as_their_best_quinte():
    # seed 000: "sequences longer than 5 cards are ... counted as any of the 5-card sequences"
    (x,) = find_declarations(CardSet.from_pbn("KQJT98.-.-.-"), Strain.H)
    assert (x.kind, x.points, x.top) == ("quinte", 100, Rank.K)
    assert len(x.cards) == 5 and "S8" not in x.cards
    (y,) = find_declarations(CardSet.from_pbn("AKQJT987.-.-.-"), Strain.H)
    assert (y.points, y.top) == (100, Rank.A)


def test_two_runs_in_one_suit():
    # A K Q and 9 8 7 of spades, the J and 10 missing: two tierces, 20 each (seed 000)
    assert kinds("AKQ987.-.-.-") == [("tierce", 20, "tierce A♠"), ("tierce", 20, "tierce 9♠")]


@pytest.mark.parametrize("rank, points", [("J", 200), ("9", 150), ("A", 100), ("T", 100),
                                           ("K", 100), ("Q", 100)])
def test_carres(rank, points):
    # seed 000: carré of J 200, of 9 150, of A, 10, K, Q 100
    (x,) = find_declarations(CardSet.from_pbn(".".join([rank] * 4)), Strain.H)
    assert (x.kind, x.points, x.suit) == ("carre", points, None)


def test_carre_of_eights_or_sevens_is_nothing():
    # seed 000: "Combinations of 4 eights or 4 sevens have no value"
    assert kinds("8.8.8.8") == [] and kinds("7.7.7.7") == []


def test_a_card_counts_in_a_carre_and_in_a_sequence():
    # decision from seed 000 (no restriction stated): carré of A 100 and tierce A♠ 20
    assert kinds("AKQ.A.A.A") == [("carre", 100, "carré of A"), ("tierce", 20, "tierce A♠")]


def test_trump_flag():
    assert find_declarations(CardSet.from_pbn("AKQ.AKQ.-.-"), Strain.H)[0].trump is True   # ♥ first
    assert [x.trump for x in find_declarations(CardSet.from_pbn("AKQ.-.-.-"), Strain.SA)] == [False]
    assert [x.trump for x in find_declarations(CardSet.from_pbn("AKQ.-.-.-"), Strain.TA)] == [True]


def test_ordering_keys():
    quinte = find_declarations(CardSet.from_pbn("-.-.QJT98.-"), Strain.H)[0]
    carre_q = find_declarations(CardSet.from_pbn("Q.Q.Q.Q"), Strain.H)[0]
    carre_t = find_declarations(CardSet.from_pbn("T.T.T.T"), Strain.H)[0]
    carre_k = find_declarations(CardSet.from_pbn("K.K.K.K"), Strain.H)[0]
    carre_a = find_declarations(CardSet.from_pbn("A.A.A.A"), Strain.H)[0]
    # seed 000 rule 1: any carré beats any sequence (here both are worth 100)
    assert carre_q.key > quinte.key
    # equal carrés by their cards, in the order seed 000 lists them: A, 10, K, Q
    assert carre_a.key > carre_t.key > carre_k.key > carre_q.key


# -- awarding -----------------------------------------------------------------------

# N tierce A♠, E tierce J♠: higher cards win (seed 000 rule 3)
DEAL_HIGHER = Deal.from_pbn("N:AKQ.T8.7.AQ JT9.A.K.KT8 8.K7.AQ9.J9 7.QJ9.JT8.7")
# N tierce A♠, E tierce A♥: equal sequences in different suits
DEAL_EQUAL = Deal.from_pbn("N:AKQ.J9.A.AQ 9.AKQ.K9.K9 J8.T8.Q8.J8 T7.7.JT7.T7")
# N carré of K, S tierce Q♥ against E quinte Q♠, W tierce 10♦
DEAL_CARRE = Deal.from_pbn("N:K.K9.K7.K87 QJT98.8.J.T A.QJT.AQ.AQ 7.A7.T98.J9")
# N carré of 10 against E carré of K
DEAL_CARRES = Deal.from_pbn("N:T8.T8.T8.T7 K7.K7.K7.K8 AQ.AQ.J9.J9 J9.J9.AQ.AQ")
# N quarte Q♠ against E tierce A♥
DEAL_QUARTE = Deal.from_pbn("N:QJT9.7.A.AQ 8.AKQ.K9.K9 AK.J9.Q8.J8 7.T8.JT7.T7")


def test_declarations_off_by_default():
    for deal in (DEAL_HIGHER, DEAL_EQUAL, DEAL_CARRE):
        assert award_declarations(deal, Strain.H, Seat.N) == (0, 0)


def test_higher_cards_win():
    assert award_declarations(DEAL_HIGHER, Strain.D, Seat.N, ON) == (20, 0)      # tierce A beats tierce J


def test_higher_score_wins():
    # a quarte (50) beats a tierce (20), even a trump tierce with a higher top
    assert award_declarations(DEAL_QUARTE, Strain.H, Seat.N, ON) == (50, 0)


def test_carre_beats_sequence_and_the_side_scores_all_its_own():
    # seed 000: the carré of K (100) beats the quinte (100); NS score the carré and S's tierce:
    # 100 + 20 = 120; EW's quinte and tierce score nothing
    assert award_declarations(DEAL_CARRE, Strain.C, Seat.E, ON) == (120, 0)


def test_carre_of_ten_beats_carre_of_king():
    assert award_declarations(DEAL_CARRES, Strain.S, Seat.N, ON) == (100, 0)


def test_trump_sequence_beats_plain():
    # seed 000 rule 4: equal sequences, the trump one is better
    assert award_declarations(DEAL_EQUAL, Strain.H, Seat.N, ON) == (0, 20)       # E's ♥ is trump
    assert award_declarations(DEAL_EQUAL, Strain.S, Seat.E, ON) == (20, 0)       # N's ♠ is trump


@pytest.mark.parametrize("strain", [Strain.D, Strain.C, Strain.SA, Strain.TA])
def test_equal_plain_sequences_cancel(strain):
    # seed 000 rule 5 (default): they annul each other; in TA both are trump, so equal too
    assert award_declarations(DEAL_EQUAL, strain, Seat.N, ON) == (0, 0)


@pytest.mark.parametrize("leader, expected", [(Seat.N, (20, 0)), (Seat.E, (0, 20)), (Seat.S, (20, 0)),
                                              (Seat.W, (20, 0))])
def test_equal_plain_sequences_first_announced_wins(leader, expected):
    # seed 000 rule 5 variant: the first to announce, in the order of play from the leader
    # (leader W: W N E S, N is first with a declaration)
    rules = Rules(declarations=True, declarations_first_wins=True)
    assert award_declarations(DEAL_EQUAL, Strain.D, leader, rules) == expected


# -- belote ---------------------------------------------------------------------------

def test_belote_holder():
    # N holds ♠K ♠Q, E holds ♥K ♥Q in DEAL_EQUAL
    assert belote_teams(DEAL_EQUAL, Strain.H) == [(Seat.E, Suit.H)]
    assert belote_teams(DEAL_EQUAL, Strain.S) == [(Seat.N, Suit.S)]
    assert belote_teams(DEAL_EQUAL, Strain.D) == []          # ♦K with E, ♦Q with S


def test_belote_in_sa_and_ta():
    # seed 003: "There is no Belote when playing All-Trump or No-Trump" (the default)
    assert belote_teams(DEAL_EQUAL, Strain.SA) == [] and belote_teams(DEAL_EQUAL, Strain.TA) == []
    # seed 000 variant: "In tout atout a belote can be declared in any suit"
    rules = Rules(belote_in_ta=True)
    assert belote_teams(DEAL_EQUAL, Strain.TA, rules) == [(Seat.N, Suit.S), (Seat.E, Suit.H)]
    assert belote_teams(DEAL_EQUAL, Strain.SA, rules) == []
