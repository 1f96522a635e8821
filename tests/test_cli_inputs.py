"""What every command does with the files and options it is given: a missing file, a
directory or a file of the wrong kind said as such; an empty input refused the same way
by every command; a bid read the same way everywhere; an option given twice refused;
what a command assumes said in its output."""

import json

import pytest

from cli_helpers import one_line_error, run

#: A played game as a record file (docs/formats.md).
RECORD = '[Deal "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"]\n[Dealer "W"]\n'

#: Each command that reads a deal argument or a file, with the rest of its arguments.
DEAL_COMMANDS = [
    ["table", "{}"],
    ["par", "{}"],
    ["review", "{}"],
    ["bidreview", "{}", "--samples", "1"],
]
#: What a deal command needs besides the deal when the deal is not a record file.
WITHOUT_RECORD = {"review": ["--strain", "C", "--played", "SQ"], "bidreview": ["--dealer", "N", "--auction",
                                                                               "S:80H"]}
FILE_COMMANDS = DEAL_COMMANDS + [
    ["batch", "{}"],
    ["solve", "--file", "{}"],
    ["match", "{}"],
]


def _with(args, name):
    return [a.replace("{}", str(name)) for a in args]


@pytest.mark.parametrize("args", FILE_COMMANDS, ids=lambda a: a[0])
def test_a_missing_file_and_a_directory_are_said_as_such(args, tmp_path):
    missing = tmp_path / "nosuch.pbn"
    one_line_error(run(*_with(args, missing)), "no such file", "nosuch.pbn")
    one_line_error(run(*_with(args, tmp_path)), "is a directory")


@pytest.mark.parametrize("args", DEAL_COMMANDS, ids=lambda a: a[0])
def test_a_deal_argument_naming_a_missing_or_wrong_file(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    one_line_error(run(*_with(args + WITHOUT_RECORD.get(args[0], []), "nosuch.txt")), "no such file",
                   "nosuch.txt")
    (tmp_path / "sheet.txt").write_text("100H S 122\n")
    one_line_error(run(*_with(args, "sheet.txt")), "not a record file", "sheet.txt")


@pytest.mark.parametrize("args", FILE_COMMANDS, ids=lambda a: a[0])
def test_an_empty_input_is_refused_by_every_command(args, tmp_path):
    """README.md: an input with nothing but blank lines and comments is bad input."""
    suffix, comment = (".pbn", "%") if args in DEAL_COMMANDS else (".txt", "#")
    for name, text in (("empty" + suffix, ""), ("comments" + suffix, comment + " a comment\n\n")):
        f = tmp_path / name
        f.write_text(text)
        r = run(*_with(args, f))
        one_line_error(r, "no ", name, "empty")
        assert r.stdout == ""


def test_the_other_files_commands_read(tmp_path):
    one_line_error(run("advise", "AJ9.A7.KT.J", "--dealer", "E", "--samples", "1", "--system", tmp_path),
                   "is a directory")
    one_line_error(run("advise", "AJ9.A7.KT.J", "--dealer", "E", "--samples", "1", "--system",
                       tmp_path / "nosuch.toml"), "no such file", "nosuch.toml")
    one_line_error(run("study", "show", tmp_path / "nosuch"), "no such directory")
    (tmp_path / "file").write_text("x")
    one_line_error(run("study", "show", tmp_path / "file"), "is a file, not a directory")


def test_a_record_file_still_reads(tmp_path):
    f = tmp_path / "game.pbn"
    f.write_text(RECORD)
    assert run("table", f, "--json").exit_code == 0


@pytest.mark.parametrize("bid", [["100H"], ["100", "H"], ["100h"], ["100", "♥"]])
def test_score_reads_a_bid_as_every_command_does(bid):
    # 122 card points for a 100 bid, not coinched: 122 + 100 = 222, rounded to 220 (docs/rules.md)
    r = run("score", *bid, "--by", "NS", "--points", "122", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["contract"] == "100H" and json.loads(r.stdout)["ns_score"] == 220
    french = run("score", "100C", "--by", "NS", "--points", "122", "--json", "--lang", "fr")
    assert json.loads(french.stdout)["contract"] == "100H"
    one_line_error(run("score", "100", "--by", "NS", "--points", "122"), "malformed bid")


@pytest.mark.parametrize("args, option", [
    (["review", "example", "--strain", "C", "--leader", "S", "--played", "SQ S7", "--played", "SA ST"],
     "--played"),
    (["solve", "example", "--strain", "C", "--strain", "H"], "--strain"),
    (["solve", "example", "--strain", "C", "--undertrump", "--no-undertrump"], "--undertrump"),
    (["table", "example", "--json", "--json"], "--json"),
    (["--lang", "fr", "--lang", "en", "solve", "example"], "--lang"),
    (["study", "run", "x", "--deals", "3", "--deals", "4"], "--deals"),
])
def test_an_option_given_twice_is_refused(args, option):
    one_line_error(run(*args), option, "2 times")


def test_repeatable_options_combine():
    r = run("solve", "example", "--strain", "C", "--leader", "S", "--rule", "must_undertrump=false",
            "--rule", "ta_table=j13", "--json")
    assert r.exit_code == 0, r.output


def test_advise_says_which_dealer_it_takes():
    r = run("advise", "AJ9.A7.KT.J", "--samples", "1", "--seed", "1")
    assert r.exit_code == 0 and r.stdout.startswith("No --dealer given: the advice takes N as the dealer")
    r = run("advise", "AJ9.A7.KT.J", "--samples", "1", "--seed", "1", "--dealer", "E")
    assert "--dealer" not in r.stdout
