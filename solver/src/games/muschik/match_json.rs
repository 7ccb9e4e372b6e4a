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
    let (before, top) = (problems.0.len(), n as i64 - 1);
    let mut f = Fields::of(value, path, problems);
    m.round = f.bounded("round", 1, 2 * top + 1, problems).unwrap_or(1) as u8;
    m.double_for = f.seat("double_for", n.into(), problems);
    m.start_cp = f.integer("start_cp", problems).map(|c| c as i32);
    let (cp, mp) = (1_000_000, 100_000_000);
    let lists = [
        ("cp", -cp, cp),
        ("mp", -mp, mp),
        ("round_winners", 0, top),
        ("double_rounds_owed", 0, top),
        ("sitouts", 0, 255),
    ];
    let [cp, mp, winners, owed, sitouts] =
        lists.map(|(key, lo, hi)| f.integers(key, lo, hi, problems));
    let deals = f.bounded("deals", 0, u32::MAX.into(), problems);
    m.deals = deals.unwrap_or(0) as u32;
    m.over = f.boolean("over", problems).unwrap_or(false);
    f.finish(problems);
    if problems.0.len() == before {
        let at = |key: &str| field_path(path, key);
        check_round(&mut m, n, &at, problems);
        set_points(&mut m, [cp, mp, sitouts], n as usize, &at, problems);
        let rounds = (winners.unwrap_or_default(), owed.unwrap_or_default());
        set_rounds(&mut m, rounds, n, &at, problems);
    }
    m
}

/// A field's path in the match.
type At<'a> = &'a dyn Fn(&str) -> String;

/// A normal round has no `double_for` and starts at [`START_CP`]; a double round has both.
fn check_round(m: &mut MatchState, n: u8, at: At, problems: &mut Problems) {
    let (double, round) = (m.round > n, m.round);
    if double != m.double_for.is_some() {
        let message = if double {
            format!("round {round} is a double round (rounds 1..={n} are normal): it needs 'double_for'")
        } else {
            format!("round {round} is a normal round and has no 'double_for'")
        };
        problems.push(&at("double_for"), message);
    }
    let message = match (m.start_cp, double) {
        (None, false) => {
            m.start_cp = Some(START_CP);
            return;
        }
        (Some(c), false) if c != START_CP => {
            format!("a normal round starts at {START_CP}, not {c}")
        }
        (Some(c), true) if !DOUBLE_START_CHOICES.contains(&c) => {
            format!("a double round starts at 15 or 20, not {c}")
        }
        _ => return,
    };
    problems.push(&at("start_cp"), message);
}

/// Countdown points (set once the round's start is known), match points (zero-sum) and
/// sit-outs, each list with one value per seat of `count`.
fn set_points(
    m: &mut MatchState,
    [cp, mp, sitouts]: [Option<Vec<i64>>; 3],
    count: usize,
    at: At,
    problems: &mut Problems,
) {
    let (cp_at, mp_at, sitouts_at) = (at("cp"), at("mp"), at("sitouts"));
    let cp = cp.filter(|l| one_per_seat(l, count, "values", &cp_at, problems));
    match (cp, m.start_cp) {
        (Some(values), Some(_)) => {
            for (seat, &c) in values.iter().enumerate() {
                m.cp[seat] = c as i32;
                if c <= 0 && !m.over {
                    let message = format!("{c} countdown points would have ended the round");
                    problems.push(&index_path(&cp_at, seat), message);
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
    if let Some(values) = mp.filter(|l| one_per_seat(l, count, "values", &mp_at, problems)) {
        let total: i64 = values.iter().sum();
        if total != 0 {
            let message = format!("match points are zero-sum; these add up to {total}");
            problems.push(&mp_at, message);
        }
        m.mp = padded(Some(values), count);
    }
    let sitouts = sitouts.filter(|l| one_per_seat(l, count, "values", &sitouts_at, problems));
    if sitouts.is_some() {
        m.sitouts = padded(sitouts, count);
    }
}

/// The rounds' winners (one per finished round) and the double rounds still owed (to seats
/// that won no normal round, each once).
fn set_rounds(
    m: &mut MatchState,
    (winners, owed): (Vec<i64>, Vec<i64>),
    n: u8,
    at: At,
    problems: &mut Problems,
) {
    let finished = m.round as usize - usize::from(!m.over);
    if winners.len() != finished {
        let (round, given) = (m.round, winners.len());
        let message =
            format!("round {round} follows {finished} finished rounds; {given} winners are given");
        problems.push(&at("round_winners"), message);
    }
    for (i, &w) in winners.iter().take(MAX_ROUNDS).enumerate() {
        m.winners[i] = w as u8;
    }
    m.winners_len = winners.len().min(MAX_ROUNDS) as u8;
    let normal_winners = &m.winners[..m.winners_len.min(n) as usize];
    let owed_at = at("double_rounds_owed");
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
        let message = "double rounds are owed only once the normal rounds are over";
        problems.push(&owed_at, message);
    }
    if let Some(u) = m.double_for.filter(|u| normal_winners.contains(u)) {
        let message = format!("seat {u} won a normal round and has no double round");
        problems.push(&at("double_for"), message);
    }
    if m.over && m.owed_len > 0 {
        let message = "the match is over, but double rounds are still owed";
        problems.push(&at("round"), message);
    }
}
