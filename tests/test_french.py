"""French notation in and out: cards, suits and bids read in each language (and refused
where the two read differently and no language is set), and the README's example
commands run in English and in French with French input, giving the same answers."""

import ast
import json
import re
import shlex
from pathlib import Path

import pytest

from cli_helpers import one_line_error, run, runner
from coinche_cli.main import app
from solver import notation
from solver.cards import Card, CardSet, Seat, Suit
from solver.contract import Contract
from solver.errors import CoincheError, ConstraintError
from solver.messages import writing_in
from solver.match import record_score
from solver.records import RecordError, parse_records, read_records
from solver.rules import Strain
from solver.sampling import Constraints, sample_deals
from test_records import ERRORS as RECORD_ERRORS

README = Path(__file__).resolve().parent.parent / "README.md"
EXAMPLE_RECORDS = Path(__file__).resolve().parent / "data" / "records_example.pbn"


@pytest.mark.parametrize("text, en, fr", [
    ("CA", "CA", "HA"),        # C: clubs in English, cœur in French
    ("C7", "C7", "H7"),
    ("HT", "HT", None),        # no H suit and no T rank in French
    ("PA", None, "SA"),        # pique
    ("KA", None, "DA"),        # carreau
    ("TA", None, "CA"),        # trèfle
    ("VT", None, "CJ"),        # valet de trèfle
    ("10P", None, "ST"),
    ("DK", "DK", "DQ"),        # diamond king in English, dame de carreau in French
    ("R♦", "DK", "DK"),        # a symbol and R read the same in both
    ("10♥", "HT", "HT"),
    ("V♥", "HJ", "HJ"),
])
def test_cards_in_each_language(text, en, fr):
    for lang, want in ((notation.EN, en), (notation.FR, fr)):
        with notation.using(lang):
            if want is None:
                with pytest.raises(CoincheError):
                    Card.parse(text)
            else:
                assert Card.parse(text).name == want
    with notation.using(notation.AUTO):
        if en is not None and (fr is None or fr == en):
            assert Card.parse(text).name == en
        else:
            with pytest.raises(CoincheError, match="French|in English but"):
                Card.parse(text)


def test_suits_strains_bids_and_hands():
    with notation.using(notation.FR):
        assert [Suit.parse(x) for x in "PCKT"] == [Suit.S, Suit.H, Suit.D, Suit.C]
        assert Strain.parse("C") == Strain.H and Strain.parse("SA") == Strain.SA
        assert str(Contract.parse("80 cœur")) == "80♥ N" and str(Contract.parse("100T O")) == "100♣ W"
    with notation.using(notation.AUTO):
        with pytest.raises(CoincheError, match="strain 'C' reads ♣ in English but ♥ in French"):
            Contract.parse("100C")
        assert Strain.parse("pique") == Strain.S and Seat.parse("O") == Seat.W
    assert CardSet.from_pbn("AV9.A7.R10.V") == CardSet.from_pbn("AJ9.A7.KT.J")


def test_a_french_locale_reads_french_only_when_asked(monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")       # the locale alone never makes input French
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv(notation.ENV_VAR, raising=False)
    args = ["play", "7.AJ9.KT.J8", "--seat", "S", "--contract", "100H", "--declarer", "N", "--leader", "W",
            "--samples", "3", "--seed", "1"]
    assert run(*args, "--played", "HK H8 C7").exit_code == 0           # 7 of clubs
    one_line_error(run(*args, "--played", "CR C8 K7"), "notation française", "--lang fr")   # French out
    french = [("100C" if a == "100H" else a) for a in args]
    assert run(*french, "--played", "CR C8 K7", "--lang", "fr").exit_code == 0
    monkeypatch.setenv(notation.ENV_VAR, "fr")
    assert run(*french, "--played", "CR C8 K7").exit_code == 0


# -- the README's example commands, in both languages --------------------------------

_SUIT_FR = {"S": "P", "H": "C", "D": "K", "C": "T"}
_RANK_FR = {"K": "R", "Q": "D", "J": "V", "T": "10"}
#: The options whose cards and strains are written in French below.
_FRENCH_OPTIONS = {"--played", "--strain", "--contract", "--auction"}


def _french(value: str) -> str:
    """Cards (``SA``), strains (``H``) and bids (``80H``) of an option in French notation."""
    def card(m):
        return _SUIT_FR[m.group(1)] + _RANK_FR.get(m.group(2), m.group(2))

    value = re.sub(r"\b([SHDC])([AKQJT987])\b", card, value)
    value = re.sub(r"\b(\d+)([SHDC])\b", lambda m: m.group(1) + _SUIT_FR[m.group(2)], value)
    return re.sub(r"(?<![:\w])([SHDC])\b(?!:)", lambda m: _SUIT_FR[m.group(1)], value) \
        if len(value) <= 2 else value


def _readme_commands() -> list[list[str]]:
    """The README's example commands that need no file of their own."""
    out = []
    for cmd in re.findall(r"\| `coinche ([^`]+)`", README.read_text(encoding="utf-8")):
        args = shlex.split(cmd)
        if args[0] in ("serve", "study", "batch", "match") or any(a.endswith((".txt", ".pbn")) for a in args):
            continue
        out.append(args)
    return out


def _in_french(args: list[str]) -> list[str]:
    out = list(args)
    for i, a in enumerate(args[:-1]):
        if a in _FRENCH_OPTIONS:
            out[i + 1] = _french(args[i + 1])
    if out[0] == "score":
        out[1] = _french(out[1])
    return out


#: English words that must not be left in French output.
_ENGLISH = re.compile(r"\b(the|deals|leads|makes|Double dummy|to play|Trumps|Review|Auction|Tricks|"
                      r"average|Value|Optimal|every|points on)\b")


def _quick(args: list[str]) -> list[str]:
    """Fewer samples and worlds, so that the suite stays fast (the answers stay comparable)."""
    out = list(args)
    for opt, n in (("--samples", "8"), ("--worlds", "3")):
        if opt in out:
            out[out.index(opt) + 1] = n
    if out[0] in ("advise", "lead", "play", "bidreview", "playout", "review") and "--seed" not in out:
        out += ["--seed", "1"]
    if "--play" in out:
        out += ["--realistic-samples", "2"]
    return out


@pytest.mark.parametrize("args", _readme_commands(), ids=lambda a: " ".join(a[:2]))
def test_readme_commands_in_english_and_in_french(args):
    english = run(*_quick(args), "--lang", "en")
    french = run(*_quick(_in_french(args)), "--lang", "fr")
    assert english.exit_code == 0, english.output
    assert french.exit_code == 0, (_in_french(args), french.output)
    words = _ENGLISH.findall(french.stdout)
    assert not words, (words, french.stdout)
    assert french.stdout != english.stdout
    numbers = re.compile(r"[-+]?\d+")
    if args[0] in ("table", "solve", "review", "show", "score", "par"):       # exact answers: the same
        assert numbers.findall(english.stdout) == numbers.findall(french.stdout) or args[0] == "score"


def test_json_is_the_same_in_both_languages():
    """Machines read JSON: French input gives the same keys and values (texts apart)."""
    en = run("play", "7.AJ9.KT.J8", "--seat", "S", "--contract", "100H", "--declarer", "N", "--leader", "W",
             "--played", "HK H8 D7", "--samples", "5", "--seed", "1", "--json", "--lang", "en")
    fr = run("play", "7.AV9.R10.V8", "--seat", "S", "--contract", "100C", "--declarer", "N", "--leader", "O",
             "--played", "CR C8 K7", "--samples", "5", "--seed", "1", "--json", "--lang", "fr")
    a, b = json.loads(en.stdout), json.loads(fr.stdout)
    assert a.pop("text") != b.pop("text")
    assert a == b


# -- errors in the output language ---------------------------------------------------

def _french_run(*args):
    """``coinche ARGS`` with ``COINCHE_LANG=fr``: French notation in, French out."""
    return runner.invoke(app, [str(a) for a in args], env={notation.ENV_VAR: "fr", "LANG": None, "LC_ALL": None})


def test_a_sampling_refusal_in_french_on_the_command_line():
    """A length constraint the hand leaves no room for: solver.sampling's refusal, the
    same sentence the package writes under writing_in("fr")."""
    with writing_in("fr"), pytest.raises(ConstraintError) as fr:
        sample_deals("7.AJ9.KT.J8", "S", 3, constraints=Constraints(lengths={"N:H": (6, 8)}))
    with pytest.raises(ConstraintError) as en:
        sample_deals("7.AJ9.KT.J8", "S", 3, constraints=Constraints(lengths={"N:H": (6, 8)}))
    assert "seules 5 cartes à ♥ sont hors de vue de S" in str(fr.value)
    assert "only 5 ♥ are unseen by S" in str(en.value)
    args = ["advise", "--dealer", "N", "--samples", "3"]
    one_line_error(_french_run(*args, "7.AV9.R10.V8", "--length", "N:C:6-8"), str(fr.value))
    one_line_error(run(*args, "7.AJ9.KT.J8", "--length", "N:H:6-8"), str(en.value))


def test_a_record_refusal_in_french_on_the_command_line(tmp_path):
    """A tag given twice in one game of a record file (tests/data/records_example.pbn with
    its first Board tag doubled): solver.records' refusal in French, line numbers kept."""
    bad = tmp_path / "bad.pbn"
    bad.write_text(EXAMPLE_RECORDS.read_text(encoding="utf-8").replace('[Board "1"]', '[Board "1"]\n[Board "1"]', 1),
                   encoding="utf-8")
    with writing_in("fr"), pytest.raises(RecordError) as fr:
        read_records(bad)
    assert "étiquette [Board] donnée deux fois" in str(fr.value)
    one_line_error(_french_run("table", bad), str(fr.value))
    one_line_error(run("table", bad), "tag [Board] given twice in one game")


def _refusal(read, *args) -> str:
    with pytest.raises(CoincheError) as e:
        read(*args)
    return str(e.value)


def test_notation_refusals_in_each_language():
    """solver.notation's refusals in the output language: a text that reads differently
    in English and in French, French suit letters read without the French setting (the
    cards named in the output language: K♦ is R♦ in French), a language neither en nor fr."""
    with notation.using(notation.AUTO):
        assert _refusal(Card.parse, "DK") == ("card 'DK' reads K♦ in English but Q♦ in French: "
                                              "set the language (--lang en or --lang fr)")
        assert _refusal(Suit.parse, "P") == ("suit 'P' is French notation (♠): French suit letters P C K T "
                                             "need the French setting (--lang fr, or COINCHE_LANG=fr)")
        with writing_in("fr"):
            assert _refusal(Card.parse, "DK") == ("carte 'DK' se lit R♦ en anglais mais D♦ en français : "
                                                  "choisissez la langue (--lang en ou --lang fr)")
            assert _refusal(Card.parse, "PV") == (
                "carte 'PV' est en notation française (V♠) : les lettres françaises des couleurs, P C K T, "
                "demandent le réglage français (--lang fr, ou COINCHE_LANG=fr)")
            assert _refusal(Strain.parse, "C").startswith("atout 'C' se lit ♣ en anglais mais ♥ en français")
            assert _refusal(Suit.parse, "P").startswith("couleur 'P' est en notation française (♠)")
    assert _refusal(notation.chosen, "de") == "language 'de': expected en or fr"
    assert _refusal(notation.chosen, None, {notation.ENV_VAR: "x"}) == "COINCHE_LANG 'x': expected en or fr"
    with writing_in("fr"):
        assert _refusal(notation.chosen, "de") == "langue 'de' : il faut en ou fr"
        assert _refusal(notation.chosen, None, {notation.ENV_VAR: "x"}) == "COINCHE_LANG 'x' : il faut en ou fr"


#: English words that no French refusal of a record file keeps (the tag names apart).
_ENGLISH_IN_RECORDS = re.compile(r"\b(line|the|expected|without|but|has|cards|needs|not|of|unknown|"
                                 r"malformed|call|trick|given|before|is)\b")


@pytest.mark.parametrize("text, english", RECORD_ERRORS, ids=[m[:40] for _, m in RECORD_ERRORS])
def test_record_refusals_in_french(text, english):
    """Each refusal of tests/test_records.py's list, French whole under writing_in("fr"):
    the line and tag around the message too, the line numbers kept."""
    with pytest.raises(RecordError) as en:
        parse_records(text)
    with writing_in("fr"), pytest.raises(RecordError) as fr:
        parse_records(text)
    assert english in str(en.value)
    line = re.match(r"line (\d+): ", str(en.value))
    assert line and str(fr.value).startswith(f"ligne {line.group(1)} : "), str(fr.value)
    if re.match(r"line \d+: \[", str(en.value)):
        assert re.match(r"ligne \d+ : \[\w+\] : ", str(fr.value)), str(fr.value)
    assert not _ENGLISH_IN_RECORDS.findall(str(fr.value)), str(fr.value)


def test_the_tag_prefix_and_the_record_messages_in_each_language():
    text = '[Auction "E"]\n80H AP\n[Contract "90H"]\n[Declarer "E"]'
    assert _refusal(parse_records, text) == "line 1: [Auction]: the auction ends in 80♥ E, not in the [Contract] 90♥ E"
    with writing_in("fr"):
        assert _refusal(parse_records, text) == ("ligne 1 : [Auction] : les enchères finissent sur 80♥ E, "
                                                 "pas sur le [Contract] 90♥ E")
    passed = '[Auction "E"]\nPass Pass Pass Pass\n[Contract "90H"]\n[Declarer "E"]'
    assert _refusal(parse_records, passed) == ("line 1: [Auction]: the auction is passed out, but the [Contract] "
                                               "is 90♥ E")
    [game] = parse_records('[Contract "100H"]\n[Declarer "N"]')      # a contract without its result
    assert _refusal(record_score, game) == "game at line 1: contract 100♥ N without a [Result]"
    with writing_in("fr"):
        assert _refusal(record_score, game) == "partie de la ligne 1 : contrat 100♥ N sans [Result]"


def test_a_study_predicate_refusal_in_each_language():
    """A dot after a word that names no seat, in a study's predicate (solver.studyquery)."""
    from solver.studyquery import predicate
    assert _refusal(predicate, "x.trumps > 2").startswith(
        "predicate 'x.trumps > 2': a dot after anything but N E S W seat partner")
    with writing_in("fr"):
        assert _refusal(predicate, "x.trumps > 2").startswith(
            "condition 'x.trumps > 2' : un point après autre chose que N E S W seat partner")


def test_a_match_refusal_in_french_on_the_page():
    """The board's match API answers in the request's language (Accept-Language: fr):
    solver.web.match's refusals, and the validator's rarer ones."""
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient
    from solver.problems import load_problems
    from solver.web import create_app
    fr = {"accept-language": "fr-FR,fr;q=0.9"}
    with TestClient(create_app()) as client:
        def answer(path, headers=None, **body):
            r = client.post(path, json={"seed": 7, **body}, headers=headers or {})
            return r.status_code, r.json()["error"]

        assert answer("/api/match/bot", fr, deals=[{"calls": "pass"}]) == (400, "c'est à vous de jouer (S), pas à un robot")
        assert answer("/api/match/bot", deals=[{"calls": "pass"}]) == (400, "it is your turn (S), not a bot's")
        status, said = answer("/api/match", fr, deals=[{"calls": "pass"}, {}])
        assert status == 400 and said.startswith("la donne 1 n'est pas finie")
        # the validator's rarer types: a float out of range, a bot not in the list
        learner = {"rating": 5000, "deviation": 50, "volatility": 0.06}
        bid = next(p for p in load_problems() if p.kind == "bidding")
        r = client.post("/api/practice/set/bidding/answer",
                        json={"id": bid.id, "call": "pass", "learner": learner}, headers=fr)
        assert (r.status_code, r.json()["error"]) == (422, "learner.rating : il faut un nombre inférieur à 4000 (reçu '5000')")
        r = client.post("/api/match", json={"seed": 7, "partner": "zz"}, headers=fr)
        assert r.status_code == 422 and r.json()["error"].startswith("partner : il faut un de 'pimc'")
        assert " or " not in r.json()["error"]
        r = client.post("/api/table", content=b"{not json", headers={**fr, "content-type": "application/json"})
        assert (r.status_code, r.json()["error"]) == (422, "requête : pas du JSON (illisible au caractère 1)")


# -- no English f-string left where an error is raised ----------------------------------

ROOT = README.parent

#: Raise sites whose text is for programmers, never shown to a player: the exception
#: classes, and why.
FOR_PROGRAMMERS = {
    "AttributeError": "assigning to an immutable value (solver.cards.Immutable) is a bug in the caller's code",
    "AssertionError": "a branch that cannot be reached; the message is for the maintainer",
}

#: Modules whose raise sites still build English f-strings: they are yet to be put
#: through the catalogue; the list may only shrink (a module made clean leaves it).
PENDING: set[str] = set()


def _english_raise_lines(source: str) -> list[str]:
    """The raise sites of ``source`` whose message is a bare string or f-string (not tr())."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args):
            continue
        first, func = node.exc.args[0], node.exc.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        text = isinstance(first, ast.JoinedStr) or (isinstance(first, ast.Constant) and isinstance(first.value, str))
        if text and name not in FOR_PROGRAMMERS:
            lines.append(f"line {node.lineno}")
    return lines


def _english_raises() -> dict[str, list[str]]:
    """Module -> its raise sites whose message is a bare string or f-string (not tr())."""
    found: dict[str, list[str]] = {}
    for path in sorted([*ROOT.joinpath("solver").rglob("*.py"), *ROOT.joinpath("cli").rglob("*.py")]):
        lines = _english_raise_lines(path.read_text(encoding="utf-8"))
        if lines:
            found[path.relative_to(ROOT).as_posix()] = lines
    return found


def test_the_scan_finds_english_raises():
    """The scan the two tests below rely on: a scan that found nothing would pass them."""
    source = ('raise ValueError(f"bad {x}")\n'
              'raise fail("bad")\n'
              'raise ValueError(tr("bad {x}", x=x))\n'
              'raise AssertionError(f"cannot happen: {x}")\n')
    assert _english_raise_lines(source) == ["line 1", "line 2"]


def test_no_english_f_string_is_raised_outside_the_pending_modules():
    left = {m: lines for m, lines in _english_raises().items() if m not in PENDING}
    assert not left, f"write these messages through solver.messages.tr: {left}"


def test_the_pending_list_holds_no_clean_module():
    found = _english_raises()
    clean = sorted(PENDING - set(found))
    assert not clean, f"these modules raise no English f-string now: remove them from PENDING: {clean}"


def _sentences_in(call: ast.Call) -> list[ast.expr]:
    """The English text among a call's arguments at any depth, those inside tr() and N_()
    apart: f-strings with a letter, string literals with words (a dictionary key is one word)."""
    found: list[ast.expr] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("tr", "N_"):
            return
        if isinstance(node, ast.JoinedStr):
            if any(isinstance(v, ast.Constant) and any(c.isalpha() for c in v.value) for v in node.values):
                found.append(node)
            return
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and " " in node.value.strip():
            found.append(node)
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    for arg in [*call.args, *(k.value for k in call.keywords)]:
        visit(arg)
    return found


def test_the_library_raises_no_english_sentence_through_a_helper():
    """The library's raise sites (solver/), past their first argument: a sentence built
    inside a helper's call (``raise _fail(tag, f"...")``, ``raise bad("..." + x)``)."""
    assert [ast.unparse(s) for s in _sentences_in(ast.parse('f(t, f"bad {x}", tr("ok {y}", y="a b"), "x" + "c d")')
                                                  .body[0].value)] == ["f'bad {x}'", "'c d'"]
    left = []
    for path in sorted(ROOT.joinpath("solver").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) \
                    and getattr(node.exc.func, "id", "") not in FOR_PROGRAMMERS:
                left += [f"{path.relative_to(ROOT)}:{node.lineno}" for _ in _sentences_in(node.exc)]
    assert not left, f"write these messages through solver.messages.tr: {left}"
