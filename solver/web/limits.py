"""The board's bounds on what one request may ask, and the body-size guard."""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from solver.messages import tr

#: Largest request body, bytes.
MAX_BODY = 16 * 1024
#: Most deals one advice request samples (the command line allows far more; the page
#: is shared by everyone who reaches the server).
MAX_SAMPLES = 2000
#: Most worlds a play-out's players solve per decision.
MAX_WORLDS = 200
#: Largest seed accepted.
MAX_SEED = 2**31 - 1


#: The deepest nesting of arrays and objects a request body may have (the API's own
#: bodies nest two levels).
MAX_DEPTH = 32


class _Depth:
    """How deep a JSON text nests, read chunk by chunk (brackets inside strings skipped)."""

    def __init__(self) -> None:
        self.depth = self.deepest = 0
        self.in_string = self.escaped = False

    def feed(self, data: bytes) -> int:
        for byte in data:
            if self.in_string:
                if self.escaped:
                    self.escaped = False
                elif byte == 0x5C:                      # backslash
                    self.escaped = True
                elif byte == 0x22:                      # closing quote
                    self.in_string = False
            elif byte == 0x22:
                self.in_string = True
            elif byte in (0x5B, 0x7B):                  # [ {
                self.depth += 1
                self.deepest = max(self.deepest, self.depth)
            elif byte in (0x5D, 0x7D):                  # ] }
                self.depth -= 1
        return self.deepest


class BodyLimit:
    """ASGI middleware: a body over ``limit`` bytes (by its ``Content-Length`` header, or
    as a chunked body streams in) gets 413 and one line, before any handler sees it; one
    nested deeper than :data:`MAX_DEPTH` gets 400 (decided here, not by the parser's
    recursion limit, which other code in the process may change)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def _refuse(self, send: Send, status: int = 413, message: str = "") -> None:
        text = message or tr("request body larger than {limit} bytes", limit=self.limit)
        body = json.dumps({"error": text}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send)
            return
        seen = 0
        refused = False
        depth = _Depth()

        async def limited() -> Message:
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    # answered here: the application sees a client that went away, and
                    # whatever it sends after is dropped
                    refused = True
                    await self._refuse(send)
                    return {"type": "http.disconnect"}
                if depth.feed(message.get("body", b"")) > MAX_DEPTH:
                    refused = True
                    await self._refuse(send, 400, tr("the body is no JSON the API reads (UTF-8 text, "
                                                     "nested at most {depth} levels)", depth=MAX_DEPTH))
                    return {"type": "http.disconnect"}
            return message

        async def watched(message: Message) -> None:
            if not refused:
                await send(message)

        await self.app(scope, limited, watched)
