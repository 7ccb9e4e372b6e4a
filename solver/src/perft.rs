//! Move-path counts ("perft"): how many move sequences of a given length a position has.
//!
//! Pinned counts from fixed seeded deals catch any change in move generation.

use crate::game::Game;

/// The number of move sequences of exactly `depth` moves (or ending the hand earlier).
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 || state.is_over() {
        return 1;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut next = state.clone();
            next.play_unchecked(mv);
            perft(&next, depth - 1)
        })
        .sum()
}
