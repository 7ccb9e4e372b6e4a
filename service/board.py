"""The analysis board: a browser page served by the service itself, at `/` and `/board`.

The page (`service/static/board/`: HTML, CSS and plain JavaScript modules, no build step and
nothing from another origin) calls the public API (`/v1/...`) for dealing, legal moves, play,
analysis and the batch evaluation graph. One helper route is the board's own, kept out of the
OpenAPI document: `POST /board/state/{game}` answers the engine's canonical form of a position
(game, variant, options, view and the snapshot of the hand now), which draws a pasted
position or one seat's view (the engine hides what that seat cannot see) without a move played.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio.to_thread
from litestar import MediaType, Request, Response, get, post
from litestar.static_files import create_static_files_router
from litestar.types import ControllerRouterHandler

from service import _solver
from service.routes import GameName, json_body, known_game

STATIC = Path(__file__).parent / "static" / "board"
PAGE = (STATIC / "board.html").read_bytes()


@get(["/", "/board"], include_in_schema=False, media_type=MediaType.HTML)
async def board_page() -> Response[bytes]:
    """The board's page; its scripts and styles come from `/board/static/`."""
    return Response(PAGE, media_type=MediaType.HTML)


@post(
    "/board/state/{game:str}",
    include_in_schema=False,
    status_code=200,
    guards=[known_game, json_body],
)
async def board_state(game: GameName, request: Request[Any, Any, Any]) -> Response[bytes]:
    """`{"position"}` -> the engine's canonical position, with `state` (for `view`: that
    seat's view of it)."""
    body = await request.body()
    text = await anyio.to_thread.run_sync(_solver.call, game, "canonical", body)
    return Response(text.encode(), media_type=MediaType.JSON)


BOARD_ROUTES: list[ControllerRouterHandler] = [
    board_page,
    board_state,
    create_static_files_router(
        path="/board/static", directories=[STATIC], include_in_schema=False, name="board-static"
    ),
]
