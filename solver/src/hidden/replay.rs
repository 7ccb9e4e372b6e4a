//! Rejection of drawn worlds that a view's history rules out. Where the places each card may
//! be in cannot say all a history showed (an ask's answer, a duty that needs two cards), a drawn
//! world is kept only if the history replays with the rules in the deal it implies and shows the
//! observer what it saw.
//!
//! The deal a world implies: the view's guessed start (every card a hidden seat showed already
//! in its hand) with each card still hidden renamed to the card the world puts in its place.
//! Without unnamed cards moving between hidden places, that is the only deal leading to the
//! world, so the kept worlds are exactly the consistent ones.

use super::Observable;
use crate::cards::Card;
use crate::game::{Seat, Unseen, MAX_PLACES};
use serde_json::Value;
use std::fmt;
use std::sync::Arc;

/// Whether a drawn world (the unseen cards now) is consistent with the view's history.
#[derive(Clone)]
pub(super) struct WorldCheck(Arc<dyn Fn(&Unseen) -> bool + Send + Sync>);

impl fmt::Debug for WorldCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("WorldCheck")
    }
}

impl WorldCheck {
    /// The check of `observer`'s history `moves` from the guessed `start`, which led to `now`.
    pub(super) fn new<G: Observable>(
        start: G,
        moves: Vec<G::Move>,
        now: &G,
        observer: Seat,
    ) -> WorldCheck {
        let guessed = now.unseen(observer);
        let seen = now.state_json(Some(observer));
        WorldCheck(Arc::new(move |world: &Unseen| {
            replays(&start, &moves, &guessed, world, observer, &seen)
        }))
    }

    pub(super) fn accepts(&self, world: &Unseen) -> bool {
        (self.0)(world)
    }
}

/// Whether the deal `world` implies replays `moves` with the rules, with the outcomes their
/// texts state (an ask's answer), reaching `world` and showing the observer `seen`.
fn replays<G: Observable>(
    start: &G,
    moves: &[G::Move],
    guessed: &Unseen,
    world: &Unseen,
    observer: Seat,
    seen: &Value,
) -> bool {
    let name = renaming(guessed, world);
    let mut dealt = start.unseen(observer);
    for place in &mut dealt.places {
        *place = place.iter().map(|c| name[c.index() as usize]).collect();
    }
    let mut state = start.clone();
    state.set_unseen(observer, &dealt);
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
