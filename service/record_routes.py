"""Routes over played records (`service.records`, `service.record_analysis`): read one into
the JSON record, write a bridge record as PBN, and analyse a record move by move."""

from __future__ import annotations

from typing import Any

import anyio.to_thread
import msgspec
from litestar import MediaType, Request, Response, Router, post
from litestar.types import ControllerRouterHandler

from service.bridge_records import write_pbn
from service.record_analysis import analyze_record, given_format, read_record
from service.routes import (
    JSONBody,
    analyzer_of,
    answer_specs,
    json_body,
    problem_specs,
    unless_disconnected,
)
from service.schemas import (
    PbnAnswer,
    Record,
    RecordAnalysis,
    RecordAnalyzeRequest,
    RecordAnswer,
    RecordRequest,
)


@post(
    "/read",
    operation_id="readRecord",
    status_code=200,
    responses=answer_specs(RecordAnswer, "The record, replayed and checked by the engine."),
)
async def read(data: JSONBody[RecordRequest], request: Request[Any, Any, Any]) -> RecordAnswer:
    """Reads a record (JSON, or bridge's PBN or LIN text) into the JSON record of every game:
    every option's value, the moves in the game's notation, each checked by the engine."""
    body = msgspec.json.decode(await request.body())
    record, _ = await read_record(body)
    return RecordAnswer(format=given_format(body), record=msgspec.convert(record, Record))


@post(
    "/pbn",
    operation_id="writePbn",
    status_code=200,
    responses=answer_specs(PbnAnswer, "The bridge record as PBN text."),
)
async def pbn(data: JSONBody[RecordRequest], request: Request[Any, Any, Any]) -> PbnAnswer:
    """Writes a bridge record (JSON, PBN or LIN) as PBN: its tags, the deal, declarer,
    contract (the level from `tags.Contract`), result, auction and play section."""
    body = msgspec.json.decode(await request.body())
    record, source = await read_record(body)
    if record["game"] != "bridge":
        raise source.problem("game", "PBN holds bridge records only")
    text = await anyio.to_thread.run_sync(write_pbn, record, source)
    return PbnAnswer(pbn=text)


@post(
    "/analyze",
    operation_id="analyzeRecord",
    status_code=200,
    responses={
        **answer_specs(RecordAnalysis, "Every move with its value, the best, and the loss."),
        **problem_specs(503),
    },
)
async def analyze(
    data: JSONBody[RecordAnalyzeRequest], request: Request[Any, Any, Any]
) -> Response[bytes]:
    """Analyses a played hand move by move (DDS's AnalysePlayPBN for bridge): the value
    after every move and the value the best move would have kept, each position analysed
    as by /v1/{game}/analyze (`method`, `budget` per position, `perspective`, `seed`)."""
    body = msgspec.json.decode(await request.body())
    work = analyze_record(analyzer_of(request.app), body)
    analysis = await unless_disconnected(request, work)
    return Response(msgspec.json.encode(analysis), media_type=MediaType.JSON)


record_routes = Router(
    path="/v1/records", guards=[json_body], tags=["records"], route_handlers=[read, pbn, analyze]
)
RECORD_ROUTES: list[ControllerRouterHandler] = [record_routes]
