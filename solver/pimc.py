"""Realistic card play: perfect-information Monte Carlo (PIMC) players.

A PIMC player sees what a player at the table sees (its own hand, the cards played by
whom, and what the play proves: :class:`~solver.knowledge.Knowledge`).  At each of its
turns it deals the hidden cards ``worlds`` times consistently with that knowledge,
solves every legal card exactly in each world, and plays the card with the best mean
of its side's card points over the worlds (ties: the card worth fewer points, then the
lower card).  A card that is the only legal one is played without looking.

The method's known weakness is **strategy fusion**: in each world the solver plays the
rest of the deal knowing that world's cards, so the average credits the player with
choosing later, in every world, the card that is right there, although at the table the
same later decision must be taken once for all the worlds it cannot tell apart.  A
finesse that a real player must guess counts as won.  PIMC is still far closer to the
table than double dummy, which also knows the cards *now*: a PIMC player does not lead
from the right side of a king it cannot see, does not drop a singleton it cannot know
of, and misguesses when the cards lie badly.

:func:`play_out` plays a whole deal with one player per seat (``"pimc"``, ``"dd"``: a
double-dummy player seeing all the cards, or any function ``(position, seat) -> card``).

>>> from solver.deal import EXAMPLE_DEAL
>>> p = play_out(EXAMPLE_DEAL, "100C S", leader="S", worlds=4, seed=1, workers=1)
>>> len(p.cards), p.ns_points + p.ew_points
(32, 162)
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Optional

import numpy as np

from .cards import Card, Seat, Team
from .contract import Contract, bid_strains, opening_leader
from .deal import Deal
from .errors import ConstraintError, SeatError
from .messages import tr
from .knowledge import Knowledge, Tracker
from .parallel import Backend, Executor, executor, map_tasks
from .play import Position, parse_played
from .players import BotKind
from .rules import STRAINS, TOTAL_POINTS, Rules, Strain, points_table
from .sampling import sample_deals
from .solve import Solver, default_solver
from .cardplay import score_play
from .outcome import capot_taker, deal_total, side_points
from .montecarlo import check_samples, json_number, reused, stopping_rule
from .sequential import StopReason, StoppingRule, sample_sequentially
from .advice import Advice, BiddingStudy

__all__ = ["Decision", "PlayOut", "play_out", "realistic_row", "pimc_card", "Choice", "PIMC", "DOUBLE_DUMMY", "RealisticAdvice",
           "realistic_advice"]

#: A player: ``(position, seat) -> card``, the position being the real deal's.
Player = Callable[[Position, Seat], Card]
PIMC, DOUBLE_DUMMY = BotKind.PIMC, BotKind.DD


@dataclasses.dataclass(frozen=True)
class Decision:
    """One card of a play-out: who played it, over how many worlds it was chosen (0:
    forced or double dummy), and what it cost on the real deal with all cards open
    (the side's card points lost against the best card there; 0 for a best card);
    ``stop``: why a PIMC decision solving its worlds in rounds stopped (``None``: it
    solved every world, or did not sample)."""

    seat: Seat
    card: Card
    worlds: int
    cost: int
    stop: "StopReason | None" = None

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.name, "card": self.card.name, "worlds": self.worlds, "cost": self.cost,
                "stopped": None if self.stop is None else self.stop.value}


class Choice(NamedTuple):
    """A PIMC choice: the card, the worlds solved (0: the only legal card) and, when the
    worlds were solved in rounds, why they stopped."""

    card: Card
    worlds: int
    stop: "StopReason | None" = None


@dataclasses.dataclass(frozen=True)
class PlayOut:
    """A deal played to the end: the cards in order with each decision, the points each
    side took (card points and the last trick's 10), the tricks, the double-dummy value
    of the deal for comparison, and the score when a contract was given."""

    deal: Deal
    strain: Strain
    leader: Seat
    contract: Optional[Contract]
    players: dict[Seat, str]
    worlds: int
    decisions: tuple[Decision, ...]
    ns_points: int
    ns_tricks: int
    dd_ns_points: int
    score: Optional[tuple[int, int, bool]]          # (N-S score, E-W score, made) with a contract
    total: int = TOTAL_POINTS       # every point of the deal: its cards' and the last trick's

    @property
    def cards(self) -> list[Card]:
        return [d.card for d in self.decisions]

    @property
    def ew_points(self) -> int:
        return self.total - self.ns_points

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
             "deal": self.deal.to_pbn(), "strain": self.strain.name, "leader": self.leader.name,
             "contract": None if self.contract is None else self.contract.to_text(),
             "declarer": None if self.contract is None else self.contract.declarer.name,
             "players": {s.name: p for s, p in self.players.items()}, "worlds": self.worlds,
             "played": [c.name for c in self.cards], "decisions": [x.to_dict() for x in self.decisions],
             "ns_points": self.ns_points, "ew_points": self.ew_points, "ns_tricks": self.ns_tricks,
             "dd_ns_points": self.dd_ns_points}
        if self.score is not None:
            d.update(ns_score=self.score[0], ew_score=self.score[1], made=self.score[2])
        return d


def _choose(means: Mapping[Card, float], strain: Strain, rules: Rules) -> Card:
    """The card of best mean; ties to the card worth fewer points, then the lower card."""
    worth = points_table(strain, rules)
    return max(means, key=lambda c: (round(means[c], 9), -worth[int(c)], -int(c)))


def _world_values(solver: Solver, task: tuple[Position, Deal]) -> dict[Card, int]:
    pos, deal = task
    return solver.card_values(pos.on_deal(deal))


def pimc_card(pos: Position, knowledge: Knowledge, worlds: int, rng: random.Random,
              ex: "Executor | None" = None, rule: "StoppingRule | None" = None,
              time: "float | None" = None) -> Choice:
    """The PIMC choice of the seat to move in ``pos`` knowing ``knowledge``: the card,
    the worlds solved and why they stopped.  Only the seat's own cards and the play are
    read from ``pos``; the worlds come from ``knowledge``, the play being the referee's.

    With a stopping ``rule`` or a ``time`` budget (seconds; the default rule with it),
    ``worlds`` is the most worlds solved: they are solved in rounds
    (:func:`~solver.sequential.sample_sequentially`, the cards compared on the side's
    card points) and the choice is made on those solved when the rule is met or the
    time is spent."""
    legal = list(pos.legal_cards())
    if len(legal) == 1:
        return Choice(legal[0], 0)
    if rule is None and time is not None:
        rule = stopping_rule(None, None)
    seat = pos.to_move
    cons = knowledge.constraints(check=False)
    deals = sample_deals(knowledge.hand, seat, worlds, rng=rng, constraints=cons)
    tasks = [(pos, d) for d in deals]
    total = deal_total(pos.deal, pos.strain, pos.rules)
    results: list[dict[Card, int]] = []

    def worlds_solved(part: list[tuple[Position, Deal]]) -> list[dict[Card, int]]:
        if ex is None or ex.workers == 1 or len(part) == 1:     # no hand-off to a thread
            here = default_solver()
            return [_world_values(here, t) for t in part]
        return [r for _, r in sorted(ex.map_unordered(_world_values, part), key=lambda x: x[0])]

    def solve(start: int, stop: int) -> np.ndarray:
        results.extend(reused(_world_values, tasks[start:stop], worlds_solved))
        return np.array([[side_points(r[c], seat.team, total) for c in legal] for r in results[start:stop]],
                        dtype=float)

    stop = None
    if rule is None:
        solve(0, len(tasks))
    else:
        _, verdict = sample_sequentially(solve, len(tasks), rule, first=min(rule.min_samples, len(tasks)),
                                         time_budget=time)
        stop = verdict.reason
    means = {c: sum(side_points(r[c], seat.team, total) for r in results) / len(results) for c in legal}
    return Choice(_choose(means, pos.strain, pos.rules), len(results), stop)


def _double_dummy_card(values: dict[Card, int], pos: Position) -> Card:
    seat = pos.to_move
    total = deal_total(pos.deal, pos.strain, pos.rules)
    return _choose({c: side_points(v, seat.team, total) for c, v in values.items()}, pos.strain, pos.rules)


def _first_leader(leader: "Seat | str | None", dealer: "Seat | str | None", contract: Optional[Contract],
                  rules: Rules) -> Seat:
    try:
        if leader is not None:
            return Seat.parse(leader)
        if dealer is not None:
            return opening_leader(contract, Seat.parse(dealer), rules)
    except SeatError as e:
        raise ConstraintError(str(e)) from None
    raise ConstraintError(tr("name the first leader (or the dealer, whose left-hand opponent leads)"))


def _players(players: "str | Mapping[Seat | str, str | Player] | Player") -> "dict[Seat, str | Player]":
    """seat -> "pimc", "dd" or a function, from one of these for all or a mapping."""
    if isinstance(players, str) or callable(players):
        given = {s: players for s in Seat}
    else:
        given = {Seat.parse(s): p for s, p in dict(players).items()}
    out = {}
    for s in Seat:
        p = given.get(s, PIMC)
        if isinstance(p, str) and p.lower() not in (PIMC, DOUBLE_DUMMY):
            raise ConstraintError(tr("player {p!r} for {s}: expected 'pimc', 'dd' or a function", p=p, s=s.name))
        out[s] = p.lower() if isinstance(p, str) else p
    return out


def play_out(deal: "Deal | str", contract: "Contract | str | None" = None, *,
             strain: "Strain | str | None" = None, leader: "Seat | str | None" = None,
             dealer: "Seat | str | None" = None, played: "str | Iterable[int | str]" = (),
             players: "str | Mapping[Seat | str, str | Player] | Player" = PIMC,
             worlds: int = 30, seed: "int | None" = None, rules: Rules = Rules(),
             workers: "int | None" = None, progress: "Callable[[int, int], None] | None" = None,
             confidence: "float | None" = None, margin: "float | None" = None,
             time: "float | None" = None) -> PlayOut:
    """Play ``deal`` to the end with ``players`` (see the module), each seeing only its
    own knowledge; ``contract`` (``"100H N"``) or ``strain`` says the trumps, ``leader``
    (or the seat after the ``dealer``) leads.  The cards ``played`` already (checked by
    the referee) come first, as given; the players take over after them.  The same
    ``seed`` gives the same play.  With ``confidence``, ``margin`` or ``time`` (seconds
    a decision may take), ``worlds`` is the most worlds a PIMC decision solves: it
    stops as soon as its best card is known or its time is spent
    (:mod:`solver.sequential`, the margin in card points; each decision's ``worlds``
    says how many it solved, its ``stop`` why)."""
    d = Deal.parse(deal)
    c = Contract.parse(contract) if isinstance(contract, str) else contract
    if strain is not None:
        st = Strain.parse(strain)
    elif c is not None:
        st = c.strain
    else:
        raise ConstraintError(tr("name the contract (like '100H N') or the strain"))
    if c is not None and st != c.strain:
        raise ConstraintError(tr("strain {strain} differs from the contract's {contract_strain}", strain=st.name,
                                 contract_strain=c.strain.name))
    if c is not None and c.declarer is None:
        raise ConstraintError(tr("contract {c}: name its declarer, like '100H N'", c=c))
    first = _first_leader(leader, dealer, c, rules)
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise ConstraintError(tr("worlds {worlds!r}: expected a whole number, 1 or more", worlds=worlds))
    who = _players(players)
    if time is not None and not time > 0:
        raise ConstraintError(tr("time {time!r}: expected a number of seconds above 0", time=time))
    rule = None if confidence is None and margin is None and time is None else stopping_rule(confidence, margin)
    pos = Position(d, st, first, rules)
    total = deal_total(d, st, rules)
    tracker = Tracker(list(d.masks), st, first, rules)
    rng = random.Random(seed)
    solver = default_solver()
    decisions: list[Decision] = []
    dd_value = None
    given = parse_played(played)
    Position(d, st, first, rules, given)                 # the referee checks the cards given
    with executor(Backend.THREAD, workers) as ex:
        while not pos.is_over:
            seat = pos.to_move
            p = who[seat]
            values = solver.card_values(pos)
            if dd_value is None:
                dd_value = (max if seat.team == Team.NS else min)(values.values())
            if len(decisions) < len(given):
                choice = Choice(given[len(decisions)], 0)
            elif p == PIMC:
                choice = pimc_card(pos, tracker.knowledge(seat), worlds, rng, ex, rule, time)
            elif p == DOUBLE_DUMMY:
                choice = Choice(_double_dummy_card(values, pos), 0)
            elif not isinstance(p, str):
                choice = Choice(pos.check(p(pos, seat)), 0)
            else:                                           # pragma: no cover - _players checks the names
                raise ConstraintError(tr("player {p!r}: expected 'pimc', 'dd' or a function", p=p))
            card = choice.card
            mine = {c: side_points(v, seat.team, total) for c, v in values.items()}
            decisions.append(Decision(seat, Card(card), choice.worlds, max(mine.values()) - mine[card],
                                      choice.stop))
            tracker.play(pos, card)
            pos.play(card)
            if progress is not None:
                progress(len(decisions), 4 * d.cards_per_hand)
    ns = pos.points[0]
    score = None if c is None else score_play(c, d, ns, capot_taker(pos.tricks[0], pos.total_tricks),
                                              leader=first, rules=rules)
    return PlayOut(d, st, first, c, {s: (p if isinstance(p, str) else "function") for s, p in who.items()},
                   worlds, tuple(decisions), ns, pos.tricks[0], dd_value or 0, score, total)


# ---------------------------------------------------------------------------
# Bidding advice with realistic play
# ---------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, eq=False)
class RealisticAdvice:
    """Opening advice scored twice on the same deals: ``double_dummy`` (the deals solved
    exactly) and ``realistic`` (each deal played out by PIMC players in every strain the
    rules bid, ``worlds`` worlds per decision), both :class:`~solver.advice.Advice`."""

    double_dummy: "Advice"
    realistic: "Advice"
    worlds: int
    #: the strains played out (the others keep their double-dummy scores); empty: all
    strains: tuple[Strain, ...] = ()

    @property
    def samples(self) -> int:
        return self.realistic.samples

    def to_dict(self) -> dict[str, Any]:
        dd, real = self.double_dummy, self.realistic
        rows = []
        for strain, b in dd.best_bids().items():
            if self.strains and strain not in self.strains:
                continue
            r = real.bid(b.level, strain)
            rows.append({"bid": b.option.to_text(), "dd_p_make": b.p_make, "dd_ev": b.ev,
                         "dd_ev_se": json_number(b.ev_se), "p_make": r.p_make,
                         "p_make_se": json_number(r.p_make_se), "ev": r.ev,
                         "ev_se": json_number(r.ev_se)})
        return {"samples": self.samples, "worlds": self.worlds, "best_bids": rows,
                "bids": [b.to_dict() for b in real.bids],
                "recommendation": real.recommendation.to_dict(), "note": double_dummy_note(self)}


def double_dummy_note(r: RealisticAdvice) -> "str | None":
    """A sentence when realistic play, on the same deals, would not make the double-dummy
    advice's bid: its best call (among the strains played out, or pass) differs, so only
    a declarer who sees every card should make that bid.  None when the two agree."""
    rec = r.double_dummy.recommendation
    if rec.bid is None or (r.strains and rec.bid.strain not in r.strains):
        return None
    played = r.strains or tuple(Strain(s) for s in range(len(STRAINS)))
    real_bids = [b for b in r.realistic.bids if b.contract is not None and b.contract.strain in played]
    best = max(real_bids, key=lambda b: b.ev, default=None)
    dd, real = r.double_dummy.bid(rec.bid.level, rec.bid.strain), r.realistic.bid(rec.bid.level, rec.bid.strain)
    if best is not None and best.ev > 0 and best.label == dd.label:
        return None
    instead = tr("pass") if best is None or best.ev <= 0 else \
        tr("{bid} ({ev:+.0f} ± {se:.0f})", bid=best.label, ev=best.ev, se=best.ev_se)
    return tr("Double dummy bids {bid} (makes in {dd:.0f}% of these {n} deals, {dd_ev:+.0f}); played by players "
              "who see only their own cards it makes in {p:.0f}% and is worth {ev:+.0f} ± {se:.0f}: only a "
              "declarer who sees every card makes it pay, so with realistic play {instead}",
              bid=dd.label, dd=100 * dd.p_make, n=r.samples, dd_ev=dd.ev, p=100 * real.p_make, ev=real.ev,
              se=real.ev_se, instead=instead)


def realistic_row(deal: Deal, strain: Strain, leader: Seat, rules: Rules, worlds: int, seed: int
                  ) -> tuple[int, Optional[Team]]:
    """``deal`` played out in ``strain`` by PIMC players who each see only their own cards
    (``worlds`` a card, ``seed`` fixing the play): N-S's card points and the side that took
    every trick (or None), the row :func:`solver.bidding.contract_margin` scores."""
    p = play_out(deal, strain=strain, leader=leader, worlds=worlds, seed=seed, rules=rules, workers=1)
    return p.ns_points, capot_taker(p.ns_tricks, p.deal.cards_per_hand)


def _play_task(solver: Solver, task: tuple[Deal, Strain, Seat, Rules, int, int]
               ) -> tuple[int, Optional[Team], int]:
    """One deal played out by PIMC players in one strain: (N-S points, the side that took
    every trick or None, the deal's total)."""
    deal, strain, leader, rules, worlds, seed = task
    p = play_out(deal, strain=strain, leader=leader, worlds=worlds, seed=seed, rules=rules, workers=1)
    return p.ns_points, capot_taker(p.ns_tricks, p.deal.cards_per_hand), p.total


def realistic_advice(advice: "Advice", samples: int = 30, worlds: int = 10, seed: "int | None" = None,
                     workers: "int | None" = None, executor: "Backend | str" = Backend.PROCESS,
                     progress: "Callable[[int, int], None] | None" = None,
                     strains: "Iterable[Strain] | None" = None) -> RealisticAdvice:
    """``advice``'s bids scored with realistic play on its first ``samples`` deals
    (see :class:`RealisticAdvice`).  The play-outs run on ``workers`` (processes by
    default: a PIMC player spends much of its time in Python); ``seed`` fixes them.
    ``strains``: only these are played out (default: every strain the rules bid)."""
    n = min(check_samples(samples), advice.samples)
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise ConstraintError(tr("worlds {worlds!r}: expected a whole number, 1 or more", worlds=worlds))
    deals, team = advice.deals[:n], advice.seat.team
    bid = bid_strains(advice.rules)
    chosen = bid if strains is None else tuple(Strain.parse(s) for s in strains)
    if not set(chosen) <= set(bid):
        raise ConstraintError(tr("strains {strains}: the rules bid {bid}", strains=" ".join(s.name for s in chosen),
                                 bid=" ".join(s.name for s in bid)))
    played = [STRAINS.index(s) for s in chosen]
    seeds = np.random.SeedSequence(seed).spawn(n * len(played))
    tasks = [(d, STRAINS[j], advice.leader, advice.rules, worlds,
              int(seeds[i * len(played) + k].generate_state(1)[0]))
             for i, d in enumerate(deals) for k, j in enumerate(played)]

    def report(done: int, total: "int | None") -> None:
        if progress is not None:
            progress(done, len(tasks))

    results = map_tasks(_play_task, tasks, workers, executor, report)
    points, capot = advice.points[:n].copy(), advice.capot[:n].copy()
    lost = np.zeros_like(capot)
    for t, (ns, taker, total) in enumerate(results):
        i, j = divmod(t, len(played))
        col = played[j]
        points[i, col] = side_points(ns, team, total)
        capot[i, col] = taker == team
        lost[i, col] = taker == team.other
    study = BiddingStudy(hand=advice.hand, seat=advice.seat, dealer=advice.dealer, rules=advice.rules,
                     seed=advice.seed, constraints=advice.constraints)
    dd = study.summarise(deals, advice.points[:n], advice.capot[:n])
    return RealisticAdvice(dd, study.summarise(deals, points, capot, lost), worlds,
                           () if strains is None else tuple(chosen))
