"""A match at the board, one person and three bots, kept by the page, never by the server.

The page sends the whole match with every request: its ``seed``, the person's
``seat``, the kind of bot at the partner's seat and at the opponents', and per deal
the calls and cards made so far.  The server replays it through
:func:`solver.game.play_deal` (each deal ``deal_for(seed, n)``, dealt by
``dealer_for(N, n)``), so each call and card is checked by the same referee as in the
terminal, and the score sheet comes from the same scoring.  What it answers:

- :func:`table_state`: the match as the person sees it: their own hand, the auction,
  the cards played, the tricks, the score sheet; the other hands only once the deal is
  over (or when the person asks to see them, ``show``);
- :func:`bot_move`: the next call or card of the bot to move, computed from a
  :class:`~solver.bots.SeatView` built from the state (its own hand, the auction, the
  cards played: never a hidden hand), with a seed made from the match's seed, the deal
  and the seat, so the same state always gets the same answer;
- :func:`match_records`: the deals finished, as records (PBN, :mod:`solver.records`);
- :func:`bots_replay`: a finished deal played again by bots at all four seats.

The server checks that every call and card is legal, not that a bot's moves in the
state are the ones the bot made: a page that edits its own match only fools itself.

>>> s = table_state(7, "S", "heuristic", "heuristic", [])
>>> s["number"], s["dealer"], s["to_move"], s["your_turn"], "hands" in s
(1, 'N', 'E', False, False)
"""

from __future__ import annotations

import functools
from typing import Any, Optional, Sequence

from solver.auction import Auction, Call, parse_call
from solver.bots import BotKind, SeatView, make_bot
from solver.cards import Card, CardSet, Seat
from solver.contract import Contract
from solver.declarations import find_declarations
from solver.errors import ConstraintError, CoincheError
from solver.messages import tr
from solver.game import DealResult, deal_for, dealer_for, match_sections, play_deal
from solver.match import Match
from solver.play import Position, trick_winner
from solver.records import Record, Section, format_records
from solver.rules import Rules, Strain

__all__ = ["BOTS", "MAX_DEALS", "table_state", "bot_move", "match_records", "bots_replay"]

#: The bots a person may sit with (DoubleDummyBot sees every card: never at the board).
BOTS = tuple(k.value for k in (BotKind.PIMC, BotKind.HEURISTIC, BotKind.RANDOM))
#: Deals in one match sent to the server (a match to 2000 points lasts about 15 to 25).
MAX_DEALS = 60
#: The first dealer of every match at the board.
FIRST_DEALER = Seat.N
#: The record tag naming who played each seat.
PLAYER_TAGS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


class _Pending(Exception):
    """The moves given are used up: ``view`` is the seat to move's view."""

    def __init__(self, view: SeatView) -> None:
        super().__init__()
        self.view = view


class _Script:
    """Plays the calls and cards of one deal as given, at all four seats, in turn."""

    name = "script"
    cheating = False

    def __init__(self, calls: Sequence[str], cards: Sequence[str]) -> None:
        self.calls, self.cards = list(calls), list(cards)
        self.i_call = self.i_card = 0

    def call(self, view: SeatView) -> Call:
        if self.i_call == len(self.calls):
            raise _Pending(view)
        self.i_call += 1
        return parse_call(self.calls[self.i_call - 1], view.seat)

    def card(self, view: SeatView) -> Card:
        if self.i_card == len(self.cards):
            raise _Pending(view)
        self.i_card += 1
        return Card.parse(self.cards[self.i_card - 1])


class _Replayed:
    """The match replayed: the finished deals' results, the match score, and the deal
    under way (its number and the view of the seat to move), if any."""

    def __init__(self, results: list[DealResult], match: Match, number: int,
                 pending: Optional[SeatView], played: tuple[Card, ...]) -> None:
        self.results, self.match, self.number = results, match, number
        self.pending, self.played = pending, played


def _words(text: str) -> list[str]:
    return text.replace(",", " ").split()


#: Finished deals kept, by their moves: a request replays only the deal under way.
FINISHED_CACHE = 512


@functools.lru_cache(maxsize=FINISHED_CACHE)
def _play(seed: int, i: int, calls: tuple[str, ...], cards: tuple[str, ...], rules: Rules) -> DealResult:
    """Deal ``i`` of the match of ``seed`` with these moves; raises :class:`_Pending`
    when they stop before its end (a pure function of its arguments, hence the cache)."""
    script = _Script(calls, cards)
    try:
        res = play_deal(deal_for(seed, i), dealer_for(FIRST_DEALER, i), [script] * 4, rules,
                        sections=match_sections(seed, i))
    except _Pending as p:
        if script.i_call < len(calls) or (p.view.bidding and cards):
            raise ConstraintError(tr("deal {n}: more calls or cards than the deal has", n=i + 1)) from None
        raise
    except CoincheError as e:
        raise type(e)(tr("deal {n}: {e}", n=i + 1, e=e)) from None
    if script.i_call < len(calls) or script.i_card < len(cards):
        raise ConstraintError(tr("deal {n}: more calls or cards than the deal has", n=i + 1))
    return res


def _replay(seed: int, deals: Sequence[tuple[str, str]], rules: Rules) -> _Replayed:
    if len(deals) > MAX_DEALS:
        raise ConstraintError(tr("{n_deals} deals: at most {most} in one match", n_deals=len(deals),
                                 most=MAX_DEALS))
    results: list[DealResult] = []
    m = Match(rules)
    if not deals:
        deals = [("", "")]
    for i, (calls, cards) in enumerate(deals):
        if m.is_over:
            raise ConstraintError(tr("deal {n}: the match was over after deal {i}", n=i + 1, i=i))
        try:
            res = _play(seed, i, tuple(_words(calls)), tuple(_words(cards)), rules)
        except _Pending as p:
            if i != len(deals) - 1:
                raise ConstraintError(tr("deal {n} is not finished: only the last deal may be under way",
                                         n=i + 1)) \
                    from None
            return _Replayed(results, m, i, p.view, p.view.played)
        results.append(res)
        if res.score is not None:
            m.add(res.score)
        else:
            m.pass_out()
    return _Replayed(results, m, len(deals) - 1, None, results[-1].record.play)


def _kinds(seat: Seat, partner: str, opponents: str) -> dict[Seat, str]:
    """Who plays each seat: ``you`` at ``seat``, then the bots."""
    for k in (partner, opponents):
        if k not in BOTS:
            raise ConstraintError(tr("bot {k!r}: expected one of {items}", k=k, items=', '.join(BOTS)))
    return {s: "you" if s == seat else partner if s.team == seat.team else opponents for s in Seat}


def _bot_seed(seed: int, number: int, seat: Seat) -> int:
    """The seed of the bot at ``seat`` in deal ``number``: one stream per match, deal and seat."""
    return (seed * 1024 + number) * 4 + int(seat)


def _tricks(cards: Sequence[Card], leader: Seat, strain: Any) -> list[dict[str, Any]]:
    out, lead = [], leader
    for k in range(0, len(cards), 4):
        trick = list(cards[k:k + 4])
        winner = None
        if len(trick) == 4:
            winner = Seat((int(lead) + trick_winner([int(c) for c in trick], strain)) & 3)
        out.append({"leader": lead.name, "cards": [c.name for c in trick],
                    "winner": None if winner is None else winner.name})
        if winner is not None:
            lead = winner
    return out


def _sheet(results: Sequence[DealResult]) -> list[dict[str, Any]]:
    rows, ns, ew = [], 0, 0
    for n, r in enumerate(results, 1):
        a, b = r.scores
        ns, ew = ns + a, ew + b
        c = r.record.contract
        rows.append({"number": n, "contract": None if c is None else c.to_text(),
                     "coinche": 0 if c is None else int(c.coinche),
                     "declarer": None if c is None else c.declarer.name, "result": r.record.result,
                     "ns": a, "ew": b, "total_ns": ns, "total_ew": ew})
    return rows


def _contract(c: Contract, leader: Seat) -> dict[str, Any]:
    return {"bid": c.to_text(), "declarer": c.declarer.name, "coinche": int(c.coinche), "leader": leader.name}


#: The trick from which the declarations that score are shown to every player (they are
#: said during the first trick and laid on the table at the second).
DECLARATIONS_SHOWN_AT = 2


def _declarations(shown: "dict[Seat, CardSet]", strain: Strain, rules: Rules) -> list[dict[str, Any]]:
    """The declarations laid on the table, per seat: each one's kind, cards and points."""
    out = []
    for seat, cards in sorted(shown.items()):
        for x in find_declarations(cards, strain, rules):
            out.append({"seat": seat.name, "kind": x.kind.value, "points": x.points,
                        "top": x.top.char, "suit": None if x.suit is None else x.suit.name,
                        "cards": [c.name for c in x.cards]})
    return out


def table_state(seed: int, seat: str, partner: str, opponents: str, deals: Sequence[tuple[str, str]],
                rules: Rules = Rules(), show: bool = False) -> dict[str, Any]:
    """The match from ``seat``'s chair (see the module)."""
    me = Seat.parse(seat)
    kinds = _kinds(me, partner, opponents)
    rp = _replay(seed, deals, rules)
    n = rp.number
    deal, dealer = deal_for(seed, n), dealer_for(FIRST_DEALER, n)
    if rp.pending is not None:
        auction = rp.pending.auction
    else:
        rec = rp.results[-1].record
        auction = Auction(dealer, rec.auction, rules)
    contract = auction.contract
    over = rp.pending is None
    out: dict[str, Any] = {
        "seed": seed, "seat": me.name, "players": {s.name: k for s, k in kinds.items()},
        "number": n + 1, "dealer": dealer.name, "hand": deal.hands[me].to_pbn(),
        "auction": [c.to_dict() for c in auction.calls], "bidding": not auction.is_over,
        "contract": None, "played": [], "tricks": [], "trick_points": {"NS": 0, "EW": 0},
        "tricks_won": {"NS": 0, "EW": 0}, "belote": [], "declarations": [],
        "declaring": rules.declarations, "over": over,
        "to_move": None, "your_turn": False, "legal": [],
    }
    if contract is not None:
        leader = dealer.next
        pos = Position(deal, contract.strain, leader, rules, rp.played)
        out["contract"] = _contract(contract, leader)
        order = [(s.name, c.name) for s, c in pos.history]
        out["played"] = [{"seat": s, "card": c} for s, c in order]
        out["tricks"] = _tricks(rp.played, leader, contract.strain)
        out["trick_points"] = {"NS": pos.points[0], "EW": pos.points[1]}
        out["tricks_won"] = {"NS": pos.tricks[0], "EW": pos.tricks[1]}
        out["remaining"] = pos.hand(me).to_pbn()
        if rp.pending is not None:
            out["belote"] = list(rp.pending.belote)
            if len(rp.played) >= (DECLARATIONS_SHOWN_AT - 1) * 4:
                out["declarations"] = _declarations(dict(rp.pending.shown), contract.strain, rules)
    if rp.pending is not None:
        v = rp.pending
        out["to_move"] = v.seat.name
        out["your_turn"] = v.seat == me
        if v.seat == me:
            out["legal"] = [c.text for c in v.legal_calls()] if v.bidding else [c.name for c in v.legal_cards()]
    else:
        res = rp.results[-1]
        out["score"] = {"NS": res.scores[0], "EW": res.scores[1]}
        out["passed"] = res.score is None
        out["deal"] = deal.to_pbn()
        out["belote_side"] = None if res.record.belote is None else res.record.belote.name
        out["declarations_text"] = res.record.declarations
    if over or show:
        out["hands"] = {s.name: deal.hands[s].to_pbn() for s in Seat}
    out["sheet"] = _sheet(rp.results)
    out["match"] = {"NS": rp.match.ns, "EW": rp.match.ew, "target": rp.match.target,
                    "over": rp.match.is_over,
                    "winner": None if rp.match.winner is None else rp.match.winner.name}
    return out


def bot_move(seed: int, seat: str, partner: str, opponents: str, deals: Sequence[tuple[str, str]],
             rules: Rules = Rules()) -> dict[str, Any]:
    """The next call or card of the bot to move: ``{"seat", "call"}`` or ``{"seat", "card"}``."""
    me = Seat.parse(seat)
    kinds = _kinds(me, partner, opponents)
    rp = _replay(seed, deals, rules)
    v = rp.pending
    if v is None:
        raise ConstraintError(tr("deal {n} is over: no one is to move", n=rp.number + 1))
    if v.seat == me:
        raise ConstraintError(tr("it is your turn ({me}), not a bot's", me=me.name))
    bot = make_bot(kinds[v.seat], _bot_seed(seed, rp.number, v.seat))
    # v is the view play_deal built for the seat to move: its own hand, nothing hidden
    if v.bidding:
        return {"seat": v.seat.name, "call": bot.call(v).text}
    return {"seat": v.seat.name, "card": bot.card(v).name}


def match_records(seed: int, seat: str, partner: str, opponents: str, deals: Sequence[tuple[str, str]],
                  rules: Rules = Rules()) -> str:
    """The finished deals as a record file (PBN), each naming who played each seat."""
    kinds = _kinds(Seat.parse(seat), partner, opponents)
    rp = _replay(seed, deals, rules)
    players = tuple(Section(PLAYER_TAGS[s], k if k == "you" else f"{k} bot") for s, k in kinds.items())
    records: list[Record] = [r.record.with_sections(*players) for r in rp.results]
    if not records:
        raise ConstraintError(tr("no deal finished yet: nothing to write"))
    return format_records(records)


def bots_replay(seed: int, number: int, seat: str, partner: str, opponents: str,
                rules: Rules = Rules()) -> dict[str, Any]:
    """Deal ``number`` (1-based) played by bots at every seat: the person's seat by a
    bot of the partner's kind.  Returns the auction, the play and the score."""
    me = Seat.parse(seat)
    kinds = _kinds(me, partner, opponents)
    if not 1 <= number <= MAX_DEALS:
        raise ConstraintError(tr("deal {number}: expected 1 to {most}", number=number, most=MAX_DEALS))
    i = number - 1
    bots = [make_bot(partner if s == me else kinds[s], _bot_seed(seed, i, s)) for s in Seat]
    res = play_deal(deal_for(seed, i), dealer_for(FIRST_DEALER, i), bots, rules)
    rec = res.record
    c = rec.contract
    out: dict[str, Any] = {"number": number, "deal": deal_for(seed, i).to_pbn(),
                           "dealer": dealer_for(FIRST_DEALER, i).name,
                           "auction": [x.to_dict() for x in rec.auction], "played": [x.name for x in rec.play],
                           "contract": None, "tricks": [], "score": {"NS": res.scores[0], "EW": res.scores[1]},
                           "result": rec.result}
    if c is not None:
        leader = dealer_for(FIRST_DEALER, i).next
        out["contract"] = _contract(c, leader)
        out["tricks"] = _tricks(rec.play, leader, c.strain)
    return out
