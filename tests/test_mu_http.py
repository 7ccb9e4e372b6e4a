"""Mü through the real Litestar app and the real engine.

The rules are tested in Rust (`solver/src/games/mu/`); these tests check what a client sees:
the catalogue entry, the compact legal moves of the auction and their documented shape, random
hands played to the end through `/play` in every player count, and problems that name the field.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import msgspec
import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.schemas import (
    Catalogue,
    DealResponse,
    LegalMovesResponse,
    PlayResponse,
    ProblemDetails,
)

Client = TestClient[Litestar]
GAME = "mu"
VARIANTS = ("mu3", "mu4", "mu5", "mu6")


def post(client: Client, route: str, body: Any) -> Any:
    return client.post(f"/v1/{GAME}/{route}", json=body)


def problem_paths(response: Any) -> list[str]:
    """The paths of an RFC 9457 answer with status 422."""
    assert response.status_code == 422, response.text
    assert response.headers["content-type"] == "application/problem+json"
    problem = msgspec.json.decode(response.content, type=ProblemDetails)
    return [e.path for e in problem.errors]


def dealt(client: Client, **body: Any) -> dict[str, Any]:
    answer = post(client, "deal", body)
    assert answer.status_code == 200, answer.text
    position: dict[str, Any] = answer.json()["position"]
    return position


def without_state(position: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(position)
    del changed["state"]
    return changed


def test_games_lists_mu_with_one_variant_per_player_count(client: Client) -> None:
    catalogue = msgspec.json.decode(client.get("/v1/games").content, type=Catalogue)
    (mu,) = [g for g in catalogue.games if g.name == GAME]
    assert [v.name for v in mu.variants] == list(VARIANTS)
    assert mu.players == [3, 4, 5, 6]
    assert "auction" in mu.phases
    assert "partner_mode" in mu.options
    raw = next(g for g in client.get("/v1/games").json()["games"] if g["name"] == GAME)
    assert "auction" in raw["legal_moves"]


def test_auction_legal_moves_are_counted_and_described_compactly(client: Client) -> None:
    position = dealt(client, variant="mu4", seed=5, dealer=1)
    first = msgspec.json.decode(
        post(client, "legal-moves", {"position": position}).content, type=LegalMovesResponse
    )
    assert (first.to_move, first.phase, first.count) == (1, "auction", 16)
    assert first.compact is not None
    assert first.compact["complete"] is True
    assert len(first.moves) == 16
    assert first.moves[0] == "pass"

    played = post(client, "play", {"position": position, "move": first.moves[1]}).json()
    second = msgspec.json.decode(
        post(client, "legal-moves", {"position": played["position"]}).content,
        type=LegalMovesResponse,
    )
    assert second.compact is not None
    bids = second.compact["bids"]
    assert (bids["min_cards"], bids["max_cards"], bids["count"]) == (1, 2, 15 + 105)
    assert second.count == 121
    assert second.moves == ["pass"]
    assert second.compact["complete"] is False
    assert second.compact["search_moves"][0] == "pass"


def test_an_unlisted_bid_is_played(client: Client) -> None:
    position = dealt(client, variant="mu5", seed=9, dealer=0)
    hands = position["deal"]["hands"]
    after = post(client, "play", {"position": position, "move": f"bid {hands[0][0]}"}).json()
    move = f"bid {hands[1][3]} {hands[1][9]}"
    answer = post(client, "play", {"position": after["position"], "move": move})
    assert answer.status_code == 200, answer.text
    assert answer.json()["position"]["state"]["tables"][1] == sorted(
        [hands[1][3], hands[1][9]], key=hands[1].index
    )


def random_move(legal: LegalMovesResponse, rng: random.Random, pass_share: float) -> str:
    """Any legal move, a bid of any size within the compact group included."""
    if legal.compact is None:
        return rng.choice(legal.moves)
    bids = legal.compact["bids"]
    if bids["max_cards"] == 0 or rng.random() < pass_share:
        return "pass"
    size = rng.randint(bids["min_cards"], bids["max_cards"])
    return "bid " + " ".join(rng.sample(bids["cards"], size))


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_hands_end_through_play_with_every_outcome(client: Client, variant: str) -> None:
    outcomes = set()
    for seed in range(24):
        rng = random.Random(seed)
        pass_share = (0.9, 0.5, 0.8)[seed % 3]
        position = msgspec.json.decode(
            post(client, "deal", {"variant": variant, "seed": seed}).content, type=DealResponse
        ).position
        for _ in range(600):
            body = {"position": msgspec.to_builtins(position)}
            listed = post(client, "legal-moves", body)
            assert listed.status_code == 200, listed.text
            legal = msgspec.json.decode(listed.content, type=LegalMovesResponse)
            assert legal.count >= len(legal.moves) > 0
            answer = post(client, "play", {**body, "move": random_move(legal, rng, pass_share)})
            assert answer.status_code == 200, answer.text
            after = msgspec.json.decode(answer.content, type=PlayResponse)
            if after.over:
                assert after.result is not None
                result = after.result
                outcomes.add(result["outcome"])
                if result["outcome"] == "played":
                    deck_points = 36 if variant == "mu3" else 60
                    assert sum(result["card_points"]) == deck_points
                if result["outcome"] == "all_pass":
                    assert set(result["hand_score"]) == {0}
                break
            position = after.position
        else:
            pytest.fail(f"{variant} seed {seed}: the hand did not end")
    assert outcomes == {"all_pass", "eklat", "played"}, outcomes


def test_bad_cards_name_their_places(client: Client) -> None:
    position = without_state(dealt(client, variant="mu4", seed=1))
    position["deal"]["hands"][0][2] = "R1"
    position["deal"]["hands"][2][0] = position["deal"]["hands"][1][0]
    paths = problem_paths(post(client, "legal-moves", {"position": position}))
    assert sorted(paths) == ["position.deal.hands[0][2]", "position.deal.hands[2][0]"]


def test_three_player_deck_refuses_removed_colours(client: Client) -> None:
    position = without_state(dealt(client, variant="mu3", seed=1))
    position["deal"]["hands"][1][0] = "Y5"
    paths = problem_paths(post(client, "legal-moves", {"position": position}))
    assert paths == ["position.deal.hands[1][0]"]


def test_bad_variant_and_options_name_their_fields(client: Client) -> None:
    assert problem_paths(post(client, "deal", {"variant": "mu7"})) == ["variant"]
    options = {"bonus_cap": 50, "end_rule": "never", "colour": 1}
    paths = problem_paths(post(client, "deal", {"variant": "mu5", "options": options}))
    assert sorted(paths) == ["options.bonus_cap", "options.colour", "options.end_rule"]
    removed = {"three_player_removed_colours": ["R", "B"]}
    paths = problem_paths(post(client, "deal", {"variant": "mu4", "options": removed}))
    assert paths == ["options.three_player_removed_colours"]


def test_illegal_bids_name_the_move(client: Client) -> None:
    position = dealt(client, variant="mu4", seed=3, dealer=0)
    hands = position["deal"]["hands"]
    too_many = f"bid {hands[0][0]} {hands[0][1]}"
    assert problem_paths(post(client, "play", {"position": position, "move": too_many})) == ["move"]
    not_held = f"bid {hands[1][0]}"
    assert problem_paths(post(client, "play", {"position": position, "move": not_held})) == ["move"]
    nonsense = "bid"
    assert problem_paths(post(client, "play", {"position": position, "move": nonsense})) == ["move"]


def test_a_view_hides_other_hands_but_not_the_tables(client: Client) -> None:
    position = dealt(client, variant="mu4", seed=2, dealer=0)
    bid = position["deal"]["hands"][0][4]
    view = without_state(position)
    view["view"] = 1
    view["deal"]["hands"] = [15, position["deal"]["hands"][1], 15, 15]
    answer = post(client, "play", {"position": view, "move": f"bid {bid}"})
    assert answer.status_code == 200, answer.text
    state = answer.json()["position"]["state"]
    assert state["tables"][0] == [bid]
    assert state["hands"][0] == 14
    assert state["hands"][2] == 15
    assert problem_paths(post(client, "legal-moves", {"position": view})) == ["position.view"]
