"""Benchmark against another solver: colver (PyPI ``colver``, a Rust alpha-beta).

colver is a peer, not a dependency: it comes with the optional ``peers`` extra
(``pip install -e ".[peers]"``) and this module is skipped when it is not installed.

Deal set: ``Deal.random(seed=20261121 + i)`` for the first 100 deals of
``benchmarks/test_bench_engine.py``, each in the four trump suits, N on lead: trump
contracts only, the ones colver's rules name.

Matching rules.  colver plays without the forced undertrump (a player who cannot beat
an opponent's trump may discard), and on a trump lead it makes every player beat the
highest trump, his partner's too: ``Rules(must_undertrump=False)``.  Its card values
are card points with the 10 of the last trick, belote left out, and a capot counted
252 where ours counts 162.  ``test_colver_conventions`` checks all this on deals whose
values are known by hand or where the rules variants part, before the benchmark
compares every card value of the 400 solves.

What is timed: colver's ``Env.solve_scores`` (the value of every card the leader may
lead, its only exact solve), our ``Solver.solve`` (the value) and our value together
with the card values (the same answer as colver's call).  ``extra_info`` holds each
side's median and p95 in ms (numpy's linear-interpolation percentile) and the ratio of
the totals.

Run: ``python -m pytest benchmarks/test_bench_peers.py``.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from solver import Card, Deal, Rules, Seat, Solver, Strain

colver = pytest.importorskip(
    "colver", reason="colver is not installed: the peer benchmark needs the peers extra "
                     "(pip install -e '.[peers]')")

SEED = 20261121
N_DEALS = 100
RULES = Rules(must_undertrump=False)
COLVER_CAPOT = 252
# colver's card index: 8 * suit (S H D C) + rank in the order 7 8 9 J Q K 10 A;
# ours: 8 * suit + face in the order 7 8 9 10 J Q K A
_COLVER_RANK = (0, 1, 2, 6, 3, 4, 5, 7)
TO_COLVER = {card: 8 * (card // 8) + _COLVER_RANK[card % 8] for card in Card}
FROM_COLVER = {c: card for card, c in TO_COLVER.items()}


def colver_values(deal: Deal, strain: Strain) -> dict[Card, int]:
    """colver's value of every card N may lead (N-S points, a capot as ours: 162)."""
    hands = [sorted(TO_COLVER[c] for c in hand) for hand in deal.hands]
    env = colver.Env.deal_with_hands(3, hands)      # W deals: N leads
    env.set_contract(int(strain), 80, 0, 0)         # 80 in the strain by N-S, no coinche
    env.set_phase_playing()
    assert env.current_player() == 0
    return {FROM_COLVER[c]: 162 if v == COLVER_CAPOT else v for c, v in env.solve_scores()["scores"]}


def our_values(solver: Solver, deal: Deal, strain: Strain, rules: Rules = RULES) -> dict[Card, int]:
    return dict(solver.solve(deal, strain, Seat.N, rules=rules).card_values)


def test_colver_card_numbering():
    names = {Card.parse(f"{s}{r}"): f"{n}{sym}" for s, sym in zip("SHDC", "♠♥♦♣")
             for r, n in zip("789TJQKA", ("7", "8", "9", "10", "J", "Q", "K", "A"))}
    assert {card: colver.Env.card_name(TO_COLVER[card]) for card in Card} == names


def test_colver_conventions():
    s = Solver()
    # N holds the six top hearts (the belote among them) and the top two spades, and
    # leads them all: N-S take every trick, 162 (colver: 252) with the belote left out
    deal = Deal.from_pbn("N:AT.AKQJT9.. 987.87..J98 ..AKQT.AKQT KQJ..J987.7")
    ours = our_values(s, deal, Strain.H)
    assert max(ours.values()) == 162 and colver_values(deal, Strain.H) == ours
    # the rules variants part on some of the seeded deals; colver plays like
    # must_undertrump=False with the overtrump of partner's trump, on every one of them
    parted = {"undertrump": 0, "overtrump_partner": 0}
    other = {"undertrump": Rules(),
             "overtrump_partner": Rules(must_undertrump=False, must_overtrump_partner=False)}
    for i in range(12):
        deal = Deal.random(seed=SEED + i)
        for strain in (Strain.S, Strain.H, Strain.D, Strain.C):
            theirs = colver_values(deal, strain)
            ours = our_values(s, deal, strain)
            assert theirs == ours, (i, strain)
            for variant, rules in other.items():
                parted[variant] += our_values(s, deal, strain, rules) != ours
    assert all(parted.values()), parted


def _ms(seconds: list[float]) -> dict:
    t = np.array(seconds) * 1000
    return {"median_ms": round(float(np.median(t)), 3), "p95_ms": round(float(np.percentile(t, 95)), 3),
            "total_ms": round(float(t.sum()), 1)}


def test_bench_colver(benchmark):
    """The 400 solves, each side's values checked card by card."""
    s = Solver()
    times: dict[str, list[float]] = {"colver": [], "ours_value": [], "ours_cards": []}
    deals = [Deal.random(seed=SEED + i) for i in range(N_DEALS)]

    def run():
        for deal in deals:
            for strain in (Strain.S, Strain.H, Strain.D, Strain.C):
                t = time.perf_counter()
                theirs = colver_values(deal, strain)
                times["colver"].append(time.perf_counter() - t)
                t = time.perf_counter()
                sol = s.solve(deal, strain, Seat.N, rules=RULES)
                times["ours_value"].append(time.perf_counter() - t)
                ours = dict(sol.card_values)
                times["ours_cards"].append(time.perf_counter() - t)
                assert theirs == ours and max(ours.values()) == sol.ns_points

    benchmark.pedantic(run, rounds=1, iterations=1)
    stats = {name: _ms(t) for name, t in times.items()}
    benchmark.extra_info.update({
        "solves": len(times["colver"]), "colver_version": colver.__version__,
        **{f"{name}_{k}": v for name, st in stats.items() for k, v in st.items()},
        "ratio_of_totals_value": round(stats["colver"]["total_ms"] / stats["ours_value"]["total_ms"], 1),
        "ratio_of_totals_cards": round(stats["colver"]["total_ms"] / stats["ours_cards"]["total_ms"], 1),
    })
