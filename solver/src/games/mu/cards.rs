//! The Mü deck (spec 2.1–2.3): five colours of twelve cards with twin 1s and 7s, card points,
//! and the text notation `R9`, `G1a`, `K7b`.
//!
//! Layout: `colour * 12 + slot`, slots `[0, 1a, 1b, 2, 3, 4, 5, 6, 7a, 7b, 8, 9]` (spec 2.2), so a
//! colour is one 12-bit lane of a [`CardSet`]. Twins keep distinct cards; [`canonical_twins`]
//! merges them for transposition keys.

use crate::cards::{Card, CardSet};
use std::fmt;

/// One of the five colours; the index order is the order of the lanes in a card set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    Red = 0,
    Blue = 1,
    Green = 2,
    Yellow = 3,
    Black = 4,
}

impl Colour {
    pub const ALL: [Colour; 5] = [
        Colour::Red,
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Black,
    ];

    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Blue => 'B',
            Colour::Green => 'G',
            Colour::Yellow => 'Y',
            Colour::Black => 'K',
        }
    }

    pub fn from_letter(c: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|k| k.letter() == c)
    }

    /// Every card of this colour.
    pub const fn mask(self) -> CardSet {
        CardSet::from_bits(0xfff << (12 * self as u32))
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The rank printed on each slot of a colour.
const SLOT_RANKS: [u8; 12] = [0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9];
const SLOT_TOKENS: [&str; 12] = [
    "0", "1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "8", "9",
];
/// Card points ("triangles") by rank (spec 2.3).
const RANK_POINTS: [i32; 10] = [1, 0, 1, 1, 1, 1, 2, 2, 1, 0];

/// Repeats a 12-bit lane pattern over the five colours.
const fn lanes(pattern: u64) -> CardSet {
    CardSet::from_bits(pattern | pattern << 12 | pattern << 24 | pattern << 36 | pattern << 48)
}

/// The slots of a colour whose card is worth `value` points.
const fn slots_worth(value: i32) -> u64 {
    let mut bits = 0;
    let mut slot = 0;
    while slot < 12 {
        if RANK_POINTS[SLOT_RANKS[slot] as usize] == value {
            bits |= 1 << slot;
        }
        slot += 1;
    }
    bits
}

/// The second copy of every twin pair (`1b`, `7b`).
const SECOND_TWINS: CardSet = lanes(1 << 2 | 1 << 9);
const ONE_POINT: CardSet = lanes(slots_worth(1));
const TWO_POINTS: CardSet = lanes(slots_worth(2));

/// The full 60-card deck.
pub const FULL_DECK: CardSet = lanes(0xfff);

pub const fn card(colour: Colour, slot: u8) -> Card {
    Card::new(colour as u8 * 12 + slot)
}

pub const fn colour_of(card: Card) -> Colour {
    Colour::ALL[(card.index() / 12) as usize]
}

/// The rank of each card index (0 past the deck), read without a division.
const RANKS: [u8; 64] = {
    let mut ranks = [0; 64];
    let mut i = 0;
    while i < 60 {
        ranks[i] = SLOT_RANKS[i % 12];
        i += 1;
    }
    ranks
};

pub const fn rank_of(card: Card) -> u8 {
    RANKS[card.index() as usize & 63]
}

/// Every card of each rank.
const RANK_MASKS: [CardSet; 10] = {
    let mut masks = [CardSet::EMPTY; 10];
    let mut slot = 0;
    while slot < 12 {
        let rank = SLOT_RANKS[slot] as usize;
        masks[rank] = CardSet::from_bits(masks[rank].bits() | lanes(1 << slot).bits());
        slot += 1;
    }
    masks
};

/// The ranks of the cards of `set`, whatever their colours, lowest first.
pub fn ranks_in(set: CardSet) -> impl Iterator<Item = u8> {
    let bits = set.bits();
    let mut slots = (0..5).fold(0, |slots, colour| slots | bits >> (12 * colour) & 0xfff);
    std::iter::from_fn(move || {
        if slots == 0 {
            return None;
        }
        let rank = SLOT_RANKS[slots.trailing_zeros() as usize];
        slots &= !rank_mask(rank).bits();
        Some(rank)
    })
}

/// Every card of one rank (two per colour for 1s and 7s).
pub const fn rank_mask(rank: u8) -> CardSet {
    RANK_MASKS[rank as usize]
}

/// By `[low][high]`, every card of the ranks `low..=high` (none where `low > high`).
const RANKS_FROM_TO: [[CardSet; 10]; 10] = {
    let mut masks = [[CardSet::EMPTY; 10]; 10];
    let mut low = 0;
    while low < 10 {
        let mut high = low;
        let mut bits = 0;
        while high < 10 {
            bits |= RANK_MASKS[high].bits();
            masks[low][high] = CardSet::from_bits(bits);
            high += 1;
        }
        low += 1;
    }
    masks
};

/// Every card of a rank from `low` to `high`, both included.
pub const fn ranks_from_to(low: u8, high: u8) -> CardSet {
    RANKS_FROM_TO[low as usize][high as usize]
}

pub const fn points(card: Card) -> i32 {
    RANK_POINTS[rank_of(card) as usize]
}

/// The card points of a set (spec 2.3).
pub const fn set_points(set: CardSet) -> i32 {
    (set.bits() & ONE_POINT.bits()).count_ones() as i32
        + 2 * (set.bits() & TWO_POINTS.bits()).count_ones() as i32
}

/// The set with each lone second twin replaced by its first twin, so that sets that differ only
/// in which twin they hold become equal (spec 2.2).
pub const fn canonical_twins(set: CardSet) -> CardSet {
    let bits = set.bits();
    let lone_second = bits & SECOND_TWINS.bits() & !(bits << 1);
    CardSet::from_bits((bits & !lone_second) | lone_second >> 1)
}

/// The set without the second twin of each pair it holds whole: one card per kind.
pub const fn without_repeated_twins(set: CardSet) -> CardSet {
    CardSet::from_bits(set.bits() & !(SECOND_TWINS.bits() & set.bits() << 1))
}

/// How many twin pairs the set holds whole.
pub const fn whole_twin_pairs(set: CardSet) -> u32 {
    (set.bits() & SECOND_TWINS.bits() & set.bits() << 1).count_ones()
}

/// The same card with the twin copy merged: the first twin for either copy.
pub const fn canonical_card(card: Card) -> Card {
    if SECOND_TWINS.contains(card) {
        Card::new(card.index() - 1)
    } else {
        card
    }
}

/// Whether the two cards are the two copies of one twin pair.
pub const fn are_twins(a: Card, b: Card) -> bool {
    a.index() != b.index() && canonical_card(a).index() == canonical_card(b).index()
}

/// The deck without the colours in `removed` (the three-player game, spec 2.4).
pub fn deck_without(removed: &[Colour]) -> CardSet {
    removed.iter().fold(FULL_DECK, |deck, c| deck - c.mask())
}

/// Parses `R9`, `G1a`, `K7b` (spec 2.2); the copy suffix is required for 1s and 7s only.
pub fn parse(token: &str) -> Option<Card> {
    let mut chars = token.chars();
    let colour = Colour::from_letter(chars.next()?)?;
    let rest = chars.as_str();
    let slot = SLOT_TOKENS.iter().position(|&t| t == rest)?;
    Some(card(colour, slot as u8))
}

pub fn format(card: Card) -> String {
    format!(
        "{}{}",
        colour_of(card),
        SLOT_TOKENS[(card.index() % 12) as usize]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_has_sixty_cards_and_sixty_points_twelve_per_colour() {
        assert_eq!(FULL_DECK.len(), 60);
        assert_eq!(set_points(FULL_DECK), 60);
        for colour in Colour::ALL {
            assert_eq!(set_points(colour.mask()), 12);
        }
        assert_eq!(
            set_points(deck_without(&[Colour::Yellow, Colour::Black])),
            36
        );
        for rank in 0..10 {
            let expected = if rank == 1 || rank == 7 { 10 } else { 5 };
            assert_eq!(rank_mask(rank).len(), expected, "rank {rank}");
        }
    }

    #[test]
    fn tokens_follow_the_spec_regex() {
        for c in FULL_DECK {
            assert_eq!(parse(&format(c)), Some(c));
        }
        for bad in ["R1", "R7", "R0a", "R9b", "X5", "R10", "r5", "R", ""] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        assert_eq!(parse("K7b").map(rank_of), Some(7));
        assert_eq!(parse("Y6").map(points), Some(2));
    }

    #[test]
    fn twins_are_merged_only_where_one_copy_is_alone() {
        let set = |tokens: &[&str]| {
            tokens
                .iter()
                .map(|t| parse(t).unwrap())
                .collect::<CardSet>()
        };
        assert_eq!(
            canonical_twins(set(&["R7b", "G1b", "B5"])),
            set(&["R7a", "G1a", "B5"])
        );
        assert_eq!(canonical_twins(set(&["R7a", "R7b"])), set(&["R7a", "R7b"]));
        assert!(are_twins(parse("Y1a").unwrap(), parse("Y1b").unwrap()));
        assert!(!are_twins(parse("Y1a").unwrap(), parse("B1a").unwrap()));
    }
}
