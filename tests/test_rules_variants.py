"""The rules variants of the seeds, each with the seed's words: scoring, announcements,
bids above 160, strains, capot, tables, match targets, and the command line.

Par's auction variants are checked against the brute force in ``tests/test_par.py``.
"""

import dataclasses
import random

import numpy as np
import pytest
from cli_helpers import EXAMPLE, one_line_error, run
from test_par import fake_table

import minimax
from solver import Card, CardSet, Deal, Rules, Seat, Solver, Strain, Team
from solver.advice import BiddingStudy
from solver.contract import CAPOT, Coinche, Contract
from solver.declarations import award_declarations, belote_claim, find_declarations
from solver.errors import ContractError, RulesError, ScoreError
from solver.match import Match
from solver.pimc import play_out
from solver.par import par
from solver.play import Position
from solver.rules import VARIANTS, points_table
from solver.scoring import score_deal

# N holds K♠Q♠ and S K♥Q♥ (two belotes in TA); E K♠... no: E-W hold no K+Q pair.
TWO_BELOTES = "N:KQ.A7.A7.A7 J98.J98.J.J A7.KQ.KT.KT T.T.Q98.Q98"
# N holds the four jacks (a carré of 200); S tierces T-9-8 in spades and hearts; E tierces
# A-K-Q in spades and hearts, W T-9-8 in diamonds and clubs.
FOUR_JACKS = "N:J7.J7.J7.J7 AKQ.AKQ.A.A T98.T98.K.K -.-.QT98.QT98"


# -- 1. wrong results ----------------------------------------------------------------------

def test_litige_only_when_the_count_would_decide():
    """Seed 001: "In case of tie, the team that chose the trump does not score points and
    they will be reserved for the winner of the next round."  A contract short of its
    level has failed, tie or not."""
    held = Rules(tie_held=True)
    # 90 with 81: failed, 160 + 90 = 250 (not a litige)
    s = score_deal(Contract(90, "S", "N"), 81, rules=held)
    assert (s.scores, s.tie, s.held) == ((0, 250), False, 0)
    # 160 surcoinched with 81: failed, 160 + 160 x 4 = 800
    assert score_deal(Contract(160, "S", "N", Coinche.SURCOINCHE), 81, rules=held).scores == (0, 800)
    # 71 + belote 20 = 91 against 91: 90 reached on equal counts, a litige; E-W 91 -> 90,
    # N-S keep their belote 20, 71 held -> 70
    s = score_deal(Contract(90, "S", "N"), 71, belote="NS", rules=held)
    assert (s.scores, s.tie, s.held) == ((20, 90), True, 70)


def test_coinche_takes_all_with_surcoinche():
    """Seed 002: "If Surcoinche bid is successful the bidder wins points only for the tricks
    won + the original bid x3 ... In both cases the losing team gets 0 points." """
    rules = Rules(coinche_takes_all=True, surcoinche=3)
    sur = Contract(100, "C", "N", Coinche.SURCOINCHE)
    assert score_deal(sur, 122, rules=rules).scores == (420, 0)       # 122 + 300 = 422 -> 420
    # failed: the coinchers take "all cards (162) + the original bid x3": 462 -> 460
    assert score_deal(sur, 90, rules=rules).scores == (0, 460)
    # coinched and failed: 162 + 100 x 2 = 362 -> 360; without rounding 362
    x = Contract(100, "C", "N", Coinche.COINCHE)
    assert score_deal(x, 90, rules=rules.replace(rounding=False)).scores == (0, 362)


def test_every_belote_counts_in_tout_atout():
    """Seed 000: "In tout atout a belote can be declared in any suit."  N's K♠Q♠ and S's
    K♥Q♥ are two belotes: 53 + 40 = 93 makes 90TA."""
    rules = Rules(belote_in_ta=True)
    deal = Deal.from_pbn(TWO_BELOTES)
    assert belote_claim(deal.masks, Strain.TA, Team.NS, rules) == (2, 0)
    s = score_deal(Contract(90, "TA", "N"), 53, belote=["NS", "NS"], rules=rules)
    assert s.made and s.counted == 93 and s.scores == (180, 110)       # 53 + 90 + 40 = 183; 109
    t = fake_table(deal, "E", [80, 80, 80, 80, 80, 53], rules=rules)
    assert t.outcome(Team.NS, Strain.TA).belote == (2, 0)
    assert t.best_bid(Team.NS, Strain.TA) == 90
    # with belote_anyone E-W's pairs count for E-W: N-S fail on 73, E-W 160 + 90 + 20
    anyone = rules.replace(belote_anyone=True)
    assert score_deal(Contract(90, "TA", "N"), 53, belote=["NS", "EW"], rules=anyone).scores == (20, 270)
    assert score_deal(Contract(90, "TA", "N"), 53, belote=["NS", "EW"], rules=rules).scores == (20, 250)


@pytest.mark.parametrize("strain, words", [("SA", "no trump in sans atout"), ("TA", "belote_in_ta")])
def test_no_belote_in_sa_nor_in_ta_by_default(strain, words):
    """Seed 003: "There is no Belote when playing All-Trump or No-Trump." """
    with pytest.raises(ScoreError, match=words):
        score_deal(Contract(100, strain, "N"), 122, belote="NS")
    one_line_error(run("score", "100", strain, "--by", "NS", "--points", "122", "--belote", "NS"), words)
    with pytest.raises(ScoreError, match="belote=false"):
        score_deal(Contract(100, "H", "N"), 122, belote="NS", rules=Rules(belote=False))


# -- 2. announcements that count, bids above 160 ---------------------------------------------

def test_bid_levels_above_160():
    """Seed 004: "Avec annonces il n'y a pas de maximum"; seed 000: "a player who has four
    jacks can clearly make at least 220"."""
    with pytest.raises(ContractError, match="max_level"):
        score_deal(Contract(170, "H", "N"), 162, belote="NS")
    # belote counts by default: 162 + 20 = 182 reaches 180, not 190
    s = score_deal(Contract(180, "H", "N"), 162, belote="NS", rules=Rules(max_level=180))
    assert s.made and s.scores == (360, 0)                         # 162 + 180 + 20 = 362
    with pytest.raises(RulesError, match="at most 182"):
        Rules(max_level=190)
    with pytest.raises(RulesError, match="capot"):
        Rules(max_level=250)
    Rules(max_level=240, declarations=True, declarations_count=True)


def test_par_and_best_bid_reach_above_160_with_announcements():
    """N's carré of jacks (200) and S's two tierces (40) count toward the contract: with
    130 card points in spades N-S count 370, so every level up to 240 makes."""
    rules = Rules(declarations=True, declarations_count=True, max_level=240)
    deal = Deal.from_pbn(FOUR_JACKS)
    assert award_declarations(deal, Strain.S, Seat.E, rules) == (240, 0)
    values = [130, 60, 60, 60, 60, 60]
    t = fake_table(deal, "E", values, rules=rules)
    assert t.best_bid(Team.NS, Strain.S) == 240
    p = par(deal, "N", rules, table=t)
    assert p.contract.level == 240 and p.contract.team == Team.NS and p.score.made
    plain = Rules(declarations=True, declarations_count=True)
    assert par(deal, "N", plain, table=fake_table(deal, "E", values, rules=plain)).contract.level == 160


def test_advice_grid_follows_the_levels_and_strains():
    deal = Deal.from_pbn(FOUR_JACKS)
    rules = Rules(declarations=True, declarations_count=True, max_level=200, sa_ta=False)
    points = np.array([[130, 60, 60, 60, 60, 60]] * 3)
    study = BiddingStudy(hand=deal.hands[Seat.N], seat=Seat.N, dealer=Seat.W, rules=rules, seed=None,
                     constraints=None)
    adv = study.summarise([deal] * 3, points, np.zeros((3, 6), bool))
    assert adv.levels == (80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, CAPOT)
    assert adv.bid_strains == (Strain.S, Strain.H, Strain.D, Strain.C)
    assert len(adv.bids) == 4 * len(adv.levels)
    assert adv.bid(200, Strain.S).p_make == 1.0                   # 130 + 240 = 370
    with pytest.raises(ValueError, match="SA"):
        adv.bid(100, Strain.SA)


# -- 4. strains and capot --------------------------------------------------------------------

def test_sa_ta_switch():
    """Seed 000's basic game bids a suit; "Another Bridge-like modification is the no trump
    (sans atout) bid".  Under default rules the example's par is capot SA."""
    deal = Deal.from_pbn(EXAMPLE)
    rules = Rules(sa_ta=False)
    p = par(deal, "E", rules)
    assert p.contract.strain in (Strain.S, Strain.H, Strain.D, Strain.C)
    assert p.table.ns_points["SA"] == 162 and p.table.best_bid(Team.NS, Strain.SA) is None
    with pytest.raises(ContractError, match="sa_ta"):
        score_deal(Contract(100, "SA", "N"), 122, rules=rules)
    r = run("par", "example", "--dealer", "E", "--rule", "sa_ta=false")
    assert r.exit_code == 0 and "SA" not in r.stdout.splitlines()[0]


def test_capot_variants():
    # seed 000: "Some score it only if it is bid": an unbid capot of 80 is 162 + 80 = 242 -> 240
    assert score_deal(Contract(80, "S", "E"), 162, capot=True, rules=Rules(capot_only_if_bid=True)).scores \
        == (0, 240)
    # seeds 001 and 004: capot for the side that takes every trick, the defenders too:
    # 250 + 100 in place of 160 + 100
    c = Contract(100, "H", "N")
    assert score_deal(c, 0, capot="EW").scores == (0, 260)
    assert score_deal(c, 0, capot="EW", rules=Rules(capot_any_side=True)).scores == (0, 350)
    # seeds 001, 004: "If a single player succeeds in winning all 8 tricks ... (500 in total)"
    gen = Rules(unbid_generale=True)
    assert score_deal(c, 162, capot=True, generale=True, rules=gen).scores == (600, 0)
    assert score_deal(c, 162, capot=True, generale=True).scores == (350, 0)
    # seed 000: "Some allow a capot bid to be doubled and redoubled": failed, 500 x 2
    x = Rules(capot_coinche=True)
    assert score_deal(Contract("capot", "S", "N", Coinche.COINCHE, capot_coinche=True), 100, rules=x).scores \
        == (0, 1000)
    with pytest.raises(ContractError, match="capot_coinche"):
        score_deal(Contract("capot", "S", "N", Coinche.COINCHE, capot_coinche=True), 100)


def test_plus_two_variants():
    """Seed 000: "some play that it is only necessary to take as many points as were bid,
    even in the case of a bid of 80.  A few groups require an extra 2 points for every bid -
    for example at least 112 points to win a bid of 110." """
    assert not score_deal(Contract(80, "S", "N"), 80).made
    assert score_deal(Contract(80, "S", "N"), 80, rules=Rules(plus_two="none")).made
    every = Rules(plus_two="all")
    assert not score_deal(Contract(110, "S", "N"), 111, rules=every).made
    assert score_deal(Contract(110, "S", "N"), 112, rules=every).made


def test_seed_003_scaled_tables():
    """Seed 003: "All the Jacks have a value of 20, All the 9 have a value of 14 ... a
    division is done to put the total to 152"."""
    ta = Rules(ta_table="scaled", sa_table="scaled")
    faces = ["J", "9", "A", "T", "K", "Q", "8", "7"]
    assert [ta.card_points(Card.parse("S" + f), Strain.TA) for f in faces] == [12, 9, 7, 6, 2, 2, 0, 0]
    assert [ta.card_points(Card.parse("S" + f), Strain.SA) for f in ["A", "T", "K", "Q", "J", "9"]] == [14, 13, 5, 4, 2, 0]
    assert sum(points_table(Strain.TA, ta)) == sum(points_table(Strain.SA, ta)) == 152


def test_scaled_tables_against_minimax():
    """The engine on the scaled tables agrees with the exhaustive minimax on random
    endgames, one solver switching tables between them (its transposition table keeps
    each table's values apart)."""
    rng = random.Random(20261123)
    solver = Solver()
    tables = [Rules(), Rules(ta_table="scaled", sa_table="scaled"), Rules(ta_table="j13")]
    for _ in range(60):
        k = rng.choice((2, 3))
        pack = list(range(32))
        rng.shuffle(pack)
        deal = Deal([CardSet(pack[k * i: k * i + k]) for i in range(4)])
        strain, leader = rng.choice((Strain.SA, Strain.TA)), rng.randrange(4)
        for rules in tables:
            expect = minimax.ns_points(Position(deal, strain, Seat(leader), rules))
            assert solver.solve(deal, strain, leader, (), rules).ns_points == expect, (deal.to_pbn(), rules)


def test_match_targets():
    """Seed 001: "The goal of Coinche is to win 1001 points"; seed 002: "The team that
    reaches 501 points first wins"; seed 004: the players agree on the ceiling."""
    m = Match(Rules(target=501))
    m.add(score_deal(Contract(160, "H", "N"), 162, capot=True))     # 250 + 160 = 410
    assert not m.is_over
    m.add(score_deal(Contract(100, "H", "N"), 100))                 # 200: 610 >= 501
    assert m.winner == Team.NS
    assert Match(Rules(target=1001)).target == 1001
    with pytest.raises(RulesError, match="target"):
        Rules(target=-5)


def test_seed_002_announcement_variants():
    """Seed 002: "Premiums for card sequences are given even if the other team has a
    Square"; "If the same card is part of a Square and a sequence ... the player chooses
    which to announce." """
    deal = Deal.from_pbn(FOUR_JACKS)
    on = Rules(declarations=True)
    assert award_declarations(deal, Strain.S, Seat.E, on) == (240, 0)
    # carrés apart: N-S's carré 200; the best sequence is E's tierce to the ace: E-W's 80
    assert award_declarations(deal, Strain.S, Seat.E, on.replace(carre_apart=True)) == (200, 80)
    hand = CardSet.from_pbn("KQJT9.J.J.J")
    assert sum(x.points for x in find_declarations(hand, Strain.H)) == 300          # carré + quinte
    assert [str(x) for x in find_declarations(hand, Strain.H, Rules(card_once=True))] == ["carré of J"]


# -- 5. the command line ------------------------------------------------------------------------

def test_score_prints_the_arithmetic():
    r = run("score", "120", "S", "--by", "EW", "--points", "100", "--rule", "declarations=true",
            "--rule", "declarations_count=true", "--declarations", "EW:carre-J,tierce",
            "--declarations", "NS:quinte-A")
    assert r.exit_code == 0, r.output
    # E-W's carré beats N-S's quinte: E-W score their 220; 100 + 120 + 220 = 440
    assert "awarded N-S 0, E-W 220" in r.stdout
    assert "E-W counted 320 (100 card points + 220 declarations), needed 120: made" in r.stdout
    assert "E-W: 100 points + 120 bid + 220 declarations = 440" in r.stdout
    r = run("score", "100", "H", "--by", "NS", "--points", "70", "--belote", "NS", "--coinche")
    # seed 000: "we score 20 and our opponents score 160 + (100 x 2) = 360"
    assert "E-W: 160 failed contract + 200 bid (100 x 2) = 360" in r.stdout


def test_score_takes_rule_variants():
    r = run("score", "100", "C", "--by", "NS", "--points", "122", "--rule", "surcoinche=3",
            "--rule", "coinche_takes_all=true", "--surcoinche", "--json")
    assert r.exit_code == 0 and '"ns_score": 420' in r.stdout
    one_line_error(run("score", "100", "C", "--by", "NS", "--points", "122", "--declarations", "NS:tierce"),
                   "declarations=true")
    one_line_error(run("score", "100", "C", "--by", "NS", "--points", "122", "--rule", "declarations=true",
                       "--declarations", "NS:sextet"), "'sextet'")


def test_score_help_lists_every_variant():
    out = run("score", "--help").stdout
    for f in dataclasses.fields(Rules):
        assert f.name in out, f.name
    assert set(VARIANTS) == {f.name for f in dataclasses.fields(Rules)}


# -- contradictions, seed rules added ---------------------------------------------------------

@pytest.mark.parametrize("a, b", [(a, b) for a, b, _ in __import__("solver.rules").rules.CONTRADICTIONS])
def test_contradictory_variants_are_refused_in_one_line(a, b):
    """Two variants that answer one question differently (e.g. seed 000's whole score
    doubled against seed 002's 162 to the winners) cannot be on together."""
    with pytest.raises(RulesError, match=f"rules options {a} and {b} contradict each other") as e:
        Rules(**{a: True, b: True})
    assert "\n" not in str(e.value)
    with pytest.raises(RulesError, match="contradict"):
        Rules().with_options([f"{a}=true", f"{b}=true"])


def test_a_trump_sequence_beats_a_plain_one_of_its_kind_with_seed_004():
    """Seed 004: "Une annonce de même type est plus forte si elle est à l'Atout."  N holds
    a tierce A-K-Q of clubs, E a tierce 9-8-7 of spades (trumps), S and W nothing.  By
    default (seed 000) the higher cards win first: N-S score their 20; with the variant
    E-W's trump tierce wins."""
    deal = Deal.from_pbn("N:T.J7.T7.AKQ 987.AK.A.J9 AQ.Q9.KJ9.T KJ.T8.Q8.87")
    found = {s: [str(x) for x in find_declarations(deal.hands[s], Strain.S)] for s in Seat}
    assert found == {Seat.N: ["tierce A♣"], Seat.E: ["tierce 9♠"], Seat.S: [], Seat.W: []}
    on = Rules(declarations=True)
    assert award_declarations(deal, Strain.S, Seat.W, on) == (20, 0)
    assert award_declarations(deal, Strain.S, Seat.W, on.replace(trump_sequence_first=True)) == (0, 20)


def test_the_declarer_of_a_generale_leads_with_seed_000s_variant():
    """Seed 000: "The bidder of a générale may have the right to lead to the first trick."
    Dealer N: E leads by default, W (the générale's declarer) with the variant."""
    rules = Rules(generale=True, generale_leads=True)
    deal = Deal.random(seed=5)
    g = Contract.parse("generale S W")
    assert play_out(deal, g, dealer="N", players="dd", rules=Rules(generale=True)).leader == Seat.E
    assert play_out(deal, g, dealer="N", players="dd", rules=rules).leader == Seat.W
    assert play_out(deal, "100S W", dealer="N", players="dd", rules=rules).leader == Seat.E


def test_tout_atout_with_the_partner_relaxation():
    """Seed 000 says of tout atout that "players must always beat the highest card in the
    trick when able to", and of the relaxed rule that it applies "when a trump is led".
    In TA every lead is a trump lead, so the relaxation (must_overtrump_partner=False)
    applies there too: the sentence on TA states the default, which the house rule
    relaxes as for any trump lead.  N leads the 9♥, E plays the 7♥, S (partner winning)
    holds J♥ and 8♥: the default forces the jack, the variant allows either."""
    deal = Deal.from_pbn("N:-.A9.-.- -.T7.-.- -.J8.-.- -.KQ.-.-")
    pos = Position.parse(deal, "TA", "N")
    pos.play(Card.H9), pos.play(Card.H7)
    assert [str(c) for c in pos.legal_cards()] == ["HJ"]
    relaxed = Position.parse(deal, "TA", "N", Rules(must_overtrump_partner=False))
    relaxed.play(Card.H9), relaxed.play(Card.H7)
    assert sorted(str(c) for c in relaxed.legal_cards()) == ["H8", "HJ"]
    # the engine follows the referee on both, card by card
    for rules in (Rules(), Rules(must_overtrump_partner=False)):
        pos = Position.parse(deal, "TA", "N", rules, ["H9", "H7"])
        assert Solver().card_values(pos) == minimax.card_values(pos)
