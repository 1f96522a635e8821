"""``batch`` streams: its input is read as it is solved (the first result before the
input's end, a bounded window of deals ahead, input order kept), and ``--out`` is never
the file stdin reads."""

import json
import select
import subprocess
import sys

import pytest

from solver.batch import BatchItem, iter_lines, solve_batch
from solver.deal import Deal

COINCHE = [sys.executable, "-m", "coinche_cli.main"]
#: A one-card deal: solved in microseconds, so the tests measure reading, not solving.
TINY = "N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.- W"


class Counted:
    """An input of ``n`` items that counts how many were read."""

    def __init__(self, n):
        self.n, self.read = n, 0
        self.item = BatchItem(1, Deal.from_pbn(TINY.rsplit(" ", 1)[0]), None)

    def __iter__(self):
        for _ in range(self.n):
            self.read += 1
            yield self.item


@pytest.mark.parametrize("workers, bound", [(1, 6), (2, 250)])
def test_a_stream_is_read_a_bounded_window_ahead(workers, bound):
    # bound: workers=1 reads one deal a result; with processes, 64 items are read to
    # tell a short input from a stream, then groups of 1, 2, 4, 8, 16 deals, at most
    # two per worker ahead of the one awaited (solver.parallel.Executor.map_ordered).
    source = Counted(100_000)
    results = solve_batch(source, workers=workers)
    first = [next(results) for _ in range(5)]
    results.close()
    assert source.read <= bound
    assert all(r.tables["W"]["ns_points"]["S"] == 25 for r in first)


def test_a_stream_keeps_input_order_with_workers():
    lines = [f"{Deal.random(seed).to_pbn()} W" if seed % 7 else "oops" for seed in range(150)]
    out = list(solve_batch(iter_lines(iter(lines)), workers=2))
    assert [r.line for r in out] == list(range(1, 151))
    assert [type(r).__name__ for r in out] == ["BadLine" if n % 7 == 0 else "BatchResult" for n in range(150)]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_first_result_comes_before_the_input_ends(workers):
    proc = subprocess.Popen(COINCHE + ["batch", "-", "--workers", workers, "--no-progress"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        proc.stdin.write((TINY + "\n").encode() * 200)     # more than the 64 read ahead
        proc.stdin.flush()
        ready, _, _ = select.select([proc.stdout], [], [], 120)   # stdin is still open
        assert ready, "no result while the input is open"
        first = json.loads(proc.stdout.readline())
        assert first["line"] == 1 and first["tables"]["N"]["ns_points"]["S"] == 25
        proc.stdin.write((TINY + "\n").encode())
        proc.stdin.close()
        rest = proc.stdout.read().decode().splitlines()
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert [json.loads(x)["line"] for x in rest] == list(range(2, 202))


def test_out_may_not_be_the_file_on_stdin(tmp_path):
    deals = tmp_path / "deals.txt"
    deals.write_text(TINY + "\n")
    with open(deals) as stdin:
        done = subprocess.run(COINCHE + ["batch", "-", "--out", str(tmp_path / "." / "deals.txt")], stdin=stdin,
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "is the file stdin reads" in done.stderr
    assert deals.read_text() == TINY + "\n"
    with open(deals) as stdin:      # another file is fine
        done = subprocess.run(COINCHE + ["batch", "-", "--out", str(tmp_path / "out.jsonl")], stdin=stdin,
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "out.jsonl").read_text())["line"] == 1
