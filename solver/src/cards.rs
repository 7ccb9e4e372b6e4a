//! Cards and card sets shared by every game.
//!
//! A [`Card`] is an index below 64; what the index means (suit, rank, twin copy) is each game's
//! business. A [`CardSet`] is a 64-bit mask over those indices, so hands, tricks and piles of won
//! cards are single machine words and set operations are single instructions.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};

/// One card, as an index into its game's deck layout (`0..64`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(u8);

impl Card {
    /// The card with this index. Panics in debug builds if `index >= 64`.
    pub const fn new(index: u8) -> Card {
        debug_assert!(index < 64);
        Card(index)
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
}

/// A set of cards as a bit mask; iteration runs from the lowest index up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits)
    }

    pub const fn bits(self) -> u64 {
        self.0
    }

    pub const fn single(card: Card) -> CardSet {
        CardSet(card.bit())
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= card.bit();
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !card.bit();
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }

    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The card with the lowest index, if any.
    pub fn lowest(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(self.0.trailing_zeros() as u8))
    }

    /// The card with the highest index, if any.
    pub fn highest(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(63 - self.0.leading_zeros() as u8))
    }

    pub fn iter(self) -> CardIter {
        CardIter(self.0)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    fn not(self) -> CardSet {
        CardSet(!self.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardIter;
    fn into_iter(self) -> CardIter {
        self.iter()
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({:#018x})", self.0)
    }
}

/// Iterates the cards of a set from the lowest index up.
#[derive(Clone)]
pub struct CardIter(u64);

impl Iterator for CardIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardIter {}

/// Calls `visit` with every subset of `set` that has exactly `size` cards, in a fixed order,
/// without allocating.
pub fn for_each_subset(set: CardSet, size: u32, mut visit: impl FnMut(CardSet)) {
    let mut cards = [Card(0); 64];
    let n = set.len() as usize;
    for (slot, card) in cards.iter_mut().zip(set) {
        *slot = card;
    }
    let k = size as usize;
    if k > n {
        return;
    }
    let mut picks = [0usize; 64];
    for (i, p) in picks.iter_mut().enumerate().take(k) {
        *p = i;
    }
    loop {
        visit(picks[..k].iter().map(|&i| cards[i]).collect());
        let Some(i) = (0..k).rev().find(|&i| picks[i] != i + n - k) else {
            return;
        };
        picks[i] += 1;
        for j in i + 1..k {
            picks[j] = picks[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_follow_set_algebra() {
        let a: CardSet = [Card::new(1), Card::new(5), Card::new(63)]
            .into_iter()
            .collect();
        let b: CardSet = [Card::new(5), Card::new(7)].into_iter().collect();
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![Card::new(5)]);
        assert_eq!((a - b).len(), 2);
        assert_eq!(a.lowest(), Some(Card::new(1)));
        assert_eq!(a.highest(), Some(Card::new(63)));
        assert!(CardSet::single(Card::new(5)).is_subset(a));
    }

    #[test]
    fn subsets_of_size_k_are_counted_by_the_binomial() {
        let nine = CardSet::from_bits(0x1ff);
        let mut count = 0;
        let mut distinct = std::collections::HashSet::new();
        for_each_subset(nine, 3, |s| {
            assert_eq!(s.len(), 3);
            assert!(s.is_subset(nine));
            distinct.insert(s);
            count += 1;
        });
        assert_eq!(count, 84);
        assert_eq!(distinct.len(), 84);
        let mut none = 0;
        for_each_subset(nine, 10, |_| none += 1);
        assert_eq!(none, 0);
    }
}
