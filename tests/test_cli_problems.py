"""coinche problems mine|show|check."""

from __future__ import annotations

import json

import pytest

from cli_helpers import one_line_error, run


def test_mine_show_check(tmp_path) -> None:
    out = tmp_path / "p.json"
    r = run("problems", "mine", "--seed", 2, "--count", 2, "--out", out, "--json")
    assert r.exit_code == 0, r.output
    figures = json.loads(r.stdout)
    assert figures["kept"] == 2 and figures["deals"] >= 2
    first = out.read_bytes()
    r = run("problems", "mine", "--seed", 2, "--count", 2, "--out", out, "--json", "--workers", 2, "--no-progress")
    assert r.exit_code == 0, r.output
    assert out.read_bytes() == first                       # the same seed, the same set, on two workers
    pid = json.loads(first)["problems"][0]["id"]
    r = run("problems", "show", pid, "--file", out, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["id"] == pid
    r = run("problems", "check", "--file", out, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout) == {"problems": 2, "wrong": []}


def test_bad_input_is_one_line(tmp_path) -> None:
    one_line_error(run("problems", "show", "no-such-id"), "no-such-id")
    bad = tmp_path / "bad.json"
    bad.write_text("[", encoding="utf-8")
    one_line_error(run("problems", "check", "--file", bad), "JSON")
    one_line_error(run("problems", "mine", "--seed", 1, "--out", tmp_path / "p.json"), "--count")
    one_line_error(run("problems", "mine", "--seed", 1, "--count", 1, "--out", tmp_path), "directory")


def test_the_files_refused_as_every_command_refuses_them(tmp_path) -> None:
    # an --out that is an input (however named), a missing directory, a negative seed and
    # a set without problems: one line, exit 2, and the input as it was
    out = tmp_path / "p.json"
    assert run("problems", "mine", "--seed", 2, "--count", 1, "--out", out).exit_code == 0
    before = out.read_bytes()
    (tmp_path / "link.json").symlink_to(out)
    for target in (out, tmp_path / "link.json", tmp_path / "." / "p.json"):
        one_line_error(run("problems", "merge", out, "--out", target), "--out", "input")
    assert out.read_bytes() == before
    one_line_error(run("problems", "mine", "--seed", 1, "--count", 1, "--out", tmp_path / "no" / "m.json"),
                   "no such directory", str(tmp_path / "no"))
    r = run("problems", "mine", "--seed", -2, "--count", 1, "--out", out)
    assert r.exit_code == 2 and "-2" in r.output
    assert out.read_bytes() == before
    empty = tmp_path / "e.json"
    empty.write_text(json.dumps({**json.loads(before), "problems": []}), encoding="utf-8")
    one_line_error(run("problems", "check", "--file", empty), "no problems", "e.json")
    one_line_error(run("problems", "show", "x", "--file", empty), "no problems", "e.json")
    # among several inputs, the one that is not a problem set is named
    bad = tmp_path / "bad.json"
    bad.write_text("[", encoding="utf-8")
    one_line_error(run("problems", "merge", out, bad, "--out", tmp_path / "m.json"), "bad.json", "not JSON")
    bad.write_text("{}", encoding="utf-8")
    one_line_error(run("problems", "merge", out, bad, "--out", tmp_path / "m.json"), "bad.json",
                   "not a problem set")
    assert not (tmp_path / "m.json").exists()


def test_merge_joins_a_run_that_kept_no_problems(tmp_path) -> None:
    # a run on a few deals may keep nothing (mine writes the empty set): merge joins it as
    # the run over all the deals would have mined them, the other run's problems alone
    none, some = tmp_path / "none.json", tmp_path / "some.json"
    assert run("problems", "mine", "--seed", 1, "--count", 1, "--deals", 1, "--out", none,
               "--no-progress").exit_code == 0
    assert json.loads(none.read_text(encoding="utf-8"))["problems"] == []
    assert run("problems", "mine", "--seed", 1, "--count", 1, "--start", 1, "--out", some,
               "--no-progress").exit_code == 0
    r = run("problems", "merge", none, some, "--out", tmp_path / "m.json", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["kept"] == 1
    assert (tmp_path / "m.json").read_bytes() == some.read_bytes()


def test_french(monkeypatch) -> None:
    """COINCHE_LANG=fr: the problem's goal, its lines and the check's summary in French."""
    monkeypatch.setenv("COINCHE_LANG", "fr")
    from solver.problems import load_problems
    p = load_problems()[0]
    r = run("problems", "show", p.id)
    assert r.exit_code == 0, r.output
    assert "problème à quatre jeux" in r.stdout and "joue, contrat" in r.stdout and "solution :" in r.stdout
    assert ("faire " in r.stdout) or ("gagner le plus de points" in r.stdout)
    one_line_error(run("problems", "show", "no-such-id"), "aucun problème")
    one_line_error(run("practice", "--kind", "nope"), "attendu")


@pytest.mark.slow
def test_ctrl_c_writes_what_was_mined(tmp_path) -> None:
    """SIGINT to the running command (cli/main.py turns it into SystemExit(130)): the problems
    mined so far are written, rated among themselves, and the exit code is 130."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from patience import stretched
    out = tmp_path / "p.json"
    proc = subprocess.Popen([sys.executable, "-m", "coinche_cli", "problems", "mine", "--seed", "1", "--count",
                             "100000", "--no-progress", "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "COLUMNS": "200"})
    time.sleep(stretched(8))
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=stretched(60))
    assert proc.returncode == 130, stderr.decode()
    assert "Traceback" not in stderr.decode()
    from solver.problems import problems_from_json
    mined = problems_from_json(out.read_text(encoding="utf-8"))
    assert f"{len(mined)} problems from" in stdout.decode()
