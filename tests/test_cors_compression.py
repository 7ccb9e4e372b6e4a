"""CORS for the origins of `CORS_ORIGINS` only, and gzip for large answers and streams."""

from __future__ import annotations

import gzip

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import GZIP_MIN_BYTES, create_app
from service.settings import Settings, SettingsError
from tests.positions import late_position

Client = TestClient[Litestar]
ORIGIN = "https://board.example.com"
PREFLIGHT = {
    "Origin": ORIGIN,
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "content-type",
}


@pytest.fixture(scope="module")
def cors_client() -> Client:
    return TestClient(create_app(Settings(cors_origins=(ORIGIN, "http://localhost:5173"))))


def test_no_cors_headers_by_default(client: Client) -> None:
    answer = client.get("/v1/games", headers={"Origin": ORIGIN})
    assert answer.status_code == 200
    assert "access-control-allow-origin" not in answer.headers


def test_a_listed_origin_may_call_the_api(cors_client: Client) -> None:
    answer = cors_client.get("/health", headers={"Origin": ORIGIN})
    assert answer.headers["access-control-allow-origin"] == ORIGIN
    assert "x-request-id" in answer.headers["access-control-expose-headers"].lower()


def test_a_preflight_from_a_listed_origin_is_allowed(cors_client: Client) -> None:
    answer = cors_client.options("/v1/marjapussi/analyze", headers=PREFLIGHT)
    assert answer.status_code == 204
    assert answer.headers["access-control-allow-origin"] == ORIGIN
    assert "POST" in answer.headers["access-control-allow-methods"]


def test_another_origin_gets_no_permission(cors_client: Client) -> None:
    preflight = cors_client.options(
        "/v1/marjapussi/analyze", headers={**PREFLIGHT, "Origin": "https://evil.example"}
    )
    assert preflight.status_code == 400
    simple = cors_client.get("/health", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in simple.headers


def test_cors_origins_are_read_and_checked() -> None:
    settings = Settings.from_env({"CORS_ORIGINS": " https://a.example , http://b.example:8080,"})
    assert settings.cors_origins == ("https://a.example", "http://b.example:8080")
    assert Settings.from_env({}).cors_origins == ()
    assert Settings.from_env({"CORS_ORIGINS": "*"}).cors_origins == ("*",)
    for bad in ("a.example", "https://a.example/", "ftp://a.example", "https://a.example:x"):
        with pytest.raises(SettingsError, match="CORS_ORIGINS"):
            Settings.from_env({"CORS_ORIGINS": bad})


def test_a_large_answer_is_gzipped_when_accepted(client: Client) -> None:
    answer = client.get("/v1/games", headers={"Accept-Encoding": "gzip"})
    assert answer.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in answer.headers["vary"].lower()
    assert int(answer.headers["content-length"]) < len(answer.content) / 3
    assert answer.json()["games"]  # httpx decoded it


def test_no_gzip_unless_accepted_nor_for_small_answers(client: Client) -> None:
    plain = client.get("/v1/games", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    small = client.get("/health", headers={"Accept-Encoding": "gzip"})
    assert len(small.content) < GZIP_MIN_BYTES
    assert "content-encoding" not in small.headers


def test_a_batch_stream_is_gzipped_line_by_line(client: Client) -> None:
    items = [{"game": "marjapussi", "position": late_position(seed)} for seed in (80, 81)]
    with client.stream(
        "POST", "/v1/analyze/batch", json={"positions": items}, headers={"Accept-Encoding": "gzip"}
    ) as answer:
        assert answer.headers["content-encoding"] == "gzip"
        raw = b"".join(answer.iter_raw())
    lines = gzip.decompress(raw).splitlines()
    assert sorted(line[:20] for line in lines) == [b'{"index":0,"status":', b'{"index":1,"status":']
