//! The talon: an ordered pile drawn from the top (spec 3.2, 4.5), and the turning of the trump
//! card in `turned` mode (3.3).
//!
//! Stored as a stack: `cards[len - 1]` is the top, `cards[0]` the bottom, so a draw is one
//! decrement. Text and JSON list the talon top first, as the spec does.

use super::cards::{suit_of, JOKER};
use crate::cards::{Card, CardSet};
use crate::game::mix;
use crate::rng::Rng;
use crate::suited::Suit;

/// The most cards a talon can hold: the 53-card joker deck.
const CAPACITY: usize = 53;

#[derive(Clone, Copy, Debug)]
pub struct Talon {
    cards: [Card; CAPACITY],
    len: u8,
}

impl PartialEq for Talon {
    fn eq(&self, other: &Talon) -> bool {
        self.bottom_first() == other.bottom_first()
    }
}

impl Eq for Talon {}

/// The outcome of turning a trump card (spec 3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnedTrump {
    pub card: Card,
    /// The suit of the card; `None` only for a joker forced up by the guard.
    pub trump: Option<Suit>,
    /// Cards that could not name trump and went back into the middle of the talon.
    pub reinserted: CardSet,
}

impl Talon {
    pub const EMPTY: Talon = Talon {
        cards: [Card::new(0); CAPACITY],
        len: 0,
    };

    /// A talon from its cards listed top first.
    pub fn from_top_first(cards: &[Card]) -> Talon {
        let mut talon = Talon::EMPTY;
        for (i, &card) in cards.iter().rev().enumerate() {
            talon.cards[i] = card;
        }
        talon.len = cards.len() as u8;
        talon
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn bottom_first(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    pub fn top_first(&self) -> impl Iterator<Item = Card> + '_ {
        self.bottom_first().iter().rev().copied()
    }

    pub fn bottom(&self) -> Option<Card> {
        self.bottom_first().first().copied()
    }

    pub fn set(&self) -> CardSet {
        self.bottom_first().iter().copied().collect()
    }

    /// Takes the top card.
    pub fn draw(&mut self) -> Option<Card> {
        self.len = self.len.checked_sub(1)?;
        Some(self.cards[self.len as usize])
    }

    /// Puts `card` at `depth` cards below the top (0 = on top, `len` = at the bottom).
    fn insert_below_top(&mut self, depth: usize, card: Card) {
        let len = self.len();
        let at = len - depth;
        self.cards.copy_within(at..len, at + 1);
        self.cards[at] = card;
        self.len += 1;
    }

    fn put_under(&mut self, card: Card) {
        self.insert_below_top(self.len(), card);
    }

    /// Folds the order into a transposition key.
    pub fn hash_into(&self, mut h: u64) -> u64 {
        for chunk in self.bottom_first().chunks(8) {
            h = mix(
                h,
                chunk
                    .iter()
                    .fold(0u64, |acc, c| (acc << 8) | (u64::from(c.index()) + 1)),
            );
        }
        mix(h, self.len as u64)
    }

    /// Puts `new` in the slot of `old` (a card of the talon).
    pub fn replace(&mut self, old: Card, new: Card) {
        let len = self.len();
        if let Some(slot) = self.cards[..len].iter_mut().find(|c| **c == old) {
            *slot = new;
        }
    }

    /// Exchanges the slots of `a` and `b` (cards of the talon).
    pub fn swap(&mut self, a: Card, b: Card) {
        let cards = &mut self.cards[..self.len as usize];
        let slot = |card: Card| cards.iter().position(|&c| c == card);
        if let (Some(i), Some(j)) = (slot(a), slot(b)) {
            cards.swap(i, j);
        }
    }

    /// Refills the positions not in `fixed` with `cards`, in an order shuffled by `rng`.
    pub fn refill(&mut self, fixed: CardSet, cards: CardSet, rng: &mut Rng) {
        let mut fresh = rng.shuffled(cards).into_iter();
        for slot in &mut self.cards[..self.len as usize] {
            if !fixed.contains(*slot) {
                *slot = fresh.next().expect("as many cards as free positions");
            }
        }
    }

    /// `turn_trump()` of spec 3.3: turns the top card; a card that cannot name trump (a spade
    /// unless `spades_can_be_trump`, or the joker) goes back to a uniformly random position that
    /// is neither top nor bottom, and the next card is turned. The turned card goes face up
    /// under the talon. Guard for small custom talons: once no card above the bottom could
    /// name trump, the card in hand is turned whatever it is (spades become trump).
    pub fn turn_trump(&mut self, spades_can_be_trump: bool, rng: &mut Rng) -> Option<TurnedTrump> {
        let names_trump =
            |c: Card| c != JOKER && (spades_can_be_trump || suit_of(c) != Some(Suit::Spades));
        let mut reinserted = CardSet::EMPTY;
        loop {
            let card = self.draw()?;
            let above_bottom = &self.cards[1.min(self.len())..self.len()];
            if names_trump(card) || !above_bottom.iter().any(|&c| names_trump(c)) {
                self.put_under(card);
                return Some(TurnedTrump {
                    card,
                    trump: suit_of(card),
                    reinserted,
                });
            }
            let depth = 1 + rng.below(self.len() - 1);
            self.insert_below_top(depth, card);
            reinserted.insert(card);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mustamaija::cards::{parse_card, STANDARD_DECK};

    fn talon(tokens: &str) -> Talon {
        let cards: Vec<Card> = tokens
            .split_whitespace()
            .map(|t| parse_card(t, STANDARD_DECK).expect("a card"))
            .collect();
        Talon::from_top_first(&cards)
    }

    #[test]
    fn draws_come_from_the_top_and_the_bottom_comes_last() {
        let mut t = talon("C2 D3 HK");
        assert_eq!(t.bottom(), parse_card("HK", STANDARD_DECK));
        assert_eq!(t.draw(), parse_card("C2", STANDARD_DECK));
        assert_eq!(t.draw(), parse_card("D3", STANDARD_DECK));
        assert_eq!(t.draw(), parse_card("HK", STANDARD_DECK));
        assert_eq!(t.draw(), None);
    }

    #[test]
    fn a_turned_spade_goes_into_the_middle_never_top_or_bottom() {
        let s7 = parse_card("S7", STANDARD_DECK).unwrap();
        let mut depths = CardSet::EMPTY;
        for seed in 0..200 {
            let mut t = talon("S7 HK C2 C3 C4 C5");
            let turned = t.turn_trump(false, &mut Rng::seeded(seed)).expect("a card");
            assert_eq!(turned.card, parse_card("HK", STANDARD_DECK).unwrap());
            assert_eq!(turned.trump, Some(Suit::Hearts));
            assert_eq!(turned.reinserted, CardSet::single(s7));
            let order: Vec<Card> = t.top_first().collect();
            assert_eq!(
                order.last(),
                Some(&turned.card),
                "the trump card lies under the talon"
            );
            // S7 went below HK (never on top) and above C5 (never at the bottom); HK came off the top since.
            let at = order
                .iter()
                .position(|&c| c == s7)
                .expect("S7 is back in the talon");
            assert!(at < 4, "seed {seed}: S7 at {at}");
            depths.insert(Card::new(at as u8));
        }
        assert_eq!(depths.len(), 4, "every middle position occurs");
    }

    #[test]
    fn swapping_two_talon_cards_exchanges_their_slots() {
        let mut t = talon("C2 D3 HK S4");
        let card = |token| parse_card(token, STANDARD_DECK).unwrap();
        t.swap(card("D3"), card("S4"));
        assert_eq!(t, talon("C2 S4 HK D3"));
        t.swap(card("C2"), card("C2"));
        assert_eq!(t, talon("C2 S4 HK D3"), "a card swapped with itself stays");
    }

    #[test]
    fn the_guard_turns_a_spade_when_no_other_card_can_come_up() {
        let mut t = talon("S2 S3 HK");
        let turned = t.turn_trump(false, &mut Rng::seeded(1)).expect("a card");
        assert_eq!(turned.trump, Some(Suit::Spades));
        assert_eq!(t.bottom(), Some(turned.card));
        assert_eq!(t.len(), 3);
    }
}
