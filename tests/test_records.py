"""Game records: the format of docs/formats.md read and written, its JSON form and schema,
every error with its line, round trips on generated records, and a parser no input crashes."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solver
from solver import Contract, Deal, Record, RecordError, Rules, Seat, Team, read_records, write_records
from solver.errors import CoincheError
from solver.par import Call, CallKind
from solver.play import Position
from solver.auction import AuctionState as _AuctionState
from solver.records import SCHEMA_PATH, Section, format_records, parse_records
from solver.match import Match, parse_deal_line, record_score
from solver.scoring import score_deal

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_FILE = ROOT / "tests" / "data" / "records_example.pbn"
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


# -- the example of docs/formats.md ---------------------------------------------------

def test_the_docs_show_the_example_file():
    page = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    block = re.search(r"```text game.pbn\n(.*?)```", page, re.S).group(1)
    assert block == EXAMPLE_FILE.read_text(encoding="utf-8")


def test_the_example_file_reads():
    played, passed, analysed = read_records(EXAMPLE_FILE)
    assert played.dealer == Seat.E and played.leader == Seat.S and len(played.play) == 32
    assert played.contract == Contract.parse("100C N X")
    assert [c.kind for c in played.auction].count(CallKind.PASS) == 4
    # the declarers' points in the play: the parser checks them against [Result "145"]
    assert Position.parse(played.deal, "C", "S", Rules(), played.play).points == (145, 17)
    assert played.result == 145 and played.belote == Team.NS and played.score == (370, 20)
    assert played.section("Event").value == "Club evening"
    assert passed.passed and passed.contract is None and len(passed.auction) == 4
    assert analysed.rules == Rules(suit_ranking=True, declarations=True)
    assert analysed.contract == Contract.parse("110H S") and analysed.declarations == "NS:tierce"


def test_the_example_score_is_the_scoring_of_its_tags():
    played = read_records(EXAMPLE_FILE)[0]
    s = record_score(played)
    assert (s.ns_score, s.ew_score) == played.score


def test_round_trip_of_the_example():
    records = read_records(EXAMPLE_FILE)
    assert read_records(write_records(records)) == records
    assert [Record.from_dict(r.to_dict()) for r in records] == records
    for r in records:
        jsonschema.validate(r.to_dict(), SCHEMA)


def test_tolerant_of_crlf_bom_spaces_and_comments():
    text = EXAMPLE_FILE.read_text(encoding="utf-8")

    def mess(line: str) -> str:
        if not line.startswith("["):
            return line
        return "   " + line.replace(' "', '  \t"', 1).replace('"]', '" ]') + "  ; note"

    messy = "\ufeff" + "\r\n".join(mess(line) for line in text.split("\n"))
    assert parse_records(messy) == read_records(EXAMPLE_FILE)


def test_write_records_is_atomic(tmp_path, monkeypatch):
    path = tmp_path / "out.pbn"
    path.write_text("old")
    records = read_records(EXAMPLE_FILE)
    write_records(records, path)
    assert read_records(path) == records
    with pytest.raises(RecordError, match="not a record"):
        write_records([object()], path)

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)          # the last step fails: the old file stays
    with pytest.raises(OSError):
        write_records(records[:1], path)
    assert read_records(path) == records
    assert os.listdir(tmp_path) == ["out.pbn"]


# -- every error names its line ----------------------------------------------------------

DEAL = '[Deal "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"]'
PLAYED = f'[Dealer "E"]\n{DEAL}\n[Contract "100C"]\n[Declarer "N"]\n'

ERRORS = [
    ('[Dealer "Q"]', "line 1: [Dealer]: unknown seat 'Q'"),
    ('[Dealer "N"]\n[Deal "N:AK"]', "line 2: [Deal]: malformed deal 'N:AK'"),
    ('[Dealer "N"]\nstray', "line 2: [Dealer]: unexpected line 'stray'"),
    ('stray', "line 1: 'stray' before any tag pair"),
    ('[Dealer N]', "line 1: malformed tag pair '[Dealer N]'"),
    ('[Dealer "N"]\n{ never closed', "line 2: a comment opened with '{' is never closed"),
    ('[Dealer "N"]\n[dealer "E"]', "line 2: tag [dealer] given twice in one game (first on line 1)"),
    ('[Rules "no_such=1"]', "line 1: [Rules]: unknown rules option 'no_such'"),
    ('[Contract "100H"]', "line 1: [Contract]: contract '100H' without a [Declarer]"),
    ('[Contract "85H"]\n[Declarer "N"]', "line 1: [Contract]: bid level 85"),
    ('[Declarer "N"]', "line 1: [Declarer]: a declarer without a [Contract]"),
    ('[Dealer "N"]\n[Auction "S"]\nAP', "line 2: [Auction]: the auction starts with S"),
    ('[Auction "E"]\n80H\n70S', "line 3: [Auction]: call 2 (S): bid level 70"),
    ('[Auction "E"]\n80H 80S', "call 2 (S): bid '80S' does not overcall 80H"),
    ('[Auction "E"]\n80H Pass X', "call 3 (W): a coinche needs a standing bid of the opponents"),
    ('[Auction "E"]\n80H Pass XX', "call 3 (W): a surcoinche needs the bidders' contract coinched"),
    ('[Auction "E"]\n80H X Pass 90H', "call 4 (N): a bid after a coinche"),
    ('[Auction "E"]\nPass Pass Pass Pass Pass', "call 5 (E): a call after the end of the auction"),
    ('[Auction "E"]\n80H', "line 1: [Auction]: the auction '80H' is not over"),
    ('[Auction "E"]\n80H AP\n[Contract "90H"]\n[Declarer "E"]', "line 1: [Auction]: the auction ends in "
                                                                  "80♥ E, not in the [Contract] 90♥ E"),
    ('[Auction "E"]\nfoo', "line 2: [Auction]: call 1 (E): malformed bid 'foo'"),
    (PLAYED + '[Play "S"]\nSQ S7 SA S8 SK', "line 6: [Play]: trick 'SQ S7 SA S8 SK' has 5 cards"),
    (PLAYED + '[Play "S"]\nSQ S7\nSA S8', "line 6: [Play]: trick 'SQ S7' holds 2 of 4 cards: only the last"),
    (PLAYED + '[Play "S"]\nSQ S8', "line 6: [Play]: card 2 of the play: S8 is not in W's hand"),
    (PLAYED + '[Play "S"]\nSQ ZZ', "line 6: [Play]: card 2 of the play: unknown suit in card 'ZZ'"),
    (PLAYED + '[Play "N"]\nAK', "line 5: [Play]: N leads, but the seat after the dealer E leads"),
    (f'{DEAL}\n[Play "S"]\nSQ', "line 2: [Play]: a play needs the [Deal] and the [Contract]"),
    ('[Result "163"]', "line 1: [Result]: '163': expected a whole number from 0 to 162"),
    ('[Contract "Pass"]\n[Result "100"]', "line 2: [Result]: a result without a [Contract]"),
    ('[Belote "NE"]', "line 1: [Belote]: unknown"),
    ('[Declarations "NS:tierce,sixte"]', "line 1: [Declarations]: unknown declaration 'sixte'"),
    ('[Declarations "tierce"]', "line 1: [Declarations]: declarations 'tierce': expected SIDE:KIND"),
    ('[Score "220 40"]', "line 1: [Score]: score '220 40': expected NS <points> EW <points>"),
    ('[DoubleDummy "S"]\nS 10', "line 2: [DoubleDummy]: malformed line 'S 10'"),
    ('[OptimumPlay "S"]\nSQ 146', "line 2: [OptimumPlay]: malformed line 'SQ 146'"),
    ('[Par "500 0"]', "line 1: [Par]: score '500 0'"),
]


@pytest.mark.parametrize("text, message", ERRORS, ids=[m[:40] for _, m in ERRORS])
def test_errors_name_the_line(text, message):
    with pytest.raises(RecordError) as e:
        parse_records(text)
    assert message in str(e.value)


def test_a_full_play_must_agree_with_the_result():
    played = EXAMPLE_FILE.read_text(encoding="utf-8").split("\n\n")[1]
    with pytest.raises(RecordError, match=r"line \d+: \[Result\]: result 146, but the declarers take 145"):
        parse_records(played.replace('[Result "145"]', '[Result "146"]'))


def test_a_long_bad_value_is_quoted_at_most_80_characters():
    with pytest.raises(RecordError) as e:
        parse_records('[Deal "' + "x" * 500 + '"]')
    assert "x" * 81 not in str(e.value) and "..." in str(e.value)


def test_unknown_tags_are_kept_in_order():
    text = '[Zeta "1"]\n[Alpha "a \\"quoted\\" \\\\ value"]\nsome lines\nmore  lines\n'
    [r] = parse_records(text)
    assert r.sections == (Section("Zeta", "1"), Section("Alpha", 'a "quoted" \\ value',
                                                        ("some lines", "more lines")))
    assert parse_records(format_records([r])) == [r]


def test_auction_variants_follow_the_rules():
    # a bid after a coinche: only with contree; an equal level in a higher strain: suit_ranking
    assert parse_records('[Rules "contree=true"]\n[Auction "E"]\n80H X 90S AP')[0].auction[-1].kind == "pass"
    [r] = parse_records('[Rules "suit_ranking=true"]\n[Auction "E"]\n80H 80S AP\n[Contract "80S"]\n'
                        '[Declarer "S"]')
    assert r.contract == Contract.parse("80S S")
    with pytest.raises(RecordError, match="does not overcall"):
        parse_records('[Rules "suit_ranking=true"]\n[Auction "E"]\n80S 80H AP')


# -- generated records: round trips ------------------------------------------------------

RULES = [Rules(), Rules(suit_ranking=True), Rules(contree=True), Rules(capot_coinche=True, target=1000),
         Rules(sa_ta=False, must_undertrump=False)]


@st.composite
def records(draw) -> Record:
    rules = draw(st.sampled_from(RULES))
    deal = Deal.random(seed=draw(st.integers(0, 2**32)))
    dealer = draw(st.sampled_from(list(Seat)))
    state, calls, seat = _AuctionState(rules), [], dealer.next
    while not state.over:
        options = [Call(seat, CallKind.PASS)]
        if len(calls) < 12:
            options += [Call(seat, k) for k in (CallKind.COINCHE, CallKind.SURCOINCHE)]
            options += [Call(seat, CallKind.BID, level, strain) for level in (80, 90, 100, 120, 160, 250)
                        for strain in solver.Strain]
            options = [c for c in options if _legal(state, c)]
        call = draw(st.sampled_from(options))
        state.add(call)
        calls.append(call)
        seat = seat.next
    contract = state.contract()
    play: list = []
    result = None
    if contract is not None:
        pos = Position(deal, contract.strain, dealer.next, rules)
        for _ in range(draw(st.integers(0, 32))):
            card = draw(st.sampled_from(sorted(pos.legal_cards())))
            pos.play(card)
            play.append(card)
        result = pos.points[contract.team] if len(play) == 32 else draw(st.none() | st.integers(0, 162))
    name = st.from_regex(r"X[A-Za-z0-9_]{0,8}", fullmatch=True)
    value = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=20)
    word = st.from_regex(r"[A-Za-z0-9]{1,6}", fullmatch=True)
    line = st.lists(word, min_size=1, max_size=4).map(" ".join)
    sections = draw(st.lists(st.tuples(name, value, st.lists(line, max_size=3)), max_size=3,
                             unique_by=lambda s: s[0].lower()))
    return Record(deal, dealer, tuple(calls), contract, contract is None, dealer.next if contract else None,
                  tuple(play), result, draw(st.none() | st.sampled_from(list(Team))),
                  draw(st.none() | st.sampled_from(["NS:tierce", "EW:carre-J NS:quinte-K"])),
                  draw(st.none() | st.tuples(st.integers(0, 999), st.integers(0, 999))), rules,
                  tuple(Section(n, v, tuple(x)) for n, v, x in sections))


def _legal(state: _AuctionState, call: Call) -> bool:
    trial = _AuctionState(state.rules)
    trial.__dict__.update(state.__dict__)
    try:
        trial.add(call)
    except CoincheError:
        return False
    return True


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(records(), min_size=1, max_size=3))
def test_generated_records_round_trip(recs):
    text = write_records(recs)
    assert parse_records(text) == recs
    assert parse_records(text.replace("\n", "\r\n")) == recs
    for r in recs:
        obj = r.to_dict()
        jsonschema.validate(obj, SCHEMA)
        assert Record.from_dict(json.loads(json.dumps(obj))) == r


# -- no input crashes the parser ---------------------------------------------------------

TOKENS = ["[", "]", '"', "\\", "{", "}", ";", "%", "\n", "\r\n", " ", "\ufeff", "Deal", "Dealer", "Auction",
          "Play", "Contract", "Declarer", "Result", "Rules", "Score", "Belote", "Declarations", "DoubleDummy",
          "Par", "OptimumPlay", "N", "E", "S", "W", "AP", "Pass", "X", "XX", "80H", "capotS", "SA", "HT",
          "100", "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9", "target=1", "NS 1 EW 2", "-", "*"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TOKENS) | st.text(max_size=3), max_size=40).map("".join))
def test_no_input_crashes_the_parser(text):
    try:
        parse_records(text)
    except RecordError:
        pass
    except CoincheError as e:                    # only the project's errors, and they name the line
        pytest.fail(f"not a RecordError: {e!r}")


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_damaged_example_never_crashes_the_parser(data):
    lines = EXAMPLE_FILE.read_text(encoding="utf-8").split("\n")
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["drop", "double", "char"]))
        if op == "drop":
            del lines[i]
        elif op == "double":
            lines.insert(i, lines[i])
        elif lines[i]:
            j = data.draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:j] + data.draw(st.sampled_from(TOKENS[:12] + ["7", "Q"])) + lines[i][j + 1:]
    try:
        parse_records("\n".join(lines))
    except RecordError as e:
        assert re.match(r"line \d+: ", str(e)), e


# -- the match ---------------------------------------------------------------------------

def test_score_sheet_lines_are_the_scoring_of_their_words():
    rules = Rules(declarations=True)
    got = parse_deal_line("100H S 122 X belote=NS decl=EW:tierce # a comment", rules)
    want = score_deal(Contract.parse("100H S X"), 122, belote=[Team.NS], declarations=(0, 20), rules=rules)
    assert got == want
    assert parse_deal_line("capotS E 0 lost-capot", Rules(capot_any_side=True)) == score_deal(
        Contract.parse("capotS E"), 0, capot=Team.NS, rules=Rules(capot_any_side=True))
    assert parse_deal_line("pass") is None and parse_deal_line("  # nothing") is None


@pytest.mark.parametrize("line, message", [
    ("100H S", "expected CONTRACT DECLARER POINTS"),
    ("100H S 170", "card points 170"),
    ("100H Q 100", "unknown seat 'Q'"),
    ("100H S 100 belote", "unknown word 'belote'"),
    ("100H S 100 decl=NS:tierce", "these rules score none"),
])
def test_score_sheet_errors(line, message):
    with pytest.raises(CoincheError, match=message):
        parse_deal_line(line)


def test_a_tie_at_the_end_goes_to_the_last_deal_won():
    # 80H by N with 81 (plus_two=none: made): N-S 80 + 81 -> 160, E-W 81 -> 80; then the
    # same by E: both sides at 240, past the target of 200, E-W having won the last deal
    rules = Rules(plus_two="none", target=200)
    m = Match(rules)
    m.add(parse_deal_line("80H N 81", rules))
    assert not m.is_over and "goes on" in m.status()
    m.add(parse_deal_line("80H E 81", rules))
    assert m.scores == (240, 240) and m.winner == Team.EW
    assert m.status() == ("E-W win the match, 240 to 240 (target 200), the tie settled by the last deal "
                          "won (E-W), after 2 deals.")
