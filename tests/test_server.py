"""The real server: `python -m service` with two worker processes, used by the CLI's `--url`
mode; metrics add up over the workers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from service.__main__ import main
from tests.positions import late_position
from tests.redis_server import free_port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    metrics_dir = tmp_path_factory.mktemp("metrics")
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir), "LOG_LEVEL": "warning"}
    process = subprocess.Popen(
        [sys.executable, "-m", "service", "--port", str(port), "--workers", "2"], env=env
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{url}/ready").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_cli_sends_positions_to_a_running_server(server: str, tmp_path: Path) -> None:
    source, output = tmp_path / "positions.jsonl", tmp_path / "answers.jsonl"
    items = [{"game": "marjapussi", "position": late_position(s)} for s in range(70, 90)]
    source.write_text("".join(json.dumps(item) + "\n" for item in items))
    args = ["analyze", str(source), "-o", str(output), "--url", server, "--jobs", "3", "--quiet"]
    assert main(args) == 0
    lines = [json.loads(line) for line in output.read_text().splitlines()]
    assert sorted((e["index"], e["status"]) for e in lines) == [(i, 200) for i in range(20)]
    metrics = ""
    for _ in range(5):  # two workers: counts are summed over both processes' files
        metrics = httpx.get(f"{server}/metrics").text
    solves = [
        float(line.split()[-1])
        for line in metrics.splitlines()
        if line.startswith('cga_solves_total{game="marjapussi"')
    ]
    assert sum(solves) == 20
