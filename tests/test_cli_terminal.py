"""Every command with a progress bar, run as a person runs it: in a terminal.

Each command starts under a pseudo-terminal (``pty.fork``: the terminal is its stdin,
stdout, stderr and controlling terminal), so rich draws the live bar as it does for a
person.  A small job must run to its end with its bar drawn and its answer printed; a
large one must stop on Ctrl-C (the byte ``\\x03`` typed into the terminal, which the
terminal turns into SIGINT for the command's process group) with exit code 130 and no
traceback.

A console that printed through rich's own proxy of ``sys.stderr`` once made every one
of these commands hang for ever in a terminal; output captured by a pipe never showed it.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

import pytest

import solver

from patience import stretched

#: How long a command may take to exit after Ctrl-C: 2 s, stretched in proportion when
#: the machine runs more than two processes a core (at a load of 8 on 2 cores, every
#: command stopped in 0.3 to 1.0 s; a machine far busier than that slows any process).
STOP_SECONDS = 2.0


def stop_bound() -> float:
    """:data:`STOP_SECONDS`, stretched by the machine's load when the check is made."""
    return stretched(STOP_SECONDS)


#: The bar's filled part, as rich draws it in a UTF-8 terminal.
BAR = "━"

EXAMPLE = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"


@dataclass
class TerminalRun:
    """What a command did in the terminal: its exit code, all it wrote (escape codes
    included) and, after a Ctrl-C, the seconds it took to exit."""

    code: int
    screen: str
    stop_seconds: Optional[float] = None


def _child(args: list[str], cwd: Path) -> None:      # pragma: no cover - runs after fork
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    os.chdir(cwd)
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS")}
    env.update(TERM="xterm-256color", LANG="C.UTF-8", PYTHONIOENCODING="utf-8")
    os.execve(sys.executable, [sys.executable, "-m", "coinche_cli", *args], env)


def run_in_terminal(args: list[str], cwd: Path, *, interrupt_when: Optional[Callable[[str], bool]] = None,
                    timeout: float = 120.0) -> TerminalRun:
    """Run ``coinche ARGS`` in a new pseudo-terminal; with ``interrupt_when``, type Ctrl-C
    as soon as the screen so far satisfies it."""
    pid, fd = pty.fork()
    if pid == 0:                                       # pragma: no cover - the child
        try:
            _child(args, cwd)
        finally:
            os._exit(127)
    chunks: list[bytes] = []
    interrupted_at: Optional[float] = None
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:                        # EIO: the terminal closed
                    break
                if not data:
                    break
                chunks.append(data)
            if interrupt_when is not None and interrupted_at is None:
                if interrupt_when(b"".join(chunks).decode("utf-8", "replace")):
                    os.write(fd, b"\x03")
                    interrupted_at = time.monotonic()
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise AssertionError(f"coinche {' '.join(args)} still running after {timeout} s:\n"
                                 + b"".join(chunks).decode("utf-8", "replace")[-2000:])
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    stopped = None if interrupted_at is None else time.monotonic() - interrupted_at
    return TerminalRun(os.waitstatus_to_exitcode(status), b"".join(chunks).decode("utf-8", "replace"),
                       stopped)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a small and a large file of deals and of problems."""
    folder = tmp_path_factory.mktemp("terminal")
    (folder / "few.txt").write_text("".join(f"{solver.Deal.random(s).to_pbn()} W\n" for s in range(4)))
    (folder / "many.txt").write_text("".join(f"{solver.Deal.random(s).to_pbn()} W\n" for s in range(3000)))
    problem = f"{EXAMPLE} strain=C leader=S\n"
    (folder / "problems.txt").write_text(problem * 4)
    (folder / "many-problems.txt").write_text(problem * 20000)
    return folder


#: Each command with a bar: a small job, and the change that makes it long enough to
#: stop half-way.  ``{dir}`` is a study folder of the test's own.
COMMANDS = {
    "advise": (["advise", "AJ9.A7.KT.J", "--seat", "S", "--dealer", "E", "--samples", "40"],
               {"40": "200000"}),
    "advise-auction": (["advise", "AJ9.A7.KT.J", "--seat", "N", "--dealer", "E", "--auction",
                        "S:80H W:90D N:?", "--samples", "20"], {"20": "200000"}),
    "advise-realistic": (["advise", "AJ9.A7.KT.J", "--seat", "S", "--dealer", "E", "--samples", "2",
                          "--play", "realistic"], {"2": "5000"}),
    "batch": (["batch", "few.txt", "--workers", "2"], {"few.txt": "many.txt"}),
    "bidreview": (["bidreview", "example", "--dealer", "E", "--auction",
                   "S:80C W:pass N:100C E:pass S:pass W:pass", "--samples", "5"], {"5": "200000"}),
    "lead": (["lead", "KQ7.T8.A9.Q", "--seat", "E", "--contract", "100H", "--declarer", "S",
              "--samples", "20"], {"20": "200000"}),
    "play": (["play", "7.AJ9.KT.J8", "--seat", "S", "--contract", "100H", "--declarer", "N", "--leader",
              "W", "--played", "HK H8 D7", "--samples", "20"], {"20": "200000"}),
    "playout": (["playout", "example", "--contract", "100C S", "--leader", "S", "--worlds", "5"],
                {"5": "10000"}),
    "review-from-seats": (["review", "example", "--from-seats", "--contract", "100C S", "--leader", "S",
                           "--played", "SQ S7 SA ST", "--samples", "10"], {"10": "200000"}),
    "problems-mine": (["problems", "mine", "--seed", "1", "--count", "2", "--out", "mined.json"],
                      {"2": "5000"}),
    "selfplay": (["selfplay", "--deals", "2", "--ns", "heuristic", "--ew", "random", "--workers", "1"],
                 {"2": "2000"}),
    "solve-file": (["solve", "--file", "problems.txt"], {"problems.txt": "many-problems.txt"}),
    "study": (["study", "run", "{dir}", "--deals", "40", "--strains", "H", "--by", "trump_J",
               "--no-plots"], {"40": "200000"}),
}


def _args(name: str, folder: Path, large: bool) -> list[str]:
    args, changes = COMMANDS[name]
    study = folder / f"study-{name}-{'large' if large else 'small'}"
    out = [a.replace("{dir}", str(study)) for a in args]
    return [changes.get(a, a) for a in out] if large else out


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_runs_to_its_end_in_a_terminal(name: str, files: Path) -> None:
    """A small job finishes under a terminal, its bar drawn on the way, its answer printed."""
    run = run_in_terminal(_args(name, files, large=False), files)
    assert run.code == 0, run.screen[-3000:]
    assert "Traceback" not in run.screen
    assert run.screen.count("\n") >= 3, run.screen     # the answer, not only a bar


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_ctrl_c_stops_it_in_a_terminal(name: str, files: Path) -> None:
    """Ctrl-C typed while the bar runs ends the command at once: exit 130, no traceback."""
    run = run_in_terminal(_args(name, files, large=True), files, interrupt_when=lambda s: BAR in s)
    assert run.stop_seconds is not None, f"no bar was drawn:\n{run.screen[-3000:]}"
    assert run.code == 130, run.screen[-3000:]
    assert "Traceback" not in run.screen, run.screen[-3000:]
    assert run.stop_seconds < stop_bound(), run.stop_seconds


def test_ctrl_c_while_starting(tmp_path: Path) -> None:
    """Ctrl-C in the first instant, while the command is still importing: exit 130 and
    no traceback (the handlers of coinche_cli.main are not set yet then)."""
    started = time.monotonic()
    # Importing the commands takes 0.7 s of CPU; 0.4 s after the start is inside it.
    run = run_in_terminal(["table", "example"], tmp_path,
                          interrupt_when=lambda s: time.monotonic() - started > 0.4)
    # Killed by the signal itself (before Python's own handler exists) is what a shell
    # also reports as 130.
    assert run.code in (130, -signal.SIGINT), run.screen
    assert "Traceback" not in run.screen, run.screen
    assert "KeyboardInterrupt" not in run.screen, run.screen
