"""Realistic play: the excluding dealer (uniform, checked against an enumeration), the
knowledge tracker (equal to the knowledge worked out from scratch), PIMC play-outs
(legal, 162 points, reproducible, double-dummy players reach the exact value),
realistic bidding advice, and a played deal reviewed from each seat."""

import itertools
import json
import math
import random

import pytest

from cli_helpers import one_line_error, run
from solver import Deal, Rules, Seat, Strain
from solver.advice import advise
from solver.cardplay import card_outcomes, play_advice, score_play
from solver.outcome import score_outcome
from solver.cards import Card, CardSet, Team
from solver.contract import Contract
from solver.deal import EXAMPLE_DEAL
from solver.knowledge import Knowledge, Tracker
from solver.pimc import play_out, realistic_advice
from solver.play import Position
from solver.sampling import Constraints, sample_deals
from solver.seatreview import review_from_seats
from solver.solve import Solver

VARIANTS = [Rules(), Rules(must_undertrump=False, must_overtrump_partner=False)]


def _random_play(rng: random.Random, rules: Rules, most: int = 28):
    deal = Deal.random(seed=rng.randrange(10**9))
    strain, leader = Strain(rng.randrange(6)), Seat(rng.randrange(4))
    pos = Position(deal, strain, leader, rules)
    for _ in range(rng.randrange(1, most + 1)):
        pos.play(rng.choice(list(pos.legal_cards())))
    return deal, strain, leader, [c for _, c in pos.history], pos


# -- the excluding dealer -------------------------------------------------------

def test_the_excluding_dealer_deals_every_fitting_deal_equally_often():
    """Six free cards, two places at each of N, E and W, three exclusions: the exact
    chance of each card at each seat comes from enumerating the 90 ways to deal them."""
    hand = "AKQJT987.-.-.-"                                  # S: every spade
    known = {"N": "HA HK HQ D7 D8 D9", "E": "HJ HT H9 DT DJ DQ", "W": "H8 H7 DK DA CA CK"}
    free = ["CQ", "CJ", "CT", "C9", "C8", "C7"]
    excluded = {"W": "CQ CJ", "E": "C7"}
    fits = []
    for seats in itertools.product("NEW", repeat=6):
        if all(seats.count(s) == 2 for s in "NEW") and \
                not any(card in excluded.get(s, "").split() for card, s in zip(free, seats)):
            fits.append(dict(zip(free, seats)))
    n = 6000
    deals = sample_deals(hand, "S", n, seed=3, constraints=Constraints(known=known, excluded=excluded))
    for card in free:
        for seat in "NEW":
            p = sum(f[card] == seat for f in fits) / len(fits)
            got = sum(d.hands[Seat.parse(seat)].mask >> int(Card.parse(card)) & 1 for d in deals) / n
            assert abs(got - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-9, (card, seat, got, p)


def test_exclusions_that_leave_no_deal_are_refused_before_dealing():
    with pytest.raises(Exception, match="no deal fits: the cards excluded"):
        sample_deals("AKQJT987.-.-.-", "S", 1, seed=1,
                     constraints=Constraints(excluded={s: CardSet.from_pbn("-.AKQJT987.-.-") for s in "NEW"}))
    with pytest.raises(Exception, match="both known at N and excluded there"):
        Constraints(known={"N": "HA"}, excluded={"N": "HA HK"})


@pytest.mark.parametrize("rules", VARIANTS, ids=["default", "no undertrump"])
def test_worlds_dealt_without_the_replay_still_make_every_card_legal(rules):
    """Every legal-play rule forbids a card because of one other card, so the excluded
    cards are the whole proof: worlds that honour them pass the referee unchecked."""
    rng = random.Random(23)
    for n in range(300):
        deal, strain, leader, played, pos = _random_play(rng, rules)
        seat = Seat(rng.randrange(4))
        k = Knowledge.from_play(pos.hand(seat), seat, strain, leader, played, rules)
        for world in sample_deals(k.hand, seat, 4, n, k.constraints(check=False)):
            Position(world, strain, leader, rules, played)


@pytest.mark.parametrize("rules", VARIANTS, ids=["default", "no undertrump"])
def test_the_tracker_knows_what_the_knowledge_from_scratch_knows(rules):
    rng = random.Random(5)
    for _ in range(150):
        deal, strain, leader, played, _ = _random_play(rng, rules, most=31)
        tracker, pos = Tracker(list(deal.masks), strain, leader, rules), Position(deal, strain, leader, rules)
        for card in played:
            tracker.play(pos, card)
            pos.play(card)
        for seat in Seat:
            a = tracker.knowledge(seat)
            b = Knowledge.from_play(deal.hands[seat], seat, strain, leader, played, rules)
            assert (a.excluded, a.shown, a.played, a.hand) == (b.excluded, b.shown, b.played, b.hand)


def test_announcements_are_known_cards():
    k = Knowledge.from_play(CardSet.from_pbn("7.AJ9.KT.J8"), Seat.S, Strain.H, Seat.W, "HK H8 D7", belote="W",
                            shown={Seat.E: CardSet.from_pbn("-.-.-.AKQ")})
    assert k.announced == {Seat.W: CardSet.from_pbn("-.Q.-.-"), Seat.E: CardSet.from_pbn("-.-.-.AKQ")}
    for world in sample_deals(k.hand, "S", 20, 1, k.constraints()):
        assert world.hands[Seat.W].mask >> int(Card.parse("HQ")) & 1
        assert CardSet.from_pbn("-.-.-.AKQ").mask & ~world.hands[Seat.E].mask == 0
    with pytest.raises(Exception, match="E has not played the king or queen"):
        Knowledge.from_play(CardSet.from_pbn("7.AJ9.KT.J8"), Seat.S, Strain.H, Seat.W, "HK H8 D7", belote="E")
    with pytest.raises(Exception, match="cannot hold them"):        # E showed it holds no trump
        Knowledge.from_play(CardSet.from_pbn("7.AJ9.KT.J8"), Seat.S, Strain.H, Seat.W, "HK H8 D7",
                            shown={Seat.E: CardSet.from_pbn("-.Q.-.-")})


def test_play_advice_honours_the_auction():
    """S's 100♥ after three passes: N, E and W passed, and under the default system a
    pass denies an opening, so no world gives one of them a hand that would open."""
    from solver.auction import Auction
    from solver.bidding import shown
    from solver.system import DEFAULT
    a = play_advice("7.AJ9.KT.J8", "S", None, "HK H8 D7", dealer="S", samples=10, seed=2, workers=1,
                    auction="W:pass N:pass E:pass S:100H W:pass N:pass E:pass")
    assert a.contract.to_text() == "100H" and a.contract.declarer == Seat.S
    meanings = [(c, m) for c, m in shown(Auction.parse("W:pass N:pass E:pass S:100H W:pass N:pass E:pass",
                                                        "S"), DEFAULT) if c.seat != Seat.S and not m.nothing]
    assert meanings
    for deal in a.deals:
        assert all(m.accepts(deal.masks[c.seat]) for c, m in meanings)
    with pytest.raises(Exception, match="the auction ended in 100H S"):
        play_advice("7.AJ9.KT.J8", "S", "100H N", "HK H8 D7", dealer="S", samples=5, seed=2, workers=1,
                    auction="W:pass N:pass E:pass S:100H W:pass N:pass E:pass")


# -- play-outs -------------------------------------------------------------------

@pytest.mark.parametrize("rules", VARIANTS, ids=["default", "no undertrump"])
def test_a_pimc_play_out_is_legal_and_takes_162_points(rules):
    rng = random.Random(9)
    for i in range(6):
        deal = Deal.random(seed=rng.randrange(10**9))
        strain = Strain(i)
        p = play_out(deal, f"80{strain.name} {Seat(i % 4).name}", leader=Seat((i + 1) % 4), worlds=3,
                     seed=i, rules=rules, workers=1)
        pos = Position(deal, strain, p.leader, rules, p.cards)          # the referee replays every card
        assert pos.is_over and len(p.cards) == 32
        assert p.ns_points + p.ew_points == 162 and pos.points == (p.ns_points, p.ew_points)
        assert all(d.cost >= 0 for d in p.decisions)
        want = score_outcome(p.contract, deal, p.ns_points, p.ns_tricks, leader=p.leader, rules=rules)
        assert p.score == (*want.scores, want.made)


def test_the_same_seed_gives_the_same_play_on_any_number_of_workers():
    deal = Deal.random(seed=4)
    one = play_out(deal, "100H N", leader="E", worlds=6, seed=12, workers=1)
    two = play_out(deal, "100H N", leader="E", worlds=6, seed=12, workers=2)
    assert one.cards == two.cards and one.decisions == two.decisions


def test_double_dummy_players_take_the_exact_value():
    """Four players seeing every card play the deal to its double-dummy value, and no
    card of theirs costs anything (the value from Solver.solve, an independent path)."""
    rng = random.Random(31)
    for i in range(4):
        deal = Deal.random(seed=rng.randrange(10**9))
        strain = Strain(rng.randrange(6))
        p = play_out(deal, strain=strain, leader="W", players="dd", seed=1, workers=1)
        assert p.ns_points == p.dd_ns_points == Solver().solve(deal, strain, "W").ns_points
        assert all(d.cost == 0 and d.worlds == 0 for d in p.decisions)


def test_a_pimc_player_against_double_dummy_opponents_can_only_lose_points():
    """Against opponents who see every card, nothing a side does gains on the deal's
    double-dummy value: N-S playing PIMC take at most that value."""
    rng = random.Random(8)
    for i in range(3):
        deal = Deal.random(seed=rng.randrange(10**9))
        p = play_out(deal, strain="S", leader="E", players={"E": "dd", "W": "dd"}, worlds=4, seed=i,
                     workers=1)
        assert p.ns_points <= p.dd_ns_points
        assert p.dd_ns_points - p.ns_points <= sum(d.cost for d in p.decisions if d.seat.team == Team.NS)


def test_play_out_refuses_bad_input():
    with pytest.raises(Exception, match="name the contract"):
        play_out(EXAMPLE_DEAL, leader="S")
    with pytest.raises(Exception, match="worlds 0"):
        play_out(EXAMPLE_DEAL, "100C S", leader="S", worlds=0)
    with pytest.raises(Exception, match="player 'smart' for N"):
        play_out(EXAMPLE_DEAL, "100C S", leader="S", players={"N": "smart"})


# -- realistic advice and the review from each seat --------------------------------

def test_realistic_advice_plays_out_the_first_deals_of_the_advice():
    adv = advise("AJ9.A7.KT.J", "S", "E", samples=12, seed=1, workers=1)
    r = realistic_advice(adv, samples=2, worlds=2, seed=5, workers=1, executor="thread")
    again = realistic_advice(adv, samples=2, worlds=2, seed=5, workers=2)
    assert r.samples == 2 and r.double_dummy.deals == adv.deals[:2]
    assert (r.realistic.points == again.realistic.points).all()
    assert ((r.realistic.points >= 0) & (r.realistic.points <= 162)).all()
    assert (r.double_dummy.points == adv.points[:2]).all()
    d = r.to_dict()
    assert {row["bid"] for row in d["best_bids"]} == {b.contract.to_text() for b in
                                                      r.double_dummy.best_bids().values()}


def test_the_review_from_each_seat_judges_each_card_by_both_measures():
    """Every verdict's deal half is the card's score against the best on the real deal
    (from card_outcomes and score_play), and its seat half the advice from that seat."""
    deal = Deal.random(seed=77)
    p = play_out(deal, "90S E", leader="S", worlds=4, seed=3, workers=1)
    r = review_from_seats(deal, "90S E", p.cards[:12], leader="S", samples=8, seed=4, workers=1)
    pos, contract = Position.parse(deal, "S", "S"), Contract.parse("90S E")
    for step in r.steps:
        legal = pos.legal_cards()
        assert (step.verdict == "forced") == (len(legal) == 1)
        if step.verdict != "forced":
            ours = pos.to_move.team == Team.NS
            scores = {}
            for c, (ns, capot) in card_outcomes(Solver(), pos).items():
                a, b, _ = score_play(contract, deal, ns, capot, leader=Seat.S, rules=Rules())
                scores[c] = a - b if ours else b - a
            assert step.real_loss == max(scores.values()) - scores[step.card]
            assert step.verdict in (("mistake", "bad luck") if step.real_loss > 0 else ("lucky", "good"))
            seen_bad = step.verdict in ("mistake", "lucky")
            assert seen_bad == (step.seen_loss > 2 * step.seen_loss_se)
        pos.play(step.card)


# -- the command line ---------------------------------------------------------------

def _run(*args):
    r = run(*args)
    return r.exit_code, r.stdout

def test_the_commands():
    code, out = _run(*["playout", "example", "--contract", "100C S", "--leader", "S", "--worlds", "3",
                        "--seed", "1", "--json"])
    d = json.loads(out)
    assert code == 0 and len(d["played"]) == 32 and d["ns_points"] + d["ew_points"] == 162
    code, out = _run(*["playout", "example", "--contract", "100C S", "--leader", "S", "--worlds", "3",
                        "--seed", "1"])
    assert code == 0 and "N-S took" in out
    one_line_error(run(*["playout", "example", "--contract", "100C", "--leader", "S"]),
                          "name its declarer")
    one_line_error(run(*["playout", "example", "--contract", "100C S", "--leader", "S",
                               "--players", "N=magic"]), "player 'N=magic'")
    code, out = _run(*["review", "example", "--from-seats", "--contract", "100C S", "--leader", "S",
                        "--played", "SQ S7 SA ST HK HQ HA H7", "--samples", "6", "--seed", "1", "--json"])
    d = json.loads(out)
    assert code == 0 and len(d["steps"]) == 8 and set(d["counts"]) >= {"mistake", "lucky", "bad luck"}
    code, out = _run(*["review", "example", "--from-seats", "--contract", "100C S", "--leader", "S",
                        "--played", "SQ S7 SA ST", "--samples", "6", "--seed", "1"])
    assert code == 0 and "Review from each seat" in out
    one_line_error(run(*["review", "example", "--from-seats", "--leader", "S", "--played", "SQ"]),
                          "--from-seats needs --contract")
    code, out = _run(*["advise", "AJ9.A7.KT.J", "--samples", "6", "--seed", "1", "--play", "realistic",
                        "--realistic-samples", "2", "--worlds", "2", "--workers", "1", "--json"])
    d = json.loads(out)
    assert code == 0 and d["realistic"]["samples"] == 2 and len(d["realistic"]["best_bids"]) == 6
    one_line_error(run(*["advise", "AJ9.A7.KT.J", "--play", "psychic"]), "--play 'psychic'")
    code, out = _run(*["play", "7.AJ9.KT.J8", "--seat", "S", "--contract", "100H", "--declarer", "S",
                        "--leader", "W", "--played", "HK H8 D7", "--belote", "W", "--samples", "5",
                        "--seed", "1", "--json"])
    assert code == 0 and json.loads(out)["announced"] == {"W": "-.Q.-.-"}


def test_the_review_from_each_seat_reads_a_record_file(tmp_path):
    """Each played game of a record file, its contract, leader and play from the tags."""
    from solver.records import Record, write_records
    deal = Deal.from_pbn(EXAMPLE_DEAL)
    p = play_out(deal, "100C S", leader="S", worlds=3, seed=1, workers=1)
    game = Record(deal=deal, dealer=Seat.E, contract=Contract.parse("100C S"), leader=Seat.S,
                  play=tuple(p.cards))
    path = tmp_path / "two.pbn"
    write_records([game, game], path)
    r = run("review", str(path), "--from-seats", "--samples", "4", "--seed", "1", "--json")
    reviews = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.exit_code == 0 and len(reviews) == 2 and reviews[0] == reviews[1]
    assert [s["card"] for s in reviews[0]["steps"]] == [c.name for c in p.cards]
    one_line_error(run("review", str(path), "--from-seats", "--contract", "100C S"), "record file")
