//! Marriage declarations of the `marriage` trump mode (spec 4.7, 7.11-7.14), and the start of
//! each attack and defence, where the declaration poll opens.
//!
//! The poll asks, clockwise from the player about to act, every player who could declare
//! (`any_player_any_time`), or only the player about to act (`active_before_play`). Players with
//! nothing to declare get no decision node; the first declaration closes the poll.

use super::cards::marriage;
use super::config::MarriageWindow;
use super::{By, Move, Mustamaija, Phase};
use crate::suited::Suit;

impl Mustamaija {
    /// The suits `seat` may declare now, as a mask over suit indices.
    pub(crate) fn declarable(&self, seat: u8) -> u8 {
        if !self.polls_open() {
            return 0;
        }
        let hand = self.hands[seat as usize];
        Suit::ALL
            .into_iter()
            .filter(|&s| self.may_declare(s) && marriage(s).is_subset(hand))
            .fold(0, |mask, s| mask | 1 << s as u8)
    }

    /// Whether the marriage of `suit` may be declared now by a seat holding it.
    pub(super) fn may_declare(&self, suit: Suit) -> bool {
        self.polls_open() && self.cfg.marriage_allowed(suit) && self.declared & 1 << suit as u8 == 0
    }

    /// The seat whose turn the poll precedes: the attacker before an attack, else the defender.
    pub(super) fn poll_opener(&self) -> u8 {
        if self.attack.is_empty() {
            self.attacker
        } else {
            self.defender
        }
    }

    /// The next seat to poll after `after` (or from the opener on, with `None`).
    fn next_pollee(&self, after: Option<u8>) -> Option<u8> {
        let opener = self.poll_opener();
        let candidates: &mut dyn Iterator<Item = u8> = match self.cfg.marriage_window {
            MarriageWindow::ActiveBeforePlay => &mut std::iter::once(opener),
            MarriageWindow::AnyPlayerAnyTime => &mut (0..self.n()).map(|i| (opener + i) % self.n()),
        };
        let mut candidates = candidates
            .skip_while(|&s| after.is_some_and(|a| s != a))
            .skip(usize::from(after.is_some()));
        candidates.find(|&s| self.declarable(s) != 0)
    }

    pub(crate) fn start_attack(&mut self) {
        self.phase = Phase::Attack;
        self.actor = self.attacker;
        self.open_poll();
    }

    pub(crate) fn start_defence(&mut self) {
        if !self.open_poll() {
            self.continue_defence();
        }
    }

    /// Opens a poll if someone could declare; says whether it did.
    fn open_poll(&mut self) -> bool {
        let Some(seat) = self.next_pollee(None) else {
            return false;
        };
        self.phase = Phase::Declare;
        self.actor = seat;
        true
    }

    fn close_poll(&mut self) {
        if self.attack.is_empty() {
            self.phase = Phase::Attack;
            self.actor = self.attacker;
        } else {
            self.continue_defence();
        }
    }

    pub(super) fn declaration_moves(&self, out: &mut Vec<Move>) {
        let mask = self.declarable(self.actor);
        out.extend(
            Suit::ALL
                .into_iter()
                .filter(|&s| mask & 1 << s as u8 != 0)
                .map(|s| Move::Declare(s, By::default())),
        );
        out.push(Move::NoDeclaration(By::default()));
    }

    pub(super) fn play_declare(&mut self, suit: Suit) {
        self.trump = Some(suit);
        self.declared |= 1 << suit as u8;
        self.public |= marriage(suit);
        self.close_poll();
    }

    pub(super) fn play_no_declaration(&mut self) {
        match self.next_pollee(Some(self.actor)) {
            Some(seat) => self.actor = seat,
            None => self.close_poll(),
        }
    }
}
