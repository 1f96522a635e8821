"""The language cards, suits and bids are read in: English, French, or either.

English writes suits ``S H D C`` and ranks ``A K Q J T 9 8 7``; French writes suits
``P C K T`` (pique, cœur, carreau, trèfle) and ranks ``A R D V 10 9 8 7`` (as, roi,
dame, valet).  Two letters collide: ``C`` is clubs in English and cœur (hearts) in
French, ``T`` is the ten in English and trèfle (clubs) in French.  What reads the same
in both is accepted everywhere: the suit symbols ``♠ ♥ ♦ ♣``, the suit words of both
languages (``hearts``, ``cœur``), the ranks ``10`` and ``R D V`` (no English rank uses
those letters), hands in PBN text (``AV9.A7.R10.V``: their place gives the suit).

The language is a setting, :func:`using` for a block and :func:`current` to read it;
the Python API reads English unless told otherwise.  Under :data:`AUTO` (the command
line when neither ``--lang`` nor the locale names a language) a text that would read
differently in English and in French is refused with a message saying both readings,
and the French suit letters, which need the French setting, are refused with a hint.

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
import enum
import os
from typing import Iterator, Mapping, Optional

__all__ = ["Language", "EN", "FR", "AUTO", "current", "using", "from_environment", "ambiguity",
           "french_only"]


class Language(str, enum.Enum):
    """English, French, or either (refusing what reads differently in the two)."""

    EN = "en"
    FR = "fr"
    AUTO = "auto"

    def __str__(self) -> str:
        return self.value


EN, FR, AUTO = Language.EN, Language.FR, Language.AUTO

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


def from_environment(given: Optional[str] = None, environ: Mapping[str, str] = os.environ) -> Language:
    """The language a command uses: ``given`` (``en`` or ``fr``) when set, else the
    locale's (the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set: ``fr_FR``
    is French; ``en_GB`` English, and so is the ``C`` (``POSIX``) locale, whose messages
    are English), else :data:`AUTO` (no locale, or another language's).

    >>> from_environment(None, {"LANG": "fr_FR.UTF-8"}), from_environment("en", {"LANG": "fr_FR"})
    (<Language.FR: 'fr'>, <Language.EN: 'en'>)
    >>> from_environment(None, {"LANG": "C.UTF-8"}), from_environment(None, {"LANG": "de_DE"})
    (<Language.EN: 'en'>, <Language.AUTO: 'auto'>)
    """
    if given is not None:
        word = given.strip().lower()
        if word not in ("en", "fr"):
            from .errors import CoincheError
            raise CoincheError(f"language {given!r}: expected en or fr")
        return Language(word)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            head = value.split(".")[0].split("_")[0].lower()
            return FR if head == "fr" else EN if head in ("en", "c", "posix") else AUTO
    return AUTO


def ambiguity(what: str, text: object, english: str, french: str) -> str:
    """The message for a text that reads one way in English and another in French."""
    return (f"{what} {text!r} reads {english} in English but {french} in French: "
            f"set the language (--lang en or --lang fr)")


def french_only(what: str, text: object, french: str) -> str:
    """The message for French suit letters read without the French setting."""
    return (f"{what} {text!r} is French notation ({french}): French suit letters P C K T need "
            f"the French setting (--lang fr, or a French locale)")
