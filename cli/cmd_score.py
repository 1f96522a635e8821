"""``coinche score``: the score of one deal from the contract and the bidders' points."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Optional

import typer

from .app import app
from .errors import fail, handle_errors
from .options import RuleOpt
from .output import console, err_console, print_json, render_rows
from .rules import rules_from
from solver.contract import bid_text
from solver.messages import N_, tr
from solver.cards import Team
from solver.contract import Coinche, Contract
from solver.declarations import award_announced, parse_declaration
from solver.errors import ScoreError, quote
from solver.rules import VARIANTS, Rules, Strain
from solver.scoring import parse_belote, score_deal, score_steps
from solver.declarations import Declaration


def _variants_help() -> str:
    """The list of ``--rule`` variants for ``--help`` (name, default, what it does)."""
    defaults = Rules()
    lines = [f"{f.name}={str(getattr(defaults, f.name)).lower()}: {VARIANTS[f.name]}"
             for f in dataclasses.fields(Rules)]
    return "\n\n".join(lines)


def _declarations(options: "list[str] | None", rules: Rules) -> tuple[tuple[int, int], list[str]]:
    """``(ns, ew)`` points awarded from ``--declarations SIDE:KIND,KIND`` options, and the
    comparison in words."""
    if not options:
        return (0, 0), []
    announced: dict[Team, list[Declaration]] = {Team.NS: [], Team.EW: []}
    for opt in options:
        side_text, sep, kinds = opt.partition(":")
        if not sep or not kinds.strip():
            raise ScoreError(tr("declarations {text!r}: expected SIDE:KIND,KIND, like NS:tierce,carre-J",
                                  text=opt[:80]))
        try:
            side = Team.parse(side_text)
        except ValueError as e:
            raise ScoreError(tr("declarations {text!r}: {error}", text=opt[:80], error=e)) from None
        announced[side] += [parse_declaration(k) for k in kinds.split(",") if k.strip()]
    if not rules.declarations:
        raise ScoreError(tr("declarations given, but these rules score none: add --rule declarations=true"))
    ns, ew = award_announced(announced[Team.NS], announced[Team.EW], rules)
    said = "; ".join(f"{t.name} " + ", ".join(f"{x.kind.value} {x.points}" for x in announced[t])
                     for t in Team if announced[t])
    return (ns, ew), [tr("declarations announced: {said}; awarded N-S {ns}, E-W {ew}", said=said, ns=ns,
                         ew=ew)]


@app.command(epilog="Rules variants for --rule NAME=VALUE (default shown):\n\n" + _variants_help())
@handle_errors
def score(
    bid: Annotated[str, typer.Argument(help="The bid, read as every command reads one: "
                                       "100H, or 100 H in two words; the level 80 to 160 by 10 (up to "
                                       "--rule max_level) or capot.")],
    by: Annotated[str, typer.Option("--by", help="The bidding side: NS or EW.")],
    points: Annotated[int, typer.Option("--points", help="The bidding side's card points, 0..162 "
                                        "(dix de der included, belote excluded).")],
    strain: Annotated[Optional[str], typer.Argument(help="Trumps, when BID is the "
                                                    "level alone: S H D C, SA (no trump) or TA (all "
                                                    "trump).")] = None,
    belote: Annotated[Optional[list[str]], typer.Option(
        "--belote", help="A side that holds and claims belote: NS or EW; repeat it for each belote "
        "(tout atout with --rule belote_in_ta=true).")] = None,
    declarations: Annotated[Optional[list[str]], typer.Option(
        "--declarations", help="A side's announcements, SIDE:KIND,KIND: NS:tierce,carre-J, "
        "EW:quinte-K; repeatable; compared as the rules say.")] = None,
    coinche: Annotated[bool, typer.Option("--coinche", help="The contract was coinched (x2).")] = False,
    surcoinche: Annotated[bool, typer.Option("--surcoinche", help="The contract was surcoinched "
                                             "(x4, or the surcoinche rule).")] = False,
    capot: Annotated[bool, typer.Option("--capot", help="The bidding side took every trick.")] = False,
    lost_capot: Annotated[bool, typer.Option("--lost-capot", help="The defenders took every trick "
                                             "(scored with --rule capot_any_side=true).")] = False,
    generale: Annotated[bool, typer.Option("--generale", help="The side that took every trick did so "
                                           "with one player alone.")] = False,
    no_rounding: Annotated[bool, typer.Option("--no-rounding", help="Do not round scores to "
                                              "the nearest 10.")] = False,
    rule: RuleOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (keys ns_score, ew_score, "
                                          "..., steps: the arithmetic).")] = False,
) -> None:
    """Score one deal, with the arithmetic step by step, under the rules of docs/rules.md
    (the basic game by default, or the variants given with --rule).

    Example: coinche score 100C --by NS --points 122   (NS 220, EW 40)
    """
    if coinche and surcoinche:
        raise fail(tr("--coinche and --surcoinche exclude each other: give one of them"))
    if capot and lost_capot:
        raise fail(tr("--capot and --lost-capot exclude each other: one side took every trick"))
    rules = rules_from(rule, Rules(), **({"rounding": False} if no_rounding else {}))
    bidders = Team.parse(by)
    state = Coinche.SURCOINCHE if surcoinche else Coinche.COINCHE if coinche else Coinche.NONE
    if strain is not None:
        Strain.parse(strain)        # a bad strain named alone, not inside the bid it makes
    text = bid if strain is None else f"{bid} {strain}"
    if len(text) > 40:          # no bid is this long; keep the message to one short line
        raise fail(tr("malformed bid {text}: expected a level and a strain, like 100H or 100 H", text=quote(text)))
    contract = Contract.parse(text, bidders.seats[0], state,
                              capot_coinche=rules.capot_coinche)
    decl, decl_lines = _declarations(declarations, rules)
    taken = True if capot else bidders.other if lost_capot else False
    claims = parse_belote(belote)
    result = score_deal(contract, points, capot=taken, belote=claims, declarations=decl,
                        generale=generale, rules=rules)
    steps = decl_lines + score_steps(contract, points, capot=taken, belote=claims, declarations=decl,
                                     generale=generale, rules=rules)
    if contract.is_capot and not capot and not lost_capot:
        err_console.print(tr("hint: a capot bid makes only when the bidders take every trick; add --capot to "
                             "score a capot taken"), soft_wrap=True)
    if as_json:
        print_json({**result.to_dict(), "steps": steps})
        return
    for line in steps:
        console.print(line, soft_wrap=True)
    outcome = tr("a litige") if result.tie else tr("made") if result.made else tr("failed")
    doubled = ("", tr(", coinched"), tr(", surcoinched"))[state]
    title = tr("{contract} by {side}{doubled}: {outcome}", contract=bid_text(contract.level, contract.strain),
               side=bidders.name,
               doubled=doubled, outcome=outcome)
    rows = [
        (side.name, tr("bidders") if side == bidders else tr("defenders"),
         (result.ns_score, result.ew_score)[side])
        for side in Team
    ]
    render_rows(title, [N_("side"), N_("role"), N_("score")], rows, numeric=["score"])
