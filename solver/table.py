"""Double-dummy tables: what each side takes in every strain, and who can force capot.

A table holds, for one first leader (or all four at once), the card points each
side takes in each strain ``S H D C SA TA`` under perfect play, and whether each
side can force every trick (capot).  The six strains (and the four leaders) are
solved by one :class:`~solver.solve.Solver`, so they share its transposition table:
after the first trick many positions recur from one leader to the next.

In Coinche the first lead is always made by the player after the dealer, whoever
wins the auction, so a table for ``leader=dealer.next`` is all that a deal's auction
needs: the double-dummy value does not depend on who declares.

>>> deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
>>> t = dd_table(deal, leader="S")
>>> t.ns_points.to_dict()                        # dd_reference.json, cases 1-6
{'S': 73, 'H': 71, 'D': 106, 'C': 146, 'SA': 162, 'TA': 25}
>>> t.ns_points["C"], t.ew_points["C"]
(146, 16)
>>> t.best_bid(Team.NS, Strain.C)               # 146 points and S's belote: 166
160
>>> t.best_bid(Team.NS, Strain.SA), t.best_bid(Team.EW, Strain.C)
(250, None)
>>> t.ns_capot["C"], t.ns_capot["SA"]           # SA: all 162 points, and every trick
(False, True)

Capot is only searched where it can be: a side that can force every trick can take
every point, so a side whose double-dummy points fall short of the total cannot
force capot, and the (cheap) trick-count probe runs only when the points are all
one side's.
"""

from __future__ import annotations

import threading
from typing import Any, Iterator, NamedTuple

import numpy as np

from .cards import Seat, Team
from .contract import BID_LEVELS, CAPOT, LEVELS, Contract, bid_levels, bid_strains, level_json  # noqa: F401  (BID_LEVELS: re-exported)
from .deal import Deal, first_leader
from .declarations import award_declarations, belote_claim
from .errors import ConstraintError, SeatError
from .messages import N_, tr
from .rules import STRAINS, TOTAL_POINTS, Rules, Strain
from .outcome import PlayedContract
from .scoring import DealScore, capot_code
from .parallel import map_with_caller
from .solve import Solver, StrainResult
from .workers import check_workers

__all__ = ["DDTable", "ByStrain", "Outcome", "dd_table", "first_leader"]

_STRAIN_NAMES = tuple(s.name for s in STRAINS)


class ByStrain:
    """A row (or a leaders x strains grid) of table values, indexed by strain.

    ``row["H"]`` is a plain int or bool for a one-leader table, and an array over the
    leaders N E S W for a four-leader table, where ``row["N", "H"]`` is one value.
    ``np.asarray(row)`` gives the whole array (strains last, in the order S H D C SA TA).

    >>> row = ByStrain(np.array([73, 71, 45, 146, 60, 90]))
    >>> row["C"], row[Strain.SA], row["nt"]
    (146, 60, 60)
    >>> row.to_dict()
    {'S': 73, 'H': 71, 'D': 45, 'C': 146, 'SA': 60, 'TA': 90}
    """

    __slots__ = ("array",)

    def __init__(self, array: np.ndarray) -> None:
        self.array = array

    @staticmethod
    def _py(x: Any) -> Any:
        return x.item() if isinstance(x, np.generic) else x

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, tuple):
            if self.array.ndim != 2:
                raise SeatError(tr("a one-leader table has no leader index: {key!r}", key=key))
            seat, strain = key
            return self._py(self.array[Seat.parse(seat), Strain.parse(strain)])
        s = Strain.parse(key)
        return self._py(self.array[s]) if self.array.ndim == 1 else self.array[:, s]

    def __array__(self, dtype: Any = None, copy: "bool | None" = None) -> "np.ndarray[Any, Any]":
        return self.array if dtype is None else self.array.astype(dtype)

    def keys(self) -> tuple[Strain, ...]:
        return STRAINS

    def items(self) -> Iterator[tuple[Strain, Any]]:
        return ((s, self[s]) for s in STRAINS)

    def __iter__(self) -> Iterator[Strain]:
        return iter(STRAINS)

    def __len__(self) -> int:
        return len(STRAINS)

    def to_dict(self) -> dict[str, Any]:
        """Plain types for JSON: ``{strain: value}``, or ``{leader: {strain: value}}``."""
        if self.array.ndim == 2:
            return {seat.name: dict(zip(_STRAIN_NAMES, row)) for seat, row in zip(Seat, self.array.tolist())}
        return dict(zip(_STRAIN_NAMES, self.array.tolist()))

    def __repr__(self) -> str:
        return f"ByStrain({self.to_dict()!r})"


class Outcome(NamedTuple):
    """What a side declaring a strain gets from the double-dummy table.

    ``points``: its card points (all ``total`` when it can force capot); ``taken_all``:
    the side that can force every trick, or ``None``; ``belote``: ``(ns, ew)`` belotes
    claimed and scored (:func:`~solver.declarations.belote_claim`); ``declarations``:
    ``(ns, ew)`` declaration points as awarded; ``total``: every point of the deal.
    These are the fields of :class:`solver.outcome.PlayedContract`.  (A named tuple:
    par reads the twelve outcomes of every deal it is given.)
    """

    side: Team
    strain: Strain
    points: int
    taken_all: "Team | None"
    belote: tuple[int, int]
    declarations: tuple[int, int]
    total: int = TOTAL_POINTS

    @property
    def capot(self) -> bool:
        """This side can force every trick."""
        return self.taken_all is not None and self.taken_all == self.side

    @property
    def lost_capot(self) -> bool:
        """The opponents can force every trick."""
        return self.taken_all is not None and self.taken_all != self.side

    @property
    def taken(self) -> int:
        """Who takes every trick, as the compiled scoring's code (0: nobody)."""
        return capot_code(self.taken_all, self.side)

    @property
    def key(self) -> tuple[int, int, "tuple[int, int]", "tuple[int, int]", int]:
        """What scoring reads besides the contract and the points, as plain ints
        (a memo key): the side, capot, belote, declarations, the deal's total."""
        return (int(self.side), self.taken, self.belote, self.declarations, self.total)

    def played(self, contract: Contract) -> PlayedContract:
        """``contract`` (this side's) played to this outcome."""
        return PlayedContract(contract, self.points, self.taken_all, self.belote, self.declarations,
                              total=self.total)

    def score(self, contract: Contract, rules: Rules = Rules()) -> DealScore:
        """The :class:`~solver.scoring.DealScore` of ``contract`` (this side's) with this
        outcome (:meth:`solver.outcome.PlayedContract.score`)."""
        return self.played(contract).score(rules)


class DDTable:
    """The double-dummy table of a deal for one first leader, or for all four.

    ``ns_points``, ``ew_points`` (card points, dix de der included, belote and
    declarations not), ``ns_capot``, ``ew_capot`` (that side can force every trick)
    are :class:`ByStrain` rows.  ``leader`` is the first leader, or ``None`` for a
    four-leader table whose rows are leaders x strains arrays.  ``nodes``: nodes
    searched to build the table (statistics, not printed).
    """

    def __init__(self, deal: Deal, leader: "Seat | None", rules: Rules, ns_points: np.ndarray,
                 ns_capot: np.ndarray, ew_capot: np.ndarray, totals: np.ndarray, nodes: int = 0) -> None:
        self.deal = deal
        self.leader = leader
        self.rules = rules
        self.totals = totals
        self.ns_points = ByStrain(ns_points)
        self.ew_points = ByStrain(totals - ns_points)
        self.ns_capot = ByStrain(ns_capot)
        self.ew_capot = ByStrain(ew_capot)
        self.nodes = nodes

    # -- views --------------------------------------------------------------------
    def for_leader(self, leader: Seat) -> "DDTable":
        """The one-leader table of a four-leader table (or this table, checked)."""
        if self.leader is not None:
            if leader != self.leader:
                raise SeatError(tr("this table is for leader {leader}, not {asked!r}",
                                   leader=self.leader.name, asked=leader.name))
            return self
        a = np.asarray
        return DDTable(self.deal, leader, self.rules, a(self.ns_points)[leader].copy(),
                       a(self.ns_capot)[leader].copy(), a(self.ew_capot)[leader].copy(), self.totals, 0)

    def points(self, side: Team) -> ByStrain:
        return self.ns_points if side == Team.NS else self.ew_points

    def capot(self, side: Team) -> ByStrain:
        return self.ns_capot if side == Team.NS else self.ew_capot

    def _one_leader(self, what: str) -> Seat:
        if self.leader is None:
            raise SeatError(tr("{what} needs a one-leader table: use table.for_leader(seat)", what=tr(what)))
        return self.leader

    # -- contracts ------------------------------------------------------------------
    def outcome(self, side: Team, strain: Strain) -> Outcome:
        """What ``side`` gets declaring ``strain`` (see :class:`Outcome`)."""
        return self.outcomes()[side][strain]

    def outcomes(self) -> list[list[Outcome]]:
        """Every :meth:`outcome`, as ``outcomes()[side][strain]`` (computed once)."""
        cached: "list[list[Outcome]] | None" = getattr(self, "_outcomes", None)
        if cached is not None:
            return cached
        leader = self._one_leader(N_("an outcome"))
        rules = self.rules
        masks = self.deal.masks
        ns = self.ns_points.array.tolist()
        nsc, ewc = self.ns_capot.array.tolist(), self.ew_capot.array.tolist()
        totals = np.asarray(self.totals).tolist()
        NS, EW = Team.NS, Team.EW
        out: list[list[Outcome]] = [[], []]
        for s in STRAINS:
            decl = award_declarations(self.deal, s, leader, rules)
            taker = NS if nsc[s] else EW if ewc[s] else None
            out[0].append(Outcome(NS, s, ns[s], taker, belote_claim(masks, s, NS, rules), decl, totals[s]))
            out[1].append(Outcome(EW, s, totals[s] - ns[s], taker, belote_claim(masks, s, EW, rules), decl,
                                  totals[s]))
        self._outcomes = out
        return out

    def best_bid(self, side: Team, strain: Strain) -> "int | None":
        """The highest bid ``side`` makes in ``strain``: :data:`~solver.contract.CAPOT`
        when it can force every trick, else the highest numbered level of the rules
        (80..160, or up to ``Rules.max_level``) that makes (82 for 80, belote and, with
        ``Rules.declarations_count``, declarations counted, as
        :func:`~solver.scoring.score_deal` decides), else ``None``; ``None`` too for SA
        and TA when ``Rules.sa_ta`` is off (the table still holds their values)."""
        team, s = side, strain
        if s not in bid_strains(self.rules):
            return None
        out = self.outcome(team, s)
        if out.capot:
            return CAPOT
        best = None
        for level in bid_levels(self.rules):
            if out.score(Contract(level, s, team.seats[0]), self.rules).made:
                best = level
            else:
                break
        return best

    def to_dict(self) -> dict[str, Any]:
        """Plain types for JSON."""
        out: dict[str, Any] = {
            "deal": self.deal.to_pbn(),
            "leader": self.leader.name if self.leader is not None else None,
            "ns_points": self.ns_points.to_dict(),
            "ew_points": self.ew_points.to_dict(),
            "ns_capot": self.ns_capot.to_dict(),
            "ew_capot": self.ew_capot.to_dict(),
        }
        if self.leader is not None:
            out["ns_best_bid"] = {s.name: level_json(self.best_bid(Team.NS, s)) for s in STRAINS}
            out["ew_best_bid"] = {s.name: level_json(self.best_bid(Team.EW, s)) for s in STRAINS}
        out["nodes"] = self.nodes
        return out

    def __repr__(self) -> str:
        who = f"leader={self.leader.name}" if self.leader is not None else "all leaders"
        return f"<DDTable {who} ns_points={self.ns_points.to_dict()}>"


class _Leaders:
    """One strain of a table for some leaders, the leaders taken in turn by whichever
    thread asks: the thread that took the strain (its ``owner``) takes them from the
    first, and a thread with no strain left to start takes them from the last (so the
    table's last strains end together).  Each solve starts from the strain's last value
    found (the previous leader's, near the answer)."""

    def __init__(self, deal: Deal, strain: Strain, leaders: tuple[Seat, ...], rules: Rules) -> None:
        self.deal, self.strain, self.leaders, self.rules = deal, strain, leaders, rules
        self.results: "list[StrainResult | None]" = [None] * len(leaders)
        self.owner: "Solver | None" = None
        self._lock = threading.Lock()
        self._front, self._back = 0, len(leaders)
        self._guess = -1

    @property
    def left(self) -> int:
        """The leaders no thread has taken yet."""
        return self._back - self._front

    def take(self, last: bool) -> "int | None":
        """The index of the next leader to solve (from the last when ``last``), or None."""
        with self._lock:
            if self._front >= self._back:
                return None
            if last:
                self._back -= 1
                return self._back
            self._front += 1
            return self._front - 1

    def solve(self, solver: Solver, k: int) -> None:
        r = solver.strain_result(self.deal, self.leaders[k], self.strain, self.rules, self._guess)
        self.results[k] = r
        self._guess = r.ns_points


def _solve_strain(solver: Solver, task: "_Leaders | tuple[_Leaders, ...]") -> None:
    """A strain's leaders from the first (a :class:`_Leaders`), or (all the table's
    strains) the last leader left of the strain with the most left, until none is.

    A helper starts a strain's leader from a copy of the owner's table, which holds what
    the strain's earlier leaders searched: on its own table, which holds none of it,
    the leader would search about 1.7 times the nodes."""
    if isinstance(task, _Leaders):
        task.owner = solver
        while (k := task.take(last=False)) is not None:
            task.solve(solver, k)
        return
    copied: "_Leaders | None" = None
    while True:
        strain = max(task, key=lambda s: s.left)
        k = strain.take(last=True)
        if k is None:
            if all(s.left == 0 for s in task):
                return
            continue
        if strain is not copied and strain.owner is not None and strain.owner is not solver:
            solver.copy_table(strain.owner)
            copied = strain
        strain.solve(solver, k)


def _done(result: "StrainResult | None") -> StrainResult:
    assert result is not None, "every leader of every strain is solved"
    return result


# The strains, costliest first, so that threads finish together (SA and TA search the most).
_BY_COST = (Strain.SA, Strain.TA, Strain.S, Strain.H, Strain.D, Strain.C)


def dd_table(deal: Deal, leader: "Seat | str | None" = None, rules: Rules = Rules(), *,
             dealer: "Seat | str | None" = None, solver: "Solver | None" = None,
             threads: "int | None" = None) -> DDTable:
    """The double-dummy table of ``deal``: every strain, one transposition table.

    ``leader`` (or ``dealer``: the leader is the seat after it) picks the first
    leader; with neither, all four leaders are solved and the rows are leaders x
    strains arrays.  ``solver``: the :class:`~solver.solve.Solver` to use, which then
    solves every strain in this thread.  Otherwise the strains are spread over
    ``threads`` threads (default :func:`~solver.parallel.default_workers`), this one
    among them, each with its own solver (the engine releases the GIL): a thread takes a
    strain, costliest first, and solves its leaders in turn, and a thread with no strain
    left to start helps with the leaders of those still running.  The table is the same
    either way.

    >>> deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
    >>> dd_table(deal, dealer="E").leader
    <Seat.S: 2>
    """
    if not isinstance(deal, Deal):
        deal = Deal.from_pbn(deal)
    lead = first_leader(leader, dealer)
    leaders = tuple(Seat) if lead is None else (lead,)
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise ConstraintError(tr("threads {threads!r}: expected a whole number, 1 or more", threads=threads))
    strains = {st: _Leaders(deal, st, leaders, rules) for st in _BY_COST}
    # each strain by one thread, then (once every strain is started) the threads that
    # are free help with the leaders of the strains still running
    helpers = 1 if solver is not None else check_workers(threads)
    tasks: "list[_Leaders | tuple[_Leaders, ...]]" = [*strains.values()] + [tuple(strains.values())] * (helpers - 1)
    if solver is not None:
        for t in tasks:
            _solve_strain(solver, t)
    else:
        map_with_caller(_solve_strain, tasks, workers=threads)
    # rows[leader][strain]: a StrainResult
    rows = [[_done(strains[st].results[k]) for st in STRAINS] for k in range(len(leaders))]
    grid = [np.array([[r[i] for r in row] for row in rows], dtype=t)
            for i, t in ((0, np.int16), (1, bool), (2, bool), (3, np.int16))]
    nodes = sum(r.nodes for row in rows for r in row)
    if lead is not None:
        return DDTable(deal, lead, rules, grid[0][0], grid[1][0], grid[2][0], grid[3][0], nodes)
    return DDTable(deal, None, rules, grid[0], grid[1], grid[2], grid[3][0], nodes)
