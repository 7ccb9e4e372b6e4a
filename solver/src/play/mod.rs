//! Playing hands: players that choose a move from what their seat knows, information-set MCTS,
//! and the arena that matches two players on duplicate deals.
//!
//! A [`Player`] is handed the true position, but an honest player uses only what its seat
//! sees: its hand, the public cards and the moves so far; the cards it cannot see it draws again.

pub mod arena;
#[cfg(test)]
mod arena_tests;
pub mod bids;
#[cfg(test)]
mod bids_tests;
pub mod determinize;
pub mod ismcts;
#[cfg(test)]
mod ismcts_tests;
pub mod players;
pub mod rollout;

use crate::api::Rules;
use crate::game::{Game, Seat};
use crate::problems::Problems;
use crate::rng::Rng;

/// Anything that chooses a move for a seat.
pub trait Player<G: Game> {
    /// A short name for reports.
    fn name(&self) -> String;

    /// The move for `seat`, to act in `state`; the hand began as `start` and `history` is the
    /// moves since.
    fn choose(
        &mut self,
        start: &G,
        history: &[G::Move],
        state: &G,
        seat: Seat,
        rng: &mut Rng,
    ) -> G::Move;
}

/// Uniformly random legal moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayer;

impl<G: Game> Player<G> for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, _: &G, _: &[G::Move], state: &G, _: Seat, rng: &mut Rng) -> G::Move {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves[rng.below(moves.len())]
    }
}

/// A seeded deal of `variant` with its preset options.
pub fn deal<G: Rules>(variant: &str, seed: u64) -> Result<G, Problems> {
    crate::games::seeded::deal(variant, None, seed)
}
