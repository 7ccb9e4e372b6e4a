"""Quick positions for analysis tests: seeded Marjapussi hands played to a few cards each."""

from __future__ import annotations

import json
from typing import Any

from service import _solver

# One variant of every game, as the tests that walk each game from its deal pick them.
ONE_VARIANT_EACH = [
    ("bridge", "bridge"),
    ("marjapussi", "marjapussi"),
    ("marjapussi", "huutopussi"),
    ("marjapussi", "erlangen"),
    ("marjapussi", "huutopussi3"),
    ("mu", "mu4"),
    ("muschik", "muschik"),
    ("mustamaija", "standard"),
]


def engine(route: str, body: dict[str, Any], game: str = "marjapussi") -> Any:
    """The engine's answer to `route` without the HTTP layer (a test's setup, not its
    subject: a call costs a tenth of the same request through the test client)."""
    return json.loads(_solver.call(game, route, json.dumps(body).encode()))


def late_position(seed: int, cards: int = 3) -> dict[str, Any]:
    """The `marjapussi` hand of `seed`, first legal moves played until the mover holds `cards`."""
    position = engine("deal", {"variant": "marjapussi", "seed": seed})["position"]
    while len(position["state"]["hands"][position["state"]["to_move"]]) > cards:
        first = engine("legal-moves", {"position": position})["moves"][0]
        position = engine("play", {"position": position, "move": first})["position"]
    assert isinstance(position, dict)
    return position


def snapshot_of(position: dict[str, Any]) -> dict[str, Any]:
    """The same position given as a snapshot only (no deal, no moves)."""
    keep = ("version", "game", "variant", "options", "view", "state")
    return {k: position[k] for k in keep}
