"""The first CLI commands (deal, show, score) through typer's CliRunner.

Bad input of any kind gives exit code 2 and exactly one line on stderr.
"""

import json
import re

import pytest
from cli_helpers import EXAMPLE, one_line_error, run, runner


def test_version():
    r = run("--version")
    assert r.exit_code == 0 and r.stdout.startswith("coinche ")


def test_command_list_wraps_summaries():
    """The command list gives each command's first docstring paragraph as one line
    (wrapped by the terminal, not at the docstring's own line breaks)."""
    from coinche_cli.main import app
    r = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0
    line = next(ln for ln in r.stdout.splitlines() if " batch " in ln)
    # the batch docstring breaks its first paragraph after "stderr with"
    assert "stderr with their number and skipped" in line


# -- deal ---------------------------------------------------------------------------

def test_deal_seeded():
    r = run("deal", "--seed", "3")
    assert r.exit_code == 0
    from solver import Deal
    pbn = Deal.random(seed=3).to_pbn()
    assert pbn in r.stdout and "♠" in r.stdout


def test_deal_json():
    r = run("deal", "--seed", "3", "--json")
    data = json.loads(r.stdout)
    from solver import Deal
    assert data["deal"] == Deal.random(seed=3).to_pbn() and data["seed"] == 3
    assert set(data["hands"]) == {"N", "E", "S", "W"}


def test_deal_bad_seed():
    one_line_error(run("deal", "--seed", "x"), "--seed")


def test_deal_without_seed_shows_a_fresh_seed_that_deals_it_again():
    # without --seed the JSON used to say "seed": null, so the deal could not be dealt again
    from solver import Deal
    data = json.loads(run("deal", "--json").stdout)
    assert isinstance(data["seed"], int) and data["seed"] >= 0
    assert data["deal"] == Deal.random(seed=data["seed"]).to_pbn()
    assert json.loads(run("deal", "--seed", str(data["seed"]), "--json").stdout) == data
    r = run("deal")
    assert r.exit_code == 0, r.output
    seed = int(re.search(r"^seed (\d+)$", r.stdout, re.MULTILINE).group(1))
    assert Deal.random(seed=seed).to_pbn() in r.stdout
    r = run("deal", "--seed", "3")
    assert "seed 3" in r.stdout.splitlines()


# -- show ---------------------------------------------------------------------------

def test_show_deal():
    r = run("show", "example")
    assert r.exit_code == 0 and EXAMPLE in r.stdout and "♠ A K" in r.stdout


def test_show_position():
    r = run("show", EXAMPLE, "--strain", "H", "--leader", "N", "--played", "SA S8 SQ S7 SK")
    assert r.exit_code == 0
    # trick 1 (A♠ 11 + Q♠ 3 = 14 points, seed 000 values) went to N, who led the K♠;
    # E must follow with a spade
    assert "NS 1 (14 points)" in r.stdout
    assert "E to play; legal: 9♠ 10♠" in r.stdout


def test_show_json():
    r = run("show", "example", "--strain", "H", "--leader", "N", "--played", "SA S8", "--json")
    data = json.loads(r.stdout)
    assert data["to_move"] == "S" and data["legal"] == ["SQ"] and data["trick"] == ["SA", "S8"]
    assert data["points"] == {"NS": 0, "EW": 0}


def test_show_dealer_gives_leader():
    # issue section 2: the first leader is the seat after the dealer
    r = run("show", "example", "--strain", "H", "--dealer", "W", "--json")
    assert json.loads(r.stdout)["leader"] == "N"


def test_show_variant_changes_legal_cards():
    # seed 000: N leads the ♥9 (trumps), E the ♥7; S (N's partner) holds ♥J ♥8: by default he
    # must beat his partner's 9, with --no-overtrump-partner any trump will do
    deal = "N:-.9.A.- -.7.K.- -.J8.-.- -.A.Q.-"
    base = ["show", deal, "--strain", "H", "--leader", "N", "--played", "H9 H7", "--json"]
    assert json.loads(run(*base).stdout)["legal"] == ["HJ"]
    relaxed = json.loads(run(*base, "--no-overtrump-partner").stdout)["legal"]
    assert relaxed == ["H8", "HJ"]
    # seed 000's "pisser" example: ♣10 led, ♥9 by E, S with no clubs and only the ♥10
    deal = "N:-.-.-.TA -.9.7.- A.T.-.- -.-.A.8"
    base = ["show", deal, "--strain", "H", "--leader", "N", "--played", "CT H9", "--json"]
    assert json.loads(run(*base).stdout)["legal"] == ["HT"]
    assert json.loads(run(*base, "--no-undertrump").stdout)["legal"] == ["SA", "HT"]


@pytest.mark.parametrize("args, words", [
    (["show", "N:AK.K8"], ["expected 4 hands"]),
    (["show", "N:AK.K8.K8.A8 AK8.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"], ["SK is in two hands"]),
    (["show", "example", "--strain", "X"], ["unknown strain 'X'"]),
    (["show", "example", "--strain", "H", "--leader", "Q"], ["unknown seat 'Q'"]),
    (["show", "example", "--strain", "H", "--played", "SA S8 HA"], ["card 3", "HA"]),
    (["show", "example", "--strain", "H", "--played", "SA SZ"], ["'SZ'"]),
    (["show", "example", "--played", "SA"], ["--strain"]),
    (["show", "example", "--strain", "H", "--leader", "N", "--dealer", "N"], ["dealer"]),
    (["show"], ["'deal'"]),
    (["show", "example", "--bogus"], ["--bogus"]),
])
def test_show_bad_input(args, words):
    one_line_error(run(*args), *words)


# -- score ---------------------------------------------------------------------------

def test_score_seed_003():
    # seed 003: 100♣ made with 122: 222 and 40, rounded 220 and 40
    r = run("score", "100", "C", "--by", "NS", "--points", "122", "--json")
    data = json.loads(r.stdout)
    assert (data["ns_score"], data["ew_score"], data["made"]) == (220, 40, True)
    r = run("score", "100", "C", "--by", "NS", "--points", "122", "--no-rounding", "--json")
    assert (json.loads(r.stdout)["ns_score"], json.loads(r.stdout)["ew_score"]) == (222, 40)
    # failed with 96: 0 and 260
    r = run("score", "100", "♣", "--by", "NS", "--points", "96", "--json")
    assert (json.loads(r.stdout)["ns_score"], json.loads(r.stdout)["ew_score"]) == (0, 260)


def test_score_seed_000_coinche():
    # seed 000: 100 coinched, belote declared, failed: 20 and 360 (here EW bid)
    r = run("score", "100", "H", "--by", "EW", "--points", "70", "--belote", "EW", "--coinche", "--json")
    data = json.loads(r.stdout)
    assert (data["ns_score"], data["ew_score"]) == (360, 20)


def test_score_capot_and_table():
    # seed 000: bid capot made scores 500
    r = run("score", "capot", "S", "--by", "NS", "--points", "162", "--capot")
    assert r.exit_code == 0 and "500" in r.stdout and "made" in r.stdout
    # surcoinche x4 (seed 000): 122 + 400 = 522 -> 520
    r = run("score", "100", "C", "--by", "NS", "--points", "122", "--surcoinche", "--json")
    assert json.loads(r.stdout)["ns_score"] == 520


@pytest.mark.parametrize("args, words", [
    (["score", "105", "C", "--by", "NS", "--points", "100"], ["105"]),
    (["score", "100", "X", "--by", "NS", "--points", "100"], ["'X'"]),
    (["score", "100", "C", "--by", "NE", "--points", "100"], ["'NE'"]),
    (["score", "100", "C", "--by", "NS", "--points", "abc"], ["--points"]),
    (["score", "100", "C", "--by", "NS", "--points", "170"], ["170"]),
    (["score", "100", "C", "--points", "100"], ["--by"]),
    (["score", "100", "C", "--by", "NS", "--points", "100", "--coinche", "--surcoinche"], ["--coinche"]),
    (["score", "100", "C", "--by", "NS", "--points", "150", "--capot"], ["capot"]),
    (["score", "100", "C", "--by", "NS", "--points", "100", "--belote", "XX"], ["'XX'"]),
    (["score", "100", "C", "--by", "NS", "--points", "100", "--frobnicate"], ["--frobnicate"]),
    (["nosuchcommand"], ["nosuchcommand"]),
])
def test_score_bad_input(args, words):
    one_line_error(run(*args), *words)
