//! Test support: exact values checked against plain minimax, and an analysis answer checked
//! against the answers for the positions after each of its moves, every request going through
//! [`handle`] as the service sends it.

use super::{handle, Route};
use crate::search::{self, minimax, Budget, Searchable};
use serde_json::{json, Value};
use std::fmt::Display;

/// Every root move's exact value of `g` equals plain minimax (no pruning, no table) of the
/// position after it; `what` names the position in a failure.
pub fn agrees_with_minimax<G: Searchable>(g: &G, what: impl Display) {
    let analysis = search::analyze(g, None, Budget::default());
    assert!(analysis.complete, "{what}");
    for scored in &analysis.moves {
        let mut child = g.clone();
        child.play_unchecked(scored.mv);
        let truth = minimax(&child, analysis.side);
        assert_eq!(
            (scored.low, scored.high),
            (truth, truth),
            "{what}: {:?}",
            scored.mv
        );
    }
}

pub fn call(game: &str, route: Route, body: Value) -> Value {
    handle(game, route, body.to_string().as_bytes())
        .unwrap_or_else(|e| panic!("{game} {route:?}: {e:?}"))
}

fn analyze(game: &str, position: &Value, perspective: u64) -> Value {
    let body = json!({ "position": position, "method": "exact", "perspective": perspective });
    call(game, Route::Analyze, body)
}

/// Plays seeded random legal moves from `position` while `go_on` says so (given the
/// legal-moves answer); returns the position reached.
pub fn walk(
    game: &str,
    mut position: Value,
    seed: u64,
    mut go_on: impl FnMut(&Value, &Value) -> bool,
) -> Value {
    let mut rng = crate::rng::Rng::seeded(seed);
    loop {
        let legal = call(game, Route::LegalMoves, json!({ "position": position }));
        if legal["to_move"].is_null() || !go_on(&position, &legal) {
            return position;
        }
        let moves = legal["moves"].as_array().expect("moves");
        let mv = moves[rng.below(moves.len())].clone();
        position = call(
            game,
            Route::Play,
            json!({ "position": position, "move": mv }),
        )["position"]
            .clone();
    }
}

/// The root's value is the best of its moves' values, and each move's value is the value of
/// the position after it asked from the same seat: the best of that position's moves where
/// the seat's side moves, the worst where another side does. Returns the number of moves.
pub fn value_is_best_of_moves(game: &str, position: &Value) -> usize {
    let seat = call(game, Route::LegalMoves, json!({ "position": position }))["to_move"]
        .as_u64()
        .expect("a seat to move");
    let root = analyze(game, position, seat);
    assert_eq!(root["exact"], json!(true), "{root}");
    let side = root["perspective"]["seats"].clone();
    let moves = root["moves"].as_array().expect("moves");
    let mut best = i64::MIN;
    for scored in moves {
        let value = scored["value"].as_i64().expect("a value");
        best = best.max(value);
        let next = call(
            game,
            Route::Play,
            json!({ "position": position, "move": scored["move"] }),
        );
        if next["over"] == json!(true) {
            continue;
        }
        let child = analyze(game, &next["position"], seat);
        assert_eq!(child["exact"], json!(true), "{child}");
        let values = child["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m["value"].as_i64().expect("a value"));
        let mover = call(
            game,
            Route::LegalMoves,
            json!({ "position": next["position"] }),
        )["to_move"]
            .clone();
        let ours = side.as_array().expect("seats").contains(&mover);
        let expected = if ours { values.max() } else { values.min() };
        assert_eq!(expected, Some(value), "{game}: {}", scored["move"]);
        if ours {
            assert_eq!(
                child["value"].as_i64(),
                Some(value),
                "{game}: {}",
                scored["move"]
            );
        }
    }
    assert_eq!(root["value"].as_i64(), Some(best), "{game}");
    moves.len()
}
