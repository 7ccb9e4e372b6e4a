//! What a bridge seat knows: the generic rules cover it (the dummy is shown after the lead).

use super::json::card_name;
use super::Bridge;
use crate::cards::{Card, CardSet};
use crate::game::Seat;
use crate::hidden::Observable;

impl Observable for Bridge {
    fn with_hand(&self, seat: Seat, hand: CardSet) -> Self {
        let mut copy = *self;
        copy.hands[seat] = hand;
        copy
    }

    fn card_name(&self, card: Card) -> String {
        card_name(card)
    }
}
