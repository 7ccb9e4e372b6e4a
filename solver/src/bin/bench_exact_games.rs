//! `cargo run --release --bin bench_exact_games -- [positions] [budget_ms] [nodes] [game...]`:
//! the exact search on seeded positions of Muschik, Mustamaija and Mü (every legal move
//! scored, within the time and the node budget: the node budget alone makes which positions
//! are solved the same on a busy machine), reporting p50, p90, p99 and max of the time per position, the median node count, how many ran out of
//! budget, the share of cut-offs the first move searched made (move ordering's quality), the
//! node total and a checksum of the values (the sum of every root move's value over the
//! positions solved, with their count): speed work leaves it equal where the same positions
//! are solved. Words that are not numbers pick the rows whose label starts with one of them
//! (`mustamaija` runs only its rows). `BENCH_DETAIL=1` prints a line per position (seed, nodes,
//! whether solved, the sum of its root moves' values, the root moves and the null-window
//! searches that pinned them) to compare two runs position by position.
//!
//! Positions: Muschik (5 players) at the first card of the play and after two tricks; Mustamaija
//! (2 players, `standard`) once the talon is empty with at most 20 and at most 12 cards in hands;
//! Mü (`mu3`, `mu4`, `mu5`) at the chief's first lead and once the seat to move holds 8 cards;
//! picked by name only (`mu4 curve`), `mu4` once the mover holds 10 and 12 cards.

use serde_json::{json, Value};
use solver::api::Rules;
use solver::bench::percentile;
use solver::game::Game;
use solver::games::seeded::random_until;
use solver::games::{mu::Mu, muschik::Muschik, mustamaija::Mustamaija};
use solver::search::{analyze, Budget, Cutoffs, Searchable};
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

/// What to run: how many positions per row, the budget of each, and the labels' starts that
/// pick rows (every row when empty).
struct Plan {
    count: usize,
    budget: Budget,
    rows: Vec<String>,
    detail: bool,
}

/// What a row's positions add up to: node total, solved positions and their values' sum.
#[derive(Default)]
struct Totals {
    nodes: u64,
    solved: usize,
    checksum: i64,
}

/// Analyses `plan.count` positions (seeds from 1 on, skipping deals that never reach one),
/// if the plan picks `label`.
fn run<G: Rules + Searchable>(plan: &Plan, label: &str, make: impl Fn(u64) -> Option<G>) {
    if !plan.rows.is_empty() && !plan.rows.iter().any(|r| label.starts_with(r.as_str())) {
        return;
    }
    let (count, budget) = (plan.count, &plan.budget);
    let (mut times, mut nodes, mut cut) = (Vec::new(), Vec::new(), 0);
    let mut cutoffs = Cutoffs::default();
    let mut totals = Totals::default();
    let mut seed = 0;
    while times.len() < count && seed < 100 * count as u64 {
        seed += 1;
        let Some(g) = make(seed) else { continue };
        let a = analyze(&g, None, budget.clone());
        times.push(a.elapsed.as_secs_f64() * 1e3);
        nodes.push(a.nodes as f64);
        cut += usize::from(!a.complete);
        cutoffs.all += a.cutoffs.all;
        cutoffs.by_first_move += a.cutoffs.by_first_move;
        let values: i64 = a.moves.iter().map(|m| i64::from(m.low)).sum();
        if plan.detail {
            println!(
                "  {label} seed {seed} nodes {} solved {} values {values} ms {:.1} moves {} searches {}",
                a.nodes,
                a.complete,
                a.elapsed.as_secs_f64() * 1e3,
                a.moves.len(),
                a.researches
            );
        }
        totals.nodes += a.nodes;
        if a.complete {
            totals.solved += 1;
            totals.checksum += values;
        }
    }
    if times.is_empty() {
        println!("{label:<34} no positions");
        return;
    }
    times.sort_by(f64::total_cmp);
    nodes.sort_by(f64::total_cmp);
    println!(
        "{label:<34} {:>6} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>11.0} {:>7} {:>7.1}% {:>12} {:>5} {:>8}",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        times.last().copied().unwrap_or(0.0),
        percentile(&nodes, 0.5),
        cut,
        100.0 * cutoffs.first_move_rate(),
        totals.nodes,
        totals.solved,
        totals.checksum
    );
}

fn cards_in_hands<G: Game>(g: &G) -> u32 {
    (0..g.seats()).map(|s| g.hand(s).len()).sum()
}

fn main() {
    let (numbers, rows): (Vec<String>, Vec<String>) = std::env::args()
        .skip(1)
        .partition(|a| a.parse::<u64>().is_ok());
    let args: Vec<u64> = numbers.iter().filter_map(|a| a.parse().ok()).collect();
    let plan = Plan {
        count: args.first().copied().unwrap_or(200) as usize,
        budget: Budget {
            time: Duration::from_millis(args.get(1).copied().unwrap_or(5000)),
            nodes: args.get(2).copied().unwrap_or(Budget::default().nodes),
            ..Budget::default()
        },
        rows,
        detail: std::env::var("BENCH_DETAIL").is_ok_and(|v| v == "1"),
    };
    println!(
        "exact search, {} seeded positions each, budget {:?} and {} nodes",
        plan.count, plan.budget.time, plan.budget.nodes
    );
    println!(
        "{:<34} {:>6} {:>9} {:>9} {:>9} {:>9} {:>11} {:>7} {:>8} {:>12} {:>5} {:>8}",
        "position",
        "count",
        "p50 ms",
        "p90 ms",
        "p99 ms",
        "max ms",
        "nodes p50",
        "cut off",
        "1st cut",
        "nodes",
        "solved",
        "checksum"
    );
    let muschik_after = |cards: u32| {
        move |seed| {
            position::<Muschik>("muschik", json!({}), seed, |g| {
                g.phase() == "play" && g.hand(g.to_move().unwrap_or(0)).len() <= cards
            })
        }
    };
    run(&plan, "muschik, first card of the play", muschik_after(5));
    run(&plan, "muschik, after two tricks", muschik_after(3));
    let endgame = |cards: u32| {
        move |seed| {
            position::<Mustamaija>("standard", json!({ "num_players": 2 }), seed, |g| {
                g.state_json(None)["talon"] == json!([])
                    && g.exact_applies().is_ok()
                    && cards_in_hands(g) <= cards
            })
        }
    };
    run(&plan, "mustamaija, talon empty, <= 20", endgame(20));
    run(&plan, "mustamaija, talon empty, <= 12", endgame(12));
    let mu_at = |variant: &'static str, cards: u32| {
        move |seed| {
            position::<Mu>(variant, json!({}), seed, |g| {
                g.phase() == "play" && g.hand(g.to_move().unwrap_or(0)).len() <= cards
            })
        }
    };
    for (variant, hand) in [("mu3", 12), ("mu4", 15), ("mu5", 12)] {
        run(
            &plan,
            &format!("{variant}, first lead"),
            mu_at(variant, hand),
        );
        run(
            &plan,
            &format!("{variant}, the mover holds 8 cards"),
            mu_at(variant, 8),
        );
    }
    // The curve between, for the chief's first lead with 4 players: picked by name only.
    if !plan.rows.is_empty() {
        for cards in [10, 12] {
            run(
                &plan,
                &format!("mu4 curve, the mover holds {cards} cards"),
                mu_at("mu4", cards),
            );
        }
    }
}
