"""Coinche double-dummy solver and hand analyzer.

>>> import solver
>>> deal = solver.Deal.from_pbn(solver.EXAMPLE_DEAL)
>>> len(deal.hands[solver.Seat.N])
8
"""

from .cards import Card, CardSet, Rank, Seat, Suit, Team
from .deal import EXAMPLE_DEAL, Deal
from .errors import (
    CardError,
    CoincheError,
    ConstraintError,
    ContractError,
    DealError,
    IllegalPlayError,
    RulesError,
    SeatError,
    StrainError,
)
from .play import Position, legal_cards, trick_winner
from .rules import Rules, Strain

__version__ = "0.1.0"

__all__ = [
    "Card", "CardSet", "Rank", "Seat", "Suit", "Team", "Deal", "EXAMPLE_DEAL",
    "CoincheError", "CardError", "DealError", "StrainError", "SeatError", "RulesError",
    "IllegalPlayError", "ContractError", "ConstraintError",
    "Position", "legal_cards", "trick_winner", "Rules", "Strain", "__version__",
]
