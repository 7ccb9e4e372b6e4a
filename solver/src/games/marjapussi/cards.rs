//! The Marjapussi deck: ranks `6 7 8 9 J Q K T A` low to high (spec 2.2) and card points (2.3).

use super::config::CardValues;
use crate::cards::{Card, CardSet};
use crate::suited::{power_of, suited_card, Suit, SuitedDeck};

pub const DECK: SuitedDeck = SuitedDeck { ranks: "6789JQKTA" };

pub const JACK: u8 = 4;
pub const QUEEN: u8 = 5;
pub const KING: u8 = 6;
pub const TEN: u8 = 7;
pub const ACE: u8 = 8;

/// The cards of a deck of 36, 32 (no 6s) or 28 (no 6s or 7s) cards.
pub fn deck(size: u8) -> CardSet {
    DECK.cards_from(match size {
        32 => 1,
        28 => 2,
        _ => 0,
    })
}

/// Every card point of the deck (any of its sizes: the 6s and 7s it may leave out are worth
/// none).
pub fn total_points(values: CardValues) -> i32 {
    match values {
        CardValues::Original => 120,
        CardValues::Simplified => 140,
    }
}

/// Every card of one power, one per suit.
pub const fn of_power(power: u8) -> CardSet {
    CardSet::from_bits(power_bits(power))
}

pub fn king(suit: Suit) -> Card {
    suited_card(suit, KING)
}

pub fn queen(suit: Suit) -> Card {
    suited_card(suit, QUEEN)
}

/// The kings and queens of every suit.
pub const ALL_MARRIAGES: CardSet = CardSet::from_bits(power_bits(KING) | power_bits(QUEEN));

/// The king and queen of a suit.
pub fn marriage(suit: Suit) -> CardSet {
    CardSet::single(king(suit)) | CardSet::single(queen(suit))
}

pub fn points(card: Card, values: CardValues) -> i32 {
    // A slot for each of a suit's 16 places, so that no power needs a bounds check.
    const ORIGINAL: [i32; 16] = [0, 0, 0, 0, 2, 3, 4, 10, 11, 0, 0, 0, 0, 0, 0, 0];
    const SIMPLIFIED: [i32; 16] = [0, 0, 0, 0, 5, 5, 5, 10, 10, 0, 0, 0, 0, 0, 0, 0];
    let table = match values {
        CardValues::Original => &ORIGINAL,
        CardValues::Simplified => &SIMPLIFIED,
    };
    table[usize::from(power_of(card)) & 15]
}

/// The kings and queens of the marriages `hand` holds whole.
pub fn marriages_held(hand: CardSet) -> CardSet {
    let queens = hand.bits() & hand.bits() >> (KING - QUEEN) & power_bits(QUEEN);
    CardSet::from_bits(queens | queens << (KING - QUEEN))
}

/// The cards of `power` in every suit, as bits.
const fn power_bits(power: u8) -> u64 {
    0x0001_0001_0001_0001u64 << power
}

/// The cards worth card points (a jack and up), as bits.
pub const POINT_CARDS: u64 =
    power_bits(JACK) | power_bits(QUEEN) | power_bits(KING) | power_bits(TEN) | power_bits(ACE);

/// With simplified card values, the cards of each value (5 and 10), as bits.
pub const SIMPLIFIED_CLASSES: [u64; 2] = [
    power_bits(JACK) | power_bits(QUEEN) | power_bits(KING),
    power_bits(TEN) | power_bits(ACE),
];

pub fn set_points(set: CardSet, values: CardValues) -> i32 {
    let count = |power: u8| (set.bits() & power_bits(power)).count_ones() as i32;
    match values {
        CardValues::Original => {
            2 * count(JACK) + 3 * count(QUEEN) + 4 * count(KING) + 10 * count(TEN) + 11 * count(ACE)
        }
        CardValues::Simplified => {
            5 * (count(JACK) + count(QUEEN) + count(KING)) + 10 * (count(TEN) + count(ACE))
        }
    }
}
