"""What a view learns from its history, checked through the API (issue 19, items 2 and 3):
views of hands played with legal moves are analysed, never refused as histories that cannot be
replayed, and the count of consistent deals a view answers is the number of deals, enumerated
one by one and replayed by the rules, that give the seat what it saw."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service import _solver

Client = TestClient[Litestar]


def engine(game: str, route: str, body: dict[str, Any]) -> Any:
    return json.loads(_solver.call(game, route, json.dumps(body).encode()))


def with_asks(seed: int, cards: int) -> dict[str, Any]:
    """A plain Marjapussi hand of `seed` played by seeded random legal moves, asking wherever
    it can, until the seat to move holds `cards` cards."""
    rng = random.Random(seed)
    position = engine("marjapussi", "deal", {"variant": "marjapussi", "seed": seed})["position"]
    while True:
        legal = engine("marjapussi", "legal-moves", {"position": position})
        if len(position["state"]["hands"][legal["to_move"]]) <= cards:
            assert isinstance(position, dict)
            return position
        asks = [m for m in legal["moves"] if m.startswith("ask")]
        move = rng.choice(asks or legal["moves"])
        position = engine("marjapussi", "play", {"position": position, "move": move})["position"]


def splits(cards: list[str], sizes: list[int]) -> Iterator[list[list[str]]]:
    """Every way to deal `cards` into hands of `sizes`."""
    if not cards:
        yield [[] for _ in sizes]
        return
    for i, size in enumerate(sizes):
        if size:
            rest = [*sizes[:i], size - 1, *sizes[i + 1 :]]
            for hands in splits(cards[1:], rest):
                hands[i].insert(0, cards[0])
                yield hands


def consistent_deals(position: dict[str, Any], seat: int) -> int:
    """How many deals give `seat` what it saw of `position`: each deal of the cards it cannot
    see into the other hands (each with the cards it played) replayed as a complete position,
    whose asks' answers the engine checks against the hands."""
    dealt, now = position["deal"]["hands"], position["state"]["hands"]
    hidden = [s for s in range(len(now)) if s != seat]
    played = {s: [c for c in dealt[s] if c not in now[s]] for s in hidden}
    unseen = [c for s in hidden for c in now[s]]
    history = {k: v for k, v in position.items() if k != "state"}
    count = 0
    for parts in splits(unseen, [len(now[s]) for s in hidden]):
        hands = [list(h) for h in dealt]
        for s, part in zip(hidden, parts, strict=True):
            hands[s] = played[s] + part
        deal = {**position["deal"], "hands": hands}
        try:
            engine("marjapussi", "legal-moves", {"position": {**history, "deal": deal}})
        except _solver.InvalidInput:
            continue
        count += 1
    return count


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_views_count_of_consistent_deals_is_the_enumerated_number(
    client: Client, seed: int
) -> None:
    position = with_asks(seed, cards=3)
    full = engine("marjapussi", "legal-moves", {"position": position})
    assert any(m.startswith("ask") for m in position["moves"]), position["moves"]
    seat = full["to_move"]
    view = client.post("/v1/marjapussi/view", json={"position": position, "seat": seat})
    assert view.status_code == 200, view.text
    history = {k: v for k, v in view.json()["position"].items() if k != "state"}
    body = {"position": history, "method": "pimc", "budget": {"worlds": 4}}
    answer = client.post("/v1/marjapussi/analyze", json=body)
    assert answer.status_code == 200, answer.text
    stats = answer.json()["stats"]
    assert stats["consistent_deals_exact"] is True
    assert stats["consistent_deals"] == consistent_deals(position, seat)


@pytest.mark.parametrize(
    ("game", "variant"),
    [
        ("bridge", "bridge"),
        ("marjapussi", "marjapussi"),
        ("marjapussi", "huutopussi"),
        ("mu", "mu4"),
        ("muschik", "muschik"),
        ("mustamaija", "standard"),
        ("mustamaija", "translator_joker"),
    ],
)
def test_every_view_of_a_hand_played_with_legal_moves_is_analysed(
    client: Client, game: str, variant: str
) -> None:
    """The deciding seat's view at every move of a hand, as deal and moves (the other hands as
    counts, unseen passed cards as `??`): hidden seats that showed out, played under a card
    they could not beat or passed cards face down are read, not refused."""
    rng = random.Random(4)
    position = client.post(f"/v1/{game}/deal", json={"variant": variant, "seed": 4}).json()
    position = position["position"]
    while True:
        legal = client.post(f"/v1/{game}/legal-moves", json={"position": position}).json()
        if legal["over"]:
            break
        seat = legal["decides"]
        view = client.post(f"/v1/{game}/view", json={"position": position, "seat": seat})
        history = {k: v for k, v in view.json()["position"].items() if k != "state"}
        body = {"position": history, "method": "ismcts", "budget": {"iterations": 8}}
        answer = client.post(f"/v1/{game}/analyze", json=body)
        at = f"{variant} after {position['moves']}"
        assert answer.status_code == 200, f"{at}: {answer.text}"
        best = {"position": position, "move": answer.json()["best_move"]}
        # Legal in the hand (Mü's auction lists some bids compactly, not in `moves`).
        assert client.post(f"/v1/{game}/play", json=best).status_code == 200, at
        move = rng.choice(legal["moves"])
        position = client.post(f"/v1/{game}/play", json={"position": position, "move": move})
        position = position.json()["position"]


def test_mu_bids_and_passes_keep_a_views_count_exact(client: Client) -> None:
    """A Mü bid lays cards face up from a hand of public size and a pass is always legal, so
    neither tells where the hidden cards are: every deal of them is consistent."""
    position = client.post("/v1/mu/deal", json={"variant": "mu4", "seed": 3}).json()["position"]
    legal = client.post("/v1/mu/legal-moves", json={"position": position}).json()
    bid = "bid " + legal["compact"]["bids"]["cards"][0]
    for move in (bid, "pass"):
        played = client.post("/v1/mu/play", json={"position": position, "move": move}).json()
        position = played["position"]
    seat = played["to_move"]
    view = client.post("/v1/mu/view", json={"position": position, "seat": seat}).json()
    history = {k: v for k, v in view["position"].items() if k != "state"}
    body = {"position": history, "method": "ismcts", "budget": {"iterations": 8}}
    answer = client.post("/v1/mu/analyze", json=body)
    assert answer.status_code == 200, answer.text
    stats = answer.json()["stats"]
    sizes = [len(h) for s, h in enumerate(position["state"]["hands"]) if s != seat]
    deals = math.factorial(sum(sizes))
    for size in sizes:
        deals //= math.factorial(size)
    assert stats["consistent_deals_exact"] is True
    assert stats["consistent_deals"] == pytest.approx(deals, rel=1e-9)


# Seat 3's view of the `translator_joker` hand that the engine's tests deal from seed 25, after
# 43 moves (seat 3 to defend against `attack C6`): after the hidden defender (seat 1) beat SK
# with SA and took S6 without a move, the next attack's poll asks seat 2, which declares
# hearts. The view's replay had to give seat 2 HK and HQ with two spades of its guessed hand
# kept from the defender, and refused the view.
JOKER_VIEW = {
    "version": 1,
    "game": "mustamaija",
    "variant": "translator_joker",
    "view": 3,
    "deal": {
        "dealer": 3,
        "hands": [5, 5, 5, ["SJ", "H2", "DQ", "C2", "CK"]],
        "talon": [None] * 10 + ["CA", "D3", "DJ"] + [None] * 20,
        "turn_seed": 1309873673,
    },
    "moves": [
        "attack SA",
        "attack H8",
        "attack D9",
        "attack S2 S3",
        "beat SJ",
        "attack CT",
        "attack H3 HJ",
        "beat H8",
        "attack C6",
        "take",
        "attack D2",
        "beat DQ",
        "attack H2",
        "take",
        "attack C6 C7 CT",
        "take",
        "take",
        "take",
        "attack CA",
        "attack D9",
        "take",
        "attack C2",
        "take",
        "attack D5 D8",
        "beat D9",
        "beat DA",
        "attack C7 CJ",
        "take",
        "take",
        "attack C2 C5 CQ",
        "beat C4",
        "attack ST",
        "attack JK",
        "attack S4 S7 S8",
        "beat ST",
        "attack H4",
        "take",
        "attack H7",
        "take",
        "attack S6 SK",
        "beat SA",
        "declare H by 2",
        "attack C6",
    ],
}


def test_a_mustamaija_view_whose_poll_needs_room_for_a_marriage_is_analysed(
    client: Client,
) -> None:
    legal = client.post("/v1/mustamaija/legal-moves", json={"position": JOKER_VIEW})
    assert legal.status_code == 200, legal.text
    assert legal.json()["to_move"] == 3
    body = {"position": JOKER_VIEW, "method": "ismcts", "budget": {"iterations": 50}}
    answer = client.post("/v1/mustamaija/analyze", json=body)
    assert answer.status_code == 200, answer.text
