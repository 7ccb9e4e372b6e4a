//! What a Marjapussi seat learns beyond the generic rules: the outcome of a half-marriage ask.

use super::json::card_name;
use super::{cards, Marjapussi, Move};
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};
use crate::hidden::{Facts, Observable};

impl Observable for Marjapussi {
    fn with_hand(&self, seat: Seat, hand: CardSet) -> Self {
        let mut copy = self.clone();
        copy.hands[seat] = hand;
        copy
    }

    fn card_name(&self, card: Card) -> String {
        card_name(card)
    }

    fn place_name(&self, place: usize) -> String {
        match place.checked_sub(self.seats()) {
            None => format!("seat {place}"),
            Some(0) => "the talon".to_string(),
            Some(_) => "the discards".to_string(),
        }
    }

    /// A half ask that made a marriage: its king and queen are with the asker and the partner.
    /// One that did not: the partner holds neither, where the asker is known to hold one (the
    /// rules demand it, or the observer is the asker and holds one).
    fn observe(before: &Self, mv: Move, after: &Self, observer: Seat, facts: &mut Facts) {
        let Move::AskHalf(suit) = mv else {
            return;
        };
        let asker = before.actor;
        let partner = before.partner(asker);
        let marriage = cards::marriage(suit);
        let declared = |g: &Marjapussi| g.declarations.iter().flatten().count();
        if declared(after) > declared(before) {
            let pair = 1 << asker | 1 << partner;
            for card in marriage {
                facts.restrict(card, pair);
            }
            return;
        }
        let asker_holds = before.cfg.half_ask_requires_card
            || (asker as Seat == observer && before.hands[observer].intersects(marriage));
        if asker_holds {
            for card in marriage {
                facts.exclude(card, partner as Seat);
            }
        }
    }
}
