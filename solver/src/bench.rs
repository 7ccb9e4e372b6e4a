//! Timings inside Rust, for the benchmark commands.
//!
//! [`random_hands`]: a run deals `hands` seeded hands and plays each to the end with random
//! legal moves; each repeat gives a rate, and the report gives the median and the 99th
//! percentile of the per-move and per-hand times over the repeats.
//! [`exact_positions`]: the exact search on seeded positions at a trick's start, every legal
//! move scored, each position's time and nodes (`scripts/bench-dds --games` sets them beside
//! DDS's opening leads).

use crate::api::Rules;
use crate::problems::Problems;
use crate::rng::Rng;
use crate::search::{analyze, Budget, Searchable};
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

/// The exact search on `count` seeded positions of `variant` with `options` (seeds from 1 on,
/// deals that never reach one skipped): each the first position reached by seeded random legal
/// play that the exact search covers, at a trick's start (a tabled position), where the seat to
/// move holds at most `cards` cards. Every legal move is scored within `budget`. Per position:
/// its seed, the mover's cards, the search's time in ms and nodes, whether every value was
/// pinned, and the sum of the root moves' values (a checksum of the answers).
pub fn exact_positions<G: Rules + Searchable>(
    variant: &str,
    options: &Value,
    (count, cards): (u32, u32),
    budget: &Budget,
) -> Result<Value, Problems> {
    let mut problems = Problems::default();
    let options = (!options.is_null()).then_some(options);
    G::config(Some(variant), options, "", &mut problems).ok_or(problems)?;
    let reached = |g: &G| {
        g.exact_applies().is_ok()
            && g.tabled()
            && g.to_move().is_some_and(|seat| g.hand(seat).len() <= cards)
    };
    let mut positions = Vec::new();
    let mut seed = 0;
    while positions.len() < count as usize && seed < 100 * u64::from(count) {
        seed += 1;
        let Some(g) = crate::games::seeded::random_until(variant, options, seed, reached) else {
            continue;
        };
        let a = analyze(&g, None, budget.clone());
        let checksum: i64 = a.moves.iter().map(|m| i64::from(m.low)).sum();
        positions.push(json!({
            "seed": seed,
            "cards": g.to_move().map_or(0, |seat| g.hand(seat).len()),
            "ms": a.elapsed.as_secs_f64() * 1e3,
            "nodes": a.nodes,
            "solved": a.complete,
            "checksum": checksum,
        }));
    }
    Ok(json!({ "game": G::NAME, "variant": variant, "positions": positions }))
}

#[cfg(test)]
mod tests {
    use crate::games::{exact_positions, GAMES};
    use crate::search::Budget;
    use serde_json::{json, Value};

    /// Every game's late positions: as many as asked, each at most `cards` in the mover's hand,
    /// solved; a variant that is not the game's is refused.
    #[test]
    fn every_game_times_the_positions_asked() {
        let variants = [
            ("marjapussi", "huutopussi", Value::Null),
            ("mustamaija", "standard", json!({ "num_players": 2 })),
            ("muschik", "muschik", Value::Null),
            ("mu", "mu4", Value::Null),
            ("bridge", "bridge", json!({ "strain": "NT", "declarer": 0 })),
        ];
        assert_eq!(variants.len(), GAMES.len());
        for (game, variant, options) in variants {
            let answer = exact_positions(game, (variant, &options), (3, 3), &Budget::default())
                .unwrap_or_else(|e| panic!("{game}: {e:?}"));
            let positions = answer["positions"].as_array().expect("positions");
            assert_eq!(positions.len(), 3, "{game}: {answer}");
            for p in positions {
                assert!(
                    p["cards"].as_u64().is_some_and(|c| (1..=3).contains(&c)),
                    "{p}"
                );
                assert_eq!(p["solved"], json!(true), "{game}: {p}");
            }
            assert!(
                exact_positions(game, ("no such", &options), (1, 3), &Budget::default()).is_err()
            );
        }
    }
}
