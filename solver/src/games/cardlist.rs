//! Reading and writing lists of card tokens in requests, shared by the games.
//!
//! A hand is a JSON array of tokens, or in a view a number: how many hidden cards it holds.

use crate::cards::{Card, CardSet};
use crate::game::Seat;
use crate::problems::{index_path, kind, one_per_seat, Fields, Problems};
use serde_json::{json, Value};

/// Cards read so far in one request, to report a card given twice with both places. A card's
/// place is kept as the list it was read from and its index there; its path is written only
/// when a problem names it.
#[derive(Default)]
pub struct CardLedger {
    cards: CardSet,
    lists: Vec<String>,
    places: Vec<(Card, usize, usize)>,
}

impl CardLedger {
    /// Reads an array of tokens at `path`; `parse` maps a token to a card of the deck, and
    /// `deck_name` names the deck in messages.
    pub fn read(
        &mut self,
        value: &Value,
        path: &str,
        parse: impl Fn(&str) -> Option<Card>,
        deck_name: &str,
        problems: &mut Problems,
    ) -> CardSet {
        let mut set = CardSet::EMPTY;
        let Some(items) = value.as_array() else {
            problems.push(
                path,
                format!("expected an array of cards, got {}", kind(value)),
            );
            return set;
        };
        let list = self.lists.len();
        self.lists.push(path.to_string());
        for (i, item) in items.iter().enumerate() {
            let Some(token) = item.as_str() else {
                problems.push(
                    &index_path(path, i),
                    format!("expected a card such as \"SA\", got {}", kind(item)),
                );
                continue;
            };
            let Some(card) = parse(token) else {
                let message = format!("'{token}' is not a card of the {deck_name}");
                problems.push(&index_path(path, i), message);
                continue;
            };
            if self.cards.contains(card) {
                let first = self.place_of(card);
                problems.push(
                    &index_path(path, i),
                    format!("card '{token}' is given twice (also at {first})"),
                );
                continue;
            }
            self.cards.insert(card);
            self.places.push((card, list, i));
            set.insert(card);
        }
        set
    }

    /// The path where `card` was first read.
    fn place_of(&self, card: Card) -> String {
        let place = self.places.iter().find(|(c, _, _)| *c == card);
        place.map_or(String::new(), |&(_, list, i)| {
            index_path(&self.lists[list], i)
        })
    }

    pub fn all(&self) -> CardSet {
        self.cards
    }
}

/// A hand that is either given card by card or, in a view, hidden with only its size known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandEntry {
    Known(CardSet),
    Hidden(u32),
}

/// Reads the field `hands` of `fields`: one hand per seat of `n`, each by [`read_hand`] (a seat
/// other than `observer`'s may be given as a count); none when absent or of another length.
pub fn read_hands(
    ledger: &mut CardLedger,
    fields: &mut Fields,
    n: usize,
    observer: Option<Seat>,
    parse: impl Fn(&str) -> Option<Card>,
    deck_name: &str,
    problems: &mut Problems,
) -> Vec<HandEntry> {
    let path = fields.path("hands");
    match fields.array("hands", problems) {
        Some(list) if one_per_seat(list, n, "hands", &path, problems) => {
            read_seat_hands(ledger, list, &path, observer, parse, deck_name, problems)
        }
        _ => Vec::new(),
    }
}

/// Reads a list with one hand per seat (checked by the caller), each by [`read_hand`]: a seat
/// other than `observer`'s may be given as a count.
pub fn read_seat_hands(
    ledger: &mut CardLedger,
    list: &[Value],
    path: &str,
    observer: Option<Seat>,
    parse: impl Fn(&str) -> Option<Card>,
    deck_name: &str,
    problems: &mut Problems,
) -> Vec<HandEntry> {
    let hands = list.iter().enumerate().map(|(seat, item)| {
        let (at, may_hide) = (index_path(path, seat), observer.is_some_and(|o| o != seat));
        read_hand(ledger, item, &at, may_hide, &parse, deck_name, problems)
    });
    hands.collect()
}

/// Reads a hand: an array of cards, or (only where `may_hide`) a count of hidden cards.
pub fn read_hand(
    ledger: &mut CardLedger,
    value: &Value,
    path: &str,
    may_hide: bool,
    parse: impl Fn(&str) -> Option<Card>,
    deck_name: &str,
    problems: &mut Problems,
) -> HandEntry {
    match value.as_u64() {
        Some(n) if may_hide => HandEntry::Hidden(n as u32),
        Some(_) => {
            problems.push(
                path,
                "a hidden hand (a count) is allowed only for other seats in a view",
            );
            HandEntry::Hidden(0)
        }
        None => HandEntry::Known(ledger.read(value, path, parse, deck_name, problems)),
    }
}

/// Deals `unknown` into the hidden entries with [`fill_hidden`]; without a hidden entry every
/// card must be placed, and the missing ones (written by `name`) are reported at `path`.
pub fn place_unknown(
    entries: &[HandEntry],
    unknown: CardSet,
    path: &str,
    hands_path: &str,
    name: impl Fn(Card) -> String,
    problems: &mut Problems,
) -> Option<Vec<CardSet>> {
    let hidden_any = entries.iter().any(|e| matches!(e, HandEntry::Hidden(_)));
    if !hidden_any && !unknown.is_empty() {
        let missing: Vec<String> = unknown.iter().map(name).collect();
        problems.push(
            path,
            format!("cards missing from the position: {}", missing.join(" ")),
        );
        return None;
    }
    Some(fill_hidden(entries, unknown, hands_path, problems))
}

/// Deals `unknown` into the hidden entries in order, lowest cards first; the result is one
/// arbitrary world consistent with the counts. Reports a count mismatch at `path`.
pub fn fill_hidden(
    entries: &[HandEntry],
    unknown: CardSet,
    path: &str,
    problems: &mut Problems,
) -> Vec<CardSet> {
    let wanted: u32 = entries
        .iter()
        .map(|e| match e {
            HandEntry::Hidden(n) => *n,
            HandEntry::Known(_) => 0,
        })
        .sum();
    if wanted != unknown.len() {
        problems.push(
            path,
            format!(
                "the hidden counts add up to {wanted}, but {} cards are unaccounted for",
                unknown.len()
            ),
        );
    }
    let mut pool = unknown.iter();
    entries
        .iter()
        .map(|e| match e {
            HandEntry::Known(set) => *set,
            HandEntry::Hidden(n) => pool.by_ref().take(*n as usize).collect(),
        })
        .collect()
}

/// Cards as tokens, or their count where hidden.
pub fn cards_json(set: CardSet, hidden: bool, name: impl Fn(Card) -> String) -> Value {
    if hidden {
        json!(set.len())
    } else {
        json!(set.iter().map(name).collect::<Vec<_>>())
    }
}

/// Cards in order (a talon or stock, top first), with `None` where a view hides them: an array
/// of cards (`null` where unknown, only where `may_hide`) or, where `may_hide`, a count.
pub fn read_ordered(
    ledger: &mut CardLedger,
    value: &Value,
    path: &str,
    may_hide: bool,
    parse: impl Fn(&str) -> Option<Card>,
    deck_name: &str,
    problems: &mut Problems,
) -> Vec<Option<Card>> {
    if let (Some(count), true) = (value.as_u64(), may_hide) {
        return vec![None; count.min(64) as usize];
    }
    let Some(items) = value.as_array() else {
        let wanted = if may_hide {
            "an array of cards (null where unknown) or a count"
        } else {
            "an array of cards, top first"
        };
        problems.push(path, format!("expected {wanted}, got {}", kind(value)));
        return Vec::new();
    };
    let mut cards = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        if item.is_null() && may_hide {
            cards.push(None);
            continue;
        }
        let at = index_path(path, i);
        let set = ledger.read(&json!([item]), &at, &parse, deck_name, problems);
        cards.push(set.lowest());
    }
    cards
}

/// The token of a card that a view's seat did not see, in a move of a hidden seat.
pub const HIDDEN_CARD: &str = "??";

/// The cards a move's `words` name; each `??` stands for another card of `hand` (the mover's
/// cards it may use) not named.
pub fn parse_move_cards(
    words: &[&str],
    parse: impl Fn(&str) -> Option<Card>,
    hand: CardSet,
    deck_name: &str,
) -> Result<CardSet, String> {
    let named: CardSet = words.iter().filter_map(|w| parse(w)).collect();
    let mut hidden = (hand - named).iter();
    let mut set = CardSet::EMPTY;
    for w in words {
        let card = if *w == HIDDEN_CARD {
            hidden
                .next()
                .ok_or_else(|| "the mover has no more cards for '??'".to_string())?
        } else {
            parse(w).ok_or_else(|| format!("'{w}' is not a card of the {deck_name}"))?
        };
        if set.contains(card) {
            return Err(format!("card '{w}' is named twice"));
        }
        set.insert(card);
    }
    Ok(set)
}
