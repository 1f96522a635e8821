"""``coinche review``: a real play card by card against double-dummy play."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from .app import app
from .errors import fail, handle_errors
from .options import DealArg, DealerOpt, JsonOpt, LeaderOpt, SamplesOpt, SeedOpt, WorkersOpt, seed_or_fresh
from .output import card_text, cards_text, pm, print_json, render_rows, say
from .progress import progress_bar
from .parse import leader_from, parse_deal
from .rules import takes_rules
from .records_io import check_records_out, deal_of, is_record_file, load_records, record_rules
from .records_io import write_records_out
from solver.messages import N_, tr
from solver.records import review_section
from solver.cards import Card, Team
from solver.contract import Contract
from solver.rules import Rules
from solver.review import review as solve_review
from solver.seatreview import VERDICTS, Verdict, review_from_seats

if TYPE_CHECKING:
    from solver.review import Review
    from solver.seatreview import SeatReview


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
    from_seats: Annotated[bool, typer.Option("--from-seats", help="Judge each card also by what its "
                                             "player could know (sampled deals from that seat), "
                                             "beside the real deal.")] = False,
    contract: Annotated[Optional[str], typer.Option("--contract", help="With --from-seats: the contract "
                                                    "with its declarer, '100H N' (a record file gives "
                                                    "its own).")] = None,
    samples: SamplesOpt = 50,
    seed: SeedOpt = None,
    workers: WorkersOpt = None,
) -> None:
    """Each card's double-dummy cost: the value before and after it, and the best
    cards where it was a mistake.  Values are N-S card points over the whole deal.
    DEAL may be a record file (FILE.pbn): each played game is reviewed, its strain,
    leader and play from the tags.

    With --from-seats, every card is judged from its player's seat too (--samples
    deals consistent with what that player could see) and marked: good by both, a
    mistake by both, bad luck (right from the seat, wrong on the deal) or lucky.

    Example: coinche review example --strain C --leader S --played "SQ S7 SA ST HK HQ HA H7"
    """
    if from_seats:
        _from_seats(deal, contract, strain, played, leader, dealer, rules, samples, seed, workers, out,
                    as_json)
        return
    if contract is not None:
        raise fail(tr("--contract goes with --from-seats (the double-dummy review needs --strain)"))
    if is_record_file(deal):
        if strain is not None or played is not None:
            raise fail(tr("--strain and --played come from the record file's [Contract] and [Play]"))
        _no_leader_options(leader, dealer)
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
            raise fail(tr("no played game in {path!r}: expected a [Contract] and a [Play]", path=deal))
        if out is not None:
            write_records_out(done, out)
        return
    if out is not None:
        raise fail(tr("--out needs a record file (FILE.pbn) as the deal"))
    if strain is None or played is None:
        raise fail(tr("--strain and --played are needed (or a record file with [Contract] and [Play])"))
    d = parse_deal(deal)
    _show(solve_review(d, strain, leader_from(leader, dealer), played, rules), played, as_json)


def _from_seats(deal: str, contract: "str | None", strain: "str | None", played: "str | None",
                leader: "str | None", dealer: "str | None", rules: Rules, samples: int, seed: "int | None",
                workers: "int | None", out: "Path | None", as_json: bool) -> None:
    if out is not None:
        raise fail(tr("--out writes double-dummy reviews: leave it out with --from-seats"))
    if strain is not None:
        raise fail(tr("--from-seats takes the contract (--contract '100H N'), which gives the strain"))
    games: list[tuple[Any, ...]] = []
    if is_record_file(deal):
        if contract is not None or played is not None:
            raise fail(tr("--contract and --played come from the record file's [Contract] and [Play]"))
        _no_leader_options(leader, dealer)
        for rec in load_records(deal):
            if rec.contract is not None and rec.contract.declarer is not None and rec.leader is not None \
                    and rec.play:
                games.append((deal_of(rec, deal), rec.contract, rec.leader, rec.play,
                              record_rules(rec, rules)))
        if not games:
            raise fail(tr("no played game in {path!r}: expected a [Contract] with its declarer and a [Play]",
                          path=deal))
    else:
        if contract is None or played is None:
            raise fail(tr("--from-seats needs --contract '100H N' and --played (or a record file)"))
        bid = Contract.parse(contract, need_declarer=True, capot_coinche=rules.capot_coinche)
        games.append((parse_deal(deal), bid, leader_from(leader, dealer), played, rules))
    seed = seed_or_fresh(seed)
    for d, c, lead, cards, game_rules in games:
        with progress_bar(N_("reviewing")) as bar:
            r = review_from_seats(d, c, cards, leader=lead, samples=samples, seed=seed, rules=game_rules,
                                  workers=workers, progress=bar.callback)
        show_seat_review(r, as_json)


def _no_leader_options(leader: "str | None", dealer: "str | None") -> None:
    """A record file's games are reviewed from their own [Play]: refuse --leader and --dealer."""
    if leader is not None or dealer is not None:
        raise fail(tr("--leader and --dealer come from the record file's [Play]"))


def _best_text(card: "Card | None") -> str:
    return "?" if card is None else card_text(card)


def show_seat_review(r: SeatReview, as_json: bool) -> None:
    if as_json:
        print_json(r.to_dict())
        return
    rows = []
    for s in r.steps:
        seen = "" if s.verdict is Verdict.FORCED else (
            tr("best") if s.seen_loss <= 0 else f"-{s.seen_loss:.0f} ± {pm(s.seen_loss_se, '.0f')} "
                                                f"({_best_text(s.seen_best)})")
        real = "" if s.verdict is Verdict.FORCED else (tr("best") if s.real_loss == 0 else
                                                 f"-{s.real_loss} ({_best_text(s.real_best)})")
        rows.append((s.trick if s.index % 4 == 0 else "", s.seat.name, card_text(s.card), seen, real,
                     tr(VERDICTS[s.verdict])))
    render_rows(tr("Review from each seat: {contract}, {seat} leads; {n} deals per card (seed {seed}); "
                   "losses in score, ours minus theirs", contract=r.contract, seat=r.leader.name, n=r.samples,
                   seed=r.seed),
                [N_("trick"), N_("seat"), N_("card"), N_("from the seat"), N_("on the deal"), N_("verdict")],
                rows, numeric=["trick"])
    for side in (Team.NS, Team.EW):
        say(tr("{side}: {mistakes} mistakes by both measures, {bad} bad luck, {lucky} lucky.", side=side.name,
               mistakes=r.count(Verdict.MISTAKE, side), bad=r.count(Verdict.BAD_LUCK, side),
               lucky=r.count(Verdict.LUCKY, side)))


def _show(r: Review, played: str, as_json: bool) -> None:
    if as_json:
        print_json(r.to_dict())
        return
    if not r.steps:
        say(tr("Nothing to review: --played {played} gives no card.", played=repr(played)))
        return
    rows = []
    for s in r.steps:
        best = "" if s.cost == 0 else cards_text(s.best_cards)
        rows.append((s.trick if s.index % 4 == 0 else "", s.seat.name, s.card.symbol,
                     s.value_before, s.value_after, s.cost or "", best))
    columns = [N_("trick"), N_("seat"), N_("card"), N_("N-S before"), N_("N-S after"), N_("cost"), N_("best")]
    render_rows(tr("Review: {strain}, {seat} leads; N-S double dummy {before} -> {after}",
                   strain=r.strain.symbol, seat=r.leader.name, before=r.value_before, after=r.value_after),
                columns, rows, numeric=["trick", "N-S before", "N-S after", "cost"])
    say(tr("N-S gave away {ns}, E-W gave away {ew}; tricks so far: N-S {ns_points}, E-W {ew_points} points.",
           ns=r.cost(Team.NS), ew=r.cost(Team.EW), ns_points=r.points[0], ew_points=r.points[1]))
