"""``coinche advise`` and ``coinche lead`` through typer's CliRunner.

Numbers are checked against the Python API on the same seed (the CLI adds nothing).
"""

import json

import pytest
from cli_helpers import one_line_error, run

from solver import advise, lead_advice

HAND = "AJ9.A7.KT.J"


def test_advise_json_matches_the_api():
    # --no-dd-check: the double-dummy answer alone (the realistic check is tests/test_dd_note.py)
    r = run("advise", HAND, "--seat", "S", "--dealer", "E", "--samples", "4", "--seed", "1", "--json",
            "--no-dd-check")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    api = advise(HAND, "S", "E", samples=4, seed=1, dd_check=False).to_dict()
    counts = data.pop("point_count")        # the point count beside the sampled answer (docs/handeval.md)
    assert data == api
    assert set(counts) == {"S", "H", "D", "C"}
    assert all("points" in v and "level" in v for v in counts.values())
    assert data["leader"] == "S" and data["samples"] == 4 and "text" in data["recommendation"]


def test_advise_table():
    r = run("advise", HAND, "--seat", "N", "--dealer", "N", "--samples", "3", "--seed", "2")
    assert r.exit_code == 0, r.output
    assert "seed 2" in r.stdout and "capot" in r.stdout and "160+" in r.stdout
    assert ("Bid " in r.stdout) or ("Pass." in r.stdout)


def test_advise_with_constraints():
    r = run("advise", HAND, "--samples", "2", "--seed", "1", "--json", "--void", "W:S",
            "--known", "N:HK", "--length", "E:C:2-5", "--points", "N:10-80")
    assert r.exit_code == 0, r.output
    c = json.loads(r.stdout)["constraints"]
    assert c["known"] == {"N": "-.K.-.-"} and c["lengths"]["W:S"] == [0, 0]
    assert c["lengths"]["E:C"] == [2, 5] and c["points"] == {"N": [10, 80]}


@pytest.mark.parametrize("args, words", [
    (["AJ9.A7.KT.J87"], ["this one 10"]),
    ([HAND, "--seat", "X"], ["unknown seat 'X'"]),
    ([HAND, "--void", "W"], ["--void 'W'"]),
    ([HAND, "--known", "N:SA"], ["SA", "known at N"]),
    ([HAND, "--samples", "0"], ["--samples"]),
])
def test_advise_bad_input(args, words):
    one_line_error(run("advise", *args), *words)


def test_advise_plot(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "points.png"
    r = run("advise", HAND, "--samples", "2", "--seed", "1", "--plot", str(out))
    assert r.exit_code == 0, r.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_advise_plot_without_matplotlib(tmp_path, monkeypatch):
    import builtins

    real = builtins.__import__

    def no_mpl(name, *a, **k):
        if name.startswith("matplotlib"):
            raise ImportError("no matplotlib")
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_mpl)
    one_line_error(run("advise", HAND, "--samples", "1", "--seed", "1", "--plot",
                       str(tmp_path / "x.png")), "matplotlib")


def test_lead_json_matches_the_api():
    args = ["lead", "KT7.Q8.A9.K", "--seat", "E", "--contract", "100H", "--declarer", "S",
            "--samples", "3", "--seed", "5"]
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    api = lead_advice("KT7.Q8.A9.K", "E", "100H", "S", samples=3, seed=5).to_dict()
    assert data == api and len(data["cards"]) == 8
    t = run(*args)
    assert t.exit_code == 0 and "Lead " in t.stdout and "sets" in t.stdout
    s = run(*args, "--set-only")
    assert s.exit_code == 0 and "your points" not in s.stdout


def test_lead_bad_contract():
    one_line_error(run("lead", "KT7.Q8.A9.K", "--seat", "E", "--contract", "85H", "--declarer", "S"), "85")
