"""`POST /v1/analyze/batch`: many positions of any games, one NDJSON line per position as each
finishes, with its index in the request and the item's `id` when it has one.

Up to `SOLVE_THREADS` positions of a batch are analysed at once; their waiting is bounded by
that, so they queue for a solve slot instead of being refused, behind every single analysis
(`service.limits`): a batch uses the threads that interactive work leaves. A position that cannot be
answered (bad position, unknown game, a limit) gets its own line with a problem-details object
and the others go on; its field errors have paths from the batch's root
(`positions[3].method`). The body's size and the number of positions are limited
(`MAX_BODY_BYTES`, `MAX_BATCH_POSITIONS`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from typing import Any

from service.analysis import Analyzer, answer_line, problem_line
from service.errors import INTERNAL, ProblemError, invalid_field, summarise
from service.record_analysis import is_record_item, record_line
from service.schemas import FieldError

log = logging.getLogger("service")

BATCH_PATH = "/v1/analyze/batch"


def game_of(item: Any) -> str:
    """The game of one batch item: its `game`, else its position's `game`."""
    if not isinstance(item, dict):
        raise invalid_field("", "each position of a batch is an object with 'position'")
    game = item.get("game")
    if game is None and isinstance(item.get("position"), dict):
        game = item["position"].get("game")
    if not isinstance(game, str):
        raise invalid_field("game", "missing: give 'game', or 'game' in the position")
    return game


def id_of(item: Any) -> str | None:
    """The item's `id`, echoed by its answer line: a string, or absent."""
    given = item.get("id") if isinstance(item, dict) else None
    if given is not None and not isinstance(given, str):
        raise invalid_field("id", "expected a string that the answer line echoes")
    return given


def within_batch(problem: ProblemError, index: int) -> ProblemError:
    """`problem` with its field paths from the batch's root: `positions[index].path`."""
    if not problem.errors:
        return problem
    root = f"positions[{index}]"
    errors = [
        FieldError(path=f"{root}.{e.path}" if e.path else root, message=e.message)
        for e in problem.errors
    ]
    return ProblemError(problem.status, summarise(errors), type_=problem.type_, errors=errors)


async def analyze_one(analyzer: Analyzer, index: int, item: Any) -> bytes:
    item_id = item.get("id") if isinstance(item, dict) else None
    try:
        item_id = id_of(item)
        if isinstance(item, dict) and is_record_item(item):
            return await record_line(analyzer, index, item)
        game = game_of(item)
        request = {k: v for k, v in item.items() if k not in ("game", "id")}
        answer = await analyzer.analyze(game, request, priority="batch")
    except ProblemError as problem:
        return problem_line(index, within_batch(problem, index), BATCH_PATH, item_id)
    except Exception:
        log.exception("unexpected error on position %d of a batch", index)
        unexpected = ProblemError(500, "an unexpected error occurred", type_=INTERNAL)
        return problem_line(index, unexpected, BATCH_PATH, item_id)
    return answer_line(index, game, answer, item_id)


async def analyze_stream(analyzer: Analyzer, items: list[Any]) -> AsyncIterator[bytes]:
    """The answer lines, in the order the analyses finish."""
    pending = list(enumerate(items))
    pending.reverse()
    lines: asyncio.Queue[bytes] = asyncio.Queue()

    async def worker() -> None:
        while pending:
            index, item = pending.pop()
            await lines.put(await analyze_one(analyzer, index, item))

    workers = min(len(items), analyzer.settings.solve_threads)
    tasks = [asyncio.create_task(worker()) for _ in range(workers)]
    try:
        for _ in items:
            yield await lines.get()
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
