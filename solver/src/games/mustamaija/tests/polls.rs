//! Marriage polls written with their seat (`no_declaration by 2`): the notation, the refusal
//! of a seat the poll does not ask, and a view route's history that names each poll's seat
//! and replays (`view_poll.rs`).

use super::suite::dealt;
use crate::api::{parse_position, Rules};
use crate::game::Game;
use crate::games::mustamaija::{By, Move, Mustamaija, Phase};
use crate::games::{handle, Route};
use crate::hidden::Knowledge;
use crate::suited::Suit;
use serde_json::{json, Value};

/// The first `salmi_six` deal whose first poll opens before the first attack.
fn polled_deal() -> Mustamaija {
    (0..)
        .map(|seed| dealt("salmi_six", json!({}), seed))
        .find(|deal| deal.phase_now() == Phase::Declare)
        .expect("a deal with a poll")
}

fn position(deal: &Mustamaija, moves: &[String]) -> Value {
    json!({ "version": 1, "game": "mustamaija", "variant": "salmi_six",
            "deal": deal.deal_json(None), "moves": moves })
}

#[test]
fn a_poll_move_reads_and_writes_its_seat() {
    let deal = polled_deal();
    let by_two = deal.parse_move("declare H by 2").expect("a move");
    assert!(matches!(by_two, Move::Declare(Suit::Hearts, By(Some(2)))));
    assert_eq!(deal.move_text(by_two), "declare H by 2");
    let plain = deal.parse_move("no_declaration").expect("a move");
    assert_eq!(deal.move_text(plain), "no_declaration");
    assert_eq!(
        plain,
        Move::NoDeclaration(By(Some(3))),
        "the seat is a note"
    );
    for bad in ["no_declaration by 9", "no_declaration to 2", "declare H by"] {
        let refused = deal.parse_move(bad).expect_err(bad);
        assert!(
            refused.contains("seat") || refused.contains("by N"),
            "{bad}: {refused}"
        );
    }
}

#[test]
fn a_poll_move_naming_a_seat_not_asked_is_refused() {
    let deal = polled_deal();
    let asked = deal.to_move().expect("a seat asked");
    let other = (asked + 1) % deal.seats();
    let named = |seat: usize| vec![format!("no_declaration by {seat}")];
    assert!(parse_position::<Mustamaija>(&position(&deal, &named(asked)), "position").is_ok());
    let refused = parse_position::<Mustamaija>(&position(&deal, &named(other)), "position")
        .expect_err("another seat's pass");
    let message = format!("{refused:?}");
    assert!(
        message.contains(&format!("the poll asks seat {asked}, not seat {other}")),
        "{message}"
    );
}

#[test]
fn the_view_route_names_each_polls_seat_and_the_view_replays() {
    let deal = polled_deal();
    let asked = deal.to_move().expect("a seat asked");
    let mut truth = deal.clone();
    truth.play(Move::NoDeclaration(By(None))).expect("a pass");
    for seat in 0..deal.seats() {
        let body = json!({ "position": position(&deal, &["no_declaration".into()]), "seat": seat });
        let answer = handle("mustamaija", Route::View, body.to_string().as_bytes());
        let answer = answer.expect("a view");
        let view = &answer["position"];
        assert_eq!(view["moves"], json!([format!("no_declaration by {asked}")]));
        let read = parse_position::<Mustamaija>(view, "position").expect("the view replays");
        assert_eq!(
            read.state.state_json(Some(seat)),
            truth.state_json(Some(seat))
        );
    }
}

#[test]
fn a_views_count_is_an_upper_bound_while_a_marriage_can_make_trump() {
    let exact = |deal: &Mustamaija| {
        let view = json!({ "version": 1, "game": "mustamaija", "variant": deal.variant_name(),
                           "view": 0, "deal": deal.deal_json(Some(0)), "moves": [] });
        let view = parse_position::<Mustamaija>(&view, "position").expect("a view");
        let knowledge = Knowledge::of_position(&view)
            .expect("a view")
            .expect("knowledge");
        knowledge.count_is_exact()
    };
    assert!(
        !exact(&polled_deal()),
        "who the first poll asks depends on the hands"
    );
    assert!(
        exact(&dealt("kurki_suonio_diamonds", json!({}), 0)),
        "trump is fixed"
    );
}

/// A view whose history has a hidden seat beat where its state has no open attack (the
/// state's dealer differs from the deal's) is refused as a bad history, not played: fitting
/// the polls used to play the beat on a copy and panic.
#[test]
fn a_hidden_move_of_the_wrong_kind_is_refused_not_played() {
    let view: Value = serde_json::from_str(VIEW_WITH_A_BEAT_AND_NO_ATTACK).expect("JSON");
    let refused = parse_position::<Mustamaija>(&view, "position").expect_err("a bad history");
    let message = format!("{refused:?}");
    assert!(message.contains("position.moves[1]"), "{message}");
    assert!(
        message.contains("'beat C7' is not legal for seat 2 in phase 'attack'"),
        "{message}"
    );
}

const VIEW_WITH_A_BEAT_AND_NO_ATTACK: &str = r#"{"version": 1, "game": "mustamaija", "variant": "kurki_suonio_marriage", "options": {"num_players": 4, "hand_size": 3, "trump_mode": "marriage", "spades_can_be_trump": false, "maria_card": "SQ", "qs_lead": "with_spades", "attack_limit": "endgame_only", "marriage_excluded_suits": ["S"], "marriage_trump_changes": false, "marriage_window": "any_player_any_time", "spade_reinsert": "random_middle", "max_attacks": 1000, "stall_outcome": "qs_holder_loses", "utility": "loser_only"}, "view": 1, "deal": {"dealer": 3, "hands": [3, ["S5", "S9", "D4"], 3, 3], "talon": 40, "turn_seed": 1208448239}, "moves": ["attack C2", "beat C7"], "state": {"dealer": 1, "phase": "attack", "to_move": 3, "attacker": 3, "defender": 0, "hands": [3, ["S5", "S9", "D4"], 3, 3], "known_cards": [[], [], [], []], "talon": 38, "turn_seed": 1208448239, "trump": null, "trump_card": null, "reinserted": [], "declared": [], "table": {"attack": [], "beaten": [], "taken": []}, "discards": [["C2", "C7"]], "attacks_made": 1, "loser": null, "stalled": false}}"#;
