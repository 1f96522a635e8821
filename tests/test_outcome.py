"""One home for a played contract's score: every consumer agrees with solver.outcome.

The oracle here is :class:`solver.outcome.PlayedContract` fed with fresh double-dummy
solves (or the play-out's own points and tricks); each consumer's numbers must equal
what it gives on the consumer's own deals, under every scoring variant of the rules.
"""

import dataclasses

import numpy as np
import pytest

from solver import Contract, Deal, Rules, Seat, Strain, Team
from solver.advice import advise
from solver.aggregate import aggregate
from solver.bidding import _real_result, auction_advice
from solver.cardplay import card_outcomes, play_advice, score_play
from solver.declarations import belote_teams
from solver.errors import ScoreError
from solver.lead import lead_advice
from solver.match import record_score
from solver.outcome import PlayedContract, capot_taker, deal_total, score_outcome
from solver.pimc import play_out
from solver.play import Position
from solver.records import Record
from solver.seatreview import review_from_seats
from solver.solve import Solver
from solver.studies import per_deal_tables, study

#: Every field of Rules that changes a score, one variant each (and the default).
SCORING_VARIANTS = {
    "default": Rules(),
    "must_outscore": Rules(must_outscore=True),
    "coinche_whole_score": Rules(coinche_whole_score=True),
    "coinche_takes_all": Rules(coinche_takes_all=True, surcoinche=3),
    "belote_to_defenders": Rules(belote_to_defenders=True),
    "failed_capot_410": Rules(failed_capot=410),
    "capot_only_if_bid": Rules(capot_only_if_bid=True),
    "capot_any_side": Rules(capot_any_side=True, unbid_generale=True),
    "bid_only": Rules(bid_only=True),
    "no_rounding": Rules(rounding=False),
    "declarations": Rules(declarations=True),
    "declarations_count": Rules(declarations=True, declarations_count=True, declarations_first_wins=True),
    "carre_apart": Rules(declarations=True, carre_apart=True, card_once=True),
    "plus_two_none_tie_held": Rules(plus_two="none", tie_held=True),
    "plus_two_all": Rules(plus_two="all"),
    "no_belote": Rules(belote=False),
    "belote_anyone": Rules(belote_anyone=True),
}

#: A deal of four cards a hand (spades: N holds K-Q-J, a tierce and the belote); 109 points.
SMALL = Deal.parse("N:KQJ.A.-.- 7.Q.AK.- A.T.Q.A 8.J.J.K")
#: A full deal where S holds four aces (a carré of 100).
FULL = Deal.random(seed=12)


def _solved(deal, leader, strain, rules):
    r = Solver().strain_result(deal, leader, strain, rules)
    return r.ns_points, r.taken_all


def test_the_small_deal_holds_its_own_total():
    assert deal_total(SMALL, Strain.S) == 109     # trumps 38, hearts 26, diamonds 20, clubs 15, and 10


@pytest.mark.parametrize("name", SCORING_VARIANTS)
def test_every_consumer_agrees_with_the_outcome(name, tmp_path):
    rules = SCORING_VARIANTS[name]
    # bidding advice: each bid's mean score and share made, over the advice's own deals
    adv = advise("A7.AK.A8.A9", seat="S", dealer="E", samples=2, seed=5, rules=rules, workers=1)
    for b in adv.bids[::7]:
        margins = []
        for d in adv.deals:
            ns, taker = _solved(d, adv.leader, b.contract.strain, rules)
            margins.append(PlayedContract.on_deal(b.contract, d, ns, taker, leader=adv.leader,
                                                  rules=rules).margin(Team.NS, rules))
        assert b.uncoinched.value == pytest.approx(np.mean([m for m, _ in margins]))
        assert b.p_make == pytest.approx(np.mean([ok for _, ok in margins]))

    # auction advice: every call's score on every deal
    aa = auction_advice("A7.AK.A8.A9", "S", "E", "S:?", samples=2, seed=5, rules=rules, workers=1)
    for j, c in enumerate(aa.calls):
        if c.contract is None:
            continue
        for i, d in enumerate(aa.deals):
            ns, taker = _solved(d, Seat.S, c.contract.strain, rules)
            want = PlayedContract.on_deal(c.contract, d, ns, taker, leader=Seat.S, rules=rules)
            assert aa.scores[i, j] == want.margin(Team.NS, rules)[0]

    # lead advice: each lead's score on every deal
    la = lead_advice("K8.8.KJT.T7", seat="N", contract="100S", declarer="W", samples=2, seed=3, rules=rules,
                     workers=1)
    for i, d in enumerate(la.deals):
        for j, r in enumerate(Solver().lead_results(d, Seat.N, Strain.S, rules)):
            want = PlayedContract.on_deal(Contract.parse("100S W"), d, r.ns_points, r.taken_all,
                                          leader=Seat.N, rules=rules)
            assert la.scores[i, j] == want.margin(Team.NS, rules)[0]

    # PIMC: the play-out's score from its own points and tricks
    full = Contract.parse("100S N")
    p = play_out(FULL, full, leader="E", worlds=2, seed=2, rules=rules, workers=1)
    want = score_outcome(full, FULL, p.ns_points, p.ns_tricks, leader=Seat.E, rules=rules)
    assert p.score == (*want.scores, want.made)
    # the same on a deal of four cards a hand (double-dummy players: PIMC samples full hands)
    contract = Contract.parse("80S N")
    p = play_out(SMALL, contract, leader="N", players="dd", rules=rules, workers=1)
    want = score_outcome(contract, SMALL, p.ns_points, p.ns_tricks, leader=Seat.N, rules=rules)
    assert p.score == (*want.scores, want.made)
    assert p.ns_points + p.ew_points == 109

    # card play from a seat: E to play after N's lead, every card on every deal
    lead = str(min(FULL.hands[Seat.N]))
    pa = play_advice(FULL.hands[Seat.E], "E", full, lead, leader="N", samples=2, seed=1, rules=rules,
                     workers=1)
    for i, d in enumerate(pa.deals):
        pos = Position(d, Strain.S, Seat.N, rules, [min(FULL.hands[Seat.N])])
        for j, (card, (ns, taker)) in enumerate(sorted(card_outcomes(Solver(), pos).items())):
            want = PlayedContract.on_deal(full, d, ns, taker, leader=Seat.N, rules=rules)
            assert pa.scores[i, j] == want.margin(Team.EW, rules)[0]

    # the seat review: each card's loss on the real deal
    rv = review_from_seats(FULL, full, [lead], leader="N", samples=2, seed=1, rules=rules, workers=1)
    pos = Position(FULL, Strain.S, Seat.N, rules)
    for step in rv.steps:
        if step.verdict != "forced":
            team = pos.to_move.team
            scores = {c: PlayedContract.on_deal(full, FULL, ns, t, leader=Seat.N, rules=rules)
                      .margin(team, rules)[0] for c, (ns, t) in card_outcomes(Solver(), pos).items()}
            assert step.real_loss == max(scores.values()) - scores[step.card]
        pos.play(step.card)

    # the match: a record of the play-out (belote claimed by the side that holds it)
    holder = Team.NS
    record = Record(deal=SMALL, contract=contract, leader=Seat.N, play=tuple(p.cards), result=p.ns_points,
                    belote=holder if rules.belote else None, rules=rules)
    s = record_score(record)
    claim = (1, 0) if rules.belote else (0, 0)
    want = PlayedContract(contract, p.ns_points, capot_taker(p.ns_tricks, 4), claim, total=109).score(rules)
    assert s == want

    # studies: the share of deals made at each level, from the study's own per-deal points
    d = tmp_path / "study"
    study(d, deals=4, seed=3, strains="H", leaders="W", chunk_size=4, workers=1, backend="thread",
          rules=rules)
    rows = [dict(zip(t.column_names, vals)) for t in per_deal_tables(d)
            for vals in zip(*t.to_pydict().values())]
    groups = aggregate(d, []).groups
    for lv, est in groups[0].made.items():
        if lv > 160:
            continue
        made = []
        for r in rows:
            deal = Deal(tuple(r[s.name] for s in Seat))
            ns = r["ns_H_W"]
            taker = capot_taker(Solver().max_tricks(Position(deal, Strain.H, Seat.W, rules)), 8) \
                if ns in (0, 162) else None
            made.append(PlayedContract.on_deal(Contract(lv, Strain.H, Seat.S), deal, ns, taker, leader=Seat.W,
                                               rules=rules).score(rules).made)
        assert est.value == pytest.approx(np.mean(made))


def test_seed_12_with_counted_declarations():
    """Seed 12 by Deal.random, 100♠ by N, N-S take 83 with E first to lead: S holds four
    aces, a carré of 100 (seed 000's "4 Aces ... 100 points").  With declarations that
    count toward the contract (seed 004: "Les annonces permettent de réduire le nombre de
    points à réaliser pour atteindre son contrat"; seed 000's four jacks "can clearly make
    at least 220"), N-S count 83 + 100 = 183 >= 100: made, 83 + 100 + 100 = 283 -> 280, and
    E-W score their 79 -> 80 (seed 000's rounding)."""
    rules = Rules(declarations=True, declarations_count=True)
    c = Contract.parse("100S N")
    ns, taker = _solved(FULL, Seat.E, Strain.S, rules)
    assert (ns, taker) == (83, None)
    assert score_play(c, FULL, ns, taker, leader=Seat.E, rules=rules) == (280, 80, True)
    # the auction advice scores it the same way (its review of the real deal, E on lead)
    assert _real_result(FULL, Seat.N, c, rules) == (83, 280, 80)


def test_a_deal_of_one_card_each_scores_its_own_points():
    """Spades trumps, N leads the ace: N-S take the one trick, A 11 + K 4 and the last
    trick's 10 = 25, every point of this deal; E-W take nothing."""
    tiny = "N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-"
    p = play_out(tiny, strain="S", leader="N", workers=1)
    assert (p.ns_points, p.ew_points, p.ns_tricks) == (25, 0, 1)
    deal = Deal.parse(tiny)
    r = Solver().strain_result(deal, Seat.N, Strain.S, Rules())
    leads = Solver().lead_results(deal, Seat.N, Strain.S, Rules())
    assert r.taken_all == Team.NS and [x.taken_all for x in leads] == [Team.NS]
    assert leads[0].ns_points == r.total == 25


def test_played_contracts_refuse_what_cannot_happen():
    c = Contract.parse("100S N")
    with pytest.raises(ScoreError, match="from 0 to 109"):
        PlayedContract(c, 110, total=109)
    with pytest.raises(ScoreError, match="all 162 points"):
        PlayedContract(c, 150, capot=Team.NS)
    with pytest.raises(ScoreError, match="no declarations"):
        PlayedContract(c, 100, declarations=(50, 0)).score(Rules())
    with pytest.raises(ScoreError, match="5000 is no total"):
        PlayedContract(c, 100, declarations=(5000, 0)).score(Rules(declarations=True))
    with pytest.raises(ScoreError, match="only the side with the best"):
        PlayedContract(c, 100, declarations=(20, 50)).score(Rules(declarations=True))
    assert PlayedContract(c, 100, declarations=(20, 50)).score(Rules(declarations=True, carre_apart=True))


def test_a_record_belote_for_a_side_without_it_is_refused():
    """A failed 100♥ at 90 would become a made one with a belote E-W cannot hold."""
    deal = Deal.random(seed=6)
    assert [s for s, _ in belote_teams(deal, Strain.H)] == [Seat.E]
    record = Record(deal=deal, contract=Contract.parse("100H N"), result=90, belote=Team.NS)
    with pytest.raises(ScoreError, match="holds the K and Q of trumps"):
        record_score(record)
    assert not record_score(dataclasses.replace(record, belote=None)).made


def test_the_board_scores_a_play_out_as_the_outcome_does():
    """The board's play-out (default rules: the board takes no rules yet) gives the score
    the outcome gives from the play-out's points and tricks."""
    from solver.web.views import playout_view
    d = playout_view(FULL, "100S", "N", "E", "", worlds=2, seed=2)
    want = score_outcome(Contract.parse("100S N"), FULL, d["ns_points"], d["ns_tricks"], leader=Seat.E)
    assert (d["ns_score"], d["ew_score"], d["made"]) == (*want.scores, want.made)
