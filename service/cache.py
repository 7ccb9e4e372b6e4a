"""The cache of solved positions: an in-process LRU, and Redis as a shared second level.

Keys are hashes of the engine's canonical position, the method and its parameters and the
engine version (`cache_key`), so a new engine never serves old answers. Lookups say where the
answer came from: `hit` (either level), `miss`, or `bypassed` when Redis should have been asked
but was slow, down, refused the write or its breaker was open; the answer is then computed and
served without it. A Redis hit is copied into the LRU. The same two levels, with their own
LRU and metrics, keep the deals' tables (`service.tables`).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from typing import Any, Literal

import msgspec
from prometheus_client import Counter

from service import _solver, metrics
from service.redis_store import RedisStore, RedisUnavailableError

CacheStatus = Literal["hit", "miss", "bypassed"]


def cache_key(game: str, canonical_position: str, method: str, params: dict[str, Any]) -> str:
    """The key of one analysis: everything its answer depends on, hashed."""
    material = msgspec.json.encode(
        [_solver.ENGINE_VERSION, game, canonical_position, method, sorted(params.items())]
    )
    return "cga:v1:" + hashlib.blake2b(material, digest_size=20).hexdigest()


class LocalCache:
    """A least-recently-used map of values, of at most `size` entries (0 keeps nothing)."""

    def __init__(self, size: int, evictions: Counter = metrics.CACHE_EVICTIONS) -> None:
        self.size = size
        self.evictions = evictions
        self.entries: OrderedDict[str, bytes] = OrderedDict()

    def get(self, key: str) -> bytes | None:
        value = self.entries.get(key)
        if value is not None:
            self.entries.move_to_end(key)
        return value

    def put(self, key: str, value: bytes) -> None:
        if self.size == 0:
            return
        self.entries[key] = value
        self.entries.move_to_end(key)
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)
            self.evictions.inc()


class Cache:
    def __init__(
        self,
        local: LocalCache,
        shared: RedisStore | None,
        lookups: Counter = metrics.CACHE_LOOKUPS,
    ) -> None:
        self.local = local
        self.shared = shared
        self.lookups = lookups

    async def get(self, key: str) -> tuple[bytes | None, CacheStatus]:
        value = self.local.get(key)
        if value is not None:
            self.lookups.labels(result="hit", level="local").inc()
            return value, "hit"
        if self.shared is None:
            self.lookups.labels(result="miss", level="local").inc()
            return None, "miss"
        try:
            value = await self.shared.get(key)
        except RedisUnavailableError:
            self.lookups.labels(result="bypassed", level="redis").inc()
            return None, "bypassed"
        if value is None:
            self.lookups.labels(result="miss", level="redis").inc()
            return None, "miss"
        self.lookups.labels(result="hit", level="redis").inc()
        self.local.put(key, value)
        return value, "hit"

    async def put(self, key: str, value: bytes) -> CacheStatus:
        """Stores a value in both levels; `bypassed` if Redis did not take it."""
        self.local.put(key, value)
        if self.shared is None:
            return "miss"
        try:
            await self.shared.set(key, value)
        except RedisUnavailableError:
            return "bypassed"
        return "miss"

    async def redis_state(self) -> str:
        """For /health: `disabled`, `up`, `down`, or the breaker's state when not closed."""
        if self.shared is None:
            return "disabled"
        state = self.shared.breaker.state
        if state == "open":
            return "down (breaker open)"
        return "up" if await self.shared.ping() else "down"

    async def close(self) -> None:
        if self.shared is not None:
            await self.shared.close()
