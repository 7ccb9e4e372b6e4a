"""`python -m benchmarks.engine`: random playouts timed inside Rust and through the Python binding.

For each variant of a game it prints

- **rust**: `_solver.bench`, random hands played inside the engine: moves/s and hands/s of the
  median repeat, and the median and p99 over the repeats of the time per move and per hand;
- **binding**: the same hands dealt by `_solver.call(game, "deal", ...)` and played to the end by
  `legal-moves` then `play` calls with a random legal move (`random.Random`, seeded per hand), as a
  Python client of the binding would: per-call latency (median, p99) for each route, and moves/s
  and hands/s of the median repeat;
- **binding/rust**: the ratio of the rates, and the cost per move that the binding adds (JSON in
  and out, the position replayed from its deal on every call).

Hand `h` of repeat `r` is dealt from `seed ^ (r << 32 | h)` on both sides, so both play the same
deals. Runs are seeded; the figures are times and vary with the machine and its load. `--json`
prints one JSON object per variant instead of the table, for comparing runs.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from service import _solver

ROUTES = ("deal", "legal-moves", "play")
MAX_CALLS_PER_HAND = 10_000


class _Dealt(msgspec.Struct):
    position: msgspec.Raw


class _Legal(msgspec.Struct):
    moves: list[str]


class _Played(msgspec.Struct):
    position: msgspec.Raw
    over: bool


@dataclass
class BindingRun:
    """What the binding side measured over all repeats."""

    latencies_ns: dict[str, list[int]] = field(default_factory=lambda: {r: [] for r in ROUTES})
    moves_per_s: list[float] = field(default_factory=list)
    hands_per_s: list[float] = field(default_factory=list)
    moves: int = 0
    hands: int = 0


def percentile(values: Sequence[float], q: float) -> float:
    """The value at quantile `q` of `values` (nearest rank, as the Rust side does)."""
    ordered = sorted(values)
    return ordered[round((len(ordered) - 1) * q)]


def hand_seed(seed: int, repeat: int, hand: int) -> int:
    return (seed ^ (repeat << 32 | hand)) & 0xFFFF_FFFF_FFFF_FFFF


def play_hand(game: str, variant: str, seed: int, run: BindingRun) -> int:
    """Deals one hand and plays it out with random legal moves; returns the moves played."""
    latencies = run.latencies_ns
    call = _solver.call
    clock = time.perf_counter_ns
    rng = random.Random(seed)

    body = msgspec.json.encode({"variant": variant, "seed": seed})
    start = clock()
    text = call(game, "deal", body)
    latencies["deal"].append(clock() - start)
    position = msgspec.json.decode(text, type=_Dealt).position

    for played in range(MAX_CALLS_PER_HAND):
        body = b'{"position":' + position + b"}"
        start = clock()
        text = call(game, "legal-moves", body)
        latencies["legal-moves"].append(clock() - start)
        move = rng.choice(msgspec.json.decode(text, type=_Legal).moves)

        body = b'{"position":' + position + b',"move":' + msgspec.json.encode(move) + b"}"
        start = clock()
        text = call(game, "play", body)
        latencies["play"].append(clock() - start)
        answer = msgspec.json.decode(text, type=_Played)
        if answer.over:
            return played + 1
        position = answer.position
    raise RuntimeError(f"{game}/{variant} seed {seed}: no end after {MAX_CALLS_PER_HAND} moves")


def bench_binding(game: str, variant: str, hands: int, repeats: int, seed: int) -> BindingRun:
    run = BindingRun()
    for repeat in range(repeats):
        start = time.perf_counter()
        moves = sum(play_hand(game, variant, hand_seed(seed, repeat, h), run) for h in range(hands))
        seconds = time.perf_counter() - start
        run.moves_per_s.append(moves / seconds)
        run.hands_per_s.append(hands / seconds)
        run.moves += moves
        run.hands += hands
    return run


def bench_variant(game: str, variant: str, hands: int, repeats: int, seed: int) -> dict[str, Any]:
    """Both measurements of one variant, as one JSON-ready record."""
    rust = json.loads(_solver.bench(game, variant, hands, seed, repeats))
    run = bench_binding(game, variant, hands, repeats, seed)
    binding_moves = statistics.median(run.moves_per_s)
    binding_hands = statistics.median(run.hands_per_s)
    calls = {
        route: {
            "calls": len(ns),
            "median_us": statistics.median(ns) / 1e3,
            "p99_us": percentile(ns, 0.99) / 1e3,
        }
        for route, ns in run.latencies_ns.items()
    }
    return {
        "game": game,
        "variant": variant,
        "hands": hands,
        "repeats": repeats,
        "seed": seed,
        "rust": rust,
        "binding": {
            "moves": run.moves,
            "moves_per_hand": run.moves / run.hands,
            "moves_per_s": binding_moves,
            "hands_per_s": binding_hands,
            "calls": calls,
        },
        "binding_over_rust": {
            "moves_per_s": binding_moves / rust["moves_per_s"],
            "hands_per_s": binding_hands / rust["hands_per_s"],
            "added_us_per_move": (1 / binding_moves - 1 / rust["moves_per_s"]) * 1e6,
        },
    }


def format_record(r: dict[str, Any]) -> str:
    rust, binding, ratio = r["rust"], r["binding"], r["binding_over_rust"]
    lines = [
        f"{r['game']} / {r['variant']}   ({r['hands']} hands x {r['repeats']} repeats, "
        f"seed {r['seed']})",
        f"  rust     moves/s {rust['moves_per_s']:>12,.0f}   hands/s {rust['hands_per_s']:>10,.0f}"
        f"   move ns median {rust['move_ns']['median']:,.1f} p99 {rust['move_ns']['p99']:,.1f}"
        f"   hand us median {rust['hand_ns']['median'] / 1e3:,.2f}"
        f" p99 {rust['hand_ns']['p99'] / 1e3:,.2f}",
        f"  binding  moves/s {binding['moves_per_s']:>12,.0f}   hands/s "
        f"{binding['hands_per_s']:>10,.1f}   moves/hand {binding['moves_per_hand']:.1f}",
    ]
    for route, c in binding["calls"].items():
        lines.append(
            f"           {route:<12} us/call median {c['median_us']:>8.1f}  p99 {c['p99_us']:>8.1f}"
            f"   ({c['calls']:,} calls)"
        )
    lines.append(
        f"  binding/rust  moves/s 1/{1 / ratio['moves_per_s']:,.0f}"
        f"   hands/s 1/{1 / ratio['hands_per_s']:,.0f}"
        f"   the binding adds {ratio['added_us_per_move']:,.1f} us per move"
    )
    return "\n".join(lines)


def variants_of(game: str) -> list[str]:
    catalogue = json.loads(_solver.games())
    for entry in catalogue["games"]:
        if entry["name"] == game:
            return [v["name"] for v in entry["variants"]]
    names = ", ".join(e["name"] for e in catalogue["games"])
    raise SystemExit(f"no game '{game}'; the games are: {names}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.engine",
        description="Random playouts timed inside Rust and through the Python binding.",
    )
    parser.add_argument("--game", default="marjapussi", help="game (default marjapussi)")
    parser.add_argument(
        "--variant",
        action="append",
        help="a variant to run (repeatable; default every variant of the game)",
    )
    parser.add_argument("--hands", type=int, default=100, help="hands per repeat (default 100)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    parser.add_argument("--json", action="store_true", help="one JSON object per variant")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeats < 1 or args.seed < 0:
        parser.error("--hands and --repeats must be at least 1, --seed not negative")

    print(f"engine {_solver.ENGINE_VERSION}", file=sys.stderr)
    for variant in args.variant or variants_of(args.game):
        record = bench_variant(args.game, variant, args.hands, args.repeats, args.seed)
        print(json.dumps(record) if args.json else format_record(record), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
