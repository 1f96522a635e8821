"""Where the ``coinche`` command starts: Ctrl-C is honoured from the first instant.

Importing the commands (numpy, rich, the engine) takes a moment; a Ctrl-C during it
ends the process with the shell's code for SIGINT (130) and no traceback, as it does
once :func:`coinche_cli.main.main` has set its own handlers.
"""

from __future__ import annotations

import sys

#: The exit code for a command stopped by SIGINT (128 + 2, the shell's convention).
EXIT_INTERRUPTED = 130


def main() -> None:
    """Import the application and run it; an interrupt before its handlers exist exits 130."""
    try:
        from .main import main as run_command  # noqa: PLC0415 - after the interrupt guard, deliberately
        run_command()
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)
