"""An exhaustive pure-Python minimax over the referee: the oracle for small endgames.

Nothing here is shared with the engine.  The legal cards come from
:func:`solver.play.legal_cards`, the winner of a trick from
:func:`solver.play.trick_winner`, the card points from :func:`solver.rules.points_table`,
and the tree is searched to the end with no pruning, no move ordering and no bounds:
the value of a position is the best, over every legal card, of the exact values after
it.  The one economy: the value of a position at the start of a trick is remembered
under its whole state (the four hands still held and the leader), so the same
position reached by the same cards in another order is not searched twice.  Nothing
is approximated, bounded or keyed on less than the full state.  Still exponential in
the tricks left, it is meant for endgames of 2 to 4 tricks.

A position is given as a :class:`solver.play.Position` (any point of a deal, also
mid-trick); the answer counts from that position on, then the caller adds what was
already won.

>>> from solver import Card, Deal
>>> from solver.play import Position
>>> deal = Deal.from_pbn("N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-")
>>> future_points(Position(deal, Strain.S))     # A 11 + K 4 + dix de der 10, to N-S
25
>>> ns_points(Position(deal, Strain.S, played=[Card.SA]))
25
>>> future_tricks(Position(deal, Strain.S, played=[Card.SA]))
1
"""

from __future__ import annotations

from typing import Sequence

from solver.cards import CardSet, Seat, scan_forward
from solver.play import Position, legal_cards, trick_winner
from solver.rules import LAST_TRICK_BONUS, Rules, Strain, points_table

__all__ = ["future_points", "future_tricks", "ns_points", "ns_tricks", "card_values"]


class _Game:
    """The rules of one search: the referee's answers for a strain and a rules variant.

    The referee is a pure function of its arguments, so its answers are kept in two
    dicts; that changes nothing it says, it only spares its slow table building in the
    inner loop.
    """

    def __init__(self, strain: Strain, rules: Rules, count_tricks: bool) -> None:
        self.strain = strain
        self.rules = rules
        self.count_tricks = count_tricks
        self.pts = points_table(strain, rules)
        self._legal: dict[tuple, int] = {}
        self._winner: dict[tuple, int] = {}
        self.seen: dict[tuple, int] = {}   # trick starts: (N, E, S, W hands, leader) -> value

    def legal(self, hand: int, trick: tuple[int, ...], leader: int) -> int:
        key = (hand, trick, leader)
        m = self._legal.get(key)
        if m is None:
            m = self._legal[key] = int(legal_cards(CardSet(hand), list(trick), Seat(leader),
                                                   self.strain, self.rules))
        return m

    def winner(self, trick: tuple[int, ...], leader: int) -> int:
        """The seat that wins a full trick led by ``leader``."""
        w = self._winner.get(trick)
        if w is None:
            w = self._winner[trick] = trick_winner(list(trick), self.strain)
        return (leader + w) & 3

    def gain(self, trick: Sequence[int], last: bool) -> int:
        """What a finished trick is worth to its winner."""
        if self.count_tricks:
            return 1
        return sum(self.pts[x] for x in trick) + (LAST_TRICK_BONUS if last else 0)


def _search(g: _Game, hands: list[int], leader: int, trick: list[int]) -> int:
    """N-S points (or tricks) from here to the end; N-S maximize, E-W minimize."""
    if trick:
        return _best(g, hands, leader, trick)
    if not any(hands):
        return 0
    key = (*hands, leader)
    v = g.seen.get(key)
    if v is None:
        v = g.seen[key] = _best(g, hands, leader, trick)
    return v


def _best(g: _Game, hands: list[int], leader: int, trick: list[int]) -> int:
    """The best value over every legal card of the player to move."""
    player = (leader + len(trick)) & 3
    legal = g.legal(hands[player], tuple(trick), leader)
    assert legal, "a player to move without a legal card: the referee is inconsistent"
    maximizing = player % 2 == 0
    best = None
    for c in scan_forward(legal):
        v = _after(g, hands, leader, trick, player, c)
        if best is None or (v > best if maximizing else v < best):
            best = v
    return best  # type: ignore[return-value]


def _after(g: _Game, hands: list[int], leader: int, trick: list[int], player: int, c: int) -> int:
    """The value once ``player`` has played ``c`` (what the trick earns N-S included)."""
    hands[player] &= ~(1 << c)
    trick.append(c)
    if len(trick) == 4:
        done = tuple(trick)
        winner = g.winner(done, leader)
        gain = g.gain(done, last=not any(hands))
        trick.clear()
        v = (gain if winner % 2 == 0 else 0) + _search(g, hands, winner, trick)
        trick.extend(done)
    else:
        v = _search(g, hands, leader, trick)
    trick.pop()
    hands[player] |= 1 << c
    return v


def _children(pos: Position, count_tricks: bool) -> dict[int, int]:
    """Every legal card of the player to move -> the future value after it."""
    g = _Game(pos.strain, pos.rules, count_tricks)
    hands = list(pos.hands)
    trick = [int(c) for c in pos.trick]
    leader = int(pos.leader)
    player = (leader + len(trick)) & 3
    legal = g.legal(hands[player], tuple(trick), leader)
    return {c: _after(g, hands, leader, trick, player, c) for c in scan_forward(legal)}


def _run(pos: Position, count_tricks: bool) -> int:
    if pos.is_over:
        return 0
    values = _children(pos, count_tricks).values()
    return max(values) if pos.to_move % 2 == 0 else min(values)


def future_points(pos: Position) -> int:
    """The card points N-S take from ``pos`` to the end under perfect play by both sides."""
    return _run(pos, count_tricks=False)


def future_tricks(pos: Position) -> int:
    """The tricks N-S take from ``pos`` to the end when both sides play for tricks."""
    return _run(pos, count_tricks=True)


def ns_points(pos: Position) -> int:
    """N-S points over the whole deal: what ``pos`` says they won, plus the future."""
    return pos.points[0] + future_points(pos)


def ns_tricks(pos: Position) -> int:
    """The most tricks N-S can force over the whole deal (tricks already won included)."""
    return pos.tricks[0] + future_tricks(pos)


def card_values(pos: Position) -> dict[int, int]:
    """Every legal card of the player to move -> N-S points over the whole deal after it."""
    if pos.is_over:
        return {}
    return {c: pos.points[0] + v for c, v in _children(pos, count_tricks=False).items()}
