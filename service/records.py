"""Played hands as records: one JSON object per hand, for every game, and where each part of
a record came from, so that the engine's verdict on it names a line of the text sent.

A record is `{"version": 1, "game", "variant", "options", "deal", "moves", "tags"}`: a position
as the API takes it (the hand as dealt and every move since, no view, no snapshot) and `tags`,
free text kept with the hand (a PBN file's Event, Board, Auction, Contract, Result...). A
request gives it as `record` (JSON), or for bridge as `pbn` or `lin` text
(`service.bridge_records`). Every record is replayed by the engine (`play` of its last move),
which checks every move and answers the canonical record: every option's value, the moves in
the game's notation, bridge's deal as both `hands` and `pbn`. A problem that the engine finds
at `position.moves[12]` is reported at the request's field with the place in its text
(`pbn`: `line 14, [Play] card 'SQ': ...`), or at `record.moves[12]` for a JSON record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from service import _solver
from service.errors import INVALID, ProblemError, solver_problem, summarise
from service.schemas import FieldError

RECORD_FORMATS = ("record", "pbn", "lin")
POSITION_FIELDS = ("version", "game", "variant", "options", "deal", "moves")


@dataclass
class Source:
    """Where a record's parts are in the request: its field (`pbn`, `lin` or `record`) and,
    for a text, the place of the deal, each option and each move in it."""

    kind: str
    places: dict[str, str] = field(default_factory=dict)
    move_places: list[str] = field(default_factory=list)

    @property
    def is_text(self) -> bool:
        return self.kind != "record"

    def problem(self, place: str, message: str) -> ProblemError:
        """A 422 at this source's field, the message after its place in the text."""
        return record_problem([self.field_error(place, message)])

    def field_error(self, place: str, message: str) -> FieldError:
        if not self.is_text:
            return FieldError(path=f"record.{place}" if place else "record", message=message)
        return FieldError(path=self.kind, message=f"{place}: {message}" if place else message)

    def place_of(self, engine_path: str) -> str:
        """The place in the text of what the engine reports at `engine_path`."""
        inner = engine_path.removeprefix("position").lstrip(".")
        if not self.is_text:
            return inner
        if inner.startswith("moves[") and inner.endswith("]"):
            index = int(inner[len("moves[") : -1])
            if index < len(self.move_places):
                return self.move_places[index]
        head = inner.split(".")[0].split("[")[0]
        tail = inner.split(".")[-1]
        return self.places.get(tail) or self.places.get(head) or self.places.get("", "")

    def engine_problem(self, exc: Exception, moves_given: int | None = None) -> ProblemError:
        """The engine's error on a record (from this source) with its places; `move` (a
        play's move) is the record's move `moves_given - 1`."""
        problem = solver_problem(exc)
        if problem.status != 422:
            return problem
        errors = []
        for error in problem.errors:
            path = error.path
            if path == "move" and moves_given is not None:
                path = f"position.moves[{moves_given - 1}]"
            errors.append(self.field_error(self.place_of(path), error.message))
        return record_problem(errors)


def record_problem(errors: list[FieldError]) -> ProblemError:
    return ProblemError(422, summarise(errors), type_=INVALID, errors=errors)


@dataclass
class Parsed:
    """A record as read from a request, before the engine replays it."""

    record: dict[str, Any]
    source: Source


def position_of(record: dict[str, Any], moves: int | None = None) -> dict[str, Any]:
    """The record as a position: its deal and its first `moves` moves (all by default)."""
    position = {k: record[k] for k in POSITION_FIELDS if k in record}
    position["moves"] = list(record.get("moves", []))[:moves]
    return position


def engine(game: str, route: str, body: dict[str, Any]) -> dict[str, Any]:
    """One engine call on a JSON body; its JSON answer. Raises the engine's errors."""
    answer: dict[str, Any] = msgspec.json.decode(
        _solver.call(game, route, msgspec.json.encode(body))
    )
    return answer


def replayed(parsed: Parsed) -> dict[str, Any]:
    """The canonical record: the engine plays its last move on the others, checking every
    one (a record without moves: the engine's canonical variant and options, the deal as
    given)."""
    record, source = parsed.record, parsed.source
    moves = list(record.get("moves", []))
    game = record["game"]
    try:
        if not moves:
            position = engine(game, "canonical", {"position": position_of(record)})
            return {**record, "variant": position["variant"], "options": position["options"]}
        body = {"position": position_of(record, len(moves) - 1), "move": moves[-1]}
        position = engine(game, "play", body)["position"]
    except _solver.SolverError as exc:
        raise source.engine_problem(exc, len(moves)) from exc
    canonical = {k: position[k] for k in POSITION_FIELDS if k in position}
    return {**canonical, "tags": record.get("tags", {})}


# What a JSON record must be, field by field; the engine checks the rest.
RECORD_CHECKS: tuple[tuple[str, Callable[[dict[str, Any]], bool], str], ...] = (
    ("game", lambda r: isinstance(r.get("game"), str), "missing: the game, as in /v1/games"),
    ("view", lambda r: r.get("view") is None, "a record is a complete hand: no view"),
    ("moves", lambda r: isinstance(r.get("moves", []), list), "expected the list of moves"),
    (
        "tags",
        lambda r: (
            isinstance(r.get("tags", {}), dict)
            and all(isinstance(v, str) for v in r.get("tags", {}).values())
        ),
        "expected an object of text values, as {'Event': '...'}",
    ),
)


def json_record(value: Any) -> Parsed:
    """A record given as JSON (`record`)."""
    source = Source("record")
    if not isinstance(value, dict):
        raise source.problem("", "expected a record object: game, variant, options, deal, moves")
    for name, holds, message in RECORD_CHECKS:
        if not holds(value):
            raise source.problem(name, message)
    unknown = set(value) - {*POSITION_FIELDS, "tags", "view", "state"}
    if unknown:
        raise source.problem(sorted(unknown)[0], "not a record field")
    record = {k: value[k] for k in POSITION_FIELDS if k in value}
    return Parsed({**record, "tags": value.get("tags", {})}, source)
