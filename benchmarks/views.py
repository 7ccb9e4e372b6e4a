"""`python -m benchmarks.views`: the time of a default analysis of a view, per game.

For each game, seeded hands are dealt and played at random to a seeded point (any phase); the
seat to move's view (a snapshot: its hand, the public cards, the other hands as counts) is
analysed through the engine's binding as the service sends it: no method (auto), no budget, the
service's default deadline. Prints per game the methods auto chose and the p50, p90, p99 and
max of the time per answer, one JSON line per game with `--json`.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from typing import Any

from benchmarks.engine import percentile
from service import _solver

GAMES = [
    ("marjapussi", "huutopussi"),
    ("marjapussi", "marjapussi"),
    ("mustamaija", "standard"),
    ("muschik", "muschik"),
    ("mu", "mu4"),
    ("bridge", "bridge"),
]
DEADLINE_MS = 10_000


def call(game: str, route: str, body: dict[str, Any]) -> Any:
    return json.loads(_solver.call(game, route, json.dumps(body).encode()))


def view_of(game: str, position: dict[str, Any], seat: int) -> dict[str, Any]:
    """What `seat` sees of the complete `position`: its snapshot, written as a view."""
    snapshot = {"version": 1, **call(game, "canonical", {"position": position}), "view": seat}
    return {"version": 1, **call(game, "canonical", {"position": snapshot})}


def seeded_view(game: str, variant: str, seed: int) -> dict[str, Any] | None:
    """The view of the seat to move after a seeded number of random moves; None if the hand
    ended first or the seat to move does not decide its own move (bridge dummy)."""
    rng = random.Random(seed)
    position = call(game, "deal", {"variant": variant, "seed": seed})["position"]
    for _ in range(rng.randrange(60)):
        legal = call(game, "legal-moves", {"position": position})
        if legal["to_move"] is None:
            return None
        move = rng.choice(legal["moves"])
        position = call(game, "play", {"position": position, "move": move})["position"]
    seat = call(game, "legal-moves", {"position": position})["to_move"]
    if seat is None:
        return None
    view = view_of(game, position, seat)
    try:
        call(game, "legal-moves", {"position": view})
    except _solver.SolverError:
        return None
    return view


def bench(game: str, variant: str, positions: int, seed: int) -> dict[str, Any]:
    times: list[float] = []
    methods: Counter[str] = Counter()
    phases: Counter[str] = Counter()
    at = seed
    while len(times) < positions:
        view = seeded_view(game, variant, at)
        at += 1
        if view is None:
            continue
        body = {"position": view, "budget": {"deadline_ms": DEADLINE_MS}}
        started = time.perf_counter()
        answer = call(game, "analyze", body)
        times.append((time.perf_counter() - started) * 1e3)
        methods[answer["method"]] += 1
        phases[view["state"].get("phase", "?")] += 1
    return {
        "game": game,
        "variant": variant,
        "positions": positions,
        "methods": dict(methods),
        "phases": dict(phases),
        "p50_ms": statistics.median(times),
        "p90_ms": percentile(times, 0.9),
        "p99_ms": percentile(times, 0.99),
        "max_ms": max(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for game, variant in GAMES:
        if args.game and game not in args.game:
            continue
        row = bench(game, variant, args.positions, args.seed)
        if args.json:
            print(json.dumps(row))
            continue
        print(
            f"{game}/{variant}: {row['positions']} views, methods {row['methods']}: "
            f"p50 {row['p50_ms']:.0f} ms, p90 {row['p90_ms']:.0f}, "
            f"p99 {row['p99_ms']:.0f}, max {row['max_ms']:.0f}"
        )


if __name__ == "__main__":
    main()
