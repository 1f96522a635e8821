"""``coinche review``: a real play card by card against double-dummy play."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .app import app
from .errors import fail, handle_errors
from .options import DealArg, DealerOpt, JsonOpt, LeaderOpt
from .output import cards_text, print_json, render_rows, say
from .parse import leader_from, parse_deal
from .rules import takes_rules
from .records_io import check_records_out, deal_of, is_record_file, load_records, record_rules
from .records_io import write_records_out
from solver.records import review_section
from solver.rules import Rules
from solver.review import review as solve_review


@app.command()
@handle_errors
@takes_rules()
def review(
    deal: DealArg,
    strain: Annotated[Optional[str], typer.Option("--strain", help="Trumps: S H D C, SA or TA "
                                                  "(a record file gives its contract's).")] = None,
    played: Annotated[Optional[str], typer.Option("--played", help="The cards played, in order: "
                                                  "\"SA S7 SQ ...\" (the whole deal or a part; a record "
                                                  "file gives its [Play]).")] = None,
    leader: LeaderOpt = None,
    dealer: DealerOpt = None,
    rules: Rules = Rules(),
    as_json: JsonOpt = False,
    out: Annotated[Optional[Path], typer.Option("--out", help="With a record file: write its games "
                                                "here (FILE.pbn) with [OptimumPlay] added.")] = None,
) -> None:
    """Each card's double-dummy cost: the value before and after it, and the best
    cards where it was a mistake.  Values are N-S card points over the whole deal.
    DEAL may be a record file (FILE.pbn): each played game is reviewed, its strain,
    leader and play from the tags.

    Example: coinche review example --strain C --leader S --played "SQ S7 SA ST HK HQ HA H7"
    """
    if is_record_file(deal):
        if strain is not None or played is not None:
            raise fail("--strain and --played come from the record file's [Contract] and [Play]")
        check_records_out(out, [deal])
        done, reviewed = [], 0
        for rec in load_records(deal):
            if rec.contract is not None and rec.leader is not None and rec.play:
                r = solve_review(deal_of(rec, deal), rec.contract.strain, rec.leader, rec.play,
                                 record_rules(rec, rules))
                _show(r, " ".join(map(str, rec.play)), as_json)
                rec = rec.with_sections(review_section(r))
                reviewed += 1
            done.append(rec)
        if not reviewed:
            raise fail(f"no played game in {deal!r}: expected a [Contract] and a [Play]")
        if out is not None:
            write_records_out(done, out)
        return
    if out is not None:
        raise fail("--out needs a record file (FILE.pbn) as the deal")
    if strain is None or played is None:
        raise fail("--strain and --played are needed (or a record file with [Contract] and [Play])")
    d = parse_deal(deal)
    _show(solve_review(d, strain, leader_from(leader, dealer), played, rules), played, as_json)


def _show(r, played: str, as_json: bool) -> None:
    if as_json:
        print_json(r.to_dict())
        return
    if not r.steps:
        say(f"Nothing to review: --played {played!r} gives no card.")
        return
    rows = []
    for s in r.steps:
        best = "" if s.cost == 0 else cards_text(s.best_cards)
        rows.append((s.trick if s.index % 4 == 0 else "", s.seat.name, s.card.symbol,
                     s.value_before, s.value_after, s.cost or "", best))
    columns = ["trick", "seat", "card", "N-S before", "N-S after", "cost", "best"]
    render_rows(f"Review: {r.strain.symbol}, {r.leader.name} leads; N-S double dummy "
                f"{r.value_before} -> {r.value_after}",
                columns, rows, numeric=["trick", "N-S before", "N-S after", "cost"])
    say(f"N-S gave away {r.cost('NS')}, E-W gave away {r.cost('EW')}; "
        f"tricks so far: N-S {r.points[0]}, E-W {r.points[1]} points.")
