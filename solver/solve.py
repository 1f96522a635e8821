"""Exact double-dummy queries: the value of a position, of every card, capot, thresholds.

>>> deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
>>> sol = solve(deal, "C", leader="S")
>>> sol.ns_points, sol.ew_points          # tests/data/dd_reference.json, case 4
(146, 16)
>>> can_take(deal, "C", 146, side="NS", leader="S"), can_take(deal, "C", 147, leader="S")
(True, False)
>>> sol.card_values[sol.best_cards[0]] == sol.ns_points
True
"""

from __future__ import annotations

import functools
import threading
from typing import Any, Callable, Concatenate, Iterable, NamedTuple, ParamSpec, TypeVar

from ._engine import Engine
from .cards import Card, CardSet, Seat, Team
from .deal import EXAMPLE_DEAL, Deal, first_leader  # noqa: F401  (EXAMPLE_DEAL: for the doctests)
from .errors import CoincheError, DealError, IllegalPlayError, RulesError, ScoreError, SeatError, \
    SolverError, StrainError, quote
from .messages import N_, tr
from .play import Position, parse_played
from .contract import points_needed
from .workers import check_workers, thread_pool
from .rules import DEFAULT_RULES, LAST_TRICK_BONUS, Rules, Strain, points_of, points_table, strength_table

__all__ = ["Solution", "Solver", "StrainResult", "LeadResult", "solve", "solve_all", "can_take",
           "default_solver", "query_position"]

# 2**14 buckets of 4 entries of 16 bytes: 1 MiB, inside one core's 2 MiB L2 cache.  A larger
# table saves few nodes, and with workers sharing the machine its cache misses cost more
# than those nodes.
DEFAULT_TT_BITS = 14

_ONE_THREAD = N_("a Solver serves one thread at a time: give each thread its own "
                  "(solver.solve.default_solver() does)")


_need_80 = points_needed(80)
assert _need_80 is not None      # (None is capot's)
_NEED_80: int = _need_80        # the points a bid of 80 needs


_P = ParamSpec("_P")
_R = TypeVar("_R")
_Method = Callable[Concatenate["Solver", _P], _R]


def _serving(*, loads: bool) -> "Callable[[_Method[_P, _R]], _Method[_P, _R]]":
    """A public :class:`Solver` method, refusing concurrent use instead of answering wrongly.

    The method takes the solver's lock without waiting, so a call from a second thread
    while one runs (a search releases the GIL) raises :class:`~solver.errors.SolverError`.
    A method that ``loads`` a position makes the calling thread its owner; a method that
    reads the position last loaded refuses any other thread, since by then the position
    may be another thread's.  One thread after another may use a solver: each starts by
    loading its own position.  Only these methods touch the engine, each once guarded.
    """
    def wrap(method: "_Method[_P, _R]") -> "_Method[_P, _R]":
        @functools.wraps(method)
        def guarded(self: Solver, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
            if not self._lock.acquire(blocking=False):
                raise SolverError(tr("this Solver is busy answering another thread: {advice}",
                                     advice=tr(_ONE_THREAD)))
            try:
                me = threading.get_ident()
                if loads:
                    self._owner = me
                elif self._owner not in (None, me):
                    raise SolverError(tr("this Solver's position was set up by another thread: {advice}",
                                         advice=tr(_ONE_THREAD)))
                return method(self, *args, **kwargs)
            finally:
                self._lock.release()
        return guarded
    return wrap


class StrainResult(NamedTuple):
    """One strain of a deal for one first leader, as a double-dummy table holds it.

    ``ns_points``: N-S card points under perfect play (dix de der included);
    ``ns_capot`` / ``ew_capot``: that side can force every trick; ``total``: every point
    of the deal (the cards and the dix de der); ``nodes``: nodes searched."""

    ns_points: int
    ns_capot: bool
    ew_capot: bool
    total: int
    nodes: int

    @property
    def taken_all(self) -> "Team | None":
        """The side that can force every trick, or ``None``."""
        return Team.NS if self.ns_capot else Team.EW if self.ew_capot else None


class LeadResult(NamedTuple):
    """The deal after one opening lead, under perfect play from there.

    ``ns_points``: N-S card points over the deal (``None`` when not asked);
    ``ns_capot`` / ``ew_capot``: that side can still force every trick; ``reaches``:
    N-S take at least the points asked (``None`` when not asked)."""

    ns_points: "int | None"
    ns_capot: bool
    ew_capot: bool
    reaches: "bool | None"

    @property
    def taken_all(self) -> "Team | None":
        """The side that can still force every trick, or ``None``."""
        return Team.NS if self.ns_capot else Team.EW if self.ew_capot else None


class Solver:
    """An engine with its own transposition table, reused across queries.

    The table keeps bounds that stay true across deals, strains and probes, so one
    solver answers a stream of questions faster than fresh ones.  A solver is for one
    thread at a time (:func:`default_solver` gives each thread its own): a call from a
    second thread while the first is served raises :class:`~solver.errors.SolverError`.
    Only the methods of this class drive the engine.

    >>> s = Solver(tt_bits=12)
    >>> s.solve(Deal.from_pbn("N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-"), "S").ns_points
    25
    """

    def __init__(self, tt_bits: int = DEFAULT_TT_BITS, *, table_of: "Solver | None" = None) -> None:
        if isinstance(tt_bits, bool) or not isinstance(tt_bits, int) or not 8 <= tt_bits <= 26:
            raise SolverError(tr("tt_bits {tt_bits}: expected a whole number from 8 to 26",
                                 tt_bits=quote(tt_bits)))
        # table_of: search with that solver's table, from another thread (see solve_all)
        self._engine: Engine = Engine(tt_bits, None if table_of is None else table_of._engine)
        self._shares_table = table_of is not None
        self._lock = threading.Lock()
        self._owner: "int | None" = None

    @_serving(loads=True)
    def copy_table(self, source: "Solver") -> None:
        """Make this solver's table a copy of ``source``'s, for a search that continues
        ``source``'s work in another thread (the helpers of :func:`~solver.table.dd_table`
        and :func:`solve_all`).  ``source`` may be searching meanwhile, since a probe
        passes over an entry copied half before and half after a store.  Both tables must
        have the same size.

        >>> a, b = Solver(tt_bits=10), Solver(tt_bits=10)
        >>> deal = Deal.from_pbn(EXAMPLE_DEAL)
        >>> first = a.solve(deal, "H")
        >>> b.copy_table(a)
        >>> again = b.solve(deal, "H")
        >>> again.ns_points == first.ns_points, again.nodes < first.nodes
        (True, True)
        """
        if not isinstance(source, Solver):
            raise SolverError(tr("not a Solver: {source}", source=quote(source)))
        if self._shares_table:
            raise SolverError(tr("this Solver searches with another Solver's table: it has none to copy into"))
        mine, theirs = self._engine.tt_bits, source._engine.tt_bits
        if mine != theirs:
            raise SolverError(tr("the tables differ in size (tt_bits {theirs} and {mine}): a table is copied "
                                 "into one of its size", theirs=theirs, mine=mine))
        self._engine.copy_table(source._engine)

    @property
    def nodes(self) -> int:
        """Nodes searched by the last search."""
        return self._engine.nodes

    # -- setting a position ---------------------------------------------------
    @_serving(loads=True)
    def load(self, pos: Position, count_tricks: bool = False) -> None:
        """Set the engine to ``pos`` (for :meth:`value`); ``count_tricks``: values count
        tricks instead of points."""
        self._load(pos, count_tricks)

    @_serving(loads=True)
    def load_hands(self, hands: Iterable["CardSet | int"], strain: Strain, leader: Seat,
                   rules: Rules, trick: Iterable["Card | int"] = (), count_tricks: bool = False) -> None:
        """Set the engine to four hands' masks (``Deal.masks``) at a trick start, or with
        ``trick`` (canonical card ints, lead first) in progress: :meth:`load` without a
        :class:`~solver.play.Position`, for callers that solve many deals.

        The hands must not share a card and must hold as many cards each (one more for the
        players still to play to the trick); the rules of play are not checked (the cards
        of ``trick`` are taken as played legally)."""
        self._load_hands(hands, strain, leader, rules, trick, count_tricks)

    @_serving(loads=False)
    def value(self, guess: int = -1) -> int:
        """The N-S points (or tricks) still to come in the position this thread loaded last,
        under perfect play; ``guess``, a value near the answer, speeds the search."""
        return self._engine.value(guess)

    def _load(self, pos: Position, count_tricks: bool = False) -> None:
        """Load a :class:`Position`: its fields were read when it was made, so they go to
        the engine as they are (under half the time :meth:`_load_hands` takes)."""
        self._setup(pos.hands, pos.strain, pos.leader, pos.rules, pos.points_table,
                    [int(c) for c in pos.trick], count_tricks)

    def _load_hands(self, hands: Iterable["CardSet | int"], strain: Strain, leader: Seat,
                    rules: Rules, trick: Iterable["Card | int"] = (), count_tricks: bool = False) -> None:
        """Typed hands, strain, leader and trick (text is read at the doors)."""
        st, lead = strain, leader
        if not isinstance(rules, Rules):
            raise RulesError(tr("not rules: {rules}: expected a solver.Rules", rules=quote(rules)))
        try:
            masks = [h.mask if isinstance(h, CardSet) else int(h) for h in hands]
            cards = [int(c) for c in trick]
        except (TypeError, ValueError):
            raise DealError(tr("not hands and a trick: {hands}, {trick}: expected 4 masks "
                               "or card sets, and cards", hands=quote(hands), trick=quote(trick))) from None
        self._setup(masks, st, lead, rules, points_table(st, rules), cards, count_tricks)

    def _setup(self, masks: list[int], st: Strain, lead: Seat, rules: Rules, points: tuple[int, ...],
               cards: list[int], count_tricks: bool) -> None:
        """Give the engine a position already read: its checks of it become DealError."""
        try:
            self._engine.setup(masks, int(st), strength_table(st), points, int(lead), cards,
                               rules.must_undertrump, rules.must_overtrump_partner,
                               rules.table_variant(st), count_tricks)
        except CoincheError:
            raise
        except ValueError as e:            # the engine's own checks of the position
            raise DealError(tr("not a position: {error}", error=e)) from None

    # -- queries ----------------------------------------------------------------
    @_serving(loads=True)
    def solve(self, deal: "Deal | Position | str", strain: "Strain | str | None" = None,
              leader: "Seat | str | None" = None, played: "str | Iterable[int | str]" = (),
              rules: "Rules | None" = None, *, dealer: "Seat | str | None" = None) -> "Solution":
        """The exact value of the position after ``played`` (see :func:`solve`)."""
        pos = query_position(deal, strain, leader, played, rules, dealer=dealer)
        if pos.is_over:
            total = points_of(pos.deal.cards.mask, pos.strain, pos.rules) + LAST_TRICK_BONUS
            return Solution(self, pos, total, pos.points[0], 0)
        self._load(pos)
        # the points won so far, and all the engine can still give out
        total = pos.points[0] + pos.points[1] + self._engine.max_value()
        # a whole deal's probes start from the engine's estimate; elsewhere the first
        # probe asks the most common question: do N-S make a bid of 80?
        guess = -1 if self._engine.estimate() >= 0 else _NEED_80 - pos.points[0]
        future = self._engine.value(guess)
        return Solution(self, pos, total, pos.points[0] + future, self._engine.nodes)

    @_serving(loads=True)
    def can_take(self, deal: "Deal | Position | str", strain: "Strain | str | None" = None,
                 target: "int | None" = None, side: "Team | str" = Team.NS,
                 leader: "Seat | str | None" = None, played: "str | Iterable[int | str]" = (),
                 rules: "Rules | None" = None, *, dealer: "Seat | str | None" = None) -> bool:
        """Can ``side`` take at least ``target`` card points over the whole deal?"""
        if isinstance(target, bool) or not isinstance(target, int):
            raise ScoreError(tr("target {target}: expected the card points to take, a whole number",
                                target=quote(target)))
        pos = query_position(deal, strain, leader, played, rules, dealer=dealer)
        team = Team.parse(side)
        total = points_of(pos.deal.cards.mask, pos.strain, pos.rules) + LAST_TRICK_BONUS
        # EW >= target  <=>  NS <= total - target  <=>  not NS >= total - target + 1
        ns_target = target if team == Team.NS else total - target + 1
        need = min(max(ns_target - pos.points[0], 0), total + 1)   # beyond 0..total the answer is known
        if pos.is_over:
            ok = need <= 0
        else:
            self._load(pos)
            ok = self._engine.probe(need)
        return ok if team == Team.NS else not ok

    @_serving(loads=True)
    def strain_result(self, deal: Deal, leader: Seat, strain: Strain, rules: Rules,
                      guess: int = -1) -> StrainResult:
        """One strain of ``deal`` with ``leader`` on lead, as a table holds it.

        The exact points first; the trick-count probe for capot only when one side takes
        every point (a side that can force every trick takes every point), so most
        strains skip it.  ``guess``: a value near the answer (the same strain for
        another leader), where the probes start and step out from.

        >>> Solver(tt_bits=10).strain_result(Deal.from_pbn(EXAMPLE_DEAL), Seat.S, Strain.C, Rules())[:4]
        (146, False, False, 162)
        """
        eng = self._engine
        hands = deal.masks
        self._load_hands(hands, strain, leader, rules)
        total = eng.max_value()         # every point of the deal, and the last trick's bonus
        v = eng.value_near(guess) if guess >= 0 else eng.value()
        nodes = eng.nodes
        nsc = ewc = False
        if v == total or v == 0:
            self._load_hands(hands, strain, leader, rules, count_tricks=True)
            if v == total:
                nsc = eng.probe(deal.cards_per_hand)
            else:
                ewc = not eng.probe(1)
            nodes += eng.nodes
        return StrainResult(v, nsc, ewc, total, nodes)

    @_serving(loads=True)
    def lead_results(self, deal: Deal, leader: Seat, strain: Strain, rules: Rules,
                     need: "int | None" = None, capot_only: bool = False) -> list[LeadResult]:
        """Each card of ``leader``'s hand (in card order) led to the first trick of a full
        deal: whether either side can still force capot, and either the N-S points
        (``need`` None) or whether N-S reach ``need`` points.  ``capot_only``: capot alone.

        >>> r = Solver(tt_bits=10).lead_results(Deal.from_pbn(EXAMPLE_DEAL), Seat.S, Strain.C, Rules())
        >>> max(x.ns_points for x in r)               # the best lead keeps the deal's value
        146
        """
        hand = deal.hands[leader]
        out: dict[int, list[Any]] = {int(c): [None, False, False, None] for c in hand}
        self._lead_capots(deal, leader, strain, rules, out)
        if not capot_only:
            self._load_hands(deal.masks, strain, leader, rules)
            if need is None:
                self._lead_points(out)
            else:
                self._lead_reaches(need, out)
        return [LeadResult(*out[int(c)]) for c in hand]

    def _lead_capots(self, deal: Deal, leader: Seat, strain: Strain, rules: Rules,
                     out: dict[int, list[Any]]) -> None:
        """Capot either way after each lead: trick-count probes (cheap)."""
        eng = self._engine
        self._load_hands(deal.masks, strain, leader, rules, count_tricks=True)
        every = deal.cards_per_hand         # N-S take every trick of the deal
        for cls in eng.move_classes():
            eng.play(cls[0])
            ns_all = eng.probe(every)
            ew_all = not ns_all and not eng.probe(1)
            eng.unplay()
            for c in cls:
                out[c][1], out[c][2] = ns_all, ew_all

    def _lead_points(self, out: dict[int, list[Any]]) -> None:
        eng = self._engine
        root = None
        total = eng.max_value()             # every point of the deal, and the last trick's bonus
        for cls in eng.move_classes():
            first = out[cls[0]]
            if first[1] or first[2]:
                v = total if first[1] else 0
            else:
                if root is None:
                    # the position's value bounds every lead's: searches start there
                    root = eng.value()
                v = eng.card_value(cls[0], root)
            for c in cls:
                out[c][0] = v

    def _lead_reaches(self, need: int, out: dict[int, list[Any]]) -> None:
        eng = self._engine
        total = eng.max_value()
        for cls in eng.move_classes():
            first = out[cls[0]]
            if need <= 0 or first[1]:
                ok = True
            elif first[2] or need > total:
                ok = False
            else:
                g = eng.play(cls[0])
                ok = eng.probe(need - g)
                eng.unplay()
            for c in cls:
                out[c][3] = ok

    # -- what a Solution computes on demand --------------------------------------
    @_serving(loads=True)
    def card_values(self, pos: Position, value: "int | None" = None,
                    share: tuple[int, int] = (0, 1)) -> dict[Card, int]:
        """Every legal card of ``pos`` -> the deal's N-S points if it is played next.

        With the position's own ``value`` known, each card's search starts at it and is
        bounded by it (no card does better than the position for the side to move), so
        the best cards cost one probe each.  Without, each card's search starts at the
        best value found so far: siblings are mostly a few points apart.  ``share``
        ``(k, n)``: only the k-th of every n classes of equal cards, for ``n`` threads to
        split the cards between them."""
        self._load(pos)
        eng = self._engine
        out: dict[Card, int] = {}
        future = -1 if value is None else value - pos.points[0]
        best = -1                           # the best future so far, for the side to move
        maximizing = eng.to_move % 2 == 0    # N or S
        for cls in eng.move_classes()[share[0]::share[1]]:
            v = eng.card_value(cls[0], future, best)
            if best < 0 or (v > best if maximizing else v < best):
                best = v
            for c in cls:
                out[Card(c)] = pos.points[0] + v
        return dict(sorted(out.items()))

    @_serving(loads=True)
    def optimal_line(self, pos: Position, value: int) -> list[Card]:
        """One optimal play from ``pos`` (worth ``value`` N-S points) to the end."""
        self._load(pos)
        eng = self._engine
        v = value - pos.points[0]          # N-S points still to come
        line: list[Card] = []
        while not eng.is_over:
            maximizing = eng.to_move % 2 == 0
            chosen = None
            for cls in eng.move_classes():
                g = eng.play(cls[0])
                rest = v - g
                # the child keeps the value iff its future is exactly `rest`
                ok = eng.probe(rest) if maximizing else not eng.probe(rest + 1)
                if ok:
                    chosen, v = cls[0], rest
                    break
                eng.unplay()
            assert chosen is not None, "no card keeps the value: engine inconsistency"
            line.append(Card(chosen))
        return line

    @_serving(loads=True)
    def max_tricks(self, pos: Position) -> int:
        """The most tricks N-S can force over the deal of ``pos``."""
        if pos.is_over:
            return pos.tricks[0]
        self._load(pos, count_tricks=True)
        return pos.tricks[0] + self._engine.value()


_local = threading.local()


def default_solver() -> Solver:
    """This thread's shared solver."""
    s = getattr(_local, "solver", None)
    if s is None:
        s = _local.solver = Solver()
    return s


class Solution:
    """The exact result of a position under perfect play by both sides.

    ``ns_points`` / ``ew_points``: the card points each side takes over the whole deal
    (tricks already won included, dix de der included, belote and declarations not).
    ``card_values``, ``best_cards``, ``line`` and ``ns_max_tricks`` are computed on first
    access.  ``nodes``: nodes searched for the value.
    """

    def __init__(self, solver: Solver, pos: Position, total: int, ns_points: int, nodes: int) -> None:
        self._solver = solver
        self.position = pos
        self.deal = pos.deal
        self.strain = pos.strain
        self.leader = pos.first_leader
        self.rules = pos.rules
        self.total = total
        self.ns_points = ns_points
        self.ew_points = total - ns_points
        self.nodes = nodes
        self.to_move = None if pos.is_over else pos.to_move

    def _known(self, card_values: dict[Card, int], ns_max_tricks: int, line: list[Card]) -> None:
        """Take the answers computed elsewhere (:func:`solve_all`) as the lazy ones."""
        self.__dict__.update(card_values=card_values, ns_max_tricks=ns_max_tricks, line=line)

    @functools.cached_property
    def played(self) -> list[Card]:
        """The cards played from the first lead to the position."""
        return [c for _, c in self.position.history]

    def _fresh_position(self) -> Position:
        return self.position.copy()         # checked when it was played: no replay

    @functools.cached_property
    def card_values(self) -> dict[Card, int]:
        """Every legal card of the player to move -> ``ns_points`` if it is played next."""
        if self.to_move is None:
            return {}
        return self._solver.card_values(self._fresh_position(), self.ns_points)

    @functools.cached_property
    def best_cards(self) -> list[Card]:
        if not self.card_values:
            return []
        vals = self.card_values.values()
        best = max(vals) if self.to_move in (Seat.N, Seat.S) else min(vals)
        return [c for c, v in self.card_values.items() if v == best]

    def cost(self, card: Card) -> int:
        """Points the card gives away against the best card (0 when it is optimal)."""
        c = card
        if c not in self.card_values:
            legal = " ".join(x.name for x in self.card_values) or "none: the deal is over"
            raise IllegalPlayError(tr("{card} is not a legal card here (legal: {legal})", card=c.name,
                                      legal=legal))
        best = self.card_values[self.best_cards[0]]
        v = self.card_values[c]
        return best - v if self.to_move in (Seat.N, Seat.S) else v - best

    @functools.cached_property
    def line(self) -> list[Card]:
        """One optimal play from the position to the end of the deal."""
        if self.to_move is None:
            return []
        return self._solver.optimal_line(self._fresh_position(), self.ns_points)

    @functools.cached_property
    def ns_max_tricks(self) -> int:
        """The most tricks N-S can force (8: N-S can force capot; 0: E-W can)."""
        return self._solver.max_tricks(self._fresh_position())

    @property
    def ew_max_tricks(self) -> int:
        return self.position.total_tricks - self.ns_max_tricks

    def points(self, side: Team) -> int:
        return self.ns_points if side == Team.NS else self.ew_points

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal.to_pbn(),
            "strain": self.strain.name,
            "leader": self.leader.name,
            "played": [c.name for c in self.played],
            "to_move": self.to_move.name if self.to_move is not None else None,
            "ns_points": self.ns_points,
            "ew_points": self.ew_points,
            "ns_max_tricks": self.ns_max_tricks,
            "card_values": {c.name: v for c, v in self.card_values.items()},
            "best_cards": [c.name for c in self.best_cards],
            "optimal_line": [c.name for c in self.line],
            "nodes": self.nodes,
        }

    def __repr__(self) -> str:
        return (f"<Solution {self.strain.name} leader={self.leader.name} "
                f"ns_points={self.ns_points} ew_points={self.ew_points}>")


def query_position(deal: "Deal | Position | str", strain: "Strain | str | None" = None,
                   leader: "Seat | str | None" = None, played: "str | Iterable[int | str]" = (),
                   rules: "Rules | None" = None, *, dealer: "Seat | str | None" = None) -> Position:
    """The position a query asks about, its arguments read once (see :func:`solve`).

    >>> query_position(EXAMPLE_DEAL, "H", dealer="E", played="QS").to_move
    <Seat.W: 3>
    >>> pos = query_position(EXAMPLE_DEAL, "H", leader="S")
    >>> query_position(pos, played="SQ S7").to_move
    <Seat.N: 0>
    >>> query_position(pos, "SA")
    Traceback (most recent call last):
    ...
    solver.errors.StrainError: strain 'SA' contradicts the position's (H)
    """
    if isinstance(deal, Position):
        if strain is None and leader is None and dealer is None and rules is None \
                and type(played) in (tuple, list, str) and not played:
            return deal.copy()            # the position as it stands (the common case)
        return _continue(deal, strain, leader, played, rules, dealer)
    if strain is None:
        raise StrainError(tr("no strain given: expected one of S H D C SA TA (or a Position)"))
    lead = first_leader(leader, dealer, default=Seat.N)
    return Position.parse(deal, strain, lead, DEFAULT_RULES if rules is None else rules, played)


def _continue(pos: Position, strain: "Strain | str | None", leader: "Seat | str | None",
              played: "str | Iterable[int | str]", rules: "Rules | None",
              dealer: "Seat | str | None") -> Position:
    """A fresh copy of ``pos`` with ``played`` played on; the other arguments, when
    given, must say what the position says."""
    if strain is not None and Strain.parse(strain) != pos.strain:
        raise StrainError(tr("strain {strain} contradicts the position's ({position})", strain=quote(strain),
                             position=pos.strain.name))
    lead = first_leader(leader, dealer)
    if lead is not None and lead != pos.first_leader:
        raise SeatError(tr("first leader {lead} contradicts the position's ({position})", lead=lead.name,
                           position=pos.first_leader.name))
    if rules is not None and rules != pos.rules:
        raise RulesError(tr("rules {rules} contradict the position's", rules=quote(rules)))
    fresh = pos.copy()                    # the position was checked when it was played: no replay
    for i, c in enumerate(parse_played(played)):
        try:
            fresh.play(c)
        except IllegalPlayError as e:
            raise IllegalPlayError(tr("card {n} of the play: {error}", n=len(pos.history) + i + 1,
                                      error=e)) from None
    return fresh


def solve(deal: "Deal | Position | str", strain: "Strain | str | None" = None,
          leader: "Seat | str | None" = None, played: "str | Iterable[int | str]" = (),
          rules: "Rules | None" = None, *, dealer: "Seat | str | None" = None) -> Solution:
    """Solve a deal double dummy: both sides see all cards and play perfectly.

    ``deal``: a :class:`~solver.deal.Deal` or deal text; ``leader`` leads the first trick
    (or ``dealer``: the seat after the dealer leads; N leads when neither is given).
    ``played`` is the card sequence from the first lead (it may stop mid-trick); every
    card is checked by the referee, and an illegal one raises ``IllegalPlayError``.

    ``deal`` may also be a :class:`~solver.play.Position`: the query is then about the
    position as it stands (its deal, strain, first leader, rules and cards played),
    ``played`` goes on from there, and ``strain``, ``leader``, ``dealer`` and ``rules``
    may be left out (given, they must agree with the position).

    >>> solve(EXAMPLE_DEAL, "C", dealer="E").ns_points          # S leads, as in the module's example
    146
    """
    return default_solver().solve(deal, strain, leader, played, rules, dealer=dealer)


class _SharedSolve:
    """The work of :func:`solve_all` besides the value, pulled one item at a time by every
    thread: the tricks (which do not need the value), shares of the cards, the line.  A
    thread that starts late finds nothing left and nobody waits for it."""

    def __init__(self, pos: Position, shares: int) -> None:
        self.pos = pos
        self.items: list[tuple[str, int]] = [("tricks", 0)] + [("cards", k) for k in range(shares)]
        self.items.append(("line", 0))
        self.shares = shares
        self.next = 0
        self.running = 0                    # items taken and not finished
        self.done = threading.Condition()
        self.value_known = threading.Event()
        self.value = 0
        self.stop = False
        self.error: "BaseException | None" = None
        self.cards: dict[Card, int] = {}
        self.tricks = 0
        self.line: list[Card] = []

    def help(self, main: Solver) -> None:
        """A helper thread's :meth:`work`, on its own solver: the tricks on its own table,
        shares of the cards without the value while it is not known, then, once it is, a
        copy of the ``main`` solver's table, which holds what the value's search learnt
        (two threads writing one table slow each other).  A helper that cannot get its
        solver stops the others, as any error of a thread does."""
        try:
            solver = default_solver()
        except BaseException as e:
            self._failed(e)
            return
        self.work(solver, copy_from=main)

    def _failed(self, error: BaseException) -> None:
        """Keep a thread's first error for the calling thread, and stop every thread."""
        self.error = self.error or error
        self.stop = True

    def work(self, solver: Solver, copy_from: "Solver | None" = None) -> None:
        """Take the next item until none is left (or the caller stops); ``copy_from``: the
        solver whose table to copy before the first item that needs the value."""
        while True:
            with self.done:
                if self.stop or self.next >= len(self.items):
                    return
                what, k = self.items[self.next]
                self.next += 1
                self.running += 1
            try:
                if copy_from is not None and what != "tricks":
                    if what == "cards" and not self.value_known.is_set():
                        # not known yet: these cards without it, each from its siblings'
                        # values (dearer, but this thread would only wait)
                        self.cards.update(solver.card_values(self.pos.copy(), None, (k, self.shares)))
                        continue
                    self.value_known.wait()
                    solver.copy_table(copy_from)
                    copy_from = None
                self._do(solver, what, k)
            except BaseException as e:      # handed to the calling thread, which raises it
                self._failed(e)
            finally:
                with self.done:
                    self.running -= 1
                    self.done.notify_all()

    def _do(self, solver: Solver, what: str, k: int) -> None:
        if what == "tricks":
            self.tricks = solver.max_tricks(self.pos.copy())
            return
        self.value_known.wait()
        if self.stop:
            return
        if what == "line":
            self.line = solver.optimal_line(self.pos.copy(), self.value)
        else:
            self.cards.update(solver.card_values(self.pos.copy(), self.value, (k, self.shares)))

    def wait(self) -> None:
        """Until no item is running; raise what a thread raised."""
        with self.done:
            while self.running:
                self.done.wait()
        if self.error is not None:
            raise self.error


def solve_all(deal: "Deal | Position | str", strain: "Strain | str | None" = None,
              leader: "Seat | str | None" = None, played: "str | Iterable[int | str]" = (),
              rules: "Rules | None" = None, *, dealer: "Seat | str | None" = None,
              threads: "int | None" = None) -> Solution:
    """:func:`solve` with every card's value, the tricks and an optimal line computed at
    once, on ``threads`` threads (default: the cores this process may use): what a user
    waiting on one position asks.  The calling thread searches the value while the
    others search the tricks, then cards without the value; once it is known, all of
    them take the cards left, a few at a time, and the line.  Each thread searches on its
    own table, the others from a copy of the calling thread's once the value is known
    (what the value's search learnt serves the cards), and the answers are those of one
    thread: each is exact.

    >>> sol = solve_all(EXAMPLE_DEAL, "C", dealer="E", threads=2)
    >>> sol.ns_points, sol.ns_max_tricks, len(sol.card_values), len(sol.line)
    (146, 7, 8, 32)
    """
    pos = query_position(deal, strain, leader, played, rules, dealer=dealer)
    n = check_workers(threads)
    main = default_solver()
    if n == 1 or pos.is_over:
        sol = main.solve(pos)
        sol._known(sol.card_values, sol.ns_max_tricks, sol.line)
        return sol
    # four shares of the cards a thread: about two cards each, so the threads end together
    shared = _SharedSolve(pos, 4 * n)
    pool = thread_pool()
    try:        # the threads start inside: a signal among them still releases them
        for _ in range(n - 1):
            pool.submit(shared.help, main)
        sol = main.solve(pos.copy())
        shared.value = sol.ns_points
        shared.value_known.set()
        shared.work(main)
    except BaseException:
        # (an error or Ctrl-C here: the others stop after the item they are on)
        shared.stop = True
        shared.value_known.set()
        raise
    shared.wait()
    sol._known(dict(sorted(shared.cards.items())), shared.tricks, shared.line)
    return sol


def can_take(deal: "Deal | Position | str", strain: "Strain | str | None" = None,
             target: "int | None" = None, side: "Team | str" = Team.NS,
             leader: "Seat | str | None" = None, played: "str | Iterable[int | str]" = (),
             rules: "Rules | None" = None, *, dealer: "Seat | str | None" = None) -> bool:
    """Can ``side`` take at least ``target`` card points (a single null-window search)?

    The deal, position and leader are read as :func:`solve` reads them.

    >>> can_take(EXAMPLE_DEAL, "C", 147, dealer="E")            # N-S take 146 at best
    False
    """
    return default_solver().can_take(deal, strain, target, side, leader, played, rules, dealer=dealer)
