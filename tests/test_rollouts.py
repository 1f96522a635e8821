"""The compiled rollouts (solver.rollouts, solver._rollout) against the point-count bot
called seat by seat through the auction's referee (solver.lookahead.continue_auction):
the same finished auction, call for call, on every start and deal."""

import random

import pytest

from solver.auction import Auction
from solver.cards import Seat
from solver.deal import Deal
from solver.heuristic import HeuristicBot
from solver.lookahead import continue_auction
from solver.rollouts import continue_auctions
from solver.rules import Rules

VARIANTS = {
    "default": Rules(),
    "suit ranking": Rules(suit_ranking=True),
    "contree": Rules(contree=True),
    "capot coinched, generale": Rules(capot_coinche=True, generale=True),
    "suits only": Rules(sa_ta=False),
}


def _random_start(rng: random.Random, rules: Rules) -> Auction:
    """An auction of a few calls, each a pass half the time, else any legal call."""
    a = Auction(Seat(rng.randrange(4)), (), rules)
    for _ in range(rng.randrange(7)):
        legal = a.legal_calls()
        call = legal[0] if rng.random() < 0.5 else rng.choice(legal)
        b = a.then(call)
        if b.is_over:
            break
        a = b
    return a


@pytest.mark.parametrize("name", list(VARIANTS))
def test_compiled_rollouts_call_as_the_bot_does(name: str) -> None:
    rules = VARIANTS[name]
    rng = random.Random(f"rollouts {name}")
    bot = HeuristicBot()
    pool = [Deal.random(seed) for seed in range(40)]   # hands valued once
    kinds = set()
    for k in range(150):
        start = _random_start(rng, rules)
        deals = rng.sample(pool, 8)
        got = continue_auctions(start, deals)
        want = [continue_auction(start, d, bot.call, rules) for d in deals]
        assert got == want, (start, [str(d) for d in deals])
        kinds.update(c.kind for a in want for c in a.calls[len(start.calls):])
    assert len(kinds) >= 2                  # the bot passed and bid (and coinched, sometimes)


def test_compiled_rollouts_meet_supports_coinches_and_long_auctions() -> None:
    # the bot's own auctions from the deal's start: its support raises (partner's suit
    # bid with our trump J, 9 and side aces), its coinches (their suit bid at 100 or
    # more, our J and 9 of it) and auctions of several bids all occur
    rules = Rules()
    bot = HeuristicBot()
    deals = [Deal.random(seed) for seed in range(200)]
    starts = [Auction(Seat(s), (), rules) for s in range(4)]
    coinched = long = 0
    for start in starts:
        got = continue_auctions(start, deals)
        assert got == [continue_auction(start, d, bot.call, rules) for d in deals]
        coinched += sum(any(c.kind.value == "coinche" for c in a.calls) for a in got)
        long += sum(sum(c.kind.value == "bid" for c in a.calls) >= 3 for a in got)
    assert coinched > 0 and long > 0, (coinched, long)
