//! Duplicate matches between two players.
//!
//! Each seeded deal is played once per side of the table (the sides the seats have when the
//! hand is dealt: partnerships, or each seat alone where every seat scores for itself), with
//! player A in that side's seats and player B in all the others. A deal's score is A's mean
//! payoff per seat minus B's, averaged over those plays, so luck of the cards cancels out; the
//! match reports the mean per deal and its 95% interval.

use super::{deal, Player};
use crate::api::Rules;
use crate::game::Game;
use crate::problems::Problems;
use crate::rng::Rng;
use std::time::{Duration, Instant};

/// The outcome of a duplicate match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    pub a: String,
    pub b: String,
    pub deals: u32,
    /// A's score minus B's per deal, one entry per deal.
    pub differences: Vec<f64>,
    pub elapsed: Duration,
}

impl MatchReport {
    pub fn mean(&self) -> f64 {
        self.differences.iter().sum::<f64>() / self.differences.len().max(1) as f64
    }

    /// Half the width of the 95% interval of the mean (normal approximation).
    pub fn half_width(&self) -> f64 {
        let n = self.differences.len() as f64;
        if n < 2.0 {
            return f64::INFINITY;
        }
        let mean = self.mean();
        let variance = self
            .differences
            .iter()
            .map(|d| (d - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0);
        1.96 * (variance / n).sqrt()
    }
}

/// Plays `deals` duplicate deals of `variant` from `seed` between `a` and `b`.
pub fn duplicate<G: Rules>(
    variant: &str,
    a: &mut dyn Player<G>,
    b: &mut dyn Player<G>,
    deals: u32,
    seed: u64,
) -> Result<MatchReport, Problems> {
    let start_time = Instant::now();
    let mut differences = Vec::with_capacity(deals as usize);
    for d in 0..u64::from(deals) {
        let start: G = deal(variant, seed.wrapping_add(d))?;
        let seats = start.seats();
        let mut sides: Vec<usize> = (0..seats).map(|s| start.side(s)).collect();
        sides.sort_unstable();
        sides.dedup();
        let mut total = 0.0;
        for &side in &sides {
            let a_seats: Vec<bool> = (0..seats).map(|s| start.side(s) == side).collect();
            let mut rng = Rng::seeded(seed ^ (d << 20) ^ side as u64);
            let end = play_hand(&start, &a_seats, a, b, &mut rng);
            total += side_difference(&end.payoff()[..seats], &a_seats);
        }
        differences.push(total / sides.len() as f64);
    }
    Ok(MatchReport {
        a: a.name(),
        b: b.name(),
        deals,
        differences,
        elapsed: start_time.elapsed(),
    })
}

/// Plays one hand from `start`, `a` in the seats marked in `a_seats` and `b` in the others.
pub fn play_hand<G: Game>(
    start: &G,
    a_seats: &[bool],
    a: &mut dyn Player<G>,
    b: &mut dyn Player<G>,
    rng: &mut Rng,
) -> G {
    let mut state = start.clone();
    let mut history = Vec::new();
    while let Some(to_move) = state.to_move() {
        let seat = state.decider(to_move);
        let player: &mut dyn Player<G> = if a_seats[seat] { a } else { b };
        let mv = player.choose(start, &history, &state, seat, rng);
        let name = player.name();
        state
            .play(mv)
            .unwrap_or_else(|_| panic!("{name} chose an illegal move {mv:?}"));
        history.push(mv);
    }
    state
}

/// The mean payoff per seat of A's seats minus that of B's.
pub(super) fn side_difference(payoff: &[i32], a_seats: &[bool]) -> f64 {
    let mean = |of_a: bool| {
        let (sum, count) = payoff
            .iter()
            .zip(a_seats)
            .filter(|(_, &is_a)| is_a == of_a)
            .fold((0.0, 0.0), |(s, c), (&p, _)| (s + f64::from(p), c + 1.0));
        sum / f64::max(count, 1.0)
    };
    mean(true) - mean(false)
}
