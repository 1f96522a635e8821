"""The ``coinche`` command: the application with every command module registered."""

from __future__ import annotations

import inspect

from . import cmd_advise, cmd_batch, cmd_deal, cmd_lead, cmd_par, cmd_review, cmd_score, cmd_show
from . import cmd_serve, cmd_solve, cmd_table
from .app import app

COMMAND_MODULES = (cmd_deal, cmd_show, cmd_score, cmd_solve, cmd_table, cmd_par, cmd_review,
                   cmd_batch, cmd_advise, cmd_lead, cmd_serve)


def _short_helps() -> None:
    # The command list shows each command's first paragraph; typer keeps the source's
    # line breaks there, so give it the paragraph as one line to wrap.
    for command in app.registered_commands:
        if command.short_help is None and command.callback is not None:
            doc = inspect.cleandoc(command.help or command.callback.__doc__ or "")
            command.short_help = " ".join(doc.split("\n\n")[0].split())


_short_helps()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
