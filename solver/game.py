"""Whole deals and matches at the table: any mix of bots and people, one per seat.

:func:`play_deal` runs one deal: the auction (each seat's call from its
:class:`~solver.bots.SeatView`), then, unless all four passed, the play, belote
announced by its holder with the first of the king and queen when it scores for its
side, declarations shown to every seat when the rules count them; the score comes
from :func:`~solver.bots.world_score`, and the deal is written as a
:class:`~solver.records.Record` (the auction, the play, the result and the score).

:func:`play_match` plays deals from a seed to the rules' target, the dealer rotating,
adding the scores to a :class:`~solver.match.Match`; given the records of deals
already played (a saved match), it checks them against the seed and goes on from
there, so an interrupted match resumed from its record continues exactly.
:func:`duplicate` plays each deal twice, the two teams of bots exchanging seats.

A person is a :class:`Person`: a bot whose calls and cards come from two callbacks.

>>> from solver.bots import HeuristicBot
>>> r = play_deal(deal_for(7, 0), Seat.N, [HeuristicBot()] * 4)
>>> len(r.record.play) in (0, 32)
True
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any, Callable, Optional, Sequence

from .auction import Auction, Call
from .bots import SeatView, make_bot, world_score
from .cards import Card, CardSet, Rank, Seat, Suit, Team, TextEnum, card_of
from .contract import Contract
from .deal import Deal
from .declarations import award_declarations, find_declarations
from .errors import CoincheError, ConstraintError
from .messages import card_name, tr
from .match import Match
from .montecarlo import json_number
from .outcome import capot_taker
from .play import Position
from .records import Record, Section, rules_text
from .rules import Rules, Strain
from .scoring import DealScore
from .system import DEFAULT, BiddingSystem

__all__ = ["Person", "DealResult", "MatchResult", "play_deal", "play_match", "deal_for", "dealer_for",
           "duplicate", "DuplicateResult", "mean_ci"]

#: The record tags that tie a deal to its match: the match seed and the deal's number.
SEED_TAG, NUMBER_TAG = "MatchSeed", "MatchDeal"


class GameError(CoincheError):
    """A saved match that does not fit the seed or the rules it is resumed with."""


class Person:
    """A seat played by a person: ``ask_call(view) -> Call`` and ``ask_card(view) -> Card``,
    each asked again until it gives a legal call or card (the callback says why not
    through ``refused(view, message)``)."""

    name = "human"
    cheating = False

    def __init__(self, ask_call: Callable[[SeatView], Call], ask_card: Callable[[SeatView], Card],
                 refused: Optional[Callable[[SeatView, str], None]] = None) -> None:
        self.ask_call, self.ask_card, self.refused = ask_call, ask_card, refused

    def call(self, view: SeatView) -> Call:
        return self.ask_call(view)

    def card(self, view: SeatView) -> Card:
        return self.ask_card(view)


def deal_for(seed: int, number: int) -> Deal:
    """The ``number``-th deal (0-based) of the match of ``seed``."""
    return Deal.random(rng=random.Random(f"deal:{seed}:{number}"))


def dealer_for(first: Seat, number: int) -> Seat:
    """The dealer of deal ``number``: the first dealer, then each seat in turn."""
    return Seat((int(first) + number) & 3)


@dataclasses.dataclass(frozen=True)
class DealResult:
    """One deal played: its record, its score (``None`` when passed out) and the
    decisions each seat took, in order."""

    record: Record
    score: Optional[DealScore]

    @property
    def scores(self) -> tuple[int, int]:
        return (0, 0) if self.score is None else (self.score.ns_score, self.score.ew_score)


def _belote_suits(hand: int, strain: Strain, rules: Rules) -> list[Suit]:
    if not rules.belote or strain == Strain.SA or (strain == Strain.TA and not rules.belote_in_ta):
        return []
    suits = list(Suit) if strain == Strain.TA else [Suit(strain.trump)]
    kq = {u: (1 << card_of(u, Rank.K)) | (1 << card_of(u, Rank.Q)) for u in suits}
    return [u for u in suits if hand & kq[u] == kq[u]]


def _announces(seat: Seat, hand: int, played_before: int, card: Card, contract: Contract,
               rules: Rules) -> Optional[str]:
    """The belote announcement ``seat`` makes with ``card`` (the first of its K and Q),
    when that belote would score for its side."""
    if not (rules.belote_anyone or seat.team == contract.declarer.team):
        return None
    for u in _belote_suits(hand, contract.strain, rules):
        kq = (1 << card_of(u, Rank.K)) | (1 << card_of(u, Rank.Q))
        if (1 << int(card)) & kq and not played_before & kq:
            return seat.name if contract.strain != Strain.TA else f"{seat.name}:{u.name}"
    return None


#: Cards played before the declarations' cards are shown: the first trick.
SHOWN_AFTER = 4


def _shown(deal: Deal, contract: Contract, leader: Seat, rules: Rules) -> dict[Seat, CardSet]:
    """The cards shown by the declarations that score (every seat of the side with the
    best declaration shows its own), when the rules count declarations."""
    if not rules.declarations:
        return {}
    ns, ew = award_declarations(deal, contract.strain, leader, rules)
    side = Team.NS if ns else Team.EW if ew else None
    out: dict[Seat, CardSet] = {}
    for s in Seat:
        if s.team == side:
            m = 0
            for x in find_declarations(deal.hands[s], contract.strain, rules):
                m |= CardSet(x.cards).mask
            if m:
                out[s] = CardSet(m)
    return out


def _declarations_text(deal: Deal, contract: Contract, leader: Seat, rules: Rules) -> Optional[str]:
    """The declarations that score, as a record writes them (``NS:tierce-K``): those of the
    side the comparison awards (the record's words carry no suit, so the losing side's
    are left out, as they are at the table)."""
    if not rules.declarations:
        return None
    awarded = award_declarations(deal, contract.strain, leader, rules)
    parts = []
    for team in Team:
        if not awarded[team]:
            continue
        kinds = [x for s in team.seats for x in find_declarations(deal.hands[s], contract.strain, rules)]
        if kinds:
            parts.append(f"{team.name}:" + ",".join(_kind_word(x) for x in kinds))
    return " ".join(parts) or None


def _kind_word(x: Any) -> str:
    """A declaration as a record writes it: ``quinte-K``, ``carre-J``."""
    return f"{x.kind.value}-{x.top.char}"


def play_deal(deal: Deal, dealer: Seat, bots: Sequence[Any], rules: Rules = Rules(),
              system: BiddingSystem = DEFAULT, sections: Sequence[Section] = (),
              on_call: Optional[Callable[[Call, Auction], None]] = None,
              on_card: Optional[Callable[[Seat, Card, Position], None]] = None) -> DealResult:
    """Play ``deal`` with ``bots[seat]`` at each seat (see the module).  ``on_call``
    and ``on_card`` are told each call and card as it is made (the card before it
    is played on the position given)."""
    if len(bots) != 4:
        raise ConstraintError(tr("{n_bots} players: expected one per seat, 4", n_bots=len(bots)))
    for s, b in zip(Seat, bots):
        if getattr(b, "cheating", False):
            b.see(deal)
    auction = Auction(dealer, (), rules)

    def view(seat: Seat, played: tuple[Card, ...] = (), belote: tuple[str, ...] = (),
             shown: Optional[dict[Seat, CardSet]] = None) -> SeatView:
        return SeatView(seat, deal.hands[seat], dealer, auction, played, belote, shown or {}, rules, system)

    while not auction.is_over:
        seat = auction.next_seat
        call = _ask(bots[seat], Ask.CALL, view(seat), lambda c: auction.then(c))
        auction = auction.then(call)
        if on_call is not None:
            on_call(call, auction)
    contract = auction.contract
    if contract is None:
        rec = Record(deal=deal, dealer=dealer, auction=auction.calls, passed=True, rules=rules,
                     sections=tuple(sections))
        return DealResult(rec, None)
    leader = dealer.next
    pos = Position(deal, contract.strain, leader, rules)
    shown = _shown(deal, contract, leader, rules)
    belote: list[str] = []
    played_mask = 0
    while not pos.is_over:
        seat = pos.to_move
        # declarations are announced during the first trick and their cards shown when the
        # second begins: no seat sees them before
        v = view(seat, tuple(c for _, c in pos.history), tuple(belote),
                 shown if len(pos.history) >= SHOWN_AFTER else None)
        card = _ask(bots[seat], Ask.CARD, v, lambda c: pos.check(c, seat))
        said = _announces(seat, deal.masks[seat], played_mask, card, contract, rules)
        if said is not None:
            belote.append(said)
        if on_card is not None:
            on_card(seat, card, pos)
        pos.play(card)
        played_mask |= 1 << int(card)
    ns = pos.points[0]
    capot = capot_taker(pos.tricks[0], pos.total_tricks)
    score = world_score(contract, deal, leader, rules, ns, capot)
    belote_team = None
    if belote:
        belote_team = Seat.parse(belote[0].split(":")[0]).team
    rec = Record(deal=deal, dealer=dealer, auction=auction.calls, contract=contract, leader=leader,
                 play=tuple(c for _, c in pos.history),
                 result=ns if contract.declarer.team == Team.NS else 162 - ns, belote=belote_team,
                 declarations=_declarations_text(deal, contract, leader, rules),
                 score=(score.ns_score, score.ew_score), rules=rules, sections=tuple(sections))
    return DealResult(rec, score)


class Ask(TextEnum):
    """What a player is asked for, equal to its word: a ``call`` in the auction, a ``card``
    in the play."""

    CALL = "call"
    CARD = "card"


def _ask(bot: Any, what: Ask, view: SeatView, check: Callable[[Any], Any]) -> Any:
    """The bot's call or card, checked; a person is asked again after a refusal."""
    while True:
        choice = bot.call(view) if what is Ask.CALL else bot.card(view)
        try:
            check(choice)
            if what == "card" and choice not in view.legal_cards():
                raise ConstraintError(tr("{card} is not allowed here", card=card_name(Card(choice))))
            return choice
        except CoincheError as e:
            if isinstance(bot, Person):
                if bot.refused is not None:
                    bot.refused(view, str(e))
                continue
            raise


# ---------------------------------------------------------------------------
# Matches
# ---------------------------------------------------------------------------

@dataclasses.dataclass
class MatchResult:
    """A match: the records of its deals, the running score sheet, its seed."""

    seed: int
    first_dealer: Seat
    records: list[Record]
    match: Match

    @property
    def sheet(self) -> list[tuple[int, int, int, int]]:
        """Per deal: N-S and E-W scores of the deal, then the running totals."""
        out, ns, ew = [], 0, 0
        for r in self.records:
            a, b = r.score or (0, 0)
            ns, ew = ns + a, ew + b
            out.append((a, b, ns, ew))
        return out


def match_sections(seed: int, number: int) -> tuple[Section, Section]:
    return Section(SEED_TAG, str(seed)), Section(NUMBER_TAG, str(number))


def record_score(r: Record, rules: Rules) -> Optional[DealScore]:
    leader = r.first_leader
    if r.contract is None or r.deal is None or leader is None or len(r.play) != 32:
        return None
    pos = Position(r.deal, r.contract.strain, leader, rules, r.play)
    capot = capot_taker(pos.tricks[0], pos.total_tricks)
    return world_score(r.contract, r.deal, leader, rules, pos.points[0], capot)


def play_match(bots: Sequence[Any], rules: Rules = Rules(), seed: int = 0, first_dealer: Seat = Seat.N,
               system: BiddingSystem = DEFAULT, done: Sequence[Record] = (),
               max_deals: Optional[int] = None,
               on_deal: Optional[Callable[[DealResult, Match], None]] = None,
               **hooks: Any) -> MatchResult:
    """A match to ``rules.target`` with ``bots`` (one per seat), deals and dealers from
    ``seed`` and ``first_dealer``; ``done``: the records of the deals already played
    (checked: the same deals, in order, from the same seed, under ``rules``); ``max_deals`` stops
    earlier; ``on_deal`` is told each deal's result and the match after it."""
    m = Match(rules)
    records: list[Record] = []
    for i, r in enumerate(done):
        tag = r.section(SEED_TAG)
        if r.deal != deal_for(seed, i) or r.dealer != dealer_for(first_dealer, i) or \
                (tag is not None and tag.value != str(seed)):
            raise GameError(tr("saved deal {n} is not deal {n} of the match of seed {seed}",
                               n=i + 1, seed=seed))
        if r.rules != rules:
            raise GameError(tr("saved deal {n} was played under other rules: [Rules \"{saved}\"], not "
                               "[Rules \"{rules}\"]", n=i + 1, saved=rules_text(r.rules), rules=rules_text(rules)))
        s = record_score(r, rules)
        if r.contract is not None and s is None:
            raise GameError(tr("saved deal {n} was not played to the end", n=i + 1))
        if m.is_over:
            raise GameError(tr("the saved match is over after {i} deals", i=i))
        if s is not None:
            m.add(s)
        elif r.passed:
            m.pass_out()
        records.append(r)
    i = len(records)
    while not m.is_over and (max_deals is None or i < max_deals):
        res = play_deal(deal_for(seed, i), dealer_for(first_dealer, i), bots, rules, system,
                        match_sections(seed, i), **hooks)
        if res.score is not None:
            m.add(res.score)
        else:
            m.pass_out()
        records.append(res.record)
        if on_deal is not None:
            on_deal(res, m)
        i += 1
    return MatchResult(seed, first_dealer, records, m)


# ---------------------------------------------------------------------------
# Duplicate: the same deals, the teams exchanging seats
# ---------------------------------------------------------------------------

def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal, 1.96 standard
    errors); NaN where there is none, as for a standard error
    (:func:`solver.montecarlo.standard_error`): the mean of no values, the interval of
    fewer than two.

    >>> mean_ci([-120.0])
    (-120.0, nan)
    """
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    var = sum((x - mean) ** 2 for x in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


@dataclasses.dataclass(frozen=True)
class DuplicateResult:
    """Per deal: the first team's score minus the second's, over both tables (the
    first team at N-S on one, at E-W on the other), with each table's record."""

    diffs: tuple[float, ...]
    point_diffs: tuple[float, ...]
    records: tuple[Record, ...]

    @property
    def mean(self) -> tuple[float, float]:
        return mean_ci(self.diffs)

    def to_dict(self) -> dict[str, "float | None"]:
        """The figures for JSON: an interval there is none of (one deal) is null."""
        m, ci = self.mean
        pm, pci = mean_ci(self.point_diffs)
        return {"deals": len(self.diffs), "mean_score_diff": json_number(m), "ci95": json_number(ci),
                "mean_point_diff": json_number(pm), "point_ci95": json_number(pci)}


def duplicate_deal(number: int, seed: int, team_a: Callable[[Seat], Any], team_b: Callable[[Seat], Any],
                   rules: Rules = Rules(), system: BiddingSystem = DEFAULT) -> tuple[float, float, list[Record]]:
    """Deal ``number`` of ``seed`` at two tables: ``team_a(seat)`` and ``team_b(seat)``
    make the bots.  Returns team A's score minus team B's summed over both tables, the
    same in card points of the deals played, and the two records."""
    deal, dealer = deal_for(seed, number), dealer_for(Seat.N, number)
    diff, pts = 0.0, 0.0
    recs: list[Record] = []
    for a_side in (Team.NS, Team.EW):
        bots = [team_a(s) if s.team == a_side else team_b(s) for s in Seat]
        res = play_deal(deal, dealer, bots, rules, system, match_sections(seed, number))
        ns, ew = res.scores
        diff += (ns - ew) if a_side == Team.NS else (ew - ns)
        r = res.record
        if r.contract is not None and r.result is not None:
            decl_pts = r.result
            ns_pts = decl_pts if r.contract.declarer.team == Team.NS else 162 - decl_pts
            pts += (2 * ns_pts - 162) if a_side == Team.NS else (162 - 2 * ns_pts)
        recs.append(r)
    return diff, pts, recs


def duplicate(deals: int, seed: int, team_a: Callable[[Seat], Any], team_b: Callable[[Seat], Any],
              rules: Rules = Rules(), system: BiddingSystem = DEFAULT,
              progress: Optional[Callable[[int, int], None]] = None) -> DuplicateResult:
    """``deals`` deals of ``seed`` played in duplicate (see :func:`duplicate_deal`)."""
    diffs: list[float] = []
    pts: list[float] = []
    recs: list[Record] = []
    for i in range(deals):
        d, p, r = duplicate_deal(i, seed, team_a, team_b, rules, system)
        diffs.append(d)
        pts.append(p)
        recs += r
        if progress is not None:
            progress(i + 1, deals)
    return DuplicateResult(tuple(diffs), tuple(pts), tuple(recs))


def bot_team(kind: str, seed: int, options: dict[str, Any], solver: Any) -> Callable[[Seat], Any]:
    """The bots of one side of a bots' match: ``kind`` at every seat it is asked for, the
    seat's bot seeded ``seed * 4 + seat``, PIMC with ``options`` and the bots that solve
    sharing ``solver``."""

    def make(seat: Seat) -> Any:
        opts = dict(options) if kind == "pimc" else {}
        if kind in ("pimc", "dd"):
            opts["solver"] = solver
        return make_bot(kind, seed * 4 + int(seat), **opts)
    return make


def selfplay_task(solver: Any, task: tuple[Any, ...]) -> tuple[float, float, list[Record]]:
    """One deal of a bots' match for :func:`~solver.parallel.map_tasks`: ``task`` is
    ``(number, seed, ns_kind, ew_kind, pimc_options, rules, duplicate)``.  Returns the
    N-S bots' score minus the E-W bots' (over both tables in duplicate), the same in
    card points, and the records."""
    number, seed, a, b, options, rules, dup = task
    team_a, team_b = bot_team(a, seed, options, solver), bot_team(b, seed, options, solver)
    if dup:
        return duplicate_deal(number, seed, team_a, team_b, rules)
    deal, dealer = deal_for(seed, number), dealer_for(Seat.N, number)
    res = play_deal(deal, dealer, [team_a(s) if s.team == Team.NS else team_b(s) for s in Seat], rules,
                    sections=match_sections(seed, number))
    ns, ew = res.scores
    r = res.record
    pts = 0.0
    if r.contract is not None and r.result is not None:
        ns_pts = r.result if r.contract.declarer.team == Team.NS else 162 - r.result
        pts = 2.0 * ns_pts - 162
    return float(ns - ew), pts, [r]
