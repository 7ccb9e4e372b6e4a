//! `cargo run --release --bin bench_exact_games -- [positions] [budget_ms]`: the exact search on
//! seeded positions of Muschik, Mustamaija and Mü (every legal move scored), reporting p50, p90,
//! p99 and max of the time per position, the median node count and how many ran out of budget.
//!
//! Positions: Muschik (5 players) at the first card of the play and after two tricks; Mustamaija
//! (2 players, `standard`) once the talon is empty with at most 20 and at most 12 cards in hands;
//! Mü (`mu4`) at the chief's first lead and once the seat to move holds 8 cards.

use serde_json::{json, Value};
use solver::api::Rules;
use solver::bench::percentile;
use solver::game::Game;
use solver::games::seeded::random_until;
use solver::games::{mu::Mu, muschik::Muschik, mustamaija::Mustamaija};
use solver::search::{analyze, Budget, Searchable};
use std::time::Duration;

/// A seeded deal played at random until `stop` holds; `None` if the deal ends first.
fn position<G: Rules>(
    variant: &str,
    options: Value,
    seed: u64,
    stop: impl Fn(&G) -> bool,
) -> Option<G> {
    random_until(variant, Some(&options), seed, stop)
}

/// Analyses `count` positions (seeds from 0 on, skipping deals that never reach one).
fn run<G: Rules + Searchable>(
    label: &str,
    count: usize,
    budget: &Budget,
    make: impl Fn(u64) -> Option<G>,
) {
    let (mut times, mut nodes, mut cut) = (Vec::new(), Vec::new(), 0);
    let mut seed = 0;
    while times.len() < count && seed < 100 * count as u64 {
        seed += 1;
        let Some(g) = make(seed) else { continue };
        let a = analyze(&g, None, budget.clone());
        times.push(a.elapsed.as_secs_f64() * 1e3);
        nodes.push(a.nodes as f64);
        cut += usize::from(!a.complete);
    }
    if times.is_empty() {
        println!("{label:<34} no positions");
        return;
    }
    times.sort_by(f64::total_cmp);
    nodes.sort_by(f64::total_cmp);
    println!(
        "{label:<34} {:>6} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>11.0} {:>7}",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        times.last().copied().unwrap_or(0.0),
        percentile(&nodes, 0.5),
        cut
    );
}

fn cards_in_hands<G: Game>(g: &G) -> u32 {
    (0..g.seats()).map(|s| g.hand(s).len()).sum()
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let count = args.first().copied().unwrap_or(200) as usize;
    let budget = Budget {
        time: Duration::from_millis(args.get(1).copied().unwrap_or(5000)),
        ..Budget::default()
    };
    println!(
        "exact search, {count} seeded positions each, budget {:?}",
        budget.time
    );
    println!(
        "{:<34} {:>6} {:>9} {:>9} {:>9} {:>9} {:>11} {:>7}",
        "position", "count", "p50 ms", "p90 ms", "p99 ms", "max ms", "nodes p50", "cut off"
    );
    let muschik_after = |cards: u32| {
        move |seed| {
            position::<Muschik>("muschik", json!({}), seed, |g| {
                g.phase() == "play" && g.hand(g.to_move().unwrap_or(0)).len() <= cards
            })
        }
    };
    run(
        "muschik, first card of the play",
        count,
        &budget,
        muschik_after(5),
    );
    run(
        "muschik, after two tricks",
        count,
        &budget,
        muschik_after(3),
    );
    let endgame = |cards: u32| {
        move |seed| {
            position::<Mustamaija>("standard", json!({ "num_players": 2 }), seed, |g| {
                g.state_json(None)["talon"] == json!([])
                    && g.exact_applies().is_ok()
                    && cards_in_hands(g) <= cards
            })
        }
    };
    run(
        "mustamaija, talon empty, <= 20",
        count,
        &budget,
        endgame(20),
    );
    run(
        "mustamaija, talon empty, <= 12",
        count,
        &budget,
        endgame(12),
    );
    let mu_at = |cards: u32| {
        move |seed| {
            position::<Mu>("mu4", json!({}), seed, |g| {
                g.phase() == "play" && g.hand(g.to_move().unwrap_or(0)).len() <= cards
            })
        }
    };
    run("mu4, first lead", count, &budget, mu_at(15));
    run("mu4, the mover holds 8 cards", count, &budget, mu_at(8));
}
