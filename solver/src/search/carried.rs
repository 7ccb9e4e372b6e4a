//! Table entries carried from one solve to the next solves of a deal.
//!
//! A [`CarriedEntry`] is the bounds a solve proved on one position, in the table's relative
//! (banked) units, under the key the table gave it ([`super::table::Slot`]: the search side is
//! folded in where the sides need entries of their own), so one set of entries serves every
//! side. A [`CarriedPartition`] is a partition-search entry ([`super::Searchable::partition`]):
//! bounds on every position of a bucket that places the relevant cards alike, for the side that
//! proved them (and the other side, where the two sides' total is known). Both hold for any
//! position of the same game and rules; the caller keys a set by game, rules, deal and engine
//! version. An export keeps at most [`MAX_CARRIED_ENTRIES`] entries and
//! [`MAX_CARRIED_PARTITIONS`] partition entries, those that took the most search (they save
//! the most when met again).
//!
//! The binary form, little-endian: the number of entries (`u32`), the entries
//! (`key: u64, low: i32, high: i32, work: u32`), then the partition entries (`bucket: u64,
//! view: u128, spec: u32, low: i32, high: i32, work: u32, total: i32` (`i32::MIN` for none),
//! `side: u8`); at most 800 KiB.

use super::partition::{PartitionTable, Proved};
use super::table::{mirrored, Entry, Table};
use super::Searchable;

/// Bounds on the value of one position (relative to its banked part).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CarriedEntry {
    pub key: u64,
    pub low: i32,
    pub high: i32,
    /// Search nodes the bounds took, over every solve that searched the position.
    pub work: u32,
}

/// Bounds (relative to the banked part of `side`'s value) on the positions of `bucket` whose
/// profile under the mask of `spec` reads `view`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CarriedPartition {
    pub bucket: u64,
    pub view: u128,
    pub spec: u32,
    pub low: i32,
    pub high: i32,
    pub work: u32,
    pub side: u8,
    /// The two sides' relative values add up to this, so the other side's bounds follow.
    pub total: Option<i32>,
}

/// What one solve hands to the next.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Carried {
    pub entries: Vec<CarriedEntry>,
    pub partitions: Vec<CarriedPartition>,
}

/// The most exact-table entries one export keeps.
pub const MAX_CARRIED_ENTRIES: usize = 4_096;

/// The most partition entries one export keeps: each serves many positions, so more are kept
/// (with 4,096, a bridge deal analysed move by move searched 35% more nodes than with 16,384;
/// with 65,536, 12% fewer, but reading and handing on the table cost 2.8 ms a solve).
pub const MAX_CARRIED_PARTITIONS: usize = 16_384;

const ENTRY_BYTES: usize = 20;
const PARTITION_BYTES: usize = 45;

/// The `limit` items that took the most search (`work`), in no particular order; equal work
/// is ranked by the items themselves, so the choice does not depend on where they came from.
/// The items are gathered at most `2 * limit` at a time, cut back to the best `limit` whenever
/// full: a large table is never copied whole, nor sorted.
pub fn most_searched<T: Ord>(
    items: impl Iterator<Item = T>,
    limit: usize,
    work: impl Fn(&T) -> u32,
) -> Vec<T> {
    let rank = |a: &T, b: &T| work(b).cmp(&work(a)).then_with(|| a.cmp(b));
    let mut kept: Vec<T> = Vec::with_capacity(2 * limit + 1);
    for item in items {
        kept.push(item);
        if kept.len() > 2 * limit {
            kept.select_nth_unstable_by(limit, rank);
            kept.truncate(limit);
        }
    }
    if kept.len() > limit {
        kept.select_nth_unstable_by(limit, rank);
        kept.truncate(limit);
    }
    kept
}

/// The tables a solve for `side` starts from: the carried entries, and the partition entries
/// of `side` or of the other side where the two sides' total turns them into `side`'s.
pub(super) fn seed_tables<G: Searchable>(
    seed: &Carried,
    side: usize,
) -> (Table<G::Move>, PartitionTable<G::Move>) {
    let mut table = Table::new();
    for e in &seed.entries {
        let entry = Entry {
            low: e.low,
            high: e.high,
            best: None,
            work: e.work,
        };
        table.put(e.key, entry);
    }
    let mut partitions = PartitionTable::default();
    for p in &seed.partitions {
        let (low, high) = match p.total {
            _ if usize::from(p.side) == side => (p.low, p.high),
            Some(total) => mirrored(total, (p.low, p.high)),
            None => continue,
        };
        let proved = Proved {
            low,
            high,
            best: None,
            work: p.work,
            total: p.total,
        };
        partitions.seed(p.bucket, (p.spec, G::spec_mask(p.spec)), p.view, proved);
    }
    (table, partitions)
}

/// What a solve for `side` hands on: of each kind, the entries that took the most search.
pub(super) fn hand_on<M: Copy>(
    table: &Table<M>,
    partitions: &PartitionTable<M>,
    side: usize,
) -> Carried {
    let entries = table.entries().map(|(key, e)| CarriedEntry {
        key,
        low: e.low,
        high: e.high,
        work: e.work,
    });
    Carried {
        entries: most_searched(entries, MAX_CARRIED_ENTRIES, |e| e.work),
        partitions: most_searched(partitions.carried(side), MAX_CARRIED_PARTITIONS, |p| p.work),
    }
}

/// The binary form (see the module's documentation).
pub fn to_bytes(carried: &Carried) -> Vec<u8> {
    let (entries, partitions) = (&carried.entries, &carried.partitions);
    let mut bytes =
        Vec::with_capacity(4 + entries.len() * ENTRY_BYTES + partitions.len() * PARTITION_BYTES);
    bytes.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    for e in entries {
        bytes.extend_from_slice(&e.key.to_le_bytes());
        bytes.extend_from_slice(&e.low.to_le_bytes());
        bytes.extend_from_slice(&e.high.to_le_bytes());
        bytes.extend_from_slice(&e.work.to_le_bytes());
    }
    for p in partitions {
        bytes.extend_from_slice(&p.bucket.to_le_bytes());
        bytes.extend_from_slice(&p.view.to_le_bytes());
        bytes.extend_from_slice(&p.spec.to_le_bytes());
        bytes.extend_from_slice(&p.low.to_le_bytes());
        bytes.extend_from_slice(&p.high.to_le_bytes());
        bytes.extend_from_slice(&p.work.to_le_bytes());
        bytes.extend_from_slice(&p.total.unwrap_or(i32::MIN).to_le_bytes());
        bytes.push(p.side);
    }
    bytes
}

/// Reads the binary form (empty bytes: nothing carried); `Err` when the lengths do not add
/// up or a record's bounds are crossed (`low > high`).
pub fn from_bytes(bytes: &[u8]) -> Result<Carried, String> {
    if bytes.is_empty() {
        return Ok(Carried::default());
    }
    let mut reader = Reader(bytes);
    let count = reader
        .u32()
        .ok_or("a deal table starts with its number of entries")? as usize;
    let rest = bytes.len() - 4;
    if rest < count * ENTRY_BYTES || !(rest - count * ENTRY_BYTES).is_multiple_of(PARTITION_BYTES) {
        return Err(format!(
            "a deal table of {count} entries is {ENTRY_BYTES}-byte entries then \
             {PARTITION_BYTES}-byte partition entries; got {rest} bytes after the count"
        ));
    }
    let mut carried = Carried::default();
    for _ in 0..count {
        carried
            .entries
            .push(reader.entry().expect("length checked"));
    }
    while !reader.0.is_empty() {
        carried
            .partitions
            .push(reader.partition().expect("length checked"));
    }
    let bounds = carried.entries.iter().map(|e| (e.low, e.high));
    let partition_bounds = carried.partitions.iter().map(|p| (p.low, p.high));
    match bounds
        .chain(partition_bounds)
        .position(|(low, high)| low > high)
    {
        Some(i) => Err(format!("deal table record {i}: low is above high")),
        None => Ok(carried),
    }
}

/// Little-endian fields read off the front of a byte string.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.0.split_first_chunk::<N>()?;
        self.0 = rest;
        Some(*head)
    }

    fn byte(&mut self) -> Option<u8> {
        self.take::<1>().map(|[b]| b)
    }

    fn u32(&mut self) -> Option<u32> {
        self.take().map(u32::from_le_bytes)
    }

    fn i32(&mut self) -> Option<i32> {
        self.take().map(i32::from_le_bytes)
    }

    fn u64(&mut self) -> Option<u64> {
        self.take().map(u64::from_le_bytes)
    }

    fn u128(&mut self) -> Option<u128> {
        self.take().map(u128::from_le_bytes)
    }

    fn entry(&mut self) -> Option<CarriedEntry> {
        Some(CarriedEntry {
            key: self.u64()?,
            low: self.i32()?,
            high: self.i32()?,
            work: self.u32()?,
        })
    }

    fn partition(&mut self) -> Option<CarriedPartition> {
        Some(CarriedPartition {
            bucket: self.u64()?,
            view: self.u128()?,
            spec: self.u32()?,
            low: self.i32()?,
            high: self.i32()?,
            work: self.u32()?,
            total: Some(self.i32()?).filter(|&t| t != i32::MIN),
            side: self.byte()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::mix;

    fn sample() -> Carried {
        let entries = (0..1000u64)
            .map(|i| CarriedEntry {
                key: mix(7, i),
                low: i as i32 - 500,
                high: i as i32 * 3 - 500,
                work: i as u32 * 1000,
            })
            .collect();
        let partitions = (0..300u64)
            .map(|i| CarriedPartition {
                bucket: mix(9, i),
                view: u128::from(mix(11, i)) << 64 | u128::from(i),
                spec: i as u32 * 7,
                low: -(i as i32),
                high: i as i32,
                work: i as u32,
                side: (i % 2) as u8,
                total: (i % 3 != 0).then_some(i as i32 % 13),
            })
            .collect();
        Carried {
            entries,
            partitions,
        }
    }

    #[test]
    fn a_table_round_trips_through_bytes() {
        let carried = sample();
        let bytes = to_bytes(&carried);
        assert_eq!(bytes.len(), 4 + 1000 * ENTRY_BYTES + 300 * PARTITION_BYTES);
        assert_eq!(from_bytes(&bytes), Ok(carried));
        assert_eq!(from_bytes(&[]), Ok(Carried::default()));
    }

    #[test]
    fn a_torn_or_crossed_record_is_refused() {
        let entry = CarriedEntry {
            key: 1,
            low: 5,
            high: 4,
            work: 1,
        };
        let crossed = Carried {
            entries: vec![entry],
            partitions: Vec::new(),
        };
        assert!(from_bytes(&to_bytes(&crossed)).is_err());
        let bytes = to_bytes(&sample());
        assert!(from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(from_bytes(&bytes[..3]).is_err());
        assert!(from_bytes(&[0; 21]).is_err());
    }

    #[test]
    fn the_most_searched_entries_are_kept() {
        let entries = [(1, 9), (2, 300), (3, 40), (4, 300)]
            .into_iter()
            .map(|(key, work)| CarriedEntry {
                key,
                low: 0,
                high: 1,
                work,
            });
        let entries = most_searched(entries, 3, |e| e.work);
        let mut keys: Vec<u64> = entries.iter().map(|e| e.key).collect();
        keys.sort_unstable();
        assert_eq!(keys, [2, 3, 4]);
    }
}
