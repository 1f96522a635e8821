"""What the CLI tests share: running the app in-process and checking a one-line error."""

from __future__ import annotations

from typer.testing import CliRunner

from coinche_cli.main import app

runner = CliRunner()

#: The built-in example deal (the first case of tests/data/dd_reference.json).
EXAMPLE = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"


def run(*args, input=None):
    """Run ``coinche ARGS`` in-process; the result has ``exit_code``, ``stdout``, ``stderr``."""
    return runner.invoke(app, [str(a) for a in args], input=input)


def one_line_error(result, *words):
    """The run failed on bad input the way every command must: exit code 2 and one line
    on stderr starting ``error:`` (``erreur :`` in French), no traceback, naming every
    word in ``words``."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(("error: ", "erreur : ")), lines[0]
    assert "Traceback" not in result.output
    for w in words:
        assert w in lines[0], lines[0]
