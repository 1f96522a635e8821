"""Pictures of an :class:`~solver.advice.Advice`: the side's points per strain.

Two renderings of the same thing, the distribution over the sampled deals of the
side's total (card points, belote, declarations) in each strain, with the bid
levels marked:

- :func:`text_histogram`, a compact text block for the terminal (one line of bars
  per strain, one character per 10 points);
- :func:`plot_points`, a PNG through matplotlib (the optional extra ``plot``:
  ``pip install coinche-solver[plot]``).

>>> import numpy as np
>>> counts = np.array([0, 1, 4, 2, 0])
>>> sparkline(counts)
' ▂█▄ '
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Sequence

import numpy as np

from .messages import tr
from .contract import bid_levels, points_needed
from .errors import CoincheError
from .rules import STRAINS, Strain

if TYPE_CHECKING:  # pragma: no cover
    from .advice import Advice

__all__ = ["MissingExtraError", "require_matplotlib", "sparkline", "histogram_counts", "text_histogram",
           "plot_points", "BIN_WIDTH", "NBINS"]

#: Points per bar; the last bar takes everything from 160 up.
BIN_WIDTH = 10
NBINS = 17
_BARS = " ▁▂▃▄▅▆▇█"


class MissingExtraError(CoincheError, ImportError):
    """An optional dependency is not installed (the message says which extra to add)."""


def require_matplotlib() -> ModuleType:
    """The ``matplotlib.pyplot`` module, on the Agg backend (no screen needed);
    :class:`MissingExtraError` when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise MissingExtraError(
            tr("plotting needs matplotlib, which is not installed: pip install 'coinche-solver[plot]' "
               "(or pip install matplotlib)")
        ) from None
    return plt


def histogram_counts(values: "Sequence[int] | np.ndarray") -> np.ndarray:
    """Counts per bar: ``[0, 10)``, ``[10, 20)``, ... ``[160, ∞)``.

    >>> histogram_counts([0, 9, 10, 162, 182]).tolist()
    [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
    """
    v = np.clip(np.asarray(values, dtype=np.int64) // BIN_WIDTH, 0, NBINS - 1)
    return np.bincount(v, minlength=NBINS)


def sparkline(counts: "Sequence[int] | np.ndarray") -> str:
    """One character per count, its height relative to the largest (a blank for 0)."""
    c = np.asarray(counts, dtype=float)
    top = c.max() if len(c) else 0
    if top <= 0:
        return " " * len(c)
    out = []
    for x in c:
        if x <= 0:
            out.append(" ")
        else:
            out.append(_BARS[max(1, int(round(8 * x / top)))])
    return "".join(out)


def text_histogram(advice: "Advice", strains: "Sequence[Strain] | None" = None) -> str:
    """The side's totals per strain as bars, 10 points a character, bid levels below.

    Each line: the strain, the bars from 0 to 160+, the mean and the chance to reach
    80 (82 points).  The ruler marks 80, 120 and 160: a bid is worth making when most
    of the bars stand right of its level.
    """
    chosen = list(strains) if strains is not None else list(STRAINS)
    totals = advice.totals
    lines = []
    for s in chosen:
        j = STRAINS.index(s)
        st = advice.strains[s]
        bars = sparkline(histogram_counts(np.ma.compressed(totals[:, j])))   # the deals the strain was solved on
        lines.append(f"{s.symbol:<3}|{bars}| " + tr("mean {mean:5.1f}  80: {p80:3.0f}%  capot: {capot:3.0f}%",
                                                    mean=st.mean, p80=100 * st.p_reach[80],
                                                    capot=100 * st.p_capot))
    ruler = [" "] * NBINS
    for lv in (80, 120, 160):
        ruler[lv // BIN_WIDTH] = "^"
    lines.append("   |" + "".join(ruler) + "|")
    lines.append("    0       80  120 160+")
    return "\n".join(lines)


def plot_points(advice: "Advice", path: "str | Path", strains: "Sequence[Strain] | None" = None,
                dpi: int = 100) -> Path:
    """Write a PNG: one histogram per strain of the side's totals, bid levels as lines.

    Needs matplotlib (the ``plot`` extra); without it, :class:`MissingExtraError`.
    Returns the path written.
    """
    plt = require_matplotlib()
    chosen = list(strains) if strains is not None else list(STRAINS)
    out = Path(path)
    totals = advice.totals
    top = max(170, int(totals.max()) + 10 if totals.size else 170)
    edges = np.arange(0, top + BIN_WIDTH, BIN_WIDTH // 2)
    cols = 3 if len(chosen) > 2 else len(chosen)
    rows = (len(chosen) + cols - 1) // cols
    # one scale for the counts, unless a race left some strains on fewer deals
    same = len({advice.strains[s].samples for s in chosen}) == 1
    fig, axes = plt.subplots(rows, cols, figsize=(4 * cols, 3 * rows), squeeze=False, sharey=same)
    try:
        for k, s in enumerate(chosen):
            ax = axes[k // cols][k % cols]
            j = STRAINS.index(s)
            st = advice.strains[s]
            ax.hist(np.ma.compressed(totals[:, j]), bins=edges, color="#4477aa")
            for lv in bid_levels(advice.rules):
                ax.axvline(points_needed(lv, advice.rules),
                           color="#cc3311" if lv in (80, 120, 160) else "#bbbbbb",
                           linestyle="--", linewidth=0.8)
            fewer = f" ({st.samples} deals)" if st.samples < advice.samples else ""
            ax.set_title(f"{s.symbol}: mean {st.mean:.0f}, 80 in {100 * st.p_reach[80]:.0f}%{fewer}")
            ax.set_xlim(0, top)
            ax.set_xlabel("points of the side")
        for k in range(len(chosen), rows * cols):
            axes[k // cols][k % cols].axis("off")
        fig.suptitle(f"{advice.hand.symbols()}  ({advice.seat.name}, {advice.samples} deals; "
                     f"lines: bid levels)")
        fig.tight_layout()
        fig.savefig(out, dpi=dpi)
    finally:
        plt.close(fig)
    return out
