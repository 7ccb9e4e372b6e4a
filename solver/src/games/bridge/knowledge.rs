//! What a bridge seat knows: the generic rules cover it (the dummy is shown after the lead).

use super::json::card_name;
use super::Bridge;
use crate::cards::Card;
use crate::hidden::Observable;

impl Observable for Bridge {
    fn card_name(&self, card: Card) -> String {
        card_name(card)
    }
}
