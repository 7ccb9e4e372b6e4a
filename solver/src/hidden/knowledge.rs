//! Hard constraints on the unseen cards of one seat's view, derived from the moves it saw.
//!
//! The history is replayed in the view's guessed world (hidden hands hold placeholder cards, and
//! a card a hidden seat shows is first swapped into its hand, as the API's replay does), and every
//! move teaches something about where each unseen card may be:
//!
//! - a hidden seat's move: any card whose holding would have made the move illegal (tested by
//!   asking the rules with the seat's known cards, the shown cards and that one card) is not in
//!   that seat's hand: voids, overtake and trump duties, a lead the rules forbid with some card;
//! - shown cards that stay in the mover's hand (a marriage declared, cards laid in an auction)
//!   are there until played;
//! - cards the observer passes to a hidden place are there;
//! - when hidden cards move between hidden places (a draw from the stock, a hidden exchange),
//!   every card that may have been in a source may now be in the receiving places;
//! - the game's own [`Observable::observe`] adds what these miss.
//!
//! A snapshot without history knows only what the snapshot shows: each unseen card may be in any
//! place that holds unseen cards.

use super::sampler::Counts;
use super::{Observable, Places};
use crate::api::{reveal, Position};
use crate::cards::{Card, CardSet};
use crate::game::{Seat, Unseen, MAX_PLACES};

const ANYWHERE: Places = (1 << MAX_PLACES) - 1;

fn bit(place: usize) -> Places {
    1 << place
}

/// Per card, the places it may be in, as learnt so far.
#[derive(Clone, Debug)]
pub struct Facts {
    allowed: [Places; 64],
}

impl Facts {
    fn new() -> Facts {
        Facts {
            allowed: [ANYWHERE; 64],
        }
    }

    /// `card` is not in `place`.
    pub fn exclude(&mut self, card: Card, place: usize) {
        self.allowed[card.index() as usize] &= !bit(place);
    }

    /// `card` is in one of `places`.
    pub fn restrict(&mut self, card: Card, places: Places) {
        self.allowed[card.index() as usize] &= places;
    }

    /// `card` is in `place`.
    pub fn pin(&mut self, card: Card, place: usize) {
        self.allowed[card.index() as usize] = bit(place);
    }

    pub fn allowed(&self, card: Card) -> Places {
        self.allowed[card.index() as usize]
    }

    /// Cards known to be in `place` (pinned there).
    fn pinned(&self, candidates: CardSet, place: usize) -> CardSet {
        candidates
            .iter()
            .filter(|&c| self.allowed(c) == bit(place))
            .collect()
    }

    /// Hidden cards moved from `sources` into `targets`: a card that may have been in a source
    /// may now be in a target.
    fn spread(&mut self, sources: Places, targets: Places) {
        for mask in &mut self.allowed {
            if *mask & sources != 0 {
                *mask |= targets;
            }
        }
    }
}

/// Everything one seat knows about the cards it cannot see, ready for sampling.
#[derive(Clone, Debug)]
pub struct Knowledge {
    pub(super) observer: Seat,
    /// How many unseen cards each place holds.
    pub(super) sizes: [u8; MAX_PLACES],
    /// The unseen cards.
    pub(super) unknown: CardSet,
    /// Per unseen card (by index), the places it may be in; only places with unseen cards.
    pub(super) allowed: [Places; 64],
    pub(super) counts: Counts,
}

impl Knowledge {
    /// The knowledge of `observer` whose view starts at `start` (hidden hands as placeholders)
    /// and saw `moves`; `Err` names the contradiction when no deal fits what it saw.
    pub fn from_history<G: Observable>(
        start: &G,
        moves: &[G::Move],
        observer: Seat,
    ) -> Result<Knowledge, String> {
        let (state, facts) = learn(start, moves, observer)?;
        Knowledge::build(&state, observer, &facts)
    }

    /// What a snapshot shows `observer`: only the sizes of the hidden places.
    pub fn from_snapshot<G: Observable>(state: &G, observer: Seat) -> Result<Knowledge, String> {
        Knowledge::build(state, observer, &Facts::new())
    }

    /// The knowledge of a view position, from its history where it has one; `None` for a
    /// complete position.
    pub fn of_position<G: Observable>(position: &Position<G>) -> Option<Result<Knowledge, String>> {
        let observer = position.view?;
        let facts = match &position.history {
            Some((start, moves)) => learn(start, moves, observer).map(|(_, facts)| facts),
            None => Ok(Facts::new()),
        };
        Some(facts.and_then(|facts| Knowledge::build(&position.state, observer, &facts)))
    }

    fn build<G: Observable>(state: &G, observer: Seat, facts: &Facts) -> Result<Knowledge, String> {
        let unseen = state.unseen(observer);
        let mut sizes = [0u8; MAX_PLACES];
        let mut occupied: Places = 0;
        for (place, cards) in unseen.places.iter().enumerate() {
            sizes[place] = cards.len() as u8;
            if !cards.is_empty() {
                occupied |= bit(place);
            }
        }
        let unknown = unseen.cards();
        let mut allowed = [0; 64];
        for card in unknown {
            allowed[card.index() as usize] = facts.allowed(card) & occupied;
        }
        let counts = Counts::new(&sizes, unknown, &allowed)
            .map_err(|contradiction| contradiction.describe(state))?;
        Ok(Knowledge {
            observer,
            sizes,
            unknown,
            allowed,
            counts,
        })
    }

    /// The seat whose knowledge this is.
    pub fn observer(&self) -> Seat {
        self.observer
    }

    /// The places `card` may be in (empty for a card the observer sees).
    pub fn allowed(&self, card: Card) -> Places {
        self.allowed[card.index() as usize]
    }

    /// How many unseen cards `place` holds.
    pub fn size(&self, place: usize) -> usize {
        self.sizes[place] as usize
    }

    /// The cards the observer cannot see.
    pub fn unknown(&self) -> CardSet {
        self.unknown
    }

    /// How many deals of the unseen cards meet every constraint (as a float: they can be many).
    pub fn consistent_deals(&self) -> f64 {
        self.counts.total()
    }
}

/// Replays the view's history from `start`: the position reached and what was learnt.
fn learn<G: Observable>(
    start: &G,
    moves: &[G::Move],
    observer: Seat,
) -> Result<(G, Facts), String> {
    let mut facts = Facts::new();
    let mut state = start.clone();
    for &mv in moves {
        learn_from_move(&mut state, mv, observer, &mut facts)?;
    }
    Ok((state, facts))
}

/// Replays one move of the view's history in the guessed world, learning from it.
fn learn_from_move<G: Observable>(
    state: &mut G,
    mv: G::Move,
    observer: Seat,
    facts: &mut Facts,
) -> Result<(), String> {
    let Some(mover) = state.to_move() else {
        return Err("a move follows the end of the hand".to_string());
    };
    let shown = state.revealed_cards(mv);
    if mover != observer {
        if state.legality_reveals(mv) {
            learn_duties(state, mv, mover, observer, shown, facts);
        }
        // Shown cards the observer saw elsewhere (a card taken from the table) need no guess;
        // a position is only touched where a guess must change (refilling reorders a talon).
        let to_place = shown & state.unseen(observer).cards();
        if !to_place.is_subset(state.unseen(observer).places[mover]) {
            reveal(state, observer, mover, to_place)?;
        }
    }
    let before_state = state.clone();
    let before = state.unseen(observer);
    if state.play(mv).is_err() {
        return Err(
            "the history cannot be replayed: a move is not legal in any deal the seat could have seen"
                .to_string(),
        );
    }
    let after = state.unseen(observer);
    for card in shown & state.hand(mover) {
        facts.pin(card, mover);
    }
    learn_flows(&before, &after, facts);
    G::observe(&before_state, mv, state, observer, facts);
    Ok(())
}

/// The generic trick-game rule: a card whose holding would have forbidden `mv` is not held.
fn learn_duties<G: Observable>(
    state: &G,
    mv: G::Move,
    mover: Seat,
    observer: Seat,
    shown: CardSet,
    facts: &mut Facts,
) {
    let unseen = state.unseen(observer);
    let public_part = state.hand(mover) - unseen.places[mover];
    let base = public_part | facts.pinned(unseen.cards(), mover) | shown;
    let mut legal = Vec::new();
    let mut is_legal = |hand: CardSet| {
        state.with_hand(mover, hand).legal_moves(&mut legal);
        legal.contains(&mv)
    };
    if !is_legal(base) {
        // The move needs cards the observer cannot place; nothing sound can be learnt from it.
        return;
    }
    for card in unseen.cards() - base {
        if facts.allowed(card) & bit(mover) != 0 && !is_legal(base | CardSet::single(card)) {
            facts.exclude(card, mover);
        }
    }
}

/// Cards that moved between places during one move, as the observer saw the counts change.
fn learn_flows(before: &Unseen, after: &Unseen, facts: &mut Facts) {
    let still_hidden = before.cards() & after.cards();
    let mut sources: Places = 0;
    let mut targets: Places = 0;
    for place in 0..MAX_PLACES {
        let gained = after.places[place] - before.places[place];
        if (before.places[place] - after.places[place]).intersects(still_hidden) {
            sources |= bit(place);
        }
        if gained.intersects(still_hidden) {
            targets |= bit(place);
        }
        // A card that was in sight and is now hidden went where the observer saw it go.
        for card in gained - before.cards() {
            facts.pin(card, place);
        }
    }
    if targets != 0 {
        facts.spread(sources, targets);
    }
}
