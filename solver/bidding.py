"""Advice inside an auction: every legal next call judged on deals consistent with what
the calls so far showed under a bidding system.

The unseen hands are dealt so that every caller could have made each of their calls
(:mod:`solver.system`); the cards a call shows for certain (the J, 9 and A of a 100
opening) are placed first, the rest by rejection, and the acceptance rate is reported.
Each deal is solved exactly in the six strains with the first lead by the seat after the
dealer.  Each legal call is then scored on every deal **as if the auction ended after
it**: a pass leaves the standing contract as it is, a bid makes it the contract, a
coinche or a surcoinche multiplies it; the score is ours minus theirs, and each call is
compared with the best on the same deals (paired standard errors).

>>> a = auction_advice("AJ9.A7.KT.J", "S", "E", "S:pass W:80H N:pass E:pass", samples=20, seed=1, workers=1)
>>> a.best.call.text, a.calls[0].call.text
('100S', 'pass')
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Collection, Optional, Protocol

import numpy as np

from .messages import card_name, tr
from .auction import Auction, AuctionError, Call, CallKind
from .cards import Card, CardSet, Seat, Team
from .contract import Contract
from .deal import Deal
from .errors import ConstraintError, SeatError
from .montecarlo import (CONFIDENCE, UNSOLVED, Acceptance, Answer, Estimate, Judged, Reuse, estimate,
                         json_number, judge, reusing, sample_answer, stamped, stopping_dict)
from .parallel import Backend
from .rules import STRAINS, Rules
from .sampling import Constraints, parse_hand
from .outcome import DealFacts, Margins, PlayedContract, deal_facts, deal_total, side_points
from .par import Par, par
from .solve import default_solver
from .sequential import Verdict
from .six_strains import SixStrainStudy, bidding_lineage
from .system import DEFAULT, BiddingSystem, Meaning

#: A system in which no call shows anything.
NO_SYSTEM = BiddingSystem("no", ())

__all__ = ["CallJudged", "CallJudging", "CallNote", "ends_now", "AuctionAdvice", "auction_advice", "auction_constraints", "shown", "CallReview",
           "AuctionReview", "review_auction"]


def _count(mask: int) -> int:
    return bin(mask).count("1")


# ---------------------------------------------------------------------------
# What the auction showed, as sampling constraints
# ---------------------------------------------------------------------------

def shown(auction: Auction, system: BiddingSystem) -> list[tuple[Call, Meaning]]:
    """Each call with what it shows under ``system``."""
    return [(c, system.meaning(auction, i)) for i, c in enumerate(auction.calls)]


def _describe(call: Call, meaning: Meaning, seat: Seat) -> str:
    f = dict(call=call_text(call), meaning=meaning.describe(), seat=call.seat)
    if call.seat == seat:
        return tr("your {call} showed {meaning}", **f)
    if call.seat.team == seat.team:
        return tr("partner's {call} showed {meaning}", **f)
    return tr("{seat}'s {call} showed {meaning}", **f)


def call_text(call: Call) -> str:
    """A call for people in the output language: ``100♥``, ``pass`` (``passe``)."""
    return tr("pass") if call.kind == CallKind.PASS else str(call)


def auction_constraints(hand: CardSet, seat: Seat, auction: Auction, system: BiddingSystem,
                        given: "Constraints | None" = None, calls: "Collection[int] | None" = None) -> Constraints:
    """Constraints making every other caller's hand fit their calls; the cards shown for
    certain are placed first.  An impossible combination is refused before dealing.
    ``calls``: the indices of the calls read (default: all); the others show nothing."""
    given = given or Constraints()
    meanings = [(c, m) for i, (c, m) in enumerate(shown(auction, system))
                if (calls is None or i in calls) and c.seat != seat and not m.nothing]
    known = {s: int(c.mask) for s, c in given.known.items()}
    needed: dict[int, tuple[Call, Meaning]] = {}
    for call, m in meanings:
        need = m.required()
        for c in CardSet(need):
            other = needed.get(int(c))
            if other is not None and other[0].seat != call.seat:
                raise ConstraintError(tr("{first} and {call}: both cannot hold {card}; no deal fits the auction "
                                         "under the {system} system", first=_describe(*other, seat),
                                         call=_describe(call, m, seat), card=card_name(Card(c)), system=system.title))
            needed[int(c)] = (call, m)
        clash = need & hand.mask
        if clash or (m.at_least and _count(m.honours & ~hand.mask) < m.at_least):
            held = " ".join(Card(c).symbol for c in CardSet(clash or (m.honours & hand.mask)))
            raise ConstraintError(tr("{call}, but you hold {held}: no deal fits the auction under the "
                                     "{system} system", call=_describe(call, m, seat), held=held,
                                     system=system.title))
        known[call.seat] = known.get(call.seat, 0) | need
    tests = [(call.seat, m) for call, m in meanings]
    user = given.accept

    def accept(deal: Deal) -> bool:
        masks = deal.masks
        return all(m.accepts(masks[s]) for s, m in tests) and (user is None or user(deal))

    accept.__name__ = "the auction"
    return dataclasses.replace(given, known={s: CardSet(m) for s, m in known.items()}, accept=accept)


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------

#: A legal call judged over the deals: :class:`~solver.montecarlo.Judged` with the call as
#: its option, ``contract`` the contract it leaves (None: passed out), ``success`` the
#: share of deals on which our side succeeds (our contract makes, or theirs fails),
#: ``value`` (``ev``) our mean score minus theirs, ``versus`` the same against the best
#: call, deal by deal.
CallJudged = Judged[Call]


@dataclasses.dataclass
class AuctionAdvice(Answer):
    """The advice for the next call; ``points`` holds our side's exact points per deal
    and strain (S H D C SA TA), ``scores`` our score minus theirs per deal and call.  A
    racing answer leaves the strains of retired calls unsolved on its later deals:
    ``points`` is then a masked array and those calls' ``scores`` NaN (each call's
    ``samples`` says on how many deals it was judged)."""

    PER_DEAL = ("points", "scores")

    hand: CardSet
    seat: Seat
    dealer: Seat
    auction: Auction
    system: BiddingSystem
    rules: Rules
    seed: Optional[int]
    deals: list[Deal]
    points: np.ndarray
    scores: np.ndarray
    calls: list[CallJudged]
    shown: list[tuple[Call, Meaning]]
    acceptance: Optional[float]
    text: str = ""
    stopping: "Verdict | None" = None
    #: what a judging other than "ends now" adds (the look-ahead's continuations,
    #: :class:`solver.lookahead.LookaheadNote`); None when each call ends the auction
    lookahead: "CallNote | None" = None
    #: how many of the deals came from an earlier question on the same hand, inside a
    #: :func:`~solver.montecarlo.reusing` block (:func:`~solver.montecarlo.deal_carrying`)
    carried: int = 0

    @property
    def best(self) -> CallJudged:
        chosen = getattr(self.lookahead, "chosen", None)      # a judging may advise another call
        if chosen is not None:
            return next(c for c in self.calls if c.call == chosen)
        return min(self.calls, key=lambda c: (-c.samples, -round(c.ev, 9), call_order(c.call)))

    def to_dict(self, with_deals: bool = False) -> dict[str, Any]:
        d = {"hand": self.hand.to_pbn(), "seat": self.seat.name, "dealer": self.dealer.name,
             "auction": self.auction.to_dict()["calls"], "system": self.system.name,
             "samples": self.samples, "seed": self.seed, "acceptance": self.acceptance, "carried": self.carried,
             "shown": [{"seat": c.seat.name, "call": c.text, "shows": m.describe(), "nothing": m.nothing}
                       for c, m in self.shown],
             "calls": [c.to_dict() for c in self.calls], "best": self.best.call.text,
             "assumption": "each call is scored as if the auction ended after it" if self.lookahead is None
             else "each call is scored after the auction is continued by the bidding policy", "text": self.text,
             **stopping_dict(self.stopping)}
        if self.lookahead is not None:
            d["lookahead"] = self.lookahead.to_dict()
        if with_deals:
            d.update(self._per_deal())
        return d


def call_order(call: Call) -> tuple[int, int, int]:
    # on equal scores: pass, then the lower bid, then coinche, then surcoinche
    kinds = {CallKind.PASS: 0, CallKind.BID: 1, CallKind.COINCHE: 2, CallKind.SURCOINCHE: 3}
    return (kinds[call.kind], call.level or 0, int(call.strain) if call.strain is not None else 0)


# ---------------------------------------------------------------------------
# One deal, and the scores of every call
# ---------------------------------------------------------------------------

def _played(contract: Contract, deal: Deal, row: tuple[int, Optional[Team]], leader: Seat, rules: Rules,
            facts: "DealFacts | None" = None) -> PlayedContract:
    """``contract`` played double dummy on ``deal``: ``row`` holds N-S's points and the
    side that takes every trick (``facts``: the deal's :data:`~solver.outcome.DealFacts`)."""
    ns, taker = row
    return PlayedContract.on_deal(contract, deal, ns, taker, leader=leader, rules=rules, facts=facts)


def contract_margin(contract: Optional[Contract], deal: Deal, row: "tuple[int, Optional[Team]] | None",
                    team: Team, leader: Seat, rules: Rules, facts: "DealFacts | None" = None,
                    margins: "Margins | None" = None) -> tuple[int, bool]:
    """Our score minus theirs with ``contract`` played (``row``: its strain's N-S points and
    the side taking every trick), and whether our side succeeds (``facts``: a memory of
    the deal's facts for the contracts scored on it, :data:`~solver.outcome.DealFacts`;
    ``margins``: the outcomes already scored under ``rules``, shared across deals)."""
    if contract is None or row is None:
        return 0, False
    scored = Margins(rules) if margins is None else margins
    return scored.of_ns(contract, row[0], row[1], deal_facts(contract, deal, leader, rules, facts), team)


def _contract_after(auction: Auction, call: Call) -> Optional[Contract]:
    """The contract if the auction ended right after ``call``."""
    state = auction.then(call).state()
    return state.contract()


def _legal_contracts(auction: Auction) -> tuple[list[Call], list[Optional[Contract]]]:
    """The legal calls and, for each, the contract if the auction ended right after it."""
    options = auction.legal_calls()
    return options, [_contract_after(auction, call) for call in options]


class AuctionStudy(SixStrainStudy[tuple[list[Deal], list[Any]]]):
    """The deals fitting an auction, each solved in the six strains (the dealer's next seat
    leading), for judging calls on them.  ``reads``: the strain (index) each call's column
    reads, none for a call that passes the deal out; given, a race may leave out the
    strains of retired calls (:meth:`narrow`), else it cannot."""

    dealer: Seat
    reads: "list[int | None] | None"

    def initial(self, deals: list[Deal]) -> list[Any]:
        return [(d, self.dealer.next, self.rules) for d in deals]

    def __init__(self, **question: Any) -> None:
        super().__init__(**question)
        self._wanted: dict[frozenset[int], tuple[int, ...]] = {}     # the strains solved, per retired set

    def narrow(self, task: Any, retired: "frozenset[int]") -> Any:
        if self.reads is None:
            return None
        if retired not in self._wanted:
            self._wanted[retired] = tuple(sorted({j for k, j in enumerate(self.reads)
                                                  if j is not None and k not in retired}))
        return self.narrowed(task, self._wanted[retired])

    def final(self, deals: list[Deal], results: list[Any]) -> tuple[list[Deal], list[Any]]:
        return deals, results


#: Each deal's scores of the calls, kept from one round of sampling to the next (the deals
#: of earlier rounds are judged again): per deal number, the deal and its two rows.
CallMemo = dict[int, tuple[Deal, np.ndarray, np.ndarray]]


def judge_calls(auction: Auction, seat: Seat, deals: list[Deal], results: list[Any],
                rules: Rules, memo: "CallMemo | None" = None,
                margins: "Margins | None" = None) -> tuple[list[CallJudged], np.ndarray]:
    """Each legal call scored as if the auction ended after it, on every deal (``memo``:
    the rows of deals already scored by an earlier call with the same auction, seat and
    rules, the same deal objects at the same places; ``margins``: the margins of the
    outcomes already scored under these rules)."""
    margins = Margins(rules) if margins is None else margins
    options, contracts = _legal_contracts(auction)
    leader = auction.dealer.next
    values = np.zeros((len(deals), len(options)))
    success = np.zeros((len(deals), len(options)), dtype=bool)
    for i, (deal, rows) in enumerate(zip(deals, results)):
        kept = memo.get(i) if memo is not None else None
        if kept is not None and kept[0] is deal:
            values[i], success[i] = kept[1], kept[2]
            continue
        facts: DealFacts = {}
        for j, contract in enumerate(contracts):
            row = rows[int(contract.strain)] if contract is not None else None
            if row is not None and row[0] == UNSOLVED:       # a retired call's strain
                values[i, j] = np.nan
                continue
            values[i, j], success[i, j] = contract_margin(contract, deal, row, seat.team, leader, rules, facts,
                                                         margins)
        if memo is not None:
            memo[i] = (deal, values[i].copy(), success[i].copy())
    # on equal scores the first call in the order of call_order
    later = {j: -k for k, j in enumerate(sorted(range(len(options)), key=lambda j: call_order(options[j])))}
    judged = judge(options, values, success, lambda j, value, _: (round(value.value, 9), later[j]))
    stats: list[CallJudged] = []
    for option in judged:
        contract = _contract_after(auction, option.option)
        p = option.success if contract is not None else Estimate(0.0, 0.0)
        stats.append(dataclasses.replace(option, success=p, contract=contract))
    return stats, values


class CallNote(Protocol):
    """What a judging adds to an auction advice beyond the calls' scores: its words
    (which become the advice's text) and its JSON form."""

    @property
    def text(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


class CallJudging(Protocol):
    """How the legal calls of ``auction`` are scored on the deals of an auction advice
    (``results``: each deal's six strains solved, :func:`~solver.six_strains.solve_six_strains`): the calls
    judged, the score matrix (deals × legal calls, ours minus theirs) and a note."""

    def __call__(self, auction: Auction, seat: Seat, deals: list[Deal], results: list[Any], rules: Rules,
                 system: BiddingSystem, seed: Optional[int]) -> tuple[list[CallJudged], np.ndarray,
                                                                      "CallNote | None"]: ...


def ends_now(auction: Auction, seat: Seat, deals: list[Deal], results: list[Any], rules: Rules,
             system: BiddingSystem, seed: Optional[int]) -> tuple[list[CallJudged], np.ndarray, None]:
    """The default :class:`CallJudging`: each call scored as if the auction ended after it."""
    stats, values = judge_calls(auction, seat, deals, results, rules)
    return stats, values, None


def _ends_now_remembering() -> CallJudging:
    """:func:`ends_now` for the rounds of one advice: each deal's scores made once."""
    memo: CallMemo = {}
    margins: dict[Rules, Margins] = {}

    def judging(auction: Auction, seat: Seat, deals: list[Deal], results: list[Any], rules: Rules,
                system: BiddingSystem, seed: Optional[int]) -> tuple[list[CallJudged], np.ndarray, None]:
        if rules not in margins:
            margins[rules] = Margins(rules)
        scored = margins[rules]
        stats, values = judge_calls(auction, seat, deals, results, rules, memo, scored)
        return stats, values, None
    return judging


def _advice_text(adv: AuctionAdvice) -> str:
    best = adv.best
    said = [_describe(c, m, adv.seat) for c, m in adv.shown if c.seat != adv.seat and not m.nothing]
    head = "; ".join(said)
    head = (head[0].upper() + head[1:] + ". ") if head else ""
    p = 100 * best.p_success
    if best.contract is None:
        tail = tr("passing the deal out scores 0")
    elif best.contract.declarer.team == adv.seat.team:
        tail = tr("{contract} makes in {p:.0f}% of the deals", contract=best.contract, p=p)
    else:
        tail = tr("{contract} fails in {p:.0f}% of the deals", contract=best.contract, p=p)
    runner = sorted((c for c in adv.calls if c is not best), key=lambda c: (-c.samples, -c.ev))[:1]
    more = "" if not runner else tr("; the next best, {call}, loses {loss:.0f} ± {se:.0f} on average",
                                    call=call_text(runner[0].call), loss=-runner[0].vs_best,
                                    se=runner[0].vs_best_se)
    return tr("{head}Call {call}: {tail}, worth {ev:+.0f} on average{more}.", head=head,
              call=call_text(best.call), tail=tail, ev=best.ev, more=more)


#: The most deals :func:`auction_advice` solves when it is not told how many (it stops
#: sooner when the best call is known, and races: docs/advice.md), each call ending the
#: auction; :data:`LOOKAHEAD_SAMPLES` when a judging continues it (every strain of every
#: deal then counts, and each deal costs its rollouts).
AUCTION_SAMPLES = 1000
LOOKAHEAD_SAMPLES = 300


def auction_advice(hand: "CardSet | str", seat: "Seat | str", dealer: "Seat | str",
                   auction: "Auction | str", samples: "int | None" = None, seed: "int | None" = None,
                   rules: Rules = Rules(), system: BiddingSystem = DEFAULT,
                   constraints: "Constraints | None" = None, *, workers: "int | None" = None,
                   executor: "Backend | str" = Backend.THREAD,
                   progress: "Callable[[int, int], None] | None" = None,
                   max_attempts: "int | None" = None, confidence: "float | None" = None,
                   margin: "float | None" = None, time: "float | None" = None,
                   judge: "CallJudging | None" = None, race: bool = True) -> AuctionAdvice:
    """Advice for the next call of ``auction`` by the player at ``seat`` holding ``hand``.

    With ``confidence``, ``margin`` or ``time``, or without ``samples`` (then
    :data:`AUCTION_SAMPLES`, or :data:`LOOKAHEAD_SAMPLES` with a ``judge``, at 95%
    confidence), ``samples`` is the most deals solved, in
    rounds until the best call is known (as :func:`solver.advice.advise` does;
    ``stopping`` says why sampling stopped); ``samples`` alone: exactly that many deals.
    ``judge`` scores the calls on the deals: by default :func:`ends_now`; :func:`solver.lookahead.auction_advice` passes one that
    continues the auction on every deal.  Sampled in rounds, the answer races (unless
    ``race`` is False, and only when each call ends the auction): a strain whose every
    call is separated below the best is no longer solved, those calls judged on the
    deals before."""
    h = parse_hand(hand)
    try:
        seat, dealer = Seat.parse(seat), Seat.parse(dealer)
    except SeatError as e:
        raise ConstraintError(str(e)) from None
    a = auction if isinstance(auction, Auction) else Auction.parse(auction, dealer, rules)
    if a.dealer != dealer:
        raise AuctionError(tr("the auction's dealer is {dealer}, not {dealer2}", dealer=a.dealer,
                              dealer2=dealer.name))
    if a.is_over:
        raise AuctionError(tr("the auction {a} is over: no call is left to make", a=a))
    if a.next_seat != seat:
        raise AuctionError(tr("after {a} it is {next_seat}'s call, not {seat}'s", a=a,
                              next_seat=a.next_seat.name, seat=seat.name))
    if samples is None:
        samples = AUCTION_SAMPLES if judge is None else LOOKAHEAD_SAMPLES
        if confidence is None and margin is None and time is None:
            confidence = CONFIDENCE
    c = auction_constraints(h, seat, a, system, constraints)
    counter = Acceptance(c.accept, "the auction")
    c = dataclasses.replace(c, accept=counter)

    judging = _ends_now_remembering() if judge is None else judge

    def judged(deals: list[Deal], results: list[Any]) -> tuple[list[CallJudged], np.ndarray, "CallNote | None"]:
        return judging(a, seat, deals, results, rules, system, seed)

    def call_values(deals: list[Deal], results: list[Any]) -> np.ndarray:
        return judged(deals, results)[1]

    # the strain each call's column reads (what a race may leave out), when each call ends the auction
    reads = None if judge is not None or not race else \
        [None if k is None else int(k.strain) for k in _legal_contracts(a)[1]]
    study = AuctionStudy(rules=rules, dealer=dealer, reads=reads)
    # the deals of an earlier question on this hand may start this one's (reuse only)
    lineage = None if constraints is not None else bidding_lineage(h, seat, dealer, rules, tuple(shown(a, system)))
    (deals, results), verdict = sample_answer(study, h, seat, samples, call_values, seed, c, confidence=confidence,
                                              margin=margin, time=time, workers=workers, executor=executor,
                                              progress=progress, max_attempts=max_attempts,
                                              options=lambda d, r: [x.option for x in judged(d, r)[0]],
                                              lineage=lineage)
    stats, values, note = judged(deals, results)
    stats = stamped(stats, verdict)
    team = seat.team
    points = np.array([[side_points(r[0], team, deal_total(d, s, rules)) if r[0] != UNSOLVED else UNSOLVED
                        for s, r in zip(STRAINS, rows)] for d, rows in zip(deals, results)])
    if (points == UNSOLVED).any():
        points = np.ma.MaskedArray(points, mask=points == UNSOLVED)
    adv = AuctionAdvice(h, seat, dealer, a, system, rules, seed, deals, points, values, stats,
                        shown(a, system), counter.rate, stopping=verdict, lookahead=note,
                        carried=min(study.carried, len(deals)))
    adv.text = _advice_text(adv) if note is None else note.text
    return adv




# ---------------------------------------------------------------------------
# Reviewing a whole auction
# ---------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class CallReview:
    """One call of a reviewed auction, judged from its player's seat: the advice (that
    hand, the calls before, nothing else), whether the call was the advice's best, and
    what it cost on average against the best (paired, with its standard error).
    ``fitted``: False when no deal fitted the calls before under the system from this
    seat (real players need not follow it); the deals then ignore what calls showed."""

    call: Call
    advice: AuctionAdvice
    matched: bool
    cost: float
    cost_se: float
    fitted: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.call.seat.name, "call": self.call.text, "best": self.advice.best.call.text,
                "matched": self.matched, "cost": self.cost, "cost_se": json_number(self.cost_se),
                "fitted": self.fitted, "text": self.advice.text, **stopping_dict(self.advice.stopping)}


@dataclasses.dataclass(frozen=True)
class AuctionReview:
    """Every call of an auction reviewed, the final contract's double-dummy result on
    the real deal (N-S points, first lead by the seat after the dealer) and par."""

    deal: Deal
    dealer: Seat
    auction: Auction
    calls: tuple[CallReview, ...]
    contract: Optional[Contract]
    ns_points: Optional[int]
    ns_score: int
    ew_score: int
    par: Par

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal.to_pbn(), "dealer": self.dealer.name,
                "calls": [c.to_dict() for c in self.calls],
                "contract": None if self.contract is None else self.contract.to_text(),
                "ns_points": self.ns_points, "ns_score": self.ns_score, "ew_score": self.ew_score,
                "par": self.par.to_dict()}


def _real_result(deal: Deal, dealer: Seat, contract: Optional[Contract], rules: Rules
                 ) -> tuple[Optional[int], int, int]:
    """The contract played double dummy on the real deal: N-S points and both scores."""
    if contract is None:
        return None, 0, 0
    r = default_solver().strain_result(deal, dealer.next, contract.strain, rules)
    ns, ew, _ = _played(contract, deal, (r.ns_points, r.taken_all), dealer.next, rules).scores(rules)
    return r.ns_points, ns, ew


def review_auction(deal: "Deal | str", dealer: "Seat | str", auction: "Auction | str", *,
                   system: BiddingSystem = DEFAULT, samples: int = 100, seed: "int | None" = 1,
                   rules: Rules = Rules(), workers: "int | None" = None,
                   progress: "Callable[[int, int], None] | None" = None, confidence: "float | None" = None,
                   margin: "float | None" = None, time: "float | None" = None,
                   judge: "CallJudging | None" = None) -> AuctionReview:
    """Each call of ``auction`` reviewed from its player's seat (see :class:`CallReview`),
    the final contract's result on the real deal, and par for comparison.  ``confidence``,
    ``margin`` and ``time`` (per call) stop each advice's sampling early, and ``judge``
    scores the calls, as in :func:`auction_advice`.  A seat's later calls are judged first
    on the deals of its earlier ones that fit the longer auction
    (:func:`~solver.montecarlo.deal_carrying`), in a cache of the review's own: the review
    is the same whatever was asked before it."""
    d = Deal.parse(deal)
    try:
        dealer = Seat.parse(dealer)
    except SeatError as e:
        raise ConstraintError(str(e)) from None
    a = auction if isinstance(auction, Auction) else Auction.parse(auction, dealer, rules)
    with reusing(Reuse()):          # a seat's later calls start from the deals of its earlier ones
        reviews = _reviews(d, dealer, a, system, samples, seed, rules, workers, progress, confidence, margin, time,
                           judge)
    contract = a.contract
    ns_points, ns, ew = _real_result(d, dealer, contract, rules)
    return AuctionReview(d, dealer, a, tuple(reviews), contract, ns_points, ns, ew, par(d, dealer, rules))


def _reviews(d: Deal, dealer: Seat, a: Auction, system: BiddingSystem, samples: int, seed: "int | None",
             rules: Rules, workers: "int | None", progress: "Callable[[int, int], None] | None",
             confidence: "float | None", margin: "float | None", time: "float | None",
             judge: "CallJudging | None") -> list[CallReview]:
    """Each call of ``a`` reviewed (:func:`review_auction`)."""
    reviews = []
    for i, call in enumerate(a.calls):
        before = a.before(i)
        fitted = True
        try:
            adv = auction_advice(d.hands[call.seat], call.seat, dealer, before, samples=samples,
                                 seed=None if seed is None else seed + i, rules=rules, system=system,
                                 workers=workers, confidence=confidence, margin=margin, time=time,
                                 judge=judge)
        except ConstraintError:
            # the real calls need not follow the system: from this seat no deal fits them,
            # so the deals are dealt as if the calls showed nothing
            fitted = False
            adv = auction_advice(d.hands[call.seat], call.seat, dealer, before, samples=samples,
                                 seed=None if seed is None else seed + i, rules=rules, system=NO_SYSTEM,
                                 workers=workers, confidence=confidence, margin=margin, time=time,
                                 judge=judge)
        j = next(k for k, c in enumerate(adv.calls) if c.call == call)
        best = adv.calls.index(adv.best)
        diff = adv.scores[:, best] - adv.scores[:, j]
        cost = estimate(diff)
        reviews.append(CallReview(call, adv, j == best, cost.value, cost.se, fitted))
        if progress is not None:
            progress(i + 1, len(a.calls))
    return reviews
