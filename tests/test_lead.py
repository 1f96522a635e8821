"""Opening-lead advice: every lead's value agrees with solve() after that lead.

Numbers come from solve() on the same deals, or hold by construction (the jack of
trumps always wins a trick, so a capot against its holder never makes).
"""

import numpy as np
import pytest

from solver import Contract, ContractError, Seat, solve
from solver.lead import lead_advice
from solver.scoring import min_points_to_make

HAND = "KT7.Q8.A9.K"


@pytest.fixture(scope="module")
def adv():
    return lead_advice(HAND, seat="E", contract="100H", declarer="S", samples=8, seed=3, workers=2)


def test_shape(adv):
    assert [c.name for c in adv.cards] == ["S7", "ST", "SK", "H8", "HQ", "D9", "DA", "CK"]
    assert adv.values.shape == adv.makes.shape == (8, 8)
    assert adv.defending and adv.contract == Contract(100, "H", "S")
    assert all(d.hands[Seat.E] == adv.hand for d in adv.deals)


def test_values_agree_with_solve(adv):
    for i in (0, 1):
        for j, card in enumerate(adv.cards):
            ns = solve(adv.deals[i], "H", "E", [card]).ns_points
            assert adv.values[i, j] == 162 - ns                 # E-W's points
            # no belote for N-S on these deals? then making is reaching 100
            bel = any(adv.deals[i].hands[s].mask >> 14 & 1 and adv.deals[i].hands[s].mask >> 13 & 1
                      for s in (Seat.N, Seat.S))
            assert adv.makes[i, j] == (ns + 20 * bel >= 100)


def test_statistics_agree_with_the_arrays(adv):
    for j, card in enumerate(adv.cards):
        s = adv.card(card)
        assert s.points == pytest.approx(adv.values[:, j].mean())
        assert s.points_se == pytest.approx(adv.values[:, j].std(ddof=1) / np.sqrt(8))
        assert s.p_make == pytest.approx(adv.makes[:, j].mean())
    keys = [s.ev for s in adv.stats]
    assert keys == sorted(keys, reverse=True) and adv.best is adv.stats[0]
    assert adv.best.card.symbol in adv.text


def test_threshold_mode_gives_the_same_makes(adv):
    fast = lead_advice(HAND, seat="E", contract="100H", declarer="S", samples=8, seed=3,
                       workers=2, measure="set")
    assert np.array_equal(fast.makes, adv.makes) and fast.values is None
    assert np.isnan(fast.best.points)


def test_capot_against_the_jack_of_trumps_never_makes():
    a = lead_advice("J7.AT.A8.87", seat="E", contract="capot S", declarer="S", samples=3, seed=1,
                    workers=1)
    assert not a.makes.any()
    b = lead_advice("J7.AT.A8.87", seat="E", contract="capot S", declarer="S", samples=3, seed=1,
                    workers=1, measure="set")
    assert not b.makes.any()


def test_min_points_to_make():
    assert min_points_to_make(Contract(80, "S", "N")) == 82        # seed 000
    assert min_points_to_make(Contract(120, "S", "N"), (1, 0)) == 100
    with pytest.raises(ContractError):
        min_points_to_make(Contract("capot", "S", "N"))


def test_errors():
    with pytest.raises(ContractError, match="names declarer S, not N"):
        lead_advice(HAND, "E", Contract(100, "H", "S"), declarer="N", samples=1)
    with pytest.raises(ContractError, match="malformed bid"):
        lead_advice(HAND, "E", "hundred", declarer="N", samples=1)
