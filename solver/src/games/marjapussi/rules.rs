//! Facts of Marjapussi's rules that a snapshot keeps to be reachable: the seat to act, the
//! cards held per trick to come, and a hand given as scored only once every trick is played.

use super::{Marjapussi, Phase};
use crate::game::Game;
use crate::games::cardlist::check_trick_hands;
use crate::games::wire::check_to_move;
use crate::problems::Problems;

impl Marjapussi {
    /// Why the rules cannot reach this hand, each reason at its field (at the snapshot where
    /// it names none), none where they can; sets the seat to act (`to_move` as given) and
    /// settles a hand given as scored or redealt.
    pub(super) fn check(&mut self, to_move: Option<u8>) -> Problems {
        let mut reasons = Problems::default();
        self.check_turn(to_move, &mut reasons);
        self.settle_phase(&mut reasons);
        reasons
    }

    /// Sets the seat to act, which every phase but the two final ones needs.
    fn check_turn(&mut self, to_move: Option<u8>, reasons: &mut Problems) {
        let over = matches!(self.phase, Phase::Scored | Phase::Redealt);
        check_to_move(to_move, (self.phase.name(), over), reasons);
        if let (false, Some(seat)) = (over, to_move) {
            let expected = (self.leader + self.trick_len) % self.n();
            if self.phase == Phase::Play && seat != expected {
                let message = format!("seat {expected} plays next to this trick, not seat {seat}");
                reasons.push("to_move", message);
            }
            self.actor = seat;
        }
    }

    /// Checks the hand sizes in play (every seat holds the cards of the tricks still to come)
    /// and settles a hand given as scored or redealt.
    fn settle_phase(&mut self, reasons: &mut Problems) {
        if self.phase == Phase::Play {
            let held: Vec<u32> = self.hands[..self.seats()].iter().map(|h| h.len()).collect();
            let left = self.tricks_in_hand().saturating_sub(self.tricks_played);
            let trick = (self.leader, self.trick_len);
            check_trick_hands((&held, ""), left.into(), trick, "hands", reasons);
        }
        match self.phase {
            Phase::Scored if self.tricks_played == self.tricks_in_hand() => self.finish_hand(),
            Phase::Scored => reasons.push("", "phase 'scored' needs every trick played"),
            Phase::Redealt => self.result = Some(self.redeal_result()),
            _ => {}
        }
    }
}
