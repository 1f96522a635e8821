"""``coinche par``: the auction's result if all four players saw all the cards."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .app import app
from .errors import fail, handle_errors
from .options import DealArg, JsonOpt, RuleOpt
from .output import print_json, render_rows, say
from .parse import parse_deal, record_dealer
from .rules import rules_from
from .records_io import check_records_out, deal_of, is_record_file, load_records, record_rules
from .records_io import write_records_out
from solver.bidding import call_text
from solver.messages import N_, tr
from solver.par import par as solve_par
from solver.records import par_section

if TYPE_CHECKING:
    from solver.par import Par


@app.command()
@handle_errors
def par(
    deal: DealArg,
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="The dealer; the seat after speaks and "
                                                  "leads first (default N).")] = None,
    suit_ranking: Annotated[bool, typer.Option("--suit-ranking", help="An equal level in a higher "
                                               "strain overcalls (C<D<H<S<SA<TA).")] = False,
    rule: RuleOpt = None,
    as_json: JsonOpt = False,
    out: Annotated[Optional[Path], typer.Option("--out", help="With a record file: write its games "
                                                "here (FILE.pbn) with a [Par] section added.")] = None,
) -> None:
    """The par contract and score, one optimal auction and why it ends there.  DEAL may
    be a record file (FILE.pbn): the par of each game, its dealer from the [Dealer].

    Example: coinche par example --dealer E
    """
    rules = rules_from(rule, suit_ranking=suit_ranking or None)
    if is_record_file(deal):
        check_records_out(out, [deal])
        records = load_records(deal)
        given = record_dealer(records, deal, dealer)
        done = []
        for r in records:
            p = solve_par(deal_of(r, deal), r.dealer if r.dealer is not None else given or "N",
                          record_rules(r, rules))
            _show(p, as_json)
            done.append(r.with_sections(par_section(p)))
        if out is not None:
            write_records_out(done, out)
        return
    if out is not None:
        raise fail(tr("--out needs a record file (FILE.pbn) as the deal"))
    _show(solve_par(parse_deal(deal), dealer or "N", rules), as_json)


def _show(p: Par, as_json: bool) -> None:
    if as_json:
        print_json(p.to_dict())
        return
    contract = tr("no contract (all pass)") if p.contract is None else str(p.contract)
    rows = [(c.seat.name, call_text(c)) for c in p.auction]
    say(tr("Par: {contract}, N-S {ns}, E-W {ew}", contract=contract, ns=p.ns_score, ew=p.ew_score))
    say(p.reason)
    render_rows(tr("Auction"), [N_("seat"), N_("call")], rows)
