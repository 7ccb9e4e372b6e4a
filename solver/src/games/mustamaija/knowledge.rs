//! What a Mustamaija seat knows: cards picked up in view and the trump card under the talon are
//! public in the position itself; the generic rules cover the rest. Names the talon in messages.

use super::cards::card_name;
use super::Mustamaija;
use crate::cards::Card;
use crate::game::Game;
use crate::hidden::Observable;

impl Observable for Mustamaija {
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
