//! Bad requests get every problem, each with its JSON path (through the game-agnostic API).

use crate::api::ApiError;
use crate::games::{handle, Route};
use serde_json::{json, Value};

fn call(route: Route, body: Value) -> Result<Value, ApiError> {
    handle("marjapussi", route, body.to_string().as_bytes())
}

fn problems(route: Route, body: Value) -> Vec<(String, String)> {
    match call(route, body) {
        Err(ApiError::Invalid(p)) => p.0.into_iter().map(|p| (p.path, p.message)).collect(),
        other => panic!("expected invalid input, got {other:?}"),
    }
}

fn dealt(variant: &str) -> Value {
    call(
        Route::Deal,
        json!({ "variant": variant, "seed": 11, "dealer": 3 }),
    )
    .expect("a deal")["position"]
        .clone()
}

fn history_only(mut position: Value) -> Value {
    position.as_object_mut().expect("an object").remove("state");
    position
}

#[test]
fn every_bad_card_is_reported_with_its_path() {
    let mut position = history_only(dealt("marjapussi"));
    let hands = position["deal"]["hands"].as_array_mut().expect("hands");
    let first = hands[0][0].clone();
    hands[1][3] = json!("Q7");
    hands[2][0] = first;
    let found = problems(Route::LegalMoves, json!({ "position": position }));
    let paths: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
    assert!(paths.contains(&"position.deal.hands[1][3]"), "{found:?}");
    assert!(paths.contains(&"position.deal.hands[2][0]"), "{found:?}");
    assert!(found.iter().any(|(_, m)| m.contains("given twice")));
    assert!(found.iter().any(|(_, m)| m.contains("'Q7' is not a card")));
}

#[test]
fn a_wrong_number_of_cards_names_the_hand() {
    let mut position = history_only(dealt("huutopussi"));
    position["deal"]["hands"][2]
        .as_array_mut()
        .expect("a hand")
        .pop();
    let found = problems(Route::LegalMoves, json!({ "position": position }));
    assert_eq!(found[0].0, "position.deal.hands[2]", "{found:?}");
}

#[test]
fn an_illegal_move_lists_the_legal_ones() {
    let position = dealt("huutopussi");
    let found = problems(Route::Play, json!({ "position": position, "move": "pass" }));
    assert_eq!(found[0].0, "move");
    assert!(found[0].1.contains("bid 50"), "{found:?}");
}

#[test]
fn unknown_variants_options_and_fields_are_named() {
    let found = problems(Route::Deal, json!({ "variant": "skat" }));
    assert_eq!(found[0].0, "variant");
    let found = problems(
        Route::Deal,
        json!({ "variant": "erlangen", "options": { "foo": 1, "min_bid": "x" }, "colour": 2 }),
    );
    let paths: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
    assert!(
        paths.contains(&"options.foo")
            && paths.contains(&"options.min_bid")
            && paths.contains(&"colour"),
        "{found:?}"
    );
}

#[test]
fn truncated_json_is_malformed() {
    let result = handle("marjapussi", Route::Deal, b"{\"variant\": \"huu");
    assert!(matches!(result, Err(ApiError::Malformed(_))));
}

#[test]
fn an_unknown_game_is_refused() {
    assert!(matches!(
        handle("skat", Route::Deal, b"{}"),
        Err(ApiError::UnknownGame(_))
    ));
}

#[test]
fn snapshot_and_history_agree_and_round_trip() {
    let position = dealt("erlangen");
    let next = call(Route::Play, json!({ "position": position, "move": "pass" })).expect("a pass");
    let snapshot_only =
        json!({ "variant": "erlangen", "state": next["position"]["state"].clone() });
    let again = call(Route::LegalMoves, json!({ "position": snapshot_only })).expect("legal moves");
    assert_eq!(again["to_move"], json!(1));
    let mut tampered = next["position"].clone();
    tampered["state"]["auction"]["passed"] = json!([]);
    let found = problems(Route::LegalMoves, json!({ "position": tampered }));
    assert_eq!(found[0].0, "position.state");
}

#[test]
fn a_view_hides_other_hands_and_takes_their_cards_as_played() {
    let full = dealt("marjapussi");
    let mut view = history_only(full.clone());
    view["view"] = json!(0);
    for seat in 1..4 {
        view["deal"]["hands"][seat] = json!(9);
    }
    let moves = call(Route::LegalMoves, json!({ "position": view })).expect("N's moves");
    assert_eq!(moves["count"], json!(9));
    let lead = moves["moves"][0].as_str().expect("a card").to_string();
    let after = call(Route::Play, json!({ "position": view, "move": lead })).expect("N leads");
    assert_eq!(after["position"]["state"]["hands"][1], json!(9));
    let east_card = full["deal"]["hands"][1][8].clone();
    let east = call(
        Route::Play,
        json!({ "position": after["position"], "move": east_card }),
    );
    let east = east.expect("E's card is taken as played");
    assert_eq!(east["position"]["state"]["hands"][1], json!(8));
    let refused = call(Route::LegalMoves, json!({ "position": east["position"] }));
    assert!(
        matches!(refused, Err(ApiError::Invalid(_))),
        "S's hand is hidden in N's view"
    );
}

fn analyze(position: &Value, perspective: Option<u64>) -> Value {
    let mut body = json!({ "position": position, "method": "exact" });
    if let Some(seat) = perspective {
        body["perspective"] = json!(seat);
    }
    call(Route::Analyze, body).expect("an analysis")
}

#[test]
fn an_analysis_value_is_the_best_of_its_moves_asked_one_by_one() {
    for (variant, seed) in [("huutopussi", 3), ("marjapussi", 4)] {
        let mut position = call(
            Route::Deal,
            json!({ "variant": variant, "seed": seed, "dealer": 3 }),
        )
        .expect("a deal")["position"]
            .clone();
        // Bid or play the first legal move until five cards are left in each hand.
        loop {
            let moves = call(Route::LegalMoves, json!({ "position": position })).expect("moves");
            let in_play = moves["phase"] == json!("play");
            let hand =
                &position["state"]["hands"][moves["to_move"].as_u64().expect("a seat") as usize];
            if in_play
                && hand.as_array().expect("cards").len() <= 5
                && position["state"]["trick"]["cards"] == json!([])
            {
                break;
            }
            let mv = moves["moves"][moves["count"].as_u64().expect("a count") as usize - 1].clone();
            position = call(Route::Play, json!({ "position": position, "move": mv }))
                .expect("a move")["position"]
                .clone();
        }
        let root = analyze(&position, None);
        let seat = root["perspective"]["seat"].as_u64().expect("a seat");
        assert_eq!(root["exact"], json!(true));
        let mut best = i64::MIN;
        for scored in root["moves"].as_array().expect("moves") {
            let next = call(
                Route::Play,
                json!({ "position": position, "move": scored["move"] }),
            )
            .expect("a move");
            let child = if next["over"] == json!(true) {
                json!({ "value": scored["value"] })
            } else {
                analyze(&next["position"], Some(seat))
            };
            assert_eq!(
                child["value"], scored["value"],
                "{variant}: {}",
                scored["move"]
            );
            best = best.max(scored["value"].as_i64().expect("a value"));
        }
        assert_eq!(root["value"].as_i64(), Some(best), "{variant}");
    }
}

#[test]
fn exact_analysis_refuses_bidding_naming_ismcts_and_unknown_methods() {
    let position = dealt("huutopussi");
    let found = problems(
        Route::Analyze,
        json!({ "position": position, "method": "exact" }),
    );
    assert_eq!(found[0].0, "position");
    assert!(found[0].1.contains("'ismcts'"), "{found:?}");
    let found = problems(
        Route::Analyze,
        json!({ "position": position, "method": "guess" }),
    );
    assert_eq!(found[0].0, "method");
}
