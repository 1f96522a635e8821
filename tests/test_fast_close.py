"""An answer that stops because the options are within the margin says they are too close
to call, and names them (text and JSON)."""

from __future__ import annotations

import solver
from solver.montecarlo import stopping_dict
from solver.sequential import StopReason, Verdict


def test_the_words_name_the_options_too_close_to_call():
    v = Verdict(StopReason.INDIFFERENT, 1, 300, (0,), 3.0, (-2.0, 0.0), (3.0, 0.0), names=("80♦", "80♥"),
                keys=("80D", "80H"))
    assert v.describe() == ("Stopped after 300 deals: 80♥ and 80♦ are too close to call within the margin of 5, "
                            "at 95% confidence: either is fine.")
    assert stopping_dict(v)["too_close"] == ["80D"]
    separated = Verdict(StopReason.SEPARATED, 1, 300, (), 0.0, (-9.0, 0.0), (-1.0, 0.0), names=("80♦", "80♥"))
    assert stopping_dict(separated)["too_close"] == [] and "too close" not in separated.describe()


def test_a_sampled_lead_stopping_on_the_margin_names_the_close_leads():
    # a margin wider than any difference of lead scores on the deal: every other lead not
    # separated from the best at the first look (40 deals) is within it
    adv = solver.lead_advice("J7.AT.A8.87", "E", "100H", declarer="S", samples=200, seed=3, margin=1000,
                             workers=1)
    d = adv.to_dict()
    assert d["stopped"] == "indifferent" and d["too_close"]
    assert set(d["too_close"]) <= {c["card"] for c in d["cards"]} and d["best"] not in d["too_close"]
    assert "too close to call" in adv.stopping.describe()
