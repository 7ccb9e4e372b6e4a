//! Timing of random playouts inside Rust, for the benchmark command.
//!
//! A run deals `hands` seeded hands and plays each to the end with random legal moves; each
//! repeat gives a rate, and the report gives the median and the 99th percentile of the per-move
//! and per-hand times over the repeats.

use crate::api::Rules;
use crate::problems::Problems;
use crate::rng::Rng;
use serde_json::{json, Value};
use std::time::Instant;

/// The value at quantile `q` (0..=1) of `sorted`, the nearest rank.
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Runs `repeats` rounds of `hands` random hands of `variant` and reports rates and latencies.
pub fn random_hands<G: Rules>(
    variant: &str,
    hands: u32,
    repeats: u32,
    seed: u64,
) -> Result<Value, Problems> {
    let mut problems = Problems::default();
    let config = G::config(Some(variant), None, "", &mut problems).ok_or(problems)?;
    let mut moves = Vec::new();
    let mut hand_ns = Vec::new();
    let mut move_ns = Vec::new();
    let mut total_moves = 0u64;
    for r in 0..repeats {
        let start = Instant::now();
        let mut played = 0u64;
        for h in 0..hands {
            let hand_seed = seed ^ (u64::from(r) << 32 | u64::from(h));
            let mut state: G = crate::games::seeded::deal_with(&config, hand_seed)?;
            let mut rng = Rng::seeded(hand_seed);
            played +=
                crate::playout::random_playout(&mut state, &mut rng, &mut moves, 100_000) as u64;
        }
        let ns = start.elapsed().as_nanos() as f64;
        hand_ns.push(ns / f64::from(hands));
        move_ns.push(ns / played as f64);
        total_moves += played;
    }
    hand_ns.sort_by(f64::total_cmp);
    move_ns.sort_by(f64::total_cmp);
    let median_hand = percentile(&hand_ns, 0.5);
    let median_move = percentile(&move_ns, 0.5);
    Ok(json!({
        "game": G::NAME,
        "variant": variant,
        "hands": hands,
        "repeats": repeats,
        "moves": total_moves,
        "hand_ns": { "median": median_hand, "p99": percentile(&hand_ns, 0.99) },
        "move_ns": { "median": median_move, "p99": percentile(&move_ns, 0.99) },
        "hands_per_s": 1e9 / median_hand,
        "moves_per_s": 1e9 / median_move,
    }))
}
