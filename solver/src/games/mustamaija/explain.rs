//! Why a move is not legal, in words, for answers to bad requests (every reason at once).

use super::cards::{beaters, card_name, marriage, suit_of, JOKER};
use super::config::{QsLead, TrumpMode};
use super::{Move, Mustamaija, Phase};
use crate::suited::Suit;

impl Mustamaija {
    pub(super) fn why_illegal(&self, mv: Move) -> Vec<String> {
        let expected = match mv {
            Move::Attack(_) => Phase::Attack,
            Move::Beat(_) | Move::Take => Phase::Defend,
            Move::Declare(..) | Move::NoDeclaration(_) => Phase::Declare,
        };
        if self.phase != expected {
            return vec![format!(
                "the phase is '{}', not '{}'",
                self.phase.name(),
                expected.name()
            )];
        }
        let seat = self.actor;
        let hand = self.hands[seat as usize];
        let maria = self.cfg.maria();
        let mut reasons = Vec::new();
        match mv {
            Move::Attack(cards) => {
                let missing = cards - hand;
                if !missing.is_empty() {
                    reasons.push(format!(
                        "seat {seat} does not hold {}",
                        super::cards::set_text(missing)
                    ));
                }
                let suits: Vec<Option<Suit>> = cards.iter().map(suit_of).collect();
                if cards.contains(JOKER) && cards.len() > 1 {
                    reasons.push("the joker is always led alone".to_string());
                } else if suits.windows(2).any(|w| w[0] != w[1]) {
                    reasons.push("an attack holds cards of one suit only".to_string());
                }
                if cards.contains(maria)
                    && maria != JOKER
                    && cards.len() > 1
                    && self.cfg.qs_lead == QsLead::AloneOnly
                {
                    reasons.push(format!(
                        "with qs_lead = alone_only, {} is led alone",
                        card_name(maria)
                    ));
                }
                let limit = self.attack_size_limit();
                if cards.len() > limit {
                    let when = if self.talon.is_empty() {
                        "the talon is empty"
                    } else {
                        "attack_limit is 'always'"
                    };
                    reasons.push(format!(
                        "{when}, so an attack holds at most the defender's {limit} cards, not {}",
                        cards.len()
                    ));
                }
            }
            Move::Beat(card) => {
                let attacking = self
                    .current_attack_card()
                    .expect("the defence has an open card");
                if !hand.contains(card) {
                    reasons.push(format!("seat {seat} does not hold {}", card_name(card)));
                }
                if card == maria {
                    reasons.push(format!("{} (the Maria) can never beat", card_name(maria)));
                } else if beaters(
                    attacking,
                    crate::cards::CardSet::single(card),
                    self.trump,
                    maria,
                )
                .is_empty()
                {
                    let trump = self
                        .trump
                        .map_or("no trump yet".to_string(), |t| format!("trump is {t}"));
                    reasons.push(format!(
                        "{} does not beat {} ({trump})",
                        card_name(card),
                        card_name(attacking)
                    ));
                }
            }
            Move::Declare(suit, _) => {
                if !marriage(suit).is_subset(hand) {
                    reasons.push(format!("seat {seat} does not hold both K and Q of {suit}"));
                }
                if !self.cfg.marriage_allowed(suit) {
                    reasons.push(format!("a {suit} marriage makes no trump in this variant"));
                } else if self.cfg.trump_mode == TrumpMode::Marriage
                    && self.trump.is_some()
                    && !self.cfg.marriage_trump_changes
                {
                    reasons.push("trump is fixed by the first marriage".to_string());
                } else if self.declared & 1 << suit as u8 != 0 {
                    reasons.push(format!("{suit} has been declared already"));
                }
            }
            Move::Take | Move::NoDeclaration(_) => {}
        }
        reasons
    }
}
