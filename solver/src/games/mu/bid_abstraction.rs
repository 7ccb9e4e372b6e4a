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
use crate::cards::CardSet;

/// The `k` cards of `cards` that come first when ordered by `rank_order` (then by index).
fn first_by_rank(cards: CardSet, k: u32, descending: bool) -> CardSet {
    let mut picked = CardSet::EMPTY;
    let ranks: [u8; 10] = if descending {
        [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    } else {
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    };
    for rank in ranks {
        for card in cards & rank_mask(rank) {
            if picked.len() == k {
                return picked;
            }
            picked.insert(card);
        }
    }
    picked
}

/// The `k` highest-ranked cards of `cards`.
fn highest(cards: CardSet, k: u32) -> CardSet {
    first_by_rank(cards, k, true)
}

/// Appends the representative bids of a hand with bid limit `kmax` to `out`, without
/// duplicates, in a fixed order.
pub fn representative_bids(hand: CardSet, kmax: u32, out: &mut Vec<Move>) {
    let start = out.len();
    let mut push = |cards: CardSet| {
        let bid = Move::Bid(cards);
        if !out[start..].contains(&bid) {
            out.push(bid);
        }
    };
    if kmax >= 1 {
        for card in without_repeated_twins(hand) {
            push(CardSet::single(card));
        }
    }
    for k in 2..=kmax {
        push(highest(hand, k));
        push(first_by_rank(hand, k, false));
        for colour in Colour::ALL {
            let own = hand & colour.mask();
            if own.len() >= k {
                push(highest(own, k));
            }
        }
        for rank in 0..10 {
            let own = hand & rank_mask(rank);
            if own.len() >= k {
                push(first_by_rank(own, k, false));
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
