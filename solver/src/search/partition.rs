//! The partition table ([`super::Searchable::partition`]): bounds on every position of a
//! bucket whose profile, under a stored spec's mask, reads as one searched position's did.
//! Per bucket, a short list of (spec, masked profile, bounds) scanned in order: matching is two
//! word operations, no hashing per spec.

use super::table::BuildKeyHasher;
use std::collections::HashMap;

/// Entries kept per bucket; further ones are not stored.
const ENTRIES_PER_BUCKET: usize = 4096;

struct Stored<M> {
    spec: u32,
    mask: u128,
    view: u128,
    low: i32,
    high: i32,
    best: Option<M>,
}

/// Bounds and the move that proved them, by bucket, spec and the profile under the spec.
pub struct PartitionTable<M> {
    buckets: HashMap<u64, Vec<Stored<M>>, BuildKeyHasher>,
}

impl<M> Default for PartitionTable<M> {
    fn default() -> Self {
        PartitionTable {
            buckets: HashMap::default(),
        }
    }
}

/// What a probe found: the tightest bounds of every matching entry, a move that proved one
/// of them, and the specs that matched.
pub struct Found<M> {
    pub low: i32,
    pub high: i32,
    pub best: Option<M>,
    pub specs: Vec<u32>,
}

impl<M: Copy> PartitionTable<M> {
    /// The entries of `bucket` that `profile` matches, merged into `found` (its specs
    /// cleared first), up to the first that decides the window `(alpha, beta)` alone;
    /// false if none matched.
    pub fn probe(
        &self,
        bucket: u64,
        profile: u128,
        (alpha, beta): (i32, i32),
        found: &mut Found<M>,
    ) -> bool {
        found.specs.clear();
        let Some(entries) = self.buckets.get(&bucket) else {
            return false;
        };
        (found.low, found.high, found.best) = (i32::MIN, i32::MAX, None);
        for e in entries.iter().filter(|e| profile & e.mask == e.view) {
            let decides = e.low >= beta || e.high <= alpha || e.low == e.high;
            if decides {
                (found.low, found.high, found.best) = (e.low, e.high, e.best);
                found.specs.clear();
                found.specs.push(e.spec);
                return true;
            }
            found.best = found.best.or(e.best);
            found.low = found.low.max(e.low);
            found.high = found.high.min(e.high);
            found.specs.push(e.spec);
        }
        !found.specs.is_empty()
    }

    /// Stores `low..=high` for the positions of `bucket` whose profile under `mask` (the mask
    /// of `spec`) is `profile`'s, tightening what is there.
    pub fn put(
        &mut self,
        bucket: u64,
        (spec, mask): (u32, u128),
        profile: u128,
        (low, high): (i32, i32),
        best: Option<M>,
    ) {
        let view = profile & mask;
        let entries = self.buckets.entry(bucket).or_default();
        if let Some(e) = entries
            .iter_mut()
            .find(|e| e.spec == spec && e.view == view)
        {
            e.best = best.or(e.best);
            e.low = e.low.max(low);
            e.high = e.high.min(high).max(e.low);
        } else if entries.len() < ENTRIES_PER_BUCKET {
            entries.push(Stored {
                spec,
                mask,
                view,
                low,
                high,
                best,
            });
        }
    }
}
