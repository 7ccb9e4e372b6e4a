"""Prometheus metrics, correct with several worker processes.

With more than one worker, `python -m service` points `PROMETHEUS_MULTIPROC_DIR` at a fresh
directory before the workers start; prometheus_client then keeps every process's values in
files there, and `/metrics` adds them up (gauges: the sum over live processes).
"""

from __future__ import annotations

import os

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)

REQUESTS = Counter("cga_requests_total", "HTTP requests answered", ["route", "game", "status"])
LATENCY = Histogram(
    "cga_request_seconds",
    "Time from a request's arrival to the end of its answer",
    ["route", "game"],
    buckets=LATENCY_BUCKETS,
)
SOLVES = Counter("cga_solves_total", "Analyses computed by the engine", ["game", "method"])
NODES = Counter("cga_search_nodes_total", "Search nodes of the engine's analyses", ["game"])
SOLVE_SECONDS = Histogram(
    "cga_solve_seconds", "Engine time per analysis", ["game"], buckets=LATENCY_BUCKETS
)
CACHE_LOOKUPS = Counter(
    "cga_cache_lookups_total", "Cache lookups: hit, miss or bypassed", ["result", "level"]
)
CACHE_REJECTED = Counter(
    "cga_cache_rejected_total",
    "Values in Redis that failed their checksum or engine version: deleted, taken as a miss",
    ["kind"],
)
CACHE_EVICTIONS = Counter("cga_cache_evictions_total", "Answers evicted from the in-process LRU")
ALIAS_EVICTIONS = Counter(
    "cga_cache_alias_evictions_total",
    "Requests' first-level keys (request JSON to engine-canonical key) evicted from their LRU",
)
TABLE_LOOKUPS = Counter(
    "cga_table_lookups_total",
    "Lookups of a deal's table: hit, miss or bypassed",
    ["result", "level"],
)
TABLE_EVICTIONS = Counter(
    "cga_table_evictions_total", "Deal tables evicted from the in-process LRU"
)
REDIS_ERRORS = Counter("cga_redis_errors_total", "Redis commands that failed", ["operation"])
QUEUE_DEPTH = Gauge(
    "cga_solve_queue_depth", "Solves waiting for a thread", multiprocess_mode="livesum"
)
RUNNING = Gauge("cga_solves_running", "Solves running now", multiprocess_mode="livesum")
OVERLOADED = Counter("cga_overloaded_total", "Analyses refused with 503: no solve slot")


# The text format's media type without its charset, which Litestar adds to every text/ type.
MEDIA_TYPE = CONTENT_TYPE_LATEST.replace("; charset=utf-8", "")


def exposition() -> bytes:
    """The metrics in the Prometheus text format, over every worker process."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest()
