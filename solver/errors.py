"""Errors by kind.

Every error a user can cause with bad input is a :class:`CoincheError`, itself a
:class:`ValueError`, and its message quotes the offending text and says what was
expected.  The CLI turns any of them into one line on stderr.
"""

from __future__ import annotations

__all__ = [
    "CoincheError",
    "CardError",
    "DealError",
    "StrainError",
    "SeatError",
    "RulesError",
    "IllegalPlayError",
    "ContractError",
    "ConstraintError",
    "ScoreError",
    "SolverError",
    "quote",
]


def quote(value: object) -> str:
    """``repr(value)``, at most 80 of its characters: how a message quotes bad input.

    A longer text keeps its first 40 and its last 40 characters around ``...``, so a long
    path still shows its file name and a long line both of its ends:

    >>> quote("SA")
    "'SA'"
    >>> quote("/home/" + "x" * 100 + "/deals.pbn")
    "'/home/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxxx/deals.pbn'"
    """
    text = repr(value)
    return text if len(text) <= 80 else text[:40] + "..." + text[-40:]


class CoincheError(ValueError):
    """Base class of every error caused by bad input."""


class CardError(CoincheError):
    """A card text that names no card (unknown rank or suit, malformed)."""


class DealError(CoincheError):
    """A deal that cannot be: duplicate cards, wrong or unequal counts, malformed text."""


class StrainError(CoincheError):
    """An unknown strain (trump suit, SA or TA)."""


class SeatError(CoincheError):
    """An unknown seat or team."""


class RulesError(CoincheError):
    """A rules option with a value outside its range."""


class IllegalPlayError(CoincheError):
    """A card that may not be played in the position; the position is left unchanged."""


class ContractError(CoincheError):
    """A bid or contract that does not exist (level, strain, coinche state)."""


class ConstraintError(CoincheError):
    """Sampling constraints that contradict the deal or cannot be met in the attempt limit."""


class ScoreError(CoincheError):
    """Scoring input that cannot be: points out of 0..162, a capot without all the points."""


class SolverError(CoincheError):
    """A solver asked wrongly: a table size that is not a whole number in range, or a call
    from a second thread while the solver serves another (make one solver per thread)."""
