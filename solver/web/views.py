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

from typing import Any, Callable, Optional

from solver.advice import advise
from solver.bidding import auction_advice
from solver.cardplay import play_advice
from solver.cards import Seat
from solver.contract import Contract, bid_key
from solver.deal import EXAMPLE_DEAL, Deal
from solver.errors import ConstraintError, ContractError, DealError
from solver.lead import lead_advice
from solver.par import par
from solver.pimc import play_out
from solver.play import Position
from solver.review import review
from solver.rules import STRAINS
from solver.seatreview import review_from_seats
from solver.solve import solve
from solver.table import dd_table

__all__ = ["EXAMPLE_DEAL", "parse_deal", "deal_view", "play_view", "table_view", "par_view",
           "review_view", "advice_view", "lead_view", "histograms", "parse_auction", "seat_advice_view",
           "seat_review_view", "playout_view"]

#: Width of a histogram bar, in points.
BIN = 10


def parse_deal(text: str) -> Deal:
    """A deal from PBN text, or the word ``example`` (as on the command line)."""
    if text.strip().lower() == "example":
        return Deal.from_pbn(EXAMPLE_DEAL)
    return Deal.from_pbn(text)


def deal_view(deal: Deal, seed: "int | None" = None) -> dict:
    """The deal as PBN text and per hand."""
    out: dict[str, Any] = {"deal": deal.to_pbn(), "hands": {s.name: deal.hands[s].to_pbn() for s in Seat}}
    if seed is not None:
        out["seed"] = seed
    return out


def _position(pos: Position) -> dict:
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


def _last_trick(pos: Position) -> "dict | None":
    """The last complete trick: its leader and cards (shown while the next one is empty)."""
    done = len(pos.history) - len(pos.trick)
    if done == 0:
        return None
    cards = pos.history[done - 4:done]
    return {"leader": cards[0][0].name, "cards": [c.name for _, c in cards]}


def play_view(deal: "Deal | str", strain: str, leader: str, played: str) -> dict:
    """A position of the play-through: the solution (every legal card's value and cost,
    the best line to the end) and the position (trick, hands left, tricks won)."""
    d = parse_deal(deal) if isinstance(deal, str) else deal
    sol = solve(d, strain, leader, played)
    out = sol.to_dict()
    out["costs"] = {c.name: sol.cost(c) for c in sol.card_values}
    out["ew_max_tricks"] = sol.ew_max_tricks
    out["capot"] = "NS" if sol.ns_max_tricks == 8 else "EW" if sol.ns_max_tricks == 0 else None
    out.update(_position(sol.position))
    return out


def table_view(deal: "Deal | str", dealer: "str | None" = None) -> dict:
    """The table for all four leaders, and par when the dealer is known."""
    d = parse_deal(deal) if isinstance(deal, str) else deal
    t = dd_table(d, threads=1)
    rows = []
    for seat in Seat:
        row = t.for_leader(seat).to_dict()
        row.pop("nodes", None)
        rows.append(row)
    return {"deal": d.to_pbn(), "leaders": rows}


def par_view(deal: "Deal | str", dealer: str) -> dict:
    d = parse_deal(deal) if isinstance(deal, str) else deal
    return par(d, dealer=dealer).to_dict()


def review_view(deal: "Deal | str", strain: str, leader: str, played: str) -> dict:
    d = parse_deal(deal) if isinstance(deal, str) else deal
    return review(d, strain, leader, played).to_dict()


def histograms(points: list, bonus: list) -> dict:
    """Per strain, how many sampled deals gave the side each band of points (card
    points plus belote), in bands of :data:`BIN`.

    >>> h = histograms([[80, 0, 0, 0, 0, 0], [95, 0, 0, 0, 0, 0]], [[20, 0, 0, 0, 0, 0]] * 2)
    >>> h["bins"][:3], h["counts"]["S"][10:12]
    ([0, 10, 20], [1, 1])
    """
    top = max([BIN] + [p + b for row, brow in zip(points, bonus) for p, b in zip(row, brow)])
    n = top // BIN + 1
    counts = {s.name: [0] * n for s in STRAINS}
    for row, brow in zip(points, bonus):
        for s, p, b in zip(STRAINS, row, brow):
            counts[s.name][(p + b) // BIN] += 1
    return {"width": BIN, "bins": [i * BIN for i in range(n)], "counts": counts}


def parse_auction(text: str, dealer: Seat, seat: Seat) -> "Contract | None":
    """The auction so far, calls from the seat after the dealer up to ``seat``'s turn:
    ``pass``, a bid (``100H``), ``coinche``.  Returns the highest bid, or None.

    >>> parse_auction("pass 90H", Seat.W, Seat.S)
    Contract.parse('90♥ E')
    >>> parse_auction("pass pass pass pass", Seat.S, Seat.S)
    Traceback (most recent call last):
    ...
    solver.errors.ContractError: auction 'pass pass pass pass': the auction is over
    >>> parse_auction("100H 90S", Seat.W, Seat.S)
    Traceback (most recent call last):
    ...
    solver.errors.ContractError: auction '100H 90S': 90S does not overcall 100♥
    """
    calls = text.replace(",", " ").split()
    who = dealer.next
    best: "Contract | None" = None
    passes = 0
    for call in calls:
        word = call.lower()
        if passes == (3 if best is not None else 4):
            raise ContractError(f"auction {text[:80]!r}: the auction is over before {call}")
        if word in ("pass", "passe", "p", "-"):
            passes += 1
            who = who.next
            continue
        passes = 0
        if word in ("coinche", "x", "contre", "contré", "surcoinche", "xx"):
            if best is None:
                raise ContractError(f"auction {text[:80]!r}: {call} before any bid")
        else:
            bid = Contract.parse(call, declarer=who)
            if best is not None and bid_key(bid.level, bid.strain) <= bid_key(best.level, best.strain):
                raise ContractError(f"auction {text[:80]!r}: {call} does not overcall "
                                    f"{str(best).rsplit(' ', 1)[0]}")
            best = bid
        who = who.next
    if passes == (3 if best is not None else 4):
        raise ContractError(f"auction {text[:80]!r}: the auction is over")
    if calls and who != seat:
        raise ContractError(f"auction {text[:80]!r}: after {len(calls)} calls from {dealer.next.name} "
                            f"it is {who.name}'s turn, not {seat.name}'s")
    return best


def _answer(advice: dict, over: "Contract | None", seat: Seat) -> dict:
    """The call to make after the auction so far: the advice's bid when it overcalls,
    else the best bid that does (by expected score if coinched), else pass."""
    rec = advice["recommendation"]
    if over is None:
        return {"call": rec["bid"] or "pass", "over": None}
    floor = bid_key(over.level, over.strain)
    ours = over.declarer.team == seat.team
    allowed = [b for b in advice["bids"] if bid_key(b["level"], b["strain"]) > floor]
    best = max(allowed, key=lambda b: (b["ev_coinched"], b["p_make"]), default=None)
    # Passing leaves the current contract: worth nothing to us when the opponents hold it.
    if best is None or best["ev_coinched"] <= 0 or (ours and best["bid"] != rec["bid"]):
        return {"call": "pass", "over": over.to_text()}
    return {"call": best["bid"], "over": over.to_text()}


def advice_view(hand: str, seat: str, dealer: str, samples: int, seed: Optional[int],
                auction: str = "", progress: "Callable[[int, int], None] | None" = None) -> dict:
    """Bidding advice with the histograms and the answer to the auction so far."""
    s, dl = Seat.parse(seat), Seat.parse(dealer)
    over = parse_auction(auction, dl, s)
    adv = advise(hand, seat=s, dealer=dl, samples=samples, seed=seed, progress=progress)
    full = adv.to_dict(with_deals=True)
    out = {k: v for k, v in full.items() if k not in ("deals", "points", "capot", "bonus")}
    out["histograms"] = histograms(full["points"], full["bonus"])
    out["auction"] = auction
    out["answer"] = _answer(out, over, s)
    if auction.strip():
        # the next call, judged on deals that fit what the calls so far showed
        inside = auction_advice(hand, s, dl, auction, samples=samples, seed=seed, progress=progress).to_dict()
        for c in inside["calls"]:
            c["call"] = c["call"].replace(" ", "")          # capot S -> capotS, as the grid names bids
        inside["best"] = inside["best"].replace(" ", "")
        out["in_auction"] = inside
        out["answer"] = {"call": inside["best"], "over": None if over is None else over.to_text()}
    return out


def lead_view(hand: str, seat: str, contract: str, declarer: str, samples: int, seed: Optional[int],
              progress: "Callable[[int, int], None] | None" = None) -> dict:
    return lead_advice(hand, seat, contract, declarer=declarer, samples=samples, seed=seed,
                       progress=progress).to_dict()


def _contract(contract: str, declarer: str) -> Contract:
    """``100H`` and ``N`` as one contract; the declarer must be given."""
    return Contract.parse(contract, declarer=Seat.parse(declarer))


def seat_advice_view(deal: "Deal | str", contract: str, declarer: str, leader: str, played: str,
                     samples: int, seed: Optional[int],
                     progress: "Callable[[int, int], None] | None" = None) -> dict:
    """Card-play advice for the seat to move, from its own hand and the play, with each
    card's exact value on the deal beside the sampled average."""
    d = parse_deal(deal) if isinstance(deal, str) else deal
    c = _contract(contract, declarer)
    pos = Position(d, c.strain, leader, played=played)
    if pos.is_over:
        raise ConstraintError("the deal is over: no card is left to play")
    seat = pos.to_move
    return play_advice(d.hands[seat], seat, c, played, leader=leader, samples=samples, seed=seed, deal=d,
                       progress=progress).to_dict()


def seat_review_view(deal: "Deal | str", contract: str, declarer: str, leader: str, played: str,
                     samples: int, seed: Optional[int],
                     progress: "Callable[[int, int], None] | None" = None) -> dict:
    """The play so far judged from each player's seat and on the deal."""
    d = parse_deal(deal) if isinstance(deal, str) else deal
    return review_from_seats(d, _contract(contract, declarer), played, leader=leader, samples=samples,
                             seed=seed, progress=progress).to_dict()


def playout_view(deal: "Deal | str", contract: str, declarer: str, leader: str, played: str, worlds: int,
                 seed: Optional[int], progress: "Callable[[int, int], None] | None" = None) -> dict:
    """The rest of the deal after ``played`` played out by PIMC players, each seeing
    only its own hand."""
    d = parse_deal(deal) if isinstance(deal, str) else deal
    return play_out(d, _contract(contract, declarer), leader=leader, played=played, worlds=worlds,
                    seed=seed, progress=progress).to_dict()


def check_samples(samples: int, limit: int) -> int:
    """A sample count within 1..limit."""
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= limit:
        raise ConstraintError(f"samples {samples!r}: expected a whole number from 1 to {limit}")
    return samples


def check_text(text: str, what: str, limit: int) -> str:
    if len(text) > limit:
        raise DealError(f"{what} {text[:80]!r}...: longer than {limit} characters")
    return text

