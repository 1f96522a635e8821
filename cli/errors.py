"""How the command line fails: one line on stderr and an exit code, never a traceback.

Bad input (a :class:`solver.CoincheError`, a file that cannot be read, a usage error
typer finds) is one line ``error: ...`` on stderr and exit code 2
(:data:`EXIT_BAD_INPUT`).  An output that cannot be written becomes an
:class:`OutputError` for the entry point (:mod:`.main`) to report.
"""

from __future__ import annotations

import errno
import functools
import re
import sys
from typing import TYPE_CHECKING, Any, Callable, Sequence

import typer
from typer.core import TyperCommand, TyperGroup

from solver import notation
from solver.errors import CoincheError, quote
from solver.field_errors import problem
from solver.messages import N_, tr, writing_in

from .lang import before_choosing, format_help_in_language, takes_language
from .output import err_console

if TYPE_CHECKING:
    from typer._click import Command, Context, HelpFormatter, Parameter

try:  # typer >= 0.2x carries its own copy of click; older ones use click itself
    from typer._click import exceptions as _click_exc
except ImportError:  # pragma: no cover
    from click import exceptions as _click_exc  # type: ignore[no-redef]

_CLICK_ERRORS = (_click_exc.ClickException,)
_NO_ARGS = (_click_exc.NoArgsIsHelpError,) if hasattr(_click_exc, "NoArgsIsHelpError") else ()
_ABORTS = (typer.Abort,) + ((_click_exc.Abort,) if hasattr(_click_exc, "Abort") else ())

#: The exit code of bad input (click's own for usage errors).
EXIT_BAD_INPUT = 2

#: The errors of a write that failed for want of room or of a reader.
WRITE_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def error_line(message: object) -> str:
    """The line of an error, in the output language: ``error: ...`` or ``erreur : ...``."""
    return tr("error: {message}", message=message)


def fail(message: str) -> "typer.Exit":
    """Print one line on stderr and return the Exit to raise (code 2)."""
    err_console.print(error_line(message), soft_wrap=True)
    return typer.Exit(EXIT_BAD_INPUT)


def one_line_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Decorator: a :class:`CoincheError` or a file that cannot be read becomes one line on
    stderr and exit code 2, written in the output language of the moment."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except CoincheError as e:
            raise fail(str(e)) from None
        except FileNotFoundError as e:
            raise fail(tr("no such file: {path}", path=quote(str(e.filename)))) from None
        except IsADirectoryError as e:
            raise fail(tr("{path} is a directory: expected a file", path=quote(str(e.filename)))) from None
        except OSError as e:
            if e.filename is None:      # not about a file the user named (a broken pipe, ...)
                raise
            raise fail(tr("cannot use {path}: {reason}", path=repr(str(e.filename)),
                          reason=e.strerror or e)) from None

    return wrapper


def handle_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Decorator: the command takes ``--lang`` (:mod:`.lang`) and its bad input, the
    options read in that language included, becomes one line on stderr in that language
    and exit code 2 (:func:`one_line_errors`)."""
    return takes_language(func, guard=one_line_errors)


def _validator_error(e: Exception) -> "dict[str, Any] | None":
    """The first error of the validator that refused a parameter's value, if it was one."""
    errors = getattr(e.__cause__, "errors", None)
    if not callable(errors):
        return None
    try:
        first = errors()[0]
    except (TypeError, IndexError):     # pragma: no cover - not a pydantic ValidationError
        return None
    return first if isinstance(first, dict) else None


#: click's words for a value a parameter refused.
INVALID_VALUE = N_("Invalid value for {name}: {problem}")

#: The usage errors click and typer find themselves, in their English words (the
#: catalogue's keys); :func:`usage_message` says them in the output language.
USAGE_TEMPLATES = (
    N_("No such option: {name} (Possible options: {options})"),
    N_("No such option: {name}"),
    N_("No such command {name}."),
    N_("Missing command."),
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Missing parameter {name}."),
    N_("Option {name} requires an argument."),
    N_("Option {name} requires {n} arguments."),
    N_("Option {name} does not take a value."),
    N_("Argument {name} takes {n} values."),
    N_("Got unexpected extra argument(s) ({args})"),
    N_("Got unexpected extra argument ({args})"),
    INVALID_VALUE,
    N_("Invalid value: {problem}"),
    N_("{value} is not one of {choices}."),
    N_("Value {value} is not a valid {label}."),
)


def _pattern(template: str) -> "re.Pattern[str]":
    """A template as a pattern that reads its fields back from the English text."""
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
                      + r"\Z", re.S)


_USAGE = [(template, _pattern(template)) for template in USAGE_TEMPLATES]


def _said(text: str) -> str:
    """An English message of click's or typer's in the output language (as it is if unknown)."""
    for template, pattern in _USAGE:
        m = pattern.match(text)
        if m is not None:
            fields = m.groupdict()
            if "problem" in fields:             # the reason inside is one of theirs too
                fields["problem"] = _said(fields["problem"])
            return tr(template, **fields)
    return text


def usage_message(e: Exception) -> str:
    """The one line of a usage error that click or typer found (an unknown option, a
    missing argument, a value of the wrong type), in the output language; a value the
    validator refused is said in the words the board uses (:mod:`solver.field_errors`)
    with the text given."""
    message = " ".join((e.format_message() if isinstance(e, _click_exc.ClickException) else str(e)).split())
    refused = _validator_error(e)
    if refused is None:
        return _said(message)
    m = _pattern(INVALID_VALUE).match(message)
    said = tr(INVALID_VALUE, name=m.group("name"), problem=problem(refused)) if m else _said(message)
    value = refused.get("input")
    return said + tr(" (got {value})", value=quote(value)) if isinstance(value, str) else said


def usage_language(args: Sequence[str]) -> notation.Language:
    """The output language of a command line still to be parsed: its ``--lang``, else
    the environment's (:func:`cli.lang.before_choosing` when the value is no language)."""
    given: "str | None" = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            given = args[i + 1]
        elif arg.startswith("--lang="):
            given = arg.partition("=")[2]
    try:
        return notation.from_environment(given)[1]
    except CoincheError:
        return before_choosing()


class OutputError(Exception):
    """Writing the output failed (a closed pipe, a full disk): ``error`` is the OSError,
    ``target`` the file written (``None``: stdout).  The entry point reports it."""

    def __init__(self, error: OSError, target: "str | None" = None) -> None:
        super().__init__(error, target)
        self.error = error
        self.target = target


def is_write_failure(error: OSError) -> bool:
    """Whether ``error`` is a failed write of the output (no file name: not an input)."""
    return error.filename is None and error.errno in WRITE_ERRNOS


def usage_error(message: str, ctx: "Context | None" = None) -> Exception:
    """A usage error for options refused while the command line is read (one line on
    stderr and exit code 2, as click's own)."""
    return _click_exc.UsageError(message, ctx)


def refuse_repeats(command: Command, ctx: Context, args: "list[str]") -> None:
    """A usage error when an option that takes one value is given more than once
    (``--played A --played B``, ``--json --json``, ``--undertrump --no-undertrump``):
    click keeps the last and drops the others.  Repeatable options (``--rule``,
    ``--known``, ...) combine their values."""
    _, _, order = command.make_parser(ctx).parse_args(args=list(args))
    counts: dict[Parameter, int] = {}
    for param in order:
        counts[param] = counts.get(param, 0) + 1
    for param, n in counts.items():
        if n > 1 and param.param_type_name == "option" and not param.multiple and not getattr(param, "count", False):
            names = "/".join(param.opts + param.secondary_opts)
            raise _click_exc.UsageError(tr("{names} given {n} times: give it once", names=names, n=n), ctx)


class OneValueCommand(TyperCommand):
    """A command whose single-value options are refused when repeated (:func:`refuse_repeats`)."""

    def parse_args(self, ctx: Context, args: "list[str]") -> "list[str]":
        refuse_repeats(self, ctx, args)
        return super().parse_args(ctx, args)

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        format_help_in_language(self, ctx, lambda: super(OneValueCommand, self).format_help(ctx, formatter))


def one_value_commands(typer_app: typer.Typer) -> None:
    """Every command of ``typer_app`` and of its sub-applications a :class:`OneValueCommand`."""
    for info in typer_app.registered_commands:
        if info.cls in (None, TyperCommand):
            info.cls = OneValueCommand
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            one_value_commands(group.typer_instance)


class OneLineErrorsGroup(TyperGroup):
    """The app's command group: a usage error (unknown option, a value of the wrong
    type, a missing argument) becomes one line on stderr and exit code 2, like a
    :class:`CoincheError`, instead of click's usage box."""

    def main(self, args: "Sequence[str] | None" = None, prog_name: "str | None" = None,
             complete_var: "str | None" = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        # the usage errors are found before the command chooses its language: said in the
        # language of the command line (its --lang, else the environment's)
        with writing_in(usage_language(list(sys.argv[1:] if args is None else args))):
            try:
                rv = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
            except _NO_ARGS as e:
                e.show()  # bare ``coinche``: the help text
                sys.exit(e.exit_code)
            except _CLICK_ERRORS as e:
                err_console.print(error_line(usage_message(e)), soft_wrap=True)
                sys.exit(EXIT_BAD_INPUT)
            except _ABORTS:
                err_console.print(tr("Aborted!"))
                sys.exit(1)
        sys.exit(rv if isinstance(rv, int) and not isinstance(rv, bool) else 0)

    def parse_args(self, ctx: Context, args: "list[str]") -> "list[str]":
        refuse_repeats(self, ctx, args)
        return super().parse_args(ctx, args)

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        format_help_in_language(self, ctx, lambda: super(OneLineErrorsGroup, self).format_help(ctx, formatter))

    def invoke(self, ctx: Context) -> Any:
        # Past typer, which would turn a closed pipe into exit code 1, to the entry point.
        try:
            return super().invoke(ctx)
        except OSError as e:
            if not is_write_failure(e):
                raise
            raise OutputError(e) from e
