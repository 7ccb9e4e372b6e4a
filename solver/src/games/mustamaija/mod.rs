//! Mustamaija ("black Maria"), the Finnish beating game, in all five presets of
//! `docs/rules/mustamaija.md`: `standard`, `kurki_suonio_diamonds`, `kurki_suonio_marriage`,
//! `salmi_six` and `translator_joker`.
//!
//! Rule decisions (spec sections in brackets):
//! - The deal is the canonical mapping of 3.2; the talon is ordered and part of a complete
//!   position. The only chance event after the deal, the re-insertion of turned spades (3.3,
//!   7.4), draws from a seed kept in the position (`turn_seed`), so play is deterministic.
//! - The trump card is turned once, after the first attack and before the attacker draws (3.3,
//!   7.21); the first attacker chooses without knowing trump.
//! - The attack-size limit holds once the talon is empty when the attack is laid, or always with
//!   `attack_limit = always` (4.2, 7.2, 7.3). The maria is led with spades unless
//!   `qs_lead = alone_only` (7.1); the joker is always led alone (7.19).
//! - The defence is the per-card chain of 4.3: attack cards in descending rank, the maria last;
//!   a card with no beater (and the maria) is taken without a decision node. Only cards held
//!   when the defence began can beat (7.7).
//! - Replenishment: the attacker right after the attack, the defender after the resolve, always
//!   (4.5, 7.6). Players out of cards once the talon is empty are skipped (4.3, 7.8).
//! - Marriages (4.7): a poll at the start of every attack and every defence, of every player
//!   holding an allowed pair (`any_player_any_time`) or of the player about to act
//!   (`active_before_play`); a polled player declares or passes (`no_declaration`).
//! - The stall guard ends the deal after `max_attacks` attacks (7.10); the result says
//!   `stall`. With `qs_holder_loses` the maria's holder loses; if the maria lies in the talon
//!   at that moment nobody holds it and the stall is a draw.
//! - Payoffs (4.6, 7.18): `loser_only` gives the loser -1 and everyone else 0; `zero_sum` gives
//!   the loser -(n-1) and everyone else +1, the spec's values in units of 1/(n-1).

pub mod cards;
pub mod config;
mod explain;
mod heuristic;
mod json;
mod knowledge;
mod marriage;
mod play;
mod rules;
mod search;
mod snapshot;
mod talon;
#[cfg(test)]
mod tests;
mod view_fit;
mod view_poll;

use crate::cards::{Card, CardSet};
use crate::game::{mix, Game, Payoff, Seat, Unseen, MAX_SEATS};
use crate::games::seeded::deal_round;
use crate::rng::Rng;
use crate::suited::Suit;
use cards::{JOKER, QUEEN_OF_SPADES, STANDARD_DECK};
use config::{Config, MariaCard, TrumpMode, Utility, Variant};
use talon::Talon;
use view_fit::Witnessed;

named_enum!(
    /// Where the deal stands.
    pub enum Phase {
        Attack = "attack",
        Declare = "declare",
        Defend = "defend",
        Over = "over",
    }
);

/// Every decision of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Lay cards of one suit against the defender.
    Attack(CardSet),
    /// Beat the current attack card (the highest one still open) with this card.
    Beat(Card),
    /// Leave the current attack card to be picked up.
    Take,
    /// Show K+Q of a suit; it becomes trump.
    Declare(Suit, By),
    /// Pass in a marriage poll.
    NoDeclaration(By),
}

/// The seat a history says a marriage poll asked (`no_declaration by 2`), where it says it: who
/// a poll asks depends on the hands, so the note lets a view's replay fit its guessed hands to
/// it. A note on the move, never part of its identity: every `By` compares equal, as a
/// Marjapussi ask's answer does.
#[derive(Clone, Copy, Debug, Default)]
pub struct By(pub Option<u8>);

impl PartialEq for By {
    fn eq(&self, _: &By) -> bool {
        true
    }
}

impl Eq for By {}

impl std::hash::Hash for By {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Marks an attack card that no card has beaten.
const UNBEATEN: u8 = u8::MAX;

/// A complete position of one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mustamaija {
    pub(crate) cfg: Config,
    pub(crate) dealer: u8,
    pub(crate) hands: [CardSet; MAX_SEATS],
    pub(crate) talon: Talon,
    /// Seeds the re-insertion of turned spades; used once, at the first attack.
    pub(crate) turn_seed: u32,
    pub(crate) trump: Option<Suit>,
    pub(crate) trump_card: Option<Card>,
    /// Cards turned and put back into the talon (identities public, positions not).
    pub(crate) reinserted: CardSet,
    /// Suits declared by a marriage, as a mask over suit indices.
    pub(crate) declared: u8,
    /// Cards in hands whose holder everyone knows: picked up, shown, the trump card drawn.
    pub(crate) public: CardSet,
    /// In a view: talon cards whose position the observer knows (besides the trump card).
    pub(crate) talon_known: CardSet,
    /// In a view: what the takes of hidden defenders asked to defend show they still hold.
    pub(crate) witnessed: Witnessed,
    pub(crate) phase: Phase,
    pub(crate) actor: u8,
    pub(crate) attacker: u8,
    pub(crate) defender: u8,
    /// The cards of the attack on the table.
    pub(crate) attack: CardSet,
    /// Attack cards not yet beaten or taken.
    pub(crate) open: CardSet,
    /// Attack cards left to be picked up.
    pub(crate) taken: CardSet,
    pub(crate) discards: CardSet,
    /// For an attack card on the table or discarded, the index of the card that beat it.
    pub(crate) beaten_by: [u8; 64],
    pub(crate) attacks_made: u32,
    pub(crate) loser: Option<u8>,
    pub(crate) stalled: bool,
}

impl Mustamaija {
    pub const NAME: &'static str = "mustamaija";

    /// A deal as dealt (spec 3.2): first attacker `dealer + 1`, first defender the next seat.
    pub fn new_deal(
        cfg: Config,
        dealer: u8,
        hands: [CardSet; MAX_SEATS],
        talon_top_first: &[Card],
        turn_seed: u32,
    ) -> Mustamaija {
        let mut deal = Mustamaija {
            cfg,
            dealer,
            hands,
            talon: Talon::from_top_first(talon_top_first),
            turn_seed,
            trump: (cfg.trump_mode == TrumpMode::FixedDiamonds).then_some(Suit::Diamonds),
            trump_card: None,
            reinserted: CardSet::EMPTY,
            declared: 0,
            public: CardSet::EMPTY,
            talon_known: CardSet::EMPTY,
            witnessed: Witnessed::default(),
            phase: Phase::Attack,
            actor: 0,
            attacker: 0,
            defender: 0,
            attack: CardSet::EMPTY,
            open: CardSet::EMPTY,
            taken: CardSet::EMPTY,
            discards: CardSet::EMPTY,
            beaten_by: [UNBEATEN; 64],
            attacks_made: 0,
            loser: None,
            stalled: false,
        };
        deal.attacker = deal.next_seat(dealer);
        deal.defender = deal.next_seat(deal.attacker);
        deal.start_attack();
        deal
    }

    /// A deal by `dealer` from a deck shuffled by `rng`, which then seeds the turn of the
    /// trump: the hands round the table, the cards left over to the talon, top first.
    fn dealt(cfg: Config, dealer: u8, rng: &mut Rng) -> Mustamaija {
        let n = cfg.seats();
        let cards = rng.shuffled(cfg.deck());
        let turn_seed = rng.next_u64() as u32;
        let in_hands = cfg.hand_size as usize * n;
        let hands = deal_round(&cards[..in_hands], dealer, n);
        Mustamaija::new_deal(cfg, dealer, hands, &cards[in_hands..], turn_seed)
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn phase_now(&self) -> Phase {
        self.phase
    }

    /// The losing seat once the deal is over (`None` for a drawn stall).
    pub fn loser(&self) -> Option<Seat> {
        self.loser.map(Seat::from)
    }

    pub(crate) fn n(&self) -> u8 {
        self.cfg.num_players
    }

    pub(crate) fn next_seat(&self, seat: u8) -> u8 {
        (seat + 1) % self.n()
    }

    /// `out(p)` of spec 4.1: no cards once the talon is empty; permanent.
    pub(crate) fn is_out(&self, seat: u8) -> bool {
        self.talon.is_empty() && self.hands[seat as usize].is_empty()
    }

    /// `next_active(p)`: the first seat after `seat` that is not out.
    pub(crate) fn next_active(&self, seat: u8) -> u8 {
        let mut next = self.next_seat(seat);
        while self.is_out(next) && next != seat {
            next = self.next_seat(next);
        }
        next
    }

    /// The attack card the defender decides on now: the highest open one, the maria last.
    pub(crate) fn current_attack_card(&self) -> Option<Card> {
        (self.open - CardSet::single(self.cfg.maria())).highest()
    }

    /// The seat holding `card`, if a hand holds it.
    pub(crate) fn holder(&self, card: Card) -> Option<u8> {
        (0..self.n()).find(|&s| self.hands[s as usize].contains(card))
    }

    fn is_turn_pending(&self) -> bool {
        self.cfg.trump_mode == TrumpMode::Turned && self.attacks_made == 0
    }
}

impl Game for Mustamaija {
    type Move = Move;

    fn seats(&self) -> usize {
        self.cfg.seats()
    }

    fn to_move(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.actor as Seat)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.phase {
            Phase::Attack => self.attack_moves(out),
            Phase::Defend => self.defence_moves(out),
            Phase::Declare => self.declaration_moves(out),
            Phase::Over => {}
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Attack(cards) => self.play_attack(cards),
            Move::Beat(card) => self.play_beat(card),
            Move::Take => self.play_take(),
            Move::Declare(suit, _) => self.play_declare(suit),
            Move::NoDeclaration(_) => self.play_no_declaration(),
        }
    }

    fn payoff(&self) -> Payoff {
        let mut payoff = [0; MAX_SEATS];
        if let Some(loser) = self.loser {
            let n = self.seats();
            let (lose, others) = match self.cfg.utility {
                Utility::LoserOnly => (-1, 0),
                Utility::ZeroSum => (-(n as i32 - 1), 1),
            };
            for (seat, value) in payoff.iter_mut().enumerate().take(n) {
                *value = if seat == loser as usize { lose } else { others };
            }
        }
        payoff
    }

    fn side(&self, seat: Seat) -> usize {
        seat
    }

    fn key(&self) -> u64 {
        let mut h = 0x6d75_7374_616d_6169;
        for hand in &self.hands[..self.seats()] {
            h = mix(h, hand.bits());
        }
        h = self.talon.hash_into(h);
        h = mix(h, self.attack.bits());
        h = mix(h, self.open.bits() ^ self.taken.bits().rotate_left(32));
        let small = (self.phase as u64)
            | (self.actor as u64) << 8
            | (self.attacker as u64) << 16
            | (self.defender as u64) << 24
            | self.trump.map_or(7, |s| s as u64) << 32
            | (self.declared as u64) << 40;
        h = mix(h, small);
        let pending_seed = if self.is_turn_pending() {
            u64::from(self.turn_seed)
        } else {
            0
        };
        mix(h, u64::from(self.attacks_made) | pending_seed << 32)
    }

    fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// Places: the hands, then the talon (place `n`). Cards on the table and discarded are
    /// public, and so are picked-up and shown cards and the trump card.
    fn unseen(&self, observer: Seat) -> Unseen {
        let mut unseen = Unseen::default();
        let n = self.seats();
        for seat in (0..n).filter(|&s| s != observer) {
            unseen.places[seat] = self.hands[seat] - self.public;
        }
        unseen.places[n] = self.talon.set() - self.talon_fixed();
        unseen
    }

    /// Hidden talon positions are refilled in an order shuffled by a generator seeded from the
    /// new cards, so a sampler's deal of the unseen cards also fixes the draw order.
    fn set_unseen(&mut self, observer: Seat, unseen: &Unseen) {
        let n = self.seats();
        for seat in (0..n).filter(|&s| s != observer) {
            self.hands[seat] = unseen.places[seat] | (self.hands[seat] & self.public);
        }
        let seed = unseen
            .places
            .iter()
            .fold(self.key(), |h, p| mix(h, p.bits()));
        let fixed = self.talon_fixed();
        self.talon
            .refill(fixed, unseen.places[n], &mut Rng::seeded(seed));
    }

    /// Each pair changes places where it lies, a talon card in its own slot; two cards of one
    /// hand stay as they are.
    fn swap_unseen(&mut self, observer: Seat, swaps: &[(Card, Card)]) -> bool {
        if !self.unseen(observer).holds_pairs(swaps) {
            return false;
        }
        for &(a, b) in swaps {
            match (self.holder(a), self.holder(b)) {
                // Replacing one by the other would leave one card in both places.
                (None, None) => self.talon.swap(a, b),
                (Some(x), Some(y)) if x == y => {}
                (at_a, at_b) => {
                    self.put_in_place_of(at_b, b, a);
                    self.put_in_place_of(at_a, a, b);
                }
            }
        }
        true
    }

    crate::game::with_hand_in_hands!();

    fn revealed_cards(&self, mv: Move, _observer: Seat) -> CardSet {
        match mv {
            Move::Attack(cards) => cards,
            Move::Beat(card) => CardSet::single(card),
            Move::Declare(suit, _) => cards::marriage(suit),
            Move::Take | Move::NoDeclaration(_) => CardSet::EMPTY,
        }
    }

    fn deck(&self) -> CardSet {
        self.cfg.deck()
    }

    fn card_places(&self) -> Vec<CardSet> {
        let mut places = vec![
            self.talon.set(),
            self.attack,
            self.table_beaters(),
            self.discards,
        ];
        places.extend_from_slice(&self.hands[..self.seats()]);
        places
    }

    fn payoff_bounds(&self) -> (i32, i32) {
        match self.cfg.utility {
            Utility::LoserOnly => (-1, 0),
            Utility::ZeroSum => (-(self.seats() as i32 - 1), 1),
        }
    }

    fn payoff_unit(&self) -> &'static str {
        match self.cfg.utility {
            Utility::LoserOnly => "-1 if the seat loses, else 0",
            Utility::ZeroSum => "-(players - 1) if the seat loses, else +1",
        }
    }

    /// The payoff is affine in the exact search's value (1: the seat does not lose).
    fn score_of_value(&self, _side: usize, value: f64) -> Option<f64> {
        let (lose, others) = match self.cfg.utility {
            Utility::LoserOnly => (-1.0, 0.0),
            Utility::ZeroSum => (1.0 - self.seats() as f64, 1.0),
        };
        Some(lose + (others - lose) * value)
    }

    fn move_kind_fits(&self, mv: Move) -> bool {
        match mv {
            Move::Attack(_) => self.phase == Phase::Attack,
            Move::Beat(_) | Move::Take => {
                self.phase == Phase::Defend && self.current_attack_card().is_some()
            }
            Move::Declare(..) | Move::NoDeclaration(_) => self.phase == Phase::Declare,
        }
    }

    fn contradiction(&self, mv: Move) -> Option<String> {
        self.poll_contradiction(mv)
    }

    fn fit_start(&mut self, moves: &[Move], observer: Seat) {
        self.fit_first_poll(moves, observer);
    }

    fn fit_outcome(
        &mut self,
        mv: Move,
        later: &[Move],
        observer: Seat,
        placed: CardSet,
    ) -> Result<Vec<(Card, Card)>, String> {
        self.fit_view_move(mv, later, observer, placed)
    }
}

impl Mustamaija {
    /// Talon cards whose position is public: the trump card under the talon, and in a view
    /// the positions the observer gave.
    pub(crate) fn talon_fixed(&self) -> CardSet {
        let trump_card = self.trump_card.filter(|&c| self.talon.bottom() == Some(c));
        self.talon_known | trump_card.map_or(CardSet::EMPTY, CardSet::single)
    }

    /// Puts `new` where `old` lies: in `seat`'s hand, or (`None`) in `old`'s talon slot.
    fn put_in_place_of(&mut self, seat: Option<u8>, old: Card, new: Card) {
        match seat {
            Some(seat) => {
                let hand = &mut self.hands[seat as usize];
                hand.remove(old);
                hand.insert(new);
            }
            None => self.talon.replace(old, new),
        }
    }

    /// The attack cards in the order the defender meets them: highest first, the maria last.
    fn defence_order(&self, cards: CardSet) -> Vec<Card> {
        let maria = CardSet::single(self.cfg.maria());
        let mut order: Vec<Card> = (cards - maria).iter().collect();
        order.reverse();
        order.extend(cards & maria);
        order
    }

    /// The talon cards whose place in this deal's talon `seat` learns while `moves` are
    /// played: the cards turned face up for trump, and the cards `seat` draws.
    fn talon_cards_seen_by(&self, moves: &[Move], seat: u8) -> CardSet {
        let mut state = self.clone();
        let mut seen = CardSet::EMPTY;
        for &mv in moves {
            // A view's guessed hands can make its replay part from the table's; what was
            // seen before that is all that is known.
            if !state.move_kind_fits(mv) {
                break;
            }
            let (hand, talon) = (state.hands[seat as usize], state.talon.set());
            state.play_unchecked(mv);
            seen |= (state.hands[seat as usize] - hand) & talon;
        }
        seen | state.reinserted | state.trump_card.map_or(CardSet::EMPTY, CardSet::single)
    }

    /// The cards that beat an attack card on the table now.
    fn table_beaters(&self) -> CardSet {
        (self.attack - self.open - self.taken)
            .iter()
            .filter_map(|c| self.beater_of(c))
            .collect()
    }
}

/// The rules' facts that the options decide: the table, the Maria, the deck and marriages.
impl Config {
    /// The player counts of a preset (spec 2.5, 7.15).
    pub fn players(variant: Variant) -> std::ops::RangeInclusive<u8> {
        match variant {
            Variant::KurkiSuonioDiamonds | Variant::KurkiSuonioMarriage => 2..=8,
            _ => 2..=6,
        }
    }

    pub fn seats(&self) -> usize {
        self.num_players as usize
    }

    /// The card that can neither beat nor be beaten.
    pub fn maria(&self) -> Card {
        match self.maria_card {
            MariaCard::QueenOfSpades => QUEEN_OF_SPADES,
            MariaCard::Joker => JOKER,
        }
    }

    /// The 52 cards, and the joker where it is the maria.
    pub fn deck(&self) -> CardSet {
        match self.maria_card {
            MariaCard::QueenOfSpades => STANDARD_DECK,
            MariaCard::Joker => STANDARD_DECK | CardSet::single(JOKER),
        }
    }

    pub fn marriage_allowed(&self, suit: Suit) -> bool {
        self.trump_mode == TrumpMode::Marriage
            && self.marriage_excluded_suits & 1 << suit as u8 == 0
    }
}
