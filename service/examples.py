"""Examples for every route of the OpenAPI document, made by the engine itself at start.

A few engine calls (a deal, its legal moves, a move, the analysis of a late position) give
real requests and answers, so the examples never drift from what the service answers; every
game also gets a view request and a batch request of its own, from a deal of its default
variant.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
from litestar import Litestar
from litestar.openapi.spec import Example, OpenAPIMediaType, Operation, Reference

from service import _solver
from service.analysis import with_cache_field
from service.errors import solver_problem
from service.metrics import exposition


def engine(game: str, route: str, body: dict[str, Any]) -> Any:
    return json.loads(_solver.call(game, route, json.dumps(body).encode()))


def late_position() -> dict[str, Any]:
    """A Marjapussi position in trick play with three cards per hand: quick to analyse."""
    position = engine("marjapussi", "deal", {"variant": "marjapussi", "seed": 21})["position"]
    while len(position["state"]["hands"][position["state"]["to_move"]]) > 3:
        first = engine("marjapussi", "legal-moves", {"position": position})["moves"][0]
        position = engine("marjapussi", "play", {"position": position, "move": first})["position"]
    assert isinstance(position, dict)
    return position


def route_examples() -> dict[tuple[str, str], tuple[Any, Any]]:
    """(path, method) -> (request example or None, answer example)."""
    deal_request = {"variant": "huutopussi", "seed": 7}
    dealt = engine("marjapussi", "deal", deal_request)
    position = without_state(dealt["position"])
    position_request = {"position": position}
    legal = engine("marjapussi", "legal-moves", position_request)
    play_request = {"position": position, "move": legal["moves"][0]}
    view_request = {"position": position, "seat": 1}
    late = without_state(late_position())
    analyze_request = {"position": late, "method": "exact", "budget": {"time_ms": 2000}}
    analysis = _solver.call("marjapussi", "analyze", json.dumps(analyze_request).encode())
    answer = json.loads(with_cache_field(analysis.encode(), "miss"))
    try:
        engine("mustamaija", "analyze", {"position": {"game": "mustamaija"}})
        refused: Any = None
    except _solver.SolverError as exc:
        refused = solver_problem(exc).details("/v1/analyze/batch")
    batch_request = {
        "positions": [
            {"game": "marjapussi", **analyze_request},
            {"game": "mustamaija", "position": {"game": "mustamaija"}},
        ]
    }
    lines = [
        json.dumps({"index": 1, "status": 422, "problem": to_builtins(refused)}),
        json.dumps({"index": 0, "status": 200, "game": "marjapussi", "answer": answer}),
    ]
    metrics_text = b"\n".join(exposition().splitlines()[:12]).decode()
    version = _solver.ENGINE_VERSION
    return {
        ("/v1/{game}/deal", "post"): (deal_request, dealt),
        ("/v1/{game}/legal-moves", "post"): (position_request, legal),
        ("/v1/{game}/play", "post"): (play_request, engine("marjapussi", "play", play_request)),
        ("/v1/{game}/view", "post"): (view_request, engine("marjapussi", "view", view_request)),
        ("/v1/{game}/analyze", "post"): (analyze_request, answer),
        ("/v1/analyze/batch", "post"): (batch_request, "\n".join(lines) + "\n"),
        ("/v1/games", "get"): (None, json.loads(_solver.games())),
        ("/health", "get"): (None, {"status": "ok", "engine_version": version, "redis": "up"}),
        ("/ready", "get"): (None, {"status": "ready"}),
        ("/metrics", "get"): (None, metrics_text),
    }


def game_requests() -> dict[tuple[str, str], dict[str, Any]]:
    """(path, method) -> game -> a request of that game: the view of the seat to move, and a
    batch analysing that view."""
    views: dict[str, Any] = {}
    batches: dict[str, Any] = {}
    for entry in json.loads(_solver.games())["games"]:
        game = entry["name"]
        position = engine(game, "deal", {"seed": 7})["position"]
        seat = position["state"]["to_move"]
        views[game] = {"position": without_state(position), "seat": seat}
        seen = without_state(engine(game, "view", views[game])["position"])
        line = {"game": game, "id": f"{game}-seat-{seat}", "position": seen, "method": "auto"}
        batches[game] = {"positions": [{**line, "budget": {"time_ms": 1000}}]}
    return {("/v1/{game}/view", "post"): views, ("/v1/analyze/batch", "post"): batches}


def without_state(position: dict[str, Any]) -> dict[str, Any]:
    """`position` as its deal and moves alone: the OpenAPI document drops null values, which a
    snapshot (`state`) holds, so an example with one would not replay as the engine wrote it."""
    return {key: value for key, value in position.items() if key != "state"}


def to_builtins(value: Any) -> Any:
    return msgspec.to_builtins(value)


def add_examples(app: Litestar) -> None:
    """Puts the examples into the app's OpenAPI document (built here, once)."""
    paths = app.openapi_schema.paths or {}
    per_game = game_requests()
    for (path, method), (request, answer) in route_examples().items():
        operation: Operation | None = getattr(paths[path], method)
        assert operation is not None, (path, method)
        body = operation.request_body
        if request is not None and body is not None and not isinstance(body, Reference):
            examples: dict[str, Example | Reference] = {
                "example": Example(summary="A request", value=request)
            }
            for game, value in per_game.get((path, method), {}).items():
                examples[game] = Example(summary=f"A request ({game})", value=value)
            for media in body.content.values():
                media.examples = examples
        responses = operation.responses or {}
        ok = responses.get("200")
        if ok is not None and not isinstance(ok, dict) and hasattr(ok, "content"):
            for media_type, media in (ok.content or {}).items():
                media.examples = {
                    "example": Example(summary=f"An answer ({media_type})", value=answer)
                }
            if not ok.content:
                ok.content = {
                    "application/json": OpenAPIMediaType(
                        examples={"example": Example(summary="An answer", value=answer)}
                    )
                }
