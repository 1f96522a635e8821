"""simulate_sequentially: the Monte Carlo loop in rounds, stopping on the rule's verdict."""

import json
import zlib

import numpy as np
import pytest

from cli_helpers import one_line_error, run
from solver import CardSet, Seat
from solver.errors import ConstraintError
from solver.lead import lead_advice
from solver.montecarlo import FIRST_ROUND, Study, simulate, simulate_sequentially
from solver.sequential import StoppingRule, StopReason

HAND, SEAT = CardSet.from_pbn("AJ9.A7.KT.J"), Seat.S


def _noise(solver, deal):
    """A number 0..9 read from the deal, no solving (keeps the test cheap)."""
    return zlib.crc32(deal.to_pbn().encode()) % 10


class Noise(Study):
    work = staticmethod(_noise)


def _ahead(deals, results):        # option 0 is worth 10 more on every deal
    x = np.asarray(results, dtype=float)
    return np.column_stack([x + 10.0, x])


def _same(deals, results):         # two options worth the same on every deal
    x = np.asarray(results, dtype=float)
    return np.column_stack([x, x])


def _tie(deals, results):          # equal on average, never within a zero margin
    x = np.asarray(results, dtype=float)
    return np.column_stack([x, 9.0 - x])


def test_separated_stops_after_the_first_round_with_the_fixed_runs_deals():
    answer, verdict = simulate_sequentially(Noise(), HAND, SEAT, 500, _ahead, seed=3, workers=1)
    assert verdict.reason is StopReason.SEPARATED and verdict.best == 0
    assert verdict.samples == FIRST_ROUND == len(answer)        # the first round's size
    assert answer == simulate(Noise(), HAND, SEAT, samples=FIRST_ROUND, seed=3, workers=1)


def test_indifferent_when_the_options_are_equal():
    _, verdict = simulate_sequentially(Noise(), HAND, SEAT, 500, _same, seed=3, workers=1)
    assert verdict.reason is StopReason.INDIFFERENT and verdict.vouch == 0.0


def test_max_samples_when_undecided_and_same_with_two_workers():
    rule = StoppingRule(margin=0.0)
    one, v1 = simulate_sequentially(Noise(), HAND, SEAT, 150, _tie, seed=5, rule=rule, workers=1)
    two, v2 = simulate_sequentially(Noise(), HAND, SEAT, 150, _tie, seed=5, rule=rule, workers=2)
    assert v1.reason is StopReason.MAX_SAMPLES and v1.samples == 150
    assert one == two and v1 == v2


def test_time_budget_stops_after_a_round():
    _, verdict = simulate_sequentially(Noise(), HAND, SEAT, 500, _tie, seed=5, time=1e-9,
                                       rule=StoppingRule(margin=0.0), workers=1)
    assert verdict.reason is StopReason.TIME and verdict.samples == FIRST_ROUND


@pytest.mark.parametrize("bad", [dict(max_samples=0), dict(time=0.0)])
def test_bad_budgets_are_refused(bad):
    args = dict(max_samples=10, time=None) | bad
    with pytest.raises(ConstraintError):
        simulate_sequentially(Noise(), HAND, SEAT, args["max_samples"], _same, time=args["time"])


def test_lead_advice_under_a_time_budget_is_the_fixed_run_on_the_deals_solved():
    args = dict(seat="E", contract="100H", declarer="S", seed=3, workers=1)
    timed = lead_advice("J7.AT.A8.87", samples=60, time=1e-9, **args)
    fixed = lead_advice("J7.AT.A8.87", samples=FIRST_ROUND, **args)
    assert timed.stopping.reason is StopReason.TIME and timed.samples == FIRST_ROUND
    assert timed.to_dict()["stopped"] == "time" and fixed.to_dict()["stopped"] is None
    # the same numbers; each option also says why sampling stopped
    assert {c["stopped"] for c in timed.to_dict()["cards"]} == {"time"}
    unstamped = [{k: v for k, v in c.items() if k != "stopped"} for c in timed.to_dict()["cards"]]
    assert unstamped == [{k: v for k, v in c.items() if k != "stopped"} for c in fixed.to_dict()["cards"]]


def test_lead_advice_refuses_a_confidence_outside_0_1():
    with pytest.raises(ConstraintError):
        lead_advice("J7.AT.A8.87", seat="E", contract="100H", declarer="S", samples=5, confidence=1.5)


def test_coinche_lead_with_a_budget_prints_why_it_stopped():
    r = run("lead", "J7.AT.A8.87", "--seat", "E", "--contract", "100H", "--declarer", "S",
            "--samples", "60", "--seed", "3", "--time", "1ms", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["stopped"] == "time" and data["samples"] == FIRST_ROUND


@pytest.mark.parametrize("budget", [["--time", "soon"], ["--time", "0s"], ["--confidence", "1"],
                                    ["--margin", "-1"]])
def test_coinche_lead_refuses_a_bad_budget_in_one_line(budget):
    r = run("lead", "J7.AT.A8.87", "--seat", "E", "--contract", "100H", "--declarer", "S", *budget)
    one_line_error(r, budget[0].lstrip("-"))
