"""`python -m benchmarks.exact_games`: the exact search's cost per game, from the first trick on.

For each row (a game's variant) it times our exact search inside Rust (`_solver.bench_exact`,
one thread) on seeded positions at the first trick of the play, then, with `--curve`, at the
start of each later trick (the cost against the cards left): every legal move scored within the
budget. Per row and count of cards it prints how many positions, p50/p90/p99/max of the time
per position, the median nodes, how many were cut by the budget, and a checksum of the answers
(the sum of every root move's value over the solved positions: speed work leaves it equal).

`scripts/bench-dds --games` runs the same rows after DDS's bridge opening leads, in one process,
and adds each row's ratio of its p50 to DDS's opening-lead p50 (issue #18's measure).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.engine import percentile
from service import _solver


@dataclass(frozen=True)
class Row:
    """One game's variant, with the options its positions are dealt with (None: its presets)."""

    label: str
    game: str
    variant: str
    options: dict[str, Any] | None = None


ROWS = [
    Row("marjapussi", "marjapussi", "marjapussi"),
    Row("huutopussi", "marjapussi", "huutopussi"),
    Row("erlangen", "marjapussi", "erlangen"),
    Row("huutopussi3", "marjapussi", "huutopussi3"),
    Row("mu3", "mu", "mu3"),
    Row("mu4", "mu", "mu4"),
    Row("mu5", "mu", "mu5"),
    Row("mu6", "mu", "mu6"),
    Row("muschik", "muschik", "muschik"),
    # The exact search covers Mustamaija once two players are left and the talon is empty,
    # or in a two-player deal from 12 cards in hands and talon.
    Row("mustamaija", "mustamaija", "standard", {"num_players": 2}),
]

# No limit on the cards in hand: the first position the exact search covers.
FIRST = 99


def time_row(row: Row, cards: int, args: argparse.Namespace) -> dict[str, Any]:
    """`args.positions` positions of `row` where the mover holds at most `cards` cards."""
    request: dict[str, Any] = {
        "variant": row.variant,
        "positions": args.positions,
        "cards": cards,
        "time_ms": args.budget_ms,
        "nodes": args.nodes,
    }
    if row.options is not None:
        request["options"] = row.options
    answer: dict[str, Any] = json.loads(_solver.bench_exact(row.game, json.dumps(request)))
    return summary(row, answer["positions"])


def summary(row: Row, positions: list[dict[str, Any]]) -> dict[str, Any]:
    times = [float(p["ms"]) for p in positions]
    return {
        "row": row.label,
        "cards": max(int(p["cards"]) for p in positions),
        "positions": len(positions),
        "ms": {q: percentile(times, x) for q, x in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99))}
        | {"max": max(times)},
        "nodes_p50": percentile([float(p["nodes"]) for p in positions], 0.5),
        "cut": sum(1 for p in positions if not p["solved"]),
        "checksum": sum(int(p["checksum"]) for p in positions if p["solved"]),
    }


def run(args: argparse.Namespace, step: Callable[[str], None]) -> list[dict[str, Any]]:
    """Every picked row at its first trick and, with `args.curve`, at each later trick."""
    rows = [r for r in ROWS if not args.rows or r.label in args.rows or r.game in args.rows]
    summaries = []
    for row in rows:
        first = time_row(row, FIRST, args)
        summaries.append(first)
        step(f"{row.label}, {first['cards']} cards")
        for cards in range(first["cards"] - 1, 0, -1) if args.curve else []:
            summaries.append(time_row(row, cards, args))
            step(f"{row.label}, {cards} cards")
    return summaries


def print_rows(summaries: list[dict[str, Any]], dds_p50: float | None) -> None:
    """The table; with DDS's opening-lead p50 of the same run, each row's p50 against it."""
    ratio = "" if dds_p50 is None else f"  {'/ DDS p50':>9}"
    print(
        f"{'row':<18} {'cards':>5} {'count':>5} {'p50 ms':>9} {'p90 ms':>9} {'p99 ms':>9}"
        f" {'max ms':>9} {'nodes p50':>11} {'cut':>4} {'checksum':>9}{ratio}"
    )
    for s in summaries:
        ms = s["ms"]
        line = (
            f"{s['row']:<18} {s['cards']:>5} {s['positions']:>5} {ms['p50']:>9.2f}"
            f" {ms['p90']:>9.2f} {ms['p99']:>9.2f} {ms['max']:>9.2f} {s['nodes_p50']:>11.0f}"
            f" {s['cut']:>4} {s['checksum']:>9}"
        )
        if dds_p50 is not None:
            line += f"  {ms['p50'] / dds_p50:>9.2f}"
        print(line)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The rows' options, shared with `scripts/bench-dds --games`."""
    names = sorted({r.label for r in ROWS} | {r.game for r in ROWS})
    parser.add_argument(
        "--rows", nargs="*", choices=names, default=[], help="rows or games (default: all)"
    )
    parser.add_argument("--positions", type=int, default=200, help="positions per row and count")
    parser.add_argument("--curve", action="store_true", help="also each later trick's start")
    parser.add_argument("--budget-ms", type=int, default=5000, help="time per position")
    parser.add_argument("--nodes", type=int, default=2_000_000_000, help="nodes per position")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    parser.add_argument("--json", action="store_true", help="one JSON document, no table")
    args = parser.parse_args(argv)
    summaries = run(args, lambda _: None)
    if args.json:
        print(json.dumps({"args": vars(args), "rows": summaries}))
    else:
        print_rows(summaries, None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
