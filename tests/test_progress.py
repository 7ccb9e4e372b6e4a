"""The batch CLI's progress bar: rich's bar with the time left on a terminal, nothing elsewhere."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from service.__main__ import main
from service.progress import Progress
from tests.positions import late_position

OK = b'{"index":0,"status":200,"game":"marjapussi","answer":{}}\n'
FAILED = b'{"index":1,"status":422,"problem":{}}\n'


def terminal() -> tuple[Console, io.StringIO]:
    screen = io.StringIO()
    return Console(file=screen, force_terminal=True, width=120), screen


def test_on_a_terminal_the_bar_counts_errors_and_shows_the_time_left() -> None:
    console, screen = terminal()
    with Progress(3, quiet=False, console=console) as bar:
        bar.advance(OK)
        bar.advance(FAILED)
        bar.advance(OK)
    drawn = screen.getvalue()
    assert (bar.done, bar.failed) == (3, 1)
    assert "3/3" in drawn
    assert "1 errors" in drawn
    assert "eta" in drawn
    assert "0:00:00" in drawn  # rich's time remaining, once every line is in


def test_quiet_draws_nothing_even_on_a_terminal() -> None:
    console, screen = terminal()
    with Progress(2, quiet=True, console=console) as bar:
        bar.advance(OK)
    assert screen.getvalue() == ""
    assert bar.done == 1


def test_nothing_is_drawn_when_stderr_is_not_a_terminal() -> None:
    screen = io.StringIO()
    with Progress(2, quiet=False, console=Console(file=screen)) as bar:
        bar.advance(OK)
        bar.advance(FAILED)
    assert screen.getvalue() == ""
    assert bar.failed == 1


def test_the_cli_writes_no_bar_into_a_redirected_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under pytest stderr is captured (not a terminal): only the closing summary line."""
    source = tmp_path / "positions.jsonl"
    source.write_text(json.dumps({"game": "marjapussi", "position": late_position(70)}) + "\n")
    assert main(["analyze", str(source), "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert err.splitlines() == [f"1 positions analysed into {source.with_suffix('.out.jsonl')}"]
    assert "\x1b" not in err
