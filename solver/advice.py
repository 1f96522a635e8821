"""Bidding advice by Monte Carlo: what is this hand worth in each strain, and what to bid.

:func:`advise` deals the 24 unseen cards many times (:mod:`solver.sampling`), solves
every deal exactly in all six strains with the first lead by the seat after the
dealer, and turns the results into statistics a learner can read: per strain the
distribution of the side's points and the chance to reach each level; per bid the
chance it makes and its expected score under the rules' scoring; and one
recommendation in plain words.  Every bid is judged on the same deals, and
compared with the best bid deal by deal (:mod:`solver.montecarlo` runs the loop and
holds the statistics).

Double dummy means everyone plays as if all cards were face up: see
``docs/advice.md`` for how to read the numbers and their limits.

>>> adv = advise("AJ9.A7.KT.J", seat="S", dealer="N", samples=4, seed=1, workers=1)
>>> adv.points.shape, adv.leader                # 4 deals x S H D C SA TA; E leads
((4, 6), <Seat.E: 1>)
>>> all(d.hands[Seat.S] == adv.hand for d in adv.deals)
True
>>> bool(adv.strain("S").mean == adv.totals[:, 0].mean())
True
>>> bool(adv.bid(100, "S").p_make == (adv.totals[:, 0] >= 100).mean())
True
"""

from __future__ import annotations

import dataclasses
import os
import queue
import threading
from typing import Any, Callable, NamedTuple, Sequence

import numpy as np

from .cards import CardSet, Seat, Team
from .contract import CAPOT, Coinche, Contract, cached_contract, level_json
from .deal import Deal
from .declarations import award_declarations, belote_sides
from .errors import CoincheError, ConstraintError, SeatError
from .montecarlo import Study, against_best, estimate, json_number, share, simulate
from .pool import process_pool
from .rules import STRAINS, Rules, Strain
from .sampling import Constraints, parse_hand
from .scoring import BELOTE_POINTS, compiled_scoring
from .solve import Solver
from .table import solve_strain

__all__ = [
    "Advice",
    "StrainStats",
    "BidStats",
    "Recommendation",
    "advise",
    "map_deals",
    "LEVELS",
    "QUANTILES",
]

#: The numbered bid levels the advice covers (capot is added per strain).
LEVELS = tuple(range(80, 161, 10))
#: The quantiles reported per strain.
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)


# ---------------------------------------------------------------------------
# Running one function over many deals, in parallel
# ---------------------------------------------------------------------------

_FREE: list[Solver] = []          # solvers kept between calls (their tables stay useful)
_FREE_LOCK = threading.Lock()
_PROCESS_SOLVER: "Solver | None" = None


def _acquire() -> Solver:
    with _FREE_LOCK:
        return _FREE.pop() if _FREE else Solver()


def _release(s: Solver) -> None:
    with _FREE_LOCK:
        _FREE.append(s)


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _process_chunk(func: Callable, chunk: list) -> list:
    global _PROCESS_SOLVER
    if _PROCESS_SOLVER is None:
        _PROCESS_SOLVER = Solver()
    return [func(_PROCESS_SOLVER, t) for t in chunk]


def _map_threads(func: Callable, tasks: list, w: int, progress: "Callable[[int, int], None] | None",
                 out: list) -> None:
    """:func:`map_deals` on ``w`` threads: each takes the next task as soon as it is free.

    The calling thread only counts finished tasks from a queue: with one future per
    task, waiting on the pending ones held the GIL long enough to slow the workers
    (advice, 500 deals on 2 cores, six alternating runs: 3.4 to 5.1 s, against 2.5 to
    4.1 s this way)."""
    n = len(tasks)
    lock = threading.Lock()
    nxt = [0]
    stop = threading.Event()
    finished: "queue.SimpleQueue[BaseException | None]" = queue.SimpleQueue()

    def work() -> None:
        s = _acquire()
        try:
            while not stop.is_set():
                with lock:
                    i = nxt[0]
                    nxt[0] = i + 1
                if i >= n:
                    return
                out[i] = func(s, tasks[i])
                finished.put(None)
        except BaseException as e:  # handed to the calling thread, which raises it
            finished.put(e)
        finally:
            _release(s)

    threads = [threading.Thread(target=work, name=f"coinche-worker-{k}", daemon=True) for k in range(w)]
    for t in threads:
        t.start()
    try:
        done = 0
        while done < n:
            try:
                item = finished.get(timeout=0.25)
            except queue.Empty:
                if not any(t.is_alive() for t in threads):     # pragma: no cover - defensive
                    raise RuntimeError("the workers stopped before finishing their tasks") from None
                continue
            if item is not None:
                raise item
            done += 1
            if progress is not None:
                progress(done, n)
    finally:
        stop.set()
        for t in threads:
            t.join()


def _process_indexed(job: tuple) -> tuple:
    func, i, chunk = job
    return i, _process_chunk(func, chunk)


def _map_processes(func: Callable, tasks: list, w: int, progress: "Callable[[int, int], None] | None",
                   out: list) -> None:
    """:func:`map_deals` on ``w`` processes, the tasks sent in chunks (about 8 per worker)."""
    n = len(tasks)
    size = max(1, -(-n // (8 * w)))
    jobs = [(func, i, tasks[i:i + size]) for i in range(0, n, size)]
    done = 0
    with process_pool(w) as pool:       # an error or a signal ends the workers at once
        for i, part in pool.imap_unordered(_process_indexed, jobs):
            out[i:i + len(part)] = part
            done += len(part)
            if progress is not None:
                progress(done, n)


def map_deals(func: Callable[[Solver, Any], Any], tasks: Sequence[Any], workers: "int | None" = None,
              executor: str = "thread", progress: "Callable[[int, int], None] | None" = None) -> list:
    """``[func(solver, task) for task in tasks]``, spread over ``workers``.

    Each worker holds one :class:`~solver.solve.Solver` for all its tasks (and the
    solvers are kept for the next call).  ``executor`` is ``"thread"`` (the engine
    releases the GIL while it searches) or ``"process"`` (``func`` and the tasks must
    then pickle).  ``progress(done, total)`` is called from the calling thread as
    tasks finish.  The results come back in the order of ``tasks`` whatever the
    number of workers, so the output never depends on it.  An exception raised by
    ``func`` stops the other workers after their current task and is raised here.

    >>> map_deals(lambda s, d: s.solve(d, "S").ns_points,
    ...           [Deal.from_pbn("N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-")], workers=1)
    [25]
    """
    tasks = list(tasks)
    n = len(tasks)
    w = default_workers() if workers is None else int(workers)
    if w < 1:
        raise ConstraintError(f"workers {workers!r}: expected 1 or more")
    if executor not in ("thread", "process"):
        raise ConstraintError(f"executor {executor!r}: expected 'thread' or 'process'")
    out: list = [None] * n
    if w == 1 or n <= 1:
        s = _acquire()
        try:
            for i, t in enumerate(tasks):
                out[i] = func(s, t)
                if progress is not None:
                    progress(i + 1, n)
        finally:
            _release(s)
    elif executor == "thread":
        _map_threads(func, tasks, min(w, n), progress, out)
    else:
        _map_processes(func, tasks, min(w, n), progress, out)
    return out


# ---------------------------------------------------------------------------
# One deal, six strains
# ---------------------------------------------------------------------------

def _solve_deal(solver: Solver, task: tuple) -> tuple[list[int], list[bool]]:
    """The side's exact card points in each strain, and whether it can take every trick."""
    masks, leader, team, rules = task
    deal = Deal(masks)
    points, capot = [], []
    for strain in STRAINS:
        ns, ns_capot, ew_capot, total, _ = solve_strain(solver, deal, leader, strain, rules)
        points.append(ns if team == Team.NS else total - ns)
        capot.append(ns_capot if team == Team.NS else ew_capot)
    return points, capot


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------

def bid_label(level: int, strain: "Strain | str") -> str:
    """A bid for people: ``100♥``, ``80SA``, ``capot ♠``.

    >>> bid_label(100, "H"), bid_label(80, "SA"), bid_label(CAPOT, "S")
    ('100♥', '80SA', 'capot ♠')
    """
    s = Strain.parse(strain)
    return f"capot {s.symbol}" if level == CAPOT else f"{level}{s.symbol}"


@dataclasses.dataclass(frozen=True)
class StrainStats:
    """The side's result in one strain over the sampled deals.

    ``mean``, ``std``, ``se`` and ``quantiles`` describe the side's *total*: card
    points, plus 20 when the side holds belote, plus the declarations awarded to the
    side when the rules score them.  ``mean_card_points`` is the mean of the card
    points alone.  ``p_reach[level]`` is the share of deals where the side counts at
    least the level's target (82 for 80; card points and belote, and declarations
    when ``Rules.declarations_count``); ``p_capot`` where it can take every trick;
    ``p_belote`` where it holds belote.
    """

    strain: Strain
    mean: float
    std: float
    se: float
    quantiles: dict[float, float]
    mean_card_points: float
    p_reach: dict[int, float]
    p_capot: float
    p_belote: float

    def to_dict(self) -> dict:
        return {
            "strain": self.strain.name,
            "mean": self.mean, "std": self.std, "se": json_number(self.se),
            "quantiles": {str(q): v for q, v in self.quantiles.items()},
            "mean_card_points": self.mean_card_points,
            "p_reach": {str(k): v for k, v in self.p_reach.items()},
            "p_capot": self.p_capot, "p_belote": self.p_belote,
        }


@dataclasses.dataclass(frozen=True)
class BidStats:
    """One bid (by the asking seat) judged on every sampled deal.

    ``p_make``: the share of deals where it makes (``p_make_se`` its standard error).
    ``ev``: the mean over the deals of the score difference, ours minus theirs, for
    this deal alone under the rules' scoring, nobody coinching; ``ev_coinched``: the
    same when the opponents coinche exactly the deals where it fails (made deals are
    scored uncoinched; a capot bid cannot be coinched, so for it ``ev_coinched`` is
    ``ev``).  ``*_se`` are standard errors of the means.

    ``vs_best``: this bid against the best (the bid with the best ``ev_coinched``,
    which the recommendation names), deal by deal: the mean of this bid's coinched
    score minus the best's, 0 or less; ``vs_best_se``: the standard error of those
    differences, the paired error (0 for the best itself).
    """

    contract: Contract
    p_make: float
    p_make_se: float
    ev: float
    ev_se: float
    ev_coinched: float
    ev_coinched_se: float
    vs_best: float
    vs_best_se: float

    @property
    def level(self) -> int:
        return self.contract.level

    @property
    def strain(self) -> Strain:
        return self.contract.strain

    @property
    def label(self) -> str:
        return bid_label(self.level, self.strain)

    def to_dict(self) -> dict:
        return {
            "bid": self.contract.to_text(), "level": level_json(self.level),
            "strain": self.strain.name, "p_make": self.p_make, "p_make_se": json_number(self.p_make_se),
            "ev": self.ev, "ev_se": json_number(self.ev_se), "ev_coinched": self.ev_coinched,
            "ev_coinched_se": json_number(self.ev_coinched_se),
            "vs_best": self.vs_best, "vs_best_se": json_number(self.vs_best_se),
        }


@dataclasses.dataclass(frozen=True)
class Recommendation:
    """The advice: ``bid`` (a :class:`~solver.contract.Contract`) or ``None`` to pass,
    and ``text``, the reason in plain words.

    The rule: bid the contract with the best ``ev_coinched`` (the expected score when
    the opponents coinche every contract that fails), provided that is above zero;
    otherwise pass.  Ties go to the more likely, then the lower bid.  ``ceiling`` is
    the highest bid in the same strain whose ``ev_coinched`` is still above zero: how
    far to go when the auction pushes.
    """

    bid: "Contract | None"
    text: str
    stats: "BidStats | None" = None
    ceiling: "BidStats | None" = None

    @property
    def is_pass(self) -> bool:
        return self.bid is None

    @property
    def label(self) -> str:
        return "pass" if self.stats is None else self.stats.label

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict:
        return {"bid": None if self.bid is None else self.bid.to_text(), "label": self.label,
                "ceiling": None if self.ceiling is None else self.ceiling.contract.to_text(),
                "text": self.text}


@dataclasses.dataclass(frozen=True, eq=False)
class Advice:
    """What :func:`advise` returns.

    - ``deals``: the sampled deals (:class:`~solver.deal.Deal`), the hand at ``seat``;
    - ``points``: int array (samples × 6) of the side's exact card points per strain,
      columns in :data:`~solver.rules.STRAINS` order S H D C SA TA;
    - ``capot``: bool array (samples × 6), the side can take every trick;
    - ``bonus``: int array (samples × 6), belote (20 when the side holds it) plus the
      declarations awarded to the side when the rules score them;
    - ``declarations``: int array (samples × 6 × 2), declarations awarded (NS, EW);
    - ``strains``: :class:`StrainStats` per strain; ``bids``: :class:`BidStats` per bid
      (levels 80..160 and capot in each strain); ``recommendation``.
    """

    hand: CardSet
    seat: Seat
    dealer: Seat
    rules: Rules
    seed: "int | None"
    constraints: "Constraints | None"
    deals: list[Deal]
    points: np.ndarray
    capot: np.ndarray
    bonus: np.ndarray
    declarations: np.ndarray
    strains: dict[Strain, StrainStats]
    bids: list[BidStats]
    recommendation: Recommendation

    @property
    def leader(self) -> Seat:
        """The first leader: the seat after the dealer."""
        return self.dealer.next

    @property
    def team(self) -> Team:
        return self.seat.team

    @property
    def samples(self) -> int:
        return len(self.deals)

    @property
    def totals(self) -> np.ndarray:
        """``points + bonus``: what the per-strain statistics describe."""
        return self.points + self.bonus

    def strain(self, strain: "Strain | str") -> StrainStats:
        return self.strains[Strain.parse(strain)]

    def bid(self, level: "int | str", strain: "Strain | str") -> BidStats:
        """The statistics of one bid: ``adv.bid(100, "H")``, ``adv.bid("capot", "S")``."""
        c = Contract(level, strain, self.seat)
        for b in self.bids:
            if b.contract == c:
                return b
        raise CoincheError(f"bid {bid_label(c.level, c.strain)!r} is not in the advice: "
                           f"expected 80 to 160 by 10 or capot")

    @property
    def best_bid(self) -> BidStats:
        """The bid with the best ``ev_coinched`` (the recommendation's, or the most
        promising when it says pass): every bid's ``vs_best`` is against it."""
        return max(self.bids, key=_rank_key)

    def best_bids(self) -> dict[Strain, BidStats]:
        """Per strain, the bid with the best ``ev_coinched``."""
        out: dict[Strain, BidStats] = {}
        for b in self.bids:
            cur = out.get(b.strain)
            if cur is None or _rank_key(b) > _rank_key(cur):
                out[b.strain] = b
        return out

    def to_dict(self, with_deals: bool = False) -> dict:
        """Plain types for JSON (the deals and per-deal arrays with ``with_deals``)."""
        d: dict[str, Any] = {
            "hand": self.hand.to_pbn(), "seat": self.seat.name, "dealer": self.dealer.name,
            "leader": self.leader.name, "samples": self.samples, "seed": self.seed,
            "constraints": self.constraints.to_dict() if self.constraints is not None else None,
            "strains": {s.name: st.to_dict() for s, st in self.strains.items()},
            "bids": [b.to_dict() for b in self.bids],
            "recommendation": self.recommendation.to_dict(),
        }
        if with_deals:
            d["deals"] = [x.to_pbn() for x in self.deals]
            d["points"] = self.points.tolist()
            d["capot"] = self.capot.tolist()
            d["bonus"] = self.bonus.tolist()
        return d

    def __repr__(self) -> str:
        return (f"<Advice {self.hand.to_pbn()} seat={self.seat.name} dealer={self.dealer.name} "
                f"samples={self.samples}: {self.recommendation.label}>")


def _rank_key(b: BidStats) -> tuple:
    return _rank(b.contract, b.ev_coinched, b.p_make)


def _rank(contract: Contract, ev_coinched: float, p_make: float) -> tuple:
    # best expected score under coinche, then most likely, then the lower bid, then S H D C SA TA
    return (round(ev_coinched, 9), round(p_make, 9), -contract.level, -int(contract.strain))


# ---------------------------------------------------------------------------
# Scoring the samples
# ---------------------------------------------------------------------------

_CLAIM = {-1: None, int(Team.NS): Team.NS, int(Team.EW): Team.EW}


def _signed(score, contract: Contract, points: int, capot: bool, claim, decl) -> tuple[int, bool]:
    """(the bidders' score minus the defenders', made) under a compiled scorer."""
    ns, ew, made = score(contract, points, capot, claim, decl)[:3]
    return (ns - ew if contract.declarer & 1 == 0 else ew - ns), made


class _BidScores(NamedTuple):
    """One bid on every deal: made, the score difference nobody coinching (``plain``)
    and when the opponents coinche the deals where it fails (``coinched``)."""

    contract: Contract
    made: np.ndarray
    plain: np.ndarray
    coinched: np.ndarray


def _bid_scores(contract: Contract, rows: list, inverse: np.ndarray, rules: Rules, memo: dict) -> _BidScores:
    """``rows``: the distinct (points, capot, belote, dns, dew) outcomes; ``inverse`` maps
    each deal to its row.  ``memo`` holds the scores already worked out, keyed without
    the strain: scoring reads the contract's level, declarer and coinche, never its
    strain (belote and declarations come in as arguments), so one analysis shares
    them across its six strains."""
    plain = np.empty(len(rows), dtype=np.int64)
    coinched = np.empty(len(rows), dtype=np.int64)
    made = np.empty(len(rows), dtype=bool)
    score = compiled_scoring(rules)
    level, side = contract.level, contract.declarer & 1
    # a capot bid cannot be coinched (seed 000): its cautious score is its plain score
    doubled = None if contract.is_capot else cached_contract(
        contract.level, contract.strain, contract.declarer, int(Coinche.COINCHE))
    for k, row in enumerate(rows):
        key = (level, side, row)
        r = memo.get(key)
        if r is None:
            p, cap, bel, dns, dew = row
            claim, decl = _CLAIM[bel], (dns, dew)
            u, ok = _signed(score, contract, p, bool(cap), claim, decl)
            r = memo[key] = (u, ok, u if ok or doubled is None
                             else _signed(score, doubled, p, bool(cap), claim, decl)[0])
        plain[k], made[k], coinched[k] = r
    return _BidScores(contract, made[inverse], plain[inverse].astype(float), coinched[inverse].astype(float))


def _judge_bids(scores: list[_BidScores]) -> list[BidStats]:
    """Every bid's statistics, and each bid against the best on the same deals."""
    made = [share(b.made) for b in scores]
    plain = [estimate(b.plain) for b in scores]
    coinched = [estimate(b.coinched) for b in scores]
    best = max(range(len(scores)), key=lambda k: _rank(scores[k].contract, coinched[k].value, made[k].value))
    versus = against_best(np.column_stack([b.coinched for b in scores]), best)
    return [BidStats(b.contract, m.value, m.se, p.value, p.se, c.value, c.se, v.value, v.se)
            for b, m, p, c, v in zip(scores, made, plain, coinched, versus)]


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%"


def _recommend(bids: list[BidStats], n: int) -> Recommendation:
    best = max(bids, key=_rank_key)
    if best.ev_coinched <= 0:
        text = (f"Pass: no bid gains on average over {n} deals. The most promising, {best.label}, "
                f"makes in {_percent(best.p_make)} of the deals and would lose "
                f"{-best.ev_coinched:.0f} on average if the opponents coinche it whenever it "
                f"fails ({best.ev:+.0f} if nobody coinches).")
        return Recommendation(None, text, None)
    text = (f"{best.label} makes in {_percent(best.p_make)} of the deals and is worth "
            f"{best.ev_coinched:+.0f} on average, even if the opponents coinche it whenever "
            f"it fails ({best.ev:+.0f} if nobody coinches)")
    same = sorted((b for b in bids if b.strain == best.strain), key=lambda b: b.level)
    ceiling = max((b for b in same if b.level >= best.level and b.ev_coinched > 0),
                  key=lambda b: b.level)
    if ceiling.level > best.level:
        text += (f". If the auction asks for more, it is still worth bidding up to "
                 f"{ceiling.label} ({_percent(ceiling.p_make)}, {ceiling.ev_coinched:+.0f})")
    higher = [b for b in same if b.level > ceiling.level]
    if higher:
        text += f"; {higher[0].label} only {_percent(higher[0].p_make)}"
    others = [b for b in bids if b.strain != best.strain]
    if others:
        alt = max(others, key=_rank_key)
        if alt.ev_coinched > 0:
            text += (f". The best other strain: {alt.label}, {_percent(alt.p_make)}, "
                     f"{alt.ev_coinched:+.0f}")
    return Recommendation(best.contract, text + ".", best, ceiling)


# ---------------------------------------------------------------------------
# The study and the entry point
# ---------------------------------------------------------------------------

def _claims(deals: list[Deal], team: Team, leader: Seat, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Per deal and strain: the side that claims belote (a Team, or -1 for nobody) and
    the declarations awarded (N-S, E-W)."""
    belote = np.full((len(deals), 6), -1, dtype=np.int64)
    decl = np.zeros((len(deals), 6, 2), dtype=np.int64)
    ours = int(team)
    for i, d in enumerate(deals):
        masks = d.masks
        for j, strain in enumerate(STRAINS):
            held = belote_sides(masks, strain, rules)
            if held[ours]:
                belote[i, j] = ours
            elif held[1 - ours] and rules.belote_anyone:
                belote[i, j] = 1 - ours
            if rules.declarations:
                decl[i, j] = award_declarations(d, strain, leader, rules)
    return belote, decl


class _Bidding(Study):
    """:func:`advise` as a Monte Carlo study: every deal solved in the six strains, then
    the statistics of each strain and each bid.  Its question is the fields of the
    :class:`Advice` that say what was asked (hand, seat, dealer, rules, seed, constraints)."""

    seat: Seat
    dealer: Seat
    rules: Rules
    work = staticmethod(_solve_deal)

    def initial(self, deals: list[Deal]) -> list:
        return [(d.masks, self.dealer.next, self.seat.team, self.rules) for d in deals]

    def final(self, deals: list[Deal], results: list) -> Advice:
        points = np.array([r[0] for r in results], dtype=np.int64).reshape(len(deals), 6)
        capot = np.array([r[1] for r in results], dtype=bool).reshape(len(deals), 6)
        return self.summarise(deals, points, capot)

    def summarise(self, deals: list[Deal], points: np.ndarray, capot: np.ndarray) -> Advice:
        """Statistics and advice from the solved deals."""
        n = len(deals)
        rules, seat = self.rules, self.seat
        team = seat.team
        belote, decl = _claims(deals, team, self.dealer.next, rules)
        ours = belote == int(team)
        bonus = ours * BELOTE_POINTS + (decl[:, :, int(team)] if rules.declarations else 0)
        bonus = bonus.astype(points.dtype)
        counted = points + ours * BELOTE_POINTS + (decl[:, :, int(team)] if rules.declarations_count else 0)
        totals = points + bonus

        strains: dict[Strain, StrainStats] = {}
        scores: list[_BidScores] = []
        memo: dict = {}
        for j, strain in enumerate(STRAINS):
            t = totals[:, j].astype(float)
            qs = np.quantile(t, QUANTILES)
            mean = estimate(t)
            strains[strain] = StrainStats(
                strain=strain, mean=mean.value, std=float(t.std(ddof=1)) if n > 1 else 0.0,
                se=mean.se, quantiles={q: float(v) for q, v in zip(QUANTILES, qs)},
                mean_card_points=float(points[:, j].mean()),
                p_reach={lv: float((counted[:, j] >= (82 if lv == 80 else lv)).mean()) for lv in LEVELS},
                p_capot=float(capot[:, j].mean()), p_belote=float(ours[:, j].mean()),
            )
            outcome = np.stack([points[:, j], capot[:, j].astype(np.int64), belote[:, j],
                                decl[:, j, 0], decl[:, j, 1]], axis=1).astype(np.int64)
            rows, inverse = np.unique(outcome, axis=0, return_inverse=True)
            inverse = np.asarray(inverse).reshape(-1)
            distinct = [tuple(r) for r in rows.tolist()]
            for level in LEVELS + (CAPOT,):
                scores.append(_bid_scores(Contract(level, strain, seat), distinct, inverse, rules, memo))
        bids = _judge_bids(scores)
        return Advice(**self.question, deals=deals, points=points, capot=capot, bonus=bonus,
                      declarations=decl, strains=strains, bids=bids, recommendation=_recommend(bids, n))


def advise(hand: "CardSet | str", seat: "Seat | str" = "S", dealer: "Seat | str" = "N",
           samples: int = 500, seed: "int | None" = None, rules: Rules = Rules(),
           constraints: "Constraints | None" = None, *, workers: "int | None" = None,
           executor: str = "thread", progress: "Callable[[int, int], None] | None" = None,
           max_attempts: "int | None" = None) -> Advice:
    """Advice for the player at ``seat`` holding ``hand`` (``"AJ9.A7.KT.J"`` or a CardSet).

    Deals ``samples`` deals consistent with the hand and ``constraints`` (seeded by
    ``seed``), solves each exactly in all six strains with the first lead by the seat
    after ``dealer``, and returns an :class:`Advice`.  ``workers`` (default: every
    core) solve in parallel, each with its own solver; the result does not depend on
    their number.  ``progress(done, total)`` reports solved deals.
    """
    h = parse_hand(hand)
    try:
        seat = Seat.parse(seat)
        dealer = Seat.parse(dealer)
    except SeatError as e:
        raise ConstraintError(str(e)) from None
    if not isinstance(rules, Rules):
        raise ConstraintError(f"rules {rules!r}: expected a Rules object")
    study = _Bidding(hand=h, seat=seat, dealer=dealer, rules=rules, seed=seed, constraints=constraints)
    return simulate(study, h, seat, samples, seed, constraints, workers=workers, executor=executor,
                    progress=progress, max_attempts=max_attempts)
