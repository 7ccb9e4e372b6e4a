//! Trick play (spec 4.4): must follow and beat, must trump and overtrump when void, and the
//! trump-ace duties with the last seat's exception.

use super::cards::{beaters, trump_ace};
use super::{Muschik, Phase, Trick, HAND_SIZE};
use crate::cards::{Card, CardSet};
use crate::suited::suit_of;

impl Muschik {
    /// The first participant clockwise from the dealer's left leads the first trick (7.8).
    pub(super) fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.leader = self.order[0];
        self.actor = self.leader;
        self.trick_len = 0;
    }

    /// The next participant clockwise after `seat`; non-participants are skipped.
    pub(crate) fn next_participant(&self, seat: u8) -> u8 {
        let mut next = self.next_seat(seat);
        while !self.is_in(next) {
            next = self.next_seat(next);
        }
        next
    }

    /// `W`: the card winning the trick so far.
    pub(crate) fn winning_card(&self) -> Card {
        self.trick[self.best as usize]
    }

    /// The cards the seat to play may play (spec 4.4).
    pub(crate) fn playable(&self) -> CardSet {
        let hand = self.hands[self.actor as usize];
        let ace = CardSet::single(trump_ace(self.trump));
        if self.trick_len == 0 {
            return if hand.intersects(ace) { ace } else { hand };
        }
        let trumps = hand & self.trump.mask();
        let over = beaters(self.winning_card(), self.trump);
        let led = suit_of(self.trick[0]);
        if led != self.trump {
            let follow = hand & led.mask();
            let pool = if !follow.is_empty() {
                follow
            } else if !trumps.is_empty() {
                trumps
            } else {
                return hand;
            };
            return prefer(pool & over, pool);
        }
        if trumps.is_empty() {
            return hand;
        }
        if trumps.intersects(ace) {
            let last = self.trick_len + 1 == self.participants;
            let small_winners = (trumps - ace) & over;
            return if last && !small_winners.is_empty() {
                trumps & over
            } else {
                ace
            };
        }
        prefer(trumps & over, trumps)
    }

    /// Plays `card` for the seat to act; the deal's last trick scores it.
    pub(super) fn play_card(&mut self, card: Card) {
        if self.lay_card(card) {
            self.finish_deal();
        }
    }

    /// Plays `card` for the seat to act, leaving the deal unscored; whether it ended the
    /// deal's last trick.
    pub(super) fn lay_card(&mut self, card: Card) -> bool {
        let seat = self.actor;
        self.hands[seat as usize].remove(card);
        if self.trick_len == 0 || beaters(self.winning_card(), self.trump).contains(card) {
            self.best = self.trick_len;
        }
        self.trick[self.trick_len as usize] = card;
        self.trick_len += 1;
        if self.trick_len < self.participants {
            self.actor = self.next_participant(seat);
            return false;
        }
        let winner = (0..self.best).fold(self.leader, |s, _| self.next_participant(s));
        self.tricks[self.tricks_played as usize] = Trick {
            leader: self.leader,
            cards: self.trick,
            winner,
        };
        self.tricks_played += 1;
        self.lose_point(winner, self.tricks_played);
        self.trick_len = 0;
        self.leader = winner;
        self.actor = winner;
        self.tricks_played as usize == HAND_SIZE
    }
}

/// `better` if it holds a card, else `fallback`.
fn prefer(better: CardSet, fallback: CardSet) -> CardSet {
    if better.is_empty() {
        fallback
    } else {
        better
    }
}
