"""Opening advice checked with realistic play: the double-dummy advice of
:func:`solver.advice.advise`, its advised bid's strain played out again on the first
deals by PIMC players who each see only their own cards (:func:`solver.pimc.realistic_advice`),
and a note when the two disagree on the best call (:func:`solver.pimc.double_dummy_note`).

Double dummy lets the declarer see every card; a bid that only such a declarer makes pay
sends a learner into a contract real players go down in.  The package's ``solver.advise``
is this module's :func:`advise`, so the answer says so by default.

>>> adv = advise("AJ9.A7.KT.J", seat="S", dealer="E", samples=4, seed=1, workers=1, worlds=2)
>>> adv.realism is not None and adv.realism.samples == 4 and adv.realism.bid == adv.recommendation.label
True
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Optional

from .advice import Advice, RealismCheck
from .advice import advise as advise_dd
from .cards import CardSet, Seat
from .parallel import Backend
from .pimc import RealisticAdvice, double_dummy_note, realistic_advice
from .rules import Rules
from .sampling import Constraints

__all__ = ["REALISTIC_SAMPLES", "WORLDS", "advise", "check"]

#: Deals played out by the check, and worlds each PIMC player solves per decision (the
#: defaults of ``coinche advise``'s ``--realistic-samples`` and ``--worlds``).
REALISTIC_SAMPLES = 30
WORLDS = 10


def check(adv: Advice, samples: int = REALISTIC_SAMPLES, worlds: int = WORLDS, seed: "int | None" = None, *,
          workers: "int | None" = None, executor: "Backend | str" = Backend.PROCESS,
          progress: "Callable[[int, int], None] | None" = None
          ) -> tuple[Optional[RealismCheck], Optional[RealisticAdvice]]:
    """``adv``'s advised bid played out with realistic play on its first ``samples`` deals
    (only its strain), as a :class:`~solver.advice.RealismCheck` and the full
    :class:`~solver.pimc.RealisticAdvice`; ``(None, None)`` when the advice passes or
    has fewer than two deals to play (no standard error)."""
    bid = adv.recommendation.bid
    n = min(samples, adv.samples)
    if bid is None or n < 2:
        return None, None
    r = realistic_advice(adv, n, worlds, seed, workers=workers, executor=executor, progress=progress,
                         strains=[bid.strain])
    dd, real = r.double_dummy.bid(bid.level, bid.strain), r.realistic.bid(bid.level, bid.strain)
    return RealismCheck(dd.label, r.samples, worlds, dd.p_make, dd.ev, real.p_make, real.ev, real.ev_se,
                        double_dummy_note(r)), r


def advise(hand: "CardSet | str", seat: "Seat | str" = "S", dealer: "Seat | str" = "N",
           samples: "int | None" = None, seed: "int | None" = None, rules: Rules = Rules(),
           constraints: "Constraints | None" = None, *, workers: "int | None" = None,
           executor: "Backend | str" = Backend.THREAD,
           progress: "Callable[[int, int], None] | None" = None,
           max_attempts: "int | None" = None, confidence: "float | None" = None,
           margin: "float | None" = None, time: "float | None" = None,
           dd_check: bool = True, realistic_samples: int = REALISTIC_SAMPLES, worlds: int = WORLDS,
           race: bool = True) -> Advice:
    """:func:`solver.advice.advise`, its advised bid then checked with realistic play
    (:func:`check`, seeded by ``seed``, on ``workers`` processes) into the answer's
    ``realism`` unless ``dd_check`` is False; its ``realism.note`` says when only a
    declarer who sees every card makes the bid pay."""
    adv = advise_dd(hand, seat, dealer, samples, seed, rules, constraints, workers=workers, executor=executor,
                    progress=progress, max_attempts=max_attempts, confidence=confidence, margin=margin,
                    time=time, race=race)
    if not dd_check:
        return adv
    found, _ = check(adv, realistic_samples, worlds, seed, workers=workers)
    return adv if found is None else dataclasses.replace(adv, realism=found)
