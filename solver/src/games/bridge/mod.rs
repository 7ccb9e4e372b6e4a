//! Bridge card play (`bridge`): one deal of contract bridge played out, the contract given.
//!
//! Rule decisions (the play of the cards in the Laws of Duplicate Bridge; no auction):
//! - Seats are 0 North, 1 East, 2 South, 3 West; side 0 is North-South, side 1 East-West.
//! - The strain (a trump suit or no trump) and the declarer are the options of the deal.
//! - The declarer's left-hand opponent leads the first trick. The declarer's partner is dummy,
//!   whose cards everyone sees once the opening lead is made ([`Game::unseen`]). The seat to
//!   move is the seat whose card comes next, dummy's included (at the table the declarer
//!   plays them).
//! - A seat follows the suit led if it can, otherwise plays any card. The highest trump wins
//!   the trick, otherwise the highest card of the suit led; the winner leads the next trick.
//! - A seat's payoff, and the value of the exact search, is the tricks its side took.

#[cfg(test)]
mod analysis_api_tests;
pub mod config;
#[cfg(test)]
mod dds_agreement_tests;
#[cfg(test)]
mod dds_table_tests;
mod heuristic;
mod json;
mod knowledge;
pub mod oracle;
mod partition;
mod pbn;
mod rules;
mod search;
mod snapshot;
pub mod table;
#[cfg(test)]
mod tests;

use crate::cards::{Card, CardSet};
use crate::game::{mix, Game, Payoff, Seat, Unseen, MAX_SEATS};
use crate::rng::Rng;
use crate::suited::{suit_of, Suit, SuitedDeck};
use config::Config;
use partition::Shape;

/// The 52-card deck: ranks 2 to ace, lowest first.
pub const DECK: SuitedDeck = SuitedDeck {
    ranks: "23456789TJQKA",
};

/// Tricks in a deal.
pub const TRICKS: u8 = 13;

/// A complete position of one deal's play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bridge {
    pub(crate) cfg: Config,
    pub(crate) hands: [CardSet; 4],
    /// Cards of the finished tricks.
    pub(crate) played: CardSet,
    pub(crate) trick: [Card; 4],
    pub(crate) trick_len: u8,
    /// The offset in the trick (0 = the leader) of the card winning it so far.
    winner: u8,
    pub(crate) leader: u8,
    /// Tricks taken by side 0 (North-South) and side 1 (East-West).
    pub(crate) tricks_won: [u8; 2],
    /// What partition search reads of `hands`, kept with them ([`Bridge::set_hand`]).
    pub(crate) shape: Shape,
}

impl Bridge {
    pub const NAME: &'static str = "bridge";

    /// A deal before the opening lead.
    pub fn new_deal(cfg: Config, hands: [CardSet; 4]) -> Bridge {
        Bridge {
            cfg,
            hands,
            played: CardSet::EMPTY,
            trick: [Card::new(0); 4],
            trick_len: 0,
            winner: 0,
            leader: (cfg.declarer + 1) % 4,
            tricks_won: [0; 2],
            shape: Shape::of(&hands),
        }
    }

    /// Gives `seat` the cards `hand`.
    pub(crate) fn set_hand(&mut self, seat: usize, hand: CardSet) {
        self.hands[seat] = hand;
        self.shape = Shape::of(&self.hands);
    }

    /// A deal from a deck shuffled by `rng`: its first 13 cards to North, the next to East,
    /// and so on.
    fn dealt(cfg: Config, rng: &mut Rng) -> Bridge {
        let mut hands = [CardSet::EMPTY; 4];
        for (i, card) in rng.shuffled(DECK.cards_from(0)).into_iter().enumerate() {
            hands[i / usize::from(TRICKS)].insert(card);
        }
        Bridge::new_deal(cfg, hands)
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn dummy(&self) -> u8 {
        (self.cfg.declarer + 2) % 4
    }

    /// Whether the opening lead has been made (dummy's cards are then public).
    pub fn dummy_shown(&self) -> bool {
        self.trick_len > 0 || !self.played.is_empty()
    }

    /// Tricks taken by `side` so far.
    pub fn tricks_of(&self, side: usize) -> u8 {
        self.tricks_won[side]
    }

    /// Tricks still to be played, the one in progress included.
    pub fn tricks_left(&self) -> u32 {
        self.hands[self.leader as usize].len() + u32::from(self.trick_len > 0)
    }

    /// Cards played to the trick in progress.
    pub fn trick_len(&self) -> u8 {
        self.trick_len
    }

    pub(crate) fn trick_cards(&self) -> CardSet {
        self.trick[..self.trick_len as usize]
            .iter()
            .copied()
            .collect()
    }

    pub(crate) fn seat_to_move(&self) -> u8 {
        (self.leader + self.trick_len) % 4
    }

    /// Whether `card` beats `winner`, the card winning the trick so far.
    pub(crate) fn beats(&self, card: Card, winner: Card) -> bool {
        if suit_of(card) == suit_of(winner) {
            card.index() > winner.index()
        } else {
            Some(suit_of(card)) == self.cfg.trump
        }
    }

    /// The offset in the trick (0 = the leader) of the card winning it so far.
    pub(crate) fn winning_offset(&self) -> usize {
        usize::from(self.winner)
    }

    /// Puts `cards` on the table as the trick in progress (a snapshot's).
    pub(crate) fn lay_trick(&mut self, cards: &[Card]) {
        self.trick_len = 0;
        for &card in cards {
            self.add_to_trick(card);
        }
    }

    /// Adds `card` to the trick in progress, keeping which card wins it.
    fn add_to_trick(&mut self, card: Card) {
        let offset = self.trick_len;
        if offset == 0 || self.beats(card, self.trick[usize::from(self.winner)]) {
            self.winner = offset;
        }
        self.trick[usize::from(offset)] = card;
        self.trick_len += 1;
    }

    /// The cards the mover may play: its cards of the suit led, or any card when it has none.
    pub(crate) fn legal_cards(&self) -> CardSet {
        let hand = self.hands[self.seat_to_move() as usize];
        match self.led_suit().map(|s| hand & s.mask()) {
            Some(cards) if !cards.is_empty() => cards,
            _ => hand,
        }
    }

    /// The suit led to the trick in progress.
    pub(crate) fn led_suit(&self) -> Option<Suit> {
        (self.trick_len > 0).then(|| suit_of(self.trick[0]))
    }
}

impl Game for Bridge {
    type Move = Card;

    fn seats(&self) -> usize {
        4
    }

    fn to_move(&self) -> Option<Seat> {
        let seat = self.seat_to_move();
        (!self.hands[seat as usize].is_empty()).then_some(seat as Seat)
    }

    fn legal_moves(&self, out: &mut Vec<Card>) {
        out.clear();
        out.extend(self.legal_cards());
    }

    fn play_unchecked(&mut self, card: Card) {
        let seat = self.seat_to_move() as usize;
        self.shape.remove(&self.hands, seat, card);
        self.hands[seat].remove(card);
        self.add_to_trick(card);
        if self.trick_len == 4 {
            let winner = (self.leader as usize + self.winning_offset()) % 4;
            self.tricks_won[winner % 2] += 1;
            self.played |= self.trick_cards();
            self.leader = winner as u8;
            self.trick_len = 0;
        }
    }

    fn payoff(&self) -> Payoff {
        let mut payoff = [0; MAX_SEATS];
        for (seat, value) in payoff.iter_mut().enumerate().take(4) {
            *value = i32::from(self.tricks_won[seat % 2]);
        }
        payoff
    }

    fn side(&self, seat: Seat) -> usize {
        seat % 2
    }

    fn key(&self) -> u64 {
        let mut h = 0x6272_6964_6765_0001;
        for hand in &self.hands {
            h = mix(h, hand.bits());
        }
        let trick = self.trick[..self.trick_len as usize]
            .iter()
            .fold(0u64, |acc, c| (acc << 8) | (c.index() as u64 + 1));
        h = mix(h, trick);
        mix(h, self.small_state())
    }

    fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// Every other hand, except dummy's once the opening lead is made (dummy, in turn, does
    /// not see the declarer's hand).
    fn unseen(&self, observer: Seat) -> Unseen {
        let mut unseen = Unseen::default();
        for seat in 0..4 {
            let public = self.dummy_shown() && seat == self.dummy() as usize;
            if seat != observer && !public {
                unseen.places[seat] = self.hands[seat];
            }
        }
        unseen
    }

    fn set_unseen(&mut self, observer: Seat, unseen: &Unseen) {
        let before = self.unseen(observer);
        for seat in 0..4 {
            if !before.places[seat].is_empty() {
                self.set_hand(seat, unseen.places[seat]);
            }
        }
    }

    fn with_hand(&self, seat: Seat, hand: CardSet) -> Self {
        let mut copy = *self;
        copy.set_hand(seat, hand);
        copy
    }

    fn revealed_cards(&self, card: Card, _observer: Seat) -> CardSet {
        CardSet::single(card)
    }

    fn deck(&self) -> CardSet {
        DECK.cards_from(0)
    }

    fn card_places(&self) -> Vec<CardSet> {
        let mut places = self.hands.to_vec();
        places.push(self.trick_cards());
        places.push(self.played);
        places
    }

    fn payoff_bounds(&self) -> (i32, i32) {
        (0, i32::from(TRICKS))
    }

    fn payoff_unit(&self) -> &'static str {
        "tricks of the seat's side"
    }

    /// A seat's payoff is its side's tricks, the exact search's value.
    fn score_of_value(&self, _side: usize, value: f64) -> Option<f64> {
        Some(value)
    }

    fn decider(&self, seat: Seat) -> Seat {
        if seat == usize::from(self.dummy()) {
            usize::from(self.config().declarer)
        } else {
            seat
        }
    }
}

impl Bridge {
    /// The phase's name: `play` until the last trick is taken, then `over`.
    fn phase_name(&self) -> &'static str {
        if self.is_over() {
            "over"
        } else {
            "play"
        }
    }

    /// The small fields of the position in one word, for keys.
    pub(crate) fn small_state(&self) -> u64 {
        u64::from(self.leader)
            | u64::from(self.trick_len) << 4
            | u64::from(self.tricks_won[0]) << 8
            | u64::from(self.tricks_won[1]) << 16
            | self.cfg.trump.map_or(7, |s| s as u64) << 24
            | u64::from(self.cfg.declarer) << 32
    }
}
