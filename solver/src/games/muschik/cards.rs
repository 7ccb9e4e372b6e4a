//! The Muschik deck (spec 2.1 to 2.3): ranks `7 8 9 T J Q K A` low to high in every suit, no
//! card points, and the reduced decks of the smaller tables as masks over the eight ranks.

use crate::cards::{Card, CardSet};
use crate::suited::{suit_of, suited_card, Suit, SuitedDeck};

pub const DECK: SuitedDeck = SuitedDeck { ranks: "789TJQKA" };

pub const ACE: u8 = 7;

/// Every rank, as a mask with bit `power` set for each rank in the deck.
pub const ALL_RANKS: u8 = 0xff;

/// The default ranks of spec 2.3 for `players` seats: 7–A, 8–A, 9–A or J–A.
pub const fn default_ranks(players: u8) -> u8 {
    match players {
        5 => ALL_RANKS,
        4 => 0b1111_1110,
        3 => 0b1111_1100,
        _ => 0b1111_0000,
    }
}

/// The cards of the ranks in `ranks` (bit `power` set), in all four suits.
pub const fn deck(ranks: u8) -> CardSet {
    let lane = ranks as u64;
    CardSet::from_bits(lane | lane << 16 | lane << 32 | lane << 48)
}

/// The rank letters of a mask, lowest first (`"9TJQKA"`).
pub fn ranks_text(ranks: u8) -> String {
    DECK.ranks
        .chars()
        .enumerate()
        .filter(|&(power, _)| ranks & 1 << power != 0)
        .map(|(_, letter)| letter)
        .collect()
}

/// The mask of a string of rank letters, or the first letter that names no rank.
pub fn parse_ranks(text: &str) -> Result<u8, char> {
    text.chars()
        .try_fold(0u8, |mask, letter| match DECK.ranks.find(letter) {
            Some(power) => Ok(mask | 1 << power),
            None => Err(letter),
        })
}

/// The trump ace, the card of the trump-ace duties (spec 4.4).
pub const fn trump_ace(trump: Suit) -> Card {
    suited_card(trump, ACE)
}

/// The cards of `card`'s suit that rank above it.
pub fn higher_in_suit(card: Card) -> CardSet {
    let above = !((card.bit() << 1).wrapping_sub(1));
    CardSet::from_bits(above) & suit_of(card).mask()
}

/// Every card `c` with `beats(c, winning)` (spec 4.4): a higher card of the same suit, or any
/// trump when `winning` is not a trump.
pub fn beaters(winning: Card, trump: Suit) -> CardSet {
    if suit_of(winning) == trump {
        higher_in_suit(winning)
    } else {
        higher_in_suit(winning) | trump.mask()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_of_spec_2_3_have_their_sizes() {
        assert_eq!(deck(default_ranks(5)).len(), 32);
        assert_eq!(deck(default_ranks(4)).len(), 28);
        assert_eq!(deck(default_ranks(3)).len(), 24);
        assert_eq!(deck(default_ranks(2)).len(), 16);
        assert_eq!(ranks_text(default_ranks(3)), "9TJQKA");
        assert_eq!(parse_ranks("JQKA"), Ok(default_ranks(2)));
        assert_eq!(parse_ranks("JQX"), Err('X'));
    }

    #[test]
    fn a_trump_beats_any_plain_card_and_only_higher_trumps_beat_a_trump() {
        let card = |t: &str| DECK.parse(t).expect("a card");
        let over_dk = beaters(card("DK"), Suit::Clubs);
        assert!(over_dk.contains(card("DA")) && over_dk.contains(card("C7")));
        assert!(!over_dk.contains(card("DQ")) && !over_dk.contains(card("SA")));
        let over_c9 = beaters(card("C9"), Suit::Clubs);
        assert!(
            over_c9.contains(card("CT"))
                && !over_c9.contains(card("C8"))
                && !over_c9.contains(card("DA"))
        );
    }
}
