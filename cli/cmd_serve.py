"""``coinche serve``: the analysis board, a local web page over every analysis."""

from __future__ import annotations

import importlib
import threading
import webbrowser
from typing import Annotated

import typer

from .app import app
from .errors import fail

WEB_MODULES = ("fastapi", "uvicorn")


def missing_web() -> "str | None":
    """The first module of the ``web`` extra that cannot be imported, or None."""
    for name in WEB_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            return name
    return None


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on: 127.0.0.1 (this machine "
                                      "only) or 0.0.0.0 (every network the machine is on).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    open_page: Annotated[bool, typer.Option("--open", help="Open the page in the web browser.")] = False,
) -> None:
    """Serve the analysis board: the deal, its table, the play card by card, bidding
    advice and practice problems on a web page, with its JSON API under /api.

    The server runs until Ctrl-C; with --open the page opens in the web browser.
    """
    name = missing_web()
    if name is not None:
        raise fail(f"the board needs {name!r}: pip install -e \".[web]\"")
    import uvicorn

    from solver.web import create_app

    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    typer.echo(f"The analysis board is at {url} (Ctrl-C stops it)", err=True)
    if open_page:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(create_app(), host=host, port=port, log_level="warning")
