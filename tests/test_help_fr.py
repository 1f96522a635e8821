"""``--help`` in French: every help text has its French in ``cli/help_fr.py`` (and the catalogue
nothing unused), the help is French under each French setting, and the English help is what
typer writes without the hook, byte for byte."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
import typer.main
from typer import rich_utils
from typer._click import Command, Context

from cli_helpers import runner
from coinche_cli.help_fr import (ARGUMENT_NAMES, HELP_FR, TYPER_WORDS, command_help, french_help,
                                 help_texts)
from coinche_cli.main import app
from solver import notation

_LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", notation.ENV_VAR)

#: A terminal wide enough that no help text wraps: each one is found whole in the output.
_WIDE = {"COLUMNS": "2000"}

#: The French settings: the locale, the variable, --lang (where it goes is added per run).
FRENCH_ENVIRONMENTS = {"LANG=fr_FR.UTF-8": {"LANG": "fr_FR.UTF-8"}, "COINCHE_LANG=fr": {notation.ENV_VAR: "fr"},
                       "--lang fr": {}}

#: The helps checked: the root's, a command's, a group's and one of its sub-commands'.
COMMANDS = [(), ("play",), ("problems",), ("problems", "mine"), ("score",)]


def _env(extra: dict[str, str]) -> dict[str, "str | None"]:
    return {**{name: None for name in _LOCALE_VARS}, **_WIDE, **extra}


def _root() -> tuple[Command, Context]:
    root = typer.main.get_command(app)
    return root, Context(root, info_name="coinche")


def _command(path: tuple[str, ...]) -> tuple[Command, Context]:
    command, ctx = _root()
    for name in path:
        command = command.get_command(ctx, name)  # type: ignore[attr-defined]
        ctx = Context(command, info_name=name, parent=ctx)
    return command, ctx


def _flat(text: str) -> str:
    """The text with its whitespace and the panels' borders collapsed to single spaces."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def _shown(text: str) -> str:
    """A help text as the help shows it: rich's escaped brackets unescaped, on one line."""
    return _flat(text.replace("\\[", "["))


def test_every_help_text_has_its_french_and_the_catalogue_nothing_unused():
    root, ctx = _root()
    texts = list(help_texts(root, ctx))
    assert len(texts) > 300                     # every command and sub-command was walked
    missing = sorted({f"{where}: {text[:70]!r}" for where, text in texts if text not in HELP_FR})
    assert not missing, "help texts with no French in cli/help_fr.py HELP_FR:\n" + "\n".join(missing)
    unused = sorted(set(HELP_FR) - {text for _, text in texts})
    assert not unused, "HELP_FR entries no command uses:\n" + "\n".join(repr(t[:70]) for t in unused)


def test_each_french_paragraph_is_one_line_with_the_english_paragraphs():
    # typer's command list shows a first paragraph with its line breaks: French ones have none
    broken = [french[:60] for french in HELP_FR.values() if any("\n" in p for p in french.split("\n\n"))]
    assert not broken, broken
    counts = [english[:60] for english, french in HELP_FR.items() if english.count("\n\n") != french.count("\n\n")]
    assert not counts, counts


def test_typer_words_and_argument_names_are_the_ones_typer_shows():
    # a typer that words its panels differently would keep its English: said here
    changed = {name: getattr(rich_utils, name, None) for name, (english, _) in TYPER_WORDS.items()
               if getattr(rich_utils, name, None) != english}
    assert not changed, changed
    root, ctx = _root()
    names = set()

    def walk(command: Command, ctx: Context) -> None:
        names.update(p.name for p in command.get_params(ctx) if p.param_type_name == "argument")
        for name in getattr(command, "list_commands", lambda ctx: [])(ctx):
            sub = command.get_command(ctx, name)  # type: ignore[attr-defined]
            walk(sub, Context(sub, info_name=name, parent=ctx))

    walk(root, ctx)
    assert names == set(ARGUMENT_NAMES), names ^ set(ARGUMENT_NAMES)


def _help(args: "list[str]", extra: dict[str, str]) -> str:
    result = runner.invoke(app, args, env=_env(extra))
    assert result.exit_code == 0, result.output
    return result.stdout


def _command_lines(path: tuple[str, ...], setting: str) -> "list[list[str]]":
    """The command lines asking for ``path``'s help: with --lang fr, before the command, after
    it, and after --help (a group's own --lang included)."""
    if setting != "--lang fr":
        return [[*path, "--help"]]
    return [["--lang", "fr", *path, "--help"], [*path, "--lang", "fr", "--help"], [*path, "--help", "--lang", "fr"]]


@pytest.mark.parametrize("setting", FRENCH_ENVIRONMENTS)
@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(("coinche", *p)))
def test_help_is_french_under_each_french_setting(path, setting):
    command, ctx = _command(path)
    own = [text for where, text in help_texts(command, ctx) if _its_own(where, command, ctx)]
    assert own
    for args in _command_lines(path, setting):
        out = _flat(_help(args, FRENCH_ENVIRONMENTS[setting]))
        assert out.startswith("Usage : coinche"), (args, out[:80])
        for english in ("Usage:", "[default:", "[required]", "Show this message"):
            assert english not in out, (args, english)
        for text in own:
            assert _shown(HELP_FR[text]) in out, (args, HELP_FR[text])
        assert _shown(command_help(command.help or "")) not in out


def _all_paths() -> "list[tuple[str, ...]]":
    root, ctx = _root()
    paths: list[tuple[str, ...]] = []

    def walk(command: Command, ctx: Context, path: tuple[str, ...]) -> None:
        paths.append(path)
        for name in getattr(command, "list_commands", lambda ctx: [])(ctx):
            sub = command.get_command(ctx, name)  # type: ignore[attr-defined]
            walk(sub, Context(sub, info_name=name, parent=ctx), (*path, name))

    walk(root, ctx, ())
    return paths


def test_every_command_shows_all_its_help_in_french():
    paths = _all_paths()
    assert len(paths) > 25                      # the root, 20 commands, 2 groups and their commands
    for path in paths:
        command, ctx = _command(path)
        out = _flat(_help([*path, "--help"], {notation.ENV_VAR: "fr"}))
        assert out.startswith("Usage : coinche"), (path, out[:80])
        for where, text in help_texts(command, ctx):
            if _its_own(where, command, ctx):
                assert _shown(HELP_FR[text]) in out, (path, HELP_FR[text])


def _its_own(where: str, command: Command, ctx: Context) -> bool:
    """Whether the text at ``where`` shows in ``command``'s help (not a sub-command's)."""
    rest = where[len(ctx.command_path):]
    return rest in ("", " (epilog)") or rest[1:] in {p.name for p in command.get_params(ctx)}


def test_a_group_takes_lang_for_its_commands():
    """``coinche problems --lang fr check``: the group's --lang is the command's; one
    differing from the app's --lang is one line and exit 2."""
    out = _flat(_help(["problems", "--lang", "fr", "check", "--help"], {}))
    assert out.startswith("Usage : coinche problems check"), out[:80]
    result = runner.invoke(app, ["--lang", "en", "study", "--lang", "fr", "show", "--help"], env=_env({}))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip().count("\n") == 0 and "--lang 'en'" in result.stderr, result.stderr


def test_group_lists_french_short_helps():
    out = _flat(_help(["problems", "--help"], {notation.ENV_VAR: "fr"}))
    assert "Commandes" in out and "check Résout de nouveau chaque problème" in out, out


def _typer_rendering(path: tuple[str, ...], capsys) -> str:
    """The help as typer itself renders it, past the command line's classes."""
    command, ctx = _command(path)
    typer_class = next(k for k in type(command).__mro__ if k.__module__ == "typer.core")
    capsys.readouterr()
    typer_class.format_help(command, ctx, ctx.make_formatter())
    return capsys.readouterr().out


@pytest.mark.parametrize("path", [(), ("play",), ("problems", "mine"), ("score",)],
                         ids=lambda p: " ".join(("coinche", *p)))
def test_english_help_is_typers_own_byte_for_byte(path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    for name in _LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    expected = _typer_rendering(path, capsys)
    assert "Usage: coinche" in expected
    english = runner.invoke(app, [*path, "--help"], env=_env({"COLUMNS": "100"}))
    assert english.stdout.rstrip("\n") == expected.rstrip("\n")
    # a French help in the same process puts everything back: the next English help is the same
    french = runner.invoke(app, ["--lang", "fr", *path, "--help"], env=_env({"COLUMNS": "100"}))
    assert "Usage : coinche" in french.stdout
    assert runner.invoke(app, [*path, "--help"], env=_env({"COLUMNS": "100"})).stdout == english.stdout
    assert _typer_rendering(path, capsys) == expected


def test_french_help_puts_back_what_it_changed():
    command, ctx = _command(("play",))

    def state():
        params = [(p.help, p.metavar, p.__dict__.get("display_type_rich")) for p in command.get_params(ctx)]
        words = {name: getattr(rich_utils, name) for name in TYPER_WORDS}
        return command.help, command.__dict__.get("get_usage"), params, words

    before = state()
    with french_help(command, ctx):
        assert state() != before
        assert command.get_usage(ctx).startswith("Usage : coinche play [OPTIONS] {main}")
    assert state() == before


def test_the_english_command_line_does_not_load_the_catalogue():
    code = "import sys, coinche_cli.main; print('coinche_cli.help_fr' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr
