"""The ``coinche`` typer application; each ``cmd_*`` module adds its commands to it."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

import solver

from .errors import OneLineErrorsGroup
from .lang import BEFORE_COMMAND, LangOpt

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
    lang: LangOpt = None,
) -> None:
    """Exact double-dummy solver and hand analyzer for Coinche (Belote coinchée)."""
    BEFORE_COMMAND.set(lang)      # set on every run: an in-process run never sees an earlier one's
