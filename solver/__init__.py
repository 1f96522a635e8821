"""Coinche double-dummy solver and hand analyzer.

>>> import solver
>>> deal = solver.Deal.from_pbn(solver.EXAMPLE_DEAL)
>>> len(deal.hands[solver.Seat.N])
8
"""

import os as _os
from types import ModuleType as _ModuleType

# numpy serves small arrays here; its BLAS worker threads would only spin beside the
# solver's own threads and processes on a 2-core machine.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

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
from .solve import Solution, Solver, can_take, solve

# contracts, scoring and the match
from .contract import CAPOT, GENERALE, Coinche, Contract, bid_key
from .declarations import Declaration, award_declarations, belote_teams, find_declarations
from .match import Match
from .scoring import DealScore, ScoreError, round_score, score_deal

# bidding and lead advice
from .advice import Advice, BidStats, Recommendation, StrainStats, advise
from .lead import CardStats, LeadAdvice, lead_advice
from .plot import plot_points, text_histogram
from .sampling import Constraints, hand_points, sample_deals

# tables, par, review and batches
from .batch import BatchError, BatchItem, BatchLineError, BatchResult, analyze, parse_lines
from .par import Call, Par, par
from .review import Review, ReviewStep, review
from .table import ByStrain, DDTable, Outcome, dd_table

__version__ = "0.1.0"

__all__ = sorted(
    name for name, value in globals().items()
    if not name.startswith("_") and not isinstance(value, _ModuleType)
) + ["__version__"]
