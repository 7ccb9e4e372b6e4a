//! Issue 6's API check for bridge: an `analyze` answer's value is the best of the values of the
//! positions after each of its moves, each asked through the API.

use super::Bridge;
use crate::games::analysis_check::{call, value_is_best_of_moves, walk};
use crate::games::Route;
use serde_json::json;

#[test]
fn an_analysis_value_is_the_best_of_its_moves_asked_one_by_one() {
    let mut scored = 0;
    for (seed, strain) in [(1, "NT"), (2, "S"), (3, "H"), (4, "C"), (5, "D"), (6, "NT")] {
        let deal = call(
            Bridge::NAME,
            Route::Deal,
            json!({ "seed": seed, "options": { "strain": strain, "declarer": seed % 4 } }),
        );
        // Random cards until each hand holds 5 (32 cards played).
        let mut played = 0;
        let position = walk(Bridge::NAME, deal["position"].clone(), seed, |_, _| {
            played += 1;
            played <= 32
        });
        scored += value_is_best_of_moves(Bridge::NAME, &position);
    }
    assert!(scored >= 8, "{scored} moves checked");
}
