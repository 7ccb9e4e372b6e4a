//! The squeezed seat profile the transposition key reads: each card in play by its rank
//! among its suit's cards in play, with a code of the seat that holds it or, in the trick,
//! played it (the key is read at trick starts only, so a card played to the trick stays
//! where it was until the trick ends). Kept in the position and updated as tricks end, so
//! the key does not squeeze the hands afresh at every call.

use crate::cards::{Card, CardSet};
use crate::suited::{power_of, suit_of, Squeeze};

/// The cards in play and, in three words, each one's code at its squeezed place: seats 0 to
/// 3 are codes 1, 2, 3 and 4.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Profile {
    pub(crate) in_play: u64,
    pub(crate) words: [u64; 3],
}

impl Profile {
    /// The profile of `hands` (with the trick's cards at the seats that played them),
    /// computed afresh.
    pub(crate) fn of(hands: &[CardSet; 4]) -> Profile {
        let in_play = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h).bits();
        let ranks = Squeeze::of(in_play);
        let [h0, h1, h2, h3] = hands.map(CardSet::bits);
        let places = [h0 | h2, h1 | h2, h3];
        Profile {
            in_play,
            words: places.map(|word| ranks.apply(word)),
        }
    }

    /// `card`'s bit at its squeezed place: its lane's top, less one per card of its suit in
    /// play above it.
    fn place(&self, card: Card) -> u64 {
        let lane = suit_of(card) as u32 * 16;
        let above = (self.in_play >> lane & 0xffff) >> power_of(card) >> 1;
        1 << (lane + 15 - above.count_ones())
    }

    /// `card` out of play (its trick ended): the lower cards of its suit move up a place.
    fn remove(&mut self, card: Card) {
        let bit = self.place(card);
        let lane_low = 1u64 << (suit_of(card) as u32 * 16);
        let below = bit - lane_low;
        for word in &mut self.words {
            *word = *word & !(below | bit) | (*word & below) << 1;
        }
        self.in_play &= !card.bit();
    }

    /// `cards` out of play (a trick ended), worked on in a copy of the profile so that it
    /// stays in registers.
    pub(crate) fn remove_all(&mut self, cards: &[Card]) {
        let mut profile = *self;
        for &card in cards {
            profile.remove(card);
        }
        *self = profile;
    }
}

#[cfg(test)]
mod tests {
    use super::super::config::Variant;
    use super::super::Marjapussi;
    use super::Profile;
    use crate::api::Rules;
    use crate::game::Game;
    use crate::problems::{Fields, Problems};
    use crate::rng::Rng;
    use crate::tiers;
    use serde_json::json;

    /// The profile of the position's hands and trick, computed afresh.
    fn fresh(g: &Marjapussi) -> Profile {
        Profile::of(&g.hands_with_trick())
    }

    /// Every variant dealt and played at random to the end, bids and exchanges included, the
    /// unseen hands now and then dealt anew as a sampled world does: the kept profile is the
    /// fresh one at every step, and so is a copy given another hand.
    #[test]
    fn the_kept_profile_is_the_profile_of_the_hands_through_play_and_new_hands() {
        let mut moves = Vec::new();
        let seeds = tiers::cases("marjapussi's kept profiles", 200, 30, "seeds") as u64;
        for variant in Variant::NAMES {
            let mut problems = Problems::default();
            let cfg = <Marjapussi as Rules>::config(Some(variant), None, "", &mut problems)
                .expect("a variant");
            for seed in 0..seeds {
                let setup = json!({});
                let mut fields = Fields::of(&setup, "", &mut problems);
                let mut g =
                    Marjapussi::deal(&cfg, seed, &mut fields, &mut problems).expect("a deal");
                let mut rng = Rng::seeded(seed);
                while !g.is_over() {
                    assert_eq!(g.profile, fresh(&g), "{variant} {seed} {g:?}");
                    let seat = g.to_move().expect("a seat");
                    if rng.below(20) == 0 {
                        let fewer = g.hand(seat).iter().skip(1).collect();
                        let other = g.with_hand(seat, fewer);
                        assert_eq!(other.profile, fresh(&other), "{variant} {seed}");
                        let unseen = g.unseen(seat);
                        let mut cards = rng.shuffled(unseen.cards()).into_iter();
                        let mut places = unseen;
                        for place in &mut places.places {
                            let n = place.len() as usize;
                            *place = cards.by_ref().take(n).collect();
                        }
                        g.set_unseen(seat, &places);
                        continue;
                    }
                    g.legal_moves(&mut moves);
                    g.play_unchecked(moves[rng.below(moves.len())]);
                }
                assert_eq!(g.profile, fresh(&g), "{variant} {seed}");
            }
        }
    }
}
