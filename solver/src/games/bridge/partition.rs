//! Partition search for bridge (DDS's "winning ranks"): a trick-start position's value holds
//! for every position with the same leader and the same lengths of every hand in every suit
//! that places the cards that won tricks by rank, and every higher card, alike. A spec is,
//! per suit, how many of the top cards still in play are relevant (4 bits a suit).

use super::search::lane;
use super::Bridge;
use crate::cards::{Card, CardSet};
use crate::game::mix;
use crate::suited::{power_of, suit_of, Squeeze, Suit};

/// The bucket: the leader, the strain and every hand's length in every suit.
pub fn bucket(game: &Bridge) -> u64 {
    let trump = game.cfg.trump.map_or(7, |s| s as u64);
    mix(
        mix(0x7061_7274_6974_696f, game.shape.lengths),
        u64::from(game.leader) | trump << 4,
    )
}

/// What partition search reads of the hands, kept as the cards are played (a trick start
/// reads it far more often than a card is played costs to keep it): every hand's length in
/// every suit, 4 bits each (North's spades highest), and per suit its lane of the
/// [`profile`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub lengths: u64,
    lanes: [u32; 4],
}

impl Shape {
    pub fn of(hands: &[CardSet; 4]) -> Shape {
        let mut lengths = 0u64;
        for hand in hands {
            for suit in Suit::ALL {
                lengths = lengths << 4 | u64::from(lane(*hand, suit).count_ones());
            }
        }
        let profile = profile(hands);
        Shape {
            lengths,
            lanes: [0, 1, 2, 3].map(|suit| (profile >> (32 * suit)) as u32),
        }
    }

    /// The seats holding the highest cards of `suit` in the hands, highest first, read off
    /// the suit's lane of the profile; `None` past the suit's `cards` (its cards in the hands).
    pub fn top_holders(&self, suit: Suit, cards: u32) -> [Option<usize>; 3] {
        let lane = self.lanes[suit as usize];
        [0, 1, 2].map(|k| (k < cards).then(|| (lane >> (24 - 2 * k) & 3) as usize))
    }

    /// The [`profile`] of the hands.
    pub fn profile(&self) -> u128 {
        let [s, h, d, c] = self.lanes.map(u128::from);
        s | h << 32 | d << 64 | c << 96
    }

    /// The shape once `seat` has played `card` from `hands` (the hands before the card
    /// left): one length less, and the card's seat taken out of its suit's profile, the
    /// seats of the lower cards moving up a place.
    pub fn remove(&mut self, hands: &[CardSet; 4], seat: usize, card: Card) {
        let suit = suit_of(card);
        self.lengths -= 1 << (4 * (15 - 4 * seat - suit as usize));
        let in_play = lane(hands[0] | hands[1] | hands[2] | hands[3], suit);
        let above = (in_play >> power_of(card) >> 1).count_ones();
        // The card's field is bits 24 - 2 * above and the one above it.
        let field = 24 - 2 * above;
        let lane = &mut self.lanes[suit as usize];
        *lane = *lane & !((4 << field) - 1) | (*lane & ((1 << field) - 1)) << 2;
    }
}

/// The card `card` makes relevant: when it completes the trick, the trick's winning card if
/// it won by rank (another card of its suit fell to the trick).
pub fn trick_relevant(game: &Bridge, card: Card) -> u64 {
    if game.trick_len != 3 {
        return 0;
    }
    let mut winner = game.trick[game.winning_offset()];
    if game.beats(card, winner) {
        winner = card;
    }
    let [a, b, c, _] = game.trick;
    let trick = CardSet::from_bits(a.bit() | b.bit() | c.bit() | card.bit());
    // Won by rank: another card of the winner's suit fell to the trick.
    if (trick & suit_of(winner).mask()).len() > 1 {
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
    let cards = hands[0] | hands[1] | hands[2] | hands[3];
    // The two bits of each card's seat, as card sets, moved up to the ranks among `cards`.
    let moves = Squeeze::of(cards.bits());
    let low = moves.apply((hands[1] | hands[3]).bits()) >> 3;
    let high = moves.apply((hands[2] | hands[3]).bits()) >> 3;
    let mut profile = 0u128;
    for suit in 0..4 {
        let lane = |bits: u64| spread((bits >> (16 * suit)) as u32 & 0xffff);
        let seats = lane(low) | lane(high) << 1;
        profile |= u128::from(seats) << (32 * suit);
    }
    profile
}

/// The 16 bits of `x` spread to the even bits of a word (bit `i` to bit `2i`).
fn spread(x: u32) -> u32 {
    let x = (x | x << 8) & 0x00ff_00ff;
    let x = (x | x << 4) & 0x0f0f_0f0f;
    let x = (x | x << 2) & 0x3333_3333;
    (x | x << 1) & 0x5555_5555
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::rng::Rng;

    /// The profile written plainly: each suit's cards in play from the top, their seats.
    fn plain_profile(hands: &[CardSet; 4]) -> u128 {
        let mut profile = 0u128;
        for suit in Suit::ALL {
            let mut field = 24;
            for rank in (0..16).rev() {
                if let Some(seat) = (0..4).find(|&s| lane(hands[s], suit) >> rank & 1 != 0) {
                    profile |= (seat as u128) << (32 * suit as u32 + field);
                    field -= 2;
                }
            }
        }
        profile
    }

    #[test]
    fn the_kept_shape_is_the_shape_of_the_hands_through_play_and_new_hands() {
        let mut rng = Rng::seeded(11);
        for round in 0..200 {
            let deck = rng.shuffled(crate::games::bridge::DECK.cards_from(0));
            let mut hands = [CardSet::EMPTY; 4];
            for (i, &card) in deck.iter().enumerate() {
                hands[i % 4].insert(card);
            }
            let cfg = super::super::config::Config {
                trump: Suit::ALL.get(round % 5).copied(),
                declarer: (round % 4) as u8,
            };
            let mut game = Bridge::new_deal(cfg, hands);
            let mut moves = Vec::new();
            while game.to_move().is_some() {
                assert_eq!(game.shape, Shape::of(&game.hands), "{game:?}");
                if rng.below(20) == 0 {
                    // New hands for the unseen seats, as a sampled world gives them.
                    let unseen = game.unseen(0);
                    let mut cards = rng.shuffled(unseen.cards()).into_iter();
                    let mut places = unseen;
                    for place in &mut places.places[..4] {
                        let n = place.len() as usize;
                        *place = cards.by_ref().take(n).collect();
                    }
                    game.set_unseen(0, &places);
                    continue;
                }
                game.legal_moves(&mut moves);
                game.play_unchecked(moves[rng.below(moves.len())]);
            }
            assert_eq!(game.shape, Shape::of(&game.hands));
        }
    }

    #[test]
    fn the_top_holders_are_the_seats_of_a_suits_highest_cards() {
        let mut rng = Rng::seeded(5);
        for _ in 0..500 {
            let deck = rng.shuffled(crate::games::bridge::DECK.cards_from(0));
            let mut hands = [CardSet::EMPTY; 4];
            // Fewer cards in some rounds, so that suits run short of three.
            let dealt = 4 + rng.below(49);
            for (i, &card) in deck.iter().take(dealt).enumerate() {
                hands[i % 4].insert(card);
            }
            let shape = Shape::of(&hands);
            for suit in Suit::ALL {
                let mut plain = [None; 3];
                let tops = (0..16)
                    .rev()
                    .filter_map(|rank| (0..4).find(|&s| lane(hands[s], suit) >> rank & 1 != 0));
                for (slot, seat) in plain.iter_mut().zip(tops) {
                    *slot = Some(seat);
                }
                let cards = hands.iter().map(|&h| lane(h, suit).count_ones()).sum();
                assert_eq!(shape.top_holders(suit, cards), plain, "{hands:?}");
            }
        }
    }

    #[test]
    fn profiles_read_each_cards_seat_from_the_top_of_the_cards_in_play() {
        let mut rng = Rng::seeded(7);
        for round in 0..2000 {
            let mut hands = [CardSet::EMPTY; 4];
            for suit in Suit::ALL {
                for rank in 0..13 {
                    let card = Card::new(16 * suit as u8 + rank);
                    // Some cards are out of play (played), more of them in later rounds.
                    if rng.below(13) >= round % 13 {
                        hands[rng.below(4)].insert(card);
                    }
                }
            }
            assert_eq!(profile(&hands), plain_profile(&hands), "{hands:?}");
        }
    }
}
