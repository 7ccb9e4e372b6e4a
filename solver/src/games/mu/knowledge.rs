//! What a Mü seat knows: cards laid in the auction are public; the legal moves tell what a
//! hidden hand lacks only for card plays (the auction's move list is abstracted). A bid, a
//! pass, a trump or a partner is legal whatever hidden cards its seat holds (spec 4.1, 4.5-4.7:
//! a bid's size is bounded by the hand's size, which is public), so it tells nothing.

use super::json::card_name;
use super::{Move, Mu};
use crate::cards::Card;
use crate::hidden::Observable;

impl Observable for Mu {
    fn legality_reveals(&self, mv: Move) -> bool {
        matches!(mv, Move::Play(_))
    }

    fn legal_with_any_hand(&self, mv: Move) -> bool {
        matches!(
            mv,
            Move::Pass | Move::Bid(_) | Move::Trump(_) | Move::Partner(_)
        )
    }

    fn card_name(&self, card: Card) -> String {
        card_name(card)
    }
}
