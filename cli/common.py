"""What every command shares: argument parsing, error handling and output.

Domain errors (:class:`solver.CoincheError`) become one line on stderr and exit
code 2; JSON goes to stdout as plain ``json.dumps``; what people read goes through
:mod:`.output`.
"""

from __future__ import annotations

import errno
import functools
import json
import math
import random
import sys
from typing import Annotated, Any, Callable, Optional

import typer
from typer.core import TyperGroup

import solver
from .output import console, err_console  # noqa: F401  (the commands import them from here)
from solver.deal import first_leader
from solver.errors import CoincheError, quote
from solver.rules import Rules

try:  # typer >= 0.2x carries its own copy of click; older ones use click itself
    from typer._click import exceptions as _click_exc
except ImportError:  # pragma: no cover
    from click import exceptions as _click_exc

_CLICK_ERRORS = (_click_exc.ClickException,)
_NO_ARGS = (_click_exc.NoArgsIsHelpError,) if hasattr(_click_exc, "NoArgsIsHelpError") else ()
_ABORTS = (typer.Abort,) + ((_click_exc.Abort,) if hasattr(_click_exc, "Abort") else ())

# Arguments and options several commands share, declared once.
DealArg = Annotated[str, typer.Argument(help="The deal as PBN text ('N:AK.K8.K8.A8 ...'), or 'example'.")]
StrainOpt = Annotated[Optional[str], typer.Option("--strain", help="Trumps: S H D C, SA or TA.")]
LeaderOpt = Annotated[Optional[str], typer.Option("--leader", help="The seat that leads the first "
                                                  "trick (default N).")]
DealerOpt = Annotated[Optional[str], typer.Option("--dealer", help="The dealer; the seat after leads.")]
PlayedOpt = Annotated[Optional[str], typer.Option("--played", help="Cards played so far, "
                                                  "in order: \"SA S7 SQ ...\".")]
UndertrumpOpt = Annotated[bool, typer.Option("--undertrump/--no-undertrump", help="Must undertrump "
                                             "an opponent's winning trump (default) or may discard.")]
OvertrumpPartnerOpt = Annotated[bool, typer.Option("--overtrump-partner/--no-overtrump-partner",
                                                   help="On a trump lead, must beat even the "
                                                   "partner's trump (default).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]
# What sampling knows of the unseen hands (advise, lead).
KnownOpt = Annotated[Optional[list[str]], typer.Option("--known", help="Cards known at another "
                                                       "seat: E:SJ,S9 (repeatable).")]
VoidOpt = Annotated[Optional[list[str]], typer.Option("--void", help="A seat void in suits: W:S "
                                                      "(repeatable).")]
LengthOpt = Annotated[Optional[list[str]], typer.Option("--length", help="Suit length range: "
                                                        "N:H:3-5 (repeatable).")]
PointsOpt = Annotated[Optional[list[str]], typer.Option("--points", help="Card points range at "
                                                        "plain-suit values: N:20-60 (repeatable).")]
#: The most parallel workers a command accepts: more only costs memory (each keeps a
#: 1 MiB transposition table) and, for processes, a fork each.
MAX_WORKERS = 256
#: The most deals ``advise`` and ``lead`` sample (about 400 bytes each, and hours of solving).
MAX_SAMPLES = 1_000_000

WorkersOpt = Annotated[Optional[int], typer.Option("--workers", min=1, max=MAX_WORKERS,
                                                   help="Parallel solvers (default: every core).")]


EXIT_BAD_INPUT = 2


def fresh_seed() -> int:
    """A fresh random seed for a command run without ``--seed``; the command shows it in
    its output, so that ``--seed`` with it gives the same result again."""
    return random.SystemRandom().randrange(1 << 31)


def fail(message: str) -> "typer.Exit":
    """Print one line on stderr and return the Exit to raise (code 2)."""
    err_console.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
    return typer.Exit(EXIT_BAD_INPUT)


def handle_errors(func: Callable) -> Callable:
    """Decorator: a :class:`CoincheError` becomes one line on stderr and exit code 2."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except CoincheError as e:
            raise fail(str(e)) from None
        except FileNotFoundError as e:
            raise fail(f"no such file: {e.filename!r}") from None
        except OSError as e:
            if e.filename is None:      # not about a file the user named (a broken pipe, ...)
                raise
            raise fail(f"cannot use {str(e.filename)!r}: {e.strerror or e}") from None

    return wrapper


def _bad_input(e: Exception) -> "str | None":
    """The text the user gave for a parameter typer could not convert, if it says."""
    cause = e.__cause__
    errors = getattr(cause, "errors", None)
    if not callable(errors):
        return None
    try:
        first = errors()[0]
    except (TypeError, IndexError):     # pragma: no cover - not a pydantic ValidationError
        return None
    value = first.get("input") if isinstance(first, dict) else None
    return value if isinstance(value, str) else None


#: The errors of a write that failed for want of room or of a reader.
WRITE_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


class OutputError(Exception):
    """Writing the output failed (a closed pipe, a full disk): ``error`` is the OSError,
    ``target`` the file written (``None``: stdout).  The entry point reports it."""

    def __init__(self, error: OSError, target: "str | None" = None) -> None:
        super().__init__(error, target)
        self.error = error
        self.target = target


class OneLineErrorsGroup(TyperGroup):
    """The app's command group: a usage error (unknown option, a value of the wrong
    type, a missing argument) becomes one line on stderr and exit code 2, like a
    :class:`CoincheError`, instead of click's usage box."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _NO_ARGS as e:
            e.show()  # bare ``coinche``: the help text, as before
            sys.exit(e.exit_code)
        except _CLICK_ERRORS as e:
            message = " ".join(e.format_message().split())
            bad = _bad_input(e)
            if bad is not None and repr(bad) not in message:
                message = f"{message} (got {quote(bad)})"
            err_console.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
            sys.exit(EXIT_BAD_INPUT)
        except _ABORTS:
            err_console.print("Aborted!", markup=False, highlight=False)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) and not isinstance(rv, bool) else 0)

    def invoke(self, ctx):
        # Past typer, which would turn a closed pipe into exit code 1, to the entry point.
        try:
            return super().invoke(ctx)
        except OSError as e:
            if e.filename is not None or e.errno not in WRITE_ERRNOS:
                raise
            raise OutputError(e) from e


def parse_deal(text: str) -> solver.Deal:
    """A deal from the command line; the word ``example`` gives the built-in example deal."""
    if text.strip().lower() == "example":
        return solver.Deal.from_pbn(solver.EXAMPLE_DEAL)
    return solver.Deal.from_pbn(text)


def print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")


RuleOption = Annotated[Optional[list[str]], typer.Option(
    "--rule", help="A rules variant as NAME=VALUE, repeatable: suit_ranking=true, "
    "belote_in_ta=true, declarations=true, ta_table=j13, must_undertrump=false, ...")]


def whole_number(text: str) -> int:
    """``int(text)`` for at most 9 ASCII digits with an optional sign; ValueError for
    anything else (``int`` alone takes ``٣`` and spends long on 100,000 digits).

    >>> whole_number(" -12"), whole_number("+7")
    (-12, 7)
    """
    t = text.strip()
    digits = t[1:] if t[:1] in ("+", "-") else t
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 9):
        raise ValueError(f"not a whole number: {quote(text)}")
    return int(t)


def rules_from(options: Optional[list[str]], **fixed) -> Rules:
    """``Rules`` from ``--rule NAME=VALUE`` options (and fixed fields set by flags)."""
    return Rules().replace(**fixed).with_options(options or ())


def leader_from(leader: "str | None", dealer: "str | None") -> solver.Seat:
    """The first leader from ``--leader`` / ``--dealer`` (the seat after the dealer), N by default."""
    lead = first_leader(leader, dealer)
    return solver.Seat.N if lead is None else lead


def pm(x: float, fmt: str = ".1f") -> str:
    """A standard error for people: ``—`` when there is none (one sample)."""
    return "—" if isinstance(x, float) and math.isnan(x) else format(x, fmt)
