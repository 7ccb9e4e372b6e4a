"""`python -m benchmarks.pimc_rate`: PIMC's worlds per second at the first trick of the play.

For each seeded deal of a Marjapussi-family variant, the auction and the exchanges are played
by seeded random legal moves up to the first card of the play; the view of the seat to lead is
analysed by PIMC through the engine's binding as the service sends it (`method: pimc`,
`budget.worlds`, the worlds spread over every core the engine sees). A position's rate is the
worlds it solved over the answer's own `stats.time_ms`. Per variant it prints the positions, the
threads, the median, 10th percentile and lowest rate, and the median time per world (issue
#18's PIMC row: at least 200 worlds per second on 2 threads in huutopussi); `--json` prints one
JSON object per variant.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Sequence
from typing import Any

from benchmarks.engine import percentile
from benchmarks.views import view_of
from service import _solver

GAME = "marjapussi"
VARIANTS = ("marjapussi", "huutopussi", "erlangen", "huutopussi3")
# The longest request the engine takes (`budget.time_ms`): the rate, not the deadline, is read.
TIME_MS = 60_000


def call(route: str, body: dict[str, Any]) -> Any:
    return json.loads(_solver.call(GAME, route, json.dumps(body).encode()))


def first_lead_view(variant: str, seed: int) -> dict[str, Any]:
    """The view of the seat leading the first trick of deal `seed`, the moves before it random."""
    rng = random.Random(seed)
    position = call("deal", {"variant": variant, "seed": seed})["position"]
    while (legal := call("legal-moves", {"position": position}))["phase"] != "play":
        move = rng.choice(legal["moves"])
        position = call("play", {"position": position, "move": move})["position"]
    return view_of(GAME, position, legal["to_move"])


def rate(variant: str, seed: int, worlds: int) -> tuple[float, int]:
    """Worlds per second of PIMC on the first-lead view of deal `seed`, and its threads."""
    body = {
        "position": first_lead_view(variant, seed),
        "method": "pimc",
        "budget": {"worlds": worlds, "time_ms": TIME_MS},
    }
    stats = call("analyze", body)["stats"]
    return stats["worlds"] / (float(stats["time_ms"]) / 1e3), int(stats["threads"])


def bench(variant: str, positions: int, worlds: int, seed: int) -> dict[str, Any]:
    measured = [rate(variant, s, worlds) for s in range(seed, seed + positions)]
    rates = sorted(r for r, _ in measured)
    return {
        "variant": variant,
        "positions": positions,
        "worlds": worlds,
        "threads": max(t for _, t in measured),
        "worlds_per_s": {
            "p50": statistics.median(rates),
            "p10": percentile(rates, 0.1),
            "min": rates[0],
        },
        "ms_per_world_p50": 1e3 / statistics.median(rates),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="*", choices=VARIANTS, default=["huutopussi"])
    parser.add_argument("--positions", type=int, default=10, help="seeded deals per variant")
    parser.add_argument("--worlds", type=int, default=200, help="worlds per analysis")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--json", action="store_true", help="one JSON object per variant")
    args = parser.parse_args(argv)
    for variant in args.variants:
        row = bench(variant, args.positions, args.worlds, args.seed)
        if args.json:
            print(json.dumps(row))
            continue
        r = row["worlds_per_s"]
        print(
            f"{variant}: {row['positions']} first leads x {row['worlds']} worlds,"
            f" {row['threads']} threads: worlds/s p50 {r['p50']:.1f}, p10 {r['p10']:.1f},"
            f" min {r['min']:.1f} ({row['ms_per_world_p50']:.1f} ms per world at p50)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
