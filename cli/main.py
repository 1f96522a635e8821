"""The ``coinche`` command: the application with every command module registered, and
how the process ends.

Exit codes: 0 done (also when the reader of the output goes away: ``coinche ... |
head -1``); 1 some input lines were bad; 2 bad input; 74 the output could not be
written (a full disk, ``/dev/full``); 75 a study lost its cluster (run it again to
resume); 129, 130 or 143 stopped by SIGHUP (the terminal closed), SIGINT (Ctrl-C) or
SIGTERM.  A stopped command unwinds: its workers are terminated and an unfinished
``--out`` file is removed, an older file there kept.  A second signal during the
unwinding ends the process at once (its worker processes killed first), and so does
an unwinding that takes more than :data:`UNWIND_SECONDS`.  Once unwound, the process ends
without the interpreter's teardown (:func:`_end_unwound`).
"""

from __future__ import annotations

import errno
import inspect
import multiprocessing
import os
import signal
import sys
import threading
from types import FrameType
from typing import Optional

import typer

from solver.messages import tr

from . import cmd_advise, cmd_batch, cmd_bidreview, cmd_deal, cmd_lead, cmd_match, cmd_par, cmd_review
from . import cmd_play, cmd_playout, cmd_practice, cmd_score, cmd_game, cmd_selfplay
from . import cmd_problems, cmd_serve, cmd_show, cmd_solve, cmd_study, cmd_table
from .app import app
from .errors import OutputError, error_line, one_value_commands

#: The exit code when the output cannot be written (``EX_IOERR`` of sysexits.h).
EXIT_WRITE_FAILED = 74

COMMAND_MODULES = (cmd_deal, cmd_show, cmd_score, cmd_solve, cmd_table, cmd_par, cmd_review,
                   cmd_batch, cmd_advise, cmd_bidreview, cmd_lead, cmd_play, cmd_playout, cmd_match,
                   cmd_serve, cmd_study, cmd_game, cmd_selfplay, cmd_practice, cmd_problems)


def _short_helps(group: typer.Typer) -> None:
    # A command list shows each command's first paragraph; typer keeps the source's
    # line breaks there, so give it the paragraph as one line to wrap (in the groups too).
    for command in group.registered_commands:
        if command.short_help is None and command.callback is not None:
            doc = inspect.cleandoc(command.help or command.callback.__doc__ or "")
            command.short_help = " ".join(doc.split("\n\n")[0].split())
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            _short_helps(sub.typer_instance)


_short_helps(app)
one_value_commands(app)


#: The signals that stop a command.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


#: How long a stopped command may take to unwind before it ends at once, as on a
#: second signal: the bound on a stop, even one whose unwinding hangs or is lost.
UNWIND_SECONDS = 15.0


def _stop(signum: int, frame: Optional[FrameType]) -> None:
    # The first signal unwinds the command (128 + the signal number, the shell's
    # convention): workers stopped, finished work kept, temporary files removed.
    for sig in STOP_SIGNALS:
        signal.signal(sig, _stop_now)
    limit = threading.Timer(UNWIND_SECONDS, _unwound_too_slowly, (signum,))
    limit.daemon = True                     # a process that ends in time does not wait for it
    limit.start()
    raise SystemExit(128 + signum)


def _unwound_too_slowly(signum: int) -> None:
    try:
        text = tr("the command did not stop within {n} s: ended at once", n=f"{UNWIND_SECONDS:g}")
        os.write(2, f"\n{error_line(text)}\n".encode())
    except OSError:                         # pragma: no cover - stderr is gone
        pass
    _stop_now(signum, None)


def _stop_now(signum: int, frame: Optional[FrameType]) -> None:
    # A second signal: the user will not wait for the unwinding.  The worker processes
    # go first (they would outlive us), then this process, at once.
    for child in multiprocessing.active_children():
        try:
            child.kill()
        except (OSError, ValueError):       # pragma: no cover - already gone
            pass
    os._exit(128 + signum)


def _silence_stdout() -> None:
    """Point stdout at /dev/null: what is still buffered for it cannot fail again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):         # pragma: no cover - stdout is no file
        pass


def _write_failed(error: OSError, target: "str | None") -> int:
    """Exit code for an output that could not be written; a closed pipe is no error."""
    _silence_stdout()
    if isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE:
        return 0
    where = "the output" if target is None else repr(target)
    try:
        print(f"error: cannot write {where}: {error.strerror or error}", file=sys.stderr, flush=True)
    except OSError:                         # pragma: no cover - stderr is gone too
        pass
    return EXIT_WRITE_FAILED


def main() -> None:
    for sig in STOP_SIGNALS:
        signal.signal(sig, _stop)
    code: "int | str | None" = 0
    try:
        try:
            app()
        except SystemExit as e:
            code = e.code
        sys.stdout.flush()
    except OutputError as e:
        code = _write_failed(e.error, e.target)
    except OSError as e:                    # the last flush of stdout
        code = _write_failed(e, None)
    if code in STOP_CODES:
        _end_unwound(int(code))
    sys.exit(code)


#: The exit codes of a command stopped by one of :data:`STOP_SIGNALS`.
STOP_CODES = frozenset(128 + int(sig) for sig in STOP_SIGNALS)


def _end_unwound(code: int) -> None:
    """End a stopped command that has unwound (finished work kept, workers stopped,
    temporary files removed) at once, without the interpreter's teardown: after a long
    run that frees what the run built up for seconds, half a minute after an hour of
    bidding mining, while the user waits on a Ctrl-C."""
    try:
        sys.stderr.flush()
    except OSError:                         # pragma: no cover - stderr is gone
        pass
    os._exit(code)


if __name__ == "__main__":
    main()
