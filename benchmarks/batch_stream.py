"""``coinche batch`` on a large file of deals: how soon the first result comes and how much
memory the command holds while it streams.

    python benchmarks/batch_stream.py --deals 1000000 --seconds 120

writes ``--deals`` random deals (``Deal.random(i)``) to a file in a temporary folder, starts
``coinche batch FILE --json --workers W --no-progress``, and prints as JSON: the seconds to
the first output line, the deals written after ``--seconds``, and the resident memory of the
command and its workers sampled every second (KiB).  The run is then stopped: a million
deals take hours to solve on two cores, and what the figures check is that nothing grows
with the size of the input.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import tempfile
import sys
import time
from pathlib import Path

from solver.deal import Deal


def _rss_kib(pid: int) -> int:
    """Resident memory of ``pid`` and its children, in KiB (0 once it has gone)."""
    total = 0
    pids = [pid]
    try:
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pids += [int(k) for k in kids]
    except OSError:
        pass
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def _write_deals(path: Path, count: int) -> None:
    with path.open("w") as f:
        for i in range(count):
            f.write(f"{Deal.random(i)}\n")


def measure(deals: int, seconds: float, workers: int) -> dict[str, object]:
    folder = Path(tempfile.mkdtemp(prefix="batch-stream-"))
    try:
        source = folder / "deals.txt"
        started = time.monotonic()
        _write_deals(source, deals)
        written_in = time.monotonic() - started
        proc = subprocess.Popen([sys.executable, "-m", "coinche_cli", "batch", str(source), "--json", "--workers", str(workers),
                                 "--no-progress"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        assert proc.stdout is not None
        started = time.monotonic()
        proc.stdout.readline()
        first = time.monotonic() - started
        os.set_blocking(proc.stdout.fileno(), False)
        lines, rss = 1, []
        while time.monotonic() - started < seconds and proc.poll() is None:
            time.sleep(1.0)
            chunk = proc.stdout.read() or b""
            lines += chunk.count(b"\n")
            rss.append(_rss_kib(proc.pid))
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait()
        return {"deals_in_file": deals, "file_bytes": source.stat().st_size,
                "file_written_s": round(written_in, 1), "first_line_s": round(first, 2),
                "lines_written": lines, "seconds": seconds, "workers": workers,
                "rss_kib_first": rss[:3], "rss_kib_last": rss[-3:], "rss_kib_max": max(rss, default=0),
                "load_average": os.getloadavg()[0]}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(json.dumps(measure(args.deals, args.seconds, args.workers), indent=1))


if __name__ == "__main__":
    main()
