"""Stopping a study or a batch: a thread study stops between solves, a second signal
ends the process at once, SIGHUP (a closed terminal) unwinds as Ctrl-C does, and a full
disk names the file that could not be written.  Each runs a real process."""

import os
import re
import resource
import signal
import subprocess
import sys
import time

import pytest

import solver
from patience import stretched

pytest.importorskip("pyarrow", reason="studies need pyarrow: pip install -e '.[test]' installs it")

COINCHE = [sys.executable, "-m", "coinche_cli.main"]
#: The longest a stopped command may take here.  A thread study used to finish its
#: chunk first: 1,000 deals in six strains, over 30 s; stopping between solves takes
#: about 2 s at load 9.  The margin keeps the test true on a loaded machine.
STOP_BOUND = 15.0


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _wait_for(predicate, proc, seconds=120):
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
        time.sleep(0.05)


def test_a_thread_study_stops_between_solves_and_keeps_its_directory_clean(tmp_path):
    d = tmp_path / "s"
    proc = subprocess.Popen(COINCHE + ["study", "run", str(d), "--deals", "4000", "--chunk-size", "1000",
                                       "--backend", "thread", "--workers", "2", "--no-plots",
                                       "--no-progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    _wait_for(lambda: (d / "study.json").is_file(), proc)
    time.sleep(1.0)                               # the threads are inside their first chunk
    proc.send_signal(signal.SIGINT)
    t0 = time.monotonic()
    try:
        _, err = proc.communicate(timeout=stretched(STOP_BOUND))
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError(f"still running {STOP_BOUND} s after Ctrl-C") from None
    assert proc.returncode == 130 and err == "", err
    assert time.monotonic() - t0 < stretched(STOP_BOUND)
    assert all(p.name.startswith("chunk-") for p in (d / "chunks").iterdir())   # no temporary file


_SLOW_UNWINDING = """
import multiprocessing, signal, sys, time
from coinche_cli import main as m
child = multiprocessing.get_context("fork").Process(target=time.sleep, args=(120,))
child.start()
signal.signal(signal.SIGINT, m._stop)
try:
    print(child.pid, flush=True)
    time.sleep(120)
finally:
    print("unwinding", flush=True)
    time.sleep(120)
"""


def test_a_second_signal_stops_at_once_and_ends_the_workers():
    proc = subprocess.Popen([sys.executable, "-c", _SLOW_UNWINDING], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        child = int(proc.stdout.readline())
        proc.send_signal(signal.SIGINT)
        assert proc.stdout.readline() == "unwinding\n"
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=stretched(20))                     # not the 120 s the unwinding would take
    finally:
        os.killpg(proc.pid, signal.SIGKILL) if proc.poll() is None else None
        proc.communicate()
    assert proc.returncode == 130
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


def test_sighup_during_batch_out_leaves_no_temporary_file(tmp_path):
    deals = tmp_path / "deals.txt"
    deals.write_text("".join(f"{solver.Deal.random(seed).to_pbn()} W\n" for seed in range(2000)))
    out = tmp_path / "out.csv"
    proc = subprocess.Popen(COINCHE + ["batch", str(deals), "--workers", "2", "--format", "csv",
                                       "--out", str(out), "--no-progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    _wait_for(lambda: any(p.name.startswith(".out.") for p in tmp_path.iterdir()), proc)
    time.sleep(0.3)
    os.killpg(proc.pid, signal.SIGHUP)            # a closed terminal hangs up its whole process group
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 129, err
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.txt"]


def test_a_study_on_a_full_disk_names_the_file(tmp_path):
    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (2500, 2500))    # a full disk past 2,500 bytes
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    d = tmp_path / "s"
    done = subprocess.run(COINCHE + ["study", "run", str(d), "--deals", "40", "--chunk-size", "20",
                                     "--strains", "H", "--workers", "1", "--no-plots", "--no-progress"],
                          capture_output=True, text=True, timeout=120, preexec_fn=small_files)
    assert done.returncode == 74, done.stderr
    chunk = re.escape(str(d / "chunks"))
    assert re.fullmatch(rf"error: cannot write '{chunk}/chunk-0000[01]\.parquet': File too large\n",
                        done.stderr), done.stderr
    assert all(p.name.startswith("chunk-") for p in (d / "chunks").iterdir())


_LOST_UNWINDING = _SLOW_UNWINDING.replace(
    "from coinche_cli import main as m\n", "from coinche_cli import main as m\nm.UNWIND_SECONDS = 1\n")


def test_an_unwinding_that_hangs_ends_after_the_bound_without_a_second_signal():
    """One Ctrl-C and an unwinding that would take 120 s: the process ends after
    UNWIND_SECONDS (1 s here), its worker killed, exit 130, one line saying so."""
    proc = subprocess.Popen([sys.executable, "-c", _LOST_UNWINDING], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        child = int(proc.stdout.readline())
        proc.send_signal(signal.SIGINT)
        assert proc.stdout.readline() == "unwinding\n"
        proc.wait(timeout=stretched(20))
    finally:
        os.killpg(proc.pid, signal.SIGKILL) if proc.poll() is None else None
        _, err = proc.communicate()
    assert proc.returncode == 130
    assert err.strip() == "error: the command did not stop within 1 s: ended at once", err
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)
