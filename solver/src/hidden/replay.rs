//! Rejection of drawn worlds that a view's history rules out. Where the places each card may
//! be in cannot say all a history showed (an ask's answer, a duty that needs two cards), a drawn
//! world is kept only if the history replays with the rules in the deal it implies and shows the
//! observer what it saw.
//!
//! The deal a world implies: the view's guessed start (every card a hidden seat showed already
//! in its hand) with each card still hidden renamed to the card the world puts in its place.
//! Without unnamed cards moving between hidden places, that is the only deal leading to the
//! world, so the kept worlds are exactly the consistent ones. Where a hidden pass leads to
//! the check's start, the worlds kept are also thinned by how many passes lead to each.

use super::sampler::unit;
use super::Observable;
use crate::cards::Card;
use crate::game::{Seat, Unseen, MAX_PLACES};
use crate::rng::Rng;
use serde_json::Value;
use std::fmt;
use std::sync::Arc;

/// How often a drawn world (the unseen cards now) is kept: never where the view's history
/// rules it out, else the share of the hidden passes leading to it ([`Observable::pass_share`]).
#[derive(Clone)]
pub(super) struct WorldCheck(Arc<dyn Fn(&Unseen) -> f64 + Send + Sync>);

impl fmt::Debug for WorldCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("WorldCheck")
    }
}

/// The pass right before a check's start, whose hidden cards many passes may have been: the
/// view's start and the pass.
pub(super) type Pass<G> = (G, <G as crate::game::Game>::Move);

impl WorldCheck {
    /// The check of `observer`'s history `moves` from the guessed `start`, which led to `now`;
    /// `start` right after `pass` where a hidden pass led to it.
    pub(super) fn new<G: Observable>(
        start: G,
        moves: Vec<G::Move>,
        now: &G,
        observer: Seat,
        pass: Option<Pass<G>>,
    ) -> WorldCheck {
        let guessed = now.unseen(observer);
        let seen = now.state_json(Some(observer));
        WorldCheck(Arc::new(move |world: &Unseen| {
            let dealt = implied(&start, &guessed, world, observer);
            let share = pass.as_ref().map_or(1.0, |(view_start, mv)| {
                G::pass_share(view_start, *mv, &dealt, observer)
            });
            match share > 0.0 && replays(dealt, &moves, world, observer, &seen) {
                true => share,
                false => 0.0,
            }
        }))
    }

    /// Whether the history can lead to `world`.
    pub(super) fn accepts(&self, world: &Unseen) -> bool {
        (self.0)(world) > 0.0
    }

    /// Whether to keep the drawn `world`: with the share of passes leading to it.
    pub(super) fn keeps(&self, world: &Unseen, rng: &mut Rng) -> bool {
        let share = (self.0)(world);
        share >= 1.0 || (share > 0.0 && unit(rng) < share)
    }
}

/// `start` with the deal `world` implies: each card still hidden renamed, where it lies, to
/// the card the world puts in its place ([`crate::game::Game::swap_unseen`]), so that a pile's
/// order stays as the view's replay fitted it (the cards the observer saw drawn from it are
/// drawn again, and so are those hidden seats drew).
fn implied<G: Observable>(start: &G, guessed: &Unseen, world: &Unseen, observer: Seat) -> G {
    let name = renaming(guessed, world);
    // `now[c]`: the card in the place `c` held in `start`; `place_of[c]`: whose place holds `c`.
    let mut now: [Card; 64] = std::array::from_fn(|i| Card::new(i as u8));
    let mut place_of = now;
    // The exchanges that bring each card's new name to its place, applied in turn in one call
    // (a game without ordered piles then deals the hidden cards once).
    let mut swaps = Vec::new();
    for card in start.unseen(observer).cards() {
        let (here, wanted) = (now[card.index() as usize], name[card.index() as usize]);
        if here != wanted {
            swaps.push((here, wanted));
            let there = place_of[wanted.index() as usize];
            now[there.index() as usize] = here;
            place_of[here.index() as usize] = there;
            now[card.index() as usize] = wanted;
            place_of[wanted.index() as usize] = card;
        }
    }
    let mut state = start.clone();
    // Every card named is unseen in `start`, so the exchanges hold.
    let exchanged = state.swap_unseen(observer, &swaps);
    debug_assert!(
        exchanged,
        "a hidden card outside the observer's unseen cards"
    );
    state
}

/// Whether `moves` replay from `state` with the rules, with the outcomes their texts state (an
/// ask's answer), reaching `world` and showing the observer `seen`.
fn replays<G: Observable>(
    mut state: G,
    moves: &[G::Move],
    world: &Unseen,
    observer: Seat,
    seen: &Value,
) -> bool {
    for &mv in moves {
        if state.contradiction(mv).is_some() || state.play(mv).is_err() {
            return false;
        }
    }
    state.unseen(observer) == *world && state.state_json(Some(observer)) == *seen
}

/// Each card's new name: in every place, the guessed cards the world does not put there
/// renamed, in order, to the world's cards that were not guessed there; other cards keep theirs.
fn renaming(guessed: &Unseen, world: &Unseen) -> [Card; 64] {
    let mut name: [Card; 64] = std::array::from_fn(|i| Card::new(i as u8));
    for place in 0..MAX_PLACES {
        let from = guessed.places[place] - world.places[place];
        let to = world.places[place] - guessed.places[place];
        for (old, new) in from.iter().zip(to.iter()) {
            name[old.index() as usize] = new;
        }
    }
    name
}
