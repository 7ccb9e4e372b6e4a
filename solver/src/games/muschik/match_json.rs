//! The match state as JSON: written after every deal, read back by `/deal` and in positions,
//! with every inconsistency reported at its path.

use super::config::{DOUBLE_START_CHOICES, START_CP};
use super::scoring::{MatchState, MAX_ROUNDS};
use super::MAX_PLAYERS;
use crate::games::wire::padded;
use crate::problems::{field_path, index_path, one_per_seat, Fields, Problems};
use serde_json::{json, Value};

pub(super) fn match_json(m: &MatchState, n: usize) -> Value {
    json!({
        "round": m.round,
        "double_for": m.double_for,
        "start_cp": m.start_cp,
        "cp": m.start_cp.map(|_| &m.cp[..n]),
        "mp": &m.mp[..n],
        "round_winners": m.winners(),
        "double_rounds_owed": m.owed(),
        "sitouts": &m.sitouts[..n],
        "deals": m.deals,
        "over": m.over,
    })
}

/// The per-seat lists of a match as given.
struct SeatLists {
    cp: Option<Vec<i64>>,
    mp: Option<Vec<i64>>,
    winners: Option<Vec<i64>>,
    owed: Option<Vec<i64>>,
    sitouts: Option<Vec<i64>>,
}

/// Reads a match of `n` players; a missing field keeps its value at the start of a match.
pub(super) fn read_match(
    value: Option<&Value>,
    path: &str,
    n: u8,
    problems: &mut Problems,
) -> MatchState {
    let mut m = MatchState::new(n);
    let Some(value) = value else {
        return m;
    };
    let before = problems.0.len();
    let top = n as i64 - 1;
    let mut f = Fields::of(value, path, problems);
    m.round = f
        .bounded("round", 1, 2 * n as i64 - 1, problems)
        .unwrap_or(1) as u8;
    m.double_for = f.seat("double_for", n.into(), problems);
    m.start_cp = f.integer("start_cp", problems).map(|c| c as i32);
    let mut list = |key: &'static str, lo: i64, hi: i64| f.integers(key, lo, hi, problems);
    let lists = SeatLists {
        cp: list("cp", -1_000_000, 1_000_000),
        mp: list("mp", -100_000_000, 100_000_000),
        winners: list("round_winners", 0, top),
        owed: list("double_rounds_owed", 0, top),
        sitouts: list("sitouts", 0, 255),
    };
    m.deals = f
        .bounded("deals", 0, u32::MAX as i64, problems)
        .unwrap_or(0) as u32;
    m.over = f.boolean("over", problems).unwrap_or(false);
    f.finish(problems);
    if problems.0.len() == before {
        check_round(&mut m, n, path, problems);
        set_points(&mut m, &lists, n as usize, path, problems);
        set_rounds(&mut m, lists, n, path, problems);
    }
    m
}

/// A normal round has no `double_for` and starts at [`START_CP`]; a double round has both.
fn check_round(m: &mut MatchState, n: u8, path: &str, problems: &mut Problems) {
    let double = m.round > n;
    if double != m.double_for.is_some() {
        let message = if double {
            format!(
                "round {} is a double round (rounds 1..={n} are normal): it needs 'double_for'",
                m.round
            )
        } else {
            format!(
                "round {} is a normal round and has no 'double_for'",
                m.round
            )
        };
        problems.push(&field_path(path, "double_for"), message);
    }
    let start_at = field_path(path, "start_cp");
    match (m.start_cp, double) {
        (None, false) => m.start_cp = Some(START_CP),
        (Some(c), false) if c != START_CP => problems.push(
            &start_at,
            format!("a normal round starts at {START_CP}, not {c}"),
        ),
        (Some(c), true) if !DOUBLE_START_CHOICES.contains(&c) => problems.push(
            &start_at,
            format!("a double round starts at 15 or 20, not {c}"),
        ),
        _ => {}
    }
}

/// The list at `at` if it has one value per seat of `count`.
fn seat_values<'a>(
    list: &'a Option<Vec<i64>>,
    count: usize,
    at: &str,
    problems: &mut Problems,
) -> Option<&'a [i64]> {
    let list = list.as_ref()?;
    one_per_seat(list, count, "values", at, problems).then_some(list.as_slice())
}

/// Countdown points (set once the round's start is known), match points (zero-sum) and
/// sit-outs.
fn set_points(
    m: &mut MatchState,
    lists: &SeatLists,
    count: usize,
    path: &str,
    problems: &mut Problems,
) {
    let cp_at = field_path(path, "cp");
    match (seat_values(&lists.cp, count, &cp_at, problems), m.start_cp) {
        (Some(values), Some(_)) => {
            for (seat, &c) in values.iter().enumerate() {
                m.cp[seat] = c as i32;
                if c <= 0 && !m.over {
                    problems.push(
                        &index_path(&cp_at, seat),
                        format!("{c} countdown points would have ended the round"),
                    );
                }
            }
        }
        (None, Some(start)) => m.cp[..count].fill(start),
        (Some(_), None) => problems.push(
            &cp_at,
            "countdown points are set when the double round's start is chosen; give null",
        ),
        (None, None) => m.cp = [0; MAX_PLAYERS],
    }
    let mp_at = field_path(path, "mp");
    if let Some(values) = seat_values(&lists.mp, count, &mp_at, problems) {
        m.mp = padded(Some(values.to_vec()), count);
        let total: i64 = values.iter().sum();
        if total != 0 {
            let message = format!("match points are zero-sum; these add up to {total}");
            problems.push(&mp_at, message);
        }
    }
    let sitouts_at = field_path(path, "sitouts");
    if let Some(values) = seat_values(&lists.sitouts, count, &sitouts_at, problems) {
        m.sitouts = padded(Some(values.to_vec()), count);
    }
}

/// The rounds' winners (one per finished round) and the double rounds still owed (to seats
/// that won no normal round, each once).
fn set_rounds(m: &mut MatchState, lists: SeatLists, n: u8, path: &str, problems: &mut Problems) {
    let finished = m.round as usize - usize::from(!m.over);
    let winners = lists.winners.unwrap_or_default();
    if winners.len() != finished {
        let message = format!(
            "round {} follows {finished} finished rounds; {} winners are given",
            m.round,
            winners.len()
        );
        problems.push(&field_path(path, "round_winners"), message);
    }
    for (i, &w) in winners.iter().take(MAX_ROUNDS).enumerate() {
        m.winners[i] = w as u8;
    }
    m.winners_len = winners.len().min(MAX_ROUNDS) as u8;
    let normal_winners = &m.winners[..m.winners_len.min(n) as usize];
    let owed_at = field_path(path, "double_rounds_owed");
    let owed = lists.owed.unwrap_or_default();
    for (i, &u) in owed.iter().enumerate() {
        let seat = u as u8;
        if normal_winners.contains(&seat) || Some(seat) == m.double_for || owed[..i].contains(&u) {
            let message = format!("seat {seat} is owed no (further) double round");
            problems.push(&index_path(&owed_at, i), message);
        } else if i < n as usize {
            m.owed[i] = seat;
        }
    }
    m.owed_len = owed.len().min(n as usize) as u8;
    if m.round <= n && !owed.is_empty() {
        problems.push(
            &owed_at,
            "double rounds are owed only once the normal rounds are over",
        );
    }
    if let Some(u) = m.double_for.filter(|u| normal_winners.contains(u)) {
        let message = format!("seat {u} won a normal round and has no double round");
        problems.push(&field_path(path, "double_for"), message);
    }
    if m.over && m.owed_len > 0 {
        let message = "the match is over, but double rounds are still owed";
        problems.push(&field_path(path, "round"), message);
    }
}
