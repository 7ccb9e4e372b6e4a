"""Muschik through the real Litestar app and the real engine.

The rules are tested in Rust (every worked example of the spec, the conformance suite, perft);
these tests check the game over HTTP: it is listed, seeded deals played out with random legal
moves score as the spec says, a whole match is played deal by deal through the routes, a view
hides what it must, and bad input is a 422 problem naming every field at fault.
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
GAME = "muschik"
VARIANTS = ("muschik", "muschik4", "muschik3", "muschik2")
PLAYERS = {"muschik": 5, "muschik4": 4, "muschik3": 3, "muschik2": 2}


def post(client: Client, route: str, body: Any) -> Any:
    return client.post(f"/v1/{GAME}/{route}", json=body)


def problem_of(response: Any, status: int = 422) -> ProblemDetails:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    return msgspec.json.decode(response.content, type=ProblemDetails)


def paths_of(problem: ProblemDetails) -> list[str]:
    return [e.path for e in problem.errors]


def deal(client: Client, **body: Any) -> dict[str, Any]:
    answer = post(client, "deal", body)
    assert answer.status_code == 200, answer.text
    position: dict[str, Any] = msgspec.to_builtins(
        msgspec.json.decode(answer.content, type=DealResponse).position
    )
    return position


def play_out(client: Client, position: dict[str, Any], rng: random.Random) -> PlayResponse:
    """Random legal moves through /play until the deal is over."""
    for _ in range(200):
        listed = post(client, "legal-moves", {"position": position})
        assert listed.status_code == 200, listed.text
        legal = msgspec.json.decode(listed.content, type=LegalMovesResponse)
        assert legal.count == len(legal.moves) > 0
        answer = post(client, "play", {"position": position, "move": rng.choice(legal.moves)})
        assert answer.status_code == 200, answer.text
        after = msgspec.json.decode(answer.content, type=PlayResponse)
        if after.over:
            assert after.result is not None
            assert after.to_move is None
            return after
        position = msgspec.to_builtins(after.position)
    pytest.fail("the deal did not end")


def check_scores(after: PlayResponse) -> None:
    """Countdown points, the round's winner and the settlement follow spec 5.1 to 5.3."""
    result = after.result
    assert result is not None
    state = after.position.state
    assert state is not None
    if result["outcome"] == "void":
        assert result["cp_after"] == result["cp_before"]
        return
    cp = list(result["cp_before"])
    zero_at: dict[int, int] = {}
    for number, trick in enumerate(state["tricks"], start=1):
        winner = trick["winner"]
        if cp[winner] > 0:
            cp[winner] -= 1
            if cp[winner] == 0:
                zero_at[winner] = number
    for seat in result["participants"]:
        if result["tricks_won"][seat] == 0:
            cp[seat] += 5
    assert result["cp_after"] == cp
    winner = min(zero_at, key=lambda s: zero_at[s]) if zero_at else None
    assert result["round_winner"] == winner
    assert sum(result["settlement"]) == 0
    if winner is not None:
        others = sum(c for seat, c in enumerate(cp) if seat != winner)
        assert result["settlement"][winner] == result["multiplier"] * others


def test_games_lists_muschik_and_its_table_sizes(client: Client) -> None:
    catalogue = msgspec.json.decode(client.get("/v1/games").content, type=Catalogue)
    (muschik,) = [g for g in catalogue.games if g.name == GAME]
    assert [v.name for v in muschik.variants] == list(VARIANTS)
    assert muschik.players == [2, 3, 4, 5]
    assert {"participation", "exchange", "dealer_swap", "play"} <= set(muschik.phases)
    assert "min_participants" in muschik.options


@pytest.mark.parametrize("variant", VARIANTS)
def test_seeded_deals_played_at_random_score_as_the_spec_says(client: Client, variant: str) -> None:
    rng = random.Random(variant)
    for seed in range(3):
        after = play_out(client, deal(client, variant=variant, seed=seed), rng)
        check_scores(after)


def test_a_whole_match_is_played_through_the_api(client: Client) -> None:
    rng = random.Random(9)
    body: dict[str, Any] = {"variant": "muschik2", "seed": 1}
    for deals in range(1, 2000):
        after = play_out(client, deal(client, **body), rng)
        check_scores(after)
        result = after.result
        assert result is not None
        if result["match_over"]:
            break
        body = {
            "variant": "muschik2",
            "seed": deals,
            "dealer": result["next_dealer"],
            "match": result["match"],
        }
    else:
        pytest.fail("the match did not end")
    winners = result["match"]["round_winners"]
    without_win = [s for s in range(2) if s not in winners[:2]]
    assert len(winners) == 2 + len(without_win)
    assert sum(result["match"]["mp"]) == 0
    assert [r["seat"] for r in result["ranking"]] == [0, 1]
    over = post(client, "deal", {"variant": "muschik2", "dealer": 0, "match": result["match"]})
    assert paths_of(problem_of(over)) == ["match"]


def test_a_match_in_progress_needs_its_dealer(client: Client) -> None:
    position = deal(client, seed=5)
    match = copy.deepcopy(position["deal"]["match"])
    match["deals"] = 3
    problem = problem_of(post(client, "deal", {"seed": 6, "match": match}))
    assert paths_of(problem) == ["dealer"]


def test_a_view_shows_counts_for_hidden_cards(client: Client) -> None:
    position = deal(client, seed=3, dealer=4)
    for move in ["in"] * 5:
        answer = post(client, "play", {"position": position, "move": move})
        position = answer.json()["position"]
    view = {"version": 1, "game": GAME, "view": 0, "state": position["state"]}
    listed = post(client, "legal-moves", {"position": view})
    assert listed.status_code == 200, listed.text
    answer = post(client, "play", {"position": view, "move": "exchange"})
    assert answer.status_code == 200, answer.text
    state = answer.json()["position"]["state"]
    assert state["hands"][1] == 5
    assert state["stock"] == 6
    hidden = post(client, "play", {"position": answer.json()["position"], "move": "exchange ??"})
    assert hidden.status_code == 200, hidden.text
    assert hidden.json()["position"]["state"]["discards"][1] == 1


def test_bad_cards_name_their_places(client: Client) -> None:
    position = deal(client, seed=2, dealer=1)
    del position["state"]
    position["deal"]["hands"][0][0] = "X9"
    position["deal"]["trump_card"] = "C6"
    problem = problem_of(post(client, "legal-moves", {"position": position}))
    assert {"position.deal.hands[0][0]", "position.deal.trump_card"} <= set(paths_of(problem))


def test_illegal_move_lists_the_legal_ones(client: Client) -> None:
    position = deal(client, seed=2, dealer=1)
    problem = problem_of(post(client, "play", {"position": position, "move": "exchange"}))
    assert paths_of(problem) == ["move"]
    assert "in, out" in problem.errors[0].message


def test_bad_options_are_all_reported(client: Client) -> None:
    body = {"options": {"num_players": 9, "clamp_at_zero": "yes", "colour": "red"}}
    problem = problem_of(post(client, "deal", body))
    assert sorted(paths_of(problem)) == [
        "options.clamp_at_zero",
        "options.colour",
        "options.num_players",
    ]


def test_inconsistent_snapshot_is_refused_with_every_reason(client: Client) -> None:
    position = deal(client, seed=2, dealer=1)
    del position["deal"]
    position["state"]["to_move"] = 4
    position["state"]["cp"] = [15, 15, 15, 14, 15]
    position["state"]["match"]["mp"] = [1, 0, 0, 0, 0]
    problem = problem_of(post(client, "legal-moves", {"position": position}))
    expected = {"position.state.match.mp", "position.state.to_move", "position.state.cp"}
    assert expected <= set(paths_of(problem))
