//! Before the cards are touched: a double round's choice of start (spec 5.4) and the
//! participation decisions with the forced entry when too few join (4.1, 7.7, 7.18).

use super::config::ParticipationFloor;
use super::{Move, Muschik, Phase};

impl Muschik {
    /// The chooser of a double round sets everybody's countdown points.
    pub(super) fn choose_start(&mut self, cp: i32) {
        let n = self.n() as usize;
        self.match_state.start_cp = Some(cp);
        self.match_state.cp[..n].fill(cp);
        self.cp[..n].fill(cp);
        self.phase = Phase::Participation;
        self.actor = self.next_seat(self.dealer);
    }

    /// The fewest participants a played deal has.
    pub(super) fn participation_floor(&self) -> u32 {
        match self.cfg.participation_floor {
            ParticipationFloor::ForceIn => self.cfg.min_participants as u32,
            ParticipationFloor::VoidDeal | ParticipationFloor::LoneTakesAll => 2,
        }
    }

    /// Whether the seat to decide may say `out`.
    pub(crate) fn may_sit_out(&self) -> bool {
        let seat = self.actor as usize;
        let cfg = &self.cfg;
        if cfg.must_play_at_cp1 && self.cp[seat] == 1 {
            return false;
        }
        if cfg
            .max_consecutive_sitouts
            .is_some_and(|k| self.match_state.sitouts[seat] >= k)
        {
            return false;
        }
        if cfg.participation_floor == ParticipationFloor::ForceIn {
            let still_to_decide = (self.n() - self.decided - 1) as u32;
            return self.joined.count_ones() + still_to_decide >= self.participation_floor();
        }
        true
    }

    pub(super) fn participation_moves(&self, out: &mut Vec<Move>) {
        out.push(Move::In);
        if self.may_sit_out() {
            out.push(Move::Out);
        }
    }

    pub(super) fn decide(&mut self, join: bool) {
        if join {
            self.joined |= 1 << self.actor;
        }
        self.decided += 1;
        if self.decided < self.n() {
            self.actor = self.next_seat(self.actor);
        } else {
            self.close_participation();
        }
    }

    /// `lone_player_takes_all` with one joiner: the five tricks are credited, not played.
    pub(super) fn lone_credited(&self) -> bool {
        self.cfg.participation_floor == ParticipationFloor::LoneTakesAll && self.participants == 1
    }

    /// The participants in order from the dealer's left; too few void the deal or, with
    /// `lone_player_takes_all`, credit the lone joiner with every trick.
    pub(super) fn close_participation(&mut self) {
        self.set_order();
        if (self.participants as u32) < self.participation_floor() {
            if self.lone_credited() {
                self.lone_takes_all(self.order[0]);
            } else {
                self.void_deal();
            }
            return;
        }
        if self.is_in(self.dealer) && self.swap_comes_first() {
            self.phase = Phase::DealerSwap;
            self.actor = self.dealer;
        } else {
            self.start_exchange();
        }
    }

    pub(super) fn set_order(&mut self) {
        self.participants = 0;
        for step in 1..=self.n() {
            let seat = (self.dealer + step) % self.n();
            if self.is_in(seat) {
                self.order[self.participants as usize] = seat;
                self.participants += 1;
            }
        }
    }
}
