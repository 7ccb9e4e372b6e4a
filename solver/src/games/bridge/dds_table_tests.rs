//! The whole-deal table against DDS on oracle deals (`tests/data/dds-bridge-100.json`): every
//! one of the 20 results (5 strains x 4 declarers) exact and equal to DDS's `tricks`. The
//! quick tier (`QUICK=1`, [`crate::tiers`]) checks the first deal only, and says so.

use crate::cancel::Cancel;
use crate::game::Game;
use crate::games::bridge::config::{strain_name, SEAT_LETTERS};
use crate::games::bridge::oracle::{load, opening_lead, DEFAULT_PATH};
use crate::games::bridge::table::{deal_table, STRAINS};
use crate::search::Budget;
use crate::tiers;
use std::time::Duration;

/// The oracle deals checked (indices into the file).
const DEALS: [usize; 3] = [0, 5, 9];

#[test]
fn deal_tables_equal_dds() {
    let deals = load(DEFAULT_PATH).expect("the oracle file");
    let budget = Budget {
        nodes: u64::MAX,
        time: Duration::from_secs(3600),
        cancel: Cancel::NEVER,
    };
    let checked = tiers::cases(
        "the deal tables against DDS",
        DEALS.len(),
        1,
        "oracle deals",
    );
    for &index in &DEALS[..checked] {
        let deal = &deals[index];
        let lead = opening_lead(deal, "NT", 0).expect("an oracle deal");
        let table = deal_table([0, 1, 2, 3].map(|seat| lead.hand(seat)), budget.clone());
        for (row, &trump) in table.tricks.iter().zip(&STRAINS) {
            let strain = strain_name(trump);
            for (seat, tricks) in row.iter().enumerate() {
                let letter = SEAT_LETTERS[seat].to_string();
                let dds = deal["tricks"][&strain][&letter].as_u64();
                let ours = (tricks.low == tricks.high).then_some(u64::from(tricks.low));
                assert_eq!(ours, dds, "deal {index}, {strain} by {letter}");
            }
        }
    }
}
