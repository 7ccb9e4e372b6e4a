//! The exact search against DDS on the oracle deals (`tests/data/dds-bridge-100.json`): for
//! every strain and declarer of each deal checked, the declarer's tricks and every opening
//! lead's value must be exact and equal to DDS's (no budget: a value left as bounds fails).
//!
//! CI runs the deals of [`DEALS_IN_CI`], on two threads: as many as fit in about three
//! minutes on CI's two cores (deal 0 alone takes over ten); `cargo run --release --bin
//! dds_check -- 0 100 3600000 2` checks all 100 the same way.

use solver::games::bridge::oracle::{check_deal, load, Start, DEFAULT_PATH};
use solver::search::Budget;
use std::time::Duration;

/// The oracle deals this test checks (indices into the file).
const DEALS_IN_CI: [usize; 2] = [1, 3];

#[test]
fn every_trick_count_and_opening_lead_value_of_the_ci_oracle_deals_equals_dds() {
    let deals = load(DEFAULT_PATH).expect("the oracle file");
    assert_eq!(deals.len(), 100);
    let unlimited = Budget {
        nodes: u64::MAX,
        time: Duration::from_secs(3600),
    };
    let mut wrong = Vec::new();
    for deal in DEALS_IN_CI.map(|i| &deals[i]) {
        let check = check_deal(deal, unlimited, 2, Start::Blind);
        assert_eq!(check.times.len(), 20, "every strain and declarer");
        wrong.extend(check.mismatches);
        wrong.extend(check.unresolved);
    }
    assert!(
        wrong.is_empty(),
        "{} values differ from DDS: {:#?}",
        wrong.len(),
        &wrong[..wrong.len().min(20)]
    );
}
