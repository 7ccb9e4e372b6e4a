//! The bids that search considers: a bounded, representative subset of the legal bids.
//!
//! A legal bid is any subset of the hand with `1..=kmax` cards (spec 4.1), up to 2^15 − 1 of
//! them with 15 cards in hand: too many for a search tree or a move list. [`Game::legal_moves`]
//! lists `pass` plus the bids chosen here; the checked [`Game::play`] accepts every legal bid,
//! and the legal-moves route describes them all (`json.rs`, `compact_legal_moves`).
//!
//! **This is the place for the solver's bid abstraction.** What a bid decides is its size (the
//! contract and the runner-up race), its ranks (the vice tie-break), its colours and numbers
//! (the trumps its owner may name) and which cards become public. The present choice, for each
//! size `k` up to `kmax`:
//! - `k = 1`: every single card, twins merged;
//! - the `k` highest-ranked cards (strongest show, best vice tie-break);
//! - the `k` lowest-ranked cards (cheapest show, an underbid that keeps the hand strong);
//! - the `k` highest cards of each colour holding `k` or more (signals a colour trump);
//! - `k` cards of one rank, for each rank held `k` or more times (signals a number trump).
//!
//! That is at most about 15 bids per size and about 200 in all, in a fixed order. A smarter
//! abstraction (by hand evaluation, or learnt) replaces [`representative_bids`] and nothing else.
//!
//! [`Game::legal_moves`]: crate::game::Game::legal_moves
//! [`Game::play`]: crate::game::Game::play

use super::cards::{rank_mask, whole_twin_pairs, without_repeated_twins, Colour};
use super::Move;
use crate::cards::{Card, CardSet};

/// The cards of `by_rank` (the cards of each rank) in the order of `ranks`, then by index.
fn rank_order(by_rank: &[CardSet; 10], ranks: impl Iterator<Item = usize>) -> [Card; 16] {
    let mut order = [Card::new(0); 16];
    let mut len = 0;
    for rank in ranks {
        for card in by_rank[rank] {
            order[len.min(15)] = card;
            len += 1;
        }
    }
    order
}

/// Appends the representative bids of a hand with bid limit `kmax` to `out`: sizes ascending,
/// without duplicates, in a fixed order. The sets of each kind grow by one card per size.
pub fn representative_bids(hand: CardSet, kmax: u32, out: &mut Vec<Move>) {
    if kmax >= 1 {
        out.extend(
            without_repeated_twins(hand)
                .iter()
                .map(|c| Move::Bid(CardSet::single(c))),
        );
    }
    if kmax < 2 {
        return;
    }
    let by_rank: [CardSet; 10] = std::array::from_fn(|r| hand & rank_mask(r as u8));
    let descending = rank_order(&by_rank, (0..10).rev());
    let ascending = rank_order(&by_rank, 0..10);
    let (mut highest, mut lowest) = (CardSet::EMPTY, CardSet::EMPTY);
    // The highest cards of each colour, and where in `descending` to look for the next one.
    let mut colour_sets = [CardSet::EMPTY; 5];
    let mut colour_scan = [0usize; 5];
    let mut rank_sets = [CardSet::EMPTY; 10];
    let held = hand.len() as usize;
    for k in 1..=kmax {
        highest.insert(descending[k as usize - 1]);
        lowest.insert(ascending[k as usize - 1]);
        for (colour, (set, scan)) in Colour::ALL
            .iter()
            .zip(colour_sets.iter_mut().zip(colour_scan.iter_mut()))
        {
            while *scan < held && !colour.mask().contains(descending[*scan]) {
                *scan += 1;
            }
            if *scan < held {
                set.insert(descending[*scan]);
                *scan += 1;
            }
        }
        for (set, cards) in rank_sets.iter_mut().zip(by_rank) {
            if let Some(next) = (cards - *set).lowest() {
                set.insert(next);
            }
        }
        if k == 1 {
            continue;
        }
        let size_start = out.len();
        let candidates = [highest, lowest]
            .into_iter()
            .chain(colour_sets)
            .chain(rank_sets);
        for cards in candidates.filter(|c| c.len() == k) {
            if !out[size_start..].contains(&Move::Bid(cards)) {
                out.push(Move::Bid(cards));
            }
        }
    }
}

/// The number of distinct bids of each size `1..=kmax`, twins merged (spec 2.2: bids that
/// differ only in which twin they lay are equivalent).
pub fn distinct_bid_counts(hand: CardSet, kmax: u32) -> Vec<u64> {
    let pairs = whole_twin_pairs(hand);
    let singles = hand.len() - 2 * pairs;
    // The coefficients of (1 + x + x²)^pairs · (1 + x)^singles.
    let mut counts = vec![0u64; hand.len() as usize + 1];
    counts[0] = 1;
    let factors =
        std::iter::repeat_n(2, pairs as usize).chain(std::iter::repeat_n(1, singles as usize));
    for most in factors {
        for have in (0..counts.len()).rev() {
            let ways: u64 = (1..=most)
                .filter(|&take| take <= have)
                .map(|take| counts[have - take])
                .sum();
            counts[have] += ways;
        }
    }
    (1..=kmax as usize).map(|k| counts[k]).collect()
}
