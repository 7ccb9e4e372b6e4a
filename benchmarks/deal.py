"""`python -m benchmarks.deal`: a whole deal analysed move by move, cold and warm.

Plays seeded deals of a game (the auction, if any, by seeded random legal moves) from their
first card, each move the engine's best, and analyses every position through the service's
analysis path (canonical key, cache, engine) in three passes: `cold`, empty caches and no deal
table kept, so every position is solved from scratch; `reuse`, empty caches but the deal's
table carried from each solve to the next (`service.tables`); `warm`, the positions again
(every one answered from the cache). Prints per pass the total, the median and p99 time per
position, the search nodes of the positions solved, and the cache statuses; nodes and total
time also for all positions but the first, which no pass can start from an earlier solve.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from dataclasses import replace
from typing import Any

import anyio

from benchmarks.engine import percentile
from service import _solver
from service.analysis import Analyzer
from service.settings import Settings


def engine(game: str, route: str, body: dict[str, Any]) -> Any:
    return json.loads(_solver.call(game, route, json.dumps(body).encode()))


def deal_positions(game: str, variant: str | None, seed: int, cards: int) -> list[dict[str, Any]]:
    """Every position of one deal from the point the mover holds `cards`, best moves played."""
    deal: dict[str, Any] = {"seed": seed} if variant is None else {"variant": variant, "seed": seed}
    position = engine(game, "deal", deal)["position"]
    chooser = random.Random(seed)
    while (legal := engine(game, "legal-moves", {"position": position}))["phase"] != "play":
        if legal["to_move"] is None:
            return []
        move = chooser.choice(legal["moves"])
        position = engine(game, "play", {"position": position, "move": move})["position"]
    positions = []
    while position["state"]["to_move"] is not None:
        hands = position["state"]["hands"]
        analysed = len(hands[position["state"]["to_move"]]) <= cards
        if analysed:
            positions.append(position)
        # Before the positions analysed, a good move is enough: the play only leads there. Its
        # budget is nodes, not time, so the deal's positions do not depend on the machine.
        budget = {"time_ms": 60000} if analysed else {"nodes": 300_000, "time_ms": 60000}
        body = {"position": position, "budget": budget}
        best = engine(game, "analyze", body)["best_move"]
        position = engine(game, "play", {"position": position, "move": best})["position"]
    return positions


async def one_pass(
    analyzer: Analyzer, game: str, positions: list[dict[str, Any]]
) -> dict[str, Any]:
    times: list[float] = []
    statuses: list[str] = []
    nodes: list[int] = []
    for position in positions:
        start = time.perf_counter()
        answer = await analyzer.analyze(game, {"position": position})
        times.append((time.perf_counter() - start) * 1e3)
        statuses.append(answer.cache)
        if answer.cache != "hit":
            nodes.append(json.loads(answer.body)["stats"]["nodes"])
        else:
            nodes.append(0)
    return {
        "positions": len(times),
        "nodes": sum(nodes),
        "nodes_after_first": sum(nodes[1:]),
        "total_ms": round(sum(times), 1),
        "total_ms_after_first": round(sum(times[1:]), 1),
        "median_ms": round(statistics.median(times), 3),
        "p99_ms": round(percentile(times, 0.99), 3),
        "cache": {s: statuses.count(s) for s in sorted(set(statuses))},
    }


async def run(args: argparse.Namespace) -> None:
    settings = Settings(max_time_ms=60_000, request_deadline_ms=600_000, solve_threads=1)
    no_tables = replace(settings, table_cache_size=0)
    for seed in args.seed:
        positions = deal_positions(args.game, args.variant, seed, args.cards)
        if not positions:
            print(json.dumps({"game": args.game, "seed": seed, "played": False}))
            continue
        cold = await one_pass(Analyzer.from_settings(no_tables), args.game, positions)
        analyzer = Analyzer.from_settings(settings)
        reuse = await one_pass(analyzer, args.game, positions)
        warm = await one_pass(analyzer, args.game, positions)
        print(
            json.dumps(
                {
                    "game": args.game,
                    "variant": args.variant,
                    "seed": seed,
                    "cards": args.cards,
                    "cold": cold,
                    "reuse": reuse,
                    "warm": warm,
                }
            )
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.deal", description=__doc__)
    parser.add_argument("--game", default="marjapussi")
    parser.add_argument("--variant", help="the game's default when left out")
    parser.add_argument("--seed", type=int, action="append", help="repeatable (default 5)")
    parser.add_argument("--cards", type=int, default=13, help="start when the mover holds this")
    args = parser.parse_args(argv)
    args.seed = args.seed or [5]
    anyio.run(run, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
