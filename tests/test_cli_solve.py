"""``coinche solve`` through typer's CliRunner: one problem, a file of problems, bad input.

The values printed are those of the API (``solver.solve``), which the other test
modules hold against the shared reference and the exhaustive minimax; where a number
is written out here, its source is named beside it.
"""

from __future__ import annotations

import json

import minimax
import pytest
from cli_helpers import EXAMPLE, one_line_error, run

from coinche_cli.cmd_solve import ProblemError, parse_problem
from solver import Card, Deal, Rules, Seat, Strain, solve
from solver.play import Position

# -- one problem ---------------------------------------------------------------------

def test_solve_table():
    r = run("solve", "example", "--strain", "C", "--leader", "S")
    assert r.exit_code == 0, r.output
    # tests/data/dd_reference.json, case 4: N-S 146 in clubs with S leading
    assert "Value: NS 146, EW 16 (of 162)" in r.stdout
    assert "S to play" in r.stdout and "cost" in r.stdout and "Optimal line:" in r.stdout


def test_solve_json_matches_the_api():
    r = run("solve", "example", "--strain", "H", "--leader", "N", "--played", "SA S8", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    sol = solve(Deal.from_pbn(EXAMPLE), "H", "N", "SA S8")
    assert d["ns_points"] == sol.ns_points and d["ew_points"] == sol.ew_points
    assert d["ns_max_tricks"] == sol.ns_max_tricks
    assert d["card_values"] == {c.name: v for c, v in sol.card_values.items()}
    assert d["optimal_line"] == [c.name for c in sol.line]
    assert d["costs"] == {c.name: sol.cost(c) for c in sol.card_values}
    assert d["played"] == ["SA", "S8"] and d["to_move"] == "S"
    assert d["capot"] in (None, "NS", "EW")


def test_solve_line_is_legal():
    d = json.loads(run("solve", "example", "--strain", "SA", "--leader", "W", "--json").stdout)
    pos = Position.parse(Deal.from_pbn(EXAMPLE), "SA", "W", played=d["optimal_line"])
    assert pos.is_over and pos.points == (d["ns_points"], d["ew_points"])


def test_solve_dealer_gives_leader():
    # the first leader is the seat after the dealer (docs/rules.md)
    d = json.loads(run("solve", "example", "--strain", "S", "--dealer", "W", "--json").stdout)
    assert d["leader"] == "N"
    assert d["ns_points"] == solve(Deal.from_pbn(EXAMPLE), "S", "N").ns_points


def _oracle(deal, strain, played, rules):
    return minimax.card_values(Position.parse(Deal.from_pbn(deal), strain, "N", rules, played))


def test_solve_rules_variants():
    # seed 000: N leads the ♥9, E the ♥7; S holds ♥J ♥8 and must beat his partner by default
    deal = "N:-.9.A.- -.7.K.- -.J8.-.- -.A.Q.-"
    base = ["solve", deal, "--strain", "H", "--leader", "N", "--played", "H9 H7", "--json"]
    for extra, rules in (([], Rules()), (["--no-overtrump-partner"], Rules(must_overtrump_partner=False))):
        d = json.loads(run(*base, *extra).stdout)
        expect = _oracle(deal, "H", "H9 H7", rules)       # the exhaustive minimax
        assert d["card_values"] == {Card(c).name: v for c, v in expect.items()}
    assert list(json.loads(run(*base).stdout)["card_values"]) == ["HJ"]
    # seed 000's "pisser": ♣10 led, ♥9 by E, S has no club and only the ♥10 in trumps
    deal = "N:-.-.-.TA -.9.7.- A.T.-.- -.-.A.8"
    base = ["solve", deal, "--strain", "H", "--leader", "N", "--played", "CT H9", "--json"]
    for extra, rules in (([], Rules()), (["--no-undertrump"], Rules(must_undertrump=False))):
        d = json.loads(run(*base, *extra).stdout)
        expect = _oracle(deal, "H", "CT H9", rules)
        assert d["card_values"] == {Card(c).name: v for c, v in expect.items()}
    assert sorted(json.loads(run(*base, "--no-undertrump").stdout)["card_values"]) == ["HT", "SA"]


def test_solve_ta_table():
    d = json.loads(run("solve", "example", "--strain", "TA", "--ta-table", "j13", "--json").stdout)
    assert d["rules"]["ta_table"] == "j13"
    assert d["ns_points"] == solve(Deal.from_pbn(EXAMPLE), "TA", "N", (), Rules(ta_table="j13")).ns_points
    assert d["ns_points"] + d["ew_points"] == 162     # 152 + 10 in both tables (docs/rules.md)


def test_solve_finished_deal():
    line = [c.name for c in solve(Deal.from_pbn(EXAMPLE), "D").line]
    r = run("solve", "example", "--strain", "D", "--played", " ".join(line))
    assert r.exit_code == 0 and "The deal is over." in r.stdout
    d = json.loads(run("solve", "example", "--strain", "D", "--played", " ".join(line), "--json").stdout)
    assert d["to_move"] is None and d["card_values"] == {} and d["optimal_line"] == []


@pytest.mark.parametrize("args, words", [
    (["solve", "example", "--strain", "X"], ["unknown strain 'X'"]),
    (["solve", "example", "--strain", "H", "--leader", "Q"], ["unknown seat 'Q'"]),
    (["solve", "example", "--strain", "H", "--dealer", "Z"], ["unknown seat 'Z'"]),
    (["solve", "example", "--strain", "H", "--played", "SA SZ"], ["'SZ'"]),
    (["solve", "example", "--strain", "H", "--played", "SA S8 HA"], ["card 3", "HA"]),
    (["solve", "example", "--strain", "H", "--leader", "N", "--dealer", "N"], ["dealer"]),
    (["solve", "example", "--strain", "TA", "--ta-table", "j12"], ["'j12'"]),
    (["solve", "example"], ["--strain"]),
    (["solve"], ["DEAL"]),
    (["solve", "N:AK.K8", "--strain", "H"], ["expected 4 hands"]),
    (["solve", "example", "--file", "x.txt"], ["--file"]),
    (["solve", "--file", "x.txt", "--strain", "H"], ["--strain"]),
    (["solve", "--file", "/no/such/problems.txt"], ["no such file"]),
    (["solve", "example", "--strain", "H", "--bogus"], ["--bogus"]),
])
def test_solve_bad_input(args, words):
    one_line_error(run(*args), *words)


# -- a file of problems -------------------------------------------------------------

PROBLEMS = f"""\
# a comment, then a blank line

{EXAMPLE} strain=C leader=S
example strain=H leader=N played="SA S8"   # mid-trick
example strain=X
example strain=H played=SA,S8,HA
example strain=TA dealer=W ta_table=j13 undertrump=no overtrump_partner=no
"""


def test_file_json_lines(tmp_path):
    f = tmp_path / "problems.txt"
    f.write_text(PROBLEMS)
    r = run("solve", "--file", str(f), "--json")
    assert r.exit_code == 1, r.output        # some lines were bad
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert [d["line"] for d in out] == [3, 4, 5, 6, 7]
    deal = Deal.from_pbn(EXAMPLE)
    assert out[0]["ns_points"] == 146        # tests/data/dd_reference.json, case 4
    assert out[1]["ns_points"] == solve(deal, "H", "N", "SA S8").ns_points
    assert out[1]["played"] == ["SA", "S8"]
    assert "unknown strain 'X'" in out[2]["error"]
    assert "card 3" in out[3]["error"] and "ns_points" not in out[3]
    rules = Rules(ta_table="j13", must_undertrump=False, must_overtrump_partner=False)
    assert out[4]["ns_points"] == solve(deal, "TA", Seat.N, (), rules).ns_points
    assert out[4]["leader"] == "N" and out[4]["rules"]["ta_table"] == "j13"
    err = r.stderr.strip().splitlines()
    assert len(err) == 2 and err[0].startswith("line 5: ") and err[1].startswith("line 6: ")
    assert "Traceback" not in r.output


def test_file_all_good_and_stdin():
    text = "example strain=S\nexample strain=SA leader=E\n"
    r = run("solve", "--file", "-", "--json", input=text)
    assert r.exit_code == 0 and r.stderr == ""
    out = [json.loads(x) for x in r.stdout.splitlines()]
    deal = Deal.from_pbn(EXAMPLE)
    assert [d["ns_points"] for d in out] == [solve(deal, "S").ns_points, solve(deal, "SA", "E").ns_points]


def test_file_table(tmp_path):
    f = tmp_path / "problems.txt"
    f.write_text(PROBLEMS)
    r = run("solve", "--file", str(f))
    assert r.exit_code == 1
    assert "3 problems" in r.stdout and "146" in r.stdout
    assert r.stderr.count("line ") == 2


def test_file_rules_defaults_from_the_command_line(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("example strain=TA\nexample strain=TA ta_table=j14\n")
    lines = run("solve", "--file", str(f), "--ta-table", "j13", "--json").stdout.splitlines()
    out = [json.loads(x) for x in lines]
    assert [d["rules"]["ta_table"] for d in out] == ["j13", "j14"]


# -- the line format -----------------------------------------------------------------

def test_parse_problem_forms():
    p = parse_problem(f"{EXAMPLE} strain=sa dealer=E played=SA,S8", Rules())
    assert p.deal == Deal.from_pbn(EXAMPLE) and p.strain == Strain.SA and p.leader == Seat.S
    assert [c.name for c in p.played] == ["SA", "S8"]
    assert parse_problem("", Rules()) is None and parse_problem("# only", Rules()) is None
    q = parse_problem("example strain=H undertrump=no overtrump-partner=No", Rules())
    assert q.rules == Rules(must_undertrump=False, must_overtrump_partner=False)


@pytest.mark.parametrize("line, words", [
    ("example", ["no strain"]),
    ("strain=H", ["no deal"]),
    ("example strain=H strain=S", ["twice"]),
    ("example strain=H color=red", ["unknown field 'color'"]),
    ("example strain=H undertrump=maybe", ["yes or no"]),
    ('example strain=H played="SA S8', ["cannot read"]),
])
def test_parse_problem_errors(line, words):
    with pytest.raises(ProblemError) as e:
        parse_problem(line, Rules())
    for w in words:
        assert w in str(e.value)
