"""Who may use the board: the names it answers to, and the optional token.

:class:`Access` is ASGI middleware in front of the application.

- **Host names.** A request whose ``Host`` header names none of the served names gets
  400: a page on another site cannot reach the board through a name it controls that
  points to this machine (DNS rebinding).  ``coinche serve`` serves ``127.0.0.1`` and
  ``localhost``, the machine's addresses and name with ``--host 0.0.0.0``, and the names
  given with ``--allow-host``.  A request a browser sends from a page of another site
  (its ``Origin`` header names another host) gets 403: another site's page cannot
  start work on the board through a served name either.
- **Token.** With a token, every request under ``/api`` must carry it in the
  ``X-Board-Token`` header (the page reads it from its link, ``#token=...``); without
  it the answer is 401.  The page and its files are served to anyone who reaches the
  server: they hold nothing but the program.

>>> host_name("Example.ORG:8000"), host_name("[::1]:80"), host_name("10.0.0.2")
('example.org', '::1', '10.0.0.2')
"""

from __future__ import annotations

import json
import secrets
from typing import Any, Iterable, Optional

from solver.messages import tr

#: The header carrying the token.
TOKEN_HEADER = b"x-board-token"


def host_name(header: str) -> str:
    """The name in a ``Host`` header, without its port, in lower case."""
    text = header.strip().lower()
    if text.startswith("["):
        return text[1:].split("]", 1)[0]
    if text.count(":") == 1:
        return text.split(":", 1)[0]
    return text


def _origin_host(origin: bytes) -> str:
    """The host of an ``Origin`` header (``http://host:port``)."""
    return host_name(origin.decode("latin-1").split("://", 1)[-1])


class Access:
    """ASGI middleware: refuse a request for another host name (400), or one under
    ``/api`` without the token when there is one (401), with ``{"error": ...}``."""

    def __init__(self, app: Any, hosts: Optional[Iterable[str]] = None, token: Optional[str] = None) -> None:
        self.app = app
        self.hosts = None if hosts is None else frozenset(host_name(h) for h in hosts)
        self.token = token.encode() if token else None

    async def _refuse(self, send: Any, status: int, message: str) -> None:
        body = json.dumps({"error": message}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        if self.hosts is not None:
            name = host_name(headers.get(b"host", b"").decode("latin-1"))
            if name not in self.hosts:
                shown = name[:80] or "(none)"
                await self._refuse(send, 400, tr("host {host} is not served here: start the server "
                                                 "with --allow-host {name} to serve that name",
                                                 host=repr(shown), name=shown))
                return
            origin = headers.get(b"origin")
            if origin is not None and origin != b"null" and _origin_host(origin) not in self.hosts:
                await self._refuse(send, 403, tr("a page of another site cannot use the board"))
                return
        if self.token is not None and scope.get("path", "").startswith("/api"):
            given = headers.get(TOKEN_HEADER, b"")
            if not secrets.compare_digest(given, self.token):
                await self._refuse(send, 401, tr("this board needs its token: open the link that "
                                                 "coinche serve printed (it ends in #token=...)"))
                return
        await self.app(scope, receive, send)
