"""The board's bounds on what one request may ask, and the body-size guard."""

from __future__ import annotations

import json

#: Largest request body, bytes.
MAX_BODY = 16 * 1024
#: Most deals one advice request samples (the command line allows far more; the page
#: is shared by everyone who reaches the server).
MAX_SAMPLES = 2000
#: Most worlds a play-out's players solve per decision.
MAX_WORLDS = 200
#: Largest seed accepted.
MAX_SEED = 2**31 - 1


class BodyLimit:
    """ASGI middleware: a body over ``limit`` bytes (by its ``Content-Length`` header, or
    as a chunked body streams in) gets 413 and one line, before any handler sees it."""

    def __init__(self, app, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def _refuse(self, send) -> None:
        body = json.dumps({"error": f"request body larger than {self.limit} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send)
            return
        seen = 0
        refused = False

        async def limited():
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
            return message

        async def watched(message):
            if not refused:
                await send(message)

        await self.app(scope, limited, watched)
