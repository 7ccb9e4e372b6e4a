//! What a Marjapussi seat learns beyond the generic rules: the outcome of an ask, and a
//! declaration window skipped.

use super::config::Asks;
use super::json::card_name;
use super::{cards, Marjapussi, Move, Phase, Said};
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};
use crate::hidden::{Facts, Observable};

impl Observable for Marjapussi {
    fn card_name(&self, card: Card) -> String {
        card_name(card)
    }

    fn place_name(&self, place: usize) -> String {
        match place.checked_sub(self.seats()) {
            None => format!("seat {place}"),
            Some(0) => "the talon".to_string(),
            Some(_) => "the discards".to_string(),
        }
    }

    /// A half ask needs one of its marriage's cards (`half_ask_requires_card`): they decide.
    /// Kontra and Re depend on how many cards the seat holds, not which. Where the guess opened
    /// a declaration window that the table skipped (a lead) or the other way round, the
    /// undeclared marriages held decide.
    fn legality_cards(&self, mv: Move) -> Option<CardSet> {
        let declaring = matches!(
            mv,
            Move::NoDeclaration | Move::Declare(_) | Move::AskWhole(_) | Move::AskHalf(..)
        );
        match mv {
            Move::Double | Move::NoDouble => Some(CardSet::EMPTY),
            Move::Play(_) if self.phase == Phase::Declare => Some(self.undeclared_marriages()),
            _ if declaring && self.phase == Phase::Play => Some(self.undeclared_marriages()),
            Move::AskHalf(suit, _) => Some(cards::marriage(suit)),
            _ => None,
        }
    }

    /// The gift of `give_each` to the other opponent is any card it holds after the pass,
    /// but a talon card there must be it (the declarer took the talon the seat saw): a hand
    /// holding one comes from one gift, one holding none from as many as it has cards, and
    /// one holding two from none.
    fn pass_share(start: &Self, pass: Move, after: &Self, observer: Seat) -> f64 {
        let Some(other) = talon_gift_receiver(start, pass, after.declarer, observer) else {
            return 1.0;
        };
        let hand = after.hands[other];
        match (hand & start.talon).len() {
            0 => 1.0,
            1 => 1.0 / f64::from(hand.len()),
            _ => 0.0,
        }
    }

    /// A half ask that made a marriage: its king and queen are with the asker and the partner.
    /// One answered no: the partner holds neither, and so where the asker is known to hold one
    /// (the rules demand it, or the observer is the asker and holds one) and nothing was
    /// declared. A bluff: the asker holds neither.
    /// Either ask also shows what places cannot say (the asker holds exactly one; the partner
    /// holds some undeclared marriage whole, or none): those marriages' cards are entangled,
    /// their joint places counted by replaying the history.
    ///
    /// A trick's winner that plays on where the window may be skipped shows that it holds no
    /// undeclared marriage whole, which places cannot say either.
    fn observe(before: &Self, mv: Move, after: &Self, observer: Seat, facts: &mut Facts) {
        observe_talon(before, mv, after, observer, facts);
        let skippable = before.n() == 3 || matches!(before.cfg.asks, Asks::Off | Asks::Half);
        let trick_start = before.trick_len == 0 && before.tricks_played > 0;
        if matches!(mv, Move::AskWhole(_)) || (skippable && trick_start) {
            facts.entangle(before.undeclared_marriages());
        }
        let Move::AskHalf(suit, said) = mv else {
            return;
        };
        let asker = before.actor;
        let partner = before.partner(asker);
        let marriage = cards::marriage(suit);
        facts.entangle(marriage);
        let declared = |g: &Marjapussi| g.declarations.iter().flatten().count();
        if declared(after) > declared(before) {
            let pair = 1 << asker | 1 << partner;
            for card in marriage {
                facts.restrict(card, pair);
            }
            return;
        }
        let (excluded, from) = match said {
            Said::Bluff => (true, asker),
            Said::No => (true, partner),
            _ => {
                let holds = before.cfg.half_ask_requires_card
                    || (asker as Seat == observer && before.hands[observer].intersects(marriage));
                (holds, partner)
            }
        };
        if excluded {
            for card in marriage {
                facts.exclude(card, from as Seat);
            }
        }
    }
}

/// The talon the declarer took, where the seat saw it, is in the declarer's hand; a hidden
/// discard holds no ace or ten where the rules forbid them there.
fn observe_talon(
    before: &Marjapussi,
    mv: Move,
    after: &Marjapussi,
    observer: Seat,
    facts: &mut Facts,
) {
    let n = before.seats();
    if let Some(declarer) = after.declarer.filter(|_| after.talon.is_empty()) {
        let seen = before.cfg.talon_revealed || declarer as Seat == observer;
        if seen && before.declarer.is_none() {
            before
                .talon
                .iter()
                .for_each(|card| facts.pin(card, declarer as Seat));
        }
    }
    if talon_gift_receiver(before, mv, before.declarer, observer).is_some() {
        // The places cannot say that the other opponent holds at most one talon card.
        facts.inexact();
    }
    if matches!(mv, Move::Discard(_)) {
        let forbidden = before.cfg.forbidden_discards();
        forbidden.iter().for_each(|card| facts.exclude(card, n + 1));
    }
}

/// Where `pass` is a `give_each` of `declarer` in a hand of `state` (any position of it) and
/// `observer`, an opponent, saw the talon it took: the other opponent, whose gift the
/// observer did not see.
fn talon_gift_receiver(
    state: &Marjapussi,
    pass: Move,
    declarer: Option<u8>,
    observer: Seat,
) -> Option<Seat> {
    let declarer = declarer? as Seat;
    let seen = state.cfg.talon_revealed && state.seats() == 3 && observer != declarer;
    (matches!(pass, Move::GiveEach { .. }) && seen).then(|| 3 - observer - declarer)
}
