//! The partition table ([`super::Searchable::partition`]): bounds on every position of a
//! bucket whose profile, under a stored spec's mask, reads as one searched position's did.
//! Per bucket, a short list of (spec, masked profile, bounds) scanned in order: matching is two
//! word operations, no hashing per spec. Entries can be carried to later solves
//! ([`super::carried::CarriedPartition`]).

use super::carried::CarriedPartition;
use super::table::BuildKeyHasher;
use std::collections::HashMap;

/// Entries kept per bucket; further ones are not stored.
const ENTRIES_PER_BUCKET: usize = 4096;

struct Stored<M> {
    spec: u32,
    mask: u128,
    view: u128,
    proved: Proved<M>,
}

/// What a search proved on a partition: bounds relative to the banked part of the searched
/// side's value, the move that proved them, the nodes they took, and the two sides' total
/// where the other side's bounds follow ([`super::Searchable::sides_total`]).
#[derive(Clone, Copy)]
pub struct Proved<M> {
    pub low: i32,
    pub high: i32,
    pub best: Option<M>,
    pub work: u32,
    pub total: Option<i32>,
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
            let p = &e.proved;
            let decides = p.low >= beta || p.high <= alpha || p.low == p.high;
            if decides {
                (found.low, found.high, found.best) = (p.low, p.high, p.best);
                found.specs.clear();
                found.specs.push(e.spec);
                return true;
            }
            found.best = found.best.or(p.best);
            found.low = found.low.max(p.low);
            found.high = found.high.min(p.high);
            found.specs.push(e.spec);
        }
        !found.specs.is_empty()
    }

    /// Stores `proved` for the positions of `bucket` whose profile under `mask` (the mask of
    /// `spec`) is `profile`'s, tightening what is there.
    pub fn put(
        &mut self,
        bucket: u64,
        (spec, mask): (u32, u128),
        profile: u128,
        proved: Proved<M>,
    ) {
        let view = profile & mask;
        let known = self.buckets.get_mut(&bucket).and_then(|entries| {
            entries
                .iter_mut()
                .find(|e| e.spec == spec && e.view == view)
        });
        match known {
            Some(e) => {
                let p = &mut e.proved;
                p.best = proved.best.or(p.best);
                p.low = p.low.max(proved.low);
                p.high = p.high.min(proved.high).max(p.low);
                p.work = p.work.saturating_add(proved.work);
            }
            None => self.seed(bucket, (spec, mask), view, proved),
        }
    }

    /// Adds an entry (one carried from an earlier solve, say) without looking for one it
    /// tightens (a carried set has none twice; at worst a position matches both and gets both
    /// bounds); nothing when the bucket is full.
    pub fn seed(&mut self, bucket: u64, (spec, mask): (u32, u128), view: u128, proved: Proved<M>) {
        let entries = self.buckets.entry(bucket).or_default();
        if entries.len() < ENTRIES_PER_BUCKET {
            entries.push(Stored {
                spec,
                mask,
                view,
                proved,
            });
        }
    }

    /// Every entry, as proved for `side`, to carry to later solves.
    pub fn carried(&self, side: usize) -> impl Iterator<Item = CarriedPartition> + '_ {
        self.buckets.iter().flat_map(move |(&bucket, entries)| {
            entries.iter().map(move |e| CarriedPartition {
                bucket,
                view: e.view,
                spec: e.spec,
                low: e.proved.low,
                high: e.proved.high,
                work: e.proved.work,
                side: side as u8,
                total: e.proved.total,
            })
        })
    }
}
