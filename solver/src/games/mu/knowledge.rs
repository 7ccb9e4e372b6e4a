//! What a Mü seat knows: cards laid in the auction are public; the legal moves tell what a
//! hidden hand lacks only for card plays (the auction's move list is abstracted).

use super::json::card_name;
use super::{Move, Mu};
use crate::cards::{Card, CardSet};
use crate::game::Seat;
use crate::hidden::Observable;

impl Observable for Mu {
    fn with_hand(&self, seat: Seat, hand: CardSet) -> Self {
        let mut copy = self.clone();
        copy.hands[seat] = hand;
        copy
    }

    fn legality_reveals(&self, mv: Move) -> bool {
        matches!(mv, Move::Play(_))
    }

    fn card_name(&self, card: Card) -> String {
        card_name(card)
    }
}
