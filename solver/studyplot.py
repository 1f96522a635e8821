"""Pictures of a study's aggregates: mean points and P(make) by feature, with error bars.

Drawn when the study is grouped by one feature: one line per strain (and leader),
the feature's values along the bottom, error bars of two standard errors.  Needs
matplotlib (the ``plot`` extra); drawn on the Agg backend, no screen needed.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from .aggregate import Aggregates, Group
from .atomic import atomic_path
from .contract import CAPOT, level_json
from .features import NA
from .plot import require_matplotlib

__all__ = ["plot_aggregates", "PLOTTED_LEVELS"]

#: The bid levels whose P(make) is drawn (when the rules have them).
PLOTTED_LEVELS = (80, 100, 120, 140, 160, CAPOT)


def _series(agg: Aggregates) -> dict[str, list[Group]]:
    """The groups of each strain (and leader) where the feature takes two values or
    more, leaving out its n/a value: a single point is no line."""
    lines: dict[str, list[Group]] = {}
    leaders = len({x.leader for x in agg.groups})
    for g in agg.groups:
        if g.key[0] == NA:
            continue
        label = g.strain.name if leaders == 1 else f"{g.strain.name}, {g.leader.name} leads"
        lines.setdefault(label, []).append(g)
    return {k: v for k, v in lines.items() if len(v) > 1}


def _ticks(ax: Any, values: list[Any]) -> None:
    """Whole-number ticks for a count, a tick a value for labels."""
    x, labels = _axis(values)
    if all(isinstance(v, int) for v in values):
        ax.set_xticks(sorted(set(x)))
    else:
        ax.set_xticks(x, labels, rotation=45)


def _axis(values: list[Any]) -> tuple[list[Any], list[str]]:
    """Positions and labels of a feature's values: numbers where they are numbers."""
    if all(isinstance(v, int) for v in values):
        return values, [str(v) for v in values]
    return list(range(len(values))), [str(v) for v in values]


def plot_aggregates(agg: Aggregates, directory: Path) -> list[Path]:
    """``mean_points.png`` and ``p_make.png`` in ``directory`` for a study grouped by
    one feature that varies (nothing otherwise); the paths written."""
    series = _series(agg) if len(agg.by) == 1 else {}
    if not series:
        return []
    plt = require_matplotlib()
    directory.mkdir(parents=True, exist_ok=True)
    feature = agg.by[0]
    out = []
    fig, ax = plt.subplots(figsize=(8, 5))
    for label, groups in series.items():
        x, _ = _axis([g.key[0] for g in groups])
        ax.errorbar(x, [g.mean.value for g in groups], yerr=[2 * (g.mean.se if g.mean.se == g.mean.se else 0)
                    for g in groups], marker="o", capsize=3, label=label)
        _ticks(ax, [g.key[0] for g in groups])
    ax.set(xlabel=feature, ylabel=f"mean points of the {agg.of}'s side", title=f"Mean points by {feature}")
    ax.legend(fontsize="small")
    out.append(_save(fig, directory / "mean_points.png", plt))
    levels = [lv for lv in PLOTTED_LEVELS if lv in agg.levels]
    fig, axes = plt.subplots(1, len(series), figsize=(4 * len(series), 4), squeeze=False, sharey=True)
    for ax, (label, groups) in zip(axes[0], series.items()):
        x, _ = _axis([g.key[0] for g in groups])
        for lv in levels:
            ax.errorbar(x, [g.made[lv].value for g in groups], yerr=[2 * g.made[lv].se for g in groups],
                        marker=".", capsize=2, label=str(level_json(lv)))
        _ticks(ax, [g.key[0] for g in groups])
        ax.set(title=label, xlabel=feature, ylim=(-0.02, 1.02))
    axes[0][0].set_ylabel("P(make)")
    axes[0][-1].legend(fontsize="small", title="bid")
    out.append(_save(fig, directory / "p_make.png", plt))
    return out


def _save(fig: Any, path: Path, plt: ModuleType) -> Path:
    fig.tight_layout()
    with atomic_path(path) as tmp:
        fig.savefig(tmp, dpi=90)
    plt.close(fig)
    return path
