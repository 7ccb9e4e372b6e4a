//! After the auction: the vice's and the chief's trumps (spec 4.5, 4.6) and the partner (4.7).

use super::cards::{rank_of, Colour};
use super::config::PartnerMode;
use super::{Move, Mu, Phase, Trump};
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};

/// The colours and numbers of a set of bid cards, colours first, numbers ascending.
pub(crate) fn designations(cards: CardSet) -> Vec<Trump> {
    let colours = Colour::ALL
        .into_iter()
        .filter(|c| cards.intersects(c.mask()))
        .map(Trump::Colour);
    let numbers = (0..10u8)
        .filter(|&n| cards.iter().any(|c| rank_of(c) == n))
        .map(Trump::Number);
    colours.chain(numbers).collect()
}

impl Mu {
    /// Whether `observer` knows who the partner is (a called card held in a hidden hand keeps
    /// the partner secret; `None` is the complete position).
    pub(super) fn partner_known_to(&self, observer: Option<Seat>) -> bool {
        let (Some(card), Some(o)) = (self.called, observer) else {
            return true;
        };
        let hidden = (0..self.seats()).any(|p| p != o && self.hands[p].contains(card));
        !hidden
    }

    /// The trumps the actor may name now: the vice from its bid cards; the chief from its bid
    /// cards or none, and the vice's trump only with `allow_same_trump` (spec 4.5, 4.6, 7.8).
    pub fn trump_options(&self) -> Vec<Trump> {
        match self.phase {
            Phase::ViceTrump => designations(self.tables[self.actor as usize]),
            Phase::ChiefTrump => {
                let mut options = designations(self.tables[self.actor as usize]);
                if !self.cfg.allow_same_trump {
                    options.retain(|&t| Some(t) != self.vice_trump);
                }
                options.push(Trump::NoTrump);
                options
            }
            _ => Vec::new(),
        }
    }

    pub(crate) fn name_trump(&mut self, trump: Trump) {
        let chief = self.chief.expect("trumps are named after the auction");
        if self.phase == Phase::ViceTrump {
            self.vice_trump = Some(trump);
            self.phase = Phase::ChiefTrump;
            self.actor = chief;
        } else {
            self.chief_trump = Some(trump);
            if self.n() >= 4 {
                self.phase = Phase::Partner;
            } else {
                self.start_play();
            }
        }
    }

    /// Partner choices (spec 4.7): any seat but the chief and the vice, or with `call_card` any
    /// card of the deck that is not a 1 or a 7.
    pub(crate) fn partner_moves(&self, out: &mut Vec<Move>) {
        if self.phase != Phase::Partner {
            return;
        }
        match self.cfg.partner_mode {
            PartnerMode::Choose => {
                let taken = |p: u8| Some(p) == self.chief || Some(p) == self.vice;
                out.extend((0..self.n()).filter(|&p| !taken(p)).map(Move::Partner));
            }
            PartnerMode::CallCard => out.extend(
                self.cfg
                    .deck()
                    .iter()
                    .filter(|&c| !matches!(rank_of(c), 1 | 7))
                    .map(Move::Call),
            ),
        }
    }

    pub(crate) fn choose_partner(&mut self, partner: u8) {
        self.partner = Some(partner);
        self.start_play();
    }

    pub(crate) fn call_card(&mut self, card: Card) {
        self.called = Some(card);
        self.settle_called_partner();
        self.start_play();
    }

    /// The seat holding `card` in its hand or on its table, if any.
    pub(crate) fn holder(&self, card: Card) -> Option<u8> {
        (0..self.n()).find(|&p| self.avail(p).contains(card))
    }

    /// With a called card still held, its holder is the partner, unless it is the chief (a solo)
    /// or the vice (the chief plays alone). Once played, the roles stay as settled.
    pub(crate) fn settle_called_partner(&mut self) {
        let Some(holder) = self.called.and_then(|card| self.holder(card)) else {
            return;
        };
        self.solo = Some(holder) == self.chief;
        let alone = self.solo || Some(holder) == self.vice;
        self.partner = (!alone).then_some(holder);
    }

    /// Opens trick 1, led by the chief (spec 4.8), with the trump sets fixed.
    pub(crate) fn start_play(&mut self) {
        let chief = self.chief.expect("play follows the auction");
        self.chief_trumps = self.chief_trump.map_or(CardSet::EMPTY, Trump::cards);
        self.vice_trumps = self.vice_trump.map_or(CardSet::EMPTY, Trump::cards);
        self.phase = Phase::Play;
        self.leader = chief;
        self.actor = chief;
        self.trick_len = 0;
    }
}
