"""Issue 19's items 5 and 7 in every game. Item 5: `value` has one meaning per game and phase
whatever the method (exact and ISMCTS on the complete position; PIMC, ISMCTS and auto on the
deciding seat's view), and `score` is answered beside it under its own name. Item 7: an exact
search cut by its budget says that the value is an interval (`value_low`..`value_high`, the
bounds of the moves), answers no value, and flags its best move, the one with the best proven
bound for the seat to move, as not proven; Mustamaija, whose exact search covers only endings
it solves in a few nodes, labels the depth-limited search's values as estimates."""

from __future__ import annotations

import random
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from tests.positions import ONE_VARIANT_EACH

Client = TestClient[Litestar]

# Per variant: the most cards in hands at which a late position is taken, and how far another
# method's value may be from the exact one in the game's unit (its play, or a view's worlds,
# may differ; a value on another scale, as the hand's score was, is far beyond).
UNITS = [
    ("bridge", "bridge", 12, 2.0),
    ("marjapussi", "marjapussi", 12, 1.0),
    ("marjapussi", "huutopussi", 12, 50.0),
    ("marjapussi", "erlangen", 12, 50.0),
    ("marjapussi", "huutopussi3", 9, 50.0),
    ("mu", "mu4", 12, 10.0),
    ("mu", "mu3", 9, 10.0),
    ("muschik", "muschik", 30, 2.0),
    ("muschik", "muschik2", 30, 2.0),
    ("mustamaija", "standard", 10, 0.5),
]

# Where `score` is the value (bridge, plain marjapussi, Muschik's countdown points) or the value
# less one (Mustamaija's `loser_only`) in the exact and PIMC answers.
# By variant.
SCORE_OF_VALUE = {
    "bridge": 0.0,
    "marjapussi": 0.0,
    "muschik": 0.0,
    "muschik2": 0.0,
    "standard": -1.0,
}


def post(client: Client, game: str, route: str, body: dict[str, Any]) -> Any:
    answer = client.post(f"/v1/{game}/{route}", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def late_exact(client: Client, game: str, variant: str, cards: int) -> tuple[Any, int, Any]:
    """A hand dealt from seed 5, played by seeded random moves until at most `cards` are in
    hands and the exact search solves the position with a choice to make: the position, the
    deciding seat and the exact answer from its side."""
    rng = random.Random(5)
    position = post(client, game, "deal", {"variant": variant, "seed": 5})["position"]
    while True:
        legal = post(client, game, "legal-moves", {"position": position})
        assert not legal["over"], "the hand ended before the exact search solved a position"
        seat = legal["decides"]
        if sum(len(h) for h in position["state"]["hands"]) <= cards:
            body = {"position": position, "method": "exact", "perspective": seat}
            answer = client.post(f"/v1/{game}/analyze", json=body)
            exact = answer.json()
            if answer.status_code == 200 and exact["exact"] and len(exact["moves"]) > 1:
                return position, seat, exact
        move = rng.choice(legal["moves"])
        position = post(client, game, "play", {"position": position, "move": move})["position"]


@pytest.mark.parametrize(("game", "variant", "cards", "tolerance"), UNITS)
def test_value_has_one_meaning_whatever_the_method_in_every_game(
    client: Client, game: str, variant: str, cards: int, tolerance: float
) -> None:
    position, seat, exact = late_exact(client, game, variant, cards)
    view = post(client, game, "view", {"position": position, "seat": seat})["position"]
    iterations = {"iterations": 3000}
    asked = [
        (position, "ismcts", iterations),
        (view, "pimc", {"worlds": 40}),
        (view, "ismcts", iterations),
        (view, "auto", {"worlds": 40}),
    ]
    answers = [exact]
    for where, method, budget in asked:
        body = {"position": where, "method": method, "budget": budget, "perspective": seat}
        answers.append(post(client, game, "analyze", body))
    assert [a["method"] for a in answers][:3] == ["exact", "ismcts", "pimc"]
    for answer in answers:
        at = (answer["method"], answer["value"], exact["value"])
        assert (answer["unit"], answer["score_unit"]) == (exact["unit"], exact["score_unit"])
        assert answer["perspective"]["seat"] == seat, at
        assert abs(answer["value"] - exact["value"]) <= tolerance, at
        if answer["method"] == "ismcts":  # the payoff ISMCTS maximises, beside the value
            assert answer["score"] is not None, at
        elif variant in SCORE_OF_VALUE:
            for move in answer["moves"]:
                score = move["value"] + SCORE_OF_VALUE[variant]
                assert move["score"] == pytest.approx(score, abs=1e-3), (at, move)


# Mustamaija left out: its exact search covers only the endings once the talon is empty.
CUT = [(game, variant) for game, variant in ONE_VARIANT_EACH if game != "mustamaija"]


def first_play(client: Client, game: str, variant: str) -> Any:
    """`variant` dealt from seed 3 and played by lively moves (an exchange of cards, a Mü bid)
    to the first position of the play."""
    position = post(client, game, "deal", {"variant": variant, "seed": 3})["position"]
    while True:
        legal = post(client, game, "legal-moves", {"position": position})
        if legal["phase"] == "play":
            return position, legal["to_move"]
        moves = legal["moves"]
        move = moves[-1] if legal["phase"] == "exchange" else moves[0]
        if legal["phase"] == "auction" and legal["to_move"] == 1 and len(moves) > 1:
            move = moves[1]
        position = post(client, game, "play", {"position": position, "move": move})["position"]


@pytest.mark.parametrize(("game", "variant"), CUT)
def test_a_cut_exact_search_answers_an_interval_from_every_seat_in_every_game(
    client: Client, game: str, variant: str
) -> None:
    position, mover = first_play(client, game, variant)
    for seat in range(len(position["state"]["hands"])):
        body = {
            "position": position,
            "method": "exact",
            "budget": {"nodes": 50},
            "perspective": seat,
        }
        answer = post(client, game, "analyze", body)
        at = (seat, answer)
        assert answer["method"] == "exact"
        assert not answer["exact"], at
        assert answer["best_move_proven"] is False, at
        moves = answer["moves"]
        assert any(m["certainty"] == "bound" for m in moves), at
        for move in moves:
            assert move["low"] <= move["high"], at
            if move["certainty"] == "bound":
                assert move["value"] is None, at
                assert move["low"] < move["high"], at
        lows, highs = [m["low"] for m in moves], [m["high"] for m in moves]
        ours = mover in answer["perspective"]["seats"]
        pick = max if ours else min
        assert (answer["value_low"], answer["value_high"]) == (pick(lows), pick(highs)), at
        assert answer["value_low"] < answer["value_high"], at
        assert answer["value"] is None, at
        best = next(m for m in moves if m["move"] == answer["best_move"])
        # The mover's best proven bound: its highest low, or (from the other side) the lowest
        # high it holds the asked side to.
        assert (best["low"] == max(lows)) if ours else (best["high"] == min(highs)), at


def test_mustamaija_labels_its_depth_limited_values_as_estimates(client: Client) -> None:
    position = post(client, "mustamaija", "deal", {"seed": 3})["position"]
    body = {"position": position, "method": "exact", "budget": {"nodes": 50}}
    answer = post(client, "mustamaija", "analyze", body)
    assert answer["method"] == "exact"
    assert not answer["exact"]
    assert "estimate" in answer["search"]
    assert {m["certainty"] for m in answer["moves"]} == {"estimate"}
    assert answer.get("best_move_proven") is not True
    assert 0 <= answer["value"] <= 1
