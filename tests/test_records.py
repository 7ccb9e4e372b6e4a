"""Played records: PBN and LIN read into the JSON record, PBN written back, the record routes
over HTTP, and the record analysis against DDS's values of an oracle deal's opening leads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.__main__ import main
from service.bridge_records import write_pbn
from service.errors import ProblemError
from service.record_analysis import read_request
from tests.positions import late_position

ORACLE = Path(__file__).parent.parent / "solver" / "tests" / "data" / "dds-bridge-100.json"
DEAL = "N:94.K842.7.AKJ853 AKQ853.AT.42.Q62 JT6.965.Q985.T74 72.QJ73.AKJT63.9"
# Oracle deal 0 in spades by East, played out; the cards in the order played.
PLAYED = [
    "S6",
    "S7",
    "S4",
    "SQ",
    "SA",
    "SJ",
    "S2",
    "S9",
    "C2",
    "C4",
    "C9",
    "CA",
    "H8",
    "HA",
    "H9",
    "HQ",
    "C6",
    "CT",
    "H3",
    "CK",
    "C3",
    "CQ",
    "C7",
    "DA",
    "SK",
    "ST",
    "DJ",
    "CJ",
    "D2",
    "D8",
    "DT",
    "D7",
    "D3",
    "C5",
    "D4",
    "DQ",
    "H5",
    "HJ",
    "HK",
    "HT",
    "H4",
    "S8",
    "H6",
    "H7",
    "S3",
    "D9",
    "D6",
    "C8",
    "S5",
    "D5",
    "DK",
    "H2",
]
PBN = f"""% a played hand
[Event "club night"]
[Board "1"]
[Dealer "N"]
[Deal "{DEAL}"]
[Declarer "E"]
[Contract "4S"]
[Result "9"]
[Auction "N"]
Pass 1S Pass 4S
Pass Pass Pass
[Play "S"]
S6 S7 S4 SQ
SJ S2 S9 SA {{East wins the first trick and leads the ace}}
C4 C9 CA C2
H9 HQ H8 HA
CT H3 CK C6
C7 DA C3 CQ
ST DJ CJ SK
D8 DT D7 D2
DQ D3 C5 D4
H5 HJ HK HT
H6 H7 H4 S8
D9 D6 C8 S3
D5 DK H2 S5
"""
LIN = (
    "pn|Sue,Will,Nina,Ed|st||md|3SJT6H965DQ985CT74,S72HQJ73DAKJT63C9,S94HK842D7CAKJ853,|"
    "sv|o|ah|Board 1|mb|p|mb|1S|mb|p|mb|4S|mb|p|mb|p|mb|p|"
    + "".join(f"pc|{card}|" for card in PLAYED)
    + "mc|9|"
)


def read(body: dict[str, Any]) -> dict[str, Any]:
    record, _ = read_request(body)
    return record


def problem_of(body: dict[str, Any]) -> tuple[str, str]:
    """The one (path, message) of the 422 that reading `body` raises."""
    with pytest.raises(ProblemError) as raised:
        read_request(body)
    assert raised.value.status == 422
    assert len(raised.value.errors) == 1, raised.value.errors
    error = raised.value.errors[0]
    return error.path, error.message


def test_pbn_reads_the_deal_contract_and_the_play_in_the_order_played() -> None:
    record = read({"pbn": PBN})
    assert record["game"] == "bridge"
    assert record["options"] == {"strain": "S", "declarer": 1}
    assert record["deal"]["pbn"] == DEAL
    assert record["moves"] == PLAYED
    assert record["tags"]["Auction"] == "N Pass 1S Pass 4S Pass Pass Pass"
    assert record["tags"]["Result"] == "9"
    assert "Deal" not in record["tags"]
    assert "Declarer" not in record["tags"]


def test_lin_reads_as_the_same_record_with_its_auction_and_claim() -> None:
    from_lin, from_pbn = read({"lin": LIN}), read({"pbn": PBN})
    assert from_lin["moves"] == from_pbn["moves"]
    assert from_lin["options"] == from_pbn["options"]
    assert from_lin["deal"] == from_pbn["deal"]
    tags = from_lin["tags"]
    assert (tags["Contract"], tags["Declarer"], tags["Result"]) == ("4S", "E", "9")
    assert (tags["Dealer"], tags["Vulnerable"], tags["Board"], tags["South"]) == (
        "N",
        "None",
        "1",
        "Sue",
    )


def test_a_lin_handviewer_link_and_a_doubled_contract() -> None:
    link = "https://example.invalid/hv.html?lin=" + LIN.replace("|", "%7C").replace(
        "mb%7C4S%7Cmb%7Cp%7C", "mb%7C4S%7Cmb%7Cd%7C"
    )
    record = read({"lin": link})
    assert record["tags"]["Contract"] == "4SX"
    assert record["moves"] == PLAYED


def test_pbn_written_and_read_again_is_the_same_record() -> None:
    record, source = read_request({"pbn": PBN})
    text = write_pbn(record, source)
    assert '[Contract "4S"]' in text
    assert '[Play "S"]' in text
    assert text.splitlines()[-1] == "D5 DK H2 S5"
    assert read({"pbn": text}) == record
    quoted = {**record, "tags": {**record["tags"], "Event": 'the "club" \\ night'}}
    assert read({"pbn": write_pbn(quoted, source)})["tags"]["Event"] == 'the "club" \\ night'
    partial = {**record, "moves": PLAYED[:6]}
    cut = write_pbn(partial, source)
    assert cut.splitlines()[-3:] == ["S6 S7 S4 SQ", "SJ - - SA", "*"]
    assert read({"pbn": cut})["moves"] == PLAYED[:6]


def test_a_bare_pbn_deal_is_a_record_without_moves() -> None:
    record = read({"pbn": DEAL})
    assert record["moves"] == []
    assert record["deal"]["pbn"] == DEAL


@pytest.mark.parametrize(
    ("edit", "where", "what"),
    [
        (("SJ S2 S9 SA", "SJ S2 SX SA"), "line 14, [Play] card 'SX'", "not a card"),
        (("SJ S2 S9 SA", "SJ S2 H2 SA"), "line 14, [Play] card 'H2'", "not legal"),
        (('[Contract "4S"]', '[Contract "4Z"]'), "line 7, [Contract]", "not a contract"),
        (('[Declarer "E"]', '[Declarer "W"]'), "line 12, [Play]", "left-hand opponent"),
        (('[Result "9"]', '[Result "14"]'), "line 8, [Result]", "0..13"),
        (
            (".AKJ853 AKQ853", ".AKJ85 AKQ853"),
            "line 5, [Deal]",
            "seat 0 holds 12 cards; as dealt it should hold 13",
        ),
        (("C4 C9 CA C2", "C4 - CA C2"), "line 15, [Play] card '-'", "follows a missing"),
        (('[Board "1"]', '[Board "1"]\n[Board "2"]'), "line 4, [Board]", "second hand"),
    ],
)
def test_a_bad_pbn_names_the_line_and_tag(edit: tuple[str, str], where: str, what: str) -> None:
    path, message = problem_of({"pbn": PBN.replace(*edit)})
    assert path == "pbn"
    assert message.startswith(where + ": "), message
    assert what in message


@pytest.mark.parametrize(
    ("edit", "where", "what"),
    [
        (("pc|C4|", "pc|C1|"), "pc|C1| (item", "not a card"),
        (("pc|C4|", "pc|C2|"), "pc|C2| (item", "not legal"),
        (("mb|4S|", "mb|4Q|"), "mb|4Q| (item", "not a call"),
        (("md|3S", "md|5S"), "md|5S", "dealer"),
        (("mc|9|", "mc|nine|"), "mc|nine|", "0..13"),
    ],
)
def test_a_bad_lin_names_the_item(edit: tuple[str, str], where: str, what: str) -> None:
    path, message = problem_of({"lin": LIN.replace(*edit, 1)})
    assert path == "lin"
    assert message.startswith(where), message
    assert what in message


def test_a_json_record_of_any_game_is_checked_with_record_paths() -> None:
    record = read({"record": {"game": "bridge", "deal": {"pbn": DEAL}, "moves": ["play C2"]}})
    assert record["moves"] == ["C2"]
    assert record["options"] == {"strain": "NT", "declarer": 0}
    bad = {"game": "bridge", "deal": {"pbn": DEAL}, "moves": ["C2", "SA"]}
    path, message = problem_of({"record": bad})
    assert path == "record.moves[1]"
    assert "not legal" in message
    assert problem_of({"record": {**bad, "tags": {"Event": 1}}})[0] == "record.tags"
    assert problem_of({"pbn": DEAL, "lin": LIN})[0] == ""


def test_the_read_and_pbn_routes(client: TestClient[Litestar]) -> None:
    answer = client.post("/v1/records/read", json={"lin": LIN})
    assert answer.status_code == 200, answer.text
    assert answer.json()["format"] == "lin"
    assert answer.json()["record"]["moves"] == PLAYED
    written = client.post("/v1/records/pbn", json={"lin": LIN})
    assert written.status_code == 200, written.text
    again = client.post("/v1/records/read", json={"pbn": written.json()["pbn"]})
    assert again.json()["record"]["moves"] == PLAYED
    no_level = client.post(
        "/v1/records/pbn", json={"record": {"game": "bridge", "deal": {"pbn": DEAL}}}
    )
    assert no_level.status_code == 422
    assert no_level.json()["errors"][0]["path"] == "record.tags.Contract"
    bad = client.post("/v1/records/read", json={"pbn": PBN.replace("[Play", '[Play "X"]')})
    assert bad.status_code == 422
    assert bad.headers["content-type"].startswith("application/problem+json")


def oracle_deal(index: int) -> dict[str, Any]:
    deals: list[dict[str, Any]] = json.loads(ORACLE.read_text())["deals"]
    return deals[index]


def test_the_record_route_scores_opening_leads_as_dds(client: TestClient[Litestar]) -> None:
    """Oracle deal 0 in spades by East (its opening leads solve in well under a second): a
    record of each of South's leads; the first solves, the others hit the cache."""
    deal = oracle_deal(0)
    leads: dict[str, int] = deal["leads"]["S"]["S"]  # the defence's tricks per lead
    best = 13 - max(leads.values())
    for card, defence in leads.items():
        record = {
            "game": "bridge",
            "options": {"strain": "S", "declarer": "E"},
            "deal": {"pbn": deal["pbn"]},
            "moves": [card],
        }
        answer = client.post("/v1/records/analyze", json={"record": record, "method": "exact"})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        (move,) = body["moves"]
        assert (move["move"], move["value"], move["best_value"]) == (card, 13 - defence, best)
        assert move["loss"] == (13 - defence) - best  # the defence lost what declarer gained
        assert body["values"] == [best, 13 - defence]
        assert body["perspective"] == 1
        assert body["unit"] == "tricks"
    assert deal["tricks"]["S"]["E"] == best


def test_a_played_record_is_analysed_move_by_move(client: TestClient[Litestar]) -> None:
    answer = client.post("/v1/records/analyze", json={"pbn": PBN, "method": "exact"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["exact"]
    assert [m["move"] for m in body["moves"]] == PLAYED
    values = body["values"]
    assert len(values) == 53
    for ply, move in enumerate(body["moves"]):
        assert values[ply] == move["best_value"]  # the value kept so far is the best now
        assert values[ply + 1] == move["value"]
        assert move["loss"] >= 0
        assert move["seat"] in (0, 1, 2, 3)
    assert values[-1] == 9  # the declarer's tricks as played


def test_a_record_error_and_a_record_without_moves_are_422(client: TestClient[Litestar]) -> None:
    bad = client.post("/v1/records/analyze", json={"pbn": PBN.replace("S6 S7", "S6 S6")})
    assert bad.status_code == 422
    assert bad.json()["errors"][0]["message"].startswith("line 13, [Play] card 'S6'")
    empty = client.post("/v1/records/analyze", json={"pbn": DEAL})
    assert empty.status_code == 422
    assert "no moves" in empty.json()["detail"]


def test_a_batch_item_may_be_a_record(client: TestClient[Litestar]) -> None:
    lead = {
        "game": "bridge",
        "options": {"strain": "S", "declarer": "E"},
        "deal": {"pbn": DEAL},
        "moves": ["H5"],
    }
    items = [
        {"record": lead, "method": "exact", "id": "wrapped"},
        {**lead, "id": "bare"},
        {"pbn": "N:AK"},
    ]
    answer = client.post("/v1/analyze/batch", json={"positions": items})
    assert answer.status_code == 200, answer.text
    lines = {line["index"]: line for line in map(json.loads, answer.text.splitlines())}
    assert lines[0]["id"] == "wrapped"
    assert lines[0]["record"]["moves"][0]["move"] == "H5"
    assert lines[1]["id"] == "bare"
    assert lines[1]["status"] == 200
    assert lines[2]["status"] == 422
    assert lines[2]["problem"]["errors"][0]["path"] == "positions[2].pbn"


def test_the_cli_reads_records_of_any_game(tmp_path: Path) -> None:
    """A file of records, as the board saves them (one JSON object per hand) or as a PBN
    item: one answer line each, with the record's analysis."""
    hand = late_position(3)
    marjapussi = {k: hand[k] for k in ("game", "variant", "options", "deal", "moves")}
    bridge = read({"pbn": PBN})
    lines = [
        {**marjapussi, "tags": {"Event": "seed 3"}},
        {"pbn": PBN.replace('[Play "S"]', "[Plays]"), "method": "exact"},
        {**bridge, "moves": bridge["moves"][:8]},
    ]
    source, output = tmp_path / "hands.jsonl", tmp_path / "hands.out.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert main(["analyze", str(source), "-o", str(output), "--jobs", "1", "--quiet"]) == 0
    answers = {e["index"]: e for e in map(json.loads, output.read_text().splitlines())}
    assert answers[0]["status"] == 200
    assert answers[0]["game"] == "marjapussi"
    assert len(answers[0]["record"]["moves"]) == len(marjapussi["moves"])
    assert answers[1]["status"] == 422
    assert answers[1]["problem"]["errors"][0]["path"] == "positions[1].pbn"
    assert answers[2]["record"]["values"][:2] == [12, 13]  # DDS: S6 gives the defence 0
