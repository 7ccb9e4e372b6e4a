"""Locust load test of the service: the API's uses in a realistic mix, over every game.

- `HintUser`, an app that gives hints to a human: one exact analysis at a time of a seeded
  Marjapussi-family position late in the play (`load/positions.py`), then the human thinks.
- `BotUser`, an AI opponent's driver, through the Python client (`service.client`): deals a hand
  of a game and variant (every one in turn, from the catalogue; successive bots start at
  successive games), and plays a move at every turn until the hand is over. In the card play of
  the Marjapussi family a turn is one call, `/play` with `"move": "best"` and a 100 ms exact
  analysis; elsewhere (other games, bidding) a seeded random move from `/legal-moves`, then
  `/play`.
- `BatchUser`, batch analysis of recorded games: `POST /v1/analyze/batch` with every position of
  a second seeded pool, in a seeded order, its NDJSON lines checked one by one.

    locust -f load/locustfile.py --headless -u 25 -r 25 -t 60s --host http://127.0.0.1:8000

`--load-seed N` fixes the positions and games (default 1): run twice with one seed on a fresh
server for a cold then a warm cache. At the end a table gives per route the requests, failures,
throughput, p50/p95/p99 latency and, for analyses, the share answered from the cache (`cache:
hit`; a batch's positions counted one by one). The run fails (exit code 1) on any failed
request, any error in a user, or a route that was never requested.
"""

from __future__ import annotations

import collections
import itertools
import json
import logging
import random
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec
import positions
from locust import FastHttpUser, User, between, events, task
from locust.env import Environment

from service.client import Client, ServiceError
from service.schemas import DealResponse, PlayResponse

# Locust's gevent has patched `select` (no epoll) by now, and trio (installed beside the dev
# tools) then fails to import with an AttributeError, not the ImportError that httpcore expects
# of a missing trio; httpx imports httpcore when the bots make their first clients, and it broke
# half imported ("module 'httpcore' has no attribute 'ConnectionPool'"). The load test never
# uses trio: hide it, so httpcore imports as without it.
sys.modules.setdefault("trio", None)  # type: ignore[arg-type]

T = TypeVar("T")
logging.getLogger("httpx").setLevel(logging.WARNING)  # the bots' client: no line per request

HINT_POSITIONS = 32
BATCH_POSITIONS = 48
HINT_BUDGET = {"time_ms": 1000}
BOT_TIME_MS = 100
GAMES = positions.variants()
# (game, variant) in an order that changes game at every step, so that a bot's successive hands
# go through every game.
GAME_ROTATION = [
    (game, variants[i % len(variants)])
    for i in range(max(len(v) for v in GAMES.values()))
    for game, variants in GAMES.items()
]
ROUTE_NAMES = [f"/v1/{game}/{route}" for game in GAMES for route in ("deal", "legal-moves", "play")]
ROUTE_NAMES += ["/v1/marjapussi/analyze [hint]", "/v1/marjapussi/play [best]"]
ROUTE_NAMES += ["/v1/analyze/batch"]

hint_pool: list[dict[str, Any]] = []
batch_pool: list[dict[str, Any]] = []
# Per request name: analyses answered, and how many of them came from the cache.
analyses: collections.Counter[str] = collections.Counter()
cache_hits: collections.Counter[str] = collections.Counter()
hint_numbers = itertools.count()
bot_numbers = itertools.count()
batch_numbers = itertools.count()


@events.init_command_line_parser.add_listener
def add_options(parser: Any) -> None:
    parser.add_argument("--load-seed", type=int, default=1, help="seed of positions and games")


@events.test_start.add_listener
def make_hint_positions(environment: Environment, **_: Any) -> None:
    seed = environment.parsed_options.load_seed
    hint_pool[:] = positions.hint_positions(HINT_POSITIONS, seed)
    batch_pool[:] = positions.hint_positions(BATCH_POSITIONS, seed + 1)


def user_rng(environment: Environment, kind: str, number: int) -> random.Random:
    return random.Random(f"{environment.parsed_options.load_seed}/{kind}/{number}")


class HintUser(FastHttpUser):
    weight = 3
    wait_time = between(0.5, 2.0)

    def on_start(self) -> None:
        self.rng = user_rng(self.environment, "hint", next(hint_numbers))

    @task
    def hint(self) -> None:
        position = self.rng.choice(hint_pool)
        body = {"position": position, "method": "exact", "budget": HINT_BUDGET}
        with self.client.post(
            "/v1/marjapussi/analyze",
            json=body,
            name="/v1/marjapussi/analyze [hint]",
            catch_response=True,
        ) as answer:
            if answer.status_code == 200:
                check_analysis(answer.json(), answer, "/v1/marjapussi/analyze [hint]")


class BotUser(User):
    """A bot through `service.client` (httpx, cooperative under Locust's gevent): each call is
    reported to Locust under its route, a ServiceError or a bad answer as a failure."""

    weight = 1
    wait_time = between(0.0, 0.1)

    def on_start(self) -> None:
        number = next(bot_numbers)
        self.rng = user_rng(self.environment, "bot", number)
        # Bot n starts at the n-th hand of the rotation: any four bots begin with four games.
        self.hands = itertools.islice(itertools.cycle(GAME_ROTATION), number, None)
        self.service = Client(self.host or "", timeout=60)

    def on_stop(self) -> None:
        self.service.close()

    @task
    def play_a_hand(self) -> None:
        game, variant = next(self.hands)
        seed = self.rng.randrange(2**32)
        dealt = self.timed(
            f"/v1/{game}/deal", lambda: self.service.deal(game, variant=variant, seed=seed)
        )
        position = None if dealt is None else dealt.position
        while position is not None:
            turn = self.turn(game, msgspec.to_builtins(position))
            position = None if turn is None or turn.over else turn.position

    def deal(self, game: str, variant: str, seed: int) -> DealResponse:
        return self.service.deal(game, variant=variant, seed=seed)

    def turn(self, game: str, position: dict[str, Any]) -> PlayResponse | None:
        """One decision: in Marjapussi-family card play one call, the best move of a budgeted
        exact analysis played (`"move": "best"`); elsewhere a seeded random legal move."""
        if positions.is_trick_play(position):
            return self.timed(f"/v1/{game}/play [best]", lambda: self.best(position))
        legal = self.timed(f"/v1/{game}/legal-moves", lambda: self.service.legal_moves(position))
        if legal is None:
            return None
        move = positions.pick_move(msgspec.to_builtins(legal), self.rng)
        return self.timed(f"/v1/{game}/play", lambda: self.service.play(position, move))

    def best(self, position: dict[str, Any]) -> PlayResponse:
        turn = self.service.play(position, "best", method="exact", time_ms=BOT_TIME_MS)
        assert turn.analysis is not None
        check_analysis(msgspec.to_builtins(turn.analysis), None, "/v1/marjapussi/play [best]")
        return turn

    def timed(self, name: str, call: Callable[[], T]) -> T | None:
        """`call()`, reported to Locust as one request named `name`; None if it failed."""
        began = time.perf_counter()
        outcome, failure = None, None
        try:
            outcome = call()
        except (ServiceError, ValueError, AssertionError) as exc:
            failure = exc
        elapsed_ms = (time.perf_counter() - began) * 1000
        self.environment.events.request.fire(
            request_type="POST",
            name=name,
            response_time=elapsed_ms,
            response_length=0,
            exception=failure,
            context={},
        )
        return outcome


class BatchUser(FastHttpUser):
    weight = 1
    wait_time = between(1.0, 3.0)

    def on_start(self) -> None:
        self.rng = user_rng(self.environment, "batch", next(batch_numbers))

    @task
    def batch(self) -> None:
        order = self.rng.sample(range(len(batch_pool)), len(batch_pool))
        items = [
            {"game": "marjapussi", "position": batch_pool[i], "budget": HINT_BUDGET} for i in order
        ]
        with self.client.post(
            "/v1/analyze/batch", json={"positions": items}, catch_response=True
        ) as answer:
            if answer.status_code != 200:
                return
            lines = [json.loads(line) for line in answer.text.splitlines() if line]
            if sorted(line["index"] for line in lines) != list(range(len(items))):
                answer.failure(f"{len(lines)} lines for {len(items)} positions")
            for line in lines:
                if line["status"] != 200:
                    answer.failure(f"position {line['index']}: {line['problem']}")
                    return
                check_analysis(line["answer"], answer, "/v1/analyze/batch")


def check_analysis(analysis: dict[str, Any], answer: Any, name: str) -> None:
    """Counts an analysis (and whether the cache gave it); marks the answer failed (raises
    ValueError without an answer) unless its best move is one of its scored moves."""
    analyses[name] += 1
    cache_hits[name] += analysis["cache"] == "hit"
    if analysis["best_move"] not in {line["move"] for line in analysis["moves"]}:
        wrong = f"best move {analysis['best_move']} is not among the scored moves"
        if answer is None:
            raise ValueError(wrong)
        answer.failure(wrong)


@events.quitting.add_listener
def report(environment: Environment, **_: Any) -> None:
    stats = environment.stats
    header = ("requests", "failed", "req/s", "p50", "p95", "p99", "cached")
    print(f"\n{'route':36} " + " ".join(f"{column:>8}" for column in header))
    rows = [*sorted(stats.entries.values(), key=lambda entry: entry.name), stats.total]
    for entry in rows:
        percentiles = (entry.get_response_time_percentile(p) for p in (0.5, 0.95, 0.99))
        cached = (
            f"{100 * cache_hits[entry.name] / analyses[entry.name]:7.0f}%"
            if analyses[entry.name]
            else ""
        )
        print(
            f"{entry.name:36} {entry.num_requests:8} {entry.num_failures:8} "
            f"{entry.total_rps:8.1f} " + " ".join(f"{ms:8.0f}" for ms in percentiles) + f" {cached}"
        )
    print("latencies in ms; cached: the analyses answered from the cache")
    requested = {entry.name for entry in stats.entries.values() if entry.num_requests}
    missing = [name for name in ROUTE_NAMES if name not in requested]
    if missing:
        print(f"never requested: {', '.join(missing)}")
    errors = environment.runner.exceptions if environment.runner else {}
    if missing or stats.total.num_failures or errors:
        environment.process_exit_code = 1
