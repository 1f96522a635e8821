"""The distribution of the tricks: a study run with ``tricks`` stores each deal's
double-dummy tricks, and its statistics give how many deals reach each number of tricks.

The numbers are recomputed here: each deal's tricks by :func:`solver.solve` on a fresh
solver (a search from the deal's position with no guess and no capot short cut, the path
``Solution.ns_max_tricks`` takes), the distributions by counting the stored column in
pandas, seat by seat."""

import json

import numpy as np
import pytest

pa = pytest.importorskip("pyarrow", reason="studies need pyarrow: pip install -e '.[test]' installs it")
pytest.importorskip("pandas", reason="the checks read the study into pandas")

from cli_helpers import one_line_error, run  # noqa: E402
from solver.aggregate import aggregate, read_aggregates  # noqa: E402
from solver.cards import Seat  # noqa: E402
from solver.deal import Deal  # noqa: E402
from solver.rules import Strain  # noqa: E402
from solver.solve import solve  # noqa: E402
from solver.studies import StudyError, read_study, study  # noqa: E402
from solver.studystats import Distribution  # noqa: E402


@pytest.fixture(scope="module")
def tricks(tmp_path_factory):
    """30 deals in hearts and no-trumps, West leading, with their tricks."""
    d = tmp_path_factory.mktemp("tricks") / "t"
    study(d, deals=30, seed=5, strains="H SA", chunk_size=15, workers=1, backend="thread", tricks=True)
    return d, read_study(d).to_pandas(hands="mask")


def test_each_deals_tricks_are_the_most_north_south_can_force(tricks):
    _, frame = tricks
    for strain in ("H", "SA"):
        col = f"tricks_{strain}_W"
        want = [solve(Deal(tuple(int(row[s.name]) for s in Seat)), strain, "W").ns_max_tricks
                for _, row in frame.iterrows()]
        assert frame[col].tolist() == want
        assert len(set(want)) > 3                     # deals of many kinds, not one value repeated
        # capot, probed apart, says every trick (8) or none (0)
        capot = frame[f"capot_{strain}_W"]
        assert ((frame[col] == 8) == (capot == 1)).all() and ((frame[col] == 0) == (capot == -1)).all()


@pytest.mark.parametrize("seat", ["S", "E"])
def test_the_distribution_of_the_sides_tricks_counts_the_stored_tricks(tricks, seat):
    d, frame = tricks
    agg = aggregate(d, ["trumps"], seat=seat)
    assert agg.tricks
    mine = frame["tricks_H_W"] if seat == "S" else 8 - frame["tricks_H_W"]     # E-W take the others
    hearts = frame[seat].map(lambda m: bin(int(m) & 0xFF00).count("1"))
    for g in agg.groups:
        if g.strain != Strain.H:
            continue
        values = mine[hearts == g.key[0]]
        assert dict(g.tricks.counts) == values.value_counts().to_dict()
        assert g.tricks.n == g.n == len(values)
        assert g.tricks.estimate().value == pytest.approx(values.mean())
        assert g.tricks.estimate().se == pytest.approx(values.std() / np.sqrt(len(values)), nan_ok=True)
    # the saved aggregates hold it too, and read back equal
    saved = read_aggregates(d)
    assert saved is not None and saved.tricks
    assert [g.tricks for g in saved.groups] == [g.tricks for g in aggregate(d, ["trumps"]).groups]


def test_the_commands_give_the_distribution_of_the_tricks(tricks):
    d, frame = tricks
    r = run("study", "show", d, "--by", "split", "--distribution", "tricks", "--json")
    assert r.exit_code == 0, r.output
    groups = json.loads(r.stdout)["groups"]
    sa = [g for g in groups if g["strain"] == "SA"]
    assert len(sa) == 1                               # no split in no-trumps: one group
    want = frame["tricks_SA_W"].value_counts()
    assert sa[0]["tricks"]["counts"] == {str(k): int(v) for k, v in sorted(want.items())}
    assert sa[0]["tricks"]["mean"] == pytest.approx(frame["tricks_SA_W"].mean())
    table = run("study", "show", d, "--distribution", "tricks")
    assert table.exit_code == 0, table.output
    share = Distribution.of(frame["tricks_SA_W"].tolist()).histogram(1)
    top = max(share, key=share.get)
    assert f"{100 * share[top] / len(frame):.1f}%" in table.stdout
    points = run("study", "show", d, "--distribution", "points")
    assert points.exit_code == 0 and "160-162" in points.stdout
    one_line_error(run("study", "show", d, "--distribution", "honours"), "--distribution", "tricks")
    csv_head = (d / "aggregates.csv").read_text().splitlines()[0].split(",")
    assert csv_head[-7:-5] == ["tricks_mean", "tricks_se"]


def test_a_study_without_tricks_keeps_its_files_and_says_so_in_one_line(tmp_path):
    plain = tmp_path / "plain"
    study(plain, deals=4, seed=5, strains="H", chunk_size=4, workers=1, backend="thread")
    assert "tricks" not in json.loads((plain / "study.json").read_text())["arguments"]
    assert not aggregate(plain, ["trumps"]).tricks
    assert "tricks" not in (plain / "aggregates.json").read_text()
    one_line_error(run("study", "show", plain, "--distribution", "tricks"), "--tricks")
    # the points' distribution needs nothing more
    assert run("study", "show", plain, "--distribution", "points").exit_code == 0
    # tricks asked of it: another study, refused with the difference named
    with pytest.raises(StudyError, match="tricks"):
        study(plain, deals=4, seed=5, strains="H", chunk_size=4, workers=1, backend="thread", tricks=True)
