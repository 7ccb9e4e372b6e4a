//! What a Mustamaija seat knows: cards picked up in view and the trump card under the talon are
//! public in the position itself; the generic rules cover the rest. Names the talon in messages.

use super::cards::card_name;
use super::Mustamaija;
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};
use crate::hidden::Observable;

impl Observable for Mustamaija {
    fn with_hand(&self, seat: Seat, hand: CardSet) -> Self {
        let mut copy = self.clone();
        copy.hands[seat] = hand;
        copy
    }

    fn card_name(&self, card: Card) -> String {
        card_name(card)
    }

    fn place_name(&self, place: usize) -> String {
        if place < self.seats() {
            format!("seat {place}")
        } else {
            "the talon".to_string()
        }
    }
}
