//! The whole-deal table, as DDS's `CalcDDtable`: the declarer's tricks for every strain and
//! declarer of one deal (20 results), by the exact search, and its answer to
//! `POST /v1/bridge/analyze` with `"table": true`.
//!
//! Each result is one search of the opening lead's value (the leads are not scored one by
//! one: DDS's `solutions=1`): the defenders' tricks, and the declarer's are the rest of the
//! 13. Within a strain the four opening-lead positions differ only in who leads, so one
//! searcher of North-South's tricks ([`RootValues`]) searches all four under one contract
//! (the declarer is not part of the play), each search reading every table entry the
//! earlier ones proved: from the second trick on they meet the same positions. Partners
//! lead one after the other, and each search starts from a guess: the tricks the partner's
//! lead gave the side, else the 13 less those the other side's lead gave it.

use super::config::{strain_name, Config, SEAT_LETTERS};
use super::{Bridge, TRICKS};
use crate::analysis::table_budget;
use crate::api::{position_request, ApiError, ApiResult};
use crate::cancel::Cancel;
use crate::cards::CardSet;
use crate::problems::Problems;
use crate::search::{Budget, RootValues};
use crate::suited::Suit;
use serde_json::{json, Map, Value};
use std::time::{Duration, Instant};

/// The strains in DDS's table order: spades, hearts, diamonds, clubs, no trump.
pub const STRAINS: [Option<Suit>; 5] = [
    Some(Suit::Spades),
    Some(Suit::Hearts),
    Some(Suit::Diamonds),
    Some(Suit::Clubs),
    None,
];

/// The opening leaders of a strain in the order searched: partners one after the other,
/// since their leads most often give their side the same tricks.
const LEADERS: [u8; 4] = [0, 2, 1, 3];

/// The declarer's tricks for one strain and declarer: exact when `low == high`, else the
/// budget ran out and the tricks lie in `low..=high`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tricks {
    pub low: u8,
    pub high: u8,
}

/// The 20 results of a deal: `tricks[strain][declarer]`, strains in [`STRAINS`] order and
/// declarers by seat (0 North .. 3 West).
#[derive(Clone, Debug, Default)]
pub struct DealTable {
    pub tricks: [[Tricks; 4]; 5],
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The table of the deal `hands` (13 cards each), within `budget` for the whole table.
pub fn deal_table(hands: [CardSet; 4], budget: Budget) -> DealTable {
    let start = Instant::now();
    let mut table = DealTable::default();
    for (row, &trump) in table.tricks.iter_mut().zip(&STRAINS) {
        let left = Budget {
            nodes: budget.nodes.saturating_sub(table.nodes),
            time: budget.time.saturating_sub(start.elapsed()),
            cancel: budget.cancel.clone(),
        };
        // North-South's tricks, whoever leads: one searcher's tables serve the four leads.
        let mut searches = RootValues::new(0, &left);
        // The tricks each side took on its own leads so far: the guess for the next lead.
        let mut side_tricks: [Option<i32>; 2] = [None; 2];
        for leader in LEADERS {
            let side = usize::from(leader % 2);
            let guess = side_tricks[side]
                .or_else(|| side_tricks[1 - side].map(|theirs| i32::from(TRICKS) - theirs));
            let north_south = searches.value(
                &opening_lead(hands, trump, leader),
                guess.map(|tricks| of_side(side, tricks)),
            );
            table.nodes += north_south.nodes;
            // The defenders' (the leader's side's) tricks lie between these two.
            let [fewest, most] = if side == 0 {
                [north_south.low, north_south.high]
            } else {
                [north_south.high, north_south.low].map(|ns| of_side(side, ns))
            };
            side_tricks[side] = Some(fewest);
            // The declarer is the leader's right-hand opponent.
            row[(leader as usize + 3) % 4] = Tricks {
                low: declarer_tricks(most),
                high: declarer_tricks(fewest),
            };
        }
    }
    table.elapsed = start.elapsed();
    table
}

/// `side`'s tricks when North-South take `north_south`, or the other way round.
fn of_side(side: usize, north_south: i32) -> i32 {
    if side == 0 {
        north_south
    } else {
        i32::from(TRICKS) - north_south
    }
}

/// The opening lead of `leader`; every leader of a strain gets the same contract, so that the
/// searches' table entries serve each other.
fn opening_lead(hands: [CardSet; 4], trump: Option<Suit>, leader: u8) -> Bridge {
    let mut lead = Bridge::new_deal(Config { trump, declarer: 0 }, hands);
    lead.leader = leader;
    lead
}

/// The declarer's tricks when the defenders take `defence`.
fn declarer_tricks(defence: i32) -> u8 {
    TRICKS - defence.clamp(0, i32::from(TRICKS)) as u8
}

/// Whether an `analyze` request asks for the table (it has a `table` field).
pub fn asked(body: &Value) -> bool {
    body.get("table").is_some()
}

/// `POST /v1/bridge/analyze` with `"table": true`: `{position, table, method, budget}`, the
/// position one before the opening lead (its contract does not matter) → the table; the
/// searches stop early, as out of time, once `cancel` is set.
pub fn answer(body: &Value, cancel: &Cancel) -> ApiResult {
    let (position, extra) = position_request::<Bridge>(body, &["table", "method", "budget"])?;
    let mut problems = Problems::default();
    if extra[0] != Some(&Value::Bool(true)) {
        problems.push("table", "expected true (leave it out to score the moves)");
    }
    if !matches!(
        extra[1].and_then(Value::as_str),
        None | Some("exact" | "auto")
    ) {
        problems.push(
            "method",
            "a table is solved by the exact search: exact or auto",
        );
    }
    let budget = Budget {
        cancel: cancel.clone(),
        ..table_budget(extra[2], &mut problems)
    };
    let state = position.state;
    if state.dummy_shown() || state.hands.iter().any(|h| h.len() != u32::from(TRICKS)) {
        problems.push(
            "position",
            "a table is of a whole deal: give the position before the opening lead",
        );
    }
    if !problems.is_empty() {
        return Err(ApiError::from(problems));
    }
    Ok(table_json(&deal_table(state.hands, budget)))
}

/// The answer: `tricks[strain][declarer]`, the declarer's tricks (the fewest proved where the
/// budget ran out, each such result also in `bounds`).
fn table_json(table: &DealTable) -> Value {
    let mut tricks = Map::new();
    let mut bounds = Vec::new();
    for (row, &trump) in table.tricks.iter().zip(&STRAINS) {
        let strain = strain_name(trump);
        let mut by_declarer = Map::new();
        for (seat, cell) in row.iter().enumerate() {
            let declarer = SEAT_LETTERS[seat].to_string();
            by_declarer.insert(declarer.clone(), json!(cell.low));
            if cell.low != cell.high {
                bounds.push(json!({"strain": strain, "declarer": declarer, "low": cell.low, "high": cell.high}));
            }
        }
        tricks.insert(strain, Value::Object(by_declarer));
    }
    json!({
        "method": "exact",
        "unit": "tricks",
        "tricks": tricks,
        "exact": bounds.is_empty(),
        "bounds": bounds,
        "stats": {
            "nodes": table.nodes,
            "time_ms": table.elapsed.as_secs_f64() * 1e3,
            "solves": 20,
        },
        "engine_version": crate::ENGINE_VERSION,
    })
}
