"""Hypothesis properties of the referee and the deal text (the whole file runs in seconds).

- every random legal play-out ends with 162 points split between the sides (152 card
  points + 10 for the last trick, seed 000), each card played exactly once;
- undo restores the position, card by card, back to the start;
- ``Deal.from_pbn(d.to_pbn()) == d`` for full and endgame deals.
"""

import random

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import Card, CardSet, Deal, Position, Rules, Seat, Strain, score_deal, Contract
from solver.errors import CardError
from solver.rules import TOTAL_POINTS

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**32 - 1)
strains = st.sampled_from(list(Strain))
seats = st.sampled_from(list(Seat))
rules_st = st.builds(Rules, must_undertrump=st.booleans(), must_overtrump_partner=st.booleans(),
                     ta_table=st.sampled_from(["j14", "j13"]))


def play_out(pos: Position, rng: random.Random) -> list:
    """Play random legal cards to the end; return the snapshots taken before each card."""
    snapshots = []
    while not pos.is_over:
        snapshots.append((list(pos.hands), list(pos.trick), pos.leader, pos.points, pos.tricks))
        legal = list(pos.legal_cards())
        assert legal, "a player to move always has a legal card"
        card = rng.choice(legal)
        assert pos.hand(pos.to_move).mask >> card & 1
        pos.play(card)
    return snapshots


@FAST
@given(seed=seeds, strain=strains, leader=seats, rules=rules_st, play_seed=seeds)
def test_random_play_out_splits_162(seed, strain, leader, rules, play_seed):
    deal = Deal.random(seed=seed)
    pos = Position(deal, strain, leader=leader, rules=rules)
    play_out(pos, random.Random(play_seed))
    assert sum(pos.points) == TOTAL_POINTS                    # 152 + dix de der (seed 000)
    assert sum(pos.tricks) == 8
    played = [c for _, c in pos.history]
    assert len(played) == 32 and set(played) == set(Card)     # each card once
    # each card came from its owner's hand, in turn
    assert all(deal.owner(c) == seat for seat, c in pos.history)
    # and the result can be scored for either side without error
    ns = pos.points[0]
    s = score_deal(Contract(80, strain, "N"), ns, capot=pos.tricks[0] == 8)
    assert s.made == (ns >= 82)


@FAST
@given(seed=seeds, strain=strains, leader=seats, rules=rules_st, play_seed=seeds)
def test_replay_is_accepted_and_undo_restores(seed, strain, leader, rules, play_seed):
    deal = Deal.random(seed=seed)
    pos = Position(deal, strain, leader=leader, rules=rules)
    snapshots = play_out(pos, random.Random(play_seed))
    history = [c for _, c in pos.history]
    # the referee accepts the same play given as text, through its text door
    text = " ".join(c.name for c in history)
    again = Position.parse(deal, strain, leader, rules=rules, played=text)
    assert again.points == pos.points and again.tricks == pos.tricks
    with pytest.raises(CardError, match="Position.parse"):      # never read one letter a card
        Position(deal, strain, leader=leader, rules=rules, played=text)  # type: ignore[arg-type]
    for snap in reversed(snapshots):
        pos.undo()
        assert (list(pos.hands), list(pos.trick), pos.leader, pos.points, pos.tricks) == snap
    assert pos.hands == list(deal.masks) and pos.history == []


@FAST
@given(seed=seeds, n=st.integers(min_value=1, max_value=8), first=seats)
def test_pbn_round_trip(seed, n, first):
    rng = random.Random(seed)
    cards = rng.sample(range(32), 4 * n)
    deal = Deal([CardSet(cards[i * n:(i + 1) * n]) for i in range(4)])
    assert Deal.from_pbn(deal.to_pbn()) == deal
    assert Deal.from_pbn(deal.to_pbn(first=first)) == deal
    full = Deal.random(seed=seed)
    assert Deal.from_pbn(full.to_pbn()) == full


@FAST
@given(seed=seeds, strain=strains, leader=seats, play_seed=seeds)
def test_endgame_play_out(seed, strain, leader, play_seed):
    """Endgames (fewer cards) also split all their points plus the dix de der."""
    rng = random.Random(seed)
    n = rng.randint(1, 7)
    cards = rng.sample(range(32), 4 * n)
    deal = Deal([CardSet(cards[i * n:(i + 1) * n]) for i in range(4)])
    pos = Position(deal, strain, leader=leader)
    play_out(pos, random.Random(play_seed))
    table = Rules().card_points
    assert sum(pos.points) == sum(table(c, strain) for c in cards) + 10
