//! Random playouts: the benchmark's workload and the conformance suite's driver.

use crate::game::Game;
use crate::rng::Rng;

/// Plays uniformly random legal moves until the hand is over; returns the moves played.
/// `limit` bounds the playout (a game that could cycle is cut off there).
pub fn random_playout<G: Game>(
    state: &mut G,
    rng: &mut Rng,
    moves: &mut Vec<G::Move>,
    limit: usize,
) -> usize {
    let mut played = 0;
    while !state.is_over() && played < limit {
        state.legal_moves(moves);
        let mv = moves[rng.below(moves.len())];
        state.play_unchecked(mv);
        played += 1;
    }
    played
}
