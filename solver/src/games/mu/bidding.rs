//! The auction (spec 4.1) and its resolution (4.2–4.4): all-pass, Eklat, chief and vice.

use super::cards::rank_of;
use super::config::EklatLatecomer;
use super::{Mu, Phase};
use crate::cards::CardSet;

/// The vice tie-break key of a set of bid cards (spec 4.4): rank counts from 9 down, four bits
/// each, so that comparing keys compares the descending rank vectors of equal-sized sets.
pub(crate) fn rank_vector_key(cards: CardSet) -> u64 {
    cards.iter().map(|c| 1u64 << (4 * rank_of(c))).sum()
}

impl Mu {
    /// `kmax`: the most cards `seat` may lay now (spec 4.1); 0 with an empty hand.
    pub fn bid_limit(&self, seat: u8) -> u32 {
        let own = i32::from(self.bids[seat as usize]);
        let others = (0..self.n())
            .filter(|&q| q != seat)
            .map(|q| i32::from(self.bids[q as usize]))
            .max()
            .unwrap_or(0);
        let lead_by_one = (others + 1 - own).max(1) as u32;
        self.hands[seat as usize].len().min(lead_by_one)
    }

    pub(crate) fn is_legal_bid(&self, seat: u8, cards: CardSet) -> bool {
        let size = cards.len();
        cards.is_subset(self.hands[seat as usize]) && size >= 1 && size <= self.bid_limit(seat)
    }

    pub(crate) fn bid(&mut self, seat: u8, cards: CardSet) {
        self.actions += 1;
        self.hands[seat as usize] -= cards;
        self.tables[seat as usize] |= cards;
        self.bids[seat as usize] += cards.len() as u8;
        self.last_bid_at[seat as usize] = self.actions;
        self.last_bidder = Some(seat);
        self.passes = 0;
        self.actor = self.next_seat(seat);
    }

    pub(crate) fn pass(&mut self) {
        self.actions += 1;
        self.passes += 1;
        if self.passes == self.n() {
            self.resolve_auction();
        } else {
            self.actor = self.next_seat(self.actor);
        }
    }

    /// The seats with the most bid cards, as a bit mask, and that number `M`.
    pub fn top_bidders(&self) -> (u8, u8) {
        let top = self.bids[..self.n() as usize]
            .iter()
            .copied()
            .max()
            .unwrap_or(0);
        let mask = (0..self.n())
            .filter(|&p| self.bids[p as usize] == top)
            .fold(0, |m, p| m | 1 << p);
        (mask, top)
    }

    /// The Eklat latecomer among the tied seats `tied` (spec 4.3, 7.4).
    pub fn latecomer(&self, tied: u8) -> u8 {
        let in_tie = |p: u8| tied & 1 << p != 0;
        let last_to_reach_top = (0..self.n())
            .filter(|&p| in_tie(p))
            .max_by_key(|&p| self.last_bid_at[p as usize])
            .expect("an Eklat has tied seats");
        match (self.cfg.eklat_latecomer, self.last_bidder) {
            (EklatLatecomer::LastCardOverall, Some(p)) if in_tie(p) => p,
            _ => last_to_reach_top,
        }
    }

    /// RESOLVE (spec 4.2): all-pass, Eklat, or chief and vice.
    fn resolve_auction(&mut self) {
        let (tied, top) = self.top_bidders();
        self.actor = 0;
        if top == 0 {
            self.phase = Phase::AllPass;
            self.result = Some(self.unplayed_result(None));
        } else if tied.count_ones() >= 2 {
            self.phase = Phase::Eklat;
            self.result = Some(self.unplayed_result(Some((tied, top, self.latecomer(tied)))));
        } else {
            let chief = tied.trailing_zeros() as u8;
            self.chief = Some(chief);
            self.vice = self.find_vice(chief);
            match self.vice {
                Some(vice) => {
                    self.phase = Phase::ViceTrump;
                    self.actor = vice;
                }
                None => {
                    self.phase = Phase::ChiefTrump;
                    self.actor = chief;
                }
            }
        }
    }

    /// The vice (spec 4.4): the single runner-up, or the best rank vector among tied runners-up.
    pub fn find_vice(&self, chief: u8) -> Option<u8> {
        if self.n() == 3 {
            return None;
        }
        let others = || (0..self.n()).filter(move |&q| q != chief);
        let second = others().map(|q| self.bids[q as usize]).max()?;
        if second == 0 {
            return None;
        }
        let key = |q: u8| rank_vector_key(self.tables[q as usize]);
        let best = others()
            .filter(|&q| self.bids[q as usize] == second)
            .map(key)
            .max()?;
        let mut holders = others().filter(|&q| self.bids[q as usize] == second && key(q) == best);
        let vice = holders.next();
        holders.next().is_none().then_some(vice).flatten()
    }
}
