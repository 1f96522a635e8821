"""``coinche solve``: the exact double-dummy value of a deal or position, card by card.

One problem from the command line, or a file of problems (one a line) solved in order
with JSON lines out.  The problem-file format is documented in :data:`FILE_FORMAT`
(also shown by ``coinche solve --help``) and in ``docs/solve.md``.
"""

from __future__ import annotations

import dataclasses
import shlex
import sys
from typing import Annotated, Any, Iterator, Optional

import typer

import solver
from .app import app
from .errors import fail, handle_errors
from .files import nothing_in, read_lines
from .options import DealerOpt, LeaderOpt, PlayedOpt, StrainOpt
from .output import cards_text, err_console, print_deal, print_json, render_rows, say, tricks_text
from .parse import leader_from, parse_deal
from .rules import rules_from, takes_rules
from .progress import progress_bar
from solver.messages import N_, tr
from solver.cards import Seat
from solver.errors import CoincheError, quote
from solver.play import parse_played
from solver.solve import Solution, solve_all

FILE_FORMAT = """\
One problem a line: the deal, then key=value fields, e.g.

    N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 strain=H leader=N played="SA S8"

The deal is PBN text as on the command line, or the word example. \
Fields: strain (required: S H D C SA TA); leader or dealer (default: N leads); \
played (the cards from the first lead, quoted with spaces or joined by commas); \
undertrump=yes|no, overtrump_partner=yes|no, ta_table=j14|j13 and rule=NAME=VALUE \
(repeatable, as --rule) set the line's rules (default: the rules options of the command \
line). Blank lines and # comments are skipped.

A bad line is reported as "line N: message" on stderr (with --json also as \
{"line": N, "error": message} in its place in the output); the other lines are \
still solved, and the exit code is then 1."""

_YES = {"yes": True, "y": True, "true": True, "1": True, "on": True,
        "no": False, "n": False, "false": False, "0": False, "off": False}
_KEYS = ("strain", "leader", "dealer", "played", "undertrump", "overtrump_partner", "ta_table", "rule")


class ProblemError(CoincheError):
    """A line of a problem file that does not follow the format."""


@dataclasses.dataclass(frozen=True)
class Problem:
    """One position to solve: what ``solver.solve`` takes."""

    deal: solver.Deal
    strain: solver.Strain
    leader: Seat
    played: tuple[solver.Card, ...]
    rules: solver.Rules

    def solve(self) -> Solution:
        """The value, every card's, the tricks and a line: all the output shows, on the cores."""
        return solve_all(self.deal, self.strain, self.leader, self.played, self.rules)


def _yes_no(values: dict[str, str], key: str) -> "bool | None":
    """A yes/no field of a problem line, ``None`` when the line does not give it."""
    if key not in values:
        return None
    v = _YES.get(values[key].strip().lower())
    if v is None:
        raise ProblemError(tr("{key}={value}: expected yes or no", key=key, value=quote(values[key])))
    return v


def _fields(tokens: list[str]) -> tuple[str, dict[str, str], list[str]]:
    """A problem line's deal text, its fields by name and its ``rule=`` options."""
    split = next((i for i, t in enumerate(tokens) if "=" in t), len(tokens))
    deal_text, fields = " ".join(tokens[:split]), tokens[split:]
    if not deal_text:
        raise ProblemError(tr("no deal before {field}: a line starts with the deal", field=quote(fields[0])))
    values: dict[str, str] = {}
    rule: list[str] = []
    for f in fields:
        key, _, value = f.partition("=")
        key = key.strip().lower().replace("-", "_")
        if key not in _KEYS:
            raise ProblemError(tr("unknown field {key}: expected one of {keys}", key=quote(key), keys=", ".join(_KEYS)))
        if key == "rule":
            rule.append(value)
        elif key in values:
            raise ProblemError(tr("field {key} given twice", key=quote(key)))
        else:
            values[key] = value
    if "strain" not in values:
        raise ProblemError(tr("no strain: add strain=S, H, D, C, SA or TA"))
    return deal_text, values, rule


def parse_problem(text: str, rules: solver.Rules) -> "Problem | None":
    """One line of a problem file; ``None`` for a blank or comment line.  Its rules are
    ``rules`` (the command line's) with the line's own rules fields.

    >>> p = parse_problem('example strain=H leader=N played="SA S8"  # trick 1', solver.Rules())
    >>> p.strain.name, p.leader.name, [c.name for c in p.played]
    ('H', 'N', ['SA', 'S8'])
    >>> parse_problem("example strain=TA rule=ta_table=j13", solver.Rules()).rules.ta_table
    'j13'
    >>> parse_problem("   # nothing", solver.Rules()) is None
    True
    """
    try:
        tokens = shlex.split(text, comments=True)
    except ValueError as e:                       # an unclosed quote
        raise ProblemError(tr("cannot read {path}: {reason}", path=quote(text.strip()), reason=e)) from None
    if not tokens:
        return None
    deal_text, values, rule = _fields(tokens)
    line_rules = rules_from(rule, base=rules, must_undertrump=_yes_no(values, "undertrump"),
                            must_overtrump_partner=_yes_no(values, "overtrump_partner"),
                            ta_table=values.get("ta_table"))
    return Problem(
        deal=parse_deal(deal_text),
        strain=solver.Strain.parse(values["strain"]),
        leader=leader_from(values.get("leader"), values.get("dealer")),
        played=tuple(parse_played(values.get("played"))),
        rules=line_rules,
    )


def result_dict(sol: Solution) -> dict[str, Any]:
    """The JSON of one solution: ``Solution.to_dict()`` with the costs, capot and rules."""
    d = sol.to_dict()
    tricks = sol.position.total_tricks
    d["ew_max_tricks"] = tricks - sol.ns_max_tricks
    d["capot"] = "NS" if sol.ns_max_tricks == tricks else "EW" if sol.ns_max_tricks == 0 else None
    d["costs"] = {c.name: sol.cost(c) for c in sol.card_values}
    d["rules"] = {"must_undertrump": sol.rules.must_undertrump,
                  "must_overtrump_partner": sol.rules.must_overtrump_partner,
                  "ta_table": sol.rules.ta_table}
    return d


def _capot_text(sol: Solution) -> str:
    tricks = sol.position.total_tricks
    if sol.ns_max_tricks == tricks:
        return tr("N-S can force capot")
    if sol.ns_max_tricks == 0:
        return tr("E-W can force capot")
    return tr("no side can force capot")


def _print_solution(sol: Solution) -> None:
    print_deal(sol.deal, sol.position)
    say(tr("Value: NS {ns}, EW {ew} (of {total})", ns=sol.ns_points, ew=sol.ew_points, total=sol.total))
    say(tr("Tricks: NS can take {ns}, EW {ew}; {capot}", ns=sol.ns_max_tricks, ew=sol.ew_max_tricks,
           capot=_capot_text(sol)))
    if sol.to_move is None:
        say(tr("The deal is over."))
        return
    rows = sorted(((c, v, sol.total - v, sol.cost(c)) for c, v in sol.card_values.items()),
                  key=lambda r: (r[3], r[0]))
    render_rows(tr("{seat} to play", seat=sol.to_move),
                [N_("card"), N_("NS"), N_("EW"), N_("cost")], [(c.symbol, *rest) for c, *rest in rows],
                numeric=["NS", "EW", "cost"])
    say(tr("Optimal line: {line}", line=tricks_text(sol.line, len(sol.played))))


def _problems(lines: list[str], rules: solver.Rules) -> Iterator[tuple[int, "Problem | str"]]:
    """(line number, problem or error message) for every line that is not blank."""
    for n, text in enumerate(lines, 1):
        try:
            p = parse_problem(text, rules)
        except CoincheError as e:
            yield n, str(e)
            continue
        if p is not None:
            yield n, p


def _solve_file(path: str, rules: solver.Rules, as_json: bool) -> int:
    items = list(_problems(read_lines(path, N_("file of problems")), rules))
    if not items:
        raise nothing_in(path, N_("problems"))
    bad = 0
    rows = []
    with progress_bar(N_("solving"), total=len(items)) as bar:
        for n, item in items:
            if isinstance(item, Problem):
                try:
                    sol = item.solve()
                    d = result_dict(sol)
                except CoincheError as e:            # an illegal card in `played`
                    item = str(e)
            if isinstance(item, str):
                bad += 1
                err_console.print(tr("line {n}: {problem}", n=n, problem=item), soft_wrap=True)
                if as_json:
                    print_json({"line": n, "error": item})
            elif as_json:
                print_json({"line": n, **d})
                sys.stdout.flush()
            else:
                rows.append((n, sol.strain.name, sol.leader.name, len(sol.played),
                             sol.to_move.name if sol.to_move is not None else "-",
                             sol.ns_points, sol.ew_points, sol.ns_max_tricks,
                             cards_text(sol.best_cards)))
            bar.advance()
    if not as_json and rows:
        columns = [N_("line"), N_("strain"), N_("leader"), N_("played"), N_("to move"), N_("NS"), N_("EW"),
                   N_("NS tricks"), N_("best")]
        render_rows(tr("1 problem") if len(rows) == 1 else tr("{n} problems", n=len(rows)), columns, rows,
                    numeric=["line", "played", "NS", "EW", "NS tricks"])
    return 1 if bad else 0


@app.command("solve", help=f"""Solve a deal double dummy: the points each side takes under
perfect play, whether a side can force capot, and every legal card's value and cost
against the best card.

Example: coinche solve example --strain H --leader N --played "SA S8"

With --file, solve a file of problems (- for stdin) in order:

{FILE_FORMAT}

Exit codes: 0 done; 1 some line of --file was bad; 2 bad input on the command line.""")
@handle_errors
@takes_rules("undertrump", "overtrump_partner", "ta_table")
def solve_cmd(
    deal: Annotated[Optional[str], typer.Argument(help="The deal as PBN text "
                                                  "('N:AK.K8.K8.A8 ...'), or 'example'.")] = None,
    strain: StrainOpt = None,
    leader: LeaderOpt = None,
    dealer: DealerOpt = None,
    played: PlayedOpt = None,
    rules: solver.Rules = solver.Rules(),
    file: Annotated[Optional[str], typer.Option("--file", help="A file of problems, one a line "
                                                "(- for stdin); see above.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (with --file: one JSON "
                                          "object a line, in input order).")] = False,
) -> None:
    if file is not None:
        if deal is not None:
            raise fail(tr("give either a DEAL or --file, not both"))
        given = [name for name, v in (("--strain", strain), ("--leader", leader),
                                      ("--dealer", dealer), ("--played", played)) if v is not None]
        if given:
            raise fail(tr("{options} cannot go with --file: each line of the file gives its own (strain=, leader=, "
                          "dealer=, played=)", options=", ".join(given)))
        code = _solve_file(file, rules, as_json)
        if code:
            raise typer.Exit(code)
        return
    if deal is None:
        raise fail(tr("missing the DEAL (PBN text or 'example'), or --file with problems"))
    if strain is None:
        raise fail(tr("--strain is required: S H D C, SA or TA"))
    sol = Problem(parse_deal(deal), solver.Strain.parse(strain), leader_from(leader, dealer),
                  tuple(parse_played(played)), rules).solve()
    if as_json:
        print_json(result_dict(sol))
    else:
        _print_solution(sol)
