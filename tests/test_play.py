"""The referee: trick winners, legal cards under every play variant, replay and undo.

Each variant test is a hand-built position whose legal set changes with the variant;
the positions come from the examples the seeds give for the rule.
"""

import pytest

from solver import (Card, CardSet, Deal, IllegalPlayError, Position, Rules, Seat, Strain, legal_cards,
                    trick_winner)

SOUTHERN = Rules(must_undertrump=False)
RELAXED = Rules(must_overtrump_partner=False)


def legal(hand, trick, leader, strain, rules=Rules()):
    return {c.name for c in legal_cards(CardSet.from_pbn(hand), trick, Seat.parse(leader), Strain.parse(strain),
                                        rules)}


# -- trick winners -------------------------------------------------------------------

def test_seed_003_trick_example():
    # seed 003, bid 100♣: A♥, K♥, K♦ (no ♥, no ♣), 10♣ (no ♥, must cut): the 10♣ wins
    assert trick_winner(["HA", "HK", "DK", "CT"], Strain.C) == 3
    # player 3 (N's partner S) holds a trump but need not cut: partner's A♥ is winning
    assert legal("-.-.K.8", ["HA", "HK"], "N", "C") == {"DK", "C8"}
    # player 4 (W) has no ♥ and must cut
    assert legal("-.-.7.T", ["HA", "HK", "DK"], "N", "C") == {"CT"}


def test_trick_winner_orders():
    # trumps J 9 A 10 K Q 8 7 (seed 000): the 9 beats the ace
    assert trick_winner(["HA", "H9", "H7", "HK"], Strain.H) == 1
    # plain suits A 10 K Q J 9 8 7: the 10 beats the king; an off-suit card never wins
    assert trick_winner(["SK", "ST", "HA", "SJ"], Strain.D) == 1
    # SA: no trumps; TA: every suit in trump order, the J of the suit led wins
    assert trick_winner(["SK", "ST", "HJ", "SJ"], Strain.SA) == 1
    assert trick_winner(["SK", "ST", "HJ", "SJ"], Strain.TA) == 3


# -- legal cards, the default rules and their variants ------------------------------------

def test_must_follow_without_beating_a_plain_suit():
    # seed 000: "they may play any card of the suit led, without any obligation to beat"
    assert legal("A7.J.-.-", ["SK"], "N", "H") == {"SA", "S7"}


def test_must_undertrump_variant():
    # seed 000's example: hearts trumps, partner (N) leads the ♣10, E trumps with the ♥9,
    # S has no clubs and the ♥10 as only trump: forced to play it ("pisser")
    assert legal("A.T.A.-", ["CT", "H9"], "N", "H") == {"HT"}
    # the southern variant: not obliged to trump if unable to beat the winning trump
    assert legal("A.T.A.-", ["CT", "H9"], "N", "H", SOUTHERN) == {"SA", "HT", "DA"}
    # with the ♥J he must overtrump under both rules
    assert legal("A.JT.-.-", ["CT", "H9"], "N", "H") == {"HJ"}
    assert legal("A.JT.-.-", ["CT", "H9"], "N", "H", SOUTHERN) == {"HJ"}


def test_must_overtrump_partner_variant():
    # seed 000: "if I lead the nine of trumps and my partner has the jack, he is not obliged
    # to play it" under the relaxed variant; by default he must beat the 9
    assert legal("A.J8.-.-", ["H9", "H7"], "N", "H") == {"HJ"}
    assert legal("A.J8.-.-", ["H9", "H7"], "N", "H", RELAXED) == {"HJ", "H8"}
    # an opponent winning the trump lead must be beaten under both rules
    assert legal("A.J8.-.-", ["H7", "H9"], "N", "H", RELAXED) == {"HJ"}


def test_partner_winning_allows_discard():
    # seed 000: "if the highest card in the trick so far was played by his partner, he is
    # allowed to discard even if he has a trump"
    assert legal("A.8.-.-", ["CA", "C7"], "N", "H") == {"SA", "H8"}
    # an opponent winning: he must trump
    assert legal("A.8.-.-", ["C7", "CA"], "N", "H") == {"H8"}
    # W's partner E trumped with the 9, S overtrumped with the J: W cannot beat it and must
    # undertrump by default; the southern variant lets him discard
    assert legal("A.A8.-.-", ["C7", "H9", "HJ"], "N", "H") == {"HA", "H8"}
    assert legal("A.A8.-.-", ["C7", "H9", "HJ"], "N", "H", SOUTHERN) == {"SA", "HA", "H8"}


def test_sans_atout():
    # seed 000: in sans atout "no obligation to overtake", a void player may play any card
    assert legal("A7.J.-.-", ["SK"], "N", "SA") == {"SA", "S7"}
    assert legal("-.J7.A.-", ["SK"], "N", "SA") == {"HJ", "H7", "DA"}


def test_tout_atout():
    # seed 000: in tout atout "players must always beat the highest card in the trick"
    assert legal("J7.A.-.-", ["S9"], "N", "TA") == {"SJ"}
    # the same cards in SA: any spade
    assert legal("J7.A.-.-", ["S9"], "N", "SA") == {"SJ", "S7"}
    # unable to beat: any card of the suit; void: any card (no cutting in TA)
    assert legal("87.A.-.-", ["S9"], "N", "TA") == {"S8", "S7"}
    assert legal("-.A7.K.-", ["S9"], "N", "TA") == {"HA", "H7", "DK"}
    # partner winning: must still beat by default, any card of the suit with the relaxed rule
    assert legal("J7.A.-.-", ["S9", "S8"], "N", "TA") == {"SJ"}
    assert legal("J7.A.-.-", ["S9", "S8"], "N", "TA", RELAXED) == {"SJ", "S7"}


# -- Position ---------------------------------------------------------------------------

EXAMPLE = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"


def test_position_play_and_undo():
    pos = Position.parse(Deal.from_pbn(EXAMPLE), "H", leader="N")
    pos.play(Card.SA); pos.play(Card.S8); pos.play(Card.SQ); pos.play(Card.S7)
    # trick 1: A♠ 11, 8♠ 0, Q♠ 3, 7♠ 0 = 14 points to N (seed 000 values)
    assert pos.points == (14, 0) and pos.tricks == (1, 0) and pos.to_move == Seat.N
    assert pos.undo() == Card.S7
    assert pos.points == (0, 0) and pos.to_move == Seat.W and len(pos.trick) == 3


def test_illegal_play_leaves_the_position_unchanged():
    pos = Position.parse(Deal.from_pbn(EXAMPLE), "H", leader="N", played="SA S8")
    before = (list(pos.hands), list(pos.trick), pos.points)
    with pytest.raises(IllegalPlayError, match="must follow"):
        pos.play(Card.HA)
    with pytest.raises(IllegalPlayError, match="not in S's hand"):
        pos.play(Card.CA)
    with pytest.raises(IllegalPlayError, match="already been played"):
        pos.play(Card.SA)
    with pytest.raises(IllegalPlayError, match="not to play"):
        pos.play(Card.SQ, seat=Seat.N)
    assert (pos.hands, pos.trick, pos.points) == before
    with pytest.raises(IllegalPlayError, match="nothing to undo"):
        Position.parse(Deal.from_pbn(EXAMPLE), "H").undo()


def test_played_sequence_error_names_the_card():
    with pytest.raises(IllegalPlayError, match="card 3 of the play"):
        Position.parse(Deal.from_pbn(EXAMPLE), "H", leader="N", played="SA S8 HA")


def test_endgame_last_trick_bonus():
    # a one-card endgame: the last trick earns the dix de der (10)
    pos = Position.parse(Deal.from_pbn("N:A.-.-.- 7.-.-.- 8.-.-.- K.-.-.-"), "H", leader="N")
    for c in ("SA", "S7", "S8", "SK"):
        pos.play(Card.parse(c))
    # A♠ 11 + K♠ 4 + 10 for the last trick = 25 to NS
    assert pos.is_over and pos.points == (25, 0)


# -- card points and the rules object -------------------------------------------------------

def test_card_points_tables():
    from solver.rules import points_table
    r = Rules()
    # seed 000: trumps J 20, 9 14, A 11, 10 10, K 4, Q 3; plain A 11, 10 10, K 4, Q 3, J 2
    faces = ("HJ", "H9", "HA", "HT", "HK", "HQ", "H8")
    assert [r.card_points(Card.parse(c), Strain.H) for c in faces] == [20, 14, 11, 10, 4, 3, 0]
    assert [r.card_points(Card.parse(c), Strain.H) for c in ("SA", "ST", "SK", "SQ", "SJ", "S9")] == [11, 10, 4, 3, 2, 0]
    # seed 000 variant: in sans atout the ace is worth 19
    assert r.card_points(Card.SA, Strain.SA) == 19
    # tout atout: J 14, 9 9, A 6, 10 5, K 3, Q 1 (seed 000) or J 13, 9 9, A 7, 10 5, K 3, Q 1 (seed 001)
    ta = ("SJ", "S9", "SA", "ST", "SK", "SQ")
    assert [r.card_points(Card.parse(c), Strain.TA) for c in ta] == [14, 9, 6, 5, 3, 1]
    assert [Rules(ta_table="j13").card_points(Card.parse(c), Strain.TA) for c in ta] == [13, 9, 7, 5, 3, 1]
    # every table sums to 152 (+ 10 for the last trick = 162, seed 000)
    for strain in "S H D C SA TA".split():
        for rules in (Rules(), Rules(ta_table="j13")):
            assert sum(points_table(Strain.parse(strain), rules)) == 152


def test_rules_are_checked():
    from solver import RulesError
    with pytest.raises(RulesError, match="surcoinche"):
        Rules(surcoinche=5)
    with pytest.raises(RulesError, match="'j15'"):
        Rules(ta_table="j15")
    with pytest.raises(RulesError, match="target"):
        Rules(target=0)
    with pytest.raises(RulesError, match="must_undertrump"):
        Rules(must_undertrump="yes")
    with pytest.raises(RulesError, match="'pisser'"):
        Rules().replace(pisser=True)
    assert Rules().replace(target=3000).target == 3000
    with pytest.raises(AttributeError):
        Rules().target = 1000
