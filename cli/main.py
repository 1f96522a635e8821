"""The ``coinche`` application: one typer app, commands registered from their modules."""

from __future__ import annotations

import inspect
from typing import Annotated, Optional

import typer

import solver
from cli.common import OneLineErrorsGroup

app = typer.Typer(
    name="coinche",
    cls=OneLineErrorsGroup,
    help="Exact double-dummy solver and hand analyzer for Coinche (Belote coinchée).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"coinche {solver.__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        Optional[bool],
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit."),
    ] = None,
) -> None:
    """Exact double-dummy solver and hand analyzer for Coinche (Belote coinchée)."""


def _register() -> None:
    # Each command module adds its commands to ``app`` on import.
    import importlib
    import pkgutil

    import cli

    for info in pkgutil.iter_modules(cli.__path__):
        if info.name.startswith("cmd_"):
            importlib.import_module(f"cli.{info.name}")
    # The command list shows each command's first paragraph; typer keeps the source's
    # line breaks there, so give it the paragraph as one line to wrap.
    for command in app.registered_commands:
        if command.short_help is None and command.callback is not None:
            doc = inspect.cleandoc(command.help or command.callback.__doc__ or "")
            command.short_help = " ".join(doc.split("\n\n")[0].split())


_register()


def main() -> None:
    app()


if __name__ == "__main__":
    # Run as ``python -m cli.main`` this file is ``__main__``, a second module beside
    # ``cli.main`` on which the commands register: hand over to the real one.
    from cli.main import main as _main

    _main()
