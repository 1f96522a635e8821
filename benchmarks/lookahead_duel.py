"""The look-ahead bidder against the ends-now bidder on duplicate deals, and all three
bidders (look-ahead, ends-now, point count) against par.

On each deal (``Deal.random(seed + k)``, the dealer turning N E S W):

* duplicate: N-S bid by look-ahead advice and E-W by ends-now advice, then the seats
  swapped; each final contract played double dummy on the real deal (the first lead by
  the seat after the dealer), so only the bidding differs.  The deal's difference is
  the look-ahead side's margin (its score minus the other's) summed over both tables;
  its mean over the deals is given with the 95% interval (1.96 standard errors, the
  deals independent, the two tables of a deal paired);
* par: the four seats all bidding one way; the distance is |N-S margin - par's N-S
  margin|, compared with the look-ahead table deal by deal (paired errors).

Every advised call uses ``--samples`` deals and a seed fixed by the deal and the call's
place in the auction, so a run repeats exactly; advice repeated on the same auction is
computed once.

Run: ``nice -n 10 python -m benchmarks.lookahead_duel --deals 1000 --samples 30 --out duel.json``
(``--workers N`` for local processes; ``--cluster local:N`` or ``--scheduler tcp://HOST:8786``
for Dask, the ``dask`` extra: a deal's row depends only on its number, so the result is the
same whatever runs it).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from contextlib import closing
from typing import Any, Callable, Iterator, Optional

import numpy as np

from solver.auction import Auction, Call
from solver.bidding import _real_result
from solver.lookahead import EVIDENCE, auction_advice
from solver.bots import HeuristicBot, SeatView
from solver.cards import Seat
from solver.contract import Contract
from solver.deal import Deal
from solver.par import par
from solver.parallel import executor
from solver.errors import ConstraintError
from solver.rules import Rules
from solver.bidding import NO_SYSTEM
from solver.system import DEFAULT

Bidder = Callable[[Deal, Auction, int], Call]


def _advice_bidder(samples: int, lookahead: bool, evidence: Optional[float] = None) -> Bidder:
    ev = EVIDENCE if evidence is None else evidence
    memo: dict[tuple[str, int], Call] = {}

    def bid(deal: Deal, auction: Auction, k: int) -> Call:
        key = (str(auction) + "|" + deal.to_pbn(), k)
        if key not in memo:
            seat = auction.next_seat
            seed = 1000 * k + len(auction.calls)
            try:
                adv = auction_advice(deal[seat], seat, auction.dealer, auction, samples=samples, seed=seed,
                                     workers=1, lookahead=lookahead, evidence=ev)
            except ConstraintError:
                # no deal fits the calls under the system from this seat (the other side
                # bids another way): deal as if the calls showed nothing, as bidreview does,
                # the look-ahead's own call still keeping to the system
                adv = auction_advice(deal[seat], seat, auction.dealer, auction, samples=samples, seed=seed,
                                     workers=1, lookahead=lookahead, system=NO_SYSTEM,
                                     evidence=ev, fits=DEFAULT)
            memo[key] = adv.best.call
        return memo[key]
    return bid


def _point_count_bidder() -> Bidder:
    bot = HeuristicBot()

    def bid(deal: Deal, auction: Auction, k: int) -> Call:
        seat = auction.next_seat
        return bot.call(SeatView(seat=seat, hand=deal[seat], dealer=auction.dealer, auction=auction,
                                 rules=auction.rules))
    return bid


def bid_out(deal: Deal, dealer: Seat, k: int, ns: Bidder, ew: Bidder, rules: Rules) -> tuple[Optional[Contract], int]:
    """The auction bid out by ``ns`` and ``ew``: its contract and N-S margin (N-S score
    minus E-W score, the contract played double dummy)."""
    a = Auction(dealer, (), rules)
    while not a.is_over:
        who = ns if a.next_seat in (Seat.N, Seat.S) else ew
        a = a.then(who(deal, a, k))
    contract = a.contract
    _, s_ns, s_ew = _real_result(deal, dealer, contract, rules)
    return contract, s_ns - s_ew


def _mean_ci(x: list[float]) -> dict[str, object]:
    v = np.asarray(x, dtype=float)
    se = float(v.std(ddof=1) / math.sqrt(len(v))) if len(v) > 1 else float("nan")
    m = float(v.mean())
    return {"mean": round(m, 2), "se": round(se, 2), "ci95": [round(m - 1.96 * se, 2), round(m + 1.96 * se, 2)]}


def deal_row(k: int, samples: int, seed: int, bidders: dict[str, Bidder], rules: Rules = Rules(),
             par_tables: bool = True) -> dict[str, object]:
    """Deal number ``k``'s tables: the duplicate difference and, with ``par_tables``, each
    bidder's distance to par, with the final contracts."""
    deal = Deal.random(seed=seed + k)
    dealer = Seat(k % 4)
    c1, m1 = bid_out(deal, dealer, k, bidders["lookahead"], bidders["ends_now"], rules)
    c2, m2 = bid_out(deal, dealer, k, bidders["ends_now"], bidders["lookahead"], rules)
    row: dict[str, object] = {"k": k, "diff": m1 - m2, "contracts": [str(c1), str(c2)]}
    if par_tables:
        p = par(deal, dealer, rules)
        target = p.ns_score - p.ew_score
        for name, b in bidders.items():
            c, m = bid_out(deal, dealer, k, b, b, rules)
            row[name] = abs(m - target)
            row[name + "_contract"] = str(c)
    return row


def summarise(rows: list[dict[str, object]], samples: int, seed: int) -> dict[str, object]:
    """Means and 95% intervals over the deals' rows (:func:`deal_row`)."""
    rows = sorted(rows, key=lambda r: int(r["k"]))          # type: ignore[call-overload]
    summary: dict[str, object] = {"deals": len(rows), "samples": samples, "seed": seed,
                                  "lookahead_minus_ends_now_per_deal": _mean_ci([r["diff"] for r in rows])}  # type: ignore[misc]
    names = ("lookahead", "ends_now", "point_count")
    if rows and all(n in rows[0] for n in names):
        dist = {n: [float(r[n]) for r in rows] for n in names}          # type: ignore[arg-type]
        summary["distance_to_par"] = {n: _mean_ci(v) for n, v in dist.items()}
        summary["lookahead_minus_ends_now_distance"] = _mean_ci(
            [a - b for a, b in zip(dist["lookahead"], dist["ends_now"])])
        summary["lookahead_minus_point_count_distance"] = _mean_ci(
            [a - b for a, b in zip(dist["lookahead"], dist["point_count"])])
    return summary


#: The bidders of this process, by (samples, evidence): each advice memo lives as long as
#: the process, so a worker keeps its own.
_BIDDERS: dict[tuple[int, Optional[float]], dict[str, Bidder]] = {}


def _bidders(samples: int, evidence: Optional[float]) -> dict[str, Bidder]:
    key = (samples, evidence)
    if key not in _BIDDERS:
        _BIDDERS[key] = {"lookahead": _advice_bidder(samples, True, evidence),
                         "ends_now": _advice_bidder(samples, False), "point_count": _point_count_bidder()}
    return _BIDDERS[key]


def _row_task(_solver: object, task: tuple[int, int, int, Rules, bool, Optional[float]]) -> dict[str, object]:
    """One deal's row on a worker (the executors' task shape; the advice keeps its own
    solver, so the worker's is not used)."""
    k, samples, seed, rules, par_tables, evidence = task
    c0 = time.process_time()
    row = deal_row(k, samples, seed, _bidders(samples, evidence), rules, par_tables)
    row["deal_cpu_s"] = round(time.process_time() - c0, 2)
    return row


def _rows(tasks: list[tuple[int, int, int, Rules, bool, Optional[float]]], backend: str,
          workers: int, options: dict[str, Any]) -> Iterator[dict[str, object]]:
    """The tasks' rows in the order they finish: here, or on ``workers`` of ``backend``."""
    if backend == "here":
        for t in tasks:
            yield _row_task(None, t)
        return
    with executor(backend, workers, **options) as ex, \
            closing(ex.map_unordered(_row_task, tasks)) as results:
        for _, row in results:
            yield row


def run(deals: int, samples: int, seed: int, rules: Rules = Rules(), par_tables: bool = True,
        out: Optional[str] = None, start: int = 0, stride: int = 1,
        rows_file: Optional[str] = None, evidence: Optional[float] = None,
        backend: str = "here", workers: int = 1, options: Optional[dict[str, Any]] = None,
        quiet: bool = False) -> dict[str, object]:
    """Deals ``start``, ``start + stride``, ... (``deals`` of them); ``rows_file`` gets
    one JSON line a deal (several runs with the same ``stride`` and other ``start``
    share the work: ``--merge`` sums them up).  ``backend`` "here" (this process),
    "process" or "dask" with its executor ``options``
    (:func:`solver.parallel.executor`); the summary is the same whatever runs it."""
    tasks = [(start + n * stride, samples, seed, rules, par_tables, evidence) for n in range(deals)]
    rows: list[dict[str, object]] = []
    cpu = 0.0
    t0 = time.time()
    summary: dict[str, object] = {}
    for row in _rows(tasks, backend, workers, options or {}):
        rows.append(row)
        cpu += float(row["deal_cpu_s"])         # type: ignore[arg-type]
        if rows_file is not None:
            with open(rows_file, "a") as f:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
        summary = summarise(rows, samples, seed)
        summary.update({"wall_s": round(time.time() - t0, 1),
                        "cpu_s": round(cpu, 1)})
        if out is not None:
            with open(out + ".tmp", "w") as f:
                json.dump(summary, f, indent=1)
            os.replace(out + ".tmp", out)
        if not quiet:
            print(json.dumps(summary), flush=True)
    return summary


def _backend(p: argparse.ArgumentParser, a: argparse.Namespace) -> tuple[str, int, dict[str, Any]]:
    """--workers, --cluster and --scheduler read as (backend, workers, executor options),
    the last two as the commands read them (``coinche_cli.options.parallel_backend``: a bad one
    is one line on stderr and exit 2)."""
    import typer
    from coinche_cli.options import parallel_backend     # type: ignore[import-untyped]
    if a.workers < 1:
        p.error(f"--workers {a.workers}: expected 1 or more")
    try:
        kind, options = parallel_backend("process", a.scheduler, a.cluster)
    except typer.Exit as e:
        raise SystemExit(e.exit_code) from None
    if kind == "dask":
        return kind, int(options.get("local_workers", a.workers)), options
    return ("here", 1, {}) if a.workers == 1 else ("process", a.workers, {})


def main(argv: Optional[list[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--samples", type=int, default=30)
    p.add_argument("--seed", type=int, default=2027)
    p.add_argument("--no-par", action="store_true", help="only the duplicate tables")
    p.add_argument("--out", default=None, help="write the running summary here (JSON)")
    p.add_argument("--start", type=int, default=0, help="the first deal's number")
    p.add_argument("--stride", type=int, default=1, help="the step between deal numbers")
    p.add_argument("--rows", default=None, help="append one JSON line a deal here")
    p.add_argument("--evidence", type=float, default=None,
                   help="the look-ahead's evidence (solver.lookahead.judge_calls_ahead; its default if not given)")
    p.add_argument("--workers", type=int, default=1, help="local worker processes")
    p.add_argument("--cluster", default=None, help="local:N starts a Dask LocalCluster of N workers here")
    p.add_argument("--scheduler", default=None, help="a Dask scheduler, tcp://HOST:8786")
    p.add_argument("--merge", nargs="+", default=None, metavar="ROWS",
                   help="only sum up the rows files of earlier runs (same --samples and --seed)")
    a = p.parse_args(argv)
    backend, workers, options = _backend(p, a)
    if a.merge:
        rows, cpu = [], 0.0
        for name in a.merge:
            got = [json.loads(line) for line in open(name) if line.strip()]
            rows += got
            cpu += sum(float(r.get("deal_cpu_s", 0)) for r in got)
        print(json.dumps({**summarise(rows, a.samples, a.seed), "cpu_s": round(cpu, 1)}, indent=1))
        return 0
    run(a.deals, a.samples, a.seed, par_tables=not a.no_par, out=a.out, start=a.start, stride=a.stride,
        rows_file=a.rows, evidence=a.evidence, backend=backend, workers=workers, options=options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
