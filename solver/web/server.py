"""Serving the board: uvicorn with bounds on what one client can hold, and stops on signals.

uvicorn's HTTP/1.1 protocol (h11) waits for a request head as long as a client keeps
its connection open, and accepts connections until the process runs out of file
handles.  :class:`GuardedProtocol` adds what a server reachable by others needs:

- a request must arrive whole within :data:`REQUEST_TIMEOUT` seconds of its first byte
  (or of the connection's opening): a client sending its head or body a byte at a time,
  or nothing at all, is disconnected;
- past :data:`MAX_CONNECTIONS` open connections, a new one closes the oldest connection
  whose request has not arrived (an idle keep-alive connection, a half-sent request)
  and that has had :data:`GRACE` seconds to send it; past :data:`HARD_MAX_CONNECTIONS`,
  the oldest such connection whatever its age, or the new one.  So a flood of half-open
  connections cannot keep a real request out (a request sent at once arrives within its
  grace), and the process never runs out of file handles;
- once a flood of connections has gone, the memory it took is given back to the
  system (:func:`give_back_memory`);
- an idle keep-alive connection closes after :data:`KEEP_ALIVE` seconds.

:class:`BoardServer` stops on the first SIGINT or SIGTERM: it stops accepting, cancels
the advice jobs under way (their waiting requests get 503), and exits once the answers
are sent; a second signal ends the process at once.  :class:`OneLineLogs` keeps the
server's log to one line per event and a few lines a minute, whatever clients send.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import gc
import logging
import os
import signal
import socket
import sys
import threading
import time
from typing import Any, Iterator, Optional

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from solver.messages import tr

#: Seconds a client has to send a whole request (head and body).
REQUEST_TIMEOUT = 10.0
#: Seconds an idle keep-alive connection is kept.
KEEP_ALIVE = 5
#: Open connections past which a new one closes an old one still waiting for its request.
MAX_CONNECTIONS = 500
#: Open connections never exceeded (the process's file-handle limit must be above it).
HARD_MAX_CONNECTIONS = 1000
#: Seconds a new connection has to send its request before it may be closed for another.
GRACE = 1.0
#: Connections the system queues before the server accepts them; also how many the
#: server accepts in one go, so what a burst of connections costs in memory at once.
BACKLOG = 256
#: Open connections, at a peak, after which memory is given back once they have gone.
TRIM_AFTER = 200
#: Log records let through per logger and :data:`LOG_WINDOW` seconds.
LOG_BURST = 10
LOG_WINDOW = 60.0

_WAITING_STATES = (h11.IDLE, h11.SEND_BODY)


class _Waiting:
    """The connections whose request has not arrived whole, oldest first, and the peak
    of open connections since memory was last given back."""

    def __init__(self) -> None:
        self.order: "collections.OrderedDict[GuardedProtocol, None]" = collections.OrderedDict()
        self.peak = 0


def _waiting(server_state: Any) -> _Waiting:
    found = getattr(server_state, "coinche_waiting", None)
    if found is None:
        found = _Waiting()
        server_state.coinche_waiting = found
    return found


class GuardedProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request and a cap on connections."""

    max_connections = MAX_CONNECTIONS
    hard_max_connections = HARD_MAX_CONNECTIONS
    grace = GRACE
    request_timeout = REQUEST_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: "Any | None" = None
        self._waiting_since = 0.0
        self._waiting = _waiting(self.server_state)

    # -- the connection's life -------------------------------------------------------------
    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        open_now = len(self.connections)
        self._waiting.peak = max(self._waiting.peak, open_now)
        if open_now > self.max_connections:
            hard = open_now > self.hard_max_connections
            if not self._evict_oldest(0.0 if hard else self.grace) and hard:
                self.transport.abort()
                return
        self._wait_for_request()

    def connection_lost(self, exc: "Exception | None") -> None:
        self._arrived()
        super().connection_lost(exc)
        if not self.connections and self._waiting.peak > TRIM_AFTER:
            self._waiting.peak = 0
            self.loop.call_soon(give_back_memory)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.is_closing():
            self._arrived()
        elif self.conn.their_state in _WAITING_STATES:
            self._wait_for_request()
        else:
            self._arrived()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state in _WAITING_STATES:
            # a keep-alive connection waiting for its next request: uvicorn's keep-alive
            # timer runs until its first byte, then the request's deadline
            self._waiting.order.pop(self, None)
            self._waiting_since = self.loop.time()
            self._waiting.order[self] = None

    def shutdown(self) -> None:
        """The server stops: a request still arriving will not be answered."""
        if self.conn.their_state in _WAITING_STATES:
            self._arrived()
            self.transport.close()
            return
        super().shutdown()

    # -- helpers -------------------------------------------------------------------------------
    def _wait_for_request(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.request_timeout, self._too_slow)
        if self not in self._waiting.order:
            self._waiting_since = self.loop.time()
            self._waiting.order[self] = None

    def _arrived(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._waiting.order.pop(self, None)

    def _too_slow(self) -> None:
        self._deadline = None
        if self.conn.their_state in _WAITING_STATES and not self.transport.is_closing():
            self._arrived()
            self.transport.abort()

    def _evict_oldest(self, age: float) -> bool:
        """Close the connection that has waited longest for its request, if it has waited
        ``age`` seconds at least; False if none."""
        for other in self._waiting.order:
            if other is not self:
                if self.loop.time() - other._waiting_since < age:
                    return False
                other._arrived()
                other.transport.abort()
                return True
        return False


def give_back_memory() -> None:
    """Collect garbage and hand the C heap's free pages back to the system (glibc)."""
    gc.collect()
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):      # pragma: no cover - not glibc
        pass


class OneLineLogs(logging.Filter):
    """Let through at most :data:`LOG_BURST` records a :data:`LOG_WINDOW`, each one line
    (an exception is named, its traceback left out); says how many were left out."""

    def __init__(self, burst: int = LOG_BURST, window: float = LOG_WINDOW) -> None:
        super().__init__()
        self.burst, self.window = burst, window
        self.started = time.monotonic()
        self.passed = 0
        self.dropped = 0
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        with self._lock:
            now = time.monotonic()
            if now - self.started > self.window:
                self.started, self.passed = now, 0
            if self.passed >= self.burst:
                self.dropped += 1
                return False
            self.passed += 1
            dropped, self.dropped = self.dropped, 0
        message = " ".join(record.getMessage().split())
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            message += f" ({type(error).__name__}: {' '.join(str(error).split())[:200]})"
        if dropped:
            message += f" ({dropped} earlier messages left out)"
        record.msg, record.args, record.exc_info, record.exc_text, record.stack_info = message[:500], (), None, None, None
        return True


#: The loggers a client's behaviour can make write.
LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "asyncio")


@contextlib.contextmanager
def bounded_logs() -> Iterator[OneLineLogs]:
    """Put one :class:`OneLineLogs` filter on :data:`LOGGERS` for the duration."""
    limit = OneLineLogs()
    loggers = [logging.getLogger(name) for name in LOGGERS]
    for logger in loggers:
        logger.addFilter(limit)
    try:
        yield limit
    finally:
        for logger in loggers:
            logger.removeFilter(limit)


class BoardServer(uvicorn.Server):
    """uvicorn's server with the board's stop: the first signal stops taking work and
    cancels the jobs under way; a second one ends the process at once."""

    def __init__(self, config: uvicorn.Config, jobs: Any = None) -> None:
        super().__init__(config)
        self.jobs = jobs
        self.signal: Optional[int] = None

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        signals = (signal.SIGINT, signal.SIGTERM)
        before = {sig: signal.signal(sig, self.handle_exit) for sig in signals}
        try:
            yield
        finally:
            for sig, handler in before.items():
                signal.signal(sig, handler)

    def handle_exit(self, sig: int, frame: Any) -> None:
        if self.signal is not None:
            # a second signal: no more waiting
            try:
                os.write(2, (tr("stopped at once by a second signal") + "\n").encode())
            finally:
                os._exit(128 + sig)
        self.signal = sig
        self.should_exit = True
        if self.jobs is not None:
            self.jobs.stop_all()


def _fixed_mmap_threshold() -> None:
    """Keep glibc's large-block threshold at its default: a socket read asks for 256 KiB
    and keeps a few bytes of it; from the heap (where the moving threshold would put it)
    that fragments the heap, from mmap it is returned whole."""
    try:
        ctypes.CDLL(None).mallopt(-3, 128 * 1024)          # M_MMAP_THRESHOLD
    except (OSError, AttributeError):      # pragma: no cover - not glibc
        pass


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``; OSError when the address is taken or wrong.

    The socket names its protocol (TCP, from ``getaddrinfo``): asyncio switches Nagle's
    algorithm off only on connections accepted from such a socket, and with it on, each
    answer on a kept-alive connection waits about 40 ms for the client's delayed ACK."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def config(app: Any, **changes: Any) -> uvicorn.Config:
    """uvicorn's configuration for the board: the guarded protocol, its timeouts."""
    options: dict[str, Any] = dict(http=GuardedProtocol, log_level="warning", timeout_keep_alive=KEEP_ALIVE,
                                   backlog=BACKLOG, access_log=False, lifespan="on", ws="none")
    options.update(changes)
    return uvicorn.Config(app, **options)


def board_server(app: Any, jobs: Any = None) -> BoardServer:
    """The server for ``app``; enter its :meth:`~BoardServer.capture_signals` before saying
    where the board is, so a Ctrl-C that follows the message at once still stops it."""
    return BoardServer(config(app), jobs)


def serve(server: BoardServer, sock: socket.socket) -> Optional[int]:
    """Serve on ``sock`` until a signal; the signal's number, or None."""
    _fixed_mmap_threshold()
    with bounded_logs():
        server.run(sockets=[sock])
    sys.stderr.flush()
    return server.signal
