"""Contracts scored over a study's deals, and compared with each other on the same deals.

A study stores each deal's exact card points for each strain and first leader; a
contract played on the deal scores from them as :class:`~solver.outcome.PlayedContract`
scores every played contract (the belote claimed by whoever holds it and may claim it,
the declarations awarded when the rules score them, capot when one side took every
trick; a générale is not told apart from a capot).  :func:`compare_contracts` scores
each option on every deal of the study (or those a predicate keeps) from one side's
view, the seat's side: its score minus the other side's, a deal.  The options are
compared in pairs on the same deals (redeal's ``Payoff``): each against the best, and
every two, the mean difference with its paired standard error.  Each option's scores
come with their distribution (exact quantiles, every value's count).

>>> import tempfile
>>> from solver.studies import study
>>> with tempfile.TemporaryDirectory() as d:
...     _ = study(d, deals=30, seed=2, strains="H", chunk_size=15, workers=1)
...     c = compare_contracts(d, ["80H S", "100H S"])
...     c.deals, [str(o.contract) for o in c.options], c.best
(30, ['80♥ S', '100♥ S'], 0)
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from .cards import Seat, Team
from .contract import Contract
from .deal import Deal
from .errors import ConstraintError, ContractError, SeatError, quote
from .messages import tr
from .montecarlo import Estimate, json_number
from .outcome import PlayedContract
from .rules import Strain
from .studyfiles import per_deal_tables, read_study
from .aggregate import SIDES, group_ids, value_order
from .studyquery import Predicate, check_names, column, predicate
from .studystats import Distribution, PairedSums

__all__ = ["ContractResult", "ScoreGroup", "Comparison", "compare_contracts", "parse_option"]


def _estimate(name: str, e: Estimate) -> dict[str, Any]:
    return {name: json_number(e.value), f"{name}_se": json_number(e.se)}


@dataclasses.dataclass(frozen=True)
class ContractResult:
    """One contract over the deals: ``mean``, the side's score minus the other's a deal;
    ``success``, the share of deals where the side succeeds (makes the contract it bid,
    sets the one it defends); ``versus``, the mean minus the best option's, paired deal
    by deal; ``scores``, the distribution of the side's score minus the other's."""

    contract: Contract
    leader: Seat
    mean: Estimate
    success: Estimate
    versus: Estimate
    scores: Distribution

    def to_dict(self) -> dict[str, Any]:
        """The keys of every judged option (docs/json.md): ``ev``, ``vs_best``, ``p_success``
        with their standard errors, ``samples``; and ``scores``, the distribution."""
        return {"contract": str(self.contract), "leader": self.leader.name, **_estimate("ev", self.mean),
                **_estimate("vs_best", self.versus), **_estimate("p_success", self.success),
                "samples": self.scores.n, "scores": self.scores.to_dict()}


@dataclasses.dataclass(frozen=True)
class ScoreGroup:
    """The contracts compared on the deals of one group, those sharing the ``key``
    values of the ``by`` features: the same fields as :class:`Comparison`'s."""

    key: tuple[Any, ...]
    deals: int
    options: tuple[ContractResult, ...]
    best: int
    differences: tuple[tuple[Estimate, ...], ...]

    def to_dict(self, names: Sequence[str]) -> dict[str, Any]:
        return {"features": {k: _plain(v) for k, v in zip(names, self.key)}, "deals": self.deals,
                **_compared(self.options, self.best, self.differences)}


def _plain(v: Any) -> Any:
    return v.item() if isinstance(v, np.generic) else v


def _compared(options: Sequence[ContractResult], best: int,
              differences: Sequence[Sequence[Estimate]]) -> dict[str, Any]:
    return {"best": str(options[best].contract) if options else None,
            "options": [o.to_dict() for o in options],
            "differences": [{"a": str(options[j].contract), "b": str(options[k].contract),
                             **_estimate("a_minus_b", differences[j][k])}
                            for j in range(len(options)) for k in range(j + 1, len(options))]}


@dataclasses.dataclass(frozen=True)
class Comparison:
    """Contracts compared on the same deals, from ``seat``'s side.

    ``deals``: the deals compared (those that passed ``where``, evaluated in ``strain``,
    the first contract's); ``study_deals``: the study's finished deals; ``best``: the
    option of the highest mean; ``differences[j][k]``: option ``j`` minus option ``k``,
    paired deal by deal.  Grouped ``by`` features (of the seat's hand, or its side's
    with ``of="side"``), ``groups`` holds the same comparison on each group's deals, in
    the order of the features' values.
    """

    seat: Seat
    strain: Strain
    where: "str | None"
    deals: int
    study_deals: int
    options: tuple[ContractResult, ...]
    best: int
    differences: tuple[tuple[Estimate, ...], ...]
    by: tuple[str, ...] = ()
    of: str = "seat"
    groups: tuple[ScoreGroup, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {"seat": self.seat.name, "side": self.seat.team.name, "where": self.where,
               "where_strain": self.strain.name, "deals": self.deals, "study_deals": self.study_deals,
               **_compared(self.options, self.best, self.differences)}
        if self.by:
            out.update({"by": list(self.by), "of": self.of,
                        "groups": [g.to_dict(self.by) for g in self.groups]})
        return out


def parse_option(text: "Contract | str", seat: Seat) -> Contract:
    """A contract as typed (``100H``, ``80SA E``, ``90S N X``), declared by ``seat`` unless
    the text names another declarer."""
    if isinstance(text, Contract):
        return text
    if not isinstance(text, str):
        raise ConstraintError(tr("contract {text!r}: expected a bid like 100H S", text=text))
    named = Contract.parse(text)
    try:
        return Contract.parse(text, declarer=seat)
    except ContractError:
        return named                # the text names another declarer


_TAKER = {1: Team.NS, -1: Team.EW, 0: None}


def compare_contracts(directory: "str | os.PathLike[str]", contracts: Sequence["Contract | str"], *,
                      leader: "Seat | str | None" = None, seat: "Seat | str | None" = None,
                      where: "str | Callable[[Deal, Strain], Any] | Predicate | None" = None,
                      features: "Mapping[str, Callable[..., Any]] | None" = None,
                      of: str = "seat", by: Sequence[str] = ()) -> Comparison:
    """Score ``contracts`` on the finished deals of the study in ``directory`` and
    compare them, from ``seat``'s side (default: the study's seat, who also declares a
    contract that names no declarer).  ``leader``: the first leader (one the study
    solved; default its only one).  ``where``: keep the deals that pass this predicate
    (:mod:`solver.studyquery`), evaluated in the first contract's strain, so that every
    option is scored on the same deals.  ``by``: compare them on each group of deals
    sharing these features' values too (of the seat's hand, or its side's with
    ``of="side"``; evaluated in the first contract's strain, as
    :func:`solver.aggregate.aggregate` groups).  Nothing is solved."""
    info = read_study(directory)
    spec = info.spec
    try:
        me = spec.seat if seat is None else Seat.parse(seat)
        lead = None if leader is None else Seat.parse(leader)
    except SeatError as e:
        raise ConstraintError(str(e)) from None
    if lead is None:
        if len(spec.leaders) > 1:
            raise ConstraintError(tr("the study solved the leaders {leaders}: name the first leader",
                                     leaders=" ".join(s.name for s in spec.leaders)))
        lead = spec.leaders[0]
    if lead not in spec.leaders:
        solved = " ".join(s.name for s in spec.leaders)
        raise ConstraintError(tr("leader {seat}: the study solved {leaders}", seat=lead, leaders=solved))
    if isinstance(contracts, str) or not contracts:
        raise ConstraintError(tr("contracts: expected one or more, like ['100H S', '80SA S']"))
    options = [parse_option(c, me) for c in contracts]
    for c in options:
        if c.strain not in spec.strains:
            raise ConstraintError(tr("{contract}: the study solved {strains}, not {strain}", contract=str(c),
                                     strains=" ".join(s.name for s in spec.strains), strain=c.strain.name))
    if len(set(options)) < len(options):
        raise ConstraintError(tr("contracts {contracts}: the same contract twice",
                                 contracts=quote(", ".join(map(str, options)))))
    pred = None if where is None else predicate(where)
    if pred is not None:
        pred.check(features)
    by = tuple(by)
    check_names(by, features)
    if of not in SIDES:
        raise ConstraintError(tr("features of {of}: expected seat or side", of=quote(of)))
    rules, team, strain = spec.rules, me.team, options[0].strain
    overall = _Tally.start(len(options))
    groups: dict[tuple[Any, ...], _Tally] = {}
    for table in per_deal_tables(directory, info):
        hands = np.stack([table.column(s.name).to_numpy().astype(np.uint64) for s in Seat], axis=1)
        rows = np.arange(len(hands)) if pred is None else \
            np.flatnonzero(pred.mask(hands, strain, rules, me, of, features))
        values = np.zeros((len(rows), len(options)), dtype=np.int64)
        success = np.zeros((len(rows), len(options)), dtype=bool)
        for j, c in enumerate(options):
            tag = f"{c.strain.name}_{lead.name}"
            ns = table.column(f"ns_{tag}").to_numpy()[rows].tolist()
            capot = table.column(f"capot_{tag}").to_numpy()[rows].tolist()
            for k, row in enumerate(hands[rows].tolist()):
                deal = Deal(tuple(int(m) for m in row))
                played = PlayedContract.on_deal(c, deal, int(ns[k]), _TAKER[int(capot[k])], leader=lead,
                                                rules=rules)
                values[k, j], success[k, j] = played.margin(team, rules)
        overall.add(values, success)
        if by and len(rows):
            kept = hands[rows]
            ids, keys = group_ids([column(name, kept, strain, rules, me, of, features) for name in by])
            for g, key in enumerate(keys):
                mine = ids == g
                groups.setdefault(key, _Tally.start(len(options))).add(values[mine], success[mine])
    results, best, differences = overall.compared(options, lead)
    grouped = tuple(ScoreGroup(key, groups[key].sums.n, *groups[key].compared(options, lead))
                    for key in sorted(groups, key=value_order))
    return Comparison(me, strain, None if pred is None else pred.text, overall.sums.n, info.deals, results,
                      best, differences, by, of, grouped)


@dataclasses.dataclass
class _Tally:
    """The running sums of the options over some deals, and their scores' distributions."""

    sums: PairedSums
    scores: list[Distribution]

    @classmethod
    def start(cls, k: int) -> "_Tally":
        return cls(PairedSums.start(k), [Distribution() for _ in range(k)])

    def add(self, values: np.ndarray, success: np.ndarray) -> None:
        self.sums.add(values, success)
        self.scores = [d + Distribution.of(values[:, j]) for j, d in enumerate(self.scores)]

    def compared(self, options: Sequence[Contract], lead: Seat) -> tuple[
            tuple[ContractResult, ...], int, tuple[tuple[Estimate, ...], ...]]:
        """Each option's result, the best option, and every paired difference."""
        sums, k = self.sums, len(options)
        means = [sums.mean(j) for j in range(k)]
        best = max(range(k), key=lambda j: (means[j].value if sums.n else 0.0, -j))
        differences = tuple(tuple(sums.difference(j, b) if j != b else Estimate(0.0, 0.0) for b in range(k))
                            for j in range(k))
        results = tuple(ContractResult(c, lead, means[j], sums.success(j), differences[j][best],
                                       self.scores[j]) for j, c in enumerate(options))
        return results, best, differences
