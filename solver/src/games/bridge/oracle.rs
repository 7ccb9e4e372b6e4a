//! The DDS oracle (`tests/data/dds-bridge-100.json`, format `peers-dds-oracle/1`): per deal,
//! DDS's tricks for every strain and declarer and the value of every opening lead. This module
//! reads it and checks the exact search against it; the agreement test, `dds_check` and
//! `bench_bridge` share it.

use super::config::{parse_strain, Config, SEAT_LETTERS};
use super::json::card_name;
use super::{pbn, Bridge, TRICKS};
use crate::search::{analyze, analyze_guided, Analysis, Budget};
use serde_json::Value;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The strains in the oracle's order.
pub const STRAINS: [&str; 5] = ["S", "H", "D", "C", "NT"];

/// The oracle file in the repository.
pub const DEFAULT_PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/dds-bridge-100.json"
);

/// The deals of an oracle file.
pub fn load(path: &str) -> Result<Vec<Value>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let file: Value = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    match file["deals"].as_array() {
        Some(deals) => Ok(deals.clone()),
        None => Err(format!("{path}: no 'deals' array")),
    }
}

/// The opening-lead position of `deal` with `strain` and `declarer`.
pub fn opening_lead(deal: &Value, strain: &str, declarer: u8) -> Result<Bridge, String> {
    let text = deal["pbn"].as_str().ok_or("a deal without 'pbn'")?;
    let hands = pbn::parse(text)?;
    let trump = parse_strain(strain).ok_or_else(|| format!("strain '{strain}'"))?;
    Ok(Bridge::new_deal(Config { trump, declarer }, hands))
}

/// What checking one deal found.
#[derive(Debug, Default)]
pub struct DealCheck {
    /// Every contradiction of DDS, in words: a DDS value outside our bounds, or a lead missing.
    pub mismatches: Vec<String>,
    /// Values the budget left as bounds (containing DDS's value), in words.
    pub unresolved: Vec<String>,
    /// The time to score every opening lead, per strain and declarer.
    pub times: Vec<Duration>,
    pub nodes: Vec<u64>,
}

/// How the search starts on each opening lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// As any analysis: each lead's value is found from nothing.
    Blind,
    /// DDS's value of the lead is the search's first guess: a right value is confirmed by
    /// two null-window searches (at least it, not more), a wrong one is found as blind. Every
    /// value is still proved by the search.
    FromDds,
}

/// Scores every opening lead of every strain and declarer of each of `deals` and compares
/// the tricks and each lead's value with the oracle's: one check per deal, in order. The
/// deals' contracts (20 each) are taken one at a time by `threads` workers.
pub fn check_deals(
    deals: &[&Value],
    budget: Budget,
    threads: usize,
    start: Start,
) -> Vec<DealCheck> {
    let contracts: Vec<(usize, &str, u8)> = (0..deals.len())
        .flat_map(|d| {
            STRAINS
                .iter()
                .flat_map(move |&strain| (0..4u8).map(move |declarer| (d, strain, declarer)))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let threads = threads.clamp(1, contracts.len().max(1));
    let mut done: Vec<(usize, DealCheck)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let (contracts, next, budget) = (&contracts, &next, &budget);
                scope.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(d, strain, declarer)) = contracts.get(i) else {
                            return done;
                        };
                        let check =
                            check_contract(deals[d], (strain, declarer), budget.clone(), start);
                        done.push((i, check));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a checking thread"))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    let mut checks: Vec<DealCheck> = deals.iter().map(|_| DealCheck::default()).collect();
    for (i, part) in done {
        let check = &mut checks[contracts[i].0];
        check.mismatches.extend(part.mismatches);
        check.unresolved.extend(part.unresolved);
        check.times.extend(part.times);
        check.nodes.extend(part.nodes);
    }
    checks
}

/// [`check_deals`] for one strain and declarer of one deal.
fn check_contract(
    deal: &Value,
    (strain, declarer): (&str, u8),
    budget: Budget,
    start: Start,
) -> DealCheck {
    let mut check = DealCheck::default();
    let what = format!(
        "deal {} {strain} by {}",
        deal["index"], SEAT_LETTERS[declarer as usize]
    );
    match opening_lead(deal, strain, declarer) {
        Ok(state) => {
            let analysis = match start {
                Start::Blind => analyze(&state, None, budget),
                Start::FromDds => {
                    let leads = dds_leads(deal, strain, declarer);
                    analyze_guided(&state, None, budget, |card| {
                        leads[&card_name(card)].as_i64().map(|v| v as i32)
                    })
                }
            };
            check.times.push(analysis.elapsed);
            check.nodes.push(analysis.nodes);
            compare(deal, strain, declarer, &analysis, &what, &mut check);
        }
        Err(why) => check.mismatches.push(format!("{what}: {why}")),
    }
    check
}

/// DDS's value of each opening lead of `strain` with `declarer`, by card name.
fn dds_leads<'a>(deal: &'a Value, strain: &str, declarer: u8) -> &'a Value {
    let leader = SEAT_LETTERS[(declarer as usize + 1) % 4].to_string();
    &deal["leads"][strain][&leader]
}

fn compare(
    deal: &Value,
    strain: &str,
    declarer: u8,
    analysis: &Analysis<crate::cards::Card>,
    what: &str,
    check: &mut DealCheck,
) {
    let leads = dds_leads(deal, strain, declarer);
    let declarer_letter = SEAT_LETTERS[declarer as usize].to_string();
    let expected_tricks = deal["tricks"][strain][&declarer_letter]
        .as_i64()
        .unwrap_or(-1) as i32;
    let best_high = analysis.moves.iter().map(|m| m.high).max().unwrap_or(0);
    let (fewest, most) = (
        i32::from(TRICKS) - best_high,
        i32::from(TRICKS) - analysis.value,
    );
    if !(fewest..=most).contains(&expected_tricks) {
        check.mismatches.push(format!(
            "{what}: declarer's tricks {fewest}..={most}, DDS {expected_tricks}"
        ));
    } else if fewest != most {
        check.unresolved.push(format!(
            "{what}: declarer's tricks {fewest}..={most}, DDS {expected_tricks}"
        ));
    }
    let listed = leads.as_object().map_or(0, |m| m.len());
    if listed != analysis.moves.len() {
        check.mismatches.push(format!(
            "{what}: {} leads, DDS lists {listed}",
            analysis.moves.len()
        ));
    }
    for scored in &analysis.moves {
        let card = card_name(scored.mv);
        let dds = leads[&card].as_i64().unwrap_or(-1) as i32;
        let line = format!(
            "{what} lead {card}: {}..={}, DDS {dds}",
            scored.low, scored.high
        );
        if !(scored.low..=scored.high).contains(&dds) {
            check.mismatches.push(line);
        } else if !scored.is_exact() {
            check.unresolved.push(line);
        }
    }
}
