"""A study trusts only its own files: chunks are checked against the study's number,
seed and parameters, ``--force`` removes what a study wrote and nothing else, a stopped
run keeps every chunk already solved, and a lost cluster is one line and exit 75."""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import _thread

import pytest

pa = pytest.importorskip("pyarrow", reason="studies need pyarrow: pip install -e '.[test]' installs it")

import solver.studies as st  # noqa: E402
from solver.parallel import executor, stopping  # noqa: E402
from solver.studies import StudyError, read_study, study  # noqa: E402

COINCHE = [sys.executable, "-m", "coinche_cli.main"]
#: A small study: 3 chunks of 4 deals, one strain (a second each, at most).
SMALL = dict(deals=12, strains="H", chunk_size=4, workers=1, backend="thread")


def _chunk_files(d, folder="chunks"):
    return sorted(p.name for p in (d / folder).iterdir())


@pytest.fixture(scope="module")
def seed1(tmp_path_factory):
    d = tmp_path_factory.mktemp("trust") / "seed1"
    study(d, seed=1, **SMALL)
    return d


@pytest.fixture(scope="module")
def seed2(tmp_path_factory):
    d = tmp_path_factory.mktemp("trust") / "seed2"
    study(d, seed=2, **SMALL)
    return d


def test_chunks_of_another_seed_are_solved_again_never_counted(tmp_path, seed1, seed2):
    d = tmp_path / "s"
    shutil.copytree(seed2, d)
    for folder in ("chunks", "checks"):             # seed 1's chunks under seed 2's description
        for f in (seed1 / folder).iterdir():
            shutil.copy(f, d / folder / f.name)
    assert read_study(d).done == ()
    r = study(d, seed=2, **SMALL)
    assert r.solved == 3
    assert (d / "aggregates.json").read_bytes() == (seed2 / "aggregates.json").read_bytes()


def test_a_chunk_copied_from_another_chunk_is_solved_again(tmp_path, seed1):
    d = tmp_path / "s"
    shutil.copytree(seed1, d)
    for folder, suffix in (("chunks", ".parquet"), ("checks", ".json")):
        shutil.copy(d / folder / f"chunk-00000{suffix}", d / folder / f"chunk-00001{suffix}")
    assert read_study(d).done == (0, 2)
    assert study(d, seed=1, **SMALL).solved == 1
    assert (d / "aggregates.json").read_bytes() == (seed1 / "aggregates.json").read_bytes()


def test_a_chunk_carries_its_study_in_its_files(seed1):
    about = json.loads((seed1 / "checks" / "chunk-00001.json").read_text())
    assert (about["chunk"], about["first"], about["rows"], about["seed"]) == (1, 4, 4, 1)
    assert about["parameters"] == {k: v for k, v in read_study(seed1).arguments.items() if k != "deals"}
    meta = pa.parquet.read_schema(seed1 / "chunks" / "chunk-00001.parquet").metadata
    assert json.loads(meta[b"coinche.study"]) == {k: v for k, v in about.items() if k != "sha256"}


def test_force_removes_what_the_study_wrote_and_nothing_else(tmp_path, seed1):
    d = tmp_path / "s"
    shutil.copytree(seed1, d)
    (d / "chunks" / "notes.txt").write_text("mine")
    (d / "chunks" / "chunk-00007.parquet.bak").write_text("mine too")
    (d / "checks" / ".chunk-00009.999999.0.tmp.json").write_text("a killed run's temporary file")
    (d / "notes.txt").write_text("mine")
    r = study(d, seed=1, **{**SMALL, "strains": "S", "deals": 8}, force=True)
    assert r.solved == 2
    assert _chunk_files(d) == ["chunk-00000.parquet", "chunk-00001.parquet", "chunk-00007.parquet.bak",
                               "notes.txt"]
    assert _chunk_files(d, "checks") == ["chunk-00000.json", "chunk-00001.json"]
    assert (d / "notes.txt").read_text() == "mine"
    assert {g.strain.name for g in r.aggregates.groups} == {"S"}


def test_force_refuses_a_chunks_link_and_strains_changed_are_a_clear_line(tmp_path, seed1):
    d = tmp_path / "s"
    d.mkdir()
    shutil.copy(seed1 / "study.json", d / "study.json")
    (d / "chunks").symlink_to(seed1 / "chunks", target_is_directory=True)
    for seed, strains in ((2, "H"), (1, "S")):
        with pytest.raises(StudyError, match="chunks' is a symbolic link"):
            study(d, seed=seed, **{**SMALL, "strains": strains}, force=True)
    assert len(_chunk_files(seed1)) == 3                   # the linked study is untouched
    done = subprocess.run(COINCHE + ["study", "run", str(d), "--deals", "12", "--chunk-size", "4",
                                     "--strains", "S", "--seed", "1", "--force", "--no-plots"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "symbolic link" in done.stderr


def test_the_thread_backend_stops_between_steps():
    # Tasks that only end when told to stop: an interrupt must tell them, and the map
    # hands back what they returned.
    started = threading.Barrier(3)

    def endless(solver, task):
        started.wait(60)
        while not stopping():
            time.sleep(0.01)
        return "stopped"

    def interrupt():
        started.wait(60)
        _thread.interrupt_main()

    threading.Thread(target=interrupt, daemon=True).start()
    with executor("thread", 2) as ex:
        with pytest.raises(KeyboardInterrupt):
            for _ in ex.map_unordered(endless, list(range(4))):
                pass
    assert sorted(r for _, r in ex.unclaimed) == ["stopped", "stopped"]


#: Where :func:`some_finish` marks the chunks it solved (set before the workers start).
MARKS = None
_REAL_SOLVE_CHUNK = st.solve_chunk


def some_finish(solver, task):
    """Chunks 0-2 are solved; the others wait until the run is stopped (a worker
    process waits for its termination)."""
    spec, i = task
    if i >= 3:
        while not stopping():
            time.sleep(0.01)
        return st.ChunkFailure(i, "stopped")
    out = _REAL_SOLVE_CHUNK(solver, task)
    (MARKS / str(i)).touch()
    return out


@pytest.mark.parametrize("backend", ["thread", "process"])
def test_a_stopped_run_keeps_every_chunk_solved(tmp_path, monkeypatch, backend):
    """The interrupt comes after the first chunk is written, once chunks 1 and 2 are
    solved too: they are written before the run ends."""
    global MARKS
    MARKS = tmp_path / "marks"
    MARKS.mkdir()

    def interrupt(done, total):
        deadline = time.monotonic() + 120
        while len(list(MARKS.iterdir())) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.5)                 # the results of chunks 1 and 2 reach this process
        raise KeyboardInterrupt

    monkeypatch.setattr(st, "solve_chunk", some_finish)
    d = tmp_path / "s"
    with pytest.raises(KeyboardInterrupt):
        study(d, deals=40, seed=5, strains="H", chunk_size=2, workers=3, backend=backend, progress=interrupt)
    assert read_study(d).done == (0, 1, 2)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_lost_scheduler_is_one_line_exit_75_and_the_chunks_stay(tmp_path):
    pytest.importorskip("distributed", reason="the Dask backend needs the dask extra")
    address = f"tcp://127.0.0.1:{_free_port()}"
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    scheduler = subprocess.Popen(dask + ["--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
                                         "--no-dashboard"], **quiet)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                               "--no-dashboard"], **quiet)
    d = tmp_path / "s"
    args = ["study", "run", str(d), "--deals", "400", "--chunk-size", "4", "--strains", "H", "--seed", "3",
            "--scheduler", address, "--no-plots", "--no-progress"]
    try:
        run = subprocess.Popen(COINCHE + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while not list(d.glob("checks/chunk-*.json")):       # a chunk done: kill the scheduler
            assert time.monotonic() < deadline and run.poll() is None, run.communicate()
            time.sleep(0.05)
        os.killpg(scheduler.pid, signal.SIGKILL)
        _, err = run.communicate(timeout=120)
    finally:
        for p in (scheduler, worker):
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait()
    assert run.returncode == 75, err
    assert err.count("\n") == 1, err
    done = len(read_study(d).done)
    assert 0 < done < 100
    assert f"lost the Dask scheduler at {address}: {done} of 100 chunks are done and kept" in err
    assert err.rstrip().endswith("to resume, run again: coinche " + " ".join(args))
