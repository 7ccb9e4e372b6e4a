//! The canonical position that the service hashes for cache keys: one text per position,
//! whatever form the request gives it in.

use crate::games::{handle, Route, GAMES};
use serde_json::{json, Value};

fn call(game: &str, route: Route, body: &Value) -> Value {
    handle(game, route, body.to_string().as_bytes()).expect("the engine answers")
}

#[test]
fn snapshot_and_replay_of_one_position_have_one_canonical_form() {
    for game in GAMES {
        let mut position = call(game, Route::Deal, &json!({"seed": 11}))["position"].clone();
        for _ in 0..3 {
            let moves = call(game, Route::LegalMoves, &json!({"position": position}));
            let first = moves["moves"][0].clone();
            position = call(
                game,
                Route::Play,
                &json!({"position": position, "move": first}),
            )["position"]
                .clone();
        }
        let replayed = json!({"position": {"game": game, "variant": position["variant"],
            "deal": position["deal"], "moves": position["moves"]}});
        let snapshot = json!({"position": {"game": game, "variant": position["variant"],
            "options": position["options"], "state": position["state"]}, "method": "exact"});
        let canonical = call(game, Route::Canonical, &replayed);
        assert_eq!(canonical, call(game, Route::Canonical, &snapshot), "{game}");
        assert_eq!(canonical["game"], json!(game));
        assert_eq!(canonical["state"], position["state"], "{game}");
    }
}

#[test]
fn positions_a_move_apart_have_different_canonical_forms() {
    let dealt = call("marjapussi", Route::Deal, &json!({"seed": 3}))["position"].clone();
    let moves = call("marjapussi", Route::LegalMoves, &json!({"position": dealt}));
    let after = call(
        "marjapussi",
        Route::Play,
        &json!({"position": dealt, "move": moves["moves"][0]}),
    )["position"]
        .clone();
    assert_ne!(
        call("marjapussi", Route::Canonical, &json!({"position": dealt})),
        call("marjapussi", Route::Canonical, &json!({"position": after}))
    );
}

#[test]
fn a_bad_position_is_reported_with_its_path() {
    let err = handle(
        "marjapussi",
        Route::Canonical,
        br#"{"position": {"deal": 3}}"#,
    )
    .expect_err("a deal must be an object");
    assert!(format!("{err:?}").contains("position.deal"), "{err:?}");
}
