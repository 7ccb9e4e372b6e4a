"""Deal tables: the bounds the exact search proved on the positions of one deal (the entries
that took the most search), kept so that the next positions of that deal (a recorded game
analysed move by move) cost less.

A table is the engine's binary form (its exact table's entries and its partition-search
entries, at most 4,096 and 16,384, under 800 KiB; `solver/src/search/carried.rs`):
`_solver.analyze_seeded` starts from it and hands back the table after its solve, which is
stored again; a torn one is left out by the engine. One table serves every side of a deal
(sides share entries where their values add up to a known total, else each side's have keys
of their own) and any position of the same rules, so a table shared by
positions that are not of one deal is still correct, only less useful. The key is the engine
version, the game, the variant and every option's value (from the canonical position) and the
deal as the request gives it; a position given as a snapshot only has no table. Tables live
in the same two cache levels as answers (their own LRU of `TABLE_CACHE_SIZE` deals, and
Redis), and a Redis fault only means starting from an empty table.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from service import _solver, metrics
from service.cache import Cache, CacheStatus, LocalCache
from service.redis_store import RedisStore


class CanonicalRules(msgspec.Struct):
    """The parts of the engine's canonical position that a table depends on."""

    variant: str
    options: dict[str, Any]


def table_key(game: str, canonical_position: str, request: dict[str, Any]) -> str | None:
    """The key of the table of the request's deal; None when it gives no deal, or for a view
    (sampled worlds are not the deal)."""
    position = request.get("position")
    if not isinstance(position, dict) or position.get("view") is not None:
        return None
    deal = position.get("deal")
    if not isinstance(deal, dict):
        return None
    rules = msgspec.json.decode(canonical_position, type=CanonicalRules)
    material = msgspec.json.encode(
        [_solver.ENGINE_VERSION, game, rules.variant, rules.options, deal], order="sorted"
    )
    return "cga:v1:table:" + hashlib.blake2b(material, digest_size=20).hexdigest()


class DealTables:
    """The tables of deals, in the two cache levels."""

    def __init__(self, size: int, shared: RedisStore | None) -> None:
        local = LocalCache(size, metrics.TABLE_EVICTIONS)
        self.cache = Cache(local, shared, metrics.TABLE_LOOKUPS, kind="table")

    async def get(self, key: str) -> tuple[bytes, CacheStatus]:
        """The deal's table (empty when none is known)."""
        table, status = await self.cache.get(key)
        return table or b"", status

    async def put(self, key: str, table: bytes) -> CacheStatus:
        return await self.cache.put(key, table)
