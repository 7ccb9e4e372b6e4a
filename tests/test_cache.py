"""The cache of analyses: in-process LRU and a real Redis, with Redis failing in every way.

Redis is a real `redis-server` started on a free port for each test; the apps under test are
the real Litestar app with the real engine.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Litestar
from litestar.testing import TestClient

from service import _solver
from service.app import create_app
from service.cache import unseal
from service.schemas import AnalyzeResponse
from service.settings import Settings
from tests.positions import late_position, snapshot_of
from tests.redis_server import RedisServer

Client = TestClient[Litestar]
ANALYZE = "/v1/marjapussi/analyze"


def client_for(**settings: Any) -> Client:
    """A client of an app with `settings`. Redis commands get 1 s unless a test says otherwise:
    on a loaded machine the 50 ms default times out now and then, and these tests are about
    what the cache keeps, not about timeouts (those that are set their own)."""
    settings.setdefault("redis_timeout_ms", 1000)
    return TestClient(create_app(Settings(**settings)))


def analyse(client: Client, position: dict[str, Any], **extra: Any) -> AnalyzeResponse:
    answer = client.post(ANALYZE, json={"position": position, **extra})
    assert answer.status_code == 200, answer.text
    return msgspec.json.decode(answer.content, type=AnalyzeResponse)


def answer_keys(server: RedisServer) -> list[bytes]:
    """The answers in Redis (not the deals' tables)."""
    return [k for k in server.client().keys("cga:v1:*") if not k.startswith(b"cga:v1:table:")]


def test_a_repeated_position_is_a_hit_in_any_form() -> None:
    position = late_position(1)
    with client_for() as client:
        first = analyse(client, position)
        again = analyse(client, snapshot_of(position), budget={"time_ms": 500})
    assert (first.cache, again.cache) == ("miss", "hit")
    assert again.moves == first.moves
    assert again.best_move == first.best_move


def test_the_perspective_is_part_of_the_key() -> None:
    position = late_position(2)
    mover = position["state"]["to_move"]
    with client_for() as client:
        mine = analyse(client, position)
        theirs = analyse(client, position, perspective=(mover + 1) % 4)
    assert (mine.cache, theirs.cache) == ("miss", "miss")
    assert theirs.perspective.seat != mine.perspective.seat


def test_the_least_recently_used_answer_is_evicted() -> None:
    a, b = late_position(3), late_position(4)
    with client_for(cache_size=1) as client:
        statuses = [analyse(client, p).cache for p in (a, a, b, a)]
    assert statuses == ["miss", "hit", "miss", "miss"]


def test_no_cache_at_all_with_size_zero() -> None:
    position = late_position(5)
    with client_for(cache_size=0) as client:
        assert [analyse(client, position).cache for _ in range(2)] == ["miss", "miss"]


def test_redis_shares_answers_between_replicas_and_outlives_lru_eviction(
    redis_server: RedisServer,
) -> None:
    a, b = late_position(6), late_position(7)
    with client_for(redis_url=redis_server.url, cache_size=1) as one:
        assert analyse(one, a).cache == "miss"
        assert analyse(one, b).cache == "miss"
        assert analyse(one, a).cache == "hit"  # evicted from the LRU, found in Redis
    with client_for(redis_url=redis_server.url) as other:
        assert analyse(other, b).cache == "hit"
    assert len(answer_keys(redis_server)) == 2


def rejected(client: Client) -> float:
    """`cga_cache_rejected_total` for answers, as /metrics says it."""
    for line in client.get("/metrics").text.splitlines():
        if line.startswith('cga_cache_rejected_total{kind="answer"}'):
            return float(line.split()[-1])
    return 0.0


def test_junk_in_redis_under_an_answer_key_is_a_miss_deleted_and_counted(
    redis_server: RedisServer,
) -> None:
    position = late_position(15)
    with client_for(redis_url=redis_server.url) as one:
        good = analyse(one, position)
    (key,) = answer_keys(redis_server)
    stored = redis_server.client().get(key)
    assert isinstance(stored, bytes)
    other_engine = stored.replace(_solver.ENGINE_VERSION.encode(), b"0.0.0+old", 1)
    for junk in (stored[:-20], b'{"moves": []}', other_engine, stored[:-1] + b"!"):
        redis_server.client().set(key, junk)
        with client_for(redis_url=redis_server.url) as fresh:
            before = rejected(fresh)
            again = analyse(fresh, position)
            assert again.cache == "miss"
            assert rejected(fresh) == before + 1
        assert (again.moves, again.best_move) == (good.moves, good.best_move)
        restored = redis_server.client().get(key)  # deleted, then stored again whole
        assert isinstance(restored, bytes)
        assert unseal(restored) is not None


def test_redis_killed_then_restarted(redis_server: RedisServer) -> None:
    a, b, c = late_position(8), late_position(9), late_position(10)
    # Redis down refuses connections at once; once back, a garbage collection of the test
    # process in the middle of the first connect must not time it out (50 ms by default).
    settings = {
        "redis_url": redis_server.url,
        "redis_breaker_reset_ms": 1,
        "redis_timeout_ms": 1000,
    }
    with client_for(**settings) as client:
        assert analyse(client, a).cache == "miss"
        assert client.get("/health").json()["redis"] == "up"
        redis_server.kill()
        assert analyse(client, b).cache == "bypassed"
        assert analyse(client, a).cache == "hit"  # still in the process's own cache
        assert client.get("/health").json()["redis"].startswith("down")
        assert client.get("/ready").status_code == 200
        redis_server.start()
        assert analyse(client, c).cache == "miss"
        assert client.get("/health").json()["redis"] == "up"
        assert len(answer_keys(redis_server)) == 1  # c, stored once Redis was back


def test_an_open_breaker_skips_redis(redis_server: RedisServer) -> None:
    settings = {"redis_url": redis_server.url, "redis_breaker_failures": 1}
    with client_for(**settings) as client:
        redis_server.kill()
        assert analyse(client, late_position(11)).cache == "bypassed"
        assert client.get("/health").json()["redis"] == "down (breaker open)"
        redis_server.start()  # the breaker stays open for REDIS_BREAKER_RESET_MS (5 s)
        assert analyse(client, late_position(12)).cache == "bypassed"
    assert redis_server.client().dbsize() == 0


def test_slow_redis_is_bypassed(redis_server: RedisServer) -> None:
    with client_for(redis_url=redis_server.url, redis_timeout_ms=50) as client:
        redis_server.client().execute_command("CLIENT", "PAUSE", "3000", "ALL")
        assert analyse(client, late_position(13)).cache == "bypassed"


def test_redis_refusing_writes_is_bypassed(redis_server: RedisServer) -> None:
    admin = redis_server.client()
    admin.config_set("maxmemory-policy", "noeviction")
    admin.config_set("maxmemory", "1")
    position = late_position(14)
    with client_for(redis_url=redis_server.url) as client:
        assert analyse(client, position).cache == "bypassed"
        assert analyse(client, position).cache == "hit"


def test_health_says_down_while_redis_refuses_writes(redis_server: RedisServer) -> None:
    with client_for(redis_url=redis_server.url) as client:
        assert client.get("/health").json()["redis"] == "up"
        admin = redis_server.client()
        admin.config_set("maxmemory-policy", "noeviction")
        admin.config_set("maxmemory", "1")
        assert client.get("/health").json()["redis"] == "down (refuses writes)"


def test_health_says_up_while_redis_is_slower_than_the_command_timeout(
    redis_server: RedisServer,
) -> None:
    """A busy process or a busy Redis answering in 300 ms is not a Redis that is down."""
    with client_for(redis_url=redis_server.url, redis_timeout_ms=50) as client:
        redis_server.client().execute_command("CLIENT", "PAUSE", "300", "ALL")
        assert client.get("/health").json()["redis"] == "up"


def test_killing_redis_during_a_stream_of_requests_fails_none(redis_server: RedisServer) -> None:
    positions = [late_position(seed, cards=2) for seed in range(20, 40)]
    items = [{"game": "marjapussi", "position": p} for p in positions]
    with client_for(redis_url=redis_server.url, solve_threads=2) as client:
        statuses = []
        with client.stream("POST", "/v1/analyze/batch", json={"positions": items}) as answer:
            for number, line in enumerate(answer.iter_lines()):
                if number == 3:
                    redis_server.kill()
                statuses.append(msgspec.json.decode(line)["status"])
        # Other perspectives: misses, so each one would have asked the dead Redis.
        singles = [
            client.post(ANALYZE, json={"position": p, "perspective": 1}).status_code
            for p in positions
        ]
    assert statuses == [200] * len(items)
    assert singles == [200] * len(items)
