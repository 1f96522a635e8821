"""Rollout bidding (solver/lookahead.py)."""

from solver import bidding
from solver.auction import Auction, CallKind, parse_call
from solver.cards import CardSet, Seat
from solver.bots import HeuristicBot, SeatView
from solver import lookahead
from solver.lookahead import auction_advice, continue_auction, rollout_values
from solver.rules import Rules

HAND = "AJ9.A7.KT.J"
AUCTION = "S:80H W:pass N:?"


def _pass(view: SeatView):
    return next(c for c in view.legal_calls() if c.kind == CallKind.PASS)


def test_a_policy_that_always_passes_gives_the_ends_now_scores():
    # every continuation of passes ends the auction where the call leaves it, so the
    # rollout values must equal auction_advice's ends-now values on the same deals
    # (punish=False: the contracts scored as they stand, as "ends now" scores them)
    now = bidding.auction_advice(HAND, "N", "E", AUCTION, samples=12, seed=5, workers=1)
    ahead = bidding.auction_advice(HAND, "N", "E", AUCTION, samples=12, seed=5, workers=1,
                                   judge=lookahead.ahead(_pass, punish=False))
    by_call = {c.call: c.ev for c in now.calls}
    for c in ahead.calls:
        assert abs(c.ev - by_call[c.call]) < 1e-9, c.call
    assert ahead.lookahead is not None
    for cont in ahead.lookahead.continuations:
        assert cont.finals == {cont.ends_now: 1.0}


def test_continuation_always_ends_and_keeps_the_start():
    from solver.deal import Deal
    deal = Deal.random(seed=3)
    start = Auction.parse("80H", __import__("solver").Seat.E, Rules())
    end = continue_auction(start, deal, HeuristicBot().call, Rules())
    assert end.is_over and end.calls[:len(start.calls)] == start.calls


def test_same_seed_same_advice_with_one_or_two_workers():
    one = auction_advice(HAND, "N", "E", AUCTION, samples=8, seed=2, workers=1, lookahead=True)
    two = auction_advice(HAND, "N", "E", AUCTION, samples=8, seed=2, workers=2, lookahead=True)
    assert [(c.call, c.ev) for c in one.calls] == [(c.call, c.ev) for c in two.calls]
    assert one.lookahead is not None and two.lookahead is not None
    assert one.lookahead.to_dict() == two.lookahead.to_dict()


def test_auction_advice_with_lookahead_is_the_rollout_advice_on_the_same_deals():
    # auction_advice(lookahead=True) deals the same deals as the ends-now advice with the
    # same seed and judges the calls by rollout_values on them: the scores must agree
    ahead = auction_advice(HAND, "N", "E", AUCTION, samples=8, seed=4, workers=1, lookahead=True)
    now = bidding.auction_advice(HAND, "N", "E", AUCTION, samples=8, seed=4, workers=1)
    assert [d.to_pbn() for d in ahead.deals] == [d.to_pbn() for d in now.deals]
    options, values, _, _ = rollout_values(now.auction, now.seat, now.deals, _results(now), Rules(), seed=4)
    by_call = {c: float(values[:, j].mean()) for j, c in enumerate(options)}
    assert all(abs(c.ev - by_call[c.call]) < 1e-9 for c in ahead.calls)
    note = ahead.lookahead
    assert note is not None and ahead.text == note.text and ahead.text.startswith("Looking ahead")
    for cont in note.continuations:
        assert abs(sum(cont.follows.values()) - 1) < 1e-9 and abs(sum(cont.finals.values()) - 1) < 1e-9
    d = ahead.to_dict()
    assert "continued" in d["assumption"] and d["lookahead"]["continuations"]


def test_what_follows_names_a_raise_an_overcall_and_all_passes():
    from solver.lookahead import what_follows
    start = Auction.parse("S:80H W:pass", __import__("solver").Seat.E, Rules())
    raised = start.then(start.legal_calls()[0]).__class__.parse("S:80H W:pass N:100H E:pass S:pass W:pass",
                                                               start.dealer, Rules())
    S = __import__("solver").Seat.S
    assert what_follows(start, raised, S) == "partner raises to 100♥"
    over = Auction.parse("S:80H W:pass N:pass E:90S S:pass W:pass N:pass", start.dealer, Rules())
    assert what_follows(start, over, S) == "opponents overcall 90♠"
    quiet = Auction.parse("S:80H W:pass N:pass E:pass", start.dealer, Rules())
    assert what_follows(start, quiet, S) == "everyone passes"


def test_a_seeded_policy_gets_one_seed_per_rollout_fixed_by_the_advice_seed():
    # a policy drawing at random: each rollout's seed depends only on (seed, deal, call),
    # so the same seed repeats the answer and the seeds of the rollouts all differ
    import random
    seen: list[int] = []

    def make(s: int):
        seen.append(s)
        rng = random.Random(s)
        return lambda view: rng.choice(view.legal_calls()[:3])
    base = bidding.auction_advice(HAND, "N", "E", AUCTION, samples=4, seed=9, workers=1)
    a = base.auction
    runs = [rollout_values(a, base.seat, base.deals, _results(base), Rules(), seeded=make, seed=9)[1]
            for _ in range(2)]
    assert (runs[0] == runs[1]).all()
    assert len(set(seen)) == len(seen) // 2 == 4 * len(a.legal_calls())


def _results(adv):
    from solver.bidding import AuctionStudy
    from solver.solve import default_solver
    study = AuctionStudy(rules=Rules(), dealer=adv.dealer)
    return [study.work(default_solver(), t) for t in study.initial(adv.deals)]


def test_advise_and_bidreview_take_lookahead_on_the_command_line():
    # the command's JSON is auction_advice(lookahead=True)'s answer with the same seed
    import json
    from cli_helpers import EXAMPLE, run
    got = run("advise", HAND, "--seat", "N", "--dealer", "E", "--auction", AUCTION, "--samples", 6,
              "--seed", 3, "--lookahead", "--json")
    assert got.exit_code == 0, got.output
    want = auction_advice(HAND, "N", "E", AUCTION, samples=6, seed=3, lookahead=True)
    d = json.loads(got.stdout)
    assert d["best"] == want.best.call.text and d["lookahead"] == want.lookahead.to_dict()
    review = run("bidreview", EXAMPLE, "--dealer", "E", "--auction", "S:80C W:pass N:pass E:pass",
                 "--samples", 4, "--lookahead", "--json")
    assert review.exit_code == 0, review.output
    assert all(c["text"].startswith("Looking ahead") for c in json.loads(review.stdout)["calls"])


def test_the_board_asks_for_lookahead():
    from fastapi.testclient import TestClient
    from solver.web import create_app
    with TestClient(create_app()) as client:
        r = client.post("/api/advise", json={"hand": HAND, "seat": "N", "dealer": "E", "samples": 6, "seed": 3,
                                             "auction": "S:80H W:pass", "lookahead": True})
    assert r.status_code == 200, r.text
    assert r.json()["in_auction"]["lookahead"]["continuations"]


def test_a_coinche_is_judged_against_pass_on_the_same_deals():
    # W's 80♥ stands and N may coinche.  p_fails comes from the ends-now advice's own
    # scoring of a pass (our side succeeds when their contract fails), the paired
    # difference from the look-ahead's score matrix, and what follows the coinche
    # splits the deals in three shares
    auction = "S:pass W:80H"
    ahead = auction_advice(HAND, "N", "E", auction, samples=10, seed=3, workers=1, lookahead=True)
    now = bidding.auction_advice(HAND, "N", "E", auction, samples=10, seed=3, workers=1)
    d = ahead.lookahead.doubling
    assert d is not None and d.call.kind == CallKind.COINCHE and str(d.contract) == "80♥ W"
    passed = next(c for c in now.calls if c.call.kind == CallKind.PASS)
    assert abs(d.p_fails.value - passed.p_success) < 1e-9
    j = next(i for i, c in enumerate(ahead.auction.legal_calls()) if c.kind == CallKind.COINCHE)
    p = next(i for i, c in enumerate(ahead.auction.legal_calls()) if c.kind == CallKind.PASS)
    assert abs(d.versus_pass.value - (ahead.scores[:, j] - ahead.scores[:, p]).mean()) < 1e-9
    assert abs(d.answered + d.ran + d.stands - 1) < 1e-9
    assert ahead.to_dict()["lookahead"]["doubling"]["call"] == "coinche"
    assert "fails in" in ahead.text


def test_with_everyone_passing_a_coinche_is_worth_its_ends_now_difference():
    # when every later call is a pass, a coinche ends as a coinched contract: the
    # look-ahead's coinche-minus-pass equals the ends-now scores' difference
    auction = "S:pass W:80H"
    ahead = bidding.auction_advice(HAND, "N", "E", auction, samples=8, seed=6, workers=1,
                                   judge=lookahead.ahead(_pass, punish=False))
    now = bidding.auction_advice(HAND, "N", "E", auction, samples=8, seed=6, workers=1)
    ev = {c.call.kind: c.ev for c in now.calls if c.call.kind in (CallKind.PASS, CallKind.COINCHE)}
    d = ahead.lookahead.doubling
    assert abs(d.versus_pass.value - (ev[CallKind.COINCHE] - ev[CallKind.PASS])) < 1e-9
    assert d.stands == 1.0 and d.answered == d.ran == 0


def test_a_surcoinche_is_judged_when_our_contract_is_coinched():
    ahead = auction_advice(HAND, "N", "E", "S:80H W:coinche", samples=6, seed=2, workers=1, lookahead=True)
    d = ahead.lookahead.doubling
    assert d is not None and d.call.kind == CallKind.SURCOINCHE and str(d.contract) == "80♥ S X"


def test_no_doubling_is_judged_when_none_is_open():
    ahead = auction_advice(HAND, "N", "E", AUCTION, samples=4, seed=2, workers=1, lookahead=True)
    assert ahead.lookahead.doubling is None and ahead.to_dict()["lookahead"]["doubling"] is None


def test_a_final_contract_that_fails_uncoinched_is_scored_coinched():
    # the rollouts' point-count seats coinche little (never SA or TA); seats judging by
    # sampled deals coinche what fails, so a failing uncoinched final contract is scored
    # as outcome.py scores it coinched, and a made one as it stands
    from solver.bidding import contract_margin
    from solver.six_strains import solve_six_strains
    from solver.contract import Coinche, Contract
    from solver.deal import Deal
    from solver.lookahead import final_margin
    from solver.solve import default_solver
    from solver.cards import Seat, Team
    rules, deal = Rules(), Deal.random(seed=3)
    rows = solve_six_strains(default_solver(), (deal, Seat.N, rules))
    seen = set()
    for level in (80, 120, 160):
        for strain in range(6):
            c = Contract(level, strain, Seat.E)
            plain = contract_margin(c, deal, rows[strain], Team.NS, Seat.N, rules)
            made = not plain[1]
            doubled = Contract(level, strain, Seat.E, Coinche.COINCHE)
            want = plain if made else contract_margin(doubled, deal, rows[strain], Team.NS, Seat.N, rules)
            assert final_margin(c, deal, rows[strain], Team.NS, Seat.N, rules) == want
            assert final_margin(c, deal, rows[strain], Team.NS, Seat.N, rules, punish=False) == plain
            seen.add(made)
    assert seen == {True, False}          # both kinds met on this deal


def test_the_advised_call_fits_what_the_system_says_it_shows():
    # S opens holding K.8.Q7.QJT8 (dealer E; seed 1000, 10 deals): the highest mean is 100♣,
    # which shows J, 9 and A of clubs (solver/system.py's default); partner would read the
    # clubs S does not hold, so the advice keeps to the calls the hand fits
    from solver.lookahead import system_fits
    adv = auction_advice("K.8.Q7.QJT8", "S", "E", "", samples=10, seed=1000, workers=1, lookahead=True)
    top = max(adv.calls, key=lambda c: c.ev)
    assert not system_fits(adv.auction, top.call, adv.hand.mask)
    assert system_fits(adv.auction, adv.best.call, adv.hand.mask)
    assert adv.lookahead.chosen == adv.best.call and adv.to_dict()["best"] == adv.best.call.text


def test_a_bid_above_the_systems_levels_shows_what_the_highest_level_shows():
    # the default system's rules stop at 160: a capot (or any bid above 160) opened or
    # overcalled shows at least what 160 shows, so the look-ahead cannot escape the
    # system rule by bidding capot with a hand that fits no 100-160 bid in the suit
    from solver.system import DEFAULT
    over = Auction.parse("E:110D S:capot S", "N")
    assert DEFAULT.meaning(over, 1) == DEFAULT.meaning(Auction.parse("E:110D S:160S", "N"), 1)
    opened = Auction.parse("E:capot SA", "N")
    assert DEFAULT.meaning(opened, 0).describe() == "at least 2 aces"
    # the 36th deal of the duel (Deal.random(2063), dealer N): S holds K J 9 of ♠, three
    # spades, which no ♠ overcall from 100 fits (J 9 and four ♠), and the look-ahead bid
    # capot ♠ there (it fails double dummy on the real deal)
    assert not lookahead.system_fits(Auction.parse("E:110D", "N"), parse_call("capot S", Seat.S),
                                     CardSet.from_pbn("KJ9.AK9.-.AJ").mask)
    # a raise to capot shows the raise values of a raise to 160: one a step of 10 from
    # partner's bid (the duel's deal 127: S raised N's 80♣ to capot with K J 8 of ♣)
    raised = Auction.parse("E:80D S:pass W:capot D", "N")
    assert DEFAULT.meaning(raised, 2) == DEFAULT.meaning(Auction.parse("E:80D S:pass W:160D", "N"), 2)
    assert DEFAULT.meaning(Auction.parse("E:120D S:pass W:capot D", "N"), 2).values == 4


def test_a_coinched_contract_that_makes_is_scored_surcoinched_in_the_rollouts():
    # the rollouts' point-count seats never surcoinche, while seats judging their calls on
    # sampled deals surcoinche a coinched contract that makes: a coinche is scored
    # against the surcoinche it would meet, as a failing bid is scored coinched
    from solver.bidding import contract_margin
    from solver.six_strains import solve_six_strains
    from solver.contract import Coinche, cached_contract
    from solver.deal import Deal
    from solver.solve import default_solver
    deal, leader, rules = Deal.random(seed=3), Seat.E, Rules()
    rows = solve_six_strains(default_solver(), (deal, leader, rules))
    made = [(s, lv) for s in range(6) for lv in (80, 90, 100) if
            contract_margin(cached_contract(lv, s, Seat.N, 0), deal, rows[s], Seat.N.team, leader, rules)[1]]
    assert made                                  # N-S make some contract on this deal
    strain, level = made[0]
    for team in (Seat.N.team, Seat.E.team):
        coinched = cached_contract(level, strain, Seat.N, int(Coinche.COINCHE))
        both = cached_contract(level, strain, Seat.N, int(Coinche.SURCOINCHE))
        got = lookahead.final_margin(coinched, deal, rows[strain], team, leader, rules)
        assert got == contract_margin(both, deal, rows[strain], team, leader, rules)
        assert got != contract_margin(coinched, deal, rows[strain], team, leader, rules)
        assert lookahead.final_margin(coinched, deal, rows[strain], team, leader, rules, punish=False) == \
            contract_margin(coinched, deal, rows[strain], team, leader, rules)


def test_the_own_call_keeps_to_the_system_when_the_deals_ignore_the_calls():
    # where no deal fits the calls before it, the deals are dealt as if the calls showed
    # nothing (system NO_SYSTEM, as bidreview and the duel do); the seat's own call must
    # still fit its system (``fits``): S's J 9 of ♠ are two spades, no ♠ overcall of 110
    # (the J and 9 and four ♠); without ``fits`` this advice is 110♠ (the duel's deal 124)
    from solver.bidding import NO_SYSTEM
    from solver.system import DEFAULT
    hand, before = "J9.Q9.AK8.9", Auction.parse("E:100C", "N")
    adv = auction_advice(hand, "S", "N", before, samples=10, seed=124001, workers=1, lookahead=True,
                         system=NO_SYSTEM, fits=DEFAULT)
    assert lookahead.system_fits(before, adv.best.call, CardSet.from_pbn(hand).mask, DEFAULT)
    free = auction_advice(hand, "S", "N", before, samples=10, seed=124001, workers=1, lookahead=True,
                          system=NO_SYSTEM)
    assert not lookahead.system_fits(before, free.best.call, CardSet.from_pbn(hand).mask, DEFAULT)


def test_bidreview_with_lookahead_tells_how_the_auction_goes_on_for_people():
    # the table gives the advised call per seat; with --lookahead each call's answer then
    # says how the auction went on after the advised call and the runner-up
    from cli_helpers import EXAMPLE, run
    review = run("bidreview", EXAMPLE, "--dealer", "E", "--auction", "S:80C W:pass N:pass E:pass",
                 "--samples", 4, "--lookahead")
    assert review.exit_code == 0, review.output
    text = " ".join(review.output.split())                  # the terminal wraps long lines
    told = [text.index(f"{seat} {call}: Looking ahead") for seat, call in
            (("S", "80♣"), ("W", "pass"), ("N", "pass"), ("E", "pass"))]
    assert told == sorted(told) and text.count("the runner-up") == 4, review.output


def test_rollouts_kept_between_rounds_give_the_same_values_and_are_not_played_again():
    # sampling in rounds judges the deals of the rounds before again: with a memo the
    # rollouts of those deals are read back (the policy is not asked again), and every
    # value, success and final contract equals a judging without the memo
    from solver.bidding import AuctionStudy
    from solver.six_strains import solve_six_strains
    from solver.sampling import sample_deals
    from solver.solve import Solver
    auction = Auction.parse(AUCTION.replace(" N:?", ""), Seat.E, Rules())
    deals = sample_deals(HAND, Seat.N, 10, seed=3)
    results = [solve_six_strains(Solver(), (d, Seat.S, Rules())) for d in deals]
    asked = []

    def counting(view: SeatView):
        asked.append(view.seat)
        return HeuristicBot().call(view)

    memo: lookahead.RolloutMemo = {}
    for n in (4, 10):
        kept = rollout_values(auction, Seat.N, deals[:n], results[:n], Rules(), policy=counting, memo=memo)
        calls_first = len(asked)
        fresh = rollout_values(auction, Seat.N, deals[:n], results[:n], Rules(), policy=counting)
        assert kept[0] == fresh[0] and (kept[1] == fresh[1]).all() and (kept[2] == fresh[2]).all()
        assert kept[3] == fresh[3]
        asked_fresh = len(asked) - calls_first
        if n == 10:       # the memo played only the 6 new deals: fewer questions than all 10
            assert 0 < calls_first - first_total < asked_fresh
        first_total = len(asked)


def test_ends_now_scores_kept_between_rounds_equal_a_fresh_judging():
    # the ends-now judging of one advice keeps each deal's row of scores from round to
    # round: the rows read back equal a judging without the memo, and a deal replaced at
    # its place (another object) is scored again, not read back
    from solver.bidding import judge_calls
    from solver.six_strains import solve_six_strains
    from solver.sampling import sample_deals
    from solver.solve import Solver
    auction = Auction.parse(AUCTION.replace(" N:?", ""), Seat.E, Rules())
    deals = sample_deals(HAND, Seat.N, 12, seed=5)
    results = [solve_six_strains(Solver(), (d, Seat.S, Rules())) for d in deals]
    memo: bidding.CallMemo = {}
    for n in (5, 12):
        kept = judge_calls(auction, Seat.N, deals[:n], results[:n], Rules(), memo)
        fresh = judge_calls(auction, Seat.N, deals[:n], results[:n], Rules())
        assert kept[0] == fresh[0] and (kept[1] == fresh[1]).all()
    assert sorted(memo) == list(range(12))
    swapped = deals[1:2] + deals[1:12]           # deal 0's place now holds deal 1
    rows = results[1:2] + results[1:12]
    kept = judge_calls(auction, Seat.N, swapped, rows, Rules(), memo)
    assert (kept[1][0] == kept[1][1]).all() and (kept[1] == judge_calls(auction, Seat.N, swapped, rows,
                                                                         Rules())[1]).all()
