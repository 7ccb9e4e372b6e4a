//! `cargo run --release --bin bench_exact -- [positions] [cards_left] [budget_ms] [nodes]
//! [variant ...]`: the exact search on seeded Marjapussi-family positions (every legal move
//! scored; of the variants named, else of every variant), reporting p50, p90,
//! p99 and max of the time per position, the nodes, how many ran out of budget, and the share
//! of cut-offs the first move searched made (move ordering's quality), with the node total
//! and a checksum of the values (the sum of every root move's value over the positions
//! solved): speed work leaves the checksum equal. `BENCH_DETAIL=1` prints each position's
//! node count, to compare two runs position by position.

use solver::api::Rules;
use solver::bench::percentile;
use solver::game::Game;
use solver::games::marjapussi::config::Variant;
use solver::games::marjapussi::{Marjapussi, Phase};
use solver::problems::{Fields, Problems};
use solver::rng::Rng;
use solver::search::{analyze, Budget, Cutoffs};
use std::time::Duration;

/// A seeded hand played at random until the leader of a trick holds `left` cards.
fn position(variant: &str, seed: u64, left: u32) -> Option<Marjapussi> {
    let mut problems = Problems::default();
    let cfg = <Marjapussi as Rules>::config(Some(variant), None, "", &mut problems)?;
    let setup = serde_json::json!({});
    let mut fields = Fields::of(&setup, "", &mut problems);
    let mut g = Marjapussi::deal(&cfg, seed, &mut fields, &mut problems)?;
    let mut rng = Rng::seeded(seed);
    let mut moves = Vec::new();
    while let Some(seat) = g.to_move() {
        let leading = g.phase_now() == Phase::Play
            && g.state_json(None)["trick"]["cards"] == serde_json::json!([]);
        if leading && g.hand(seat).len() <= left {
            return Some(g);
        }
        g.legal_moves(&mut moves);
        g.play_unchecked(moves[rng.below(moves.len())]);
    }
    None
}

fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<u64> = words.iter().filter_map(|a| a.parse().ok()).collect();
    let named: Vec<&str> = Variant::NAMES
        .iter()
        .copied()
        .filter(|v| words.iter().any(|w| w == v))
        .collect();
    let variants = if named.is_empty() {
        Variant::NAMES.to_vec()
    } else {
        named
    };
    let count = args.first().copied().unwrap_or(200);
    let left = args.get(1).copied().unwrap_or(5) as u32;
    let budget = Budget {
        time: Duration::from_millis(args.get(2).copied().unwrap_or(2000)),
        nodes: args.get(3).copied().unwrap_or(Budget::default().nodes),
        ..Budget::default()
    };
    println!("exact search, {count} seeded positions per variant, leader holds {left} cards, budget {:?}", budget.time);
    println!(
        "{:<14} {:>9} {:>9} {:>9} {:>9} {:>12} {:>10} {:>9} {:>9} {:>12} {:>10}",
        "variant",
        "p50 ms",
        "p90 ms",
        "p99 ms",
        "max ms",
        "nodes p50",
        "searches",
        "cut off",
        "1st cut",
        "nodes",
        "checksum"
    );
    let detail = std::env::var_os("BENCH_DETAIL").is_some();
    for variant in variants {
        let mut times = Vec::new();
        let mut nodes = Vec::new();
        let mut researches = Vec::new();
        let mut cut = 0;
        let mut cutoffs = Cutoffs::default();
        let (mut total_nodes, mut checksum) = (0u64, 0i64);
        for seed in 0..count {
            let Some(g) = position(variant, seed, left) else {
                continue;
            };
            let a = analyze(&g, None, budget.clone());
            if detail {
                println!("{variant} seed {seed} nodes {}", a.nodes);
            }
            times.push(a.elapsed.as_secs_f64() * 1e3);
            nodes.push(a.nodes as f64);
            researches.push(f64::from(a.researches));
            cut += usize::from(!a.complete);
            total_nodes += a.nodes;
            if a.complete {
                checksum += a.moves.iter().map(|m| i64::from(m.low)).sum::<i64>();
            }
            cutoffs.all += a.cutoffs.all;
            cutoffs.by_first_move += a.cutoffs.by_first_move;
        }
        times.sort_by(f64::total_cmp);
        nodes.sort_by(f64::total_cmp);
        researches.sort_by(f64::total_cmp);
        println!(
            "{:<14} {:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>12.0} {:>10.0} {:>9} {:>8.1}% {:>12} {:>10}",
            variant,
            percentile(&times, 0.5),
            percentile(&times, 0.9),
            percentile(&times, 0.99),
            times.last().copied().unwrap_or(0.0),
            percentile(&nodes, 0.5),
            percentile(&researches, 0.5),
            cut,
            100.0 * cutoffs.first_move_rate(),
            total_nodes,
            checksum
        );
    }
}
