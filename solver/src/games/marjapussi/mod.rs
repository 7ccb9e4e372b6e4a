//! The Marjapussi family: `marjapussi`, `huutopussi` (Helsinki), `erlangen`, `huutopussi3`.
//!
//! Rule decisions follow `docs/rules/marjapussi.md`: the phases of section 4 (bidding 4.2, exchange
//! and talon 4.3, tricks 4.4, the declaration window 4.5, Kontra/Re 4.6), the scoring of
//! section 5 and every default of section 7. Three points of modelling:
//! - an ask is resolved by the engine from the partner's hand (4.5), except that a partner with
//!   undeclared marriages chooses which to answer (`answer X`, spec 7.7);
//! - a declaration window with nothing to declare or ask is skipped, since its only move would
//!   be `pass`;
//! - `double_timing = poll_all` polls every seat allowed to double, from the leader on, before
//!   each trick (spec 7.19 names the option; this is its reading).

#[cfg(test)]
mod analysis_api_tests;
mod asks;
mod bidding;
pub mod cards;
pub mod config;
mod heuristic;
mod json;
mod knowledge;
#[cfg(test)]
mod options;
mod play;
mod profile;
mod quick;
mod rules;
mod scoring;
mod search;
mod snapshot;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod vectors;

use crate::cards::{Card, CardSet};
use crate::game::{mix, whole_points_score, Game, Payoff, Seat, Unseen, MAX_SEATS};
use crate::games::seeded::deal_round;
use crate::rng::Rng;
use crate::suited::Suit;
pub use asks::Said;
use config::{Config, TalonHandling, Variant};
use profile::Profile;
pub use scoring::{HandResult, MatchState};

named_enum!(
    /// Where the hand stands; `redealt`: thrown in after a redeal claim (no score, the next
    /// dealer deals).
    pub enum Phase {
        Bid = "bid",
        ExchangeGive = "exchange_give",
        SetContract = "set_contract",
        ExchangeReturn = "exchange_return",
        Discard = "discard",
        GiveOneEach = "give_one_each",
        DoublePoll = "double_poll",
        Play = "play",
        Declare = "declare",
        AnswerWhole = "answer_whole",
        Redealt = "redealt",
        Scored = "scored",
    }
);

/// Every decision of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Bid(i32),
    Pass,
    Redeal,
    /// The declarer's partner gives cards to the declarer.
    Give(CardSet),
    Contract(i32),
    /// The declarer returns cards to the partner.
    Return(CardSet),
    Discard(CardSet),
    /// Three players: one card to the left opponent, one to the right.
    GiveEach {
        left: Card,
        right: Card,
    },
    Double,
    NoDouble,
    Play(Card),
    NoDeclaration,
    Declare(Suit),
    /// An ask and, in a position's history, its public answer.
    AskWhole(Said),
    AskHalf(Suit, Said),
    Answer(Suit),
}

/// One marriage declared this hand, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Declaration {
    pub suit: Suit,
    /// The side credited: a team (4 players) or a player (3 players).
    pub side: u8,
}

/// A complete position of one hand of the family, with the match state it is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marjapussi {
    pub(crate) cfg: Config,
    pub(crate) dealer: u8,
    pub(crate) hands: [CardSet; 4],
    pub(crate) talon: CardSet,
    pub(crate) discards: CardSet,
    pub(crate) phase: Phase,
    pub(crate) actor: u8,
    pub(crate) high_bid: i32,
    pub(crate) high_bidder: u8,
    pub(crate) passed: u8,
    pub(crate) had_turn: u8,
    pub(crate) declarer: Option<u8>,
    pub(crate) contract: i32,
    pub(crate) doubling: u8,
    pub(crate) polled: u8,
    pub(crate) leader: u8,
    /// Who led trick 1; with `first_deal_leader_card` that seat deals the second hand.
    pub(crate) opening_leader: u8,
    pub(crate) trick: [Card; 4],
    pub(crate) trick_len: u8,
    pub(crate) tricks_played: u8,
    pub(crate) trump: Option<Suit>,
    pub(crate) declarations: [Option<Declaration>; 4],
    pub(crate) tricks_won: [u8; 4],
    pub(crate) won: [CardSet; 4],
    pub(crate) last_trick_winner: Option<u8>,
    pub(crate) match_state: MatchState,
    pub(crate) result: Option<HandResult>,
    /// The squeezed profile of the hands and the trick, kept as they change.
    pub(crate) profile: Profile,
}

impl Marjapussi {
    pub const NAME: &'static str = "marjapussi";

    /// A hand as dealt: `hands` per seat, `talon` for three players.
    pub fn new_hand(
        cfg: Config,
        dealer: u8,
        hands: [CardSet; 4],
        talon: CardSet,
        match_state: MatchState,
    ) -> Marjapussi {
        let mut hand = Marjapussi {
            cfg,
            dealer,
            hands,
            talon,
            discards: CardSet::EMPTY,
            phase: Phase::Bid,
            actor: 0,
            high_bid: 0,
            high_bidder: 0,
            passed: 0,
            had_turn: 0,
            declarer: None,
            contract: 0,
            doubling: 0,
            polled: 0,
            leader: 0,
            opening_leader: 0,
            trick: [Card::new(0); 4],
            trick_len: 0,
            tricks_played: 0,
            trump: None,
            declarations: [None; 4],
            tricks_won: [0; 4],
            won: [CardSet::EMPTY; 4],
            last_trick_winner: None,
            match_state,
            result: None,
            profile: Profile::of(&hands),
        };
        hand.actor = hand.forehand();
        if !cfg.bidding {
            hand.start_play();
        }
        hand
    }

    /// The cards dealt to each seat: 11 with three seats, a quarter of the deck with four.
    fn hand_length(cfg: &Config) -> u32 {
        if cfg.seats() == 3 {
            11
        } else {
            cfg.deck_size as u32 / 4
        }
    }

    /// A hand dealt by `dealer` from a deck shuffled by `rng`: the hands round the table, the
    /// cards left over to the talon.
    fn dealt(cfg: Config, dealer: u8, rng: &mut Rng, match_state: MatchState) -> Marjapussi {
        let n = cfg.seats();
        let cards = rng.shuffled(cards::deck(cfg.deck_size));
        let in_hands = Self::hand_length(&cfg) as usize * n;
        let hands = deal_round(&cards[..in_hands], dealer, n);
        let talon = cards[in_hands..].iter().copied().collect();
        Marjapussi::new_hand(cfg, dealer, hands, talon, match_state)
    }

    /// The kept profile computed afresh from the hands and the trick.
    pub(crate) fn refresh_profile(&mut self) {
        self.profile = Profile::of(&self.hands_with_trick());
    }

    /// The hands with the trick's cards back in the hands of the seats that played them.
    pub(crate) fn hands_with_trick(&self) -> [CardSet; 4] {
        let mut hands = self.hands;
        for (i, &card) in (0..).zip(&self.trick[..usize::from(self.trick_len)]) {
            hands[usize::from((self.leader + i) % self.n())].insert(card);
        }
        hands
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn phase_now(&self) -> Phase {
        self.phase
    }

    pub fn result(&self) -> Option<&HandResult> {
        self.result.as_ref()
    }

    pub(crate) fn n(&self) -> u8 {
        self.cfg.seats() as u8
    }

    pub(crate) fn next_seat(&self, seat: u8) -> u8 {
        (seat + 1) % self.n()
    }

    pub(crate) fn forehand(&self) -> u8 {
        self.next_seat(self.dealer)
    }

    /// The team (4 players) or the player (3 players) a seat scores for.
    pub(crate) fn side_of(&self, seat: u8) -> u8 {
        if self.n() == 4 {
            seat % 2
        } else {
            seat
        }
    }

    pub(crate) fn sides(&self) -> usize {
        self.cfg.sides()
    }

    pub(crate) fn partner(&self, seat: u8) -> u8 {
        (seat + 2) % 4
    }

    /// Tricks in the hand: every card in hand at the start of play is one trick's card.
    pub(crate) fn tricks_in_hand(&self) -> u8 {
        match (self.n(), self.cfg.talon_handling) {
            (3, TalonHandling::GiveOneEach) if self.declarer.is_some() => 36 / 3,
            (3, _) => 33 / 3,
            _ => self.cfg.deck_size / 4,
        }
    }

    pub(crate) fn is_declared(&self, suit: Suit) -> bool {
        self.declarations.iter().flatten().any(|d| d.suit == suit)
    }
    /// A hash of the position; without `history`, of what decides the rest of the hand only
    /// (the cards still in play, not who won the others).
    pub(crate) fn hash(&self, history: bool) -> u64 {
        let mut h = 0x6d61_726a_6170_7573;
        for hand in &self.hands {
            h = mix(h, hand.bits());
        }
        if history {
            for won in &self.won {
                h = mix(h, won.bits());
            }
        }
        let trick = self.trick[..self.trick_len as usize]
            .iter()
            .fold(0u64, |acc, c| (acc << 8) | (c.index() as u64 + 1));
        h = mix(h, trick);
        h = mix(h, self.talon.bits() ^ self.discards.bits().rotate_left(17));
        let small = (self.phase as u64)
            | (self.actor as u64) << 8
            | (self.leader as u64) << 16
            | (self.trump.map_or(7, |s| s as u64)) << 24
            | (self.declarer.map_or(7, |s| s as u64)) << 32
            | (self.doubling as u64) << 40
            | (self.polled as u64) << 48
            | (self.passed as u64) << 56;
        h = mix(h, small);
        let decl = self.declarations.iter().fold(0u64, |acc, d| {
            acc << 8 | d.map_or(0, |d| 1 + d.suit as u64 * 4 + d.side as u64)
        });
        h = mix(
            h,
            decl ^ (self.high_bid as u64) << 32
                ^ (self.contract as u64) << 48
                ^ (self.had_turn as u64) << 24,
        );
        if history {
            h = mix(h, self.last_trick_winner.map_or(9, |s| s as u64));
        }
        h
    }
}

impl Game for Marjapussi {
    type Move = Move;

    fn seats(&self) -> usize {
        self.cfg.seats()
    }

    fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Redealt | Phase::Scored => None,
            _ => Some(self.actor as Seat),
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let seat = self.actor;
        match self.phase {
            Phase::Bid => self.bid_moves(seat, out),
            Phase::ExchangeGive => self.card_subsets(
                self.hands[seat as usize],
                self.cfg.exchange_count as u32,
                Move::Give,
                out,
            ),
            Phase::SetContract => self.contract_moves(out),
            Phase::ExchangeReturn => self.card_subsets(
                self.hands[seat as usize],
                self.cfg.exchange_count as u32,
                Move::Return,
                out,
            ),
            Phase::Discard => self.discard_moves(out),
            Phase::GiveOneEach => self.give_each_moves(out),
            Phase::DoublePoll => out.extend([Move::Double, Move::NoDouble]),
            Phase::Play => self.play_moves(seat, out),
            Phase::Declare => self.declare_moves(seat, out),
            Phase::AnswerWhole => self
                .answerable(seat)
                .for_each(|s| out.push(Move::Answer(s))),
            Phase::Redealt | Phase::Scored => {}
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let seat = self.actor;
        match mv {
            Move::Bid(_) | Move::Pass | Move::Redeal => self.play_bid(seat, mv),
            Move::Give(cards) => self.give(cards),
            Move::Contract(c) => self.set_contract(c),
            Move::Return(cards) => self.return_cards(cards),
            Move::Discard(cards) => self.discard(cards),
            Move::GiveEach { left, right } => self.give_each(left, right),
            Move::Double => self.double(seat),
            Move::NoDouble => self.no_double(seat),
            Move::Play(card) => return self.play_card(seat, card),
            Move::NoDeclaration
            | Move::Declare(_)
            | Move::AskWhole(_)
            | Move::AskHalf(..)
            | Move::Answer(_) => return self.play_declaration(seat, mv),
        }
        // Bids and exchanges may move cards between the hands and the talon.
        self.refresh_profile();
    }

    fn payoff(&self) -> Payoff {
        let mut payoff = [0; MAX_SEATS];
        if let Some(result) = &self.result {
            for (seat, value) in payoff.iter_mut().enumerate().take(self.seats()) {
                *value = result.hand_score[self.side_of(seat as u8) as usize];
            }
        }
        payoff
    }

    fn side(&self, seat: Seat) -> usize {
        self.side_of(seat as u8) as usize
    }

    fn key(&self) -> u64 {
        self.hash(true)
    }

    fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    fn unseen(&self, observer: Seat) -> Unseen {
        let mut unseen = Unseen::default();
        for seat in 0..self.seats() {
            if seat != observer {
                unseen.places[seat] = self.hands[seat];
            }
        }
        let n = self.seats();
        // A talon still on the table is face down for everybody (the revealed one was taken).
        unseen.places[n] = self.talon;
        if self.declarer != Some(observer as u8) {
            unseen.places[n + 1] = self.discards;
        }
        unseen
    }

    fn set_unseen(&mut self, observer: Seat, unseen: &Unseen) {
        let n = self.seats();
        for seat in (0..n).filter(|&s| s != observer) {
            self.hands[seat] = unseen.places[seat];
        }
        let before = self.unseen(observer);
        if !before.places[n].is_empty() {
            self.talon = unseen.places[n];
        }
        if !before.places[n + 1].is_empty() {
            self.discards = unseen.places[n + 1];
        }
        self.refresh_profile();
    }

    fn with_hand(&self, seat: Seat, hand: CardSet) -> Self {
        let mut copy = *self;
        copy.hands[seat] = hand;
        copy.refresh_profile();
        copy
    }

    fn revealed_cards(&self, mv: Move, observer: Seat) -> CardSet {
        match mv {
            Move::Play(c) => CardSet::single(c),
            Move::Declare(s) | Move::Answer(s) => cards::marriage(s),
            _ => self.passed_seen(mv, observer),
        }
    }

    fn deck(&self) -> CardSet {
        cards::deck(self.cfg.deck_size)
    }

    fn card_places(&self) -> Vec<CardSet> {
        let n = self.seats();
        let mut places = vec![self.talon, self.discards, self.trick_cards()];
        places.extend_from_slice(&self.hands[..n]);
        places.extend_from_slice(&self.won[..n]);
        places
    }

    fn payoff_bounds(&self) -> (i32, i32) {
        let cfg = &self.cfg;
        if cfg.variant == Variant::Marjapussi {
            return (0, 1 + self.match_state.carry + 2 + 3 + cfg.last_trick_bonus);
        }
        let stake = cfg.max_bid.max(cfg.ceiling());
        let worst = stake * (512 + cfg.declarer_no_trick_extra + cfg.porvoo_factor);
        (-worst, stake * 512)
    }

    fn payoff_unit(&self) -> &'static str {
        "the hand's score of the seat's side (rules section 5)"
    }

    /// `marjapussi`: the hand's score is its game points, the exact search's value. The
    /// Huutopussi family: from a side's final points and the tricks taken so far, where they
    /// decide it (spec 5.2 to 5.4, [`Marjapussi::score_of_points`]); never for a mean.
    fn score_of_value(&self, side: usize, value: f64) -> Option<f64> {
        if self.cfg.variant == Variant::Marjapussi {
            return Some(value);
        }
        whole_points_score(value, |points| self.score_of_points(side, points))
    }

    fn cards_moved(&self, mv: Move) -> CardSet {
        Marjapussi::passed(mv)
    }

    fn contradiction(&self, mv: Move) -> Option<String> {
        self.answer_contradiction(mv)
    }

    fn fit_outcome(
        &mut self,
        mv: Move,
        _later: &[Move],
        observer: Seat,
        placed: CardSet,
    ) -> Result<Vec<(Card, Card)>, String> {
        match self.fit_window(mv, observer, placed) {
            Some(fitted) => fitted,
            None => self.fit_answer(mv, observer, placed),
        }
    }
}

impl Marjapussi {
    /// The cards a move passes face down.
    fn passed(mv: Move) -> CardSet {
        match mv {
            Move::Give(set) | Move::Return(set) | Move::Discard(set) => set,
            Move::GiveEach { left, right } => CardSet::single(left) | CardSet::single(right),
            _ => CardSet::EMPTY,
        }
    }

    /// The cards passed face down by `mv` that `observer` sees (spec 8.1): the mover's, the
    /// declarer's the partner gives, the partner's the declarer returns, and each opponent's
    /// own card of `give_each`.
    fn passed_seen(&self, mv: Move, observer: Seat) -> CardSet {
        let mover = self.actor;
        let sees = match mv {
            _ if observer == mover as Seat => true,
            Move::Give(_) => self.declarer == Some(observer as u8),
            Move::Return(_) => self.partner(mover) as Seat == observer,
            Move::GiveEach { left, right } => {
                let l = self.next_seat(mover);
                return match observer as u8 {
                    o if o == l => CardSet::single(left),
                    o if o == self.next_seat(l) => CardSet::single(right),
                    _ => CardSet::EMPTY,
                };
            }
            _ => false,
        };
        if sees {
            Marjapussi::passed(mv)
        } else {
            CardSet::EMPTY
        }
    }
}

/// The rules' facts that the options decide: the table, the deck's points, the discards.
impl Config {
    /// The most points one hand can give: card points, last trick and all four marriages.
    pub fn ceiling(&self) -> i32 {
        cards::total_points(self.card_values) + self.last_trick_bonus + 280
    }

    pub fn seats(&self) -> usize {
        if self.variant == Variant::Huutopussi3 {
            3
        } else {
            4
        }
    }

    /// The sides that score: two partnerships of four seats, or each of three seats alone.
    pub fn sides(&self) -> usize {
        if self.seats() == 4 {
            2
        } else {
            3
        }
    }

    /// The cards the rules keep out of a discard (spec 7.26): aces and tens where forbidden.
    pub fn forbidden_discards(&self) -> CardSet {
        if self.discard_forbid_ace_ten {
            cards::of_power(cards::ACE) | cards::of_power(cards::TEN)
        } else {
            CardSet::EMPTY
        }
    }
}
