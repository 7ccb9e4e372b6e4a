//! What a Mü seat knows: cards laid in the auction are public; the legal moves tell what a
//! hidden hand lacks only for card plays (the auction's move list is abstracted).

use super::json::card_name;
use super::{Move, Mu};
use crate::cards::Card;
use crate::hidden::Observable;

impl Observable for Mu {
    fn legality_reveals(&self, mv: Move) -> bool {
        matches!(mv, Move::Play(_))
    }

    fn card_name(&self, card: Card) -> String {
        card_name(card)
    }
}
