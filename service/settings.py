"""Settings of the HTTP service, read from the environment and checked once at start.

Every setting is one environment variable (listed with its default and meaning in `VARIABLES`
and in the README). A bad value raises :class:`SettingsError` naming the variable, so the
service never starts half-configured. The worker count defaults to the CPUs the process is
given (its CPU affinity, and a cgroup CPU quota where one is set), and the solve threads of each
worker to those CPUs shared among the workers, so that WORKERS x SOLVE_THREADS concurrent
solves do not outnumber the CPUs.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from urllib.parse import urlparse


class SettingsError(ValueError):
    """A setting from the environment or the command line is not usable."""


def available_cpus() -> int:
    """The CPUs this process may use: its affinity, lowered by a cgroup v2 quota if any."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cpus = cpus or 1
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
        if quota != "max":
            cpus = min(cpus, max(1, math.ceil(int(quota) / int(period))))
    except (OSError, ValueError):
        pass
    return cpus


# Single analyses that may wait per solve thread by default. A waiter is bounded by its
# deadline anyway (it gets a 503 once it cannot start in time); the queue only sheds load early.
# 16 lets 20 interactive clients on a 2-thread server (the README's load profile) wait their turn
# instead of failing, while a solve of a second or less still starts well within the deadline.
QUEUED_PER_THREAD = 16

# name -> (default, low, high, meaning); None as default means "from the CPUs".
VARIABLES: dict[str, tuple[int | None, int, int, str]] = {
    "PORT": (8000, 1, 65535, "TCP port"),
    "MAX_BODY_BYTES": (1 << 20, 1, 1 << 30, "largest request body; larger gets a 413"),
    "WORKERS": (None, 1, 256, "server processes (default: the CPUs given)"),
    "SOLVE_THREADS": (None, 1, 256, "concurrent solves per process (default: CPUs / WORKERS)"),
    "MAX_QUEUED_SOLVES": (
        None,
        0,
        100_000,
        f"solves that may wait per process (default {QUEUED_PER_THREAD}x threads)",
    ),
    "REQUEST_DEADLINE_MS": (30_000, 1, 3_600_000, "most one analysis may take, queue included"),
    "MAX_TIME_MS": (10_000, 1, 60_000, "largest budget.time_ms; also the budget when none"),
    "MAX_BATCH_POSITIONS": (1000, 1, 1_000_000, "positions per batch request"),
    "CACHE_SIZE": (10_000, 0, 100_000_000, "answers kept in the in-process LRU (0: none)"),
    "TABLE_CACHE_SIZE": (64, 0, 100_000, "deals' tables kept in-process (0: none)"),
    "HEADER_TIMEOUT_MS": (
        10_000,
        1,
        600_000,
        "most time from a request's first byte to its headers",
    ),
    "BODY_TIMEOUT_MS": (
        30_000,
        1,
        3_600_000,
        "most time from a request's headers to its last byte",
    ),
    "REDIS_TIMEOUT_MS": (50, 1, 60_000, "timeout of one Redis command or connect"),
    "REDIS_BREAKER_FAILURES": (3, 1, 1000, "Redis failures in a row that open the breaker"),
    "REDIS_BREAKER_RESET_MS": (5000, 1, 3_600_000, "how long the open breaker skips Redis"),
}


@dataclass(frozen=True, slots=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    max_body_bytes: int = 1 << 20
    workers: int = 1
    solve_threads: int = 2
    max_queued_solves: int = 2 * QUEUED_PER_THREAD
    request_deadline_ms: int = 30_000
    max_time_ms: int = 10_000
    max_batch_positions: int = 1000
    cache_size: int = 10_000
    table_cache_size: int = 64
    header_timeout_ms: int = 10_000
    body_timeout_ms: int = 30_000
    redis_url: str | None = None
    redis_timeout_ms: int = 50
    redis_breaker_failures: int = 3
    redis_breaker_reset_ms: int = 5000
    log_level: str = "info"
    cors_origins: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.host or self.host != self.host.strip():
            raise SettingsError(f"HOST must be a host name or address, got {self.host!r}")
        for field in fields(self):
            if field.name.upper() in VARIABLES:
                _, low, high, _ = VARIABLES[field.name.upper()]
                check_range(field.name.upper(), getattr(self, field.name), low, high)
        if self.redis_url is not None:
            scheme = urlparse(self.redis_url).scheme
            if scheme not in ("redis", "rediss", "unix"):
                raise SettingsError(
                    "REDIS_URL must be a redis://, rediss:// or unix:// URL, "
                    f"got {self.redis_url!r}"
                )
        if self.log_level not in LOG_LEVELS:
            raise SettingsError(
                f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {self.log_level!r}"
            )
        for origin in self.cors_origins:
            check_origin(origin)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Reads the settings from ``environ`` (default: the process environment)."""
        env = os.environ if environ is None else environ
        cpus = available_cpus()
        values: dict[str, object] = {}
        for name, (default, _, _, _) in VARIABLES.items():
            values[name.lower()] = parse_int(name, env.get(name), default)
        if values["workers"] is None:
            values["workers"] = cpus
        if values["solve_threads"] is None:
            values["solve_threads"] = max(1, cpus // max(1, int(str(values["workers"]))))
        if values["max_queued_solves"] is None:
            values["max_queued_solves"] = QUEUED_PER_THREAD * int(str(values["solve_threads"]))
        return cls(
            host=env.get("HOST", "127.0.0.1"),
            redis_url=env.get("REDIS_URL") or None,
            log_level=env.get("LOG_LEVEL", "info").strip().lower(),
            cors_origins=parse_origins(env.get("CORS_ORIGINS", "")),
            **values,  # type: ignore[arg-type]
        )


LOG_LEVELS = ("critical", "error", "warning", "info", "debug")


def parse_int(name: str, text: str | None, default: int | None) -> int | None:
    """The integer in ``text``, or ``default`` when the variable is unset or empty."""
    if text is None or not text.strip():
        return default
    try:
        return int(text.strip())
    except ValueError:
        raise SettingsError(f"{name} must be an integer, got {text!r}") from None


def check_range(name: str, value: int, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SettingsError(f"{name} must be an integer in {low}..{high}, got {value!r}")


def parse_origins(text: str) -> tuple[str, ...]:
    """The origins of a comma-separated ``CORS_ORIGINS`` (blanks ignored; empty: none)."""
    return tuple(origin.strip() for origin in text.split(",") if origin.strip())


def check_origin(origin: str) -> None:
    """An origin is ``*`` or ``scheme://host[:port]``: http(s), no path, query or user."""
    if origin != "*" and not is_origin(origin):
        raise SettingsError(
            f"CORS_ORIGINS must list origins such as https://example.com:8443 or *, got {origin!r}"
        )


def is_origin(text: str) -> bool:
    parts = urlparse(text)
    try:
        port_ok = parts.port is None or parts.port > 0
    except ValueError:  # not a number, or out of range
        return False
    return (
        port_ok
        and parts.scheme in ("http", "https")
        and bool(parts.hostname)
        and parts.username is None
        and text == f"{parts.scheme}://{parts.netloc}"
    )
