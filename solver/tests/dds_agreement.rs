//! The exact search against DDS on the 100 oracle deals (`tests/data/dds-bridge-100.json`):
//! for every deal, strain and declarer, the declarer's tricks and every opening lead's value.
//!
//! Each contract's search here has a node budget, so that the test fits in CI; every value
//! must be exact and equal to DDS's, or, where the budget left it open, DDS's value must lie
//! within our bounds. `cargo run --release --bin dds_check` runs the full check without that
//! allowance (see the README for how long it takes).

use solver::games::bridge::oracle::{check_deal, load, DEFAULT_PATH};
use solver::search::Budget;
use std::time::Duration;

#[test]
fn every_oracle_value_lies_within_our_bounds_and_exact_values_equal_dds() {
    let deals = load(DEFAULT_PATH).expect("the oracle file");
    assert_eq!(deals.len(), 100);
    let budget = Budget {
        nodes: 20_000,
        time: Duration::from_secs(5),
    };
    let (mut mismatches, mut values, mut unresolved) = (Vec::new(), 0, 0);
    for deal in &deals {
        let check = check_deal(deal, budget);
        assert_eq!(check.times.len(), 20, "every strain and declarer");
        values += 20 * 14;
        unresolved += check.unresolved.len();
        mismatches.extend(check.mismatches);
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches: {:#?}",
        mismatches.len(),
        &mismatches[..mismatches.len().min(20)]
    );
    println!("{values} oracle values, {unresolved} left as bounds by the node budget");
}
