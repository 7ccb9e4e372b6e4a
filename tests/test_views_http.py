"""Views through the HTTP API: PIMC, ISMCTS and auto, seeded answers and their cache keys."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Litestar
from litestar.testing import TestClient

from service import _solver
from service.app import create_app
from service.schemas import AnalyzeResponse
from service.settings import Settings
from tests.positions import engine, late_position

Client = TestClient[Litestar]
ANALYZE = "/v1/marjapussi/analyze"


def view_of(position: dict[str, Any]) -> dict[str, Any]:
    """The seat to move's view of a complete position given as deal and moves: the other
    hands as counts, no snapshot."""
    seat = engine("legal-moves", {"position": position})["to_move"]
    hands = position["deal"]["hands"]
    deal = {
        **position["deal"],
        "hands": [h if s == seat else len(h) for s, h in enumerate(hands)],
    }
    view = {k: v for k, v in position.items() if k != "state"}
    return {**view, "view": seat, "deal": deal}


def analyse(client: Client, position: dict[str, Any], **extra: Any) -> AnalyzeResponse:
    answer = client.post(ANALYZE, json={"position": position, **extra})
    assert answer.status_code == 200, answer.text
    return msgspec.json.decode(answer.content, type=AnalyzeResponse)


def test_a_view_late_in_the_play_is_pimc_by_default_and_cached_under_its_seed(
    client: Client,
) -> None:
    view = view_of(late_position(31, cards=3))
    budget = {"worlds": 40}
    first = analyse(client, view, budget=budget)
    assert (first.method, first.method_asked, first.cache) == ("pimc", "auto", "miss")
    assert first.reproducible
    assert first.seed == 1
    legal = client.post("/v1/marjapussi/legal-moves", json={"position": view}).json()
    assert sorted(m.move for m in first.moves) == sorted(legal["moves"])
    for move in first.moves:
        assert move.low is not None
        assert move.high is not None
        assert move.value is not None
        assert move.low <= move.value <= move.high
    again = analyse(client, view, budget={**budget, "time_ms": 5000})
    assert again.cache == "hit"
    assert again.moves == first.moves
    other_seed = analyse(client, view, budget=budget, seed=2)
    assert other_seed.cache == "miss"
    assert other_seed.seed == 2
    more_worlds = analyse(client, view, budget={"worlds": 41})
    assert more_worlds.cache == "miss"


def test_a_view_in_the_bidding_is_ismcts_with_visits_and_one_answer_per_seed(
    client: Client,
) -> None:
    dealt = client.post("/v1/marjapussi/deal", json={"variant": "huutopussi", "seed": 12})
    view = view_of(dealt.json()["position"])
    request = {"method": "ismcts", "budget": {"iterations": 600}, "seed": 4, "rollout": "random"}
    first = analyse(client, view, **request)
    assert (first.method, first.rollout, first.stats.iterations) == ("ismcts", "random", 600)
    assert sum(m.visits or 0 for m in first.moves) == 600
    assert first.best_move in [m.move for m in first.moves]
    assert first.why_method == "asked"
    with TestClient(create_app(Settings())) as fresh:
        again = analyse(fresh, view, **request)
    assert (again.cache, again.moves) == ("miss", first.moves)


def test_auto_values_a_bid_by_the_play_it_leads_to_and_says_how(client: Client) -> None:
    dealt = client.post("/v1/marjapussi/deal", json={"variant": "huutopussi", "seed": 12})
    view = view_of(dealt.json()["position"])
    first = analyse(client, view, budget={"time_ms": 30_000}, seed=4)
    assert (first.method, first.method_asked, first.reproducible) == ("bids", "auto", True)
    assert first.why_method is not None
    assert "bid of the auction" in first.why_method
    assert "rule-based player" in first.search
    legal = client.post("/v1/marjapussi/legal-moves", json={"position": view}).json()
    assert sorted(m.move for m in first.moves) == sorted(legal["moves"])
    assert first.stats.playouts is not None
    assert first.stats.worlds is not None
    assert 0 < first.stats.worlds <= first.stats.playouts <= 50_100
    best = next(m for m in first.moves if m.move == first.best_move)
    assert best.worlds == first.stats.worlds
    assert best.score == first.score
    rivals = [m for m in first.moves if m.worlds == best.worlds]
    assert all(m.score is not None and best.score >= m.score for m in rivals)
    again = analyse(client, view, budget={"time_ms": 30_000}, seed=4)
    assert (again.cache, again.moves) == ("hit", first.moves)


def exchange_return(seed: int) -> dict[str, Any]:
    """The huutopussi hand of `seed` at the declarer's return: the forehand opens at the lowest
    bid, the others pass, the partner gives and the contract is set by their first moves."""
    position = engine("deal", {"variant": "huutopussi", "seed": seed})["position"]
    while True:
        legal = engine("legal-moves", {"position": position})
        if legal["phase"] == "exchange_return":
            assert isinstance(position, dict)
            return position
        moves = [m for m in legal["moves"] if m != "redeal"]
        move = "pass" if "pass" in moves else moves[0]
        position = engine("play", {"position": position, "move": move})["position"]


def test_auto_values_an_exchange_among_candidates_and_says_they_are_not_all(
    client: Client,
) -> None:
    view = view_of(exchange_return(12))
    first = analyse(client, view, budget={"time_ms": 30_000}, seed=2)
    assert (first.method, first.method_asked, first.reproducible) == ("bids", "auto", True)
    assert first.why_method is not None
    assert first.why_method.startswith("the cards to pass or lay away")
    assert first.all_moves_listed is False
    assert "not every legal move" in first.search
    legal = client.post("/v1/marjapussi/legal-moves", json={"position": view}).json()
    names = [m.move for m in first.moves]
    assert len(names) == len(set(names)) == 1 + 3 * 9
    assert set(names) <= set(legal["moves"])
    assert len(legal["moves"]) > len(names)
    assert first.best_move in names
    played = client.post("/v1/marjapussi/play", json={"position": view, "move": first.best_move})
    assert played.status_code == 200, played.text
    again = analyse(client, view, budget={"time_ms": 30_000}, seed=2)
    assert (again.cache, again.moves, again.best_move) == ("hit", first.moves, first.best_move)


def test_views_of_every_game_are_answered(client: Client) -> None:
    for game, variant in [("mu", "mu4"), ("muschik", "muschik"), ("mustamaija", "standard")]:
        dealt = client.post(f"/v1/{game}/deal", json={"variant": variant, "seed": 3}).json()
        state = dealt["position"]["state"]
        seat = state["to_move"]
        canonical = {k: dealt["position"][k] for k in ("version", "game", "variant", "options")}
        view = engine_canonical(game, {**canonical, "view": seat, "state": state})
        answer = client.post(
            f"/v1/{game}/analyze", json={"position": view, "budget": {"iterations": 300}}
        )
        assert answer.status_code == 200, f"{game}: {answer.text}"
        body = msgspec.json.decode(answer.content, type=AnalyzeResponse)
        # Muschik's first seat decides whether to play: `auto` values it by the play (bids).
        assert body.method == ("bids" if game == "muschik" else "ismcts")
        assert body.perspective.seat == seat


def engine_canonical(game: str, position: dict[str, Any]) -> dict[str, Any]:
    """The position as the engine writes it (a view's hidden hands become counts)."""
    canonical = msgspec.json.decode(
        _solver.call(game, "canonical", msgspec.json.encode({"position": position}))
    )
    return {"version": 1, **canonical}


def test_bad_view_requests_name_the_field(client: Client) -> None:
    view = view_of(late_position(32, cards=3))
    cases = [
        ({"method": "ismcts", "rollout": "greedy"}, "rollout"),
        ({"method": "exact"}, "method"),
        ({"method": "auto", "seed": -1}, "seed"),
    ]
    for extra, path in cases:
        answer = client.post(ANALYZE, json={"position": view, **extra})
        assert answer.status_code == 422, answer.text
        assert path in [e["path"] for e in answer.json()["errors"]], answer.text


BRIDGE_VIEW: dict[str, Any] = {
    "version": 1,
    "game": "bridge",
    "variant": "bridge",
    "options": {"strain": "NT", "declarer": 0},
    "view": 0,
    "deal": {
        "hands": [
            ["S5", "S6", "S7", "S8", "SQ", "SK", "H3", "HA", "D6", "D7", "D9", "C3", "CQ"],
            13,
            ["S4", "H2", "H5", "H7", "HT", "HQ", "D2", "D3", "DT", "DQ", "DA", "C5", "C6"],
            13,
        ]
    },
    "moves": ["SA", "S4", "S3", "S5", "C8", "C6", "C9", "CQ", "SQ", "S9", "DT", "S2", "D6", "CT"],
}


def test_a_view_whose_hidden_seat_showed_out_is_analysed_by_every_method(
    client: Client,
) -> None:
    for method in ("pimc", "ismcts", "auto"):
        body = {"position": BRIDGE_VIEW, "method": method, "seed": 1, "budget": {"worlds": 10}}
        answer = client.post("/v1/bridge/analyze", json=body)
        assert answer.status_code == 200, answer.text
        assert answer.json()["best_move"] is not None


def test_short_budgets_answer_and_name_the_fields_they_did_not_use(client: Client) -> None:
    view = view_of(late_position(32, cards=3))
    body = {
        "position": view,
        "method": "pimc",
        "budget": {"worlds": 3, "nodes": 1, "iterations": 5},
    }
    short = analyse(client, view, **{k: v for k, v in body.items() if k != "position"})
    assert short.method == "ismcts"
    assert short.why_method is not None
    assert "no sampled world was solved" in short.why_method
    assert short.unused_budget == ["worlds"]
    complete = client.post(
        ANALYZE, json={"position": late_position(32, cards=3), "budget": {"worlds": 5}}
    )
    assert complete.status_code == 200, complete.text
    assert complete.json()["unused_budget"] == ["worlds"]


def huutopussi_after_the_first_lead(client: Client, seed: int) -> dict[str, Any]:
    """A `huutopussi` hand of `seed` played by first legal moves through the auction, the
    exchange and the declarer's opening lead."""
    url = "/v1/marjapussi/{}"
    position = client.post(url.format("deal"), json={"variant": "huutopussi", "seed": seed}).json()[
        "position"
    ]
    leads = 0
    while leads < 1:
        legal = client.post(url.format("legal-moves"), json={"position": position}).json()
        leads += legal["phase"] == "play"
        body = {"position": position, "move": legal["moves"][0]}
        position = client.post(url.format("play"), json=body).json()["position"]
    assert isinstance(position, dict)
    return position


def test_an_opponents_view_writes_the_partners_exchange_as_hidden_cards(
    client: Client,
) -> None:
    position = huutopussi_after_the_first_lead(client, seed=5)
    seat = position["state"]["to_move"]
    declarer = position["state"]["declarer"]
    assert seat % 2 != declarer % 2, "an opponent of the declarer is to move"
    hands = position["deal"]["hands"]
    deal = {**position["deal"], "hands": [h if s == seat else len(h) for s, h in enumerate(hands)]}
    moves = [
        " ".join([m.split()[0], "?? ?? ??"]) if m.split()[0] in ("give", "return") else m
        for m in position["moves"]
    ]
    assert "give ?? ?? ??" in moves
    assert "return ?? ?? ??" in moves
    view = {
        **{k: position[k] for k in ("version", "game", "variant", "options")},
        "view": seat,
        "deal": deal,
        "moves": moves,
    }
    answer = client.post(
        ANALYZE, json={"position": view, "method": "pimc", "budget": {"worlds": 20}}
    )
    assert answer.status_code == 200, answer.text
    legal = client.post("/v1/marjapussi/legal-moves", json={"position": view}).json()
    body = msgspec.json.decode(answer.content, type=AnalyzeResponse)
    assert sorted(m.move for m in body.moves) == sorted(legal["moves"])
    named = [*moves]
    named[moves.index("give ?? ?? ??")] = "give " + " ".join(hands[seat][:3])
    refused = client.post(ANALYZE, json={"position": {**view, "moves": named}, "method": "pimc"})
    assert refused.status_code == 422
    assert "??" in refused.text
