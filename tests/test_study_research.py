"""A researcher's study: deals selected by predicates, features of any hand and of the
whole deal, distributions of the points, and contracts scored and compared on the same
deals.  Every number is recomputed here from the deals read back into pandas (hands as
card masks, bit ``8 * suit + rank``), independently of the code that aggregates them."""

import json
import math
import os
import subprocess
import sys

import numpy as np
import pytest

pa = pytest.importorskip("pyarrow", reason="studies need pyarrow: pip install -e '.[test]' installs it")
pytest.importorskip("pandas", reason="the checks read the study into pandas")

from solver.aggregate import aggregate, read_aggregates, write_aggregates  # noqa: E402
from solver.cards import Card, Seat, Team  # noqa: E402
from solver.contract import Contract  # noqa: E402
from solver.deal import Deal  # noqa: E402
from solver.errors import ConstraintError  # noqa: E402
from solver.outcome import PlayedContract  # noqa: E402
from solver.rules import Rules, Strain  # noqa: E402
from solver.studies import read_study, study  # noqa: E402
from solver.studyfiles import HandsFormat  # noqa: E402
from solver.studyquery import DealFeature, predicate  # noqa: E402
from solver.studyscore import compare_contracts  # noqa: E402
from solver.studystats import QUANTILES  # noqa: E402

COINCHE = [sys.executable, "-m", "coinche_cli.main"]
HJ, H9 = 1 << int(Card.parse("HJ")), 1 << int(Card.parse("H9"))


@pytest.fixture(scope="module")
def hearts(tmp_path_factory):
    """60 deals solved in hearts and no-trumps, West leading; South's study."""
    d = tmp_path_factory.mktemp("research") / "h"
    study(d, deals=60, seed=11, strains="H SA", chunk_size=30, workers=1, backend="thread")
    frame = read_study(d).to_pandas(hands=HandsFormat.MASK)
    return d, frame


def _hearts(mask):
    return bin(int(mask) & 0xFF00).count("1")


def _groups(agg, strain="H"):
    return {g.key: g for g in agg.groups if g.strain == Strain.parse(strain)}


def test_a_predicate_keeps_the_deals_where_south_holds_the_trump_jack_and_nine(hearts):
    d, frame = hearts
    agg = aggregate(d, ["trumps"], where="trump_J and trump_9")
    kept = frame[[(int(m) & HJ) != 0 and (int(m) & H9) != 0 for m in frame["S"]]]
    assert 0 < len(kept) < len(frame)
    # in hearts: the kept deals, grouped by South's hearts, N-S's mean points
    want = {}
    for _, row in kept.iterrows():
        want.setdefault((_hearts(row["S"]),), []).append(int(row["ns_H_W"]))
    got = _groups(agg)
    assert {k: g.n for k, g in got.items()} == {k: len(v) for k, v in want.items()}
    for k, v in want.items():
        assert got[k].mean.value == pytest.approx(np.mean(v))
    # in no-trumps the trump features are -1 (no meaning): a predicate over them keeps nothing
    assert not _groups(agg, "SA")
    assert agg.where == "trump_J and trump_9" and agg.to_dict()["where"] == "trump_J and trump_9"
    # the same test as a Python function of the deal
    def jack_and_nine(deal, strain):
        return strain == Strain.H and bool(deal.masks[Seat.S] & HJ) and bool(deal.masks[Seat.S] & H9)
    by_func = aggregate(d, ["trumps"], where=jack_and_nine)
    assert [(g.key, g.n, g.points) for g in by_func.groups] == [(g.key, g.n, g.points) for g in agg.groups]
    assert by_func.where == "jack_and_nine"


def test_features_of_any_hand_and_of_the_whole_deal(hearts):
    d, frame = hearts
    agg = aggregate(d, ["E.trumps", "split"])
    want = {}
    for _, row in frame.iterrows():
        e, w = _hearts(row["E"]), _hearts(row["W"])
        want[(e, f"{max(e, w)}-{min(e, w)}")] = want.get((e, f"{max(e, w)}-{min(e, w)}"), 0) + 1
    assert {k: g.n for k, g in _groups(agg).items()} == want
    assert set(_groups(agg, "SA")) == {(-1, "n/a")}
    # who holds the trump jack, from South's seat: West plays after South, on his left
    places = {Seat.S: "seat", Seat.W: "left", Seat.N: "partner", Seat.E: "right"}
    jack = aggregate(d, ["jack_at"])
    counts = {}
    for _, row in frame.iterrows():
        holder = next(s for s in Seat if int(row[s.name]) & HJ)
        counts[(places[holder],)] = counts.get((places[holder],), 0) + 1
    assert {k: g.n for k, g in _groups(jack).items()} == counts
    # the side's and the opponents' trumps add up to 8
    both = aggregate(d, ["side.trumps", "them.trumps"])
    assert all(sum(k) == 8 for k in _groups(both))


def test_a_custom_feature_of_the_whole_deal_stays_a_number(hearts):
    d, frame = hearts
    aces = DealFeature(lambda deal, strain: bin((deal.masks[0] | deal.masks[2]) & 0x80808080).count("1"))
    agg = aggregate(d, ["ns_aces"], features={"ns_aces": aces})
    want = {}
    for _, row in frame.iterrows():
        n = bin((int(row["N"]) | int(row["S"])) & 0x80808080).count("1")
        want[(n,)] = want.get((n,), 0) + 1
    got = {k: g.n for k, g in _groups(agg).items()}
    assert got == want and all(isinstance(k[0], int) for k in got)
    assert [g.key for g in _groups(agg).values()] == sorted(got)      # in the order of numbers


def test_the_points_distribution_gives_exact_quantiles(hearts, tmp_path):
    d, frame = hearts
    agg = aggregate(d, [])
    g = _groups(agg)[()]
    points = frame["ns_H_W"].to_numpy()
    assert g.points.n == len(points) == 60
    for q in QUANTILES:                      # numpy's inverted CDF: a value seen, never interpolated
        assert g.points.quantile(q) == int(np.quantile(points, q, method="inverted_cdf"))
    assert dict(g.points.counts) == {int(v): int((points == v).sum()) for v in set(points.tolist())}
    bins = {b: int(((points >= b) & (points < b + 50)).sum()) for b in (0, 50, 100, 150)}
    assert g.points.histogram(50) == {b: n for b, n in bins.items() if n}
    # written and read back whole
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "study.json").write_text((d / "study.json").read_text())
    write_aggregates(copy, agg)
    assert read_aggregates(copy) == agg
    data = json.loads((copy / "aggregates.json").read_text())
    assert data["groups"][0]["points"]["quantiles"]["0.5"] == g.points.quantile(0.5)
    assert "q50" in (copy / "aggregates.csv").read_text().splitlines()[0]


def _margin(contract, row, strain_tag, team):
    """The side's score minus the other's, from the deal score (not PlayedContract.margin)."""
    deal = Deal(tuple(int(row[s.name]) for s in Seat))
    capot = {1: Team.NS, -1: Team.EW, 0: None}[int(row[f"capot_{strain_tag}"])]
    ns = int(row[f"ns_{strain_tag}"])
    s = PlayedContract.on_deal(contract, deal, ns, capot, leader=Seat.W).score(Rules())
    ours, theirs = (s.ns_score, s.ew_score) if team == Team.NS else (s.ew_score, s.ns_score)
    succeeded = s.made if contract.team == team else not s.made
    return ours - theirs, succeeded


def test_contracts_are_scored_and_compared_on_the_same_deals(hearts):
    d, frame = hearts
    options = [Contract.parse("80H S"), Contract.parse("100H S"), Contract.parse("80SA S")]
    c = compare_contracts(d, ["80H", "100H S", "80SA"])
    assert [o.contract for o in c.options] == options and c.deals == 60 and c.seat == Seat.S
    values = np.array([[_margin(o, row, f"{o.strain.name}_W", Team.NS)[0] for o in options]
                       for _, row in frame.iterrows()], dtype=float)
    made = np.array([[_margin(o, row, f"{o.strain.name}_W", Team.NS)[1] for o in options]
                     for _, row in frame.iterrows()])
    best = int(np.argmax(values.mean(axis=0)))
    assert c.best == best
    for j, o in enumerate(c.options):
        assert o.mean.value == pytest.approx(values[:, j].mean())
        assert o.mean.se == pytest.approx(values[:, j].std(ddof=1) / math.sqrt(60))
        assert o.success.value == pytest.approx(made[:, j].mean())
        diff = values[:, j] - values[:, best]
        assert o.versus.value == pytest.approx(diff.mean())
        assert o.versus.se == pytest.approx(diff.std(ddof=1) / math.sqrt(60))
        for q in QUANTILES:
            assert o.scores.quantile(q) == int(np.quantile(values[:, j], q, method="inverted_cdf"))
    # the paired error of 80♥ against 100♥ is smaller than the two errors taken apart
    paired = c.differences[0][1]
    apart = math.hypot(c.options[0].mean.se, c.options[1].mean.se)
    assert paired.se < apart and paired.value == pytest.approx((values[:, 0] - values[:, 1]).mean())


def test_compared_on_the_deals_a_predicate_keeps(hearts):
    d, frame = hearts
    c = compare_contracts(d, ["80H", "80SA"], where="side.trumps >= 5")
    kept = frame[[_hearts(n) + _hearts(s) >= 5 for n, s in zip(frame["N"], frame["S"])]]
    assert c.deals == len(kept) and c.where == "side.trumps >= 5" and c.study_deals == 60
    want = [_margin(Contract.parse("80H"), r, "H_W", Team.NS)[0] for _, r in kept.iterrows()]
    assert c.options[0].mean.value == pytest.approx(np.mean(want))
    opp = compare_contracts(d, ["80H E"], seat="S")         # E-W declare: South's side defends
    assert opp.options[0].contract == Contract.parse("80H E")
    assert opp.options[0].success.value == pytest.approx(
        np.mean([_margin(Contract.parse("80H E"), r, "H_W", Team.NS)[1] for _, r in frame.iterrows()]))


def test_the_paired_comparison_grouped_by_a_feature(hearts):
    d, frame = hearts
    options = [Contract.parse("80H S"), Contract.parse("100H S"), Contract.parse("80SA S")]
    c = compare_contracts(d, options, by=["trumps", "E.trump_J"])
    assert c.by == ("trumps", "E.trump_J") and c.deals == 60
    # recomputed in pandas: each deal's margin, grouped by South's hearts and East's jack of hearts
    values = np.array([[_margin(o, row, f"{o.strain.name}_W", Team.NS)[0] for o in options]
                       for _, row in frame.iterrows()], dtype=float)
    keys = [(_hearts(s), int(bool(int(e) & HJ))) for s, e in zip(frame["S"], frame["E"])]
    want = sorted(set(keys))
    assert [g.key for g in c.groups] == want and len(want) > 3
    assert sum(g.deals for g in c.groups) == 60
    for g in c.groups:
        rows = np.array([k == g.key for k in keys])
        v = values[rows]
        assert g.deals == len(v)
        best = int(np.argmax(v.mean(axis=0)))               # first of the highest, as the study breaks ties
        assert g.best == best
        for j, o in enumerate(g.options):
            assert o.mean.value == pytest.approx(v[:, j].mean())
            diff = v[:, j] - v[:, best]
            assert o.versus.value == pytest.approx(diff.mean())
            if len(v) > 1:
                assert o.versus.se == pytest.approx(diff.std(ddof=1) / math.sqrt(len(v)))
            assert o.scores.n == len(v)
    # the groups of a side feature, with a predicate: the deals the predicate keeps, grouped
    side = compare_contracts(d, ["80H", "100H"], by=["trumps"], of="side", where="trump_J")
    assert sum(g.deals for g in side.groups) == side.deals < 60
    data = side.to_dict()
    assert data["by"] == ["trumps"] and data["of"] == "side"
    assert [g["features"]["trumps"] for g in data["groups"]] == sorted(g["features"]["trumps"]
                                                                      for g in data["groups"])
    assert "groups" not in compare_contracts(d, ["80H"]).to_dict()
    with pytest.raises(ConstraintError, match="unknown feature"):
        compare_contracts(d, ["80H"], by=["colour"])


def test_predicates_read_a_small_language_and_nothing_else():
    for bad in ("__import__('os')", "trumps.__class__", "(lambda: 1)()", "trumps[0]", "trumps ** 2", "",
                "1 +"):
        with pytest.raises(ConstraintError, match="predicate"):
            predicate(bad)
    with pytest.raises(ConstraintError, match="unknown feature 'colour'"):
        predicate("colour > 2").check()
    deal = Deal.from_pbn("N:AJ9.A7.K.J8 KQ.KQ.AJ.AK T87.JT.Q.QT -.98.T987.97")
    hands = np.array([deal.masks], dtype=np.uint64)
    test = predicate("2 <= N.trumps <= 3 and jack_at in ['seat', 'partner'] and not belote_side == 'us'")
    assert test.mask(hands, Strain.S, Rules(), Seat.N).tolist() == [True]   # N: AJ9 of spades, E: KQ
    with pytest.raises(ConstraintError, match="compares a text with a number"):
        predicate("split > 2").mask(hands, Strain.S, Rules(), Seat.N)


def test_the_commands_score_and_select(hearts):
    d, _ = hearts
    out = subprocess.run(COINCHE + ["study", "score", str(d), "--contract", "80H", "--contract", "80SA",
                                    "--where", "trump_J", "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    want = compare_contracts(d, ["80H", "80SA"], where="trump_J").to_dict()
    assert {k: v for k, v in data.items() if k != "directory"} == json.loads(json.dumps(want))
    shown = subprocess.run(COINCHE + ["study", "show", str(d), "--by", "E.trumps", "--where",
                                      "split == '3-2'", "--json"], capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["where"] == "split == '3-2'"
    grouped = subprocess.run(COINCHE + ["study", "score", str(d), "--contract", "80H", "--contract", "100H",
                                        "--by", "trumps", "--json"], capture_output=True, text=True)
    assert grouped.returncode == 0, grouped.stderr
    want = compare_contracts(d, ["80H", "100H"], by=["trumps"]).to_dict()
    got = {k: v for k, v in json.loads(grouped.stdout).items() if k != "directory"}
    assert got == json.loads(json.dumps(want))
    table = subprocess.run(COINCHE + ["study", "score", str(d), "--contract", "80H", "--contract", "100H",
                                      "--by", "trumps"], capture_output=True, text=True)
    assert table.returncode == 0 and "the same, by trumps" in table.stdout, table.stderr
    for args in (["score", str(d), "--contract", "80H", "--by", "X.trumps"],
                 ["score", str(d), "--contract", "80H", "--by", "trumps", "--of", "hand"],
                 ["score", str(d), "--contract", "80H", "--where", "split > 2"],
                 ["score", str(d), "--contract", "80S"],
                 ["show", str(d), "--by", "X.trumps"],
                 ["show", str(d), "--where", "open('x')"]):
        bad = subprocess.run(COINCHE + ["study", *args], capture_output=True, text=True)
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1, bad.stderr
        assert "Traceback" not in bad.stderr


def test_the_study_commands_speak_french(hearts):
    d, _ = hearts
    env = {**os.environ, "COINCHE_LANG": "fr"}

    def coinche(*args):
        out = subprocess.run(COINCHE + ["study", *args], capture_output=True, text=True, env=env)
        return out.returncode, " ".join(out.stdout.split()), " ".join(out.stderr.split())

    code, out, _ = coinche("show", str(d), "--where", "trump_J")
    assert code == 0 and "celles où trump_J" in out and "q10 q50 q90 : les points de cartes du camp" in out
    code, out, _ = coinche("score", str(d), "--contract", "80C", "--contract", "100 cœur", "--json")
    assert code == 0 and [o["contract"] for o in json.loads(out)["options"]] == ["80♥ S", "100♥ S"]
    code, out, _ = coinche("score", str(d), "--contract", "80C", "--contract", "100C")      # C: cœur
    assert code == 0 and "la marque du camp de S moins celle de l'autre camp" in out and "réussit" in out
    code, _, err = coinche("score", str(d), "--contract", "80C", "--where", "split > 2")
    assert code == 2 and "compare un texte et un nombre" in err
    code, _, err = coinche("show", str(d), "--by", "X.trumps")
    assert code == 2 and "'X' ne désigne pas de mains" in err
    code, _, err = coinche("run", str(d), "--deals", "60", "--seed", "12", "--no-plots")
    assert code == 2 and "contient une autre étude" in err and "seed 11 ici, 12 demandé" in err


def test_a_study_deals_only_the_deals_its_accept_test_passes(tmp_path):
    d = tmp_path / "acc"
    r = study(d, deals=6, seed=3, strains="H", chunk_size=4, workers=1, backend="thread",
              accept="trump_J and trump_9")
    assert json.loads((d / "study.json").read_text())["arguments"]["accept"] == "trump_J and trump_9"
    grown = study(d, deals=10, seed=3, strains="H", chunk_size=4, workers=1, backend="thread",
                  accept="trump_J and trump_9")
    assert (r.solved, grown.solved) == (2, 2)              # chunk 1 again (it was short), then chunk 2
    south = read_study(d).to_pandas(hands=HandsFormat.MASK)["S"]
    assert len(south) == 10 and all((int(m) & HJ) and (int(m) & H9) for m in south)
    # the deals do not depend on the chunk size, and differ from one another
    from solver.studyfiles import StudySpec, deal_of
    spec3 = StudySpec(10, 3, (Strain.H,), chunk_size=3, accept="trump_J and trump_9")
    assert [deal_of(spec3, i).masks[Seat.S] for i in range(10)] == [int(m) for m in south]
    assert len(set(south)) == 10
    # the same directory without the test is another study; a test nothing passes is one line
    with pytest.raises(Exception, match="holds another study.*accept"):
        study(d, deals=10, seed=3, strains="H", chunk_size=4, workers=1, backend="thread")
    with pytest.raises(ConstraintError, match="none of 99,968 deals passed"):
        study(tmp_path / "never", deals=2, seed=3, strains="H", accept="trumps > 8")
    assert not (tmp_path / "never").exists()
    with pytest.raises(ConstraintError, match="give it as an expression"):
        study(tmp_path / "func", deals=2, seed=3, strains="H", accept=lambda deal, strain: True)
