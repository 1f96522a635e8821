"""``coinche table``: the double-dummy table of a deal, with each side's best bid."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .app import app
from .errors import fail, handle_errors
from .options import DealArg, DealerOpt, JsonOpt
from .output import print_json, render_rows
from .parse import parse_deal, record_leader
from .rules import takes_rules
from .records_io import check_records_out, deal_of, is_record_file, load_records, record_rules
from .records_io import write_records_out
from solver.messages import N_, tr
from solver.cards import Seat, Team
from solver.contract import level_text
from solver.deal import Deal, first_leader
from solver.records import table_section
from solver.rules import STRAINS, Rules
from solver.table import DDTable, dd_table


def bid_text(level: Optional[int]) -> str:
    return "—" if level is None else level_text(level)


@app.command()
@handle_errors
@takes_rules()
def table(
    deal: DealArg,
    dealer: DealerOpt = None,
    leader: Annotated[Optional[str], typer.Option("--leader", help="The seat that leads the first "
                                                  "trick (default: all four).")] = None,
    threads: Annotated[Optional[int], typer.Option("--threads", help="Threads to solve the table "
                                                   "on (default: one per core).")] = None,
    rules: Rules = Rules(),
    as_json: JsonOpt = False,
    out: Annotated[Optional[Path], typer.Option("--out", help="With a record file: write its games "
                                                "here (FILE.pbn) with a [DoubleDummy] table added.")] = None,
) -> None:
    """The double-dummy table: each side's card points per strain, its highest
    makeable bid (82 for 80, belote counted) and capot.  DEAL may be a record file
    (FILE.pbn): a table for each game, its leader from the [Dealer].

    Example: coinche table example --dealer E
    """
    if is_record_file(deal):
        check_records_out(out, [deal])
        records = load_records(deal)
        given = record_leader(records, deal, leader, dealer)
        done = []
        for r in records:
            lead = r.first_leader if r.first_leader is not None else given
            t = _show(deal_of(r, deal), lead, record_rules(r, rules), threads, as_json)
            done.append(r if lead is None else r.with_sections(table_section(t)))
        if out is not None:
            write_records_out(done, out)
        return
    if out is not None:
        raise fail(tr("--out needs a record file (FILE.pbn) as the deal"))
    _show(parse_deal(deal), first_leader(leader, dealer), rules, threads, as_json)


def _show(d: Deal, lead: "Seat | None", rules: Rules, threads: "int | None", as_json: bool) -> DDTable:
    """Solve and print one table; the table."""
    t = dd_table(d, lead, rules, threads=threads)
    leaders = [lead] if lead is not None else list(Seat)
    rows, objs = [], []
    for seat in leaders:
        one = t.for_leader(seat)
        obj = one.to_dict()
        obj.pop("nodes", None)
        objs.append(obj)
        for s in STRAINS:
            row = [s.symbol,
                   one.ns_points[s], bid_text(one.best_bid(Team.NS, s)),
                   one.ew_points[s], bid_text(one.best_bid(Team.EW, s))]
            rows.append(([seat.name] if lead is None else []) + row)
    columns = ([N_("leader")] if lead is None else []) + [N_("strain"), N_("N-S points"), N_("N-S bid"),
                                                          N_("E-W points"), N_("E-W bid")]
    title = (tr("Double dummy, {seat} leads", seat=leaders[0].name) if lead is not None
             else tr("Double dummy, every leader"))
    if as_json:
        print_json(objs[0] if lead is not None else objs)
        return t
    render_rows(title, columns, rows, numeric=columns[-4:])
    return t
