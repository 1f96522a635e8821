"""Opening advice and advice inside an auction stop when the answer is known by default:
pass is one of the options compared (a weak hand stops as soon as every bid is known to
lose), the stopping rule shares its error among the pairs holding the truly best option,
and ``samples`` given alone still solves exactly that many deals."""

import json

import numpy as np
import pytest

import solver
from cli_helpers import run
from solver.advice import SAMPLES, advise as advise_dd
from solver.bidding import AUCTION_SAMPLES
from solver.sequential import StoppingRule, StopReason

# K8.Q87.T.T7: the South hand of Deal.random(2), the weakest of the seeded set's first 20
# (benchmarks/sequential_agreement.py); every bid loses on its first 40 deals
WEAK = "K8.Q87.T.T7"


def test_a_weak_hand_stops_on_pass_without_being_told_to():
    adv = advise_dd(WEAK, seat="S", dealer="E", seed=2, workers=1)
    assert adv.stopping is not None and adv.stopping.reason is StopReason.SEPARATED
    assert adv.recommendation.is_pass and adv.samples < SAMPLES
    # pass is the column it separated: every bid's interval against pass lies below 0, at
    # the last look or at the earlier one that retired it (racing)
    v = adv.stopping
    assert v.best == 0 and all(j in v.retired or v.upper[j] < 0 for j in range(1, len(v.upper)))
    assert v.retired and 0 not in v.retired
    # the answer is the fixed run's on the deals solved, a strain left behind by the race
    # on the deals it was solved on; without racing, the fixed run's to the digit
    fixed = advise_dd(WEAK, seat="S", dealer="E", seed=2, workers=1, samples=adv.samples)
    solved = ~np.ma.getmaskarray(adv.points)
    assert fixed.stopping is None and np.array_equal(fixed.points[solved], adv.points[solved])
    whole = advise_dd(WEAK, seat="S", dealer="E", seed=2, workers=1, race=False)
    assert whole.samples == adv.samples and np.array_equal(fixed.points, whole.points)
    assert [b.ev for b in fixed.bids] == [b.ev for b in whole.bids]


def test_pass_is_one_of_the_options_named():
    # a margin of 1,000 points settles at the first look: the best (pass) and the bids
    # not separated from it, named by their JSON names, pass first
    adv = advise_dd(WEAK, seat="S", dealer="E", seed=2, workers=1, samples=60, margin=1000)
    assert adv.stopping.reason is StopReason.INDIFFERENT and adv.stopping.best == 0
    assert adv.stopping.keys == ("pass",) + tuple(b.contract.to_text() for b in adv.bids)
    close = adv.to_dict()["too_close"]
    assert close and "pass" not in close and set(close) <= set(adv.stopping.keys)


def test_samples_given_alone_solves_exactly_that_many():
    adv = advise_dd(WEAK, seat="S", dealer="E", seed=2, workers=1, samples=12)
    assert adv.samples == 12 and adv.stopping is None


def test_auction_advice_stops_by_default():
    adv = solver.auction_advice(WEAK, "S", "E", "", seed=2, workers=1)
    assert adv.stopping is not None and adv.samples <= AUCTION_SAMPLES
    fixed = solver.auction_advice(WEAK, "S", "E", "", samples=20, seed=2, workers=1)
    assert fixed.stopping is None and fixed.samples == 20


def test_the_command_stops_by_default():
    got = run("advise", WEAK, "--seat", "S", "--dealer", "E", "--seed", 2, "--workers", 1, "--json")
    assert got.exit_code == 0, got.output
    d = json.loads(got.stdout)
    assert d["stopped"] == "separated" and d["samples"] < SAMPLES and d["recommendation"]["bid"] is None


def test_the_error_is_shared_among_the_pairs_of_the_truly_best():
    # 11 options: the truly best is in 10 pairs, so each gets 5% / 10 (Bonferroni)
    assert StoppingRule(confidence=0.95).pair_alpha(11) == pytest.approx(0.005)
    assert StoppingRule(confidence=0.9).pair_alpha(2) == pytest.approx(0.1)


@pytest.mark.slow
def test_the_realism_note_shows_at_the_defaults():
    # two bare aces (docs/advice.md): at the defaults the double-dummy advice stops on
    # 80SA and the realism check plays 80SA out on the first 30 deals, where PIMC
    # declarers lose it (tests/test_dd_note.py checks the same note at 200 fixed deals)
    adv = solver.advise("A8.A8.87.87", seat="S", dealer="E", seed=11, workers=1)
    assert adv.stopping is not None and adv.recommendation.label == "80SA"
    assert adv.realism is not None and adv.realism.note is not None and "80SA" in adv.realism.note
