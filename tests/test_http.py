"""The HTTP API through the real Litestar app and the real engine.

Rules are the engine's (tested in Rust); these tests check what the service adds: routing, the
raw pass-through of the engine's JSON, the documented wire models, body limits, and that every
error is an RFC 9457 problem naming the field at fault.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import msgspec
import pytest
from litestar import Litestar, get
from litestar.testing import TestClient

from benchmarks import engine, exact_games, pimc_rate
from service import _solver
from service.errors import EXCEPTION_HANDLERS
from service.schemas import (
    AnalyzeResponse,
    Catalogue,
    DealResponse,
    LegalMovesResponse,
    PlayResponse,
    ProblemDetails,
)
from service.settings import Settings

Client = TestClient[Litestar]
GAME = "marjapussi"
VARIANTS = ("marjapussi", "huutopussi", "erlangen", "huutopussi3")


def post(client: Client, route: str, body: Any, game: str = GAME) -> Any:
    return client.post(f"/v1/{game}/{route}", json=body)


def problem_of(response: Any, status: int) -> ProblemDetails:
    """The problem details of an error answer, checked against the documented model."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    problem = msgspec.json.decode(response.content, type=ProblemDetails)
    assert problem.status == status
    assert problem.title
    assert problem.detail
    assert problem.instance == response.request.url.path
    return problem


def paths_of(problem: ProblemDetails) -> list[str]:
    return [e.path for e in problem.errors]


def without_state(position: dict[str, Any]) -> dict[str, Any]:
    """A copy given as deal and moves only, so an edit of the deal is the only source of truth."""
    changed = copy.deepcopy(position)
    del changed["state"]
    return changed


# --- catalogue, deal, legal moves, play ---------------------------------------------------------


def test_games_lists_the_four_marjapussi_variants(client: Client) -> None:
    answer = client.get("/v1/games")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    catalogue = msgspec.json.decode(answer.content, type=Catalogue)
    assert catalogue.engine_version == _solver.ENGINE_VERSION
    (marjapussi,) = [g for g in catalogue.games if g.name == GAME]
    assert [v.name for v in marjapussi.variants] == list(VARIANTS)
    assert "bid" in marjapussi.phases
    assert "deck_size" in marjapussi.options


def test_games_is_the_engine_catalogue_unchanged(client: Client) -> None:
    assert client.get("/v1/games").content == _solver.games().encode()


def test_every_option_has_a_description_and_a_rule_reference(client: Client) -> None:
    games = client.get("/v1/games").json()["games"]
    options = [(g["name"], name, o) for g in games for name, o in g["options"].items()]
    assert len(options) >= 80
    for game, name, option in options:
        assert option["description"], (game, name)
        spec = f"docs/rules/{game}.md " if game != "bridge" else "Laws of Duplicate Bridge"
        assert option["rule"].startswith(spec), (game, name, option["rule"])


def test_openapi_has_a_view_and_a_batch_example_per_game(client: Client) -> None:
    paths = client.get("/schema/openapi.json").json()["paths"]
    games = [g["name"] for g in client.get("/v1/games").json()["games"]]
    for path in ("/v1/{game}/view", "/v1/analyze/batch"):
        content = paths[path]["post"]["requestBody"]["content"]["application/json"]
        assert set(games) <= set(content["examples"]), path
    view = paths["/v1/{game}/view"]["post"]["requestBody"]["content"]["application/json"]
    batch = paths["/v1/analyze/batch"]["post"]["requestBody"]["content"]["application/json"]
    for game in games:
        seen = client.post(f"/v1/{game}/view", json=view["examples"][game]["value"])
        assert seen.status_code == 200, seen.text
        answer = client.post("/v1/analyze/batch", json=batch["examples"][game]["value"])
        line = msgspec.json.decode(answer.content.splitlines()[0])
        assert (line["status"], line.get("game")) == (200, game), line


def test_every_request_example_of_the_openapi_document_answers_200(client: Client) -> None:
    """What a reader copies from the document works as it is: the document drops null values
    from examples, so no example may carry a snapshot that needs them."""
    games = {g["name"] for g in client.get("/v1/games").json()["games"]}
    paths = client.get("/schema/openapi.json").json()["paths"]
    posted = 0
    for path, operations in paths.items():
        body = operations.get("post", {}).get("requestBody", {})
        examples = body.get("content", {}).get("application/json", {}).get("examples", {})
        for name, example in examples.items():
            game = name if name in games else GAME
            answer = client.post(path.replace("{game}", game), json=example["value"])
            assert answer.status_code == 200, (path, name, answer.text)
            posted += 1
    assert posted >= 16, posted


def test_deal_is_deterministic_for_a_seed(client: Client) -> None:
    body = {"variant": "huutopussi", "seed": 12345}
    first = post(client, "deal", body)
    second = post(client, "deal", body)
    other = post(client, "deal", {**body, "seed": 12346})
    assert first.status_code == second.status_code == other.status_code == 200
    assert first.content == second.content
    assert first.json()["position"]["deal"] != other.json()["position"]["deal"]
    dealt = msgspec.json.decode(first.content, type=DealResponse)
    assert dealt.seed == 12345
    assert dealt.position.variant == "huutopussi"
    assert dealt.position.moves == []


def test_answers_are_the_engine_json_passed_through(client: Client) -> None:
    body = {"variant": "erlangen", "seed": 3}
    answer = post(client, "deal", body)
    assert answer.headers["content-type"] == "application/json"
    assert answer.content == _solver.call(GAME, "deal", json.dumps(body).encode()).encode()


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_reaches_the_end_in_every_variant(client: Client, variant: str) -> None:
    seed = 2024
    rng = random.Random(seed)
    dealt = post(client, "deal", {"variant": variant, "seed": seed})
    position = msgspec.json.decode(dealt.content, type=DealResponse).position
    for played in range(1, 500):
        body = {"position": msgspec.to_builtins(position)}
        listed = post(client, "legal-moves", body)
        assert listed.status_code == 200, listed.text
        legal = msgspec.json.decode(listed.content, type=LegalMovesResponse)
        assert legal.count == len(legal.moves) > 0
        move = rng.choice(legal.moves)

        answer = post(client, "play", {**body, "move": move})
        assert answer.status_code == 200, answer.text
        after = msgspec.json.decode(answer.content, type=PlayResponse)
        assert after.played == move
        assert after.position.moves is not None
        assert len(after.position.moves) == played
        if after.over:
            assert after.result is not None
            assert after.to_move is None
            return
        assert after.result is None
        position = after.position
    pytest.fail(f"{variant}: the hand did not end")


# --- problem details: the engine's checks -------------------------------------------------------


def test_unknown_card_in_a_hand_names_its_place(client: Client, huutopussi: dict[str, Any]) -> None:
    position = without_state(huutopussi)
    position["deal"]["hands"][1][3] = "X9"
    problem = problem_of(post(client, "legal-moves", {"position": position}), 422)
    assert paths_of(problem) == ["position.deal.hands[1][3]"]
    assert "X9" in problem.errors[0].message


def test_every_problem_is_listed(client: Client, huutopussi: dict[str, Any]) -> None:
    position = without_state(huutopussi)
    position["deal"]["hands"][0][1] = "Q7"
    position["deal"]["hands"][1][3] = "X9"
    problem = problem_of(post(client, "legal-moves", {"position": position}), 422)
    assert sorted(paths_of(problem)) == ["position.deal.hands[0][1]", "position.deal.hands[1][3]"]


def test_card_given_twice_names_both_places(client: Client, huutopussi: dict[str, Any]) -> None:
    position = without_state(huutopussi)
    hands = position["deal"]["hands"]
    hands[1][3] = hands[0][0]
    problem = problem_of(post(client, "legal-moves", {"position": position}), 422)
    assert paths_of(problem) == ["position.deal.hands[1][3]"]
    assert "position.deal.hands[0][0]" in problem.errors[0].message


def test_wrong_number_of_cards_names_the_hand(client: Client, huutopussi: dict[str, Any]) -> None:
    position = without_state(huutopussi)
    position["deal"]["hands"][2].pop()
    problem = problem_of(post(client, "legal-moves", {"position": position}), 422)
    assert paths_of(problem) == ["position.deal.hands[2]"]


def test_illegal_move_names_the_move(client: Client, huutopussi: dict[str, Any]) -> None:
    legal = post(client, "legal-moves", {"position": huutopussi}).json()["moves"]
    assert "SA" not in legal
    problem = problem_of(post(client, "play", {"position": huutopussi, "move": "SA"}), 422)
    assert paths_of(problem) == ["move"]
    assert legal[0] in problem.errors[0].message


def test_unknown_variant_names_the_variant(client: Client, huutopussi: dict[str, Any]) -> None:
    position = {**huutopussi, "variant": "schnapsen"}
    problem = problem_of(post(client, "legal-moves", {"position": position}), 422)
    assert paths_of(problem) == ["position.variant"]
    dealt = problem_of(post(client, "deal", {"variant": "schnapsen"}), 422)
    assert paths_of(dealt) == ["variant"]


def test_unknown_option_names_the_option(client: Client, huutopussi: dict[str, Any]) -> None:
    position = {**huutopussi, "options": {**huutopussi["options"], "foo": 1}}
    problem = problem_of(post(client, "legal-moves", {"position": position}), 422)
    assert paths_of(problem) == ["position.options.foo"]
    dealt = problem_of(post(client, "deal", {"options": {"foo": 1, "min_bid": "x"}}), 422)
    assert sorted(paths_of(dealt)) == ["options.foo", "options.min_bid"]


# --- problem details: the envelope, the body, the route -----------------------------------------


def test_wrong_json_type_in_the_envelope_names_the_field(
    client: Client, huutopussi: dict[str, Any]
) -> None:
    position = {**huutopussi, "moves": 3}
    problem = problem_of(post(client, "play", {"position": position, "move": "pass"}), 422)
    assert paths_of(problem) == ["position.moves"]
    problem = problem_of(post(client, "deal", {"seed": -1}), 422)
    assert paths_of(problem) == ["seed"]


def test_missing_field_names_the_field(client: Client, huutopussi: dict[str, Any]) -> None:
    problem = problem_of(post(client, "play", {"position": huutopussi}), 422)
    assert paths_of(problem) == ["move"]
    problem = problem_of(post(client, "legal-moves", {}), 422)
    assert paths_of(problem) == ["position"]


def test_truncated_json_is_a_bad_request(client: Client) -> None:
    answer = client.post(f"/v1/{GAME}/deal", content=b'{"variant": "huutopussi", "se')
    problem = problem_of(answer, 400)
    assert problem.type.endswith("malformed-json")
    assert problem.errors == []


@pytest.mark.parametrize("route", ["marjapussi/deal", "marjapussi/analyze", "analyze/batch"])
def test_invalid_utf8_in_a_string_is_malformed_json(client: Client, route: str) -> None:
    answer = client.post(f"/v1/{route}", content=b'{"variant": "huutopussi\xff\xfe"}')
    problem = problem_of(answer, 400)
    assert problem.type.endswith("malformed-json")
    assert "UTF-8" in problem.detail


@pytest.mark.parametrize("depth", [100, 200, 1000, 100_000])
@pytest.mark.parametrize("route", ["marjapussi/deal", "marjapussi/analyze", "analyze/batch"])
def test_deeply_nested_json_is_a_client_error_at_any_depth(
    client: Client, route: str, depth: int
) -> None:
    nested = b"[" * depth + b"]" * depth
    body = b'{"options": {"x": %s}, "position": {"game": "marjapussi"}, "positions": %s}' % (
        nested,
        nested,
    )
    answer = client.post(f"/v1/{route}", content=body)
    assert answer.status_code in (400, 422), answer.text
    if answer.status_code == 400:  # said by the service's decoder or by the engine's
        detail = problem_of(answer, 400).detail
        assert "nested too deeply" in detail or "recursion limit exceeded" in detail


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin-1"],
)
@pytest.mark.parametrize("route", ["marjapussi/deal", "analyze/batch"])
def test_a_body_declared_as_not_json_is_unsupported(
    client: Client, route: str, content_type: str
) -> None:
    body = b'{"variant": "huutopussi", "positions": []}'
    answer = client.post(f"/v1/{route}", content=body, headers={"content-type": content_type})
    problem = problem_of(answer, 415)
    assert problem.type.endswith("unsupported-media-type")
    assert content_type in problem.detail


@pytest.mark.parametrize(
    "headers",
    [{}, {"content-type": "application/json"}, {"content-type": "application/json; charset=UTF-8"}],
)
def test_json_with_or_without_its_content_type_is_taken(
    client: Client, headers: dict[str, str]
) -> None:
    answer = client.post(f"/v1/{GAME}/deal", content=b'{"seed": 1}', headers=headers)
    assert answer.status_code == 200, answer.text


def test_empty_body_is_a_bad_request(client: Client) -> None:
    problem = problem_of(client.post(f"/v1/{GAME}/legal-moves", content=b""), 400)
    assert "empty" in problem.detail


def test_ten_megabyte_body_is_too_large(client: Client) -> None:
    body = b'{"seed": 1, "pad": "' + b"x" * 10_000_000 + b'"}'
    problem = problem_of(client.post(f"/v1/{GAME}/deal", content=body), 413)
    assert str(Settings().max_body_bytes) in problem.detail


def test_body_just_under_the_limit_reaches_the_engine(client: Client) -> None:
    padding = "x" * (Settings().max_body_bytes - 100)
    problem = problem_of(post(client, "deal", {"seed": 1, "pad": padding}), 422)
    assert paths_of(problem) == ["pad"]


def test_unknown_game_is_not_found(client: Client) -> None:
    problem = problem_of(post(client, "deal", {"seed": 1}, game="chess"), 404)
    assert problem.type.endswith("unknown-game")
    assert "marjapussi" in problem.detail


def test_unknown_game_is_not_found_before_the_body_is_read(client: Client) -> None:
    problem_of(client.post("/v1/chess/deal", content=b"{"), 404)


def test_unknown_route_and_wrong_method_are_problems(client: Client) -> None:
    problem_of(client.get("/v2/games"), 404)
    wrong = client.get(f"/v1/{GAME}/deal")
    problem_of(wrong, 405)
    assert "POST" in wrong.headers["allow"]


def test_unknown_routes_and_wrong_methods_are_observed(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level("INFO", logger="service.access"):
        missing = client.get("/v2/games", headers={"X-Request-ID": "lost-1"})
        wrong = client.put("/health")
    assert missing.headers["x-request-id"] == "lost-1"
    assert wrong.headers["x-request-id"]
    access = [r.__dict__ for r in caplog.records if r.name == "service.access"]
    logged = {(entry["status"], entry["route"]) for entry in access}
    assert {(404, "unmatched"), (405, "unmatched")} <= logged
    text = client.get("/metrics").text
    for status in (404, 405):
        assert f'cga_requests_total{{game="",route="unmatched",status="{status}"}}' in text


def test_engine_fault_and_unexpected_errors_are_500_problems() -> None:
    @get("/fault")
    async def fault() -> None:
        raise _solver.EngineFault("engine fault: index out of bounds")

    @get("/bug")
    async def bug() -> None:
        raise KeyError("secret internals")

    app = Litestar([fault, bug], exception_handlers=EXCEPTION_HANDLERS)
    with TestClient(app) as client:
        problem = problem_of(client.get("/fault"), 500)
        assert problem.type.endswith("engine-fault")
        assert "index out of bounds" in problem.detail
        problem = problem_of(client.get("/bug"), 500)
        assert problem.type.endswith("internal-error")
        assert "secret" not in problem.detail


# --- operations ---------------------------------------------------------------------------------


def test_health(client: Client) -> None:
    answer = client.get("/health")
    assert answer.status_code == 200
    expected = {"status": "ok", "engine_version": _solver.ENGINE_VERSION, "redis": "disabled"}
    assert answer.json() == expected


def test_ready(client: Client) -> None:
    answer = client.get("/ready")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ready"}


def test_metrics_are_text_with_one_charset_in_the_answer_and_the_schema(client: Client) -> None:
    content_type = client.get("/metrics").headers["content-type"]
    assert content_type.startswith("text/plain; version=")
    assert content_type.count("charset") == 1
    operation = client.get("/schema/openapi.json").json()["paths"]["/metrics"]["get"]
    assert list(operation["responses"]["200"]["content"]) == ["text/plain"]


def test_schema_is_openapi_3_1_with_typed_bodies(client: Client) -> None:
    answer = client.get("/schema/openapi.json")
    assert answer.status_code == 200
    schema = answer.json()
    assert schema["openapi"].startswith("3.1")
    page = client.get("/schema")
    assert page.headers["content-type"].startswith("text/html")
    assert "<script" not in page.text
    assert "<link" not in page.text
    paths = schema["paths"]
    for route, model in (
        ("deal", "DealRequest"),
        ("legal-moves", "PositionRequest"),
        ("play", "PlayRequest"),
    ):
        operation = paths[f"/v1/{{game}}/{route}"]["post"]
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert body == {"$ref": f"#/components/schemas/{model}"}
        problem = operation["responses"]["422"]["content"]["application/problem+json"]["schema"]
        assert problem == {"$ref": "#/components/schemas/ProblemDetails"}
    assert {"/v1/games", "/health", "/ready"} <= set(paths)
    assert "Position" in schema["components"]["schemas"]


# --- the benchmark command ---------------------------------------------------------


def test_bench_runs_both_sides(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--variant", "huutopussi3", "--hands", "2", "--repeats", "2", "--json"]
    assert engine.main(args) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["binding"]["calls"]["deal"]["calls"] == 4
    assert record["rust"]["moves_per_s"] > record["binding"]["moves_per_s"] > 0


def test_exact_games_times_the_first_trick_and_the_curve(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--rows", "muschik", "mustamaija", "--positions", "2", "--curve", "--json"]
    assert exact_games.main(args) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    for name in ("muschik", "mustamaija"):
        cards = [r["cards"] for r in rows if r["row"] == name]
        # The first trick, then each later count of cards down to one.
        assert cards == list(range(cards[0], 0, -1)), cards
    assert all(r["positions"] == 2 and r["cut"] == 0 for r in rows)


def test_pimc_rate_times_the_worlds_of_first_leads(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--variants", "huutopussi3", "--positions", "2", "--worlds", "3", "--json"]
    assert pimc_rate.main(args) == 0
    row = json.loads(capsys.readouterr().out)
    rates = row["worlds_per_s"]
    assert (row["positions"], row["worlds"]) == (2, 3)
    assert row["threads"] >= 1
    assert 0 < rates["min"] <= rates["p10"] <= rates["p50"]
    assert row["ms_per_world_p50"] == pytest.approx(1e3 / rates["p50"])


def test_analyze_scores_every_legal_move_of_a_play_position(client: TestClient[Litestar]) -> None:
    """The exact search answers a complete position in trick play; bidding is refused by it."""
    dealt = client.post("/v1/marjapussi/deal", json={"variant": "marjapussi", "seed": 21})
    position = dealt.json()["position"]
    for _ in range(24):
        moves = client.post("/v1/marjapussi/legal-moves", json={"position": position}).json()
        position = client.post(
            "/v1/marjapussi/play", json={"position": position, "move": moves["moves"][0]}
        ).json()["position"]
    answer = client.post(
        "/v1/marjapussi/analyze",
        json={"position": position, "method": "exact", "budget": {"time_ms": 20000}},
    )
    assert answer.status_code == 200, answer.text
    body = msgspec.json.decode(answer.content, type=AnalyzeResponse)
    legal = client.post("/v1/marjapussi/legal-moves", json={"position": position}).json()
    assert sorted(m.move for m in body.moves) == sorted(legal["moves"])
    assert body.exact
    assert body.best_move in legal["moves"]
    assert body.value == max(m.value for m in body.moves)
    assert body.unit == "game points"

    bidding = client.post("/v1/marjapussi/deal", json={"variant": "huutopussi", "seed": 2})
    exact = {"position": bidding.json()["position"], "method": "exact"}
    refused = client.post("/v1/marjapussi/analyze", json=exact)
    assert refused.status_code == 422
    assert "ismcts" in refused.json()["errors"][0]["message"]
