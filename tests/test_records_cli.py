"""The commands on record files: review, table, par, batch and deal with records, --out
FILE.pbn written atomically, and the match score sheet."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cli_helpers import one_line_error, run
from solver import Contract, Rules, Seat, dd_table, par, read_records, review, score_deal
from solver.records import table_section

DATA = Path(__file__).resolve().parent / "data"
EXAMPLE_FILE = DATA / "records_example.pbn"


@pytest.fixture
def game(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLE_FILE, "game.pbn")
    return Path("game.pbn")


def _json_lines(result) -> list:
    return [json.loads(x) for x in result.stdout.splitlines()]


def test_review_reads_the_played_games(game):
    r = run("review", game, "--json")
    assert r.exit_code == 0, r.output
    [one] = _json_lines(r)                      # one game of three has a play
    played = read_records(game)[0]
    want = review(played.deal, "C", "S", played.play).to_dict()
    one.pop("nodes"), want.pop("nodes")         # a statistic of the search's history
    assert one == want
    assert one["cost"] == {"NS": 1, "EW": 0}    # N's D8 (docs/formats.md), by the engine


def test_review_out_adds_the_optimum_play(game):
    r = run("review", game, "--out", "reviewed.pbn")
    assert r.exit_code == 0, r.output
    before, after = read_records(game), read_records("reviewed.pbn")
    assert [a.section("OptimumPlay") is not None for a in after] == [True, False, False]
    lines = after[0].section("OptimumPlay").lines
    assert len(lines) == 32 and lines[4].startswith("D8 146 145 1 ")
    assert [a.with_sections() for a in after][1:] == before[1:]


def test_review_of_records_refuses_strain_and_played(game):
    one_line_error(run("review", game, "--strain", "H"), "--strain and --played come from the record")


def test_review_without_played_games(game, tmp_path):
    Path("none.pbn").write_text('[Dealer "N"]\n[Deal "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"]\n')
    one_line_error(run("review", "none.pbn"), "no played game")


def test_table_out_adds_each_games_table(game):
    r = run("table", game, "--out", "tables.pbn")
    assert r.exit_code == 0, r.output
    for rec in read_records("tables.pbn"):
        section = rec.section("DoubleDummy")
        assert section == table_section(dd_table(rec.deal, rec.dealer.next, rec.rules))


def test_table_json_one_object_a_game(game):
    r = run("table", game, "--json")
    assert r.exit_code == 0, r.output
    assert [x["leader"] for x in _json_lines(r)] == ["S", "W", "N"]     # the seats after E, S, W


def test_par_out_uses_each_games_dealer_and_rules(game):
    r = run("par", game, "--out", "par.pbn", "--json")
    assert r.exit_code == 0, r.output
    got = _json_lines(r)
    for rec, obj in zip(read_records("par.pbn"), got):
        p = par(rec.deal, rec.dealer, rec.rules)
        assert obj == p.to_dict()
        assert rec.section("Par").value == f"NS {p.ns_score} EW {p.ew_score}"


@pytest.mark.parametrize("command", ["table", "par", "review"])
def test_out_is_checked_before_any_work_and_never_half_written(game, command):
    Path("old.pbn").write_text("kept")
    one_line_error(run(command, game, "--out", "tables.csv"), "ending in .pbn")
    one_line_error(run(command, game, "--out", "game.pbn"), "is the input file")
    bad = Path("bad.pbn")
    bad.write_text(game.read_text().replace('[Result "145"]', '[Result "146"]'))
    one_line_error(run(command, bad, "--out", "old.pbn"), "line 22", "[Result]")
    assert Path("old.pbn").read_text() == "kept"
    assert sorted(p.name for p in Path(".").iterdir()) == ["bad.pbn", "game.pbn", "old.pbn"]


def test_out_needs_a_record_file(game):
    one_line_error(run("table", "example", "--out", "t.pbn"), "--out needs a record file")


def test_a_bad_record_file_is_one_line(game):
    Path("bad.pbn").write_text('[Dealer "E"]\n[Deal "N:AK.K8"]\n')
    one_line_error(run("table", "bad.pbn"), "'bad.pbn' line 2: [Deal]: malformed deal")
    Path("bad.pbn").write_bytes(b'[Dealer "\xff"]\n')
    one_line_error(run("par", "bad.pbn"), "line 1 is not UTF-8")


def test_batch_reads_records_with_their_dealers(game):
    r = run("batch", game, "--workers", "1", "--json")
    assert r.exit_code == 1                     # the third game's [Rules] are not the command's
    good1, good2, bad = _json_lines(r)
    assert (good1["dealer"], list(good1["tables"])) == ("E", ["S"])
    assert (good2["dealer"], list(good2["tables"])) == ("S", ["W"])
    assert bad["line"] == 34 and "[Rules]" in bad["error"]
    assert "line 34" in r.stderr


def test_batch_out_writes_records(game):
    r = run("batch", game, "--rule", "suit_ranking=true", "--rule", "declarations=true", "--par",
            "--workers", "1", "--out", "solved.pbn")
    assert r.exit_code == 0, r.output
    rules = Rules(suit_ranking=True, declarations=True)
    for rec in read_records("solved.pbn"):
        assert rec.section("DoubleDummy") == table_section(dd_table(rec.deal, rec.dealer.next, rules))
        assert rec.section("Par").value.startswith("NS ")


def test_batch_out_pbn_needs_records(game):
    Path("deals.txt").write_text("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 E\n")
    one_line_error(run("batch", "deals.txt", "--out", "x.pbn"), "record file")


def test_deal_count_is_seeded_records(game):
    a, b = run("deal", "--count", "5", "--seed", "11"), run("deal", "--count", "5", "--seed", "11")
    assert a.exit_code == 0 and a.stdout == b.stdout
    recs = read_records(a.stdout)
    assert [r.dealer for r in recs] == [Seat.N, Seat.E, Seat.S, Seat.W, Seat.N]
    assert len({r.deal for r in recs}) == 5


def test_deal_count_with_a_hand_and_out(game):
    r = run("deal", "--count", "3", "--seed", "2", "--hand", "AJ9.A7.KT.J", "--seat", "E", "--out", "p.pbn")
    assert r.exit_code == 0, r.output
    assert all(rec.deal[Seat.E].to_pbn() == "AJ9.A7.KT.J" for rec in read_records("p.pbn"))
    one_line_error(run("deal", "--hand", "AJ9.A7.KT.J"), "go with --count")
    one_line_error(run("deal", "--count", "2", "--void", "N:S"), "go with --hand")


def test_deal_count_with_constraints(game):
    r = run("deal", "--count", "4", "--seed", "3", "--hand", "AJ9.A7.KT.J", "--void", "N:H",
            "--known", "W:SK")
    assert r.exit_code == 0, r.output
    for rec in read_records(r.stdout):
        assert not rec.deal[Seat.N].suit(1) and "SK" in {str(c) for c in rec.deal[Seat.W]}
    one_line_error(run("deal", "--count", "2", "--hand", "AJ9.A7"), "malformed hand")


SHEET = "# a match\n100H S 122 belote=NS\n90S E 70 X\npass\n80C N 95 belote=NS\ncapotSA N 162 capot\n"


def test_match_keeps_the_score(game):
    Path("sheet.txt").write_text(SHEET)
    r = run("match", "sheet.txt", "--rule", "target=1000", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    # each deal scored by score_deal with the sheet's words, the totals their sums
    want = [score_deal(Contract.parse("100H S"), 122, belote="NS"), score_deal(Contract.parse("90S E X"), 70),
            score_deal(Contract.parse("80C N"), 95, belote="NS"),
            score_deal(Contract.parse("capotSA N"), 162, capot=True)]
    assert [(d["ns_score"], d["ew_score"]) for d in out["deals"]] == [w.scores for w in want]
    ns, ew = sum(w.ns_score for w in want), sum(w.ew_score for w in want)
    assert (out["ns"], out["ew"], out["over"], out["winner"]) == (ns, ew, True, "NS") and ns >= 1000 > ew
    assert [d["line"] for d in out["deals"]] == [2, 3, 5, 6]
    # five deals on the sheet: four scored, the one on line 4 passed out
    assert out["passed_out"] == [4] and out["status"].endswith("after 5 deals (passed out: 1).")


def test_match_goes_on_below_the_target(game):
    Path("sheet.txt").write_text(SHEET)
    r = run("match", "sheet.txt")
    # 2000 less the totals of test_match_keeps_the_score
    assert r.exit_code == 0 and "N-S need 720 more, E-W 1890" in r.stdout


def test_match_errors_name_the_line(game):
    Path("sheet.txt").write_text(SHEET + "100H S 120\n")
    one_line_error(run("match", "sheet.txt", "--rule", "target=1000"), "line 7", "No deal can follow")
    Path("sheet.txt").write_text("100H S 122\n100H X 100\n")
    one_line_error(run("match", "sheet.txt"), "line 2", "unknown seat 'X'")


def test_match_reads_records(game):
    Path("two.pbn").write_text(game.read_text().split("\n\n[Board \"3\"]")[0])
    r = run("match", "two.pbn", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    first = read_records("two.pbn")[0]
    assert (out["ns"], out["ew"]) == first.score     # its [Score]; the second game passed out
    one_line_error(run("match", game), "line 34", "one set of rules")


def test_match_refuses_a_belote_the_side_cannot_hold(game):
    """Board 1's clubs are trumps and S holds ♣K Q: a [Belote "EW"] cannot be, and would
    turn the defenders' score; the command says so in one line."""
    Path("two.pbn").write_text(game.read_text().split("\n\n[Board \"3\"]")[0]
                               .replace('[Belote "NS"]', '[Belote "EW"]'))
    one_line_error(run("match", "two.pbn"), "line", "no hand of EW holds the K and Q of trumps")


@pytest.mark.parametrize("bid, points", [("capotH", 162), ("100H", 162), ("capotH", 150), ("100H", 120)])
def test_match_scores_a_result_alike_from_a_sheet_and_a_record_file(game, bid, points):
    """A sheet line and a record file without a play say the same thing (contract,
    declarer, the bidders' points), so they score the same: all 162 points is a capot by
    the bidders in both (docs/formats.md).  Expected scores from docs/rules.md: a bid capot
    made 500; an unbid capot 250 + 100 = 350; a failed capot 500 to the defenders; 100
    made with 120: 220 and 40."""
    want = {("capotH", 162): (500, 0), ("100H", 162): (350, 0), ("capotH", 150): (0, 500),
            ("100H", 120): (220, 40)}[bid, points]
    Path("sheet.txt").write_text(f"{bid} S {points}\n")
    Path("one.pbn").write_text(f'[Dealer "N"]\n[Contract "{bid}"]\n[Declarer "S"]\n[Result "{points}"]\n')
    for name in ("sheet.txt", "one.pbn"):
        r = run("match", name, "--json")
        assert r.exit_code == 0, r.output
        out = json.loads(r.stdout)
        assert (out["ns"], out["ew"]) == want, name


@pytest.mark.parametrize("words", ["X XX", "XX X", "capot lost-capot", "generale lost-capot"])
def test_match_refuses_words_that_exclude_each_other(game, words):
    """As coinche score --coinche --surcoinche (and --capot --lost-capot) is refused."""
    Path("sheet.txt").write_text(f"100H S 100 {words}\n")
    first, second = words.split()[0], words.split()[-1]
    one_line_error(run("match", "sheet.txt"), "line 1", f"'{first}'", f"'{second}'",
                   "'100H S 100 " + words + "'")


def test_match_of_passed_out_deals_is_a_match_without_points(game):
    """Two deals passed out: nobody scores, the match goes on (2000 to go for each side)."""
    Path("sheet.txt").write_text("pass\npass\n")
    r = run("match", "sheet.txt", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert (out["ns"], out["ew"], out["over"], out["deals"], out["passed_out"]) == (0, 0, False, [], [1, 2])
    r = run("match", "sheet.txt")
    assert r.exit_code == 0 and "N-S need 2000 more, E-W 2000" in r.stdout and r.stdout.count("passed out") == 2
    # the record file's passed-out game (board 2) is listed too
    Path("two.pbn").write_text(game.read_text().split("\n\n[Board \"3\"]")[0])
    assert json.loads(run("match", "two.pbn", "--json").stdout)["passed_out"] == [26]
    Path("sheet.txt").write_text("# nothing\n\n")
    one_line_error(run("match", "sheet.txt"), "the input is empty")


def test_match_refuses_a_passed_out_deal_after_the_end(game):
    Path("sheet.txt").write_text(SHEET + "pass\n")
    one_line_error(run("match", "sheet.txt", "--rule", "target=1000"), "line 7", "No deal can follow")
