"""Every operation's successful answers, for every game, match the OpenAPI document's schema
(schemathesis's response-schema conformance): the generated cases of test_schemathesis.py rarely
get past validation, so valid requests are sent here on purpose, through the real app and engine,
for positions at the start of a hand, late in it, over, and as one seat's view; bridge's deal
table too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from litestar import Litestar
from litestar.testing import TestClient
from schemathesis.specs.openapi.checks import response_schema_conformance

from service.app import create_app
from service.routes import GameCatalogue
from service.settings import Settings

SETTINGS = Settings(max_time_ms=200, request_deadline_ms=2000)
# The document, read through an app of its own: schemathesis runs (and at each test's end stops)
# the lifespan of the app it reads, which must not be the one the test client runs.
SCHEMA = schemathesis.openapi.from_asgi("/schema/openapi.json", create_app(SETTINGS))
GAMES = GameCatalogue.load().names
# Through the real app, about 2 s a game: the full tier only (scripts/test --quick leaves it out).
pytestmark = pytest.mark.slow

SHORT = {"time_ms": 100}
# The longest hand: seed 3 and the last moves take 123 moves (Mü).
MAX_MOVES = 300


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Litestar]]:
    with TestClient(create_app(SETTINGS)) as client:
        yield client


def conforms(
    client: TestClient[Litestar], path: str, body: dict[str, Any], game: str
) -> dict[str, Any]:
    """POSTs `body` to `path`; the answer is a 200 that matches its schema in the document."""
    case = SCHEMA[path]["POST"].Case(body=body, path_parameters={"game": game})
    response = client.post(path.format(game=game), json=body)
    assert response.status_code == 200, response.text
    case.validate_response(response, checks=[response_schema_conformance])
    answer: dict[str, Any] = response.json()
    return answer


def hand(client: TestClient[Litestar], game: str) -> list[tuple[dict[str, Any], Any]]:
    """The positions of a hand of `game` played by the last legal move listed (which reaches the
    card play in every game), each with its legal-moves answer; the finished one last."""
    position = client.post(f"/v1/{game}/deal", json={"seed": 3}).json()["position"]
    positions = []
    while len(positions) < MAX_MOVES:
        legal = client.post(f"/v1/{game}/legal-moves", json={"position": position}).json()
        positions.append((position, legal))
        if legal["over"]:
            return positions
        play = {"position": position, "move": legal["moves"][-1]}
        position = client.post(f"/v1/{game}/play", json=play).json()["position"]
    raise AssertionError(f"{game}: the hand is not over after {MAX_MOVES} moves")


@pytest.mark.parametrize("game", GAMES)
def test_the_answers_to_valid_requests_match_the_schema(
    client: TestClient[Litestar], game: str
) -> None:
    positions = hand(client, game)
    (start, _), (late, legal), (over, _) = positions[0], positions[-4], positions[-1]
    seat = legal["decides"]
    conforms(client, "/v1/{game}/deal", {"seed": 3}, game)
    for position in (start, late, over):
        conforms(client, "/v1/{game}/legal-moves", {"position": position}, game)
    conforms(client, "/v1/{game}/play", {"position": late, "move": legal["moves"][0]}, game)
    conforms(client, "/v1/{game}/play", {"position": late, "move": "best", "budget": SHORT}, game)
    view = conforms(client, "/v1/{game}/view", {"position": late, "seat": seat}, game)["position"]
    for body in (
        {"position": start, "budget": SHORT},
        {"position": late, "method": "exact"},
        {"position": view, "budget": SHORT},
        {"position": view, "method": "ismcts", "budget": SHORT, "seed": 2},
        *([{"position": start, "table": True, "budget": SHORT}] if game == "bridge" else []),
    ):
        conforms(client, "/v1/{game}/analyze", body, game)
