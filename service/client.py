"""A Python client of the service, sync (`Client`) and async (`AsyncClient`), over httpx.

Answers are decoded into the Structs of `service.schemas` (`DealResponse`, `PlayResponse`,
`AnalyzeResponse`...); positions go back as they came (a `Position`, or any JSON mapping), and
a position's game is read from the position itself. An error answer raises a `ServiceError`
subclass chosen by its status, carrying the problem details and their `errors[]`:

    with Client("http://127.0.0.1:8000") as service:
        position = service.deal("marjapussi", variant="huutopussi", seed=7).position
        turn = service.play(position, "best", time_ms=100)   # a bot's turn in one call
        print(turn.played, turn.value)

`view(position, seat)` answers a seat's view; `read_record`, `pbn` and `analyze_record` take a
played hand as `record=` (JSON), `pbn=` or `lin=` (bridge text). `batch(items)` streams the
NDJSON lines of `POST /v1/analyze/batch` as the server finishes them (`BatchLine`);
`batch_lines(items)` gives the raw lines.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypedDict, TypeVar, Unpack

import httpx
import msgspec

from service.schemas import (
    AnalyzeResponse,
    BatchLine,
    Budget,
    Catalogue,
    DealResponse,
    FieldError,
    LegalMovesResponse,
    PbnAnswer,
    PlayResponse,
    Position,
    ProblemDetails,
    RecordAnalysis,
    RecordAnswer,
    ViewResponse,
)

T = TypeVar("T")
PositionLike = Position | Mapping[str, Any]
DEFAULT_URL = "http://127.0.0.1:8000"
BATCH_PATH = "/v1/analyze/batch"
JSON_HEADERS = {"content-type": "application/json"}


class DealFields(TypedDict, total=False):
    """What a deal may be given (`POST /v1/{game}/deal`)."""

    variant: str
    seed: int
    options: dict[str, Any]
    dealer: int
    match: dict[str, Any]


class TurnFields(TypedDict, total=False):
    """The analysis of a `best` move: `time_ms` is the budget's, a shortcut."""

    time_ms: int
    method: str
    budget: Budget
    seed: int


class AnalysisFields(TurnFields, total=False):
    """What an analysis may be given besides its position (`POST /v1/{game}/analyze`)."""

    perspective: int
    rollout: str


class RecordFields(TypedDict, total=False):
    """A record, as exactly one of: `record` (JSON, any game), `pbn` or `lin` (bridge text)."""

    record: Mapping[str, Any]
    pbn: str
    lin: str


class RecordAnalysisFields(RecordFields, total=False):
    """A record and the analysis of each of its positions (`POST /v1/records/analyze`)."""

    time_ms: int
    method: str
    budget: Budget
    perspective: int
    seed: int


class ServiceError(Exception):
    """An answer that is not a success: its status and problem details (RFC 9457)."""

    def __init__(self, status: int, problem: ProblemDetails) -> None:
        super().__init__(f"{status} {problem.title}: {problem.detail}")
        self.status = status
        self.problem = problem

    @property
    def errors(self) -> list[FieldError]:
        """Every problem of the request, each with its path from the body's root."""
        return self.problem.errors


class BadRequestError(ServiceError):
    """400, 413 or 415: the body is not JSON, too large, or declared as something else."""


class NotFoundError(ServiceError):
    """404: no such game (or route)."""


class InvalidRequestError(ServiceError):
    """422: JSON of the wrong shape, or a position, option or move the rules reject."""


class OverloadedError(ServiceError):
    """503: every solve thread is busy and the queue is full; retry after `retry_after` s."""

    retry_after: float | None = None


class ServerError(ServiceError):
    """500 or any other status: the service failed."""


ERRORS_BY_STATUS: dict[int, type[ServiceError]] = {
    400: BadRequestError,
    404: NotFoundError,
    413: BadRequestError,
    415: BadRequestError,
    422: InvalidRequestError,
    503: OverloadedError,
}


def service_error(answer: httpx.Response) -> ServiceError:
    """The exception for an error answer (its body read already)."""
    try:
        problem = msgspec.json.decode(answer.content, type=ProblemDetails)
    except msgspec.DecodeError:
        problem = ProblemDetails(
            type="about:blank",
            title=answer.reason_phrase,
            status=answer.status_code,
            detail=answer.text[:500],
            instance=answer.request.url.path,
        )
    error = ERRORS_BY_STATUS.get(answer.status_code, ServerError)(answer.status_code, problem)
    if isinstance(error, OverloadedError) and "retry-after" in answer.headers:
        error.retry_after = float(answer.headers["retry-after"])
    return error


def game_of(position: PositionLike) -> str:
    game = position.game if isinstance(position, Position) else position.get("game")
    if not isinstance(game, str):
        raise ValueError("the position names no game")
    return game


def present(**fields: Any) -> dict[str, Any]:
    """The fields that are given (not None): the engine takes an absent field as its default."""
    return {name: value for name, value in fields.items() if value is not None}


def budget_of(budget: Budget | None, time_ms: int | None) -> Budget | None:
    """`budget` with `time_ms` set, when given (the shortcut of most calls)."""
    if time_ms is None:
        return budget
    return msgspec.structs.replace(budget or Budget(), time_ms=time_ms)


@dataclass(frozen=True, slots=True)
class Call(Generic[T]):
    """One request and the type of its answer; both clients send it."""

    method: str
    path: str
    answer: type[T]
    body: dict[str, Any] | None = None

    @property
    def content(self) -> bytes | None:
        return None if self.body is None else msgspec.json.encode(self.body)

    def decode(self, answer: httpx.Response) -> T:
        if answer.status_code != 200:
            raise service_error(answer)
        return msgspec.json.decode(answer.content, type=self.answer)


def deal_call(game: str, fields: DealFields) -> Call[DealResponse]:
    return Call("POST", f"/v1/{game}/deal", DealResponse, present(**fields))


def legal_moves_call(position: PositionLike) -> Call[LegalMovesResponse]:
    body = {"position": position}
    return Call("POST", f"/v1/{game_of(position)}/legal-moves", LegalMovesResponse, body)


def analysis_body(position: PositionLike, fields: TurnFields | AnalysisFields) -> dict[str, Any]:
    """The position and the analysis's fields, `time_ms` moved into the budget."""
    given = {k: v for k, v in fields.items() if k != "time_ms"}
    given["budget"] = budget_of(fields.get("budget"), fields.get("time_ms"))
    return {"position": position, **present(**given)}


def play_call(position: PositionLike, move: str, fields: TurnFields) -> Call[PlayResponse]:
    """A play; with move `best`, the analysis's method, budget and seed go with it."""
    body = {**analysis_body(position, fields), "move": move}
    return Call("POST", f"/v1/{game_of(position)}/play", PlayResponse, body)


def analyze_call(position: PositionLike, fields: AnalysisFields) -> Call[AnalyzeResponse]:
    body = analysis_body(position, fields)
    return Call("POST", f"/v1/{game_of(position)}/analyze", AnalyzeResponse, body)


def view_call(position: PositionLike, seat: int) -> Call[ViewResponse]:
    body = {"position": position, "seat": seat}
    return Call("POST", f"/v1/{game_of(position)}/view", ViewResponse, body)


def read_record_call(fields: RecordFields) -> Call[RecordAnswer]:
    return Call("POST", "/v1/records/read", RecordAnswer, present(**fields))


def pbn_call(fields: RecordFields) -> Call[PbnAnswer]:
    return Call("POST", "/v1/records/pbn", PbnAnswer, present(**fields))


def analyze_record_call(fields: RecordAnalysisFields) -> Call[RecordAnalysis]:
    given = {k: v for k, v in fields.items() if k != "time_ms"}
    given["budget"] = budget_of(fields.get("budget"), fields.get("time_ms"))
    return Call("POST", "/v1/records/analyze", RecordAnalysis, present(**given))


def games_call() -> Call[Catalogue]:
    return Call("GET", "/v1/games", Catalogue)


def batch_body(items: Iterable[Mapping[str, Any]]) -> bytes:
    """A batch request: each item as the body of /analyze, with `game` (or its position's)."""
    return msgspec.json.encode({"positions": list(items)})


def raise_unless_ok(answer: httpx.Response) -> None:
    if answer.status_code != 200:
        raise service_error(answer)


class Client:
    """The service, called synchronously. Use it as a context manager, or `close()` it."""

    def __init__(self, url: str = DEFAULT_URL, *, timeout: float | None = 60.0) -> None:
        self.http = httpx.Client(base_url=url, timeout=timeout, headers=JSON_HEADERS)

    def send(self, call: Call[T]) -> T:
        return call.decode(self.http.request(call.method, call.path, content=call.content))

    def games(self) -> Catalogue:
        return self.send(games_call())

    def deal(self, game: str, **fields: Unpack[DealFields]) -> DealResponse:
        """A new hand: `variant`, `seed`, `options`, `dealer`, `match`, all optional."""
        return self.send(deal_call(game, fields))

    def legal_moves(self, position: PositionLike) -> LegalMovesResponse:
        return self.send(legal_moves_call(position))

    def play(self, position: PositionLike, move: str, **turn: Unpack[TurnFields]) -> PlayResponse:
        """Plays `move`; `"best"` analyses first (`time_ms`, `method`, `budget`, `seed`)."""
        return self.send(play_call(position, move, turn))

    def analyze(self, position: PositionLike, **fields: Unpack[AnalysisFields]) -> AnalyzeResponse:
        """Every legal move scored: `time_ms`, `method`, `budget`, `perspective`, `seed`."""
        return self.send(analyze_call(position, fields))

    def view(self, position: PositionLike, seat: int) -> ViewResponse:
        """`seat`'s view of a complete position: what it cannot see as counts."""
        return self.send(view_call(position, seat))

    def read_record(self, **record: Unpack[RecordFields]) -> RecordAnswer:
        """A record (`record=`, `pbn=` or `lin=`) as the engine's checked JSON record."""
        return self.send(read_record_call(record))

    def pbn(self, **record: Unpack[RecordFields]) -> str:
        """A bridge record (`record=`, `pbn=` or `lin=`) written as PBN text."""
        return self.send(pbn_call(record)).pbn

    def analyze_record(self, **fields: Unpack[RecordAnalysisFields]) -> RecordAnalysis:
        """Every move of a record scored by the analysis before it: its value, the best
        move's, the loss (`time_ms`, `method`, `budget` per position, `perspective`)."""
        return self.send(analyze_record_call(fields))

    def batch_lines(self, items: Iterable[Mapping[str, Any]]) -> Iterator[bytes]:
        """The batch answer's NDJSON lines, as they come; ServiceError if it is refused."""
        with self.http.stream("POST", BATCH_PATH, content=batch_body(items)) as answer:
            if answer.status_code != 200:
                answer.read()
                raise_unless_ok(answer)
            for line in answer.iter_lines():
                yield line.encode()

    def batch(self, items: Iterable[Mapping[str, Any]]) -> Iterator[BatchLine]:
        """One `BatchLine` per item, in the order the server finishes them."""
        for line in self.batch_lines(items):
            yield msgspec.json.decode(line, type=BatchLine)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class AsyncClient:
    """The service, called from asyncio or trio. Use it as an async context manager."""

    def __init__(self, url: str = DEFAULT_URL, *, timeout: float | None = 60.0) -> None:
        self.http = httpx.AsyncClient(base_url=url, timeout=timeout, headers=JSON_HEADERS)

    async def send(self, call: Call[T]) -> T:
        answer = await self.http.request(call.method, call.path, content=call.content)
        return call.decode(answer)

    async def games(self) -> Catalogue:
        return await self.send(games_call())

    async def deal(self, game: str, **fields: Unpack[DealFields]) -> DealResponse:
        """A new hand: `variant`, `seed`, `options`, `dealer`, `match`, all optional."""
        return await self.send(deal_call(game, fields))

    async def legal_moves(self, position: PositionLike) -> LegalMovesResponse:
        return await self.send(legal_moves_call(position))

    async def play(
        self, position: PositionLike, move: str, **turn: Unpack[TurnFields]
    ) -> PlayResponse:
        """Plays `move`; `"best"` analyses first (`time_ms`, `method`, `budget`, `seed`)."""
        return await self.send(play_call(position, move, turn))

    async def analyze(
        self, position: PositionLike, **fields: Unpack[AnalysisFields]
    ) -> AnalyzeResponse:
        """Every legal move scored: `time_ms`, `method`, `budget`, `perspective`, `seed`."""
        return await self.send(analyze_call(position, fields))

    async def view(self, position: PositionLike, seat: int) -> ViewResponse:
        """`seat`'s view of a complete position: what it cannot see as counts."""
        return await self.send(view_call(position, seat))

    async def read_record(self, **record: Unpack[RecordFields]) -> RecordAnswer:
        """A record (`record=`, `pbn=` or `lin=`) as the engine's checked JSON record."""
        return await self.send(read_record_call(record))

    async def pbn(self, **record: Unpack[RecordFields]) -> str:
        """A bridge record (`record=`, `pbn=` or `lin=`) written as PBN text."""
        return (await self.send(pbn_call(record))).pbn

    async def analyze_record(self, **fields: Unpack[RecordAnalysisFields]) -> RecordAnalysis:
        """Every move of a record scored by the analysis before it: its value, the best
        move's, the loss (`time_ms`, `method`, `budget` per position, `perspective`)."""
        return await self.send(analyze_record_call(fields))

    async def batch_lines(self, items: Iterable[Mapping[str, Any]]) -> AsyncIterator[bytes]:
        """The batch answer's NDJSON lines, as they come; ServiceError if it is refused."""
        async with self.http.stream("POST", BATCH_PATH, content=batch_body(items)) as answer:
            if answer.status_code != 200:
                await answer.aread()
                raise_unless_ok(answer)
            async for line in answer.aiter_lines():
                yield line.encode()

    async def batch(self, items: Iterable[Mapping[str, Any]]) -> AsyncIterator[BatchLine]:
        """One `BatchLine` per item, in the order the server finishes them."""
        async for line in self.batch_lines(items):
            yield msgspec.json.decode(line, type=BatchLine)

    async def aclose(self) -> None:
        await self.http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()
