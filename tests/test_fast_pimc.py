"""PIMC decisions: worlds already solved are taken from the reuse cache, and solving them
in the calling thread gives what the worker threads give."""

from __future__ import annotations

import random

from solver.cards import Seat
from solver.deal import EXAMPLE_DEAL, Deal
from solver.knowledge import Tracker
from solver.montecarlo import Reuse, reusing
from solver.pimc import pimc_card, play_out
from solver.play import Position
from solver.rules import Rules, Strain


def _lead() -> tuple[Position, Tracker]:
    deal = Deal.parse(EXAMPLE_DEAL)
    rules = Rules()
    return Position(deal, Strain.C, Seat.W, rules), Tracker(list(deal.masks), Strain.C, Seat.W, rules)


def test_a_decision_asked_again_takes_its_worlds_from_the_cache():
    pos, tracker = _lead()
    knowledge = tracker.knowledge(Seat.W)
    cache = Reuse()
    with reusing(cache):
        first = pimc_card(pos, knowledge, 12, random.Random(5))
        assert (cache.hits, cache.solved) == (0, 12)
        again = pimc_card(pos, knowledge, 12, random.Random(5))
        # the same generator deals the same 12 worlds of the same position: none solved again
        assert (cache.hits, cache.solved) == (12, 12)
        more = pimc_card(pos, knowledge, 20, random.Random(5))
        # 20 worlds from the same generator start with the same 12
        assert (cache.hits, cache.solved) == (24, 20)
    assert first == again == pimc_card(pos, knowledge, 12, random.Random(5))
    assert more == pimc_card(pos, knowledge, 20, random.Random(5))


def test_a_world_is_reused_only_at_the_same_position():
    pos, tracker = _lead()
    cache = Reuse()
    with reusing(cache):
        choice = pimc_card(pos, tracker.knowledge(Seat.W), 8, random.Random(1))
        tracker.play(pos, choice.card)
        pos.play(choice.card)
        pimc_card(pos, tracker.knowledge(pos.to_move), 8, random.Random(1))
    assert (cache.hits, cache.solved) == (0, 16)


def test_one_worker_solves_in_the_calling_thread_what_two_solve():
    one = play_out(EXAMPLE_DEAL, "100C S", leader="W", worlds=6, seed=3, workers=1)
    two = play_out(EXAMPLE_DEAL, "100C S", leader="W", worlds=6, seed=3, workers=2)
    assert one.to_dict() == two.to_dict()
