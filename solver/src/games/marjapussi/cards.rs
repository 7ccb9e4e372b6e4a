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

/// Every card of one power, one per suit.
pub fn of_power(power: u8) -> CardSet {
    Suit::ALL
        .into_iter()
        .map(|s| suited_card(s, power))
        .collect()
}

pub fn king(suit: Suit) -> Card {
    suited_card(suit, KING)
}

pub fn queen(suit: Suit) -> Card {
    suited_card(suit, QUEEN)
}

/// The king and queen of a suit.
pub fn marriage(suit: Suit) -> CardSet {
    CardSet::single(king(suit)) | CardSet::single(queen(suit))
}

pub fn points(card: Card, values: CardValues) -> i32 {
    let table: [i32; 9] = match values {
        CardValues::Original => [0, 0, 0, 0, 2, 3, 4, 10, 11],
        CardValues::Simplified => [0, 0, 0, 0, 5, 5, 5, 10, 10],
    };
    table[power_of(card) as usize]
}

pub fn set_points(set: CardSet, values: CardValues) -> i32 {
    set.iter().map(|c| points(c, values)).sum()
}
