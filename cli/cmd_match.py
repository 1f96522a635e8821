"""``coinche match``: a match's score sheet from a file of deals played."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .app import app
from .errors import fail, handle_errors
from .options import JsonOpt, RuleOpt
from .output import print_json
from .rules import rules_from
from .files import nothing_in, read_lines
from .output import render_rows, say
from .records_io import load_records, looks_like_records, mixed_rules, record_rules
from solver.messages import N_, tr
from solver.errors import CoincheError
from solver.match import Match, is_passed_out, parse_deal_line, record_score
from solver.rules import Rules
from solver.scoring import DealScore


#: The keys of a deal's score in ``--json`` (docs/json.md).
_DEAL_KEYS = ("contract", "declarer", "coinche", "points", "made", "ns_score", "ew_score")


def _scores(path: Path, lines: list[str],
            rule: "list[str] | None") -> tuple[Rules, list[tuple[int, "DealScore | None"]]]:
    """``(rules, [(line, deal)])`` of a record file or of a score sheet, in order: a deal is
    its :class:`DealScore`, or ``None`` when it was passed out."""
    out: list[tuple[int, "DealScore | None"]] = []
    if looks_like_records(lines):
        records = load_records(path, lines)
        rules = record_rules(records[0], rules_from(rule))
        mixed = mixed_rules(records)
        if mixed is not None:
            raise fail(mixed)
        for r in records:
            s = record_score(r, rules)
            if s is not None or r.passed:
                out.append((r.line, s))
        return rules, out
    rules = rules_from(rule)
    for n, text in enumerate(lines, 1):
        try:
            s = parse_deal_line(text, rules)
        except CoincheError as e:
            raise fail(tr("line {n}: {problem}", n=n, problem=e)) from None
        if s is not None or is_passed_out(text):
            out.append((n, s))
    return rules, out


@app.command()
@handle_errors
def match(
    file: Annotated[Path, typer.Argument(help="The deals played: a record file (docs/formats.md), or "
                                         "one deal per line, 'CONTRACT DECLARER POINTS \\[words]' "
                                         "(100H S 122 belote=NS); '-' reads stdin.")],
    rule: RuleOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A match's score: each deal's score and the running totals toward the target
    (--rule target=N, 2000 by default), and when and how the match ends.

    The words after the points: X or XX, belote=NS, capot, lost-capot, generale,
    decl=NS:tierce,carre-J.  A line 'pass' is a deal passed out.

    Example: coinche match sheet.txt --rule target=1000
    """
    rules, scores = _scores(file, read_lines(file, N_("score sheet")), rule)
    if not scores:
        raise nothing_in(file, N_("deals to score"))
    m = Match(rules)
    rows: list[tuple[object, ...]] = []
    objs, passed = [], []
    for n, s in scores:
        if m.is_over:
            raise fail(tr("line {n}: {status} No deal can follow.", n=n, status=m.status()))
        if s is None:               # passed out: nobody scores
            m.pass_out()
            passed.append(n)
            rows.append((n, tr("passed out"), "-", 0, 0, m.ns, m.ew))
            continue
        m.add(s)
        rows.append((n, str(s.contract), s.points, s.ns_score, s.ew_score, m.ns, m.ew))
        d = s.to_dict()
        objs.append({"line": n, **{k: d[k] for k in _DEAL_KEYS}, "ns_total": m.ns, "ew_total": m.ew,
                     "held_total": m.held})
    if as_json:
        w = m.winner
        print_json({"target": rules.target, "deals": objs, "passed_out": passed, "ns": m.ns, "ew": m.ew,
                    "held": m.held, "over": m.is_over, "winner": None if w is None else w.name,
                    "status": m.status()})
        return
    render_rows(tr("Match to {target}", target=rules.target),
                [N_("line"), N_("contract"), N_("points"), N_("N-S"), N_("E-W"), N_("N-S total"),
                 N_("E-W total")],
                rows,
                numeric=["line", "points", "N-S", "E-W", "N-S total", "E-W total"])
    say(m.status())
