//! The transposition table: bounds on a position's value, the move that proved them, and the
//! search they took (so a solve can hand its most valuable entries on to the next).
//!
//! Entries are kept relative to the banked part of the value, under the position's table key
//! folded with the search side ([`Slot`]), so one table can hold every side's entries; where
//! the two sides' values add up to a known total ([`Searchable::sides_total`]) both sides
//! share one entry, kept in side 0's terms.
//!
//! Beside it, the [`OrderedTable`]: where a game names a number a position's value never falls
//! with among positions of one key ([`super::TableKey::Ordered`]), bounds proved at one number
//! serve the positions of the key on their side of it.

use super::Searchable;
use crate::game::mix;
use std::collections::HashMap;

#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    pub low: i32,
    pub high: i32,
    pub best: Option<M>,
    /// Search nodes spent under this position, over every solve that searched it.
    pub work: u32,
}

impl<M> Entry<M> {
    /// The entry with both bounds moved by `by`.
    pub fn shifted(self, by: i32) -> Entry<M> {
        Entry {
            low: self.low.saturating_add(by),
            high: self.high.saturating_add(by),
            best: self.best,
            work: self.work,
        }
    }

    /// The entry kept for side 0 read for `slot`'s side, or the other way round (the same
    /// mirror both ways); unchanged where the entry is not shared or the side is 0.
    fn mirrored(self, slot: &Slot) -> Entry<M> {
        match slot.total.filter(|_| slot.side != 0) {
            Some(total) => {
                let (low, high) = mirrored(total, (self.low, self.high));
                Entry { low, high, ..self }
            }
            None => self,
        }
    }
}

/// The other side's bounds, where the two sides' values add up to `total`.
pub fn mirrored(total: i32, (low, high): (i32, i32)) -> (i32, i32) {
    (total.saturating_sub(high), total.saturating_sub(low))
}

/// Where one position's entry lives for the side searched, and how its bounds are read.
pub struct Slot {
    key: u64,
    side: usize,
    /// The side's banked part of the value.
    banked: i32,
    /// [`Searchable::sides_total`]: where known, both sides share the entry, kept in side 0's
    /// terms.
    pub total: Option<i32>,
}

impl Slot {
    pub fn of<G: Searchable>(state: &G, side: usize) -> Slot {
        let partition = if state.tabled() {
            state.partition(side)
        } else {
            None
        };
        Slot::keyed(state, side, partition)
    }

    /// The slot of `state`, whose [`Searchable::partition`] is `partition` (computed by the
    /// caller only at tabled positions): where there is one, its bucket and profile name the
    /// position, so the game's [`Searchable::table_key`] is not computed again.
    pub fn keyed<G: Searchable>(
        state: &G,
        side: usize,
        partition: Option<(u64, i32, u128)>,
    ) -> Slot {
        let (key, banked) = match partition {
            Some((bucket, banked, profile)) => (
                mix(mix(bucket, profile as u64), (profile >> 64) as u64),
                banked,
            ),
            None => state.table_key(side),
        };
        Slot::with_key(state, side, (key, banked))
    }

    /// The slot of `state` under the table key `key` with its banked part.
    pub fn with_key<G: Searchable>(state: &G, side: usize, (key, banked): (u64, i32)) -> Slot {
        let total = state.sides_total();
        let owner = if total.is_some() { 0 } else { side };
        Slot {
            key: key ^ side_salt(owner),
            side,
            banked,
            total,
        }
    }
}

/// The table key of a position whose [`super::TableKey::Ordered`] is `key` with `order`, as
/// the game's [`Searchable::table_key`] gives it.
pub fn ordered_exact_key(key: u64, order: i32) -> u64 {
    mix(key, order as u64)
}

/// Values above the banked part that the [`OrderedTable`] keeps bounds of: 0 to 15 (a lower
/// bound above is kept as 15; one below, and an upper bound outside, are not kept).
const ORDERED_VALUES: usize = 16;

/// Per value, the least number at which a position of the key was proved to reach it and
/// the greatest at which one was proved not to exceed it.
#[derive(Clone, Copy)]
struct Thresholds {
    reached_from: [i16; ORDERED_VALUES],
    capped_up_to: [i16; ORDERED_VALUES],
}

/// Bounds by [`super::TableKey::Ordered`]: a lower bound proved at a number holds at every
/// greater one, an upper bound at every smaller one (the value never falls as it rises).
/// Values are kept relative to the banked part, for one side per key (salted as [`Slot`]s).
#[derive(Default)]
pub struct OrderedTable {
    entries: HashMap<u64, Thresholds, BuildKeyHasher>,
}

impl OrderedTable {
    /// The bounds, relative to the banked part, that the positions of `key` proved for
    /// `side` reach at `order`: `None` where none reaches it.
    pub fn read(&self, key: u64, side: usize, order: i32) -> Option<(i32, i32)> {
        let t = self.entries.get(&(key ^ side_salt(side)))?;
        let order = order as i16;
        let low = (0..ORDERED_VALUES)
            .rev()
            .find(|&v| t.reached_from[v] <= order);
        let high = (0..ORDERED_VALUES).find(|&v| t.capped_up_to[v] >= order);
        if low.is_none() && high.is_none() {
            return None;
        }
        let low = low.map_or(-super::INF, |v| v as i32);
        let high = high.map_or(super::INF, |v| v as i32);
        Some((low, high))
    }

    /// Keeps what a position of `key` at `order` proved for `side`: its bounds relative to the
    /// banked part (either may be unbounded: `-INF`, `INF`).
    pub fn write(&mut self, key: u64, side: usize, order: i32, (low, high): (i32, i32)) {
        let t = self
            .entries
            .entry(key ^ side_salt(side))
            .or_insert(Thresholds {
                reached_from: [i16::MAX; ORDERED_VALUES],
                capped_up_to: [i16::MIN; ORDERED_VALUES],
            });
        let order = order as i16;
        if low >= 0 {
            let v = low.min(ORDERED_VALUES as i32 - 1) as usize;
            t.reached_from[v] = t.reached_from[v].min(order);
        }
        if (0..ORDERED_VALUES as i32).contains(&high) {
            let v = high as usize;
            t.capped_up_to[v] = t.capped_up_to[v].max(order);
        }
    }
}

/// What a table key is XORed with for `side`, so that each side's entries have keys of their own.
fn side_salt(side: usize) -> u64 {
    mix(0x424f_554e_4441_5259, side as u64)
}

/// Bounds by position key. Grows with the search; one table serves one analysis.
pub struct Table<M> {
    entries: HashMap<u64, Entry<M>, BuildKeyHasher>,
}

impl<M: Copy> Table<M> {
    pub fn new() -> Table<M> {
        Table {
            entries: HashMap::with_capacity_and_hasher(1 << 16, BuildKeyHasher),
        }
    }

    pub fn get(&self, key: u64) -> Option<Entry<M>> {
        self.entries.get(&key).copied()
    }

    pub fn put(&mut self, key: u64, entry: Entry<M>) {
        self.entries.insert(key, entry);
    }

    /// The entry of `slot`'s position, in the searched side's values.
    pub fn read(&self, slot: &Slot) -> Option<Entry<M>> {
        Some(self.get(slot.key)?.mirrored(slot).shifted(slot.banked))
    }

    /// Stores `entry` (in the searched side's values) as `slot`'s position's.
    pub fn write(&mut self, slot: &Slot, entry: Entry<M>) {
        self.put(slot.key, entry.shifted(-slot.banked).mirrored(slot));
    }

    /// Every key and its entry.
    pub fn entries(&self) -> impl Iterator<Item = (u64, &Entry<M>)> {
        self.entries.iter().map(|(&k, e)| (k, e))
    }
}

/// Keys are already well-mixed hashes: use them as they are.
#[derive(Clone, Copy, Default)]
pub struct BuildKeyHasher;

impl std::hash::BuildHasher for BuildKeyHasher {
    type Hasher = KeyHasher;
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(0)
    }
}

pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

#[cfg(test)]
mod tests {
    use super::super::INF;
    use super::*;

    #[test]
    fn each_side_has_its_own_salt() {
        assert_ne!(side_salt(0), side_salt(1));
        assert_ne!(side_salt(1), side_salt(2));
    }

    #[test]
    fn an_ordered_bound_serves_the_numbers_on_its_side() {
        let mut table = OrderedTable::default();
        assert_eq!(table.read(7, 0, 40), None);
        // At 40 the value is at least 2 and at most 3.
        table.write(7, 0, 40, (2, 3));
        assert_eq!(table.read(7, 0, 40), Some((2, 3)));
        // A lower bound holds from 40 up, an upper bound from 40 down.
        assert_eq!(table.read(7, 0, 55), Some((2, INF)));
        assert_eq!(table.read(7, 0, 30), Some((-INF, 3)));
        // At 50 the value is at least 3: from 50 up the lower bound is 3, below still 2.
        table.write(7, 0, 50, (3, INF));
        assert_eq!(table.read(7, 0, 50), Some((3, INF)));
        assert_eq!(table.read(7, 0, 45), Some((2, INF)));
        // Another side or key knows nothing; bounds outside the kept values are not kept.
        assert_eq!(table.read(7, 1, 40), None);
        assert_eq!(table.read(8, 0, 40), None);
        table.write(9, 0, 10, (-1, 16));
        assert_eq!(table.read(9, 0, 10), None);
        table.write(9, 0, 10, (20, INF));
        assert_eq!(table.read(9, 0, 10), Some((15, INF)));
    }

    #[test]
    fn a_mirrored_entry_holds_the_other_sides_bounds() {
        let entry: Entry<u8> = Entry {
            low: 3,
            high: 5,
            best: Some(1),
            work: 9,
        };
        let slot = |side| Slot {
            key: 0,
            side,
            banked: 0,
            total: Some(13),
        };
        let other = entry.mirrored(&slot(1));
        assert_eq!(
            (other.low, other.high, other.best, other.work),
            (8, 10, Some(1), 9)
        );
        let back = other.mirrored(&slot(1));
        assert_eq!((back.low, back.high), (3, 5));
        let own = entry.mirrored(&slot(0));
        assert_eq!((own.low, own.high), (3, 5));
    }
}
