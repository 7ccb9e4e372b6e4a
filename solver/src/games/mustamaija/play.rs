//! The play of a deal: attacks (spec 4.2), the attacker's draw and the trump turn (3.3, 4.5),
//! the per-card defence (4.3), the resolve with pick-up and the defender's draw, the next
//! attacker, players dropping out, and the end of the deal (4.6, 7.10).

use super::cards::{beaters, suit_cards, JOKER};
use super::config::{AttackLimit, QsLead, StallOutcome, TrumpMode};
use super::{Move, Mustamaija, Phase, UNBEATEN};
use crate::cards::{Card, CardSet};
use crate::rng::Rng;
use crate::suited::Suit;

impl Mustamaija {
    /// The most cards an attack may hold now (4.2 rule 4): the defender's hand once the talon
    /// is empty (or always with `attack_limit = always`), else no limit.
    pub(crate) fn attack_size_limit(&self) -> u32 {
        if self.talon.is_empty() || self.cfg.attack_limit == AttackLimit::Always {
            self.hands[self.defender as usize].len()
        } else {
            u32::MAX
        }
    }

    /// Every non-empty set of one suit within the limit; the maria alone where `qs_lead` asks
    /// it; the joker only alone.
    pub(super) fn attack_moves(&self, out: &mut Vec<Move>) {
        let hand = self.hands[self.attacker as usize];
        let limit = self.attack_size_limit();
        let maria = self.cfg.maria();
        let maria_alone = maria == JOKER || self.cfg.qs_lead == QsLead::AloneOnly;
        if hand.contains(maria) && maria_alone {
            out.push(Move::Attack(CardSet::single(maria)));
        }
        for suit in Suit::ALL {
            let mut cards = hand & suit_cards(suit);
            if maria_alone {
                cards.remove(maria);
            }
            let mask = cards.bits();
            let mut subset = mask;
            while subset != 0 {
                let attack = CardSet::from_bits(subset);
                if attack.len() <= limit {
                    out.push(Move::Attack(attack));
                }
                subset = (subset - 1) & mask;
            }
        }
    }

    pub(super) fn play_attack(&mut self, cards: CardSet) {
        let attacker = self.attacker as usize;
        self.hands[attacker] -= cards;
        self.public -= cards;
        self.attacks_made += 1;
        if self.cfg.trump_mode == TrumpMode::Turned && self.attacks_made == 1 {
            self.turn_trump();
        }
        self.draw(self.attacker);
        self.attack = cards;
        self.open = cards;
        self.taken = CardSet::EMPTY;
        self.start_defence();
    }

    fn turn_trump(&mut self) {
        let mut rng = Rng::seeded(u64::from(self.turn_seed));
        if let Some(turned) = self
            .talon
            .turn_trump(self.cfg.spades_can_be_trump, &mut rng)
        {
            self.trump = turned.trump;
            self.trump_card = Some(turned.card);
            self.reinserted = turned.reinserted;
            // Their new places are hidden, even from an observer who knew the old ones.
            self.talon_known -= turned.reinserted;
        }
    }

    /// Refills `seat` to the hand size from the top of the talon.
    fn draw(&mut self, seat: u8) {
        let hand = &mut self.hands[seat as usize];
        while hand.len() < u32::from(self.cfg.hand_size) {
            let Some(card) = self.talon.draw() else {
                break;
            };
            hand.insert(card);
            if self.trump_card == Some(card) {
                self.public.insert(card);
            }
            self.talon_known.remove(card);
        }
    }

    /// The beaters of the current attack card among the cards the defender still holds.
    pub(crate) fn current_beaters(&self) -> CardSet {
        self.current_attack_card().map_or(CardSet::EMPTY, |card| {
            beaters(
                card,
                self.hands[self.defender as usize],
                self.trump,
                self.cfg.maria(),
            )
        })
    }

    pub(super) fn defence_moves(&self, out: &mut Vec<Move>) {
        out.extend(self.current_beaters().iter().map(Move::Beat));
        out.push(Move::Take);
    }

    pub(super) fn play_beat(&mut self, beater: Card) {
        let card = self.current_attack_card().expect("an open attack card");
        self.hands[self.defender as usize].remove(beater);
        self.public.remove(beater);
        self.beaten_by[card.index() as usize] = beater.index();
        self.open.remove(card);
        self.continue_defence();
    }

    pub(super) fn play_take(&mut self) {
        let card = self.current_attack_card().expect("an open attack card");
        self.open.remove(card);
        self.taken.insert(card);
        self.continue_defence();
    }

    /// Takes every open card that nothing can beat (the maria always) without a decision
    /// node, and resolves once no card is open; otherwise hands the defender the next card.
    pub(crate) fn continue_defence(&mut self) {
        loop {
            if self.current_attack_card().is_none() {
                self.taken |= self.open;
                self.open = CardSet::EMPTY;
                self.resolve();
                return;
            }
            if !self.current_beaters().is_empty() {
                self.phase = Phase::Defend;
                self.actor = self.defender;
                return;
            }
            let card = self.current_attack_card().expect("an open card");
            self.open.remove(card);
            self.taken.insert(card);
        }
    }

    /// `RESOLVE` of spec 4.3.
    fn resolve(&mut self) {
        let defender = self.defender;
        let beaten = self.attack - self.taken;
        for card in beaten {
            self.discards.insert(card);
            self.discards
                .insert(Card::new(self.beaten_by[card.index() as usize]));
        }
        self.hands[defender as usize] |= self.taken;
        self.public |= self.taken;
        let all_beaten = self.taken.is_empty();
        self.attack = CardSet::EMPTY;
        self.taken = CardSet::EMPTY;
        self.draw(defender);
        if self.talon.is_empty() {
            let mut holders = (0..self.n()).filter(|&s| !self.hands[s as usize].is_empty());
            let first = holders.next();
            if holders.next().is_none() {
                debug_assert!(
                    first.is_some(),
                    "the maria is never discarded, so someone holds cards"
                );
                self.finish(first, false);
                return;
            }
        }
        if self.attacks_made >= self.cfg.max_attacks {
            let loser = match self.cfg.stall_outcome {
                StallOutcome::QsHolderLoses => self.holder(self.cfg.maria()),
                StallOutcome::Draw => None,
            };
            self.finish(loser, true);
            return;
        }
        let mut attacker = if all_beaten {
            defender
        } else {
            self.next_seat(defender)
        };
        while self.is_out(attacker) {
            attacker = self.next_seat(attacker);
        }
        self.attacker = attacker;
        self.defender = self.next_active(attacker);
        self.start_attack();
    }

    fn finish(&mut self, loser: Option<u8>, stalled: bool) {
        self.phase = Phase::Over;
        self.actor = 0;
        self.loser = loser;
        self.stalled = stalled;
    }

    /// The card that beat `card`, if it is a beaten attack card on the table or discarded.
    pub(crate) fn beater_of(&self, card: Card) -> Option<Card> {
        let index = self.beaten_by[card.index() as usize];
        (index != UNBEATEN).then(|| Card::new(index))
    }
}
