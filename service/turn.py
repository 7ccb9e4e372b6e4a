"""A bot's turn in one call: `POST /v1/{game}/play` with `"move": "best"`.

The position is analysed as `/v1/{game}/analyze` would (the same cache, limits and solve
slots, as interactive work; `method`, `budget` and `seed` of the play request are the
analysis's), then the best move is played by the engine. The answer is the play's
(`played`, `position`, `to_move`, `phase`, `over`, `result`) with `value`, the chosen move's
value for the side of the seat that moved, and `analysis`, the analysis answer it came from.
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread
import msgspec

from service import _solver
from service.analysis import Analyzer
from service.errors import invalid_field, solver_problem

BEST_MOVE = "best"


class Choice(msgspec.Struct):
    """What a turn reads of the analysis answer."""

    best_move: str | None = None
    value: float | None = None


async def best_turn(analyzer: Analyzer, game: str, request: dict[str, Any]) -> bytes:
    """The answer of a play request whose move is `best` (its analysis, then its play)."""
    analysis = await analyzer.analyze(game, {k: v for k, v in request.items() if k != "move"})
    choice = msgspec.json.decode(analysis.body, type=Choice)
    if choice.best_move is None:
        raise invalid_field("move", "no move to play: the analysis found none")
    body = msgspec.json.encode({"position": request["position"], "move": choice.best_move})
    try:
        played = await anyio.to_thread.run_sync(_solver.call, game, "play", body)
    except _solver.SolverError as exc:
        raise solver_problem(exc) from exc
    head = b'{"analysis":%s,"value":%s,' % (analysis.body, msgspec.json.encode(choice.value))
    return head + played.encode()[1:]
