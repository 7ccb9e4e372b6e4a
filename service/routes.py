"""The HTTP routes: the rules as a service (`/v1/...`) and the operational endpoints.

Each `/v1/{game}/...` request is answered by one `_solver.call` in a worker thread (the engine
releases the GIL) with the raw request body (an analysis whose client disconnects gives its place
in the queue up, or stops its solve and frees its thread); the engine's JSON text is sent back as
it is, never decoded and encoded again. Litestar first checks the envelope of the body against
the Structs of `service.schemas` (which also document it in OpenAPI); everything else is the
engine's to judge.
"""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from types import UnionType
from typing import Annotated, Any, TypeVar, cast

import anyio
import anyio.to_thread
import msgspec
from litestar import Litestar, MediaType, Request, Response, Router, get, post
from litestar.connection import ASGIConnection
from litestar.enums import RequestEncodingType
from litestar.exceptions import ServiceUnavailableException
from litestar.handlers import BaseRouteHandler
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import BodyKwarg, Parameter
from litestar.response import Stream
from litestar.types import ControllerRouterHandler

from service import _solver
from service.analysis import Analyzer
from service.batch import BATCH_PATH, analyze_stream
from service.errors import (
    HTTP_ERROR,
    PROBLEM_JSON,
    UNSUPPORTED_MEDIA,
    ProblemError,
    UnknownGameError,
    invalid_field,
)
from service.limits import beside
from service.metrics import MEDIA_TYPE, exposition
from service.schemas import (
    AnalyzeRequest,
    AnalyzeResponse,
    BatchLine,
    BatchRequest,
    Catalogue,
    DealRequest,
    DealResponse,
    Health,
    LegalMovesResponse,
    PlayRequest,
    PlayResponse,
    PositionRequest,
    ProblemDetails,
    Readiness,
    TableResponse,
    ViewRequest,
    ViewResponse,
)
from service.turn import BEST_MOVE, best_turn


@dataclass(frozen=True, slots=True)
class GameCatalogue:
    """The engine's catalogue, read once at start: its JSON text as served, and the game names."""

    json: bytes
    names: tuple[str, ...]

    @classmethod
    def load(cls) -> GameCatalogue:
        text = _solver.games()
        parsed = msgspec.json.decode(text, type=Catalogue)
        return cls(json=text.encode(), names=tuple(game.name for game in parsed.games))


def catalogue_of(app: Litestar) -> GameCatalogue:
    catalogue = app.state.catalogue
    assert isinstance(catalogue, GameCatalogue)
    return catalogue


def analyzer_of(app: Litestar) -> Analyzer:
    analyzer = app.state.analyzer
    assert isinstance(analyzer, Analyzer)
    return analyzer


# The checks are coroutines although they never wait: Litestar runs a plain function guard or
# hook in a worker thread (`sync_to_thread`), a handoff that costs more than a rules call. The
# routes here run them as `before_request` hooks, which come before the body is read as guards
# do, without the copy of the route handler that Litestar makes for each guard it calls.


async def known_game(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
    """Guard: a `{game}` that the engine does not serve is a 404, before the body is read."""
    game = connection.path_params["game"]
    names = catalogue_of(connection.app).names
    if game not in names:
        raise UnknownGameError(detail=f"no game '{game}'; the games are: {', '.join(names)}")


# `Content-Type` values sent by nearly every client, accepted without parsing the headers.
PLAIN_JSON = (b"application/json", b"application/json; charset=utf-8")


def plainly_json(connection: ASGIConnection[Any, Any, Any, Any]) -> bool:
    """Whether the request has no `Content-Type` or one of `PLAIN_JSON` (read from the raw
    headers: building Litestar's `Headers` and parsing the media type cost more)."""
    declared = [value for name, value in connection.scope["headers"] if name == b"content-type"]
    return not declared or (len(declared) == 1 and declared[0].lower() in PLAIN_JSON)


async def json_body(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
    """Guard: a body declared as anything but UTF-8 JSON (`application/json`, `...+json`) is a
    415 before it is read; no `Content-Type` at all is taken as JSON."""
    if plainly_json(connection):
        return
    if not isinstance(connection, Request) or not connection.headers.get("content-type"):
        return
    media_type, options = connection.content_type
    is_json = media_type == "application/json" or (
        media_type.startswith("application/") and media_type.endswith("+json")
    )
    if not is_json or options.get("charset", "utf-8").lower() not in ("utf-8", "utf8"):
        declared = connection.headers["content-type"]
        raise ProblemError(
            415,
            f"the body is declared as {declared!r}; send application/json",
            type_=UNSUPPORTED_MEDIA,
        )


# A rules call on a body up to this size (a hand's position is 1-3 KB) runs on the event loop:
# it takes tens of microseconds, less than the handoff to a worker thread and back (measured
# with `python -m benchmarks.service`); a larger body, whose parse could hold the loop up for
# milliseconds, still goes to a thread.
INLINE_BODY_BYTES = 16 * 1024


async def game_request(request: Request[Any, Any, Any]) -> None:
    """Before each `/v1/{game}/...` handler: `known_game`, then `json_body`."""
    await known_game(request, request.route_handler)
    await json_body(request, request.route_handler)


async def json_request(request: Request[Any, Any, Any]) -> None:
    """Before the batch handler: `json_body`."""
    await json_body(request, request.route_handler)


async def solve(request: Request[Any, Any, Any], game: str, route: str) -> Response[bytes]:
    """One engine call on the raw body, on the event loop when the body is small, else in a
    worker thread; the answer is passed through."""
    body = await request.body()
    if len(body) <= INLINE_BODY_BYTES:
        text = _solver.call(game, route, body)
    else:
        text = await anyio.to_thread.run_sync(_solver.call, game, route, body)
    return Response(text.encode(), media_type=MediaType.JSON)


def problem_specs(*statuses: int) -> dict[int, ResponseSpec]:
    meaning = {
        400: "The body is not JSON.",
        404: "No game of that name.",
        413: "The body is larger than the limit.",
        415: "The body is declared as something other than JSON (`Content-Type`).",
        422: "The request is JSON but wrong; `errors` lists every problem with its path.",
        500: "The engine failed.",
        503: "Every solve slot is busy and the queue is full: retry after `Retry-After` seconds.",
    }
    return {
        status: ResponseSpec(
            data_container=ProblemDetails,
            media_type=PROBLEM_JSON,
            description=meaning[status],
            generate_examples=False,
        )
        for status in statuses
    }


def answer_specs(
    model: type[msgspec.Struct] | UnionType, description: str
) -> dict[int, ResponseSpec]:
    # A union of Structs documents as oneOf; Litestar's annotation names only single types.
    container = cast("type[Any]", model)
    success = ResponseSpec(
        data_container=container, description=description, generate_examples=False
    )
    return {200: success, **problem_specs(400, 404, 413, 415, 422, 500)}


GameName = Annotated[str, Parameter(description="The game, as listed by GET /v1/games.")]

# A JSON body: Litestar checks its envelope against the Struct and documents it; the handler then
# passes the raw bytes to the engine. The same as `litestar.params.JSONBody`, new in Litestar 2.25.
T = TypeVar("T")
JSONBody = Annotated[T, BodyKwarg(media_type=RequestEncodingType.JSON)]


@post(
    "/deal",
    operation_id="deal",
    status_code=200,
    responses=answer_specs(DealResponse, "The new position."),
)
async def deal(
    game: GameName, data: JSONBody[DealRequest], request: Request[Any, Any, Any]
) -> Response[bytes]:
    """Deals a new hand from a seed: the same seed and options give the same position."""
    return await solve(request, game, "deal")


@post(
    "/legal-moves",
    operation_id="legalMoves",
    status_code=200,
    responses=answer_specs(LegalMovesResponse, "The seat to move and its legal moves."),
)
async def legal_moves(
    game: GameName, data: JSONBody[PositionRequest], request: Request[Any, Any, Any]
) -> Response[bytes]:
    """Lists the legal moves of the seat to move, in every phase (bids, exchanges, card play)."""
    return await solve(request, game, "legal-moves")


@post(
    "/play",
    operation_id="play",
    status_code=200,
    responses={
        **answer_specs(PlayResponse, "The position after the move, and the result once over."),
        **problem_specs(503),
    },
)
async def play(
    game: GameName, data: JSONBody[PlayRequest], request: Request[Any, Any, Any]
) -> Response[bytes]:
    """Plays one move, checked: an illegal move is a 422 that lists the legal ones.

    `"move": "best"` plays the best move of an analysis (`method`, `budget`, `seed` as for
    /analyze) and answers its `value` and the `analysis` too: a bot's turn in one call.
    """
    if data.move != BEST_MOVE:
        return await solve(request, game, "play")
    body = msgspec.json.decode(await request.body())
    answer = await unless_disconnected(request, best_turn(analyzer_of(request.app), game, body))
    return Response(answer, media_type=MediaType.JSON)


@post(
    "/view",
    operation_id="view",
    status_code=200,
    responses=answer_specs(ViewResponse, "The seat's view of the position."),
)
async def view(
    game: GameName, data: JSONBody[ViewRequest], request: Request[Any, Any, Any]
) -> Response[bytes]:
    """One seat's view of a complete position, as the analysis of views takes it: the cards
    the seat does not see as counts, the moves it did not see in their hidden notation."""
    return await solve(request, game, "view")


async def repeated_analysis(request: Request[Any, Any, Any]) -> Response[bytes] | None:
    """Answers an analysis whose body is byte for byte one answered before, from the cache,
    before Litestar decodes and checks the body again (a bot or hint app asking again)."""
    game = str(request.path_params["game"])
    answer = await analyzer_of(request.app).repeated_answer(game, await request.body())
    return None if answer is None else Response(answer.body, media_type=MediaType.JSON)


@post(
    "/analyze",
    operation_id="analyze",
    status_code=200,
    before_request=repeated_analysis,
    responses={
        **answer_specs(
            AnalyzeResponse | TableResponse,
            "Every legal move with its value, the best move; for a bridge table request "
            "(`table: true`) the deal's tricks for every strain and declarer.",
        ),
        **problem_specs(503),
    },
)
async def analyze(
    game: GameName, data: JSONBody[AnalyzeRequest], request: Request[Any, Any, Any]
) -> Response[bytes]:
    """Scores every legal move, within a budget: a complete position by the exact search, one
    seat's view (`position.view`) by PIMC or ISMCTS, its bids in an auction and its choices
    before the play by the play they lead to (`method`: exact, pimc, ismcts, bids or auto).

    The answer names the method used and says whether it came from the cache (`cache`: hit,
    miss, or bypassed when Redis was not usable). The time budget may not exceed the service's
    `MAX_TIME_MS`; a view's sampled answer depends only on `seed` when `reproducible`.
    """
    raw = await request.body()
    body = msgspec.json.decode(raw)
    analyzer = analyzer_of(request.app)
    answer = await analyzer.answered_before(game, body)  # a hit needs no disconnect watch
    if answer is None:
        answer = await unless_disconnected(request, analyzer.analyze(game, body))
    analyzer.remember_body(game, raw, body)
    return Response(answer.body, media_type=MediaType.JSON)


async def unless_disconnected(request: Request[Any, Any, Any], work: Awaitable[T]) -> T:
    """`work`, cancelled if the client disconnects first: an analysis waiting for a solve
    thread gives its queue place up at once; one that is running has its engine told to stop
    (`SolveSlots.in_thread`) and frees its thread within milliseconds. What `work` raises is
    raised as it is."""
    outcome = await beside(work, lambda scope: cancel_on_disconnect(request, scope))
    if not outcome:
        raise ProblemError(400, "the client disconnected before its answer", type_=HTTP_ERROR)
    return outcome[0]


async def cancel_on_disconnect(request: Request[Any, Any, Any], scope: anyio.CancelScope) -> None:
    """Waits for the ASGI server to say the client has gone (its body read already)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass
    scope.cancel()


@post(
    BATCH_PATH,
    operation_id="analyzeBatch",
    status_code=200,
    tags=["analysis"],
    before_request=json_request,
    responses={
        200: ResponseSpec(
            data_container=BatchLine,
            media_type="application/x-ndjson",
            description="One JSON line per position, as each finishes: `index`, `status`, and "
            "`answer` (as from /v1/{game}/analyze) or `problem` (problem details).",
            generate_examples=False,
        ),
        **problem_specs(400, 413, 415, 422),
    },
)
async def analyze_batch(data: JSONBody[BatchRequest], request: Request[Any, Any, Any]) -> Stream:
    """Analyses many positions of any games; streams NDJSON answers as they finish."""
    analyzer = analyzer_of(request.app)
    limit = analyzer.settings.max_batch_positions
    if len(data.positions) > limit:
        raise invalid_field(
            "positions", f"{len(data.positions)} positions; this service takes at most {limit}"
        )
    return Stream(analyze_stream(analyzer, data.positions), media_type="application/x-ndjson")


@get(
    "/v1/games",
    operation_id="games",
    responses={200: ResponseSpec(Catalogue, generate_examples=False)},
    tags=["rules"],
)
async def games(request: Request[Any, Any, Any]) -> Response[bytes]:
    """The games, their variants and options, player counts and phases."""
    return Response(catalogue_of(request.app).json, media_type=MediaType.JSON)


@get("/health", operation_id="health", tags=["operations"])
async def health(request: Request[Any, Any, Any]) -> Health:
    """Liveness: the process answers; also the state of Redis, which is never required."""
    redis = await analyzer_of(request.app).cache.redis_state()
    return Health(status="ok", engine_version=_solver.ENGINE_VERSION, redis=redis)


@get(
    "/metrics",
    operation_id="metrics",
    tags=["operations"],
    media_type=MediaType.TEXT,
    responses={
        200: ResponseSpec(
            str,
            media_type="text/plain",
            description="The Prometheus text exposition format.",
            generate_examples=False,
        )
    },
)
async def metrics() -> Response[bytes]:
    """Prometheus metrics of every worker process, in the text exposition format."""
    return Response(exposition(), media_type=MEDIA_TYPE)


@get(
    "/ready",
    operation_id="ready",
    tags=["operations"],
    responses={
        503: ResponseSpec(
            ProblemDetails,
            media_type=PROBLEM_JSON,
            description="The engine does not answer.",
            generate_examples=False,
        )
    },
)
async def ready(request: Request[Any, Any, Any]) -> Readiness:
    """Readiness: the engine answers a deal for every game it lists."""
    for game in catalogue_of(request.app).names:
        try:
            await anyio.to_thread.run_sync(_solver.call, game, "deal", b"{}")
        except _solver.SolverError as exc:
            raise ServiceUnavailableException(f"the engine cannot deal {game}: {exc}") from exc
    return Readiness(status="ready")


game_routes = Router(
    path="/v1/{game:str}",
    before_request=game_request,
    tags=["rules"],
    route_handlers=[deal, legal_moves, play, view, analyze],
)
ROUTE_HANDLERS: list[ControllerRouterHandler] = [
    games,
    game_routes,
    analyze_batch,
    health,
    ready,
    metrics,
]
