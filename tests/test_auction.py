"""Auctions, bidding systems and advice inside an auction.

The checks of sampled hands below count cards with Card objects, independently of the
system's own tests (solver/system.py), so a wrong sampler or a wrong meaning shows."""

import pytest

from cli_helpers import one_line_error, run
from solver import Deal, Seat, Strain, solve
from solver.auction import Auction, AuctionError, CallKind, parse_call
from solver.bidding import auction_advice, review_auction
from solver.cards import Card
from solver.errors import ConstraintError
from solver.rules import Rules
from solver.system import DEFAULT, SystemError_, load_system

HAND = "AJ9.A7.KT.J"


def _cards(mask: int) -> list[Card]:
    return [Card(c) for c in range(32) if mask >> c & 1]


def _suit(cards, suit: int) -> list[str]:
    return [c.name[1] for c in cards if c.suit == suit]


# -- the auction -----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["E:pass S:80H W:90S", "passe 80♥ 90♠", "p 80 cœur 90 pique",
                                  "E: Pass, S: 80h, W: 90 spades"])
def test_calls_read_in_english_and_french(text):
    a = Auction.parse(text, "N")
    assert [c.text for c in a.calls] == ["pass", "80H", "90S"]
    assert [c.seat for c in a.calls] == [Seat.E, Seat.S, Seat.W]


@pytest.mark.parametrize("text, words", [
    ("E:pass S:80H S:90H", ["call 3 'S:90H'", "W's turn"]),
    ("80H 80S", ["call 2 '80S'", "does not overcall 80H"]),
    ("80H pass coinche", ["call 3 'coinche'", "opponents"]),
    ("80H coinche pass surcoinche", ["call 4 'surcoinche'", "coinched"]),
    ("80H coinche 90S", ["call 3 '90S'", "a bid after a coinche"]),
    ("pass pass pass pass pass", ["call 5 'pass'", "after the end"]),
    ("80H 85S", ["call 2 '85S'", "85"]),
    ("80H blah", ["call 2 'blah'", "expected pass, coinche"]),
])
def test_bad_calls_quote_the_call_and_say_why(text, words):
    with pytest.raises(AuctionError) as e:
        Auction.parse(text, "N")
    for w in words:
        assert w in str(e.value), str(e.value)


def test_legal_calls_follow_the_rules():
    a = Auction.parse("E:pass S:80H W:coinche", "N")
    assert [c.kind for c in a.legal_calls()] == [CallKind.PASS, CallKind.SURCOINCHE]     # N, S's partner
    contree = Auction.parse("E:pass S:80H W:coinche", "N", Rules(contree=True))
    assert any(c.kind == CallKind.BID for c in contree.legal_calls())
    assert Auction.parse("80H pass pass pass", "N").legal_calls() == []
    assert Auction.parse("capotS", "N").legal_calls() == []           # a capot bid ends the auction
    capot = Auction.parse("capotS", "N", Rules(capot_coinche=True))
    assert {c.kind for c in capot.legal_calls()} == {CallKind.PASS, CallKind.COINCHE}
    assert parse_call("surcontre", Seat.N).kind == CallKind.SURCOINCHE


# -- what calls show, and sampling that honours it -------------------------------------

def test_partners_80h_always_deals_partner_the_j_or_9_of_hearts():
    adv = auction_advice(HAND, "N", "E", "S:80H W:pass N:?", samples=40, seed=3, workers=1)
    for deal in adv.deals:
        south = _cards(deal.masks[Seat.S])
        hearts = _suit(south, 1)
        assert ("J" in hearts or "9" in hearts) and len(hearts) >= 3, hearts


def test_a_pass_never_deals_an_opening_hand():
    adv = auction_advice(HAND, "S", "N", "E:pass S:?", samples=40, seed=4, workers=1)
    for deal in adv.deals:
        east = _cards(deal.masks[Seat.E])
        for suit in range(4):
            cards = _suit(east, suit)
            assert not (("J" in cards or "9" in cards) and len(cards) >= 3), (suit, cards)
    assert 0 < adv.acceptance < 1          # some deals were rejected: the pass showed something


def test_an_impossible_auction_is_refused_before_dealing():
    shown = "partner.s 100♥ showed J 9 A of ♥, at least 3 ♥, but you hold 9♥"
    with pytest.raises(ConstraintError, match=shown):
        auction_advice("AQ7.9T.KT.J", "N", "E", "S:100H W:pass N:?", samples=10, seed=1)


def test_advice_is_reproducible_and_its_points_are_exact():
    a = auction_advice(HAND, "N", "E", "S:80H W:90D N:?", samples=12, seed=9, workers=2)
    b = auction_advice(HAND, "N", "E", "S:80H W:90D N:?", samples=12, seed=9, workers=1)
    assert [d.to_pbn() for d in a.deals] == [d.to_pbn() for d in b.deals]
    assert a.best.call == b.best.call and (a.scores == b.scores).all()
    for deal, row in zip(a.deals[:4], a.points[:4]):
        for j, strain in enumerate(Strain):
            assert row[j] == solve(deal, strain, leader=Seat.S).ns_points      # E deals, S leads; N-S
    names = {c.call.text for c in a.calls}
    assert {"pass", "100S", "coinche"} <= names and "surcoinche" not in names
    assert max(c.vs_best for c in a.calls) == 0.0


def test_a_coinche_scores_the_multiplied_contract():
    a = auction_advice("AJ9.87.KT.J", "N", "E", "S:pass W:100H N:?", samples=20, seed=2, workers=1)
    calls = {c.call.text: c for c in a.calls}
    passing, coinche = calls["pass"], calls["coinche"]
    assert str(passing.contract) == "100♥ W" and str(coinche.contract) == "100♥ W X"
    assert passing.p_success == coinche.p_success          # the same contract fails on the same deals
    # with W's contract failing on every deal we score more coinched, else less
    assert (coinche.ev > passing.ev) == (passing.p_success > 0.5) or passing.p_success in (0.0, 1.0)


def test_a_system_file_replaces_the_default(tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text('name = "mine"\n[[rules]]\nsituation = "open"\nstrains = "suits"\nlevels = [80, 160]\n'
                 'shows = { honours = ["J"], at_least = 1 }\n', encoding="utf-8")
    mine = load_system(f)
    a = Auction.parse("S:80H", "E")
    assert mine.meaning(a, 0).describe() == "the J of ♥"
    assert mine.meaning(Auction.parse("S:80H W:90S", "E"), 1).nothing       # no rule: shows nothing
    bad = tmp_path / "bad.json"
    bad.write_text('{"rules": [{"situation": "dream"}]}', encoding="utf-8")
    with pytest.raises(SystemError_, match="rule 1: situation 'dream'"):
        load_system(bad)


# -- reviewing an auction, and the command line ---------------------------------------

def test_review_judges_each_call_from_its_seat():
    deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
    r = review_auction(deal, "E", "S:80C W:pass N:100C E:pass S:pass W:pass", samples=12, workers=1)
    assert [c.call.seat for c in r.calls] == [Seat.S, Seat.W, Seat.N, Seat.E, Seat.S, Seat.W]
    for c in r.calls:
        assert c.matched == (c.call == c.advice.best.call)
        assert c.cost >= 0 and (c.cost == 0 or not c.matched)
        assert c.advice.hand == deal.hands[c.call.seat]
    assert str(r.contract) == "100♣ N"
    assert r.ns_points == solve(deal, "C", leader="S").ns_points
    assert r.ns_score > 0 and r.par.contract is not None


def test_the_command_line():
    r = run("advise", HAND, "--seat", "N", "--dealer", "E", "--auction", "S:80H W:90D N:?", "--samples", "8",
            "--seed", "1", "--workers", "1")
    assert r.exit_code == 0 and "Partner's 80♥ showed" in r.stdout
    one_line_error(run("advise", HAND, "--seat", "N", "--dealer", "E", "--auction", "S:80H W:80S"),
                   "'W:80S'", "does not overcall")
    one_line_error(run("advise", HAND, "--seat", "N", "--dealer", "E", "--auction", "S:80H W:90S N:?"),
                   "you hold")
    one_line_error(run("bidreview", "example", "--dealer", "E"), "--auction")


def test_a_raise_over_an_intervening_bid_counts_from_partners_bid():
    a = Auction.parse("N:90H E:100S S:110H", "W")
    assert DEFAULT.meaning(a, 2).describe().startswith("at least 2 raise values")    # 110 over partner's 90


def test_two_calls_that_need_the_same_card_are_refused():
    with pytest.raises(ConstraintError,
                       match="partner.s 100♥ showed J 9 A .* and S.s 110♥ showed J 9 .*both cannot hold 9♥"):
        auction_advice("AQ7.7.KT.J9", "W", "N", "E:100H S:110H W:?", samples=5, seed=1)


def test_a_record_files_auctions_are_reviewed_even_when_players_leave_the_system():
    r = run("bidreview", "tests/data/records_example.pbn", "--samples", "6", "--workers", "1", "--json")
    assert r.exit_code == 0, r.output
    import json
    reviews = [json.loads(line) for line in r.stdout.splitlines()]
    assert [len(x["calls"]) for x in reviews] == [7, 4, 6]         # the three games' auctions
    assert not all(c["fitted"] for x in reviews for c in x["calls"])   # some player left the system


def test_bidreview_says_the_seed_it_samples_from():
    # the help gives the real default (1, not a fresh seed), and the JSON names the seed used
    import json
    import re
    shown = re.sub(r"[\s│]+", " ", run("bidreview", "--help").output)
    assert "same review); default 1." in shown and "fresh" not in shown
    args = ("bidreview", "example", "--dealer", "E", "--auction", "S:80C W:pass N:pass E:pass", "--samples", "3",
            "--workers", "1", "--json")
    default = json.loads(run(*args).stdout)
    assert default["seed"] == 1 and json.loads(run(*args, "--seed", "1").stdout) == default
    assert json.loads(run(*args, "--seed", "7").stdout)["seed"] == 7


def test_equal_calls_hash_alike_after_a_copy_and_in_another_process():
    # a call keeps its hash (the look-ahead's memories key on tuples of calls); equal calls,
    # however made (parsed, replaced, unpickled in a fresh interpreter whose string hashes
    # differ), must hash alike, and the calls of one seat must not collide
    import dataclasses
    import pickle
    import subprocess
    import sys
    from solver.auction import Call
    calls = [parse_call(t, Seat.S) for t in ("pass", "coinche", "surcoinche", "80H", "250SA", "500TA")]
    for c in calls:
        assert hash(dataclasses.replace(c)) == hash(c) and pickle.loads(pickle.dumps(c)) == c
    code = ("import pickle, sys, dataclasses\n"
            "for c in pickle.loads(sys.stdin.buffer.read()):\n"
            "    fresh = dataclasses.replace(c)\n"
            "    print(c == fresh and hash(c) == hash(fresh) and len({c, fresh}) == 1)")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(calls), capture_output=True, check=True)
    assert out.stdout.decode().split() == ["True"] * len(calls)
    bids = {Call(Seat.S, CallKind.BID, level, strain) for level in (80, 90, 100, 160, 250, 500) for strain in Strain}
    assert len({hash(c) for c in bids}) == len(bids) == 36
