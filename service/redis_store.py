"""The Redis level of the cache: short timeouts, no retries, a circuit breaker.

Every command has `REDIS_TIMEOUT_MS` (connect included) and is never retried. A timeout, a lost
connection or an error reply (a server refusing writes) counts as a failure for the breaker
and raises :class:`RedisUnavailableError`, which the cache turns into `cache: bypassed`; while
the breaker is open, Redis is not called at all. Values are kept without expiry: Redis evicts
them under its own `maxmemory` policy.

`/health` asks `probe`: a write and a read of a key of its own, on a connection of its own with
a timeout of at least `PROBE_TIMEOUT_S`, so that a busy process is not taken for a slow Redis
and a Redis that answers PING but refuses writes is not taken for a working cache.
"""

from __future__ import annotations

import logging

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError, ResponseError

from service import metrics
from service.breaker import CircuitBreaker

log = logging.getLogger("service.cache")

PROBE_TIMEOUT_S = 1.0
PROBE_KEY = "cga:health"


class RedisUnavailableError(Exception):
    """Redis did not answer in time, refused the command, or the breaker is open."""


class RedisStore:
    def __init__(self, url: str, timeout_ms: int, breaker: CircuitBreaker) -> None:
        timeout = timeout_ms / 1000
        self.breaker = breaker
        self.client = connect(url, timeout)
        self.probe_client = connect(url, max(timeout, PROBE_TIMEOUT_S))

    async def get(self, key: str) -> bytes | None:
        value = await self._call("get", self.client.get(key))
        return value if isinstance(value, bytes) else None

    async def set(self, key: str, value: bytes) -> None:
        await self._call("set", self.client.set(key, value))

    async def delete(self, key: str) -> None:
        await self._call("delete", self.client.delete(key))

    async def probe(self) -> str:
        """`up` when Redis takes a write and reads it back, else `down` or `down (refuses
        writes)`; the breaker is neither asked nor told."""
        try:
            await self.probe_client.set(PROBE_KEY, b"1", px=60_000)
            await self.probe_client.get(PROBE_KEY)
        except ResponseError as exc:
            log.warning("redis health probe: %s", exc)
            return "down (refuses writes)"
        except (RedisError, OSError, TimeoutError) as exc:
            log.warning("redis health probe: %s", exc)
            return "down"
        return "up"

    async def _call(self, operation: str, command: object) -> object:
        if not self.breaker.allow():
            close_unawaited(command)
            raise RedisUnavailableError(
                f"Redis skipped: the circuit breaker is {self.breaker.state}"
            )
        try:
            result = await command  # type: ignore[misc]
        except (RedisError, OSError, TimeoutError) as exc:
            self.breaker.failed()
            metrics.REDIS_ERRORS.labels(operation=operation).inc()
            log.warning("redis %s failed: %s (breaker %s)", operation, exc, self.breaker.state)
            raise RedisUnavailableError(str(exc)) from exc
        self.breaker.succeeded()
        return result

    async def close(self) -> None:
        await self.client.aclose()
        await self.probe_client.aclose()


def connect(url: str, timeout: float) -> aioredis.Redis:
    """A client whose every command (and connect) has `timeout` seconds, never retried."""
    return aioredis.Redis.from_url(
        url,
        socket_timeout=timeout,
        socket_connect_timeout=timeout,
        retry=Retry(NoBackoff(), 0),
        retry_on_error=[],
        health_check_interval=0,
    )


def close_unawaited(command: object) -> None:
    """Closes a coroutine that will not be awaited, so Python does not warn about it."""
    close = getattr(command, "close", None)
    if callable(close):
        close()
