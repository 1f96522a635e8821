"""The analysis commands (table, par, review, batch) through typer's CliRunner.

Values come from dd_reference.json (the example deal, S leading: cases 1-6) or
from the API on the same input; bad input gives exit code 2 and one stderr line.
"""

import csv
import io
import json

from cli_helpers import EXAMPLE, one_line_error, run

from solver import Deal
from solver.par import par
from solver.review import review

SMALL = "N:A.K.-.- 7.8.-.- K.A.-.- 8.7.-.-"


def test_table_json():
    r = run("table", "example", "--dealer", "E", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["leader"] == "S"
    assert d["ns_points"] == {"S": 73, "H": 71, "D": 106, "C": 146, "SA": 162, "TA": 25}
    assert d["ns_best_bid"]["C"] == 160 and d["ns_best_bid"]["SA"] == "capot"
    assert d["ew_best_bid"]["TA"] == 130


def test_table_text_shows_symbols_and_bids():
    r = run("table", "example", "--leader", "S")
    assert r.exit_code == 0, r.output
    assert "♣" in r.stdout and "146" in r.stdout and "capot" in r.stdout and "160" in r.stdout


def test_table_every_leader():
    r = run("table", SMALL, "--json")
    assert r.exit_code == 0, r.output
    assert [x["leader"] for x in json.loads(r.stdout)] == ["N", "E", "S", "W"]


def test_table_threads_give_the_same_table():
    one = run("table", "example", "--dealer", "E", "--threads", "1", "--json")
    two = run("table", "example", "--dealer", "E", "--threads", "2", "--json")
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert json.loads(one.stdout) == json.loads(two.stdout)
    one_line_error(run("table", "example", "--threads", "0"), "threads 0")


def test_table_errors():
    one_line_error(run("table", "example", "--dealer", "N", "--leader", "N"), "contradicts")
    one_line_error(run("table", "N:AK nonsense"), "malformed deal")
    one_line_error(run("table", "example", "--rule", "suit_ranking=maybe"), "suit_ranking")
    one_line_error(run("table", "example", "--rule", "colour=red"), "colour")


def test_par():
    r = run("par", "example", "--dealer", "E", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == par(Deal.from_pbn(EXAMPLE), "E").to_dict()
    r = run("par", "example", "--dealer", "E", "--suit-ranking")
    assert r.exit_code == 0 and "capot SA" in r.stdout and "N-S 500" in r.stdout
    one_line_error(run("par", SMALL), "full deal")
    one_line_error(run("par", "example", "--dealer", "X"), "'X'")


def test_review():
    played = "SQ S7 SA ST"
    r = run("review", "example", "--strain", "C", "--leader", "S", "--played", played, "--json")
    assert r.exit_code == 0, r.output
    got, want = json.loads(r.stdout), review(Deal.from_pbn(EXAMPLE), "C", "S", played).to_dict()
    got.pop("nodes"), want.pop("nodes")          # statistics depend on the table's history
    assert got == want
    r = run("review", "example", "--strain", "C", "--dealer", "E", "--played", "D7")
    # solve(): D7 129 against 146, a cost of 17 shown as a positive number of points lost
    assert r.exit_code == 0 and "│   17 │" in r.stdout and "-17" not in r.stdout
    one_line_error(run("review", "example", "--strain", "C", "--leader", "S", "--played", "SQ SA"),
                   "card 2 of the play")


def test_batch_jsonl_and_csv(tmp_path):
    f = tmp_path / "deals.txt"
    f.write_text(f"# two deals\n{SMALL} dealer=N   # E leads\nnot a deal\n{SMALL}\n")
    r = run("batch", str(f), "--workers", "1", "--no-progress")
    assert r.exit_code == 1, r.output          # some line was bad (as solve --file)
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["line"] for x in lines] == [2, 3, 4]      # the bad line in its place, as in CSV
    assert list(lines[0]["tables"]) == ["E"] and len(lines[2]["tables"]) == 4
    assert lines[1]["deal"] == "not a deal" and "malformed" in lines[1]["error"]
    assert "line 3:" in r.stderr and "1 bad line" in r.stderr
    out = tmp_path / "t.csv"
    r = run("batch", str(f), "--format", "csv", "--out", str(out), "--workers", "2")
    assert r.exit_code == 1, r.output
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [x["line"] for x in rows] == ["2", "3"] + ["4"] * 4
    assert rows[1]["error"] and rows[0]["leader"] == "E"


def test_batch_strict_and_errors(tmp_path):
    f = tmp_path / "deals.txt"
    f.write_text(f"{SMALL}\nnot a deal\n")
    one_line_error(run("batch", str(f), "--strict"), "line 2")
    one_line_error(run("batch", str(tmp_path / "missing.txt")), "missing.txt")
    one_line_error(run("batch", str(f), "--format", "xml"), "xml")
    r = run("batch", "-", "--workers", "1", input=f"{SMALL} W\n")
    assert r.exit_code == 0 and json.loads(r.stdout)["dealer"] == "W"
