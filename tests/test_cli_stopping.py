"""How a real ``coinche`` process ends: on SIGINT and SIGTERM, when the reader of its
output goes away, and when its output cannot be written.

Each test runs the command as a subprocess (``python -m coinche_cli``) with a timeout.
"""

import os
import resource
import signal
import subprocess
import sys
import time

import pytest

import solver
from patience import stretched

#: How long a stopped command may take to exit (the issue asks for a second; the
#: margin covers a loaded machine).
STOP_SECONDS = 2.0


def coinche(*args, **kw):
    """``coinche ARGS`` started in a process group of its own (to kill it whole on a failure)."""
    return subprocess.Popen([sys.executable, "-m", "coinche_cli", *map(str, args)],
                            stdout=kw.pop("stdout", subprocess.PIPE), stderr=subprocess.PIPE,
                            start_new_session=True, **kw)


def kill_all(proc):
    """Kill ``proc`` and whatever it started (orphaned workers keep its pipes open)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.communicate(timeout=stretched(5))


@pytest.fixture(scope="module")
def many_deals(tmp_path_factory):
    """A file of full deals that takes two workers minutes to solve (about 30 ms a deal)."""
    path = tmp_path_factory.mktemp("deals") / "many.txt"
    path.write_text("".join(f"{solver.Deal.random(seed).to_pbn()} W\n" for seed in range(4000)))
    return path


def children(pid):
    """The process ids of ``pid``'s children (Linux's /proc)."""
    kids = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                kids.update(int(k) for k in f.read().split())
        except FileNotFoundError:
            pass
    return kids


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def wait_for_workers(proc, n=2, timeout=8.0):
    end = time.monotonic() + stretched(timeout)
    while time.monotonic() < end:
        kids = children(proc.pid)
        if len(kids) >= n:
            return kids
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    kill_all(proc)
    raise AssertionError("the workers did not start")


def stopped_within(proc, seconds=STOP_SECONDS):
    seconds = stretched(seconds)
    t0 = time.monotonic()
    try:
        _, err = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        kill_all(proc)
        raise AssertionError(f"still running {seconds} s after the signal") from None
    return proc.returncode, err.decode(), time.monotonic() - t0


@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_stops_batch_its_workers_and_its_temporary_file(many_deals, tmp_path, sig, code):
    out = tmp_path / "out.csv"
    out.write_text("the previous run\n")
    proc = coinche("batch", many_deals, "--workers", 2, "--format", "csv", "--out", out, "--no-progress")
    workers = wait_for_workers(proc)
    time.sleep(0.3)                     # the workers are solving
    proc.send_signal(sig)
    rc, err, _ = stopped_within(proc)
    assert rc == code, err
    assert "Traceback" not in err
    deadline = time.monotonic() + 1
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(w) for w in workers)
    assert out.read_text() == "the previous run\n"          # untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]     # no .out.<pid>.0.tmp.csv


def test_ctrl_c_in_a_terminal_reaches_the_workers_too(many_deals, tmp_path):
    # A terminal sends SIGINT to the whole process group: the workers must not print
    # tracebacks nor keep the main process waiting.
    proc = coinche("batch", many_deals, "--workers", 2, "--out", tmp_path / "out.jsonl", "--no-progress")
    workers = wait_for_workers(proc)
    time.sleep(0.3)
    os.killpg(proc.pid, signal.SIGINT)
    rc, err, _ = stopped_within(proc)
    assert rc == 130 and err == ""
    assert not any(alive(w) for w in workers)
    assert list(tmp_path.iterdir()) == []


def test_batch_stops_when_the_reader_goes_away(many_deals):
    # coinche batch many.txt | head -1
    proc = coinche("batch", many_deals, "--workers", 2)
    first = proc.stdout.readline()
    assert first.startswith(b'{"line": 1, ')
    workers = children(proc.pid)
    proc.stdout.close()
    rc, err, _ = stopped_within(proc, 4.0)   # the next result written meets the closed pipe
    assert rc == 0 and err == "", err
    assert not any(alive(w) for w in workers)


def test_a_closed_pipe_is_a_quiet_exit():
    read, write = os.pipe()
    os.close(read)                      # the reader is gone before the first write
    proc = coinche("deal", "--seed", 1, stdout=write)
    os.close(write)
    rc, err, _ = stopped_within(proc, 10.0)
    assert rc == 0 and err == "", err


@pytest.mark.parametrize("args", [
    ["deal", "--seed", 1],
    ["solve", "--file", "-", "--json"],
])
def test_a_full_disk_is_one_line_and_exit_74(args):
    # 74 is EX_IOERR (sysexits.h): the output could not be written.
    with open("/dev/full", "w") as full:
        proc = coinche(*args, stdout=full, stdin=subprocess.PIPE)
        _, err = proc.communicate(b"example strain=H\nexample strain=S\n", timeout=stretched(10))
    assert proc.returncode == 74, err
    lines = err.decode().splitlines()
    assert lines == ["error: cannot write the output: No space left on device"]


def small_files(limit):
    """For the child: files may not grow past ``limit`` bytes, and a write past it fails
    (EFBIG) instead of killing the process: a full disk, without touching a device."""
    def limit_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    return limit_files


def test_batch_out_on_a_full_disk(tmp_path):
    deals = tmp_path / "deals.txt"
    deals.write_text("N:A.K.-.- 7.8.-.- K.A.-.- 8.7.-.- W\n" * 50)     # 50 lines of ~400 bytes out
    out = tmp_path / "out.jsonl"
    out.write_text("the previous run\n")
    proc = coinche("batch", deals, "--workers", 1, "--out", out, preexec_fn=small_files(4000))
    _, err = proc.communicate(timeout=stretched(10))
    assert proc.returncode == 74
    assert err.decode().splitlines() == [f"error: cannot write {str(out)!r}: File too large"]
    assert out.read_text() == "the previous run\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.txt", "out.jsonl"]


def test_out_dev_stdout_is_the_pipe(tmp_path):
    deals = tmp_path / "deals.txt"
    deals.write_text("N:A.K.-.- 7.8.-.- K.A.-.- 8.7.-.- W\n" * 3)
    proc = coinche("batch", deals, "--workers", 1, "--out", "/dev/stdout")
    out, err = proc.communicate(timeout=stretched(10))
    assert proc.returncode == 0, err
    assert out.count(b"\n") == 3


_TEARDOWN = """
import atexit, sys
import coinche_cli.main as m
atexit.register(lambda: print("teardown", file=sys.stderr))
def app():
    print("kept")
    raise SystemExit({code})
m.app = app
m.main()
"""


@pytest.mark.parametrize("code, teardown", [(130, False), (143, False), (129, False), (0, True), (2, True)])
def test_a_stopped_command_skips_the_teardown(code, teardown):
    """A command stopped by a signal ends as soon as it has unwound, its output flushed,
    without the interpreter's teardown (atexit handlers, freeing every object: seconds
    after a long run); any other exit keeps it."""
    r = subprocess.run([sys.executable, "-c", _TEARDOWN.format(code=code)], capture_output=True, text=True,
                       timeout=stretched(30))
    assert r.returncode == code and r.stdout == "kept\n", r
    assert ("teardown" in r.stderr) is teardown, r.stderr
