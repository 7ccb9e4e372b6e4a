//! What a Muschik seat knows: the turned trump card is public in the position itself; the
//! generic rules cover the rest. Names the stock and the discards in messages, and tells PIMC
//! which worlds the other seats' play by the rule-based player explains.

use super::json::card_name;
use super::Muschik;
use crate::cards::Card;
use crate::game::{Game, Seat};
use crate::hidden::Observable;

impl Observable for Muschik {
    fn card_name(&self, card: Card) -> String {
        card_name(card)
    }

    fn place_name(&self, place: usize) -> String {
        match place.checked_sub(self.seats()) {
            None => format!("seat {place}"),
            Some(0) => "the stock".to_string(),
            Some(_) => "the discards".to_string(),
        }
    }

    fn plays_as_rule(&self, observer: Seat) -> bool {
        Muschik::plays_as_rule(self, observer)
    }
}
