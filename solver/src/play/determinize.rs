//! Determinizers: how a search turns one seat's view into a complete position to play out.
//!
//! ISMCTS draws one world per iteration. [`ViewSampler`] draws it uniformly among the deals
//! consistent with the observer's knowledge (the hidden-information sampler); [`TrueWorld`]
//! hands back the true position (a player that sees every card).

use crate::game::{Game, Seat};
use crate::hidden::{sample, Knowledge, Observable};
use crate::rng::Rng;

/// Draws complete positions consistent with what `observer` knows of `root`.
pub trait Determinizer<G: Game> {
    fn determinize(&mut self, root: &G, observer: Seat, rng: &mut Rng) -> G;
}

impl<G: Game, F: FnMut(&G, Seat, &mut Rng) -> G> Determinizer<G> for F {
    fn determinize(&mut self, root: &G, observer: Seat, rng: &mut Rng) -> G {
        self(root, observer, rng)
    }
}

/// The position as it is: search with every card in sight.
#[derive(Clone, Copy, Debug, Default)]
pub struct TrueWorld;

impl<G: Game> Determinizer<G> for TrueWorld {
    fn determinize(&mut self, root: &G, _observer: Seat, _rng: &mut Rng) -> G {
        root.clone()
    }
}

/// Worlds drawn uniformly among the deals consistent with one seat's knowledge.
#[derive(Clone, Debug)]
pub struct ViewSampler {
    knowledge: Knowledge,
}

impl ViewSampler {
    /// The sampler of `seat`'s view of the hand dealt as the complete `start` that saw `history`, now
    /// at `state`. The view's history gives its knowledge (voids, duties, cards seen moving);
    /// where it contradicts itself, only what the position now shows.
    pub fn of_view<G: Observable>(start: &G, history: &[G::Move], state: &G, seat: Seat) -> Self {
        let knowledge = Knowledge::from_deal(start, history, seat)
            .or_else(|_| Knowledge::from_snapshot(state, seat))
            .expect("the true position is consistent with what its seat sees");
        ViewSampler::new(knowledge)
    }

    /// The sampler of a knowledge already derived (from a view position, say).
    pub fn new(knowledge: Knowledge) -> Self {
        ViewSampler { knowledge }
    }
}

impl<G: Game> Determinizer<G> for ViewSampler {
    fn determinize(&mut self, root: &G, observer: Seat, rng: &mut Rng) -> G {
        sample(root, observer, &self.knowledge, rng)
    }
}
