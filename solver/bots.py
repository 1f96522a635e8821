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
  extra points and a defender sets it.  It calls by the auction advice
  (:func:`~solver.bidding.auction_advice`) on ``samples`` deals, each call scored as
  the contract it leaves would score **at the table**: made with the chance PIMC
  declarers make a contract that far above its limit double dummy (:data:`TABLE_MAKE`),
  so that a capot or a contract at its double-dummy limit is not counted as sure; a
  coinche or a surcoinche only when it beats the best other call clearly
  (:data:`DOUBLING_MARGIN`).
- :class:`HeuristicBot` bids from the point count (:func:`~solver.handeval.evaluate_hand`)
  and plays by rules of thumb: a fast, fair baseline.
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

import dataclasses
import random
import time
from typing import Any, Callable, Mapping, Optional, Protocol, Sequence, runtime_checkable

import numpy as np

from .auction import Auction, Call, CallKind
from .bidding import (
    NO_SYSTEM, auction_advice, auction_constraints, call_order, judge_calls, solve_six_strains,
)
from .cardplay import card_outcomes
from .cards import Card, CardSet, Seat, Suit, Team, card_of, rank_of, suit_of
from .contract import Contract, bid_key
from .deal import Deal
from .errors import ConstraintError
from .handeval import evaluate_hand
from .knowledge import Knowledge, who_played
from .messages import tr
from .play import Position, legal_cards, trick_winner
from .players import BotKind
from .rules import STRAINS, Rules, Strain, points_table, strength_table
from .outcome import PlayedContract, deal_total, side_points
from .sampling import sample_deals
from .scoring import DealScore
from .sequential import StoppingRule
from .solve import Solver, default_solver
from .system import DEFAULT, BiddingSystem

__all__ = ["SeatView", "Bot", "BotKind", "PimcBot", "HeuristicBot", "RandomBot", "DoubleDummyBot", "make_bot",
           "BOT_KINDS", "world_score", "bots_for"]


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


# ---------------------------------------------------------------------------
# What one seat sees
# ---------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class SeatView:
    """What ``seat`` knows: its eight cards (``hand``, those it played included), the
    ``dealer``, the ``auction`` so far, the cards ``played`` in order from the first
    lead (the seat after the dealer), the ``belote`` announcements (``"E"``, at tout
    atout ``"E:H"``), the cards ``shown`` by declarations, the ``rules`` and the
    bidding ``system`` of the table."""

    seat: Seat
    hand: CardSet
    dealer: Seat
    auction: Auction
    played: tuple[Card, ...] = ()
    belote: tuple[str, ...] = ()
    shown: Mapping[Seat, CardSet] = dataclasses.field(default_factory=dict)
    rules: Rules = Rules()
    system: BiddingSystem = DEFAULT

    @property
    def leader(self) -> Seat:
        """The first leader: the seat after the dealer."""
        return self.dealer.next

    @property
    def contract(self) -> Optional[Contract]:
        return self.auction.contract

    @property
    def bidding(self) -> bool:
        """The auction is still going on."""
        return not self.auction.is_over

    def order(self) -> list[tuple[Seat, Card]]:
        """The cards played with the seat of each."""
        c = self.contract
        return [] if c is None else who_played(list(self.played), c.strain, self.leader)

    def remaining(self) -> CardSet:
        """The seat's cards not played yet."""
        mine = sum(1 << int(c) for s, c in self.order() if s == self.seat)
        return CardSet(self.hand.mask & ~mine)

    def trick(self) -> tuple[Seat, list[Card]]:
        """The trick in progress: its leader and its cards so far."""
        c = self.contract
        assert c is not None
        order = self.order()
        n = len(order) % 4
        if n:
            return order[-n][0], [x for _, x in order[-n:]]
        if not order:
            return self.leader, []
        last = [int(x) for _, x in order[-4:]]
        return Seat((order[-4][0] + trick_winner(last, c.strain)) & 3), []

    def to_move(self) -> Seat:
        if self.bidding:
            return self.auction.next_seat
        lead, trick = self.trick()
        return Seat((lead + len(trick)) & 3)

    def legal_calls(self) -> list[Call]:
        return self.auction.legal_calls()

    def legal_cards(self) -> list[Card]:
        c = self.contract
        assert c is not None
        lead, trick = self.trick()
        mask = legal_cards(self.remaining(), [int(x) for x in trick], lead, c.strain, self.rules)
        return [Card(x) for x in CardSet(mask)]

    def knowledge(self) -> Knowledge:
        """What the play proves (:class:`~solver.knowledge.Knowledge`), belotes and
        declarations shown included."""
        c = self.contract
        assert c is not None
        shown = {s: cards for s, cards in self.shown.items() if s != self.seat and len(cards)}
        return Knowledge.from_play(self.hand, self.seat, c.strain, self.leader, list(self.played), self.rules,
                                   belote=[b for b in self.belote if Seat.parse(b.split(":")[0]) != self.seat],
                                   shown=shown)


@runtime_checkable
class Bot(Protocol):
    """A player: a call from a view during the auction, a card from a view in the play."""

    name: str

    def call(self, view: SeatView) -> Call: ...

    def card(self, view: SeatView) -> Card: ...


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


#: Deals tried per deal wanted before a bot gives up reading the calls by the system
#: (and reads them as showing nothing): the calls of bots that bid by the score often
#: fit the system's reading of no deal at all, and each such try used to cost more than
#: the decision itself; a reading kept by fewer than one deal in 20 is dropped.
ATTEMPTS_PER_WORLD = 20


class PimcBot:
    """Cards by PIMC playing for the score, calls by the auction advice scored at the
    table (see the module).

    ``worlds``: deals of the hidden cards per card decision; ``samples``: deals per call;
    ``budget``: seconds per card decision (the worlds solved stop there, at least one;
    ``None``: every world, the only setting whose decisions do not depend on the
    machine's speed); ``seed`` fixes every decision; ``stop``: a stopping rule for the
    card decisions (:class:`~solver.sequential.StoppingRule`, its margin in score
    points): the worlds are solved until the best card is separated from the others,
    or the rest are within the margin, looking first after ``stop.min_samples`` worlds
    and then at rounds half as large again, ``worlds`` being the most (``None``: every
    world)."""

    name = BotKind.PIMC
    cheating = False

    def __init__(self, worlds: int = 30, samples: int = 30, budget: Optional[float] = None,
                 seed: Optional[int] = 0, solver: "Solver | None" = None,
                 stop: "StoppingRule | None" = None) -> None:
        for what, v in (("worlds", worlds), ("samples", samples)):
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ConstraintError(tr("{what} {value!r}: expected a whole number, 1 or more", what=what,
                                         value=v))
        self.worlds, self.samples, self.budget, self.seed = worlds, samples, budget, seed
        self.stop = stop
        self._solver = solver

    def __repr__(self) -> str:
        return f"PimcBot(worlds={self.worlds}, samples={self.samples}, budget={self.budget}, seed={self.seed})"

    @property
    def solver(self) -> "Solver":
        if self._solver is None:
            self._solver = default_solver()
        return self._solver

    def call(self, view: SeatView) -> Call:
        calls, values = self.call_values(view)
        return _guarded_call(calls, values)

    def call_values(self, view: SeatView) -> tuple[list[Call], np.ndarray]:
        """The legal calls and, per deal of the auction advice (rows) and call (columns),
        our expected score minus theirs at the table if the auction ended after the
        call (:func:`table_margin`)."""
        rng = _rng(self.seed, view, "call")
        seed = _sub_seed(rng)
        attempts = ATTEMPTS_PER_WORLD * self.samples
        for system in (view.system, NO_SYSTEM):
            try:
                adv = auction_advice(view.hand, view.seat, view.dealer, view.auction, samples=self.samples,
                                     seed=seed, rules=view.rules, system=system, workers=1,
                                     max_attempts=attempts)
                break
            except ConstraintError:      # calls that do not fit the system: read them as showing nothing
                continue
        else:                                                       # pragma: no cover
            raise AssertionError("unreachable: without a system every deal fits")
        team, leader, rules = view.seat.team, view.leader, view.rules
        calls = view.legal_calls()
        contracts = [view.auction.then(c).state().contract() for c in calls]
        values = np.zeros((len(adv.deals), len(calls)))
        for i, deal in enumerate(adv.deals):
            rows: dict[Strain, tuple[int, Optional[Team]]] = {}
            for j, c in enumerate(contracts):
                if c is None:
                    continue
                if c.strain not in rows:
                    rows[c.strain] = self._dd_row(deal, c.strain, int(adv.points[i, STRAINS.index(c.strain)]),
                                                  team, leader, rules)
                ns, taken_all = rows[c.strain]
                values[i, j] = table_margin(c, deal, ns, taken_all, team, leader, rules)
        return calls, values

    def _dd_row(self, deal: Deal, strain: Strain, ours: int, team: Team, leader: Seat,
                rules: Rules) -> tuple[int, Optional[Team]]:
        """N-S's double-dummy points in ``strain`` from ours, and the side taking every
        trick: solved again only when one side takes every point (a side that takes
        every trick takes every point)."""
        total = deal_total(deal, strain, rules)
        ns = side_points(ours, team, total)
        if ns not in (0, total):
            return ns, None
        r = self.solver.strain_result(deal, leader, strain, rules)
        return r.ns_points, r.taken_all

    def worlds_for(self, view: SeatView, rng: random.Random) -> list[Deal]:
        """Deals of the hidden cards consistent with the view: the play's proofs and
        what the calls showed; when no deal fits the calls as the system reads them
        (a player who bid off system), the play's proofs alone."""
        k = view.knowledge()
        cons = k.constraints(check=False)
        seed = _sub_seed(rng)
        try:
            with_calls = auction_constraints(k.hand, view.seat, view.auction, view.system, cons)
            return sample_deals(k.hand, view.seat, self.worlds, seed=seed, constraints=with_calls,
                                max_attempts=ATTEMPTS_PER_WORLD * self.worlds)
        except ConstraintError:
            return sample_deals(k.hand, view.seat, self.worlds, seed=seed, constraints=cons)

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
            for card, (ns, capot) in card_outcomes(self.solver, pos).items():
                s = world_score(c, deal, view.leader, view.rules, ns, capot)
                row[card] = s.ns_score - s.ew_score if team == Team.NS else s.ew_score - s.ns_score
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


# ---------------------------------------------------------------------------
# Rules of thumb
# ---------------------------------------------------------------------------

_TRUMP_STRAINS = (Strain.S, Strain.H, Strain.D, Strain.C)


def _masters(view: SeatView, strain: Strain) -> int:
    """The seat's cards that are the highest left in their suit (the play and its hand seen)."""
    gone = sum(1 << int(c) for c in view.played)
    mine = view.remaining().mask
    out = 0
    strength = strength_table(strain)
    for suit in Suit:
        left = [card_of(suit, r) for r in range(8) if not gone >> card_of(suit, r) & 1]
        if not left:
            continue
        top = max(left, key=lambda x: strength[x])
        if mine >> top & 1:
            out |= 1 << top
    return out


class HeuristicBot:
    """Fast rule-of-thumb bidding and play (see the module); deterministic."""

    name = BotKind.HEURISTIC
    cheating = False

    def __init__(self, seed: Optional[int] = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return "HeuristicBot()"

    # -- calls ---------------------------------------------------------------
    def _value(self, hand: CardSet, strain: Strain) -> int:
        # the highest level made two times in three by the point count: a safe bidder
        p_make = evaluate_hand(hand, strain).p_make
        return max((lv for lv, p in p_make.items() if p >= 2 / 3), default=0)

    def call(self, view: SeatView) -> Call:
        seat, rules = view.seat, view.rules
        legal = view.legal_calls()
        standing = view.auction.state().bid
        partner_bid = next((c for c in reversed(view.auction.calls) if c.seat == seat.partner
                            and c.kind == CallKind.BID), None)
        held = view.hand.mask
        wanted = {st: min(self._value(view.hand, st), rules.max_level) for st in _TRUMP_STRAINS}
        if partner_bid is not None and partner_bid.strain in wanted and (partner_bid.level or 0) <= 160:
            # support: 10 more for each trump J or 9 and each side ace beside partner's bid
            t = int(partner_bid.strain)
            extra = sum(held >> card_of(t, r) & 1 for r in (4, 2))
            extra += sum(held >> card_of(u, 7) & 1 for u in range(4) if u != t)
            if extra:
                wanted[partner_bid.strain] = max(wanted[partner_bid.strain], (partner_bid.level or 0) + 10 * extra)
        bids = [c for c in legal if c.kind == CallKind.BID and c.strain is not None and c.strain in wanted
                and (c.level or 999) <= wanted[c.strain]]
        spoke = any(c.seat == seat and c.kind == CallKind.BID for c in view.auction.calls)
        if standing is not None and standing.seat.team == seat.team:
            # partner's bid stands: raise it once, never rescue it; our own bid stands: pass
            bids = [c for c in bids if c.strain == standing.strain] if not spoke and standing.seat != seat \
                else []
        if bids:
            best = max(wanted[c.strain] for c in bids if c.strain is not None)
            return min((c for c in bids if c.strain is not None and wanted[c.strain] == best),
                       key=lambda c: bid_key(c.level or 0, c.strain or Strain.C, rules))
        coinche = next((c for c in legal if c.kind == CallKind.COINCHE), None)
        if coinche is not None and standing is not None and standing.strain in wanted \
                and (standing.level or 0) >= 100:
            # their trump J and 9 are ours
            t = int(standing.strain)
            if held >> card_of(t, 4) & 1 and held >> card_of(t, 2) & 1:
                return coinche
        return next(c for c in legal if c.kind == CallKind.PASS)

    # -- cards ---------------------------------------------------------------
    def card(self, view: SeatView) -> Card:
        legal = view.legal_cards()
        if len(legal) == 1:
            return legal[0]
        c = view.contract
        assert c is not None
        strain, rules = c.strain, view.rules
        worth = points_table(strain, rules)
        strength = strength_table(strain)
        lead, trick = view.trick()
        masters = _masters(view, strain)
        cheapest = min(legal, key=lambda x: (worth[x], strength[x], int(x)))
        if not trick:
            ours = c.declarer.team == view.seat.team
            trumps = [x for x in legal if strain == Strain.TA or suit_of(x) == strain.trump]
            gone = sum(1 << int(x) for x in view.played)
            trumps_out = strain.trump >= 0 and any(
                not (gone | view.hand.mask) >> card_of(strain.trump, r) & 1 for r in range(8))
            if ours and trumps_out and any(masters >> int(x) & 1 for x in trumps):
                return next(x for x in trumps if masters >> int(x) & 1)
            side = [x for x in legal if masters >> int(x) & 1 and x not in trumps]
            if side:
                return max(side, key=lambda x: worth[x])
            plain = [x for x in legal if x not in trumps] or legal
            return min(plain, key=lambda x: (worth[x], strength[x], int(x)))
        winner = (lead + trick_winner([int(x) for x in trick], strain)) & 3
        partner_wins = Seat(winner) == view.seat.partner
        last = len(trick) == 3

        def wins(card: Card) -> bool:
            return trick_winner([int(x) for x in trick] + [int(card)], strain) == len(trick)

        winning = [x for x in legal if wins(x)]
        if partner_wins:
            win_card = trick[(winner - lead) & 3]
            safe = last or masters >> int(win_card) & 1 or (
                strain.trump >= 0 and suit_of(win_card) == strain.trump and suit_of(trick[0]) != strain.trump)
            if safe:
                giving = [x for x in legal if not masters >> int(x) & 1] or legal
                return max(giving, key=lambda x: (worth[x], -strength[x], -int(x)))
            return cheapest
        if winning:
            if last:
                return min(winning, key=lambda x: (worth[x] if suit_of(x) != strain.trump else worth[x] + 30,
                                                   strength[x]))
            top = [x for x in winning if masters >> int(x) & 1]
            if top:
                return max(top, key=lambda x: worth[x])
            trumps = [x for x in winning if suit_of(x) == strain.trump]
            if trumps and strain.trump >= 0 and suit_of(trick[0]) != strain.trump:
                return min(trumps, key=lambda x: strength[x])
        return cheapest


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
