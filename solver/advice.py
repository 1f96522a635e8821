"""Bidding advice by Monte Carlo: what is this hand worth in each strain, and what to bid.

:func:`advise` deals the 24 unseen cards many times (:mod:`solver.sampling`), solves
every deal exactly in all six strains with the first lead by the seat after the
dealer, and turns the results into statistics a learner can read: per strain the
distribution of the side's points and the chance to reach each level; per bid the
chance it makes and its expected score under the rules' scoring; and one
recommendation in plain words.  Every bid is judged on the same deals, and
compared with the best bid deal by deal (:mod:`solver.montecarlo` runs the loop and
holds the statistics).

Double dummy means everyone plays as if all cards were face up: see
``docs/advice.md`` for how to read the numbers and their limits.

>>> adv = advise("AJ9.A7.KT.J", seat="S", dealer="N", samples=4, seed=1, workers=1)
>>> adv.points.shape, adv.leader                # 4 deals x S H D C SA TA; E leads
((4, 6), <Seat.E: 1>)
>>> all(d.hands[Seat.S] == adv.hand for d in adv.deals)
True
>>> bool(adv.strain(Strain.S).mean == adv.totals[:, 0].mean())
True
>>> bool(adv.bid(100, Strain.S).p_make == (adv.totals[:, 0] >= 100).mean())
True
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, NamedTuple

import numpy as np

from .messages import tr
from .auction import Call, CallKind
from .cards import CardSet, Seat, Team
from .contract import BID_LEVELS, CAPOT, Coinche, Contract, bid_levels, bid_strains, bid_text, cached_contract
from .contract import may_coinche, parse_level, points_needed
from .deal import Deal
from .declarations import BELOTE_POINTS, award_declarations, belote_claim
from .errors import CoincheError, ConstraintError, SeatError
from .montecarlo import (CONFIDENCE, UNSOLVED, Answer, Judged, estimate, json_number, judge, sample_answer,
                         stamped, stopping_dict)
from .parallel import Backend
from .rules import STRAINS, TOTAL_POINTS, Rules, Strain
from .sampling import Constraints, parse_hand
from .outcome import Margins, deal_total
from .sequential import Verdict
from .six_strains import SixStrainStudy, bidding_lineage

__all__ = [
    "Advice",
    "StrainStats",
    "BidJudged",
    "Recommendation",
    "advise",
    "BiddingStudy",
    "LEVELS",
    "QUANTILES",
    "SAMPLES",
]

#: The numbered bid levels the advice covers (capot is added per strain).
LEVELS = BID_LEVELS
#: The most deals :func:`advise` solves when it is not told how many (it stops sooner
#: when the answer is known, at the confidence and margin of
#: :func:`solver.montecarlo.stopping_rule`).
SAMPLES = 1000
#: The quantiles reported per strain.
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------

def bid_label(level: int, strain: Strain) -> str:
    """A bid for people: ``100♥``, ``80SA``, ``capot ♠``.

    >>> bid_label(100, Strain.H), bid_label(80, Strain.SA), bid_label(CAPOT, Strain.S)
    ('100♥', '80SA', 'capot ♠')
    """
    return bid_text(level, strain)


@dataclasses.dataclass(frozen=True)
class StrainStats:
    """The side's result in one strain over the sampled deals.

    ``mean``, ``std``, ``se`` and ``quantiles`` describe the side's *total*: card
    points, plus 20 when the side holds belote, plus the declarations awarded to the
    side when the rules score them.  ``mean_card_points`` is the mean of the card
    points alone.  ``p_reach[level]`` is the share of deals where the side counts at
    least the level's target (82 for 80; card points and belote, and declarations
    when ``Rules.declarations_count``); ``p_capot`` where it can take every trick;
    ``p_belote`` where it holds belote.  ``samples``: the deals they are taken on (the
    answer's first ones; fewer than the answer's when a race left the strain behind).
    """

    strain: Strain
    mean: float
    std: float
    se: float
    quantiles: dict[float, float]
    mean_card_points: float
    p_reach: dict[int, float]
    p_capot: float
    p_belote: float
    samples: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "strain": self.strain.name,
            "mean": self.mean, "std": self.std, "se": json_number(self.se),
            "quantiles": {str(q): v for q, v in self.quantiles.items()},
            "mean_card_points": self.mean_card_points,
            "p_reach": {str(k): v for k, v in self.p_reach.items()},
            "p_capot": self.p_capot, "p_belote": self.p_belote, "samples": self.samples,
        }


#: A bid judged over the deals: :class:`~solver.montecarlo.Judged` with the bid as its
#: option and its contract.  ``value`` (``ev``) is the mean score difference, ours minus
#: theirs, when the opponents coinche exactly the deals where it fails (made deals are
#: scored uncoinched; a capot bid cannot be coinched); ``uncoinched`` the same nobody
#: coinching; ``made`` and ``success`` the share of deals where it makes; ``versus``
#: (``vs_best``) the bid against the best one, deal by deal.
BidJudged = Judged[Contract]


@dataclasses.dataclass(frozen=True)
class Recommendation:
    """The advice: ``bid`` (a :class:`~solver.contract.Contract`) or ``None`` to pass,
    and ``text``, the reason in plain words.

    The rule: bid the contract with the best ``ev`` (the expected score when
    the opponents coinche every contract that fails), provided that is above zero;
    otherwise pass.  Ties go to the more likely, then the lower bid.  ``ceiling`` is
    the highest bid in the same strain whose ``ev`` is still above zero: how
    far to go when the auction pushes.
    """

    bid: "Contract | None"
    text: str
    stats: "BidJudged | None" = None
    ceiling: "BidJudged | None" = None

    @property
    def is_pass(self) -> bool:
        return self.bid is None

    @property
    def label(self) -> str:
        return "pass" if self.stats is None else self.stats.label

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        ceiling = None if self.ceiling is None or self.ceiling.contract is None else self.ceiling.contract
        return {"bid": None if self.bid is None else self.bid.to_text(), "label": self.label,
                "ceiling": None if ceiling is None else ceiling.to_text(),
                "text": self.text}


@dataclasses.dataclass(frozen=True)
class RealismCheck:
    """The advised bid played again, on the advice's first ``samples`` deals, by players
    who each see only their own cards (PIMC, ``worlds`` worlds per decision;
    :func:`solver.realism.advise`): its make share and mean score with double-dummy play
    (``dd_p_make``, ``dd_ev``) and with that realistic play (``p_make``, ``ev`` ±
    ``ev_se``); ``note``, the sentence saying so when the two disagree on the best call
    (only a declarer who sees every card makes the bid pay), None when they agree."""

    bid: str
    samples: int
    worlds: int
    dd_p_make: float
    dd_ev: float
    p_make: float
    ev: float
    ev_se: float
    note: "str | None"

    def to_dict(self) -> dict[str, Any]:
        return {"bid": self.bid, "samples": self.samples, "worlds": self.worlds, "dd_p_make": self.dd_p_make,
                "dd_ev": self.dd_ev, "p_make": self.p_make, "ev": self.ev, "ev_se": json_number(self.ev_se),
                "note": self.note}


@dataclasses.dataclass(frozen=True, eq=False)
class Advice(Answer):
    """What :func:`advise` returns.

    - ``deals``: the sampled deals (:class:`~solver.deal.Deal`), the hand at ``seat``;
    - ``points``: int array (samples × 6) of the side's exact card points per strain,
      columns in :data:`~solver.rules.STRAINS` order S H D C SA TA; a masked array
      when a racing answer left some strains unsolved on its later deals (those entries
      masked, in ``capot`` and ``bonus`` too; each strain's ``samples`` says how many
      of the first deals it was solved on);
    - ``capot``: bool array (samples × 6), the side can take every trick;
    - ``bonus``: int array (samples × 6), belote (20 when the side holds it) plus the
      declarations awarded to the side when the rules score them;
    - ``declarations``: int array (samples × 6 × 2), declarations awarded (NS, EW);
    - ``strains``: :class:`StrainStats` per strain; ``bids``: :class:`BidJudged` per bid
      (the rules' levels, 80..160 by default, and capot in each strain the rules bid);
      ``recommendation``;
    - ``realism``: the advised bid checked with realistic play
      (:class:`RealismCheck`, by :func:`solver.realism.advise`; None when not checked).
    """

    hand: CardSet
    seat: Seat
    dealer: Seat
    rules: Rules
    seed: "int | None"
    constraints: "Constraints | None"
    deals: list[Deal]
    points: np.ndarray
    capot: np.ndarray
    bonus: np.ndarray
    declarations: np.ndarray
    strains: dict[Strain, StrainStats]
    bids: list[BidJudged]
    recommendation: Recommendation
    stopping: "Verdict | None" = None
    realism: "RealismCheck | None" = None
    PER_DEAL = ("points", "capot", "bonus")

    @property
    def levels(self) -> tuple[int, ...]:
        """The levels of the bid grid: the numbered levels of the rules, then capot."""
        return bid_levels(self.rules) + (CAPOT,)

    @property
    def bid_strains(self) -> tuple[Strain, ...]:
        """The strains of the bid grid (no SA and TA when ``Rules.sa_ta`` is off)."""
        return bid_strains(self.rules)

    @property
    def leader(self) -> Seat:
        """The first leader: the seat after the dealer."""
        return self.dealer.next

    @property
    def team(self) -> Team:
        return self.seat.team

    @property
    def totals(self) -> np.ndarray:
        """``points + bonus``: what the per-strain statistics describe (masked where
        ``points`` is: a strain a race left unsolved)."""
        totals: np.ndarray = self.points + self.bonus
        return totals

    def strain(self, strain: Strain) -> StrainStats:
        return self.strains[strain]

    def bid(self, level: "int | str", strain: Strain) -> BidJudged:
        """The statistics of one bid: ``adv.bid(100, Strain.H)``, ``adv.bid("capot", Strain.S)``."""
        c = Contract(parse_level(level), strain, self.seat)
        for b in self.bids:
            if b.contract == c:
                return b
        strains = " ".join(map(str, self.bid_strains))
        raise CoincheError(tr("bid {bid!r} is not in the advice: expected 80 to {max_level} by 10 or "
                              "capot, in {strains}", bid=bid_label(c.level, c.strain),
                              max_level=self.rules.max_level, strains=strains))

    @property
    def best_bid(self) -> BidJudged:
        """The bid with the best ``ev`` (the recommendation's, or the most
        promising when it says pass): every bid's ``vs_best`` is against it."""
        return max(self.bids, key=_rank_key)

    def best_bids(self) -> dict[Strain, BidJudged]:
        """Per strain, the bid with the best ``ev``."""
        out: dict[Strain, BidJudged] = {}
        for b in self.bids:
            cur = out.get(b.strain)
            if cur is None or _rank_key(b) > _rank_key(cur):
                out[b.strain] = b
        return out

    def to_dict(self, with_deals: bool = False) -> dict[str, Any]:
        """Plain types for JSON (the deals and per-deal arrays with ``with_deals``)."""
        d: dict[str, Any] = {
            "hand": self.hand.to_pbn(), "seat": self.seat.name, "dealer": self.dealer.name,
            "leader": self.leader.name, "samples": self.samples, "seed": self.seed,
            "constraints": self.constraints.to_dict() if self.constraints is not None else None,
            "strains": {s.name: st.to_dict() for s, st in self.strains.items()},
            "bids": [b.to_dict() for b in self.bids],
            "recommendation": self.recommendation.to_dict(),
            **stopping_dict(self.stopping),
        }
        if self.realism is not None:
            d["realism"] = self.realism.to_dict()
            if self.realism.note is not None:
                d["dd_note"] = self.realism.note
        return {**d, **self._per_deal()} if with_deals else d

    def __repr__(self) -> str:
        return (f"<Advice {self.hand.to_pbn()} seat={self.seat.name} dealer={self.dealer.name} "
                f"samples={self.samples}: {self.recommendation.label}>")


def _rank_key(b: BidJudged) -> tuple[int, float, float, int, int]:
    # a bid a race retired, judged on fewer deals, is never the best
    return (b.samples,) + _rank(b.option, b.ev, b.p_make)


def _rank(contract: Contract, ev: float, p_make: float) -> tuple[float, float, int, int]:
    # best expected score under coinche, then most likely, then the lower bid, then S H D C SA TA
    return (round(ev, 9), round(p_make, 9), -contract.level, -int(contract.strain))


# ---------------------------------------------------------------------------
# Scoring the samples
# ---------------------------------------------------------------------------

class _BidScores(NamedTuple):
    """One bid on every deal: made, the score difference nobody coinching (``plain``)
    and when the opponents coinche the deals where it fails (``coinched``)."""

    contract: Contract
    made: np.ndarray
    plain: np.ndarray
    coinched: np.ndarray


def _bid_scores(contract: Contract, rows: list[tuple[int, ...]], inverse: np.ndarray, rules: Rules,
                margins: Margins) -> _BidScores:
    """``rows``: the distinct (points, the bidders take every trick, the defenders do,
    NS belotes, EW belotes, dns, dew) outcomes; ``inverse`` maps each deal to its row.
    Each row is scored as a :class:`~solver.outcome.PlayedContract` (through ``margins``,
    which one analysis shares across its six strains)."""
    plain = np.empty(len(rows), dtype=np.int64)
    coinched = np.empty(len(rows), dtype=np.int64)
    made = np.empty(len(rows), dtype=bool)
    team = contract.team
    doubled = (cached_contract(contract.level, contract.strain, contract.declarer, int(Coinche.COINCHE),
                               rules.capot_coinche) if may_coinche(contract.level, rules) else None)
    for k, (p, took, lost, bel_ns, bel_ew, dns, dew) in enumerate(rows):
        taker = team if took else team.other if lost else None
        facts = (p, taker, (bel_ns, bel_ew), (dns, dew), TOTAL_POINTS, team)
        plain[k], made[k] = u, ok = margins.of(contract, *facts)
        # the opponents coinche the deals where it fails (when the bid may be coinched)
        coinched[k] = u if ok or doubled is None else margins.of(doubled, *facts)[0]
    return _BidScores(contract, made[inverse], plain[inverse].astype(float), coinched[inverse].astype(float))


def _judge_bids(scores: list[_BidScores], solved: np.ndarray) -> list[BidJudged]:
    """Every bid's statistics, and each bid against the best on the same deals; a bid is
    judged on the deals where its strain was solved (``solved``: a column a strain)."""
    seen = [solved[:, STRAINS.index(b.contract.strain)] for b in scores]
    values = np.column_stack([np.where(ok, b.coinched, np.nan) for b, ok in zip(scores, seen)])
    judged = judge([b.contract for b in scores], values, np.column_stack([b.made for b in scores]),
                   lambda k, value, made: _rank(scores[k].contract, value.value, made.value))
    plain = [estimate(b.plain[ok]) for b, ok in zip(scores, seen)]
    return [dataclasses.replace(j, made=j.success, uncoinched=p, contract=j.option)
            for j, p in zip(judged, plain)]


def _plain(b: BidJudged) -> float:
    """A bid's mean score nobody coinching."""
    return b.ev if b.uncoinched is None else b.uncoinched.value


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%"


def _recommend(bids: list[BidJudged], n: int) -> Recommendation:
    best = max(bids, key=_rank_key)
    if best.ev <= 0:
        text = tr("Pass: no bid gains on average over {n} deals. The most promising, {bid}, makes in "
                  "{p} of the deals and would lose {loss:.0f} on average if the opponents coinche it "
                  "whenever it fails ({ev:+.0f} if nobody coinches).", n=n, bid=best.label,
                  p=_percent(best.p_make), loss=-best.ev, ev=_plain(best))
        return Recommendation(None, text, None)
    text = tr("{bid} makes in {p} of the deals and is worth {evx:+.0f} on average, even if the opponents "
              "coinche it whenever it fails ({ev:+.0f} if nobody coinches)", bid=best.label,
              p=_percent(best.p_make), evx=best.ev, ev=_plain(best))
    same = sorted((b for b in bids if b.strain == best.strain), key=lambda b: b.level)
    ceiling = max((b for b in same if b.level >= best.level and b.ev > 0),
                  key=lambda b: b.level)
    if ceiling.level > best.level:
        text += tr(". If the auction asks for more, it is still worth bidding up to {bid} ({p}, {evx:+.0f})",
                   bid=ceiling.label, p=_percent(ceiling.p_make), evx=ceiling.ev)
    higher = [b for b in same if b.level > ceiling.level]
    if higher:
        text += tr("; {bid} only {p}", bid=higher[0].label, p=_percent(higher[0].p_make))
    others = [b for b in bids if b.strain != best.strain]
    if others:
        alt = max(others, key=_rank_key)
        if alt.ev > 0:
            text += tr(". The best other strain: {bid}, {p}, {evx:+.0f}", bid=alt.label,
                       p=_percent(alt.p_make), evx=alt.ev)
    return Recommendation(best.contract, text + ".", best, ceiling)


# ---------------------------------------------------------------------------
# The study and the entry point
# ---------------------------------------------------------------------------

class BiddingStudy(SixStrainStudy[Advice]):
    """:func:`advise` as a Monte Carlo study: every deal solved in the six strains, then
    the statistics of each strain and each bid.  Its question is the fields of the
    :class:`Advice` that say what was asked (hand, seat, dealer, rules, seed, constraints)."""

    seat: Seat
    dealer: Seat

    def __init__(self, **question: Any) -> None:
        super().__init__(**question)
        # what one answer works out once: the strains solved after each race, the score
        # of each distinct outcome of a deal, and each deal's claims and row of values
        # (every round reads the deals of the rounds before again)
        self._wanted: dict[frozenset[int], tuple[int, ...]] = {}
        self._margins = Margins(self.rules)
        self._valued = _Rows(self._values_of)

    def initial(self, deals: list[Deal]) -> list[Any]:
        return [(d, self.dealer.next, self.rules) for d in deals]

    def grid(self) -> list[Contract]:
        """The bids judged, in the order of :attr:`Advice.bids`: each strain the rules
        bid, S H D C SA TA, its levels and then capot."""
        return [Contract(level, strain, self.seat) for strain in STRAINS if strain in bid_strains(self.rules)
                for level in bid_levels(self.rules) + (CAPOT,)]

    def columns(self) -> list["int | None"]:
        """The strain (its index in :data:`~solver.rules.STRAINS`) each column of
        :meth:`bid_values` reads: none for pass, then each bid's."""
        return [None] + [STRAINS.index(c.strain) for c in self.grid()]

    def narrow(self, task: Any, retired: "frozenset[int]") -> Any:
        """The deal's task solving only the strains a call not ``retired`` reads (and
        those no call reads, for the strain table)."""
        if retired not in self._wanted:        # once per retired set, not once per deal
            read = self.columns()
            wanted = {j for j in range(len(STRAINS)) if j not in read}
            wanted |= {j for k, j in enumerate(read) if j is not None and k not in retired}
            self._wanted[retired] = tuple(sorted(wanted))
        return self.narrowed(task, self._wanted[retired])

    def _arrays(self, deals: list[Deal], results: list[Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per deal and strain: our side's points, whether it takes every trick, whether
        the opponents do (masked where the deal's task left the strain out)."""
        shape = (len(deals), 6)
        team = self.seat.team
        ns = np.array([[p for p, _ in r] for r in results], dtype=np.int64).reshape(shape)
        per_cards = {m: [deal_total(d, s, self.rules) for s in STRAINS]           # full deals: one set of cards
                     for m, d in {d.cards.mask: d for d in deals}.items()}
        totals = np.array([per_cards[d.cards.mask] for d in deals], dtype=np.int64).reshape(shape)
        points = np.where(ns == UNSOLVED, UNSOLVED, ns if team == Team.NS else totals - ns)
        capot = np.array([[t == team for _, t in r] for r in results], dtype=bool).reshape(shape)
        lost = np.array([[t == team.other for _, t in r] for r in results], dtype=bool).reshape(shape)
        if (points == UNSOLVED).any():
            gone = points == UNSOLVED
            points, capot, lost = (np.ma.MaskedArray(a, mask=gone) for a in (points, capot, lost))
        return points, capot, lost

    def final(self, deals: list[Deal], results: list[Any]) -> Advice:
        return self.summarise(deals, *self._arrays(deals, results))

    def bid_values(self, deals: list[Deal], results: list[Any]) -> np.ndarray:
        """What the calls are judged by, one row a deal and one column a call: pass
        first (0 on every deal: the answer passes when no bid gains on average), then the
        bids in the order of :attr:`Advice.bids`, each by its score when the opponents
        coinche the failing deals (:meth:`calls` names the columns).  A deal's row reads
        that deal alone: the rows of deals given before (the same deals, in the same
        order, and their results) are kept, not worked out again."""
        return self._valued(deals, results)[0]

    def _values_of(self, deals: list[Deal], results: list[Any]) -> tuple[np.ndarray, ...]:
        points, capot, lost = self._arrays(deals, results)
        solved = ~np.ma.getmaskarray(points)
        belote, decl = self._claims_of(deals)
        points, capot, lost = _filled(points, capot, lost)
        scores = self._score_bids(points, capot, lost, belote, decl)
        bids = [np.where(solved[:, STRAINS.index(b.contract.strain)], b.coinched, np.nan) for b in scores]
        return np.column_stack([np.zeros(len(deals))] + bids), belote, decl

    def _claims_of(self, deals: list[Deal]) -> tuple[np.ndarray, np.ndarray]:
        """:func:`_claims` of ``deals``, read from the rows of :meth:`bid_values` when
        it has seen them."""
        known = self._valued.known(deals)
        if known is not None:
            return known[1], known[2]
        return _claims(deals, self.seat.team, self.dealer.next, self.rules)

    def calls(self, deals: list[Deal], results: list[Any]) -> list[object]:
        """The options of :meth:`bid_values`' columns: pass, then the bids."""
        return [Call(self.seat, CallKind.PASS)] + [b.option for b in self.final(deals, results).bids]

    def _score_bids(self, points: np.ndarray, capot: np.ndarray, lost: np.ndarray, belote: np.ndarray,
                    decl: np.ndarray) -> list[_BidScores]:
        """Every bid of the grid (:meth:`grid`) scored on every deal."""
        scores: list[_BidScores] = []
        outcomes: dict[int, tuple[list[tuple[int, ...]], np.ndarray]] = {}
        for contract in self.grid():
            j = STRAINS.index(contract.strain)
            if j not in outcomes:       # the distinct outcomes of the strain, once
                outcome = np.stack([points[:, j], capot[:, j], lost[:, j], belote[:, j, 0], belote[:, j, 1],
                                    decl[:, j, 0], decl[:, j, 1]], axis=1).astype(np.int64)
                rows, inverse = np.unique(outcome, axis=0, return_inverse=True)
                outcomes[j] = ([tuple(r) for r in rows.tolist()], np.asarray(inverse).reshape(-1))
            scores.append(_bid_scores(contract, *outcomes[j], self.rules, self._margins))
        return scores

    def summarise(self, deals: list[Deal], points: np.ndarray, capot: np.ndarray,
                  lost_capot: "np.ndarray | None" = None) -> Advice:
        """Statistics and advice from the solved deals; ``lost_capot``: the opponents can
        take every trick (read by ``Rules.capot_any_side`` only).  Masked entries of
        ``points`` are strains left unsolved: each strain and bid is taken on the deals
        where its strain was solved."""
        n = len(deals)
        solved = ~np.ma.getmaskarray(points)
        lost = np.zeros_like(capot) if lost_capot is None else lost_capot
        points, capot, lost = _filled(points, capot, lost)
        rules, team = self.rules, self.seat.team
        belote, decl = self._claims_of(deals)
        ours = belote[:, :, int(team)]
        bonus = ours * BELOTE_POINTS + (decl[:, :, int(team)] if rules.declarations else 0)
        bonus = bonus.astype(points.dtype)
        counted = points + ours * BELOTE_POINTS + (decl[:, :, int(team)] if rules.declarations_count else 0)
        strains = {strain: _strain_stats(strain, (points + bonus)[ok, j], points[ok, j], counted[ok, j],
                                         capot[ok, j], ours[ok, j], rules)
                   for j, strain in enumerate(STRAINS) for ok in [solved[:, j]]}
        bids = _judge_bids(self._score_bids(points, capot, lost, belote, decl), solved)
        if not solved.all():
            points, capot, bonus = (np.ma.MaskedArray(a, mask=~solved) for a in (points, capot, bonus))
        return Advice(**self.question, deals=deals, points=points, capot=capot, bonus=bonus,
                      declarations=decl, strains=strains, bids=bids, recommendation=_recommend(bids, n))


class _Rows:
    """Arrays of one row a deal, worked out once a deal: ``work(deals, *more)`` gives
    them for some deals (each row reading its own deal, and its item of each of
    ``more``, alone).  A call whose deals and items begin with those of the call before
    (the same objects, in the same order) works out only the rows after them; other
    deals start again.

    >>> rows = _Rows(lambda deals, xs: (np.array(xs) * 2,))
    >>> d = [Deal.random(1), Deal.random(2)]
    >>> rows(d[:1], [1])[0], rows(d, [1, 5])[0], rows(d[:1], [1])[0]
    (array([2]), array([ 2, 10]), array([2]))
    """

    def __init__(self, work: Callable[..., tuple[np.ndarray, ...]]) -> None:
        self.work = work
        self.keys: list[tuple[Any, ...]] = []
        self.rows: tuple[np.ndarray, ...] = ()

    def __call__(self, deals: list[Deal], *more: list[Any]) -> tuple[np.ndarray, ...]:
        keys = list(zip(deals, *more))
        n, m = len(keys), len(self.keys)
        if any(a is not b for old, new in zip(self.keys, keys) for a, b in zip(old, new)):
            self.keys, self.rows, m = [], (), 0
        if n > m or not self.rows:
            new = self.work(deals[m:], *(x[m:] for x in more))
            self.rows = new if not self.rows else tuple(np.concatenate(p) for p in zip(self.rows, new))
            self.keys = keys
            return self.rows
        return tuple(a[:n] for a in self.rows)

    def known(self, deals: list[Deal]) -> "tuple[np.ndarray, ...] | None":
        """The rows of ``deals`` when they are the first deals of the last call, else None."""
        if not self.rows or len(deals) > len(self.keys) or any(k[0] is not d for k, d in zip(self.keys, deals)):
            return None
        return tuple(a[:len(deals)] for a in self.rows)


def _filled(points: np.ndarray, capot: np.ndarray, lost: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The arrays as plain ones, a strain left unsolved read as 0 points and no capot
    (every statistic then leaves those entries out)."""
    return np.ma.filled(points, 0), np.ma.filled(capot, False), np.ma.filled(lost, False)


def _claims(deals: list[Deal], team: Team, leader: Seat, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Per deal and strain: the belotes claimed by each side (N-S, E-W) and the
    declarations awarded (N-S, E-W)."""
    belote = np.zeros((len(deals), 6, 2), dtype=np.int64)
    decl = np.zeros((len(deals), 6, 2), dtype=np.int64)
    for i, d in enumerate(deals):
        masks = d.masks
        for j, strain in enumerate(STRAINS):
            belote[i, j] = belote_claim(masks, strain, team, rules)
            if rules.declarations:
                decl[i, j] = award_declarations(d, strain, leader, rules)
    return belote, decl


def _strain_stats(strain: Strain, totals: np.ndarray, points: np.ndarray, counted: np.ndarray,
                  capot: np.ndarray, belotes: np.ndarray, rules: Rules) -> StrainStats:
    """One strain's statistics over the deals: ``totals`` the side's points with its
    announcements, ``counted`` what counts toward a contract."""
    t = totals.astype(float)
    mean = estimate(t)
    qs = np.quantile(t, QUANTILES)
    return StrainStats(
        strain=strain, mean=mean.value, std=float(t.std(ddof=1)) if len(t) > 1 else 0.0, se=mean.se,
        quantiles={q: float(v) for q, v in zip(QUANTILES, qs)}, mean_card_points=float(points.mean()),
        p_reach={lv: float((counted >= points_needed(lv, rules)).mean()) for lv in bid_levels(rules)},
        p_capot=float(capot.mean()), p_belote=float((belotes > 0).mean()), samples=len(t),
    )


def advise(hand: "CardSet | str", seat: "Seat | str" = "S", dealer: "Seat | str" = "N",
           samples: "int | None" = None, seed: "int | None" = None, rules: Rules = Rules(),
           constraints: "Constraints | None" = None, *, workers: "int | None" = None,
           executor: "Backend | str" = Backend.THREAD,
           progress: "Callable[[int, int], None] | None" = None,
           max_attempts: "int | None" = None, confidence: "float | None" = None,
           margin: "float | None" = None, time: "float | None" = None, race: bool = True) -> Advice:
    """Advice for the opening for the player at ``seat`` holding ``hand``
    (``"AJ9.A7.KT.J"`` or a CardSet); advice for the next call of an auction is
    :func:`solver.bidding.auction_advice`, and the same bids played by PIMC players
    :func:`solver.pimc.realistic_advice`.

    Deals ``samples`` deals consistent with the hand and ``constraints`` (seeded by
    ``seed``), solves each exactly in all six strains with the first lead by the seat
    after ``dealer``, and returns an :class:`Advice`.  ``workers`` (default: every
    core) solve in parallel, each with its own solver; the result does not depend on
    their number.  ``progress(done, total)`` reports solved deals.

    With ``confidence``, ``margin`` or ``time`` given, or without ``samples`` (then
    :data:`SAMPLES`, at 95% confidence), ``samples`` is the most deals solved: they
    are solved in rounds and sampling stops as soon as the best call (pass, worth 0, or
    a bid by its score when the opponents coinche its failures) is separated from every
    other at ``confidence`` (0.95 by default), or the calls it is not separated from are
    within ``margin`` score points of it (5 by default), or ``time`` seconds have passed
    (:mod:`solver.sequential`).  The answer is then the fixed run's on the deals solved,
    and its ``stopping`` says why sampling stopped.  ``samples`` given alone: exactly
    that many deals.  Sampled that way the answer races (unless ``race`` is False): a
    strain whose every bid is separated below the best call at a look is no longer
    solved, its table and bids then taken on the deals solved until then (its
    :attr:`StrainStats.samples`, each bid's ``samples``).
    """
    h = parse_hand(hand)
    try:
        seat = Seat.parse(seat)
        dealer = Seat.parse(dealer)
    except SeatError as e:
        raise ConstraintError(str(e)) from None
    if not isinstance(rules, Rules):
        raise ConstraintError(tr("rules {rules!r}: expected a Rules object", rules=rules))
    if samples is None:
        samples = SAMPLES
        if confidence is None and margin is None and time is None:
            confidence = CONFIDENCE
    study = BiddingStudy(hand=h, seat=seat, dealer=dealer, rules=rules, seed=seed, constraints=constraints)
    adv, verdict = sample_answer(study, h, seat, samples, study.bid_values, seed, constraints,
                                 confidence=confidence, margin=margin, time=time, workers=workers,
                                 executor=executor, progress=progress, max_attempts=max_attempts,
                                 options=study.calls, race=race,
                                 lineage=None if constraints is not None else bidding_lineage(h, seat, dealer, rules))
    if verdict is None:
        return adv
    bids = stamped(adv.bids, verdict)
    return dataclasses.replace(adv, bids=bids, recommendation=_recommend(bids, adv.samples), stopping=verdict)
