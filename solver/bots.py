"""Bots that bid and play from one seat, seeing only what that seat may see.

A :class:`SeatView` is everything a player at the table knows: its own eight cards,
the dealer, the auction so far, the cards played (by whom follows from the rules),
the belotes announced and the cards shown by declarations, the rules and the bidding
system the table plays.  A bot is anything with ``call(view) -> Call`` and
``card(view) -> Card`` (:class:`Bot`); it is given a view, never the deal, so it
cannot read a hidden hand.  Every decision is a function of the view and the bot's
seed alone (the random stream of a decision is drawn from the seed, the seat and the
point of the deal), so the same view gives the same call or card, whatever the hidden
cards are.

- :class:`PimcBot` plays by perfect-information Monte Carlo: it deals the hidden cards
  ``worlds`` times consistently with its view (the play's proofs,
  :class:`~solver.knowledge.Knowledge`, and what the calls showed under the system),
  solves every legal card exactly in every world and turns each world's card points
  into **the deal's score under the contract** (made or down, coinche, capot, belote,
  declarations) before averaging, so that a declarer secures the contract before
  extra points and a defender sets it.  It calls on ``samples`` deals fitting the
  auction (:func:`fitting_deals`: what the calls show under the system, as far as deals
  fit it), each call scored by the contract the auction **ends in** when the
  point-count bot continues it at every seat (the look-ahead's rollouts,
  :func:`solver.lookahead.rollout_values`), and that contract scored **at the table**:
  made with the chance PIMC declarers make a contract that far above its limit double
  dummy (:data:`TABLE_MAKE`), so that a capot or a contract at its double-dummy limit
  is not counted as sure; a coinche or a surcoinche only when it beats the best other
  call clearly (:data:`DOUBLING_MARGIN`).
- :class:`HeuristicBot` (:mod:`solver.heuristic`, with :class:`SeatView`) bids from the
  point count and plays by rules of thumb: a fast, fair baseline.
- :class:`RandomBot` plays a random legal card and mostly passes.
- :class:`DoubleDummyBot` sees every card (it **cheats**: an upper bound, never a
  partner for a learner).

>>> from solver.deal import EXAMPLE_DEAL, Deal
>>> deal = Deal.from_pbn(EXAMPLE_DEAL)
>>> view = SeatView(Seat.S, deal.hands[Seat.S], Seat.E, Auction(Seat.E))
>>> HeuristicBot().call(view).seat
<Seat.S: 2>
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Mapping, Optional, Sequence

import numpy as np

from .auction import Auction, Call, CallKind
from .bidding import auction_constraints, call_order, judge_calls
from .six_strains import solve_six_strains
from .cardplay import card_outcomes
from .cards import Card, CardSet, Seat, Team
from .contract import Contract
from .deal import Deal
from .errors import ConstraintError
from .heuristic import Bot, HeuristicBot, SeatView
from .lookahead import rollout_values
from .play import Position
from .rules import Rules, Strain, points_table
from .messages import tr
from .players import BotKind
from .outcome import PlayedContract, deal_total, side_points
from .sampling import Constraints, sample_deals
from .scoring import DealScore
from .sequential import StoppingRule
from .solve import Solver, default_solver
from .system import BiddingSystem

__all__ = ["SeatView", "Bot", "BotKind", "PimcBot", "HeuristicBot", "RandomBot", "DoubleDummyBot", "make_bot",
           "BOT_KINDS", "world_score", "bots_for", "fitting_deals", "table_margin", "CARD_STOP"]


# ---------------------------------------------------------------------------
# The score of a played contract
# ---------------------------------------------------------------------------

def world_score(contract: Contract, deal: Deal, leader: Seat, rules: Rules, ns_points: int,
                capot: Optional[Team]) -> DealScore:
    """The score of ``contract`` played on ``deal`` (first lead by ``leader``) when N-S
    take ``ns_points`` card points; ``capot``: the side that took every trick, or ``None``.  Every belote held by a side that may claim it is claimed, and the
    declarations are awarded as the rules say (:mod:`solver.outcome`, the one home of a
    played contract's score): the score both of a world a bot imagines and of the deal
    played at the table."""
    # a side takes every trick only with every point (a solver's trick count may come
    # from another line of play than its points)
    taker = capot if (capot, ns_points) in ((Team.NS, 162), (Team.EW, 0)) else None
    return PlayedContract.on_deal(contract, deal, ns_points, taker, leader=leader, rules=rules).score(rules)


def _rng(seed: Optional[int], view: SeatView, what: str) -> random.Random:
    """The random stream of one decision: the seed, the seat and the point of the deal
    (a string seed is hashed the same way in every process)."""
    return random.Random(f"{seed}:{what}:{view.seat.name}:{len(view.auction.calls)}:{len(view.played)}")


def _sub_seed(rng: random.Random) -> int:
    return rng.getrandbits(32)


# ---------------------------------------------------------------------------
# PIMC
# ---------------------------------------------------------------------------

def _choose_card(means: Mapping[Card, float], points: Mapping[Card, float], strain: Strain,
                 rules: Rules) -> Card:
    """The card of best mean score; ties to more card points, then the card worth fewer
    points, then the lower card."""
    worth = points_table(strain, rules)
    return max(means, key=lambda c: (round(means[c], 9), round(points[c], 9), -worth[int(c)], -int(c)))


#: How many paired standard errors a coinche or surcoinche must beat the best other call
#: by: the best of some twenty calls judged on a few dozen deals looks better than it
#: is (the winner's curse), and a doubling call doubles what the error costs.
DOUBLING_MARGIN = 2.0


def _guarded_call(calls: Sequence[Call], values: Any) -> Call:
    """The call of best mean over the deals (``values``: deals x ``calls``; ties to the
    first in :func:`~solver.bidding.call_order`), unless it is a coinche or a surcoinche
    that does not beat the best other call by :data:`DOUBLING_MARGIN` paired standard
    errors on the same deals; then that other call."""
    means = values.mean(axis=0)

    def best_of(cols: list[int]) -> int:
        return min(cols, key=lambda k: (-round(float(means[k]), 9), call_order(calls[k])))

    j = best_of(list(range(len(calls))))
    if calls[j].kind not in (CallKind.COINCHE, CallKind.SURCOINCHE):
        return calls[j]
    k = best_of([i for i, c in enumerate(calls) if c.kind not in (CallKind.COINCHE, CallKind.SURCOINCHE)])
    diff = np.asarray(values[:, j] - values[:, k], dtype=float)
    se = float(diff.std(ddof=1) / np.sqrt(len(diff))) if len(diff) > 1 else float("inf")
    return calls[j] if float(diff.mean()) > DOUBLING_MARGIN * se else calls[k]


# ---------------------------------------------------------------------------
# From double dummy to the table
# ---------------------------------------------------------------------------

#: The edges of the bins of a numbered contract's *slack*: the declaring side's card
#: points double dummy minus the points the contract needs.
SLACK_EDGES = (-20, 0, 10, 30)


def slack_bin(contract: Contract, declarer_points: int, declarer_capot: bool, rules: Rules) -> str:
    """The bin of :data:`TABLE_MAKE` of ``contract`` when double dummy its declaring side
    takes ``declarer_points`` (and every trick when ``declarer_capot``)."""
    if contract.is_capot:
        return "capot made" if declarer_capot else "capot down"
    need = contract.needs(rules)
    assert need is not None
    slack = declarer_points - need
    low = [e for e in SLACK_EDGES if e <= slack]
    if not low:
        return f"slack < {SLACK_EDGES[0]}"
    i = SLACK_EDGES.index(low[-1])
    return f"slack >= {low[-1]}" if i == len(SLACK_EDGES) - 1 else f"slack {low[-1]} to {SLACK_EDGES[i + 1] - 1}"


#: How often a contract is made at the table, by its bin (:func:`slack_bin`): the
#: contracts declared by PIMC bots against the heuristic bot on deals 0 to 59 of seed 1
#: (79 contracts), played at the table and solved double dummy on the real deal, each
#: bin's chance (made + 1) / (declared + 2) (``python -m benchmarks.bots_duplicate
#: calibrate --below 60``, docs/bots.md).  Double dummy, a declarer who sees every card
#: makes a contract at its limit and every capot it can; at the table, of the contracts
#: 0 to 9 points above the limit half fail, and a capot made double dummy fails two
#: times in five.
TABLE_MAKE: dict[str, float] = {
    "slack < -20": 0.069, "slack -20 to -1": 0.312, "slack 0 to 9": 0.5, "slack 10 to 29": 0.769,
    "slack >= 30": 0.96, "capot made": 0.571, "capot down": 0.125,
}


def table_margin(contract: Optional[Contract], deal: Deal, ns_points: int, taken_all: Optional[Team],
                 team: Team, leader: Seat, rules: Rules) -> float:
    """``team``'s expected score minus the other side's when ``contract`` is played at
    the table on ``deal``, where double dummy N-S take ``ns_points`` (``taken_all``: the
    side taking every trick): the contract made with :data:`TABLE_MAKE`'s chance of its
    bin, else down; made, the double-dummy points when they make it (else just enough),
    down, the double-dummy points when they fail (else one short)."""
    if contract is None:
        return 0.0
    total = deal_total(deal, contract.strain, rules)
    decl_team = contract.team
    decl = side_points(ns_points, decl_team, total)
    p = TABLE_MAKE[slack_bin(contract, decl, taken_all == decl_team, rules)]

    def margin(points: int, capot: bool) -> int:
        ns = side_points(points, decl_team, total)
        return PlayedContract.on_deal(contract, deal, ns, decl_team if capot else None, leader=leader,
                                      rules=rules).margin(team, rules)[0]

    dd = PlayedContract.on_deal(contract, deal, ns_points, taken_all if taken_all == decl_team else None,
                                leader=leader, rules=rules)
    dd_made = dd.scores(rules)[2]
    if contract.is_capot:
        made = margin(total, True)
        down = margin(decl, False) if not dd_made else margin(min(decl, total - 1), False)
    else:
        need = contract.needs(rules)
        assert need is not None
        made = dd.margin(team, rules)[0] if dd_made else margin(min(max(decl, need), total), False)
        down = dd.margin(team, rules)[0] if not dd_made else margin(max(min(decl, need - 1), 0), False)
    return p * made + (1 - p) * down


#: Deals tried per deal wanted before a reading of the calls is given up: a reading
#: kept by fewer than one deal in 50 is dropped (dealing is cheap: 6,000 tries cost
#: some 30 ms, a small part of a call or a card).
ATTEMPTS_PER_WORLD = 50
#: Calls weighed by the look-ahead beside the pass, the doubling calls and the cheapest
#: bid of each strain: the best as if the auction ended after them (:meth:`PimcBot.call_values`).
LOOKAHEAD_CALLS = 6
#: Deals a reading of one more call must yield before it is kept (:func:`fitting_deals`).
PROBE_DEALS = 4


def fitting_deals(hand: CardSet, seat: Seat, auction: Auction, system: BiddingSystem, given: Constraints,
                  n: int, seed: int) -> list[Deal]:
    """``n`` deals of the hidden cards with ``hand`` at ``seat``, honouring ``given`` and
    as much of what the calls of ``auction`` show under ``system`` as deals fit.

    Every call is read by the system when deals fit that reading (at least one deal in
    :data:`ATTEMPTS_PER_WORLD`).  Otherwise, as the calls of bots that bid by the score
    often fit no deal of the system, the calls are read one at a time in the order they
    were made: a call's reading is kept when :data:`PROBE_DEALS` deals still fit it with
    the readings kept before, else that call alone is read as showing nothing.  So a
    partner whose second bid fits no deal with the first is still read by the first,
    not as holding anything."""

    def deals(read: "list[int] | None", k: int, per: int) -> list[Deal]:
        cons = auction_constraints(hand, seat, auction, system, given, calls=read)
        return sample_deals(hand, seat, k, seed=seed, constraints=cons, max_attempts=per * k)

    try:
        return deals(None, n, ATTEMPTS_PER_WORLD)
    except ConstraintError:
        pass
    kept: list[int] = []
    for i, c in enumerate(auction.calls):
        if c.seat == seat or system.meaning(auction, i).nothing:
            continue
        try:
            deals(kept + [i], PROBE_DEALS, ATTEMPTS_PER_WORLD)
            kept.append(i)
        except ConstraintError:
            continue
    try:
        return deals(kept, n, 2 * ATTEMPTS_PER_WORLD)
    except ConstraintError:            # the probe's luck: ``given`` alone
        return sample_deals(hand, seat, n, seed=seed, constraints=given)


def returns_over_partner(auction: Auction, seat: Seat, call: Call) -> bool:
    """Whether ``call`` bids another strain than partner's standing bid after partner
    has bid over a bid of ours in another strain.

    The look-ahead's rollouts continue the auction with the point-count bot, which
    never takes its partner's bid out: a bot going back to its own strain over
    partner's expects partner to pass, but a PIMC partner goes on in its strain, and
    the two climb to 160 and capot, down (``tests/test_bots.py``, deals 368 and 114 of
    seed 1).  Once partner has taken a bid of ours out, we pass or bid partner's strain.

    >>> a = Auction.parse("N:80H E:pass S:90C W:pass", dealer="W")
    >>> returns_over_partner(a, Seat.N, Call(Seat.N, CallKind.BID, 100, Strain.H))
    True
    >>> returns_over_partner(a, Seat.N, Call(Seat.N, CallKind.BID, 100, Strain.C))
    False
    """
    bids = [c for c in auction.calls if c.kind == CallKind.BID]
    standing = bids[-1] if bids else None
    if call.kind != CallKind.BID or standing is None or standing.seat != seat.partner \
            or call.strain == standing.strain:
        return False
    return any(c.seat == seat and c.strain != standing.strain for c in bids)


#: The card decisions' default stopping rule: a card is settled once separated from the
#: others, or the rest within 10 score points, at 95% confidence, looking first after 10
#: worlds (benchmarks/bots_stopping.py on 120 deals: 0.58 of the CPU of 30 fixed worlds,
#: the score lost against double dummy −45 ± 36 a deal, no loss measurable; docs/advice.md).
CARD_STOP = StoppingRule(confidence=0.95, margin=10.0, min_samples=10, horizon=30)


class PimcBot:
    """Cards by PIMC playing for the score, calls by the auction advice scored at the
    table (see the module).

    ``worlds``: deals of the hidden cards per card decision; ``samples``: deals per call;
    ``budget``: seconds per card decision (the worlds solved stop there, at least one;
    ``None``: every world, the only setting whose decisions do not depend on the
    machine's speed); ``seed`` fixes every decision; ``stop``: a stopping rule for the
    card decisions (:class:`~solver.sequential.StoppingRule`, its margin in score
    points; :data:`CARD_STOP` by default): the worlds are solved until the best card is
    separated from the others, or the rest are within the margin, looking first after
    ``stop.min_samples`` worlds and then at rounds half as large again, ``worlds`` being
    the most (``None``: every world)."""

    name = BotKind.PIMC
    cheating = False

    def __init__(self, worlds: int = 30, samples: int = 30, budget: Optional[float] = None,
                 seed: Optional[int] = 0, solver: "Solver | None" = None,
                 stop: "StoppingRule | None" = CARD_STOP, lookahead: bool = True,
                 in_system: bool = True, follow_rescue: bool = True) -> None:
        for what, v in (("worlds", worlds), ("samples", samples)):
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ConstraintError(tr("{what} {value!r}: expected a whole number, 1 or more", what=what,
                                         value=v))
        self.worlds, self.samples, self.budget, self.seed = worlds, samples, budget, seed
        self.stop, self.lookahead, self.in_system = stop, lookahead, in_system
        self.follow_rescue = follow_rescue
        self._solver = solver

    def __repr__(self) -> str:
        return (f"PimcBot(worlds={self.worlds}, samples={self.samples}, budget={self.budget}, seed={self.seed}, "
                f"lookahead={self.lookahead})")

    @property
    def solver(self) -> "Solver":
        if self._solver is None:
            self._solver = default_solver()
        return self._solver

    def call(self, view: SeatView) -> Call:
        calls, values = self.call_values(view)
        return _guarded_call(calls, values)

    def call_values(self, view: SeatView) -> tuple[list[Call], np.ndarray]:
        """The calls weighed and, per deal fitting the auction (rows, :func:`fitting_deals`)
        and call (columns), our expected score minus theirs at the table
        (:func:`table_margin`) with the contract the auction ends in.

        Every legal call is first scored as if the auction ended after it.  With
        ``lookahead`` (the default), the pass, a coinche or surcoinche, the cheapest bid
        of each strain and the :data:`LOOKAHEAD_CALLS` best calls so scored are scored
        again by the contract the auction ends in when the point-count bot continues it
        at every seat (the look-ahead's rollouts, :func:`solver.lookahead.rollout_values`),
        and only they are returned."""
        rng = _rng(self.seed, view, "call")
        seed = _sub_seed(rng)
        deals = fitting_deals(view.hand, view.seat, view.auction, view.system, Constraints(), self.samples, seed)
        team, leader, rules = view.seat.team, view.leader, view.rules
        results = [solve_six_strains(self.solver, (d, leader, rules)) for d in deals]

        margins: dict[tuple[int, Contract], float] = {}    # many calls end in the same contract

        def scores(finals: Sequence[Sequence[Optional[Contract]]]) -> np.ndarray:
            values = np.zeros((len(deals), len(finals)))
            for j, column in enumerate(finals):
                for i, (deal, rows, c) in enumerate(zip(deals, results, column)):
                    if c is not None:
                        if (i, c) not in margins:
                            ns, taken_all = rows[int(c.strain)]
                            margins[i, c] = table_margin(c, deal, ns, taken_all, team, leader, rules)
                        values[i, j] = margins[i, c]
            return values

        calls = self.candidate_calls(view)
        now = scores([[view.auction.then(c).state().contract()] * len(deals) for c in calls])
        if not self.lookahead:
            return calls, now
        means = now.mean(axis=0)
        best = sorted(range(len(calls)), key=lambda j: (-means[j], call_order(calls[j])))[:LOOKAHEAD_CALLS]
        cheapest = {c.strain: c for c in reversed(calls) if c.kind == CallKind.BID}
        weighed = [c for j, c in enumerate(calls) if j in best or c.kind != CallKind.BID or cheapest[c.strain] == c]
        ends: list[list[Auction]] = []
        rollout_values(view.auction, view.seat, deals, results, rules, view.system, ends=ends, options=weighed)
        return weighed, scores([[e.contract for e in column] for column in ends])

    def candidate_calls(self, view: SeatView) -> list[Call]:
        """The legal calls the bot may make: with ``in_system``, those whose reading under
        the table's system (:meth:`~solver.system.BiddingSystem.meaning`) its hand fits,
        or that show nothing, and the pass always; partners then read each other's
        calls as they were meant (a PIMC call chosen by the score alone, an 80TA without
        a jack, misleads a partner who reads it as two jacks).  With ``follow_rescue``,
        never a bid that :func:`returns_over_partner`."""
        legal = view.legal_calls()
        if self.follow_rescue:
            legal = [c for c in legal if not returns_over_partner(view.auction, view.seat, c)]
        if not self.in_system:
            return legal
        n, hand = len(view.auction.calls), view.hand.mask

        def fits(c: Call) -> bool:
            m = view.system.meaning(view.auction.then(c), n)
            return c.kind == CallKind.PASS or m.nothing or m.accepts(hand)
        return [c for c in legal if fits(c)]

    def worlds_for(self, view: SeatView, rng: random.Random) -> list[Deal]:
        """Deals of the hidden cards consistent with the view: the play's proofs and
        what the calls showed, as far as deals fit it (:func:`fitting_deals`)."""
        k = view.knowledge()
        return fitting_deals(k.hand, view.seat, view.auction, view.system, k.constraints(check=False), self.worlds,
                             _sub_seed(rng))

    def card_scores(self, view: SeatView) -> tuple[dict[Card, float], dict[Card, float], int]:
        """Per legal card: the mean of our score minus theirs over the worlds, the mean
        of our card points, and the number of worlds solved."""
        c = view.contract
        assert c is not None
        rng = _rng(self.seed, view, "card")
        deals = self.worlds_for(view, rng)
        start = time.perf_counter()
        team = view.seat.team
        legal = view.legal_cards()
        totals = {x: 0.0 for x in legal}
        points = {x: 0.0 for x in legal}
        pos: Optional[Position] = None
        n = 0
        rows: list[list[float]] = []           # per world, each card's score (for the stopping rule)
        look = None if self.stop is None else self.stop.min_samples
        for deal in deals:
            pos = Position(deal, c.strain, view.leader, view.rules, list(view.played)) if pos is None \
                else pos.on_deal(deal)
            row = dict.fromkeys(legal, 0.0)
            scored: dict[tuple[int, Optional[Team]], float] = {}     # this world's scores by outcome
            for card, (ns, capot) in card_outcomes(self.solver, pos).items():
                if (ns, capot) not in scored:
                    s = world_score(c, deal, view.leader, view.rules, ns, capot)
                    scored[ns, capot] = s.ns_score - s.ew_score if team == Team.NS else s.ew_score - s.ns_score
                row[card] = scored[ns, capot]
                totals[card] += row[card]
                points[card] += ns if team == Team.NS else 162 - ns
            n += 1
            if self.budget is not None and time.perf_counter() - start > self.budget:
                break
            if self.stop is not None and look is not None:
                rows.append([row[x] for x in legal])
                if n >= look:
                    if self.stop.decide(np.array(rows)).done:
                        break
                    look = max(look + 1, int(look * 1.5))
        return {x: v / n for x, v in totals.items()}, {x: v / n for x, v in points.items()}, n

    def card(self, view: SeatView) -> Card:
        legal = view.legal_cards()
        if len(legal) == 1:
            return legal[0]
        c = view.contract
        assert c is not None
        means, points, _ = self.card_scores(view)
        return _choose_card(means, points, c.strain, view.rules)


class RandomBot:
    """A random legal card; passes three calls in four, else bids the cheapest bid of a
    random strain (never above 120) or passes."""

    name = BotKind.RANDOM
    cheating = False

    def __init__(self, seed: Optional[int] = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"

    def call(self, view: SeatView) -> Call:
        rng = _rng(self.seed, view, "call")
        legal = view.legal_calls()
        bids = [c for c in legal if c.kind == CallKind.BID and (c.level or 0) <= 120]
        if bids and rng.random() < 0.25:
            strain = rng.choice(sorted({c.strain for c in bids if c.strain is not None}))
            return min((c for c in bids if c.strain == strain), key=lambda c: c.level or 0)
        return next(c for c in legal if c.kind == CallKind.PASS)

    def card(self, view: SeatView) -> Card:
        return _rng(self.seed, view, "card").choice(view.legal_cards())


class DoubleDummyBot:
    """Sees every card (**cheating**): the best card for the score on the real deal, and
    the call that scores best if the auction ended after it, on the real deal.  The
    game shows it the deal (:meth:`see`) before the auction."""

    name = BotKind.DD
    cheating = True

    def __init__(self, seed: Optional[int] = 0, solver: "Solver | None" = None) -> None:
        self.seed = seed
        self.deal: Optional[Deal] = None
        self._solver = solver

    def __repr__(self) -> str:
        return "DoubleDummyBot()"

    def see(self, deal: Deal) -> None:
        self.deal = deal

    @property
    def solver(self) -> "Solver":
        if self._solver is None:
            self._solver = default_solver()
        return self._solver

    def _deal(self, view: SeatView) -> Deal:
        if self.deal is None or self.deal.hands[view.seat] != view.hand:
            raise ConstraintError(tr("the double-dummy bot has not been shown this deal"))
        return self.deal

    def call(self, view: SeatView) -> Call:
        deal = self._deal(view)
        rows = solve_six_strains(self.solver, (deal, view.leader, view.rules))
        stats, _ = judge_calls(view.auction, view.seat, [deal], [rows], view.rules)
        best: Call = min(stats, key=lambda s: (-round(s.ev, 9), call_order(s.call))).call
        return best

    def card(self, view: SeatView) -> Card:
        deal = self._deal(view)
        c = view.contract
        assert c is not None
        pos = Position(deal, c.strain, view.leader, view.rules, list(view.played))
        team = view.seat.team
        means, points = {}, {}
        for card, (ns, capot) in card_outcomes(self.solver, pos).items():
            s = world_score(c, deal, view.leader, view.rules, ns, capot)
            means[card] = float(s.ns_score - s.ew_score if team == Team.NS else s.ew_score - s.ns_score)
            points[card] = float(ns if team == Team.NS else 162 - ns)
        return _choose_card(means, points, c.strain, view.rules)


#: The bots by name, for the command line: ``pimc``, ``heuristic``, ``random``, ``dd``.
BOT_KINDS: dict[BotKind, Callable[..., Any]] = {BotKind.PIMC: PimcBot, BotKind.HEURISTIC: HeuristicBot,
                                                BotKind.RANDOM: RandomBot, BotKind.DD: DoubleDummyBot}


def make_bot(kind: "BotKind | str", seed: Optional[int] = 0, **options: Any) -> Any:
    """A bot by name (:data:`BOT_KINDS`; French ``aleatoire`` and ``heuristique`` too),
    with ``options`` for :class:`PimcBot` (``worlds``, ``samples``, ``budget``)."""
    k = {"aleatoire": "random", "aléatoire": "random", "heuristique": "heuristic"}.get(kind.lower(), kind.lower())
    if k not in BOT_KINDS:
        raise ConstraintError(tr("bot {kind!r}: expected one of {kinds}", kind=kind,
                                 kinds=", ".join(BOT_KINDS)))
    if k == "pimc":
        return PimcBot(seed=seed, **options)
    return BOT_KINDS[BotKind(k)](seed=seed)


def bots_for(kinds: "Sequence[BotKind | str]", seed: Optional[int] = 0, **options: Any) -> list[Any]:
    """One bot per name, each with its own seed drawn from ``seed``."""
    return [make_bot(k, None if seed is None else seed * 4 + i, **options) for i, k in enumerate(kinds)]
