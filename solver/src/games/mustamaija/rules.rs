//! Facts of Mustamaija's rules that a snapshot keeps to be reachable: the Maria never
//! discarded, the trump card under the talon, a table that is one attack of one suit with
//! valid beats, a defender who has a decision, and the seat to act in each phase.

use super::cards::{beaters, card_name, suit_of, JOKER};
use super::config::TrumpMode;
use super::{Mustamaija, Phase};
use crate::cards::{Card, CardSet};
use crate::problems::Problems;

impl Mustamaija {
    /// Why the rules cannot reach this position, each reason at its field, none where they
    /// can; sets the seat to act.
    pub(super) fn check(&mut self, to_move: Option<u8>, table_pairs: &[(Card, Card)]) -> Problems {
        let mut reasons = Problems::default();
        let maria = self.cfg.maria();
        let message = format!("{} (the Maria) can never be discarded", card_name(maria));
        reasons.check(self.discards.contains(maria), "discards", message);
        if let Some(card) = self.trump_card {
            let (name, talon) = (card_name(card), &self.talon);
            let message = format!("the trump card {name} lies at the bottom of the talon");
            let misplaced = talon.set().contains(card) && talon.bottom() != Some(card);
            reasons.check(misplaced, "talon", message);
            let turned = self.cfg.trump_mode == TrumpMode::Turned;
            let other = self.trump.is_some() && self.trump != suit_of(card) && turned;
            let message = format!("the turned card {name} names the trump suit");
            reasons.check(other, "trump", message);
        }
        if self.phase == Phase::Over {
            self.actor = 0;
            self.check_over(&mut reasons);
            return reasons;
        }
        let message = "the defender is another seat than the attacker";
        reasons.check(self.attacker == self.defender, "defender", message);
        for (key, seat) in [("attacker", self.attacker), ("defender", self.defender)] {
            // The attacker may have laid their last cards in the attack being defended.
            let out = self.is_out(seat) && (self.attack.is_empty() || key == "defender");
            let message = format!("seat {seat} is out of cards with the talon empty");
            reasons.check(out, key, message);
        }
        self.check_table(table_pairs, &mut reasons);
        self.actor = self.check_actor(to_move, &mut reasons);
        reasons
    }

    /// The table holds one attack of one suit (or the joker alone), each beat valid, met from
    /// the highest card down.
    fn check_table(&self, table_pairs: &[(Card, Card)], reasons: &mut Problems) {
        let (maria, attack) = (self.cfg.maria(), self.attack);
        let suits: Vec<_> = attack.iter().map(suit_of).collect();
        let mixed = attack.contains(JOKER) && attack.len() > 1;
        let mixed = mixed || suits.windows(2).any(|w| w[0] != w[1]);
        let message = "an attack holds cards of one suit, or the joker alone";
        reasons.check(mixed, "table.attack", message);
        for &(a, b) in table_pairs {
            let wrong = beaters(a, CardSet::single(b), self.trump, maria).is_empty();
            let message = format!("{} does not beat {}", card_name(b), card_name(a));
            reasons.check(wrong, "table.beaten", message);
        }
        let decided = attack - self.open - CardSet::single(maria);
        let order = decided.lowest().zip(self.current_attack_card());
        let unordered = order.is_some_and(|(low, high)| low < high);
        let message = "the defender meets attack cards from the highest down";
        reasons.check(unordered, "table", message);
    }

    /// The seat to act in the snapshot's phase (0 where none is known); a table or a seat
    /// that does not fit the phase is reported.
    fn check_actor(&self, to_move: Option<u8>, reasons: &mut Problems) -> u8 {
        let phase = self.phase;
        let laid = phase == Phase::Attack && !self.attack.is_empty();
        reasons.check(laid, "table.attack", "in phase 'attack' the table is empty");
        let forced = phase == Phase::Defend && self.current_beaters().is_empty();
        let message = "in phase 'defend' the open attack card must have a beater; forced pick-ups are not decisions";
        reasons.check(forced, "table", message);
        let expected = match phase {
            Phase::Attack => Some(self.attacker),
            Phase::Defend => Some(self.defender),
            _ => to_move,
        };
        if let Some(seat) = to_move.filter(|_| phase == Phase::Declare) {
            let message = format!("seat {seat} has no marriage to declare");
            reasons.check(self.declarable(seat) == 0, "to_move", message);
        }
        if let (Some(seat), Some(given)) = (expected, to_move) {
            let name = phase.name();
            let message = format!("seat {seat} acts in phase '{name}', not seat {given}");
            reasons.check(seat != given, "to_move", message);
        }
        let message = "missing: the seat that declares or passes";
        reasons.check(expected.is_none(), "to_move", message);
        expected.unwrap_or(0)
    }

    /// A deal is over by a stall, or when the talon is empty and one player, the loser, holds
    /// cards.
    fn check_over(&self, reasons: &mut Problems) {
        let mut holders = (0..self.n()).filter(|&s| !self.hands[s as usize].is_empty());
        let (first, more) = (holders.next(), holders.next().is_some());
        let unfinished = !self.stalled && (!self.talon.is_empty() || more);
        let message =
            "a deal is over when the talon is empty and one player holds cards (or a stall)";
        reasons.check(unfinished, "phase", message);
        let wrong = !self.stalled && !unfinished && self.loser != first;
        let message = format!("the loser is the last player holding cards, seat {first:?}");
        reasons.check(wrong, "loser", message);
    }
}
