"""Inputs the play, playout, review, practice, advise, table and par commands read as
every other command does: the contract with its X (``100H X``, ``100HX``) and its
declarer, the first leader from --leader and --dealer, a record file's own leader, a
card typed in the command's language, a system file."""

import json
import os

import pytest

from cli_helpers import one_line_error, run

#: A record file whose game has its own dealer (E: S leads).
RECORD = '[Dealer "E"]\n[Deal "E:T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 AK.K8.K8.A8"]\n'

PLAY = ["play", "7.AJ9.KT.J8", "--seat", "S", "--declarer", "N", "--samples", "2", "--seed", "1",
        "--workers", "1"]


@pytest.mark.parametrize("bid", ["100H X", "100HX", "100 H X"])
def test_play_reads_a_coinched_contract_beside_its_declarer(bid):
    r = run(*PLAY, "--contract", bid, "--leader", "W", "--played", "HK H8 D7")
    assert r.exit_code == 0, r.output
    assert "100♥ N X" in r.stdout


def test_playout_reads_the_record_form():
    args = ["playout", "example", "--leader", "S", "--worlds", "1", "--seed", "1", "--workers", "1", "--json"]
    plain, coinched = (run(*args, "--contract", bid) for bid in ("100C S", "100CX S"))
    assert coinched.exit_code == 0, coinched.output
    assert json.loads(coinched.stdout)["ns_score"] > json.loads(plain.stdout)["ns_score"]


def test_play_reads_the_example_deal_and_a_matching_leader_and_dealer():
    r = run("play", "J7.J97.T.T9", "--seat", "W", "--contract", "100C", "--declarer", "S", "--dealer", "S",
            "--leader", "W", "--deal", "example", "--samples", "2", "--seed", "1", "--workers", "1", "--json")
    assert r.exit_code == 0, r.output
    # W after dealer W is a contradiction for play as for solve
    for command in (PLAY + ["--contract", "100H"], ["solve", "example", "--strain", "H"]):
        r = run(*command, "--dealer", "W", "--leader", "W")
        one_line_error(r, "contradicts dealer 'W'")
        assert r.stdout == ""


def test_playout_leader_defaults_to_n_as_its_help_says():
    r = run("playout", "example", "--contract", "100C S", "--worlds", "1", "--seed", "1", "--workers", "1",
            "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["leader"] == "N"


def test_playout_refuses_a_seat_named_twice():
    r = run("playout", "example", "--contract", "100C S", "--players", "N=dd,n=pimc", "--worlds", "1")
    one_line_error(r, "'N=dd,n=pimc'", "N is named twice")
    assert r.stdout == ""


@pytest.mark.parametrize("command", [
    ["playout", "example", "--worlds", "1"],
    ["review", "example", "--from-seats", "--played", "SQ", "--samples", "1"],
])
def test_a_played_contract_needs_its_declarer(command):
    r = run(*command, "--contract", "100C")
    one_line_error(r, "contract '100C': name its declarer too")
    assert r.stdout == ""


def test_practice_reads_the_typed_card_in_french(tmp_path):
    rating = tmp_path / "r.json"
    r = run("--lang", "fr", "practice", "--count", "1", "--seed", "1", "--rating-file", rating, input="CA\nquit\n")
    assert r.exit_code == 0, r.output
    assert "ne peut pas être jouée" not in r.output
    assert "vous avez joué A♥" in r.stdout or "Juste : A♥" in r.stdout


def test_game_reads_the_typed_card_in_the_commands_language():
    # the card reader game and practice share: French VC is the jack of hearts (valet de
    # coeur), CA its ace; in English CA is the ace of clubs
    from coinche_cli.cmd_game import legal_card
    from coinche_cli.lang import _READING
    from solver import Card, notation

    legal = [Card.parse(c) for c in ("HJ", "CJ", "HA", "CA")]
    token = _READING.set(notation.FR)
    try:
        assert (legal_card("VC", legal), legal_card("CA", legal)) == (Card.parse("HJ"), Card.parse("HA"))
    finally:
        _READING.reset(token)
    assert legal_card("CA", legal) == Card.parse("CA")


def test_advise_says_nothing_on_stdout_when_its_input_is_bad():
    r = run("advise", "AJ9.A7.KT.J", "--seat", "S", "--samples", "5", "--known", "E:SA")
    one_line_error(r, "SA")
    assert r.stdout == ""


def test_advise_with_a_system_and_no_auction_advises_the_first_call(tmp_path):
    # a system gives the meaning of calls: without --auction, the advice is for the
    # auction's first call, E's with the default dealer N; S is told to give the calls
    system = tmp_path / "mine.toml"
    system.write_text('name = "mine"\n[[rules]]\nsituation = "raise"\nshows = { values = "steps" }\n')
    args = ["advise", "AJ9.A7.KT.J", "--samples", "2", "--seed", "1", "--workers", "1", "--json",
            "--system", system]
    r = run(*args, "--seat", "S")
    one_line_error(r, "without --auction", "E's after dealer N", "not S's", "--auction")
    one_line_error(run(*args[:-2], "--lookahead", "--seat", "S"), "without --auction", "not S's")
    assert r.stdout == ""
    r = run(*args, "--seat", "E")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["system"] == "mine"


@pytest.mark.parametrize("name, text", [("empty.toml", ""), ("comment.toml", "# nothing\n"),
                                        ("braces.json", "{}")])
def test_an_empty_system_file_is_refused(tmp_path, name, text):
    f = tmp_path / name
    f.write_text(text)
    r = run("advise", "AJ9.A7.KT.J", "--dealer", "E", "--samples", "1", "--system", f)
    one_line_error(r, "no bidding system", name, "empty")
    assert r.stdout == ""


@pytest.mark.parametrize("command, options, words", [
    (["table"], ["--dealer", "W"], ["game 1", "its own first leader, S", "--dealer 'W'"]),
    (["table"], ["--leader", "N"], ["game 1", "its own first leader, S", "--leader 'N'"]),
    (["par"], ["--dealer", "W"], ["game 1", "its own dealer, E", "--dealer 'W'"]),
    (["review"], ["--leader", "S"], ["--leader and --dealer come from the record file"]),
    (["review", "--from-seats"], ["--dealer", "E"], ["--leader and --dealer come from the record file"]),
])
def test_a_record_file_keeps_its_own_leader(tmp_path, command, options, words):
    f = tmp_path / "game.pbn"
    f.write_text(RECORD)
    r = run(command[0], f, *command[1:], *options)
    one_line_error(r, *words)
    assert r.stdout == ""
    if command[0] != "review":          # the file's own leader given again is no contradiction
        same = ["--dealer", "E"]
        assert run(command[0], f, *same, "--json").exit_code == 0


@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs a file whose reads fail")
def test_batch_reports_an_input_it_cannot_read_as_a_read_error(tmp_path):
    # /proc/self/mem opens but every read of it fails (EIO): the input's fault, not the output's
    out = tmp_path / "o.txt"
    for extra in ([], ["--out", out]):
        one_line_error(run("batch", "/proc/self/mem", "--workers", "1", "--no-progress", *extra),
                       "cannot read", "/proc/self/mem")
    assert not out.exists()


def test_selfplay_needs_two_deals_for_its_interval():
    r = run("selfplay", "--deals", "1", "--ns", "heuristic", "--ew", "random")
    assert r.exit_code == 2 and "--deals" in r.output
