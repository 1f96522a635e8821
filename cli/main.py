"""The ``coinche`` application: one typer app, commands registered from their modules."""

from __future__ import annotations

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


_register()


def main() -> None:
    app()


if __name__ == "__main__":
    # Run as ``python -m cli.main`` this file is ``__main__``, a second module beside
    # ``cli.main`` on which the commands register: hand over to the real one.
    from cli.main import main as _main

    _main()
