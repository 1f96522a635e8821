"""Bad input at the edges of the command line: files that are not text, output paths
that cannot be written, values typer rejects, contradictory constraints, one sample.

Every case gives one line on stderr and exit code 2 (or valid output), never a
traceback, and never a half-written output file.
"""

import json
import sys

import pytest
from cli_helpers import one_line_error, run

from solver.errors import CoincheError

SMALL = "N:A.K.-.- 7.8.-.- K.A.-.- 8.7.-.-"
HAND = "AJ9.A7.KT.J"


def strict_json(text):
    """json.loads that refuses NaN and Infinity, which are not JSON."""
    def refuse(token):
        raise ValueError(f"not JSON: {token}")
    return json.loads(text, parse_constant=refuse)


# -- values typer rejects: the bad text is quoted ------------------------------------

@pytest.mark.parametrize("args, words", [
    (["deal", "--seed", "x"], ["--seed", "'x'"]),
    (["advise", HAND, "--samples", "0"], ["--samples", "'0'"]),
    (["lead", HAND, "--seat", "E", "--contract", "100H", "--samples", "-3"], ["--samples", "'-3'"]),
    (["table", "example", "--threads", "two"], ["--threads", "'two'"]),
])
def test_bad_values_are_quoted(args, words):
    one_line_error(run(*args), *words)


@pytest.mark.parametrize("value", ["--5", "²", "1e3"])
def test_rule_whole_number(value):
    # "--5" and "²" passed the old isdigit() check, then int() raised a traceback
    one_line_error(run("table", "example", "--leader", "N", "--rule", f"target={value}"),
                   "target", repr(value))


# -- input files -------------------------------------------------------------------

def test_batch_input_not_a_text_file(tmp_path):
    one_line_error(run("batch", str(tmp_path)), "is a directory", str(tmp_path))
    binary = tmp_path / "deals.bin"
    binary.write_bytes(b"\xff\xfe\x00N:")
    one_line_error(run("batch", str(binary)), "not UTF-8", "deals.bin")
    one_line_error(run("batch", ""), "no file of deals")


def test_solve_file_directory_and_empty_name(tmp_path):
    one_line_error(run("solve", "--file", str(tmp_path)), "is a directory")
    one_line_error(run("solve", "--file", ""), "no file of problems")


def test_files_with_a_byte_order_mark(tmp_path):
    # what Windows editors write at the start of a UTF-8 file
    deals = tmp_path / "deals.txt"
    deals.write_text(f"\ufeff{SMALL} W\n", encoding="utf-8")
    r = run("batch", str(deals), "--workers", "1", "--no-progress")
    assert r.exit_code == 0 and not r.stderr, r.output
    assert json.loads(r.stdout)["dealer"] == "W"
    problems = tmp_path / "problems.txt"
    problems.write_text("\ufeffexample strain=H leader=N\n", encoding="utf-8")
    r = run("solve", "--file", str(problems), "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["ns_points"] == 71


# -- output files ------------------------------------------------------------------

def test_batch_out_cannot_be_written(tmp_path):
    deals = tmp_path / "deals.txt"
    deals.write_text(f"{SMALL} W\n")
    one_line_error(run("batch", str(deals), "--out", str(tmp_path)), "--out", "is a directory")
    one_line_error(run("batch", str(deals), "--out", str(tmp_path / "no" / "t.csv")),
                   "--out", "no such directory")
    one_line_error(run("batch", str(deals), "--out", ""), "--out", "expected a file name")


def test_batch_out_is_never_half_written(tmp_path, monkeypatch):
    import coinche_cli.cmd_batch

    real = coinche_cli.cmd_batch.solve_batch

    def fails_halfway(items, *a, **k):
        for r in real(items, *a, **k):
            yield r
            raise CoincheError("the disk is on fire")

    monkeypatch.setattr(coinche_cli.cmd_batch, "solve_batch", fails_halfway)
    deals = tmp_path / "deals.txt"
    deals.write_text(f"{SMALL} W\n{SMALL} N\n")
    out = tmp_path / "t.csv"
    out.write_text("the previous run\n")
    one_line_error(run("batch", str(deals), "--format", "csv", "--out", str(out), "--workers", "1"),
                   "on fire")
    assert out.read_text() == "the previous run\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.txt", "t.csv"]
    monkeypatch.setattr(coinche_cli.cmd_batch, "solve_batch", real)
    r = run("batch", str(deals), "--format", "csv", "--out", str(out), "--workers", "1")
    assert r.exit_code == 0, r.output
    assert out.read_text().count("\n") == 1 + 2 and "previous" not in out.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.txt", "t.csv"]


def test_advise_plot_path_checked_before_solving(tmp_path):
    one_line_error(run("advise", HAND, "--samples", "1", "--plot", str(tmp_path)), "--plot",
                   "is a directory")
    one_line_error(run("advise", HAND, "--samples", "1", "--plot", str(tmp_path / "no" / "p.png")),
                   "--plot", "no such directory")
    # matplotlib used to add ".png" to a name without it, or fail on ".txt" with a traceback
    for name in ("points", "points.txt"):
        one_line_error(run("advise", HAND, "--samples", "1", "--plot", str(tmp_path / name)),
                       "--plot", ".png")
    assert list(tmp_path.iterdir()) == []


def test_advise_plot_without_matplotlib(tmp_path, monkeypatch):
    """Without the plot extra, --plot fails at once: one line naming the extra, no file,
    no solving (the sampler is never reached)."""
    import coinche_cli.cmd_advise

    monkeypatch.setitem(sys.modules, "matplotlib", None)      # import matplotlib fails
    monkeypatch.setattr(coinche_cli.cmd_advise, "run_advise", lambda *a, **k: pytest.fail("solved"))
    one_line_error(run("advise", HAND, "--samples", "3", "--plot", str(tmp_path / "p.png")),
                   "needs matplotlib", "[plot]")
    assert list(tmp_path.iterdir()) == []


def test_advise_plot_is_never_half_written(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    import coinche_cli.cmd_advise

    def fails_halfway(advice, path, *a, **k):
        with open(path, "wb") as f:
            f.write(b"\x89PNG half")
        raise CoincheError("out of ink")

    monkeypatch.setattr(coinche_cli.cmd_advise, "plot_points", fails_halfway)
    out = tmp_path / "p.png"
    one_line_error(run("advise", HAND, "--samples", "1", "--seed", "1", "--workers", "1",
                       "--plot", str(out)), "out of ink")
    assert list(tmp_path.iterdir()) == []


# -- sizes -------------------------------------------------------------------------

@pytest.mark.parametrize("args, words", [
    (["advise", HAND, "--samples", "99999999999999999999"], ["--samples", "1000000"]),
    (["advise", HAND, "--samples", "1", "--workers", "100000"], ["--workers", "256"]),
    (["lead", HAND, "--seat", "E", "--contract", "100H", "--samples", "2000000"], ["--samples"]),
    (["batch", "-", "--workers", "100000"], ["--workers 100000"]),
])
def test_huge_numbers(args, words):
    one_line_error(run(*args, input=f"{SMALL}\n"), *words)


def test_batch_starts_no_more_processes_than_chunks(monkeypatch):
    import solver.batch
    import solver.parallel

    sizes = []

    real = solver.parallel.process_pool

    def recording(processes):
        sizes.append(processes)
        return real(processes)

    monkeypatch.setattr(solver.parallel, "process_pool", recording)
    items = solver.batch.parse_lines([f"{SMALL} W", f"{SMALL} N"])
    results = list(solver.batch.solve_batch(items, workers=200))
    assert [r.line for r in results] == [1, 2]
    assert sizes == [2]                      # not 200 forks for two deals


# -- contradictory constraints -----------------------------------------------------

def test_repeated_ranges_must_both_hold():
    # the second --length/--points used to replace the first without a word
    one_line_error(run("advise", HAND, "--samples", "1", "--length", "N:H:3-5", "--length", "N:H:0-1"),
                   "'N:H:0-1'", "'N:H:3-5'", "contradicts")
    one_line_error(run("advise", HAND, "--samples", "1", "--points", "N:20-60", "--points", "n:0-10"),
                   "'n:0-10'", "'N:20-60'", "contradicts")
    r = run("advise", HAND, "--samples", "1", "--seed", "1", "--workers", "1", "--json",
            "--length", "N:H:2-5", "--length", "N:H:4-6", "--points", "E:10-80", "--points", "E:0-50")
    assert r.exit_code == 0, r.output
    c = json.loads(r.stdout)["constraints"]
    assert c["lengths"] == {"N:H": [4, 5]} and c["points"] == {"E": [10, 50]}


def test_void_in_every_suit():
    # used to say "the lengths given for W add up to 0..0 cards"
    one_line_error(run("advise", HAND, "--samples", "1", "--void", "W:SHDC"),
                   "'W:SHDC'", "cannot be void in every suit")
    one_line_error(run("lead", HAND, "--seat", "E", "--contract", "100H", "--declarer", "S",
                       "--samples", "1", "--void", "n:cdhs"), "'n:cdhs'", "cannot be void in every suit")


# -- bids the rules do not allow ---------------------------------------------------

@pytest.mark.parametrize("flag, state", [("--coinche", "coinched"), ("--surcoinche", "surcoinched")])
def test_capot_cannot_be_coinched(flag, state):
    # seed 000: "A capot bid ends the bidding and cannot be doubled"; it used to be scored x2
    one_line_error(run("score", "capot", "C", "--by", "NS", "--points", "162", "--capot", flag),
                   "'capot C'", state, "cannot be coinched")
    one_line_error(run("lead", HAND, "--seat", "E", "--contract", "capotS X", "--declarer", "S",
                       "--samples", "1"), "'capotS X'", "cannot be coinched")


# -- one sample: no standard error -------------------------------------------------

def test_one_sample_json_is_valid_and_text_has_no_nan():
    r = run("advise", HAND, "--samples", "1", "--seed", "1", "--workers", "1", "--json")
    assert r.exit_code == 0, r.output
    data = strict_json(r.stdout)                     # NaN used to be written for the errors
    assert data["strains"]["S"]["se"] is None and data["bids"][0]["ev_se"] is None
    r = run("advise", HAND, "--samples", "1", "--seed", "1", "--workers", "1")
    assert r.exit_code == 0 and "nan" not in r.stdout.lower(), r.output
    lead = ["lead", "KT7.Q8.A9.K", "--seat", "E", "--contract", "100H", "--declarer", "S",
            "--samples", "1", "--seed", "1", "--workers", "1"]
    r = run(*lead)
    assert r.exit_code == 0 and "nan" not in r.stdout.lower(), r.output
    r = run(*lead, "--json")
    assert r.exit_code == 0 and "nan" not in strict_json(r.stdout)["text"].lower()


def test_batch_out_through_a_symbolic_link(tmp_path):
    """--out naming a link replaces the file it points to; the link stays a link."""
    deals = tmp_path / "deals.txt"
    deals.write_text(f"{SMALL} W\n")
    target = tmp_path / "real.jsonl"
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    r = run("batch", str(deals), "--out", str(link), "--workers", "1")
    assert r.exit_code == 0, r.output
    assert link.is_symlink() and json.loads(target.read_text())["line"] == 1
