"""The cache of solved positions: an in-process LRU, and Redis as a shared second level.

Keys are hashes of the engine's canonical position, the method and its parameters and the
engine version (`cache_key`), so a new engine never serves old answers. Lookups say where the
answer came from: `hit` (either level), `miss`, or `bypassed` when Redis should have been asked
but was slow, down, refused the write or its breaker was open; the answer is then computed and
served without it. A Redis hit is copied into the LRU. The same two levels, with their own
LRU and metrics, keep the deals' tables (`service.tables`).

A value in Redis is sealed (`seal`): the engine version and a checksum of both come first. One
that fails the check (torn, junk written by anyone else, another engine's) is a miss, is
deleted, and is counted in `cga_cache_rejected_total`; it is never served.
"""

from __future__ import annotations

import hashlib
import hmac
from collections import OrderedDict
from typing import Any, Literal

import msgspec
from prometheus_client import Counter

from service import _solver, metrics
from service.redis_store import RedisStore, RedisUnavailableError

CacheStatus = Literal["hit", "miss", "bypassed"]

DIGEST_BYTES = 16


def seal(value: bytes) -> bytes:
    """The value as Redis keeps it: engine version, NUL, checksum of both, value."""
    head = _solver.ENGINE_VERSION.encode() + b"\0"
    return head + checksum(head, value) + value


def unseal(stored: bytes) -> bytes | None:
    """The value sealed in `stored`; None unless it is whole and of this engine version."""
    head = _solver.ENGINE_VERSION.encode() + b"\0"
    if not stored.startswith(head) or len(stored) < len(head) + DIGEST_BYTES:
        return None
    digest, value = stored[len(head) : len(head) + DIGEST_BYTES], stored[len(head) + DIGEST_BYTES :]
    return value if hmac.compare_digest(digest, checksum(head, value)) else None


def checksum(head: bytes, value: bytes) -> bytes:
    return hashlib.blake2b(head + value, digest_size=DIGEST_BYTES).digest()


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
        kind: str = "answer",
    ) -> None:
        self.local = local
        self.shared = shared
        self.lookups = lookups
        self.kind = kind

    async def get(self, key: str) -> tuple[bytes | None, CacheStatus]:
        value = self.local.get(key)
        if value is not None:
            self.lookups.labels(result="hit", level="local").inc()
            return value, "hit"
        if self.shared is None:
            self.lookups.labels(result="miss", level="local").inc()
            return None, "miss"
        try:
            value = await self.shared_value(self.shared, key)
        except RedisUnavailableError:
            self.lookups.labels(result="bypassed", level="redis").inc()
            return None, "bypassed"
        if value is None:
            self.lookups.labels(result="miss", level="redis").inc()
            return None, "miss"
        self.lookups.labels(result="hit", level="redis").inc()
        self.local.put(key, value)
        return value, "hit"

    async def shared_value(self, shared: RedisStore, key: str) -> bytes | None:
        """The value Redis keeps under `key`; one that fails its seal is deleted and None."""
        stored = await shared.get(key)
        value = None if stored is None else unseal(stored)
        if stored is not None and value is None:
            metrics.CACHE_REJECTED.labels(kind=self.kind).inc()
            await shared.delete(key)
        return value

    async def put(self, key: str, value: bytes) -> CacheStatus:
        """Stores a value in both levels; `bypassed` if Redis did not take it."""
        self.local.put(key, value)
        if self.shared is None:
            return "miss"
        try:
            await self.shared.set(key, seal(value))
        except RedisUnavailableError:
            return "bypassed"
        return "miss"

    async def redis_state(self) -> str:
        """For /health: `disabled`; `down (breaker open)` while the cache skips Redis; else
        what a write and a read do now (`RedisStore.probe`)."""
        if self.shared is None:
            return "disabled"
        if self.shared.breaker.state == "open":
            return "down (breaker open)"
        return await self.shared.probe()

    async def close(self) -> None:
        if self.shared is not None:
            await self.shared.close()
