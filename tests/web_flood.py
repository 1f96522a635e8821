"""A flood of half-open requests against a real ``coinche serve`` on 127.0.0.1.

Used by tests/test_web_server.py with a few thousand connections, and run by hand for
the figure in docs/web.md:

    python tests/web_flood.py --connections 25000

Each connection sends the start of a request head and then nothing.  The server is
started on a free port of 127.0.0.1; the connections are opened by worker processes
(a process may hold fewer file handles than the flood needs), each from its own
loopback source address, and only ever to 127.0.0.1.  Printed: the time a normal
request takes while they are held, the server's open file handles and its memory
before, during and after.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

from patience import stretched

#: What each connection sends: a request head cut off in the middle.
HALF = b"GET /api/deal?seed=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
#: Connections one worker process opens at most.
PER_WORKER = 8000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def shutil_coinche() -> str:
    """The ``coinche`` command of this Python."""
    found = shutil.which("coinche", path=os.path.dirname(sys.executable)) or shutil.which("coinche")
    if found is None:
        raise RuntimeError("no coinche command: pip install -e .")
    return found


@contextlib.contextmanager
def serve(*args: str) -> Iterator[tuple[subprocess.Popen, int]]:
    """``coinche serve`` on a free port of 127.0.0.1, until the block ends."""
    port = free_port()
    proc = subprocess.Popen([shutil_coinche(), "serve", "--host", "127.0.0.1", "--port", str(port), *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while request(port, timeout=1.0)[0] != 200:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError("the server did not start")
            time.sleep(0.1)
        yield proc, port
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(stretched(15))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def request(port: int, path: str = "/api/deal?seed=1", timeout: float = 5.0) -> tuple[int, float]:
    """A normal GET: its status (0 when no answer came) and the seconds it took."""
    timeout = stretched(timeout)
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
        status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0
    except OSError:
        status = 0
    return status, time.monotonic() - started


def hold(port: int, count: int, source: str, opened, release) -> None:
    """Open ``count`` half-sent requests from ``source``; hold them until ``release``."""
    socks = []
    for _ in range(count):
        s = socket.socket()
        try:
            s.bind((source, 0))
            s.connect(("127.0.0.1", port))
            s.sendall(HALF)
        except OSError:
            s.close()
            continue
        socks.append(s)
    opened.put(len(socks))
    release.wait(120)
    for s in socks:
        s.close()


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def flood(proc: subprocess.Popen, port: int, connections: int) -> dict:
    """Open ``connections`` half-sent requests, time a normal request while they are
    held, close them; the figures."""
    before = rss_kib(proc.pid)
    context = multiprocessing.get_context("fork")
    opened, release = context.Queue(), context.Event()
    shares = [min(PER_WORKER, connections - i) for i in range(0, connections, PER_WORKER)]
    workers = [context.Process(target=hold, args=(port, n, f"127.0.0.{10 + k}", opened, release))
               for k, n in enumerate(shares)]
    started = time.monotonic()
    for w in workers:
        w.start()
    during: list[tuple[int, float]] = []
    flooding = threading.Event()

    def probe() -> None:                                # a normal request every 0.25 s meanwhile
        while not flooding.wait(0.25):
            during.append(request(port))
    prober = threading.Thread(target=probe)
    prober.start()
    held = sum(opened.get(timeout=300) for _ in workers)
    opened_in = time.monotonic() - started
    flooding.set()
    prober.join()
    after_flood = [request(port) for _ in range(5)]     # with every connection held
    peak_rss, peak_files = rss_kib(proc.pid), open_files(proc.pid)
    release.set()
    for w in workers:
        w.join(60)
    time.sleep(2.0)
    request(port)
    after = rss_kib(proc.pid)
    return {"connections": connections, "opened": held, "opened_in_s": round(opened_in, 2),
            "during": {"requests": len(during), "answered": sum(s == 200 for s, _ in during),
                       "median_s": round(_quantile([t for _, t in during], 0.5), 3),
                       "p95_s": round(_quantile([t for _, t in during], 0.95), 3),
                       "slowest_s": round(max((t for _, t in during), default=0.0), 3)},
            "held": [(s, round(t, 3)) for s, t in after_flood],
            "rss_kib": {"before": before, "peak": peak_rss, "after": after},
            "server_files_peak": peak_files}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=25000)
    args = parser.parse_args()
    with serve() as (proc, port):
        for _ in range(20):             # warm up: the first answers load the solver
            request(port)
        out = flood(proc, port, args.connections)
        proc.send_signal(2)
        proc.wait(stretched(15))
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        out["server_stderr_bytes"] = len(err)
        out["exit"] = proc.returncode
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
