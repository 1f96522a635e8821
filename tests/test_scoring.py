"""Contracts, deal scoring with every scoring variant, and the match.

Every number asserted here says where it comes from: a seed's worked example, or
the seed 000 formula worked out by hand in the comment.
"""

import pytest

from solver import (CAPOT, GENERALE, CoincheError, Coinche, Contract, ContractError, DealScore,
                    Match, Rules, ScoreError, Seat, Strain, Team, bid_key, round_score, score_deal)

NS_100C = Contract(100, Strain.C, Seat.N)


# -- contracts -----------------------------------------------------------------

@pytest.mark.parametrize("text, level, strain", [
    ("100H", 100, Strain.H), ("100 H", 100, Strain.H), ("100♥", 100, Strain.H),
    ("capot S", CAPOT, Strain.S), ("capotH", CAPOT, Strain.H), ("80SA", 80, Strain.SA),
    ("90TA", 90, Strain.TA), ("110NT", 110, Strain.SA), ("160 c", 160, Strain.C),
    ("générale TA", GENERALE, Strain.TA), ("Capot sa", CAPOT, Strain.SA),
])
def test_contract_parse(text, level, strain):
    c = Contract.parse(text, declarer="S")
    assert (c.level, c.strain, c.declarer, c.coinche) == (level, strain, Seat.S, Coinche.NONE)


def test_contract_text_round_trips():
    for c in [Contract(100, "H", "S"), Contract(CAPOT, "S", "E"), Contract(120, "D", "E", Coinche.COINCHE),
              Contract(80, "SA", "W", Coinche.SURCOINCHE), Contract(GENERALE, "TA", "N")]:
        assert Contract.parse(str(c)) == c
        assert Contract.parse(c.to_text(), declarer=c.declarer, coinche=c.coinche) == c
    assert str(Contract(100, "H", "S")) == "100♥ S"
    assert Contract(100, "H", "S").to_text() == "100H"


def test_contract_properties():
    c = Contract.parse("80H", declarer="E", coinche="coinche")
    assert c.team == Team.EW and not c.is_capot
    assert c.target == 82            # seed 000: "at least 82 if they bid 80"
    assert Contract(130, "H", "N").target == 130
    assert Contract(CAPOT, "H", "N").target is None and Contract(CAPOT, "H", "N").is_capot
    assert Contract(GENERALE, "H", "N").is_capot
    # seed 000: coinche x2, surcoinche x4; seeds 002 and 004: surcoinche x3
    assert [Contract(100, "H", "N", x).multiplier(Rules()) for x in Coinche] == [1, 2, 4]
    assert Contract(100, "H", "N", Coinche.SURCOINCHE).multiplier(Rules(surcoinche=3)) == 3


@pytest.mark.parametrize("bad", ["85H", "260H", "70 S", "100", "100X", "H100", "", "capot", "100 H Q"])
def test_contract_parse_errors(bad):
    with pytest.raises(ContractError) as e:
        Contract.parse(bad)
    assert repr(bad) in str(e.value) or (bad[:3] in str(e.value))
    assert isinstance(e.value, CoincheError) and isinstance(e.value, ValueError)


@pytest.mark.parametrize("make, words", [
    (lambda: Contract(CAPOT, "C", "N", Coinche.COINCHE), ["'capot C'", "coinched"]),
    (lambda: Contract("capot", "SA", "E", "xx"), ["'capot SA'", "surcoinched"]),
    (lambda: Contract(GENERALE, "TA", "N", 1), ["'générale TA'", "coinched"]),
    (lambda: Contract.parse("capot S N X"), ["'capot S N X'", "coinched"]),
    (lambda: Contract.parse("capotH", declarer="W", coinche="surcoinche"), ["'capotH'", "surcoinched"]),
])
def test_capot_cannot_be_coinched(make, words):
    # seed 000: "A capot bid ends the bidding and cannot be doubled" (par plays it so too)
    with pytest.raises(ContractError) as e:
        make()
    for w in words + ["cannot be coinched"]:
        assert w in str(e.value), str(e.value)


def test_contract_field_errors():
    with pytest.raises(ContractError, match="95"):
        Contract(95, "H", "N")
    with pytest.raises(ContractError, match="'Z'"):
        Contract(100, "Z", "N")
    with pytest.raises(ContractError, match="'Q'"):
        Contract(100, "H", "Q")
    with pytest.raises(ContractError, match="declarer"):
        Contract.parse("100H S", declarer="N")
    with pytest.raises(ContractError, match="coinche"):
        Contract(100, "H", "N", 5)


def test_bid_key_orders_the_auction():
    assert bid_key(110, Strain.C) > bid_key(100, Strain.TA)
    assert bid_key(100, Strain.C) == bid_key(100, Strain.S)             # level only by default
    ranked = Rules(suit_ranking=True)
    # seed 000: "100 clubs is higher than 90 sans atout, which is higher than 90 hearts"
    assert bid_key(100, Strain.C, ranked) > bid_key(90, Strain.SA, ranked) > bid_key(90, Strain.H, ranked)
    order = sorted(Strain, key=lambda s: bid_key(100, s, ranked))
    assert [s.name for s in order] == ["C", "D", "H", "S", "SA", "TA"]          # seed 000's ranking of strains
    assert bid_key("capot", Strain.C) > bid_key(160, Strain.TA)


# -- the worked examples ------------------------------------------------------------

def test_seed_003_made():
    # seed 003: 100♣ made with 122 points: 122 + 100 = 222, and 162 - 122 = 40
    s = score_deal(NS_100C, 122, rules=Rules(rounding=False))
    assert (s.made, s.ns_score, s.ew_score) == (True, 222, 40)
    assert (s.bidder_score, s.defender_score) == (222, 40)
    # rounded to the nearest 10 (seed 000): 220 and 40
    assert score_deal(NS_100C, 122).scores == (220, 40)


def test_seed_003_failed():
    # seed 003: failed with 96 points: zero, and 160 + 100 = 260
    s = score_deal(NS_100C, 96)
    assert (s.made, s.ns_score, s.ew_score) == (False, 0, 260)
    assert score_deal(NS_100C, 96, rules=Rules(rounding=False)).scores == (0, 260)


def test_seed_000_coinched_belote_failed():
    # seed 000: "we bid 100, they say coinche, we declare a Belote, and the contract fails,
    # we score 20 and our opponents score 160 + (100 x 2) = 360"
    c = Contract(100, "H", "N", Coinche.COINCHE)
    s = score_deal(c, 70, belote=Team.NS)
    assert (s.made, s.ns_score, s.ew_score) == (False, 20, 360)


def test_seed_000_coinche_whole_score():
    # seed 000 variant: "the opponent score 520 = 2 x (100 + 160)"
    c = Contract(100, "H", "N", Coinche.COINCHE)
    assert score_deal(c, 70, rules=Rules(coinche_whole_score=True)).scores == (0, 520)
    # made: (122 + 100) x 2 = 444 -> 440; defenders 40 x 2 = 80
    assert score_deal(c, 122, rules=Rules(coinche_whole_score=True)).scores == (440, 80)


# -- the default rules, case by case ---------------------------------------------------

def test_bid_80_needs_82():
    c = Contract(80, "S", "E")
    # 81 < 82 fails: EW 0, NS 160 + 80 = 240
    assert score_deal(c, 81).scores == (240, 0)
    # 82 makes: EW 82 + 80 = 162 -> 160, NS 80
    s = score_deal(c, 82)
    assert s.made and s.scores == (80, 160)


def test_bid_level_is_enough():
    # seed 000: "at least as many points as they bid": 100 with 100 makes: 200, and 62 -> 60
    assert score_deal(NS_100C, 100).scores == (200, 60)
    assert not score_deal(NS_100C, 99).made


def test_belote_counts_toward_the_target():
    # seed 003: with belote "only 80 points to do to win" 100: 80 + 100 + 20 = 200; EW 82 -> 80
    s = score_deal(NS_100C, 80, belote=Team.NS)
    assert s.made and s.counted == 100 and s.scores == (200, 80)


def test_defenders_belote_ignored_by_default():
    # seed 000: only a player of the bidding side may claim belote: EW keep 40, not 60
    assert score_deal(NS_100C, 122, belote="EW").scores == (220, 40)
    # variant (seed 000 "any player"): EW 40 + 20 = 60
    assert score_deal(NS_100C, 122, belote="EW", rules=Rules(belote_anyone=True)).scores == (220, 60)
    # and on a failure the defenders add their belote: 160 + 100 + 20 = 280
    assert score_deal(NS_100C, 90, belote="EW", rules=Rules(belote_anyone=True)).scores == (0, 280)


def test_coinche_and_surcoinche_multiply_the_bid():
    # seed 000: made coinched: 122 + 100 x 2 = 322 -> 320; EW 40
    assert score_deal(Contract(100, "C", "N", Coinche.COINCHE), 122).scores == (320, 40)
    # surcoinche x4: 122 + 400 = 522 -> 520
    sur = Contract(100, "C", "N", Coinche.SURCOINCHE)
    assert score_deal(sur, 122).scores == (520, 40)
    # seeds 002/004 surcoinche x3: 122 + 300 = 422 -> 420; failed: 160 + 300 = 460
    assert score_deal(sur, 122, rules=Rules(surcoinche=3)).scores == (420, 40)
    assert score_deal(sur, 90, rules=Rules(surcoinche=3)).scores == (0, 460)


def test_unbid_capot():
    # seed 000: "If the bidding team wins all the tricks they score 250 points plus the bid"
    s = score_deal(Contract(120, "D", "W"), 162, capot=True)
    assert s.made and s.scores == (0, 370)
    # with belote on top: 250 + 120 + 20 = 390
    assert score_deal(Contract(120, "D", "W"), 162, capot=True, belote="EW").scores == (0, 390)


def test_bid_capot():
    c = Contract(CAPOT, "S", "N")
    # seed 000: "If they bid and make capot they score 500, plus 20 for Belote"
    assert score_deal(c, 162, capot=True, belote="NS").scores == (520, 0)
    # seed 000: "If a bid of capot is lost, the opponents score 500"
    s = score_deal(c, 150)
    assert not s.made and s.scores == (0, 500)
    # variant (seed 000): "only 410 points (160+250)"
    assert score_deal(c, 150, rules=Rules(failed_capot=410)).scores == (0, 410)
    # 162 points without every trick (a trick of 0 points lost) is no capot
    assert not score_deal(c, 162).made


def test_generale():
    c = Contract(GENERALE, "H", "S")
    with pytest.raises(ContractError, match="générale"):
        score_deal(c, 162, capot=True)
    rules = Rules(generale=True)
    # seed 000: "the score for it must be agreed - for example 1000" = 2 x 500
    assert score_deal(c, 162, capot=True, rules=rules).scores == (1000, 0)
    assert score_deal(c, 100, rules=rules).scores == (0, 1000)
    # with failed_capot=410 (160 + level): 160 + 500 = 660
    assert score_deal(c, 100, rules=Rules(generale=True, failed_capot=410)).scores == (0, 660)


def test_rounding():
    # seed 000: nearest 10, 5 up
    assert [round_score(x) for x in (0, 4, 5, 14, 15, 125, 222, 40)] == [0, 0, 10, 10, 20, 130, 220, 40]
    # 115 + 110 = 225 -> 230; EW 47 -> 50 (seed 000 rounding); no rounding (seed 003): 225, 47
    c = Contract(110, "H", "N")
    assert score_deal(c, 115).scores == (230, 50)
    assert score_deal(c, 115, rules=Rules(rounding=False)).scores == (225, 47)


# -- the scoring variants ------------------------------------------------------------------

def test_must_outscore():
    rules = Rules(must_outscore=True, belote_anyone=True)
    c = Contract(80, "H", "N")
    # seed 002: the bidders must take more than the opponents: 82 against 80 + 20 belote fails:
    # EW 160 + 80 + 20 = 260
    s = score_deal(c, 82, belote="EW", rules=rules)
    assert not s.made and s.scores == (0, 260)
    # without the variant 82 >= 82 makes: 82 + 80 = 162 -> 160; EW 80 + 20 = 100
    assert score_deal(c, 82, belote="EW", rules=Rules(belote_anyone=True)).scores == (160, 100)


def test_coinche_takes_all():
    # seed 002: "If Coinche bid is successful the bidder wins points for all the cards in the
    # game (162) + his original bid x2. However if it is unsuccessful the opposing team gets
    # points only for the tricks won + their original bid x2 ... the losing team gets 0 points."
    # The coinche's bidder is the coincher: it succeeds when the contract fails.
    rules = Rules(coinche_takes_all=True)
    c = Contract(100, "C", "N", Coinche.COINCHE)
    # the contract made (the coinche unsuccessful): the tricks won + bid x 2: 122 + 200 = 322 -> 320
    assert score_deal(c, 122, rules=rules).scores == (320, 0)
    # the contract failed (the coinche successful): 162 + bid x 2 = 362 -> 360 to the coinchers
    assert score_deal(c, 96, rules=rules).scores == (0, 360)
    # surcoinche: made, the tricks won + bid x 3: 122 + 300 = 422 -> 420; failed, 162 + 300 = 462 -> 460
    cc = Contract(100, "C", "N", Coinche.SURCOINCHE)
    assert score_deal(cc, 122, rules=rules.replace(surcoinche=3)).scores == (420, 0)
    assert score_deal(cc, 96, rules=rules.replace(surcoinche=3)).scores == (0, 460)
    # uncoinched the variant changes nothing (seed 003 example: 220, 40)
    assert score_deal(NS_100C, 122, rules=Rules(coinche_takes_all=True)).scores == (220, 40)


def test_belote_to_defenders():
    # seed 000 variant: the belote of a failed contract goes to the opponents: 360 + 20 = 380
    c = Contract(100, "H", "N", Coinche.COINCHE)
    assert score_deal(c, 70, belote="NS", rules=Rules(belote_to_defenders=True)).scores == (0, 380)
    # made, the belote stays with the bidders: 90 + 100 + 20 = 210; EW 72 -> 70
    assert score_deal(Contract(100, "H", "N"), 90, belote="NS",
                      rules=Rules(belote_to_defenders=True)).scores == (210, 70)


def test_bid_only():
    rules = Rules(bid_only=True)
    # seed 000: "either the bidders or their opponents score just 100 (or 200 with a coinche)"
    assert score_deal(NS_100C, 122, rules=rules).scores == (100, 0)
    assert score_deal(NS_100C, 96, rules=rules).scores == (0, 100)
    assert score_deal(Contract(100, "C", "N", Coinche.COINCHE), 96, rules=rules).scores == (0, 200)


def test_declarations_scored_and_counted():
    # default: declarations are scored but do not count toward the target (seed 000):
    # 80 + 0 < 100 fails, and the opponents take all declarations: 160 + 100 + 50 = 310
    on = Rules(declarations=True)
    s = score_deal(NS_100C, 80, declarations=(50, 0), rules=on)
    assert not s.made and s.scores == (0, 310)
    # made, each side adds its own: 122 + 100 + 50 = 272 -> 270; EW 40
    assert score_deal(NS_100C, 122, declarations=(50, 0), rules=on).scores == (270, 40)
    # seed 004: declarations count toward the target: 80 + 50 >= 100 makes: 80 + 100 + 50 = 230;
    # EW 82 -> 80
    s = score_deal(NS_100C, 80, declarations=(50, 0), rules=on.replace(declarations_count=True))
    assert s.made and s.counted == 130 and s.scores == (230, 80)
    # seed 004's example: 70 of declarations, "only 90 points to make 160": 90 + 160 + 70 = 320;
    # EW 72 -> 70
    c = Contract(160, "S", "N")
    counted = on.replace(declarations_count=True)
    assert score_deal(c, 90, declarations=(70, 0), rules=counted).scores == (320, 70)


def test_tie_held():
    c = Contract(80, "S", "N")
    # seed 001: on a tie (81 each) the bidders score nothing and their points (81 -> 80) are held;
    # the defenders score their own 81 -> 80 (a bid of 80 needing 80, as in seed 001's "more
    # points than the total bet": with 82 needed, 81 fails and is no litige)
    s = score_deal(c, 81, rules=Rules(tie_held=True, plus_two="none"))
    assert s.tie and not s.made and s.winner is None
    assert (s.ns_score, s.ew_score, s.held) == (0, 80, 80)
    # by default a tie is a failed 80: EW 160 + 80 = 240
    s = score_deal(c, 81)
    assert (s.scores, s.held, s.tie) == ((0, 240), 0, False)


def test_score_errors():
    for bad in (-1, 163, 1.5, "90", True):
        with pytest.raises(ScoreError, match="points"):
            score_deal(NS_100C, bad)
    with pytest.raises(ScoreError, match="capot"):
        score_deal(NS_100C, 150, capot=True)
    with pytest.raises(ScoreError, match="belote"):
        score_deal(NS_100C, 100, belote="XY")
    with pytest.raises(ScoreError, match="declarations"):
        score_deal(NS_100C, 100, declarations=(50,))
    with pytest.raises(ScoreError, match="declarations"):
        score_deal(NS_100C, 100, declarations=(-20, 0))


def test_to_dict():
    d = score_deal(NS_100C, 122).to_dict()
    assert d["ns_score"] == 220 and d["ew_score"] == 40 and d["made"] is True  # seed 003
    assert d["held"] == 0 and d["bidders"] == "NS" and d["contract"] == "100C"
    assert isinstance(score_deal(NS_100C, 122), DealScore)


# -- the match -----------------------------------------------------------------

def _deal(team, made_points, rules=Rules()):
    return score_deal(Contract(160, "H", team.seats[0]), made_points, capot=made_points == 162,
                      rules=rules)


def test_match_to_target():
    m = Match(Rules(target=1000))
    for _ in range(2):
        m.add(_deal(Team.NS, 162))        # unbid capot: 250 + 160 = 410 a deal
    assert m.scores == (820, 0) and not m.is_over and m.winner is None
    m.add(_deal(Team.EW, 162))            # EW 410
    assert m.scores == (820, 410)
    m.add(_deal(Team.NS, 162))            # NS 1230 >= 1000
    assert m.is_over and m.winner == Team.NS
    with pytest.raises(ScoreError, match="over"):
        m.add(_deal(Team.NS, 162))


def test_match_higher_total_wins():
    m = Match(Rules(target=1000))
    for team in (Team.NS, Team.NS, Team.EW, Team.EW):
        m.add(_deal(team, 162))                       # 410 a deal: 820 - 820
    # NS make 100 with 100 points: 100 + 100 = 200 -> 1020; EW 62 -> 60: 880 (seed 000 formula)
    m.add(score_deal(Contract(100, "H", "N"), 100))
    assert m.scores == (1020, 880) and m.winner == Team.NS


def test_match_exact_tie():
    # NS and EW both reach 1000 exactly on a deal EW won: EW win (seed 000: "In case of a tie,
    # the winners of the latest deal win the game"); hand-made deal scores of 500 each
    tied = DealScore(Contract(100, "H", "E"), 100, True, 500, 500)
    pre = DealScore(Contract(100, "H", "N"), 100, True, 500, 500)
    m = Match(Rules(target=1000))
    m.add(pre)
    m.add(tied)
    assert m.scores == (1000, 1000) and m.winner == Team.EW
    m = Match(Rules(target=1000))
    m.add(tied)
    m.add(pre)
    assert m.winner == Team.NS


def test_match_held_points():
    rules = Rules(tie_held=True, plus_two="none")
    m = Match(rules)
    c = Contract(80, "S", "N")
    m.add(score_deal(c, 81, rules=rules))   # seed 001 tie: EW 80, 80 held
    assert m.scores == (0, 80) and m.held == 80
    m.add(score_deal(c, 81, rules=rules))   # a second tie: held 160
    assert m.scores == (0, 160) and m.held == 160
    m.add(score_deal(c, 60, rules=rules))   # NS fail: EW win the deal, 160 + 80 = 240, plus 160 held
    assert m.scores == (0, 160 + 240 + 160) and m.held == 0


def test_numpy_integer_points_are_accepted():
    # advice and tables hold card points in numpy arrays; 122 -> 220 as in seed 003
    import numpy as np

    assert score_deal(Contract.parse("100C", declarer="N"), np.int64(122)).ns_score == 220
    assert score_deal(Contract.parse("100C", declarer="N"), np.int16(96)).ew_score == 260
