//! Issue 6's API check for the Marjapussi family: an `analyze` answer's value is the best of the
//! values of the positions after each of its moves, each asked through the API.

use super::Marjapussi;
use crate::games::analysis_check::{call, value_is_best_of_moves, walk};
use crate::games::Route;
use serde_json::{json, Value};

/// Cards in the hand of the seat to move, read off a complete position's snapshot.
fn mover_cards(position: &Value, legal: &Value) -> usize {
    let seat = legal["to_move"].as_u64().expect("a seat to move") as usize;
    position["state"]["hands"][seat]
        .as_array()
        .map_or(usize::MAX, Vec::len)
}

#[test]
fn an_analysis_value_is_the_best_of_its_moves_asked_one_by_one() {
    for variant in ["marjapussi", "huutopussi", "erlangen", "huutopussi3"] {
        let mut scored = 0;
        for seed in 0..4 {
            let deal = call(
                Marjapussi::NAME,
                Route::Deal,
                json!({ "variant": variant, "seed": seed }),
            );
            // Random choices through the bidding and into the play, until the mover holds 3.
            let position = walk(
                Marjapussi::NAME,
                deal["position"].clone(),
                seed,
                |p, legal| legal["phase"] != "play" || mover_cards(p, legal) > 3,
            );
            if position["state"]["phase"] == "play" {
                scored += value_is_best_of_moves(Marjapussi::NAME, &position);
            }
        }
        assert!(scored >= 6, "{variant}: {scored} moves checked");
    }
}
