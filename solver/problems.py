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

import dataclasses
import json
import random
from importlib import resources
from typing import Any, Callable, Iterator, Optional, Sequence

from .auction import Call, parse_call
from .bots import HeuristicBot, SeatView
from .cards import Card, Seat, Suit, Team
from .contract import Contract
from .deal import Deal
from .errors import CoincheError, ScoreError
from .game import play_deal
from .messages import tr
from .outcome import PlayedContract
from .play import Position, trick_winner
from .rules import Rules, Strain
from .solve import Solver

KINDS = ("four-hands", "seat", "bidding")
GOALS = ("make", "defeat", "most")
POINTS_MARGIN = 10          # card points the best card wins over every other (the rule above)
MIN_LEGAL = 3               # no problem with fewer legal cards
MAX_BEST_SHARE = 1 / 3      # no problem where more than a third of the legal cards are best
FORMAT = 1


class ProblemError(CoincheError):
    """A problem file or object that does not read as a problem."""


@dataclasses.dataclass(frozen=True)
class Alternative:
    """Another answer (a card like ``"KS"`` or a call like ``"100H"``) and its exact cost:
    deal score points (``cost``) and card points (``points``) lost against the solution,
    for the side to move."""

    answer: str
    cost: int
    points: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"answer": self.answer, "cost": self.cost, "points": self.points}

    @classmethod
    def from_dict(cls, obj: Any) -> "Alternative":
        if not isinstance(obj, dict):
            raise ProblemError(f"alternative {obj!r}: expected an object")
        try:
            return cls(str(obj["answer"]), int(obj["cost"]), int(obj.get("points", 0)))
        except (KeyError, TypeError, ValueError) as e:
            raise ProblemError(f"alternative {obj!r}: {e}") from None


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
      ``rating`` (the Glicko-2 scale of :mod:`solver.rating`), ``seed`` (of the mining run).
    """

    id: str
    kind: str
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
    rules: Rules = Rules()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ProblemError(f"problem kind {self.kind!r}: expected one of {', '.join(KINDS)}")
        if self.goal not in GOALS:
            raise ProblemError(f"problem goal {self.goal!r}: expected one of {', '.join(GOALS)}")

    @property
    def leader(self) -> Seat:
        """The first leader: the seat after the dealer."""
        return self.dealer.next

    def position(self) -> Position:
        """The card-play position of the problem (``ProblemError`` for a bidding problem)."""
        if self.contract is None:
            raise ProblemError(f"problem {self.id}: a bidding problem has no card-play position")
        return Position(self.deal, self.contract.strain, self.leader, self.rules, self.played)

    def cost(self, answer: str) -> int:
        """The score ``answer`` loses against the solution (0 for the solution or an equivalent)."""
        if answer == self.solution or answer in {str(c) for c in self.solution_cards}:
            return 0
        for a in self.alternatives:
            if a.answer == answer:
                return a.cost
        raise ProblemError(f"{answer!r} is no answer of problem {self.id}")

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
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, obj: Any) -> "Problem":
        if not isinstance(obj, dict):
            raise ProblemError(f"problem {obj!r}: expected an object")
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
                id=str(obj["id"]), kind=str(obj["kind"]), deal=Deal.from_pbn(str(obj["deal"])),
                dealer=dealer, auction=tuple(auction), contract=contract,
                seat=Seat.parse(obj["seat"]), played=tuple(Card.parse(x) for x in obj["played"]),
                goal=str(obj["goal"]), goal_text=str(obj["goal_text"]), solution=str(obj["solution"]),
                solution_cards=tuple(Card.parse(x) for x in obj["solution_cards"]),
                line=tuple(Card.parse(x) for x in obj["line"]),
                alternatives=tuple(Alternative.from_dict(a) for a in obj["alternatives"]),
                themes=tuple(str(t) for t in obj["themes"]), difficulty=float(obj["difficulty"]),
                rating=int(obj["rating"]), seed=int(obj["seed"]))
        except ProblemError:
            raise
        except (KeyError, TypeError, ValueError, CoincheError) as e:
            raise ProblemError(f"problem {obj.get('id', '?')!r}: {e}") from None


def problems_to_json(problems: Sequence[Problem]) -> str:
    return json.dumps({"format": FORMAT, "problems": [p.to_dict() for p in problems]},
                      ensure_ascii=False, indent=0) + "\n"


def problems_from_json(text: str) -> list[Problem]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise ProblemError(f"not JSON: {e}") from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT or not isinstance(obj.get("problems"), list):
        raise ProblemError(f"not a problem set: expected {{\"format\": {FORMAT}, \"problems\": [...]}}")
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

def themes_of(pos: Position, card: Card) -> tuple[str, ...]:
    """Themes read from the solution ``card`` played in ``pos``:

    - ``drawing-trumps``: a trump led in a suit contract;
    - ``exit``: the lead of a singleton side card;
    - ``ruffing``: a trump on a side suit led, being void in it;
    - ``points-on-partner``: 10 points or more on partner's winning card;
    - ``overtaking``: winning the trick partner was winning;
    - ``ducking``: second hand following low without winning, other cards of the suit kept;
    - ``keeping-a-guard``: a card of no points that loses the trick, a 10-point card kept;
    - ``unblocking``: following with one's highest card of the suit on a trick it does not win;
    - ``last-trick``: a decision in the last two tricks (counting for the last trick's 10);
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
    if pos.total_tricks - pos.tricks_played <= 2:
        out.append("last-trick")
    return tuple(out) or ("technique",)


def _higher(a: Card, b: Card, strain: Strain) -> bool:
    return trick_winner([b, a], strain) == 1


# -- mining -----------------------------------------------------------------------------------

def _heuristic_card(pos: Position, deal: Deal, dealer: Seat, auction: Any, rules: Rules) -> Card:
    view = SeatView(pos.to_move, deal.hands[pos.to_move], dealer, auction, tuple(c for _, c in pos.history), (), {}, rules)
    return HeuristicBot(0).card(view)


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


def mine_four_hands(seed: int, count: int, *, solver: Optional[Solver] = None, rules: Rules = Rules(),
                    max_deals: int = 100000, on_deal: Optional[Callable[[int, int], None]] = None
                    ) -> Iterator[Problem]:
    """Four-hands problems from deals played by the heuristic bot, reproducibly from ``seed``
    (deal ``k`` is ``Deal.random(seed * 1_000_003 + k)``).  ``on_deal(k, kept)`` after each deal."""
    solver = solver or Solver()
    rng = random.Random(seed)
    kept = 0
    seen: set[tuple[int, ...]] = set()
    for k in range(max_deals):
        if kept >= count:
            return
        deal = Deal.random(seed * 1_000_003 + k)
        dealer = Seat(k % 4)
        bots = [HeuristicBot(0) for _ in range(4)]
        positions: list[tuple[Position, Card]] = []

        def watch(seat: Seat, card: Card, pos: Position) -> None:
            positions.append((pos.copy(), card))

        result = play_deal(deal, dealer, bots, rules, on_card=watch)
        contract = result.record.contract
        if contract is None or not positions:
            if on_deal:
                on_deal(k, kept)
            continue
        # one problem at most per deal, at a random trick among those that qualify
        order = list(range(len(positions) - 8))         # the last two tricks are too short
        rng.shuffle(order)
        for i in order:
            pos, played_card = positions[i]
            j = judge_position(pos, contract, solver)
            if j is None or played_card in j["best"]:
                continue
            key = tuple(pos.hands) + (int(pos.to_move),)
            if key in seen:
                continue
            seen.add(key)
            yield _four_hands_problem(seed, k, i, deal, dealer, result.record.auction, contract, pos,
                                      j, played_card, solver, rules)
            kept += 1
            break
        if on_deal:
            on_deal(k, kept)


def goal_sentence(p: Problem) -> str:
    """The problem's goal for people, in the output language (``goal_text`` is its English)."""
    if p.contract is None:
        return tr("find the best call")
    if p.goal == "make":
        return tr("make {contract}", contract=p.contract.to_text())
    if p.goal == "defeat":
        return tr("defeat {contract}", contract=p.contract.to_text())
    return tr("win as many points as you can")


def _goal(contract: Contract, seat: Seat, keeps: bool) -> tuple[str, str]:
    if not keeps:
        return "most", "win as many points as you can"
    if seat.team == contract.team:
        return "make", f"make {contract.to_text()}"
    return "defeat", f"defeat {contract.to_text()}"


def _four_hands_problem(seed: int, k: int, i: int, deal: Deal, dealer: Seat, auction: Sequence[Call],
                        contract: Contract, pos: Position, j: dict[str, Any], simple: Card,
                        solver: Solver, rules: Rules) -> Problem:
    best: list[Card] = j["best"]
    sol = best[0]
    p2 = pos.copy()
    p2.play(sol)
    line = [sol] + (solver.optimal_line(p2, j["values"][sol]) if not p2.is_over else [])
    top_s = j["score"][sol]
    top_p = j["pts"][sol]
    alts = tuple(Alternative(str(c), top_s - j["score"][c], top_p - j["pts"][c])
                 for c in sorted(j["values"]) if c not in best)
    fails = sum(1 for a in alts if a.cost > 0 or a.points > 0)
    # difficulty: the simple player fails by construction; add the share of wrong cards
    difficulty = round(0.5 + 0.5 * fails / max(1, len(alts) + len(best)), 3)
    goal, text = _goal(contract, pos.to_move, j["keeps"])
    return Problem(
        id=f"4h-{seed}-{k}-{i}", kind="four-hands", deal=deal, dealer=dealer, auction=tuple(auction),
        contract=contract, seat=pos.to_move, played=tuple(c for _, c in pos.history), goal=goal, goal_text=text,
        solution=str(sol), solution_cards=tuple(best), line=tuple(line), alternatives=alts,
        themes=themes_of(pos, sol), difficulty=difficulty, rating=int(1000 + 1000 * difficulty), seed=seed,
        rules=rules)


def check_problem(p: Problem, solver: Solver) -> list[str]:
    """What no longer holds when ``p`` is solved again (empty when its solution is exact)."""
    if p.contract is None:
        return []
    pos = p.position()
    values = solver.card_values(pos)
    team = p.seat.team
    sc = {str(c): side_score(p.contract, p.deal, p.leader, p.rules, v, team) for c, v in values.items()}
    wrong = []
    top = sc[p.solution]
    for c in p.solution_cards:
        if sc[str(c)] != top:
            wrong.append(f"{p.id}: {c} scores {sc[str(c)]}, the solution {top}")
    for a in p.alternatives:
        if top - sc[a.answer] != a.cost:
            wrong.append(f"{p.id}: {a.answer} costs {top - sc[a.answer]}, stated {a.cost}")
    if max(sc.values()) != top:
        wrong.append(f"{p.id}: {p.solution} is not best")
    return wrong
