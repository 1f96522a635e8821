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
    # the Python answer carries the same note by default (solver.realism.advise)
    assert adv.realism is not None and adv.realism.note == want and adv.to_dict()["dd_note"] == want
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


def test_python_advise_checks_the_advised_bid_with_realistic_play_by_default():
    # solver.advise is solver.realism.advise: the double-dummy advice, then its bid's
    # strain played out by PIMC players on the first deals (solver.realism.check)
    from solver.advice import advise as advise_dd
    from solver.realism import check
    adv = solver.advise("AJ9.A7.KT.J", seat="S", dealer="E", samples=4, seed=1, workers=1, worlds=2)
    plain = advise_dd("AJ9.A7.KT.J", seat="S", dealer="E", samples=4, seed=1, workers=1)
    want, r = check(plain, worlds=2, seed=1, workers=1)
    assert adv.realism is not None and adv.realism == want and r is not None
    bid = plain.recommendation.bid
    assert adv.realism.ev == r.realistic.bid(bid.level, bid.strain).ev
    assert adv.realism.note == double_dummy_note(r)
    d = adv.to_dict()
    assert d["realism"]["bid"] == plain.recommendation.label and d.get("dd_note") == adv.realism.note
    off = solver.advise("AJ9.A7.KT.J", seat="S", dealer="E", samples=4, seed=1, workers=1, dd_check=False)
    assert off.realism is None and "realism" not in off.to_dict()
