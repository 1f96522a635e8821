"""The study plots (solver.studyplot) on aggregates made up for the purpose: word values
in the game's order at the same place in every panel, every numeric value ticked, and
figures of bounded size however many strains, leaders and values."""

from __future__ import annotations

import itertools
import struct

import pytest

pytest.importorskip("matplotlib", reason="the plots need the plot extra")

from solver import studyplot                                   # noqa: E402
from solver.aggregate import Aggregates, FeaturesOf, Group     # noqa: E402
from solver.cards import Seat                                  # noqa: E402
from solver.contract import CAPOT                              # noqa: E402
from solver.features import HONOURS                            # noqa: E402
from solver.montecarlo import Estimate                         # noqa: E402
from solver.rules import Strain                                # noqa: E402

LEVELS = (80, 100, 120, 140, 160)


def _group(strain: Strain, leader: Seat, value, n: int = 50, mean: float = 80.0) -> Group:
    made = {lv: Estimate(0.5, 0.05) for lv in LEVELS + (CAPOT,)}
    return Group(strain, leader, (value,), n, Estimate(mean, 2.0), made)


def _aggregates(by: str, groups: list[Group]) -> Aggregates:
    return Aggregates((by,), FeaturesOf.SEAT, Seat.S, LEVELS, sum(g.n for g in groups), tuple(groups))


def _png_size(path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return width, height


@pytest.fixture
def figures(monkeypatch):
    """The figures drawn, kept open to be read (and still saved)."""
    drawn = []
    save = studyplot._save

    def keep(fig, path, plt):
        drawn.append([(ax.get_title(), [t.get_text() for t in ax.get_yticklabels()], list(ax.get_xticks()))
                      for ax in fig.axes if ax.get_visible()])
        return save(fig, path, plt)
    monkeypatch.setattr(studyplot, "_save", keep)
    return drawn


def test_word_values_sit_in_game_order_at_one_place_in_every_panel(tmp_path, figures):
    """Hearts lacks the value "9": its "A" must still sit on the row labelled "A"."""
    spades = [_group(Strain.S, Seat.W, v) for v in ("A", "J9", "-", "9", "J")]
    hearts = [_group(Strain.H, Seat.W, v) for v in ("A", "J9", "-", "J")]
    studyplot.plot_aggregates(_aggregates("honours", spades + hearts), tmp_path)
    mean_points = figures[0]
    assert [labels for _, labels, _ in mean_points] == [["J", "J9", "9", "A", "-"]] * 2


def test_every_numeric_value_is_ticked(tmp_path, figures):
    """The trump counts 1 to 7 where only one strain has 7: the tick for 7 is there."""
    groups = [_group(Strain.S, Seat.W, v) for v in range(1, 8)] + [_group(Strain.H, Seat.W, v) for v in range(1, 6)]
    studyplot.plot_aggregates(_aggregates("trumps", groups), tmp_path)
    for _, _, ticks in figures[0]:
        assert {1, 2, 3, 4, 5, 6, 7} <= set(ticks)


def test_rare_values_are_left_out(tmp_path, figures):
    """Fewer than 20 deals in a study of 819: not drawn."""
    groups = [_group(Strain.S, Seat.W, v, n=n) for v, n in (("J", 400), ("A", 400), ("Q", studyplot.MIN_DEALS - 1))]
    studyplot.plot_aggregates(_aggregates("honours", groups), tmp_path)
    assert figures[0][0][1] == ["J", "A"]


def test_figures_stay_bounded(tmp_path):
    """Three strains, four leaders and every one of the 64 honour combinations: both
    pictures within the stated bound (it was 5,760 pixels wide with four leaders)."""
    combos = ["".join(c) for k in range(1, 7) for c in itertools.combinations(HONOURS, k)] + ["-"]
    groups = [_group(s, leader, v) for s in (Strain.S, Strain.H, Strain.TA)
              for leader in Seat for v in combos]
    paths = studyplot.plot_aggregates(_aggregates("honours", groups), tmp_path)
    limit = studyplot.MAX_INCHES * 90 + 1
    for path in paths:
        assert max(_png_size(path)) <= limit, (path.name, _png_size(path))


def test_nothing_is_drawn_for_one_value_or_two_features(tmp_path):
    one = [_group(Strain.S, Seat.W, 3)]
    assert studyplot.plot_aggregates(_aggregates("trumps", one), tmp_path) == []
    two = Aggregates(("trumps", "trump_J"), FeaturesOf.SEAT, Seat.S, LEVELS, 50, (one[0],))
    assert studyplot.plot_aggregates(two, tmp_path) == []
