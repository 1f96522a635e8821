"""What the commands print for people and for machines: encodings, colour, card
notation, narrow terminals, empty input, and the JSON keys docs/json.md documents."""

from __future__ import annotations

import inspect
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from cli_helpers import EXAMPLE, one_line_error, run, runner
from coinche_cli.main import app
from coinche_cli.output import PeopleConsole, people_text
from solver import ContractError, Deal, Seat
from solver.lead import lead_advice

DOCS = Path(__file__).resolve().parent.parent / "docs" / "json.md"
HAND = "KT7.Q8.A9.K"


# -- encodings ---------------------------------------------------------------------

def _coinche(args: list[str], encoding: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    env.pop("NO_COLOR", None)
    return subprocess.run([sys.executable, "-m", "coinche_cli", *args], capture_output=True,
                          env=env, timeout=120)


@pytest.mark.parametrize("args, encoding", [(["deal", "--seed", "1"], "ascii"),
                                            (["table", "example", "--dealer", "E"], "cp1252"),
                                            (["--help"], "ascii")])
def test_an_encoding_without_suit_symbols_gets_letters(args, encoding):
    r = _coinche(args, encoding)
    assert r.returncode == 0, r.stderr.decode(errors="replace")
    out = r.stdout.decode(encoding)
    if args[0] == "--help":                     # typer's own help text says coinchée
        assert "Usage:" in out and "Commands" in out
    elif args[0] == "deal":
        # the diagram spells the suits as letters; the deal is the one --seed 1 gives
        assert "S " in out and Deal.random(seed=1).to_pbn() in out
    else:
        assert re.search(r"^\W*S\W+73\W", out, re.M), out       # spades, N-S 73 (test_table_json)


def test_letters_keep_cards_readable():
    stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    con = PeopleConsole(stream=stream, environ={})
    con.print(people_text("Lead J♣, then 10♥ — A♦"))
    stream.flush()
    assert stream.buffer.getvalue().decode("ascii").strip() == "Lead JC, then 10H - AD"


# -- colour ------------------------------------------------------------------------

class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stream, environ, red", [
    (_Terminal(), {}, True),
    (_Terminal(), {"NO_COLOR": "1"}, False),
    (io.StringIO(), {}, False),                  # not a terminal
])
def test_hearts_and_diamonds_red_only_on_a_colour_terminal(stream, environ, red):
    con = PeopleConsole(stream=stream, environ=environ)
    con.print(people_text("J♥ 7♣"))
    out = stream.getvalue()
    assert ("\x1b[31mJ♥\x1b[0m" in out) is red
    assert red or "\x1b" not in out
    assert "7♣" in out and "\x1b[31m7♣" not in out     # clubs stay plain


def test_text_is_printed_as_it_is():
    # no markup, no highlighting of numbers, even where colour is on
    stream = _Terminal()
    PeopleConsole(stream=stream, environ={}).print("[bold]7♣[/bold] 1.5 :smile:")
    assert stream.getvalue() == "[bold]7♣[/bold] 1.5 :smile:\n"


@pytest.mark.parametrize("stream, shown", [(_Terminal(), True), (io.StringIO(), False)])
def test_the_progress_bar_only_on_a_terminal(stream, shown, monkeypatch):
    import coinche_cli.progress

    monkeypatch.setattr(coinche_cli.progress, "err_console", PeopleConsole(stream=stream, environ={}))
    with coinche_cli.progress.progress_bar("solving", total=2) as bar:
        bar.advance()
        assert (bar.callback is not None) is shown
    assert ("solving" in stream.getvalue()) is shown
    assert shown or stream.getvalue() == ""


def test_no_escape_codes_when_piped():
    r = run("solve", "example", "--strain", "H")
    assert r.exit_code == 0 and "\x1b" not in r.stdout


# -- stderr of advise and lead -----------------------------------------------------

def test_advise_and_lead_keep_stderr_empty_on_success():
    for args in (["advise", "AJ9.A7.KT.J", "--samples", "2", "--seed", "1"],
                 ["lead", HAND, "--seat", "E", "--contract", "100H", "--declarer", "S",
                  "--samples", "2", "--seed", "1"]):
        r = run(*args)
        assert r.exit_code == 0 and r.stderr == "", r.stderr


def test_advise_and_lead_errors_start_on_the_first_line():
    for args in (["advise", "AJ9.A7.KT.J", "--samples", "1", "--void", "W:SHDC"],
                 ["lead", HAND, "--seat", "E", "--contract", "100H", "--declarer", "S",
                  "--samples", "1", "--void", "n:cdhs"]):
        r = run(*args)
        assert r.exit_code == 2 and r.stderr.startswith("error: "), repr(r.stderr)


# -- one card notation, one sign for a cost ----------------------------------------

def test_cards_for_people_are_rank_then_symbol():
    r = run("solve", "example", "--strain", "H", "--played", "SA S8")
    assert "Played: A♠ 8♠" in r.stdout and "Q♠" in r.stdout       # S must follow with the SQ
    people = r.stdout.replace(EXAMPLE, "")                         # all but the PBN line
    assert not re.search(r"\b[SHDC][789TJQKA]\b", people), people
    r = run("show", "example", "--strain", "H", "--played", "SA S8 SQ S7")
    assert "legal: K♠ 8♥ K♥ 8♦ K♦ 8♣ A♣" in r.stdout              # N's hand after trick 1


def test_solve_file_best_cards_as_symbols(tmp_path):
    f = tmp_path / "one.txt"
    f.write_text("example strain=H played=SA,S8\n")
    r = run("solve", "--file", f)
    assert r.exit_code == 0 and re.search(r"\b1 problem\b", r.stdout)
    assert "1 problems" not in r.stdout and "Q♠" in r.stdout and " SQ" not in r.stdout


def test_a_cost_is_points_lost_everywhere():
    # D7 from S costs N-S 17 (146 -> 129, as solve --played "" gives for D7)
    solve = json.loads(run("solve", "example", "--strain", "C", "--dealer", "E", "--json").stdout)
    review = json.loads(run("review", "example", "--strain", "C", "--dealer", "E", "--played", "D7",
                            "--json").stdout)
    assert solve["costs"]["D7"] == review["steps"][0]["cost"] == review["cost"]["NS"] == 17
    text = run("review", "example", "--strain", "C", "--dealer", "E", "--played", "D7").stdout
    assert "17" in text and "-17" not in text


# -- narrow terminals ----------------------------------------------------------------

def _narrow(*args):
    r = runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "40"})
    assert r.exit_code == 0, r.output
    assert "…" not in r.stdout
    return r.stdout


def test_tables_never_cut_numbers_on_a_narrow_terminal():
    out = _narrow("table", "example", "--dealer", "E")
    d = json.loads(run("table", "example", "--dealer", "E", "--json").stdout)
    tokens = set(out.split())
    assert {str(v) for v in d["ns_points"].values()} <= tokens
    assert {str(v) for v in d["ew_points"].values()} <= tokens
    assert "capot" in tokens                  # N-S's best bid in SA
    out = _narrow("solve", "example", "--strain", "C", "--dealer", "E")
    assert {"146", "129", "17"} <= set(out.split())        # the best card's value, D7's, its cost
    out = _narrow("review", "example", "--strain", "C", "--dealer", "E", "--played", "D7")
    assert {"146", "129", "17"} <= set(out.split())
    out = _narrow("advise", "AJ9.A7.KT.J", "--samples", "2", "--seed", "1")
    assert re.search(r"\d+%\s+[+-]\d+", out)       # a chance and a score, maybe wrapped


# -- seeds, empty input, hints, required options -----------------------------------

@pytest.mark.parametrize("args", [["deal"], ["advise", "AJ9.A7.KT.J", "--samples", "1"],
                                  ["lead", HAND, "--seat", "E", "--contract", "100H",
                                   "--declarer", "S", "--samples", "1"]])
def test_negative_seeds_are_refused(args):
    one_line_error(run(*args, "--seed", "-1"), "--seed", "-1")


def test_nothing_to_review():
    r = run("review", "example", "--strain", "H", "--played", "")
    assert r.exit_code == 0 and "Nothing to review" in r.stdout and "┃" not in r.stdout


def test_a_capot_bid_without_capot_gets_a_hint():
    r = run("score", "capot", "C", "--by", "NS", "--points", "162")
    assert r.exit_code == 0 and "failed" in r.stdout and "--capot" in r.stderr
    assert "hint" not in run("score", "capot", "C", "--by", "NS", "--points", "162", "--capot").stderr


def test_lead_needs_its_declarer_and_contract():
    one_line_error(run("lead", HAND, "--seat", "E", "--contract", "100H"), "--declarer")
    params = inspect.signature(lead_advice).parameters
    assert params["contract"].default is inspect.Parameter.empty
    with pytest.raises(TypeError):
        lead_advice(HAND, "E")          # type: ignore[call-arg]
    with pytest.raises(ContractError, match="names no declarer"):
        lead_advice(HAND, "E", "100H", samples=1)
    assert lead_advice(HAND, "E", "100H S", samples=1, seed=1, workers=1).contract.declarer == Seat.S


# -- JSON keys as documented ---------------------------------------------------------

def _documented() -> list[tuple[str, list[tuple[str, bool]], list[str]]]:
    """(command, [(key, required)], [json examples]) per ``### `coinche ...` `` section;
    a section without a table of its own has the keys of the one before."""
    sections = re.split(r"^### `coinche (.+)`\s*$", DOCS.read_text(encoding="utf-8"), flags=re.M)
    out = []
    for command, body in zip(sections[1::2], sections[2::2]):
        rows = re.findall(r"^\| `([^`]+)` \| [^|]+ \| ([^|]+) \|$", body, re.M)
        keys = [(k, not meaning.strip().startswith("Only")) for k, meaning in rows]
        keys = keys or out[-1][1]          # "each with the keys above"
        out.append((command, keys, re.findall(r"```json\n(.*?)```", body, re.S)))
    return out


def _paths(obj, documented: set[str], prefix: str = "") -> set[str]:
    """The keys of ``obj`` as documented paths (``contract.level``, ``steps[].card``),
    looking inside the objects whose inner keys are documented."""
    found = set()
    for key, value in obj.items():
        path = prefix + key
        found.add(path)
        if isinstance(value, dict) and any(d.startswith(path + ".") for d in documented):
            found |= _paths(value, documented, path + ".")
        if isinstance(value, list) and any(d.startswith(path + "[].") for d in documented):
            for item in value:
                found |= _paths(item, documented, path + "[].")
    return found


def _check(obj, keys: list[tuple[str, bool]]) -> None:
    documented = {k for k, _ in keys}
    required = {k for k, req in keys if req}
    for item in obj if isinstance(obj, list) else [obj]:
        found = _paths(item, documented)
        assert required <= found <= documented, (sorted(found - documented), sorted(required - found))


SECTIONS = _documented()


def _commands_with_json() -> set[str]:
    """Every command taking --json: ``table``, and ``study run`` for a group's command."""
    from coinche_cli.main import app
    found = {c.name or c.callback.__name__ for c in app.registered_commands
             if "as_json" in inspect.signature(c.callback).parameters}
    for group in app.registered_groups:
        commands = group.typer_instance.registered_commands
        found |= {f"{group.name} {c.name or c.callback.__name__}" for c in commands
                  if "as_json" in inspect.signature(c.callback).parameters}
    return found


def test_every_command_with_json_is_documented():
    from coinche_cli.main import app
    groups = {g.name for g in app.registered_groups}
    with_json = _commands_with_json()
    named = {" ".join(c.split()[:2]) if c.split()[0] in groups else c.split()[0] for c, _, _ in SECTIONS}
    assert with_json and named == with_json


@pytest.mark.parametrize("command, keys, examples", SECTIONS,
                         ids=[c.split(" --json")[0] for c, _, _ in SECTIONS])
def test_json_has_exactly_the_documented_keys(command, keys, examples, tmp_path, monkeypatch):
    args = shlex.split(command)
    if "--file" in args and args[0] == "solve":
        monkeypatch.chdir(tmp_path)
        Path("problems.txt").write_text("example strain=H\nexample trumps=H\n")
        solve_keys = next(k for c, k, _ in SECTIONS if c.startswith("solve example"))
        good, bad = [json.loads(x) for x in run(*args).stdout.splitlines()]
        _check(good, [("line", True)] + solve_keys)
        _check(bad, [(k, True) for k, _ in keys])
        return
    if args[0] == "study":
        monkeypatch.chdir(tmp_path)
        if args[1] in ("show", "score"):
            made = run("study", "run", args[2], "--deals", "10", "--strains", "H", "--no-plots")
            assert made.exit_code == 0, made.output
    if args[0] == "problems":
        monkeypatch.chdir(tmp_path)
        if args[1] in ("check", "merge"):
            source = args[3] if args[1] == "check" else args[2]
            mined = run("problems", "mine", "--seed", "1", "--count", "2", "--out", source)
            assert mined.exit_code == 0, mined.output
    if args[0] == "batch":
        monkeypatch.chdir(tmp_path)
        Path(args[1]).write_text(f"{EXAMPLE} dealer=E\nN:AK.K8 bad\n")
        good, bad = [json.loads(x) for x in run(*args).stdout.splitlines()]
        _check(good, keys)
        _check(bad, [(k, k in ("line", "deal", "error")) for k, _ in keys])
        return
    r = run(*args)
    assert r.exit_code == 0, r.output
    _check(json.loads(r.stdout), keys)
    for example in examples:             # the page's examples show the same keys
        _check(json.loads(example), keys)


def test_the_same_things_have_the_same_names():
    deal = json.loads(run("deal", "--seed", "1", "--json").stdout)
    show = json.loads(run("show", EXAMPLE, "--json").stdout)
    table = json.loads(run("table", "example", "--dealer", "E", "--json").stdout)
    par = json.loads(run("par", "example", "--dealer", "E", "--json").stdout)
    assert "pbn" not in deal and "pbn" not in show and show["deal"] == table["deal"] == par["deal"]
    # N-S can force capot in SA on the example (test_table_json): a level "capot", the strain apart
    assert table["ns_best_bid"]["SA"] == par["contract"]["level"] == "capot"
    assert par["contract"]["strain"] == "SA"
