//! Hidden information: what a seat knows about the cards it cannot see, and worlds drawn from it.
//!
//! [`Knowledge`] turns one seat's view (the hand as dealt as that seat saw it, and the moves since)
//! into hard constraints: for each unseen card, the places it may be in, and how many unseen cards
//! each place holds. [`sample`] deals the unseen cards uniformly among every deal meeting those
//! constraints (thinned where hidden passes lead to worlds unequally often,
//! [`Observable::pass_share`]), and [`pimc`] scores the observer's moves by solving sampled
//! worlds exactly.
//! A game joins by implementing [`Observable`] (in its own `knowledge.rs`).

#[cfg(test)]
pub(crate) mod api_tests;
#[cfg(test)]
mod coverage_tests;
mod entangled;
#[cfg(test)]
mod enumeration_tests;
pub mod fit;
mod knowledge;
pub mod pimc;
mod replay;
mod sampler;
#[cfg(test)]
mod talon_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod truth_tests;
#[cfg(test)]
mod view_replay_tests;

pub use knowledge::Knowledge;
pub use sampler::sample;

use crate::api::Rules;
use crate::cards::{Card, CardSet};
use crate::game::Seat;

/// Bit mask over places (`0..MAX_PLACES`, as in [`crate::game::Unseen`]).
pub type Places = u16;

/// What the knowledge of a view needs from a game beyond [`Rules`].
pub trait Observable: Rules {
    fn card_name(&self, card: Card) -> String;

    /// A place of [`crate::game::Unseen`] in words, for messages: a seat, or the game's pile.
    fn place_name(&self, place: usize) -> String {
        if place < self.seats() {
            format!("seat {place}")
        } else {
            format!("hidden pile {}", place - self.seats())
        }
    }

    /// Whether the legal moves tell, for `mv`, which cards its mover cannot hold: holding more
    /// cards never makes a legal move illegal except by a duty it imposes (follow suit, beat,
    /// trump). A game whose move list abstracts some moves (Mü's bids) says no for those.
    fn legality_reveals(&self, mv: Self::Move) -> bool {
        let _ = mv;
        true
    }

    /// Whether `mv` is legal whatever hidden cards its mover holds (Mü's bids, laid face up
    /// from a hand whose size is public, and passes): nothing is learnt from it, and it leaves
    /// the count of consistent deals exact. By default no.
    fn legal_with_any_hand(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// Where the mover's cards the observer can place do not make `mv` legal (it needs one of
    /// two hidden cards), the cards whose places alone decide whether it is legal; `None`
    /// where the game cannot name them, and the count of consistent deals is then an upper
    /// bound.
    fn legality_cards(&self, mv: Self::Move) -> Option<CardSet> {
        let _ = mv;
        None
    }

    /// Whether the seat asked to move here can depend on hidden cards beyond what the places
    /// of single cards say (a Mustamaija marriage poll asks only the seats holding a
    /// marriage): a view through such a position counts its consistent deals as an upper
    /// bound. By default no.
    fn turn_depends_on_hidden(&self) -> bool {
        false
    }

    /// This complete deal as `observer` knew it, having seen `moves` from it: a game whose
    /// deal holds hidden cards the observer saw later (Mustamaija's talon cards it drew) marks
    /// them seen, as a view's deal does, so that no guess moves them. By default the deal.
    fn as_seen_by(&self, moves: &[Self::Move], observer: Seat) -> Self {
        let _ = (moves, observer);
        self.clone()
    }

    /// `mv`, played here, as a view's history writes it (Mustamaija names the seat a marriage
    /// poll asks: one without a seat is the view's seat's own); by default `mv`.
    fn as_written(&self, mv: Self::Move) -> Self::Move {
        mv
    }

    /// What the history's `later` moves show about the hidden cards at `mv`, before it is
    /// played, where hidden hands decide what follows it without a move (a card taken without
    /// a choice); by default nothing.
    fn foresee(
        state: &Self,
        mv: Self::Move,
        later: &[Self::Move],
        observer: Seat,
        facts: &mut knowledge::Facts,
    ) {
        let _ = (state, mv, later, observer, facts);
    }

    /// Where the pass `pass` moved cards between hidden places without showing `observer`
    /// which, and led from the view's `start` to `after`: how many passes the seat could not
    /// tell from it lead to `after`, relative to the most that lead to any position. A world
    /// drawn is kept with that chance, so that worlds are drawn as often as passes lead to
    /// them. By default 1: as many lead to each.
    fn pass_share(start: &Self, pass: Self::Move, after: &Self, observer: Seat) -> f64 {
        let _ = (start, pass, after, observer);
        1.0
    }

    /// Whether every move the seats but `observer` made in this world is the one the game's
    /// rule-based player makes there: PIMC draws again where it is not
    /// ([`pimc::RULE_DRAWS`]), so that it searches worlds where the others' play tells what
    /// their hands held, as it would if they played by the rule. By default every world.
    fn plays_as_rule(&self, observer: Seat) -> bool {
        let _ = observer;
        true
    }

    /// What the game's rules reveal about hidden cards that the generic rules of [`Knowledge`]
    /// miss, learnt when `mv` led from `before` to `after`; by default nothing.
    fn observe(
        before: &Self,
        mv: Self::Move,
        after: &Self,
        observer: Seat,
        facts: &mut knowledge::Facts,
    ) {
        let _ = (before, mv, after, observer, facts);
    }
}

pub use knowledge::Facts;
