//! The match state as JSON: written after every deal, read back by `/deal` and in positions,
//! with every inconsistency reported at its path.

use super::config::{DOUBLE_START_CHOICES, START_CP};
use super::scoring::{MatchState, MAX_ROUNDS};
use super::MAX_PLAYERS;
use crate::problems::{integers, Fields, Problems};
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
    let before = problems.0.len();
    let top = n as i64 - 1;
    let count = n as usize;
    let mut f = Fields::of(value, path, problems);
    let last_round = 2 * n as i64 - 1;
    m.round = f.bounded("round", 1, last_round, problems).unwrap_or(1) as u8;
    m.double_for = f.bounded("double_for", 0, top, problems).map(|s| s as u8);
    m.start_cp = f.integer("start_cp", problems).map(|c| c as i32);
    let seat_list = |f: &mut Fields,
                     key: &'static str,
                     lo: i64,
                     hi: i64,
                     problems: &mut Problems|
     -> Option<Vec<i64>> {
        let at = f.path(key);
        f.array(key, problems)
            .map(|list| integers(list, &at, lo, hi, problems))
    };
    let cp = seat_list(&mut f, "cp", -1_000_000, 1_000_000, problems);
    let mp = seat_list(&mut f, "mp", -100_000_000, 100_000_000, problems);
    let winners = seat_list(&mut f, "round_winners", 0, top, problems);
    let owed = seat_list(&mut f, "double_rounds_owed", 0, top, problems);
    let sitouts = seat_list(&mut f, "sitouts", 0, 255, problems);
    m.deals = f
        .bounded("deals", 0, u32::MAX as i64, problems)
        .unwrap_or(0) as u32;
    m.over = f.boolean("over", problems).unwrap_or(false);
    let at = |key: &str| f.path(key);
    let (cp_at, mp_at, winners_at, owed_at, sitouts_at) = (
        at("cp"),
        at("mp"),
        at("round_winners"),
        at("double_rounds_owed"),
        at("sitouts"),
    );
    let (round_at, start_at, double_at) = (at("round"), at("start_cp"), at("double_for"));
    f.finish(problems);
    if problems.0.len() > before {
        return m;
    }
    let per_seat =
        |list: &Option<Vec<i64>>, at: &str, problems: &mut Problems| -> Option<Vec<i64>> {
            let list = list.as_ref()?;
            if list.len() != count {
                problems.push(
                    at,
                    format!("expected {count} values, one per seat, got {}", list.len()),
                );
                return None;
            }
            Some(list.clone())
        };
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
        problems.push(&double_at, message);
    }
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
    match (per_seat(&cp, &cp_at, problems), m.start_cp) {
        (Some(values), Some(_)) => {
            for (seat, &c) in values.iter().enumerate() {
                m.cp[seat] = c as i32;
                if c <= 0 && !m.over {
                    problems.push(
                        &format!("{cp_at}[{seat}]"),
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
    if let Some(values) = per_seat(&mp, &mp_at, problems) {
        for (seat, &v) in values.iter().enumerate() {
            m.mp[seat] = v as i32;
        }
        let total: i64 = values.iter().sum();
        if total != 0 {
            problems.push(
                &mp_at,
                format!("match points are zero-sum; these add up to {total}"),
            );
        }
    }
    if let Some(values) = per_seat(&sitouts, &sitouts_at, problems) {
        for (seat, &v) in values.iter().enumerate() {
            m.sitouts[seat] = v as u8;
        }
    }
    let finished = m.round as usize - usize::from(!m.over);
    let winners = winners.unwrap_or_default();
    if winners.len() != finished {
        problems.push(
            &winners_at,
            format!(
                "round {} follows {finished} finished rounds; {} winners are given",
                m.round,
                winners.len()
            ),
        );
    }
    for (i, &w) in winners.iter().take(MAX_ROUNDS).enumerate() {
        m.winners[i] = w as u8;
    }
    m.winners_len = winners.len().min(MAX_ROUNDS) as u8;
    let normal_winners = &m.winners[..m.winners_len.min(n) as usize];
    let owed = owed.unwrap_or_default();
    for (i, &u) in owed.iter().enumerate() {
        let u = u as u8;
        if normal_winners.contains(&u) || Some(u) == m.double_for || owed[..i].contains(&(u as i64))
        {
            problems.push(
                &format!("{owed_at}[{i}]"),
                format!("seat {u} is owed no (further) double round"),
            );
        } else if i < count {
            m.owed[i] = u;
        }
    }
    m.owed_len = owed.len().min(count) as u8;
    if !double && !owed.is_empty() {
        problems.push(
            &owed_at,
            "double rounds are owed only once the normal rounds are over",
        );
    }
    if let Some(u) = m.double_for {
        if normal_winners.contains(&u) {
            problems.push(
                &double_at,
                format!("seat {u} won a normal round and has no double round"),
            );
        }
    }
    if m.over && m.owed_len > 0 {
        problems.push(
            &round_at,
            "the match is over, but double rounds are still owed",
        );
    }
    m
}
