"""The progress bar every long command shows on stderr, and only on a terminal.

A pipe or a file on stderr gets nothing at all (no escape codes, no partial lines);
the bar disappears when the work is done.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator, Optional

from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)
from rich.text import Text

from solver.messages import tr
from .output import err_console


class RateColumn(ProgressColumn):
    """Steps a second, as rich measures them over the last moments: ``85 deals/s``."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.0f} {self.unit}/s", style="progress.data.speed")


class ProgressBar:
    """What a command tells its bar: :meth:`advance` by some steps, or :meth:`update` to
    a count of a total.  ``callback`` is ``update`` for a bar on the screen, ``None``
    otherwise (what the solver's ``progress=`` takes)."""

    def __init__(self, progress: Progress, total: Optional[int]) -> None:
        self._progress = progress
        self._task = progress.add_task("", total=total)
        self.shown = not progress.disable

    def advance(self, steps: int = 1) -> None:
        self._progress.advance(self._task, steps)

    def update(self, done: int, total: "int | None") -> None:
        self._progress.update(self._task, completed=done, total=total)

    @property
    def callback(self) -> "Callable[[int, int | None], None] | None":
        return self.update if self.shown else None


@contextmanager
def progress_bar(label: str = "solving", total: Optional[int] = None,
                 show: bool = True, rate: Optional[str] = None) -> Iterator[ProgressBar]:
    """A bar on stderr for the block: ``label``, the bar, done of ``total`` (unknown until
    an :meth:`~ProgressBar.update` when ``None``), the time taken and the time left;
    with ``rate`` (a unit, like ``"deals"``), the steps per second too.
    ``show=False`` (``--no-progress``), or a stderr that is no terminal: no bar."""
    columns = [TextColumn(tr(label)), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn()]
    if rate is not None:
        columns.append(RateColumn(tr(rate)))
    shown = show and err_console.is_terminal
    progress = Progress(*columns, console=err_console, transient=True, disable=not shown)
    if not shown:           # never started: rich 13 and 14.0 end even a disabled display with a newline
        yield ProgressBar(progress, total)
        return
    with progress:
        yield ProgressBar(progress, total)
