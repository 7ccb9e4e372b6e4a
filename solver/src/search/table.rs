//! The transposition table: bounds on a position's value, the move that proved them, and the
//! search they took (so a solve can hand its most valuable entries on to the next).

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
