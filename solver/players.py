"""Who plays the cards, by the words the command line, records and the board use.

A low module (it takes only :class:`~solver.cards.TextEnum`), so both the bots and the
realistic play-out (:mod:`solver.pimc`, below the bots) read the same vocabulary.
"""

from __future__ import annotations

from .cards import TextEnum

__all__ = ["BotKind", "PlayModel"]


class BotKind(TextEnum):
    """A kind of bot, equal to its word (``--ns pimc``, a record's player names)."""

    PIMC = "pimc"
    HEURISTIC = "heuristic"
    RANDOM = "random"
    DD = "dd"


class PlayModel(TextEnum):
    """How the bids of opening advice are played out, equal to its word
    (``coinche advise --play dd|realistic``): double dummy (every player sees every
    card), or also by PIMC players who see only their own hand."""

    DD = "dd"
    REALISTIC = "realistic"
