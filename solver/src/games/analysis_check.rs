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

/// Asked from every seat in turn: the root's value is the mover's choice among its moves'
/// values (the best where the mover is on the asked seat's side, the worst where it is not),
/// the best move has that value, and each move's value is the value of the position after it
/// asked from the same seat. Returns the number of moves checked.
pub fn value_is_best_of_moves(game: &str, position: &Value) -> usize {
    let mover = call(game, Route::LegalMoves, json!({ "position": position }))["to_move"].clone();
    let mut checked = 0;
    for seat in 0.. {
        let body = json!({ "position": position, "method": "exact", "perspective": seat });
        let Ok(root) = handle(game, Route::Analyze, body.to_string().as_bytes()) else {
            assert!(seat > 0, "{game}: seat 0 refused");
            return checked;
        };
        checked += root_is_movers_choice(game, position, seat, &root, &mover);
    }
    unreachable!("seats are few")
}

/// One perspective's check of [`value_is_best_of_moves`].
fn root_is_movers_choice(
    game: &str,
    position: &Value,
    seat: u64,
    root: &Value,
    mover: &Value,
) -> usize {
    assert_eq!(root["exact"], json!(true), "{root}");
    let ours = root["perspective"]["seats"]
        .as_array()
        .expect("seats")
        .contains(mover);
    let moves = root["moves"].as_array().expect("moves");
    let values = moves.iter().map(|m| m["value"].as_i64().expect("a value"));
    let choice = if ours { values.max() } else { values.min() };
    assert_eq!(root["value"].as_i64(), choice, "{game} seat {seat}: {root}");
    let best = moves.iter().find(|m| m["move"] == root["best_move"]);
    assert_eq!(
        best.map(|m| m["value"].as_i64()),
        Some(choice),
        "{game} seat {seat}: {root}"
    );
    for scored in moves {
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
        assert_eq!(
            child["value"].as_i64(),
            scored["value"].as_i64(),
            "{game} seat {seat}: {}",
            scored["move"]
        );
    }
    moves.len()
}
