"""Par: the result of the auction if all four players saw all the cards.

The auction (seed 000, with the variants of :class:`~solver.rules.Rules`):

- the player after the dealer speaks first, then the others in the order of play;
- a call is a pass or a bid of 80..160 by 10 (``Rules.max_level``), or capot, in any
  strain (``Rules.sa_ta``), higher than the last bid (by level; with
  ``Rules.suit_ranking`` an equal level in a higher strain, clubs < diamonds <
  hearts < spades < SA < TA, also overcalls);
- an opponent of the last bidder may coinche at any time while that bid stands;
  it ends the auction, except that the bidding side may then surcoinche;
- a capot bid ends the auction and cannot be coinched;
- three passes after a bid end the auction; four passes without a bid give no
  contract (0 to 0).

Variants: with ``Rules.coinche_in_turn`` only the player whose turn it is may
coinche (the par value is the same: the opponent who speaks right after a bid may
always coinche it at once, so a later coinche never gains; the auction shows the
coinche in turn).  With ``Rules.contree`` the coinche is said in turn and the
auction goes on: any player may bid higher, the bidders may surcoinche in turn,
and three passes after the last call end it; this auction is solved on its own
states (:func:`_contree_states`), with no pruning.  With ``Rules.capot_coinche`` a
capot bid may be coinched, and then surcoinched, before the auction ends.  Only
the strains of :func:`~solver.contract.bid_strains` and the levels of
:func:`~solver.contract.bid_levels` are bid.

A contract's outcome comes from the double-dummy table for the first leader (the
seat after the dealer, whoever declares): capot when the declaring side can force
every trick, else made or failed by its card points, belote counted for a side
that holds K and Q of trump (it always claims it), declarations when the rules turn
them on; :func:`solver.scoring.score_deal` scores it.  Both sides maximise their own
deal score minus the other's, so the auction is a two-player zero-sum game of
perfect information, solved exactly by backward induction.

Générale is left out of the auction (the table has no "one player takes every
trick" value), even with ``Rules(generale=True)``.

>>> deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
>>> p = par(deal, dealer="E")         # S leads: N-S take every trick in SA (cases 1-6)
>>> str(p.contract), p.ns_score, p.ew_score
('capot SA N', 500, 0)
>>> print(p.reason)
N-S bid and make capot SA; E-W could make 130TA but cannot outbid capot.
"""

from __future__ import annotations

import dataclasses
import operator
from typing import Any, Callable, Iterator, Optional, Sequence

from .messages import tr
from .auction import Call, CallKind
from .cards import Seat, Team
from .contract import CAPOT, Coinche, Contract, bid_key, bid_levels, bid_strains, bid_text, cached_contract
from .contract import level_json, may_coinche
from .deal import Deal
from .declarations import BELOTE_POINTS
from .errors import DealError, SeatError
from .rules import STRAINS, Rules, Strain
from .scoring import DealScore, compiled_scoring, made_levels
from .solve import Solver
from .table import DDTable, Outcome, dd_table

__all__ = ["Call", "CallKind", "Par", "par"]


# -- the bids, in auction order ----------------------------------------------------

#: Every bid ``(level, strain)`` in auction order, indexed by its key.
_Bids = tuple[tuple[int, Strain], ...]
#: Per strain, the key of its bid at each level then capot (empty: a strain not bid).
_Rows = tuple[tuple[int, ...], ...]
#: A bid of one side that can matter: ``(level's place, U, C, surcoinche?)``.
_StrainBid = tuple[int, int, Optional[int], bool]
#: Per side, ``(value, bid)`` of its best bid, or ``None``.
_Best = list[Any]
#: ``score(level, outcome, coinche, exact) -> (ns, ew, made, tie)``.
_Score = Callable[[int, Outcome, Coinche, bool], tuple[int, int, bool, bool]]
#: An outcome's bids and its best made bid: :func:`_strain_bids`.
_OutcomeBids = tuple[tuple[_StrainBid, ...], Optional[tuple[int, int]]]

_ORDERS: dict[tuple[bool, int, bool], tuple[_Bids, tuple[int, ...], _Rows]] = {}


def _bid_order(rules: Rules) -> tuple[_Bids, tuple[int, ...], _Rows]:
    """``(bids, group, rows)``: every bid ``(level, strain)`` sorted by
    :func:`~solver.contract.bid_key`, each bid's group number (equal keys share one,
    numbered from 0 upward) and, per strain, the index of its bid at each level of
    :func:`~solver.contract.bid_levels` and then capot (cached per ordering, levels
    and strains)."""
    ranked = (rules.suit_ranking, rules.max_level, rules.sa_ta)
    if ranked not in _ORDERS:
        levels = bid_levels(rules) + (CAPOT,)
        bids = [(lv, s) for lv in levels for s in bid_strains(rules)]
        bids.sort(key=lambda b: bid_key(b[0], b[1], rules))
        group: list[int] = []
        last: object = None
        g = -1
        for lv, s in bids:
            k = bid_key(lv, s, rules)
            if k != last:
                g, last = g + 1, k
            group.append(g)
        index = {b: i for i, b in enumerate(bids)}
        rows = tuple(tuple(index[(lv, s)] for lv in levels) if (levels[0], s) in index else ()
                     for s in STRAINS)
        _ORDERS[ranked] = (tuple(bids), tuple(group), rows)
    return _ORDERS[ranked]


# -- scores, memoised ------------------------------------------------------------------

_SCORES: dict[Rules, dict[tuple[Any, ...], Any]] = {}
_MAX_CACHED = 200_000


def _scorer(rules: Rules) -> Callable[[Outcome], _OutcomeBids]:
    """``bids(outcome)``: :func:`_strain_bids` of an outcome, memoised on its key and
    points.  It scores with ``score(level, outcome, x, exact) -> (ns_score, ew_score,
    made, tie)`` and ``failing(outcome, start) -> [(U, C, surcoinche?)]`` for the levels
    from ``levels[start]`` up, all failed contracts that are not held ties.

    Scores are memoised on the arguments of :func:`~solver.scoring.score_deal` but the strain
    (invariant 4 of :func:`par`); a failed contract's key also leaves out the
    bidders' card points (invariant 3), so those scores are shared across deals."""
    cache = _SCORES.get(rules)
    if cache is None:
        if len(_SCORES) > 16:
            _SCORES.clear()
        cache = _SCORES[rules] = {}
    elif len(cache) > _MAX_CACHED:
        cache.clear()

    scorer = compiled_scoring(rules)
    levels = bid_levels(rules)
    capot_x = rules.capot_coinche

    def score(level: int, out: Outcome, x: Coinche, exact: bool) -> tuple[int, int, bool, bool]:
        key = (level, out.key, int(x), out.points if exact else -1)
        r: tuple[int, int, bool, bool] | None = cache.get(key)
        if r is None:
            c = cached_contract(level, out.strain, out.side.seats[0], x, capot_x)
            r = cache[key] = scorer(c, out.points, out.taken, out.belote, out.declarations, out.total)[:4]
        return r

    def failing(out: Outcome, start: int) -> list[tuple[int, Optional[int], bool]]:
        key = ("fail", out.key)
        row = cache.get(key)
        if row is None:
            row = cache[key] = [None] * len(levels)
        # Filled only from ``start`` up: the levels this outcome fails (invariant 1);
        # another deal with the same key may make some of the lower ones.
        for k in range(start, len(levels)):
            if row[k] is None:
                row[k] = values(levels[k], out, False)
        rest: list[tuple[int, Optional[int], bool]] = row[start:]
        return rest

    def values(level: int, out: Outcome, exact: bool) -> tuple[int, Optional[int], bool]:
        """``(U, C, surcoinche?)`` of ``out``'s side bidding ``level``: the score
        differences undoubled and coinched (surcoinched when that suits the bidders)."""
        su, sx = score(level, out, _NONE, exact), score(level, out, _X, exact)
        sxx = score(level, out, _XX, exact)
        u, x, xx = su[0] - su[1], sx[0] - sx[1], sxx[0] - sxx[1]
        sur = xx > x if out.side == Team.NS else xx < x
        return (u, xx if sur else x, sur)

    def bids(out: Outcome) -> _OutcomeBids:
        key = ("bids", out.key, out.points)
        r = cache.get(key)
        if r is None:
            r = cache[key] = _strain_bids(score, failing, values, out, rules)
        found: _OutcomeBids = r
        return found

    return bids


_NONE, _X, _XX = Coinche.NONE, Coinche.COINCHE, Coinche.SURCOINCHE
_KEY = operator.attrgetter("key")


@dataclasses.dataclass(eq=False)
class _Entry:
    """A bid one side can make, in the auction where a coinche ends it.

    ``key``: its place in the auction order; ``side``: 0 N-S, 1 E-W; ``u`` and ``c``:
    N-S minus E-W when it is played undoubled and coinched (surcoinched when ``sur``:
    that suits the bidders better); ``c`` is ``None`` for a capot bid that cannot be
    coinched.  The backward induction fills ``above`` (each side's ``(value, _Entry)``
    of its best bid above this one: the bidders' opponents', then the bidders') and
    ``values``: the auction's value after this bid and 0, 1, 2 passes."""

    key: int
    side: int
    u: int
    c: Any          # an int; None for a capot bid that cannot be coinched (never compared then)
    sur: bool
    above: tuple[Any, Any] = (None, None)
    values: tuple[Any, Any, Any] = (0, 0, 0)


def _made_levels(score: _Score, out: Outcome, rules: Rules) -> tuple[int, bool]:
    """How many numbered levels of the rules ``out``'s side makes (a prefix, invariant
    1), and whether a failed level is a held tie (:func:`~solver.scoring.made_levels`)."""
    counted = out.points + BELOTE_POINTS * out.belote[out.side] + (
        out.declarations[out.side] if rules.declarations_count else 0)
    return made_levels(bid_levels(rules), counted, lambda level: score(level, out, _NONE, True))


def _strain_bids(score: _Score, failing: Callable[[Outcome, int], list[tuple[int, Optional[int], bool]]],
                 values: Callable[[int, Outcome, bool], tuple[int, Optional[int], bool]], out: Outcome,
                 rules: Rules) -> _OutcomeBids:
    """The bids of ``out``'s side in its strain that can matter, as ``(pos, U, C,
    surcoinche?)`` with ``pos`` the level's place in the rules' levels (their number
    for capot, whose ``C`` is ``None`` unless ``Rules.capot_coinche``), and ``(pos, U)``
    of its best made bid.

    Of the made levels only the top one is kept, the lower ones being dominated
    (invariant 2 in :func:`par`).  Nothing here depends on the strain (invariant 4),
    so :func:`_scorer` memoises it on the outcome's key and points."""
    z = out.side
    levels = bid_levels(rules)
    n = len(levels)

    def exact(k: int) -> _StrainBid:
        return (k,) + values(levels[k], out, True)

    lo, tie = _made_levels(score, out, rules)
    entries: list[_StrainBid] = []
    top: Optional[tuple[int, int]] = None
    if lo > 0:
        entries.append(exact(lo - 1))
        top = (entries[0][0], entries[0][1])
    if tie:
        entries += [exact(k) for k in range(lo, n)]
    else:
        entries += [(k, u, c, sur) for k, (u, c, sur) in enumerate(failing(out, lo), lo)]
    ns, ew, ok, _ = score(CAPOT, out, _NONE, False)
    if rules.capot_coinche:
        entries.append((n,) + values(CAPOT, out, False))
    else:
        entries.append((n, ns - ew, None, False))
    if ok and (top is None or (ns - ew > top[1] if z == 0 else ns - ew < top[1])):
        top = (n, ns - ew)
    return tuple(entries), top


def _frontier(entries: "list[_Entry]", z: int) -> "list[_Entry]":
    """Drop the bids of side ``z`` that are dominated: another bid of z with a key at
    least as high and values U and C at least as good for z (a capot bid's C counts
    as best: it cannot be coinched).  ``entries`` are sorted by key, highest first.

    ``front`` holds the (U, C) pairs of the bids kept so far that no other kept bid
    dominates: a bid dominated by any kept bid is dominated by one of those."""
    sign = 1 if z == 0 else -1
    kept: list[_Entry] = []
    capot_u = None                  # the best U of a capot bid (C: the best there is)
    front: list[tuple[int, int]] = []
    for e in entries:
        u = sign * e.u
        if e.c is None:
            if capot_u is None or u > capot_u:
                capot_u = u
                kept.append(e)
            continue
        if capot_u is not None and u <= capot_u:
            continue
        c = sign * e.c
        for fu, fc in front:
            if fu >= u and fc >= c:
                break
        else:
            front = [(fu, fc) for fu, fc in front if not (u >= fu and c >= fc)]
            front.append((u, c))
            kept.append(e)
    return kept


# -- results -------------------------------------------------------------------------

_SIDE = {Team.NS: "N-S", Team.EW: "E-W"}     # the same in French


@dataclasses.dataclass(frozen=True)
class Par:
    """The par result of a deal.

    ``contract``: the final contract (declarer seat and coinche state included), or
    ``None`` when all four pass; ``ns_score``/``ew_score``: the deal scores it gives;
    ``score``: its :class:`~solver.scoring.DealScore`; ``auction``: one optimal
    sequence of calls from the first speaker; ``reason``: a sentence saying why;
    ``best``: each side's most valuable contract if unopposed (``None`` if it can
    make none); ``table``: the double-dummy table used.
    """

    dealer: Seat
    contract: Optional[Contract]
    ns_score: int
    ew_score: int
    score: Optional[DealScore]
    auction: tuple[Call, ...]
    reason: str
    best: dict[Team, Optional[Contract]]
    table: DDTable

    def to_dict(self) -> dict[str, Any]:
        c, s = self.contract, self.score
        return {
            "deal": self.table.deal.to_pbn(),
            "dealer": self.dealer.name,
            "leader": self.dealer.next.name,
            "contract": None if c is None or s is None else {
                "level": level_json(c.level), "strain": c.strain.name, "declarer": c.declarer.name,
                "coinche": c.coinche.name.lower(), "text": c.to_text(), "made": s.made,
                "points": s.points, "capot": s.capot,
            },
            "ns_score": self.ns_score,
            "ew_score": self.ew_score,
            "auction": [x.to_dict() for x in self.auction],
            "reason": self.reason,
            "best": {t.name: (None if b is None else b.to_text()) for t, b in self.best.items()},
        }

    def __repr__(self) -> str:
        return f"<Par {self.contract} ns_score={self.ns_score} ew_score={self.ew_score}>"


# -- the contrée auction (Rules.contree) ---------------------------------------------

def _pick(side: int, *values: Optional[int]) -> int:
    """The best of ``values`` for ``side`` (N-S maximise); ``None`` is an option that
    does not exist."""
    present = [v for v in values if v is not None]
    return max(present) if side == 0 else min(present)


@dataclasses.dataclass(eq=False)
class _Bid:
    """A bid of the contrée auction: its place in the auction order, its side, and
    N-S minus E-W when played undoubled, coinched, surcoinched (``None``: a capot bid
    that cannot be coinched); ``above``: each side's ``(value, _Bid)`` of its best bid
    above this one; ``states``: the values of the states after it."""

    key: int
    side: int
    capot: bool
    u: int
    cx: Any         # ints; None for a capot bid that cannot be coinched (never compared then)
    cxx: Any
    above: tuple[Any, Any] = (None, None)
    states: dict[str, int] = dataclasses.field(default_factory=dict)


def _contree_bids(bids: _Bids, rows: _Rows, outcomes: Sequence[Sequence[Outcome]],
                  rules: Rules) -> list[_Bid]:
    """Every bid of both sides, highest key first.  None is pruned: the dominance
    argument of :func:`par` does not cover an auction that goes on after a coinche."""
    scorer = compiled_scoring(rules)
    levels = bid_levels(rules) + (CAPOT,)
    out = []
    for z in (0, 1):
        for s in bid_strains(rules):
            o = outcomes[z][s]
            for k, lv in enumerate(levels):
                diffs: list[Any] = []       # U, Cx, Cxx: ints, or None (see _Bid)
                for x in Coinche:
                    if x != _NONE and not may_coinche(lv, rules):
                        diffs.append(None)
                        continue
                    c = cached_contract(lv, s, o.side.seats[0], x, rules.capot_coinche)
                    ns, ew = scorer(c, o.points, o.taken, o.belote, o.declarations, o.total)[:2]
                    diffs.append(ns - ew)
                out.append(_Bid(rows[s][k], z, lv == CAPOT, *diffs))
    out.sort(key=lambda b: b.key, reverse=True)
    return out


# After a call by side T the next speakers are the other side, T, the other side, and
# a third pass ends the auction.  Per state (N undoubled, X coinched, S surcoinched,
# by passes since the last call): does Z (the bidders) speak, the coinche-type call
# open to the speaker and the state it leads to, and the state after a pass (an int:
# the pass ends the auction in the contract as U, Cx or Cxx).
_CONTREE_STEPS: dict[str, tuple[bool, Optional[tuple[CallKind, str]], "str | int"]] = {
    "N0": (False, (CallKind.COINCHE, "X0"), "N1"),
    "N1": (True, None, "N2"),
    "N2": (False, (CallKind.COINCHE, "X0"), 0),
    "X0": (True, (CallKind.SURCOINCHE, "S0"), "X1"),
    "X1": (False, None, "X2"),
    "X2": (True, (CallKind.SURCOINCHE, "S0"), 1),
    "S0": (False, None, "S1"),
    "S1": (True, None, "S2"),
    "S2": (False, None, 2),
}
_BACKWARD = ("S2", "S1", "S0", "X2", "X1", "X0", "N2", "N1", "N0")


def _contree_states(b: _Bid) -> None:
    """Fill ``b.states``: the value of each state after ``b`` (backward from the last)."""
    z, y = b.side, 1 - b.side
    by, bz = (None if a is None else a[0] for a in b.above)
    if b.capot:                          # a capot bid ends the auction, coinched or not
        b.states["N0"] = b.u if b.cx is None else _pick(y, b.u, _pick(z, b.cx, b.cxx))
        return
    ends = (b.u, b.cx, b.cxx)
    st = b.states
    for name in _BACKWARD:
        z_speaks, call, after = _CONTREE_STEPS[name]
        side = z if z_speaks else y
        stay = ends[after] if isinstance(after, int) else st[after]
        st[name] = _pick(side, stay, None if call is None else st[call[1]], bz if z_speaks else by)


def _contree_best(entries: list[_Bid], group: Sequence[int]) -> _Best:
    """Backward induction over the bids, highest key first: each side's ``(value,
    _Bid)`` of its best bid over all of them (``None``: no bid)."""
    best: _Best = [None, None]
    for run in _groups(entries, group, _KEY):
        for b in run:
            b.above = (best[1 - b.side], best[b.side])
            _contree_states(b)
        for b in run:                             # ties: the highest key, then the first strain
            v = b.states["N0"]
            if best[b.side] is None or _better(b.side, v, best[b.side][0]):
                best[b.side] = (v, b)
    return best


def _contree_play(bids: _Bids, b: _Bid, declarer: Seat, seat: Seat,
                  calls: list[Call]) -> tuple[_Bid, Seat, Coinche]:
    """One optimal continuation of the contrée auction after bid ``b`` by ``declarer``,
    ``seat`` speaking next: extends ``calls``; returns the final ``(_Bid, declarer,
    coinche state)``.  Ties go to passing, then to coinching, then to bidding."""
    state = "N0"
    while True:
        z, y = b.side, 1 - b.side
        if b.capot:
            if b.cx is not None and _better(y, _pick(z, b.cx, b.cxx), b.u):
                calls.append(Call(seat, CallKind.COINCHE))
                if _better(z, b.cxx, b.cx):
                    calls.append(Call(declarer, CallKind.SURCOINCHE))
                    return b, declarer, _XX
                return b, declarer, _X
            return b, declarer, _NONE
        z_speaks, call, after = _CONTREE_STEPS[state]
        side = z if z_speaks else y
        value = (b.u, b.cx, b.cxx)[after] if isinstance(after, int) else b.states[after]
        choice = "pass"
        if call is not None and _better(side, b.states[call[1]], value):
            choice, value = "call", b.states[call[1]]
        other = b.above[1] if z_speaks else b.above[0]
        if other is not None and _better(side, other[0], value):
            choice = "bid"
        if choice == "pass":
            calls.append(Call(seat, CallKind.PASS))
            if isinstance(after, int):
                return b, declarer, (_NONE, _X, _XX)[after]
            state = after
        elif choice == "call" and call is not None:
            calls.append(Call(seat, call[0]))
            state = call[1]
        else:
            b, declarer, state = other[1], seat, "N0"
            calls.append(Call(seat, CallKind.BID, *bids[b.key]))
        seat = seat.next


# -- the search ----------------------------------------------------------------------

def _better(side: int, a: int, b: int) -> bool:
    """Is ``a`` strictly better than ``b`` for ``side`` (values are N-S minus E-W)?"""
    return a > b if side == 0 else a < b


def _groups(entries: list[Any], group: Sequence[int], key: Callable[[Any], int]) -> Iterator[list[Any]]:
    """``entries`` (sorted by auction key, highest first) cut into runs of one group
    (bids of equal key)."""
    n, j = len(entries), 0
    while j < n:
        g = group[key(entries[j])]
        k = j
        while k < n and group[key(entries[k])] == g:
            k += 1
        yield entries[j:k]
        j = k


def _entry_values(e: _Entry, capot: bool, in_turn: bool) -> tuple[Any, Any, Any]:
    """The value of the auction after bid ``e`` and 0, 1, 2 passes, given the best bids
    above it (``e.above``): the induction of :func:`par`."""
    by, bz = e.above
    u, c = e.u, e.c
    if capot:                                 # a capot bid ends the auction, coinched or not
        return (u if c is None else (min(c, u) if e.side == 0 else max(c, u)), None, None)
    best_y, best_z = (min, max) if e.side == 0 else (max, min)     # N-S maximise
    v2 = best_y(c, u) if by is None else best_y(c, u, by[0])
    v1 = v2 if bz is None else best_z(v2, bz[0])
    if not in_turn:                           # the opponents may coinche out of turn too
        v1 = best_y(c, v1)
    v0 = best_y(c, v1) if by is None else best_y(c, v1, by[0])
    return (v0, v1, v2)


def _induct(live: "list[_Entry]", bids: _Bids, group: Sequence[int], in_turn: bool) -> _Best:
    """Backward induction over the bids, highest key first: fills each entry's
    ``above`` and ``values``; returns each side's ``(value, _Entry)`` of its best bid."""
    best: _Best = [None, None]
    for run in _groups(live, group, _KEY):
        for e in run:
            e.above = (best[1 - e.side], best[e.side])
            e.values = _entry_values(e, bids[e.key][0] == CAPOT, in_turn)
        for e in run:                             # ties: the highest key, then the first strain
            z, v = e.side, e.values[0]
            if best[z] is None or _better(z, v, best[z][0]):
                best[z] = (v, e)
    return best


def _auction(sides: list[list[_Entry]], bids: _Bids, group: Sequence[int], first: Seat,
             in_turn: bool) -> tuple[list[Call], Optional[tuple[int, int, Seat, Coinche]]]:
    """The auction of :func:`par` (coinche at any time, or only in turn with
    ``in_turn``; a coinche ends it): the frontier of each side's bids, the backward
    induction, and one optimal sequence of calls.  Returns ``(calls, final)`` with
    ``final`` ``None`` (all pass) or ``(key, side, declarer, coinche state)``."""
    live: list[_Entry] = []
    for z in (0, 1):
        sides[z].sort(key=_KEY, reverse=True)     # a stable sort: equal keys keep their order
        live += _frontier(sides[z], z)
    live.sort(key=_KEY, reverse=True)
    best = _induct(live, bids, group, in_turn)
    opening = _opening_values(best, first)
    calls: list[Call] = []
    seat, passes = first, 0
    while passes < 4:                             # before any bid
        t = seat.team
        if best[t] is not None and _better(t, best[t][0], opening[passes + 1]):
            calls.append(Call(seat, CallKind.BID, *bids[best[t][1].key]))
            return calls, _after_bid(best[t][1], seat, seat.next, bids, in_turn, calls)
        calls.append(Call(seat, CallKind.PASS))
        passes += 1
        seat = seat.next
    return calls, None


def _after_bid(e: _Entry, declarer: Seat, seat: Seat, bids: _Bids, in_turn: bool,
               calls: list[Call]) -> tuple[int, int, Seat, Coinche]:
    """One optimal continuation after bid ``e`` by ``declarer``, ``seat`` speaking next:
    extends ``calls``; returns the final ``(key, side, declarer, coinche state)``."""
    passes, state = 0, _NONE
    while True:
        z = e.side
        y = 1 - z
        if bids[e.key][0] == CAPOT:
            if e.c is not None and _better(y, e.c, e.u):
                calls.append(Call(seat, CallKind.COINCHE))
                state = _X
                if e.sur:
                    calls.append(Call(seat.next if in_turn else declarer, CallKind.SURCOINCHE))
                    state = _XX
            break
        by, bz = e.above
        speaker, stay, other = ((y, e.values[1], by), (z, e.values[2], bz), (y, e.u, by))[min(passes, 2)]
        go_on, raise_to = stay, None
        if other is not None and _better(speaker, other[0], stay):
            go_on, raise_to = other[0], other[1]
        if (passes != 1 or not in_turn) and _better(y, e.c, go_on):
            coincher = seat if seat.team == y else seat.next
            calls.append(Call(coincher, CallKind.COINCHE))
            state = _X
            if e.sur:                             # in turn: the next player, a bidder
                calls.append(Call(coincher.next if in_turn else declarer, CallKind.SURCOINCHE))
                state = _XX
            break
        if raise_to is not None:
            calls.append(Call(seat, CallKind.BID, *bids[raise_to.key]))
            e, declarer, passes = raise_to, seat, 0
        else:
            calls.append(Call(seat, CallKind.PASS))
            passes += 1
            if passes == 3:
                break
        seat = seat.next
    return (e.key, e.side, declarer, state)


def _opening_values(best: _Best, first: Seat) -> list[int]:
    """``A[p]``: the value of the auction before any bid after ``p`` passes, given
    each side's ``(value, bid)`` of its best bid (``None``: none)."""
    A = [0] * 5
    for p in range(3, -1, -1):
        t = (first + p) & 1
        bt = best[t]
        A[p] = A[p + 1] if bt is None or _better(t, A[p + 1], bt[0]) else bt[0]
    return A


def _contree_auction(entries: list[_Bid], bids: _Bids, group: Sequence[int],
                     first: Seat) -> tuple[list[Call], Optional[tuple[int, int, Seat, Coinche]]]:
    """The contrée auction (``Rules.contree``): like :func:`_auction`."""
    best = _contree_best(entries, group)
    A = _opening_values(best, first)
    calls: list[Call] = []
    seat = first
    for passes in range(4):
        t = seat.team
        bt = best[t]
        if bt is not None and _better(t, bt[0], A[passes + 1]):
            calls.append(Call(seat, CallKind.BID, *bids[bt[1].key]))
            b, declarer, state = _contree_play(bids, bt[1], seat, seat.next, calls)
            return calls, (b.key, b.side, declarer, state)
        calls.append(Call(seat, CallKind.PASS))
        seat = seat.next
    return calls, None


def par(deal: Deal, dealer: "Seat | str" = Seat.N, rules: Rules = Rules(), *,
        table: "DDTable | None" = None, solver: "Solver | None" = None) -> Par:
    """The par contract and score of ``deal`` with ``dealer`` dealing.

    ``table``: a :class:`~solver.table.DDTable` that holds the seat after the dealer
    as leader, if already computed (else it is computed with ``solver``).

    **The search.**  After a bid ``k`` by side Z the state is ``(k, Z, p)``, ``p`` = 0,
    1, 2 passes since; the speaker follows from ``p`` (an opponent, Z's partner, the
    other opponent), so the seat within a side never matters (a contract's score does
    not depend on which partner declares).  With ``C(k)`` the value of a coinche (Z
    then picks coinche or surcoinche), ``U(k)`` the value of playing ``k`` undoubled
    and ``B_T(k)`` side T's best value over its bids above ``k``::

        V(k,Z,2) = opt_Y( C, U, B_Y(k) )
        V(k,Z,1) = opt_Y( C, opt_Z( V(k,Z,2), B_Z(k) ) )
        V(k,Z,0) = opt_Y( C, V(k,Z,1), B_Y(k) )

    the opponents Y may coinche at every state where ``k`` stands, which is what
    coinching "at any time" allows.  Bids are visited from the highest key down, so
    ``B_T`` is a running best and the auction costs one pass over the bids.

    **The pruning, and why it is exact.**  Let Z-bids ``k1 < k2`` (by key) have
    ``U(k1) <= U(k2)`` and ``C(k1) <= C(k2)`` for Z (a capot bid's ``C`` counts as
    best for Z).  Then ``V(k1,Z,0) <= opt_Z(min(C,U,B_Y)(k1), B_Z(k1))`` and
    ``min(C,U,B_Y)(k1) <= V(k2,Z,0) <= B_Z(k1)`` (fewer bids above ``k2`` for Y), so
    ``V(k1,Z,0) <= B_Z(k1)``: wherever Z may bid ``k1`` some higher bid does at least
    as well, and ``k1`` can be dropped without changing any value (for equal keys,
    ``V(k1) <= V(k2)`` directly).  :func:`_frontier` drops exactly those bids.  Three
    invariants of :func:`~solver.scoring.score_deal`, checked for every scoring
    variant by ``tests/test_par.py``, let most bids go without being scored at all:

    1. the levels a side makes in a strain are a prefix of the rules' levels;
    2. among made levels, a higher level is no worse for the bidders, undoubled,
       coinched or surcoinched, so only the top made level is kept;
    3. a failed contract that is not a held tie, and a capot bid, score the same
       whatever the bidders' card points, so those scores are shared across deals;
    4. a score does not depend on the strain beyond what the outcome says (belote,
       declarations), so scores are shared across strains.

    Ties between calls of equal value go to passing, then to not coinching, and among
    bids to the highest key, so the auction reaches the par contract in as few bids
    as possible.

    >>> deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
    >>> p = par(deal, dealer="E")
    >>> [str(c) for c in p.auction]
    ['pass', 'pass', 'capot SA']
    """
    dealer = Seat.parse(dealer)
    table = _leader_table(deal, dealer, rules, table, solver)
    rules = table.rules
    bids, group, rows = _bid_order(rules)
    outcomes = table.outcomes()
    sides, tops = _candidates(outcomes, rows, _scorer(rules), bid_strains(rules))
    if rules.contree:
        calls, final = _contree_auction(_contree_bids(bids, rows, outcomes, rules), bids, group,
                                        dealer.next)
    else:
        calls, final = _auction(sides, bids, group, dealer.next, rules.coinche_in_turn)
    best_alone = {t: _best_alone(tops[t], t, bids) for t in Team}
    if final is None:
        return Par(dealer, None, 0, 0, None, tuple(calls), _reason(None, None, best_alone, calls),
                   best_alone, table)
    key, side, declarer, state = final
    lv, s = bids[key]
    contract = Contract(lv, s, declarer, state, rules.capot_coinche)
    result = outcomes[side][s].score(contract, rules)
    return Par(dealer, contract, result.ns_score, result.ew_score, result, tuple(calls),
               _reason(contract, result, best_alone, calls), best_alone, table)


def _leader_table(deal: "Deal | str", dealer: Seat, rules: Rules, table: "DDTable | None",
                  solver: "Solver | None") -> DDTable:
    """The table of ``deal`` with the seat after ``dealer`` leading: ``table`` (cut to that
    leader when it holds all four) or a new one."""
    if not isinstance(deal, Deal):
        deal = Deal.from_pbn(deal)
    if deal.cards_per_hand != 8:
        raise DealError(tr("par needs a full deal of 8 cards a hand, not {cards_per_hand}: {deal!r}",
                           cards_per_hand=deal.cards_per_hand, deal=deal.to_pbn()))
    first = dealer.next
    if table is None:
        return dd_table(deal, first, rules, solver=solver)
    if table.leader is None:
        return table.for_leader(first)
    if table.leader != first:
        raise SeatError(tr("the table is for leader {leader}, but with dealer {dealer} the first lead is by "
                           "{first}", leader=table.leader.name, dealer=dealer.name, first=first.name))
    return table


def _candidates(outcomes: Sequence[Sequence[Outcome]], rows: _Rows,
                strain_bids: Callable[[Outcome], _OutcomeBids],
                allowed: Sequence[Strain]) -> tuple[list[list[_Entry]], list[list[tuple[int, int]]]]:
    """Per side, the bids that can matter as :class:`_Entry`, and ``(key, U)`` of its
    best made bid in each allowed strain."""
    sides: list[list[_Entry]] = [[], []]
    tops: list[list[tuple[int, int]]] = [[], []]
    for z in (0, 1):
        for s, out in zip(STRAINS, outcomes[z]):
            if s not in allowed:
                continue
            entries, top = strain_bids(out)
            row = rows[s]
            sides[z] += [_Entry(row[k], z, u, c, sur) for k, u, c, sur in entries]
            if top is not None:
                tops[z].append((row[top[0]], top[1]))
    return sides, tops


def _best_alone(tops: list[tuple[int, int]], team: Team, bids: _Bids) -> Optional[Contract]:
    """The side's most valuable contract if unopposed (``None``: it makes none)."""
    top = None
    for i, u in tops:
        if top is None or _better(team, u, top[1]):
            top = (i, u)
    return None if top is None else cached_contract(*bids[top[0]], team.seats[0], _NONE)


def _reason(contract: Optional[Contract], result: Optional[DealScore],
            best: dict[Team, Optional[Contract]], calls: list[Call]) -> str:
    """A sentence saying why the auction ends where it does."""
    def bt(c: Contract) -> str:
        return bid_text(c.level, c.strain)

    if contract is None or result is None:
        makers = [tr("{side} could make {bid}", side=_SIDE[t], bid=bt(c)) for t, c in best.items()
                  if c is not None]
        if not makers:
            return tr("Neither side can make 80 in any strain: all four pass, no contract.")
        return tr("{makers}, but no bid gains: all four pass, no contract.", makers="; ".join(makers))
    z = contract.team
    y = z.other
    mine, theirs = _SIDE[z], _SIDE[y]
    yb = best.get(y)
    doubled = ""
    if contract.coinche == Coinche.COINCHE:
        doubled = tr(", coinched by {theirs}", theirs=theirs)
    elif contract.coinche == Coinche.SURCOINCHE:
        doubled = tr(", coinched by {theirs} and surcoinched", theirs=theirs)
    what = bt(contract)
    f = dict(mine=mine, theirs=theirs, what=what, doubled=doubled, yours=bt(yb) if yb else "")
    if contract.is_capot:
        if result.made:
            if yb:
                return tr("{mine} bid and make {what}; {theirs} could make {yours} but cannot outbid capot.",
                          **f)
            return tr("{mine} bid and make {what}; {theirs} can make nothing.", **f)
        return tr("{mine} bid {what} and fail{doubled}: it costs less than letting {theirs} play.", **f)
    if result.made:
        if yb is None:
            return tr("{mine} make {what}{doubled}; {theirs} cannot make any contract.", **f)
        own_bids = [c for c in calls if c.kind == CallKind.BID and c.seat.team == z]
        if len(own_bids) > 1 or any(c.kind == CallKind.BID and c.seat.team == y for c in calls):
            return tr("{theirs} could make {yours} but {mine} outbid to {what}{doubled}, which {theirs} "
                      "cannot profitably beat.", **f)
        return tr("{theirs} could make {yours} but {mine} bid {what}{doubled}, which {theirs} cannot "
                  "profitably beat.", **f)
    if yb is not None:
        return tr("{theirs} could make {yours}; {mine} sacrifice in {what}{doubled}, which fails but costs "
                  "less.", **f)
    return tr("{mine} bid {what} and fail{doubled}.", **f)
