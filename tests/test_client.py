"""The Python client (`service.client`) against a real `python -m service`: one worker with one
solve thread and one queue place, so that a batch fills every thread."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import msgspec
import pytest

from service.client import AsyncClient, Client, InvalidRequestError, NotFoundError
from service.schemas import AnalyzeResponse, BatchLine
from tests.positions import late_position
from tests.test_records import LIN, PLAYED
from tests.test_server import start, stop

README = Path(__file__).parent.parent / "README.md"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    env = {"SOLVE_THREADS": "1", "MAX_QUEUED_SOLVES": "1", "LOG_LEVEL": "warning"}
    url, process = start(env, workers=1)
    try:
        yield url
    finally:
        stop(process)


def test_deal_legal_moves_play_and_analyze(server: str) -> None:
    with Client(server) as service:
        assert "marjapussi" in {game.name for game in service.games().games}
        position = service.deal("marjapussi", variant="huutopussi", seed=7).position
        legal = service.legal_moves(position)
        played = service.play(position, legal.moves[0])
        assert played.played == legal.moves[0]
        assert played.position.moves == [legal.moves[0]]
        analysis = service.analyze(late_position(3), method="exact", time_ms=5000)
    assert isinstance(analysis, AnalyzeResponse)
    assert analysis.exact
    assert analysis.best_move in {line.move for line in analysis.moves}


def test_errors_are_typed_and_carry_the_problems_errors(server: str) -> None:
    position = late_position(3)
    with Client(server) as service:
        with pytest.raises(InvalidRequestError) as invalid:
            service.play(position, "XX")
        with pytest.raises(NotFoundError):
            service.legal_moves({**position, "game": "chess"})
    assert invalid.value.status == 422
    assert [error.path for error in invalid.value.errors] == ["move"]


def test_a_view_and_a_record_sync_and_async(server: str) -> None:
    """`view` hides what the seat cannot see; a LIN record is read, written as PBN and
    analysed, through both clients."""
    with Client(server) as service:
        position = service.deal("bridge", seed=3).position
        view = service.view(position, 1)
        record = service.read_record(lin=LIN).record
        text = service.pbn(lin=LIN)
        analysis = service.analyze_record(pbn=text, method="exact", time_ms=5000)
    assert view.seat == 1
    assert view.position.view == 1
    assert view.position.deal is not None
    assert view.position.deal["hands"][0] == 13  # North's cards, hidden from East
    assert record.moves == PLAYED
    assert analysis.record.moves == PLAYED
    assert analysis.values is not None
    assert analysis.values[-1] == 9

    async def both() -> tuple[int, list[str]]:
        async with AsyncClient(server) as service:
            view = await service.view(position, 2)
            opening = msgspec.to_builtins(record)
            analysed = await service.analyze_record(record={**opening, "moves": PLAYED[:1]})
            return view.seat, [move.move for move in analysed.moves]

    assert anyio.run(both) == (2, PLAYED[:1])


def test_the_async_batch_streams_a_line_per_item(server: str) -> None:
    items = [{"game": "marjapussi", "position": late_position(s)} for s in (4, 5)]
    items.append({"game": "marjapussi", "position": {"game": "marjapussi", "moves": 3}})

    async def collect() -> list[BatchLine]:
        async with AsyncClient(server) as service:
            return [line async for line in service.batch(items)]

    lines = anyio.run(collect)
    statuses = {line.index: line.status for line in lines}
    assert statuses == {0: 200, 1: 200, 2: 422}
    assert all(line.answer is not None for line in lines if line.status == 200)


def test_the_readme_bot_plays_a_hand(server: str) -> None:
    text = README.read_text()
    found = re.search(r"<!-- bot example -->\n```python\n(.*?)```", text, re.S)
    assert found is not None
    code = found.group(1).replace("http://127.0.0.1:8000", server)
    assert len(code.strip().splitlines()) <= 11
    ran = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert ran.returncode == 0, ran.stderr
    assert "scores:" in ran.stdout


def test_a_single_analysis_is_served_while_batches_fill_every_thread(server: str) -> None:
    """Three batches on one solve thread: one solving, two waiting, more than the queue's one
    place. A single analysis then waits only for the solve running, and is not refused. Each
    batch item is an ISMCTS run whose iterations outlast its time budget, so it holds the
    thread for 400 ms however fast the exact search becomes."""
    budget = {"time_ms": 400, "iterations": 100_000_000}
    batch_ends: list[float] = []

    def batch(first_seed: int) -> None:
        items = [
            {
                "game": "marjapussi",
                "position": late_position(s, cards=8),
                "method": "ismcts",
                "budget": budget,
            }
            for s in range(first_seed, first_seed + 3)
        ]
        with Client(server) as service:
            assert [line.status for line in service.batch(items)] == [200] * 3
        batch_ends.append(time.monotonic())

    batches = [threading.Thread(target=batch, args=(seed,)) for seed in (200, 210, 220)]
    for thread in batches:
        thread.start()
    time.sleep(0.6)
    with Client(server) as service:
        hint = service.analyze(late_position(230, cards=8), method="exact", time_ms=400)
    answered = time.monotonic()
    for thread in batches:
        thread.join()
    assert hint.cache == "miss"
    assert len(batch_ends) == 3
    assert answered < max(batch_ends)


def test_the_same_analysis_asked_at_once_is_solved_once(server: str) -> None:
    """Six hint apps ask one position at once, on one thread with one queue place: the first
    solves it and the others wait for its answer, none refused."""
    position = late_position(251, cards=8)

    def hint() -> str:
        with Client(server) as service:
            return service.analyze(position, method="exact", time_ms=10_000).cache

    with ThreadPoolExecutor(6) as pool:
        caches = sorted(pool.map(lambda _: hint(), range(6)))
    assert caches == ["hit"] * 5 + ["miss"]


def test_a_batch_solve_running_takes_no_queue_place_from_single_analyses(server: str) -> None:
    """One thread, one queue place, and a batch's solve running: two single analyses asked
    then both wait (one for the batch's solve, one in the queue) and neither is refused."""
    endless = {"iterations": 10**8, "time_ms": 1500}  # ISMCTS runs to its time budget
    position = late_position(300, cards=8)
    items = [{"game": "marjapussi", "position": position, "method": "ismcts", "budget": endless}]
    hints = [late_position(seed, cards=8) for seed in (310, 311)]

    def batch() -> list[int]:
        with Client(server) as service:
            return [line.status for line in service.batch(items)]

    def hint(position: dict[str, Any]) -> str:
        with Client(server) as service:
            return service.analyze(position, method="exact", time_ms=300).cache

    with ThreadPoolExecutor(3) as pool:
        batched = pool.submit(batch)
        time.sleep(0.5)
        answered = list(pool.map(hint, hints))
        assert batched.result() == [200]
    assert answered == ["miss", "miss"]
