"""The training run of the profile-guided build (scripts/pgo-wheel): the engine's hot paths,
driven through an instrumented extension, on seeded positions that none of the benchmarks use.

Bridge opening leads and whole-deal tables (the exact search with partition search), positions
later in the hand of every other game, the Marjapussi family's among them (each analysed by the
method `auto` picks within a small budget: the exact search, PIMC, ISMCTS and the choices valued
by playouts), and random play through the JSON routes. The Marjapussi family's first tricks are
left out: trained on them too (3 and 8 deals of each variant), its first tricks took 5% and 11%
longer than in the plain build (`_solver.bench_exact`, 20 positions per variant), where without
them they take as long. It imports only the installed extension: run it outside the repository,
so that `service` is the installed package.
"""

from __future__ import annotations

import json
import random
from typing import Any

from service import _solver

# Seeds far from those of scripts/bench-dds (1 on), benchmarks/exact_games.py (1 on) and
# benchmarks/pimc_rate.py (1 on), so that the build is not tuned to the positions it is timed on.
FIRST_SEED = 7001
BUDGET = {"time_ms": 5000, "nodes": 3_000_000}
MARJAPUSSI_VARIANTS = ("marjapussi", "huutopussi", "erlangen", "huutopussi3")
OTHER_GAMES = (("mu", "mu4"), ("muschik", "muschik"), ("mustamaija", "standard"))


def call(game: str, route: str, body: dict[str, Any]) -> Any:
    return json.loads(_solver.call(game, route, json.dumps(body).encode()))


def bridge(deals: int) -> None:
    """Every opening lead in no trump and in spades, and the whole-deal table, of each deal."""
    for seed in range(FIRST_SEED, FIRST_SEED + deals):
        hands = call("bridge", "deal", {"seed": seed})["position"]["deal"]["hands"]
        for strain in ("NT", "S"):
            for declarer in range(4):
                options = {"strain": strain, "declarer": declarer}
                position = {"version": 1, "game": "bridge", "options": options}
                position["deal"] = {"hands": hands}
                body = {"position": position, "method": "exact", "budget": BUDGET}
                call("bridge", "analyze", body)
        table = {"version": 1, "game": "bridge", "options": {"strain": "NT", "declarer": 0}}
        table["deal"] = {"hands": hands}
        call("bridge", "analyze", {"position": table, "table": True, "budget": BUDGET})


def later_positions(deals: int) -> None:
    """Every game's deals but bridge's played at random, each position analysed now and then
    by `auto`, complete and as the seat to move sees it."""
    games = [("marjapussi", v) for v in MARJAPUSSI_VARIANTS] + list(OTHER_GAMES)
    for game, variant in games:
        for seed in range(FIRST_SEED, FIRST_SEED + deals):
            rng = random.Random(seed)
            position = call(game, "deal", {"variant": variant, "seed": seed})["position"]
            for ply in range(400):
                legal = call(game, "legal-moves", {"position": position})
                if legal["to_move"] is None:
                    break
                if ply % 9 == 8:
                    analyse(game, position, legal["to_move"])
                move = rng.choice(legal["moves"])
                position = call(game, "play", {"position": position, "move": move})["position"]


def analyse(game: str, position: dict[str, Any], seat: int) -> None:
    budget = {"time_ms": 300, "nodes": 300_000}
    call(game, "analyze", {"position": position, "budget": budget})
    snapshot = {"version": 1, **call(game, "canonical", {"position": position}), "view": seat}
    view = {"version": 1, **call(game, "canonical", {"position": snapshot})}
    call(game, "analyze", {"position": view, "budget": budget})


def main() -> None:
    bridge(4)
    later_positions(2)


if __name__ == "__main__":
    main()
