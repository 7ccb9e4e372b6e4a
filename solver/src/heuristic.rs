//! Fast rule-based players: one move for the seat to act, from what that seat can see.
//!
//! Each game implements [`Heuristic`] in its own `heuristic` module. The move uses only the
//! acting seat's hand, the public cards, the current trick and the public history kept in the
//! position, so a sampled world and the true one give the same move. It is always legal, in
//! every phase, and allocation-free: ISMCTS rollouts call it at every step, and the arena uses
//! it as a benchmark opponent.

use crate::cards::{Card, CardSet};
use crate::game::Game;
use crate::rng::Rng;
use crate::suited::suit_of;

/// A game with a fast rule-based player.
pub trait Heuristic: Game {
    /// A legal move for the seat to act, chosen by simple rules; `rng` breaks ties. Called only
    /// while the hand goes on.
    fn heuristic_move(&self, rng: &mut Rng) -> Self::Move;

    /// The decision to make now if it is one made before the play whose moves the heuristic's
    /// own play of the rest of the hand values well enough to choose among them
    /// ([`crate::play::bids`]); by default none.
    fn valued(&self) -> Option<Valued> {
        None
    }

    /// Whether this world agrees with what the other seats chose so far in the decision being
    /// valued, had they chosen as the heuristic does; [`crate::play::bids`] draws again (a few
    /// times) where it does not. By default every world agrees.
    fn agrees_with_choices(&self) -> bool {
        true
    }

    /// Deals the cards `seat` has not seen again, uniformly, among the places it cannot see,
    /// where every such card may lie in every such place (a fresh world, far cheaper than a
    /// draw from the sampler), and says so; where not, leaves the world as it is and says so.
    /// [`crate::play::bids`] redeals so until the world agrees with the choices. By default
    /// never.
    fn redeal_unseen(&mut self, _seat: crate::game::Seat, _rng: &mut Rng) -> bool {
        false
    }

    /// What the seat's own play after `mv` gains in its payoff over the heuristic's play that
    /// [`crate::play::bids`]' playouts give it, where the advice plays better (PIMC): added to
    /// the move's mean score when the moves are ranked. By default nothing.
    fn own_play_edge(&self, _mv: Self::Move) -> f64 {
        0.0
    }

    /// The moves [`crate::play::bids`] values in a [`Heuristic::valued`] decision, the
    /// heuristic's own first where they are not every legal move; by default every legal move.
    fn candidates(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves(out);
    }
}

/// What a decision valued by the play it leads to ([`Heuristic::valued`]) decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A bid of the auction, or the pass.
    Bid,
    /// The cards to pass or lay away: an exchange between partners, a discard, a stock exchange.
    Exchange,
    /// The contract after the exchange.
    Contract,
    /// A trump.
    Trump,
    /// A partner.
    Partner,
    /// Whether to play the deal or sit it out.
    Participation,
}

impl Decision {
    /// The decision as an answer names it.
    pub fn text(self) -> &'static str {
        match self {
            Decision::Bid => "a bid of the auction",
            Decision::Exchange => "the cards to pass or lay away",
            Decision::Contract => "the contract",
            Decision::Trump => "the trump",
            Decision::Partner => "the partner",
            Decision::Participation => "whether to play the deal",
        }
    }
}

/// A decision before the play valued by the play its moves lead to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Valued {
    pub decision: Decision,
    /// Whether [`Heuristic::candidates`] are every legal move; else a choice of too many (the
    /// heuristic's move and its neighbours).
    pub every_move: bool,
    /// Whether the analysis's `auto` answers the decision so: duplicate matches showed the
    /// valued choice ahead of the heuristic's (README, the arena's tables).
    pub auto: bool,
}

/// Candidates for a choice of `chosen.len()` cards of `pool`: `chosen` (the heuristic's) first,
/// then every set made from it by swapping one of its cards for another card of `pool`, in
/// card order, each as `wrap` makes it a move.
pub fn single_swaps<M>(
    pool: CardSet,
    chosen: CardSet,
    wrap: impl Fn(CardSet) -> M,
    out: &mut Vec<M>,
) {
    out.clear();
    out.push(wrap(chosen));
    for given_up in chosen {
        for taken in pool - chosen {
            out.push(wrap(
                (chosen - CardSet::single(given_up)) | CardSet::single(taken),
            ));
        }
    }
}

/// The card of `set` with the lowest `cost` (the lowest index among equals), if any.
pub fn cheapest(set: CardSet, cost: impl Fn(Card) -> i32) -> Option<Card> {
    let mut best: Option<(i32, Card)> = None;
    for card in set {
        let c = cost(card);
        if best.is_none_or(|(b, _)| c < b) {
            best = Some((c, card));
        }
    }
    best.map(|(_, card)| card)
}

/// The `k` cards of `set` with the lowest `cost`, picked one by one (fewer if `set` is smaller).
pub fn cheapest_k(set: CardSet, k: u32, cost: impl Fn(Card) -> i32) -> CardSet {
    let mut picked = CardSet::EMPTY;
    for _ in 0..k {
        match cheapest(set - picked, &cost) {
            Some(card) => picked.insert(card),
            None => break,
        }
    }
    picked
}

/// In a suited layout (`suit * 16 + power`): the cards of `card`'s suit that rank above it.
pub fn above_in_suit(card: Card) -> CardSet {
    let above = !((card.bit() << 1).wrapping_sub(1));
    CardSet::from_bits(above) & suit_of(card).mask()
}

/// Whether no card of `outstanding` (the cards the seat has not seen) beats `card` in its suit.
pub fn is_top(card: Card, outstanding: CardSet) -> bool {
    !outstanding.intersects(above_in_suit(card))
}

#[cfg(test)]
pub(crate) mod checks {
    //! The checks every game's heuristic passes: legal everywhere, and clearly better than a
    //! uniformly random player over duplicate deals.

    use super::Heuristic;
    use crate::api::Rules;
    use crate::game::Seat;
    use crate::rng::Rng;
    use serde_json::Value;
    use std::collections::BTreeSet;
    use std::ops::Range;

    /// The hand dealt from `seed` in `variant` with `options`.
    pub fn deal<G: Rules>(variant: &str, options: &Value, seed: u64) -> G {
        crate::games::seeded::deal(variant, Some(options), seed)
            .unwrap_or_else(|problems| panic!("{variant} {options}: {problems:?}"))
    }

    /// Plays the seeded hands to the end, each move the heuristic's or a random listed one (half
    /// and half), and asserts at every position that the checked play accepts the heuristic's
    /// move (Mü lists a bounded choice of bids but accepts every legal one). Returns the
    /// number of positions checked and the phases they were in.
    pub fn assert_always_legal<G: Rules + Heuristic>(
        variant: &str,
        options: &Value,
        seeds: Range<u64>,
    ) -> (usize, BTreeSet<&'static str>) {
        let mut moves = Vec::new();
        let mut checked = 0;
        let mut phases = BTreeSet::new();
        for seed in seeds {
            let mut state: G = deal(variant, options, seed);
            let mut rng = Rng::seeded(seed);
            let mut played = 0;
            while !state.is_over() && played < 5_000 {
                state.legal_moves(&mut moves);
                let mv = state.heuristic_move(&mut rng);
                assert!(
                    state.clone().play(mv).is_ok(),
                    "{variant} {options} seed {seed} move {played} ({}): {mv:?} is illegal; listed moves: {moves:?}",
                    state.phase()
                );
                checked += 1;
                phases.insert(state.phase());
                let chosen = if rng.below(2) == 0 {
                    mv
                } else {
                    moves[rng.below(moves.len())]
                };
                state.play_unchecked(chosen);
                played += 1;
            }
        }
        (checked, phases)
    }

    /// The mean and the standard error of `samples`.
    pub fn mean_and_error(samples: &[f64]) -> (f64, f64) {
        let n = samples.len() as f64;
        let mean = samples.iter().sum::<f64>() / n;
        let variance = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        (mean, (variance / n).sqrt())
    }

    /// Duplicate deals, the heuristic against uniformly random play. Each deal is played once
    /// per seat `r`: the heuristic plays `r` (and, with `team`, every seat on `r`'s side at the
    /// deal), random play the others. A deal's sample is the mean over `r` of `r`'s payoff minus
    /// the mean payoff of the random seats, so a random player in the heuristic's place scores 0
    /// on average. Returns the mean and standard error over the deals.
    pub fn duel_with_random<G: Rules + Heuristic>(
        variant: &str,
        options: &Value,
        seeds: Range<u64>,
        team: bool,
    ) -> (f64, f64) {
        let mut moves = Vec::new();
        let mut samples = Vec::new();
        for seed in seeds {
            let start: G = deal(variant, options, seed);
            let seats = start.seats();
            let mut total = 0.0;
            for r in 0..seats {
                let ours = |s: Seat| s == r || (team && start.side(s) == start.side(r));
                let mut state = start.clone();
                let mut rng = Rng::seeded(seed ^ ((r as u64) << 40));
                let mut played = 0;
                while let Some(seat) = state.to_move() {
                    assert!(
                        played < 5_000,
                        "{variant} seed {seed}: the hand does not end"
                    );
                    let mv = if ours(seat) {
                        state.heuristic_move(&mut rng)
                    } else {
                        state.legal_moves(&mut moves);
                        moves[rng.below(moves.len())]
                    };
                    state.play_unchecked(mv);
                    played += 1;
                }
                let payoff = state.payoff();
                let others: Vec<f64> = (0..seats)
                    .filter(|&s| !ours(s))
                    .map(|s| f64::from(payoff[s]))
                    .collect();
                let others_mean = others.iter().sum::<f64>() / others.len() as f64;
                total += f64::from(payoff[r]) - others_mean;
            }
            samples.push(total / seats as f64);
        }
        mean_and_error(&samples)
    }
}
