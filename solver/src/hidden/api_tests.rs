//! PIMC through the analyze route: views of every game in card play, one answer per seed;
//! bidding served by `auto` through ISMCTS and refused by PIMC.

use crate::games::analysis_check::{call, walk};
use crate::games::{handle, Route};
use serde_json::{json, Value};

/// A snapshot view, for the seat to move, of a hand of `game` dealt from `seed` and played at
/// random until `cards` cards have been played.
pub(crate) fn play_view(game: &str, variant: &str, seed: u64, cards: usize) -> Value {
    let dealt = call(
        game,
        Route::Deal,
        json!({ "variant": variant, "seed": seed }),
    );
    let mut plays = 0;
    let position = walk(game, dealt["position"].clone(), seed, |_, legal| {
        plays += usize::from(legal["phase"] == "play");
        plays <= cards
    });
    let seat = call(game, Route::LegalMoves, json!({ "position": position }))["to_move"].clone();
    view_of(game, &position, &seat)
}

/// `position` (complete) as a snapshot view for `seat`.
pub(crate) fn view_of(game: &str, position: &Value, seat: &Value) -> Value {
    let complete = call(game, Route::Canonical, json!({ "position": position }));
    let mut view = position.clone();
    let snapshot = call(
        game,
        Route::Canonical,
        json!({ "position": { "version": 1, "game": game, "variant": complete["variant"], "options": complete["options"], "view": seat, "state": complete["state"] } }),
    );
    let object = view.as_object_mut().expect("an object");
    object.remove("deal");
    object.remove("moves");
    object.insert("view".into(), seat.clone());
    object.insert("state".into(), snapshot["state"].clone());
    view
}

fn analyze(game: &str, body: Value) -> Value {
    call(game, Route::Analyze, body)
}

#[test]
fn pimc_answers_a_marjapussi_view_with_every_move_and_one_answer_per_seed() {
    let view = play_view("marjapussi", "huutopussi", 5, 17);
    let body = json!({ "position": view, "method": "pimc", "budget": { "worlds": 200, "time_ms": 20000 } });
    let answer = analyze("marjapussi", body.clone());
    let legal = call("marjapussi", Route::LegalMoves, json!({ "position": view }));
    assert_eq!(
        answer["moves"].as_array().expect("moves").len(),
        legal["count"].as_u64().unwrap() as usize
    );
    assert_eq!(answer["method"], "pimc");
    assert_eq!(answer["stats"]["worlds"], 200);
    for m in answer["moves"].as_array().unwrap() {
        assert!(
            m["low"].as_f64() <= m["value"].as_f64() && m["value"].as_f64() <= m["high"].as_f64()
        );
    }
    let again = analyze("marjapussi", body);
    assert_eq!(answer["moves"], again["moves"], "one seed, one answer");
    assert_eq!(answer["best_move"], again["best_move"]);
}

#[test]
fn auto_serves_views_of_every_game_in_card_play_by_pimc() {
    // Far enough into the play that eight worlds are solved quickly.
    let cases = [
        ("marjapussi", "marjapussi", 20),
        ("bridge", "bridge", 36),
        ("muschik", "muschik", 8),
        ("mu", "mu4", 36),
    ];
    for (game, variant, cards) in cases {
        let view = play_view(game, variant, 3, cards);
        let body = json!({ "position": view, "budget": { "worlds": 8, "time_ms": 20_000 } });
        let answer = analyze(game, body);
        assert_eq!(answer["method"], "pimc", "{game}: {answer}");
        assert_eq!(answer["method_asked"], "auto");
        assert!(answer["best_move"].is_string(), "{game}: {answer}");
        // Muschik's seats each score for themselves: its worlds are searched by max^n.
        let world_search = if game == "muschik" { "max^n" } else { "exact" };
        assert_eq!(answer["stats"]["world_search"], world_search, "{game}");
    }
}

#[test]
fn a_view_in_bidding_is_refused_by_pimc_naming_ismcts_and_valued_by_auto_as_bids() {
    let dealt = call(
        "marjapussi",
        Route::Deal,
        json!({ "variant": "huutopussi", "seed": 2 }),
    );
    let mut view = dealt["position"].clone();
    view["view"] = json!(view["state"]["to_move"].clone());
    view.as_object_mut().unwrap().remove("state");
    let seat = view["view"].as_u64().unwrap() as usize;
    for s in 0..4 {
        if s != seat {
            view["deal"]["hands"][s] = json!(view["deal"]["hands"][s].as_array().unwrap().len());
        }
    }
    let refused = handle(
        "marjapussi",
        Route::Analyze,
        json!({ "position": view, "method": "pimc" })
            .to_string()
            .as_bytes(),
    );
    let text = format!("{refused:?}");
    assert!(text.contains("ismcts"), "{text}");
    let body = json!({ "position": view, "method": "auto", "budget": { "iterations": 500 } });
    let answer = analyze("marjapussi", body);
    assert_eq!(answer["method"], "bids", "{answer}");
    assert_eq!(answer["unused_budget"], json!(["iterations"]));
    assert_eq!(answer["method_asked"], "auto");
    assert!(answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["move"] == answer["best_move"]));
}

/// PIMC's rate from the first trick of Marjapussi on, for the report: `cargo test --release
/// pimc_rate -- --ignored --nocapture`.
#[test]
#[ignore]
fn pimc_rate() {
    for cards in [0, 4, 8, 12, 16] {
        for nodes in [20_000, 200_000] {
            let view = play_view("marjapussi", "huutopussi", 5, cards);
            let body = json!({ "position": view, "method": "pimc", "budget": { "worlds": 100_000, "time_ms": 1000, "nodes": nodes } });
            let answer = handle("marjapussi", Route::Analyze, body.to_string().as_bytes());
            let stats = answer.map(|a| a["stats"].clone());
            eprintln!("cards played {cards:2} world nodes {nodes:7}: {stats:?}");
        }
    }
}
