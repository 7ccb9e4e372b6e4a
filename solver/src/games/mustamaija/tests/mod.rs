//! Mustamaija tests: the worked examples of spec section 6 (`vectors`), the conformance suite,
//! perft pins and the JSON routes (`suite`). Helpers here build positions card by card.

mod polls;
mod suite;
mod vectors;

use super::cards::{parse_card, JOKER, STANDARD_DECK};
use super::config::Config;
use super::{Move, Mustamaija, Phase};
use crate::api::Rules;
use crate::cards::{Card, CardSet};
use crate::game::{Game, MAX_SEATS};
use crate::problems::Problems;
use crate::suited::Suit;
use serde_json::{json, Value};

pub(super) fn card(token: &str) -> Card {
    parse_card(token, STANDARD_DECK | CardSet::single(JOKER))
        .unwrap_or_else(|| panic!("'{token}' is a card"))
}

pub(super) fn cards(text: &str) -> CardSet {
    text.split_whitespace().map(card).collect()
}

pub(super) fn config(variant: &str, options: Value) -> Config {
    let mut problems = Problems::default();
    <Mustamaija as Rules>::config(Some(variant), Some(&options), "", &mut problems)
        .unwrap_or_else(|| panic!("{problems:?}"))
}

/// The legal moves in notation, sorted.
pub(super) fn legal(state: &Mustamaija) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&m| state.move_text(m)).collect();
    texts.sort();
    texts
}

pub(super) fn sorted(texts: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = texts.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays a move given in notation, checked.
pub(super) fn play(state: &mut Mustamaija, text: &str) {
    let mv = state.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    state
        .play(mv)
        .unwrap_or_else(|_| panic!("'{text}' is legal; legal: {:?}", legal(state)));
}

/// A position built card by card: seat 0 (A) attacks seat 1 (B) unless told otherwise; cards
/// not in a hand fill the talon (a maria held by nobody first) and then lie discarded.
pub(super) struct Setup {
    cfg: Config,
    hands: Vec<CardSet>,
    talon_top: Vec<Card>,
    talon_len: usize,
    trump: Option<Suit>,
    trump_card: Option<Card>,
    attacker: u8,
}

pub(super) fn setup(variant: &str, options: Value, hands: &[&str]) -> Setup {
    let mut options = options;
    options["num_players"] = json!(hands.len());
    Setup {
        cfg: config(variant, options),
        hands: hands.iter().map(|h| cards(h)).collect(),
        talon_top: Vec::new(),
        talon_len: 0,
        trump: None,
        trump_card: None,
        attacker: 0,
    }
}

impl Setup {
    /// `len` talon cards, `top` (top first) among them.
    pub fn talon(mut self, top: &str, len: usize) -> Setup {
        self.talon_top = top.split_whitespace().map(card).collect();
        self.talon_len = len;
        self
    }

    /// Trump is known (turned already, or declared); `card` is the turned card under the talon.
    pub fn trump(mut self, suit: Suit, card: Option<&str>) -> Setup {
        self.trump = Some(suit);
        self.trump_card = card.map(self::card);
        self
    }

    /// The position, at the start of the attacker's attack (after any marriage poll opens).
    pub fn build(self) -> Mustamaija {
        let n = self.hands.len();
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        hands[..n].copy_from_slice(&self.hands);
        let held = self.hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let fixed: CardSet = self
            .talon_top
            .iter()
            .copied()
            .chain(self.trump_card)
            .collect();
        let maria = CardSet::single(self.cfg.maria());
        let spare = (self.cfg.deck() - held - fixed) & maria;
        let spare = spare
            .iter()
            .chain((self.cfg.deck() - held - fixed - maria).iter());
        let mut talon = self.talon_top.clone();
        let fill = self.talon_len - talon.len() - usize::from(self.trump_card.is_some());
        talon.extend(spare.take(fill));
        talon.extend(self.trump_card);
        assert_eq!(talon.len(), self.talon_len, "the talon is as long as asked");
        let dealer = (self.attacker + n as u8 - 1) % n as u8;
        let mut state = Mustamaija::new_deal(self.cfg, dealer, hands, &talon, 7);
        let on_table: CardSet = talon.iter().copied().collect();
        state.discards = self.cfg.deck() - held - on_table;
        assert!(
            !state.discards.contains(self.cfg.maria()),
            "the maria is held or in the talon"
        );
        if self.trump.is_some() {
            state.trump = self.trump;
            state.trump_card = self.trump_card;
            state.attacks_made = 1;
            state.start_attack();
        }
        state
    }
}

pub(super) fn phase(state: &Mustamaija) -> Phase {
    state.phase_now()
}
