//! The exact search against DDS on the oracle deals (`tests/data/dds-bridge-100.json`): for
//! every strain and declarer of every deal, the declarer's tricks and every opening lead's
//! value must be exact and equal to DDS's (no budget: a value left as bounds fails).
//!
//! All 100 deals are checked with each lead's search starting from DDS's value
//! ([`Start::FromDds`]: every value is still proved by two null-window searches at least);
//! the deals of [`BLIND_DEALS`] are also checked as any analysis runs, from nothing. The
//! 2,000 contracts are shared by two threads, one contract at a time; `cargo run --release
//! --bin dds_check -- 0 100 3600000 2 tests/data/dds-bridge-100.json dds` prints the same
//! check with its times.
//!
//! The quick tier (`QUICK=1`, [`crate::tiers`]) checks the first [`QUICK_DEALS`] deals and
//! the first blind deal, and says so on stderr; the full tier, every deal.

use crate::cancel::Cancel;
use crate::games::bridge::oracle::{check_deals, load, DealCheck, Start, DEFAULT_PATH};
use crate::search::Budget;
use crate::tiers;
use std::time::Duration;

/// The oracle deals also checked blind (indices into the file).
const BLIND_DEALS: [usize; 2] = [1, 3];

/// The oracle deals the quick tier checks from DDS's values (the first ones of the file).
const QUICK_DEALS: usize = 3;

const UNLIMITED: Budget = Budget {
    nodes: u64::MAX,
    time: Duration::from_secs(3600),
    cancel: Cancel::NEVER,
};

fn disagreements(checks: Vec<DealCheck>) -> Vec<String> {
    let mut wrong = Vec::new();
    for check in checks {
        assert_eq!(check.times.len(), 20, "every strain and declarer");
        wrong.extend(check.mismatches);
        wrong.extend(check.unresolved);
    }
    wrong
}

fn assert_agree(wrong: &[String]) {
    assert!(
        wrong.is_empty(),
        "{} values differ from DDS: {:#?}",
        wrong.len(),
        &wrong[..wrong.len().min(20)]
    );
}

#[test]
fn every_trick_count_and_opening_lead_value_of_the_hundred_oracle_deals_equals_dds() {
    let deals = load(DEFAULT_PATH).expect("the oracle file");
    assert_eq!(deals.len(), 100);
    let checked = tiers::cases(
        "the DDS agreement",
        deals.len(),
        QUICK_DEALS,
        "oracle deals",
    );
    let all: Vec<_> = deals[..checked].iter().collect();
    assert_agree(&disagreements(check_deals(
        &all,
        UNLIMITED,
        2,
        Start::FromDds,
    )));
}

#[test]
fn blind_analysis_of_oracle_deals_equals_dds() {
    let deals = load(DEFAULT_PATH).expect("the oracle file");
    let checked = tiers::cases(
        "the blind DDS agreement",
        BLIND_DEALS.len(),
        1,
        "oracle deals",
    );
    let chosen: Vec<_> = BLIND_DEALS[..checked].iter().map(|&i| &deals[i]).collect();
    assert_agree(&disagreements(check_deals(
        &chosen,
        UNLIMITED,
        2,
        Start::Blind,
    )));
}
