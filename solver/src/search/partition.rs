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

/// One bucket's entries, in one list: most buckets hold a few, so one allocation each; and
/// the place of the entry that last decided a probe, which the next probe tries first
/// (the positions a search meets one after another are alike). The place is a hint: an
/// entry removed before it moves it onto another entry, which a probe checks like any.
struct Bucket<M> {
    entries: Vec<Entry<M>>,
    last_decided: usize,
}

/// An entry: its spec's mask, the profile under it, the spec and what was proved.
#[derive(Clone, Copy)]
struct Entry<M> {
    mask: u128,
    view: u128,
    spec: u32,
    proved: Proved<M>,
}

impl<M> Default for Bucket<M> {
    fn default() -> Self {
        Bucket {
            entries: Vec::new(),
            last_decided: 0,
        }
    }
}

impl<M> Bucket<M> {
    /// Adds an entry; nothing when the bucket is full.
    fn push(&mut self, (spec, mask): (u32, u128), view: u128, proved: Proved<M>) {
        if self.entries.len() < ENTRIES_PER_BUCKET {
            self.entries.push(Entry {
                mask,
                view,
                spec,
                proved,
            });
        }
    }
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
    buckets: HashMap<u64, Bucket<M>, BuildKeyHasher>,
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

impl<M: Copy> Found<M> {
    /// What `entry` alone proves, having decided a probe's window.
    fn decided_by(&mut self, entry: &Entry<M>) {
        let p = &entry.proved;
        (self.low, self.high, self.best) = (p.low, p.high, p.best);
        self.specs.push(entry.spec);
    }
}

impl<M: Copy> PartitionTable<M> {
    /// The entries of `bucket` that `profile` matches, merged into `found` (its specs
    /// cleared first): one that decides the window `(alpha, beta)` alone (the bucket's last
    /// to decide one where it does, else the first), else the tightest bounds that narrow
    /// it, each with the one spec that proved it (an entry that narrows nothing names no
    /// cards); false if none matched.
    pub fn probe(
        &mut self,
        bucket: u64,
        profile: u128,
        (alpha, beta): (i32, i32),
        found: &mut Found<M>,
    ) -> bool {
        found.specs.clear();
        let Some(b) = self.buckets.get_mut(&bucket) else {
            return false;
        };
        let matches = |e: &Entry<M>| profile & e.mask == e.view;
        let decides = |p: &Proved<M>| p.low >= beta || p.high <= alpha || p.low == p.high;
        let last = b.entries.get(b.last_decided);
        if let Some(e) = last.filter(|e| matches(e) && decides(&e.proved)) {
            found.decided_by(e);
            return true;
        }
        (found.low, found.high, found.best) = (i32::MIN, i32::MAX, None);
        let (mut low_spec, mut high_spec, mut matched) = (None, None, false);
        let mut next = 0;
        while let Some(offset) = b.entries[next..].iter().position(matches) {
            let i = next + offset;
            next = i + 1;
            let Entry {
                spec, proved: p, ..
            } = &b.entries[i];
            if decides(p) {
                b.last_decided = i;
                found.decided_by(&b.entries[i]);
                return true;
            }
            matched = true;
            found.best = found.best.or(p.best);
            if p.low > alpha && p.low > found.low {
                (found.low, low_spec) = (p.low, Some(*spec));
            }
            if p.high < beta && p.high < found.high {
                (found.high, high_spec) = (p.high, Some(*spec));
            }
        }
        found.specs.extend(low_spec);
        found
            .specs
            .extend(high_spec.filter(|&s| Some(s) != low_spec));
        matched
    }

    /// Stores `proved` for the positions of `bucket` whose profile under `mask` (the mask of
    /// `spec`) is `profile`'s, tightening what is there. Entries it makes redundant go: each
    /// holds for a subset of its positions (its mask reads more and agrees under this one)
    /// with bounds no tighter.
    pub fn put(
        &mut self,
        bucket: u64,
        (spec, mask): (u32, u128),
        profile: u128,
        mut proved: Proved<M>,
    ) {
        let view = profile & mask;
        let b = self.buckets.entry(bucket).or_default();
        // Most puts find nothing under the new entry: the scan reads masks and views only,
        // and the rare redundant entry is removed where it stands (the order is kept).
        let (mut i, mut known) = (0, None);
        while let Some(offset) = b.entries[i..]
            .iter()
            .position(|e| e.mask & mask == mask && e.view & mask == view)
        {
            i += offset;
            let Entry {
                mask: m,
                spec: s,
                proved: p,
                ..
            } = b.entries[i];
            if (m, s) == (mask, spec) {
                known = Some(i);
            } else if proved.low >= p.low && proved.high <= p.high {
                proved.work = proved.work.saturating_add(p.work);
                proved.best = proved.best.or(p.best);
                b.entries.remove(i);
                continue;
            }
            i += 1;
        }
        match known {
            Some(i) => {
                let p = &mut b.entries[i].proved;
                p.best = proved.best.or(p.best);
                p.low = p.low.max(proved.low);
                p.high = p.high.min(proved.high).max(p.low);
                p.work = p.work.saturating_add(proved.work);
            }
            None => b.push((spec, mask), view, proved),
        }
    }

    /// Adds an entry (one carried from an earlier solve, say) without looking for one it
    /// tightens (a carried set has none twice; at worst a position matches both and gets both
    /// bounds); nothing when the bucket is full.
    pub fn seed(&mut self, bucket: u64, (spec, mask): (u32, u128), view: u128, proved: Proved<M>) {
        self.buckets
            .entry(bucket)
            .or_default()
            .push((spec, mask), view, proved);
    }

    /// Every entry, as proved for `side`, to carry to later solves.
    pub fn carried(&self, side: usize) -> impl Iterator<Item = CarriedPartition> + '_ {
        self.buckets.iter().flat_map(move |(&bucket, b)| {
            b.entries.iter().map(
                move |&Entry {
                          view,
                          spec,
                          proved: p,
                          ..
                      }| CarriedPartition {
                    bucket,
                    view,
                    spec,
                    low: p.low,
                    high: p.high,
                    work: p.work,
                    side: side as u8,
                    total: p.total,
                },
            )
        })
    }
}
