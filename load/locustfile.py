"""Locust load test of the service: the API's uses in a realistic mix, over every game.

- `HintUser`, an app that gives hints to a human: one exact analysis at a time of a seeded
  Marjapussi-family position late in the play (`load/positions.py`), then the human thinks.
- `BotUser`, an AI opponent's driver: deals a hand of a game and variant (every one in turn, from
  the catalogue; successive bots start at successive games), and at every turn asks for a move
  and plays it through `/play` until the hand is over. In the card play of the Marjapussi family
  the move is the best move of a budgeted `/analyze`; elsewhere (other games, bidding) a seeded
  random move from `/legal-moves`.
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
import random
from typing import Any

import positions
from locust import FastHttpUser, between, events, task
from locust.env import Environment

HINT_POSITIONS = 32
BATCH_POSITIONS = 48
HINT_BUDGET = {"time_ms": 1000}
BOT_BUDGET = {"time_ms": 100}
GAMES = positions.variants()
# (game, variant) in an order that changes game at every step, so that a bot's successive hands
# go through every game.
GAME_ROTATION = [
    (game, variants[i % len(variants)])
    for i in range(max(len(v) for v in GAMES.values()))
    for game, variants in GAMES.items()
]
ROUTE_NAMES = [f"/v1/{game}/{route}" for game in GAMES for route in ("deal", "legal-moves", "play")]
ROUTE_NAMES += ["/v1/marjapussi/analyze [hint]", "/v1/marjapussi/analyze [bot]"]
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


class BotUser(FastHttpUser):
    weight = 1
    wait_time = between(0.0, 0.1)

    def on_start(self) -> None:
        number = next(bot_numbers)
        self.rng = user_rng(self.environment, "bot", number)
        # Bot n starts at the n-th hand of the rotation: any four bots begin with four games.
        self.hands = itertools.islice(itertools.cycle(GAME_ROTATION), number, None)

    @task
    def play_a_hand(self) -> None:
        game, variant = next(self.hands)
        dealt = self.call(game, "deal", {"variant": variant, "seed": self.rng.randrange(2**32)})
        if dealt is None:
            return
        position = dealt["position"]
        while True:
            move = self.choose_move(game, position)
            if move is None:
                return
            played = self.call(game, "play", {"position": position, "move": move})
            if played is None or played["over"]:
                return
            position = played["position"]

    def choose_move(self, game: str, position: dict[str, Any]) -> str | None:
        if positions.is_trick_play(position):
            body = {"position": position, "method": "exact", "budget": BOT_BUDGET}
            analysis = self.call(game, "analyze", body, name_suffix=" [bot]")
            return None if analysis is None else str(analysis["best_move"])
        legal = self.call(game, "legal-moves", {"position": position})
        return None if legal is None else positions.pick_move(legal, self.rng)

    def call(
        self, game: str, route: str, body: dict[str, Any], name_suffix: str = ""
    ) -> dict[str, Any] | None:
        """The JSON answer of one request, or None when it failed (and was counted so)."""
        path = f"/v1/{game}/{route}"
        with self.client.post(path, json=body, name=path + name_suffix, catch_response=True) as r:
            if r.status_code != 200:
                return None
            answer: dict[str, Any] = r.json()
            if route == "analyze":
                check_analysis(answer, r, path + name_suffix)
            return answer


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
    """Counts an analysis (and whether the cache gave it); marks the answer failed unless its
    best move is one of its scored moves."""
    analyses[name] += 1
    cache_hits[name] += analysis["cache"] == "hit"
    if analysis["best_move"] not in {line["move"] for line in analysis["moves"]}:
        answer.failure(f"best move {analysis['best_move']} is not among the scored moves")


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
