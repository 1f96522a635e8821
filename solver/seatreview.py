"""A played deal reviewed from each player's seat.

Every card a player chose is judged twice: by what that player could know when it
played (:func:`~solver.cardplay.play_advice` from its seat: its hand, the cards played
by whom, what the play proved, over sampled deals of the hidden cards) and by the real
deal with all cards open (double dummy).  Both judge a card by the score it leads to,
ours minus theirs, against the best card:

- a **mistake** by what the player could know: on the sampled deals the card does
  worse on average than the best card, by more than twice the paired standard error;
- a **mistake on the deal**: with all cards open the card leads to a worse score than
  the best card on the real deal.

A card wrong by both measures is a plain mistake; wrong only on the deal, **bad luck**
(the right play with what could be known); wrong only by what could be known, **lucky**
(a poor play that the lie of the cards forgave).  A card with no choice is not judged.

>>> from solver.deal import EXAMPLE_DEAL
>>> r = review_from_seats(EXAMPLE_DEAL, "100C S", "SQ S7 SA ST", leader="S", samples=6, seed=1,
...                       workers=1)
>>> [str(s.verdict) for s in r.steps]
['good', 'good', 'good', 'good']
>>> r.count(Verdict.GOOD)
4
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterable, Optional

import numpy as np

from .messages import N_, tr
from .cardplay import card_outcomes, play_advice
from .outcome import PlayedContract, deal_facts, side_points
from .cards import Card, Seat, Team, TextEnum
from .contract import Contract
from .deal import Deal
from .errors import ConstraintError
from .play import Position, parse_played
from .rules import Rules
from .solve import default_solver

__all__ = ["SeatStep", "SeatReview", "review_from_seats", "Verdict", "VERDICTS"]


class Verdict(TextEnum):
    """What the review says of one card, by what the seat could know and on the real deal;
    equal to its word (``"bad luck"``), which JSON writes."""

    GOOD = "good"
    MISTAKE = "mistake"
    BAD_LUCK = "bad luck"
    LUCKY = "lucky"
    FORCED = "forced"


#: The verdicts, in words for people.
VERDICTS = {Verdict.GOOD: N_("good by both"), Verdict.MISTAKE: N_("a mistake by both"),
            Verdict.BAD_LUCK: N_("right, but not on this deal"),
            Verdict.LUCKY: N_("wrong, but it worked on this deal"), Verdict.FORCED: N_("no choice")}


@dataclasses.dataclass(frozen=True)
class SeatStep:
    """One card: ``seen_best`` (the best card by what the seat could know) and the
    chosen card's mean loss against it with its paired standard error; ``real_best``
    and ``real_loss``: the same on the real deal (score, ours minus theirs), and
    ``real_points_loss`` in the side's card points."""

    index: int
    trick: int
    seat: Seat
    card: Card
    verdict: Verdict
    seen_best: Optional[Card] = None
    seen_loss: float = 0.0
    seen_loss_se: float = 0.0
    real_best: Optional[Card] = None
    real_loss: int = 0
    real_points_loss: int = 0

    def to_dict(self) -> dict[str, Any]:
        def name(c: Optional[Card]) -> Optional[str]:
            return None if c is None else c.name
        return {"index": self.index, "trick": self.trick, "seat": self.seat.name, "card": self.card.name,
                "verdict": self.verdict, "seen_best": name(self.seen_best), "seen_loss": self.seen_loss,
                "seen_loss_se": self.seen_loss_se, "real_best": name(self.real_best),
                "real_loss": self.real_loss, "real_points_loss": self.real_points_loss}


@dataclasses.dataclass(frozen=True)
class SeatReview:
    """The review: one :class:`SeatStep` per card played, and how it was sampled."""

    deal: Deal
    contract: Contract
    leader: Seat
    rules: Rules
    samples: int
    seed: Optional[int]
    steps: tuple[SeatStep, ...]

    def count(self, verdict: Verdict, side: "Team | None" = None) -> int:
        return sum(s.verdict == verdict and (side is None or s.seat.team == side) for s in self.steps)

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal.to_pbn(), "contract": self.contract.to_text(),
                "declarer": self.contract.declarer.name, "leader": self.leader.name,
                "samples": self.samples, "seed": self.seed,
                "counts": {v: self.count(v) for v in VERDICTS}, "steps": [s.to_dict() for s in self.steps]}


def _real_scores(pos: Position, contract: Contract, rules: Rules) -> dict[Card, tuple[int, int]]:
    """Each legal card -> (score ours minus theirs, our card points) on the real deal."""
    team = pos.to_move.team
    claim, decl, total = deal_facts(contract, pos.deal, pos.first_leader, rules)
    out = {}
    for card, (ns, capot) in card_outcomes(default_solver(), pos).items():
        played = PlayedContract.from_ns(contract, ns, capot, belote=claim, declarations=decl, total=total)
        out[card] = (played.margin(team, rules)[0], side_points(ns, team, total))
    return out


def _verdict(seen_bad: bool, real_bad: bool) -> Verdict:
    return {(True, True): Verdict.MISTAKE, (False, True): Verdict.BAD_LUCK, (True, False): Verdict.LUCKY,
            (False, False): Verdict.GOOD}[(seen_bad, real_bad)]


def _step(pos: Position, i: int, card: Card, contract: Contract, rules: Rules, samples: int,
          seed: Optional[int], workers: "int | None") -> SeatStep:
    seat = pos.to_move
    if len(pos.legal_cards()) == 1:
        return SeatStep(i, i // 4 + 1, seat, card, Verdict.FORCED)
    played = [c for _, c in pos.history]
    adv = play_advice(pos.deal.hands[seat], seat, contract, played, leader=pos.first_leader,
                      samples=samples, seed=seed, rules=rules, workers=workers)
    mine = next(c for c in adv.cards if c.card == card)
    seen_bad = mine.vs_best < 0 and -mine.vs_best > 2 * (mine.vs_best_se or 0.0)
    real = _real_scores(pos, contract, rules)
    best = max(real, key=lambda c: (real[c][0], real[c][1], -int(c)))
    real_loss = real[best][0] - real[card][0]
    points_loss = max(v[1] for v in real.values()) - real[card][1]
    return SeatStep(i, i // 4 + 1, seat, card, _verdict(seen_bad, real_loss > 0), adv.best.card,
                    -mine.vs_best, mine.vs_best_se, best, real_loss, points_loss)


def review_from_seats(deal: "Deal | str", contract: "Contract | str", played: "str | Iterable[int | str]",
                      *, leader: "Seat | str", samples: int = 50, seed: "int | None" = None,
                      rules: Rules = Rules(), workers: "int | None" = None,
                      progress: "Callable[[int, int], None] | None" = None) -> SeatReview:
    """Judge every card of ``played`` from its player's seat and on the real deal
    (see the module).  ``contract`` with its declarer (``"100H N"``); each card's
    advice is seeded from ``seed`` and the card's place in the play."""
    d = Deal.parse(deal)
    c = contract if isinstance(contract, Contract) else Contract.parse(contract)
    if c.declarer is None:
        raise ConstraintError(tr("contract {c}: name its declarer, like '100H N'", c=c))
    cards = parse_played(played)
    Position.parse(d, c.strain, leader, rules, cards)      # the referee checks the whole play first
    pos = Position.parse(d, c.strain, leader, rules)
    seeds = np.random.SeedSequence(seed).spawn(len(cards)) if seed is not None else []
    steps = []
    for i, card in enumerate(cards):
        s = int(seeds[i].generate_state(1)[0]) if seeds else None
        steps.append(_step(pos, i, card, c, rules, samples, s, workers))
        pos.play(card)
        if progress is not None:
            progress(i + 1, len(cards))
    return SeatReview(d, c, pos.first_leader, rules, samples, seed, tuple(steps))
