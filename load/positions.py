"""Seeded positions and moves for the load test, made by the engine in this process.

The load test's clients hold positions as an app would: `hint_positions` deals Marjapussi-family
hands from seeds and plays seeded random legal moves, through `service._solver` (the engine, no
HTTP), up to the start of a trick in which the leader holds only a few cards. The same seeds give
the same positions, so two runs with one seed send the same analyses (a cold, then a warm cache).
"""

from __future__ import annotations

import json
import random
from typing import Any

from service import _solver

HINT_GAME = "marjapussi"


def engine(game: str, route: str, body: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(_solver.call(game, route, json.dumps(body).encode()))
    return answer


def variants() -> dict[str, list[str]]:
    """Every game the engine serves, with its variants."""
    catalogue = json.loads(_solver.games())
    return {
        game["name"]: [variant["name"] for variant in game["variants"]]
        for game in catalogue["games"]
    }


def pick_move(legal: dict[str, Any], rng: random.Random) -> str:
    """A random legal move; where `moves` is not the full list (Mü's bids), from `search_moves`."""
    moves: list[str] = legal["moves"] or legal["compact"]["search_moves"]
    return rng.choice(moves)


def is_trick_play(position: dict[str, Any]) -> bool:
    """Whether the position is in a Marjapussi-family card play: what `analyze` takes."""
    return bool(position["game"] == HINT_GAME and position["state"]["phase"] == "play")


def hint_position(variant: str, seed: int, cards_left: int) -> dict[str, Any] | None:
    """The position dealt from ``seed`` at the first trick led with at most ``cards_left`` cards in
    hand, after seeded random moves; None if the hand ends before (all passed, redealt)."""
    rng = random.Random(seed)
    position: dict[str, Any] = engine(HINT_GAME, "deal", {"variant": variant, "seed": seed})[
        "position"
    ]
    while True:
        state = position["state"]
        if (
            is_trick_play(position)
            and not state["trick"]["cards"]
            and len(state["hands"][state["to_move"]]) <= cards_left
        ):
            return position
        legal = engine(HINT_GAME, "legal-moves", {"position": position})
        played = engine(HINT_GAME, "play", {"position": position, "move": pick_move(legal, rng)})
        if played["over"]:
            return None
        position = played["position"]


def hint_positions(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` positions to analyse, over every Marjapussi-family variant, from ``seed``."""
    rng = random.Random(seed)
    family = variants()[HINT_GAME]
    positions: list[dict[str, Any]] = []
    while len(positions) < count:
        variant = family[len(positions) % len(family)]
        found = hint_position(variant, rng.randrange(2**32), rng.randint(3, 6))
        if found is not None:
            positions.append(found)
    return positions
