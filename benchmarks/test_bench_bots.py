"""Benchmark: the bots' speed and strength, on 2 cores, one process per match.

Speed (wall time, and the process's CPU time, which the other processes of a loaded
machine disturb far less), at the default settings (``PimcBot()``: 30 worlds a card, 30 deals a call):

- a PIMC card (only the decisions with a choice are timed): target median ≤ 150 ms;
- a PIMC call: target median ≤ 1 s;
- a whole deal with four PIMC bots, auction and play: target ≤ 5 s.

Strength, in duplicate (:func:`solver.game.duplicate`: each deal ``deal_for(seed,
i)`` played at two tables, the teams exchanging seats; a deal's figure is the first
team's score minus the second's over both tables, and the card points likewise), the
mean per deal with its 95% interval (1.96 standard errors):

- PIMC against the heuristic bot (``BENCH_BOTS_DEALS`` deals, 20 by default);
- the heuristic bot against the random bot (five times as many deals).

Card play against double dummy, for 5, 15, 30 and 60 worlds a card
(``BENCH_DD_DEALS`` deals, 20 by default; each deal's contract the one N-S make at the
highest level double dummy, N declaring): four PIMC bots play the deal and each card
is judged on the real deal, the score its side gets after it (both sides then playing
double dummy) against the best card's; a deal's loss is the sum over its cards, both
sides' losses together, in deal score and in card points, with the CPU time per card.

``extra_info`` holds every figure; nothing is asserted on a loaded machine's times.

Run: ``python -m pytest benchmarks/test_bench_bots.py --benchmark-only``
"""

from __future__ import annotations

import os
from typing import Optional
import time

import numpy as np

from solver.bots import HeuristicBot, PimcBot, RandomBot, SeatView
from solver.cards import Seat
from solver.game import deal_for, duplicate, play_deal

DEALS = int(os.environ.get("BENCH_BOTS_DEALS", "20"))
SEED = 2026


def _stats(walls: list[float], cpu: "list[float] | None" = None) -> dict:
    a = np.array(walls) * 1000
    out = {"median_ms": round(float(np.median(a)), 1), "p95_ms": round(float(np.percentile(a, 95)), 1),
           "n": len(a)}
    if cpu:
        c = np.array(cpu) * 1000
        out["cpu_median_ms"] = round(float(np.median(c)), 1)
        out["cpu_p95_ms"] = round(float(np.percentile(c, 95)), 1)
    return out


class _Timed:
    """A bot whose decisions are timed."""

    cheating = False

    def __init__(self, bot: PimcBot) -> None:
        self.bot, self.name = bot, bot.name
        self.calls: list[float] = []
        self.cards: list[float] = []
        self.call_cpu: list[float] = []
        self.card_cpu: list[float] = []

    def call(self, view: SeatView):
        t0, c0 = time.perf_counter(), time.process_time()
        c = self.bot.call(view)
        self.calls.append(time.perf_counter() - t0)
        self.call_cpu.append(time.process_time() - c0)
        return c

    def card(self, view: SeatView):
        forced = len(view.legal_cards()) == 1
        t0, c0 = time.perf_counter(), time.process_time()
        c = self.bot.card(view)
        if not forced:
            self.cards.append(time.perf_counter() - t0)
            self.card_cpu.append(time.process_time() - c0)
        return c


def test_bench_pimc_deal_card_and_call(benchmark):
    bots = [_Timed(PimcBot(seed=s)) for s in range(4)]
    deals: list[float] = []
    deal_cpu: list[float] = []

    def rounds():
        for i in range(max(3, DEALS // 4)):
            t0, c0 = time.perf_counter(), time.process_time()
            play_deal(deal_for(SEED, i), Seat(i % 4), bots)
            deals.append(time.perf_counter() - t0)
            deal_cpu.append(time.process_time() - c0)

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    benchmark.extra_info.update({
        "card": _stats([x for b in bots for x in b.cards], [x for b in bots for x in b.card_cpu]),
        "call": _stats([x for b in bots for x in b.calls], [x for b in bots for x in b.call_cpu]),
        "deal": _stats(deals, deal_cpu)})


def _strength(result) -> dict:
    d = result.to_dict()
    return {k: round(v, 1) if isinstance(v, float) else v for k, v in d.items()}


def test_bench_pimc_against_heuristic(benchmark):
    out = {}

    def rounds():
        out["r"] = duplicate(DEALS, SEED, lambda s: PimcBot(seed=SEED + int(s)), lambda s: HeuristicBot())

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    benchmark.extra_info.update({"pimc_vs_heuristic": _strength(out["r"])})


def test_bench_pimc_against_random(benchmark):
    out = {}

    def rounds():
        out["r"] = duplicate(DEALS, SEED, lambda s: PimcBot(seed=SEED + int(s)), lambda s: RandomBot(seed=SEED + int(s)))

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    benchmark.extra_info.update({"pimc_vs_random": _strength(out["r"])})


def test_bench_heuristic_against_random(benchmark):
    out = {}

    def rounds():
        out["r"] = duplicate(5 * DEALS, SEED, lambda s: HeuristicBot(), lambda s: RandomBot(seed=SEED + int(s)))

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    benchmark.extra_info.update({"heuristic_vs_random": _strength(out["r"])})


def _fixed_auction(contract, rules):
    """The auction that ends in ``contract``: N bids it, the other three pass (W deals)."""
    from solver.auction import Auction, Call, CallKind
    calls = (Call(Seat.N, CallKind.BID, contract.level, contract.strain),
             Call(Seat.E, CallKind.PASS), Call(Seat.S, CallKind.PASS), Call(Seat.W, CallKind.PASS))
    return Auction(Seat.W, calls, rules)


def _timed_card(bot: PimcBot, deal, auction, pos, rules, cpu: list[float]):
    """``bot``'s card at the seat to move in ``pos`` (W dealt, the auction ``auction``,
    no system); the CPU time of a decision with a choice is appended to ``cpu``."""
    from solver.bidding import NO_SYSTEM
    seat = pos.to_move
    view = SeatView(seat, deal.hands[seat], Seat.W, auction, tuple(c for _, c in pos.history),
                    rules=rules, system=NO_SYSTEM)
    forced = len(view.legal_cards()) == 1
    c0 = time.process_time()
    card = bot.card(view)
    if not forced:
        cpu.append(time.process_time() - c0)
    return card


DD_DEALS = int(os.environ.get("BENCH_DD_DEALS", "20"))
DD_WORLDS = (5, 15, 30, 60)


def _dd_loss(deal, contract, worlds: int, seed: int, **bot) -> tuple[float, float, list[float]]:
    """Four PIMC bots of ``worlds`` play ``contract`` on ``deal`` (W deals, N leads):
    the score and the card points their cards lose against the best card double dummy,
    summed over the deal, and the CPU time of each decision with a choice (``bot``: more
    options for the bots, such as ``stop``)."""
    from solver.bots import world_score
    from solver.cardplay import card_outcomes
    from solver.cards import Team
    from solver.play import Position
    from solver.rules import Rules
    from solver.solve import default_solver
    rules, solver = Rules(), default_solver()
    auction = _fixed_auction(contract, rules)
    bots = {s: PimcBot(worlds=worlds, seed=seed + int(s), solver=solver, **bot) for s in Seat}
    pos = Position(deal, contract.strain, Seat.N, rules)
    score_loss, point_loss, cpu = 0.0, 0.0, []
    while not pos.is_over:
        seat = pos.to_move
        timed = len(cpu)
        card = _timed_card(bots[seat], deal, auction, pos, rules, cpu)
        if len(cpu) > timed:
            ours = Team.NS if seat.team == Team.NS else Team.EW
            judged = {}
            for c, (ns, capot) in card_outcomes(solver, pos).items():
                sc = world_score(contract, deal, Seat.N, rules, ns, capot)
                pts = ns if ours == Team.NS else 162 - ns
                judged[c] = ((sc.ns_score - sc.ew_score) * (1 if ours == Team.NS else -1), pts)
            score_loss += max(v[0] for v in judged.values()) - judged[card][0]
            point_loss += max(v[1] for v in judged.values()) - judged[card][1]
        pos.play(card)
    return score_loss, point_loss, cpu


def test_bench_pimc_card_play_against_double_dummy(benchmark):
    from solver.game import mean_ci
    from solver.rules import Rules
    out: dict = {}

    def rounds():
        for worlds in DD_WORLDS:
            scores, points, cpu = [], [], []
            for i in range(DD_DEALS):
                deal = deal_for(SEED + 2, i)
                s, p, c = _dd_loss(deal, _highest_contract(deal, Rules()), worlds, SEED + i)
                scores.append(s)
                points.append(p)
                cpu += c
            (sm, sci), (pm, pci) = mean_ci(scores), mean_ci(points)
            out[worlds] = {"deals": DD_DEALS, "score_loss": round(sm, 1), "score_ci95": round(sci, 1),
                           "point_loss": round(pm, 1), "point_ci95": round(pci, 1),
                           "card_cpu_median_ms": round(1000 * float(np.median(cpu)), 1),
                           "card_cpu_mean_ms": round(1000 * float(np.mean(cpu)), 1)}

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    benchmark.extra_info.update({"pimc_loss_against_double_dummy": out})


# ---------------------------------------------------------------------------
# Against a peer: colver's IS-DD bot (the optional ``peers`` extra)
# ---------------------------------------------------------------------------

#: colver's IS-DD player, sampling its worlds uniformly (no model file needed), in time
#: mode: ``time_ms`` in ``[play]`` makes ``Agent.set_time_ms`` the budget of each card
#: (without it colver counts 20 determinizations a card and ignores the budget).  colver
#: always draws at least 2 worlds, so a budget below their cost is overshot: the clock
#: records colver's CPU time a card as well as ours.
COLVER_SPEC = '[play]\nmethod = "isdd"\ntime_ms = 100\n[worlds]\nsource = "uniform"\n'
PEER_RULES_FIELDS = {"must_undertrump": False}
PEER_DEALS = int(os.environ.get("BENCH_PEER_DEALS", "20"))
#: colver's time a card in ms, or "equal": the mean CPU time of our PIMC bots' cards with
#: a choice so far in the match (100 ms until 20 are timed, 10 ms at least).
PEER_TIME_MS = os.environ.get("BENCH_PEER_TIME_MS", "equal")
#: Our PIMC's budget a card against colver in ms ("shipped": its default settings).
PEER_OURS_MS = os.environ.get("BENCH_PEER_OURS_MS", "50")


class PeerClock:
    """colver's time a card: fixed, or equal to our PIMC bots' mean so far.  ``ours_ms``:
    our PIMC's budget a card (``PimcBot(budget=...)`` solving up to 100 worlds, no
    stopping rule) instead of its shipped settings."""

    def __init__(self, setting: str = PEER_TIME_MS,
                 ours_ms: Optional[int] = None if PEER_OURS_MS == "shipped" else int(PEER_OURS_MS)) -> None:
        self.fixed = None if setting == "equal" else int(setting)
        self.ours_ms = ours_ms
        self.ours: list[float] = []
        self.theirs: list[float] = []

    @property
    def ms(self) -> int:
        if self.fixed is not None:
            return self.fixed
        if len(self.ours) < 20:
            return 100
        return max(10, round(1000 * sum(self.ours) / len(self.ours)))


def _highest_contract(deal, rules):
    """N-S's trump contract at the highest level double dummy makes (N declares, W deals,
    N leads): the trump suit where N-S take most, at the level it makes (80 when none)."""
    from solver.contract import Contract
    from solver.bots import world_score
    from solver.cards import Team
    from solver.rules import Strain
    from solver.solve import default_solver
    solver = default_solver()
    best = None
    for strain in (Strain.S, Strain.H, Strain.D, Strain.C):
        r = solver.strain_result(deal, Seat.N, strain, rules)
        capot = Team.NS if r.ns_capot else Team.EW if r.ew_capot else None
        level = 80
        for lv in range(80, 170, 10):
            if world_score(Contract(lv, strain, Seat.N), deal, Seat.N, rules, r.ns_points, capot).made:
                level = lv
        key = (level, r.ns_points)
        if best is None or key > best[0]:
            best = (key, Contract(level, strain, Seat.N))
    return best[1]


def _peer_table(deal, contract, ours_side, rules, seed, clock: PeerClock):
    """One table: our PIMC bots on ``ours_side``, colver's IS-DD bots on the other;
    returns (N-S card points, N-S score, E-W score)."""
    import colver
    from benchmarks.test_bench_peers import FROM_COLVER, TO_COLVER
    from solver.bots import world_score
    from solver.cards import Team
    from solver.play import Position
    auction = _fixed_auction(contract, rules)
    env = colver.Env.deal_with_hands(3, [sorted(TO_COLVER[c] for c in h) for h in deal.hands])
    env.set_contract(int(contract.strain), contract.level, 0, 0)
    env.set_phase_playing()
    theirs = [s for s in Seat if s.team != ours_side]
    agents = {s: colver.Agent(COLVER_SPEC, seat=int(s), seed=seed + int(s)) for s in theirs}
    for a in agents.values():
        a.init_deal(env)
    if clock.ours_ms is not None:
        bots = {s: PimcBot(worlds=100, budget=clock.ours_ms / 1000, stop=None, seed=seed + int(s))
                for s in Seat if s.team == ours_side}
    else:
        bots = {s: PimcBot(seed=seed + int(s)) for s in Seat if s.team == ours_side}
    pos = Position(deal, contract.strain, Seat.N, rules)
    while not pos.is_over:
        seat = pos.to_move
        assert env.current_player() == int(seat)
        if seat in bots:
            card = _timed_card(bots[seat], deal, auction, pos, rules, clock.ours)
            action = TO_COLVER[card]
        else:
            agents[seat].set_time_ms(clock.ms)
            c0 = time.process_time()
            action = agents[seat].decide(env)["action"]
            if len(pos.legal_cards()) > 1:
                clock.theirs.append(time.process_time() - c0)
            card = FROM_COLVER[action]
        for a in agents.values():
            a.observe(env, action)
        env.step(action)
        pos.play(card)
    capot = Team.NS if pos.tricks[1] == 0 else Team.EW if pos.tricks[0] == 0 else None
    s = world_score(contract, deal, Seat.N, rules, pos.points[0], capot)
    return pos.points[0], s.ns_score, s.ew_score


def peer_deal(i: int, rules, clock: PeerClock) -> tuple[float, float]:
    """Deal ``i`` at two tables against colver: our score minus colver's over both, and
    N-S's card points with our bots declaring minus with colver's."""
    from solver.cards import Team
    deal = deal_for(SEED + 1, i)
    contract = _highest_contract(deal, rules)
    ns1, s1, e1 = _peer_table(deal, contract, Team.NS, rules, SEED + i, clock)   # ours declare
    ns2, s2, e2 = _peer_table(deal, contract, Team.EW, rules, SEED + i, clock)   # ours defend
    return (s1 - e1) + (e2 - s2), ns1 - ns2


def test_bench_pimc_against_colver_isdd(benchmark):
    import pytest
    pytest.importorskip("colver", reason="colver is not installed: pip install -e '.[peers]'")
    from solver.game import mean_ci
    from solver.rules import Rules
    rules = Rules(**PEER_RULES_FIELDS)
    out = {}
    clock = PeerClock()

    def rounds():
        scores, points = [], []
        for i in range(PEER_DEALS):
            s, p = peer_deal(i, rules, clock)
            scores.append(s)
            points.append(p)
        out.update(score=mean_ci(scores), points=mean_ci(points), n=PEER_DEALS)

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    benchmark.extra_info.update({"pimc_vs_colver_isdd": {
        "deals": out["n"], "colver_time_ms": clock.ms, "pimc_budget_ms": clock.ours_ms,
        "pimc_card_cpu_mean_ms": round(1000 * sum(clock.ours) / max(1, len(clock.ours)), 1),
        "colver_card_cpu_mean_ms": round(1000 * sum(clock.theirs) / max(1, len(clock.theirs)), 1),
        "score_diff": round(out["score"][0], 1), "score_ci95": round(out["score"][1], 1),
        "point_diff": round(out["points"][0], 1), "point_ci95": round(out["points"][1], 1)}})
