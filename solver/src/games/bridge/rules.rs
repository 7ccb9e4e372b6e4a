//! Facts of bridge's rules that a snapshot keeps to be reachable: finished tricks of four
//! cards, as many tricks won, a card in each hand per trick to come, the seat to move and
//! the phase.

use super::{Bridge, TRICKS};
use crate::game::{Game, Seat};
use crate::games::cardlist::check_trick_hands;
use crate::problems::Problems;
use serde_json::Value;

impl Bridge {
    /// Why the rules cannot reach this position, each reason at its field, none where they
    /// can: it must tell one story, finished tricks of 4 cards each, as many tricks won, a
    /// card in each hand per trick to come; `to_move` and `phase`, when given, agree.
    pub(super) fn check(&self, (to_move, phase): (Option<&Value>, Option<&str>)) -> Problems {
        let mut reasons = Problems::default();
        let played = self.played.len();
        if !played.is_multiple_of(4) {
            let message = format!("{played} cards: finished tricks hold 4 cards each");
            reasons.push("played", message);
        } else {
            let done = played / 4;
            let won: u32 = self.tricks_won.map(u32::from).iter().sum();
            let message = format!("{won} tricks won, but {done} tricks are finished");
            reasons.check(won != done, "tricks_won", message);
            let (held, left) = (self.hands.map(|h| h.len()), u32::from(TRICKS) - done);
            let trick = (self.leader, self.trick_len);
            check_trick_hands((&held, ""), left, trick, "hands", &mut reasons);
        }
        let seat = self.to_move();
        if let Some(v) = to_move.filter(|v| v.as_u64().map(|s| s as Seat) != seat) {
            let message = format!("{v} disagrees with the trick: seat {seat:?} is to move");
            reasons.push("to_move", message);
        }
        let name = self.phase_name();
        if let Some(p) = phase.filter(|&p| p != name) {
            let message = format!("'{p}' disagrees with the hands: the phase is '{name}'");
            reasons.push("phase", message);
        }
        reasons
    }
}
