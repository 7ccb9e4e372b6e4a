//! Bids, and the other choices before the play, valued by the play they lead to.
//!
//! For a decision the game values so ([`Heuristic::valued`]: a bid, an exchange, a discard, a
//! contract, a trump, a partner), each candidate move ([`Heuristic::candidates`]: every legal
//! move, or where they are too many the heuristic's and its neighbours) is played in worlds
//! drawn from the seat's view, the rest of the hand (the auction, the exchange, the play) is
//! finished by the game's heuristic at every seat ([`HeuristicRollout`]), and the move is valued
//! by the hand's score for the seat (its payoff); the best mean wins. Every move of a world is
//! played out from the same world with the same generator (common random numbers), so the
//! moves' differences are sharper than their means. A world that disagrees with what the other
//! seats chose so far in the decision, had they chosen as the heuristic does
//! ([`Heuristic::agrees_with_choices`]: Muschik's participation), is dealt again: redealt
//! where the game can ([`Heuristic::redeal_unseen`]: a true rejection sampler), else drawn
//! again a few times.
//!
//! The playouts are spent by successive halving: the budget is cut into one round per halving,
//! each round plays its share in new worlds with every move still in, then the better half
//! (by mean score plus what the seat's own play gains after the move over the heuristic's,
//! [`Heuristic::own_play_edge`]; the earlier candidate first among equals: the heuristic's own
//! where the candidates are not every legal move) stays. World `i` is drawn from
//! [`world_rng`]`(seed, i)` as PIMC's are, so a seed gives one answer whenever the playouts
//! asked finish within the time.

use super::determinize::Determinizer;
use super::rollout::{HeuristicRollout, Rollout};
use crate::cancel::{Cancel, Deadline};
use crate::game::Seat;
use crate::heuristic::Heuristic;
use crate::hidden::pimc::{mean_and_interval, t_975, world_rng, MoveEstimate};
use crate::rng::Rng;
use crate::search::Searchable;
use std::time::{Duration, Instant};

/// The playouts (one move played out in one world) to spend, the time they may take, and the
/// flag that stops the run as the time running out does.
#[derive(Clone, Debug)]
pub struct BidBudget {
    pub playouts: u64,
    pub time: Duration,
    pub cancel: Cancel,
}

/// One candidate move's estimate: its mean value (the exact search's unit, for the seat's side, at
/// the end of the hand) and mean score (the seat's payoff), each with its 95% interval, over
/// the `worlds` it was played in.
#[derive(Clone, Debug)]
pub struct BidMove<M> {
    pub estimate: MoveEstimate<M>,
    pub worlds: usize,
}

/// The outcome of [`value_choices`].
#[derive(Clone, Debug)]
pub struct BidEstimate<M> {
    /// The seat's side, whose value and score the moves give.
    pub side: usize,
    /// Every candidate, in [`Heuristic::candidates`]' order.
    pub moves: Vec<BidMove<M>>,
    pub best: Option<M>,
    /// Worlds drawn, and moves played out in them.
    pub worlds: usize,
    pub playouts: u64,
    /// Whether the time stopped the run before the playouts asked for.
    pub timed_out: bool,
    pub elapsed: Duration,
}

/// Each move's values and scores, one per world it was played in.
#[derive(Clone, Debug, Default)]
struct Samples {
    values: Vec<f64>,
    scores: Vec<f64>,
}

impl Samples {
    fn mean_score(&self) -> f64 {
        self.scores.iter().sum::<f64>() / self.scores.len().max(1) as f64
    }
}

/// Values the candidate moves of `state` ([`Heuristic::candidates`]) for `seat` (to act, or
/// deciding for the seat to act) by playouts in worlds from `worlds`, within `budget`.
pub fn value_choices<G: Searchable + Heuristic>(
    state: &G,
    seat: Seat,
    worlds: &mut impl Determinizer<G>,
    seed: u64,
    budget: &BidBudget,
) -> BidEstimate<G::Move> {
    let start = Instant::now();
    let deadline = Deadline::new(start, budget.time, &budget.cancel);
    let mut candidates = Vec::new();
    state.candidates(&mut candidates);
    let mut samples = vec![Samples::default(); candidates.len()];
    let mut alive: Vec<usize> = (0..candidates.len()).collect();
    let rounds = u64::from(usize::BITS - candidates.len().saturating_sub(1).leading_zeros()).max(1);
    let (mut drawn, mut playouts, mut timed_out) = (0u64, 0u64, false);
    let mut scratch = Vec::new();
    for _ in 0..rounds {
        let round_worlds = (budget.playouts / rounds / alive.len() as u64).max(1);
        for _ in 0..round_worlds {
            if deadline.passed() {
                timed_out = true;
                break;
            }
            let mut rng = world_rng(seed, drawn);
            drawn += 1;
            let world = agreeing_world(state, seat, worlds, &mut rng);
            for &m in &alive {
                let mut hand = world.clone();
                hand.play_unchecked(candidates[m]);
                HeuristicRollout.finish(&mut hand, &mut scratch, &mut rng.clone());
                samples[m]
                    .values
                    .push(f64::from(hand.value(hand.side(seat))));
                samples[m].scores.push(f64::from(hand.payoff()[seat]));
                playouts += 1;
            }
        }
        let ranked = |m: usize| samples[m].mean_score() + state.own_play_edge(candidates[m]);
        // Stable: among equal ranks the earlier candidate stays first.
        alive.sort_by(|&a, &b| ranked(b).total_cmp(&ranked(a)));
        alive.truncate(alive.len().div_ceil(2));
        if timed_out {
            break;
        }
    }
    BidEstimate {
        side: state.side(seat),
        moves: estimates(&candidates, &samples),
        best: alive.first().map(|&m| candidates[m]),
        worlds: drawn as usize,
        playouts,
        timed_out,
        elapsed: start.elapsed(),
    }
}

/// The draws a world may take to agree with the other seats' choices so far.
const AGREEING_DRAWS: usize = 20;

/// The redeals a world may take to agree, where the game redeals
/// ([`Heuristic::redeal_unseen`]): enough for agreements a few in a thousand worlds meet.
const AGREEING_REDEALS: usize = 2_000;

/// A world from `worlds` that agrees with the other seats' choices so far
/// ([`Heuristic::agrees_with_choices`]): redealt up to [`AGREEING_REDEALS`] times where the
/// game redeals, then drawn again up to [`AGREEING_DRAWS`] times in all; else the last.
fn agreeing_world<G: Heuristic>(
    state: &G,
    seat: Seat,
    worlds: &mut impl Determinizer<G>,
    rng: &mut Rng,
) -> G {
    let mut world = worlds.determinize(state, seat, rng);
    let (mut drawn, mut redealt) = (1, 0);
    while !world.agrees_with_choices() {
        if redealt < AGREEING_REDEALS && world.redeal_unseen(seat, rng) {
            redealt += 1;
        } else if drawn < AGREEING_DRAWS {
            world = worlds.determinize(state, seat, rng);
            drawn += 1;
        } else {
            break;
        }
    }
    world
}

/// Each candidate's means and intervals over the worlds it was played in.
fn estimates<M: Copy>(candidates: &[M], samples: &[Samples]) -> Vec<BidMove<M>> {
    candidates
        .iter()
        .zip(samples)
        .map(|(&mv, s)| {
            let t = t_975(s.scores.len().saturating_sub(1));
            let (mean, half_width) = mean_and_interval(s.values.iter().copied(), t);
            BidMove {
                estimate: MoveEstimate {
                    mv,
                    mean,
                    half_width,
                    score: Some(mean_and_interval(s.scores.iter().copied(), t)),
                },
                worlds: s.scores.len(),
            }
        })
        .collect()
}
