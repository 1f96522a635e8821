"""Deals and matches at the table: a match from a seed, resumed from its records, duplicate,
and the ``game`` and ``selfplay`` commands fed from stdin."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from cli_helpers import one_line_error, run

from solver.auction import CallKind
from solver.bots import HeuristicBot, RandomBot
from solver.cards import Card, Seat
from solver.game import (DuplicateResult, Person, deal_for, dealer_for, duplicate, mean_ci, play_deal,
                         play_match)
from solver.records import read_records, write_records
from solver.rules import Rules
from patience import stretched

RULES = Rules(target=1000)


def _bots():
    return [HeuristicBot(), RandomBot(seed=1), HeuristicBot(), RandomBot(seed=3)]


@pytest.mark.parametrize("seed", [4, 17])       # seed 17: one of its five deals is passed out
def test_a_match_goes_to_the_target_with_the_dealer_rotating(seed):
    res = play_match(_bots(), RULES, seed=seed)
    m = res.match
    assert m.is_over and max(m.scores) >= 1000
    assert [r.dealer for r in res.records] == [dealer_for(Seat.N, i) for i in range(len(res.records))]
    assert res.sheet[-1][2:] == m.scores
    # every deal dealt is counted: scored, or passed out
    assert len(m.deals) + m.passed_out == len(res.records)
    assert m.passed_out == sum(r.passed for r in res.records)
    assert [r.deal for r in res.records] == [deal_for(seed, i) for i in range(len(res.records))]


def test_a_match_resumed_from_its_records_continues_exactly():
    full = play_match(_bots(), RULES, seed=6)
    assert len(full.records) > 2
    part = play_match(_bots(), RULES, seed=6, max_deals=2)
    saved = read_records(write_records(part.records))       # through the file format
    resumed = play_match(_bots(), RULES, seed=6, done=saved)
    assert [write_records([r]) for r in resumed.records] == [write_records([r]) for r in full.records]
    assert resumed.match.scores == full.match.scores
    assert resumed.match.passed_out == full.match.passed_out


def test_a_saved_match_of_another_seed_is_refused():
    import pytest
    from solver.game import GameError
    part = play_match(_bots(), RULES, seed=6, max_deals=1)
    with pytest.raises(GameError, match="saved deal 1"):
        play_match(_bots(), RULES, seed=7, done=part.records)


def test_duplicate_of_a_team_against_itself_is_level_on_every_deal():
    # the same deterministic bots at both tables: each deal's two results cancel exactly
    r = duplicate(4, 2, lambda s: HeuristicBot(), lambda s: HeuristicBot())
    assert r.diffs == (0.0,) * 4 and r.mean == (0.0, 0.0)


def test_a_person_is_asked_again_after_an_illegal_card():
    refused = []
    state = {"bad": 0}

    def ask_call(view):
        return next(c for c in view.legal_calls() if c.kind == CallKind.BID) if not view.auction.calls \
            or view.auction.next_seat == Seat.E and not any(c.seat == Seat.E for c in view.auction.calls) \
            else next(c for c in view.legal_calls() if c.kind == CallKind.PASS)

    def ask_card(view):
        legal = view.legal_cards()
        illegal = [c for c in view.remaining() if c not in legal]
        if illegal and state["bad"] < 3:
            state["bad"] += 1
            return illegal[0]
        return legal[0]

    person = Person(ask_call, ask_card, lambda v, why: refused.append(why))
    res = play_deal(deal_for(1, 0), Seat.N, [HeuristicBot(), person, HeuristicBot(), HeuristicBot()])
    assert len(res.record.play) == 32
    assert len(refused) == state["bad"] > 0


# -- the commands ------------------------------------------------------------------------

#: Answers for any prompt: a call prompt takes the first legal word (pass), a card prompt
#: the first legal card of the 32; everything else is refused with one line and asked again.
ANSWERS = "\n".join(["pass"] + [c.name for c in Card]) + "\n"


def test_game_plays_a_match_from_stdin(tmp_path):
    out = tmp_path / "m.pbn"
    r = run("game", "--seat", "S", "--partner", "heuristic", "--opponents", "heuristic", "--target", "300",
            "--seed", "3", "--review", "0", "--out", out, input=ANSWERS * 400)
    assert r.exit_code == 0, r.output
    assert "win the match" in r.stdout
    assert "error: " in r.stderr and "Traceback" not in r.output      # bad answers: a line and a new prompt
    recs = read_records(out.read_text())
    assert max(recs and (sum(x.score[0] for x in recs if x.score), sum(x.score[1] for x in recs if x.score))) >= 300


def test_game_in_french_and_a_refused_call():
    r = run("game", "--seat", "S", "--partner", "heuristic", "--opponents", "heuristic", "--seed", "3",
            "--review", "0", "--lang", "fr", input="80 pique\npasse\nquitter\n")
    assert r.exit_code == 0, r.output
    assert r.stderr.count("erreur : ") >= 1              # 80 ♠ is below the standing 80 ♦ (E opened)


def test_game_refuses_a_bad_bot():
    one_line_error(run("game", "--seat", "S", "--partner", "clever"), "clever")
    one_line_error(run("game", "--seat", "Q"), "Q")


def _play_until_deal_done(args, answers, env):
    proc = subprocess.Popen([sys.executable, "-m", "coinche_cli", *map(str, args)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    seen: list[str] = []
    reader = threading.Thread(target=lambda: seen.extend(iter(proc.stdout.readline, "")), daemon=True)
    reader.start()
    deadline = time.time() + 120
    while not any(line.startswith("Score:") for line in list(seen)) and time.time() < deadline:
        try:
            proc.stdin.write(answers)
            proc.stdin.flush()
        except BrokenPipeError:
            break
        time.sleep(0.2)
    return proc, seen


def test_ctrl_c_saves_the_match_and_resume_continues(tmp_path):
    env = {**os.environ, "COLUMNS": "100"}
    out = tmp_path / "m.pbn"
    args = ["game", "--seat", "S", "--partner", "heuristic", "--opponents", "heuristic", "--seed", "8",
            "--target", "2000", "--review", "0", "--out", out]
    proc, _ = _play_until_deal_done(args, "pass\n" + "\n".join(c.name for c in Card) + "\n", env)
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err
    saved = read_records(out.read_text())
    assert len(saved) >= 1 and saved[0].deal == deal_for(8, 0)
    again = tmp_path / "m2.pbn"
    r = run("game", "--seat", "S", "--partner", "heuristic", "--opponents", "heuristic", "--resume", out,
            "--review", "0", "--out", again, input=ANSWERS * 40 + "quit\n")
    assert r.exit_code == 0, r.output
    recs = read_records(again.read_text())
    assert [write_records([x]) for x in recs[:len(saved)]] == [write_records([x]) for x in saved]
    assert len(recs) > len(saved) and recs[len(saved)].deal == deal_for(8, len(saved))


def test_fewer_than_two_deals_have_no_interval():
    # one deal's mean has no confidence interval: NaN, as a standard error of one deal, and
    # null in the JSON, not an interval of width 0
    assert math.isnan(mean_ci([-120.0])[1]) and mean_ci([-120.0])[0] == -120.0
    assert all(math.isnan(x) for x in mean_ci([]))
    assert mean_ci([1.0, 3.0]) == (2.0, 1.96)
    d = DuplicateResult((-120.0,), (-40.0,), ()).to_dict()
    assert d == {"deals": 1, "mean_score_diff": -120.0, "ci95": None, "mean_point_diff": -40.0,
                 "point_ci95": None}


def test_selfplay_json():
    r = run("selfplay", "--deals", "3", "--ns", "heuristic", "--ew", "random", "--duplicate", "--seed", "1",
            "--workers", "1", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["deals"] == 3 and d["ci95"] >= 0 and d["duplicate"] is True
    one_line_error(run("selfplay", "--ns", "genius"), "genius")


def test_selfplay_on_dask_gives_the_local_workers_results(tmp_path):
    import pytest
    pytest.importorskip("distributed", reason="the Dask backend needs the dask extra: pip install -e '.[test]'")
    args = ["selfplay", "--deals", "4", "--ns", "heuristic", "--ew", "random", "--duplicate", "--seed", "2", "--json"]
    local = run(*args, "--workers", "2", "--out", tmp_path / "local.pbn")
    dask = run(*args, "--cluster", "local:2", "--out", tmp_path / "dask.pbn")
    assert local.exit_code == 0 and dask.exit_code == 0, local.output + dask.output
    assert json.loads(dask.stdout) == json.loads(local.stdout)
    assert (tmp_path / "dask.pbn").read_text() == (tmp_path / "local.pbn").read_text()
    one_line_error(run(*args, "--cluster", "local:0"), "local:0")
    one_line_error(run(*args, "--cluster", "local:2", "--scheduler", "tcp://h:1"), "exclude")


def _process_state(pid: int) -> str:
    """Where a process that did not end waits, from /proc (its threads' states and kernel waits)."""
    lines = []
    for task in sorted(os.listdir(f"/proc/{pid}/task")) if os.path.isdir(f"/proc/{pid}/task") else []:
        try:
            with open(f"/proc/{pid}/task/{task}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            with open(f"/proc/{pid}/task/{task}/wchan") as f:
                lines.append(f"{task} {state} {f.read()}")
        except OSError:
            pass
    return "; ".join(lines) or "gone"


def test_game_under_a_terminal_refuses_a_typo_and_stops_on_ctrl_c(tmp_path):
    import fcntl
    import pty
    import select
    import termios
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "coinche_cli", "game", "--seat", "E", "--partner", "heuristic",
                             "--opponents", "heuristic", "--seed", "3", "--review", "0"],
                            stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
                            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),   # the terminal is its own
                            env={**os.environ, "COLUMNS": "100"})
    os.close(slave)
    seen = b""

    def wait_for(text: bytes, timeout: float = 60) -> None:
        nonlocal seen
        end = time.time() + timeout
        while text not in seen and time.time() < end:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    seen += os.read(master, 4096)
                except OSError:
                    break
        assert text in seen, seen.decode(errors="replace")

    try:
        wait_for(b"Your call")
        before = seen.count(b"Your call")
        os.write(master, b"hundred hearts\n")
        wait_for(b"error: ")
        end = time.time() + 30
        while seen.count(b"Your call") == before and time.time() < end:      # asked again
            if select.select([master], [], [], 0.2)[0]:
                seen += os.read(master, 4096)
        assert seen.count(b"Your call") > before
        os.write(master, b"\x03")                       # Ctrl-C typed at the terminal
        end = time.time() + stretched(30)
        reading = True
        while proc.poll() is None and time.time() < end:    # a terminal keeps showing the output
            if not reading:
                time.sleep(0.05)
            elif select.select([master], [], [], 0.2)[0]:
                try:
                    seen += os.read(master, 4096)
                except OSError:                            # the process closed the terminal
                    reading = False
        assert proc.poll() == 130, (_process_state(proc.pid), seen.decode(errors="replace")[-2000:])
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert b"Traceback" not in seen


def test_declarations_score_as_the_record_reads_them():
    # oracle: the match module's scoring of the record read back from its text; among
    # these 40 deals one holds equal tierces, a trump one beating a plain one, which the
    # record's words (no suit) could not settle if both sides' were written
    from solver.match import record_score
    rules = Rules(declarations=True)
    shown = 0
    for n in range(40):
        res = play_deal(deal_for(9, n), Seat(n % 4), [HeuristicBot()] * 4, rules)
        if res.record.contract is None:
            continue
        shown += bool(res.record.declarations)
        s = record_score(read_records(write_records([res.record]))[0])
        assert (s.ns_score, s.ew_score) == res.scores, res.record.declarations
    assert shown > 10


class _Watcher(HeuristicBot):
    """The heuristic bot, noting how many cards were played each time it saw shown cards."""

    def __init__(self) -> None:
        super().__init__()
        self.seen_at: list[int] = []

    def card(self, view):
        if view.shown:
            self.seen_at.append(len(view.played))
        return super().card(view)


def test_declared_cards_are_shown_from_the_second_trick():
    # the rules (docs/rules.md, declarations): announced during the first trick, shown when
    # the second begins; seed 9 of deal_for holds declarations in more than ten of 40 deals
    rules = Rules(declarations=True)
    watchers = [_Watcher() for _ in Seat]
    shown_deals = 0
    for n in range(12):
        res = play_deal(deal_for(9, n), Seat(n % 4), watchers, rules)
        shown_deals += bool(res.record.contract is not None and res.record.declarations)
    seen = [k for w in watchers for k in w.seen_at]
    assert shown_deals and seen
    assert min(seen) >= 4


def _saved_match(tmp_path, max_deals=None):
    """A match of seed 4 to 1000 (RULES), as play_match writes it: each deal with its
    [Rules "target=1000"] and [MatchSeed "4"]."""
    res = play_match(_bots(), RULES, seed=4, max_deals=max_deals)
    path = tmp_path / "saved.pbn"
    path.write_text(write_records(res.records))
    return path, res


GAME = ["game", "--seat", "S", "--partner", "heuristic", "--opponents", "heuristic", "--review", "0"]


def test_a_finished_saved_match_is_refused_not_played_on(tmp_path):
    """The saved match reached its target of 1000 (its [Rules]): resuming it, with no
    --target or --rule, must not play on toward the default 2000."""
    path, res = _saved_match(tmp_path)
    assert res.match.is_over and max(res.match.scores) >= 1000 and res.match.status() != ""
    r = run(*GAME, "--resume", path, input="quit\n")
    one_line_error(r, "saved.pbn", "over", res.match.status())
    assert "Match to 2000" not in r.stdout


def test_a_resumed_match_keeps_its_rules_and_refuses_others(tmp_path):
    path, res = _saved_match(tmp_path, max_deals=1)
    assert not res.match.is_over
    r = run(*GAME, "--resume", path, input="quit\n")
    assert r.exit_code == 0, r.output
    assert "Match to 1000" in r.stdout                  # the file's target, not the default 2000
    for same in (["--target", "1000"], ["--rule", "target=1000"]):
        r = run(*GAME, "--resume", path, *same, input="quit\n")
        assert r.exit_code == 0 and "Match to 1000" in r.stdout, r.output
    one_line_error(run(*GAME, "--resume", path, "--target", "2000"), "--target 2000", "target=1000")
    one_line_error(run(*GAME, "--resume", path, "--rule", "target=1500"), "'target=1500'", "target=1000")
    one_line_error(run(*GAME, "--resume", path, "--rule", "suit_ranking=true"), "'suit_ranking=true'",
                   "suit_ranking=false")
    one_line_error(run(*GAME, "--resume", path, "--rule", "nonsense=1"), "nonsense")
    # a saved file whose second deal is under other rules is no one match
    two, _ = _saved_match(tmp_path, max_deals=2)
    text = two.read_text()
    cut = text.index('[Rules "target=1000"]', text.index('[Rules "target=1000"]') + 1)
    two.write_text(text[:cut] + '[Rules "target=1500"]' + text[cut + len('[Rules "target=1000"]'):])
    one_line_error(run(*GAME, "--resume", two), "saved.pbn", "one set of rules")


def test_play_match_refuses_saved_deals_played_under_other_rules(tmp_path):
    import pytest
    from solver.game import GameError
    part = play_match(_bots(), RULES, seed=6, max_deals=1)
    with pytest.raises(GameError, match="other rules"):
        play_match(_bots(), Rules(), seed=6, done=part.records)
