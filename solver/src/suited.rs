//! The four French suits and the text notation of suited decks (`SA`, `HT`, `C6`).
//!
//! Games with four suits lay their cards out as `suit * 16 + rank power`, so a suit is one
//! 16-bit lane of a [`CardSet`] and "the highest card of a suit" is one `leading_zeros`. Each
//! game names its ranks, lowest first, in a [`SuitedDeck`].

use crate::cards::{Card, CardSet};
use std::fmt;

/// A suit; the index order is the order of the lanes in a card set.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Suit {
    Spades = 0,
    Hearts = 1,
    Diamonds = 2,
    Clubs = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit of index `i` (of its two low bits). A match, not an index into
    /// [`Suit::ALL`]: the compiler sees it is the identity and reads no table.
    pub const fn from_index(i: usize) -> Suit {
        match i & 3 {
            0 => Suit::Spades,
            1 => Suit::Hearts,
            2 => Suit::Diamonds,
            _ => Suit::Clubs,
        }
    }

    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|s| s.letter() == c)
    }

    /// Every card slot of this suit.
    pub const fn mask(self) -> CardSet {
        CardSet::from_bits(0xffffu64 << (16 * self as u32))
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The card of `suit` with rank power `power` (0 = the lowest rank of the game).
pub const fn suited_card(suit: Suit, power: u8) -> Card {
    Card::new(suit as u8 * 16 + power)
}

pub const fn suit_of(card: Card) -> Suit {
    Suit::from_index((card.index() / 16) as usize)
}

pub const fn power_of(card: Card) -> u8 {
    card.index() % 16
}

/// Per 16-bit lane, the bits whose places a mask leaves out removed, the bits in it moved up
/// to the lane's top in their order (Hacker's Delight's compress, leftwards, four lanes at
/// once): the moves of each of the four rounds, found once for a mask.
pub struct Squeeze {
    mask: u64,
    rounds: [u64; 4],
}

impl Squeeze {
    pub fn of(mask: u64) -> Squeeze {
        // Per lane, the bits that stay after shifting right by 1, 2, 4 and 8.
        const STAY: [u64; 4] = [
            0x7fff_7fff_7fff_7fff,
            0x3fff_3fff_3fff_3fff,
            0x0fff_0fff_0fff_0fff,
            0x00ff_00ff_00ff_00ff,
        ];
        let mut m = mask;
        let mut free = !m >> 1 & STAY[0];
        let mut rounds = [0; 4];
        for (i, round) in rounds.iter_mut().enumerate() {
            // Per bit, whether the count of free places above it in its lane is odd.
            let mut odd = free ^ (free >> 1 & STAY[0]);
            odd ^= odd >> 2 & STAY[1];
            odd ^= odd >> 4 & STAY[2];
            odd ^= odd >> 8 & STAY[3];
            let moving = odd & m;
            m = m ^ moving | moving << (1 << i);
            free &= !odd;
            *round = moving;
        }
        Squeeze { mask, rounds }
    }

    /// `bits`' bits within the mask, moved as the mask's are.
    pub fn apply(&self, bits: u64) -> u64 {
        let mut x = bits & self.mask;
        for (i, &moving) in self.rounds.iter().enumerate() {
            let t = x & moving;
            x = x ^ t | t << (1 << i);
        }
        x
    }
}

/// The rank letters of a suited game, lowest first: the position of a letter is its power.
#[derive(Clone, Copy, Debug)]
pub struct SuitedDeck {
    pub ranks: &'static str,
}

impl SuitedDeck {
    /// Parses a token such as `SA`; `None` if it names no card of this deck.
    pub fn parse(&self, token: &str) -> Option<Card> {
        let mut chars = token.chars();
        let suit = Suit::from_letter(chars.next()?)?;
        let rank = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        let power = self.ranks.find(rank)?;
        Some(suited_card(suit, power as u8))
    }

    pub fn format(&self, card: Card) -> String {
        let rank = self.ranks.as_bytes()[power_of(card) as usize] as char;
        format!("{}{}", suit_of(card).letter(), rank)
    }

    /// Every card of the deck whose power is at least `lowest_power`.
    pub fn cards_from(&self, lowest_power: u8) -> CardSet {
        let lane = ((1u64 << self.ranks.len()) - 1) & !((1u64 << lowest_power) - 1);
        CardSet::from_bits(lane | lane << 16 | lane << 32 | lane << 48)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_reject_strangers() {
        let deck = SuitedDeck { ranks: "6789JQKTA" };
        for card in deck.cards_from(0) {
            assert_eq!(deck.parse(&deck.format(card)), Some(card));
        }
        assert_eq!(deck.cards_from(0).len(), 36);
        assert_eq!(deck.cards_from(1).len(), 32);
        assert_eq!(deck.parse("Q7"), None);
        assert_eq!(deck.parse("S"), None);
        assert_eq!(deck.parse("SAA"), None);
        assert_eq!(deck.parse("S2"), None);
    }
}
