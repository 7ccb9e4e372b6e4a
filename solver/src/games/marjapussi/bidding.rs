//! Before the first trick: bidding (spec 4.2), the exchange, the talon and the contract (4.3).

use super::cards::{self, JACK};
use super::config::{AllPass, FirstLeader, TalonHandling};
use super::{Marjapussi, Move, Phase};
use crate::cards::{for_each_subset, Card, CardSet};
use crate::suited::power_of;

impl Marjapussi {
    fn is_banned(&self, seat: u8) -> bool {
        self.match_state.scores[self.side_of(seat) as usize] <= self.cfg.bid_ban_threshold
    }

    /// Three sixes, or no card above the jack (spec 4.2, H-2).
    fn may_claim_redeal(&self, seat: u8) -> bool {
        let hand = self.hands[seat as usize];
        let sixes = (hand & cards::of_power(0)).len();
        let high = hand.iter().any(|c| power_of(c) > JACK);
        self.cfg.redeal_right && self.had_turn & 1 << seat == 0 && (sixes >= 3 || !high)
    }

    pub(super) fn bid_moves(&self, seat: u8, out: &mut Vec<Move>) {
        let cfg = &self.cfg;
        if self.may_claim_redeal(seat) {
            out.push(Move::Redeal);
        }
        let must_open = cfg.opening_obligation
            && seat == self.forehand()
            && self.had_turn & 1 << seat == 0
            && self.high_bid == 0;
        if self.is_banned(seat) {
            if must_open && cfg.min_bid <= cfg.max_bid {
                out.push(Move::Bid(cfg.min_bid));
            }
        } else {
            let lowest = if self.high_bid > 0 {
                self.high_bid + 1
            } else {
                cfg.min_bid
            };
            let mut bid = (lowest + cfg.bid_step - 1) / cfg.bid_step * cfg.bid_step;
            while bid <= cfg.max_bid {
                out.push(Move::Bid(bid));
                bid += cfg.bid_step;
            }
        }
        if !must_open {
            out.push(Move::Pass);
        }
    }

    pub(super) fn play_bid(&mut self, seat: u8, mv: Move) {
        self.had_turn |= 1 << seat;
        match mv {
            Move::Redeal => {
                self.phase = Phase::Redealt;
                self.actor = 0;
                self.result = Some(self.redeal_result());
                return;
            }
            Move::Bid(v) => {
                self.high_bid = v;
                self.high_bidder = seat;
            }
            _ => self.passed |= 1 << seat,
        }
        let n = self.n();
        let passes = self.passed.count_ones() as u8;
        if self.high_bid > 0 && passes == n - 1 {
            self.after_auction(self.high_bidder);
        } else if passes == n {
            match self.cfg.all_pass {
                AllPass::Impossible => {
                    self.phase = Phase::Redealt;
                    self.actor = 0;
                    self.result = Some(self.redeal_result());
                }
                AllPass::PlayWithoutContract | AllPass::TalonToLastTrick => self.start_play(),
            }
        } else {
            let mut next = self.next_seat(seat);
            while self.passed & 1 << next != 0 {
                next = self.next_seat(next);
            }
            self.actor = next;
        }
    }

    fn after_auction(&mut self, declarer: u8) {
        self.declarer = Some(declarer);
        self.contract = self.high_bid;
        if self.n() == 4 {
            self.phase = Phase::ExchangeGive;
            self.actor = self.partner(declarer);
        } else {
            self.hands[declarer as usize] |= self.talon;
            self.talon = CardSet::EMPTY;
            self.phase = Phase::SetContract;
            self.actor = declarer;
        }
    }

    pub(super) fn card_subsets(
        &self,
        from: CardSet,
        size: u32,
        wrap: fn(CardSet) -> Move,
        out: &mut Vec<Move>,
    ) {
        for_each_subset(from, size, |s| out.push(wrap(s)));
    }

    pub(super) fn contract_moves(&self, out: &mut Vec<Move>) {
        let cfg = &self.cfg;
        let declarer = self.actor;
        let fixed = !cfg.contract_raise || (cfg.bid_ban_blocks_raise && self.is_banned(declarer));
        let top = if fixed {
            self.high_bid
        } else {
            cfg.max_bid.max(self.high_bid)
        };
        let mut c = self.high_bid;
        while c <= top {
            out.push(Move::Contract(c));
            c += cfg.bid_step;
        }
    }

    pub(super) fn give(&mut self, cards: CardSet) {
        let declarer = self.declarer.expect("an exchange has a declarer") as usize;
        self.hands[self.actor as usize] -= cards;
        self.hands[declarer] |= cards;
        self.phase = Phase::SetContract;
        self.actor = declarer as u8;
    }

    pub(super) fn set_contract(&mut self, contract: i32) {
        self.contract = contract;
        self.phase = match (self.n(), self.cfg.talon_handling) {
            (4, _) => Phase::ExchangeReturn,
            (_, TalonHandling::Discard3) => Phase::Discard,
            (_, TalonHandling::GiveOneEach) => Phase::GiveOneEach,
        };
    }

    pub(super) fn return_cards(&mut self, cards: CardSet) {
        let partner = self.partner(self.actor) as usize;
        self.hands[self.actor as usize] -= cards;
        self.hands[partner] |= cards;
        self.start_play();
    }

    /// The cards the declarer to discard may discard (spec 7.26).
    pub(super) fn discard_pool(&self) -> CardSet {
        self.hands[self.actor as usize] - self.cfg.forbidden_discards()
    }

    pub(super) fn discard_moves(&self, out: &mut Vec<Move>) {
        self.card_subsets(self.discard_pool(), 3, Move::Discard, out);
    }

    pub(super) fn discard(&mut self, cards: CardSet) {
        self.hands[self.actor as usize] -= cards;
        self.discards = cards;
        self.start_play();
    }

    pub(super) fn give_each_moves(&self, out: &mut Vec<Move>) {
        let hand = self.hands[self.actor as usize];
        for left in hand {
            for right in hand - CardSet::single(left) {
                out.push(Move::GiveEach { left, right });
            }
        }
    }

    pub(super) fn give_each(&mut self, left: Card, right: Card) {
        let d = self.actor;
        let (l, r) = (self.next_seat(d), self.next_seat(self.next_seat(d)));
        self.hands[d as usize] -= CardSet::single(left) | CardSet::single(right);
        self.hands[l as usize].insert(left);
        self.hands[r as usize].insert(right);
        self.start_play();
    }

    /// Opens trick 1 with its leader (spec 3.3, 3.1 `first_deal_leader_card`).
    pub(super) fn start_play(&mut self) {
        let mut leader = match (self.cfg.first_leader, self.declarer) {
            (FirstLeader::Declarer, Some(d)) => d,
            _ => self.forehand(),
        };
        if let Some(card) = self.cfg.first_deal_leader_card {
            if self.match_state.hands_played == 0 {
                if let Some(holder) = (0..self.n()).find(|&s| self.hands[s as usize].contains(card))
                {
                    leader = holder;
                }
            }
        }
        self.opening_leader = leader;
        self.open_trick(leader);
    }

    /// `leader` is to lead the next trick; with `poll_all` the doubling poll comes first.
    pub(super) fn open_trick(&mut self, leader: u8) {
        self.leader = leader;
        self.trick_len = 0;
        self.polled = 0;
        self.phase = Phase::Play;
        self.actor = leader;
        if self.polls_doubles() {
            self.poll_next(leader, 0);
        }
    }
}
