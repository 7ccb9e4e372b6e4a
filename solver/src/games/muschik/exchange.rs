//! The exchange with the stock (spec 4.2, 7.4, 7.5) and the dealer's swap of the turned trump
//! card (4.3, 7.6).

use super::config::SwapTiming;
use super::{Move, Muschik, Phase, SwapState, HAND_SIZE};
use crate::cards::{Card, CardSet};

impl Muschik {
    pub(super) fn swap_comes_first(&self) -> bool {
        self.cfg.dealer_swap_timing == SwapTiming::BeforeExchange
    }

    pub(super) fn start_exchange(&mut self) {
        self.phase = Phase::Exchange;
        self.next_exchanger();
    }

    /// The next participant in turn, or the end of the exchange once every turn is taken or
    /// the stock is empty; what is left of the stock stays out of play.
    fn next_exchanger(&mut self) {
        let turns = self.participants as u32 * self.cfg.exchange_passes as u32;
        if self.drawn == self.stock_len || self.exchange_turns as u32 >= turns {
            if self.is_in(self.dealer) && self.swap == SwapState::Open {
                self.phase = Phase::DealerSwap;
                self.actor = self.dealer;
            } else {
                self.start_play();
            }
            return;
        }
        self.actor = self.order[(self.exchange_turns % self.participants) as usize];
    }

    /// The most cards the seat to exchange may lay away: five, or what the stock holds.
    pub(crate) fn exchange_limit(&self) -> u32 {
        (self.stock_len - self.drawn).min(HAND_SIZE as u8) as u32
    }

    /// Every subset of the hand up to the limit, standing pat first. A trump card the dealer
    /// took before the exchange stays in the hand.
    pub(super) fn exchange_moves(&self, out: &mut Vec<Move>) {
        let hand = (self.hands[self.actor as usize] - self.known_in_dealer_hand()).bits();
        let limit = self.exchange_limit();
        let mut subset = 0u64;
        loop {
            if subset.count_ones() <= limit {
                out.push(Move::Exchange(CardSet::from_bits(subset)));
            }
            if subset == hand {
                break;
            }
            subset = subset.wrapping_sub(hand) & hand;
        }
    }

    pub(super) fn exchange(&mut self, cards: CardSet) {
        let seat = self.actor as usize;
        self.hands[seat] -= cards;
        self.discards[seat] |= cards;
        for _ in 0..cards.len() {
            self.hands[seat].insert(self.stock[self.drawn as usize]);
            self.drawn += 1;
        }
        self.exchanged[seat] += cards.len() as u8;
        self.exchange_turns += 1;
        self.next_exchanger();
    }

    pub(super) fn swap_moves(&self, out: &mut Vec<Move>) {
        out.push(Move::Decline);
        out.extend(self.hands[self.dealer as usize].iter().map(Move::Swap));
    }

    /// `Some(card)`: the dealer lays `card` away face down and takes the trump card.
    pub(super) fn dealer_swap(&mut self, card: Option<Card>) {
        let dealer = self.dealer as usize;
        match card {
            Some(card) => {
                self.hands[dealer].remove(card);
                self.discards[dealer].insert(card);
                self.hands[dealer].insert(self.trump_card);
                self.swap = SwapState::Swapped;
            }
            None => self.swap = SwapState::Declined,
        }
        if self.swap_comes_first() {
            self.start_exchange();
        } else {
            self.start_play();
        }
    }
}
