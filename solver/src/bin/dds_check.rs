//! `cargo run --release --bin dds_check -- [first] [count] [budget_ms] [threads] [file] [dds]`:
//! checks the exact search against DDS on the oracle deals `first..first+count` (default all
//! 100 of the repository's file): every strain and declarer's tricks and every opening lead's
//! value, each contract's search bounded by `budget_ms` (default 10 s; no node limit), the
//! contracts shared among `threads` (default 1). Prints each mismatch (a DDS value outside our
//! bounds) and, counted apart, each value the budget left unresolved, the time per contract
//! and the totals; exits 1 unless every value is exact and equal to DDS's. With `dds` last,
//! each lead's search starts from DDS's value ([`Start::FromDds`]).

use solver::cancel::Cancel;
use solver::games::bridge::oracle::{check_deals, load, Start, DEFAULT_PATH};
use solver::search::Budget;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let first: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(0);
    let count: usize = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let budget = Budget {
        time: Duration::from_millis(args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10_000)),
        nodes: u64::MAX,
        cancel: Cancel::NEVER,
    };
    let threads: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let path = args.get(4).map_or(DEFAULT_PATH, String::as_str);
    let start_from = match args.get(5).map(String::as_str) {
        Some("dds") => Start::FromDds,
        _ => Start::Blind,
    };
    let deals = load(path).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    let start = Instant::now();
    let chosen: Vec<&serde_json::Value> = deals.iter().skip(first).take(count).collect();
    let checks = check_deals(&chosen, budget, threads, start_from);
    let mut mismatches = 0;
    let mut unresolved = 0;
    for (deal, check) in chosen.iter().zip(&checks) {
        for m in &check.mismatches {
            println!("MISMATCH {m}");
        }
        mismatches += check.mismatches.len();
        unresolved += check.unresolved.len();
        let per_contract: Vec<String> = check
            .times
            .iter()
            .map(|d| format!("{:.0}", d.as_secs_f64() * 1e3))
            .collect();
        let total: Duration = check.times.iter().sum();
        println!(
            "deal {:>3}: 20 contracts in {:>8.1} ms, {} mismatches, {} unresolved; ms per contract (S H D C NT x N E S W): {}",
            deal["index"],
            total.as_secs_f64() * 1e3,
            check.mismatches.len(),
            check.unresolved.len(),
            per_contract.join(" ")
        );
    }
    let mut times: Vec<f64> = checks
        .iter()
        .flat_map(|c| c.times.iter().map(|d| d.as_secs_f64() * 1e3))
        .collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    if !times.is_empty() {
        println!(
            "ms per contract: p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}",
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0)
        );
    }
    println!(
        "{} deals, {} contracts, {mismatches} mismatches, {unresolved} values unresolved at the budget, {:.1} s on {threads} threads",
        chosen.len(),
        chosen.len() * 20,
        start.elapsed().as_secs_f64()
    );
    if mismatches + unresolved > 0 {
        std::process::exit(1);
    }
}
