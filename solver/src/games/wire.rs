//! Small pieces of the games' JSON shared by their wire layers: seat sets, suits and card lists
//! as text and a snapshot's head fields.

use crate::cards::{Card, CardSet};
use crate::games::named::Named;
use crate::problems::{index_path, kind, Fields, Problems};
use crate::suited::Suit;
use serde::Serialize;
use serde_json::{json, Value};

/// The seats of `mask` (of `n`), in order.
pub fn seats_json(mask: u8, n: u8) -> Value {
    json!((0..n).filter(|s| mask & 1 << s != 0).collect::<Vec<_>>())
}

/// The seats (each of `n`) that the array field `key` lists, as a mask; none where not given.
pub fn seat_mask(f: &mut Fields, key: &'static str, n: usize, problems: &mut Problems) -> u8 {
    let seats = f
        .integers(key, 0, n as i64 - 1, problems)
        .unwrap_or_default();
    seats.iter().fold(0, |m, &s| m | 1 << s)
}

/// The suits (each a letter) that the array field `key` lists, as a mask; none where not
/// given.
pub fn suit_mask(f: &mut Fields, key: &'static str, problems: &mut Problems) -> u8 {
    let (at, mut mask) = (f.path(key), 0);
    for (i, item) in f.array(key, problems).into_iter().flatten().enumerate() {
        let suit = match item.as_str() {
            Some(text) => parse_suit(text),
            None => Err(format!("expected a suit letter, got {}", kind(item))),
        };
        match suit {
            Ok(suit) => mask |= 1 << suit as u8,
            Err(message) => problems.push(&index_path(&at, i), message),
        }
    }
    mask
}

/// A suit letter: S, H, D or C.
pub fn parse_suit(text: &str) -> Result<Suit, String> {
    let mut chars = text.chars();
    match (chars.next().and_then(Suit::from_letter), chars.next()) {
        (Some(s), None) => Ok(s),
        _ => Err(format!("'{text}' is not a suit; use S, H, D or C")),
    }
}

/// The string field `key` read by `parse`, if given; a text it refuses is reported with why.
pub fn text_field<T>(
    f: &mut Fields,
    key: &'static str,
    parse: impl FnOnce(&str) -> Result<T, String>,
    problems: &mut Problems,
) -> Option<T> {
    let text = f.string(key, problems)?;
    parse(text).map_err(|m| problems.push(&f.path(key), m)).ok()
}

/// The suit named by the string field `key`, if given.
pub fn suit_field(f: &mut Fields, key: &'static str, problems: &mut Problems) -> Option<Suit> {
    text_field(f, key, parse_suit, problems)
}

/// Reports at `to_move` the seat to act missing where the phase (named `phase`) is not
/// `over`.
pub fn check_to_move(to_move: Option<u8>, (phase, over): (&str, bool), reasons: &mut Problems) {
    if !over && to_move.is_none() {
        let message = format!("missing: phase '{phase}' needs the seat to act");
        reasons.push("to_move", message);
    }
}

/// A move's words, and its first word in lower case; an empty move is refused.
pub fn move_words(text: &str) -> Result<(Vec<&str>, String), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let head = words
        .first()
        .ok_or("the move is empty")?
        .to_ascii_lowercase();
    Ok((words, head))
}

/// The one word of a move's arguments `rest`, read by `read`; with more or fewer, `text` needs
/// one `what`.
pub fn one_word<T>(
    (text, rest): (&str, &[&str]),
    what: &str,
    read: impl FnOnce(&str) -> Result<T, String>,
) -> Result<T, String> {
    match rest {
        [word] => read(word),
        _ => Err(format!("'{text}' needs one {what}")),
    }
}

/// A move's number, a whole number.
pub fn whole_number(word: &str) -> Result<i32, String> {
    word.parse()
        .map_err(|_| format!("'{word}' is not a whole number"))
}

/// How a named value reads: by its reader, one of every name.
pub type Names<P> = (fn(&str) -> Option<P>, &'static [&'static str]);

/// How a value of the named enum `T` reads.
pub fn names<T: Named>() -> Names<T> {
    (T::from_name, T::NAMES)
}

/// The fields a snapshot of a table of `n` starts with, once `required` are checked present:
/// the dealer (0 where not given), the phase (read by `from_name`, one of `names`) and the
/// seat to move.
pub fn snapshot_head<P>(
    f: &mut Fields,
    required: &[&str],
    n: usize,
    (from_name, names): Names<P>,
    problems: &mut Problems,
) -> (u8, Option<P>, Option<u8>) {
    f.require(required, problems);
    let dealer = f.seat("dealer", n, problems).unwrap_or(0);
    let phase = f.name_of("phase", "phase", from_name, names, problems);
    (dealer, phase, f.seat("to_move", n, problems))
}

/// The first `n` of `values` (each checked to fit `T`) in an array, zeros after them or for
/// none.
pub fn padded<T: Copy + Default + TryFrom<i64>, const N: usize>(
    values: Option<Vec<i64>>,
    n: usize,
) -> [T; N] {
    let mut out = [T::default(); N];
    for (slot, v) in out
        .iter_mut()
        .zip(values.unwrap_or_default().into_iter().take(n))
    {
        *slot = T::try_from(v).unwrap_or_default();
    }
    out
}

/// A trick as the snapshots write it: its leader and its cards in order; Mü's says which cards
/// came from a table, a finished Muschik trick its winner.
#[derive(Serialize)]
pub struct Trick {
    pub leader: u8,
    pub cards: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_table: Option<Vec<bool>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<u8>,
}

impl Trick {
    /// The trick led by `leader`, its cards written by `name`.
    pub fn new(leader: u8, cards: &[Card], name: impl Fn(Card) -> String) -> Trick {
        let cards = cards.iter().map(|&c| name(c)).collect();
        let (from_table, winner) = (None, None);
        Trick {
            leader,
            cards,
            from_table,
            winner,
        }
    }
}

/// The cards of `set` as tokens (written by `name`), separated by spaces.
pub fn cards_text(set: CardSet, name: impl Fn(Card) -> String) -> String {
    set.iter().map(name).collect::<Vec<_>>().join(" ")
}

/// The [`Rules`](crate::api::Rules) methods every game writes alike, each named in the call:
/// `variant` (the name of `self.cfg.variant`), `options` (`self.cfg`'s options), `state` (the
/// snapshot read by the game's `snapshot::read`) and `phase` (the name of `self.phase`).
macro_rules! rules_alike {
    ($($part:ident),+) => { $( rules_alike!(@ $part); )+ };
    (@variant) => {
        fn variant_name(&self) -> &'static str {
            self.cfg.variant.name()
        }
    };
    (@options) => {
        fn options_json(&self) -> serde_json::Value {
            $crate::games::options::options_json(&self.cfg)
        }
    };
    (@state) => {
        fn from_state(
            cfg: &Self::Config,
            given: $crate::games::readers::Source,
            problems: &mut $crate::problems::Problems,
        ) -> Option<Self> {
            super::snapshot::read(cfg, given, problems)
        }
    };
    (@phase) => {
        fn phase(&self) -> &'static str {
            self.phase.name()
        }
    };
}
