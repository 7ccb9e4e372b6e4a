"""Fixtures for the HTTP tests: one app and one test client for the whole session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from service.settings import Settings
from tests.redis_server import RedisServer


@pytest.fixture(scope="session")
def app() -> Litestar:
    """The app with the default settings (a body limit of 1 MiB), whatever the environment,
    but time budgets up to a minute, for exact analyses on a slow machine."""
    return create_app(Settings(max_time_ms=60_000))


@pytest.fixture(scope="session")
def client(app: Litestar) -> Iterator[TestClient[Litestar]]:
    with TestClient(app) as client:
        yield client


@pytest.fixture
def huutopussi(client: TestClient[Litestar]) -> dict[str, Any]:
    """A fresh huutopussi position, dealt from seed 7, with the deal and no moves."""
    answer = client.post("/v1/marjapussi/deal", json={"variant": "huutopussi", "seed": 7})
    assert answer.status_code == 200, answer.text
    position: dict[str, Any] = answer.json()["position"]
    return position


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A real `redis-server` on a free port, killed after the test."""
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.kill()
