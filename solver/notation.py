"""The language cards, suits and bids are read in: English, French, or either.

English writes suits ``S H D C`` and ranks ``A K Q J T 9 8 7``; French writes suits
``P C K T`` (pique, cœur, carreau, trèfle) and ranks ``A R D V 10 9 8 7`` (as, roi,
dame, valet).  Two letters collide: ``C`` is clubs in English and cœur (hearts) in
French, ``T`` is the ten in English and trèfle (clubs) in French.  What reads the same
in both is accepted everywhere: the suit symbols ``♠ ♥ ♦ ♣``, the suit words of both
languages (``hearts``, ``cœur``), the ranks ``10`` and ``R D V`` (no English rank uses
those letters), hands in PBN text (``AV9.A7.R10.V``: their place gives the suit).

The language is a setting, :func:`using` for a block and :func:`current` to read it;
the Python API and the command line read English unless told otherwise
(:func:`from_environment`: ``--lang fr`` or ``COINCHE_LANG=fr``; the locale never
changes what input means).  Under :data:`AUTO` a text that would read differently in
English and in French is refused with a message saying both readings, and the French
suit letters, which need the French setting, are refused with a hint.

>>> from solver.cards import Card
>>> with using(FR):
...     Card.parse("CA").name, Card.parse("VT").name
('HA', 'CJ')
>>> with using(AUTO):
...     Card.parse("CA")   # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.CardError: card 'CA' reads A♣ in English but A♥ in French: set the language ...
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from typing import Iterator, Mapping, Optional

from .errors import CoincheError
from .language import AUTO, EN, FR, Language
from .messages import french_cards, output_language, tr

__all__ = ["Language", "EN", "FR", "AUTO", "ENV_VAR", "current", "using", "chosen", "locale_language",
           "from_environment", "ambiguity", "french_only", "english_only"]

_CURRENT: contextvars.ContextVar[Language] = contextvars.ContextVar("coinche_language", default=EN)


def current() -> Language:
    """The language text is read in now (English unless a block says otherwise)."""
    return _CURRENT.get()


@contextlib.contextmanager
def using(language: "Language | str") -> Iterator[Language]:
    """Read text in ``language`` inside the block."""
    lang = Language(language)
    token = _CURRENT.set(lang)
    try:
        yield lang
    finally:
        _CURRENT.reset(token)


#: The environment variable that sets the language of a command's input and output.
ENV_VAR = "COINCHE_LANG"


def _language_word(text: str, source: str) -> Language:
    word = text.strip().lower()
    if word not in ("en", "fr"):
        raise CoincheError(tr("{source} {text!r}: expected en or fr", source=source, text=text))
    return Language(word)


def chosen(given: Optional[str] = None, environ: Mapping[str, str] = os.environ) -> Optional[Language]:
    """The language the user asked for: ``given`` (``--lang``) when set, else the
    :data:`ENV_VAR` variable's; ``None`` when neither is set.

    >>> chosen("fr", {}), chosen(None, {"COINCHE_LANG": "en"}), chosen(None, {"LANG": "fr_FR.UTF-8"})
    (<Language.FR: 'fr'>, <Language.EN: 'en'>, None)
    """
    if given is not None:
        return _language_word(given, tr("language"))
    value = environ.get(ENV_VAR, "")
    return _language_word(value, ENV_VAR) if value.strip() else None


def locale_language(environ: Mapping[str, str] = os.environ) -> Language:
    """The language of the locale's messages: French for ``fr_*``, English for any other
    locale and for none (the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return FR if value.split(".")[0].split("_")[0].lower() == "fr" else EN
    return EN


def from_environment(given: Optional[str] = None,
                     environ: Mapping[str, str] = os.environ) -> tuple[Language, Language]:
    """The languages a command reads its input in and writes its output in.

    Input is English unless French is asked for (``given``, from ``--lang``, or the
    :data:`ENV_VAR` variable): the same command means the same on every machine.  The
    locale chooses the output's language only.

    >>> from_environment(None, {"LANG": "fr_FR.UTF-8"}), from_environment("fr", {"LANG": "C.UTF-8"})
    ((<Language.EN: 'en'>, <Language.FR: 'fr'>), (<Language.FR: 'fr'>, <Language.FR: 'fr'>))
    >>> from_environment(None, {}), from_environment(None, {"COINCHE_LANG": "fr", "LANG": "en_GB"})
    ((<Language.EN: 'en'>, <Language.EN: 'en'>), (<Language.FR: 'fr'>, <Language.FR: 'fr'>))
    """
    asked = chosen(given, environ)
    if asked is not None:
        return asked, asked
    return EN, locale_language(environ)


def _shown(symbols: str) -> str:
    """Card symbols (``K♦``) in the output language (``R♦`` in French)."""
    return french_cards(symbols) if output_language() is FR else symbols


def ambiguity(what: str, text: object, english: str, french: str) -> str:
    """The message for a text that reads one way in English and another in French, in
    the output language (``what``: the kind of text, a catalogue word marked with ``N_``)."""
    return tr("{what} {text!r} reads {english} in English but {french} in French: "
              "set the language (--lang en or --lang fr)", what=tr(what), text=text,
              english=_shown(english), french=_shown(french))


def french_only(what: str, text: object, french: str) -> str:
    """The message for French suit letters read without the French setting, in the output
    language (``what`` as for :func:`ambiguity`)."""
    return tr("{what} {text!r} is French notation ({french}): French suit letters P C K T need "
              "the French setting (--lang fr, or {var}=fr)", what=tr(what), text=text,
              french=_shown(french), var=ENV_VAR)


def english_only(what: str, text: object, english: str) -> str:
    """The message for English notation read under the French setting, in the output
    language (``what`` as for :func:`ambiguity`): ``HK`` is the king of hearts only in
    English."""
    return tr("{what} {text!r} is English notation ({english}): input is read in French here: "
              "write it in French or as {english}, or ask for English (--lang en)", what=tr(what),
              text=text, english=_shown(english))
