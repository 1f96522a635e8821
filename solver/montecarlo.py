"""Monte Carlo over sampled deals: the loop, its statistics, and paired comparisons.

A question asked of many deals is a :class:`Study`, in the four steps of redeal's
``Simulation``:

- *accept*: which deals count.  The sampler deals only those that honour the
  :class:`~solver.sampling.Constraints` (whose ``accept`` takes any test on the
  whole deal), so every deal it returns is kept;
- *initial*: :meth:`Study.initial` turns the sampled deals into one task per deal
  and keeps what :meth:`Study.final` needs;
- *per-deal work*: :attr:`Study.work` ``(solver, task)`` runs on a worker holding its
  own :class:`~solver.solve.Solver` (a module-level function, so that worker
  processes can take it by name);
- *final*: :meth:`Study.final` turns the per-deal results, in the order of the
  deals, into the study's answer.

:func:`simulate` runs the four; the answer never depends on the number of workers.

The statistics are :class:`Estimate` values, a number and its standard error:
:func:`estimate` for a mean, :func:`share` for a proportion.  Options judged on the
same deals (the bids of one hand, the leads from one hand) are compared in pairs by
:func:`against_best`, as redeal's ``Payoff`` does: per deal, an option's value minus
the best option's, then the mean of those differences and its standard error.  The
luck of a deal that lifts or sinks every option at once cancels in the difference,
so when the options rise and fall together across the deals the paired error is
smaller than the two options' errors taken side by side.

>>> values = np.array([[10.0, 12.0], [20.0, 21.0], [30.0, 33.0]])   # 3 deals x 2 options
>>> estimate(values[:, 0])          # mean 20; standard deviation 10, over sqrt(3)
Estimate(value=20.0, se=5.773502691896258)
>>> against_best(values, best=1)[0]  # differences -2 -1 -3: mean -2, deviation 1
Estimate(value=-2.0, se=0.5773502691896258)
>>> share(np.array([True, True, False, True]))     # 3 of 4; sqrt(0.75 * 0.25 / 4)
Estimate(value=0.75, se=0.21650635094610965)
"""

from __future__ import annotations

import collections
import contextlib
import contextvars
import dataclasses
import math
import random as _random
import threading
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Hashable, Iterator, NamedTuple, Sequence, TypeVar

import numpy as np

from .auction import Call
from .cards import Card, CardSet, Seat
from .contract import Contract, bid_text, level_json
from .errors import ConstraintError
from .messages import tr
from .parallel import Backend, map_tasks
from .play import Position
from .messages import card_name
from .rules import Strain
from .sampling import Constraints, sample_deals
from .sequential import StopReason, StoppingRule, Verdict, sample_sequentially

if TYPE_CHECKING:  # pragma: no cover
    from .deal import Deal
    from .solve import Solver

__all__ = [
    "Acceptance",
    "check_samples",
    "Answer",
    "Estimate",
    "Study",
    "simulate",
    "simulate_sequentially",
    "sample_answer",
    "Round",
    "Reuse",
    "Lineage",
    "deal_carrying",
    "reused",
    "reusing",
    "Watcher",
    "watching",
    "stamped",
    "stopping_dict",
    "stopping_rule",
    "CONFIDENCE",
    "MARGIN",
    "estimate",
    "share",
    "standard_error",
    "sums_estimate",
    "share_se",
    "against_best",
    "Judged",
    "judge",
    "option_text",
    "option_label",
    "json_number",
]

#: A study's answer type.
A = TypeVar("A")
#: What a judged option is: a bid, a call, a card.
Option = TypeVar("Option")


class Estimate(NamedTuple):
    """A statistic of the sampled deals, ``value``, and its standard error ``se``
    (NaN when one deal cannot tell)."""

    value: float
    se: float


def standard_error(x: np.ndarray) -> float:
    """The standard error of the mean of ``x``: its sample standard deviation over
    the square root of its length; NaN for fewer than two values.

    >>> standard_error(np.array([1.0, 3.0]))      # deviation sqrt(2), over sqrt(2)
    1.0
    """
    return float(x.std(ddof=1) / math.sqrt(len(x))) if len(x) > 1 else float("nan")


def share_se(p: float, n: int) -> float:
    """The standard error of a proportion ``p`` seen on ``n`` deals, sqrt(p (1 - p) / n).

    >>> share_se(0.5, 100)
    0.05
    """
    return math.sqrt(max(p * (1.0 - p), 0.0) / n) if n > 0 else float("nan")


def sums_estimate(n: int, total: float, total_sq: float) -> Estimate:
    """The mean and its standard error from running sums (``n`` values, their sum and
    the sum of their squares), as :func:`estimate` gives them from the values: for
    statistics gathered chunk by chunk.

    >>> sums_estimate(2, 4.0, 10.0)               # the values 1 and 3
    Estimate(value=2.0, se=1.0)
    """
    if n < 1:
        return Estimate(float("nan"), float("nan"))
    mean = total / n
    if n == 1:
        return Estimate(mean, float("nan"))
    var = max(total_sq - n * mean * mean, 0.0) / (n - 1)
    return Estimate(mean, math.sqrt(var / n))


def estimate(x: np.ndarray) -> Estimate:
    """The mean of ``x`` over the deals, with its standard error."""
    return Estimate(float(x.mean()), standard_error(x))


def share(flags: np.ndarray) -> Estimate:
    """The share of deals where ``flags`` holds, with its standard error."""
    p = float(flags.mean())
    return Estimate(p, share_se(p, len(flags)))


def against_best(values: np.ndarray, best: int) -> list[Estimate]:
    """Each option against option ``best``, paired deal by deal.

    ``values`` holds one row per deal and one column per option, every option judged
    on the same deals.  Per column: the mean over the deals of its value minus the
    best's, and the standard error of those differences (the paired error).  The
    best against itself is ``Estimate(0.0, 0.0)`` (NaN error on one deal).
    An option with NaN on some deals (retired by a race) is paired on the others.
    """
    values = np.asarray(values, dtype=float)
    differences = values - values[:, best:best + 1]
    return [estimate(_judged(differences[:, j])) for j in range(values.shape[1])]


def _judged(column: np.ndarray) -> np.ndarray:
    """The deals an option was judged on: its column without NaN."""
    return np.ascontiguousarray(column[~np.isnan(column)])


def _value(e: "Estimate | None") -> float:
    return float("nan") if e is None else e.value


def _se(e: "Estimate | None") -> float:
    return float("nan") if e is None else e.se


def option_text(option: object) -> tuple[str, str]:
    """An option's JSON key and text: a card ``("card", "H8")``, a call ``("call",
    "pass")``, a bid ``("bid", "100S")``.

    >>> option_text(Card.parse("H8")), option_text(Contract.parse("100S"))
    (('card', 'H8'), ('bid', '100S'))
    """
    if isinstance(option, Card):
        return "card", option.name
    if isinstance(option, Call):
        return "call", option.text
    if isinstance(option, Contract):
        return "bid", option.to_text()
    return "option", str(option)


@dataclasses.dataclass(frozen=True)
class Judged(Generic[Option]):
    """One option (a bid, a call, a card) judged over the sampled deals: the record every
    Monte Carlo answer that compares options returns (a row of redeal's ``Payoff`` table).

    - ``value``: the mean over the deals of the side's deal score, ours minus theirs,
      with its standard error (NaN when the answer judges reaching a goal only);
    - ``versus``: the option against the best one, paired deal by deal
      (:func:`against_best`): 0 or less, its paired standard error;
    - ``samples``: the deals judged; ``stop``: why sampling stopped, for an answer
      sampled sequentially (:class:`~solver.sequential.StopReason`), else ``None``;
    - ``success``: the share of deals where the side reaches its goal (its contract
      makes, or the other's fails; 0 for a pass that ends the deal);
    - where they apply (else ``None``): ``made``, the share of deals where the
      contract makes; ``capot``, where the side takes every trick; ``card_points``, the
      side's card points; ``uncoinched``, the score nobody coinching (``value`` being
      with the opponents coinching every failing deal); ``contract``, the contract
      played when the option is chosen (``None``: passed out); ``real``, the option's
      exact N-S points on the real deal.

    The float properties (``ev``, ``vs_best``, ``p_make``...) read the estimates; the
    JSON names are those of :meth:`to_dict` (docs/json.md).
    """

    option: Option
    value: Estimate
    versus: Estimate
    samples: int
    success: Estimate
    made: "Estimate | None" = None
    capot: "Estimate | None" = None
    card_points: "Estimate | None" = None
    uncoinched: "Estimate | None" = None
    contract: "Contract | None" = None
    real: "int | None" = None
    stop: "StopReason | None" = None

    # friendly names, as floats
    ev = property(lambda self: self.value.value, doc="The mean deal score for the side.")
    ev_se = property(lambda self: self.value.se, doc="Its standard error.")
    vs_best = property(lambda self: self.versus.value, doc="Against the best, paired: 0 or less.")
    vs_best_se = property(lambda self: self.versus.se, doc="Its paired standard error.")
    p_success = property(lambda self: self.success.value, doc="The share of deals where the side succeeds.")
    p_success_se = property(lambda self: self.success.se, doc="Its standard error.")
    p_make = property(lambda self: _value(self.made), doc="The share of deals where the contract makes.")
    p_make_se = property(lambda self: _se(self.made), doc="Its standard error.")
    p_capot = property(lambda self: _value(self.capot), doc="The share of deals where the side takes all.")
    points = property(lambda self: _value(self.card_points), doc="The side's mean card points.")
    points_se = property(lambda self: _se(self.card_points), doc="Its standard error.")

    @property
    def card(self) -> Option:
        """The option, read as a card."""
        return self.option

    @property
    def call(self) -> Option:
        """The option, read as a call."""
        return self.option

    @property
    def level(self) -> int:
        """The level of the contract played (capot 250)."""
        assert self.contract is not None
        return self.contract.level

    @property
    def strain(self) -> Strain:
        """The strain of the contract played."""
        assert self.contract is not None
        return self.contract.strain

    @property
    def label(self) -> str:
        """The contract played as people write it: ``100♥``, ``capot ♠``."""
        assert self.contract is not None
        return bid_text(self.contract.level, self.contract.strain)

    def to_dict(self) -> dict[str, Any]:
        """Plain types for JSON (docs/json.md), the option under ``bid``, ``call`` or
        ``card``; the fields that do not apply are left out."""
        name, text = option_text(self.option)
        d: dict[str, Any] = {name: text}
        if name == "call":
            d["contract"] = None if self.contract is None else self.contract.to_text()
        if name == "bid" and self.contract is not None:
            d.update(level=level_json(self.contract.level), strain=self.contract.strain.name)
        d.update(ev=json_number(self.value.value), ev_se=json_number(self.value.se),
                 vs_best=json_number(self.versus.value), vs_best_se=json_number(self.versus.se))
        for key, e in (("p_success", self.success), ("p_make", self.made), ("p_capot", self.capot),
                       ("points", self.card_points), ("ev_uncoinched", self.uncoinched)):
            if e is not None:
                d[key], d[key + "_se"] = json_number(e.value), json_number(e.se)
        if self.real is not None:
            d["real"] = self.real
        d["samples"] = self.samples
        d["stopped"] = None if self.stop is None else self.stop.value
        return d


def judge(options: Sequence[Option], values: np.ndarray, success: np.ndarray,
          rank: Callable[[int, Estimate, Estimate], Any],
          paired: "np.ndarray | None" = None) -> list[Judged[Option]]:
    """The one judging function: every option (a column of ``values`` and ``success``,
    one row a deal) as a :class:`Judged`, the best being the option of highest
    ``rank(j, value, success)``; each option against the best, paired on ``paired``
    (``values`` by default).  In the order of ``options``.

    An option retired by a race (:func:`simulate_sequentially`) has NaN in ``values``
    on the deals solved after it: it is judged on the deals before, its ``samples``
    says how many, and only the options judged on every deal may be the best.

    >>> v = np.array([[10.0, 12.0], [20.0, 21.0], [30.0, 33.0]])
    >>> ok = np.array([[True, True], [False, True], [True, True]])
    >>> [round(p.versus.value, 6) for p in judge("ab", v, ok, lambda j, val, s: val.value)]
    [-2.0, 0.0]
    """
    values = np.asarray(values, dtype=float)
    seen = ~np.isnan(values)
    counts = seen.sum(axis=0)
    vals = [estimate(values[seen[:, j], j]) for j in range(len(options))]
    shares = [share(np.asarray(success[seen[:, j], j], dtype=bool)) for j in range(len(options))]
    best = max(range(len(options)), key=lambda j: (bool(counts[j] == values.shape[0]),
                                                   rank(j, vals[j], shares[j])))
    versus = against_best(values if paired is None else paired, best)
    return [Judged(o, vals[j], versus[j], int(counts[j]), shares[j]) for j, o in enumerate(options)]


def json_number(x: float) -> "float | None":
    """A float for JSON: NaN (the standard error of a single deal) becomes ``None``.

    >>> json_number(float("nan")), json_number(2.5)
    (None, 2.5)
    """
    return None if isinstance(x, float) and math.isnan(x) else x


class Answer:
    """The base of a study's answer: the sampled deals and, named by :attr:`PER_DEAL`, the
    arrays holding one row a deal, which ``to_dict(with_deals=True)`` adds to the JSON."""

    PER_DEAL: ClassVar[tuple[str, ...]] = ()
    deals: "list[Deal]"

    @property
    def samples(self) -> int:
        return len(self.deals)

    def _per_deal(self) -> dict[str, Any]:
        """The deals as PBN text and the per-deal arrays as lists (``None`` stays)."""
        arrays = {name: getattr(self, name) for name in self.PER_DEAL}
        return {"deals": [d.to_pbn() for d in self.deals],
                **{k: None if a is None else a.tolist() for k, a in arrays.items()}}


#: The points a study's work gives for a strain its narrowed task left unsolved
#: (:meth:`Study.narrow`): no strain scores below 0.
UNSOLVED = -1


class Study(Generic[A]):
    """One Monte Carlo question whose answer is an ``A``: subclasses set :attr:`work`
    and write :meth:`initial` and :meth:`final` (see the module's docstring).

    ``question``: what the study asks (the hand, the seat, the rules...), kept as
    :attr:`question` for the answer to repeat, and each item as an attribute.
    """

    #: ``work(solver, task) -> result`` for one deal; a module-level function.
    work: Callable[["Solver", Any], Any]
    #: how many of the deals of the last run came from an earlier question (:class:`Lineage`)
    carried: int = 0

    def __init__(self, **question: Any) -> None:
        self.question = question
        for name, value in question.items():
            setattr(self, name, value)

    def initial(self, deals: "list[Deal]") -> list[Any]:
        """One task per deal, in their order (the deals themselves by default)."""
        return list(deals)

    def final(self, deals: "list[Deal]", results: list[Any]) -> A:
        """The answer from the per-deal results (the results themselves by default)."""
        return results  # type: ignore[return-value]

    def narrow(self, task: Any, retired: "frozenset[int]") -> "Any | None":
        """``task`` doing only what the options not ``retired`` read (the columns of the
        values compared; :func:`~solver.sequential.sample_sequentially`'s ``race``), or
        ``None`` when the study cannot leave anything out (the default: no racing)."""
        return None

    def whole(self, task: Any) -> Any:
        """The task ``task`` narrows (:meth:`narrow`), under which a :class:`Reuse` keeps
        its result: the task itself by default."""
        return task

    def cut(self, task: Any, kept: Any) -> Any:
        """``task``'s result from ``kept``, the result kept for its :meth:`whole` task,
        or ``None`` when ``kept`` lacks part of what ``task`` asks (a narrowed result
        for a task that reads more): ``kept`` itself by default."""
        return kept

    def rest(self, task: Any, kept: Any) -> Any:
        """What is left to solve of ``task`` given ``kept``, a result :meth:`cut` found
        short for it: ``task`` itself by default."""
        return task

    def merge(self, kept: Any, new: Any) -> Any:
        """What to keep for a whole task given the result kept for it and a new result
        of one of its narrowings (:meth:`rest`): the new one by default."""
        return new


class Acceptance:
    """An accept test that counts the deals it sees: :attr:`rate` is the share of dealt
    deals it kept (the cost of a constrained sample, reported beside the answer)."""

    def __init__(self, test: "Callable[[Deal], bool] | None", name: str = "accept") -> None:
        self.test, self.seen, self.kept = test, 0, 0
        self.__name__ = getattr(test, "__name__", name)

    def __call__(self, deal: "Deal") -> bool:
        self.seen += 1
        ok = self.test is None or bool(self.test(deal))
        self.kept += ok
        return ok

    @property
    def rate(self) -> "float | None":
        return self.kept / self.seen if self.seen else None


def check_samples(samples: Any) -> int:
    """The number of deals asked for: a whole number, 1 or more."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ConstraintError(tr("samples {samples!r}: expected a whole number, 1 or more", samples=samples))
    return samples


def simulate(study: Study[A], hand: CardSet, seat: Seat, samples: int,
             seed: "int | None" = None, constraints: "Constraints | None" = None, *,
             workers: "int | None" = None, executor: "Backend | str" = Backend.THREAD,
             progress: "Callable[[int, int], None] | None" = None,
             max_attempts: "int | None" = None, lineage: "Lineage | None" = None) -> A:
    """Deal ``samples`` deals with ``hand`` at ``seat`` honouring ``constraints``
    (seeded by ``seed``), run ``study`` on them and return its answer.

    ``workers``, ``executor`` and ``progress`` go to the parallel map (the same
    results, in the order of the deals, whatever their number); ``max_attempts`` to
    :func:`~solver.sampling.sample_deals`; ``lineage`` lets the deals come from an
    earlier question inside a :func:`reusing` block (:func:`deal_carrying`).

    >>> def hearts(solver, deal):         # N-S's exact points in hearts, S leading
    ...     return solver.solve(deal, "H", "S").ns_points
    >>> class HeartPoints(Study):
    ...     work = staticmethod(hearts)
    >>> simulate(HeartPoints(), CardSet.from_pbn("AJ9.A7.KT.J"), Seat.S, samples=3, seed=1, workers=1)
    [59, 101, 112]
    """
    check_samples(samples)
    deals, study.carried = deal_carrying(hand, seat, samples, seed, constraints, lineage, max_attempts)
    tasks = study.initial(deals)
    results = _solve(study, tasks, workers, executor, progress, 0, samples)
    return study.final(deals, results)


def _solve(study: "Study[Any]", tasks: list[Any], workers: "int | None", executor: "Backend | str",
           progress: "Callable[[int, int], None] | None", before: int, total: int) -> list[Any]:
    """``study.work`` on each task (:func:`~solver.parallel.map_tasks`), in order, the
    tasks the :func:`reusing` cache of this thread has solved already taken from it;
    progress counts from ``before`` deals done of ``total``."""
    def solve(missing: list[Any]) -> list[Any]:
        hits = len(tasks) - len(missing)          # taken from the cache
        report = None if progress is None else \
            _reporter(lambda d, _: progress(before + hits + d, total), len(missing))
        return map_tasks(study.work, missing, workers=workers, backend=executor, progress=report)

    return reused(study.work, tasks, solve, study)


def reused(work: Callable[["Solver", Any], Any], tasks: Sequence[Any],
           solve: Callable[[list[Any]], list[Any]], study: "Study[Any] | None" = None) -> list[Any]:
    """``work``'s result for each task, in order: those the :func:`reusing` cache of this
    thread holds taken from it, the others from ``solve(missing tasks)`` (results in
    their order) and kept (outside a :func:`reusing` block: ``solve(tasks)``).  With a
    ``study``, results are kept under the study's :meth:`~Study.whole` task, so that a
    narrowed task takes what a wider one solved (:meth:`~Study.cut`)."""
    reuse = _REUSE.get()
    if reuse is None:
        return solve(list(tasks))
    keys = [reuse.key(work, t if study is None else study.whole(t)) for t in tasks]
    kept = [reuse.get(k) for k in keys]
    results = [r if r is _MISSING or study is None else _or_missing(study.cut(t, r))
               for t, r in zip(tasks, kept)]
    missing = [i for i, r in enumerate(results) if r is _MISSING]
    partial = [study is not None and kept[i] is not _MISSING for i in missing]
    asked = [study.rest(tasks[i], kept[i]) if study is not None and p else tasks[i]
             for i, p in zip(missing, partial)]
    solved = solve(asked) if missing else []
    for i, p, r in zip(missing, partial, solved):
        if study is not None and p:             # what was kept, and the rest solved now
            r = study.merge(kept[i], r)
            results[i] = study.cut(tasks[i], r)
        else:
            results[i] = r
        reuse.put(keys[i], r)
    reuse.count(len(tasks) - len(missing), len(missing))
    return results


def _or_missing(result: Any) -> Any:
    return _MISSING if result is None else result


_MISSING = object()


class Reuse:
    """Per-deal results kept for the next question: a bounded cache of ``work(solver,
    task)`` keyed by the work and the task itself (the deal, the position or the
    contract solved and what the result depends on), the newest ``limit`` kept.

    A result is reused only for the very task that produced it, and the engine's answer
    to a task never varies, so an answer with reuse is the answer without it, deal for
    deal: no bias.  What repeats is the sampling: the same seed deals the same deals in
    the same order (a larger budget deals more after the same first ones), and the
    next question on the same hand, seat and rules asks again what was solved before.
    ``hits`` and ``solved`` count the tasks taken from the cache and those solved.

    It also keeps the deals of the newest ``questions`` questions that say their
    :class:`Lineage`, for a later question of the same family to start from
    (:func:`deal_carrying`).  Those answers are on
    other deals than the question asked on its own: as fair, not the same."""

    def __init__(self, limit: int = 100_000, questions: int = 64) -> None:
        if limit < 1:
            raise ValueError(tr("limit {limit!r}: expected 1 or more", limit=limit))
        self.limit = limit
        self._kept: "collections.OrderedDict[Hashable, Any]" = collections.OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.solved = 0
        self.questions = max(1, questions)
        self._dealt: "collections.OrderedDict[tuple[Lineage, int | None], _Dealt]" = collections.OrderedDict()

    def dealt(self, lineage: "Lineage", seed: "int | None") -> "tuple[_Dealt | None, _Dealt | None]":
        """The deals kept for the very question (``lineage`` and ``seed``, a seed given)
        and those of the nearest earlier one (the longest path that is a proper prefix
        of ``lineage``'s, in its family; the newest of equals), each ``None`` if none."""
        with self._lock:
            same = self._dealt.get((lineage, seed)) if seed is not None else None
            earlier = [d for (l, _), d in self._dealt.items() if l.family == lineage.family
                       and len(l.path) < len(lineage.path) and lineage.path[:len(l.path)] == l.path]
        return same, max(reversed(earlier), key=lambda d: len(d.lineage.path), default=None)

    def keep_dealt(self, dealt: "_Dealt", seed: "int | None") -> None:
        with self._lock:
            self._dealt[(dealt.lineage, seed)] = dealt
            self._dealt.move_to_end((dealt.lineage, seed))
            while len(self._dealt) > self.questions:
                self._dealt.popitem(last=False)

    @staticmethod
    def key(work: Callable[["Solver", Any], Any], task: Any) -> "Hashable | None":
        """The task as a key (``None``: a task that cannot be one, never reused); a
        position stands for what a result on it depends on: the strain, the first
        leader, the rules and the cards played (the deal is the task's other part)."""
        def part(x: Any) -> Any:
            if isinstance(x, Position):
                return ("position", x.strain, x.first_leader, x.rules, tuple(x.history))
            return x
        name = f"{getattr(work, '__module__', '')}.{getattr(work, '__qualname__', repr(work))}"
        parts = tuple(part(x) for x in task) if isinstance(task, tuple) else (part(task),)
        try:
            hash(parts)
        except TypeError:
            return None
        return (name, parts)

    def get(self, key: "Hashable | None") -> Any:
        if key is None:
            return _MISSING
        with self._lock:
            if key not in self._kept:
                return _MISSING
            self._kept.move_to_end(key)
            return self._kept[key]

    def put(self, key: "Hashable | None", result: Any) -> None:
        if key is None:
            return
        with self._lock:
            self._kept[key] = result
            self._kept.move_to_end(key)
            while len(self._kept) > self.limit:
                self._kept.popitem(last=False)

    def count(self, hits: int, solved: int) -> None:
        with self._lock:
            self.hits += hits
            self.solved += solved

    def __len__(self) -> int:
        return len(self._kept)


@dataclasses.dataclass(frozen=True)
class Lineage:
    """Where a question's deals may come from: questions of one ``family`` (what their
    deals' constraints depend on besides the path: for the bidding answers the hand,
    the seat, the dealer and the rules) ordered by their ``path`` (what narrows the
    deals, in order: each call so far with what it showed,
    :func:`solver.six_strains.bidding_lineage`).

    A path's constraints must be those of each of its prefixes and more, so that every
    deal fitting a longer path's question fits each earlier one's.  The deals dealt for
    an earlier question, kept by a :class:`Reuse`, form a sequence of independent
    deals each equally likely among those fitting that question; the ones that also
    fit the new question's constraints, in order, are then a sequence of independent
    deals equally likely among those fitting the new one: a fair draw.  A question of
    the family with a longer path starts from them (:func:`deal_carrying`)."""

    family: Hashable
    path: tuple[Hashable, ...]


@dataclasses.dataclass(frozen=True)
class _Dealt:
    """The deals of one question, in order; ``plain``: those :func:`~solver.sampling.sample_deals`
    deals from the question's seed (none carried), which dealing anew gives again."""

    lineage: Lineage
    deals: "tuple[Deal, ...]"
    plain: bool
    #: how many deals at the start came from an earlier question; the deals the
    #: question's accept test saw and kept while dealing the others
    carried: int = 0
    seen: int = 0
    fit: int = 0


def deal_carrying(hand: CardSet, seat: Seat, n: int, seed: "int | None", constraints: "Constraints | None",
                  lineage: "Lineage | None", max_attempts: "int | None" = None) -> "tuple[list[Deal], int]":
    """``n`` deals for a question, and how many of them came from an earlier question.

    Outside a :func:`reusing` block, or without a ``lineage``:
    :func:`~solver.sampling.sample_deals` and none carried.  Inside, the deals of the
    nearest earlier question of the lineage (:meth:`Reuse.dealt`) that honour
    ``constraints`` come first, in their order, then fresh deals from a stream of
    their own (derived from ``seed``, the path and how many came before: independent
    of the carried ones).  The same question asked again with the same seed takes the
    deals it had, more dealt after them when it asks for more; a question with none
    before it deals as :func:`~solver.sampling.sample_deals` does."""
    reuse = _REUSE.get()
    if reuse is None or lineage is None:
        return sample_deals(hand, seat, n, seed, constraints, max_attempts=max_attempts), 0
    same, earlier = reuse.dealt(lineage, seed)
    counter = constraints.accept if constraints is not None and isinstance(constraints.accept, Acceptance) else None
    if same is not None and not same.plain:          # asked before: its deals, and what dealing them saw
        base, carried, seen, fit = list(same.deals), same.carried, same.seen, same.fit
    elif same is None and earlier is not None:
        c = constraints if constraints is not None else Constraints()
        unseen = c if counter is None else dataclasses.replace(c, accept=counter.test)  # not counted as dealt
        base = [d for d in earlier.deals if unseen.accepts(d)]
        carried, seen, fit = len(base), 0, 0
    else:
        deals = sample_deals(hand, seat, n, seed, constraints, max_attempts=max_attempts)
        if same is None or len(same.deals) < n:
            reuse.keep_dealt(_Dealt(lineage, tuple(deals), plain=True), seed)
        return deals, 0
    if counter is not None:
        counter.seen, counter.kept = counter.seen + seen, counter.kept + fit
    deals = base[:n]
    if len(deals) < n:
        before = (counter.seen, counter.kept) if counter is not None else (0, 0)
        stream = None if seed is None else f"{seed}:{lineage.path!r}:{len(deals)}"
        deals += sample_deals(hand, seat, n - len(deals), constraints=constraints, max_attempts=max_attempts,
                              rng=_random.Random(stream))
        if counter is not None:
            seen, fit = seen + counter.seen - before[0], fit + counter.kept - before[1]
    longest = deals if len(deals) > len(base) else base
    reuse.keep_dealt(_Dealt(lineage, tuple(longest), False, carried, seen, fit), seed)
    return deals, min(n, carried)


_REUSE: "contextvars.ContextVar[Reuse | None]" = contextvars.ContextVar("coinche_reuse", default=None)


@contextlib.contextmanager
def reusing(cache: Reuse) -> Iterator[Reuse]:
    """While inside, the sampled answers of this thread take the per-deal results
    ``cache`` holds and keep those they solve (:class:`Reuse`)."""
    token = _REUSE.set(cache)
    try:
        yield cache
    finally:
        _REUSE.reset(token)


def _reporter(progress: Callable[[int, int], None], total: int) -> Callable[[int, "int | None"], None]:
    """``progress(done, total)`` as the parallel map calls it (a total it may not know)."""
    def report(done: int, known: "int | None") -> None:
        progress(done, total if known is None else known)
    return report



def simulate_sequentially(study: Study[A], hand: CardSet, seat: Seat,
                          max_samples: int, values: "Callable[[list[Deal], list[Any]], np.ndarray]",
                          seed: "int | None" = None, constraints: "Constraints | None" = None, *,
                          rule: "StoppingRule | None" = None, time: "float | None" = None,
                          first: "int | None" = None, workers: "int | None" = None,
                          executor: "Backend | str" = Backend.THREAD,
                          progress: "Callable[[int, int], None] | None" = None,
                          max_attempts: "int | None" = None, settle: bool = True,
                          look: "Callable[[np.ndarray, Verdict], bool] | None" = None,
                          race: bool = False, lineage: "Lineage | None" = None) -> "tuple[A, Verdict]":
    """:func:`simulate` in rounds, stopping as soon as ``rule`` settles the comparison.

    The ``max_samples`` deals are dealt from ``seed`` up front and solved in order, a
    round at a time (:func:`~solver.sequential.sample_sequentially`: ``first`` deals,
    :data:`FIRST_ROUND` unless given, then each round :data:`ROUND_GROWTH` times the
    one before); ``values(deals,
    results)`` turns the deals solved so far, from the first, and their results into
    the matrix the rule reads (one row a deal, one column an option).  Sampling stops
    when the best option is separated from the others, when the rest are within
    ``rule.margin`` of it, when ``max_samples`` deals are solved or when ``time``
    seconds have passed.

    The deals are a prefix of those :func:`simulate` deals with the same seed, so the
    answer is the one a fixed run of the same size gives, whatever ``workers`` and
    ``executor``.  Returns the study's answer on the deals solved and the last
    :class:`~solver.sequential.Verdict` (its ``reason`` says why sampling stopped, its
    ``samples`` how many deals, its ``vouch`` the margin it vouches for).

    ``settle=False`` solves every deal whatever the rule says (a fixed run in rounds);
    ``look(values, verdict)``, given the matrix of the deals solved so far and the
    round's verdict, stops sampling by returning ``True``
    (:func:`~solver.sequential.sample_sequentially`).  ``race`` retires the options a
    look separates below the best and solves the later deals' tasks narrowed by
    ``study.narrow`` (when it can narrow them): the retired options keep the deals
    solved before, and ``values`` must give NaN in their columns on the later deals.
    ``lineage``: as for :func:`simulate`.
    """
    check_samples(max_samples)
    if time is not None and not time > 0:
        raise ConstraintError(tr("time {time!r}: expected a number of seconds above 0", time=time))
    deals, study.carried = deal_carrying(hand, seat, max_samples, seed, constraints, lineage, max_attempts)
    tasks = study.initial(deals)
    results: list[Any] = []
    matrix: list[np.ndarray] = []

    def retire(options: "frozenset[int]") -> None:
        for i in range(len(results), len(tasks)):
            narrowed = study.narrow(tasks[i], options)
            tasks[i] = tasks[i] if narrowed is None else narrowed

    def solve(start: int, stop: int) -> np.ndarray:
        results.extend(_solve(study, tasks[start:stop], workers, executor, progress, start, max_samples))
        if progress is not None:
            progress(len(results), max_samples)
        matrix[:] = [np.asarray(values(deals[:len(results)], results), dtype=float)]
        return matrix[0][start:stop]

    def looked(verdict: Verdict) -> bool:
        return look is not None and look(matrix[0], verdict)

    _, verdict = sample_sequentially(solve, max_samples, rule if rule is not None else StoppingRule(),
                                     first=FIRST_ROUND if first is None else first, growth=ROUND_GROWTH,
                                     time_budget=time, settle=settle,
                                     look=None if look is None else looked, race=retire if race else None)
    n = len(results)
    return study.final(deals[:n], results), verdict


#: The rounds of a sequential answer: the deals of the first (``first`` unless given),
#: and how much each round grows on the one before.
FIRST_ROUND = 30
ROUND_GROWTH = 1.2

#: The confidence and the margin (score points) of a sampled answer's stopping rule
#: when they are not given; the answers that stop by default use them.
CONFIDENCE = 0.95
MARGIN = 5.0


def stopping_rule(confidence: "float | None", margin: "float | None") -> StoppingRule:
    """The stopping rule asked for: ``confidence`` :data:`CONFIDENCE` and ``margin``
    :data:`MARGIN` unless given."""
    try:
        return StoppingRule(confidence=CONFIDENCE if confidence is None else confidence,
                            margin=MARGIN if margin is None else margin)
    except ValueError as e:
        raise ConstraintError(str(e)) from None


@dataclasses.dataclass(frozen=True)
class Round:
    """The estimate after one round of a sampled answer, as a watcher sees it.

    ``samples`` of at most ``total`` deals solved; ``options``: the options' texts, one
    per column of the values compared (empty when the answer does not name them);
    ``best``: the column of best mean, ``value`` its mean and standard error (the
    side's score, or a PIMC card's points); ``runner_up``: the next best column
    (``None`` with one option) and ``gap`` its mean minus the best's, with the paired
    standard error; ``verdict``: the stopping rule's look at the round."""

    samples: int
    total: int
    options: tuple[str, ...]
    best: int
    value: Estimate
    runner_up: "int | None"
    gap: "Estimate | None"
    verdict: Verdict

    @classmethod
    def of(cls, values: np.ndarray, total: int, options: Sequence[str], verdict: Verdict) -> "Round":
        """The round seen in ``values`` (one row a deal solved, one column an option)."""
        best = verdict.best
        means = values.mean(axis=0)     # NaN for an option a race retired: never the runner-up
        others = [j for j in range(values.shape[1]) if j != best and j not in verdict.retired]
        runner = max(others, key=lambda j: float(means[j])) if others else None
        gap = None if runner is None else against_best(values[:, [best, runner]], 0)[1]
        return cls(int(values.shape[0]), total, tuple(options), best, estimate(values[:, best]), runner, gap,
                   verdict)

    def to_dict(self) -> dict[str, Any]:
        """Plain types for JSON: ``samples``, ``total``, ``best`` and ``runner_up`` (their
        texts, ``None`` when unnamed), ``value``/``value_se``, ``gap``/``gap_se``."""
        def name(j: "int | None") -> "str | None":
            return None if j is None or j >= len(self.options) else self.options[j]
        return {"samples": self.samples, "total": self.total, "best": name(self.best),
                "value": json_number(self.value.value), "value_se": json_number(self.value.se),
                "runner_up": name(self.runner_up),
                "gap": None if self.gap is None else json_number(self.gap.value),
                "gap_se": None if self.gap is None else json_number(self.gap.se)}


#: Who watches the sampled answers of this thread: ``watcher(round) -> stop``.
Watcher = Callable[[Round], bool]
_WATCHER: "contextvars.ContextVar[Watcher | None]" = contextvars.ContextVar("coinche_watcher", default=None)

#: The first round of a watched fixed run: small, so that the first estimate shows soon.
WATCHED_FIRST = 20


@contextlib.contextmanager
def watching(watcher: Watcher) -> Iterator[None]:
    """While inside, every answer :func:`sample_answer` samples in this thread (and the
    contexts it starts) is solved in rounds and shown to ``watcher`` after each; its
    ``True`` stops sampling there, the answer being that of the deals solved (marked
    :attr:`~solver.sequential.StopReason.USER`).  Without a budget the answer is the
    fixed run's, solved in rounds: the same deals, the same answer.  The board
    streams its estimates through this."""
    token = _WATCHER.set(watcher)
    try:
        yield
    finally:
        _WATCHER.reset(token)


def sample_answer(study: Study[A], hand: CardSet, seat: Seat, samples: int,
                  values: "Callable[[list[Deal], list[Any]], np.ndarray]", seed: "int | None",
                  constraints: "Constraints | None", *, confidence: "float | None" = None,
                  margin: "float | None" = None, time: "float | None" = None,
                  workers: "int | None" = None, executor: "Backend | str" = Backend.THREAD,
                  progress: "Callable[[int, int], None] | None" = None,
                  max_attempts: "int | None" = None,
                  options: "Callable[[list[Deal], list[Any]], Sequence[object]] | None" = None,
                  race: bool = True, lineage: "Lineage | None" = None) -> "tuple[A, Verdict | None]":
    """The door every answer comparing options goes through: exactly ``samples`` deals
    (:func:`simulate`) when none of ``confidence``, ``margin`` and ``time`` is given,
    else at most ``samples`` deals solved in rounds until the comparison of the options
    (``values(deals, results)``: one row a deal, one column an option, the side's score)
    is settled (:func:`simulate_sequentially`).  Returns the answer and the last verdict
    (``None`` for a fixed run).

    Under :func:`watching`, the deals are solved in rounds whatever the budget and each
    round is shown to the watcher, the options named by ``options(deals, results)``
    (the option of each column of ``values``, in order; asked once).  A sequential
    answer races (``race``, unless told not to): an option separated below the best is
    retired and the later deals solve only what the others read (``study.narrow``).
    ``lineage``: the question's place among others whose deals it may start from
    (:func:`deal_carrying`; ``study.carried`` then says how many it took)."""
    watcher = _WATCHER.get()
    fixed = confidence is None and margin is None and time is None
    if fixed and watcher is None:
        return simulate(study, hand, seat, samples, seed, constraints, workers=workers, executor=executor,
                        progress=progress, max_attempts=max_attempts, lineage=lineage), None
    rule = stopping_rule(confidence, margin)
    seen_deals: list[list[Deal]] = [[]]
    seen_results: list[list[Any]] = [[]]
    values = _keeping(values, seen_deals, seen_results)
    look = None
    if watcher is not None:
        names: list[str] = []

        def look(matrix: np.ndarray, verdict: Verdict) -> bool:
            assert watcher is not None
            if not names and options is not None:
                names.extend(option_text(o)[1] for o in options(seen_deals[0], seen_results[0]))
            return watcher(Round.of(matrix, samples, names, verdict))

    answer, verdict = simulate_sequentially(study, hand, seat, samples, values, seed, constraints, rule=rule,
                                            time=time, workers=workers, executor=executor, progress=progress,
                                            max_attempts=max_attempts, settle=not fixed, look=look,
                                            first=WATCHED_FIRST if fixed else None, race=race and not fixed,
                                            lineage=lineage)
    if fixed and verdict.reason is StopReason.MAX_SAMPLES:
        return answer, None            # every deal solved: the fixed run's answer
    if options is not None and verdict.reason is StopReason.INDIFFERENT:     # the close ones are named
        named = list(options(seen_deals[0], seen_results[0]))
        verdict = dataclasses.replace(verdict, names=tuple(option_label(o) for o in named),
                                      keys=tuple(option_text(o)[1] for o in named))
    return answer, verdict


def option_label(option: object) -> str:
    """An option for people, in the output language: ``100♠``, ``capot ♥``, ``V♥``, ``pass``.

    >>> option_label(Contract.parse("100S")), option_label(Card.parse("HJ"))
    ('100♠', 'J♥')
    """
    if isinstance(option, Card):
        return card_name(option)
    if isinstance(option, Contract):
        return bid_text(option.level, option.strain)
    if isinstance(option, Call):
        return option.text
    return str(option)


def _keeping(values: "Callable[[list[Deal], list[Any]], np.ndarray]", deals: "list[list[Deal]]",
             results: "list[list[Any]]") -> "Callable[[list[Deal], list[Any]], np.ndarray]":
    """``values`` that also keeps the deals and results it last saw (for naming the options)."""
    def kept(d: "list[Deal]", r: list[Any]) -> np.ndarray:
        deals[0], results[0] = d, r
        return values(d, r)
    return kept


def stamped(options: "list[Judged[Option]]", verdict: "Verdict | None") -> "list[Judged[Option]]":
    """``options`` with the reason sampling stopped (unchanged for a fixed run)."""
    if verdict is None:
        return options
    return [dataclasses.replace(o, stop=verdict.reason) for o in options]


def stopping_dict(verdict: "Verdict | None") -> dict[str, Any]:
    """The JSON of a verdict, beside an answer's options: ``stopped`` (why sampling
    stopped, ``None`` for a fixed run), ``vouch`` (by how much another option might
    still beat the best, at the confidence asked; ``None`` when unknown) and, when
    sampling stopped because the rest are within the margin, ``too_close`` (the options
    too close to the best to call, by their JSON names; else empty)."""
    if verdict is None:
        return {"stopped": None, "vouch": None, "too_close": []}
    close = [verdict.keys[j] for j in verdict.indifferent if j < len(verdict.keys)] \
        if verdict.reason is StopReason.INDIFFERENT else []
    return {"stopped": verdict.reason.value, "vouch": verdict.vouch if math.isfinite(verdict.vouch) else None,
            "too_close": close}
