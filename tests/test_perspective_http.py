"""The exact analysis asked from every seat, in every game: the root's value and best move are
the mover's choice seen from the asked side (its best where the mover is on that side, its
worst where it is not), and every move's value is the value of the position after it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]

# Per game, a variant and the most cards left in all hands at which a position is analysed.
GAMES = [
    ("bridge", "bridge", 12),
    ("marjapussi", "huutopussi", 12),
    ("marjapussi", "marjapussi", 12),
    ("mu", "mu4", 12),
    ("muschik", "muschik", 30),
    ("mustamaija", "standard", 10),
]


def post(client: Client, game: str, route: str, body: dict[str, Any]) -> Any:
    answer = client.post(f"/v1/{game}/{route}", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def cards_left(position: dict[str, Any]) -> int:
    return sum(len(hand) for hand in position["state"]["hands"])


def exact(client: Client, game: str, position: dict[str, Any], seat: int) -> Any:
    body = {"position": position, "method": "exact", "perspective": seat}
    answer = client.post(f"/v1/{game}/analyze", json=body)
    return answer.json() if answer.status_code == 200 else None


def late_position(client: Client, game: str, variant: str, cards: int) -> dict[str, Any]:
    """A seeded hand played by seeded random moves until at most `cards` are left in hands and
    the exact search answers it."""
    rng = random.Random(5)
    position = post(client, game, "deal", {"variant": variant, "seed": 5})["position"]
    while True:
        legal = post(client, game, "legal-moves", {"position": position})
        assert legal["to_move"] is not None, "the hand ended before the exact search applied"
        if cards_left(position) <= cards:
            answer = exact(client, game, position, legal["to_move"])
            if answer is not None and answer["method"] == "exact" and answer["exact"]:
                return position
        move = rng.choice(legal["moves"])
        position = post(client, game, "play", {"position": position, "move": move})["position"]


@pytest.mark.parametrize(("game", "variant", "cards"), GAMES)
def test_every_seat_sees_the_movers_choice(
    client: Client, game: str, variant: str, cards: int
) -> None:
    position = late_position(client, game, variant, cards)
    mover = post(client, game, "legal-moves", {"position": position})["to_move"]
    seats = len(position["state"]["hands"])
    sides_seen = set()
    for seat in range(seats):
        root = exact(client, game, position, seat)
        assert root is not None
        assert root["exact"], root
        ours = mover in root["perspective"]["seats"]
        sides_seen.add(ours)
        values = {m["move"]: m["value"] for m in root["moves"]}
        choice = max(values.values()) if ours else min(values.values())
        assert root["value"] == choice, (seat, root)
        assert values[root["best_move"]] == choice, (seat, root)
        for move, value in values.items():
            after = post(client, game, "play", {"position": position, "move": move})
            if not after["over"]:
                child = exact(client, game, after["position"], seat)
                assert child is not None
                assert child["value"] == value, (seat, move, child)
    assert sides_seen == {True, False}, "every game has a seat off the mover's side"
