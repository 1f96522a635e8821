"""The look-ahead duel benchmark (benchmarks/lookahead_duel.py): a deal's row depends
only on its number, so the summary is the same run here, on local processes or on a
local Dask cluster, and the bad ways to ask for workers are one line and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from benchmarks.lookahead_duel import run, summarise

# two deals, few samples: enough for every bidder to make its calls on a full auction
SMALL = dict(deals=2, samples=6, seed=2027, par_tables=True, quiet=True)


@pytest.fixture(scope="module")
def here() -> dict[str, object]:
    return run(**SMALL)                                      # type: ignore[arg-type]


def _same(a: dict[str, object], b: dict[str, object]) -> bool:
    drop = ("wall_s", "cpu_s")
    return {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def test_the_summary_covers_every_bidder(here):
    assert here["deals"] == 2
    assert set(here["distance_to_par"]) == {"lookahead", "ends_now", "point_count"}  # type: ignore[arg-type]


def test_local_processes_give_the_same_summary(here):
    assert _same(run(**SMALL, backend="process", workers=2), here)   # type: ignore[arg-type]


def test_a_local_dask_cluster_gives_the_same_summary(here, tmp_path):
    pytest.importorskip("distributed", reason="the Dask backend needs the dask extra")
    rows = tmp_path / "rows.jsonl"
    got = run(**SMALL, backend="dask", workers=2, options={"local_workers": 2},   # type: ignore[arg-type]
              rows_file=str(rows))
    assert _same(got, here)
    # the rows file sums up to the same summary (the --merge path)
    back = [json.loads(line) for line in rows.read_text().splitlines()]
    assert summarise(back, 6, 2027) == {k: v for k, v in here.items() if k not in ("wall_s", "cpu_s")}


@pytest.mark.parametrize("args, words", [
    (["--cluster", "local:0"], "--cluster 'local:0'"),
    (["--cluster", "here"], "--cluster 'here'"),
    (["--scheduler", "8786"], "--scheduler '8786'"),
    (["--cluster", "local:2", "--scheduler", "tcp://h:8786"], "exclude each other"),
    (["--workers", "0"], "--workers 0"),
])
def test_bad_worker_options_are_one_line_and_exit_2(args, words):
    r = subprocess.run([sys.executable, "-m", "benchmarks.lookahead_duel", *args],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert words in r.stderr and "Traceback" not in r.stderr
