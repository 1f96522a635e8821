"""The board's answers: the package's analyses as plain JSON-ready dicts.

Each function takes the request's text fields, parses them once with the package's
own parsers (so bad input raises the same :class:`~solver.errors.CoincheError`, with
the same message, as on the command line) and returns the result object's
``to_dict()`` with what the page draws added.  Nothing here imports the web
framework.

>>> play_view(EXAMPLE_DEAL, "C", "S", "")["to_move"]
'S'
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Iterable, Optional

from solver.realism import advise
from solver.auction import Auction
from solver.lookahead import auction_advice
from solver.cardplay import play_advice
from solver.cards import Seat
from solver.contract import Contract
from solver.deal import EXAMPLE_DEAL, Deal
from solver.handeval import TRUMP_STRAINS, evaluate_hand, model as point_count_model
from solver.errors import ConstraintError, DealError
from solver.lead import lead_advice
from solver.messages import tr
from solver.par import par
from solver.pimc import play_out
from solver.play import Position
from solver.review import review
from solver.rules import STRAINS, Rules
from solver.seatreview import review_from_seats
from solver.solve import solve
from solver.table import dd_table

__all__ = ["EXAMPLE_DEAL", "parse_deal", "deal_view", "play_view", "table_view", "par_view",
           "review_view", "advice_view", "lead_view", "histograms", "parse_rules", "seat_advice_view",
           "seat_review_view", "playout_view"]

#: Width of a histogram bar, in points.
BIN = 10


def parse_rules(options: "Iterable[str] | None") -> Rules:
    """The rules a request computes under: its ``rules`` field, ``NAME=VALUE`` texts read
    as the command line reads ``--rule NAME=VALUE`` (:meth:`Rules.with_options`).

    >>> parse_rules(["must_undertrump=false"]).must_undertrump, parse_rules([]) == Rules()
    (False, True)
    """
    return Rules().with_options(list(options or ()))


def parse_deal(text: str) -> Deal:
    """A deal from PBN text, or the word ``example`` (as on the command line)."""
    if text.strip().lower() == "example":
        return Deal.from_pbn(EXAMPLE_DEAL)
    return Deal.from_pbn(text)


def deal_view(deal: Deal, seed: "int | None" = None) -> dict[str, Any]:
    """The deal as PBN text and per hand."""
    out: dict[str, Any] = {"deal": deal.to_pbn(), "hands": {s.name: deal.hands[s].to_pbn() for s in Seat}}
    if seed is not None:
        out["seed"] = seed
    return out


def _position(pos: Position) -> dict[str, Any]:
    over = pos.is_over
    return {
        "trick_leader": pos.leader.name,
        "trick": [c.name for c in pos.trick],
        "hands": {s.name: pos.hand(s).to_pbn() for s in Seat},
        "tricks": {"NS": pos.tricks[0], "EW": pos.tricks[1]},
        "points": {"NS": pos.points[0], "EW": pos.points[1]},
        "over": over,
        "last_trick": _last_trick(pos),
    }


def _last_trick(pos: Position) -> "dict[str, Any] | None":
    """The last complete trick: its leader and cards (shown while the next one is empty)."""
    done = len(pos.history) - len(pos.trick)
    if done == 0:
        return None
    cards = pos.history[done - 4:done]
    return {"leader": cards[0][0].name, "cards": [c.name for _, c in cards]}


def play_view(deal: "Deal | str", strain: str, leader: str, played: str, rules: Rules = Rules()) -> dict[str, Any]:
    """A position of the play-through: the solution (every legal card's value and cost,
    the best line to the end) and the position (trick, hands left, tricks won)."""
    d = parse_deal(deal) if isinstance(deal, str) else deal
    sol = solve(d, strain, leader, played, rules)
    out = sol.to_dict()
    out["costs"] = {c.name: sol.cost(c) for c in sol.card_values}
    out["ew_max_tricks"] = sol.ew_max_tricks
    out["capot"] = "NS" if sol.ns_max_tricks == 8 else "EW" if sol.ns_max_tricks == 0 else None
    out.update(_position(sol.position))
    return out


def table_view(deal: "Deal | str", rules: Rules = Rules()) -> dict[str, Any]:
    """The table for all four leaders."""
    d = parse_deal(deal) if isinstance(deal, str) else deal
    t = dd_table(d, rules=rules)          # the strains spread over the cores
    rows = []
    for seat in Seat:
        row = t.for_leader(seat).to_dict()
        row.pop("nodes", None)
        rows.append(row)
    return {"deal": d.to_pbn(), "leaders": rows}


def estimates_view(deal: "Deal | str", dealer: str, playouts: int, worlds: int, seed: Optional[int],
                   progress: "Callable[[int, int], None] | None" = None,
                   rules: Rules = Rules()) -> dict[str, Any]:
    """Beside the double-dummy table, per strain: the point count's estimate of each
    side's card points from each hand (:func:`solver.evaluate_hand`, trump strains, the
    default rules it was fitted under, with its held-out error) and the points N-S take
    when PIMC players, each seeing only its own hand, play the deal ``playouts`` times
    from the seat after ``dealer`` (:func:`solver.play_out`, ``worlds`` worlds a
    decision), their mean and its standard error over the play-outs.  Card points
    include the last trick's 10, as the table's do; the count needs whole hands of 8."""
    d = parse_deal(deal) if isinstance(deal, str) else deal
    leader = Seat.parse(dealer).next
    table = dd_table(d, rules=rules)
    seeds = random.Random(seed).sample(range(1 << 30), playouts * len(STRAINS))
    total = len(STRAINS) * playouts
    rows = []
    for i, strain in enumerate(STRAINS):
        ns = [table.for_leader(s).ns_points[strain.name] for s in Seat]
        count = ({s.name: round(evaluate_hand(d.hands[s], strain).points, 1) for s in Seat}
                 if strain in TRUMP_STRAINS and d.cards_per_hand == 8 else None)
        real = []
        for k in range(playouts):
            if progress is not None:
                progress(i * playouts + k, total)
            real.append(play_out(d, strain=strain, leader=leader, worlds=worlds, seed=seeds[i * playouts + k],
                                 rules=rules, workers=1).ns_points)
        mean = sum(real) / len(real)
        se = (math.sqrt(sum((x - mean) ** 2 for x in real) / (len(real) - 1) / len(real))
              if len(real) > 1 else None)
        rows.append({"strain": strain.name, "dd_ns_mean": sum(ns) / 4, "dd_ns": ns[int(leader)],
                     "count": count, "real_ns": real, "seeds": seeds[i * playouts:(i + 1) * playouts],
                     "real_ns_mean": mean,
                     "real_ns_se": None if se is None else round(se, 2)})
    if progress is not None:
        progress(total, total)
    return {"deal": d.to_pbn(), "leader": leader.name, "playouts": playouts, "worlds": worlds,
            "count_error": point_count_model()["accuracy"]["rmse"], "strains": rows}


def par_view(deal: "Deal | str", dealer: str, rules: Rules = Rules()) -> dict[str, Any]:
    d = parse_deal(deal) if isinstance(deal, str) else deal
    return par(d, dealer=dealer, rules=rules).to_dict()


def review_view(deal: "Deal | str", strain: str, leader: str, played: str, rules: Rules = Rules()) -> dict[str, Any]:
    d = parse_deal(deal) if isinstance(deal, str) else deal
    return review(d, strain, leader, played, rules).to_dict()


def histograms(points: "list[list[int | None]]", bonus: "list[list[int | None]]") -> dict[str, Any]:
    """Per strain, how many sampled deals gave the side each band of points (card
    points plus belote), in bands of :data:`BIN`; ``None`` (a strain a racing answer
    left unsolved on that deal) is not counted.

    >>> h = histograms([[80, 0, 0, 0, 0, 0], [95, 0, 0, 0, 0, 0]], [[20, 0, 0, 0, 0, 0]] * 2)
    >>> h["bins"][:3], h["counts"]["S"][10:12]
    ([0, 10, 20], [1, 1])
    """
    top = max([BIN] + [p + (b or 0) for row, brow in zip(points, bonus) for p, b in zip(row, brow) if p is not None])
    n = top // BIN + 1
    counts = {s.name: [0] * n for s in STRAINS}
    for row, brow in zip(points, bonus):
        for s, p, b in zip(STRAINS, row, brow):
            if p is not None:
                counts[s.name][(p + (b or 0)) // BIN] += 1
    return {"width": BIN, "bins": [i * BIN for i in range(n)], "counts": counts}


def advice_view(hand: str, seat: str, dealer: str, samples: int, seed: Optional[int],
                auction: str = "", progress: "Callable[[int, int], None] | None" = None,
                rules: Rules = Rules(), lookahead: bool = False) -> dict[str, Any]:
    """Bidding advice with the histograms and the answer to the auction so far
    (``lookahead``: the next call judged by continuing the auction).

    An auction is read and checked as ``coinche advise --auction`` reads it
    (:func:`~solver.bidding.auction_advice`, :meth:`Auction.parse`), first, so that a bad
    one is refused before any deal is sampled."""
    s, dl = Seat.parse(seat), Seat.parse(dealer)
    inside = None
    if auction.strip():
        # the next call, judged on deals that fit what the calls so far showed
        asked = auction_advice(hand, s, dl, auction, samples=samples, seed=seed, rules=rules, progress=progress,
                               lookahead=lookahead)
        inside = asked.to_dict()
        for c in inside["calls"]:
            c["call"] = c["call"].replace(" ", "")          # capot S -> capotS, as the grid names bids
        inside["best"] = inside["best"].replace(" ", "")
    adv = advise(hand, seat=s, dealer=dl, samples=samples, seed=seed, rules=rules, progress=progress)
    full = adv.to_dict(with_deals=True)
    out = {k: v for k, v in full.items() if k not in ("deals", "points", "capot", "bonus")}
    out["histograms"] = histograms(full["points"], full["bonus"])
    out["auction"] = auction
    out["answer"] = {"call": out["recommendation"]["bid"] or "pass", "over": None}
    if inside is not None:
        over = Auction.parse(auction, dl, rules).contract
        out["in_auction"] = inside
        out["answer"] = {"call": inside["best"], "over": None if over is None else over.to_text()}
    return out


def lead_view(hand: str, seat: str, contract: str, declarer: str, samples: int, seed: Optional[int],
              progress: "Callable[[int, int], None] | None" = None, rules: Rules = Rules()) -> dict[str, Any]:
    return lead_advice(hand, seat, contract, declarer=declarer, samples=samples, seed=seed, rules=rules,
                       progress=progress).to_dict()


def _contract(contract: str, declarer: str) -> Contract:
    """``100H`` and ``N`` as one contract; the declarer must be given."""
    return Contract.parse(contract, declarer=Seat.parse(declarer))


def seat_advice_view(deal: "Deal | str", contract: str, declarer: str, leader: str, played: str,
                     samples: int, seed: Optional[int],
                     progress: "Callable[[int, int], None] | None" = None, rules: Rules = Rules()) -> dict[str, Any]:
    """Card-play advice for the seat to move, from its own hand and the play, with each
    card's exact value on the deal beside the sampled average."""
    d = parse_deal(deal) if isinstance(deal, str) else deal
    c = _contract(contract, declarer)
    pos = Position.parse(d, c.strain, leader, rules, played=played)
    if pos.is_over:
        raise ConstraintError(tr("the deal is over: no card is left to play"))
    seat = pos.to_move
    return play_advice(d.hands[seat], seat, c, played, leader=leader, samples=samples, seed=seed, deal=d,
                       rules=rules, progress=progress).to_dict()


def seat_review_view(deal: "Deal | str", contract: str, declarer: str, leader: str, played: str,
                     samples: int, seed: Optional[int],
                     progress: "Callable[[int, int], None] | None" = None, rules: Rules = Rules()) -> dict[str, Any]:
    """The play so far judged from each player's seat and on the deal."""
    d = parse_deal(deal) if isinstance(deal, str) else deal
    return review_from_seats(d, _contract(contract, declarer), played, leader=leader, samples=samples,
                             seed=seed, rules=rules, progress=progress).to_dict()


def playout_view(deal: "Deal | str", contract: str, declarer: str, leader: str, played: str, worlds: int,
                 seed: Optional[int], progress: "Callable[[int, int], None] | None" = None,
                 rules: Rules = Rules()) -> dict[str, Any]:
    """The rest of the deal after ``played`` played out by PIMC players, each seeing
    only its own hand."""
    d = parse_deal(deal) if isinstance(deal, str) else deal
    return play_out(d, _contract(contract, declarer), leader=leader, played=played, worlds=worlds,
                    seed=seed, rules=rules, progress=progress).to_dict()


def check_samples(samples: int, limit: int) -> int:
    """A sample count within 1..limit."""
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= limit:
        raise ConstraintError(tr("samples {samples}: expected a whole number from 1 to {limit}",
                                 samples=repr(samples), limit=limit))
    return samples


def check_text(text: str, what: str, limit: int) -> str:
    if len(text) > limit:
        raise DealError(tr("{what} {text}...: longer than {limit} characters", what=what, text=repr(text[:80]),
                           limit=limit))
    return text

