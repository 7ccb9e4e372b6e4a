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
//! What single cards' places cannot say (an ask's answer) is either about named cards
//! ([`Facts::entangle`]: their joint places are enumerated, [`super::entangled`], and the count
//! stays exact) or not ([`Facts::inexact`]: drawn worlds are checked by replaying the history,
//! and the count is an upper bound).
//!
//! The game's fits of a move's outcome put cards only where what the moves before taught lets
//! them be, where they can ([`knowing`]); where that fails, or reads the history to another
//! position than the view's own replay, the history is learnt again with the fits alone.
//!
//! A snapshot without history knows only what the snapshot shows: each unseen card may be in any
//! place that holds unseen cards.

use super::entangled::Split;
use super::fit::knowing;
use super::replay::WorldCheck;
use super::sampler::{Counts, MAX_DRAWS};
use super::{Observable, Places};
use crate::api::{play_in_view, InView, Position};
use crate::cards::{Card, CardSet};
use crate::game::{Seat, Unseen, MAX_PLACES};
use std::sync::Arc;

const ANYWHERE: Places = (1 << MAX_PLACES) - 1;

fn bit(place: usize) -> Places {
    1 << place
}

/// Per card, the places it may be in, as learnt so far.
#[derive(Clone, Debug)]
pub struct Facts {
    allowed: [Places; 64],
    /// Some move showed more than the places can say, about cards no set names.
    inexact: bool,
    /// Cards whose places together decide what some move showed (an ask's answer), beyond the
    /// places each may be in.
    entangled: CardSet,
    /// Unnamed hidden cards moved between hidden places: the deal at the start is not known from
    /// the deal now.
    untracked: bool,
    /// Hidden cards decided who was asked to move ([`Observable::turn_depends_on_hidden`]):
    /// the count is an upper bound, and drawn worlds are not checked for it.
    bounded: bool,
    /// How many moves have moved unnamed hidden cards between hidden places.
    spreads: u32,
}

impl Facts {
    fn new() -> Facts {
        Facts {
            allowed: [ANYWHERE; 64],
            inexact: false,
            entangled: CardSet::EMPTY,
            untracked: false,
            bounded: false,
            spreads: 0,
        }
    }

    /// A move showed more than the places each card may be in can say.
    pub fn inexact(&mut self) {
        self.inexact = true;
    }

    /// A move showed something about `cards` together that their places cannot say: where
    /// nothing else is inexact, their joint places are enumerated and the count stays exact.
    pub fn entangle(&mut self, cards: CardSet) {
        self.entangled |= cards;
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

    /// Cards of `guess` known to be in the one place the guess has them. A card the guess
    /// has elsewhere (the history showed later where it is) may be moved to fit a move.
    fn placed(&self, guess: &Unseen) -> CardSet {
        guess
            .cards()
            .iter()
            .filter(|&c| guess.place_of(c).is_some_and(|p| self.allowed(c) == bit(p)))
            .collect()
    }

    /// Hidden cards moved from `sources` into `targets`: a card that may have been in a source
    /// may now be in a target.
    fn spread(&mut self, sources: Places, targets: Places) {
        self.spreads += 1;
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
    /// Whether the places allowed say all the history shows, so that `counts` are exact.
    pub(super) exact: bool,
    /// Where they do not, and the history can be replayed in a drawn world: the check that
    /// rejects the worlds it rules out.
    pub(super) check: Option<WorldCheck>,
    /// Where only entangled cards' places together say more: the consistent deals by where
    /// those cards are, counted and drawn exactly.
    pub(super) split: Option<Arc<Split>>,
}

impl Knowledge {
    /// The knowledge of `observer` whose view starts at `start` (hidden hands as placeholders)
    /// and saw `moves`; `Err` names the contradiction when no deal fits what it saw.
    pub fn from_history<G: Observable>(
        start: &G,
        moves: &[G::Move],
        observer: Seat,
    ) -> Result<Knowledge, String> {
        Knowledge::reaching(start, moves, observer, None)
    }

    /// [`Knowledge::from_history`], of the position `now` where one is given (the view's own
    /// replay's). Learnt with fits that put cards only where what the moves before showed lets
    /// them be, where they can ([`knowing`]); where that fails, or reads another position than
    /// `now` (a history that ends where hidden hands decide whether a defence is over can be
    /// read two ways by a seat not to decide), with the fits alone, as the view's replay.
    fn reaching<G: Observable>(
        start: &G,
        moves: &[G::Move],
        observer: Seat,
        now: Option<&G>,
    ) -> Result<Knowledge, String> {
        let seen = |state: &G| state.state_json(Some(observer));
        let known = learn(start, moves, observer, Knows::Learnt)
            .ok()
            .filter(|learnt| now.is_none_or(|now| seen(&learnt.state) == seen(now)));
        let learnt = match known {
            Some(learnt) => learnt,
            None => learn(start, moves, observer, Knows::Nothing)?,
        };
        Knowledge::build(&learnt.state, observer, &learnt.facts)?.checked(start, learnt, moves)
    }

    /// The knowledge of `observer` in the hand dealt as the complete `deal` that saw `moves`:
    /// what [`Knowledge::from_history`] learns from the seat's view of that deal (the cards
    /// the seat saw in the history known where they lay, [`Observable::as_seen_by`]; the moves
    /// as the seat writes them, [`Observable::as_written`]).
    pub fn from_deal<G: Observable>(
        deal: &G,
        moves: &[G::Move],
        observer: Seat,
    ) -> Result<Knowledge, String> {
        let mut at = deal.clone();
        let written: Vec<G::Move> = moves
            .iter()
            .map(|&mv| {
                let seen = at.as_written(mv);
                at.play_unchecked(mv);
                seen
            })
            .collect();
        Knowledge::from_history(&deal.as_seen_by(moves, observer), &written, observer)
    }

    /// What a snapshot shows `observer`: only the sizes of the hidden places.
    pub fn from_snapshot<G: Observable>(state: &G, observer: Seat) -> Result<Knowledge, String> {
        let mut facts = Facts::new();
        facts.bounded = state.turn_depends_on_hidden();
        Knowledge::build(state, observer, &facts)
    }

    /// The knowledge of a view position, from its history where it has one; `None` for a
    /// complete position.
    pub fn of_position<G: Observable>(position: &Position<G>) -> Option<Result<Knowledge, String>> {
        let observer = position.view?;
        Some(match &position.history {
            Some((start, moves)) => {
                Knowledge::reaching(start, moves, observer, Some(&position.state))
            }
            None => Knowledge::from_snapshot(&position.state, observer),
        })
    }

    /// This knowledge with the check of drawn worlds that `learnt` needs, verified to accept
    /// some world.
    fn checked<G: Observable>(
        mut self,
        start: &G,
        learnt: Learnt<G>,
        moves: &[G::Move],
    ) -> Result<Knowledge, String> {
        let facts = &learnt.facts;
        if !facts.inexact && facts.entangled.is_empty() {
            return Ok(self);
        }
        if facts.untracked {
            return Ok(self.checked_from_frame(start, learnt, moves));
        }
        let check = WorldCheck::new(
            learnt.start,
            moves.to_vec(),
            &learnt.state,
            self.observer,
            None,
        );
        if !facts.inexact {
            let split = Split::new(&self, &check, facts.entangled);
            if split.total() > 0.0 {
                self.split = Some(Arc::new(split));
                return Ok(self);
            }
            // Only where the entangled cards do not say all: drawn worlds are checked instead.
            self.exact = false;
        }
        self.check = Some(check);
        if !self.has_checked_world() {
            // Where hidden cards chose who was asked to move, the deals that replay can be too
            // few to draw: the view's replay fitted a guess to its history, and worlds are
            // drawn unchecked, as from a count that is an upper bound. (Not reached at any move
            // of 20 random hands per variant of any game.)
            if facts.bounded {
                self.check = None;
                return Ok(self);
            }
            return Err(format!("no deal fits the view: none of {MAX_DRAWS} deals drawn from what the seat saw replays its history with the rules"));
        }
        Ok(self)
    }

    /// Where unnamed hidden cards moved (a hidden exchange, a draw from a hidden talon), a world
    /// now does not fix the deal, but it fixes the position right after the last such move: drawn
    /// worlds are checked by replaying the moves since from there (as from a deal), so that none
    /// contradicts them (an ask's answer, a poll, a card taken without a choice). Where no world
    /// of [`MAX_DRAWS`] passes, they are drawn unchecked, as before such a check. A world is
    /// kept as often as the passes of that move from the view's `start` lead to it.
    ///
    /// The deal a world implies keeps each hidden card's slot
    /// ([`crate::game::Game::swap_unseen`]), so the stock or talon cards the observer saw drawn
    /// are drawn again; `truth_tests` checks that the true world passes. Measured on every
    /// seat's view after every move of 20 random hands per Mustamaija preset: the fallback fires
    /// in none (it fired in 14-22 views per preset while the view's fits moved cards where the
    /// moves before showed they are not, [`knowing`], and forgot what earlier takes and polls
    /// showed), and no other game had any.
    fn checked_from_frame<G: Observable>(
        self,
        start: &G,
        learnt: Learnt<G>,
        moves: &[G::Move],
    ) -> Knowledge {
        let Some((from, frame)) = learnt.frame else {
            return self;
        };
        let pass = Some((start.clone(), moves[from - 1]));
        let later = moves[from..].to_vec();
        let check = WorldCheck::new(frame, later, &learnt.state, self.observer, pass);
        let checked = Knowledge {
            check: Some(check),
            ..self.clone()
        };
        if checked.has_checked_world() {
            checked
        } else {
            self
        }
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
            exact: !facts.inexact && !facts.untracked && !facts.bounded,
            check: None,
            split: None,
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

    /// How many deals of the unseen cards meet every constraint (as a float: they can be many):
    /// the deals consistent with the view where [`Knowledge::count_is_exact`], else an upper
    /// bound on them.
    pub fn consistent_deals(&self) -> f64 {
        self.split
            .as_ref()
            .map_or_else(|| self.counts.total(), |split| split.total())
    }

    /// Whether [`Knowledge::consistent_deals`] counts exactly the deals consistent with the view.
    pub fn count_is_exact(&self) -> bool {
        self.exact
    }
}

/// What replaying a view's history taught, and the guessed start that replays it.
struct Learnt<G> {
    /// The guessed world after the history.
    state: G,
    facts: Facts,
    /// The guessed start, with every card a hidden seat showed swapped into its hand there.
    start: G,
    /// The guessed position right after the last move that moved unnamed hidden cards between
    /// hidden places, and the index of the move after it; swapped as `start` is. `None` where
    /// there is none, or a swap could not be made there.
    frame: Option<(usize, G)>,
}

/// What the fits of a view's replay are told of where the unseen cards may be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Knows {
    /// What the moves before showed ([`knowing`]).
    Learnt,
    Nothing,
}

/// Replays the view's history from `start`: the position reached and what was learnt.
fn learn<G: Observable>(
    start: &G,
    moves: &[G::Move],
    observer: Seat,
    knows: Knows,
) -> Result<Learnt<G>, String> {
    let mut learnt = Learnt {
        state: start.clone(),
        facts: Facts::new(),
        start: start.clone(),
        frame: None,
    };
    learnt.facts.bounded = start.turn_depends_on_hidden();
    for (i, &mv) in moves.iter().enumerate() {
        let later = &moves[i + 1..];
        let spreads = learnt.facts.spreads;
        let facts = &mut learnt.facts;
        let swaps = learn_from_move(&mut learnt.state, (mv, later), observer, facts, knows)?;
        learnt.facts.bounded |= learnt.state.turn_depends_on_hidden();
        // The reveal's swaps in the guessed start too, so that it deals every shown card to
        // the seat that showed it.
        if !learnt.start.swap_unseen(observer, &swaps) {
            learnt.facts.untracked = true;
        }
        if let Some((_, frame)) = &mut learnt.frame {
            if !frame.swap_unseen(observer, &swaps) {
                learnt.frame = None;
            }
        }
        if learnt.facts.spreads != spreads {
            learnt.frame = Some((i + 1, learnt.state.clone()));
        }
    }
    Ok(learnt)
}

/// Replays one move of the view's history in the guessed world, learning from it; returns the
/// swaps that put the cards it showed into the mover's guessed hand.
fn learn_from_move<G: Observable>(
    state: &mut G,
    (mv, later): (G::Move, &[G::Move]),
    observer: Seat,
    facts: &mut Facts,
    knows: Knows,
) -> Result<Vec<(Card, Card)>, String> {
    let Some(mover) = state.to_move() else {
        return Err("a move follows the end of the hand".to_string());
    };
    let shown = state.revealed_cards(mv, observer);
    if mover != observer && !state.legal_with_any_hand(mv) {
        if state.legality_reveals(mv) {
            learn_duties(state, mv, mover, observer, shown, facts);
        } else {
            facts.inexact();
        }
    }
    G::foresee(state, mv, later, observer, facts);
    let before_state = state.clone();
    let mut before = state.unseen(observer);
    let placed = facts.placed(&before);
    let mut fit = || play_in_view(state, mv, later, observer, placed);
    let fitted = match knows {
        Knows::Learnt => knowing(facts.allowed, fit),
        Knows::Nothing => fit(),
    };
    let swaps = fitted.map_err(|why| match why {
        InView::Illegal => {
            "the history cannot be replayed: a move is not legal for any hand its seat could hold"
                .to_string()
        }
        InView::Unplaceable(why) => format!("the history cannot be replayed: {why}"),
    })?;
    // The swaps change the guess, not where cards went: the flows are counted from the guess made.
    before.swap(&swaps);
    let after = state.unseen(observer);
    learn_flows(&before, &after, shown, facts);
    G::observe(&before_state, mv, state, observer, facts);
    Ok(swaps)
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
        // The move needs cards the observer cannot place: the game may name the cards that
        // decide it, else nothing sound can be learnt from it.
        match state.legality_cards(mv) {
            Some(cards) => facts.entangle(cards),
            None => facts.inexact(),
        }
        return;
    }
    for card in unseen.cards() - base {
        if facts.allowed(card) & bit(mover) != 0 && !is_legal(base | CardSet::single(card)) {
            facts.exclude(card, mover);
        }
    }
}

/// Cards that moved between places during one move, as the observer saw the counts change:
/// cards `shown` (and cards that were in sight) are where they went; other hidden cards that
/// moved between hidden places may now be in any place that received some.
fn learn_flows(before: &Unseen, after: &Unseen, shown: CardSet, facts: &mut Facts) {
    let still_hidden = (before.cards() & after.cards()) - shown;
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
        for card in (gained - before.cards()) | (after.places[place] & shown) {
            facts.pin(card, place);
        }
    }
    if targets != 0 {
        facts.spread(sources, targets);
        facts.untracked = true;
    }
}
