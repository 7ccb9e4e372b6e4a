"""`python -m benchmarks.service`: the service's own cost per request, against `GET /health`.

Starts `python -m service` (one worker by default) on a free port, and measures in one run
`GET /health`, `legal-moves` and `play` on a huutopussi position 17 moves into the hand, a
cached exact `analyze` of a late marjapussi position, and a bot turn (`play` with `"move":
"best"`, whose analysis is a cache hit) at each number of concurrent clients (keep-alive
connections sending prepared bytes). The routes are interleaved: every round runs each route
in turn (in a rotated order) for `--seconds`, so that a change in the machine's load falls on
every route alike. Per route and client count it prints the throughput and the p50 and p99
latency over the rounds, and their ratios to those of `/health`: throughput / health's,
p99 / health's.

`--binding N` starts no service: it times N `_solver.call`s of each rules route's body (the
same positions) in this process, in interleaved rounds, and prints the median and p99 per call.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import socket
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import msgspec

from service import _solver

GAME = "marjapussi"


@dataclass(frozen=True, slots=True)
class Probe:
    name: str
    method: str
    path: str
    body: bytes = b""

    @property
    def request(self) -> bytes:
        """The whole HTTP/1.1 request, made once: the load loops send bytes and read bytes,
        so that the generator's own cost stays small beside the service's."""
        head = (
            f"{self.method} {self.path} HTTP/1.1\r\nhost: bench\r\n"
            f"content-type: application/json\r\ncontent-length: {len(self.body)}\r\n\r\n"
        )
        return head.encode() + self.body


def engine(route: str, body: object) -> Any:
    return msgspec.json.decode(_solver.call(GAME, route, msgspec.json.encode(body)))


def first_moves(
    variant: str, seed: int, done: Callable[[int, dict[str, Any]], bool]
) -> dict[str, Any]:
    """The hand of `variant` and `seed` after first-listed legal moves, until `done(moves
    made, position)` or the hand's end."""
    position = engine("deal", {"variant": variant, "seed": seed})["position"]
    made = 0
    while not done(made, position):
        legal = engine("legal-moves", {"position": position})["moves"]
        if not legal:  # the hand is over (all passed)
            break
        position = engine("play", {"position": position, "move": legal[0]})["position"]
        made += 1
    assert isinstance(position, dict)
    return position


def mover_holds_3(_: int, position: dict[str, Any]) -> bool:
    state = position["state"]
    return len(state["hands"][state["to_move"]]) <= 3


def probes() -> list[Probe]:
    middle = first_moves("huutopussi", 1, after_17)
    late = first_moves("marjapussi", 3, mover_holds_3)
    first = engine("legal-moves", {"position": middle})["moves"]

    def post(name: str, route: str, body: object) -> Probe:
        return Probe(name, "POST", f"/v1/{GAME}/{route}", msgspec.json.encode(body))

    return [
        Probe("health", "GET", "/health"),
        post("legal-moves", "legal-moves", {"position": middle}),
        post("play", "play", {"position": middle, "move": first[0]}),
        post("analyze (cached)", "analyze", {"position": late, "method": "exact"}),
        post("bot turn", "play", {"position": late, "move": "best", "method": "exact"}),
    ]


async def exchange(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes
) -> tuple[int, bytes]:
    """One request on a kept-alive connection: the answer's status and body."""
    writer.write(request)
    head = await reader.readuntil(b"\r\n\r\n")
    length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
    body = await reader.readexactly(int(length.group(1)) if length else 0)
    return int(head[9:12]), body


async def run_probe(
    port: int, probe: Probe, clients: int, seconds: float
) -> tuple[int, list[float]]:
    """Requests done by `clients` concurrent connections for `seconds`, and their latencies."""
    latencies: list[float] = []
    request = probe.request
    end = time.perf_counter() + seconds

    async def loop() -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while (began := time.perf_counter()) < end:
                status, body = await exchange(reader, writer, request)
                latencies.append(time.perf_counter() - began)
                if status != 200:
                    raise SystemExit(f"{probe.name}: {status} {body[:300]!r}")
        finally:
            writer.close()

    await asyncio.gather(*(loop() for _ in range(clients)))
    return len(latencies), latencies


@dataclass
class Tally:
    requests: int = 0
    seconds: float = 0.0
    latencies: list[float] | None = None

    def add(self, requests: int, seconds: float, latencies: list[float]) -> None:
        self.requests += requests
        self.seconds += seconds
        self.latencies = (self.latencies or []) + latencies

    def rate(self) -> float:
        return self.requests / self.seconds

    def percentile(self, p: int) -> float:
        cuts = statistics.quantiles(self.latencies or [0.0, 0.0], n=100, method="inclusive")
        return cuts[p - 1] * 1000


async def measure(port: int, args: argparse.Namespace) -> dict[tuple[int, str], Tally]:
    targets = probes()
    tallies: dict[tuple[int, str], Tally] = defaultdict(Tally)
    for probe in targets:  # warm: caches filled
        await run_probe(port, probe, max(args.clients), 0.2)
    for clients in args.clients:
        for round_ in range(args.rounds):
            shift = round_ % len(targets)
            for probe in targets[shift:] + targets[:shift]:
                count, latencies = await run_probe(port, probe, clients, args.seconds)
                tallies[clients, probe.name].add(count, args.seconds, latencies)
    return tallies


def report(tallies: dict[tuple[int, str], Tally]) -> None:
    print(
        f"{'route':18} {'clients':>7} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'thr/h':>6} "
        f"{'p99/h':>6}"
    )
    for (clients, name), tally in tallies.items():
        health = tallies[clients, "health"]
        print(
            f"{name:18} {clients:7} {tally.rate():8.0f} {tally.percentile(50):8.2f} "
            f"{tally.percentile(99):8.2f} {tally.rate() / health.rate():6.2f} "
            f"{tally.percentile(99) / health.percentile(99):6.2f}"
        )
    print("thr/h, p99/h: the route's throughput and p99 over those of GET /health")


# More positions than the engine keeps per thread (`solver/src/recall.rs`): each call reads anew.
NEW_POSITIONS = 40


def after_17(made: int, _: dict[str, Any]) -> bool:
    return made == 17


def binding_report(calls: int) -> None:
    """The median and p99 of `_solver.call` on each rules probe's body, in microseconds: the
    routes take turns in rounds of 100 calls, so that a change in load falls on each alike.
    `legal-moves, new` cycles through positions of other deals, each new to the engine's
    per-thread memory of positions read (`legal-moves` and `play` send one position again)."""
    routes = {"legal-moves": "legal-moves", "play": "play", "legal-moves, new": "legal-moves"}
    bodies: dict[str, bytes | list[bytes]] = {p.name: p.body for p in probes() if p.name in routes}
    bodies["legal-moves, new"] = [
        msgspec.json.encode({"position": first_moves("huutopussi", seed, after_17)})
        for seed in range(2, 2 + NEW_POSITIONS)
    ]
    times: dict[str, list[int]] = {name: [] for name in bodies}
    call, clock = _solver.call, time.perf_counter_ns
    for _ in range(max(1, calls // 100)):
        for name, body in bodies.items():
            route, sample = routes[name], times[name]
            for i in range(100):
                sent = body[i % len(body)] if isinstance(body, list) else body
                began = clock()
                call(GAME, route, sent)
                sample.append(clock() - began)
    print(f"{'binding call':18} {'calls':>7} {'p50 us':>8} {'p99 us':>8}")
    for name, sample in times.items():
        cuts = statistics.quantiles(sample, n=100, method="inclusive")
        print(f"{name:18} {len(sample):7} {cuts[49] / 1e3:8.1f} {cuts[98] / 1e3:8.1f}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_service(workers: int) -> tuple[int, subprocess.Popen[bytes]]:
    port = free_port()
    command = [sys.executable, "-m", "service", "--port", str(port), "--workers", str(workers)]
    process = subprocess.Popen(command, env={**os.environ, "LOG_LEVEL": "warning"})
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if httpx.get(f"{url}/ready").status_code == 200:
                return port, process
        except httpx.TransportError:
            time.sleep(0.05)
    process.terminate()
    raise SystemExit("the service did not become ready")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.service", description=__doc__)
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8], help="concurrency")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per count")
    parser.add_argument("--seconds", type=float, default=1.0, help="per route and round")
    parser.add_argument("--workers", type=int, default=1, help="the service's processes")
    parser.add_argument(
        "--binding", type=int, metavar="N", help="time N binding calls per route, no service"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.binding:
        binding_report(args.binding)
        return
    port, process = start_service(args.workers)
    try:
        report(asyncio.run(measure(port, args)))
    finally:
        process.terminate()
        process.wait(timeout=60)


if __name__ == "__main__":
    main()
