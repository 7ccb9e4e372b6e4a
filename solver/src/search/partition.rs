//! The partition table ([`super::Searchable::partition`]): bounds on every position of a
//! bucket that places the relevant cards of a spec as one position did. Per bucket, the specs
//! stored so far; per bucket, spec and fingerprint, the bounds (relative to the banked part).

use super::table::BuildKeyHasher;
use crate::game::mix;
use std::collections::HashMap;

/// Specs kept per bucket; a bucket's further specs are not stored.
const SPECS_PER_BUCKET: usize = 32;

#[derive(Clone, Copy, Default)]
struct Specs {
    len: u8,
    specs: [u32; SPECS_PER_BUCKET],
}

/// Bounds and the move that proved them, by bucket, spec and fingerprint.
pub struct PartitionTable<M> {
    specs: HashMap<u64, Specs, BuildKeyHasher>,
    bounds: HashMap<u64, (i32, i32, Option<M>), BuildKeyHasher>,
}

impl<M> Default for PartitionTable<M> {
    fn default() -> Self {
        PartitionTable {
            specs: HashMap::default(),
            bounds: HashMap::default(),
        }
    }
}

fn slot(bucket: u64, spec: u32, view: u64) -> u64 {
    mix(mix(bucket, u64::from(spec)), view)
}

impl<M: Copy> PartitionTable<M> {
    /// The tightest bounds of every stored spec of `bucket` that matches (`view` gives the
    /// position's fingerprint under a spec), a move that proved one of them, and the specs
    /// that matched; `None` if none.
    pub fn probe(
        &self,
        bucket: u64,
        view: impl Fn(u32) -> u64,
    ) -> Option<(i32, i32, Option<M>, impl Iterator<Item = u32> + '_)> {
        let specs = self.specs.get(&bucket)?;
        let (mut low, mut high, mut matched, mut best) = (i32::MIN, i32::MAX, 0u32, None);
        for (i, &spec) in specs.specs[..specs.len as usize].iter().enumerate() {
            if let Some(&(lo, hi, mv)) = self.bounds.get(&slot(bucket, spec, view(spec))) {
                best = best.or(mv);
                low = low.max(lo);
                high = high.min(hi);
                matched |= 1 << i;
            }
        }
        let specs = specs.specs.iter().enumerate();
        (matched != 0).then(move || {
            let used = specs.filter(move |(i, _)| matched & 1 << i != 0);
            (low, high, best, used.map(|(_, &spec)| spec))
        })
    }

    /// Stores `low..=high` for the positions of `bucket` with fingerprint `view` under `spec`,
    /// tightening what is there.
    pub fn put(&mut self, bucket: u64, spec: u32, view: u64, bounds: (i32, i32), best: Option<M>) {
        let (low, high) = bounds;
        let specs = self.specs.entry(bucket).or_default();
        let len = specs.len as usize;
        if !specs.specs[..len].contains(&spec) {
            if len == SPECS_PER_BUCKET {
                return;
            }
            specs.specs[len] = spec;
            specs.len += 1;
        }
        let bounds = self
            .bounds
            .entry(slot(bucket, spec, view))
            .or_insert((low, high, best));
        bounds.2 = best.or(bounds.2);
        bounds.0 = bounds.0.max(low);
        bounds.1 = bounds.1.min(high).max(bounds.0);
    }
}
