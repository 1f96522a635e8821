"""Every command that computes takes ``--rule NAME=VALUE``, and the rules it names change
the answer where they should.

Each expected value is computed by the Python API under the same rules; each test also
checks that the variant changes that value, so that a command ignoring ``--rule`` fails.
"""

import json

import pytest

from cli_helpers import one_line_error, run

from solver import Deal, Rules, advise, dd_table, lead_advice, par, solve
from solver.contract import Contract
from solver.play import Position
from solver.review import review
from solver.scoring import score_deal

#: Deal.random(seed=13): with E dealing (S leads), N-S can force capot in ♠ only while a
#: player must undertrump (the API says so below: 162 against 151 without).
DEAL = Deal.random(seed=13).to_pbn()
NO_UNDERTRUMP = Rules(must_undertrump=False)
#: Seed 000's "pisser": ♣10 led, ♥9 by E; S holds no club and only the ♥10 in trumps.
PISSER = "N:-.-.-.TA -.9.7.- A.T.-.- -.-.A.8"
HAND = "AJ9.A7.KT.J"
LEAD = ["KT7.Q8.A9.K", "--seat", "E", "--contract", "100H", "--declarer", "S", "--samples", "3",
        "--seed", "5"]


def _json(*args):
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_solve_takes_rule():
    plain = solve(Deal.from_pbn(DEAL), "S", "S").ns_points
    varied = solve(Deal.from_pbn(DEAL), "S", "S", rules=NO_UNDERTRUMP).ns_points
    assert plain != varied
    assert _json("solve", DEAL, "--strain", "S", "--leader", "S")["ns_points"] == plain
    got = _json("solve", DEAL, "--strain", "S", "--leader", "S", "--rule", "must_undertrump=false")
    assert got["ns_points"] == varied and got["rules"]["must_undertrump"] is False


def test_solve_file_takes_rule_per_line(tmp_path):
    f = tmp_path / "problems.txt"
    f.write_text(f"{DEAL} strain=S leader=S\n{DEAL} strain=S leader=S rule=must_undertrump=false\n"
                 f"{DEAL} strain=S leader=S undertrump=yes rule=must_undertrump=no\n")
    r = run("solve", "--file", str(f), "--json")
    assert r.exit_code == 1, r.output              # the third line contradicts itself
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert lines[0]["ns_points"] == solve(Deal.from_pbn(DEAL), "S", "S").ns_points
    assert lines[1]["ns_points"] == solve(Deal.from_pbn(DEAL), "S", "S", rules=NO_UNDERTRUMP).ns_points
    assert lines[2]["line"] == 3 and "must_undertrump=no" in lines[2]["error"]
    # the command's --rule is every line's default
    r = run("solve", "--file", str(f), "--json", "--rule", "must_undertrump=false")
    assert [json.loads(x).get("ns_points") for x in r.stdout.splitlines()][:2] == [lines[1]["ns_points"]] * 2


def test_show_takes_rule():
    legal = {str(r): [c.name for c in Position.parse(Deal.from_pbn(PISSER), "H", "N", r, "CT H9").legal_cards()]
             for r in (Rules(), NO_UNDERTRUMP)}
    assert legal[str(Rules())] != legal[str(NO_UNDERTRUMP)]
    args = ["show", PISSER, "--strain", "H", "--leader", "N", "--played", "CT H9"]
    assert _json(*args)["legal"] == legal[str(Rules())]
    assert _json(*args, "--rule", "must_undertrump=false")["legal"] == legal[str(NO_UNDERTRUMP)]


def test_table_and_batch_take_rule(tmp_path):
    plain = dd_table(Deal.from_pbn(DEAL), dealer="E").ns_points["S"]
    varied = dd_table(Deal.from_pbn(DEAL), dealer="E", rules=NO_UNDERTRUMP).ns_points["S"]
    assert plain != varied
    assert _json("table", DEAL, "--dealer", "E")["ns_points"]["S"] == plain
    got = _json("table", DEAL, "--dealer", "E", "--rule", "must_undertrump=false")
    assert got["ns_points"]["S"] == varied
    f = tmp_path / "deals.txt"
    f.write_text(f"{DEAL} dealer=E\n")
    for extra, want in (([], plain), (["--rule", "must_undertrump=false"], varied)):
        r = run("batch", str(f), "--workers", "1", "--no-progress", *extra)
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["tables"]["S"]["ns_points"]["S"] == want


def test_par_takes_rule():
    plain, varied = par(Deal.from_pbn(DEAL), "E"), par(Deal.from_pbn(DEAL), "E", NO_UNDERTRUMP)
    assert plain.ns_score != varied.ns_score
    assert _json("par", DEAL, "--dealer", "E") == plain.to_dict()
    assert _json("par", DEAL, "--dealer", "E", "--rule", "must_undertrump=false") == varied.to_dict()


def test_review_takes_rule():
    first = solve(Deal.from_pbn(DEAL), "S", "S").best_cards[0].name
    plain = review(Deal.from_pbn(DEAL), "S", "S", first).value_before
    varied = review(Deal.from_pbn(DEAL), "S", "S", first, NO_UNDERTRUMP).value_before
    assert plain != varied
    args = ["review", DEAL, "--strain", "S", "--leader", "S", "--played", first]
    assert _json(*args)["value_before"] == plain
    assert _json(*args, "--rule", "must_undertrump=false")["value_before"] == varied


def test_advise_takes_rule():
    j13 = Rules(ta_table="j13")
    plain = advise(HAND, "S", "E", samples=4, seed=1, dd_check=False).to_dict()
    varied = advise(HAND, "S", "E", samples=4, seed=1, rules=j13, dd_check=False).to_dict()
    assert plain != varied
    args = ["advise", HAND, "--seat", "S", "--dealer", "E", "--samples", "4", "--seed", "1", "--no-dd-check"]
    assert _json(*args, "--rule", "ta_table=j13") == varied
    assert _json(*args, "--rule", "declarations=true") == _json(*args, "--declarations")


def test_score_takes_rule():
    # 100H made with 122 scores 222 unrounded, 220 rounded (docs/rules.md): the rule changes it
    args = ["score", "100", "H", "--by", "NS", "--points", "122"]
    assert _json(*args)["ns_score"] == score_deal(Contract(100, "H", "N"), 122).ns_score
    assert _json(*args, "--rule", "rounding=false")["ns_score"] == score_deal(
        Contract(100, "H", "N"), 122, rules=Rules(rounding=False)).ns_score != _json(*args)["ns_score"]


def test_lead_takes_rule():
    plain = lead_advice("KT7.Q8.A9.K", "E", "100H", "S", samples=3, seed=5).to_dict()
    varied = lead_advice("KT7.Q8.A9.K", "E", "100H", "S", samples=3, seed=5, rules=NO_UNDERTRUMP).to_dict()
    assert plain != varied
    assert _json("lead", *LEAD) == plain
    assert _json("lead", *LEAD, "--rule", "must_undertrump=false") == varied


#: One run of every command that computes, short enough to fail fast on its options.
COMMANDS = {
    "solve": ["solve", "example", "--strain", "H"],
    "show": ["show", "example", "--strain", "H"],
    "table": ["table", "example", "--leader", "S"],
    "par": ["par", "example"],
    "review": ["review", "example", "--strain", "C", "--played", "SQ"],
    "batch": ["batch", "-"],
    "advise": ["advise", HAND, "--samples", "1", "--seed", "1"],
    "lead": ["lead", *LEAD],
    "score": ["score", "100", "H", "--by", "NS", "--points", "122"],
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("rule, words", [
    ("nonsense=1", ["'nonsense'"]),
    ("ta_table=j15", ["'j15'"]),
    ("must_undertrump=perhaps", ["must_undertrump", "'perhaps'"]),
    ("no_equals_sign", ["'no_equals_sign'", "NAME=VALUE"]),
])
def test_a_bad_rule_is_one_line(command, rule, words):
    one_line_error(run(*COMMANDS[command], "--rule", rule, input=f"{DEAL}\n"), *words)


@pytest.mark.parametrize("args", [
    ["solve", "example", "--strain", "H", "--no-undertrump", "--rule", "must_undertrump=true"],
    ["show", "example", "--strain", "TA", "--ta-table", "j13", "--rule", "ta_table=j14"],
    ["advise", HAND, "--samples", "1", "--belote-in-ta", "--rule", "belote_in_ta=no"],
    ["par", "example", "--suit-ranking", "--rule", "suit_ranking=false"],
    ["score", "100", "H", "--by", "NS", "--points", "122", "--no-rounding", "--rule", "rounding=true"],
])
def test_a_rule_against_its_flag_is_one_line(args):
    one_line_error(run(*args), "contradicts", args[-1])


def test_a_rule_agreeing_with_its_flag_is_fine():
    args = ["solve", "example", "--strain", "H", "--no-undertrump"]
    both, flag = _json(*args, "--rule", "must_undertrump=false"), _json(*args)
    both.pop("nodes"), flag.pop("nodes")        # statistics depend on the table's history
    assert both == flag and flag["rules"]["must_undertrump"] is False
