"""Bridge's whole-deal table (`"table": true` on `/v1/bridge/analyze`) through the real app.

The 20 results are checked against DDS's on oracle deals in Rust
(`solver/src/games/bridge/dds_table_tests.rs`); here the route: a deal whose table is known by
hand (each seat holds one whole suit), the answer's shape and its cache, and the requests it
refuses.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.schemas import ProblemDetails, TableResponse

Client = TestClient[Litestar]
RANKS = "23456789TJQKA"
# North holds every spade, East every heart, South every diamond, West every club.
SUIT_OF_SEAT = "SHDC"


def position(moves: list[str] | None = None) -> dict[str, Any]:
    hands = [[suit + rank for rank in RANKS] for suit in SUIT_OF_SEAT]
    return {
        "version": 1,
        "game": "bridge",
        "options": {"strain": "NT", "declarer": 0},
        "deal": {"hands": hands},
        "moves": moves or [],
    }


def expected_tricks(strain: str, declarer: int) -> int:
    """In no trump the opening leader runs their suit; in a suit the trump holder's side ruffs
    the opening lead (or wins it) and runs the trumps."""
    if strain == "NT":
        return 0
    holder = SUIT_OF_SEAT.index(strain)
    return 13 if holder % 2 == declarer % 2 else 0


def table(client: Client, body: dict[str, Any]) -> Any:
    return client.post("/v1/bridge/analyze", json=body)


def problem_paths(response: Any) -> list[str]:
    assert response.status_code == 422, response.text
    problem = msgspec.json.decode(response.content, type=ProblemDetails)
    return [e.path for e in problem.errors]


def test_table_has_every_strain_and_declarer_and_is_cached(client: Client) -> None:
    first = table(client, {"position": position(), "table": True, "method": "exact"})
    assert first.status_code == 200, first.text
    answer = msgspec.json.decode(first.content, type=TableResponse)
    assert answer.exact
    assert answer.bounds == []
    assert answer.stats.solves == 20
    assert answer.tricks == {
        strain: {seat: expected_tricks(strain, i) for i, seat in enumerate("NESW")}
        for strain in ("S", "H", "D", "C", "NT")
    }
    assert answer.cache in ("miss", "bypassed")
    again = table(client, {"position": position(), "table": True, "method": "exact"})
    assert again.json()["cache"] == "hit"
    assert again.json()["tricks"] == first.json()["tricks"]


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"table": False}, "table"),
        ({"method": "pimc"}, "method"),
        ({"budget": {"worlds": 10}}, "budget"),
        ({"position": position(["HA"])}, "position"),
    ],
)
def test_table_refuses_what_it_cannot_answer(
    client: Client, change: dict[str, Any], path: str
) -> None:
    body = {"position": position(), "table": True, **change}
    assert path in problem_paths(table(client, body))


def test_other_games_have_no_table(client: Client) -> None:
    deal = client.post("/v1/mustamaija/deal", json={"seed": 1}).json()
    body = {"position": deal["position"], "table": True}
    assert "table" in problem_paths(client.post("/v1/mustamaija/analyze", json=body))
