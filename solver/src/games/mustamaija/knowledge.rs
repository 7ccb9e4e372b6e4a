//! What a Mustamaija seat knows: cards picked up in view and the trump card under the talon are
//! public in the position itself; a hidden defender's cards taken without a choice show what
//! it does not hold (`view_fit.rs`); who the marriage polls asked says who held a marriage
//! (`view_poll.rs`), which no card's places can say; the generic rules cover the rest. Names the talon in
//! messages.

use super::cards::card_name;
use super::{Move, Mustamaija};
use crate::cards::Card;
use crate::game::{Game, Seat};
use crate::hidden::{Facts, Observable};

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

    /// The talon cards `observer` saw in `moves` (drawn, turned, the trump card) stay where
    /// they lie: no guess moves them, as in a view's deal (`view_deal_json`).
    fn as_seen_by(&self, moves: &[Move], observer: Seat) -> Self {
        let mut start = self.clone();
        start.talon_known |= self.talon_cards_seen_by(moves, observer as u8) & self.talon.set();
        start
    }

    /// A poll move names the seat the poll asks here.
    fn as_written(&self, mv: Move) -> Move {
        self.with_asked(mv)
    }

    /// Who a marriage poll asks depends on the hands while a marriage can still make trump.
    fn turn_depends_on_hidden(&self) -> bool {
        self.polls_open()
    }

    /// A hidden defender's cards taken without a choice: its beaters are not in its hand.
    fn foresee(state: &Self, mv: Move, later: &[Move], observer: Seat, facts: &mut Facts) {
        state.learn_defence(mv, later, observer, facts);
    }
}
