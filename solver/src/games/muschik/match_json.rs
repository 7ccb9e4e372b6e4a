//! The match state as JSON: written after every deal, read back by `/deal` and in positions,
//! with every inconsistency reported at its path.

use super::rules::unbalanced;
use super::scoring::MatchState;
use crate::games::wire::padded;
use crate::problems::{field_path, one_per_seat, Fields, Problems};
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
    m.deals = f.count("deals", u32::MAX.into(), problems) as u32;
    m.over = f.boolean("over", problems).unwrap_or(false);
    f.finish(problems);
    if problems.0.len() == before {
        problems.extend_under(path, m.check_round(n));
        set_points(&mut m, [cp, mp, sitouts], n as usize, path, problems);
        let rounds = (winners.unwrap_or_default(), owed.unwrap_or_default());
        problems.extend_under(path, m.set_rounds(rounds, n));
    }
    m
}

/// Countdown points (set once the round's start is known), match points and sit-outs, each
/// list with one value per seat of `count`.
fn set_points(
    m: &mut MatchState,
    [cp, mp, sitouts]: [Option<Vec<i64>>; 3],
    count: usize,
    path: &str,
    problems: &mut Problems,
) {
    let at = |key: &str| field_path(path, key);
    let cp = cp.filter(|l| one_per_seat(l, count, "values", &at("cp"), problems));
    problems.extend_under(path, m.set_countdown(cp, count));
    if let Some(values) = mp.filter(|l| one_per_seat(l, count, "values", &at("mp"), problems)) {
        if let Some(why) = unbalanced(&values) {
            problems.push(&at("mp"), why);
        }
        m.mp = padded(Some(values), count);
    }
    let sitouts = sitouts.filter(|l| one_per_seat(l, count, "values", &at("sitouts"), problems));
    if sitouts.is_some() {
        m.sitouts = padded(sitouts, count);
    }
}
