//! Reading and writing lists of card tokens in requests, shared by the games.
//!
//! A hand is a JSON array of tokens, or in a view a number: how many hidden cards it holds.

use crate::cards::{Card, CardSet};
use crate::game::Seat;
use crate::games::wire::text_field;
use crate::problems::{index_path, kind, one_per_seat, Fields, Problems};
use serde_json::{json, Value};

/// A game's deck as requests name it: its cards, how a token reads and writes, and its name
/// in messages.
#[derive(Clone)]
pub struct WireDeck {
    pub cards: CardSet,
    pub name: String,
    token: fn(&str) -> Option<Card>,
    pub format: fn(Card) -> String,
}

impl WireDeck {
    /// `token` reads a card of any deck of the game; a card outside `cards` is refused.
    pub fn new(
        cards: CardSet,
        name: String,
        token: fn(&str) -> Option<Card>,
        format: fn(Card) -> String,
    ) -> WireDeck {
        WireDeck {
            cards,
            name,
            token,
            format,
        }
    }

    /// The card `token` names, if it is one of this deck's.
    pub fn parse(&self, token: &str) -> Option<Card> {
        (self.token)(token).filter(|&c| self.cards.contains(c))
    }

    /// The message for a token that is not a card of the deck.
    pub fn not_a_card(&self, token: &str) -> String {
        format!("'{token}' is not a card of the {}", self.name)
    }

    /// The card a move of one word (`text`, its token `token`) plays.
    pub fn play(&self, text: &str, token: &str) -> Result<Card, String> {
        let name = &self.name;
        let error = || format!("'{text}' is neither a move nor a card of the {name}");
        self.parse(token).ok_or_else(error)
    }

    /// The card named by the field `key` of `f`, one of the deck's.
    pub fn card(&self, f: &mut Fields, key: &'static str, problems: &mut Problems) -> Option<Card> {
        let card = |t: &str| self.parse(t).ok_or_else(|| self.not_a_card(t));
        text_field(f, key, card, problems)
    }

    /// A ledger with no card read yet.
    pub fn ledger(&self) -> CardLedger {
        CardLedger {
            deck: self.clone(),
            cards: CardSet::EMPTY,
            lists: Vec::new(),
            places: Vec::new(),
        }
    }

    /// The cards of the deck `value` lists, in order, skipping anything else.
    pub fn listed(&self, value: &Value) -> Vec<Card> {
        let items = value.as_array().into_iter().flatten();
        items
            .filter_map(|c| c.as_str().and_then(|t| self.parse(t)))
            .collect()
    }

    /// The one card a move's `word` names, as [`WireDeck::move_cards`] reads it.
    pub fn move_card(&self, word: &str, hand: Option<CardSet>) -> Result<Card, String> {
        self.move_cards(&[word], hand)
            .map(|s| s.lowest().expect("one card"))
    }

    /// The cards a move's `words` name; with `hand` (the mover's cards it may use), each `??`
    /// stands for another card of it not named.
    pub fn move_cards(&self, words: &[&str], hand: Option<CardSet>) -> Result<CardSet, String> {
        let named: CardSet = words.iter().filter_map(|w| self.parse(w)).collect();
        let mut hidden = (hand.unwrap_or_default() - named).iter();
        let mut set = CardSet::EMPTY;
        for w in words {
            let card = if *w == HIDDEN_CARD && hand.is_some() {
                hidden
                    .next()
                    .ok_or_else(|| "the mover has no more cards for '??'".to_string())?
            } else {
                self.parse(w).ok_or_else(|| self.not_a_card(w))?
            };
            if set.contains(card) {
                return Err(format!("card '{w}' is named twice"));
            }
            set.insert(card);
        }
        Ok(set)
    }
}

/// Cards read so far in one request, to report a card given twice with both places. A card's
/// place is kept as the list it was read from and its index there; its path is written only
/// when a problem names it.
pub struct CardLedger {
    deck: WireDeck,
    cards: CardSet,
    lists: Vec<String>,
    places: Vec<(Card, usize, usize)>,
}

impl CardLedger {
    pub fn deck(&self) -> &WireDeck {
        &self.deck
    }

    /// Reads an array of tokens of the deck at `path`.
    pub fn read(&mut self, value: &Value, path: &str, problems: &mut Problems) -> CardSet {
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
            let Some(card) = self.deck.parse(token) else {
                problems.push(&index_path(path, i), self.deck.not_a_card(token));
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

    /// Reads one card as a list of one at `path` (so a problem names `path[0]`).
    pub fn one(&mut self, value: &Value, path: &str, problems: &mut Problems) -> Option<Card> {
        self.read(&json!([value]), path, problems).lowest()
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

    /// Reads the field `hands` of `fields`: one hand per seat of `n`, each by
    /// [`CardLedger::hand`] (a seat other than `observer`'s may be given as a count) and, for a
    /// deal, of its size (counted as [`Count`] says). A list of another length is reported and
    /// its first hands read for their problems; none is kept then, nor when absent.
    pub fn hands(
        &mut self,
        fields: &mut Fields,
        n: usize,
        observer: Option<Seat>,
        dealt: Option<(u32, Count)>,
        problems: &mut Problems,
    ) -> Vec<HandEntry> {
        let path = fields.path("hands");
        let Some(list) = fields.array("hands", problems) else {
            return Vec::new();
        };
        let fits = one_per_seat(list, n, "hands", &path, problems);
        let list = &list[..list.len().min(n)];
        let entries = self.seat_hands(list, &path, observer, dealt, problems);
        if fits {
            entries
        } else {
            Vec::new()
        }
    }

    /// Reads the field `key` of `fields`, one list of cards per seat of `n` (as `won`): a list
    /// of another length is reported and its first `n` read; empty sets where none is given.
    pub fn per_seat(
        &mut self,
        fields: &mut Fields,
        key: &'static str,
        n: usize,
        problems: &mut Problems,
    ) -> Vec<CardSet> {
        let at = fields.path(key);
        let mut sets = vec![CardSet::EMPTY; n];
        if let Some(list) = fields.array(key, problems) {
            one_per_seat(list, n, "lists of cards", &at, problems);
            for (i, (set, item)) in sets.iter_mut().zip(list).enumerate() {
                *set = self.read(item, &index_path(&at, i), problems);
            }
        }
        sets
    }

    /// [`CardLedger::per_seat`] in an array of `N` (at least `n`), empty after the seats.
    pub fn seat_sets<const N: usize>(
        &mut self,
        fields: &mut Fields,
        key: &'static str,
        n: usize,
        problems: &mut Problems,
    ) -> [CardSet; N] {
        seat_array(&self.per_seat(fields, key, n, problems))
    }

    /// Reads a list with one hand per seat (its length checked by the caller), each by
    /// [`CardLedger::hand`] (a seat other than `observer`'s may be given as a count) and, for a
    /// deal, of its size as [`CardLedger::hands`] says.
    pub fn seat_hands(
        &mut self,
        list: &[Value],
        path: &str,
        observer: Option<Seat>,
        dealt: Option<(u32, Count)>,
        problems: &mut Problems,
    ) -> Vec<HandEntry> {
        let hands = list.iter().enumerate().map(|(seat, item)| {
            let (at, may_hide) = (index_path(path, seat), observer.is_some_and(|o| o != seat));
            let entry = self.hand(item, &at, may_hide, problems);
            if let Some((size, counted)) = dealt {
                let count = match (entry, item.as_array()) {
                    (HandEntry::Known(_), Some(listed)) if counted == Count::Listed => {
                        listed.len() as u32
                    }
                    _ => entry.count(),
                };
                if counted != Count::FirstProblem || problems.is_empty() {
                    check_hand_size((seat, count, size), "as dealt", &at, problems);
                }
            }
            entry
        });
        hands.collect()
    }

    /// Reads the list `key` of `fields`, one place of cards per seat of `n` (as discards): a
    /// hand, or for a seat other than `observer`'s, its count; empty hands where absent, none
    /// where of another length.
    pub fn seat_places(
        &mut self,
        fields: &mut Fields,
        key: &'static str,
        n: usize,
        observer: Option<Seat>,
        problems: &mut Problems,
    ) -> Vec<HandEntry> {
        let at = fields.path(key);
        match fields.seat_list(key, (n, "entries"), problems) {
            Some([]) => vec![HandEntry::Known(CardSet::EMPTY); n],
            Some(list) => self.seat_hands(list, &at, observer, None, problems),
            None => Vec::new(),
        }
    }

    /// Reads the field `key` of `fields`, a place of cards such as a talon or a stock, as
    /// [`CardLedger::hand`] reads a hand, and its cards in the order listed; empty where not
    /// given.
    pub fn place(
        &mut self,
        fields: &mut Fields,
        key: &'static str,
        may_hide: bool,
        problems: &mut Problems,
    ) -> (HandEntry, Vec<Card>) {
        let at = fields.path(key);
        match fields.get(key) {
            None => (HandEntry::Known(CardSet::EMPTY), Vec::new()),
            Some(v) => (self.hand(v, &at, may_hide, problems), self.deck.listed(v)),
        }
    }

    /// Reads a hand: an array of cards, or (only where `may_hide`) a count of hidden cards.
    pub fn hand(
        &mut self,
        value: &Value,
        path: &str,
        may_hide: bool,
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
            None => HandEntry::Known(self.read(value, path, problems)),
        }
    }

    /// The cards of a trick in progress, in the order played: fewer than `n`, else reported;
    /// none where a card is refused.
    pub fn trick(
        &mut self,
        value: &Value,
        path: &str,
        n: usize,
        problems: &mut Problems,
    ) -> Vec<Card> {
        let set = self.read(value, path, problems);
        let order = self.deck.listed(value);
        if order.len() >= n {
            let message = format!("a trick in progress holds fewer than {n} cards");
            problems.push(path, message);
            Vec::new()
        } else if set.len() as usize == order.len() {
            order
        } else {
            Vec::new()
        }
    }

    /// The fields of a trick in progress of an `n`-seat table: its `leader` (0 if not given)
    /// and its `cards` in the order played, as [`CardLedger::trick`] reads them.
    pub fn led_trick(
        &mut self,
        tf: &mut Fields,
        n: usize,
        problems: &mut Problems,
    ) -> (u8, Vec<Card>) {
        let leader = tf.seat("leader", n, problems).unwrap_or(0);
        let at = tf.path("cards");
        let cards = tf.get("cards").map(|v| self.trick(v, &at, n, problems));
        (leader, cards.unwrap_or_default())
    }

    /// A trick `{leader, cards, winner}` of an `n`-seat table at `path`: its leader (0 where
    /// not given), its cards as listed (each read through the ledger, which reports a bad or
    /// repeated one) and, only where `finished`, its winner.
    pub fn given_trick(
        &mut self,
        value: &Value,
        path: String,
        n: usize,
        finished: bool,
        problems: &mut Problems,
    ) -> GivenTrick {
        let mut tf = Fields::of(value, &path, problems);
        let leader = tf.seat("leader", n, problems).unwrap_or(0);
        let at = tf.path("cards");
        let cards = tf.get("cards").map_or(Vec::new(), |v| {
            self.read(v, &at, problems);
            self.deck.listed(v)
        });
        let winner = finished.then(|| tf.seat("winner", n, problems)).flatten();
        tf.finish(problems);
        GivenTrick {
            leader,
            cards,
            winner,
            path,
        }
    }

    /// The fields `trick` (the trick in progress) and `tricks` (the finished ones, at most
    /// `max`, else none read) of an `n`-seat table, each by [`CardLedger::given_trick`].
    pub fn given_tricks(
        &mut self,
        f: &mut Fields,
        n: usize,
        max: usize,
        problems: &mut Problems,
    ) -> (Option<GivenTrick>, Vec<GivenTrick>) {
        let trick = f.get("trick");
        let trick = trick.map(|v| self.given_trick(v, f.path("trick"), n, false, problems));
        let at = f.path("tricks");
        let mut list = f.array("tricks", problems).map_or(&[][..], Vec::as_slice);
        if list.len() > max {
            let message = format!("a deal has {max} tricks, not {}", list.len());
            problems.push(&at, message);
            list = &[];
        }
        let tricks = list.iter().enumerate();
        let tricks =
            tricks.map(|(i, t)| self.given_trick(t, index_path(&at, i), n, true, problems));
        (trick, tricks.collect())
    }

    /// A pile dealt in order (a talon or a stock, top first), `value` at `path` read as
    /// [`CardLedger::ordered`] reads it (none where not given); one given of another size than
    /// `size` is reported, `rule` saying why, as `("talon", 10, "it must hold")`.
    pub fn dealt_pile(
        &mut self,
        (value, path): (Option<&Value>, &str),
        may_hide: bool,
        (name, size, rule): (&str, usize, &str),
        problems: &mut Problems,
    ) -> Vec<Option<Card>> {
        let pile = value.map_or(Vec::new(), |v| self.ordered(v, path, may_hide, problems));
        let held = pile.len();
        if value.is_some() && held != size {
            let message = format!("the {name} holds {held} cards; {rule} {size}");
            problems.push(path, message);
        }
        pile
    }

    /// Cards in order (a talon or stock, top first), with `None` where a view hides them: an
    /// array of cards (`null` where unknown, only where `may_hide`) or, where `may_hide`, a
    /// count.
    pub fn ordered(
        &mut self,
        value: &Value,
        path: &str,
        may_hide: bool,
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
            cards.push(self.one(item, &index_path(path, i), problems));
        }
        cards
    }
}

/// A trick as a snapshot gives it: its leader, its cards in order, (when finished) its winner,
/// and its path.
pub struct GivenTrick {
    pub leader: u8,
    pub cards: Vec<Card>,
    pub winner: Option<u8>,
    pub path: String,
}

/// The sets of `seats` in an array of `N` (at least as many), empty after them.
pub fn seat_array<const N: usize>(seats: &[CardSet]) -> [CardSet; N] {
    let mut sets = [CardSet::EMPTY; N];
    sets[..seats.len()].copy_from_slice(seats);
    sets
}

/// How [`CardLedger::hands`] counts a hand's cards and when it reports a wrong size.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// The cards read; every wrong size is reported.
    Read,
    /// The tokens listed, so that a bad token is not also a short hand.
    Listed,
    /// The cards read, a wrong size reported only in a request with no problem so far.
    FirstProblem,
}

/// Reports at `path` a seat that holds `held` cards where it should hold `expected`, `when`
/// saying when (as "as dealt").
pub fn check_hand_size(
    (seat, held, expected): (usize, u32, u32),
    when: &str,
    path: &str,
    problems: &mut Problems,
) {
    if held != expected {
        let message = format!("seat {seat} holds {held} cards; {when} it should hold {expected}");
        problems.push(path, message);
    }
}

/// Reports each seat whose `held` cards are not one per trick still to come: `left` tricks,
/// the one in progress (`trick_len` cards from `leader`) included, less the card the seat
/// played to it. Seat `s`'s problem is at `hands_path[s]`; `also` names other cards counted
/// (as ", in hand and on the table,").
pub fn check_trick_hands(
    (held, also): (&[u32], &str),
    left: u32,
    (leader, trick_len): (u8, u8),
    hands_path: &str,
    problems: &mut Problems,
) {
    let n = held.len();
    for (seat, &count) in held.iter().enumerate() {
        let played_now = (seat + n - usize::from(leader)) % n < usize::from(trick_len);
        let expected = left.saturating_sub(u32::from(played_now));
        let when = format!("with {left} tricks to play{also}");
        check_hand_size(
            (seat, count, expected),
            &when,
            &index_path(hands_path, seat),
            problems,
        );
    }
}

/// A hand that is either given card by card or, in a view, hidden with only its size known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandEntry {
    Known(CardSet),
    Hidden(u32),
}

impl HandEntry {
    /// How many cards the hand holds.
    pub fn count(&self) -> u32 {
        match self {
            HandEntry::Known(set) => set.len(),
            HandEntry::Hidden(k) => *k,
        }
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
    fill_places(entries, (&[], &mut []), unknown, (path, "counts"), problems)
}

/// [`fill_hidden`] where each hidden hand already holds its `shown` cards (those all know it
/// holds; none where `shown` has no entry) and takes the rest of its count, then the empty
/// `slots` of an ordered place (a talon) are filled; the mismatch message says `what` adds up.
pub fn fill_places(
    entries: &[HandEntry],
    (shown, slots): (&[CardSet], &mut [Option<Card>]),
    unknown: CardSet,
    (path, what): (&str, &str),
    problems: &mut Problems,
) -> Vec<CardSet> {
    let shown_at = |seat: usize| shown.get(seat).copied().unwrap_or_default();
    let missing = |seat: usize, entry: &HandEntry| match entry {
        HandEntry::Hidden(n) => n.saturating_sub(shown_at(seat).len()),
        HandEntry::Known(_) => 0,
    };
    let in_hands: u32 = entries.iter().enumerate().map(|(s, e)| missing(s, e)).sum();
    let wanted = in_hands + slots.iter().filter(|c| c.is_none()).count() as u32;
    if wanted != unknown.len() {
        let left = unknown.len();
        let message =
            format!("the hidden {what} add up to {wanted}, but {left} cards are unaccounted for");
        problems.push(path, message);
    }
    let mut pool = unknown.iter();
    let hands = entries.iter().enumerate().map(|(seat, entry)| match entry {
        HandEntry::Known(set) => *set,
        HandEntry::Hidden(_) => {
            let rest: CardSet = pool.by_ref().take(missing(seat, entry) as usize).collect();
            shown_at(seat) | rest
        }
    });
    let hands = hands.collect();
    for slot in slots.iter_mut().filter(|c| c.is_none()) {
        *slot = pool.next();
    }
    hands
}

/// [`fill_places`] (the mismatch reported `at` a path, saying what adds up) with the empty
/// slots of an ordered `pile` (a talon or a stock, top first): the hands in an array of `N`
/// and the pile's cards, unless a problem was reported since `before`.
pub fn fill_pile<const N: usize>(
    entries: &[HandEntry],
    (shown, pile): (&[CardSet], &mut [Option<Card>]),
    unknown: CardSet,
    (at, before): ((&str, &str), usize),
    problems: &mut Problems,
) -> Option<([CardSet; N], Vec<Card>)> {
    let filled = fill_places(entries, (shown, &mut *pile), unknown, at, problems);
    let hands = seat_array(&filled);
    let pile = pile.iter().flatten().copied().collect();
    (problems.0.len() == before).then_some((hands, pile))
}

/// Cards as tokens, or their count where hidden.
pub fn cards_json(
    cards: impl IntoIterator<Item = Card>,
    hidden: bool,
    name: impl Fn(Card) -> String,
) -> Value {
    let cards = cards.into_iter();
    if hidden {
        json!(cards.count())
    } else {
        json!(cards.map(name).collect::<Vec<_>>())
    }
}

/// One hand per seat, each as [`cards_json`]; in a view (`observer`), the others' as counts.
pub fn hands_json(
    hands: &[CardSet],
    observer: Option<Seat>,
    name: fn(Card) -> String,
) -> Vec<Value> {
    let hidden = |seat: usize| observer.is_some_and(|o| o != seat);
    let hands = hands.iter().enumerate();
    hands
        .map(|(s, &hand)| cards_json(hand, hidden(s), name))
        .collect()
}

/// The token of a card that a view's seat did not see, in a move of a hidden seat.
pub const HIDDEN_CARD: &str = "??";
