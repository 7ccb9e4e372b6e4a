//! Rollouts: how a search finishes a hand from the edge of its tree.

use crate::game::Game;
use crate::playout::random_playout;
use crate::rng::Rng;

/// The most moves a rollout plays: far above any hand's length, a stop for a game that cycles.
pub const ROLLOUT_LIMIT: usize = 10_000;

/// Plays a position to the end of the hand.
pub trait Rollout<G: Game> {
    fn finish(&mut self, state: &mut G, moves: &mut Vec<G::Move>, rng: &mut Rng);
}

/// Uniformly random legal moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomRollout;

impl<G: Game> Rollout<G> for RandomRollout {
    fn finish(&mut self, state: &mut G, moves: &mut Vec<G::Move>, rng: &mut Rng) {
        random_playout(state, rng, moves, ROLLOUT_LIMIT);
    }
}
