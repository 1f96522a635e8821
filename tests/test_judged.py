"""Every answer that compares options over sampled deals gives them as one record,
:class:`solver.montecarlo.Judged`, with the same JSON names (docs/json.md, "A judged
option")."""

import pytest

import solver
from solver.montecarlo import Judged

HAND = "AJ9.A7.KT.J"
#: The keys every judged option has in JSON, whatever it judges.
COMMON = {"ev", "ev_se", "vs_best", "vs_best_se", "p_success", "p_success_se", "samples", "stopped"}


@pytest.fixture(scope="module")
def answers():
    return {
        "bid": solver.advise(HAND, seat="S", dealer="E", samples=6, seed=1, workers=1).bids,
        "call": solver.auction_advice(HAND, "S", "N", "E:pass", samples=6, seed=1, workers=1).calls,
        "card": solver.lead_advice("KT7.Q8.A9.K", "E", "100H S", samples=6, seed=1, workers=1).stats,
        "played": solver.play_advice("7.AJ9.KT.J8", "S", "100H N", "HK H8 D7", leader="W", samples=6,
                                     seed=1, workers=1).cards,
    }


def test_every_answer_judges_its_options_with_one_record(answers):
    for kind, options in answers.items():
        assert options and all(isinstance(o, Judged) for o in options), kind
        # the best option is judged against itself: a paired difference of exactly 0
        assert max(o.vs_best for o in options) == 0.0, kind
        assert all(o.samples == 6 and o.stop is None for o in options), kind


def test_the_json_names_are_the_same_for_every_kind_of_option(answers):
    for kind, options in answers.items():
        key = "card" if kind == "played" else kind
        for o in options:
            d = o.to_dict()
            assert COMMON <= set(d) and key in d, (kind, sorted(d))
            assert d["ev"] == pytest.approx(o.ev) and d["vs_best"] == o.vs_best


def test_a_bid_is_ranked_by_its_score_when_the_opponents_coinche_its_failures(answers):
    # ev is the score the advice ranks by; ev_uncoinched beside it is never lower for a
    # bid that may be coinched (a coinched failure costs more)
    for b in answers["bid"]:
        assert b.uncoinched is not None and b.uncoinched.value >= b.ev - 1e-9
