//! The Mustamaija deck (spec 2.1-2.4): 52 cards ranked `2 3 4 5 6 7 8 9 T J Q K A` in every
//! suit, plus the joker `JK` of the `translator_joker` preset, and who beats whom (4.3, 4.4).
//!
//! Cards use the shared suited layout (`suit * 16 + power`, power 0 = the two). The joker sits
//! in an unused slot of the clubs lane, so the suit masks here cover powers 0..=12 only and the
//! joker belongs to no suit.

use crate::cards::{Card, CardSet};
use crate::suited::{suited_card, Suit, SuitedDeck};

pub const DECK: SuitedDeck = SuitedDeck {
    ranks: "23456789TJQKA",
};

pub const QUEEN: u8 = 10;
pub const KING: u8 = 11;

/// The joker of the house variant (spec 7.19): no suit, led alone, never beats or is beaten.
pub const JOKER: Card = Card::new(63);

/// The queen of spades, the mustamaija of every preset but `translator_joker`.
pub const QUEEN_OF_SPADES: Card = suited_card(Suit::Spades, QUEEN);

const LANE: u64 = (1 << 13) - 1;

/// The 13 cards of a suit (the joker's slot excluded).
pub const fn suit_cards(suit: Suit) -> CardSet {
    CardSet::from_bits(LANE << (16 * suit as u32))
}

/// The 52 suited cards.
pub const STANDARD_DECK: CardSet = CardSet::from_bits(LANE | LANE << 16 | LANE << 32 | LANE << 48);

/// The suit of a card; the joker has none.
pub fn suit_of(card: Card) -> Option<Suit> {
    (card != JOKER).then(|| crate::suited::suit_of(card))
}

/// The cards of `card`'s suit that rank above it.
pub fn higher_in_suit(card: Card) -> CardSet {
    let above = !((card.bit() << 1).wrapping_sub(1));
    CardSet::from_bits(above) & crate::suited::suit_of(card).mask() & STANDARD_DECK
}

/// The king and queen of a suit.
pub fn marriage(suit: Suit) -> CardSet {
    CardSet::single(suited_card(suit, KING)) | CardSet::single(suited_card(suit, QUEEN))
}

/// The cards of `hand` that beat `attacking` (spec 4.3): a higher card of its suit, or any trump
/// against a non-trump card. The maria neither beats nor is beaten (4.4).
pub fn beaters(attacking: Card, hand: CardSet, trump: Option<Suit>, maria: Card) -> CardSet {
    let Some(suit) = suit_of(attacking).filter(|_| attacking != maria) else {
        return CardSet::EMPTY;
    };
    let mut beaters = hand & higher_in_suit(attacking);
    if let Some(trump) = trump.filter(|&t| t != suit) {
        beaters |= hand & suit_cards(trump);
    }
    beaters - CardSet::single(maria)
}

pub fn card_name(card: Card) -> String {
    if card == JOKER {
        "JK".to_string()
    } else {
        DECK.format(card)
    }
}

/// Parses a token of the deck `deck` (`JK` only where the deck has the joker).
pub fn parse_card(token: &str, deck: CardSet) -> Option<Card> {
    let card = if token == "JK" {
        Some(JOKER)
    } else {
        DECK.parse(token)
    };
    card.filter(|&c| deck.contains(c))
}

pub fn set_text(set: CardSet) -> String {
    set.iter().map(card_name).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_has_52_suited_cards_and_the_joker_has_no_suit() {
        assert_eq!(STANDARD_DECK.len(), 52);
        assert!(!STANDARD_DECK.contains(JOKER));
        assert_eq!(suit_of(JOKER), None);
        assert_eq!(card_name(QUEEN_OF_SPADES), "SQ");
        assert_eq!(parse_card("JK", STANDARD_DECK), None);
        assert_eq!(
            parse_card("JK", STANDARD_DECK | CardSet::single(JOKER)),
            Some(JOKER)
        );
        for suit in Suit::ALL {
            assert_eq!(suit_cards(suit).len(), 13);
        }
    }
}
