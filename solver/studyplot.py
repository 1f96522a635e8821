"""Pictures of a study's aggregates: mean points and P(make) by feature, with error bars.

Drawn when the study is grouped by one feature: one panel per strain (and, for
P(make), per first leader), the panels sharing one scale so that strains compare at a
glance, error bars of two standard errors.  A feature whose values are numbers is
drawn along the bottom; one whose values are words (``honours``, ``shape``) is drawn
down the side, one row a value, in the game's order (``J 9 A 10 K Q 8 7``, a hand
with no honour last).  Values seen on fewer than :func:`min_deals` deals are left out
(their error bars would span the page), and at most :data:`MAX_CATEGORIES` word values
are drawn (the most frequent); the figures stay within :data:`MAX_INCHES` inches at 90
dots an inch.  Needs matplotlib (the ``plot`` extra); drawn on the Agg backend, no
screen needed.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from .atomic import atomic_path
from .contract import CAPOT, level_json
from .features import NA
from .plot import require_matplotlib

if TYPE_CHECKING:
    from .aggregate import Aggregates, Group

__all__ = ["plot_aggregates", "PLOTTED_LEVELS", "MIN_DEALS", "MAX_CATEGORIES", "category_key", "min_deals"]

#: The bid levels whose P(make) is drawn (when the rules have them).
PLOTTED_LEVELS = (80, 100, 120, 140, 160, CAPOT)
#: The fewest deals a value needs to be drawn.
MIN_DEALS = 20
#: The most word values drawn in one figure.
MAX_CATEGORIES = 30
#: The largest width and height of a figure, in inches (90 dots an inch: 1,620 pixels).
MAX_INCHES = 18.0
#: Card ranks in the order of their trump strength, then the two plain ranks below.
GAME_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")
_RANK_TOKEN = re.compile(r"10|[J9AKQ87]")
_DPI = 90


def category_key(value: Any) -> tuple[Any, ...]:
    """How word values sort on a plot: ranks in the game's order, rank by rank (``J9``
    before ``J10``, ``9A`` after every hand with the J, no honour, ``-``, last), other
    words with their numbers compared as numbers.

    >>> sorted(["A", "-", "J9", "9", "J", "10K", "JA"], key=category_key)
    ['J', 'J9', 'JA', '9', 'A', '10K', '-']
    >>> sorted(["4-3-1-0", "3-3-1-1", "4-2-1-1"], key=category_key)
    ['3-3-1-1', '4-2-1-1', '4-3-1-0']
    """
    text = str(value)
    if text in ("", "-"):
        return (2, ())
    tokens = _RANK_TOKEN.findall(text)
    if "".join(tokens) == text:
        return (0, tuple(GAME_ORDER.index(t) for t in tokens))
    return (1, tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.findall(r"\d+|\D+", text)))


def _panels(agg: Aggregates, by_leader: bool) -> dict[str, list[Group]]:
    """The groups drawn, by panel: each strain's (or each strain and leader's) groups
    where the feature has a value and enough deals; panels with fewer than two values
    left out (a single point is no line)."""
    leaders = len({g.leader for g in agg.groups}) > 1
    fewest = min_deals(agg.deals)
    panels: dict[str, list[Group]] = {}
    for g in agg.groups:
        if g.key[0] == NA or g.n < fewest:
            continue
        label = g.strain.name + (f", {g.leader.name} leads" if by_leader and leaders else "")
        panels.setdefault(label, []).append(g)
    return {k: v for k, v in panels.items() if len({g.key[0] for g in v}) > 1}


def min_deals(deals: int) -> int:
    """The fewest deals a value needs to be drawn, in a study of ``deals`` deals:
    :data:`MIN_DEALS`, or one in twenty of a small study's deals.

    >>> min_deals(2000), min_deals(100), min_deals(30)
    (20, 5, 1)
    """
    return max(1, min(MIN_DEALS, deals // 20))


def _is_numeric(values: Sequence[Any]) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _categories(panels: dict[str, list[Group]]) -> list[Any]:
    """The word values drawn, in the game's order: the most frequent, at most
    :data:`MAX_CATEGORIES`."""
    deals: dict[Any, int] = {}
    for groups in panels.values():
        for g in groups:
            deals[g.key[0]] = deals.get(g.key[0], 0) + g.n
    kept = sorted(deals, key=lambda v: -deals[v])[:MAX_CATEGORIES]
    return sorted(kept, key=category_key)


def _grid(plt: Any, count: int, columns: int, panel: tuple[float, float],
          **shared: Any) -> tuple[Any, list[Any]]:
    """A figure of ``count`` panels, ``columns`` a row, each about ``panel`` inches,
    scaled down to fit :data:`MAX_INCHES`."""
    columns = max(1, min(columns, count))
    rows = math.ceil(count / columns)
    width, height = panel[0] * columns, panel[1] * rows
    scale = min(1.0, MAX_INCHES / width, MAX_INCHES / height)
    fig, axes = plt.subplots(rows, columns, figsize=(width * scale, height * scale), squeeze=False, **shared)
    flat = [ax for row in axes for ax in row]
    for ax in flat[count:]:
        ax.set_visible(False)
    return fig, flat[:count]


def _error(e: Any) -> float:
    return 2 * e.se if e.se == e.se else 0.0         # NaN: a single deal


def _draw(ax: Any, groups: list[Group], values: Any, label: str, numeric: bool,
          positions: dict[Any, int], offset: float = 0.0) -> None:
    """One line of ``values`` (a function of a group to an Estimate) in a panel; word
    values shifted by ``offset`` rows, so that several lines on a row stay apart."""
    kept = [g for g in groups if numeric or g.key[0] in positions]
    est = [values(g) for g in kept]
    where = [g.key[0] if numeric else positions[g.key[0]] + offset for g in kept]
    if numeric:
        ax.errorbar(where, [e.value for e in est], yerr=[_error(e) for e in est], marker="o", markersize=3,
                    capsize=2, label=label)
    else:
        ax.errorbar([e.value for e in est], where, xerr=[_error(e) for e in est], marker="o", markersize=3,
                    capsize=2, linestyle="none", label=label)


def _offset(i: int, lines: int) -> float:
    """Where line ``i`` of ``lines`` sits within a row of word values (rows are 1 apart)."""
    return 0.0 if lines == 1 else 0.6 * (i / (lines - 1) - 0.5)


def _axes_for(ax: Any, feature: str, measure: str, numeric: bool, categories: list[Any]) -> None:
    """Label a panel; ``categories`` are the word values down the side, or the numbers
    along the bottom (each ticked when there are few, whole numbers otherwise)."""
    if numeric:
        ax.set_xlabel(feature)
        ax.set_ylabel(measure)
        if len(categories) <= 20:
            ax.set_xticks(categories)
        else:
            ax.xaxis.get_major_locator().set_params(integer=True)
    else:
        ax.set_yticks(range(len(categories)), [str(c) for c in categories], fontsize="small")
        ax.set_ylim(len(categories) - 0.5, -0.5)        # the first value at the top
        ax.tick_params(labelbottom=True)                 # on every panel, not the last row only
        ax.set_ylabel(feature)
        ax.set_xlabel(measure)
        ax.grid(axis="y", alpha=0.3)


def plot_aggregates(agg: Aggregates, directory: Path) -> list[Path]:
    """``mean_points.png`` and ``p_make.png`` in ``directory`` for a study grouped by
    one feature that varies (nothing otherwise); the paths written."""
    if len(agg.by) != 1:
        return []
    strains = _panels(agg, by_leader=False)
    if not strains:
        return []
    plt = require_matplotlib()
    directory.mkdir(parents=True, exist_ok=True)
    feature = agg.by[0]
    values = [g.key[0] for gs in strains.values() for g in gs]
    numeric = _is_numeric(values)
    categories = sorted(set(values)) if numeric else _categories(strains)
    positions = {} if numeric else {c: i for i, c in enumerate(categories)}
    panel = (4.2, 3.2) if numeric else (4.2, 1.0 + 0.22 * len(categories))
    title = f"groups of {min_deals(agg.deals)} deals or more, error bars two standard errors"
    return [_mean_points(plt, agg, strains, feature, numeric, categories, positions, panel, title, directory),
            _p_make(plt, agg, feature, numeric, categories, positions, panel, title, directory)]


def _mean_points(plt: Any, agg: Aggregates, strains: dict[str, list[Group]], feature: str, numeric: bool,
                 categories: list[Any], positions: dict[Any, int], panel: tuple[float, float], title: str,
                 directory: Path) -> Path:
    """One panel a strain, one line a first leader, one scale for all."""
    share = {"sharey": True} if numeric else {"sharex": True}
    fig, axes = _grid(plt, len(strains), 3, panel, **share)
    measure = f"mean card points of the {agg.of}'s side"
    for ax, (label, groups) in zip(axes, strains.items()):
        leaders = sorted({g.leader for g in groups})
        for i, leader in enumerate(leaders):
            line = f"{leader.name} leads" if len(leaders) > 1 else label
            _draw(ax, [g for g in groups if g.leader == leader], lambda g: g.mean, line, numeric, positions,
                  _offset(i, len(leaders)))
        _axes_for(ax, feature, measure, numeric, categories)
        ax.set_title(f"{label}: mean points by {feature}", fontsize="medium")
        if len(leaders) > 1:
            ax.legend(fontsize="x-small")
    fig.suptitle(title, fontsize="small")
    return _save(fig, directory / "mean_points.png", plt)


def _p_make(plt: Any, agg: Aggregates, feature: str, numeric: bool, categories: list[Any],
            positions: dict[Any, int], panel: tuple[float, float], title: str, directory: Path) -> Path:
    """One panel a strain and first leader, one line a bid level."""
    panels = _panels(agg, by_leader=True)
    leaders = len({g.leader for g in agg.groups})
    levels = [lv for lv in PLOTTED_LEVELS if lv in agg.levels]
    share = {"sharey": True} if numeric else {"sharex": True}
    fig, axes = _grid(plt, len(panels), leaders if leaders > 1 else 3, panel, **share)
    for ax, (label, groups) in zip(axes, panels.items()):
        for i, lv in enumerate(levels):
            _draw(ax, groups, lambda g, lv=lv: g.made[lv], f"{level_json(lv)}", numeric, positions,
                  _offset(i, len(levels)))
        _axes_for(ax, feature, "P(make)", numeric, categories)
        (ax.set_ylim if numeric else ax.set_xlim)(-0.02, 1.02)
        ax.set_title(f"{label}: P(make) by {feature}", fontsize="medium")
    axes[-1].legend(fontsize="x-small", title="bid", title_fontsize="x-small")
    fig.suptitle(title, fontsize="small")
    return _save(fig, directory / "p_make.png", plt)


def _save(fig: Any, path: Path, plt: Any) -> Path:
    fig.tight_layout(rect=(0.0, 0.0, 1.0, 0.97))        # room for the figure's title
    with atomic_path(path) as tmp:
        fig.savefig(tmp, dpi=_DPI)
    plt.close(fig)
    return path
