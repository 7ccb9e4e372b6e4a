"""Answers a client can use as they are (issue 19): the default seed's cache key, batch ids
and paths, rounded values, unproven bounds, the view route, who decides, finished hands and one
value scale per game whatever the method."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from service.schemas import AnalyzeResponse, BatchLine
from service.settings import Settings
from tests.positions import late_position

Client = TestClient[Litestar]


def analyse(client: Client, game: str, body: dict[str, Any]) -> AnalyzeResponse:
    answer = client.post(f"/v1/{game}/analyze", json=body)
    assert answer.status_code == 200, answer.text
    return msgspec.json.decode(answer.content, type=AnalyzeResponse)


def test_no_seed_and_the_default_seed_are_one_cache_key() -> None:
    position = late_position(5)
    with TestClient(create_app(Settings())) as client:
        first = analyse(client, "marjapussi", {"position": position})
        again = analyse(client, "marjapussi", {"position": position, "seed": 1})
    assert (first.cache, again.cache) == ("miss", "hit")


def test_a_batch_item_id_is_echoed_and_error_paths_start_at_the_batch_root() -> None:
    position = late_position(6)
    items: list[Any] = [
        {"id": "first", "game": "marjapussi", "position": position},
        {"id": "second", "game": "marjapussi", "position": position, "colour": "red"},
        {"id": 7, "game": "marjapussi", "position": position},
        {"game": "marjapussi", "position": position},
    ]
    with TestClient(create_app(Settings())) as client:
        answer = client.post("/v1/analyze/batch", json={"positions": items})
    assert answer.status_code == 200, answer.text
    lines = [msgspec.json.decode(t, type=BatchLine) for t in answer.text.splitlines()]
    by_index = {line.index: line for line in lines}
    assert [by_index[i].id for i in range(4)] == ["first", "second", None, None]
    assert [by_index[i].status for i in range(4)] == [200, 422, 422, 200]
    unknown, bad_id = by_index[1].problem, by_index[2].problem
    assert unknown is not None
    assert [e.path for e in unknown.errors] == ["positions[1].colour"]
    assert bad_id is not None
    assert [e.path for e in bad_id.errors] == ["positions[2].id"]
