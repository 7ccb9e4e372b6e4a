"""A played record analysed move by move, as DDS's AnalysePlayPBN does for bridge.

Each position before a move of the record is analysed through the service's own analysis path
(`Analyzer.analyze`: cache, solve slots, the deal's table carried from one position to the
next), one after the other, as batch work (after any single analysis). Each move gets the value
it kept, the value of the best move there, and what it lost against it, for the side that
moved. Values are for one side throughout when a perspective is given (bridge: the declarer,
by default), else each for the side that moved. `POST /v1/records/analyze` answers it; an item
of `POST /v1/analyze/batch` (and a line of `python -m service analyze`) that gives a record is
analysed the same way. Reading the request's record (`record`, `pbn` or `lin`) is here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anyio.to_thread
import msgspec

from service.analysis import Analyzer, line_head
from service.bridge_records import read_lin, read_pbn
from service.errors import INVALID, ProblemError, invalid_field
from service.records import RECORD_FORMATS, Parsed, Source, json_record, replayed
from service.schemas import (
    AnalyzeResponse,
    FieldError,
    Record,
    RecordAnalysis,
    RecordMove,
    RecordStats,
)

# The analysis request's fields that each position's analysis takes as they are.
ANALYSIS_FIELDS = ("method", "budget", "seed", "rollout")


def given_format(body: dict[str, Any]) -> str:
    """Which one of `record`, `pbn`, `lin` a request gives."""
    given = [name for name in RECORD_FORMATS if body.get(name) is not None]
    if len(given) != 1:
        named = ", ".join(given) or "none"
        message = f"give exactly one of record, pbn, lin; given: {named}"
        raise ProblemError(
            422, message, type_=INVALID, errors=[FieldError(path="", message=message)]
        )
    return given[0]


def parse_request(body: dict[str, Any]) -> Parsed:
    """The record a request gives, read but not replayed."""
    kind = given_format(body)
    value = body[kind]
    if kind == "record":
        return json_record(value)
    if not isinstance(value, str):
        raise invalid_field(kind, f"expected the {kind.upper()} record as text")
    return read_pbn(value) if kind == "pbn" else read_lin(value)


def read_request(body: dict[str, Any]) -> tuple[dict[str, Any], Source]:
    """The canonical record a request gives and where its parts came from (engine calls:
    run it in a worker thread)."""
    parsed = parse_request(body)
    return replayed(parsed), parsed.source


async def read_record(body: dict[str, Any]) -> tuple[dict[str, Any], Source]:
    return await anyio.to_thread.run_sync(read_request, body)


def default_perspective(record: dict[str, Any], body: dict[str, Any]) -> int | None:
    """The perspective asked; bridge's declarer when none is."""
    if body.get("perspective") is not None:
        return int(body["perspective"])
    if record["game"] == "bridge":
        return int(record["options"]["declarer"])
    return None


def move_entry(ply: int, move: str, answer: AnalyzeResponse) -> RecordMove:
    """The move played at `ply` as the analysis before it scored it."""
    played = next((m for m in answer.moves if m.move == move), None)
    value = played.value if played else None
    loss = None
    if value is not None and answer.value is not None:
        for_mover = answer.decides in answer.perspective.seats
        loss = round(answer.value - value if for_mover else value - answer.value, 3)
    return RecordMove(
        ply=ply,
        move=move,
        seat=answer.decides,
        value=value,
        low=played.low if played else None,
        high=played.high if played else None,
        certainty=played.certainty if played else None,
        best_move=answer.best_move,
        best_value=answer.value,
        loss=loss,
    )


async def analyze_record(analyzer: Analyzer, body: dict[str, Any]) -> RecordAnalysis:
    """Every move of the record a request gives, scored by the analysis before it."""
    record, source = await read_record(body)
    moves = record["moves"]
    if not moves:
        raise source.problem("", "the record has no moves: nothing to analyse")
    limit = analyzer.settings.max_batch_positions
    if len(moves) > limit:
        raise source.problem("", f"{len(moves)} moves; this service analyses at most {limit}")
    perspective = default_perspective(record, body)
    asked = {k: body[k] for k in ANALYSIS_FIELDS if body.get(k) is not None}
    if perspective is not None:
        asked["perspective"] = perspective
    position = {k: v for k, v in record.items() if k != "tags"}
    entries, answers = [], []
    for ply, move in enumerate(moves):
        request = {"position": {**position, "moves": moves[:ply]}, **asked}
        answer = await analyzer.analyze(record["game"], request, priority="batch")
        decoded = msgspec.json.decode(answer.body, type=AnalyzeResponse)
        answers.append((decoded, answer.cache))
        entries.append(move_entry(ply, move, decoded))
    return summary(record, perspective, entries, answers)


def summary(
    record: dict[str, Any],
    perspective: int | None,
    entries: list[RecordMove],
    answers: Sequence[tuple[AnalyzeResponse, str]],
) -> RecordAnalysis:
    first = answers[0][0]
    values = None
    if perspective is not None:
        values = [entries[0].best_value, *(entry.value for entry in entries)]
    return RecordAnalysis(
        record=msgspec.convert(record, Record),
        method=first.method,
        unit=first.unit,
        perspective=perspective,
        values=values,
        moves=entries,
        exact=all(answer.exact for answer, _ in answers),
        stats=RecordStats(
            positions=len(answers),
            nodes=sum(answer.stats.nodes or 0 for answer, _ in answers),
            time_ms=round(sum(answer.stats.time_ms for answer, _ in answers), 3),
            cache_hits=sum(cache == "hit" for _, cache in answers),
        ),
    )


def is_record_item(item: dict[str, Any]) -> bool:
    """Whether a batch item gives a record (`record`, `pbn`, `lin`, or is one)."""
    return any(name in item for name in RECORD_FORMATS) or (
        "position" not in item and "deal" in item and "moves" in item
    )


async def record_line(analyzer: Analyzer, index: int, item: dict[str, Any]) -> bytes:
    """The batch line of an item that gives a record: its analysis as `record`."""
    given = {k: v for k, v in item.items() if k != "id"}
    body = given if any(name in given for name in RECORD_FORMATS) else {"record": given}
    analysis = await analyze_record(analyzer, body)
    head = line_head(index, item.get("id"))
    game = msgspec.json.encode(analysis.record.game)
    return head + b'"status":200,"game":%s,"record":%s}\n' % (game, msgspec.json.encode(analysis))
