"""``--lang``: the language a command reads cards and bids in and writes its output in.

Every command takes ``--lang en`` or ``--lang fr``; without it the locale decides
(``LANG=fr_FR.UTF-8`` is French, ``en_US`` and the ``C`` locale English), and where
there is no locale or another language's (``de_DE``), output is English and input
that reads differently in the two languages (``CA``: ace of clubs in English, of
hearts in French) is refused with a message saying so (:mod:`solver.notation`).

The options people type cards, suits and bids in are read here, once, in the
command's language, and handed on in the package's own English notation, so that
everything past this boundary reads English only.

>>> from solver import notation
>>> with notation.using("fr"):
...     _bids("E:passe S:80C O:90 pique N:?"), _cards("VT 10P"), _seat_suits("O:PC")
('E:passe S:80H O:90 pique N:?', 'CJ ST', 'O:SH')
"""

from __future__ import annotations

import functools
import inspect
import re
from typing import Annotated, Any, Callable, Optional

import typer

from solver import messages, notation
from solver.cards import Card, Suit
from solver.play import parse_played
from solver.rules import Strain

LangOpt = Annotated[Optional[str], typer.Option(
    "--lang", help="Language of the cards and bids you type and of the output: en or fr (default: "
    "the locale's).")]

_BID = re.compile(r"(?i)(\d+|capot|g[ée]n[ée]rale)(\s*)([a-z♠♥♦♣]{1,2})(?![a-zà-ÿœ])")


def _strain(text: str) -> str:
    return Strain.parse(text).name


def _bids(text: str) -> str:
    """Bids in ``text`` (a contract, an auction) with their strain letters in English."""
    return _BID.sub(lambda m: m.group(1) + m.group(2) + _strain(m.group(3)), text)


def _cards(text: str) -> str:
    return " ".join(Card(c).name for c in parse_played(text))


def _seat_cards(item: str) -> str:
    """An ``E:SJ,S9`` item with English card names."""
    seat, sep, cards = item.partition(":")
    return f"{seat}:{','.join(_cards(cards.replace(',', ' ')).split())}" if sep and cards.strip() else item


def _seat_suits(item: str) -> str:
    """A ``W:SH`` (voids) or ``N:H:3-5`` (lengths) item with English suit letters."""
    parts = item.split(":")
    if len(parts) >= 2 and parts[1].strip():
        parts[1] = "".join(Suit.parse(ch).name for ch in parts[1].strip())
    return ":".join(parts)


def _belote(text: str) -> str:
    out = []
    for item in text.replace(",", " ").split():
        seat, sep, suit = item.partition(":")
        out.append(f"{seat}:{Suit.parse(suit).name}" if sep and suit else item)
    return " ".join(out)


def _strains(text: str) -> str:
    return " ".join(_strain(t) for t in text.replace(",", " ").split())


#: The options read in the command's language, by parameter name.
READERS: dict[str, Callable[[Any], Any]] = {
    "played": _cards, "contract": _bids, "auction": _bids, "strain": _strain, "strains": _strains,
    "known": _seat_cards, "shown": _seat_cards, "void": _seat_suits, "length": _seat_suits,
    "belote": _belote,
}


def read_options(kwargs: dict, language: notation.Language) -> dict:
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


def takes_language(command: Callable) -> Callable:
    """Decorator: the command gains ``--lang``; its options are read in that language
    and its output written in it."""
    signature = inspect.signature(command, eval_str=True)
    if "lang" in signature.parameters:
        return command
    params = list(signature.parameters.values())
    params.append(inspect.Parameter("lang", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=LangOpt))

    @functools.wraps(command)
    def run(*args, lang: Optional[str] = None, **kwargs):
        language = notation.from_environment(lang)
        kwargs = read_options(kwargs, language)
        with messages.writing_in(language):
            return command(*args, **kwargs)

    run.__signature__ = signature.replace(parameters=params)
    return run
