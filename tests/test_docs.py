"""Every example in README.md and docs/*.md runs and shows what the page says.

What counts as an example, in the fenced code blocks of those pages:

- a command ``coinche ...`` in the first column of a table;
- a line starting ``coinche `` (in a ``bash``, ``console`` or plain block), or ``$ coinche ``
  followed by the lines of output the page shows, up to the next blank line or ``$`` line.
  A trailing ``\\`` continues a command on the next line, ``#`` starts a comment, and a
  comment saying ``exit code N`` is the code the command must end with (0 otherwise).
- a block opened as ```` ```text NAME ````: a file NAME the commands read (each command
  runs in a fresh folder holding every such file of every page).
- a ``python`` block: a doctest when it holds ``>>>`` prompts, else its statements run in
  order, and an expression whose comment starts with a Python literal (``# (146, 16)``,
  ``# True: ...``) must equal it.  The python blocks of one page share one namespace.

Shown output is compared by its words and numbers, in order, ignoring table rules,
spacing and the two card notations (``CJ`` and ``J♣`` read alike): the shape of the
output may change without a page going stale, its content may not.
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import io
import re
import shlex
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^```(\S*)\s*(\S*)\s*$")


@dataclass
class Command:
    page: str
    line: int
    argv: list[str]
    exit_code: int = 0
    shown: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: coinche {shlex.join(self.argv)}"


@dataclass
class Block:
    lang: str
    name: str
    line: int
    lines: list[str]


def blocks(path: Path) -> list[Block]:
    """The fenced code blocks of a Markdown page."""
    out, current = [], None
    for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = FENCE.match(text)
        if current is None and m:
            current = Block(m.group(1), m.group(2), i + 1, [])
        elif current is not None and text.strip() == "```":
            out.append(current)
            current = None
        elif current is not None:
            current.lines.append(text)
    assert current is None, f"{path.name}: a code block is never closed"
    return out


def _command(page: str, line: int, text: str) -> Command:
    argv = shlex.split(text, comments=True)
    assert argv[0] == "coinche", text
    m = re.search(r"#.*exit code (\d+)", text)
    return Command(page, line, argv[1:], int(m.group(1)) if m else 0)


TABLE_CELL = re.compile(r"^\|\s*`(coinche [^`]*)`")


def commands(path: Path) -> list[Command]:
    """The ``coinche`` command lines of a page, with the output shown under ``$`` ones, and
    the commands in the first column of its tables."""
    out = []
    for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = TABLE_CELL.match(text)
        if m:
            out.append(_command(path.name, i, m.group(1)))
    for block in blocks(path):
        if block.lang not in ("", "bash", "sh", "console"):
            continue
        lines, i = block.lines, 0
        while i < len(lines):
            text, start = lines[i], block.line + i
            prompt = text.startswith("$ coinche ")
            if not (prompt or text.startswith("coinche ")):
                i += 1
                continue
            text = text[2:] if prompt else text
            while text.rstrip().endswith("\\"):
                i += 1
                text = text.rstrip()[:-1] + " " + lines[i].strip()
            cmd = _command(path.name, start, text)
            i += 1
            while prompt and i < len(lines) and lines[i].strip() and not lines[i].startswith("$"):
                cmd.shown.append(lines[i])
                i += 1
            out.append(cmd)
    return out


def files() -> dict[str, str]:
    """The files the pages show as ```` ```text NAME ```` blocks, by name."""
    out: dict[str, str] = {}
    for page in PAGES:
        for b in blocks(page):
            if b.lang == "text" and b.name:
                text = "\n".join(b.lines) + "\n"
                assert out.setdefault(b.name, text) == text, f"{b.name} is shown twice, differently"
    return out


SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def words(text: str) -> list[str]:
    """The words and numbers of a text, cards in one notation (``J♣``, ``CJ`` -> ``CJ``)."""
    text = re.sub(r"\b(10|[AKQJT987])([♠♥♦♣])", lambda m: SUITS[m.group(2)] + m.group(1), text)
    text = re.sub(r"\b([SHDC])10\b", r"\1T", text)
    return re.findall(r"\w+", text)


def assert_shown(shown: list[str], output: str, where: str) -> None:
    """Every word of the shown lines appears in the output, in the same order."""
    got, at = words(output), 0
    for line in shown:
        for w in words(line):
            try:
                at = got.index(w, at) + 1
            except ValueError:
                pytest.fail(f"{where}: {w!r} of the shown line {line!r} is not in the output "
                            f"(or not in this order):\n{output}")


ALL_COMMANDS = [c for page in PAGES for c in commands(page)]


def test_every_command_has_an_example():
    # the commands the app registers, each shown at least once in the pages
    from coinche_cli.main import app

    names = {c.name or c.callback.__name__ for c in app.registered_commands}
    assert names and names <= {c.argv[0] for c in ALL_COMMANDS}, names


@pytest.mark.parametrize("cmd", ALL_COMMANDS, ids=str)
def test_command(cmd: Command, tmp_path, monkeypatch):
    for name, text in files().items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run(*cmd.argv)
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == cmd.exit_code, f"{cmd}\n{result.output}"
    assert_shown(cmd.shown, result.output, str(cmd))
    if "--out" in cmd.argv:  # the file the command writes
        assert (tmp_path / cmd.argv[cmd.argv.index("--out") + 1]).stat().st_size > 0, str(cmd)


def _literal(comment: str):
    """The Python literal a comment starts with (``(146, 16): ...`` -> ``(146, 16)``)."""
    text = comment.lstrip("#").strip()
    for end in [len(text)] + [m.start() for m in re.finditer(r"[:;,]\s", text)]:
        try:
            return True, ast.literal_eval(text[:end])
        except (ValueError, SyntaxError):
            continue
    return False, None


def _comments(source: str) -> dict[int, str]:
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return {t.start[0]: t.string for t in tokens if t.type == tokenize.COMMENT}


def run_python(source: str, namespace: dict, where: str) -> None:
    """Run a block's statements in order, checking the literals their comments show."""
    comments = _comments(source)
    for stmt in ast.parse(source).body:
        ok, expected = _literal(comments.get(stmt.end_lineno, ""))
        if isinstance(stmt, ast.Expr) and ok:
            value = eval(compile(ast.Expression(stmt.value), where, "eval"), namespace)
            assert value == expected, f"{where}, line {stmt.lineno}: {value!r} != {expected!r}"
        else:
            exec(compile(ast.Module([stmt], []), where, "exec"), namespace)


PYTHON_PAGES = [p for p in PAGES if any(b.lang == "python" for b in blocks(p))]


@pytest.mark.parametrize("page", PYTHON_PAGES, ids=lambda p: p.name)
def test_python_examples(page: Path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "__docs__"}
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    for block in blocks(page):
        if block.lang != "python":
            continue
        source, where = "\n".join(block.lines) + "\n", f"{page.name}:{block.line}"
        if ">>>" in source:
            test = doctest.DocTestParser().get_doctest(source, namespace, where, page.name, block.line)
            runner = doctest.DocTestRunner(optionflags=flags)
            report = io.StringIO()
            runner.run(test, out=report.write, clear_globs=False)
            namespace.update(test.globs)
            assert runner.failures == 0, report.getvalue()
        else:
            with contextlib.redirect_stdout(io.StringIO()):
                run_python(source, namespace, where)


def help_examples() -> list[Command]:
    """The ``Example: coinche ...`` line of every command's ``--help``; a part in
    parentheses after the command is the output it shows."""
    from coinche_cli.main import app

    out = []
    for c in app.registered_commands:
        for line in (c.help or c.callback.__doc__ or "").splitlines():
            m = re.match(r"\s*Example: (coinche .*?)\s*(?:\((.*)\))?\s*$", line)
            if m:
                cmd = _command(f"--help of {m.group(1).split()[1]}", 0, m.group(1))
                cmd.shown = [m.group(2)] if m.group(2) else []
                out.append(cmd)
    return out


@pytest.mark.parametrize("cmd", help_examples(), ids=str)
def test_help_example(cmd: Command, tmp_path, monkeypatch):
    test_command(cmd, tmp_path, monkeypatch)


def test_ci_runs_the_readme_commands():
    # the README's first block: the install command, then the test command
    install, test = blocks(ROOT / "README.md")[0].lines[:2]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test == "python -m pytest -q -n auto" and test in ci, ci
    after = [line for line in ci[ci.index(test) + 1:] if not line.startswith("#")]
    assert after == ["bash .ci/oldest"], after      # then only the oldest-dependency tests
    assert f'python -m pip install --quiet {install.split(" && ")[0][len("pip install "):]}' in ci
