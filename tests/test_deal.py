"""Deals: PBN-like text in and out, random deals, endgames, and every kind of bad deal text."""

import pytest

from solver import EXAMPLE_DEAL, Card, CardError, CardSet, Deal, DealError, Seat

TEXT = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"


def test_from_pbn_and_back():
    d = Deal.from_pbn(TEXT)
    assert d.to_pbn() == TEXT and str(d) == TEXT
    assert d.hands[Seat.E].to_pbn() == "T98.QT.J9.7" and d["S"].to_pbn() == "Q.A.AQ7.KQJ"
    assert d.cards_per_hand == 8 and len(d.cards) == 32
    assert Deal.from_pbn(EXAMPLE_DEAL) == d
    assert eval(repr(d)) == d


def test_first_seat_prefix():
    d = Deal.from_pbn(TEXT)
    # "E:" lists E's hand first, then S, W, N in the order of play
    assert d.to_pbn(first=Seat.E) == "E:T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 AK.K8.K8.A8"
    assert Deal.from_pbn(d.to_pbn(first=Seat.E)) == d
    assert Deal.from_pbn(TEXT[2:]) == d                           # no prefix: N first
    assert Deal.from_pbn(f'[Deal "{TEXT}"]') == d                 # a PBN tag
    assert Deal.from_pbn(TEXT.lower().replace("n:", "n:")) == d   # lower case


def test_random_deal_is_reproducible():
    assert Deal.random(seed=7) == Deal.random(seed=7)
    assert Deal.random(seed=7) != Deal.random(seed=8)
    d = Deal.random(seed=1)
    assert [len(h) for h in d.hands] == [8, 8, 8, 8] and len(d.cards) == 32


def test_endgame_deals():
    d = Deal.from_pbn("N:A.K.-.- Q.7.-.- -.A8.-.- J.-.-.9")
    assert d.cards_per_hand == 2 and Deal.from_pbn(d.to_pbn()) == d
    assert d.owner(Card.HA) == Seat.S and d.owner(Card.CA) is None


def test_diagram():
    text = Deal.from_pbn(TEXT).diagram()
    assert "♠ A K" in text and "♥ Q 10" in text and text.splitlines()[0].strip() == "N"


@pytest.mark.parametrize("bad, kind, what", [
    ("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ", DealError, "expected 4 hands"),
    ("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 7.-.-.-", DealError, "expected 4 hands"),
    ("N:AK.K8.K8.A8 AK8.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9", DealError, "SK is in two hands: N and E"),
    ("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T", DealError, "unequal numbers of cards"),
    ("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.TX", CardError, "unknown rank 'X'"),
    ("N:AK.K8.K8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9", DealError, "four suits"),
    ("X:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9", DealError, "first seat"),
    ("N:AAK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9", DealError, "SA appears twice"),
    ("", DealError, "expected 4 hands"),
    ("N:-.-.-.- -.-.-.- -.-.-.- -.-.-.-", DealError, "empty"),
])
def test_bad_deals(bad, kind, what):
    with pytest.raises(kind) as e:
        Deal.from_pbn(bad)
    assert what in str(e.value) and repr(bad) in str(e.value)
    assert isinstance(e.value, ValueError)


def test_deal_constructor_errors():
    with pytest.raises(DealError, match="4 hands"):
        Deal([CardSet(), CardSet()])
    with pytest.raises(DealError, match="not a deal"):
        Deal.from_pbn(42)


def test_deals_and_card_sets_pickle_and_copy():
    """Tasks carry deals to worker processes: a deal pickles as its masks and comes back
    equal, with equal hands; copies of immutable values are the values themselves."""
    import copy
    import pickle

    d = Deal.from_pbn(EXAMPLE_DEAL)
    back = pickle.loads(pickle.dumps(d))
    assert back == d and back.hands == d.hands and back.masks == d.masks
    assert pickle.loads(pickle.dumps(d.hands[Seat.S])) == d.hands[Seat.S]
    assert len(pickle.dumps(d)) < 120          # four masks, not four hands of card objects
    assert copy.copy(d) is d and copy.deepcopy(d) is d
    assert copy.deepcopy(d.hands[0]) is d.hands[0] and copy.copy(d.hands[0]) is d.hands[0]
    endgame = Deal.from_pbn("N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-")
    assert pickle.loads(pickle.dumps([endgame, d])) == [endgame, d]
