"""What every command shares: argument parsing, error handling and output.

Domain errors (:class:`solver.CoincheError`) become one line on stderr and exit
code 2; JSON goes to stdout as plain ``json.dumps``; what people read goes through
:mod:`.output`.
"""

from __future__ import annotations

import functools
import json
import math
import os
import random
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Annotated, Any, Callable, Iterator, Optional

import typer
from typer.core import TyperGroup

import solver
from .output import console, err_console  # noqa: F401  (the commands import them from here)
from solver.deal import first_leader
from solver.errors import CoincheError
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
                message = f"{message} (got {bad!r})"
            err_console.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
            sys.exit(EXIT_BAD_INPUT)
        except _ABORTS:
            err_console.print("Aborted!", markup=False, highlight=False)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) and not isinstance(rv, bool) else 0)


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


def rules_from(options: Optional[list[str]], **fixed) -> Rules:
    """``Rules`` from ``--rule NAME=VALUE`` options (and fixed fields set by flags)."""
    return Rules().replace(**fixed).with_options(options or ())


def leader_from(leader: "str | None", dealer: "str | None") -> solver.Seat:
    """The first leader from ``--leader`` / ``--dealer`` (the seat after the dealer), N by default."""
    lead = first_leader(leader, dealer)
    return solver.Seat.N if lead is None else lead


def read_lines(path: "str | Path", what: str = "file") -> list[str]:
    """The lines of an input file (``-``: stdin) as text; a UTF-8 byte order mark is
    dropped.  A file that cannot be read (missing, a directory, not UTF-8 text) is one
    line on stderr and exit code 2."""
    name = str(path)
    if name == "-":
        return sys.stdin.read().removeprefix("\ufeff").splitlines()
    if name in ("", "."):
        raise fail(f"no {what} given: expected a file name or - for stdin")
    try:
        with open(name, encoding="utf-8-sig") as f:
            return f.read().splitlines()
    except FileNotFoundError:
        raise fail(f"no such file: {name!r}") from None
    except IsADirectoryError:
        raise fail(f"{name!r} is a directory: expected a {what}") from None
    except UnicodeDecodeError as e:
        raise fail(f"cannot read {name!r}: not UTF-8 text (byte {e.start}: {e.reason})") from None
    except OSError as e:
        raise fail(f"cannot read {name!r}: {e.strerror or e}") from None


def check_output(path: Path, option: str, suffix: "str | None" = None) -> Path:
    """Check before any work that ``path`` can be written: a file name (not a
    directory) in an existing, writable directory, with ``suffix`` when given."""
    name = str(path)
    if name in ("", "."):
        raise fail(f"{option} {name!r}: expected a file name")
    if path.is_dir():
        raise fail(f"{option} {name!r} is a directory: expected a file name")
    if suffix is not None and path.suffix.lower() != suffix:
        raise fail(f"{option} {name!r}: expected a file name ending in {suffix}")
    parent = path.parent
    if not parent.is_dir():
        raise fail(f"{option} {name!r}: no such directory {str(parent)!r}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise fail(f"{option} {name!r}: cannot write in {str(parent)!r}")
    return path


def _temp_beside(path: Path) -> Path:
    """A fresh file name in ``path``'s directory (the same file system, for os.replace),
    keeping its suffix (matplotlib picks the format from it)."""
    for k in range(1000):
        tmp = path.with_name(f".{path.stem}.{os.getpid()}.{k}.tmp{path.suffix}")
        if not tmp.exists():
            return tmp
    raise fail(f"cannot write {str(path)!r}: no free temporary name beside it")  # pragma: no cover


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; when the block succeeds it becomes
    ``path`` (one rename), when it fails it is removed, so ``path`` is never left
    half-written (and an older file there is kept).  A symbolic link is followed: the
    file it points to is replaced, the link stays."""
    path = Path(os.path.realpath(path))
    tmp = _temp_beside(path)
    try:
        yield tmp
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


@contextmanager
def atomic_open(path: Path, **kwargs) -> Iterator[IO[str]]:
    """``open(path, "w", **kwargs)`` through :func:`atomic_path`."""
    with atomic_path(path) as tmp, open(tmp, "x", **kwargs) as f:
        yield f


def pm(x: float, fmt: str = ".1f") -> str:
    """A standard error for people: ``—`` when there is none (one sample)."""
    return "—" if isinstance(x, float) and math.isnan(x) else format(x, fmt)
