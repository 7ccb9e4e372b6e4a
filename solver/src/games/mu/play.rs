//! Trick play (spec 4.8): cards from hand or table, following the effective suit, the
//! three-tier trump order, and "first played wins ties".

use super::cards::{colour_of, rank_of};
use super::Mu;
use crate::cards::{Card, CardSet};

impl Mu {
    /// Every trump card, of either designation.
    pub(crate) fn trumps(&self) -> CardSet {
        self.chief_trumps | self.vice_trumps
    }

    /// The cards that share `card`'s effective suit: every trump for a trump, else the cards of
    /// its colour that are not trump (a number trump leaves its colour).
    pub fn same_suit(&self, card: Card) -> CardSet {
        let trumps = self.trumps();
        if trumps.contains(card) {
            trumps
        } else {
            colour_of(card).mask() - trumps
        }
    }

    /// `tier(c)` of spec 4.8: 3 for both trumps, 2 for the chief's, 1 for the vice's, else 0.
    pub fn tier(&self, card: Card) -> u8 {
        2 * u8::from(self.chief_trumps.contains(card)) + u8::from(self.vice_trumps.contains(card))
    }

    /// The cards `seat` may play now: the led effective suit if it has any, else anything.
    pub fn playable(&self, seat: u8) -> CardSet {
        let avail = self.avail(seat);
        if self.trick_len == 0 {
            return avail;
        }
        let follow = avail & self.same_suit(self.trick[0]);
        if follow.is_empty() {
            avail
        } else {
            follow
        }
    }

    /// How strongly a card bids for the trick led by `led`: trumps by `(tier, rank)` above the
    /// led suit by rank, and 0 for a card that cannot win.
    pub(crate) fn strength(&self, card: Card, led: Card) -> u8 {
        let tier = self.tier(card);
        if tier > 0 {
            32 + tier * 10 + rank_of(card)
        } else if self.same_suit(led).contains(card) {
            1 + rank_of(card)
        } else {
            0
        }
    }

    /// The position in the trick of the winning card; the earliest of equals wins. The led
    /// suit and the trumps are read once, each card's strength as [`Mu::strength`]'s.
    pub fn winning_position(&self, cards: &[Card]) -> usize {
        let (chief, vice) = (self.chief_trumps.bits(), self.vice_trumps.bits());
        let suit = self.same_suit(cards[0]).bits();
        let strength = |card: Card| {
            let bit = card.bit();
            let tier = 2 * u8::from(chief & bit != 0) + u8::from(vice & bit != 0);
            let rank = rank_of(card);
            if tier > 0 {
                32 + tier * 10 + rank
            } else if suit & bit != 0 {
                1 + rank
            } else {
                0
            }
        };
        let (mut best, mut top) = (0, strength(cards[0]));
        for (i, &card) in cards.iter().enumerate().skip(1) {
            let s = strength(card);
            if s > top {
                (best, top) = (i, s);
            }
        }
        best
    }

    pub(crate) fn play_card(&mut self, seat: u8, card: Card) {
        let from_table = self.tables[seat as usize].contains(card);
        self.hands[seat as usize].remove(card);
        self.tables[seat as usize].remove(card);
        self.trick_from_table |= u8::from(from_table) << self.trick_len;
        self.trick[self.trick_len as usize] = card;
        self.trick_len += 1;
        if self.trick_len < self.n() {
            self.actor = self.next_seat(seat);
            return;
        }
        let position = self.winning_position(&self.trick[..self.trick_len as usize]);
        let winner = (self.leader + position as u8) % self.n();
        self.won[winner as usize] |= self.trick_cards();
        self.tricks_played += 1;
        self.trick_len = 0;
        self.trick_from_table = 0;
        if u32::from(self.tricks_played) == self.cfg.hand_size() {
            self.finish_hand();
        } else {
            self.leader = winner;
            self.actor = winner;
        }
    }
}
