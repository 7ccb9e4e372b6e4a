"""The real server: `python -m service` with two worker processes, used by the CLI's `--url`
mode; metrics add up over the workers; its logs are JSON lines at `LOG_LEVEL`."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import httpx
import pytest

from service.__main__ import main, uvicorn_config
from service.settings import Settings
from tests.positions import late_position
from tests.redis_server import free_port

# Real servers in subprocesses: the full tier only (scripts/test --quick leaves them out).
pytestmark = pytest.mark.slow


def start(
    env: dict[str, str], stderr: IO[Any] | None = None, workers: int = 2
) -> tuple[str, subprocess.Popen[bytes]]:
    """`python -m service` with `workers` processes on a free port, once it is ready."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "service", "--port", str(port), "--workers", str(workers)],
        env={**os.environ, **env},
        stderr=stderr,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/ready").status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.05)
    return url, process


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    process.wait(timeout=30)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    metrics_dir = tmp_path_factory.mktemp("metrics")
    url, process = start({"PROMETHEUS_MULTIPROC_DIR": str(metrics_dir), "LOG_LEVEL": "warning"})
    try:
        yield url
    finally:
        stop(process)


@pytest.mark.parametrize("remote", [True, False])
def test_each_bad_line_gets_its_own_error_line_and_the_rest_go_on(
    server: str, tmp_path: Path, remote: bool
) -> None:
    source, output = tmp_path / "positions.jsonl", tmp_path / "answers.jsonl"
    items = [{"game": "marjapussi", "position": late_position(s)} for s in range(90, 100)]
    bad = ["[1, 2]", "3", '"text"', "null", "not json", '{"position": 3}']
    lines = [json.dumps(item) for item in items]
    for place, line in zip((0, 3, 5, 6, 9, 11), bad, strict=True):
        lines.insert(place, line)
    source.write_text("\n".join(lines) + "\n")
    url = ["--url", server] if remote else []
    assert main(["analyze", str(source), "-o", str(output), "--quiet", *url]) == 0
    answers = {e["index"]: e["status"] for e in map(json.loads, output.read_text().splitlines())}
    expected = {0: 422, 3: 422, 5: 422, 6: 422, 9: 400, 11: 422}
    assert answers == {i: expected.get(i, 200) for i in range(len(lines))}


@pytest.fixture(scope="module")
def impatient_server() -> Iterator[str]:
    url, process = start({"HEADER_TIMEOUT_MS": "500", "BODY_TIMEOUT_MS": "500"})
    try:
        yield url
    finally:
        stop(process)


@pytest.mark.parametrize(
    ("start_of_request", "part"),
    [
        (b"POST /v1/marjapussi/deal HTTP/1.1\r\nhost: x\r\ncontent-le", b"headers"),
        (b"POST /v1/marjapussi/deal HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n{", b"body"),
    ],
)
def test_a_slow_client_gets_408_and_is_disconnected(
    impatient_server: str, start_of_request: bytes, part: bytes
) -> None:
    port = int(impatient_server.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=5) as client:
        began = time.monotonic()
        client.sendall(start_of_request)
        answer = b""
        while chunk := client.recv(4096):  # until the server closes the connection
            answer += chunk
        waited = time.monotonic() - began
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert part in answer
    assert 0.4 < waited < 2
    time.sleep(0.1)  # the app, cut off from the body, is no server error
    assert 'status="500"' not in httpx.get(f"{impatient_server}/metrics").text


def test_the_shutdown_grace_outlasts_the_analysis_deadline() -> None:
    for deadline_ms in (1, 30_000, 120_000):
        config = uvicorn_config(Settings(request_deadline_ms=deadline_ms))
        assert config.timeout_graceful_shutdown is not None
        assert config.timeout_graceful_shutdown * 1000 > deadline_ms + 1000


def test_sigterm_lets_the_analyses_in_flight_finish_and_takes_no_new_ones() -> None:
    url, process = start({})
    position = late_position(54, cards=8)
    body = {"position": position, "method": "ismcts", "budget": {"time_ms": 1500}}
    answers: list[httpx.Response] = []
    request = threading.Thread(
        target=lambda: answers.append(httpx.post(f"{url}/v1/marjapussi/analyze", json=body))
    )
    request.start()
    time.sleep(0.5)
    process.terminate()
    request.join()
    assert process.wait(timeout=10) == 0
    assert answers[0].status_code == 200
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{url}/health")


def test_a_client_gone_while_queued_gives_its_place_up() -> None:
    """One solve thread, one queue place: A solves, B waits and hangs up, C then waits too."""
    url, process = start({"SOLVE_THREADS": "1", "MAX_QUEUED_SOLVES": "1"}, workers=1)
    position = late_position(54, cards=8)

    def body(time_ms: int) -> bytes:
        budget = {"iterations": 10**8, "time_ms": time_ms}
        request = {"position": position, "method": "ismcts", "budget": budget, "seed": time_ms}
        return json.dumps(request).encode()

    analyze = f"{url}/v1/marjapussi/analyze"
    try:
        first = threading.Thread(target=httpx.post, args=(analyze,), kwargs={"content": body(2000)})
        first.start()
        time.sleep(0.3)
        request = body(1500)
        head = f"POST /v1/marjapussi/analyze HTTP/1.1\r\nhost: x\r\ncontent-length: {len(request)}"
        with socket.create_connection(("127.0.0.1", int(url.rsplit(":", 1)[1]))) as gone:
            gone.sendall(head.encode() + b"\r\n\r\n" + request)
            time.sleep(0.3)  # queued behind the first
        time.sleep(0.2)
        third = httpx.post(analyze, content=body(100), timeout=10)
        first.join()
    finally:
        stop(process)
    assert third.status_code == 200, third.text


def logged_lines(tmp_path: Path, level: str) -> list[dict[str, Any]]:
    """The log lines of a server at `level` that answered /health and a forging 404."""
    log = tmp_path / "server.log"
    with log.open("wb") as sink:
        url, process = start({"LOG_LEVEL": level}, stderr=sink)
        try:
            httpx.get(f"{url}/health", headers={"X-Request-ID": "health-1"})
            httpx.get(f"{url}/nope%0A%7B%22forged%22%3A1%7D", headers={"X-Request-ID": "forge-1"})
        finally:
            stop(process)
    lines = log.read_text().splitlines()
    parsed = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all(isinstance(entry, dict) and "forged" not in entry for entry in parsed)
    return parsed


def test_logs_are_json_lines_with_the_request_id_at_the_log_level(tmp_path: Path) -> None:
    info = logged_lines(tmp_path, "info")
    access = {e["request_id"]: e for e in info if e["logger"] == "service.access"}
    assert access["health-1"]["status"] == 200
    assert access["forge-1"]["message"] == 'GET /nope\n{"forged":1} 404'
    assert any(e["logger"].startswith("uvicorn") for e in info)
    warnings = logged_lines(tmp_path, "warning")
    assert all(e["level"] in ("warning", "error", "critical") for e in warnings)


def marjapussi_solves(server: str) -> float:
    metrics = ""
    for _ in range(5):  # two workers: counts are summed over both processes' files
        metrics = httpx.get(f"{server}/metrics").text
    return sum(
        float(line.split()[-1])
        for line in metrics.splitlines()
        if line.startswith('cga_solves_total{game="marjapussi"')
    )


def test_the_cli_sends_positions_to_a_running_server(server: str, tmp_path: Path) -> None:
    source, output = tmp_path / "positions.jsonl", tmp_path / "answers.jsonl"
    items = [{"game": "marjapussi", "position": late_position(s)} for s in range(70, 90)]
    source.write_text("".join(json.dumps(item) + "\n" for item in items))
    args = ["analyze", str(source), "-o", str(output), "--url", server, "--jobs", "3", "--quiet"]
    before = marjapussi_solves(server)
    assert main(args) == 0
    lines = [json.loads(line) for line in output.read_text().splitlines()]
    assert sorted((e["index"], e["status"]) for e in lines) == [(i, 200) for i in range(20)]
    assert marjapussi_solves(server) - before == 20
