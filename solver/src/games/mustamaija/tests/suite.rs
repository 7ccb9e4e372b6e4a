//! The conformance suite in every preset and player count, playouts through the routes,
//! perft pins, the stall guard, and the JSON face with bad input.

use super::super::config::Variant;
use super::*;
use crate::conformance::random_hands;
use crate::playout::random_playout;
use crate::rng::Rng;

fn dealt(variant: &str, options: Value, seed: u64) -> Mustamaija {
    let cfg = config(variant, options);
    let mut problems = Problems::default();
    let empty = json!({});
    let mut fields = crate::problems::Fields::of(&empty, "", &mut problems);
    Mustamaija::deal(&cfg, seed, &mut fields, &mut problems).expect("a deal")
}

#[test]
fn random_game_lengths() {
    for variant in Variant::NAMES {
        for n in Config::players(Variant::from_name(variant).unwrap()) {
            let mut stalls = 0;
            let mut total = 0;
            let mut longest = 0;
            for seed in 0..100 {
                let mut state = dealt(variant, json!({"num_players": n}), seed);
                let mut moves = Vec::new();
                let played =
                    random_playout(&mut state, &mut Rng::seeded(seed), &mut moves, 1_000_000);
                total += played;
                longest = longest.max(played);
                stalls += usize::from(state.stalled);
            }
            println!(
                "{variant} n={n}: mean {} max {longest} stalls {stalls}",
                total / 100
            );
        }
    }
}
