"""The command line's errors in French: under ``COINCHE_LANG=fr`` bad input is one French
line on stderr (``erreur : ...``) and exit code 2, the options read in French included;
the package's own English strain letters are read in both languages."""

import json

import pytest

from cli_helpers import one_line_error, runner
from coinche_cli.main import app
from solver import notation
from solver.errors import CoincheError
from solver.messages import writing_in
from solver.rules import Strain

_LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", notation.ENV_VAR)


def _run(lang, *args):
    """``coinche ARGS`` with ``COINCHE_LANG=lang`` and no locale."""
    env = {**{name: None for name in _LOCALE_VARS}, notation.ENV_VAR: lang}
    return runner.invoke(app, [str(a) for a in args], env=env)


LEAD = ["lead", "7.AJ9.KT.J8", "--seat", "W", "--declarer", "S", "--samples", "3", "--seed", "1"]
LEAD_FR = ["lead", "7.AV9.R10.V8", "--seat", "O", "--declarer", "S", "--samples", "3", "--seed", "1"]


@pytest.mark.parametrize("args, english, french", [
    # a command's own check (cli/cmd_solve.py)
    (["solve", "example"], "--strain is required", "--strain est obligatoire"),
    # a usage check of cli/cmd_score.py
    (["score", "100H", "--by", "NS", "--points", "100", "--coinche", "--surcoinche"],
     "exclude each other", "s'excluent"),
    # a file that is not there (cli/records_io.py)
    (["table", "no-such-file.pbn"], "no such file", "fichier introuvable"),
    # a record file option of cli/files.py
    (["deal", "--count", "2", "--seed", "1", "--out", "deals.csv"], "expected a file name ending in",
     "il faut un nom de fichier finissant par"),
])
def test_bad_input_is_one_line_in_each_language(args, english, french, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    one_line_error(_run("en", *args), "error: ", english)
    one_line_error(_run("fr", *args), "erreur : ", french)
    assert not list(tmp_path.iterdir())         # nothing written


def test_options_read_in_french_fail_in_french():
    """An option read in the command's language (here --contract) is read inside the
    French block: its refusal is French, the same sentence the package writes."""
    with writing_in("fr"), notation.using(notation.FR), pytest.raises(CoincheError) as fr:
        Strain.parse("X")
    result = _run("fr", *LEAD_FR, "--contract", "100X")
    one_line_error(result, "erreur : ", str(fr.value))
    one_line_error(_run("en", *LEAD, "--contract", "100X"), "error: ", "'100X'")


@pytest.mark.parametrize("time, english, french", [
    ("abc", "expected seconds, such as 1.5, 1s or 500ms", "il faut des secondes, comme 1.5, 1s ou 500ms"),
    ("-1", "expected a time above 0", "il faut une durée au-dessus de 0"),
])
def test_a_bad_time_in_each_language(time, english, french):
    one_line_error(_run("en", *LEAD, "--contract", "100H", "--time", time), f"--time {time!r}", english)
    one_line_error(_run("fr", *LEAD_FR, "--contract", "100C", "--time", time), f"--time {time!r}", french)


def _lead(lang, hand_args, contract):
    r = _run(lang, *hand_args, "--contract", contract, "--json")
    assert r.exit_code == 0, (lang, contract, r.output)
    data = json.loads(r.stdout)
    data.pop("text", None)
    return data


@pytest.mark.parametrize("english, french", [
    ("100H", "100C"),       # C is cœur in French; H, hearts, is read too
    ("100S", "100P"),
    ("100D", "100K"),
    ("100SA", "100SA"),
    ("100NT", "100SA"),
    ("100AT", "100TA"),
])
def test_contract_letters_in_both_languages(english, french):
    """English letters are read in French too where French reads them not (H, S, D), and
    give the same answer as the French letter; C stays cœur in French."""
    want = _lead("en", LEAD, english)
    assert _lead("fr", LEAD_FR, french) == want
    assert _lead("fr", LEAD_FR, english) == want


def test_c_is_coeur_in_french_and_clubs_in_english():
    clubs, hearts = _lead("en", LEAD, "100C"), _lead("en", LEAD, "100H")
    assert clubs != hearts
    assert _lead("fr", LEAD_FR, "100C") == hearts


PLAY = ["play", "--seat", "S", "--contract", "100H", "--declarer", "N", "--leader", "W",
        "--samples", "4", "--seed", "1", "--json"]


def test_english_cards_french_does_not_read_are_read_in_french_too():
    """``HK`` reads nothing in French and the king of hearts in English: under French it
    is that king, as ``CR`` is; ``CA`` stays the ace of cœur (French reads it)."""
    runs = [_run(lang, *PLAY, "7.AJ9.KT.J8", "--played", played)
            for lang, played in (("en", "HK H8 D7"), ("fr", "HK H8 K7"), ("fr", "CR C8 K7"))]
    assert [r.exit_code for r in runs] == [0, 0, 0], [r.output for r in runs]
    english, mixed, french = (json.loads(r.stdout) for r in runs)
    assert mixed["played"] == french["played"] == english["played"] == ["HK", "H8", "D7"]
    assert mixed["cards"] == english["cards"]
    bad = _run("fr", *PLAY, "7.AJ9.KT.J8", "--played", "ZK H8")
    one_line_error(bad, "'ZK'", "rang inconnu")


def test_the_api_in_french_names_english_notation_it_refuses():
    """Under ``notation.using("fr")`` the API reads French only, and says when a refused
    card or strain is English notation."""
    from solver.cards import Card
    with notation.using("fr"), writing_in("en"):
        with pytest.raises(CoincheError, match=r"card 'HK' is English notation \(K♥\)"):
            Card.parse("HK")
        with pytest.raises(CoincheError, match=r"strain 'H' is English notation \(♥\)"):
            Strain.parse("H")
        with pytest.raises(CoincheError, match="unknown rank in card 'ZK'"):
            Card.parse("ZK")
        assert Card.parse("CA") is Card.HA


def test_suit_letters_of_the_constraints_in_both_languages():
    """A void given with the English letter H under French: the same deals as with C (cœur)."""
    args = ["advise", "--dealer", "N", "--samples", "3", "--seed", "2", "--json"]
    english = _run("en", *args, "7.AJ9.KT.J8", "--void", "N:S")
    assert english.exit_code == 0, english.output
    for letter in ("S", "P"):
        french = _run("fr", *args, "7.AV9.R10.V8", "--void", f"N:{letter}")
        assert french.exit_code == 0, french.output
        assert json.loads(french.stdout)["strains"] == json.loads(english.stdout)["strains"]


@pytest.mark.parametrize("args, english, french", [
    (["solve", "--bogus"], "No such option: --bogus", "pas d'option --bogus"),
    (["table", "example", "--format", "xml"], "(Possible options: --out)", "(options possibles : --out)"),
    (["score"], "Missing argument 'bid'.", "il manque l'argument 'bid'."),
    (["advise", "AJ9.A7.KT.J", "--samples", "abc"],
     "Invalid value for '--samples': expected a whole number (got 'abc')",
     "valeur refusée pour '--samples' : il faut un nombre entier (reçu 'abc')"),
    (["serve", "--port", "0"], "expected a number of at least 1 (got '0')",
     "il faut un nombre d'au moins 1 (reçu '0')"),
    (["advise", "AJ9.A7.KT.J", "--samples"], "Option '--samples' requires an argument.",
     "l'option '--samples' demande une valeur."),
    (["nosuch"], "No such command 'nosuch'.", "pas de commande 'nosuch'."),
    (["deal", "1", "2"], "Got unexpected extra argument(s) (1 2)", "argument(s) en trop (1 2)"),
    (["solve", "example", "--json", "--json"], "--json given 2 times", "--json donnée 2 fois"),
])
def test_usage_errors_click_finds_in_french(args, english, french):
    """The usage errors click and typer find before the command runs: one line, exit 2,
    in the language of COINCHE_LANG."""
    one_line_error(_run("en", *args), english)
    one_line_error(_run("fr", *args), french)


@pytest.mark.parametrize("args", [["--lang", "fr", "solve", "--bogus"], ["solve", "--bogus", "--lang=fr"],
                                  ["solve", "--bogus", "--lang", "fr"]])
def test_usage_errors_follow_lang_on_the_command_line(args):
    one_line_error(_run(None, *args), "erreur : pas d'option --bogus")


def test_a_refused_choice_in_french():
    """typer's own sentence for a value outside a choice, inside click's, in French."""
    from coinche_cli.errors import usage_message
    from typer._click.exceptions import BadParameter
    refused = BadParameter("'x' is not one of 'a', 'b'.", param_hint="'--mode'")
    with writing_in("fr"):
        said = usage_message(refused)
    assert said == "valeur refusée pour '--mode' : 'x' n'est pas l'une de 'a', 'b'."


def test_serve_speaks_french():
    """coinche serve's refusals and the lines saying where the board is, in French."""
    import contextlib
    import io
    from coinche_cli.cmd_serve import _say_where
    one_line_error(_run("fr", "serve", "--token", "x"), "erreur : --token 'x' : il faut au moins 8 caractères")
    stderr = io.StringIO()
    with writing_in("fr"), contextlib.redirect_stderr(stderr):
        _say_where("0.0.0.0", 8000, None, ["10.1.2.3"])
    assert stderr.getvalue().splitlines() == [
        "Le tableau d'analyse est à http://127.0.0.1:8000/ (Ctrl-C l'arrête)",
        "  depuis le réseau : http://10.1.2.3:8000/",
        "attention : quiconque atteint cette machine sur ses réseaux peut utiliser le tableau ; rien n'est "
        "chiffré, et il n'y a pas de mot de passe (--token)"]
