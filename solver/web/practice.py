"""Practice problems, each made from a seed: the same seed gives the same problem.

A bidding problem is a hand at South with the calls before it all passes; its answer
is the sampled advice (``/api/jobs/advise`` with the problem's fields).  A card-play
problem is a position part-way through a random deal where the cards to choose from
do not all have the same value; its answer is the position's solution
(``/api/solve``).

>>> p = play_problem(7)
>>> p == play_problem(7), 4 <= len(p["played"].split()) < 24
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from solver.cards import Seat
from solver.deal import Deal
from solver.play import Position
from solver.rules import STRAINS
from solver.solve import solve

#: Deals sampled to judge a bidding answer.
BIDDING_SAMPLES = 100
#: Positions tried before settling for one where every card is worth the same.
PLAY_TRIES = 12


def bidding_problem(seed: int) -> dict[str, Any]:
    """South's hand, a dealer and the passes before South speaks."""
    rng = random.Random(seed)
    deal = Deal.random(seed)
    dealer = Seat(rng.randrange(4))
    calls = []
    who = dealer.next
    while who != Seat.S:
        calls.append("pass")
        who = who.next
    return {"seed": seed, "hand": deal.hands[Seat.S].to_pbn(), "seat": "S", "dealer": dealer.name,
            "auction": " ".join(calls), "samples": BIDDING_SAMPLES}


def _random_position(rng: random.Random, deal: Deal) -> Position:
    pos = Position(deal, rng.choice(STRAINS), Seat(rng.randrange(4)))
    for _ in range(rng.randrange(4, 20)):
        pos.play(rng.choice(list(pos.legal_cards())))
    return pos


def play_problem(seed: int) -> dict[str, Any]:
    """A position with a choice that matters, the player to move, from ``seed``."""
    rng = random.Random(seed)
    deal = Deal.random(seed)
    pos = _random_position(rng, deal)
    for _ in range(PLAY_TRIES - 1):
        sol = solve(deal, pos.strain, pos.first_leader, [c for _, c in pos.history])
        if len(set(sol.card_values.values())) > 1:
            break
        pos = _random_position(rng, deal)
    return {"seed": seed, "deal": deal.to_pbn(), "strain": pos.strain.name,
            "leader": pos.first_leader.name, "played": " ".join(c.name for _, c in pos.history),
            "to_move": pos.to_move.name}
