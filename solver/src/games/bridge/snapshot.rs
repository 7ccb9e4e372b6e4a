//! Reading a snapshot (`state`) of a bridge deal in play, with every problem at its path.
//!
//! `hands` is required; `trick` (`leader`, `cards`) defaults to no card led by the opening
//! leader; `played` (the cards of finished tricks) may be left out of a complete position, and
//! is then every card not in a hand or the trick; `tricks_won` ([North-South, East-West])
//! must add up to the finished tricks. `phase`, `to_move`, `declarer` and `dummy` are checked
//! when given.

use super::config::{parse_seat, Config};
use super::json::wire_deck;
use super::{Bridge, TRICKS};
use crate::cards::CardSet;
use crate::game::{Game, Seat};
use crate::games::cardlist::{check_trick_hands, fill_hidden, HandEntry};
use crate::games::wire::padded;
use crate::problems::{field_path, integers, Fields, Problems};
use serde_json::Value;

/// Reads a bridge snapshot against the options `cfg`; `None` with every problem pushed.
pub(super) fn read(
    cfg: &Config,
    value: &Value,
    path: &str,
    observer: Option<Seat>,
    problems: &mut Problems,
) -> Option<Bridge> {
    let before = problems.0.len();
    let mut f = Fields::of(value, path, problems);
    f.require(&["hands"], problems);
    check_partnership(cfg, &mut f, problems);
    let phase = f.string("phase", problems);
    let to_move = f.get("to_move");
    let mut ledger = wire_deck().ledger();
    let hands_path = f.path("hands");
    let entries = ledger.hands(&mut f, 4, observer, None, problems);
    let trick = f.object("trick", problems, |t, p| {
        (t.has("leader"), ledger.led_trick(t, 4, p))
    });
    let (led, (leader, trick)) = trick.unwrap_or_default();
    let leader = if led { leader } else { (cfg.declarer + 1) % 4 };
    let played_path = f.path("played");
    let played = f
        .get("played")
        .map(|v| ledger.read(v, &played_path, problems));
    let won_path = f.path("tricks_won");
    let tricks_won = read_tricks_won(&mut f, &won_path, problems);
    f.finish(problems);
    if problems.0.len() > before || entries.len() != 4 {
        return None;
    }
    let unknown = ledger.deck().cards - ledger.all();
    let (hands, played) = resolve_hidden(
        &entries,
        played,
        unknown,
        &hands_path,
        &played_path,
        problems,
    )?;
    let mut state = Bridge {
        played,
        leader,
        tricks_won,
        ..Bridge::new_deal(*cfg, [hands[0], hands[1], hands[2], hands[3]])
    };
    state.lay_trick(&trick);
    check_counts(&state, &played_path, &won_path, &hands_path, problems);
    check_stated(&state, to_move, phase, path, problems);
    (problems.0.len() == before).then_some(state)
}

/// `declarer` and `dummy`, when given, must be the seats the options name.
fn check_partnership(cfg: &Config, f: &mut Fields, problems: &mut Problems) {
    for (key, expected) in [
        ("declarer", cfg.declarer),
        ("dummy", (cfg.declarer + 2) % 4),
    ] {
        if let Some(v) = f.get(key) {
            if parse_seat(v) != Some(expected) {
                problems.push(
                    &f.path(key),
                    format!("{v} disagrees with the options: the {key} is seat {expected}"),
                );
            }
        }
    }
}

/// Reads `tricks_won`: [North-South, East-West], each 0 to 13; zeros when left out.
fn read_tricks_won(f: &mut Fields, won_path: &str, problems: &mut Problems) -> [u8; 2] {
    let list = f.array("tricks_won", problems);
    if list.is_some_and(|l| l.len() != 2) {
        let message = "expected 2 counts: North-South's tricks, East-West's";
        problems.push(won_path, message);
    }
    padded(list.map(|l| integers(l, won_path, 0, 13, problems)), 2)
}

/// Fills hidden hands from the `unknown` cards and settles `played`: given, or (only when no
/// hand is hidden) every card not in a hand or the trick.
fn resolve_hidden(
    entries: &[HandEntry],
    played: Option<CardSet>,
    unknown: CardSet,
    hands_path: &str,
    played_path: &str,
    problems: &mut Problems,
) -> Option<(Vec<CardSet>, CardSet)> {
    let any_hidden = entries.iter().any(|e| matches!(e, HandEntry::Hidden(_)));
    match played {
        Some(played) => Some((fill_hidden(entries, unknown, hands_path, problems), played)),
        None if any_hidden => {
            problems.push(
                played_path,
                "missing: a view hides hands, so the cards of finished tricks must be listed",
            );
            None
        }
        None => Some((
            fill_hidden(entries, CardSet::EMPTY, hands_path, problems),
            unknown,
        )),
    }
}

/// `to_move` and `phase`, when given, must agree with the position read.
fn check_stated(
    state: &Bridge,
    to_move: Option<&Value>,
    phase: Option<&str>,
    path: &str,
    problems: &mut Problems,
) {
    if let Some(v) = to_move {
        if v.as_u64().map(|s| s as Seat) != state.to_move() {
            problems.push(
                &field_path(path, "to_move"),
                format!(
                    "{v} disagrees with the trick: seat {:?} is to move",
                    state.to_move()
                ),
            );
        }
    }
    if let Some(p) = phase.filter(|&p| p != state.phase_name()) {
        problems.push(
            &field_path(path, "phase"),
            format!(
                "'{p}' disagrees with the hands: the phase is '{}'",
                state.phase_name()
            ),
        );
    }
}

/// Finished tricks, tricks won and hand sizes must tell one story.
fn check_counts(
    state: &Bridge,
    played_path: &str,
    won_path: &str,
    hands_path: &str,
    problems: &mut Problems,
) {
    let played = state.played.len();
    if !played.is_multiple_of(4) {
        problems.push(
            played_path,
            format!("{played} cards: finished tricks hold 4 cards each"),
        );
        return;
    }
    let done = played / 4;
    let won = u32::from(state.tricks_won[0]) + u32::from(state.tricks_won[1]);
    if won != done {
        problems.push(
            won_path,
            format!("{won} tricks won, but {done} tricks are finished"),
        );
    }
    let held = state.hands.map(|h| h.len());
    let left = u32::from(TRICKS) - done;
    let trick = (state.leader, state.trick_len);
    check_trick_hands((&held, ""), left, trick, hands_path, problems);
}
