"""Studies: the per-deal files hold exact values, the statistics follow from the files,
a stopped study resumes to the same result, and the results do not depend on the backend."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

pa = pytest.importorskip("pyarrow", reason="studies need pyarrow: pip install -e '.[test]' installs it")

from solver import Deal, Rules, Seat, Strain, solve  # noqa: E402
from solver.aggregate import aggregate  # noqa: E402
from solver.cards import Card, CardSet  # noqa: E402
from solver.contract import Contract, bid_levels  # noqa: E402
from solver.declarations import belote_claim  # noqa: E402
from solver.errors import ConstraintError  # noqa: E402
from solver.features import feature_values  # noqa: E402
from solver.scoring import min_points_to_make  # noqa: E402
from solver.studies import StudyError, chunk_deals, per_deal_tables, read_study, study, StudySpec  # noqa: E402


def _rows(directory):
    out = []
    for t in per_deal_tables(directory):
        cols = t.to_pydict()
        out += [dict(zip(cols, vals)) for vals in zip(*cols.values())]
    return out


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    d = tmp_path_factory.mktemp("study") / "s"
    study(d, deals=60, seed=11, strains="H SA", leaders="WN", chunk_size=25, workers=2, backend="thread",
          by=["trumps"])
    return d


def test_per_deal_values_are_fresh_solves(small):
    rows = _rows(small)
    assert [r["index"] for r in rows] == list(range(60))
    for r in rows[::7]:
        deal = Deal([r[s.name] for s in Seat])
        for strain in (Strain.H, Strain.SA):
            for leader in (Seat.W, Seat.N):
                fresh = solve(deal, strain, leader)
                tag = f"{strain.name}_{leader.name}"
                assert r[f"ns_{tag}"] == fresh.ns_points
                assert r[f"ns_{tag}"] + r[f"ew_{tag}"] == fresh.total


def test_chunks_are_dealt_from_their_seed_alone():
    spec = StudySpec(deals=50, seed=4, chunk_size=20)
    again = StudySpec(deals=90, seed=4, chunk_size=20)
    assert chunk_deals(spec, 1) == chunk_deals(again, 1)
    assert chunk_deals(spec, 1) != chunk_deals(spec, 0)
    assert len(chunk_deals(spec, 2)) == 10


def _plain_statistics(directory, feature, strain, leader):
    """The statistics recomputed deal by deal from the files, with Card objects."""
    groups = {}
    for r in _rows(directory):
        hand = CardSet(r["S"])
        trumps = sum(1 for c in hand if Card(c).suit == int(strain))
        assert feature == "trumps"
        masks = tuple(r[s.name] for s in Seat)
        pts = r[f"ns_{strain.name}_{leader.name}"]
        claim = belote_claim(masks, strain, Seat.S.team, Rules())
        made = [pts >= min_points_to_make(Contract(lv, strain, Seat.S), claim, (0, 0), Rules())
                for lv in bid_levels()]
        groups.setdefault(trumps, []).append((pts, made))
    return groups


def test_grouped_statistics_equal_a_plain_recomputation(small):
    agg = aggregate(small, ["trumps"])
    plain = _plain_statistics(small, "trumps", Strain.H, Seat.W)
    mine = {g.key[0]: g for g in agg.groups if g.strain == Strain.H and g.leader == Seat.W}
    assert set(mine) == set(plain)
    for k, rows in plain.items():
        pts = np.array([p for p, _ in rows], dtype=float)
        g = mine[k]
        assert g.n == len(rows)
        assert g.mean.value == pytest.approx(pts.mean())
        if len(rows) > 1:
            assert g.mean.se == pytest.approx(pts.std(ddof=1) / np.sqrt(len(rows)))
        for j, lv in enumerate(bid_levels()):
            assert g.made[lv].value == pytest.approx(np.mean([m[j] for _, m in rows]))


def test_features_agree_with_card_by_card_counts():
    rng = np.random.default_rng(5)
    masks = []
    for _ in range(40):
        cards = rng.permutation(32)[:8]
        masks.append(sum(1 << int(c) for c in cards))
    arr = np.array(masks, dtype=np.uint64)
    for strain in (Strain.S, Strain.D):
        trumps = feature_values("trumps", arr, strain)
        jacks = feature_values("trump_J", arr, strain)
        aces = feature_values("side_aces", arr, strain)
        for k, m in enumerate(masks):
            cards = [Card(c) for c in CardSet(m)]
            assert trumps[k] == sum(c.suit == int(strain) for c in cards)
            assert jacks[k] == sum(c.suit == int(strain) and c.name[1] == "J" for c in cards)
            assert aces[k] == sum(c.suit != int(strain) and c.name[1] == "A" for c in cards)
    assert set(feature_values("trumps", arr, Strain.SA).tolist()) == {-1}


def test_backends_and_workers_give_identical_files(tmp_path, small):
    other = tmp_path / "p"
    study(other, deals=60, seed=11, strains="H SA", leaders="WN", chunk_size=25, workers=1,
          backend="process", by=["trumps"])
    assert (other / "aggregates.json").read_bytes() == (small / "aggregates.json").read_bytes()
    assert (other / "aggregates.csv").read_bytes() == (small / "aggregates.csv").read_bytes()


def test_dask_local_cluster_gives_identical_aggregates(tmp_path, small):
    pytest.importorskip("distributed", reason="the Dask backend needs the dask extra")
    d = tmp_path / "dask"
    # with the dashboard's usual port taken (by another cluster, say), the local cluster
    # starts without a word on stderr
    with socket.socket() as taken, warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        try:
            taken.bind(("", 8787))
            taken.listen()
        except OSError:
            pass                            # already taken
        study(d, deals=60, seed=11, strains="H SA", leaders="WN", chunk_size=25, workers=4, backend="dask",
              backend_options={"local_workers": 2}, by=["trumps"])
    assert [str(w.message) for w in said if "Port" in str(w.message)] == []
    assert (d / "aggregates.json").read_bytes() == (small / "aggregates.json").read_bytes()


def test_a_resumed_study_solves_only_what_is_missing(tmp_path, small):
    d = tmp_path / "r"
    study(d, deals=60, seed=11, strains="H SA", leaders="WN", chunk_size=25, workers=1, backend="thread")
    (d / "checks" / "chunk-00001.json").unlink()                    # as if killed before its end
    with open(d / "chunks" / "chunk-00002.parquet", "ab") as f:     # a damaged file is solved again
        f.write(b"x")
    r = study(d, deals=60, seed=11, strains="H SA", leaders="WN", chunk_size=25, workers=1, backend="thread")
    assert r.solved == 2
    assert (d / "aggregates.json").read_bytes() == (small / "aggregates.json").read_bytes()


def test_a_killed_study_restarted_equals_an_uninterrupted_one(tmp_path):
    args = ["--deals", "240", "--seed", "3", "--chunk-size", "10", "--strains", "S H D C SA TA",
            "--workers", "1", "--backend", "thread", "--no-plots", "--no-progress"]
    whole = tmp_path / "whole"
    run = [sys.executable, "-m", "coinche_cli.main", "study", "run"]
    subprocess.run(run + [str(whole)] + args, check=True, capture_output=True, timeout=300)
    killed = tmp_path / "killed"
    p = subprocess.Popen(run + [str(killed)] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not list((killed / "checks").glob("chunk-0000[2-9].json")) and time.monotonic() < deadline:
        time.sleep(0.02)
    p.send_signal(signal.SIGKILL)
    p.wait()
    partial = read_study(killed)
    # stopped in the middle: some chunks done, not all (of 24, so a busy machine that lets the
    # study run on while this process waits for its turn still stops it far from the end)
    assert 0 < len(partial.done) < 24
    subprocess.run(run + [str(killed)] + args, check=True, capture_output=True, timeout=300)
    assert (killed / "aggregates.json").read_bytes() == (whole / "aggregates.json").read_bytes()
    assert not [f for f in (killed / "chunks").iterdir() if not f.name.startswith("chunk-")]


def test_other_arguments_are_refused_unless_forced(tmp_path):
    d = tmp_path / "a"
    study(d, deals=10, seed=1, strains="H", chunk_size=10, workers=1)
    with pytest.raises(StudyError, match="holds another study.*seed 1 here, 2 asked"):
        study(d, deals=10, seed=2, strains="H", chunk_size=10, workers=1)
    r = study(d, deals=10, seed=2, strains="H", chunk_size=10, workers=1, force=True)
    assert r.solved == 1 and read_study(d).arguments["seed"] == 2


def test_a_failing_chunk_is_tried_again_then_named(tmp_path, monkeypatch):
    import solver.studies as st
    real = st._columns
    calls = {"n": 0}

    def flaky(spec, i, deals, solver):
        if i == 1:
            calls["n"] += 1
            if calls["n"] <= fails:
                raise RuntimeError("lost")
        return real(spec, i, deals, solver)

    monkeypatch.setattr(st, "_columns", flaky)
    fails = 2
    r = study(tmp_path / "ok", deals=20, seed=1, strains="H", chunk_size=10, workers=1, backend="thread",
              retries=2)
    assert r.solved == 2 and calls["n"] == 3
    calls["n"], fails = 0, 99
    with pytest.raises(StudyError, match="chunk 1 failed 2 times: RuntimeError: lost"):
        study(tmp_path / "bad", deals=20, seed=1, strains="H", chunk_size=10, workers=1, backend="thread",
              retries=1)
    assert read_study(tmp_path / "bad").done == (0,)


def test_a_hand_population_keeps_the_hand(tmp_path):
    d = tmp_path / "h"
    study(d, deals=12, seed=2, strains="H", chunk_size=6, workers=1, hand="AJ9.A7.KT.J", seat="E")
    masks = {r["E"] for r in _rows(d)}
    assert masks == {CardSet.from_pbn("AJ9.A7.KT.J").mask}


def test_bad_arguments_are_refused_before_any_work(tmp_path):
    with pytest.raises(ConstraintError, match="deals 0"):
        study(tmp_path / "x", deals=0)
    with pytest.raises(ConstraintError, match="unknown feature 'colour'"):
        aggregate(tmp_path, ["colour"])
    assert not (tmp_path / "x").exists()


def test_a_user_feature_groups_the_deals(small):
    def high(hand, strain):
        return sum(1 for c in hand if Card(c).name[1] in "AT")
    agg = aggregate(small, ["high"], {"high": high})
    assert sum(g.n for g in agg.groups if g.strain == Strain.H and g.leader == Seat.W) == 60


def test_cli_show_json_and_plots(tmp_path):
    d = tmp_path / "c"
    env = {**os.environ, "COLUMNS": "120"}
    run = [sys.executable, "-m", "coinche_cli.main", "study"]
    done = subprocess.run(run + ["run", str(d), "--deals", "30", "--strains", "H", "--chunk-size", "15",
                                 "--workers", "1", "--json"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["chunks"] == 2 and sum(g["deals"] for g in out["groups"]) == 30
    assert (d / "plots" / "mean_points.png").stat().st_size > 1000
    shown = subprocess.run(run + ["show", str(d), "--by", "trump_J"], capture_output=True, text=True, env=env)
    assert shown.returncode == 0 and "trump_J" in shown.stdout
    bad = subprocess.run(run + ["run", str(d), "--deals", "31", "--strains", "H"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "holds another study" in bad.stderr
    assert Path(d / "study.json").is_file()


def test_a_worker_lost_mid_study_loses_and_repeats_no_chunk(tmp_path):
    distributed = pytest.importorskip("distributed", reason="the Dask backend needs the dask extra")
    import threading
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}, silence_logs=50) as cluster:
        chunks = tmp_path / "lost" / "chunks"
        killed = []

        def kill_one_worker():
            while not list(chunks.glob("chunk-*.parquet")):
                time.sleep(0.01)
            nanny = next(iter(cluster.workers.values()))
            killed.append(nanny.process.pid)
            os.kill(nanny.process.pid, signal.SIGKILL)

        t = threading.Thread(target=kill_one_worker, daemon=True)
        t.start()
        study(tmp_path / "lost", deals=60, seed=11, strains="H SA", leaders="WN", chunk_size=5, workers=2,
              backend="dask", backend_options={"address": cluster.scheduler_address}, by=["trumps"])
        t.join(5)
    assert killed
    rows = _rows(tmp_path / "lost")
    assert [r["index"] for r in rows] == list(range(60))            # every deal once
    study(tmp_path / "whole", deals=60, seed=11, strains="H SA", leaders="WN", chunk_size=5, workers=1,
          backend="thread", by=["trumps"])
    lost, whole = (tmp_path / d / "aggregates.json" for d in ("lost", "whole"))
    assert lost.read_bytes() == whole.read_bytes()


def test_a_local_worker_process_killed_mid_study_is_replaced(tmp_path):
    """A worker process that dies leaves its chunks to fresh workers: the study ends
    with every chunk once, as an uninterrupted run."""
    import threading
    import psutil
    chunks = tmp_path / "k" / "chunks"
    killed = []
    # the children already there (multiprocessing's resource tracker, say) are not the
    # study's workers: killing one of them would test nothing
    before = {p.pid for p in psutil.Process().children()}

    def worker_of_the_study():
        for kid in psutil.Process().children():
            try:
                helper = any("resource_tracker" in a or "forkserver" in a for a in kid.cmdline())
            except psutil.Error:
                continue
            if kid.pid not in before and not helper:
                return kid
        return None

    def kill_a_worker():
        while not list(chunks.glob("chunk-*.parquet")):
            time.sleep(0.01)
        kid = worker_of_the_study()
        if kid is not None:
            killed.append(kid.pid)
            os.kill(kid.pid, signal.SIGKILL)

    t = threading.Thread(target=kill_a_worker, daemon=True)
    t.start()
    study(tmp_path / "k", deals=60, seed=11, strains="H SA", leaders="WN", chunk_size=5, workers=2,
          backend="process", by=["trumps"])
    t.join(5)
    assert killed
    study(tmp_path / "w", deals=60, seed=11, strains="H SA", leaders="WN", chunk_size=5, workers=1,
          backend="thread", by=["trumps"])
    assert [r["index"] for r in _rows(tmp_path / "k")] == list(range(60))
    k, w = (tmp_path / d / "aggregates.json" for d in ("k", "w"))
    assert k.read_bytes() == w.read_bytes()


def test_study_run_of_side_groups_the_saved_aggregates_by_side(tmp_path):
    """``coinche study run --of side`` saves aggregates of the side's hands: the same
    groups as :func:`aggregate` of the directory with ``of="side"``, not the seat's."""
    from cli_helpers import run
    d = tmp_path / "s"
    done = run("study", "run", d, "--deals", "6", "--chunk-size", "6", "--strains", "H", "--seed", "3",
               "--backend", "thread", "--workers", "1", "--of", "side", "--no-plots", "--no-progress",
               "--json")
    assert done.exit_code == 0, done.output
    saved = json.loads((d / "aggregates.json").read_text())
    assert saved["of"] == "side"
    side = aggregate(d, ("trumps",), of="side").to_dict()
    assert saved["groups"] == json.loads(json.dumps(side["groups"]))
    assert saved["groups"] != json.loads(json.dumps(aggregate(d, ("trumps",)).to_dict()["groups"]))
