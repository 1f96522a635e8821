"""A study's statistics, grouped by hand features, gathered chunk by chunk.

For each strain, first leader and group of deals sharing the values of the ``by``
features (of the study's seat, or of its side with ``of="side"``; of any hand or side,
or of the whole deal, named as :mod:`solver.studyquery` says): how many deals, the
side's mean points with their standard error, the distribution of its points (every
value's count, so exact quantiles), and the share of deals on which the side makes each
bid level (its belote and declarations counted as the rules count them) and capot, with
standard errors; for a study that stored them, the distribution of the side's
double-dummy tricks too.  ``where`` (a predicate of :mod:`solver.studyquery`) keeps the deals
that pass it, in each strain.  Only running sums are kept, one chunk's rows read at
a time, so a study of any size aggregates in constant memory, and grouping anew by other
features reads the files again without solving anything.

>>> import tempfile
>>> from solver.studies import study
>>> with tempfile.TemporaryDirectory() as d:
...     _ = study(d, deals=40, seed=3, strains="H", chunk_size=20, workers=1)
...     agg = aggregate(d, ["trump_J"])
...     [(g.key, g.n) for g in agg.groups]
[((0,), 28), ((1,), 12)]
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import math
import os
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import numpy as np

from .atomic import atomic_path
from .cards import Seat, TextEnum
from .contract import CAPOT, Contract, bid_levels, level_json, parse_level
from .deal import Deal
from .errors import CoincheError, ConstraintError, SeatError, quote
from .messages import tr
from .outcome import deal_facts
from .montecarlo import Estimate, json_number, share_se, sums_estimate
from .rules import Strain
from .scoring import min_points_to_make
from .studyfiles import StudySpec, per_deal_tables, read_arguments, read_study
from .studyquery import Predicate, check_names, column, predicate
from .studystats import QUANTILES, Distribution

__all__ = ["Group", "Aggregates", "aggregate", "write_aggregates", "read_aggregates", "FeaturesOf", "SIDES",
           "group_ids", "value_order"]


class FeaturesOf(TextEnum):
    """Whose hand the features describe, equal to its word (the JSON's ``"of"``): the
    study's ``seat``, or its ``side`` (both hands)."""

    SEAT = "seat"
    SIDE = "side"


#: The words of :class:`FeaturesOf`, as ``--of`` takes them.
SIDES = tuple(FeaturesOf)


@dataclasses.dataclass(frozen=True)
class Group:
    """The deals of one strain and leader sharing the ``key`` values of the features."""

    strain: Strain
    leader: Seat
    key: tuple[Any, ...]
    n: int
    mean: Estimate
    made: dict[int, Estimate]        # bid level (CAPOT for capot) -> share of deals made
    points: Distribution = Distribution()    # the side's card points: deals at each value
    tricks: "Distribution | None" = None     # the side's tricks (None: the study did not store them)

    def to_dict(self, names: Sequence[str]) -> dict[str, Any]:
        out = {"strain": self.strain.name, "leader": self.leader.name,
               "features": {k: _plain(v) for k, v in zip(names, self.key)}, "deals": self.n,
               "mean": json_number(self.mean.value), "se": json_number(self.mean.se),
               "points": self.points.to_dict(),
               "p_make": {str(level_json(lv)): {"p": json_number(e.value), "se": json_number(e.se)}
                          for lv, e in self.made.items()}}
        if self.tricks is not None:
            mean = self.tricks.estimate()
            out["tricks"] = {"mean": json_number(mean.value), "se": json_number(mean.se),
                             **self.tricks.to_dict()}
        return out


def _plain(v: Any) -> Any:
    return v.item() if isinstance(v, np.generic) else v


@dataclasses.dataclass(frozen=True)
class Aggregates:
    """Every group of a study, sorted by strain, leader and key."""

    by: tuple[str, ...]
    of: FeaturesOf
    seat: Seat
    levels: tuple[int, ...]
    deals: int
    groups: tuple[Group, ...]
    where: "str | None" = None        # the predicate the deals passed (its text, or function's name)

    @property
    def tricks(self) -> bool:
        """Whether the groups carry the distribution of the side's tricks (a study run with them)."""
        return any(g.tricks is not None for g in self.groups)

    def to_dict(self) -> dict[str, Any]:
        return {"by": list(self.by), "of": str(self.of), "seat": self.seat.name, "deals": self.deals,
                "where": self.where,
                "levels": [level_json(lv) for lv in self.levels],
                "groups": [g.to_dict(self.by) for g in self.groups]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Aggregates":
        """The aggregates :meth:`to_dict` wrote (``aggregates.json``)."""
        by = tuple(str(x) for x in data["by"])
        levels = tuple(parse_level(x) for x in data["levels"])
        groups = []
        for g in data["groups"]:
            made = {parse_level(k): Estimate(_float(v["p"]), _float(v["se"])) for k, v in g["p_make"].items()}
            points = Distribution.from_dict(g["points"]) if "points" in g else Distribution()
            tricks = Distribution.from_dict(g["tricks"]) if "tricks" in g else None
            groups.append(Group(Strain.parse(g["strain"]), Seat.parse(g["leader"]),
                                tuple(g["features"][name] for name in by), int(g["deals"]),
                                Estimate(_float(g["mean"]), _float(g["se"])), made, points, tricks))
        where = data.get("where")
        return cls(by, FeaturesOf(data["of"]), Seat.parse(data["seat"]), levels, int(data["deals"]), tuple(groups),
                   None if where is None else str(where))

    def csv_text(self) -> str:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        lv = [str(level_json(x)) for x in self.levels]
        tricks = self.tricks
        w.writerow(["strain", "leader", *self.by, "deals", "mean", "se",
                    *[f"q{100 * q:g}" for q in QUANTILES],
                    *[c for x in lv for c in (f"p_{x}", f"se_{x}")],
                    *(["tricks_mean", "tricks_se", *[f"tricks_q{100 * q:g}" for q in QUANTILES]]
                      if tricks else [])])
        for g in self.groups:
            row = [g.strain.name, g.leader.name, *map(_plain, g.key), g.n, _num(g.mean.value),
                   _num(g.mean.se), *_blank(g.points.quantiles().values()),
                   *[_num(v) for x in self.levels for v in g.made[x]]]
            if tricks:
                t = g.tricks or Distribution()
                row += [*map(_num, t.estimate()), *_blank(t.quantiles().values())]
            w.writerow(row)
        return out.getvalue()


def _blank(values: Iterable["int | None"]) -> list[Any]:
    return ["" if v is None else v for v in values]


def _float(x: Any) -> float:
    return math.nan if x is None else float(x)


def _num(x: float) -> str:
    return "" if math.isnan(x) else f"{x:.6g}"


# ---------------------------------------------------------------------------
# Gathering
# ---------------------------------------------------------------------------

def _needs(spec: StudySpec, strain: Strain, leader: Seat, hands: np.ndarray,
           levels: tuple[int, ...]) -> np.ndarray:
    """Per deal and numbered level: the fewest points with which the seat's side makes
    it, its belote and declarations counted (the deal's total + 1: never), as
    :class:`~solver.outcome.PlayedContract` scores it."""
    rules = spec.rules
    memo: dict[tuple[Any, ...], list[int]] = {}
    out = np.empty((len(hands), len(levels)), dtype=np.int64)
    contracts = [Contract(lv, strain, spec.seat) for lv in levels]
    for k, row in enumerate(hands.tolist()):
        deal = Deal(tuple(int(m) for m in row))
        claim, decl, total = deal_facts(contracts[0], deal, leader, rules)
        key = (claim, decl, total)
        if key not in memo:
            memo[key] = [min_points_to_make(c, claim, decl, rules, total) for c in contracts]
        out[k] = memo[key]
    return out


def _group_ids(values: list[np.ndarray]) -> tuple[np.ndarray, list[tuple[Any, ...]]]:
    """Each row's group number, and each group's key (a tuple of the features' values)."""
    codes = np.zeros(len(values[0]), dtype=np.int64)
    uniques = []
    for v in values:
        u, inv = np.unique(v.astype(str) if v.dtype == object else v, return_inverse=True)
        uniques.append([_typed(x, v) for x in u.tolist()])
        codes = codes * len(u) + np.asarray(inv).reshape(-1)
    ids, inverse = np.unique(codes, return_inverse=True)
    keys = []
    for code in ids.tolist():
        parts = []
        for u in reversed(uniques):
            code, r = divmod(code, len(u))
            parts.append(u[r])
        keys.append(tuple(reversed(parts)))
    return np.asarray(inverse).reshape(-1), keys


def _typed(x: Any, v: np.ndarray) -> Any:
    return x if v.dtype == object else int(x)


#: Card points run from 0 to this (a full deal's 162): the points' distribution's columns.
_POINTS = 163
#: Tricks run from 0 to 8: the tricks' distribution's columns.
_TRICKS = 9


def _chunk_sums(table: Any, spec: StudySpec, by: Sequence[str], of: str, levels: tuple[int, ...],
                custom: "Mapping[str, Callable[..., Any]] | None",
                where: "Predicate | None") -> Iterator[tuple[tuple[Any, ...], np.ndarray]]:
    """``((strain, leader, key), sums)`` for one chunk: sums = deals, points, points
    squared, deals made at each level and capot, then deals at each point value (and,
    with the study's tricks, deals at each number of the side's tricks)."""
    seat = spec.seat
    cols = {name: table.column(name).to_numpy() for name in table.column_names}
    all_hands = np.stack([cols[s.name].astype(np.uint64) for s in Seat], axis=1)
    side = "ns" if seat.team == 0 else "ew"
    for strain in spec.strains:
        rows = np.arange(len(all_hands)) if where is None else \
            np.flatnonzero(where.mask(all_hands, strain, spec.rules, seat, of, custom))
        if len(rows) == 0:
            continue
        hands = all_hands[rows]
        feats = [column(name, hands, strain, spec.rules, seat, of, custom) for name in by]
        ids, keys = _group_ids(feats) if by else (np.zeros(len(hands), dtype=np.int64), [()])
        for leader in spec.leaders:
            tag = f"{strain.name}_{leader.name}"
            pts = cols[f"{side}_{tag}"][rows].astype(np.int64)
            capot = cols[f"capot_{tag}"][rows] == (1 if side == "ns" else -1)
            made = pts[:, None] >= _needs(spec, strain, leader, hands, levels)
            parts = [np.ones_like(pts), pts, pts * pts, *made.T.astype(np.int64), capot.astype(np.int64)]
            sums = np.stack([np.bincount(ids, weights=p, minlength=len(keys)) for p in parts], axis=1)
            counts = _counts(ids, pts, len(keys), _POINTS)
            if spec.tricks:
                ns_tricks = cols[f"tricks_{tag}"][rows].astype(np.int64)
                mine = ns_tricks if side == "ns" else _TRICKS - 1 - ns_tricks
                counts = np.concatenate([counts, _counts(ids, mine, len(keys), _TRICKS)], axis=1)
            for g, key in enumerate(keys):
                yield (strain, leader, key), np.concatenate([np.rint(sums[g]).astype(np.int64), counts[g]])


def _counts(ids: np.ndarray, values: np.ndarray, groups: int, width: int) -> np.ndarray:
    """Per group (a row), the deals at each value 0 .. ``width - 1`` (a column)."""
    return np.bincount(ids * width + np.clip(values, 0, width - 1),
                       minlength=groups * width).reshape(groups, width)


def aggregate(directory: "str | os.PathLike[str]", by: Sequence[str] = ("trumps",), features:
              "Mapping[str, Callable[..., Any]] | None" = None, of: "FeaturesOf | str" = FeaturesOf.SEAT,
              seat: "Seat | str | None" = None,
              where: "str | Callable[[Deal, Strain], Any] | Predicate | None" = None) -> Aggregates:
    """The statistics of the finished chunks of the study in ``directory``, grouped
    ``by`` features (names of :data:`~solver.features.FEATURES` or of ``features``,
    the user's functions ``func(hand, strain)``), of the seat's hand or its side's.
    ``seat``: whose hand and side (default: the study's seat); any seat regroups the
    stored deals, nothing is solved.  ``where``: keep only the deals that pass this
    predicate (an expression over features, or ``func(deal, strain) -> bool``), in each
    strain; the other deals count nowhere."""
    by = tuple(by)
    check_names(by, features)
    pred = None if where is None else predicate(where)
    if pred is not None:
        pred.check(features)
    if of not in SIDES:
        raise ConstraintError(tr("features of {of}: expected seat or side", of=quote(of)))
    info = read_study(directory)
    spec = info.spec
    if seat is not None:
        try:
            spec = dataclasses.replace(spec, seat=Seat.parse(seat))
        except SeatError as e:
            raise ConstraintError(tr("seat: {error}", error=e)) from None
    levels = bid_levels(spec.rules)
    total: dict[tuple[Any, ...], np.ndarray] = {}
    deals = 0
    for table in per_deal_tables(directory, info):
        deals += table.num_rows
        for key, sums in _chunk_sums(table, spec, by, of, levels, features, pred):
            total[key] = total[key] + sums if key in total else sums
    groups = tuple(_group(key, total[key], levels, spec.tricks) for key in sorted(total, key=_order))
    return Aggregates(by, FeaturesOf(of), spec.seat, levels + (CAPOT,), deals, groups,
                      None if pred is None else pred.text)


def _order(key: tuple[Any, ...]) -> tuple[Any, ...]:
    strain, leader, values = key
    return (int(strain), int(leader), value_order(values))


def value_order(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """The sort key of a group's feature values: numbers in order, then texts in order."""
    return tuple((0, v, "") if isinstance(v, int) else (1, 0, str(v)) for v in values)


#: Each deal's group number and each group's key, from the features' values (what
#: :func:`aggregate` groups by, for the other readers of a study).
group_ids = _group_ids


def _group(key: tuple[Any, ...], sums: np.ndarray, levels: tuple[int, ...], tricks: bool) -> Group:
    strain, leader, values = key
    n = int(sums[0])
    ends = 3 + len(levels) + 1
    made = {lv: Estimate(k / n, share_se(k / n, n))
            for lv, k in zip(levels + (CAPOT,), sums[3:ends].tolist())}
    points = Distribution.from_mapping(dict(enumerate(sums[ends:ends + _POINTS].tolist())))
    side_tricks = (Distribution.from_mapping(dict(enumerate(sums[ends + _POINTS:].tolist())))
                   if tricks else None)
    return Group(strain, leader, values, n, sums_estimate(n, float(sums[1]), float(sums[2])), made, points,
                 side_tricks)


# ---------------------------------------------------------------------------
# Writing and reading back
# ---------------------------------------------------------------------------

def read_aggregates(directory: "str | os.PathLike[str]") -> "Aggregates | None":
    """The aggregates a study saved in ``aggregates.json``, if they cover every deal of
    the study as ``study.json`` now describes it (``None`` otherwise: none saved, an
    unreadable file, or a study extended since).  Reads those two files only, so it
    takes the same time for a study of any size."""
    path = Path(directory)
    try:
        spec = read_arguments(path)[2]
        agg = Aggregates.from_dict(json.loads((path / "aggregates.json").read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, CoincheError):
        return None
    return agg if agg.deals == spec.deals else None


def write_aggregates(directory: "str | os.PathLike[str]", agg: Aggregates) -> list[Path]:
    """``aggregates.json`` and ``aggregates.csv`` in the study's directory; the paths
    written (:func:`solver.studyplot.plot_aggregates` draws their pictures)."""
    path = Path(directory)
    written = [path / "aggregates.json", path / "aggregates.csv"]
    with atomic_path(written[0]) as tmp:
        Path(tmp).write_text(json.dumps(agg.to_dict(), indent=1) + "\n", encoding="utf-8")
    with atomic_path(written[1]) as tmp:
        Path(tmp).write_text(agg.csv_text(), encoding="utf-8")
    return written
