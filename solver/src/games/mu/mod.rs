//! Mü for 3 to 6 players (`docs/rules/mu.md`): the auction with bid cards laid face up, Eklat,
//! chief and vice with their trumps, the partner, trick play from hand or table, and scoring.
//!
//! Rule decisions, by spec section:
//! - The dealer opens the auction; a bid lays `1..=kmax` cards (4.1); N passes in a row end it.
//!   Nobody bid: all-pass (4.2, 5.6). A tie for the most cards: Eklat, latecomer by
//!   `eklat_latecomer` (4.3, 7.4), net −10 per card (7.5).
//! - The vice tie-break compares the descending rank vectors of all bid cards; a shared best
//!   vector leaves no vice, and the role never passes down (4.4, 7.7, 7.21).
//! - Order of choices: vice trump, chief trump, partner (7.10). The vice must name a colour or
//!   number of its bid cards (7.9); the chief may also name `-`, and the vice's trump when
//!   `allow_same_trump` (7.8).
//! - The partner is mandatory with 4+ players and never the vice (7.11). With
//!   `partner_mode = call_card` the chief calls a card other than a 1 or a 7; its holder is the
//!   partner, hidden from the others until the card is seen; the vice holding it leaves the
//!   chief alone, and calling an own card is a solo worth one more bonus column (the published
//!   variant the spec cites).
//! - Play: `avail = hand ∪ table` for playing and following (7.12); the effective suit is TRUMP
//!   for any trump, so a number trump leaves its colour; only following is required (7.13); the
//!   three-tier order and "first played wins ties" decide the trick (4.8).
//! - Scoring: card points, the target table, the bonus by the chief's trump kind with
//!   `bonus_cap`, the penalty through the target table (5.1–5.4). The dealer rotates after
//!   every hand unless `redeal_same_dealer` after an unplayed hand (7.6). The match ends by
//!   `end_rule` (5.7); its dice and card draws come from the match seed.
//!
//! Search notes: [`Game::legal_moves`] lists every legal move in every phase but the auction,
//! where a bid is any subset of the hand; there it lists the bounded [`bid_abstraction`], while
//! the checked [`Game::play`] accepts every legal bid and the legal-moves route describes all of
//! them in compact form. Twins are distinct cards but merged in [`Game::key`].

pub mod bid_abstraction;
mod bidding;
mod bounds;
pub mod cards;
pub mod config;
mod endgame;
mod heuristic;
mod json;
mod knowledge;
mod play;
mod roles;
mod rules;
mod scoring;
mod search;
mod snapshot;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod tests_examples;

use self::cards::{canonical_card, canonical_twins, deck_without, rank_mask, Colour};
use crate::cards::{Card, CardSet};
use crate::game::{mix, whole_points_score, Game, IllegalMove, Payoff, Seat, Unseen, MAX_SEATS};
use crate::games::seeded::deal_round;
use crate::rng::Rng;
use config::Config;
pub use scoring::{HandResult, MatchState, Outcome};

/// The most seats Mü seats (spec 7.20).
pub const MAX_PLAYERS: usize = 6;

/// A trump designation (spec 2.2): a colour, a number, or (chief only) no trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trump {
    Colour(Colour),
    Number(u8),
    NoTrump,
}

impl Trump {
    /// The cards this designation makes trump.
    pub fn cards(self) -> CardSet {
        match self {
            Trump::Colour(c) => c.mask(),
            Trump::Number(n) => rank_mask(n),
            Trump::NoTrump => CardSet::EMPTY,
        }
    }

    pub fn token(self) -> String {
        match self {
            Trump::Colour(c) => c.to_string(),
            Trump::Number(n) => n.to_string(),
            Trump::NoTrump => "-".to_string(),
        }
    }

    pub fn parse(token: &str) -> Option<Trump> {
        let mut chars = token.chars();
        let (first, rest) = (chars.next()?, chars.next());
        match (first, rest) {
            ('-', None) => Some(Trump::NoTrump),
            (d @ '0'..='9', None) => Some(Trump::Number(d as u8 - b'0')),
            (c, None) => Colour::from_letter(c).map(Trump::Colour),
            _ => None,
        }
    }
}

named_enum!(
    /// Where the hand stands (spec 4).
    pub enum Phase {
        Auction = "auction",
        ViceTrump = "vice_trump",
        ChiefTrump = "chief_trump",
        /// The chief chooses a partner, or calls a card with `partner_mode = call_card`.
        Partner = "partner",
        Play = "play",
        /// Nobody bid: no score (4.2).
        AllPass = "all_pass",
        /// A tie for the most cards, scored at once (4.3).
        Eklat = "eklat",
        Scored = "scored",
    }
);

impl Phase {
    pub fn is_over(self) -> bool {
        matches!(self, Phase::AllPass | Phase::Eklat | Phase::Scored)
    }
}

/// Every decision of a Mü hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Pass,
    /// Lay these cards from the hand face up on the table.
    Bid(CardSet),
    /// The vice's or the chief's trump, by phase.
    Trump(Trump),
    Partner(u8),
    /// `partner_mode = call_card`: the holder of this card is the partner.
    Call(Card),
    /// A card from the hand or from the player's own table.
    Play(Card),
}

/// A complete position of one Mü hand, with the match it is played in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mu {
    pub(crate) cfg: Config,
    pub(crate) dealer: u8,
    pub(crate) hands: [CardSet; MAX_PLAYERS],
    /// Bid cards still lying face up in front of each seat.
    pub(crate) tables: [CardSet; MAX_PLAYERS],
    pub(crate) won: [CardSet; MAX_PLAYERS],
    pub(crate) phase: Phase,
    pub(crate) actor: u8,
    /// Cards each seat laid in the auction (`bid[p]`).
    pub(crate) bids: [u8; MAX_PLAYERS],
    /// The action index `t` of each seat's latest bid; 0 for none.
    pub(crate) last_bid_at: [u16; MAX_PLAYERS],
    /// Auction actions so far (the `t` of the latest one).
    pub(crate) actions: u16,
    pub(crate) passes: u8,
    /// Who laid the latest bid cards, for `eklat_latecomer = last_card_overall`.
    pub(crate) last_bidder: Option<u8>,
    pub(crate) chief: Option<u8>,
    pub(crate) vice: Option<u8>,
    pub(crate) partner: Option<u8>,
    pub(crate) called: Option<Card>,
    /// The chief called one of its own cards: no partner, one bonus column more.
    pub(crate) solo: bool,
    pub(crate) vice_trump: Option<Trump>,
    pub(crate) chief_trump: Option<Trump>,
    /// Cards that are trump by the chief's and by the vice's designation (fixed in play).
    pub(crate) chief_trumps: CardSet,
    pub(crate) vice_trumps: CardSet,
    pub(crate) leader: u8,
    pub(crate) trick: [Card; MAX_PLAYERS],
    pub(crate) trick_len: u8,
    /// Bit `i`: the trick's `i`-th card came from the table.
    pub(crate) trick_from_table: u8,
    pub(crate) tricks_played: u8,
    pub(crate) match_state: MatchState,
    pub(crate) result: Option<HandResult>,
}

impl Mu {
    pub const NAME: &'static str = "mu";

    /// A hand as dealt, with `dealer` to open the auction.
    pub fn new_hand(
        cfg: Config,
        dealer: u8,
        hands: [CardSet; MAX_PLAYERS],
        match_state: MatchState,
    ) -> Mu {
        Mu {
            cfg,
            dealer,
            hands,
            tables: [CardSet::EMPTY; MAX_PLAYERS],
            won: [CardSet::EMPTY; MAX_PLAYERS],
            phase: Phase::Auction,
            actor: dealer,
            bids: [0; MAX_PLAYERS],
            last_bid_at: [0; MAX_PLAYERS],
            actions: 0,
            passes: 0,
            last_bidder: None,
            chief: None,
            vice: None,
            partner: None,
            called: None,
            solo: false,
            vice_trump: None,
            chief_trump: None,
            chief_trumps: CardSet::EMPTY,
            vice_trumps: CardSet::EMPTY,
            leader: 0,
            trick: [Card::new(0); MAX_PLAYERS],
            trick_len: 0,
            trick_from_table: 0,
            tricks_played: 0,
            match_state,
            result: None,
        }
    }

    /// A hand dealt by `dealer` from a deck shuffled by `rng`, round the table.
    fn dealt(cfg: Config, dealer: u8, rng: &mut Rng, match_state: MatchState) -> Mu {
        let hands = deal_round(&rng.shuffled(cfg.deck()), dealer, cfg.seats());
        Mu::new_hand(cfg, dealer, hands, match_state)
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

    pub fn table(&self, seat: Seat) -> CardSet {
        self.tables[seat]
    }

    pub(crate) fn n(&self) -> u8 {
        self.cfg.players
    }

    pub(crate) fn next_seat(&self, seat: u8) -> u8 {
        (seat + 1) % self.n()
    }

    /// What a seat may play from: its hand and its own bid cards (spec 4.8).
    pub(crate) fn avail(&self, seat: u8) -> CardSet {
        self.hands[seat as usize] | self.tables[seat as usize]
    }

    pub(crate) fn trick_cards(&self) -> CardSet {
        self.trick[..self.trick_len as usize]
            .iter()
            .copied()
            .collect()
    }

    /// Whether `mv` is legal now, without listing the moves (bids are too many to list).
    pub fn is_legal(&self, mv: Move) -> bool {
        let seat = self.actor;
        match (self.phase, mv) {
            (Phase::Auction, Move::Pass) => true,
            (Phase::Auction, Move::Bid(cards)) => self.is_legal_bid(seat, cards),
            (Phase::ViceTrump | Phase::ChiefTrump, Move::Trump(t)) => {
                self.trump_options().contains(&t)
            }
            (Phase::Partner, Move::Partner(_) | Move::Call(_)) => {
                let mut moves = Vec::new();
                self.partner_moves(&mut moves);
                moves.contains(&mv)
            }
            (Phase::Play, Move::Play(card)) => self.playable(seat).contains(card),
            _ => false,
        }
    }
}

impl Game for Mu {
    type Move = Move;

    fn seats(&self) -> usize {
        self.cfg.seats()
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.phase.is_over()).then_some(self.actor as Seat)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let seat = self.actor;
        match self.phase {
            Phase::Auction => {
                out.push(Move::Pass);
                bid_abstraction::representative_bids(
                    self.hands[seat as usize],
                    self.bid_limit(seat),
                    out,
                );
            }
            Phase::ViceTrump | Phase::ChiefTrump => {
                out.extend(self.trump_options().into_iter().map(Move::Trump))
            }
            Phase::Partner => self.partner_moves(out),
            Phase::Play => out.extend(self.playable(seat).iter().map(Move::Play)),
            Phase::AllPass | Phase::Eklat | Phase::Scored => {}
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let seat = self.actor;
        match mv {
            Move::Pass => self.pass(),
            Move::Bid(cards) => self.bid(seat, cards),
            Move::Trump(t) => self.name_trump(t),
            Move::Partner(p) => self.choose_partner(p),
            Move::Call(card) => self.call_card(card),
            Move::Play(card) => self.play_card(seat, card),
        }
    }

    /// Checks with [`Mu::is_legal`], so that every legal bid is accepted, listed or not.
    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove)
        }
    }

    fn payoff(&self) -> Payoff {
        let mut payoff = [0; MAX_SEATS];
        if let Some(result) = &self.result {
            payoff[..MAX_PLAYERS].copy_from_slice(&result.hand_score);
        }
        payoff
    }

    /// Every seat scores for itself (spec 5), but from the play on the chief's team (side 0)
    /// plays against the rest (side 1) for card points: the sides of the exact search.
    fn side(&self, seat: Seat) -> usize {
        match (self.phase, self.chief) {
            (Phase::Play | Phase::Scored, Some(chief)) => {
                usize::from(seat as u8 != chief && Some(seat as u8) != self.partner)
            }
            _ => seat,
        }
    }

    fn key(&self) -> u64 {
        let mut h = 0x6d75_5f6d_755f_6d75;
        for seat in 0..self.seats() {
            h = mix(h, canonical_twins(self.hands[seat]).bits());
            h = mix(h, canonical_twins(self.tables[seat]).bits());
            h = mix(h, canonical_twins(self.won[seat]).bits());
            h = mix(
                h,
                u64::from(self.bids[seat]) | u64::from(self.last_bid_at[seat]) << 8,
            );
        }
        let trick = self.trick[..self.trick_len as usize]
            .iter()
            .fold(0u64, |acc, &c| {
                (acc << 8) | (u64::from(canonical_card(c).index()) + 1)
            });
        h = mix(h, trick);
        let seat_code = |s: Option<u8>| s.map_or(7, u64::from);
        let trump_code = |t: Option<Trump>| match t {
            None => 0,
            Some(Trump::NoTrump) => 1,
            Some(Trump::Colour(c)) => 2 + c as u64,
            Some(Trump::Number(n)) => 8 + u64::from(n),
        };
        let small = self.phase as u64
            | u64::from(self.actor) << 4
            | u64::from(self.leader) << 8
            | u64::from(self.passes) << 12
            | seat_code(self.chief) << 16
            | seat_code(self.vice) << 20
            | seat_code(self.partner) << 24
            | seat_code(self.last_bidder) << 28
            | trump_code(self.vice_trump) << 32
            | trump_code(self.chief_trump) << 40
            | u64::from(self.actions) << 48;
        let called =
            self.called.map_or(0, |c| u64::from(c.index()) + 1) << 1 | u64::from(self.solo);
        mix(h, small ^ called.rotate_left(23))
    }

    /// What the seat holds: its hidden hand and its own bid cards on the table.
    fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat] | self.tables[seat]
    }

    /// Other seats' hands; bid cards on the table and played cards are public (spec 8).
    fn unseen(&self, observer: Seat) -> Unseen {
        let mut unseen = Unseen::default();
        for seat in (0..self.seats()).filter(|&s| s != observer) {
            unseen.places[seat] = self.hands[seat];
        }
        unseen
    }

    fn set_unseen(&mut self, observer: Seat, unseen: &Unseen) {
        for seat in (0..self.seats()).filter(|&s| s != observer) {
            self.hands[seat] = unseen.places[seat];
        }
        self.settle_called_partner();
    }

    crate::game::with_hand_in_hands!();

    fn revealed_cards(&self, mv: Move, _observer: Seat) -> CardSet {
        match mv {
            Move::Bid(cards) => cards,
            Move::Play(card) => CardSet::single(card),
            _ => CardSet::EMPTY,
        }
    }

    fn deck(&self) -> CardSet {
        self.cfg.deck()
    }

    fn card_places(&self) -> Vec<CardSet> {
        let n = self.seats();
        let mut places = vec![self.trick_cards()];
        places.extend_from_slice(&self.hands[..n]);
        places.extend_from_slice(&self.tables[..n]);
        places.extend_from_slice(&self.won[..n]);
        places
    }

    /// The Eklat latecomer or a failed chief loses at most 10 per card of a 15-card hand; a
    /// successful solo chief gains at most `10 × (15 + 3 + 1)` plus all 60 card points.
    fn payoff_bounds(&self) -> (i32, i32) {
        (-150, 250)
    }

    fn payoff_unit(&self) -> &'static str {
        "the seat's hand score (rules section 5)"
    }

    /// The seat's hand score where the team's card points decide it: a chief playing alone
    /// ([`Mu::lone_chief_score`]); never for a mean.
    fn score_of_value(&self, side: usize, value: f64) -> Option<f64> {
        whole_points_score(value, |points| self.lone_chief_score(side, points))
    }
}

/// The rules' facts that the options decide: the table and the deck.
impl Config {
    pub fn seats(&self) -> usize {
        self.players as usize
    }

    /// The cards in use: 60, or 36 with three players (spec 2.4).
    pub fn deck(&self) -> CardSet {
        if self.players == 3 {
            deck_without(&self.removed_colours)
        } else {
            deck_without(&[])
        }
    }

    /// Cards dealt to each seat, which is also the number of tricks (spec 2.4).
    pub fn hand_size(&self) -> u32 {
        self.deck().len() / self.players as u32
    }

    pub fn colours_in_use(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL
            .into_iter()
            .filter(move |c| self.players != 3 || !self.removed_colours.contains(c))
    }
}
