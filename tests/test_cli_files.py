"""Files the commands read and write: an output is never an input, bounded and strict
input, devices and FIFOs written as streams, an existing output's mode kept, options
checked before any work, and what batch says and prints (--json, empty input)."""

import gc
import json
import os
import stat
import subprocess
import threading
import weakref

import pytest
from cli_helpers import EXAMPLE, one_line_error, run

import solver.batch
from coinche_cli.files import MAX_INPUT_BYTES, MAX_LINE
from solver.errors import CoincheError

SMALL = "N:A.K.-.- 7.8.-.- K.A.-.- 8.7.-.-"


@pytest.fixture
def deals(tmp_path):
    path = tmp_path / "deals.txt"
    path.write_text(f"{SMALL} W\n{SMALL} N\n")
    return path


# -- never destroy the input -------------------------------------------------------

def test_out_may_not_be_the_input_however_named(deals, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkdir("sub")
    os.symlink("deals.txt", "soft.txt")
    os.link("deals.txt", "hard.txt")
    before = deals.read_text()
    for out in ["deals.txt", "./deals.txt", "sub/../deals.txt", str(deals), "soft.txt", "hard.txt"]:
        one_line_error(run("batch", "deals.txt", "--out", out, "--workers", 1), "--out", "input")
        assert deals.read_text() == before, out
    one_line_error(run("batch", "soft.txt", "--out", "hard.txt", "--workers", 1), "--out", "input")
    assert deals.read_text() == before


def test_a_bad_dealer_stops_batch_before_any_work(deals, monkeypatch):
    import coinche_cli.cmd_batch

    def never(*a, **k):
        raise AssertionError("solving started")

    monkeypatch.setattr(coinche_cli.cmd_batch, "solve_batch", never)
    one_line_error(run("batch", deals, "--dealer", "X"), "--dealer", "'X'")
    with pytest.raises(CoincheError):           # the API checks it before the first line too
        solver.batch.parse_lines([], default_dealer="X")


# -- outputs -------------------------------------------------------------------------

def test_replacing_an_output_keeps_its_mode(deals, tmp_path):
    out = tmp_path / "private.jsonl"
    out.write_text("old\n")
    os.chmod(out, 0o600)
    r = run("batch", deals, "--out", out, "--workers", 1)
    assert r.exit_code == 0, r.output
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o600 and "old" not in out.read_text()
    fresh = tmp_path / "fresh.jsonl"
    umask = os.umask(0o027)
    try:
        assert run("batch", deals, "--out", fresh, "--workers", 1).exit_code == 0
    finally:
        os.umask(umask)
    assert stat.S_IMODE(os.stat(fresh).st_mode) == 0o640      # 0o666 under the umask 027


def test_a_killed_runs_temporary_file_is_removed(deals, tmp_path):
    ended = subprocess.Popen(["true"])
    ended.wait()
    gone = ended.pid                                      # a process that has ended
    stale = tmp_path / f".out.{gone}.0.tmp.csv"           # what SIGKILL left of a run
    stale.write_text("half")
    mine = tmp_path / f".out.{os.getpid()}.7.tmp.csv"     # a live process's: not touched
    mine.write_text("busy")
    r = run("batch", deals, "--format", "csv", "--out", tmp_path / "out.csv", "--workers", 1)
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [mine.name, "deals.txt", "out.csv"]


def test_out_into_a_fifo_is_a_stream(deals, tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()), daemon=True)
    reader.start()
    r = run("batch", deals, "--out", fifo, "--workers", 1)
    assert r.exit_code == 0, r.output
    reader.join(5)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)                 # not replaced by a file
    assert [json.loads(x)["line"] for x in got[0].splitlines()] == [1, 2]


# -- bounded, strict input -----------------------------------------------------------

def test_input_that_is_not_utf8_text():
    one_line_error(run("solve", "--file", "-", input=b"\xff\n"), "stdin", "line 1 is not UTF-8")
    one_line_error(run("batch", "-", input=f"{SMALL}\n".encode() + b"N:\xff\n"),
                   "line 2 is not UTF-8")


def test_an_endless_input_is_refused():
    r = run("solve", "--file", "/dev/zero")
    one_line_error(r, "'/dev/zero'", f"over {MAX_INPUT_BYTES >> 20} MiB")
    r = run("batch", "/dev/zero")               # batch streams its input: one line is bounded
    one_line_error(r, "'/dev/zero'", f"line 1 has more than the {MAX_LINE} characters")


def test_a_long_line_is_refused_quoting_80_characters(tmp_path):
    # solve --file on one 200,000-character line: shlex takes seconds (quadratic)
    problems = tmp_path / "long.txt"
    problems.write_text("example strain=H played=\"" + "x" * (MAX_LINE + 1) + "\"\n")
    r = run("solve", "--file", problems)
    one_line_error(r, "line 1", f"more than the {MAX_LINE}")
    # the file's name and the line are each quoted by at most 80 characters (solver.errors.quote),
    # and the message around them is under 100
    assert len(r.stderr) < 80 + 80 + 100, r.stderr


def test_a_bad_deal_is_quoted_by_its_first_80_characters(tmp_path):
    f = tmp_path / "deals.txt"
    f.write_text("N:" + "A" * 5000 + " K 7 8\n")
    r = run("batch", f, "--workers", 1)
    assert r.exit_code == 1
    first = r.stderr.splitlines()[0]
    assert first.startswith("error: line 1: ") and "A" * 81 not in first, first


@pytest.mark.parametrize("args", [
    ["score", "²", "H", "--by", "NS", "--points", "100"],
    ["score", "9" * 5000, "H", "--by", "NS", "--points", "100"],
    ["score", "100", "H", "--by", "NS", "--points", "9" * 5000],
    ["deal", "--seed", "٣" * 5000],
    ["advise", "AJ9.A7.KT.J", "--samples", "1", "--length", "N:H:" + "9" * 5000],
    ["advise", "AJ9.A7.KT.J", "--samples", "1", "--points", "N:٣-60"],     # int() reads ٣ as 3
    ["table", "example", "--rule", "surcoinche=" + "4" * 5000],
])
def test_digits_that_are_no_number(args):
    r = run(*args)
    one_line_error(r)
    assert len(r.stderr) < 300


def test_parse_line_takes_text_only():
    with pytest.raises(CoincheError, match="bytes"):
        solver.batch.parse_line(b"x")
    assert [type(x).__name__ for x in solver.batch.parse_lines([b"x", f"{SMALL} W"])] == \
        ["BadLine", "BatchItem"]


# -- what batch prints ---------------------------------------------------------------

def test_batch_json_is_jsonl(deals):
    r = run("batch", deals, "--json", "--workers", 1)
    assert r.exit_code == 0, r.output
    assert r.stdout == run("batch", deals, "--format", "jsonl", "--workers", 1).stdout
    first = json.loads(r.stdout.splitlines()[0])
    assert first["line"] == 1 and first["deal"] == solver.Deal.from_pbn(SMALL).to_pbn()
    one_line_error(run("batch", deals, "--json", "--format", "csv"), "--json", "csv")


def test_batch_results_are_not_kept(monkeypatch):
    # 40 deals in chunks of one on two workers: once a result is consumed (and dropped
    # by the caller), nothing in solve_batch keeps it alive.
    items = solver.batch.parse_lines([f"{EXAMPLE} W"] * 40)
    refs = []
    for r in solver.batch.solve_batch(items, workers=2, chunk_size=1):
        refs.append(weakref.ref(r))
        del r
        if len(refs) == 30:
            gc.collect()
            assert sum(ref() is not None for ref in refs[:25]) == 0
    assert len(refs) == 40
