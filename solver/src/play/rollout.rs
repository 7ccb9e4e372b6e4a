//! Rollouts: how a search finishes a hand from the edge of its tree.

use crate::game::Game;
use crate::heuristic::Heuristic;
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

/// The game's rule-based player at every seat.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicRollout;

impl<G: Heuristic> Rollout<G> for HeuristicRollout {
    fn finish(&mut self, state: &mut G, _moves: &mut Vec<G::Move>, rng: &mut Rng) {
        let mut played = 0;
        while !state.is_over() && played < ROLLOUT_LIMIT {
            let mv = state.heuristic_move(rng);
            state.play_unchecked(mv);
            played += 1;
        }
    }
}
