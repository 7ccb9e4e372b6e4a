"""Answers a client can use as they are (issue 19): the default seed's cache key, batch ids
and paths, rounded values, unproven bounds, the view route, who decides, finished hands and one
value scale per game whatever the method."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from service.schemas import AnalyzeResponse, BatchLine
from service.settings import Settings
from tests.positions import late_position

Client = TestClient[Litestar]


def analyse(client: Client, game: str, body: dict[str, Any]) -> AnalyzeResponse:
    answer = client.post(f"/v1/{game}/analyze", json=body)
    assert answer.status_code == 200, answer.text
    return msgspec.json.decode(answer.content, type=AnalyzeResponse)


def test_no_seed_and_the_default_seed_are_one_cache_key() -> None:
    position = late_position(5)
    with TestClient(create_app(Settings())) as client:
        first = analyse(client, "marjapussi", {"position": position})
        again = analyse(client, "marjapussi", {"position": position, "seed": 1})
    assert (first.cache, again.cache) == ("miss", "hit")


def test_a_batch_item_id_is_echoed_and_error_paths_start_at_the_batch_root() -> None:
    position = late_position(6)
    items: list[Any] = [
        {"id": "first", "game": "marjapussi", "position": position},
        {"id": "second", "game": "marjapussi", "position": position, "colour": "red"},
        {"id": 7, "game": "marjapussi", "position": position},
        {"game": "marjapussi", "position": position},
    ]
    with TestClient(create_app(Settings())) as client:
        answer = client.post("/v1/analyze/batch", json={"positions": items})
    assert answer.status_code == 200, answer.text
    lines = [msgspec.json.decode(t, type=BatchLine) for t in answer.text.splitlines()]
    by_index = {line.index: line for line in lines}
    assert [by_index[i].id for i in range(4)] == ["first", "second", None, None]
    assert [by_index[i].status for i in range(4)] == [200, 422, 422, 200]
    unknown, bad_id = by_index[1].problem, by_index[2].problem
    assert unknown is not None
    assert [e.path for e in unknown.errors] == ["positions[1].colour"]
    assert bad_id is not None
    assert [e.path for e in bad_id.errors] == ["positions[2].id"]


def decimals_at_most_3(value: float | None) -> bool:
    return value is None or abs(value * 1000 - round(value * 1000)) < 1e-6


def test_sampled_values_are_rounded_to_three_decimals(client: Client) -> None:
    dealt = client.post("/v1/marjapussi/deal", json={"variant": "huutopussi", "seed": 3})
    position = dealt.json()["position"]
    seat = position["deal"]["dealer"]
    hands = position["deal"]["hands"]
    view = {
        **position,
        "view": (seat + 1) % 4,
        "deal": {
            **position["deal"],
            "hands": [h if s == (seat + 1) % 4 else len(h) for s, h in enumerate(hands)],
        },
    }
    view.pop("state")
    for method in ("ismcts",):
        answer = analyse(
            client,
            "marjapussi",
            {"position": view, "method": method, "budget": {"iterations": 777}},
        )
        values = [answer.value] + [v for m in answer.moves for v in (m.value, m.low, m.high)]
        assert all(decimals_at_most_3(v) for v in values), values
    late = late_position(31, cards=3)
    mover = client.post("/v1/marjapussi/legal-moves", json={"position": late}).json()["to_move"]
    late_view = client.post("/v1/marjapussi/view", json={"position": late, "seat": mover}).json()
    body = {"position": late_view["position"], "method": "pimc", "budget": {"worlds": 7}}
    pimc = analyse(client, "marjapussi", body)
    values = [pimc.value, pimc.score]
    values += [v for m in pimc.moves for v in (m.value, m.low, m.high, m.score_low, m.score_high)]
    assert all(decimals_at_most_3(v) for v in values), values
    assert any(v is not None and v != round(v) for v in values), values


def test_a_cut_exact_search_answers_bounds_not_values(client: Client) -> None:
    dealt = client.post("/v1/bridge/deal", json={"seed": 4}).json()["position"]
    answer = analyse(
        client, "bridge", {"position": dealt, "method": "exact", "budget": {"nodes": 50}}
    )
    assert not answer.exact
    bounded = [m for m in answer.moves if m.certainty == "bound"]
    assert bounded
    assert all(m.value is None for m in bounded)
    assert answer.value is None
    assert answer.value_low is not None
    assert answer.value_high is not None
    assert answer.value_low < answer.value_high
    assert answer.best_move_proven is False
    best = next(m for m in answer.moves if m.move == answer.best_move)
    assert best.low == max(m.low or 0 for m in answer.moves)


def play_through(
    client: Client, game: str, position: dict[str, Any], pick: Any, until: Any
) -> dict[str, Any]:
    """Plays `pick(legal-moves answer)` from `position` until `until(answer)` holds."""
    while True:
        legal = client.post(f"/v1/{game}/legal-moves", json={"position": position})
        assert legal.status_code == 200, legal.text
        if until(legal.json()):
            return position
        move = pick(legal.json())
        played = client.post(f"/v1/{game}/play", json={"position": position, "move": move})
        assert played.status_code == 200, played.text
        position = played.json()["position"]


def first_move(legal: dict[str, Any]) -> str:
    move: str = legal["moves"][0]
    return move


def bridge_after_the_lead(client: Client) -> dict[str, Any]:
    """A bridge deal (North declares) after East's opening lead: dummy (South) to move."""
    deal = client.post("/v1/bridge/deal", json={"seed": 9, "options": {"declarer": 0}}).json()
    return play_through(client, "bridge", deal["position"], first_move, lambda a: a["to_move"] == 2)


def declarers_view(position: dict[str, Any]) -> dict[str, Any]:
    """North's view (declarer, dummy South shown) as deal and moves."""
    hands = position["deal"]["hands"]
    shown = [h if s in (0, 2) else len(h) for s, h in enumerate(hands)]
    view = {k: v for k, v in position.items() if k != "state"}
    return {**view, "view": 0, "deal": {**position["deal"], "hands": shown}}


def test_answers_say_that_the_declarer_decides_dummys_move(client: Client) -> None:
    position = bridge_after_the_lead(client)
    legal = client.post("/v1/bridge/legal-moves", json={"position": position}).json()
    assert (legal["to_move"], legal["decides"]) == (2, 0)
    view = declarers_view(position)
    in_view = client.post("/v1/bridge/legal-moves", json={"position": view})
    assert in_view.status_code == 200, in_view.text
    assert in_view.json()["moves"] == legal["moves"]
    for method, budget in (("pimc", {"worlds": 8}), ("ismcts", {"iterations": 300})):
        answer = analyse(client, "bridge", {"position": view, "method": method, "budget": budget})
        assert (answer.to_move, answer.decides, answer.perspective.seat) == (2, 0, 0)
    complete = analyse(client, "bridge", {"position": position})
    assert (complete.to_move, complete.decides) == (2, 0)


def test_a_view_checks_the_dummy_cards_its_declarer_plays(client: Client) -> None:
    position = bridge_after_the_lead(client)
    led = position["moves"][-1][0]
    dummy = position["deal"]["hands"][2]
    follows = any(card[0] == led for card in dummy)
    off_suit = next(card for card in dummy if card[0] != led)
    view = declarers_view(position)
    answer = client.post("/v1/bridge/play", json={"position": view, "move": off_suit})
    assert answer.status_code == (422 if follows else 200), answer.text


@pytest.mark.parametrize("game", ["bridge", "marjapussi", "mu", "muschik", "mustamaija"])
def test_legal_moves_of_a_finished_hand_answer_its_result(client: Client, game: str) -> None:
    deal = client.post(f"/v1/{game}/deal", json={"seed": 2}).json()
    played = {"position": deal["position"], "over": False}
    while not played["over"]:
        legal = client.post(f"/v1/{game}/legal-moves", json={"position": played["position"]})
        body = {"position": played["position"], "move": first_move(legal.json())}
        played = client.post(f"/v1/{game}/play", json=body).json()
    legal = client.post(f"/v1/{game}/legal-moves", json={"position": played["position"]})
    assert legal.status_code == 200, legal.text
    answer = legal.json()
    assert (answer["over"], answer["count"], answer["to_move"]) == (True, 0, None)
    assert answer["result"] == played["result"]
    assert answer["result"], game


def test_mu_shows_the_team_target_once_the_chief_is_known(client: Client) -> None:
    deal = client.post("/v1/mu/deal", json={"variant": "mu4", "seed": 5}).json()["position"]
    first = client.post("/v1/mu/legal-moves", json={"position": deal}).json()
    assert first["contract"] is None
    bid = "bid " + " ".join(first["compact"]["bids"]["cards"][:1])
    opened = client.post("/v1/mu/play", json={"position": deal, "move": bid}).json()
    after = play_through(
        client, "mu", opened["position"], lambda a: "pass", lambda a: a["phase"] != "auction"
    )
    legal = client.post("/v1/mu/legal-moves", json={"position": after}).json()
    assert legal["contract"]["cards"] == 1
    assert legal["contract"]["target"] == 28 + 2 * 1
    assert legal["contract"]["side"] == 0


GAMES = ("bridge", "marjapussi", "mu", "muschik", "mustamaija")


def lively_move(legal: dict[str, Any]) -> str:
    """A move that keeps a hand going and shows its phases: the first legal move, but an
    exchange of cards and, in Mü's auction, a one-card bid while nobody has bid."""
    moves: list[str] = legal["moves"]
    if legal["phase"] == "exchange" or (legal["phase"] == "auction" and legal["to_move"] == 1):
        return moves[-1] if legal["phase"] == "exchange" else moves[1]
    return moves[0]


def mid_hand(client: Client, game: str, plies: int) -> dict[str, Any]:
    """`game`'s seed-1 deal after `plies` lively moves (fewer if the hand ends)."""
    position = client.post(f"/v1/{game}/deal", json={"seed": 1}).json()["position"]
    for _ in range(plies):
        legal = client.post(f"/v1/{game}/legal-moves", json={"position": position}).json()
        if legal["over"]:
            break
        body = {"position": position, "move": lively_move(legal)}
        position = client.post(f"/v1/{game}/play", json=body).json()["position"]
    assert isinstance(position, dict)
    return position


def test_the_view_route_answers_a_view_that_the_other_routes_take(client: Client) -> None:
    for game in GAMES:
        position = mid_hand(client, game, 6)
        complete = client.post(f"/v1/{game}/legal-moves", json={"position": position}).json()
        seat = complete["decides"]
        answer = client.post(f"/v1/{game}/view", json={"position": position, "seat": seat})
        assert answer.status_code == 200, (game, answer.text)
        view = answer.json()["position"]
        assert view["view"] == seat
        hidden = [h for s, h in enumerate(view["state"]["hands"]) if s != seat]
        assert any(isinstance(h, int) for h in hidden), (game, view["state"]["hands"])
        assert view["state"]["hands"][seat] == position["state"]["hands"][seat]
        legal = client.post(f"/v1/{game}/legal-moves", json={"position": view})
        assert legal.status_code == 200, (game, legal.text)
        assert legal.json()["moves"] == complete["moves"], game


def test_the_view_route_refuses_a_view_and_a_missing_seat(client: Client) -> None:
    position = mid_hand(client, "bridge", 2)
    view = client.post("/v1/bridge/view", json={"position": position, "seat": 1}).json()
    again = client.post("/v1/bridge/view", json={"position": view["position"], "seat": 1})
    assert again.status_code == 422
    assert [e["path"] for e in again.json()["errors"]] == ["position.view"]
    missing = client.post("/v1/bridge/view", json={"position": position, "seat": 4})
    assert missing.status_code == 422


def test_a_muschik_view_writes_an_unseen_exchange_with_placeholders(client: Client) -> None:
    position = mid_hand(client, "muschik", 12)
    exchanges = [(i, m) for i, m in enumerate(position["moves"]) if m.startswith("exchange ")]
    assert exchanges, position["moves"]
    index, move = exchanges[0]
    hidden = "exchange" + " ??" * (len(move.split()) - 1)
    written = []
    for seat in range(len(position["state"]["hands"])):
        view = client.post("/v1/muschik/view", json={"position": position, "seat": seat})
        assert view.status_code == 200, view.text
        seen = view.json()["position"]
        written.append(seen["moves"][index])
        again = client.post("/v1/muschik/view", json={"position": seen, "seat": seat})
        assert again.status_code == 422
    # The seat that exchanged writes its own cards (its view's deal shows what it drew); every
    # other seat writes placeholders.
    assert sorted(written) == sorted([move] + [hidden] * (len(written) - 1)), written


def test_a_view_given_with_every_hand_is_read_as_the_seats_view_in_every_game(
    client: Client,
) -> None:
    for game in GAMES:
        position = mid_hand(client, game, 6)
        seat = client.post(f"/v1/{game}/legal-moves", json={"position": position}).json()
        body = {"position": position, "seat": seat["decides"]}
        view = client.post(f"/v1/{game}/view", json=body).json()["position"]
        full = {**position, "view": seat["decides"]}
        full.pop("state")
        legal = [client.post(f"/v1/{game}/legal-moves", json={"position": p}) for p in (view, full)]
        assert [a.status_code for a in legal] == [200, 200], (game, legal[1].text)
        assert legal[0].json() == legal[1].json(), game
        move = legal[0].json()["moves"][0]
        played = [
            client.post(f"/v1/{game}/play", json={"position": p, "move": move}).json()
            for p in (view, full)
        ]
        assert played[0]["position"] == played[1]["position"], game


def huutopussi_play(client: Client, cards: int) -> dict[str, Any]:
    """A Huutopussi hand of seed 7 played by first legal moves until the mover holds `cards`."""
    deal = client.post("/v1/marjapussi/deal", json={"variant": "huutopussi", "seed": 7})
    position = deal.json()["position"]
    while True:
        legal = client.post("/v1/marjapussi/legal-moves", json={"position": position}).json()
        hand = position["state"]["hands"][legal["to_move"]]
        if legal["phase"] == "play" and len(hand) <= cards:
            return position
        body = {"position": position, "move": first_move(legal)}
        position = client.post("/v1/marjapussi/play", json=body).json()["position"]


def test_value_has_one_meaning_whatever_the_method_and_score_is_beside_it(
    client: Client,
) -> None:
    position = huutopussi_play(client, 4)
    seat = client.post("/v1/marjapussi/legal-moves", json={"position": position}).json()
    view = client.post(
        "/v1/marjapussi/view", json={"position": position, "seat": seat["decides"]}
    ).json()["position"]
    answers = [
        analyse(client, "marjapussi", {"position": position, "method": "exact"}),
        analyse(client, "marjapussi", {"position": position, "method": "ismcts"}),
        analyse(client, "marjapussi", {"position": view, "method": "pimc"}),
        analyse(client, "marjapussi", {"position": view, "method": "ismcts"}),
    ]
    assert {a.unit for a in answers} == {"points"}
    assert len({a.score_unit for a in answers}) == 1
    exact = answers[0]
    contract = exact.contract
    assert contract is not None
    for answer in answers[1:]:
        assert answer.value is not None
        assert exact.value is not None
        assert abs(answer.value - exact.value) < 80, (answer.method, answer.value, exact.value)
    for move in exact.moves:
        assert move.value is not None
        mine = exact.perspective.side == contract["side"]
        stake = contract["target"] * 2 ** contract["doublings"]
        if mine and move.value > 0:
            assert move.score == (stake if move.value >= contract["target"] else -stake)
    ismcts = answers[1]
    assert all(m.score is not None for m in ismcts.moves if m.visits)


def test_a_views_answer_writes_an_unseen_exchange_without_the_guessed_cards(
    client: Client,
) -> None:
    position = mid_hand(client, "muschik", 5)
    legal = client.post("/v1/muschik/legal-moves", json={"position": position}).json()
    assert legal["phase"] == "exchange"
    other = (legal["to_move"] + 1) % len(position["state"]["hands"])
    body = {"position": position, "seat": other}
    view = client.post("/v1/muschik/view", json=body).json()["position"]
    del view["state"]
    played = client.post("/v1/muschik/play", json={"position": view, "move": "exchange ?? ??"})
    assert played.status_code == 200, played.text
    assert played.json()["position"]["moves"][-1] == "exchange ?? ??"


def contract_side_late(client: Client, game: str, variant: str, cards: int) -> dict[str, Any]:
    """`variant` dealt from seed 7 and played by first moves (Mü: a bid first) until a seat of the
    contract's side (Huutopussi: the declarer's side; Mü: the chief) is to play holding at
    most `cards` cards in hand."""
    body = {"variant": variant, "seed": 7}
    position = client.post(f"/v1/{game}/deal", json=body).json()["position"]
    bid = False
    while True:
        legal = client.post(f"/v1/{game}/legal-moves", json={"position": position}).json()
        assert not legal["over"]
        seat, contract = legal["to_move"], legal["contract"]
        if legal["phase"] == "play" and contract is not None:
            ours = seat == contract["chief"] if game == "mu" else seat % 2 == contract["side"]
            if ours and len(position["state"]["hands"][seat]) <= cards:
                return position
        move = first_move(legal)
        if legal["phase"] == "auction" and not bid:  # Mü: one card bid, then passes
            move, bid = legal["moves"][1], True
        body = {"position": position, "move": move}
        position = client.post(f"/v1/{game}/play", json=body).json()["position"]


def pimc_of_view(client: Client, game: str, position: dict[str, Any], worlds: int) -> Any:
    seat = client.post(f"/v1/{game}/legal-moves", json={"position": position}).json()["to_move"]
    view = client.post(f"/v1/{game}/view", json={"position": position, "seat": seat}).json()
    body = {"position": view["position"], "method": "pimc", "budget": {"worlds": worlds}}
    return analyse(client, game, body)


def test_pimc_scores_huutopussi_hands_as_the_mean_of_each_worlds_score(client: Client) -> None:
    position = contract_side_late(client, "marjapussi", "huutopussi", 4)
    one, many = (pimc_of_view(client, "marjapussi", position, n) for n in (1, 20))
    contract = one.contract
    assert contract is not None
    stake = contract["target"] * 2 ** contract["doublings"]
    for move in one.moves:  # one world: its points decide the score (rules 5.2)
        assert move.value is not None
        assert move.score == (stake if move.value >= contract["target"] else -stake)
    for move in many.moves:  # the share of worlds where the contract is made
        assert move.score is not None
        assert move.score_low is not None
        made = (move.score / stake + 1) / 2 * many.stats.worlds
        assert abs(made - round(made)) < 1e-6, move
        assert 0 <= made <= 20, move
        assert move.score_low <= move.score <= (move.score_high or 0)
    assert many.score == next(m.score for m in many.moves if m.move == many.best_move)


def test_mu_scores_a_lone_chief_from_the_teams_points(client: Client) -> None:
    position = contract_side_late(client, "mu", "mu3", 4)
    answers = [
        analyse(client, "mu", {"position": position, "method": "exact"}),
        pimc_of_view(client, "mu", position, 1),
    ]
    for answer in answers:
        contract = answer.contract
        assert contract is not None
        cards, target = contract["cards"], contract["target"]
        assert target == 10 + 2 * cards  # spec 5.2, 3 players
        for move in answer.moves:
            assert move.value is not None
            assert move.score is not None, answer.method
            if move.value >= target:  # the bonus: 10 x (cards + the trump kind's shift)
                assert (move.score - move.value) / 10 - cards in {0, 1, 2, 3}, move
            else:  # the penalty: 10 per card short of the contract the points made
                achieved = max(b for b in range(cards) if b == 0 or 10 + 2 * b <= move.value)
                assert move.score == move.value - 10 * (cards - achieved), move


def test_hidden_moves_have_one_notation_listed_in_the_catalogue_and_named_by_errors(
    client: Client,
) -> None:
    games = {g["name"]: g for g in client.get("/v1/games").json()["games"]}
    assert "give ?? ?? ??" in games["marjapussi"]["history_moves"]["hidden"]
    assert "exchange ?? ??" in games["muschik"]["history_moves"]["hidden"]
    position = play_through(
        client,
        "marjapussi",
        client.post("/v1/marjapussi/deal", json={"variant": "huutopussi", "seed": 5}).json()[
            "position"
        ],
        first_move,
        lambda a: a["phase"] == "exchange_give",
    )
    giver = client.post("/v1/marjapussi/legal-moves", json={"position": position}).json()
    seat = (giver["to_move"] + 1) % 4
    view = client.post("/v1/marjapussi/view", json={"position": position, "seat": seat})
    history = {k: v for k, v in view.json()["position"].items() if k != "state"}
    hidden_hand = position["state"]["hands"][giver["to_move"]]
    for move in ("give ?? ?? ??", "give " + " ".join(hidden_hand[:3])):
        body = {"position": history, "move": move}
        answer = client.post("/v1/marjapussi/play", json=body)
        if "??" in move:
            assert answer.status_code == 200, answer.text
            assert answer.json()["position"]["moves"][-1] == move
            continue
        assert answer.status_code == 422, answer.text
        message = answer.json()["errors"][0]["message"]
        assert "give ?? ?? ??" in message, message
        named = [card for card in hidden_hand if card in message.replace(move, "")]
        assert named == [], message
