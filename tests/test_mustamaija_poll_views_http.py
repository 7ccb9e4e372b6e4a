"""Mustamaija views whose marriage polls the view's replay could not fit (issue 19, item 2: a
view with its history written from legal play is never refused). Both are `kurki_suonio_marriage`
hands that the engine's tests deal and play from a seed (`view_replay_tests.rs`), each seen by
the seat to decide.
"""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]

# The options of the preset, as a view of either hand writes them.
OPTIONS: dict[str, Any] = {
    "num_players": 4,
    "hand_size": 3,
    "trump_mode": "marriage",
    "spades_can_be_trump": False,
    "maria_card": "SQ",
    "qs_lead": "with_spades",
    "attack_limit": "endgame_only",
    "marriage_excluded_suits": ["S"],
    "marriage_trump_changes": False,
    "marriage_window": "any_player_any_time",
    "spade_reinsert": "random_middle",
    "max_attacks": 1000,
    "stall_outcome": "qs_holder_loses",
    "utility": "loser_only",
}


def talon(size: int, known: dict[int, str]) -> list[str | None]:
    """A view's talon of `size` cards in the deal's order: the cards the seat saw in place."""
    return [known.get(i) for i in range(size)]


# Seed 50 after 54 moves, seen by seat 2. After `attack CK CA`, seat 3 (the defender, holding
# CQ) takes both without a move and then holds the club marriage, so the next attack's poll
# asks it (`no_declaration by 3`). The replay gave seat 3 the heart marriage instead, which it
# would have kept into the next poll, took it away again, and so on until it gave up.
PASSED_ON_A_TAKEN_KING = {
    "version": 1,
    "game": "mustamaija",
    "variant": "kurki_suonio_marriage",
    "options": OPTIONS,
    "view": 2,
    "deal": {
        "dealer": 1,
        "hands": [3, 3, ["HT", "D4", "CA"], 3],
        "talon": talon(40, {0: "C5", 2: "H6"}),
        "turn_seed": 3846481986,
    },
    "moves": [
        "attack CA",
        "attack SK",
        "attack HT",
        "attack ST",
        "beat SK",
        "attack S3",
        "attack HT",
        "take",
        "attack H8",
        "attack CA",
        "attack C3",
        "take",
        "attack H3",
        "take",
        "attack D9",
        "attack S6",
        "attack H9",
        "attack D3",
        "attack D2 DA",
        "take",
        "attack C6 CJ",
        "take",
        "beat C7",
        "attack DQ",
        "take",
        "attack H4",
        "beat HT",
        "attack H3 HA",
        "beat HJ",
        "attack D4 DQ",
        "beat DJ",
        "attack D3",
        "attack D9 DA",
        "beat DQ",
        "attack CJ",
        "take",
        "attack C3",
        "take",
        "attack CA",
        "attack H6",
        "attack S2",
        "attack H8",
        "attack S6",
        "attack D2",
        "beat DA",
        "attack C3",
        "attack CJ CK CA",
        "attack H6",
        "attack C2",
        "beat CJ",
        "attack CK CA",
        "no_declaration by 3",
        "attack S7",
        "declare C by 3",
    ],
}

# Seed 55 after 69 moves, seen by seat 1. Seat 3 attacks with CQ, then holds DK and DQ, one
# drawn from the talon after the attack: the defence's poll asks it (`no_declaration by 3`).
# Its guessed hand had one hidden card left, so the replay could put only one of the two there.
PASSED_ON_A_DRAWN_QUEEN = {
    "version": 1,
    "game": "mustamaija",
    "variant": "kurki_suonio_marriage",
    "options": OPTIONS,
    "view": 1,
    "deal": {
        "dealer": 3,
        "hands": [3, ["SA", "C4", "CK"], 3, 3],
        "talon": talon(
            40,
            {
                1: "H4",
                2: "HQ",
                4: "CQ",
                6: "C7",
                7: "H9",
                9: "DT",
                10: "H8",
                17: "C6",
                19: "D6",
                20: "DJ",
                27: "D9",
                30: "D7",
                33: "S5",
            },
        ),
        "turn_seed": 548435815,
    },
    "moves": [
        "attack CT",
        "beat CK",
        "attack H4",
        "attack H3",
        "attack SA",
        "attack DA",
        "attack C4 CQ",
        "take",
        "attack C8",
        "attack H9 HQ",
        "attack S4",
        "beat S8",
        "attack DA",
        "attack C4 CQ",
        "attack C8",
        "attack SA",
        "attack H3",
        "take",
        "attack HQ",
        "attack S2",
        "attack H4",
        "beat HQ",
        "attack S9",
        "beat SK",
        "attack C3",
        "beat C7",
        "attack DT",
        "attack S3 SA",
        "beat S6",
        "attack H3 H8",
        "take",
        "beat H9",
        "attack CQ",
        "no_declaration by 3",
        "declare D by 3",
        "attack C8",
        "beat CJ",
        "attack D4 DT",
        "beat DK",
        "take",
        "attack CQ",
        "beat DA",
        "attack S2",
        "beat D5",
        "attack H8",
        "take",
        "attack SA",
        "take",
        "attack SJ",
        "beat DQ",
        "attack D4",
        "attack SA",
        "take",
        "attack H8",
        "take",
        "attack D6",
        "beat D8",
        "attack HT",
        "attack D4",
        "take",
        "attack HK",
        "attack D2",
        "beat D4",
        "attack C6",
        "take",
        "attack C2",
        "beat D3",
        "attack H8",
        "beat DJ",
    ],
}


@pytest.mark.parametrize(
    "view", [PASSED_ON_A_TAKEN_KING, PASSED_ON_A_DRAWN_QUEEN], ids=["taken", "drawn"]
)
def test_a_mustamaija_view_whose_poll_the_guess_must_fit_is_analysed(
    client: Client, view: dict[str, Any]
) -> None:
    legal = client.post("/v1/mustamaija/legal-moves", json={"position": view})
    assert legal.status_code == 200, legal.text
    assert legal.json()["decides"] == view["view"]
    body = {"position": view, "method": "ismcts", "budget": {"iterations": 50}}
    answer = client.post("/v1/mustamaija/analyze", json=body)
    assert answer.status_code == 200, answer.text
