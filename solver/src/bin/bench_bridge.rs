//! `cargo run --release --bin bench_bridge -- [deals] [cards_left] [budget_ms]`: the exact
//! search on the DDS oracle deals, every strain and declarer: p50, p90, p99 and max of the
//! time to score every move, at the opening lead (`cards_left` 13, the default) or, with
//! fewer, at the first trick whose leader holds that many cards after seeded random play; also
//! the nodes of all positions, the time per node, the null-window searches and the share of
//! cut-offs made by the first move searched.

use solver::bench::percentile;
use solver::game::Game;
use solver::games::bridge::oracle::{load, opening_lead, DEFAULT_PATH, STRAINS};
use solver::rng::Rng;
use solver::search::{analyze, Budget, Cutoffs};
use std::time::Duration;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let count = args.first().copied().unwrap_or(100) as usize;
    let left = args.get(1).copied().unwrap_or(13) as u32;
    let budget = Budget {
        time: Duration::from_millis(args.get(2).copied().unwrap_or(10_000)),
        ..Budget::default()
    };
    let deals = load(DEFAULT_PATH).expect("the oracle file");
    let (mut times, mut nodes, mut cut) = (Vec::new(), Vec::new(), 0);
    let (mut cutoffs, mut researches) = (Cutoffs::default(), 0u64);
    let mut moves = Vec::new();
    for (i, deal) in deals.iter().take(count).enumerate() {
        for strain in STRAINS {
            for declarer in 0..4u8 {
                let mut g = opening_lead(deal, strain, declarer).expect("an oracle deal");
                let mut rng = Rng::seeded(i as u64 * 20 + u64::from(declarer));
                while g.tricks_left() > left || g.trick_len() != 0 {
                    g.legal_moves(&mut moves);
                    g.play_unchecked(moves[rng.below(moves.len())]);
                }
                let a = analyze(&g, None, budget.clone());
                times.push(a.elapsed.as_secs_f64() * 1e3);
                nodes.push(a.nodes as f64);
                cut += usize::from(!a.complete);
                cutoffs.all += a.cutoffs.all;
                cutoffs.by_first_move += a.cutoffs.by_first_move;
                researches += u64::from(a.researches);
            }
        }
    }
    let total_nodes: f64 = nodes.iter().sum();
    let ns_per_node = times.iter().sum::<f64>() * 1e6 / total_nodes.max(1.0);
    times.sort_by(f64::total_cmp);
    nodes.sort_by(f64::total_cmp);
    println!(
        "bridge exact search: {} positions ({count} oracle deals x 20 contracts), leader holds {left} cards, every move scored, budget {:?}",
        times.len(),
        budget.time
    );
    println!(
        "p50 {:.2} ms  p90 {:.2} ms  p99 {:.2} ms  max {:.2} ms  nodes p50 {:.0}  out of budget {cut}",
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        times.last().copied().unwrap_or(0.0),
        percentile(&nodes, 0.5),
    );
    println!(
        "nodes in all {total_nodes:.0}  time per node {ns_per_node:.0} ns  null-window searches {researches}  first-move cut-offs {:.1}%",
        100.0 * cutoffs.first_move_rate()
    );
}
