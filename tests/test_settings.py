"""Settings from the environment: defaults, sizes from the CPUs, and a clear error per bad value."""

from __future__ import annotations

import pytest

from service.settings import QUEUED_PER_THREAD, Settings, SettingsError, available_cpus


def test_settings_from_the_environment() -> None:
    settings = Settings.from_env(
        {"HOST": "0.0.0.0", "PORT": "9000", "MAX_BODY_BYTES": "2048", "REDIS_URL": "redis://r:1"}
    )
    assert (settings.host, settings.port, settings.max_body_bytes) == ("0.0.0.0", 9000, 2048)
    assert settings.redis_url == "redis://r:1"


def test_worker_and_thread_counts_follow_the_cpus_given() -> None:
    settings = Settings.from_env({})
    assert settings.workers == available_cpus() >= 1
    assert settings.max_queued_solves == QUEUED_PER_THREAD * settings.solve_threads
    assert Settings.from_env({"SOLVE_THREADS": "3"}).max_queued_solves == 3 * QUEUED_PER_THREAD


@pytest.mark.parametrize(
    ("cpus", "environ", "workers", "threads"),
    [
        (2, {}, 2, 1),
        (2, {"WORKERS": "1"}, 1, 2),
        (8, {"WORKERS": "2"}, 2, 4),
        (2, {"WORKERS": "4"}, 4, 1),
        (2, {"SOLVE_THREADS": "3"}, 2, 3),
    ],
)
def test_concurrent_solves_default_to_the_cpus_given(
    monkeypatch: pytest.MonkeyPatch, cpus: int, environ: dict[str, str], workers: int, threads: int
) -> None:
    """WORKERS x SOLVE_THREADS is the CPUs given unless set: a 2-CPU pod runs 2 solves, not 4."""
    monkeypatch.setattr("service.settings.available_cpus", lambda: cpus)
    settings = Settings.from_env(environ)
    assert (settings.workers, settings.solve_threads) == (workers, threads)


@pytest.mark.parametrize(
    ("environ", "named"),
    [
        ({"PORT": "http"}, "PORT"),
        ({"PORT": "0"}, "PORT"),
        ({"PORT": "70000"}, "PORT"),
        ({"MAX_BODY_BYTES": "-1"}, "MAX_BODY_BYTES"),
        ({"HOST": " "}, "HOST"),
        ({"WORKERS": "0"}, "WORKERS"),
        ({"MAX_TIME_MS": "100000"}, "MAX_TIME_MS"),
        ({"CACHE_SIZE": "lots"}, "CACHE_SIZE"),
        ({"REDIS_URL": "http://x"}, "REDIS_URL"),
        ({"REDIS_TIMEOUT_MS": "0"}, "REDIS_TIMEOUT_MS"),
        ({"LOG_LEVEL": "loud"}, "LOG_LEVEL"),
    ],
)
def test_a_bad_setting_is_refused_with_its_name(environ: dict[str, str], named: str) -> None:
    with pytest.raises(SettingsError, match=named):
        Settings.from_env(environ)
