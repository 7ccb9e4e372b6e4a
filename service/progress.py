"""The progress bar of `python -m service analyze`, drawn by rich on stderr.

It shows the positions answered out of the total, the error lines among them, the rate and the
time left (rich's estimate from the recent rate). It draws nothing when asked to be quiet or
when stderr is not a terminal (a log file, a pipe, CI), so such output holds no control codes.
"""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as RichProgress
from rich.text import Text


class RateColumn(ProgressColumn):
    """Positions per second, from rich's recent samples."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.1f}/s" if speed else "-/s", style="progress.data.speed")


class Progress:
    """Counts answer lines as they are written; a context manager that shows the bar."""

    def __init__(self, total: int, quiet: bool, console: Console | None = None) -> None:
        self.done, self.failed = 0, 0
        console = console or Console(stderr=True)
        self.bar = RichProgress(
            TextColumn("analysing"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("positions, {task.fields[failed]} errors,"),
            RateColumn(),
            TextColumn("eta"),
            TimeRemainingColumn(),
            console=console,
            disable=quiet or not console.is_terminal,
        )
        self.task: TaskID = self.bar.add_task("analyse", total=total, failed=0)

    def __enter__(self) -> Progress:
        self.bar.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.bar.stop()

    def advance(self, line: bytes) -> None:
        """One more answer line; a status other than 200 counts as an error."""
        self.done += 1
        self.failed += b'"status":200' not in line[:40]
        self.bar.update(self.task, advance=1, failed=self.failed)
