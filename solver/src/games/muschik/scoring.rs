//! Countdown points (spec 5.1), the end of a round (5.2), settlement (5.3) and the match of
//! normal and double rounds (5.4).

use super::config::{DoubleRoundOrder, START_CP};
use super::{Muschik, Phase, MAX_PLAYERS};
use crate::game::mix;

/// The most rounds of a match: five normal rounds, then a double round for each of the four
/// players who can be without a win.
pub const MAX_ROUNDS: usize = 2 * MAX_PLAYERS - 1;

/// The match as it stands between deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchState {
    /// Countdown points at the start of the deal; meaningless while `start_cp` is open.
    pub cp: [i32; MAX_PLAYERS],
    /// Cumulative match points.
    pub mp: [i32; MAX_PLAYERS],
    /// The round being played, from 1; rounds above the table size are double rounds.
    pub round: u8,
    /// The player whose double round this is.
    pub double_for: Option<u8>,
    /// The round's starting countdown points; `None` until a double round's chooser has chosen.
    pub start_cp: Option<i32>,
    /// Players still owed a double round after this one, in playing order.
    pub owed: [u8; MAX_PLAYERS],
    pub owed_len: u8,
    /// The winner of every finished round, in order.
    pub winners: [u8; MAX_ROUNDS],
    pub winners_len: u8,
    /// Deals each player has sat out in a row (for `max_consecutive_sitouts`).
    pub sitouts: [u8; MAX_PLAYERS],
    pub deals: u32,
    pub over: bool,
}

impl MatchState {
    /// A match about to begin: round 1, everybody on 15.
    pub fn new(players: u8) -> MatchState {
        let mut cp = [0; MAX_PLAYERS];
        cp[..players as usize].fill(START_CP);
        MatchState {
            cp,
            mp: [0; MAX_PLAYERS],
            round: 1,
            double_for: None,
            start_cp: Some(START_CP),
            owed: [0; MAX_PLAYERS],
            owed_len: 0,
            winners: [0; MAX_ROUNDS],
            winners_len: 0,
            sitouts: [0; MAX_PLAYERS],
            deals: 0,
            over: false,
        }
    }

    /// `m` of spec 5.3.
    pub fn multiplier(&self) -> i32 {
        if self.double_for.is_some() {
            2
        } else {
            1
        }
    }

    pub fn owed(&self) -> &[u8] {
        &self.owed[..self.owed_len as usize]
    }

    pub fn winners(&self) -> &[u8] {
        &self.winners[..self.winners_len as usize]
    }

    /// What of the match decides the rest of a deal.
    pub(super) fn key(&self) -> u64 {
        let mut h = mix(self.round as u64, self.double_for.map_or(9, u64::from));
        h = mix(h, self.start_cp.map_or(u64::MAX, |c| c as u64));
        for seat in 0..MAX_PLAYERS {
            h = mix(
                h,
                (self.cp[seat] as u32 as u64) | (self.sitouts[seat] as u64) << 32,
            );
        }
        h
    }
}

/// What a finished deal gives, and the match after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealResult {
    /// Too few joined under `void_deal_if_lt2`: nothing is scored.
    pub void: bool,
    pub cp_after: [i32; MAX_PLAYERS],
    /// `cp_after - cp` at the start of the deal.
    pub cp_change: [i32; MAX_PLAYERS],
    pub round_winner: Option<u8>,
    /// Match points of the round's settlement, if the round ended.
    pub settlement: [i32; MAX_PLAYERS],
    pub match_after: MatchState,
    pub next_dealer: u8,
}

impl Muschik {
    /// One countdown point off `seat` for winning trick `trick` (1..=5), at once (5.1, 5.2).
    pub(super) fn lose_point(&mut self, seat: u8, trick: u8) {
        let s = seat as usize;
        self.tricks_won[s] += 1;
        if self.cp[s] > 0 || !self.cfg.clamp_at_zero {
            self.cp[s] -= 1;
            if self.cp[s] == 0 && self.zero_at[s] == 0 {
                self.zero_at[s] = trick;
            }
        }
    }

    /// `lone_player_takes_all`: the only joiner is credited with all five tricks unplayed.
    pub(super) fn lone_takes_all(&mut self, seat: u8) {
        for trick in 1..=super::HAND_SIZE as u8 {
            self.lose_point(seat, trick);
        }
        self.finish_deal();
    }

    pub(super) fn void_deal(&mut self) {
        self.phase = Phase::Void;
        self.actor = 0;
        let after = self.match_after_deal();
        self.result = Some(DealResult {
            void: true,
            cp_after: self.cp,
            cp_change: [0; MAX_PLAYERS],
            round_winner: None,
            settlement: [0; MAX_PLAYERS],
            match_after: after,
            next_dealer: self.next_seat(self.dealer),
        });
    }

    /// After the last trick: +5 for trickless participants, then the round's end (5.1, 5.2).
    pub(super) fn finish_deal(&mut self) {
        for seat in 0..self.n() as usize {
            if self.is_in(seat as u8) && self.tricks_won[seat] == 0 {
                self.cp[seat] += 5;
            }
        }
        self.record_result();
    }

    /// Scores the finished deal from the countdown points it ends with.
    pub(super) fn record_result(&mut self) {
        self.phase = Phase::Scored;
        self.actor = 0;
        let n = self.n() as usize;
        let mut cp_change = [0; MAX_PLAYERS];
        for (change, (now, start)) in cp_change
            .iter_mut()
            .zip(self.cp.iter().zip(&self.match_state.cp))
            .take(n)
        {
            *change = now - start;
        }
        let round_winner = (0..n as u8)
            .filter(|&s| self.zero_at[s as usize] > 0)
            .min_by_key(|&s| self.zero_at[s as usize]);
        let mut after = self.match_after_deal();
        after.cp = self.cp;
        let mut settlement = [0; MAX_PLAYERS];
        if let Some(winner) = round_winner {
            settlement = self.settlement(winner);
            for (mp, gained) in after.mp.iter_mut().zip(settlement).take(n) {
                *mp += gained;
            }
            self.close_round(&mut after, winner);
        }
        self.result = Some(DealResult {
            void: false,
            cp_after: self.cp,
            cp_change,
            round_winner,
            settlement,
            match_after: after,
            next_dealer: self.next_seat(self.dealer),
        });
    }

    /// The match once this deal is counted, before any round ends.
    fn match_after_deal(&self) -> MatchState {
        let mut after = self.match_state;
        after.deals += 1;
        for seat in 0..self.n() {
            let s = seat as usize;
            after.sitouts[s] = if self.is_in(seat) {
                0
            } else {
                after.sitouts[s].saturating_add(1)
            };
        }
        after
    }

    /// The winner takes `m` times everybody else's countdown points; each pays its own (5.3).
    pub(super) fn settlement(&self, winner: u8) -> [i32; MAX_PLAYERS] {
        let m = self.match_state.multiplier();
        let mut mp = [0; MAX_PLAYERS];
        for seat in (0..self.n()).filter(|&s| s != winner) {
            mp[seat as usize] = -m * self.cp[seat as usize];
            mp[winner as usize] += m * self.cp[seat as usize];
        }
        mp
    }

    /// Records the round's winner and sets up the next round, or ends the match (5.4).
    fn close_round(&self, after: &mut MatchState, winner: u8) {
        let n = self.n();
        after.winners[after.winners_len as usize] = winner;
        after.winners_len += 1;
        let normal = after.double_for.is_none();
        if normal && after.round < n {
            after.round += 1;
            after.start_cp = Some(START_CP);
            after.cp[..n as usize].fill(START_CP);
            return;
        }
        if normal {
            let next_dealer = self.next_seat(self.dealer);
            let first = match self.cfg.double_round_order {
                DoubleRoundOrder::ClockwiseFromDealer => next_dealer,
                DoubleRoundOrder::BySeat => 0,
            };
            for step in 0..n {
                let seat = (first + step) % n;
                if !after.winners().contains(&seat) {
                    after.owed[after.owed_len as usize] = seat;
                    after.owed_len += 1;
                }
            }
        }
        match after.owed().first().copied() {
            Some(chooser) => {
                after.owed.copy_within(1..after.owed_len as usize, 0);
                after.owed_len -= 1;
                after.round += 1;
                after.double_for = Some(chooser);
                after.start_cp = None;
                after.cp = [0; MAX_PLAYERS];
            }
            None => after.over = true,
        }
    }
}
