"""Coinche double-dummy solver and hand analyzer.

>>> import solver
>>> deal = solver.Deal.from_pbn(solver.EXAMPLE_DEAL)
>>> len(deal.hands[solver.Seat.N])
8
"""

import os as _os

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
    SolverError,
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
from .outcome import PlayedContract, score_outcome

# bidding and lead advice
from .advice import Advice, RealismCheck, Recommendation, StrainStats
from .realism import advise
from .lead import LeadAdvice, lead_advice
from .montecarlo import Estimate, Judged
from .sequential import StopReason
from .plot import plot_points, text_histogram
from .sampling import Constraints, hand_points, sample_deals

# tables, par, review and batches
from .batch import BadLine, BatchItem, BatchLineError, BatchResult, parse_lines, solve_batch
from .par import Call, Par, par
from .review import Review, ReviewStep, review
from .records import Record, RecordError, Section, read_records, write_records
from .table import ByStrain, DDTable, Outcome, dd_table

# studies: many deals on disk, statistics by hand features
from .studies import StudyError, StudyInfo, StudyRun, read_study, study
from .aggregate import Aggregates, Group, aggregate
from .handeval import HandValue, evaluate_hand

# auctions: calls, what they show, advice inside an auction and its review
from .auction import Auction, AuctionError
from .bidding import AuctionAdvice, AuctionReview
from .lookahead import auction_advice, review_auction
from .system import BiddingSystem, load_system

# card play from one seat
from .cardplay import PlayAdvice, play_advice
from .knowledge import Knowledge
from .pimc import PlayOut, RealisticAdvice, play_out, realistic_advice
from .seatreview import SeatReview, review_from_seats

from .version import __version__

# Written out (not computed) so that type checkers see what the package exports;
# tests/test_api_boundary.py holds it equal to the public names above.
__all__ = [
    "Advice", "Aggregates", "Auction", "AuctionAdvice", "AuctionError", "AuctionReview", "BadLine",
    "BatchItem", "BatchLineError", "BatchResult", "BiddingSystem", "ByStrain", "Call",
    "CAPOT", "Card", "CardError", "CardSet", "Coinche", "CoincheError",
    "ConstraintError", "Constraints", "Contract", "ContractError", "DDTable", "Deal", "DealError",
    "DealScore", "Declaration", "EXAMPLE_DEAL", "Estimate", "GENERALE", "Group", "HandValue",
    "IllegalPlayError", "Judged", "Knowledge", "PlayOut", "RealisticAdvice", "SeatReview", "LeadAdvice", "Match",
    "Outcome", "Par", "PlayAdvice", "PlayedContract",
    "Position", "Rank", "RealismCheck", "Recommendation", "Record", "RecordError", "Review", "ReviewStep", "Rules",
    "RulesError", "ScoreError", "Seat", "SeatError", "Section", "Solution", "Solver", "SolverError", "StopReason",
    "Strain", "StrainError", "StrainStats", "StudyError", "StudyInfo", "StudyRun", "Suit", "Team",
    "advise", "aggregate", "auction_advice", "award_declarations", "belote_teams", "bid_key",
    "can_take", "dd_table", "evaluate_hand", "find_declarations", "hand_points", "lead_advice",
    "legal_cards", "load_system", "par", "parse_lines", "play_advice", "play_out", "realistic_advice",
    "review_from_seats", "plot_points",
    "read_records", "read_study", "review", "review_auction", "round_score", "sample_deals",
    "score_deal", "score_outcome", "solve", "solve_batch", "study", "text_histogram", "trick_winner",
    "write_records", "__version__",
]
