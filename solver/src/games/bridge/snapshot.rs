//! Reading a snapshot (`state`) of a bridge deal in play, with every problem at its path.
//!
//! `hands` is required; `trick` (`leader`, `cards`) defaults to no card led by the opening
//! leader; `played` (the cards of finished tricks) may be left out of a complete position, and
//! is then every card not in a hand or the trick; `tricks_won` ([North-South, East-West])
//! must add up to the finished tricks. `phase`, `to_move`, `declarer` and `dummy` are checked
//! when given.

use super::config::{parse_seat, Config};
use super::json::wire_deck;
use super::Bridge;
use crate::cards::CardSet;
use crate::games::cardlist::{fill_hidden, HandEntry};
use crate::games::readers::Source;
use crate::games::wire::padded;
use crate::problems::{field_path, integers, Fields, Problems};

/// Reads a bridge snapshot against the options `cfg`; `None` with every problem pushed.
pub(super) fn read(cfg: &Config, given: Source, problems: &mut Problems) -> Option<Bridge> {
    let (value, path, observer) = (given.value, given.path, given.observer);
    let before = problems.0.len();
    let mut f = Fields::of(value, path, problems);
    f.require(&["hands"], problems);
    check_partnership(cfg, &mut f, problems);
    let phase = f.string("phase", problems);
    let to_move = f.get("to_move");
    let mut ledger = wire_deck().ledger();
    let entries = ledger.hands(&mut f, 4, observer, None, problems);
    let trick = f.object("trick", problems, |t, p| {
        (t.has("leader"), ledger.led_trick(t, 4, p))
    });
    let (led, (leader, trick)) = trick.unwrap_or_default();
    let leader = if led { leader } else { (cfg.declarer + 1) % 4 };
    let at = |key| field_path(path, key);
    let played = f
        .get("played")
        .map(|v| ledger.read(v, &at("played"), problems));
    let tricks_won = read_tricks_won(&mut f, problems);
    f.finish(problems);
    if problems.0.len() > before || entries.len() != 4 {
        return None;
    }
    // The cards no place names: the finished tricks' where `played` is left out, else the
    // hidden hands'.
    let unknown = ledger.deck().cards - ledger.all();
    let (played, hidden) = match played {
        Some(played) => (played, unknown),
        None if entries.iter().any(|e| matches!(e, HandEntry::Hidden(_))) => {
            let message =
                "missing: a view hides hands, so the cards of finished tricks must be listed";
            problems.push(&at("played"), message);
            return None;
        }
        None => (unknown, CardSet::EMPTY),
    };
    let hands = fill_hidden(&entries, hidden, &at("hands"), problems);
    let hands = [hands[0], hands[1], hands[2], hands[3]];
    let mut state = Bridge::new_deal(*cfg, hands);
    (state.played, state.leader, state.tricks_won) = (played, leader, tricks_won);
    state.lay_trick(&trick);
    problems.extend_under(path, state.check((to_move, phase)));
    (problems.0.len() == before).then_some(state)
}

/// `declarer` and `dummy`, when given, must be the seats the options name.
fn check_partnership(cfg: &Config, f: &mut Fields, problems: &mut Problems) {
    let dummy = (cfg.declarer + 2) % 4;
    for (key, expected) in [("declarer", cfg.declarer), ("dummy", dummy)] {
        if let Some(v) = f.get(key).filter(|&v| parse_seat(v) != Some(expected)) {
            let message = format!("{v} disagrees with the options: the {key} is seat {expected}");
            problems.push(&f.path(key), message);
        }
    }
}

/// Reads `tricks_won`: [North-South, East-West], each 0 to 13; zeros when left out.
fn read_tricks_won(f: &mut Fields, problems: &mut Problems) -> [u8; 2] {
    let at = f.path("tricks_won");
    let list = f.array("tricks_won", problems);
    if list.is_some_and(|l| l.len() != 2) {
        problems.push(&at, "expected 2 counts: North-South's tricks, East-West's");
    }
    padded(list.map(|l| integers(l, &at, 0, 13, problems)), 2)
}
