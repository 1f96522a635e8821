"""The note where double dummy and realistic play disagree on the advised bid: shown by
``coinche advise`` by default, from solver.pimc.double_dummy_note."""

import dataclasses
import json

import pytest

import solver
from cli_helpers import run
from solver.pimc import double_dummy_note, realistic_advice
from solver.rules import Strain

# two bare aces (docs/advice.md): double dummy bids 80SA; with PIMC players 80SA loses
HAND = "A8.A8.87.87"


@pytest.mark.slow
def test_advise_says_by_default_when_only_a_seeing_declarer_makes_the_bid():
    got = run("advise", HAND, "--seat", "S", "--dealer", "E", "--samples", 200, "--seed", 11, "--workers", 1,
              "--json")
    assert got.exit_code == 0, got.output
    d = json.loads(got.stdout)
    adv = solver.advise(HAND, seat="S", dealer="E", samples=200, seed=11, workers=1)
    assert adv.recommendation.bid is not None and adv.recommendation.bid.strain == Strain.SA
    # the same check in Python: the advised strain played out on the first 30 deals
    r = realistic_advice(adv, 30, 10, 11, workers=1, strains=[Strain.SA])
    want = double_dummy_note(r)
    assert want is not None and "80SA" in want and d["dd_note"] == want
    assert r.realistic.bid(80, Strain.SA).ev <= 0 < r.double_dummy.bid(80, Strain.SA).ev
    assert [row["bid"] for row in d["realistic"]["best_bids"]] == ["80SA"]     # only the SA strain played
    off = run("advise", HAND, "--seat", "S", "--dealer", "E", "--samples", 40, "--seed", 11, "--workers", 1,
              "--no-dd-check", "--json")
    assert off.exit_code == 0 and "dd_note" not in json.loads(off.stdout)


def test_the_note_names_what_realistic_play_would_bid_instead():
    # AJ9.A7.KT.J: double dummy bids 130♠ on these 4 deals; played out by PIMC players
    # in spades (4 worlds) the best spade bid is another one, which the note names
    adv = solver.advise("AJ9.A7.KT.J", seat="S", dealer="E", samples=4, seed=1, workers=1)
    r = realistic_advice(adv, 4, 4, 1, workers=1, strains=[adv.recommendation.bid.strain])
    spades = [b for b in r.realistic.bids if b.contract is not None and b.contract.strain == Strain.S]
    best = max(spades, key=lambda b: b.ev)
    assert best.label != r.double_dummy.recommendation.label
    note = double_dummy_note(r)
    assert note is not None and note.startswith(f"Double dummy bids {r.double_dummy.recommendation.label}")
    assert note.endswith(f"with realistic play {best.label} ({best.ev:+.0f} ± {best.ev_se:.0f})")


def test_no_note_when_both_agree():
    # double dummy and realistic play judged on the same play-outs agree: no note
    adv = solver.advise("AJ9.A7.KT.J", seat="S", dealer="E", samples=4, seed=1, workers=1)
    r = realistic_advice(adv, 4, 4, 1, workers=1, strains=[adv.recommendation.bid.strain])
    same = dataclasses.replace(r, realistic=r.double_dummy)
    assert double_dummy_note(same) is None


def test_strains_outside_the_rules_are_refused():
    adv = solver.advise("AJ9.A7.KT.J", seat="S", dealer="E", samples=4, seed=1, workers=1,
                        rules=solver.Rules(sa_ta=False))
    with pytest.raises(solver.ConstraintError, match="strains SA: the rules bid S H D C"):
        realistic_advice(adv, 2, 2, 1, workers=1, strains=["SA"])
