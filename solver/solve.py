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
from typing import Any, Callable, Iterable

from ._engine import Engine
from .cards import Card, CardSet, Seat, Team
from .deal import EXAMPLE_DEAL, Deal, first_leader  # noqa: F401  (EXAMPLE_DEAL: for the doctests)
from .errors import CoincheError, DealError, IllegalPlayError, RulesError, ScoreError, SeatError, \
    SolverError, StrainError, quote
from .play import Position, parse_played
from .contract import points_needed
from .rules import LAST_TRICK_BONUS, Rules, Strain, points_of, points_table, strength_table

__all__ = ["Solution", "Solver", "solve", "can_take", "default_solver", "query_position"]

# 2**14 buckets of 4 entries of 16 bytes: 1 MiB, inside one core's 2 MiB L2.  Against 4 MiB
# (2**16): 0.6% more nodes on 100 deals x 6 strains, 7.6% more for four-leader tables, but
# faster in alternating runs while two workers share the machine: advice 3.33 s against
# 3.69 s (mean of 4), a 400-deal batch 3.34 s against 3.67 s (mean of 3).
DEFAULT_TT_BITS = 14

_ONE_THREAD = ("a Solver serves one thread at a time: give each thread its own "
               "(solver.solve.default_solver() does)")
# engine calls about the table, not about the position last set up
_TABLE_CALLS = frozenset({"tt_bits"})


class _GuardedEngine:
    """A solver's engine, refusing concurrent use instead of answering wrongly.

    Every call takes the solver's lock without waiting, so a call from a second thread
    while one runs (a search releases the GIL) raises :class:`~solver.errors.SolverError`.
    ``setup`` makes the calling thread the owner of the position; the calls about the
    position (values, plays, legal cards) from any other thread are refused, since by then
    the position may be another thread's.  One thread after another may use a solver:
    each starts by setting up its own position.
    """

    __slots__ = ("_engine", "_lock", "_owner")

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._lock = threading.Lock()
        self._owner: "int | None" = None

    def _call(self, name: str, func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if not self._lock.acquire(blocking=False):
            raise SolverError(f"this Solver is busy answering another thread: {_ONE_THREAD}")
        try:
            me = threading.get_ident()
            if name == "setup":
                self._owner = me
            elif name not in _TABLE_CALLS and self._owner not in (None, me):
                raise SolverError(f"this Solver's position was set up by another thread: {_ONE_THREAD}")
            return func(*args, **kwargs)
        finally:
            self._lock.release()

    def __getattr__(self, name: str) -> Any:
        kind = None if name.startswith("_") else getattr(type(self._engine), name, None)
        if kind is None:
            raise AttributeError(f"the engine has no attribute {name!r}")
        if not callable(kind):                  # a property: read it now
            return self._call(name, getattr, self._engine, name)
        return functools.partial(self._call, name, getattr(self._engine, name))


class Solver:
    """An engine with its own transposition table, reused across queries.

    The table keeps bounds that stay true across deals, strains and probes, so one
    solver answers a stream of questions faster than fresh ones.  A solver is for one
    thread at a time (:func:`default_solver` gives each thread its own): a call from a
    second thread while the first is served raises :class:`~solver.errors.SolverError`.

    >>> s = Solver(tt_bits=12)
    >>> s.solve(Deal.from_pbn("N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-"), "S").ns_points
    25
    """

    def __init__(self, tt_bits: int = DEFAULT_TT_BITS) -> None:
        if isinstance(tt_bits, bool) or not isinstance(tt_bits, int) or not 8 <= tt_bits <= 26:
            raise SolverError(f"tt_bits {quote(tt_bits)}: expected a whole number from 8 to 26")
        self.engine = _GuardedEngine(Engine(tt_bits))

    # -- setting a position ---------------------------------------------------
    def load(self, pos: Position, count_tricks: bool = False) -> None:
        self.load_hands(pos.hands, pos.strain, pos.leader, pos.rules, [int(c) for c in pos.trick],
                        count_tricks)

    def load_hands(self, hands: Iterable["CardSet | int"], strain: "Strain | str", leader: "Seat | str",
                   rules: Rules, trick: Iterable["int | str"] = (), count_tricks: bool = False) -> None:
        """Set the engine to four hands' masks (``Deal.masks``) at a trick start, or with
        ``trick`` (canonical card ints, lead first) in progress: :meth:`load` without a
        :class:`~solver.play.Position`, for callers that solve many deals.

        The hands must not share a card and must hold as many cards each (one more for the
        players still to play to the trick); the rules of play are not checked (the cards
        of ``trick`` are taken as played legally)."""
        st, lead = Strain.parse(strain), Seat.parse(leader)
        if not isinstance(rules, Rules):
            raise RulesError(f"not rules: {quote(rules)}: expected a solver.Rules")
        try:
            masks = [h if type(h) is int else CardSet(h).mask for h in hands]
            cards = [int(Card.parse(c)) for c in (parse_played(trick) if isinstance(trick, str) else trick)]
        except TypeError:
            raise DealError(f"not hands and a trick: {quote(hands)}, {quote(trick)}: expected 4 masks "
                            "or card sets, and cards") from None
        try:
            self.engine.setup(
                masks, int(st), strength_table(st), points_table(st, rules), int(lead), cards,
                undertrump=rules.must_undertrump, overtrump_partner=rules.must_overtrump_partner,
                ta_variant=rules.table_variant(st), count_tricks=count_tricks,
            )
        except CoincheError:
            raise
        except ValueError as e:            # the engine's own checks of the position
            raise DealError(f"not a position: {e}") from None

    # -- queries ----------------------------------------------------------------
    def solve(self, deal: "Deal | Position | str", strain: "Strain | str | None" = None,
              leader: "Seat | str | None" = None, played: "str | Iterable[int | str]" = (),
              rules: "Rules | None" = None, *, dealer: "Seat | str | None" = None) -> "Solution":
        """The exact value of the position after ``played`` (see :func:`solve`)."""
        pos = query_position(deal, strain, leader, played, rules, dealer=dealer)
        total = points_of(pos.deal.cards.mask, pos.strain, pos.rules) + LAST_TRICK_BONUS
        if pos.is_over:
            return Solution(self, pos, total, pos.points[0], 0)
        self.load(pos)
        # the first probe asks the most common question: do N-S make a bid of 80?
        future = self.engine.value(points_needed(80) - pos.points[0])
        return Solution(self, pos, total, pos.points[0] + future, self.engine.nodes)

    def can_take(self, deal: "Deal | Position | str", strain: "Strain | str | None" = None,
                 target: "int | None" = None, side: "Team | str" = Team.NS,
                 leader: "Seat | str | None" = None, played: "str | Iterable[int | str]" = (),
                 rules: "Rules | None" = None, *, dealer: "Seat | str | None" = None) -> bool:
        """Can ``side`` take at least ``target`` card points over the whole deal?"""
        if isinstance(target, bool) or not isinstance(target, int):
            raise ScoreError(f"target {quote(target)}: expected the card points to take, a whole number")
        pos = query_position(deal, strain, leader, played, rules, dealer=dealer)
        team = Team.parse(side)
        total = points_of(pos.deal.cards.mask, pos.strain, pos.rules) + LAST_TRICK_BONUS
        # EW >= target  <=>  NS <= total - target  <=>  not NS >= total - target + 1
        ns_target = target if team == Team.NS else total - target + 1
        need = min(max(ns_target - pos.points[0], 0), total + 1)   # beyond 0..total the answer is known
        if pos.is_over:
            ok = need <= 0
        else:
            self.load(pos)
            ok = self.engine.probe(need)
        return ok if team == Team.NS else not ok

    # -- helpers for Solution ---------------------------------------------------
    def _card_values(self, pos: Position, value: "int | None" = None) -> dict[Card, int]:
        """Every legal card -> the deal's N-S points if it is played next.

        With the position's own ``value`` known, each card's search starts at it and is
        bounded by it (no card does better than the position for the side to move), so
        the best cards cost one probe each."""
        self.load(pos)
        eng = self.engine
        out: dict[Card, int] = {}
        future = -1 if value is None else value - pos.points[0]
        for cls in eng.move_classes():
            v = eng.card_value(cls[0], future)
            for c in cls:
                out[Card(c)] = pos.points[0] + v
        return dict(sorted(out.items()))

    def _line(self, pos: Position, value: int) -> list[Card]:
        """One optimal play from the position to the end."""
        self.load(pos)
        eng = self.engine
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

    def _max_tricks(self, pos: Position) -> int:
        if pos.is_over:
            return pos.tricks[0]
        self.load(pos, count_tricks=True)
        return pos.tricks[0] + self.engine.value()


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
        self.played = [c for _, c in pos.history]
        self.rules = pos.rules
        self.total = total
        self.ns_points = ns_points
        self.ew_points = total - ns_points
        self.nodes = nodes
        self.to_move = None if pos.is_over else pos.to_move

    def _fresh_position(self) -> Position:
        return Position(self.deal, self.strain, self.leader, self.rules, self.played)

    @functools.cached_property
    def card_values(self) -> dict[Card, int]:
        """Every legal card of the player to move -> ``ns_points`` if it is played next."""
        if self.to_move is None:
            return {}
        return self._solver._card_values(self._fresh_position(), self.ns_points)

    @functools.cached_property
    def best_cards(self) -> list[Card]:
        if not self.card_values:
            return []
        vals = self.card_values.values()
        best = max(vals) if self.to_move % 2 == 0 else min(vals)
        return [c for c, v in self.card_values.items() if v == best]

    def cost(self, card: "Card | str") -> int:
        """Points the card gives away against the best card (0 when it is optimal)."""
        c = Card.parse(card)
        if c not in self.card_values:
            legal = " ".join(x.name for x in self.card_values) or "none: the deal is over"
            raise IllegalPlayError(f"{c.name} is not a legal card here (legal: {legal})")
        best = self.card_values[self.best_cards[0]]
        v = self.card_values[c]
        return best - v if self.to_move % 2 == 0 else v - best

    @functools.cached_property
    def line(self) -> list[Card]:
        """One optimal play from the position to the end of the deal."""
        if self.to_move is None:
            return []
        return self._solver._line(self._fresh_position(), self.ns_points)

    @functools.cached_property
    def ns_max_tricks(self) -> int:
        """The most tricks N-S can force (8: N-S can force capot; 0: E-W can)."""
        return self._solver._max_tricks(self._fresh_position())

    @property
    def ew_max_tricks(self) -> int:
        return self.position.total_tricks - self.ns_max_tricks

    def points(self, side: "Team | str") -> int:
        return self.ns_points if Team.parse(side) == Team.NS else self.ew_points

    def to_dict(self) -> dict:
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
            "line": [c.name for c in self.line],
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
        return _continue(deal, strain, leader, played, rules, dealer)
    if strain is None:
        raise StrainError("no strain given: expected one of S H D C SA TA (or a Position)")
    lead = first_leader(leader, dealer, default=Seat.N)
    return Position(Deal.parse(deal), strain, lead, Rules() if rules is None else rules, played)


def _continue(pos: Position, strain: "Strain | str | None", leader: "Seat | str | None",
              played: "str | Iterable[int | str]", rules: "Rules | None",
              dealer: "Seat | str | None") -> Position:
    """A fresh copy of ``pos`` with ``played`` played on; the other arguments, when
    given, must say what the position says."""
    if strain is not None and Strain.parse(strain) != pos.strain:
        raise StrainError(f"strain {quote(strain)} contradicts the position's ({pos.strain.name})")
    lead = first_leader(leader, dealer)
    if lead is not None and lead != pos.first_leader:
        raise SeatError(f"first leader {lead.name} contradicts the position's ({pos.first_leader.name})")
    if rules is not None and rules != pos.rules:
        raise RulesError(f"rules {quote(rules)} contradict the position's")
    history = [c for _, c in pos.history]
    return query_position(pos.deal, pos.strain, pos.first_leader, history + parse_played(played), pos.rules)


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
