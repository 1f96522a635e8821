"""Par: the auction solved by backward induction.

Oracles: deals whose par is plain by construction, a brute-force search over the
explicit auction (every seat, every bid, coinche by either opponent at any time,
no pruning) on synthetic tables, and the scoring invariants the pruning relies on,
checked for every scoring variant.
"""

import functools
import itertools

import numpy as np
import pytest

from solver import Deal, Rules, Seat, Strain, Team
from solver.contract import CAPOT, Coinche, Contract, bid_key, bid_levels, bid_strains
from solver.declarations import belote_teams, max_belotes
from solver.par import par
from solver.scoring import score_deal
from solver.table import DDTable

EXAMPLE = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"
LOPSIDED = "N:AKQJ.AKQJ.-.- -.-.T987.T987 T987.T987.-.- -.-.AKQJ.AKQJ"


def fake_table(deal, leader, ns_points, ns_capot=(), ew_capot=(), rules=Rules()):
    """A table with chosen values (capots must sit on 162 / 0 points)."""
    ns = np.array(ns_points, dtype=np.int16)
    nsc = np.array([s in ns_capot for s in Strain])
    ewc = np.array([s in ew_capot for s in Strain])
    assert all(ns[nsc] == 162) and all(ns[ewc] == 0)
    return DDTable(deal, Seat.parse(leader), rules, ns, nsc, ewc, np.full(6, 162, dtype=np.int16))


def no_belote_deal():
    """The first seeded deal where no hand holds K and Q of one suit."""
    for seed in itertools.count():
        d = Deal.random(seed=seed)
        if not belote_teams(d, Strain.TA, Rules(belote_in_ta=True)):
            return d


# -- by construction -------------------------------------------------------------------

def test_both_sides_capot_first_speaker_takes_it():
    """N-S can force capot in S and H, E-W in D and C (cross-checked in test_table).
    A capot bid ends the auction, so the first side to speak bids it."""
    deal = Deal.from_pbn(LOPSIDED)
    p = par(deal, dealer="N")                      # E speaks first
    assert p.contract.level == CAPOT and p.contract.team == Team.EW
    assert p.contract.strain in (Strain.D, Strain.C)
    # seed 000: a bid and made capot scores 500, and W's K+Q of trumps 20 more
    assert (p.ns_score, p.ew_score) == (0, 520)
    assert [str(c) for c in p.auction] == [f"capot {p.contract.strain.symbol}"]
    p = par(deal, dealer="W")                      # N speaks first
    assert p.contract.team == Team.NS and p.contract.is_capot and p.ns_score == 520


def test_example_deal_capot_sa():
    """Example deal, S leads (dd_reference cases 1-6): N-S take all 162 in SA and, by
    solve's trick count, every trick; E-W's best is 130TA (137 points)."""
    p = par(Deal.from_pbn(EXAMPLE), dealer="E")
    assert p.table.ns_capot["SA"]
    assert str(p.contract) == "capot SA N"
    assert (p.ns_score, p.ew_score) == (500, 0)
    assert p.best[Team.EW] == Contract(130, "TA", "E")
    assert p.reason == "N-S bid and make capot SA; E-W could make 130TA but cannot outbid capot."


def test_side_with_the_higher_contract_takes_it():
    """dd_reference cases 9-14 (E leads): E-W take 148 in spades, N-S at most 106 in
    diamonds; E-W bid their highest makeable spade contract, undoubled."""
    deal = Deal.from_pbn("N:-.8.QJT8.K87 J98.97.K9.T T7.AKJ.A7.9 AKQ.QT.-.AQJ")
    p = par(deal, dealer="N")
    t = p.table
    assert t.ew_points["S"] == 162 - 14
    assert p.contract.team == Team.EW and p.contract.strain == Strain.S
    assert p.contract.level == t.best_bid(Team.EW, Strain.S)
    assert p.contract.coinche == Coinche.NONE and p.score.made
    assert "E-W" in p.reason


def test_suit_ranking_changes_the_result():
    """Synthetic table: N-S make exactly 160 in clubs, E-W exactly 160 in spades, nobody
    anything else; N speaks first.  By level only, N's 160♣ cannot be overcalled; with
    suit ranking 160♠ overcalls 160♣."""
    deal = no_belote_deal()
    values = [2, 81, 81, 160, 81, 81]               # S H D C SA TA, N-S points
    plain = par(deal, "W", table=fake_table(deal, "N", values))
    assert str(plain.contract) == "160♣ N"
    assert (plain.ns_score, plain.ew_score) == (320, 0)   # 160 + 160; E-W 2 rounds to 0
    ranked_rules = Rules(suit_ranking=True)
    ranked = par(deal, "W", ranked_rules, table=fake_table(deal, "N", values, rules=ranked_rules))
    assert ranked.contract.team == Team.EW and ranked.contract.level == 160
    assert ranked.contract.strain == Strain.S
    assert (ranked.ns_score, ranked.ew_score) == (0, 320)


def test_nobody_can_make_anything():
    deal = no_belote_deal()
    p = par(deal, "N", table=fake_table(deal, "E", [81] * 6))   # 81 each: 80 needs 82
    assert p.contract is None and (p.ns_score, p.ew_score) == (0, 0)
    assert [c.kind for c in p.auction] == ["pass"] * 4


def test_table_for_the_wrong_leader_is_refused():
    deal = no_belote_deal()
    with pytest.raises(Exception, match="first lead"):
        par(deal, "N", table=fake_table(deal, "S", [81] * 6))


# -- brute force -------------------------------------------------------------------------

def brute_par(table, dealer, rules):
    """N-S minus E-W at par by plain minimax over the explicit auction: every seat
    speaks in turn, every bid, coinche by either opponent at any time (or only in turn
    with ``coinche_in_turn``; with ``contree`` in turn, the auction going on after it
    until three passes), no pruning."""
    first = Seat.parse(dealer).next
    bids = [(lv, s) for lv in bid_levels(rules) + (CAPOT,) for s in bid_strains(rules)]
    keys = [bid_key(lv, s, rules) for lv, s in bids]
    outs = table.outcomes()

    @functools.lru_cache(maxsize=None)
    def term(i, bidder, x):
        lv, s = bids[i]
        c = Contract(lv, s, Seat(bidder), x, capot_coinche=rules.capot_coinche)
        d = outs[Seat(bidder).team][s].score(c, rules)
        return d.ns_score - d.ew_score

    def opt(seat):
        return max if seat % 2 == 0 else min

    def doubled(i, bidder):            # a coinche that ends the auction; the bidders may surcoinche
        return opt(bidder)(term(i, bidder, Coinche.COINCHE), term(i, bidder, Coinche.SURCOINCHE))

    @functools.lru_cache(maxsize=None)
    def V(i, bidder, x, last, passes):
        if i is None:
            if passes == 4:
                return 0
            speaker = (first + passes) % 4
            options = [V(None, None, x, None, passes + 1)] + [V(j, speaker, Coinche.NONE, speaker, 0)
                                                             for j in range(len(bids))]
            return opt(speaker)(options)
        if bids[i][0] == CAPOT:        # a capot bid ends the auction
            u = term(i, bidder, Coinche.NONE)
            return opt(bidder + 1)(u, doubled(i, bidder)) if rules.capot_coinche else u
        if passes == 3:
            return term(i, bidder, x)
        speaker = (last + passes + 1) % 4
        opponent = (speaker - bidder) % 2 == 1
        options = [V(i, bidder, x, last, passes + 1)] + [V(j, speaker, Coinche.NONE, speaker, 0)
                                                        for j in range(len(bids)) if keys[j] > keys[i]]
        if rules.contree:
            if x == Coinche.NONE and opponent:
                options.append(V(i, bidder, Coinche.COINCHE, speaker, 0))
            if x == Coinche.COINCHE and not opponent:
                options.append(V(i, bidder, Coinche.SURCOINCHE, speaker, 0))
            return opt(speaker)(options)
        if rules.coinche_in_turn:
            if opponent:
                options.append(doubled(i, bidder))
            return opt(speaker)(options)
        turn = opt(speaker)(options)
        return opt(bidder + 1)(doubled(i, bidder), turn)       # an opponent may coinche first

    return V(None, None, Coinche.NONE, None, 0)


def random_values(rng):
    ns = []
    for _ in Strain:
        r = rng.random()
        ns.append(162 if r < 0.12 else 0 if r < 0.24 else int(rng.integers(0, 163)))
    return ns


@pytest.mark.parametrize("rules", [
    Rules(), Rules(suit_ranking=True), Rules(must_outscore=True, surcoinche=3),
    Rules(coinche_whole_score=True, belote_to_defenders=True, failed_capot=410, bid_only=True),
    Rules(tie_held=True, rounding=False, belote_in_ta=True, belote_anyone=True),
    Rules(coinche_takes_all=True, declarations=True, declarations_count=True, suit_ranking=True),
    # seed 000's auction variants: "a player may only say coinche in turn"; "a coinche can only
    # be said in turn and does not end the bidding"; "a capot bid to be doubled and redoubled"
    Rules(coinche_in_turn=True), Rules(coinche_in_turn=True, capot_coinche=True, surcoinche=3),
    Rules(contree=True), Rules(contree=True, suit_ranking=True, capot_coinche=True),
    Rules(contree=True, coinche_whole_score=True, tie_held=True, plus_two="none"),
    Rules(capot_coinche=True, must_outscore=True),
    # strains, levels and capot variants
    Rules(sa_ta=False, max_level=180, capot_any_side=True),
    Rules(capot_only_if_bid=True, belote_in_ta=True, max_level=240, plus_two="all"),
    Rules(capot_any_side=True, declarations=True, declarations_count=True, max_level=240, contree=True),
])
def test_par_equals_brute_force(rules):
    rng = np.random.default_rng(hash(rules) % 2**32)
    for k in range(4):
        deal = Deal.random(seed=int(rng.integers(1 << 30)))
        dealer = Seat(k % 4)
        ns = random_values(rng)
        nsc = [s for s in Strain if ns[s] == 162 and rng.random() < 0.7]
        ewc = [s for s in Strain if ns[s] == 0 and rng.random() < 0.7]
        t = fake_table(deal, dealer.next, ns, nsc, ewc, rules)
        p = par(deal, dealer, rules, table=t)
        assert p.ns_score - p.ew_score == brute_par(t, dealer, rules), (ns, nsc, ewc, dealer)


def test_par_auction_is_legal_and_ends_in_the_contract():
    deal = no_belote_deal()
    rules = Rules(suit_ranking=True)
    p = par(deal, "S", rules, table=fake_table(deal, "W", [100, 120, 50, 30, 90, 70], rules=rules))
    seats = [c.seat for c in p.auction if c.kind in ("pass", "bid")]
    assert seats[0] == Seat.W and all(b == a.next for a, b in zip(seats, seats[1:]))
    bids = [c for c in p.auction if c.kind == "bid"]
    keys = [bid_key(c.level, c.strain, rules) for c in bids]
    assert keys == sorted(set(keys))
    assert (bids[-1].level, bids[-1].strain, bids[-1].seat) == (
        p.contract.level, p.contract.strain, p.contract.declarer)


# -- scoring invariants used by the pruning (solver.par.par docstring) ---------------------

VARIANTS = [Rules(), Rules(must_outscore=True), Rules(coinche_whole_score=True),
            Rules(coinche_takes_all=True), Rules(belote_to_defenders=True), Rules(failed_capot=410),
            Rules(bid_only=True), Rules(rounding=False), Rules(declarations_count=True, declarations=True),
            Rules(tie_held=True), Rules(surcoinche=3), Rules(belote_anyone=True),
            Rules(coinche_takes_all=True, surcoinche=3), Rules(capot_only_if_bid=True),
            Rules(capot_any_side=True, unbid_generale=True), Rules(plus_two="all", tie_held=True),
            Rules(plus_two="none", must_outscore=True), Rules(belote=False),
            Rules(declarations=True, declarations_count=True, max_level=240, capot_coinche=True)]
POINTS = sorted(set(range(0, 163, 23)) | {62, 80, 81, 82, 91, 100, 152, 161, 162})


@pytest.mark.parametrize("rules", VARIANTS)
def test_scoring_invariants(rules):
    belotes = (None, Team.NS, Team.EW) if rules.belote else (None,)
    # declarations only where the rules score them, one side's unless carre_apart (score_deal refuses others)
    decls = ((0, 0),) + (((20, 0), (0, 50)) if rules.declarations else ()) + (
        ((20, 50),) if rules.carre_apart else ())
    for points, belote, decl in itertools.product(POINTS, belotes, decls):
        for capot in ((False, True) if points == 162 else (False,)):
            made_prev = True
            fail_scores = {}
            prev = None
            for level in bid_levels(rules):
                scores = [score_deal(Contract(level, "H", "N", x), points, capot=capot, belote=belote,
                                     declarations=decl, rules=rules) for x in Coinche]
                made = scores[0].made
                assert made <= made_prev, "1: the made levels are a prefix"
                made_prev = made
                diffs = [s.ns_score - s.ew_score for s in scores]
                if made:
                    if prev is not None:
                        assert all(a >= b for a, b in zip(diffs, prev)), "2: higher made level no worse"
                    prev = diffs
                elif not scores[0].tie:
                    fail_scores[level] = [(s.ns_score, s.ew_score) for s in scores]
            for level, got in fail_scores.items():        # 3: failed scores ignore the points
                other = [score_deal(Contract(level, "H", "N", x), 0, belote=belote, declarations=decl,
                                    rules=rules) for x in Coinche]
                if not other[0].made and not other[0].tie:
                    assert got == [(s.ns_score, s.ew_score) for s in other]
            # 4: the strain does not matter (among the strains where the belote claimed exists)
            strains = [s for s in Strain if belote is None or max_belotes(s, rules)]
            for level in (80, 120, 160):
                for x in Coinche:
                    got = {(d.ns_score, d.ew_score, d.made, d.tie) for d in (
                        score_deal(Contract(level, s, "N", x), points, capot=capot, belote=belote,
                                   declarations=decl, rules=rules) for s in strains)}
                    assert len(got) == 1, "4: scores ignore the strain"
            c = score_deal(Contract(CAPOT, "H", "N"), points, capot=capot, belote=belote,
                           declarations=decl, rules=rules)
            if not capot:
                z = score_deal(Contract(CAPOT, "H", "N"), 0, belote=belote, declarations=decl, rules=rules)
                assert (c.ns_score, c.ew_score) == (z.ns_score, z.ew_score), "3: capot bids ignore points"


def test_par_to_dict():
    p = par(Deal.from_pbn(EXAMPLE), dealer="E")
    d = p.to_dict()
    assert d["contract"]["text"] == "capotSA" and d["leader"] == "S"
    assert d["auction"][-1] == {"seat": "N", "call": "capot SA"}


@pytest.mark.parametrize("rules", [Rules(coinche_in_turn=True), Rules(contree=True, suit_ranking=True),
                                   Rules(contree=True, capot_coinche=True)])
def test_in_turn_auctions_are_in_turn(rules):
    """With a coinche in turn (seed 000: "a player may only say 'coinche' in turn") every
    call is made by the seat after the previous caller, and the auction ends after three
    passes that follow the last bid, unless that bid is a capot."""
    rng = np.random.default_rng(hash(rules) % 2**32)
    for k in range(12):
        deal = Deal.random(seed=int(rng.integers(1 << 30)))
        dealer = Seat(k % 4)
        ns = random_values(rng)
        t = fake_table(deal, dealer.next, ns, [s for s in Strain if ns[s] == 162],
                       [s for s in Strain if ns[s] == 0], rules)
        p = par(deal, dealer, rules, table=t)
        seats = [c.seat for c in p.auction]
        assert seats[0] == dealer.next and all(b == a.next for a, b in zip(seats, seats[1:])), p.auction
        kinds = [c.kind for c in p.auction]
        if p.contract is None:
            assert kinds == ["pass"] * 4
        elif not p.contract.is_capot:
            assert kinds[-3:] == ["pass"] * 3 and "bid" not in kinds[-3:]
