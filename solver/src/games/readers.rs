//! Shared readers of requests: a deal or a snapshot opened (its head fields and hands) and
//! closed (its unknown fields reported, the cards no place lists placed), a new deal's dealer
//! drawn from its seed, and a non-negative integer.

use crate::cards::{Card, CardSet};
use crate::game::Seat;
use crate::games::cardlist::{
    fill_hidden, fill_pile, place_unknown, CardLedger, Count, HandEntry, WireDeck,
};
use crate::games::named::Named;
use crate::games::wire::{names, snapshot_head};
use crate::problems::{kind, Fields, Problems};
use crate::rng::Rng;
use serde_json::Value;

/// A part of a request read into a game: its JSON value, its path, and the seat whose view it
/// is (`None`: a complete position).
#[derive(Clone, Copy)]
pub struct Source<'a> {
    pub value: &'a Value,
    pub path: &'a str,
    pub observer: Option<Seat>,
}

/// A deal or a snapshot being read: its fields and the cards read so far, its head (the fields
/// read before the hands) and its places of cards (the hands first, then those the game adds).
pub struct Given<'a, H> {
    pub f: Fields<'a>,
    pub ledger: CardLedger,
    pub head: H,
    /// Each place of cards; no hand where `hands` is absent or of another length.
    pub entries: Vec<HandEntry>,
    /// The number of problems before the reading began.
    pub before: usize,
    seats: usize,
    observer: Option<Seat>,
    path: String,
    hands_path: String,
}

/// The head of a snapshot: the dealer, the phase and the seat to move.
pub type SnapshotHead<P> = (u8, Option<P>, Option<u8>);

impl<'a, H> Given<'a, H> {
    /// Reads the hands of `f` (the `given` part of a request, of `seats` seats, its cards of
    /// `deck`, of the `dealt` size in a deal) after its `head`.
    fn hands(
        (mut f, given, before): (Fields<'a>, Source, usize),
        head: H,
        (deck, seats, dealt): (&WireDeck, usize, Option<(u32, Count)>),
        problems: &mut Problems,
    ) -> Self {
        let (path, observer) = (given.path, given.observer);
        let mut ledger = deck.ledger();
        let hands_path = f.path("hands");
        let entries = ledger.hands(&mut f, seats, observer, dealt, problems);
        let path = path.to_string();
        Given {
            f,
            ledger,
            head,
            entries,
            before,
            seats,
            observer,
            path,
            hands_path,
        }
    }

    /// Reports the fields not read. With no problem since the opening and every one of the
    /// `places` read: the head, the places and the ledger of the cards they list.
    fn finished(
        self,
        places: usize,
        problems: &mut Problems,
    ) -> Option<(H, Vec<HandEntry>, CardLedger)> {
        self.f.finish(problems);
        if problems.0.len() > self.before || self.entries.len() != places {
            return None;
        }
        Some((self.head, self.entries, self.ledger))
    }
}

impl<'a, P: Named> Given<'a, SnapshotHead<P>> {
    /// Opens the snapshot `given` (of `seats` seats, its cards of `deck`): its head as
    /// [`snapshot_head`] reads it (`dealer`, `phase` and `hands` required), then its hands (a
    /// seat other than the view's may be given as a count).
    pub fn snapshot(
        given: Source<'a>,
        deck: &WireDeck,
        seats: usize,
        problems: &mut Problems,
    ) -> Self {
        let before = problems.0.len();
        let mut f = Fields::of(given.value, given.path, problems);
        let required = ["dealer", "phase", "hands"];
        let head = snapshot_head(&mut f, &required, seats, names(), problems);
        Given::hands((f, given, before), head, (deck, seats, None), problems)
    }

    /// Reports the fields not read. With no problem since the opening and every one of the
    /// `places` read: the phase, the places and the ledger of the cards they list.
    pub fn settle(
        self,
        places: usize,
        problems: &mut Problems,
    ) -> Option<(P, Vec<HandEntry>, CardLedger)> {
        let (head, entries, ledger) = self.finished(places, problems)?;
        Some((head.1?, entries, ledger))
    }

    /// [`Given::settle`], then the cards of each place, those that no place lists dealt into
    /// the hidden ones by [`place_unknown`].
    pub fn close(self, places: usize, problems: &mut Problems) -> Option<(P, Vec<CardSet>)> {
        let (path, hands_path) = (self.path.clone(), self.hands_path.clone());
        let (phase, entries, ledger) = self.settle(places, problems)?;
        let (deck, unknown) = (ledger.deck(), ledger.deck().cards - ledger.all());
        let placed = place_unknown(&entries, unknown, &path, &hands_path, deck.format, problems)?;
        Some((phase, placed))
    }
}

impl<'a> Given<'a, Option<u8>> {
    /// Opens the deal `given` (of `seats` seats, its cards of `deck`), reporting the
    /// `required` fields missing: its dealer, then its hands, each of the `dealt` size (a seat
    /// other than the view's may be given as a count).
    pub fn deal(
        (given, required): (Source<'a>, &[&str]),
        (deck, seats): (&WireDeck, usize),
        dealt: (u32, Count),
        problems: &mut Problems,
    ) -> Self {
        let before = problems.0.len();
        let mut f = Fields::of(given.value, given.path, problems);
        f.require(required, problems);
        let dealer = f.seat("dealer", seats, problems);
        let dealt = (deck, seats, Some(dealt));
        Given::hands((f, given, before), dealer, dealt, problems)
    }

    /// Reports the fields not read; with every hand read, reads the place `more` adds to them
    /// (if any). With no problem since the opening: the cards of each place, those that no
    /// place lists dealt into the hidden ones by [`fill_hidden`].
    pub fn close(
        self,
        more: impl FnOnce(&mut CardLedger, &mut Problems) -> Option<HandEntry>,
        problems: &mut Problems,
    ) -> Option<Vec<CardSet>> {
        let Given {
            f,
            mut ledger,
            mut entries,
            before,
            seats,
            hands_path,
            ..
        } = self;
        f.finish(problems);
        if entries.len() != seats {
            return None;
        }
        entries.extend(more(&mut ledger, problems));
        if problems.0.len() > before {
            return None;
        }
        let unknown = ledger.deck().cards - ledger.all();
        let filled = fill_hidden(&entries, unknown, &hands_path, problems);
        (problems.0.len() == before).then_some(filled)
    }

    /// The pile `key` dealt in order after the hands (a talon or a stock, top first) as
    /// [`CardLedger::dealt_pile`] reads it: `size` cards, `rule` saying why.
    pub fn pile(
        &mut self,
        (key, size, rule): (&'static str, usize, &str),
        problems: &mut Problems,
    ) -> Vec<Option<Card>> {
        let (value, at) = (self.f.get(key), self.f.path(key));
        let may_hide = self.observer.is_some();
        let size = (key, size, rule);
        self.ledger
            .dealt_pile((value, &at), may_hide, size, problems)
    }

    /// Reports the fields not read. With no problem since the opening: the hands and the
    /// cards of `pile`, those that no place lists (less those put `aside`) dealt into the
    /// hidden ones by [`fill_pile`], a mismatch reported `at` a path saying what adds up.
    pub fn close_pile<const N: usize>(
        self,
        (pile, aside): (&mut [Option<Card>], CardSet),
        at: (&str, &str),
        problems: &mut Problems,
    ) -> Option<([CardSet; N], Vec<Card>)> {
        let (before, seats) = (self.before, self.seats);
        let (_, entries, ledger) = self.finished(seats, problems)?;
        let unknown = ledger.deck().cards - ledger.all() - aside;
        fill_pile(&entries, (&[], pile), unknown, (at, before), problems)
    }
}

/// The dealer of a new deal of `n` seats from `seed`: the field `dealer` of `setup` where given,
/// else a seat drawn from the generator of `seed`, returned to deal the cards.
pub fn seeded_dealer(
    seed: u64,
    setup: &mut Fields,
    n: usize,
    problems: &mut Problems,
) -> (u8, Rng) {
    let mut rng = Rng::seeded(seed);
    let dealer = setup.seat("dealer", n, problems);
    let dealer = dealer.unwrap_or_else(|| rng.below(n) as u8);
    (dealer, rng)
}

/// `value` (at `path`) as a non-negative integer, such as a seed; anything else reported.
pub fn unsigned(value: &Value, path: &str, problems: &mut Problems) -> Option<u64> {
    let n = value.as_u64();
    if n.is_none() {
        let message = format!("expected a non-negative integer, got {}", kind(value));
        problems.push(path, message);
    }
    n
}
