"""Cards, suits, ranks, seats, teams and card sets (issue section 2)."""

import pytest

from solver import Card, CardError, CardSet, CoincheError, Rank, Seat, SeatError, Suit, Team


@pytest.mark.parametrize("text, name", [
    ("SA", "SA"), ("HT", "HT"), ("H10", "HT"), ("h10", "HT"), ("sa", "SA"), ("10♥", "HT"),
    ("A♠", "SA"), ("♠A", "SA"), ("d7", "D7"), ("CJ", "CJ"), ("CV", "CJ"), (" ck ", "CK"),
])
def test_card_parse_forms(text, name):
    assert Card.parse(text).name == name


def test_card_numbering():
    # suit * 8 + rank, suits S H D C, ranks 7 8 9 T J Q K A (issue section 2 / cards.py)
    assert int(Card.S7) == 0 and int(Card.SA) == 7 and int(Card.HT) == 11 and int(Card.CA) == 31
    assert Card.HT.suit == Suit.H and Card.HT.rank == Rank.T
    assert len(Card) == 32


def test_card_output():
    assert str(Card.HT) == "HT" and Card.HT.symbol == "10♥" and Card.SA.symbol == "A♠"
    assert repr(Card.HT) == "Card.parse('HT')" and Card.parse(repr(Card.HT)[12:14]) is Card.HT


@pytest.mark.parametrize("bad, what", [
    ("X7", "unknown suit"), ("S1", "unknown rank"), ("SAA", "unknown rank"), ("S", "malformed"),
    ("", "malformed"), ("1♥", "unknown rank"), (32, "out of range"), (None, "not a card"),
])
def test_card_errors_quote_the_input(bad, what):
    with pytest.raises(CardError) as e:
        Card.parse(bad)
    assert what in str(e.value) and repr(bad) in str(e.value)
    assert isinstance(e.value, CoincheError) and isinstance(e.value, ValueError)


def test_seats_and_teams():
    assert [s.name for s in Seat] == ["N", "E", "S", "W"]       # the order of play
    assert Seat.N.next == Seat.E and Seat.W.next == Seat.N
    assert Seat.N.partner == Seat.S and Seat.E.team == Team.EW and Seat.S.team == Team.NS
    assert Team.NS.other == Team.EW and Team.EW.seats == (Seat.E, Seat.W)
    assert Seat.parse("ouest") == Seat.W and Team.parse("ew") == Team.EW
    assert Team.parse(Seat.S) == Team.NS
    with pytest.raises(SeatError, match="'X'"):
        Seat.parse("X")
    with pytest.raises(SeatError, match="'NE'"):
        Team.parse("NE")


def test_cardset():
    hand = CardSet.from_pbn("AK.K8.-.A8")
    assert len(hand) == 6 and Card.SA in hand and "HK" in hand and "DA" not in hand
    assert hand.to_pbn() == "AK.K8.-.A8"
    assert CardSet.from_pbn(hand.to_pbn()) == hand
    assert hand.suit(Suit.H) == CardSet(["HK", "H8"])
    assert hand - CardSet(["SA"]) == CardSet.from_pbn("K.K8.-.A8")
    assert (hand | ["D7"]).to_pbn() == "AK.K8.7.A8"
    assert hand.symbols().startswith("♠ A K")
    assert CardSet.from_pbn("A10.-.-.-") == CardSet(["SA", "ST"])    # "10" for the ten
    with pytest.raises(AttributeError):
        hand.mask = 0


@pytest.mark.parametrize("bad, what", [("AX.-.-.-", "unknown rank 'X'"), ("AA.-.-.-", "twice"),
                                       ("AK.K8", "four suits")])
def test_cardset_errors(bad, what):
    with pytest.raises(CoincheError) as e:
        CardSet.from_pbn(bad)
    assert what in str(e.value) and repr(bad) in str(e.value)
