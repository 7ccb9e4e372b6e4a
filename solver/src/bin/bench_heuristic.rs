//! Nanoseconds per heuristic move, per game, against a uniformly random legal move in the same
//! run: positions are gathered from seeded hands played by the heuristic, then each position's
//! move is timed over a batch of calls; the report gives the median and the 99th percentile over
//! the positions.
//!
//! Usage: `bench_heuristic [hands per game] [seed]` (defaults 200 and 1).

use solver::api::Rules;
use solver::bench::percentile;
use solver::games::{bridge, marjapussi, mu, muschik, mustamaija};
use solver::heuristic::Heuristic;
use solver::problems::{Fields, Problems};
use solver::rng::Rng;
use std::hint::black_box;
use std::time::Instant;

/// Calls per position and timing; a batch hides the clock's own cost.
const BATCH: u32 = 64;

/// Median and p99 over the positions of the per-call nanoseconds of `mover`.
fn time_per_position<G>(positions: &[G], mut mover: impl FnMut(&G)) -> (f64, f64) {
    let mut ns: Vec<f64> = positions
        .iter()
        .map(|state| {
            let start = Instant::now();
            for _ in 0..BATCH {
                mover(black_box(state));
            }
            start.elapsed().as_nanos() as f64 / f64::from(BATCH)
        })
        .collect();
    ns.sort_by(f64::total_cmp);
    (percentile(&ns, 0.5), percentile(&ns, 0.99))
}

fn bench<G: Rules + Heuristic>(variant: &str, hands: u64, seed: u64) {
    let mut problems = Problems::default();
    let config = G::config(Some(variant), None, "", &mut problems).expect("a variant");
    let empty = serde_json::json!({});
    let mut positions = Vec::new();
    for h in 0..hands {
        let mut fields = Fields::of(&empty, "", &mut problems);
        let mut state = G::deal(&config, seed ^ h, &mut fields, &mut problems).expect("a deal");
        let mut rng = Rng::seeded(seed ^ h);
        while !state.is_over() && positions.len() < 1_000_000 {
            positions.push(state.clone());
            let mv = state.heuristic_move(&mut rng);
            state.play_unchecked(mv);
        }
    }
    let mut rng = Rng::seeded(seed);
    let (heuristic_median, heuristic_p99) = time_per_position(&positions, |state| {
        black_box(state.heuristic_move(&mut rng));
    });
    let mut moves = Vec::new();
    let (random_median, random_p99) = time_per_position(&positions, |state| {
        state.legal_moves(&mut moves);
        black_box(moves[rng.below(moves.len())]);
    });
    println!(
        "{:<12} {:<12} {:>8} positions  heuristic ns/move median {:>7.1} p99 {:>8.1}  random median {:>7.1} p99 {:>8.1}  ratio of medians {:.2}",
        G::NAME,
        variant,
        positions.len(),
        heuristic_median,
        heuristic_p99,
        random_median,
        random_p99,
        heuristic_median / random_median,
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let hands: u64 = args
        .next()
        .map_or(200, |a| a.parse().expect("a number of hands"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("a seed"));
    for variant in ["marjapussi", "huutopussi", "erlangen", "huutopussi3"] {
        bench::<marjapussi::Marjapussi>(variant, hands, seed);
    }
    for variant in ["standard", "salmi_six", "translator_joker"] {
        bench::<mustamaija::Mustamaija>(variant, hands, seed);
    }
    for variant in ["muschik", "muschik3"] {
        bench::<muschik::Muschik>(variant, hands, seed);
    }
    for variant in ["mu4", "mu6"] {
        bench::<mu::Mu>(variant, hands, seed);
    }
    bench::<bridge::Bridge>("bridge", hands, seed);
}
