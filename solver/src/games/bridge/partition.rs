//! Partition search for bridge (DDS's "winning ranks"): a trick-start position's value holds
//! for every position with the same leader and the same lengths of every hand in every suit
//! that places the cards that won tricks by rank, and every higher card, alike. A spec is,
//! per suit, how many of the top cards still in play are relevant (4 bits a suit).

use super::search::lane;
use super::Bridge;
use crate::cards::{Card, CardSet};
use crate::game::mix;
use crate::suited::{suit_of, Suit};

/// The bucket: the leader, the strain and every hand's length in every suit.
pub fn bucket(game: &Bridge) -> u64 {
    let mut lengths = 0u64;
    for hand in game.hands {
        for suit in Suit::ALL {
            lengths = lengths << 4 | u64::from(lane(hand, suit).count_ones());
        }
    }
    let trump = game.cfg.trump.map_or(7, |s| s as u64);
    mix(
        mix(0x7061_7274_6974_696f, lengths),
        u64::from(game.leader) | trump << 4,
    )
}

/// The card `card` makes relevant: when it completes the trick, the trick's winning card if
/// it won by rank (another card of its suit fell to the trick).
pub fn trick_relevant(game: &Bridge, card: Card) -> u64 {
    if game.trick_len != 3 {
        return 0;
    }
    let mut trick = game.trick;
    trick[3] = card;
    let mut winner = trick[0];
    for &c in &trick[1..] {
        if game.beats(c, winner) {
            winner = c;
        }
    }
    if won_by_rank(&trick, winner) {
        winner.bit()
    } else {
        0
    }
}

/// Whether `winner` beat a card of its own suit among the cards of `trick`.
pub fn won_by_rank(trick: &[Card], winner: Card) -> bool {
    trick
        .iter()
        .any(|&c| c != winner && suit_of(c) == suit_of(winner))
}

/// The spec of `relevant` among the cards `in_play`: per suit, the count of cards in play
/// from the lowest relevant one up.
pub fn spec(in_play: CardSet, relevant: u64) -> u32 {
    let mut spec = 0;
    for suit in Suit::ALL {
        let cards = lane(in_play, suit);
        let marked = cards & lane(CardSet::from_bits(relevant), suit);
        if marked != 0 {
            let from_lowest = cards & !((marked & marked.wrapping_neg()) - 1);
            spec |= from_lowest.count_ones() << (4 * suit as u32);
        }
    }
    spec
}

/// Per suit (32 bits each), the seats of the cards in play (2 bits each) from the top card
/// down, the top card's in the lane's bits 24 and 25.
pub fn profile(hands: &[CardSet; 4]) -> u128 {
    let mut profile = 0u128;
    for suit in Suit::ALL {
        let lanes = hands.map(|h| lane(h, suit));
        let mut cards = lanes[0] | lanes[1] | lanes[2] | lanes[3];
        let mut seats = 0u32;
        let count = cards.count_ones();
        while cards != 0 {
            let top = 31 - cards.leading_zeros();
            cards &= !(1 << top);
            let seat =
                (lanes[1] >> top & 1) | ((lanes[2] >> top & 1) * 2) | ((lanes[3] >> top & 1) * 3);
            seats = seats << 2 | seat;
        }
        let aligned = seats.checked_shl(26 - 2 * count).unwrap_or(0);
        profile |= u128::from(aligned) << (32 * suit as u32);
    }
    profile
}

/// The profile bits `spec` reads: per suit, the seats of its relevant top cards.
pub fn mask(spec: u32) -> u128 {
    let mut mask = 0u128;
    for suit in Suit::ALL {
        let relevant = (spec >> (4 * suit as u32)) & 15;
        let bits = ((1u32 << (2 * relevant)) - 1) << (26 - 2 * relevant);
        mask |= u128::from(bits) << (32 * suit as u32);
    }
    mask
}

/// The cards `spec` makes relevant among the cards `in_play`: per suit, its top ones.
pub fn spec_cards(in_play: CardSet, spec: u32) -> u64 {
    let mut cards = 0u64;
    for suit in Suit::ALL {
        let mut left = lane(in_play, suit);
        for _ in 0..(spec >> (4 * suit as u32)) & 15 {
            let top = 1 << (31 - left.leading_zeros());
            left &= !top;
            cards |= u64::from(top) << (16 * suit as u32);
        }
    }
    cards
}
