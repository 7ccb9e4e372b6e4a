"""The batch route, the limits, the metrics and the CLI, through the real app and engine."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import msgspec
from litestar import Litestar
from litestar.testing import TestClient

from service.__main__ import main
from service.app import create_app
from service.schemas import BatchLine
from service.settings import Settings
from tests.positions import late_position, snapshot_of

Client = TestClient[Litestar]
ANALYZE = "/v1/marjapussi/analyze"
# How late an answer may be after REQUEST_DEADLINE_MS (the README's figure).
DEADLINE_MARGIN_S = 0.1


def batch(client: Client, items: list[Any]) -> list[BatchLine]:
    answer = client.post("/v1/analyze/batch", json={"positions": items})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    return [msgspec.json.decode(line, type=BatchLine) for line in answer.text.splitlines()]


def test_a_batch_answers_every_position_once_and_bad_ones_get_their_own_line() -> None:
    good = [{"game": "marjapussi", "position": late_position(s)} for s in (50, 51, 52)]
    bad_card = json.loads(json.dumps(good[0]))
    bad_card["position"] = snapshot_of(bad_card["position"])
    bad_card["position"]["state"]["hands"][0][0] = "X9"
    items: list[Any] = [
        good[0],
        {"position": {"game": "nosuchgame"}},
        bad_card,
        good[1],
        {"game": "mustamaija", "position": {"game": "mustamaija"}},
        {"position": late_position(52)},  # the game named by the position
        {"game": "marjapussi"},
    ]
    with TestClient(create_app(Settings(solve_threads=2))) as client:
        lines = batch(client, items)
    assert sorted(line.index for line in lines) == list(range(len(items)))
    by_index = {line.index: line for line in lines}
    assert [by_index[i].status for i in range(len(items))] == [200, 404, 422, 200, 422, 200, 422]
    assert by_index[2].problem is not None
    assert by_index[2].problem.errors[0].path.startswith("positions[2].position.state.hands[0]")
    assert by_index[6].problem is not None
    assert by_index[6].problem.errors[0].path == "positions[6].position"
    assert by_index[0].answer is not None
    assert by_index[0].answer.best_move


def test_batch_limits_are_problems_naming_the_field() -> None:
    item = {"game": "marjapussi", "position": late_position(53)}
    with TestClient(create_app(Settings(max_batch_positions=2, max_time_ms=100))) as client:
        too_many = client.post("/v1/analyze/batch", json={"positions": [item] * 3})
        assert too_many.status_code == 422
        assert too_many.json()["errors"][0]["path"] == "positions"
        over_budget = {**item, "budget": {"time_ms": 101}}
        (line,) = batch(client, [over_budget])
        assert line.status == 422
        assert line.problem is not None
        assert line.problem.errors[0].path == "positions[0].budget.time_ms"
        single = client.post(
            "/v1/marjapussi/analyze",
            json={"position": item["position"], "budget": {"time_ms": 500}},
        )
        assert single.status_code == 422
        assert single.json()["errors"][0]["path"] == "budget.time_ms"


def test_beyond_the_solve_slots_and_queue_the_answer_is_503_with_retry_after() -> None:
    """One slot, no queue: while a long solve holds the slot, another analysis is refused. The
    holder is ISMCTS with iterations to spare (it runs its whole 1.5 s); each other request has
    a seed of its own, so none is answered from the cache."""
    position = late_position(54, cards=8)
    long = {"iterations": 10**8, "time_ms": 1500}
    with TestClient(create_app(Settings(solve_threads=1, max_queued_solves=0))) as client:
        holder = threading.Thread(
            target=client.post,
            args=("/v1/marjapussi/analyze",),
            kwargs={"json": {"position": position, "method": "ismcts", "budget": long}},
        )
        holder.start()
        time.sleep(0.2)
        refused = None
        seeds = iter(range(2, 10**6))
        while holder.is_alive() and refused is None:
            quick = {"iterations": 10}
            body = {"position": position, "method": "ismcts", "budget": quick, "seed": next(seeds)}
            answer = client.post("/v1/marjapussi/analyze", json=body)
            if answer.status_code == 503:
                refused = answer
        holder.join()
    assert refused is not None, "the long solve finished before any refusal could be seen"
    assert refused.headers["retry-after"] == "1"
    assert refused.json()["type"] == "/problems/overloaded"


def test_a_queued_analysis_gets_only_the_time_left_before_its_deadline() -> None:
    """One slot: the second analysis, asking 5 s, waits 0.8 s of its 2 s deadline for the
    first, then has 1.2 s of search (ISMCTS with iterations to spare runs as long as it may)."""
    position = late_position(54, cards=8)

    def endless(time_ms: int) -> dict[str, Any]:
        budget = {"iterations": 10**8, "time_ms": time_ms}
        return {"position": position, "method": "ismcts", "budget": budget, "seed": time_ms}

    settings = Settings(solve_threads=1, request_deadline_ms=2000, max_time_ms=60_000)
    with TestClient(create_app(settings)) as client:
        holder = threading.Thread(
            target=client.post, args=(ANALYZE,), kwargs={"json": endless(1000)}
        )
        holder.start()
        time.sleep(0.2)
        start = time.monotonic()
        answer = client.post(ANALYZE, json=endless(5000))
        elapsed = time.monotonic() - start
        holder.join()
    assert answer.status_code == 200, answer.text
    assert answer.json()["stats"]["time_ms"] < 1250
    assert elapsed < 2.0 + DEADLINE_MARGIN_S


def test_metrics_count_requests_solves_and_cache_lookups() -> None:
    position = late_position(56)
    with TestClient(create_app(Settings())) as client:
        for _ in range(2):
            client.post("/v1/marjapussi/analyze", json={"position": position})
        text = client.get("/metrics").text
        answer = client.get("/health", headers={"X-Request-ID": "abc-123"})
    assert 'cga_requests_total{game="marjapussi",route="/v1/{game}/analyze",status="200"}' in text
    assert "cga_request_seconds_bucket" in text
    assert "cga_solves_total" in text
    assert 'cga_cache_lookups_total{level="local",result="hit"}' in text
    assert "cga_search_nodes_total" in text
    assert "cga_solve_queue_depth" in text
    assert answer.headers["x-request-id"] == "abc-123"


def write_lines(path: Path, items: list[Any]) -> None:
    path.write_text("".join(json.dumps(item) + "\n" for item in items) + "not json\n")


def test_the_cli_analyses_a_file_and_resumes(tmp_path: Path) -> None:
    items = [{"game": "marjapussi", "position": late_position(s)} for s in (60, 61, 62)]
    source, output = tmp_path / "positions.jsonl", tmp_path / "answers.jsonl"
    write_lines(source, items[:2])
    assert main(["analyze", str(source), "-o", str(output), "--jobs", "2", "--quiet"]) == 0
    first = [json.loads(line) for line in output.read_text().splitlines()]
    assert sorted((e["index"], e["status"]) for e in first) == [(0, 200), (1, 200), (2, 400)]
    with source.open("a") as more:  # one more position: only it is analysed on the second run
        more.write(json.dumps(items[2]) + "\n")
    assert main(["analyze", str(source), "-o", str(output), "--quiet"]) == 0
    second = [json.loads(line) for line in output.read_text().splitlines()][len(first) :]
    assert [(e["index"], e["status"]) for e in second] == [(3, 200)]
