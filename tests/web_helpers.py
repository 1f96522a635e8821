"""A live board for the web tests: the board's server (solver.web.server) on 127.0.0.1,
a free port, in a thread."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from typing import Iterator

from solver.web import create_app
from solver.web.server import BoardServer, config as server_config


@contextlib.contextmanager
def live_server(app=None, timeout: float = 10.0) -> Iterator[str]:
    """Serve ``app`` (default: a fresh board) on the loopback address; yields its base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = BoardServer(server_config(app or create_app(), lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the board's server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout)
        sock.close()
