"""Card-play advice: what the play proves (sound on random plays in both overtrump
variants, complete on hand-made cases), worlds consistent with it, exact per-world values."""

import random

import pytest

from cli_helpers import one_line_error, run
from solver import Deal, Rules, Seat, Strain
from solver.cardplay import card_outcomes, play_advice
from solver.cards import CardSet
from solver.knowledge import Knowledge
from solver.play import Position
from solver.sampling import sample_deals
from solver.solve import Solver

VARIANTS = [Rules(), Rules(must_undertrump=False, must_overtrump_partner=False)]


def _random_play(rng: random.Random, rules: Rules):
    deal = Deal.random(seed=rng.randrange(10**9))
    strain, leader = Strain(rng.randrange(6)), Seat(rng.randrange(4))
    pos = Position(deal, strain, leader, rules)
    for _ in range(rng.randrange(1, 29)):
        pos.play(rng.choice(list(pos.legal_cards())))
    return deal, strain, leader, [c for _, c in pos.history], pos


@pytest.mark.parametrize("rules", VARIANTS, ids=["default", "no undertrump"])
def test_the_play_never_excludes_a_card_the_player_held(rules):
    rng = random.Random(7)
    for _ in range(1500):
        deal, strain, leader, played, pos = _random_play(rng, rules)
        seat = Seat(rng.randrange(4))
        k = Knowledge.from_play(pos.hand(seat), seat, strain, leader, played, rules)
        assert k.hand == deal.hands[seat]
        for s, excluded in k.excluded.items():
            assert not excluded.mask & deal.hands[s].mask, (deal.to_pbn(), played, s)
        assert k.accepts(deal)


@pytest.mark.parametrize("rules", VARIANTS, ids=["default", "no undertrump"])
def test_sampled_worlds_make_every_past_card_legal(rules):
    rng = random.Random(11)
    for n in range(40):
        deal, strain, leader, played, pos = _random_play(rng, rules)
        seat = pos.to_move if not pos.is_over else Seat.N
        k = Knowledge.from_play(pos.hand(seat), seat, strain, leader, played, rules)
        for world in sample_deals(k.hand, seat, 3, n, k.constraints()):
            assert world.hands[seat] == k.hand
            Position(world, strain, leader, rules, played)          # the referee accepts every card
            for s, c in k.played:
                assert world.hands[s].mask >> int(c) & 1             # each card was in its player's hand


def test_a_discard_on_a_trump_lead_proves_a_trump_void():
    k = Knowledge.from_play(CardSet.from_pbn("7.AJ9.KT.J8"), Seat.S, Strain.H, Seat.W, "HK H8 D7")
    assert k.excluded[Seat.E] == CardSet.from_pbn("-.QT7.-.-")      # every heart S has not seen


def test_not_overtrumping_proves_no_higher_trump():
    # hearts trumps, W leads H10, N plays H7 under it: under must-overtrump N holds no J 9 A
    k = Knowledge.from_play(CardSet.from_pbn("AK.K8.AK.AK"), Seat.S, Strain.H, Seat.W, "HT H7")
    assert k.excluded[Seat.N] == CardSet.from_pbn("-.J9A.-.-")


def test_a_discard_under_an_opponents_ruff_depends_on_the_undertrump_rule():
    # W leads S7, N ruffs with HJ, E discards D7: E has no spade; under must-undertrump no heart either
    k = Knowledge.from_play(CardSet.from_pbn("AK.K8.AK.AK"), Seat.S, Strain.H, Seat.W, "S7 HJ D7")
    assert k.excluded[Seat.E] == CardSet.from_pbn("QJT98.AT9Q7.-.-")
    relaxed = Knowledge.from_play(CardSet.from_pbn("AK.K8.AK.AK"), Seat.S, Strain.H, Seat.W, "S7 HJ D7",
                                  Rules(must_undertrump=False))
    assert relaxed.excluded[Seat.E] == CardSet.from_pbn("QJT98.-.-.-")


def test_per_world_values_are_exact():
    a = play_advice("7.AJ9.KT.J8", "S", "100H N", "SA S8 SK", leader="W", samples=6, seed=2, workers=1)
    solver = Solver()
    for world in a.deals:
        pos = Position.parse(world, "H", "W", Rules(), "SA S8 SK")
        fresh = {c: v for c, v in Solver().card_values(pos).items()}
        assert {c: v for c, (v, _) in card_outcomes(solver, pos).items()} == fresh
    b = play_advice("7.AJ9.KT.J8", "S", "100H N", "SA S8 SK", leader="W", samples=6, seed=2, workers=2)
    assert [d.to_pbn() for d in a.deals] == [d.to_pbn() for d in b.deals] and (a.scores == b.scores).all()
    assert max(c.vs_best for c in a.cards) == 0.0


def test_the_real_deal_stands_beside_the_average():
    deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
    a = play_advice(deal.hands[Seat.S], "S", "100C S", "DT D8 D9", leader="W", samples=6, seed=1,
                    deal=deal, workers=1)
    pos = Position.parse(deal, "C", "W", Rules(), "DT D8 D9")
    assert {c.card: c.real for c in a.cards} == Solver().card_values(pos)


def test_the_command_line():
    r = run("play", "7.AJ9.KT.J8", "--seat", "S", "--contract", "100H", "--declarer", "N", "--leader", "W",
            "--played", "HK H8 D7", "--samples", "5", "--seed", "1", "--workers", "1")
    assert r.exit_code == 0, r.output
    assert "E holds none of 7♥ 10♥ Q♥" in r.stdout.replace("\n", " ")
    one_line_error(run("play", "7.AJ9.KT.J8", "--seat", "S", "--contract", "100H", "--declarer", "N"),
                   "--leader")
    one_line_error(run("play", "7.AJ9.KT.J8", "--seat", "S", "--contract", "100H", "--declarer", "N",
                       "--leader", "W", "--played", "HK HJ"), "HJ")
