"""Sequential stopping at every door that compares options: opening advice, advice inside
an auction, card play from a seat and the auction review (the lead's is in
test_montecarlo_sequential.py).  A stopped answer is the fixed run's on the deals it
solved, says why it stopped, and each judged option carries the reason."""

import json

import pytest

import solver
from cli_helpers import one_line_error, run
from solver.messages import writing_in
from solver.montecarlo import FIRST_ROUND
from solver.sequential import StopReason, Verdict

HAND = "AJ9.A7.KT.J"


def _numbers(options):
    return [{k: v for k, v in o.to_dict().items() if k != "stopped"} for o in options]


def _same_as_fixed(timed, fixed, options):
    # a time budget of a nanosecond stops after the first round, FIRST_ROUND deals (on
    # time, or earlier when the first round already settles the answer)
    reason = timed.stopping.reason
    assert reason is not StopReason.CONTINUE and timed.samples == fixed.samples == FIRST_ROUND
    assert {o.stop for o in options(timed)} == {reason}
    assert _numbers(options(timed)) == _numbers(options(fixed))
    assert timed.to_dict()["stopped"] == reason.value and fixed.to_dict()["stopped"] is None


def test_opening_advice_under_a_time_budget_is_the_fixed_run_on_the_deals_solved():
    kw = dict(seat="S", dealer="E", seed=2, workers=1, dd_check=False)       # the double-dummy answer alone
    timed = solver.advise(HAND, samples=200, time=1e-9, **kw)
    fixed = solver.advise(HAND, samples=FIRST_ROUND, **kw)
    _same_as_fixed(timed, fixed, lambda a: a.bids)
    assert timed.recommendation.text == fixed.recommendation.text


def test_auction_advice_under_a_time_budget_is_the_fixed_run_on_the_deals_solved():
    kw = dict(seed=2, workers=1)
    timed = solver.auction_advice(HAND, "N", "E", "S:80H W:90D", samples=200, time=1e-9, **kw)
    fixed = solver.auction_advice(HAND, "N", "E", "S:80H W:90D", samples=FIRST_ROUND, **kw)
    _same_as_fixed(timed, fixed, lambda a: a.calls)


def test_play_advice_under_a_time_budget_is_the_fixed_run_on_the_deals_solved():
    kw = dict(leader="W", seed=2, workers=1)
    timed = solver.play_advice("7.AJ9.KT.J8", "S", "100H N", "HK H8 D7", samples=200, time=1e-9, **kw)
    fixed = solver.play_advice("7.AJ9.KT.J8", "S", "100H N", "HK H8 D7", samples=FIRST_ROUND, **kw)
    _same_as_fixed(timed, fixed, lambda a: a.cards)


def test_equal_cards_stop_after_the_first_round():
    # A♥ J♥ 9♥ after K♥ 8♥ 7♦: the three hearts are worth the same on every deal (the
    # fixed run's differences are all 0), so the first round settles it: either is fine
    adv = solver.play_advice("7.AJ9.KT.J8", "S", "100H N", "HK H8 D7", leader="W", samples=400, seed=1,
                             workers=1)
    assert adv.stopping is None and max(abs(c.vs_best) for c in adv.cards) == 0.0
    adv = solver.play_advice("7.AJ9.KT.J8", "S", "100H N", "HK H8 D7", leader="W", samples=400, seed=1,
                             workers=1, confidence=0.95)
    assert adv.stopping.reason is StopReason.INDIFFERENT and adv.samples == FIRST_ROUND
    assert adv.stopping.vouch == 0


def test_bad_budgets_are_refused_in_one_line():
    one_line_error(run("advise", HAND, "--dealer", "E", "--time", "soon"), "time")
    one_line_error(run("play", "7.AJ9.KT.J8", "--seat", "S", "--contract", "100H", "--declarer", "N",
                       "--leader", "W", "--played", "HK H8 D7", "--confidence", "1"), "confidence")
    one_line_error(run("bidreview", "example", "--dealer", "E", "--auction", "S:80C W:pass N:pass E:pass",
                       "--margin", "-1"), "margin")


def test_the_commands_say_why_they_stopped():
    r = run("advise", HAND, "--dealer", "E", "--samples", "100", "--seed", "1", "--time", "1ms",
            "--workers", "1", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["stopped"] == "time" and {b["stopped"] for b in data["bids"]} == {"time"}
    r = run("advise", HAND, "--dealer", "E", "--samples", "100", "--seed", "1", "--time", "1ms",
            "--workers", "1")
    assert f"Stopped by the time budget after {FIRST_ROUND} deals" in " ".join(r.stdout.split())
    r = run("bidreview", "example", "--dealer", "E", "--auction", "S:80C W:pass N:pass E:pass",
            "--samples", "60", "--time", "1ms", "--workers", "1", "--json")
    assert r.exit_code == 0, r.output
    assert {c["stopped"] for c in json.loads(r.stdout)["calls"]} == {"time"}


def test_the_stop_reason_speaks_french():
    v = Verdict(StopReason.INDIFFERENT, 0, 90, (1,), 3.0, (), (), 0.95, 5.0)
    with writing_in("fr"):
        text = v.describe()
    assert text == ("Arrêt après 90 donnes : aucune autre option ne bat la meilleure de 5 ou plus, "
                    "avec une confiance de 95%.")
    assert v.describe().startswith("Stopped after 90 deals")


@pytest.mark.parametrize("reason, words", [(StopReason.TIME, "time budget"),
                                           (StopReason.MAX_SAMPLES, "most deals allowed")])
def test_an_unsettled_answer_says_what_it_cannot_vouch_for(reason, words):
    text = Verdict(reason, 0, 500, (), 12.4, (), ()).describe()
    assert words in text and "by up to 12" in text


def test_a_pimc_player_stops_sampling_worlds_once_its_card_is_known():
    kw = dict(contract="100C S", leader="S", seed=1, workers=1)
    fixed = solver.play_out(solver.EXAMPLE_DEAL, worlds=60, **kw)
    early = solver.play_out(solver.EXAMPLE_DEAL, worlds=60, margin=20, **kw)
    assert {d.worlds for d in fixed.decisions} <= {0, 60}
    solved = [d.worlds for d in early.decisions if d.worlds]
    # every decision solves at least a first round of 30 worlds and at most the 60 allowed;
    # with a 20-point margin some stop after the first round
    assert solved and all(30 <= n <= 60 for n in solved) and min(solved) == 30
    r = run("playout", "example", "--contract", "100C S", "--leader", "S", "--worlds", "60", "--seed", "1",
            "--margin", "20", "--workers", "1", "--json")
    assert r.exit_code == 0, r.output
    assert [d["worlds"] for d in json.loads(r.stdout)["decisions"]] == [d.worlds for d in early.decisions]


@pytest.mark.parametrize("args", [
    ("advise", HAND, "--dealer", "E", "--no-dd-check"),
    ("lead", "KT7.Q8.A9.K", "--seat", "E", "--contract", "100H", "--declarer", "S"),
    ("play", "7.AJ9.KT.J8", "--seat", "S", "--contract", "100H", "--declarer", "N", "--leader", "W",
     "--played", "HK H8 D7"),
    ("bidreview", "example", "--dealer", "E", "--auction", "S:80C W:pass N:pass E:pass"),
])
def test_max_samples_is_the_most_deals_at_the_default_confidence(args):
    # --max-samples N is --samples N --confidence 0.95: the same answer, stopped early or at N
    common = ("--seed", "3", "--workers", "1", "--json")
    most = run(*args, "--max-samples", "70", *common)
    spelled = run(*args, "--samples", "70", "--confidence", "0.95", *common)
    assert most.exit_code == 0 and spelled.exit_code == 0, most.output + spelled.output
    assert json.loads(most.stdout) == json.loads(spelled.stdout)
    data = json.loads(most.stdout)
    stops = [c["stopped"] for c in data["calls"]] if args[0] == "bidreview" else [data["stopped"]]
    assert all(s in {r.value for r in StopReason} - {"continue"} for s in stops), stops


def test_samples_and_max_samples_are_refused_together_in_one_line():
    for order in (("--samples", "50", "--max-samples", "70"), ("--max-samples", "70", "--samples", "50")):
        one_line_error(run("lead", "KT7.Q8.A9.K", "--seat", "E", "--contract", "100H", "--declarer", "S",
                           *order), "--samples", "--max-samples")
    one_line_error(run("advise", HAND, "--dealer", "E", "--samples", "50", "--max-samples", "70"), "--max-samples")
