"""``coinche serve``: the analysis board, a local web page over every analysis."""

from __future__ import annotations

import errno
import importlib
import ipaddress
import socket
import threading
import webbrowser
from typing import Annotated, Optional

import typer

from solver.messages import tr

from .app import app
from .errors import fail, handle_errors

WEB_MODULES = ("fastapi", "uvicorn")
#: Addresses that mean "every interface".
EVERYWHERE = ("0.0.0.0", "::", "")
LOOPBACK_NAMES = ["127.0.0.1", "localhost", "::1"]


def missing_web() -> "str | None":
    """The first module of the ``web`` extra that cannot be imported, or None."""
    for name in WEB_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            return name
    return None


def _interface_addresses() -> list[str]:
    """This machine's IPv4 addresses other than the loopback ones, as far as it says."""
    found: list[str] = []
    try:
        import fcntl
        import struct
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for _, name in socket.if_nameindex():
                try:
                    packed = fcntl.ioctl(s.fileno(), 0x8915,        # SIOCGIFADDR
                                         struct.pack("256s", name[:15].encode()))
                except OSError:
                    continue
                found.append(socket.inet_ntoa(packed[20:24]))
    except (ImportError, OSError, AttributeError):
        pass
    try:
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    out: list[str] = []
    for address in found:
        if not ipaddress.ip_address(address).is_loopback and address not in out:
            out.append(address)
    return out


def _url(host: str, port: int, token: "str | None") -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + (f"#token={token}" if token else "")


def _say_where(host: str, port: int, token: "str | None", addresses: list[str]) -> None:
    """The lines that say where the board is, and the warning when it is on every network."""
    everywhere = host in EVERYWHERE
    local = _url("127.0.0.1" if everywhere else host, port, token)
    typer.echo(tr("The analysis board is at {url} (Ctrl-C stops it)", url=local), err=True)
    if everywhere:
        for address in addresses:
            typer.echo(tr("  from the network: {url}", url=_url(address, port, token)), err=True)
        typer.echo(tr("warning: anyone who can reach this machine on its networks can use the board; "
                      "nothing is encrypted") if token else
                   tr("warning: anyone who can reach this machine on its networks can use the board; "
                      "nothing is encrypted, and there is no password (--token)"), err=True)


@app.command()
@handle_errors
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on: 127.0.0.1 (this machine "
                                      "only) or 0.0.0.0 (every network the machine is on).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    open_page: Annotated[bool, typer.Option("--open", help="Open the page in the web browser.")] = False,
    allow_host: Annotated[Optional[list[str]], typer.Option(
        "--allow-host", help="Another name the board answers to (repeatable): a name of this machine "
        "on the network. Requests naming any other host are refused.")] = None,
    token: Annotated[Optional[str], typer.Option(
        "--token", help="A password every API request must carry; the page takes it from the link "
        "this command prints. For a classroom's network.")] = None,
) -> None:
    """Serve the analysis board: the deal, its table, the play card by card, bidding
    advice and practice problems on a web page, with its JSON API under /api.

    The server runs until Ctrl-C (or SIGTERM): the first stops it after cancelling the
    advice under way, a second at once. With --open the page opens in the web browser.
    """
    name = missing_web()
    if name is not None:
        raise fail(tr("the board needs {name!r}: pip install -e \".[web]\"", name=name))
    if token is not None and (len(token) < 8 or not token.isprintable() or any(c in token for c in " #&")):
        raise fail(tr("--token {token!r}: expected at least 8 characters, no space, '#' or '&'", token=token[:40]))
    from solver.web import create_app
    from solver.web.jobs import Jobs
    from solver.web.server import bind, board_server, serve as run_server

    try:
        sock = bind(host, port)
    except socket.gaierror:
        raise fail(tr("--host {host!r}: no such address on this machine", host=host)) from None
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise fail(tr("port {port} on {host} is already in use: stop what uses it or choose another with --port",
                          port=port, host=host)) from None
        raise fail(tr("cannot listen on {host}:{port}: {reason}", host=host, port=port,
                      reason=e.strerror or e)) from None
    everywhere = host in EVERYWHERE
    addresses = _interface_addresses() if everywhere else []
    hosts = LOOPBACK_NAMES + [host] + addresses + list(allow_host or [])
    if everywhere:
        hosts.append(socket.gethostname())
    jobs = Jobs()
    server = board_server(create_app(jobs, hosts=hosts, token=token), jobs)
    with server.capture_signals():      # a Ctrl-C right after the lines below still stops it
        _say_where(host, port, token, addresses)
        if open_page:
            threading.Timer(1.0, webbrowser.open, args=(_url("127.0.0.1" if everywhere else host, port,
                                                             token),)).start()
        stopped_by = run_server(server, sock)
    sock.close()
    if stopped_by is not None:
        raise typer.Exit(128 + stopped_by)
