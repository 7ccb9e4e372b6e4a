"""Deal tables: a position of a deal starts from what the solves of its earlier positions
proved, in-process and through a real Redis.

The effect is read from `stats.nodes` (the engine's node count is deterministic for one
position and one starting table): a solve that starts from the deal's table searches fewer
nodes than a cold solve of the same position, and gives the same values.
"""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.deal import deal_positions
from tests.positions import snapshot_of
from tests.redis_server import RedisServer
from tests.test_cache import analyse, client_for

TABLE_KEYS = "cga:v1:table:*"


@pytest.fixture(scope="module")
def deal() -> list[dict[str, Any]]:
    """The first three positions, from six cards each, of a huutopussi deal played well: the
    first and the third are the same side's to move."""
    return deal_positions("marjapussi", "huutopussi", 7, 6)[:3]


def started_warm(nodes: int, cold: int) -> bool:
    """Whether a solve took clearly fewer nodes than a cold one. Marjapussi tables trick
    starts only, so a deal's table carries no entries from inside a trick: the third
    position (inside a trick) takes 7,958 nodes against 13,492 cold."""
    return nodes < cold * 3 / 4


def cold_nodes(position: dict[str, Any]) -> int:
    with client_for() as client:
        return analyse(client, position).stats.nodes


def test_the_third_position_starts_from_the_deal_table(deal: list[dict[str, Any]]) -> None:
    with client_for() as client:
        answers = [analyse(client, position) for position in deal]
    with client_for() as fresh:
        cold = analyse(fresh, deal[2])
    assert answers[2].moves == cold.moves
    assert answers[2].value == cold.value
    assert started_warm(answers[2].stats.nodes, cold.stats.nodes)


def test_a_snapshot_has_no_deal_table(deal: list[dict[str, Any]]) -> None:
    with client_for() as client:
        nodes = [analyse(client, snapshot_of(position)).stats.nodes for position in deal]
    assert nodes[2] == cold_nodes(deal[2])


def test_no_table_is_kept_with_table_cache_size_zero(deal: list[dict[str, Any]]) -> None:
    with client_for(table_cache_size=0) as client:
        nodes = [analyse(client, position).stats.nodes for position in deal]
    assert nodes[2] == cold_nodes(deal[2])


def test_redis_carries_the_deal_table_to_another_replica(
    deal: list[dict[str, Any]], redis_server: RedisServer
) -> None:
    with client_for(redis_url=redis_server.url) as one:
        analyse(one, deal[0])
        analyse(one, deal[1])
    assert len(redis_server.client().keys(TABLE_KEYS)) == 1
    with client_for(redis_url=redis_server.url) as other:
        third = analyse(other, deal[2])
    assert third.cache == "miss"
    assert started_warm(third.stats.nodes, cold_nodes(deal[2]))


def test_with_redis_down_a_deal_is_answered_from_the_local_table(
    deal: list[dict[str, Any]], redis_server: RedisServer
) -> None:
    with client_for(redis_url=redis_server.url, redis_breaker_reset_ms=1) as client:
        redis_server.kill()
        answers = [analyse(client, position) for position in deal]
    assert [a.cache for a in answers] == ["bypassed"] * 3
    assert started_warm(answers[2].stats.nodes, cold_nodes(deal[2]))


def test_a_torn_table_in_redis_is_left_out(
    deal: list[dict[str, Any]], redis_server: RedisServer
) -> None:
    with client_for(redis_url=redis_server.url) as one:
        analyse(one, deal[0])
    keys = redis_server.client().keys(TABLE_KEYS)
    assert len(keys) == 1
    redis_server.client().set(keys[0], b"\x07" * 45)
    with client_for(redis_url=redis_server.url) as other:
        third = analyse(other, deal[2])
    with client_for() as fresh:
        cold = analyse(fresh, deal[2])
    assert third.moves == cold.moves
    assert third.stats.nodes == cold.stats.nodes
