//! The test tiers. `cargo test` is the full tier: every check of every test. With `QUICK=1`
//! in the environment (`scripts/test --quick` sets it) it is the quick tier: the longest tests
//! (the DDS agreement, the agreement with plain minimax) check a fixed sample of their cases
//! instead of all of them, the same sample every run, and each says so on stderr, passing or
//! not, so a quick run never reads as a full one. Any other value of `QUICK`, or none, is the
//! full tier.

use std::io::Write;

/// The environment variable that asks for the quick tier.
pub const QUICK_VAR: &str = "QUICK";

/// Whether this run is the quick tier (`QUICK=1`).
pub fn quick() -> bool {
    std::env::var(QUICK_VAR).is_ok_and(|v| v == "1")
}

/// How many of a test's `all` cases to check: all of them in the full tier, the first
/// `sample` in the quick tier, where it also prints which test checked fewer and how many.
/// `what` names the cases (`"seeds"`, `"deals"`).
pub fn cases(test: &str, all: usize, sample: usize, what: &str) -> usize {
    if !quick() || sample >= all {
        return all;
    }
    // Straight to the stream, not through `eprintln!`, which the test harness captures and
    // shows only for a failing test.
    let _ = writeln!(
        std::io::stderr(),
        "quick tier: {test} checks {sample} of its {all} {what} ({QUICK_VAR}=1; unset for all)"
    );
    sample
}

/// The least number of a test's cases that must apply (a seed that gives a position to check):
/// `full` in the full tier; in the quick tier, checking `checked` of `all` cases, that share
/// of `full` less a tenth for the sample's spread.
pub fn least(full: usize, checked: usize, all: usize) -> usize {
    if checked >= all {
        full
    } else {
        full * checked / all * 9 / 10
    }
}
