//! The last two tricks solved directly for the exact search (after Mü's `endgame.rs`): at a
//! trick's start in the play with two cards a seat, a plain fail-soft alpha-beta over the
//! cards each seat may play, the declaration window after the first trick (passed through
//! where no move does more than pass) and the last trick played out in place, without the
//! search's table, ordering and move lists.

use super::{Marjapussi, Move, Phase};
use crate::game::Game;

impl Marjapussi {
    /// `side`'s value from a trick's start in the play with two cards a seat, where it lies
    /// within `(alpha, beta)`, else a bound beyond the window on that side (fail-soft, as the
    /// search answers); `None` elsewhere.
    pub(super) fn two_trick_value(&self, side: usize, alpha: i32, beta: i32) -> Option<i32> {
        let at_start = self.phase == Phase::Play && self.trick_len == 0;
        (at_start && self.hands[usize::from(self.leader)].len() == 2)
            .then(|| self.clone().ending_value(side, alpha, beta))
    }

    /// Fail-soft alpha-beta from here to the hand's end for `side` (its seats maximise, the
    /// others minimise, as in the search).
    fn ending_value(mut self, side: usize, alpha: i32, beta: i32) -> i32 {
        if self.phase == Phase::Declare && self.window_passes() {
            self.play_declaration(self.actor, Move::NoDeclaration);
        }
        let last = self.tricks_played + 1 >= self.tricks_in_hand();
        if self.result.is_some() || last && self.phase == Phase::Play {
            if let Some(value) = self.played_out(side) {
                return value;
            }
        }
        if self.phase == Phase::Play {
            let cards = self.playable(self.actor).iter().map(Move::Play);
            return self.best_of(cards, side, alpha, beta);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if self.phase == Phase::Declare {
            moves.retain(|&mv| mv == Move::NoDeclaration || !self.passes(mv));
        }
        self.best_of(moves.into_iter(), side, alpha, beta)
    }

    /// The value of the best of `moves` for the mover, searched within `(alpha, beta)`.
    fn best_of(
        &self,
        moves: impl Iterator<Item = Move>,
        side: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let maximizing = self.side_of(self.actor) as usize == side;
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        for mv in moves {
            let mut child = self.clone();
            child.play_unchecked(mv);
            let v = child.ending_value(side, alpha, beta);
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::config::Variant;
    use super::super::search::tests::endgame;
    use crate::rng::Rng;
    use crate::search::minimax;
    use crate::tiers;

    /// At two cards a seat, every side's value equals plain minimax with the window open, and
    /// within random windows it is fail-soft: exact inside, a true bound beyond either end.
    #[test]
    fn two_trick_values_agree_with_plain_minimax() {
        let mut checked = 0;
        let seeds = tiers::cases("marjapussi's two-trick endings", 1_500, 150, "seeds");
        for variant in Variant::NAMES {
            for seed in 0..seeds as u64 {
                let g = endgame(variant, seed, 2);
                let mut rng = Rng::seeded(seed);
                for side in 0..g.sides() {
                    let Some(open) = g.two_trick_value(side, i32::MIN / 2, i32::MAX / 2) else {
                        continue;
                    };
                    let truth = minimax(&g, side);
                    assert_eq!(open, truth, "{variant} seed {seed} side {side}");
                    let alpha = truth - 20 + rng.below(40) as i32;
                    let beta = alpha + 1 + rng.below(3) as i32;
                    let v = g
                        .two_trick_value(side, alpha, beta)
                        .expect("a two-trick ending");
                    let holds = if v <= alpha {
                        truth <= v
                    } else if v >= beta {
                        truth >= v
                    } else {
                        truth == v
                    };
                    assert!(holds, "{variant} seed {seed} side {side}: {v} in ({alpha}, {beta}), minimax {truth}");
                    checked += 1;
                }
            }
        }
        assert!(checked >= tiers::least(10_000, seeds, 1_500), "{checked}");
    }
}
