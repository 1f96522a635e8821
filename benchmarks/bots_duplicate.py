"""PIMC against the heuristic bot (or ``--other random``) in duplicate, one line of JSON a deal, for strength
figures gathered in pieces and paired across versions of the bots.

Deal ``k`` is :func:`solver.game.deal_for` ``(seed, k)`` with the dealer turning from N,
played at two tables by :func:`solver.game.duplicate_deal` (PIMC at N-S on one, at E-W
on the other, the same seeds as ``coinche selfplay --duplicate``).  Each line holds the
deal's number, PIMC's score minus the heuristic's over both tables (``diff``), the same
in card points (``points``), and per table the contract, whether PIMC declared it,
whether it made, and the table's score.  Lines are appended as deals finish, so a run
stopped early keeps its deals and another run can go on from ``--start``.

``summarise`` reads one or two such files: the mean with its 95% interval, PIMC's
contracts at tout atout or capot and how many failed, and for two files (two versions of
the bots on the same deals) the paired difference on the deals both hold.
``calibrate`` solves each contract PIMC declared double dummy on the real deal and counts
how many made at the table by bin of slack (:data:`solver.bots.TABLE_MAKE`).

Run::

    nice -n 10 python -m benchmarks.bots_duplicate play --start 60 --deals 100 --seed 1 --out now.jsonl
    python -m benchmarks.bots_duplicate summarise now.jsonl other.jsonl
    python -m benchmarks.bots_duplicate calibrate --below 60 other.jsonl
    nice -n 10 python -m benchmarks.bots_duplicate peer --start 0 --deals 100 --out colver.jsonl
    nice -n 10 python -m benchmarks.bots_duplicate peer --budget-ms 50 --start 0 --deals 150 --out colver50.jsonl
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from pathlib import Path
from typing import Any, Optional

from solver.bots import slack_bin
from solver.cards import Seat, Team
from solver.contract import Coinche, Contract
from solver.game import bot_team, deal_for, dealer_for, duplicate_deal, mean_ci, record_score
from solver.records import Record
from solver.outcome import deal_total, side_points
from solver.rules import Rules
from solver.solve import default_solver



def _table(record: Record, pimc_side: Team, rules: Rules) -> dict[str, Any]:
    c = record.contract
    score = record_score(record, rules)
    ns, ew = record.score if record.score is not None else (0, 0)
    out: dict[str, Any] = {"pimc_side": pimc_side.name, "contract": None, "ns": ns, "ew": ew,
                           "pimc_minus_other": (ns - ew) if pimc_side == Team.NS else (ew - ns)}
    if c is not None and score is not None:
        out.update(contract=c.to_text() + " " + c.declarer.name, coinche=int(c.coinche), pimc_declares=c.declarer.team == pimc_side,
                   made=bool(score.made), bold=bool(c.is_capot or c.strain.name == "TA"))
    return out


def play(args: argparse.Namespace) -> None:
    rules, solver = Rules(), default_solver()
    pimc, heuristic = bot_team("pimc", args.seed, {}, solver), bot_team(args.other, args.seed, {}, solver)
    with open(args.out, "a", encoding="utf-8") as out:
        for k in range(args.start, args.start + args.deals):
            diff, points, records = duplicate_deal(k, args.seed, pimc, heuristic, rules)
            tables = [_table(r, side, rules) for r, side in zip(records, (Team.NS, Team.EW))]
            out.write(json.dumps({"deal": k, "seed": args.seed, "diff": diff,
                                  "points": points, "tables": tables}) + "\n")
            out.flush()


def peer(args: argparse.Namespace) -> None:
    """PIMC against colver's IS-DD bot, play only (``test_bench_bots.peer_deal``: the
    contract fixed at the highest level N-S make double dummy, ``must_undertrump=false``,
    colver given our PIMC's mean CPU time a card so far in the run; ``--budget-ms``: our
    PIMC's budget a card), one line a deal."""
    from benchmarks.test_bench_bots import PEER_RULES_FIELDS, PeerClock, peer_deal
    rules, clock = Rules(**PEER_RULES_FIELDS), PeerClock("equal", ours_ms=args.budget_ms)
    with open(args.out, "a", encoding="utf-8") as out:
        for k in range(args.start, args.start + args.deals):
            diff, points = peer_deal(k, rules, clock)
            out.write(json.dumps({"deal": k, "diff": diff, "points": points, "colver_ms": clock.ms,
                                  "pimc_cards": len(clock.ours), "pimc_cpu": round(sum(clock.ours), 3),
                                  "colver_cards": len(clock.theirs),
                                  "colver_cpu": round(sum(clock.theirs), 3)}) + "\n")
            out.flush()


def _read(path: str) -> dict[int, dict[str, Any]]:
    rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    return {r["deal"]: r for r in rows}


def _bold(rows: dict[int, dict[str, Any]]) -> tuple[int, int, int]:
    """PIMC's contracts at TA or capot: declared, failed, and what they cost (sum of the
    table scores, PIMC minus the other side, over the failed ones)."""
    tables = [t for r in rows.values() for t in r.get("tables", []) if t.get("pimc_declares") and t.get("bold")]
    failed = [t for t in tables if not t["made"]]
    return len(tables), len(failed), sum(t["pimc_minus_other"] for t in failed)


def summarise(args: argparse.Namespace) -> None:
    files = [_read(p) for p in args.files]
    report: dict[str, Any] = {}
    for path, rows in zip(args.files, files):
        m, ci = mean_ci([r["diff"] for r in rows.values()])
        pm, pci = mean_ci([r["points"] for r in rows.values()])
        n, failed, cost = _bold(rows)
        report[path] = {"deals": len(rows), "score": m, "ci95": ci, "points": pm, "points_ci95": pci,
                        "bold_declared": n, "bold_failed": failed, "bold_failed_cost": cost}
    if len(files) == 2:
        common = sorted(set(files[0]) & set(files[1]))
        d = [files[0][k]["diff"] - files[1][k]["diff"] for k in common]
        m, ci = mean_ci(d)
        report["paired"] = {"deals": len(common), "first_minus_second": m, "ci95": ci,
                            "first": _bold({k: files[0][k] for k in common}),
                            "second": _bold({k: files[1][k] for k in common})}
    json.dump(report, sys.stdout, indent=1)
    print()


def calibrate(args: argparse.Namespace) -> None:
    """The contracts declared by PIMC bots, solved double dummy on the real deal: per bin
    of the declarers' double-dummy card points minus the points needed (capot: whether
    it makes double dummy), how many were declared and how many made at the table, and
    the chance of making it (``p``: (made + 1) / (declared + 2), which keeps a bin of few
    contracts off 0 and 1) with its standard error; ``--strain`` keeps one strain's contracts."""
    rules, solver = Rules(), default_solver()
    rows: dict[str, list[int]] = {}
    for path in args.files:
        for r in _read(path).values():
            if args.below is not None and r["deal"] >= args.below:
                continue
            deal, dealer = deal_for(r["seed"], r["deal"]), dealer_for(Seat.N, r["deal"])
            for t in r["tables"]:
                if not t.get("pimc_declares"):
                    continue
                text, declarer = t["contract"].split()
                c = dataclasses.replace(Contract.parse(text, capot_coinche=True), declarer=Seat.parse(declarer),
                                        coinche=Coinche.parse(t.get("coinche", 0)))
                if args.strain is not None and c.strain.name != args.strain.upper():
                    continue
                res = solver.strain_result(deal, dealer.next, c.strain, rules)
                key = slack_bin(c, side_points(res.ns_points, c.team, deal_total(deal, c.strain, rules)),
                                res.taken_all == c.team, rules)
                k = rows.setdefault(str(key), [0, 0])
                k[0] += 1
                k[1] += bool(t["made"])
    out = {}
    for key, (n, made) in sorted(rows.items()):
        p = (made + 1) / (n + 2)
        out[key] = {"declared": n, "made_at_table": made, "p": round(p, 3), "se": round(math.sqrt(p * (1 - p) / n), 3)}
    json.dump(out, sys.stdout, indent=1)
    print()


def main(argv: Optional[list[str]] = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    pl = sub.add_parser("play")
    pl.add_argument("--deals", type=int, required=True)
    pl.add_argument("--start", type=int, default=0)
    pl.add_argument("--seed", type=int, default=1)
    pl.add_argument("--out", required=True)
    pl.add_argument("--other", default="heuristic", choices=("heuristic", "random"),
                    help="PIMC's opponents (the heuristic bot by default)")
    pe = sub.add_parser("peer", help="PIMC against colver's IS-DD bot (the peers extra)")
    pe.add_argument("--deals", type=int, required=True)
    pe.add_argument("--start", type=int, default=0)
    pe.add_argument("--out", required=True)
    pe.add_argument("--budget-ms", type=int, default=None,
                    help="our PIMC's budget a card in ms (default: its shipped settings)")
    su = sub.add_parser("summarise")
    su.add_argument("files", nargs="+")
    ca = sub.add_parser("calibrate")
    ca.add_argument("files", nargs="+")
    ca.add_argument("--below", type=int, default=None, help="only the deals numbered below this")
    ca.add_argument("--strain", default=None, help="only the contracts in this strain (S H D C SA TA)")
    args = p.parse_args(argv)
    {"play": play, "peer": peer, "summarise": summarise, "calibrate": calibrate}[args.command](args)


if __name__ == "__main__":
    main()
