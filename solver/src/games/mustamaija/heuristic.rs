//! The rule-based player of Mustamaija, after the strategy notes of the seed rules.
//!
//! Attack: while the talon lasts, lay the whole of the longest side suit (to draw many cards),
//! keeping trumps, the maria and the kings and queens of possible marriages; once the talon is
//! empty, lay the maria, else as many low cards of one suit as the limit allows. Defence: beat
//! with the cheapest card of the suit; beat with a trump only in the endgame or to beat the whole
//! attack (and lead next); otherwise take. A marriage is declared in the suit held longest.

use super::cards::{marriage, suit_cards, JOKER};
use super::config::{QsLead, TrumpMode};
use super::{By, Move, Mustamaija, Phase};
use crate::cards::{Card, CardSet};
use crate::heuristic::{cheapest, cheapest_k, Heuristic};
use crate::rng::Rng;
use crate::suited::{power_of, suit_of, Suit};

impl Heuristic for Mustamaija {
    fn heuristic_move(&self, _rng: &mut Rng) -> Move {
        match self.phase {
            Phase::Attack => Move::Attack(self.attack_choice()),
            Phase::Defend => self.defence_choice(),
            Phase::Declare => self.declaration_choice(),
            Phase::Over => unreachable!("the deal is over"),
        }
    }
}

impl Mustamaija {
    /// Kings and queens that could still make a marriage: better not laid in an attack.
    fn marriage_hopes(&self, hand: CardSet) -> CardSet {
        if self.cfg.trump_mode != TrumpMode::Marriage {
            return CardSet::EMPTY;
        }
        Suit::ALL
            .into_iter()
            .filter(|&s| self.cfg.marriage_allowed(s) && self.declared & 1 << s as u8 == 0)
            .fold(CardSet::EMPTY, |acc, s| acc | (hand & marriage(s)))
    }

    fn attack_choice(&self) -> CardSet {
        let hand = self.hands[self.attacker as usize];
        let maria = self.cfg.maria();
        let maria_alone = maria == JOKER || self.cfg.qs_lead == QsLead::AloneOnly;
        let limit = self.attack_size_limit();
        let endgame = self.talon.is_empty();
        let ordinary = hand - CardSet::single(maria);
        if hand.contains(maria) && (endgame || ordinary.is_empty()) {
            if maria_alone {
                return CardSet::single(maria);
            }
            let spades = ordinary & suit_cards(Suit::Spades);
            let company = cheapest_k(spades, limit.saturating_sub(1), |c| power_of(c).into());
            return company | CardSet::single(maria);
        }
        let trumps = self.trump.map_or(CardSet::EMPTY, suit_cards);
        let preferred = ordinary - trumps - self.marriage_hopes(hand);
        let pool = if !preferred.is_empty() {
            preferred
        } else if !(ordinary - trumps).is_empty() {
            ordinary - trumps
        } else {
            ordinary
        };
        let suit = Suit::ALL
            .into_iter()
            .filter(|&s| pool.intersects(suit_cards(s)))
            .max_by_key(|&s| {
                let cards = pool & suit_cards(s);
                let lowest = cards.lowest().map_or(0, power_of);
                (cards.len(), u8::MAX - lowest)
            })
            .expect("an attacker holds a card");
        cheapest_k(pool & suit_cards(suit), limit, |c| power_of(c).into())
    }

    fn defence_choice(&self) -> Move {
        let card = self
            .current_attack_card()
            .expect("a defence has an attack card");
        let beaters = self.current_beaters();
        let hand = self.hands[self.defender as usize];
        let hopes = self.marriage_hopes(hand);
        let is_trump = |c: Card| Some(suit_of(c)) == self.trump;
        let cost = |c: Card| {
            let trump_cost = if is_trump(c) && !is_trump(card) {
                20
            } else {
                0
            };
            let hope_cost = if hopes.contains(c) { 15 } else { 0 };
            i32::from(power_of(c)) + trump_cost + hope_cost
        };
        let Some(beater) = cheapest(beaters, cost) else {
            return Move::Take;
        };
        let in_suit = suit_of(beater) == suit_of(card);
        let last_open = self.open - CardSet::single(card) == CardSet::EMPTY;
        let beats_everything = last_open && self.taken.is_empty();
        if in_suit || self.talon.is_empty() || beats_everything {
            Move::Beat(beater)
        } else {
            Move::Take
        }
    }

    fn declaration_choice(&self) -> Move {
        let hand = self.hands[self.actor as usize];
        let mask = self.declarable(self.actor);
        Suit::ALL
            .into_iter()
            .filter(|&s| mask & 1 << s as u8 != 0)
            .max_by_key(|&s| (hand & suit_cards(s)).len())
            .map_or(Move::NoDeclaration(By::default()), |s| {
                Move::Declare(s, By::default())
            })
    }
}

#[cfg(test)]
mod tests {
    use super::Mustamaija;
    use crate::heuristic::checks::{assert_always_legal, duel_with_random};
    use serde_json::json;

    const VARIANTS: [&str; 5] = [
        "standard",
        "kurki_suonio_diamonds",
        "kurki_suonio_marriage",
        "salmi_six",
        "translator_joker",
    ];

    #[test]
    fn mustamaija_heuristic_is_legal_in_every_phase() {
        let mut seen = std::collections::BTreeSet::new();
        let mut positions = 0;
        for variant in VARIANTS {
            for players in [2, 3, 4, 6] {
                let options = json!({ "num_players": players });
                let (n, phases) = assert_always_legal::<Mustamaija>(variant, &options, 0..25);
                positions += n;
                seen.extend(phases);
            }
        }
        let options = json!({ "qs_lead": "alone_only", "attack_limit": "always", "marriage_trump_changes": true });
        let (n, phases) = assert_always_legal::<Mustamaija>("salmi_six", &options, 0..50);
        positions += n + assert_always_legal::<Mustamaija>("standard", &options, 0..50).0;
        seen.extend(phases);
        assert!(positions > 20_000, "{positions} positions");
        for phase in ["attack", "defend", "declare"] {
            assert!(seen.contains(phase), "never checked in {phase}: {seen:?}");
        }
    }

    #[test]
    fn mustamaija_heuristic_beats_random_play() {
        for variant in VARIANTS {
            let (mean, error) = duel_with_random::<Mustamaija>(variant, &json!({}), 0..300, false);
            println!("{variant}: heuristic minus random {mean:.3} ± {error:.3} per deal");
            assert!(
                mean > 4.0 * error && mean > 0.0,
                "{variant}: {mean} ± {error}"
            );
        }
    }
}
