//! Muschik (Muushig): five cards each, a turned trump card, a stock to exchange with, and a
//! countdown from 15 that the first player to reach 0 wins.
//!
//! Rule decisions follow `docs/rules/muschik.md`; every "chosen resolution" of section 7 is the
//! default and every named alternative is an option (`config.rs`):
//! - participation (4.1) from the dealer's left, the dealer last; with `force_in` the last
//!   deciders are forced in so that `min_participants` (2) take part (7.7);
//! - the exchange (4.2) goes once round the participants from the dealer's left and stops when
//!   the stock is empty; leftovers are dead (7.4, `exchange_passes`); the stock's order is part
//!   of a complete position, and its top card is drawn first;
//! - the dealer's swap of the trump card (4.3) follows the exchange (7.6); with
//!   `before_exchange` the taken trump card cannot be exchanged away, so it stays public;
//! - play (4.4): must follow and beat `W`, must trump and overtrump when void, and the trump-ace
//!   duties with the last-seat exception, exactly as written; no duty while the trump ace is out
//!   of the hands (7.12);
//! - scoring (5.1, 5.2): one countdown point per trick at once, clamped at 0, +5 for a trickless
//!   participant after the last trick; every deal is played out (7.14) and the earliest trick to
//!   reach 0 wins the round;
//! - settlement (5.3) over every seat; the match (5.4): `N` rounds, then one double round for
//!   each player without a win, clockwise from the next dealer, each opened by that player's
//!   choice of 15 or 20 (`start 15`, `start 20`), the first move of the round's first deal.
//!
//! A position is one deal; the match state it is played in travels with it, and the result of a
//! deal carries the match after it, ready for the next `/deal`. The engine's payoff is, per seat,
//! the countdown points removed this deal (a trick is +1, a trickless deal −5), or with
//! `payoff = match_points` the match points the deal settles.

mod cards;
pub mod config;
mod exchange;
mod heuristic;
mod json;
mod knowledge;
mod match_json;
mod participation;
mod play;
mod rules;
mod scoring;
mod search;
mod snapshot;
#[cfg(test)]
mod tests;

use crate::cards::{Card, CardSet};
use crate::game::{mix, Game, Payoff, Seat, Unseen, MAX_SEATS};
use crate::games::seeded::deal_round;
use crate::rng::Rng;
use crate::suited::{power_of, suit_of, Suit};
use config::{Config, PayoffUnit};
pub use scoring::{DealResult, MatchState};

/// The most players at a table.
pub const MAX_PLAYERS: usize = 5;
/// Cards in each hand, and so tricks in each deal.
pub const HAND_SIZE: usize = 5;
/// The largest stock: a 32-card deck at a table of two.
pub const MAX_STOCK: usize = 32 - 2 * HAND_SIZE - 1;

named_enum!(
    pub enum Phase {
        ChooseStart = "choose_start",
        Participation = "participation",
        Exchange = "exchange",
        DealerSwap = "dealer_swap",
        Play = "play",
        Void = "void",
        Scored = "scored",
    }
);

named_enum!(
    /// What the dealer did with the turned trump card (spec 4.3).
    pub enum SwapState {
        Open = "open",
        Declined = "declined",
        Swapped = "swapped",
    }
);

/// Every decision of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A double round's chooser sets everybody's starting countdown points (spec 5.4).
    Start(i32),
    In,
    Out,
    /// Discard these cards and draw as many from the stock; none is standing pat.
    Exchange(CardSet),
    /// The dealer takes the trump card and lays this card away.
    Swap(Card),
    Decline,
    Play(Card),
}

/// One finished trick, in the order its cards were played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    pub leader: u8,
    pub cards: [Card; MAX_PLAYERS],
    pub winner: u8,
}

/// A complete position of one deal, with the match it is played in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Muschik {
    pub(crate) cfg: Config,
    pub(crate) dealer: u8,
    pub(crate) phase: Phase,
    pub(crate) actor: u8,
    pub(crate) hands: [CardSet; MAX_PLAYERS],
    pub(crate) trump_card: Card,
    pub(crate) trump: Suit,
    pub(crate) swap: SwapState,
    /// The stock in drawing order; `stock[drawn..stock_len]` is still there.
    pub(crate) stock: [Card; MAX_STOCK],
    pub(crate) stock_len: u8,
    pub(crate) drawn: u8,
    /// Cards laid away by each seat: its exchange discards and the dealer's swap discard.
    pub(crate) discards: [CardSet; MAX_PLAYERS],
    pub(crate) decided: u8,
    /// Seats that said `in` (bit per seat).
    pub(crate) joined: u8,
    /// The participants clockwise from the dealer's left: exchange and play order.
    pub(crate) order: [u8; MAX_PLAYERS],
    pub(crate) participants: u8,
    pub(crate) exchange_turns: u8,
    pub(crate) exchanged: [u8; MAX_PLAYERS],
    pub(crate) leader: u8,
    pub(crate) trick: [Card; MAX_PLAYERS],
    pub(crate) trick_len: u8,
    /// The position in `trick` of the winning card so far, `W` of spec 4.4.
    pub(crate) best: u8,
    pub(crate) tricks: [Trick; HAND_SIZE],
    pub(crate) tricks_played: u8,
    pub(crate) tricks_won: [u8; MAX_PLAYERS],
    /// The trick (1..=5) after which a seat's countdown first reached 0; 0 while it has not.
    pub(crate) zero_at: [u8; MAX_PLAYERS],
    /// Countdown points now; they change at every trick.
    pub(crate) cp: [i32; MAX_PLAYERS],
    /// The match as this deal began (after a double round's choice of start).
    pub(crate) match_state: MatchState,
    pub(crate) result: Option<DealResult>,
}

impl Muschik {
    pub const NAME: &'static str = "muschik";

    /// A deal as dealt: five cards per seat, the turned trump card, the stock top first.
    pub fn new_deal(
        cfg: Config,
        dealer: u8,
        hands: [CardSet; MAX_PLAYERS],
        trump_card: Card,
        stock: &[Card],
        match_state: MatchState,
    ) -> Muschik {
        let mut stock_cards = [trump_card; MAX_STOCK];
        stock_cards[..stock.len()].copy_from_slice(stock);
        let empty_trick = Trick {
            leader: 0,
            cards: [trump_card; MAX_PLAYERS],
            winner: 0,
        };
        let mut deal = Muschik {
            cfg,
            dealer,
            phase: Phase::Participation,
            actor: 0,
            hands,
            trump_card,
            trump: suit_of(trump_card),
            swap: SwapState::Open,
            stock: stock_cards,
            stock_len: stock.len() as u8,
            drawn: 0,
            discards: [CardSet::EMPTY; MAX_PLAYERS],
            decided: 0,
            joined: 0,
            order: [0; MAX_PLAYERS],
            participants: 0,
            exchange_turns: 0,
            exchanged: [0; MAX_PLAYERS],
            leader: 0,
            trick: [trump_card; MAX_PLAYERS],
            trick_len: 0,
            best: 0,
            tricks: [empty_trick; HAND_SIZE],
            tricks_played: 0,
            tricks_won: [0; MAX_PLAYERS],
            zero_at: [0; MAX_PLAYERS],
            cp: match_state.cp,
            match_state,
            result: None,
        };
        deal.actor = deal.next_seat(dealer);
        if match_state.start_cp.is_none() {
            deal.phase = Phase::ChooseStart;
            deal.actor = match_state.double_for.unwrap_or(deal.actor);
        }
        deal
    }

    /// A deal by `dealer` from a deck shuffled by `rng`: the hands dealt round the table, the
    /// next card turned for trump, the rest the stock top first.
    fn dealt(cfg: Config, dealer: u8, rng: &mut Rng, match_state: MatchState) -> Muschik {
        let n = cfg.num_players;
        let cards = rng.shuffled(cards::deck(cfg.deck_ranks));
        let dealt = HAND_SIZE * n as usize;
        let hands = deal_round(&cards[..dealt], dealer, n.into());
        let (trump_card, stock) = (cards[dealt], &cards[dealt + 1..]);
        Muschik::new_deal(cfg, dealer, hands, trump_card, stock, match_state)
    }

    /// The first dealer by the draw: every player draws a card, the lowest rank deals and tied
    /// players draw again (spec 3, 7.1).
    fn draw_for_dealer(rng: &mut Rng, cfg: &Config) -> u8 {
        let mut candidates: Vec<u8> = (0..cfg.num_players).collect();
        while candidates.len() > 1 {
            let drawn = rng.shuffled(cards::deck(cfg.deck_ranks));
            let lowest = (0..candidates.len())
                .map(|i| power_of(drawn[i]))
                .min()
                .unwrap_or(0);
            candidates = candidates
                .iter()
                .enumerate()
                .filter(|&(i, _)| power_of(drawn[i]) == lowest)
                .map(|(_, &seat)| seat)
                .collect();
        }
        candidates[0]
    }

    /// The stock places `seat` draws from while `moves` are played.
    fn drawn_by(&self, moves: &[Move], seat: u8) -> Vec<usize> {
        let mut state = self.clone();
        let mut seen = Vec::new();
        for &mv in moves {
            let (before, actor) = (state.drawn as usize, state.actor);
            state.play_unchecked(mv);
            if actor == seat && matches!(mv, Move::Exchange(_)) {
                seen.extend(before..state.drawn as usize);
            }
        }
        seen
    }

    /// The trump card's holder once the dealer has taken it and until it is played.
    fn trump_holder(&self) -> Option<u8> {
        (!self.known_in_dealer_hand().is_empty()).then_some(self.dealer)
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn phase_now(&self) -> Phase {
        self.phase
    }

    pub fn result(&self) -> Option<&DealResult> {
        self.result.as_ref()
    }

    pub(crate) fn n(&self) -> u8 {
        self.cfg.num_players
    }

    pub(crate) fn next_seat(&self, seat: u8) -> u8 {
        (seat + 1) % self.n()
    }

    pub(crate) fn is_in(&self, seat: u8) -> bool {
        self.joined & 1 << seat != 0
    }

    /// The cards still in the stock.
    pub(crate) fn stock_left(&self) -> CardSet {
        self.stock[self.drawn as usize..self.stock_len as usize]
            .iter()
            .copied()
            .collect()
    }

    /// The trump card while it lies face up on the table.
    pub(crate) fn table_card(&self) -> CardSet {
        if self.swap == SwapState::Swapped {
            CardSet::EMPTY
        } else {
            CardSet::single(self.trump_card)
        }
    }

    /// The trump card in the dealer's hand, known to everyone (spec 4.3).
    pub(crate) fn known_in_dealer_hand(&self) -> CardSet {
        let taken = if self.swap == SwapState::Swapped {
            CardSet::single(self.trump_card)
        } else {
            CardSet::EMPTY
        };
        taken & self.hands[self.dealer as usize]
    }

    pub(crate) fn played_cards(&self) -> CardSet {
        let done = self.tricks[..self.tricks_played as usize]
            .iter()
            .flat_map(|t| t.cards[..self.participants as usize].iter().copied());
        let current = self.trick[..self.trick_len as usize].iter().copied();
        done.chain(current).collect()
    }

    /// Puts `a` where `b` lies and `b` where `a` lies (hands, discards, stock slots).
    fn exchange_places(&mut self, a: Card, b: Card) {
        let pair = CardSet::single(a) | CardSet::single(b);
        for set in self.hands.iter_mut().chain(self.discards.iter_mut()) {
            if (*set & pair).len() == 1 {
                *set = (*set - pair) | (pair - *set);
            }
        }
        for slot in &mut self.stock[self.drawn as usize..self.stock_len as usize] {
            if pair.contains(*slot) {
                *slot = if *slot == a { b } else { a };
            }
        }
    }

    /// Discards of every seat but `observer`: the dead cards `observer` cannot see.
    fn others_discards(&self, observer: Seat) -> CardSet {
        (0..self.n() as usize)
            .filter(|&s| s != observer)
            .fold(CardSet::EMPTY, |acc, s| acc | self.discards[s])
    }
}

impl Game for Muschik {
    type Move = Move;

    fn seats(&self) -> usize {
        self.cfg.seats()
    }

    fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Void | Phase::Scored => None,
            _ => Some(self.actor as Seat),
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.phase {
            Phase::ChooseStart => out.extend(config::DOUBLE_START_CHOICES.map(Move::Start)),
            Phase::Participation => self.participation_moves(out),
            Phase::Exchange => self.exchange_moves(out),
            Phase::DealerSwap => self.swap_moves(out),
            Phase::Play => out.extend(self.playable().iter().map(Move::Play)),
            Phase::Void | Phase::Scored => {}
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Start(cp) => self.choose_start(cp),
            Move::In | Move::Out => self.decide(mv == Move::In),
            Move::Exchange(cards) => self.exchange(cards),
            Move::Swap(card) => self.dealer_swap(Some(card)),
            Move::Decline => self.dealer_swap(None),
            Move::Play(card) => self.play_card(card),
        }
    }

    fn payoff(&self) -> Payoff {
        let mut payoff = [0; MAX_SEATS];
        if let Some(result) = &self.result {
            for (seat, value) in payoff.iter_mut().enumerate().take(self.seats()) {
                *value = match self.cfg.payoff {
                    PayoffUnit::Countdown => -result.cp_change[seat],
                    PayoffUnit::MatchPoints => result.settlement[seat],
                };
            }
        }
        payoff
    }

    fn side(&self, seat: Seat) -> usize {
        seat
    }

    /// Every seat counts down for itself: each plays for its own points, not against one seat.
    fn max_n_worlds(&self) -> bool {
        true
    }

    fn key(&self) -> u64 {
        let mut h = 0x6d75_7363_6869_6b00;
        for hand in &self.hands[..self.seats()] {
            h = mix(h, hand.bits());
        }
        let stock = self.stock[self.drawn as usize..self.stock_len as usize]
            .iter()
            .fold(0u64, |acc, c| mix(acc, c.index() as u64));
        h = mix(h, stock);
        let trick = self.trick[..self.trick_len as usize]
            .iter()
            .fold(0u64, |acc, c| acc << 8 | (c.index() as u64 + 1));
        h = mix(h, trick);
        let small = (self.phase as u64)
            | (self.actor as u64) << 4
            | (self.leader as u64) << 8
            | (self.trump_card.index() as u64) << 12
            | (self.swap as u64) << 20
            | (self.decided as u64) << 24
            | (self.joined as u64) << 28
            | (self.exchange_turns as u64) << 36
            | (self.tricks_played as u64) << 44
            | (self.dealer as u64) << 48;
        h = mix(h, small);
        for seat in 0..self.seats() {
            let per_seat = (self.cp[seat] as u32 as u64)
                | (self.tricks_won[seat] as u64) << 32
                | (self.zero_at[seat] as u64) << 40;
            h = mix(h, per_seat);
        }
        mix(h, self.match_state.key())
    }

    fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// Places `0..N` are the hands (without the dealer's known trump card), `N` the stock and
    /// `N + 1` the other seats' discards.
    fn unseen(&self, observer: Seat) -> Unseen {
        let n = self.seats();
        let mut unseen = Unseen::default();
        for seat in (0..n).filter(|&s| s != observer) {
            unseen.places[seat] = self.hands[seat] - self.known_in_dealer_hand();
        }
        unseen.places[n] = self.stock_left();
        unseen.places[n + 1] = self.others_discards(observer);
        unseen
    }

    /// The refilled stock is drawn in an order derived from its cards (the real order is
    /// unknown to every observer); the discards are dealt back to the seats by their counts.
    fn set_unseen(&mut self, observer: Seat, unseen: &Unseen) {
        let n = self.seats();
        let known = self.known_in_dealer_hand();
        for seat in (0..n).filter(|&s| s != observer) {
            self.hands[seat] = unseen.places[seat]
                | if seat == self.dealer as usize {
                    known
                } else {
                    CardSet::EMPTY
                };
        }
        let fresh = unseen.places[n];
        let mut order: Vec<Card> = fresh.iter().collect();
        order.sort_by_key(|c| mix(fresh.bits(), c.index() as u64));
        let start = self.drawn as usize;
        self.stock[start..start + order.len()].copy_from_slice(&order);
        let mut pool = unseen.places[n + 1].iter();
        for seat in (0..n).filter(|&s| s != observer) {
            let count = self.discards[seat].len() as usize;
            self.discards[seat] = pool.by_ref().take(count).collect();
        }
    }

    /// Each pair changes places where it lies: a stock card in its own slot (so that a guess
    /// fitted to a move keeps the cards drawn later), a discard among the same seat's discards.
    fn swap_unseen(&mut self, observer: Seat, swaps: &[(Card, Card)]) -> bool {
        if !self.unseen(observer).holds_pairs(swaps) {
            return false;
        }
        for &(a, b) in swaps {
            self.exchange_places(a, b);
        }
        true
    }

    crate::game::with_hand_in_hands!();

    fn revealed_cards(&self, mv: Move, _observer: Seat) -> CardSet {
        match mv {
            Move::Play(card) => CardSet::single(card),
            _ => CardSet::EMPTY,
        }
    }

    fn deck(&self) -> CardSet {
        cards::deck(self.cfg.deck_ranks)
    }

    fn card_places(&self) -> Vec<CardSet> {
        let n = self.seats();
        let mut places = vec![self.stock_left(), self.table_card(), self.played_cards()];
        places.extend_from_slice(&self.hands[..n]);
        places.extend_from_slice(&self.discards[..n]);
        places
    }

    fn payoff_bounds(&self) -> (i32, i32) {
        match self.cfg.payoff {
            PayoffUnit::Countdown => (-5, 5),
            PayoffUnit::MatchPoints => {
                let n = self.seats();
                let highest = self.match_state.cp[..n]
                    .iter()
                    .map(|c| c.abs())
                    .max()
                    .unwrap_or(0)
                    .max(20);
                let bound = 2 * (n as i32 - 1) * (highest + 5);
                (-bound, bound)
            }
        }
    }

    fn payoff_unit(&self) -> &'static str {
        match self.cfg.payoff {
            PayoffUnit::Countdown => "countdown points removed from the seat (a trick 1, a participant without a trick -5)",
            PayoffUnit::MatchPoints => "the seat's match points from the settlement",
        }
    }

    /// Counted in countdown points the payoff is the exact search's value; match points
    /// depend on the whole round.
    fn score_of_value(&self, _side: usize, value: f64) -> Option<f64> {
        (self.cfg.payoff == PayoffUnit::Countdown).then_some(value)
    }
}
