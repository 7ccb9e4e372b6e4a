"""A client that goes away mid-solve (a single analysis or a batch): its solve stops and frees the
slot, so the next client is served instead of refused. The app is driven over ASGI with a client
that sends its body, then disconnects (`http.disconnect`), as uvicorn reports a closed
connection."""

from __future__ import annotations

import json
import time
from typing import Any

import anyio
from litestar import Litestar
from litestar.testing import AsyncTestClient
from litestar.types import Message

from service.app import create_app
from service.settings import Settings
from tests.positions import late_position

ANALYZE = "/v1/marjapussi/analyze"
POSITION = late_position(54, cards=8)
# ISMCTS with iterations to spare runs its whole time: 10 s unless stopped.
LONG = {
    "position": POSITION,
    "method": "ismcts",
    "budget": {"iterations": 10**8, "time_ms": 10_000},
}


def quick(seed: int) -> dict[str, Any]:
    """A short analysis with a seed of its own, so none is answered from the cache."""
    return {"position": POSITION, "method": "ismcts", "budget": {"iterations": 10}, "seed": seed}


async def leaving_client(
    app: Litestar, body: dict[str, Any], stay_s: float, path: str = ANALYZE
) -> list[Message]:
    """POSTs `body` to `path`, disconnects after `stay_s` seconds; what was sent."""
    raw = json.dumps(body).encode()
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"test"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 50000),
        "server": ("test", 80),
        "state": {},
    }
    sent: list[Message] = []
    messages = iter([{"type": "http.request", "body": raw, "more_body": False}])

    async def receive() -> Message:
        message = next(messages, None)
        if message is not None:
            return message
        await anyio.sleep(stay_s)
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        sent.append(message)

    await app(scope, receive, send)  # type: ignore[arg-type]
    return sent


async def served_after_a_disconnect() -> tuple[int, float, int]:
    """One slot, no queue: a long solve's client leaves at 0.3 s. The status of a quick
    analysis while it ran, when the leaving client's request ended, and the status of the
    next client's quick analysis then."""
    app = create_app(Settings(solve_threads=1, max_queued_solves=0, max_time_ms=60_000))
    async with AsyncTestClient(app) as client, anyio.create_task_group() as group:
        start = time.monotonic()
        left = anyio.Event()

        async def leave() -> None:
            await leaving_client(app, LONG, stay_s=0.3)
            left.set()

        group.start_soon(leave)
        # Ask only once the long solve holds the slot (a loaded machine may take a while);
        # the slots signal nothing when taken, so poll.
        slots = app.state.analyzer.slots
        with anyio.fail_after(5):
            while slots.free:  # noqa: ASYNC110
                await anyio.sleep(0.01)
        during = (await client.post(ANALYZE, json=quick(2))).status_code
        with anyio.fail_after(5):
            await left.wait()
        ended = time.monotonic() - start
        after = (await client.post(ANALYZE, json=quick(3))).status_code
    return during, ended, after


def test_a_client_that_disconnects_mid_solve_frees_the_slot_for_the_next() -> None:
    during, ended, after = anyio.run(served_after_a_disconnect)
    assert during == 503, "the long solve should hold the only slot"
    assert ended < 1.0, f"the leaving client's request ended {ended:.2f} s in, not at 0.3 s"
    assert after == 200


async def batch_left_at_0_3_s() -> tuple[float, int]:
    """A batch of one long solve whose client leaves at 0.3 s: when its request ended, and the
    free solve slots then."""
    app = create_app(Settings(solve_threads=1, max_time_ms=60_000))
    async with AsyncTestClient(app):
        start = time.monotonic()
        body = {"positions": [{"game": "marjapussi", **LONG}]}
        await leaving_client(app, body, stay_s=0.3, path="/v1/analyze/batch")
        return time.monotonic() - start, app.state.analyzer.slots.free


def test_a_batch_whose_client_disconnects_stops_its_solves() -> None:
    ended, free = anyio.run(batch_left_at_0_3_s)
    assert ended < 1.0, f"the batch request ended {ended:.2f} s in, not at 0.3 s"
    assert free == 1
