//! Table entries carried from one solve to the next solves of a deal.
//!
//! A [`CarriedEntry`] is the bounds a solve proved on one position, in the table's relative
//! (banked) units, under the key the table gave it ([`super::table::Slot`]: the search side is
//! folded in where the sides need entries of their own), so one set of entries serves every
//! side. Entries hold for any position of the
//! same game and rules, since the table key already decides the value; the caller keys a set
//! by game, rules, deal and engine version. The binary form is little-endian records of
//! `key: u64, low: i32, high: i32, work: u32`; an export keeps at most
//! [`MAX_CARRIED_ENTRIES`], those that took the most search first (they save the most when
//! met again), so a set stays under 80 KiB.

use std::collections::BinaryHeap;

/// Bounds on the value of one position (relative to its banked part).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CarriedEntry {
    pub key: u64,
    pub low: i32,
    pub high: i32,
    /// Search nodes the bounds took, over every solve that searched the position.
    pub work: u32,
}

/// The most entries one export keeps.
pub const MAX_CARRIED_ENTRIES: usize = 4_096;

const RECORD_BYTES: usize = 20;

/// The `limit` entries that took the most search, in that order; equal work is ordered by
/// key, so the choice does not depend on where the entries came from. One pass over the
/// entries keeping the best `limit` in a heap: a large table is never copied whole.
pub fn most_searched(
    entries: impl Iterator<Item = CarriedEntry>,
    limit: usize,
) -> Vec<CarriedEntry> {
    let order = |e: &CarriedEntry| (std::cmp::Reverse(e.work), e.key);
    let mut kept: BinaryHeap<(std::cmp::Reverse<u32>, u64, CarriedEntry)> =
        BinaryHeap::with_capacity(limit + 1);
    for e in entries {
        let (work, key) = order(&e);
        if kept.len() < limit {
            kept.push((work, key, e));
        } else if kept
            .peek()
            .is_some_and(|worst| (work, key) < (worst.0, worst.1))
        {
            kept.pop();
            kept.push((work, key, e));
        }
    }
    kept.into_sorted_vec()
        .into_iter()
        .map(|(_, _, e)| e)
        .collect()
}

/// The binary form: one little-endian record per entry.
pub fn to_bytes(entries: &[CarriedEntry]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(entries.len() * RECORD_BYTES);
    for e in entries {
        bytes.extend_from_slice(&e.key.to_le_bytes());
        bytes.extend_from_slice(&e.low.to_le_bytes());
        bytes.extend_from_slice(&e.high.to_le_bytes());
        bytes.extend_from_slice(&e.work.to_le_bytes());
    }
    bytes
}

/// Reads the binary form; `Err` when the length is not a whole number of records or a
/// record's bounds are crossed (`low > high`).
pub fn from_bytes(bytes: &[u8]) -> Result<Vec<CarriedEntry>, String> {
    if !bytes.len().is_multiple_of(RECORD_BYTES) {
        return Err(format!(
            "a deal table is {RECORD_BYTES}-byte records; got {} bytes",
            bytes.len()
        ));
    }
    let word = |at: &[u8]| <[u8; 4]>::try_from(at).expect("four bytes");
    bytes
        .chunks_exact(RECORD_BYTES)
        .enumerate()
        .map(|(i, record)| {
            let entry = CarriedEntry {
                key: u64::from_le_bytes(record[..8].try_into().expect("eight bytes")),
                low: i32::from_le_bytes(word(&record[8..12])),
                high: i32::from_le_bytes(word(&record[12..16])),
                work: u32::from_le_bytes(word(&record[16..20])),
            };
            if entry.low > entry.high {
                return Err(format!("deal table record {i}: low is above high"));
            }
            Ok(entry)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::mix;

    #[test]
    fn a_table_round_trips_through_bytes() {
        let entries: Vec<CarriedEntry> = (0..1000u64)
            .map(|i| CarriedEntry {
                key: mix(7, i),
                low: i as i32 - 500,
                high: i as i32 * 3 - 500,
                work: i as u32 * 1000,
            })
            .collect();
        let bytes = to_bytes(&entries);
        assert_eq!(bytes.len(), entries.len() * RECORD_BYTES);
        assert_eq!(from_bytes(&bytes), Ok(entries));
    }

    #[test]
    fn a_torn_or_crossed_record_is_refused() {
        let entry = CarriedEntry {
            key: 1,
            low: 5,
            high: 4,
            work: 1,
        };
        assert!(from_bytes(&to_bytes(&[entry])).is_err());
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
        let entries = most_searched(entries, 3);
        let keys: Vec<u64> = entries.iter().map(|e| e.key).collect();
        assert_eq!(keys, [2, 4, 3]);
    }
}
