"""A bot's turn in one call (`"move": "best"`), and the two keys of a cached analysis: the
request's own JSON (no engine call) and the engine's canonical position."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.analysis import Analyzer
from service.schemas import AnalyzeResponse, PlayResponse
from tests.positions import late_position, snapshot_of

Client = TestClient[Litestar]


def test_a_bot_turn_is_one_call_that_plays_the_analysis_best_move(client: Client) -> None:
    position = late_position(40, cards=2)
    for _ in range(12):
        answer = client.post("/v1/marjapussi/play", json={"position": position, "move": "best"})
        assert answer.status_code == 200, answer.text
        turn = msgspec.json.decode(answer.content, type=PlayResponse)
        assert turn.analysis is not None
        assert turn.played == turn.analysis.best_move
        assert turn.value == turn.analysis.value
        by_hand = client.post(
            "/v1/marjapussi/play", json={"position": position, "move": turn.played}
        )
        assert msgspec.json.decode(by_hand.content, type=PlayResponse).position == turn.position
        if turn.over:
            break
        position = msgspec.to_builtins(turn.position)
    assert turn.over
    assert turn.result is not None


def test_a_bot_turn_takes_the_analysis_budget_and_its_problems(client: Client) -> None:
    position = late_position(41, cards=2)
    over = {"position": position, "move": "best", "budget": {"time_ms": 10**9}}
    answer = client.post("/v1/marjapussi/play", json=over)
    assert answer.status_code == 422
    assert [e["path"] for e in answer.json()["errors"]] == ["budget.time_ms"]
    ismcts = {"position": position, "move": "best", "method": "ismcts", "budget": {"time_ms": 50}}
    turn = client.post("/v1/marjapussi/play", json=ismcts).json()
    assert turn["analysis"]["method"] == "ismcts"


def analyse(client: Client, body: bytes) -> bytes:
    answer = client.post("/v1/marjapussi/analyze", content=body)
    assert answer.status_code == 200, answer.text
    return answer.content


def test_the_request_key_and_the_engine_key_give_one_answer(
    client: Client, app: Litestar, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same request in another key order and with another time is answered without the
    engine; the same position as a snapshot asks the engine once for its key, then not."""
    position = late_position(42)
    request: dict[str, Any] = {"position": position, "method": "exact"}
    first = analyse(client, json.dumps({**request, "budget": {"time_ms": 5000}}).encode())
    analyzer: Analyzer = app.state.analyzer
    engine_calls: list[str] = []
    canonical = analyzer.canonical

    async def counted(game: str, body: dict[str, Any]) -> str:
        engine_calls.append(game)
        return await canonical(game, body)

    monkeypatch.setattr(analyzer, "canonical", counted)
    reordered = {"budget": {"time_ms": 900}, "method": "exact", "position": position}
    again = analyse(client, json.dumps(reordered, sort_keys=True).encode())
    assert engine_calls == []
    snapshot = json.dumps({"position": snapshot_of(position), "method": "exact"}).encode()
    as_snapshot = analyse(client, snapshot)
    assert engine_calls == ["marjapussi"]
    assert analyse(client, snapshot) == as_snapshot
    assert engine_calls == ["marjapussi"]
    answers = [msgspec.json.decode(a, type=AnalyzeResponse) for a in (first, again, as_snapshot)]
    assert [a.cache for a in answers] == ["miss", "hit", "hit"]
    assert again.replace(b'"hit"', b'"miss"', 1) == first
    assert as_snapshot == again


def test_a_body_sent_again_byte_for_byte_is_answered_before_it_is_decoded(
    client: Client, app: Litestar, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The route's own reading of the body (and the request key after it) is skipped for a
    body answered before; one byte more (a space) is read and answered as before."""
    body = json.dumps({"position": late_position(43), "method": "exact"}).encode()
    first = analyse(client, body)
    analyzer: Analyzer = app.state.analyzer
    answered_before = analyzer.answered_before
    read: list[str] = []

    async def counted(game: str, request: dict[str, Any]) -> Any:
        read.append(game)
        return await answered_before(game, request)

    monkeypatch.setattr(analyzer, "answered_before", counted)
    again = analyse(client, body)
    assert read == []
    spaced = analyse(client, body + b" ")
    assert read == ["marjapussi"]
    assert again == spaced == first.replace(b'"miss"', b'"hit"', 1)
