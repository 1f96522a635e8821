"""Input means the same on every machine: the README's example commands give the same
JSON under a French locale, an English one and none; French notation is read only when
asked for (``--lang fr``, before or after the command, or ``COINCHE_LANG=fr``), and the
locale chooses the output's language only.

The locale is read from the environment variables (``LC_ALL``, ``LC_MESSAGES``,
``LANG``), as Python's own locale detection does, so these tests set the variables and
need no French locale installed on the machine."""

import json
import os
import re
import subprocess
import sys

import pytest

from cli_helpers import one_line_error, run, runner
from coinche_cli.main import app
from solver import notation
from test_french import _quick, _readme_commands

_LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", notation.ENV_VAR)
#: The environments compared: a French locale, an English one (C.UTF-8) and none at all.
LOCALES = {
    "fr_FR": {"LANG": "fr_FR.UTF-8"},
    "C.UTF-8": {"LANG": "C.UTF-8"},
    "none": {},
}


def _env(extra: dict) -> dict:
    """CliRunner's env: every locale variable unset but those of ``extra``."""
    return {**{name: None for name in _LOCALE_VARS}, **extra}


#: Counts of work done, which a solver warm from an earlier run in the same process lowers.
_WORK = {"nodes"}


def _numbers(data):
    """``data`` with each string reduced to the numbers in it: the JSON's sentences (``text``,
    ``steps``, ``reason``) are written in the output language, their numbers are the same."""
    if isinstance(data, dict):
        return {k: _numbers(v) for k, v in data.items() if k not in _WORK}
    if isinstance(data, list):
        return [_numbers(v) for v in data]
    if isinstance(data, str):
        return ("numbers", re.findall(r"\d+", data))
    return data


def _run_in(extra: dict, *args):
    return runner.invoke(app, [str(a) for a in args], env=_env(extra))


@pytest.mark.parametrize("args", _readme_commands(), ids=lambda a: " ".join(a[:2]))
def test_readme_commands_give_the_same_json_under_every_locale(args):
    outputs = {}
    for name, extra in LOCALES.items():
        r = _run_in(extra, *_quick(args), "--json")
        assert r.exit_code == 0, (name, r.output)
        outputs[name] = _numbers(json.loads(r.stdout))
    assert outputs["fr_FR"] == outputs["C.UTF-8"] == outputs["none"], args


def test_the_locale_chooses_the_output_language_only():
    args = ["solve", "example", "--strain", "C", "--leader", "S"]
    french, english = _run_in(LOCALES["fr_FR"], *args), _run_in(LOCALES["none"], *args)
    # 146 / 16: the example deal in clubs led by S (tests/data/dd_reference.json, README)
    assert "NS 146, EO 16" in french.stdout and "NS 146, EW 16" in english.stdout


def test_french_notation_only_when_asked():
    args = ["solve", "example", "--leader", "S", "--json"]
    clubs = json.loads(_run_in({}, *args, "--strain", "C").stdout)
    hearts = json.loads(_run_in({}, *args, "--strain", "H").stdout)
    assert clubs["ns_points"] != hearts["ns_points"]
    for extra, before in (({"LANG": "fr_FR.UTF-8"}, ["--lang", "fr"]), ({notation.ENV_VAR: "fr"}, [])):
        r = _run_in(extra, *before, *args, "--strain", "C")
        assert json.loads(r.stdout)["ns_points"] == hearts["ns_points"], r.output
    r = _run_in({}, *args, "--strain", "C", "--lang", "fr")
    assert json.loads(r.stdout)["ns_points"] == hearts["ns_points"]
    # --lang en overrides COINCHE_LANG; French-only letters by default get the hint
    english = json.loads(_run_in({notation.ENV_VAR: "fr"}, *args, "--strain", "C", "--lang", "en").stdout)
    assert english["ns_points"] == clubs["ns_points"]
    # the hint is written in the output language: the locale's
    one_line_error(_run_in({"LANG": "fr_FR.UTF-8"}, *args, "--strain", "P"), "erreur : ", "notation française",
                   "--lang fr")
    one_line_error(_run_in({"LANG": "C.UTF-8"}, *args, "--strain", "P"), "error: ", "French notation", "--lang fr")
    one_line_error(_run_in({}, "--lang", "fr", *args, "--strain", "C", "--lang", "en"), "--lang", "give one")
    one_line_error(_run_in({notation.ENV_VAR: "de"}, *args, "--strain", "C"), notation.ENV_VAR, "en or fr")


def test_a_locale_that_names_another_language_reads_english():
    args = ["play", "7.AJ9.KT.J8", "--seat", "S", "--contract", "100H", "--declarer", "N", "--leader", "W",
            "--samples", "3", "--seed", "1", "--json"]
    german = _run_in({"LANG": "de_DE.UTF-8"}, *args, "--played", "HK H8 C7")
    assert german.exit_code == 0, german.output
    assert german.stdout == _run_in({}, *args, "--played", "HK H8 C7").stdout


def test_the_installed_command_reads_the_process_environment():
    """One run per locale through a real process: the environment as the shell gives it."""
    base = {k: v for k, v in os.environ.items() if k not in _LOCALE_VARS and not k.startswith("LC_")}
    outs = set()
    for extra in LOCALES.values():
        p = subprocess.run([sys.executable, "-m", "coinche_cli", "solve", "example", "--strain", "C",
                            "--leader", "S", "--json"], env={**base, **extra}, capture_output=True, text=True,
                           timeout=120)
        assert p.returncode == 0, p.stderr
        outs.add(p.stdout)
    assert len(outs) == 1 and json.loads(outs.pop())["ns_points"] == 146
