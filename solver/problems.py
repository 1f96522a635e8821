"""Coinche problems mined from bot play: the positions a learner trains on.

A :class:`Problem` is one decision (a card to play, or a call to make) with its exact
solution: the answer, the line it leads to, and what every other answer costs, in deal
score for the side to move (scores come from :mod:`solver.outcome`).

Kinds:

- ``four-hands``: all cards visible; exactly one card (or one group of equivalent cards)
  keeps the contract, or wins at least :data:`POINTS_MARGIN` card points more than every
  other, and the simple player (:class:`solver.bots.HeuristicBot`) gets it wrong;
- ``seat``: only the hand of the seat to move and the play so far are shown;
- ``bidding``: a call in an auction.

:func:`mine_four_hands` plays deals with the heuristic bot (:func:`solver.game.play_deal`)
and keeps the positions that qualify.  The committed set is ``solver/data/problems.json``
(:func:`load_problems`), its format ``solver/schema/problems.schema.json``.
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
import json
import math
import random
from importlib import resources

import numpy as np
from typing import Any, Callable, Iterator, Optional, Sequence

from .auction import Auction, Call, parse_call
from .bidding import CallJudged, auction_advice, contract_margin, ends_now
from .bots import HeuristicBot, SeatView
from .cards import Card, Seat, Suit, Team, TextEnum
from .contract import Coinche, Contract
from .deal import Deal
from .errors import CoincheError, ScoreError
from .game import play_deal
from .knowledge import Knowledge
from .messages import tr
from .outcome import PlayedContract
from .play import Position, trick_winner
from .rules import Rules, Strain, strength_table
from .sampling import sample_deals
from .solve import Solver
from .system import BiddingSystem
from .pimc import pimc_card, realistic_row
from .lookahead import judge_calls_ahead
from .rating import DEFAULT_RATING, Rating, update



class ProblemKind(TextEnum):
    """A kind of problem, equal to its word (the JSON's ``"kind"``): a card to find
    seeing the four hands, a card from one seat's view, or a call."""

    FOUR_HANDS = "four-hands"
    SEAT = "seat"
    BIDDING = "bidding"


KINDS = tuple(ProblemKind)


def _kind(text: Any) -> ProblemKind:
    """A problem file's ``kind``, or :class:`ProblemError` naming the kinds."""
    try:
        return ProblemKind(str(text))
    except ValueError:
        raise ProblemError(tr("problem kind {kind!r}: expected one of {kinds}", kind=str(text),
                              kinds=", ".join(KINDS))) from None
GOALS = ("make", "defeat", "most")
POINTS_MARGIN = 10          # card points the best card wins over every other (the rule above)
MIN_LEGAL = 3               # no problem with fewer legal cards
MAX_BEST_SHARE = 1 / 3      # no problem where more than a third of the legal cards are best
FORMAT = 1


class ProblemError(CoincheError):
    """A problem file or object that does not read as a problem."""


@dataclasses.dataclass(frozen=True)
class Alternative:
    """Another answer (a card like ``"KS"`` or a call like ``"100H"``) and its cost: deal
    score points (``cost``) and card points (``points``) lost against the solution, for the
    side to move; exact in a four-hands problem, a mean over worlds or deals in a seat or
    bidding problem, with its paired standard error ``se``."""

    answer: str
    cost: int
    points: int = 0
    se: Optional[float] = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"answer": self.answer, "cost": self.cost, "points": self.points}
        if self.se is not None:
            out["se"] = self.se
        return out

    @classmethod
    def from_dict(cls, obj: Any) -> "Alternative":
        if not isinstance(obj, dict):
            raise ProblemError(tr("alternative {obj!r}: expected an object", obj=obj))
        try:
            se = obj.get("se")
            return cls(str(obj["answer"]), int(obj["cost"]), int(obj.get("points", 0)),
                       None if se is None else float(se))
        except (KeyError, TypeError, ValueError) as e:
            raise ProblemError(tr("alternative {obj!r}: {error}", obj=obj, error=e)) from None


@dataclasses.dataclass(frozen=True)
class Problem:
    """One problem (see the module).

    - ``id``: stable name (``4h-<seed>-<deal>-<card index>``); ``kind``: one of :data:`KINDS`;
    - ``deal``, ``dealer``, ``auction`` (the calls so far; for a card problem the whole auction),
      ``contract`` (``None`` for a bidding problem), ``seat`` (to move), ``played`` (the cards
      played so far, from the first lead);
    - ``goal``: ``make`` / ``defeat`` (the contract) or ``most`` (as many points as you can),
      ``goal_text`` its sentence;
    - ``solution``: the card or call; ``solution_cards``: every card equivalent to it;
      ``line``: the rest of the play after the solution (card problems; the solution first);
    - ``alternatives``: every other answer with its exact cost;
    - ``themes``, ``difficulty`` (0..1, the share of simple players who fail it),
      ``rating`` (the Glicko-2 scale of :mod:`solver.rating`), ``seed`` (of the mining run);
    - ``samples``: the worlds (seat) or deals (bidding) the answers were judged on, 0 when exact;
    - ``deviation``: the rating's deviation; ``fails``: each calibration player's fail rate;
    - ``checks``: a bidding problem's judgments its solution passed (of :data:`CHECKS`).
    """

    id: str
    kind: ProblemKind
    deal: Deal
    dealer: Seat
    auction: tuple[Call, ...]
    contract: Optional[Contract]
    seat: Seat
    played: tuple[Card, ...]
    goal: str
    goal_text: str
    solution: str
    solution_cards: tuple[Card, ...]
    line: tuple[Card, ...]
    alternatives: tuple[Alternative, ...]
    themes: tuple[str, ...]
    difficulty: float
    rating: int
    seed: int
    samples: int = 0
    deviation: int = 0
    fails: tuple[tuple[str, float], ...] = ()
    rules: Rules = Rules()
    checks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ProblemError(tr("problem kind {kind!r}: expected one of {kinds}", kind=self.kind,
                                  kinds=", ".join(KINDS)))
        object.__setattr__(self, "kind", ProblemKind(self.kind))
        if self.goal not in GOALS:
            raise ProblemError(tr("problem goal {goal!r}: expected one of {goals}", goal=self.goal,
                                  goals=", ".join(GOALS)))
        if not set(self.checks) <= set(CHECKS):
            raise ProblemError(tr("problem checks {checks}: expected some of {known}",
                                  checks=", ".join(self.checks), known=", ".join(CHECKS)))

    @property
    def leader(self) -> Seat:
        """The first leader: the seat after the dealer."""
        return self.dealer.next

    def position(self) -> Position:
        """The card-play position of the problem (``ProblemError`` for a bidding problem)."""
        if self.contract is None:
            raise ProblemError(tr("problem {id}: a bidding problem has no card-play position", id=self.id))
        return Position(self.deal, self.contract.strain, self.leader, self.rules, self.played)

    def cost(self, answer: str) -> int:
        """The score ``answer`` loses against the solution (0 for the solution or an equivalent)."""
        if answer == self.solution or answer in {str(c) for c in self.solution_cards}:
            return 0
        for a in self.alternatives:
            if a.answer == answer:
                return a.cost
        raise ProblemError(tr("{answer!r} is no answer of problem {id}", answer=answer, id=self.id))

    def to_dict(self) -> dict[str, Any]:
        c = self.contract
        return {
            "id": self.id, "kind": self.kind,
            "deal": self.deal.to_pbn(self.dealer), "dealer": self.dealer.name,
            "auction": [c_.text for c_ in self.auction],
            "contract": None if c is None else {"bid": c.to_text(), "declarer": c.declarer.name,
                                                "coinche": c.coinche.name.lower()},
            "seat": self.seat.name, "played": [str(x) for x in self.played],
            "goal": self.goal, "goal_text": self.goal_text,
            "solution": self.solution, "solution_cards": [str(x) for x in self.solution_cards],
            "line": [str(x) for x in self.line],
            "alternatives": [a.to_dict() for a in self.alternatives],
            "themes": list(self.themes), "difficulty": self.difficulty, "rating": self.rating,
            "seed": self.seed, "samples": self.samples, "deviation": self.deviation,
            "fails": dict(self.fails), "checks": list(self.checks),
        }

    @classmethod
    def from_dict(cls, obj: Any) -> "Problem":
        if not isinstance(obj, dict):
            raise ProblemError(tr("problem {obj!r}: expected an object", obj=obj))
        try:
            dealer = Seat.parse(obj["dealer"])
            seat = dealer.next
            auction: list[Call] = []
            for text in obj["auction"]:
                auction.append(parse_call(str(text), seat))
                seat = seat.next
            c = obj["contract"]
            contract = None if c is None else Contract.parse(c["bid"], c["declarer"], c["coinche"])
            return cls(
                id=str(obj["id"]), kind=_kind(obj["kind"]), deal=Deal.from_pbn(str(obj["deal"])),
                dealer=dealer, auction=tuple(auction), contract=contract,
                seat=Seat.parse(obj["seat"]), played=tuple(Card.parse(x) for x in obj["played"]),
                goal=str(obj["goal"]), goal_text=str(obj["goal_text"]), solution=str(obj["solution"]),
                solution_cards=tuple(Card.parse(x) for x in obj["solution_cards"]),
                line=tuple(Card.parse(x) for x in obj["line"]),
                alternatives=tuple(Alternative.from_dict(a) for a in obj["alternatives"]),
                themes=tuple(str(t) for t in obj["themes"]), difficulty=float(obj["difficulty"]),
                rating=int(obj["rating"]), seed=int(obj["seed"]), samples=int(obj.get("samples", 0)),
                deviation=int(obj.get("deviation", 0)),
                fails=tuple((str(n), float(f)) for n, f in dict(obj.get("fails", {})).items()),
                checks=tuple(str(c) for c in obj.get("checks", ())))
        except ProblemError:
            raise
        except (KeyError, TypeError, ValueError, CoincheError) as e:
            raise ProblemError(tr("problem {id!r}: {error}", id=obj.get("id", "?"), error=e)) from None


def problems_to_json(problems: Sequence[Problem]) -> str:
    """The set as compact JSON, one problem a line (no indentation: the shipped set stays small,
    and a change to one problem is one line of a diff)."""
    lines = [json.dumps(p.to_dict(), ensure_ascii=False, separators=(",", ":")) for p in problems]
    return f'{{"format":{FORMAT},"problems":[\n' + ",\n".join(lines) + "\n]}\n"


def problems_from_json(text: str) -> list[Problem]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise ProblemError(tr("not JSON: {error}", error=e)) from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT or not isinstance(obj.get("problems"), list):
        raise ProblemError(tr('not a problem set: expected {{"format": {format}, "problems": [...]}}',
                              format=FORMAT))
    return [Problem.from_dict(p) for p in obj["problems"]]


def load_problems() -> list[Problem]:
    """The committed problem set shipped with the package."""
    text = resources.files("solver").joinpath("data/problems.json").read_text(encoding="utf-8")
    return problems_from_json(text)


# -- scoring ----------------------------------------------------------------------------------

def side_score(contract: Contract, deal: Deal, leader: Seat, rules: Rules, ns_points: int, team: Team) -> int:
    """``team``'s deal score minus the other side's, N-S having taken ``ns_points``."""
    try:
        ns, ew, _ = PlayedContract.on_deal(contract, deal, ns_points, leader=leader, rules=rules).scores(rules)
    except ScoreError:
        # all the points without every trick: scored as a capot by the side holding them
        capot = Team.NS if ns_points > 0 else Team.EW
        ns, ew, _ = PlayedContract.on_deal(contract, deal, ns_points, capot, leader=leader,
                                           rules=rules).scores(rules)
    return ns - ew if team == Team.NS else ew - ns


# -- themes -----------------------------------------------------------------------------------

#: The ``last-trick`` theme's tricks: a decision with this many tricks left, or fewer.
LAST_TRICKS = 3


def themes_of(pos: Position, card: Card, line: Sequence[Card] = ()) -> tuple[str, ...]:
    """Themes read from the solution ``card`` played in ``pos`` and the solution ``line``
    (the exact play from ``card`` on, ``card`` first, as :attr:`Problem.line` holds it):

    - ``drawing-trumps``: a trump led in a suit contract;
    - ``exit``: the lead of a singleton side card;
    - ``ruffing``: a trump on a side suit led, being void in it;
    - ``points-on-partner``: 10 points or more on partner's winning card;
    - ``overtaking``: winning the trick partner was winning;
    - ``ducking``: second hand following low without winning, other cards of the suit kept;
    - ``keeping-a-guard``: a card of no points that loses the trick, a 10-point card kept;
    - ``unblocking``: following with one's highest card of the suit on a trick it does not win;
    - ``last-trick``: a decision in the last :data:`LAST_TRICKS` tricks, counting for the last
      trick's 10 (the miner leaves out the last two tricks, where no hand has 3 legal cards);
    - ``endplay``: the endplay that forces a lead (:func:`is_endplay`, read from the line);
    - ``technique`` when none of these applies."""
    out: list[str] = []
    strain = pos.strain
    trump: Optional[int] = int(strain) if int(strain) < 4 else None
    trick = list(pos.trick)
    hand = [c for c in pos.hand(pos.to_move) if c != card]
    pts = pos.points_table
    same_suit = [c for c in hand if c.suit == card.suit]
    if not trick:
        if trump is not None and card.suit == trump:
            out.append("drawing-trumps")
        elif not same_suit:
            out.append("exit")
    else:
        led = trick[0].suit
        wins = trick_winner(trick + [card], strain) == len(trick)
        if trump is not None and card.suit == trump and led != trump and card.suit != led:
            out.append("ruffing")
        if len(trick) >= 2 and trick_winner(trick, strain) == len(trick) - 2:
            if pts[card] >= 10:
                out.append("points-on-partner")
            if wins:
                out.append("overtaking")
        if len(trick) == 1 and card.suit == led and not wins and same_suit:
            out.append("ducking")
        if not wins and pts[card] == 0 and any(pts[c] >= 10 for c in hand):
            out.append("keeping-a-guard")
        if not wins and card.suit == led and same_suit and all(_higher(card, c, strain) for c in same_suit):
            out.append("unblocking")
    if pos.total_tricks - pos.tricks_played <= LAST_TRICKS:
        out.append("last-trick")
    if is_endplay(pos, card, line):
        out.append("endplay")
    return tuple(out) or ("technique",)


def is_endplay(pos: Position, card: Card, line: Sequence[Card]) -> bool:
    """Whether the solution ``card`` in ``pos``, followed by the exact ``line`` (``card``
    first), is the endplay that forces a lead: the seat to move could have kept the lead
    (another of its legal cards is the highest still out of its suit when it leads, or beats
    the trick so far when it follows), yet its card hands the trick to an opponent, who has
    a choice of leads, and the opponent's lead along the line (its best, the line being
    exact) gives the next trick back to the seat's side."""
    strain = pos.strain
    side = pos.to_move.team
    others = [c for c in pos.legal_cards() if c != card]
    if pos.trick:
        keeps = any(trick_winner(list(pos.trick) + [c], strain) == len(pos.trick) for c in others)
    else:
        out = [c for s in Seat if s != pos.to_move for c in pos.hand(s)]
        keeps = any(not any(o.suit == c.suit and _higher(o, c, strain) for o in out) for c in others)
    rest = 4 - len(pos.trick)
    if not keeps or not line or line[0] != card or len(line) < rest + 4:
        return False
    q = pos.copy()
    for c in line[:rest]:
        q.play(c)
    if q.to_move.team == side or len(q.legal_cards()) < 2:
        return False
    for c in line[rest:rest + 4]:
        q.play(c)
    return q.to_move.team == side


def _higher(a: Card, b: Card, strain: Strain) -> bool:
    return trick_winner([b, a], strain) == 1


# -- mining -----------------------------------------------------------------------------------

def judge_position(pos: Position, contract: Contract, solver: Solver) -> Optional[dict[str, Any]]:
    """The exact judgment of the side to move's cards in ``pos`` when one card class is
    clearly best (see the module), else ``None``."""
    legal = list(pos.legal_cards())
    if len(legal) < MIN_LEGAL:
        return None
    values = solver.card_values(pos)
    team = pos.to_move.team
    rules = pos.rules
    leader = pos.first_leader
    sign = 1 if team == Team.NS else -1
    score = {c: side_score(contract, pos.deal, leader, rules, v, team) for c, v in values.items()}
    pts = {c: sign * v for c, v in values.items()}
    best_score = max(score.values())
    best = [c for c in legal if score[c] == best_score]
    best_pts = max(pts[c] for c in best)
    best = [c for c in best if pts[c] == best_pts]
    if len(best) / len(legal) > MAX_BEST_SHARE:
        return None
    others = [c for c in legal if c not in best]
    made = [c for c in legal if _made(contract, team, score[c])]
    keeps = len(made) == len(best) and all(c in made for c in best) and others
    clear = all(best_pts - pts[c] >= POINTS_MARGIN for c in others)
    if not (keeps or clear):
        return None
    return {"values": values, "score": score, "pts": pts, "best": best, "keeps": bool(keeps)}


def _made(contract: Contract, team: Team, margin: int) -> bool:
    # the side that made its goal has the better score: the declarers made, or the defence set
    return margin > 0


#: Worlds (deals of the hidden cards) a seat problem is judged on.
SEAT_WORLDS = 40
#: Positions of a deal tried for a seat problem (each costs SEAT_WORLDS solves).
SEAT_TRIES = 3
#: Deals a bidding problem's calls are judged on (:func:`solver.bidding.auction_advice`).
BID_SAMPLES = 100
#: Calls of a deal's auction tried for a bidding problem.
BID_TRIES = 4
#: A seat or bidding answer is clear when it beats every other answer by more than this many
#: paired standard errors (the same worlds or deals for every answer).
CLEAR_SE = 2.0
#: Alternatives kept in a bidding problem: the cheapest calls after the solution.
BID_ALTERNATIVES = 8
#: The judgments a bidding problem's solution can pass (:func:`judge_call`); the miner
#: asks for all of them, and a problem's ``checks`` say which it passed.
CHECKS = ("double-dummy", "look-ahead", "realistic")
#: A bidding problem's first deals played out again by PIMC players who each see only
#: their own cards, and the worlds each of them solves a card.
REAL_SAMPLES = 20
REAL_WORLDS = 6
#: The calls after the solution by double dummy that it must beat with realistic play too,
#: each by more than :data:`REAL_CLEAR_SE` paired standard errors on those deals.
REAL_RIVALS = 2
REAL_CLEAR_SE = 1.0


def forced_strain(k: int) -> Optional[Strain]:
    """The strain deal ``k`` of a mining run is played in instead of the bots' auction: one
    deal in three, alternately no trumps and all trumps (the heuristic bot never bids them,
    so the six strains are mined).  ``None``: the bots' own auction."""
    if k % 3 != 2:
        return None
    return Strain.SA if (k // 3) % 2 == 0 else Strain.TA


def forced_bid(deal: Deal, dealer: Seat, strain: Strain, solver: Solver, rules: Rules) -> Call:
    """The one bid of a forced deal: by the side that takes more card points in ``strain``
    with perfect play (N-S on a tie), made by its player who speaks first, at the highest
    level (80 to 160) that side takes."""
    ns = solver.solve(deal, strain, dealer.next, rules=rules).ns_points
    team = Team.NS if 2 * ns >= 162 else Team.EW
    ours = ns if team == Team.NS else 162 - ns
    declarer = dealer.next if dealer.next.team == team else dealer.next.next
    level = max(80, min(160, ours // 10 * 10))
    return parse_call(f"{level}{strain.name}", declarer)


class _Player:
    """The heuristic bot at one seat of a mined deal: its calls scripted on a forced deal
    (the bid at the declarer, passes elsewhere), every call and card view kept."""

    name = "heuristic"

    def __init__(self, bid: Optional[Call], calls: list[tuple[SeatView, Call]], views: list[SeatView]) -> None:
        self.bot = HeuristicBot(0)
        self.bid = bid
        self.calls = calls
        self.views = views

    def call(self, view: SeatView) -> Call:
        if self.bid is not None:
            return self.bid if view.seat == self.bid.seat else parse_call("pass", view.seat)
        call = self.bot.call(view)
        self.calls.append((view, call))
        return call

    def card(self, view: SeatView) -> Card:
        self.views.append(view)
        return self.bot.card(view)


@dataclasses.dataclass(frozen=True)
class MineTask:
    """Deal ``k`` of the mining run of ``seed``: the kinds of problems looked for on it."""

    seed: int
    k: int
    kinds: tuple[str, ...]
    rules: Rules = Rules()


def mine_deal(solver: Solver, task: MineTask) -> list[Problem]:
    """The problems deal ``task.k`` gives, at most one of each kind (a task function of
    :mod:`solver.parallel`: the result depends on the task only).

    Deal ``k`` is ``Deal.random(seed * 1_000_003 + k)``, dealt by seat ``k % 4``; it is bid
    and played by the heuristic bot at the four seats, in the contract of
    :func:`forced_bid` when :func:`forced_strain` names one.  Each kind of problem is
    looked for at positions (calls) taken in a random order of the deal's own."""
    seed, k, rules = task.seed, task.k, task.rules
    deal = Deal.random(seed * 1_000_003 + k)
    dealer = Seat(k % 4)
    strain = forced_strain(k)
    bid = None if strain is None else forced_bid(deal, dealer, strain, solver, rules)
    calls: list[tuple[SeatView, Call]] = []
    views: list[SeatView] = []
    positions: list[tuple[Position, Card]] = []

    def watch(seat: Seat, card: Card, pos: Position) -> None:
        positions.append((pos.copy(), card))

    players = [_Player(bid, calls, views) for _ in Seat]
    result = play_deal(deal, dealer, players, rules, on_card=watch)
    contract = result.record.contract
    auction = tuple(result.record.auction)
    out: list[Problem] = []
    where = (seed, k, deal, dealer, auction)
    if contract is not None and positions:
        usable = list(range(len(positions) - 8))           # the last two tricks are too short
        if "four-hands" in task.kinds:
            order = usable[:]
            random.Random(f"four-hands-{seed}-{k}").shuffle(order)
            for i in order:
                pos, played_card = positions[i]
                j = judge_position(pos, contract, solver)
                if j is not None and played_card not in j["best"]:
                    p = _card_problem(ProblemKind.FOUR_HANDS, where, i, contract, pos, j, solver, rules)
                    out.append(dataclasses.replace(p, fails=card_fails(p, pos, played_card)))
                    break
        if "seat" in task.kinds:
            order = usable[:]
            random.Random(f"seat-{seed}-{k}").shuffle(order)
            tries = 0
            for i in order:
                pos, _ = positions[i]
                j = judge_position(pos, contract, solver)
                if j is None:
                    continue
                tries += 1
                w = judge_seat(pos, contract, solver, SEAT_WORLDS, _seat_rng(f"seat-{seed}-{k}-{i}"))
                if w is not None and set(w["best"]) <= set(j["best"]):
                    p = _card_problem(ProblemKind.SEAT, where, i, contract, pos, j, solver, rules, w)
                    out.append(dataclasses.replace(p, fails=card_fails(p, pos, positions[i][1])))
                    break
                if tries >= SEAT_TRIES:
                    break
    if "bidding" in task.kinds and bid is None and calls:
        for i in bidding_order(calls, f"bidding-{seed}-{k}")[:BID_TRIES]:
            view, made = calls[i]
            b = judge_call(view.hand, view.seat, dealer, view.auction, _bid_seed(f"bid-{seed}-{k}-{i}"), rules)
            if b is not None and (made.text != b["best"] or b["best"] != "pass"):
                p = _bidding_problem(where, i, view.seat, view.auction, b, rules)
                out.append(dataclasses.replace(p, fails=call_fails(p, view, made)))
                break
    return out


def bidding_order(calls: Sequence[tuple[SeatView, Call]], key: str) -> list[int]:
    """The order a deal's calls are tried in for a bidding problem: the calls made over a
    coinche first (the rare surcoinche decisions), then the others in a random order of
    ``key``'s.

    >>> hands, a = Deal.random(1).hands, Auction.parse("", Seat.W)
    >>> calls = []
    >>> for seat, text in ((Seat.N, "80H"), (Seat.E, "coinche"), (Seat.S, "pass")):
    ...     calls.append((SeatView(seat, hands[seat], Seat.W, a), parse_call(text, seat)))
    ...     a = a.then(calls[-1][1])
    >>> bidding_order(calls, "x")[0]         # S speaks over E's coinche
    2
    """
    order = list(range(len(calls)))
    random.Random(key).shuffle(order)
    return sorted(order, key=lambda i: calls[i][0].auction.state().coinche == Coinche.NONE)


def _seat_rng(problem_id: str) -> random.Random:
    """The worlds of seat problem ``problem_id``: the same when it is checked again."""
    return random.Random(f"worlds-{problem_id}")


def _bid_seed(problem_id: str) -> int:
    """The seed of the deals bidding problem ``problem_id`` is judged on."""
    return random.Random(f"deals-{problem_id}").randrange(2 ** 31)


def judge_seat(pos: Position, contract: Contract, solver: Solver, worlds: int,
               rng: random.Random) -> Optional[dict[str, Any]]:
    """The side to move's cards in ``pos`` judged as the seat sees them: its hand and the
    play so far (:class:`~solver.knowledge.Knowledge` without the belote or declarations).
    ``worlds`` deals of the hidden cards consistent with the play are solved exactly for
    every legal card; a card's value in a world is its side's deal score there
    (:func:`side_score`).  The best card class (cards of equal value in every world) must
    beat every other card by more than :data:`CLEAR_SE` paired standard errors, and hold at
    most :data:`MAX_BEST_SHARE` of the legal cards; else ``None``.  Returns the best
    cards and every other card's mean loss in score and card points with its standard error."""
    legal = list(pos.legal_cards())
    if len(legal) < MIN_LEGAL:
        return None
    seat = pos.to_move
    know = Knowledge.from_play(pos.deal.hands[seat], seat, pos.strain, pos.first_leader,
                               [c for _, c in pos.history], pos.rules)
    try:
        deals = sample_deals(know.hand, seat, worlds, rng=rng, constraints=know.constraints(check=False))
    except CoincheError:
        return None
    team = seat.team
    sign = 1 if team == Team.NS else -1
    scores = np.empty((len(deals), len(legal)))
    points = np.empty((len(deals), len(legal)))
    for w, d in enumerate(deals):
        values = solver.card_values(pos.on_deal(d))
        for c, card in enumerate(legal):
            scores[w, c] = side_score(contract, d, pos.first_leader, pos.rules, values[card], team)
            points[w, c] = sign * values[card]
    mean = scores.mean(axis=0) + points.mean(axis=0) / 1000.0      # card points break score ties
    top = int(np.argmax(mean))
    best = [legal[c] for c in range(len(legal))
            if np.array_equal(scores[:, c], scores[:, top]) and np.array_equal(points[:, c], points[:, top])]
    if len(best) / len(legal) > MAX_BEST_SHARE:
        return None
    n = len(deals)
    losses: dict[Card, tuple[float, float, float]] = {}
    for c, card in enumerate(legal):
        if card in best:
            continue
        diff = scores[:, top] - scores[:, c]
        m = float(diff.mean())
        se = float(diff.std(ddof=1) / math.sqrt(n)) if n > 1 else math.inf
        pdiff = float((points[:, top] - points[:, c]).mean())
        if not m > CLEAR_SE * se or m <= 0:
            return None
        losses[card] = (m, se, pdiff)
    return {"best": best, "losses": losses, "worlds": n}


def judge_call(hand: Any, seat: Seat, dealer: Seat, auction: Any, seed: int,
               rules: Rules, checks: Sequence[str] = CHECKS) -> Optional[dict[str, Any]]:
    """The next call of ``auction`` judged on :data:`BID_SAMPLES` deals of ``seed`` by
    double dummy and the other ``checks`` asked for; kept (else ``None``) when the same
    call is best by all of them:

    - double dummy, as if the auction ended after the call
      (:func:`solver.bidding.auction_advice`): it beats every other legal call by more
      than :data:`CLEAR_SE` paired standard errors;
    - looking ahead (:func:`solver.lookahead.judge_calls_ahead`, on the same deals): the auction
      continued by the bots after each call, the look-ahead advises it;
    - realistic play (:func:`real_losses`): on the first :data:`REAL_SAMPLES` deals
      played out by PIMC players, it beats the :data:`REAL_RIVALS` next calls by more
      than :data:`REAL_CLEAR_SE` paired standard errors."""
    seen: list[tuple[list[Deal], list[Any], BiddingSystem]] = []

    def judge(auction: Auction, seat: Seat, deals: list[Deal], results: list[Any], rules: Rules,
              system: BiddingSystem, seed: Optional[int]) -> tuple[list[CallJudged], np.ndarray, None]:
        seen[:] = [(deals, results, system)]
        return ends_now(auction, seat, deals, results, rules, system, seed)

    try:
        adv = auction_advice(hand, seat, dealer, auction, samples=BID_SAMPLES, seed=seed, rules=rules, workers=1,
                             judge=judge)
    except CoincheError:
        return None
    best = adv.best
    others = sorted((c for c in adv.calls if c.call.text != best.call.text), key=lambda c: -c.vs_best)
    if not others or len(adv.calls) < MIN_LEGAL:
        return None
    if any(not -c.vs_best > CLEAR_SE * c.vs_best_se for c in others):
        return None
    deals, results, system = seen[0]
    if "look-ahead" in checks:
        note = judge_calls_ahead(adv.auction, seat, deals, results, rules, system, seed=seed)[2]
        if note.chosen != best.call:
            return None
    if "realistic" in checks:
        real = real_losses(adv.auction, seat, deals[:REAL_SAMPLES], best.call,
                           [c.call for c in others[:REAL_RIVALS]], rules, seed)
        if any(not m > REAL_CLEAR_SE * se for m, se in real.values()):
            return None
    return {"best": best.call.text,
            "losses": [(c.call.text, -float(c.vs_best), float(c.vs_best_se)) for c in others],
            "samples": adv.samples, "checks": ("double-dummy", *(c for c in CHECKS[1:] if c in checks))}


def real_losses(auction: Auction, seat: Seat, deals: Sequence[Deal], best: Call, rivals: Sequence[Call],
                rules: Rules, seed: int) -> dict[str, tuple[float, float]]:
    """Per rival call: what it loses against ``best`` with realistic play (mean over
    ``deals`` and its paired standard error), each call scored as if the auction ended
    after it, the deal played out in its strain by PIMC players who each see only their
    own cards (:data:`REAL_WORLDS` worlds a card; one play-out per deal and strain,
    seeded by ``seed``, the deal and the strain).

    >>> a = Auction.parse("", Seat.E)
    >>> d = Deal.random(5)
    >>> out = real_losses(a, Seat.S, [d, Deal.random(6)], parse_call("80H", Seat.S), [parse_call("pass", Seat.S)], Rules(), 1)
    >>> list(out), all(isinstance(v, float) for v in out["pass"])
    (['pass'], True)
    """
    leader, team = auction.dealer.next, seat.team
    contracts = {c: auction.then(c).state().contract() for c in [best, *rivals]}
    strains = sorted({int(k.strain) for k in contracts.values() if k is not None})
    rows = [{st: realistic_row(d, Strain(st), leader, rules, REAL_WORLDS, seed * 1_000 + 10 * i + st)
             for st in strains} for i, d in enumerate(deals)]

    def margins(call: Call) -> np.ndarray:
        k = contracts[call]
        return np.array([contract_margin(k, d, None if k is None else r[int(k.strain)], team, leader, rules)[0]
                         for d, r in zip(deals, rows)], dtype=float)

    top = margins(best)
    out = {}
    for c in rivals:
        diff = top - margins(c)
        se = float(diff.std(ddof=1) / math.sqrt(len(diff))) if len(diff) > 1 else math.inf
        out[c.text] = (float(diff.mean()), se)
    return out


def _goal(contract: Contract, seat: Seat, keeps: bool) -> tuple[str, str]:
    if not keeps:
        return "most", "win as many points as you can"
    if seat.team == contract.team:
        return "make", f"make {contract.to_text()}"
    return "defeat", f"defeat {contract.to_text()}"


def goal_sentence(p: Problem) -> str:
    """The problem's goal for people, in the output language (``goal_text`` is its English)."""
    if p.contract is None:
        return tr("find the best call")
    if p.goal == "make":
        return tr("make {contract}", contract=p.contract.to_text())
    if p.goal == "defeat":
        return tr("defeat {contract}", contract=p.contract.to_text())
    return tr("win as many points as you can")


def _card_problem(kind: ProblemKind, where: tuple[int, int, Deal, Seat, tuple[Call, ...]], i: int, contract: Contract,
                  pos: Position, j: dict[str, Any], solver: Solver, rules: Rules,
                  w: Optional[dict[str, Any]] = None) -> Problem:
    """A four-hands problem from the exact judgment ``j``, or a seat problem from the worlds'
    judgment ``w`` (its costs the mean losses over the worlds, with their standard errors);
    the line is the exact one on the real deal either way."""
    seed, k, deal, dealer, auction = where
    best: list[Card] = j["best"] if w is None else w["best"]
    sol = best[0]
    p2 = pos.copy()
    p2.play(sol)
    line = [sol] + (solver.optimal_line(p2, j["values"][sol]) if not p2.is_over else [])
    if w is None:
        top_s = j["score"][sol]
        top_p = j["pts"][sol]
        alts = tuple(Alternative(str(c), top_s - j["score"][c], top_p - j["pts"][c])
                     for c in sorted(j["values"]) if c not in best)
        prefix, samples = "4h", 0
    else:
        alts = tuple(Alternative(str(c), round(m), round(pd), round(se, 1))
                     for c, (m, se, pd) in sorted(w["losses"].items()))
        prefix, samples = "seat", int(w["worlds"])
    goal, text = _goal(contract, pos.to_move, j["keeps"])
    return Problem(
        id=f"{prefix}-{seed}-{k}-{i}", kind=kind, deal=deal, dealer=dealer, auction=auction,
        contract=contract, seat=pos.to_move, played=tuple(c for _, c in pos.history), goal=goal, goal_text=text,
        solution=str(sol), solution_cards=tuple(best), line=tuple(line), alternatives=alts,
        themes=themes_of(pos, sol, line), difficulty=0.5, rating=1500, seed=seed, samples=samples, rules=rules)


def _bidding_problem(where: tuple[int, int, Deal, Seat, tuple[Call, ...]], i: int, seat: Seat, auction: Any,
                     b: dict[str, Any], rules: Rules) -> Problem:
    seed, k, deal, dealer, _ = where
    alts = tuple(Alternative(call, round(m), 0, round(se, 1)) for call, m, se in b["losses"][:BID_ALTERNATIVES])
    return Problem(
        id=f"bid-{seed}-{k}-{i}", kind=ProblemKind.BIDDING, deal=deal, dealer=dealer, auction=tuple(auction.calls),
        contract=None, seat=seat, played=(), goal="most", goal_text="find the best call",
        solution=b["best"], solution_cards=(), line=(), alternatives=alts, themes=bidding_themes(auction, seat, b["best"]),
        difficulty=0.5, rating=1500, seed=seed, samples=int(b["samples"]), rules=rules, checks=b["checks"])


def bidding_themes(auction: Any, seat: Seat, solution: str = "") -> tuple[str, ...]:
    """The situation of a bidding problem: ``opening`` (no bid yet), ``answer`` (partner made
    the last bid), ``overcall`` (an opponent did); ``coinche-decision`` when the last bid is
    coinched, or when the solution is to coinche or surcoinche (the deal score the calls are
    judged by counts the coinche's multiplier)."""
    state = auction.state()
    if state.bid is None:
        return ("opening",)
    if state.coinche != Coinche.NONE or solution in ("coinche", "surcoinche"):
        return ("coinche-decision",)
    return ("answer",) if state.bid.seat.team == seat.team else ("overcall",)


def near_key(p: Problem) -> tuple[Any, ...]:
    """Two problems with the same key are near-duplicates (the miner keeps the first).

    A card problem's key: its kind, goal, strain and the seat to move's place (declarer's
    side or not, first to play or not), and per suit its role (trump, led, other), the
    cards of the player to move and the cards of the trick on the table, each card written
    as (its order among the suit's cards still out, its card points): cards that differ only
    by which smaller cards are gone are equivalent.  The side suits are sorted, so two
    positions differing by a permutation of the side suits are the same.
    A bidding problem's key: the auction so far and the hand with the 7 and 8 alike (no
    points in any strain)."""
    if p.contract is None:
        hand = p.deal.hands[p.seat]
        suits = tuple("".join(sorted("x" if c.rank.char in "78" else c.rank.char for c in hand if c.suit == s))
                      for s in Suit)
        return ("bidding", tuple(c.text for c in p.auction), suits)
    pos = p.position()
    strain = pos.strain
    trump = strain.trump
    trick = list(pos.trick)
    led = trick[0].suit if trick else None
    order = strength_table(strain)
    pts = pos.points_table
    out_cards = [c for s in Seat for c in pos.hand(s)] + trick
    mine = set(pos.hand(pos.to_move))
    roles = []
    for suit in Suit:
        left = sorted((c for c in out_cards if c.suit == suit), key=lambda c: order[int(c)])
        rank = {c: n for n, c in enumerate(left)}
        role = 0 if suit == trump else 1 if suit == led else 2
        roles.append((role, tuple((rank[c], pts[c]) for c in left if c in mine),
                      tuple((rank[c], pts[c]) for c in trick if c.suit == suit)))
    roles.sort()
    side = pos.to_move.team == p.contract.declarer.team
    return (p.kind, p.goal, strain.trump >= 0, strain == Strain.TA, side, len(trick), tuple(roles))


def mine(seed: int, counts: dict[str, int], *, ex: Any = None, rules: Rules = Rules(), start: int = 0,
         max_deals: Optional[int] = None,
         on_deal: Optional[Callable[[int, dict[str, int]], None]] = None) -> Iterator[Problem]:
    """Problems of each kind in ``counts`` (kind -> how many) mined from the deals of ``seed``
    in order (:func:`mine_deal`), from deal ``start`` on and at most ``max_deals`` of them (no limit: ``None``),
    near-duplicates (:func:`near_key`) left out, until every kind has its count.  ``ex``: a
    :class:`solver.parallel.Executor` running the deals on its workers (the deals' results
    are read in order, so the set is the same whatever runs it); without, the deals are mined
    here.  ``on_deal(k, kept)`` after deal ``k``.  Runs on consecutive ranges of deals,
    joined by :func:`merge_sets`, give the problems of one run over all of them."""
    need = {kind: n for kind, n in counts.items() if n > 0}
    for kind in need:
        if kind not in KINDS:
            raise ProblemError(tr("problem kind {kind!r}: expected one of {kinds}", kind=kind,
                                  kinds=", ".join(KINDS)))
    kinds = tuple(kind for kind in KINDS if kind in need)
    kept: dict[str, int] = {kind: 0 for kind in kinds}
    seen: set[tuple[Any, ...]] = set()
    deals = itertools.count(start) if max_deals is None else iter(range(start, start + max_deals))
    tasks = (MineTask(seed, k, kinds, rules) for k in deals)
    if ex is None:
        solver = Solver()
        results: Iterator[list[Problem]] = (mine_deal(solver, t) for t in tasks)
    else:
        results = ex.map_ordered(mine_deal, tasks)
    for k, found in enumerate(results, start):
        for p in found:
            if kept[p.kind] >= need[p.kind]:
                continue
            key = near_key(p)
            if key in seen:
                continue
            seen.add(key)
            kept[p.kind] += 1
            yield p
        if on_deal is not None:
            on_deal(k, dict(kept))
        if all(kept[kind] >= need[kind] for kind in kinds):
            break
    if isinstance(results, Iterator) and hasattr(results, "close"):
        results.close()


def set_order(p: Problem) -> tuple[int, int, int, int]:
    """The order of a problem set: by kind (:data:`KINDS`), then by the deal and the position
    (call) it comes from, so that the kinds mined in one run or in separate runs of the same
    seed make the same file."""
    _, seed, k, i = p.id.rsplit("-", 3)
    return KINDS.index(p.kind), int(seed), int(k), int(i)


def merge_sets(sets: Sequence[Sequence[Problem]], counts: Optional[dict[str, int]] = None) -> list[Problem]:
    """The problems of several mining runs of one seed as one run over all their deals would
    keep them: in the order of the deals (:func:`set_order`), near-duplicates (:func:`near_key`)
    left out but the first, at most ``counts[kind]`` of a kind when given, rated again among
    themselves (:func:`calibrate`) and sorted.  The runs must cover consecutive ranges of deals
    (``mine(start=...)``) for the result to be that of one run."""
    seeds = {p.seed for s in sets for p in s}
    if len(seeds) > 1:
        raise ProblemError(tr("problem sets of different seeds: {seeds}",
                              seeds=", ".join(str(s) for s in sorted(seeds))))
    seen: set[tuple[Any, ...]] = set()
    kept: collections.Counter[str] = collections.Counter()
    out: list[Problem] = []
    for p in sorted((p for s in sets for p in s), key=set_order):
        key = near_key(p)
        if key in seen or (counts is not None and kept[p.kind] >= counts.get(p.kind, 0)):
            continue
        seen.add(key)
        kept[p.kind] += 1
        out.append(p)
    return sorted(calibrate(out), key=set_order)


def mine_four_hands(seed: int, count: int, *, rules: Rules = Rules(), max_deals: int = 100000,
                    on_deal: Optional[Callable[[int, int], None]] = None) -> Iterator[Problem]:
    """Four-hands problems only (:func:`mine`)."""
    def told(k: int, kept: dict[str, int]) -> None:
        if on_deal is not None:
            on_deal(k, kept["four-hands"])
    return mine(seed, {"four-hands": count}, rules=rules, max_deals=max_deals, on_deal=told)


# -- difficulty -------------------------------------------------------------------------------

#: The players a card problem is put to, weakest first (see :func:`card_fails`).
CARD_PLAYERS = ("random", "heuristic", "pimc-3", "pimc-12")
#: The players a bidding problem is put to (see :func:`call_fails`).
CALL_PLAYERS = ("random", "heuristic", "advice-10", "advice-40")
#: Rounds of the joint fit of players' and problems' ratings (:func:`calibrate`).
CALIBRATION_ROUNDS = 8


def card_fails(p: Problem, pos: Position, heuristic: Card) -> tuple[tuple[str, float], ...]:
    """How often each player of :data:`CARD_PLAYERS` misses card problem ``p``: ``random``
    (a legal card at random: exactly the share of wrong cards), ``heuristic`` (the card the
    heuristic bot played at the table), ``pimc-3`` and ``pimc-12`` (the PIMC player seeing
    its hand and the play, on 3 and 12 worlds of its own seed)."""
    legal = list(pos.legal_cards())
    right = set(p.solution_cards)
    know = Knowledge.from_play(pos.deal.hands[pos.to_move], pos.to_move, pos.strain, pos.first_leader,
                               [c for _, c in pos.history], pos.rules)
    out = [("random", round(1 - len(right) / len(legal), 3)), ("heuristic", float(heuristic not in right))]
    for worlds in (3, 12):
        try:
            card = pimc_card(pos, know, worlds, random.Random(f"player-{p.id}-{worlds}")).card
        except CoincheError:
            continue
        out.append((f"pimc-{worlds}", float(card not in right)))
    return tuple(out)


def call_fails(p: Problem, view: SeatView, heuristic: Call) -> tuple[tuple[str, float], ...]:
    """How often each player of :data:`CALL_PLAYERS` misses bidding problem ``p``: ``random``
    (a legal call at random), ``heuristic`` (the call the heuristic bot made), ``advice-10``
    and ``advice-40`` (the sampled advice on 10 and 40 deals of seeds of their own)."""

    legal = view.auction.legal_calls()
    out = [("random", round(1 - 1 / len(legal), 3)), ("heuristic", float(heuristic.text != p.solution))]
    for samples in (10, 40):
        seed = random.Random(f"player-{p.id}-{samples}").randrange(2 ** 31)
        try:
            adv = auction_advice(view.hand, view.seat, view.dealer, view.auction, samples=samples, seed=seed,
                                 rules=p.rules, workers=1)
        except CoincheError:
            continue
        out.append((f"advice-{samples}", float(adv.best.call.text != p.solution)))
    return tuple(out)


def calibrate(problems: Sequence[Problem]) -> list[Problem]:
    """The problems with their rating, deviation and difficulty from their players' fails.

    Per kind, players and problems are rated against each other on the Glicko-2 scale of
    :mod:`solver.rating`: a problem "wins" a game against a player who misses it (a fail rate
    is the game's score).  Starting from every player at the default rating, each round rates
    every problem from its games (one rating period from a new rating), centres the
    problems' ratings on the default rating, and rates every player from its games against
    the problems; :data:`CALIBRATION_ROUNDS` rounds.  The difficulty is the mean fail rate."""
    out = list(problems)
    for kind in KINDS:
        idx = [i for i, p in enumerate(out) if p.kind == kind and p.fails]
        if not idx:
            continue
        names = sorted({n for i in idx for n, _ in out[i].fails})
        players = {n: Rating() for n in names}
        rated: dict[int, Rating] = {}
        for _ in range(CALIBRATION_ROUNDS):
            rated = {i: update(Rating(), [(players[n], f) for n, f in out[i].fails]) for i in idx}
            shift = sum(r.rating for r in rated.values()) / len(rated) - DEFAULT_RATING
            rated = {i: Rating(r.rating - shift, r.deviation, r.volatility) for i, r in rated.items()}
            players = {n: update(Rating(), [(rated[i], 1.0 - f) for i in idx for m, f in out[i].fails if m == n])
                       for n in names}
        for i in idx:
            p = out[i]
            out[i] = dataclasses.replace(p, rating=round(rated[i].rating), deviation=round(rated[i].deviation),
                                         difficulty=round(sum(f for _, f in p.fails) / len(p.fails), 3))
    return out


def check_problem(p: Problem, solver: Solver) -> list[str]:
    """What no longer holds when ``p`` is judged again (empty when it holds): a four-hands
    problem solved exactly; a seat problem on its worlds (the same seed) and on the real
    deal; a bidding problem on its deals (the same seed), by the judgments of its ``checks``."""
    if p.kind == "bidding":
        return _check_call(p)
    pos = p.position()
    values = solver.card_values(pos)
    team = p.seat.team
    assert p.contract is not None
    sc = {str(c): side_score(p.contract, p.deal, p.leader, p.rules, v, team) for c, v in values.items()}
    wrong = []
    top = sc[p.solution]
    for c in p.solution_cards:
        if sc[str(c)] != top:
            wrong.append(f"{p.id}: {c} scores {sc[str(c)]}, the solution {top}")
    if max(sc.values()) != top:
        wrong.append(f"{p.id}: {p.solution} is not best")
    if p.kind == "four-hands":
        for a in p.alternatives:
            if top - sc[a.answer] != a.cost:
                wrong.append(f"{p.id}: {a.answer} costs {top - sc[a.answer]}, stated {a.cost}")
        return wrong
    w = judge_seat(pos, p.contract, solver, p.samples, _seat_rng(p.id))
    if w is None or set(w["best"]) != set(p.solution_cards):
        return wrong + [f"{p.id}: {p.solution} is no longer clearly best over the worlds"]
    for a in p.alternatives:
        m, se, _ = w["losses"][Card.parse(a.answer)]
        if round(m) != a.cost or a.se is None or abs(round(se, 1) - a.se) > 0.05:
            wrong.append(f"{p.id}: {a.answer} costs {m:.0f} ± {se:.1f}, stated {a.cost} ± {a.se}")
    return wrong


def _check_call(p: Problem) -> list[str]:
    state = p.dealer.next

    auction = Auction(p.dealer, (), p.rules)
    for c in p.auction:
        auction = auction.then(c)
        state = state.next
    b = judge_call(p.deal.hands[p.seat], p.seat, p.dealer, auction, _bid_seed(p.id), p.rules, p.checks)
    if b is None or b["best"] != p.solution:
        return [f"{p.id}: {p.solution} is no longer the clear best call"]
    losses = {call: (m, se) for call, m, se in b["losses"]}
    wrong = []
    for a in p.alternatives:
        m, se = losses[a.answer]
        if round(m) != a.cost or a.se is None or abs(round(se, 1) - a.se) > 0.05:
            wrong.append(f"{p.id}: {a.answer} costs {m:.0f} ± {se:.1f}, stated {a.cost} ± {a.se}")
    return wrong
