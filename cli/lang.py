"""``--lang``: the language a command reads cards and bids in and writes its output in.

Every command takes ``--lang en`` or ``--lang fr``, before or after the command's name
(``coinche --lang fr solve ...``), or the ``COINCHE_LANG`` variable.  Without either,
input is English on every machine (``CA`` is the ace of clubs, never of hearts, whatever
the locale) and the locale chooses the output's language only (``LANG=fr_FR.UTF-8``
writes French); an option that only French notation reads is then refused with a line
saying to add ``--lang fr`` (:func:`solver.notation.from_environment`).

The options people type cards, suits and bids in are read here, once, in the
command's language, and handed on in the package's own English notation, so that
everything past this boundary reads English only.

>>> from solver import notation
>>> with notation.using("fr"):
...     _bids("E:passe S:80C O:90 pique N:?"), _cards("VT 10P"), _seat_suits("O:PC")
('E:passe S:80H O:90 pique N:?', 'CJ ST', 'O:SH')
"""

from __future__ import annotations

import contextvars
import functools
import inspect
import re
from typing import TYPE_CHECKING, Annotated, Any, Callable, Optional

import typer

from solver import messages, notation
from solver.cards import Suit
from solver.errors import CoincheError
from solver.messages import tr
from solver.play import parse_played
from solver.rules import Strain

if TYPE_CHECKING:
    from typer._click import Command, Context

LangOpt = Annotated[Optional[str], typer.Option(
    "--lang", help="Language of the cards and bids you type and of the output: en or fr (default: "
    "$COINCHE_LANG, else input in English and output in the locale's language).")]

#: ``--lang`` given before the command's name (the application's own option), for the command.
BEFORE_COMMAND: contextvars.ContextVar[Optional[str]] = contextvars.ContextVar("coinche_lang_before",
                                                                               default=None)

_BID = re.compile(r"(?i)(\d+|capot|g[ée]n[ée]rale)(\s*)([a-z♠♥♦♣]{1,2})(?![a-zà-ÿœ])")


def _or_english(read: Callable[[str], str], text: str) -> str:
    """``read(text)`` in the language of the block; in French, a letter French does not
    read but English does (``H``, ``S``, ``D``: hearts, spades, diamonds) is read in
    English, so that the package's own notation works in both languages (``C`` stays
    cœur in French: French reads it)."""
    try:
        return read(text)
    except CoincheError as e:
        if notation.current() is not notation.FR:
            raise
        refusal = e
    try:
        with notation.using(notation.EN):
            return read(text)
    except CoincheError:
        raise refusal from None


def _strain(text: str) -> str:
    return _or_english(lambda t: Strain.parse(t).name, text)


def _suit(text: str) -> str:
    return _or_english(lambda t: Suit.parse(t).name, text)


def _bids(text: str) -> str:
    """Bids in ``text`` (a contract, an auction) with their strain letters in English."""
    return _BID.sub(lambda m: m.group(1) + m.group(2) + _strain(m.group(3)), text)


def _cards(text: str) -> str:
    """Cards in English names; in French, a card French does not read but English does
    (``HK``: the king of hearts) is read in English, as a strain letter is."""
    return " ".join(_or_english(lambda t: " ".join(c.name for c in parse_played(t)), item)
                    for item in text.replace(",", " ").split())


def _seat_cards(item: str) -> str:
    """An ``E:SJ,S9`` item with English card names."""
    seat, sep, cards = item.partition(":")
    return f"{seat}:{','.join(_cards(cards.replace(',', ' ')).split())}" if sep and cards.strip() else item


def _seat_suits(item: str) -> str:
    """A ``W:SH`` (voids) or ``N:H:3-5`` (lengths) item with English suit letters."""
    parts = item.split(":")
    if len(parts) >= 2 and parts[1].strip():
        parts[1] = "".join(_suit(ch) for ch in parts[1].strip())
    return ":".join(parts)


def _belote(text: str) -> str:
    out = []
    for item in text.replace(",", " ").split():
        seat, sep, suit = item.partition(":")
        out.append(f"{seat}:{_suit(suit)}" if sep and suit else item)
    return " ".join(out)


def _strains(text: str) -> str:
    return " ".join(_strain(t) for t in text.replace(",", " ").split())


#: The options read in the command's language, by parameter name.
READERS: dict[str, Callable[[Any], Any]] = {
    "played": _cards, "contract": _bids, "auction": _bids, "bid": _bids, "strain": _strain,
    "strains": _strains, "known": _seat_cards, "shown": _seat_cards, "void": _seat_suits,
    "length": _seat_suits, "belote": _belote,
}


#: The language the running command reads what is typed in (set by :func:`takes_language`).
_READING: contextvars.ContextVar[notation.Language] = contextvars.ContextVar("coinche_reading",
                                                                            default=notation.EN)


def read_typed(name: str, text: str) -> str:
    """``text`` typed while the command runs (a card at a prompt) read as the option
    ``name`` of :data:`READERS` is: in the command's language, into English."""
    with notation.using(_READING.get()):
        return str(READERS[name](text))


def read_options(kwargs: dict[str, Any], language: notation.Language) -> dict[str, Any]:
    """The options of :data:`READERS` in ``kwargs`` read in ``language``, in English."""
    if language is notation.EN:
        return kwargs
    out = dict(kwargs)
    with notation.using(language):
        for name, read in READERS.items():
            value = out.get(name)
            if isinstance(value, str) and value:
                out[name] = read(value)
            elif isinstance(value, list):          # a repeatable option: each item
                out[name] = [read(v) if isinstance(v, str) else v for v in value]
    return out


def _given(after: Optional[str]) -> Optional[str]:
    """The ``--lang`` given before or after the command's name (refused when they differ)."""
    before = BEFORE_COMMAND.get()
    if before is not None and after is not None and before.strip().lower() != after.strip().lower():
        raise CoincheError(tr("--lang {before} before the command and {after} after it: give one",
                              before=repr(before), after=repr(after)))
    return after if after is not None else before


def group_language(lang: Optional[str]) -> None:
    """A command group's own ``--lang`` (``coinche problems --lang fr mine``): its commands
    read it as one given before their name (refused when it differs from the app's)."""
    BEFORE_COMMAND.set(_given(lang))


def refuse_french(kwargs: dict[str, Any]) -> None:
    """Input read in English by default that only French notation reads is refused with a
    hint, rather than the English reading's error alone (``--strain P``, ``--played VT``)."""
    for name, read in READERS.items():
        values = kwargs.get(name)
        for value in values if isinstance(values, list) else [values]:
            if not isinstance(value, str) or not value:
                continue
            try:
                with notation.using(notation.EN):
                    read(value)
                continue
            except CoincheError:
                pass
            try:
                with notation.using(notation.FR):
                    french = read(value)
            except CoincheError:
                continue            # neither reads it: the command says what is wrong
            raise CoincheError(tr("--{name} {value} is French notation ({french} in English): input is "
                                  "read in English unless French is asked for: add --lang fr "
                                  "(or set {var}=fr)", name=name, value=repr(value), french=french,
                                  var=notation.ENV_VAR))


def _unguarded(func: Callable[..., Any]) -> Callable[..., Any]:
    return func


def before_choosing() -> notation.Language:
    """The output language for an error in ``--lang`` itself: the environment's, else
    the locale's (``COINCHE_LANG`` may be what is wrong)."""
    try:
        return notation.from_environment(None)[1]
    except CoincheError:
        return notation.locale_language()


def format_help_in_language(command: Command, ctx: Context, render: Callable[[], None]) -> None:
    """Render ``command``'s help (``render()``) in the output language, the command line's
    (:class:`cli.errors.OneLineErrorsGroup` chooses it before parsing): in French, with the
    French texts of :mod:`.help_fr` in place (loaded only then)."""
    if messages.output_language() is not notation.FR:
        render()
        return
    from .help_fr import french_help  # noqa: PLC0415 - only a French help needs the catalogue

    with french_help(command, ctx):
        render()


def takes_language(command: Callable[..., Any],
                   guard: Callable[[Callable[..., Any]], Callable[..., Any]] = _unguarded) -> Callable[..., Any]:
    """Decorator: the command gains ``--lang``; its options are read in that language
    and its output written in it.  ``guard`` wraps what runs in the output language (the
    reading of the options and the command), so that it can report their errors in it."""
    signature = inspect.signature(command, eval_str=True)
    if "lang" in signature.parameters:
        return guard(command)
    params = list(signature.parameters.values())
    params.append(inspect.Parameter("lang", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=LangOpt))

    @functools.wraps(command)
    def run(*args: Any, lang: Optional[str] = None, **kwargs: Any) -> Any:
        def choose() -> Any:
            given = _given(lang)
            reading, writing = notation.from_environment(given)

            def read_and_run() -> Any:
                if notation.chosen(given) is None:
                    refuse_french(kwargs)
                token = _READING.set(reading)
                try:
                    return command(*args, **read_options(kwargs, reading))
                finally:
                    _READING.reset(token)

            with messages.writing_in(writing):
                return guard(read_and_run)()

        with messages.writing_in(before_choosing()):
            return guard(choose)()

    run.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    return run
