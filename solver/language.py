"""The languages the package reads and writes: English, French, or either.

A module of its own, below both :mod:`solver.notation` (the language text is read in)
and :mod:`solver.messages` (the language text is written in), so that each can use the
other's work: notation writes its refusals through the catalogue.
:mod:`solver.notation` gives the same names (``notation.Language``, ``notation.FR``).

>>> Language("fr") is FR, str(AUTO)
(True, 'auto')
"""

from __future__ import annotations

import enum

__all__ = ["Language", "EN", "FR", "AUTO"]


class Language(str, enum.Enum):
    """English, French, or either (refusing what reads differently in the two)."""

    EN = "en"
    FR = "fr"
    AUTO = "auto"

    def __str__(self) -> str:
        return self.value


EN, FR, AUTO = Language.EN, Language.FR, Language.AUTO
