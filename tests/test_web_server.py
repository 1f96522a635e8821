"""``coinche serve`` as a server reachable by others: bounded clients, stops on signals,
the names it answers to, its token, and the shape of every error.

The tests that need a real server start ``coinche serve`` on a free port of 127.0.0.1
(tests/web_flood.py) and only ever connect to 127.0.0.1.
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest
from fastapi.testclient import TestClient

from solver.web import create_app
from solver.web import server as web_server
from solver.web.jobs import ID_BYTES, JobKind, Jobs
from solver.web.limits import MAX_BODY, MAX_SAMPLES
from web_flood import HALF, free_port, open_files, request, serve, shutil_coinche
from patience import stretched

pytestmark = pytest.mark.slow


def wait_for(predicate, timeout: float = 30.0, step: float = 0.05) -> None:
    deadline = time.monotonic() + stretched(timeout)
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(step)


def closed_by_server(sock: socket.socket) -> bool:
    """True once the server has closed ``sock`` (end of stream or reset)."""
    sock.setblocking(False)
    try:
        return sock.recv(1024) == b""
    except BlockingIOError:
        return False
    except ConnectionError:
        return True


# ---------------------------------------------------------------- clients that hold the server
def test_half_open_flood_and_slow_clients_cannot_hold_the_server():
    """A client sending its head a byte at a time and one sending nothing are
    disconnected after the request deadline, normal requests being answered meanwhile;
    then more half-sent requests than the server keeps: it never holds more connections
    than its hard limit and a normal request is still answered; the log stays short."""
    flood = web_server.HARD_MAX_CONNECTIONS + 500
    with serve() as (proc, port):
        files_before = open_files(proc.pid)
        slow = socket.create_connection(("127.0.0.1", port))
        silent = socket.create_connection(("127.0.0.1", port))
        opened = time.monotonic()
        stop = threading.Event()

        def trickle() -> None:          # one byte of the head every 0.5 s, never the end
            for byte in HALF * 10:
                if stop.wait(0.5):
                    return
                try:
                    slow.send(bytes([byte]))
                except OSError:
                    return
        threading.Thread(target=trickle, daemon=True).start()
        held = []
        try:
            answered = []

            def both_closed() -> bool:
                answered.append(request(port)[0])
                return closed_by_server(slow) and closed_by_server(silent)
            wait_for(both_closed, timeout=web_server.REQUEST_TIMEOUT + 20, step=0.5)
            assert time.monotonic() - opened >= web_server.REQUEST_TIMEOUT * 0.9
            assert set(answered) == {200}
            for _ in range(flood):
                s = socket.create_connection(("127.0.0.1", port))
                s.sendall(HALF)
                held.append(s)
            # the server sees every connection; it keeps at most its hard limit open
            wait_for(lambda: request(port)[0] == 200)
            assert open_files(proc.pid) - files_before <= web_server.HARD_MAX_CONNECTIONS + 10
            assert [request(port)[0] for _ in range(5)] == [200] * 5
            # the oldest half-sent requests were closed for the newer ones
            assert sum(closed_by_server(s) for s in held[:100]) == 100
        finally:
            stop.set()
            for s in held + [slow, silent]:
                s.close()
        wait_for(lambda: open_files(proc.pid) <= files_before + 2, timeout=30)
        assert request(port)[0] == 200
        proc.send_signal(signal.SIGINT)
        proc.wait(stretched(20))
        err = proc.stderr.read().decode()
    assert "Traceback" not in err and len(err.splitlines()) <= web_server.LOG_BURST + 2, err[:2000]


def test_an_idle_keep_alive_connection_is_closed():
    """uvicorn's keep-alive timeout holds: an idle connection after a request closes."""
    with serve() as (proc, port):
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(b"GET /api/deal?seed=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert s.recv(65536).startswith(b"HTTP/1.1 200")
            wait_for(lambda: closed_by_server(s), timeout=web_server.KEEP_ALIVE + 20, step=0.2)


def test_bounded_logs_keep_one_line_and_a_few_a_minute():
    import logging
    limit = web_server.OneLineLogs(burst=3, window=60)
    records = []
    for n in range(10):
        try:
            raise OSError(24, "Too many open files")
        except OSError:
            record = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "accept failed %d\nmore", (n,),
                                       sys.exc_info())
        if limit.filter(record):
            records.append(record)
    assert len(records) == 3
    assert [r.getMessage() for r in records][0] == "accept failed 0 more (OSError: [Errno 24] Too many open files)"
    assert all(r.exc_info is None for r in records)


# ---------------------------------------------------------------- stopping
def _advice_request(port: int, out: dict) -> None:
    body = json.dumps({"hand": "AJ9.A7.KT.J", "samples": MAX_SAMPLES, "seed": 1}).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=120) as s:
        s.sendall(b"POST /api/advise HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    out["answer"] = data


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_cancels_the_advice_under_way_and_stops(sig):
    """The first signal stops taking work and cancels the advice under way: its client
    gets 503 and one line, and the server exits at once with 128 + the signal, no
    traceback.  (Sampling 2000 deals takes far longer than the bound here.)"""
    with serve() as (proc, port):
        out: dict = {}
        waiter = threading.Thread(target=_advice_request, args=(port, out))
        waiter.start()
        job = None
        with socket.create_connection(("127.0.0.1", port)) as s:   # a polled job, to see the work start
            body = json.dumps({"hand": "KQ9.A7.KT.J", "samples": MAX_SAMPLES, "seed": 2}).encode()
            s.sendall(b"POST /api/jobs/advise HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      b"Connection: close\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
            job = json.loads(s.makefile("rb").read().split(b"\r\n\r\n", 1)[1])
        time.sleep(1.0)
        started = time.monotonic()
        proc.send_signal(sig)
        proc.wait(stretched(30))
        stopped_in = time.monotonic() - started
        waiter.join(30)
        err = proc.stderr.read().decode()
    assert proc.returncode == 128 + sig
    assert stopped_in < stretched(15), stopped_in
    assert "Traceback" not in err, err[:2000]
    head, _, body = out["answer"].partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 503"), out["answer"][:300]
    assert json.loads(body) == {"error": "the server is stopping"}
    assert job["state"] in ("waiting", "running")


def test_a_second_signal_stops_at_once():
    with serve() as (proc, port):
        out: dict = {}
        waiter = threading.Thread(target=_advice_request, args=(port, out), daemon=True)
        waiter.start()
        time.sleep(1.0)
        proc.send_signal(signal.SIGTERM)
        proc.send_signal(signal.SIGTERM)
        proc.wait(stretched(10))
        err = proc.stderr.read().decode()
    assert proc.returncode == 128 + signal.SIGTERM
    assert "Traceback" not in err, err[:2000]


def test_the_second_signal_ends_the_process_without_waiting():
    """The stop's two steps, called as the signals call them (two signals sent together
    may reach Python as one): the first asks the server to stop and cancels the jobs,
    the second ends the process there and then."""
    code = ("import signal; from solver.web import create_app; from solver.web.jobs import Jobs;"
            "from solver.web.server import BoardServer, config;"
            "jobs = Jobs(); s = BoardServer(config(create_app(jobs)), jobs);"
            "s.handle_exit(signal.SIGTERM, None); print(s.should_exit, jobs.stopping, flush=True);"
            "s.handle_exit(signal.SIGTERM, None); print('not reached')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 128 + signal.SIGTERM
    assert out.stdout == "True True\n"
    assert out.stderr == "stopped at once by a second signal\n"


# ---------------------------------------------------------------- on a network
def test_a_busy_port_is_one_line_and_exit_2():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        out = subprocess.run([shutil_coinche(), "serve", "--port", str(port)], capture_output=True, text=True,
                             timeout=60)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [f"error: port {port} on 127.0.0.1 is already in use: "
                                               "stop what uses it or choose another with --port"]


def test_every_interface_warns_and_names_the_real_addresses():
    """``--host 0.0.0.0`` says the board is exposed and gives the machine's addresses
    (the test connects to nothing: it reads the lines and stops the server)."""
    from coinche_cli.cmd_serve import _interface_addresses
    port = free_port()
    proc = subprocess.Popen([shutil_coinche(), "serve", "--host", "0.0.0.0", "--port", str(port),
                             "--token", "classroom-42"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    try:
        lines = []
        while not lines or not lines[-1].startswith("warning:"):
            line = proc.stderr.readline()
            assert line, "".join(lines)
            lines.append(line.strip())
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(stretched(20))
    assert lines[0] == f"The analysis board is at http://127.0.0.1:{port}/#token=classroom-42 (Ctrl-C stops it)"
    network = [line.split(": ", 1)[1] for line in lines if line.startswith("from the network")]
    assert network == [f"http://{a}:{port}/#token=classroom-42" for a in _interface_addresses()]
    assert all("127." not in url for url in network)
    assert lines[-1].startswith("warning: anyone who can reach this machine")


def test_job_ids_are_random():
    jobs = Jobs()
    try:
        ids = [jobs.start(JobKind.LEAD, lambda progress: 1).id for _ in range(10)]
    finally:
        jobs.shutdown()
    assert len(set(ids)) == 10
    assert all(len(i) >= ID_BYTES * 4 // 3 for i in ids)      # token_urlsafe: 4 characters per 3 bytes
    assert len({i[:4] for i in ids}) > 1                       # no counter, no clock


def test_host_header_is_checked():
    with TestClient(create_app(hosts=["127.0.0.1", "localhost", "board.lan"])) as c:
        refused = c.get("/api/deal", params={"seed": 1}, headers={"host": "evil.example:8000"})
        assert refused.status_code == 400
        assert refused.json() == {"error": "host 'evil.example' is not served here: start the server with "
                                           "--allow-host evil.example to serve that name"}
        assert c.get("/", headers={"host": "attacker.test"}).status_code == 400
        for host in ("127.0.0.1:8000", "localhost", "BOARD.lan:80"):
            assert c.get("/api/deal", params={"seed": 1}, headers={"host": host}).status_code == 200
        # a page of another site, through a served name: refused; the board's own page: served
        other = c.post("/api/table", json={"deal": "example"},
                       headers={"host": "127.0.0.1:8000", "origin": "http://evil.example"})
        assert other.status_code == 403 and other.json() == {"error": "a page of another site cannot use the board"}
        own = c.post("/api/table", json={"deal": "example"},
                     headers={"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"})
        assert own.status_code == 200


def test_the_token_guards_every_api_request():
    token = "classroom-42"
    with TestClient(create_app(token=token)) as c:
        for method, path, body in (("GET", "/api/deal?seed=1", None), ("POST", "/api/table", {"deal": "example"}),
                                   ("GET", "/api/jobs/abc", None), ("POST", "/api/jobs/abc/cancel", None)):
            refused = c.request(method, path, json=body)
            assert refused.status_code == 401 and "token" in refused.json()["error"]
            wrong = c.request(method, path, json=body, headers={"x-board-token": token + "x"})
            assert wrong.status_code == 401
        assert c.get("/api/deal?seed=1", headers={"x-board-token": token}).status_code == 200
        assert c.get("/").status_code == 200 and c.get("/static/board.js").status_code == 200


@pytest.mark.parametrize("method, path, content, status", [
    ("GET", "/nonesuch", None, 404),
    ("GET", "/api/nonesuch", None, 404),
    ("DELETE", "/api/table", None, 405),
    ("GET", "/api/table", None, 405),
    ("POST", "/api/table", b'{"deal": "\xff\xfe"}', 400),
    ("POST", "/api/table", b"[" * 100000 + b"]" * 100000, 413),
    ("POST", "/api/table", b"[" * 5000 + b"]" * 5000, 400),
    ("POST", "/api/table", b"{not json", 422),
    ("GET", "/api/jobs/nonesuch", None, 404),
])
def test_every_error_is_error_not_detail(method, path, content, status):
    with TestClient(create_app()) as c:
        r = c.request(method, path, content=content, headers={"content-type": "application/json"})
    assert r.status_code == status
    assert list(r.json()) == ["error"] and "\n" not in r.json()["error"]


def test_deep_nesting_is_refused_whatever_the_recursion_limit():
    """33 levels are refused by the server's own count, even where the process allows deep
    recursion (mypy's API, run by the type test in the same process, raises the limit);
    a bracket inside a string does not count."""
    import sys
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(100_000)
    try:
        with TestClient(create_app()) as c:
            deep = c.post("/api/table", content=b"[" * 33 + b"]" * 33, headers={"content-type": "application/json"})
            flat = c.post("/api/table", json={"deal": "[[[[" * 20})
    finally:
        sys.setrecursionlimit(old)
    assert deep.status_code == 400 and "nested at most 32 levels" in deep.json()["error"]
    assert flat.status_code == 400 and "nested" not in flat.json()["error"]


def test_a_chunked_body_over_the_limit_gets_413():
    def chunks():
        yield b'{"deal": "'
        for _ in range(MAX_BODY // 1000 + 1):
            yield b"x" * 1000
        yield b'"}'
    with TestClient(create_app()) as c:
        r = c.post("/api/table", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json() == {"error": f"request body larger than {MAX_BODY} bytes"}


def test_docs_load_nothing_from_elsewhere():
    with TestClient(create_app()) as c:
        page = c.get("/docs")
        assert page.status_code == 200 and "/openapi.json" in page.text and "/api/table" in page.text
        assert "http://" not in page.text and "https://" not in page.text and "//cdn" not in page.text
        assert c.get("/redoc").status_code == 404


def test_answers_on_a_kept_alive_connection_go_out_at_once():
    # asyncio switches Nagle's algorithm off only on connections accepted from a socket
    # that names TCP, as the board's (web_server.bind) does; with it on, each answer after
    # the first on a kept-alive connection waited about 40 ms for the client's delayed ACK
    import http.client
    sock = web_server.bind("127.0.0.1", 0)
    server = web_server.BoardServer(web_server.config(create_app(), lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        while not server.started:
            assert thread.is_alive()
            time.sleep(0.02)
        client = http.client.HTTPConnection("127.0.0.1", sock.getsockname()[1], timeout=10)
        for _ in range(2):
            client.request("GET", "/api/deal?seed=3")
            assert client.getresponse().read()
        [connection] = server.server_state.connections
        accepted = connection.transport.get_extra_info("socket")
        assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
        client.close()
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
