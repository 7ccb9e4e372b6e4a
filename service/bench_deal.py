"""`python -m service.bench_deal`: a whole deal analysed move by move, cold and warm.

Plays seeded Marjapussi-family deals from their first card, each move the engine's best, and
analyses every position through the service's analysis path (canonical key, cache, engine)
in three passes: `cold`, empty caches and no deal table kept, so every position is solved
from scratch; `reuse`, empty caches but the deal's table carried from each solve to
the next (`service.tables`); `warm`, the positions again (every one answered from the cache).
Prints per pass the total, the median and p99 time per position, the search nodes of the
positions solved, and the cache statuses.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import replace
from typing import Any

import anyio

from service import _solver
from service.analysis import Analyzer
from service.settings import Settings


def engine(route: str, body: dict[str, Any]) -> Any:
    return json.loads(_solver.call("marjapussi", route, json.dumps(body).encode()))


def deal_positions(variant: str, seed: int, cards: int) -> list[dict[str, Any]]:
    """Every position of one deal from the point the mover holds `cards`, best moves played."""
    position = engine("deal", {"variant": variant, "seed": seed})["position"]
    while engine("legal-moves", {"position": position})["phase"] != "play":
        first = engine("legal-moves", {"position": position})["moves"][0]
        position = engine("play", {"position": position, "move": first})["position"]
    positions = []
    while position["state"]["to_move"] is not None:
        hands = position["state"]["hands"]
        if len(hands[position["state"]["to_move"]]) <= cards:
            positions.append(position)
        best = json.loads(
            _solver.call(
                "marjapussi",
                "analyze",
                json.dumps({"position": position, "budget": {"time_ms": 60000}}).encode(),
            )
        )["best_move"]
        position = engine("play", {"position": position, "move": best})["position"]
    return positions


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[round((len(ordered) - 1) * q)]


async def one_pass(analyzer: Analyzer, positions: list[dict[str, Any]]) -> dict[str, Any]:
    times, statuses, nodes = [], [], 0
    for position in positions:
        start = time.perf_counter()
        answer = await analyzer.analyze("marjapussi", {"position": position})
        times.append((time.perf_counter() - start) * 1e3)
        statuses.append(answer.cache)
        if answer.cache != "hit":
            nodes += json.loads(answer.body)["stats"]["nodes"]
    return {
        "positions": len(times),
        "nodes": nodes,
        "total_ms": round(sum(times), 1),
        "median_ms": round(statistics.median(times), 3),
        "p99_ms": round(percentile(times, 0.99), 3),
        "cache": {s: statuses.count(s) for s in sorted(set(statuses))},
    }


async def run(args: argparse.Namespace) -> None:
    settings = Settings(max_time_ms=60_000, request_deadline_ms=600_000, solve_threads=1)
    no_tables = replace(settings, table_cache_size=0)
    for seed in args.seed:
        positions = deal_positions(args.variant, seed, args.cards)
        cold = await one_pass(Analyzer.from_settings(no_tables), positions)
        analyzer = Analyzer.from_settings(settings)
        reuse = await one_pass(analyzer, positions)
        warm = await one_pass(analyzer, positions)
        print(
            json.dumps(
                {
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
    parser = argparse.ArgumentParser(prog="python -m service.bench_deal", description=__doc__)
    parser.add_argument("--variant", default="huutopussi")
    parser.add_argument("--seed", type=int, action="append", help="repeatable (default 5)")
    parser.add_argument("--cards", type=int, default=6, help="start when the mover holds this")
    args = parser.parse_args(argv)
    args.seed = args.seed or [5]
    anyio.run(run, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
