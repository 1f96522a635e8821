"""Studies that grow and regroup: the deal stream depends on the seed and the deal's
number only, a study asked with more deals solves only the new ones and ends as one run
of that size would, regrouping solves nothing, ``study show`` prints the saved
statistics from two small files, and the chunks load into pandas and Arrow."""

import json
import subprocess
import sys

import pytest

pa = pytest.importorskip("pyarrow", reason="studies need pyarrow: pip install -e '.[test]' installs it")

import solver.studies as st  # noqa: E402
from solver.aggregate import aggregate, read_aggregates  # noqa: E402
from solver.cards import CardSet, Seat  # noqa: E402
from solver.studies import StudyError, StudySpec, chunk_deals, deal_of, read_study, study  # noqa: E402
from solver.studyfiles import HandsFormat  # noqa: E402

COINCHE = [sys.executable, "-m", "coinche_cli.main"]
SMALL = dict(strains="H", workers=1, backend="thread")


def test_the_deal_stream_does_not_depend_on_the_chunk_size():
    by3 = StudySpec(deals=10, seed=5, chunk_size=3)
    by7 = StudySpec(deals=10, seed=5, chunk_size=7)
    deals3 = [d.masks for i in range(by3.chunks) for d in chunk_deals(by3, i)]
    deals7 = [d.masks for i in range(by7.chunks) for d in chunk_deals(by7, i)]
    assert deals3 == deals7 == [deal_of(by3, i).masks for i in range(10)]
    assert len({tuple(m) for m in deals3}) == 10            # ten different deals, not one repeated
    fixed = StudySpec(deals=4, seed=5, chunk_size=3, hand=CardSet.from_pbn("AKQJ.T9.7.A"))
    assert all(d.masks[Seat.S] == fixed.hand.mask for d in chunk_deals(fixed, 1))


def test_a_study_extended_solves_only_the_new_deals_and_ends_as_one_run(tmp_path):
    whole = study(tmp_path / "whole", deals=16, seed=4, chunk_size=4, **SMALL)
    grown = tmp_path / "grown"
    assert study(grown, deals=8, seed=4, chunk_size=4, **SMALL).solved == 2
    r = study(grown, deals=16, seed=4, chunk_size=4, **SMALL)
    assert (r.chunks, r.solved) == (4, 2)                    # chunks 2 and 3 only
    assert r.aggregates == whole.aggregates
    for name in ("aggregates.json", "aggregates.csv", "study.json"):
        assert (grown / name).read_bytes() == (tmp_path / "whole" / name).read_bytes()
    for i in range(4):
        name = f"chunk-{i:05d}.parquet"
        assert (grown / "chunks" / name).read_bytes() == (tmp_path / "whole" / "chunks" / name).read_bytes()


def test_a_short_last_chunk_is_solved_again_when_the_study_grows(tmp_path):
    d = tmp_path / "s"
    study(d, deals=6, seed=4, chunk_size=4, **SMALL)          # chunk 1 holds deals 4 and 5 only
    assert study(d, deals=12, seed=4, chunk_size=4, **SMALL).solved == 2
    assert read_study(d).deals == 12


def test_fewer_deals_or_another_chunk_size_is_another_study(tmp_path):
    d = tmp_path / "s"
    study(d, deals=8, seed=4, chunk_size=4, **SMALL)
    for args in (dict(deals=4, chunk_size=4), dict(deals=16, chunk_size=2)):
        with pytest.raises(StudyError, match="holds another study"):
            study(d, seed=4, **args, **SMALL)
    assert read_study(d).arguments["deals"] == 8


def test_regrouping_by_another_seat_or_feature_solves_nothing(tmp_path, monkeypatch):
    d = tmp_path / "s"
    study(d, deals=8, seed=4, chunk_size=4, **SMALL)

    def no_solving(*args):
        raise AssertionError("a regrouped study solved a chunk")
    monkeypatch.setattr(st, "solve_chunk", no_solving)
    r = study(d, deals=8, seed=4, chunk_size=4, by=["trump_J", "points"], **SMALL)
    assert r.solved == 0 and r.aggregates.by == ("trump_J", "points")
    side = aggregate(d, ["trumps"], of="side")
    assert side.of == "side" and sum(g.n for g in side.groups) == 8
    east = aggregate(d, ["trumps"], seat="E")
    assert east.seat == Seat.E and sum(g.n for g in east.groups) == 8
    # E-W's points are the deal's total less N-S's: the two sides' means add up to it (162 in hearts)
    south = aggregate(d, [], seat="S")
    west = aggregate(d, [], seat="W")
    assert south.groups[0].mean.value + west.groups[0].mean.value == 162
    # East's trump count groups: read from the stored hands, East's column
    masks = read_study(d).to_arrow(hands=HandsFormat.MASK).column("E").to_pylist()
    frame_e = [bin(m & 0xFF00).count("1") for m in masks]
    assert {g.key[0]: g.n for g in east.groups} == {k: frame_e.count(k) for k in set(frame_e)}


def test_study_show_prints_the_saved_statistics_even_with_a_custom_feature(tmp_path):
    d = tmp_path / "s"
    r = study(d, deals=8, seed=4, chunk_size=4, by=["longest"], **SMALL,
              features={"longest": lambda hand, strain: max(len(hand.suit(s)) for s in range(4))})
    saved = read_aggregates(d)
    assert saved == r.aggregates                             # read back from aggregates.json alone
    assert all(isinstance(g.key[0], int) for g in saved.groups)  # numbers stay numbers
    (d / "chunks" / "chunk-00000.parquet").unlink()          # show does not read the chunks
    out = subprocess.run(COINCHE + ["study", "show", str(d), "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["groups"] == r.aggregates.to_dict()["groups"]


def test_a_study_loads_into_pandas_and_arrow_with_readable_hands(tmp_path):
    pd = pytest.importorskip("pandas")
    d = tmp_path / "s"
    study(d, deals=6, seed=4, chunk_size=4, **SMALL)
    info = read_study(d)
    frame = info.to_pandas()
    assert list(frame["index"]) == list(range(6))
    first = deal_of(info.spec, 0)
    assert [frame[s.name][0] for s in Seat] == [CardSet(first.masks[s]).to_pbn() for s in Seat]
    raw = pd.read_parquet(d / "chunks")                      # the folder is a Parquet dataset
    assert sorted(raw["index"]) == list(range(6))
    assert info.to_arrow(hands=HandsFormat.MASK).column("N").to_pylist() == list(raw.sort_values("index")["N"])


def test_a_study_of_the_older_layout_is_refused_in_one_line(tmp_path):
    d = tmp_path / "s"
    study(d, deals=4, seed=4, chunk_size=4, **SMALL)
    data = json.loads((d / "study.json").read_text())
    (d / "study.json").write_text(json.dumps({**data, "format": 1}))
    with pytest.raises(StudyError, match="another layout"):
        read_study(d)
    with pytest.raises(StudyError, match="another layout"):
        study(d, deals=4, seed=4, chunk_size=4, **SMALL)
    out = subprocess.run(COINCHE + ["study", "show", str(d)], capture_output=True, text=True)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "another layout" in out.stderr
