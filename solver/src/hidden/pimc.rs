//! Perfect-information Monte Carlo: the observer's moves scored over sampled worlds.
//!
//! World `i` is drawn from a generator seeded by the seed and `i`, and solved by the exact search
//! with a per-world node budget; threads take worlds in turn, and the answer combines them in
//! world order, so a seed gives one answer whatever the thread timing (while the time budget
//! does not cut the run short). A world the node budget does not finish is left out and counted.
//! Where each seat scores for itself, a world can be searched paranoid (the exact search: every
//! other seat against the observer) or by max^n (each seat for itself, [`analyze_maxn`]);
//! [`WorldSearch`] names which, and the estimate says which it used.

use super::{sample, Knowledge};
use crate::cancel::{Cancel, Deadline};
use crate::game::mix;
use crate::rng::Rng;
use crate::search::maxn::analyze_maxn;
use crate::search::{analyze, Analysis, Budget, Searchable};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many worlds to solve, the time they may take, each world's node budget, and the flag
/// that stops the run as its time running out does.
#[derive(Clone, Debug)]
pub struct PimcBudget {
    pub worlds: usize,
    pub time: Duration,
    pub world_nodes: u64,
    pub cancel: Cancel,
}

/// How each sampled world is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorldSearch {
    /// The exact search: zero-sum between fixed sides, else paranoid.
    Exact,
    /// Max^n: each side maximises its own value (ties against the observer).
    Maxn,
}

impl WorldSearch {
    /// The search PIMC uses for `state` unless asked: max^n where the game asks for it
    /// ([`crate::game::Game::max_n_worlds`]), else the exact search.
    pub fn default_for<G: Searchable>(state: &G) -> WorldSearch {
        if state.max_n_worlds() && !state.zero_sum_sides() {
            WorldSearch::Maxn
        } else {
            WorldSearch::Exact
        }
    }

    /// The name answers give it.
    pub fn name(self) -> &'static str {
        match self {
            WorldSearch::Exact => "exact",
            WorldSearch::Maxn => "max^n",
        }
    }

    /// Searches `world` for `observer` this way.
    pub fn analyze<G: Searchable>(
        self,
        world: &G,
        observer: usize,
        budget: Budget,
    ) -> Analysis<G::Move> {
        match self {
            WorldSearch::Exact => analyze(world, Some(observer), budget),
            WorldSearch::Maxn => analyze_maxn(world, Some(observer), budget),
        }
    }
}

/// One root move: its mean value over the solved worlds and the half-width of a 95% interval
/// (Student's t); the same of the hand's score, where every solved world's value decides it.
#[derive(Clone, Debug)]
pub struct MoveEstimate<M> {
    pub mv: M,
    pub mean: f64,
    pub half_width: f64,
    /// The mean score and the half-width of its interval.
    pub score: Option<(f64, f64)>,
}

/// The hand's score for a side in a world if it ends with a value
/// ([`crate::api::Rules::score_of_value`]), where the value decides it.
pub type Scorer<G> = dyn Fn(&G, usize, i32) -> Option<f64> + Sync;

/// The outcome of [`pimc`].
#[derive(Clone, Debug)]
pub struct Estimate<M> {
    pub side: usize,
    pub moves: Vec<MoveEstimate<M>>,
    pub best: Option<M>,
    /// Worlds solved, whose values the means are.
    pub solved: usize,
    /// Worlds the node budget did not finish, left out.
    pub unfinished: usize,
    /// Whether the time budget stopped the run before the worlds asked for.
    pub timed_out: bool,
    pub nodes: u64,
    pub elapsed: Duration,
    pub threads: usize,
    /// How each world was searched.
    pub search: WorldSearch,
}

/// One world's outcome: its values per root move (in the view's move order) and the hand's
/// score each leads to, or none.
struct WorldResult {
    values: Option<Vec<i32>>,
    scores: Vec<Option<f64>>,
    nodes: u64,
}

/// Scores the observer's legal moves in `state` (the view's position now, the observer to
/// move) over worlds drawn from `knowledge`, each searched as [`WorldSearch::default_for`] says;
/// `score` turns a world's value into the hand's score.
pub fn pimc<G: Searchable>(
    state: &G,
    knowledge: &Knowledge,
    seed: u64,
    budget: PimcBudget,
    score: &Scorer<G>,
) -> Estimate<G::Move> {
    let search = WorldSearch::default_for(state);
    pimc_with(state, knowledge, seed, budget, search, score)
}

/// [`pimc`] with each world searched by `search`.
pub fn pimc_with<G: Searchable>(
    state: &G,
    knowledge: &Knowledge,
    seed: u64,
    budget: PimcBudget,
    search: WorldSearch,
    score: &Scorer<G>,
) -> Estimate<G::Move> {
    let start = Instant::now();
    let deadline = Deadline::new(start, budget.time, &budget.cancel);
    let observer = knowledge.observer();
    let side = state.side(observer);
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(budget.worlds.max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, WorldResult)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= budget.worlds || deadline.passed() {
                    return;
                }
                let mut rng = Rng::seeded(mix(seed, i as u64));
                let world = sample(state, observer, knowledge, &mut rng);
                let world_budget = Budget {
                    nodes: budget.world_nodes,
                    time: deadline.left(),
                    cancel: budget.cancel.clone(),
                };
                let analysis = search.analyze(&world, observer, world_budget);
                if !analysis.complete && deadline.passed() {
                    return; // cut by time, not by its node budget: not part of the answer
                }
                let values: Option<Vec<i32>> = analysis.complete.then(|| {
                    legal
                        .iter()
                        .map(|mv| {
                            analysis
                                .moves
                                .iter()
                                .find(|s| s.mv == *mv)
                                .map_or(i32::MIN, |s| s.low)
                        })
                        .collect()
                });
                let scores = values.iter().flatten().map(|&v| score(&world, side, v));
                let result = WorldResult {
                    scores: scores.collect(),
                    values,
                    nodes: analysis.nodes,
                };
                results.lock().expect("no thread panics").push((i, result));
            });
        }
    });
    let mut results = results.into_inner().expect("no thread panics");
    results.sort_by_key(|(i, _)| *i);
    // Only the worlds 0..k all done count, so timing decides nothing but k.
    let done = results
        .iter()
        .enumerate()
        .take_while(|(k, (i, _))| k == i)
        .count();
    results.truncate(done);
    let solved: Vec<&WorldResult> = results
        .iter()
        .map(|(_, r)| r)
        .filter(|r| r.values.as_ref().is_some_and(|v| !v.contains(&i32::MIN)))
        .collect();
    let moves = move_estimates(&legal, &solved);
    let best = moves
        .iter()
        .filter(|m| !solved.is_empty() && m.mean.is_finite())
        .max_by(|a, b| a.mean.total_cmp(&b.mean))
        .map(|m| m.mv);
    Estimate {
        side: state.side(observer),
        best,
        solved: solved.len(),
        unfinished: results.len() - solved.len(),
        timed_out: done < budget.worlds,
        nodes: results.iter().map(|(_, r)| r.nodes).sum(),
        elapsed: start.elapsed(),
        threads,
        moves,
        search,
    }
}

/// Each legal move's mean value and score over the `solved` worlds, with their intervals.
fn move_estimates<M: Copy>(legal: &[M], solved: &[&WorldResult]) -> Vec<MoveEstimate<M>> {
    let value = |r: &WorldResult, m: usize| r.values.as_ref().map_or(f64::NAN, |v| f64::from(v[m]));
    legal
        .iter()
        .enumerate()
        .map(|(m, &mv)| {
            let (mean, half_width) = mean_and_interval(solved.iter().map(|r| value(r, m)));
            let scores: Option<Vec<f64>> = solved.iter().map(|r| r.scores[m]).collect();
            MoveEstimate {
                mv,
                mean,
                half_width,
                score: scores.map(|s| mean_and_interval(s.into_iter())),
            }
        })
        .collect()
}

/// The mean of `values` and the half-width of its 95% interval (Student's t, which holds for
/// few worlds where the normal 1.96 is too narrow); NaN for no values, a zero width for one.
fn mean_and_interval(values: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
    let n = values.clone().count() as f64;
    let mean = values.clone().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, 0.0);
    }
    let variance = values.map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, t_975(n as usize - 1) * (variance / n).sqrt())
}

/// The 97.5% quantile of Student's t with `df` degrees of freedom: exact to three decimals for
/// up to 30, then the Cornish-Fisher expansion about the normal quantile (error below 1e-4).
fn t_975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    if let Some(&t) = TABLE.get(df.wrapping_sub(1)) {
        return t;
    }
    let (z, v) = (1.959_964, df as f64);
    let z3 = z * z * z;
    z + (z3 + z) / (4.0 * v) + (5.0 * z3 * z * z + 16.0 * z3 + 3.0 * z) / (96.0 * v * v)
}

#[cfg(test)]
mod tests {
    use super::{mean_and_interval, pimc, t_975, PimcBudget, Scorer};
    use crate::api::Rules;
    use crate::cancel::Cancel;
    use crate::game::{mix, Game, Seat};
    use crate::games::seeded::deal;
    use crate::games::{marjapussi::Marjapussi, mu::Mu};
    use crate::heuristic::Heuristic;
    use crate::hidden::{sample, Knowledge, Observable};
    use crate::rng::Rng;
    use crate::search::{minimax, Searchable};
    use std::time::Duration;

    /// A hand of `variant` dealt from `seed` and played by the game's rule-based player until
    /// `stop` holds (`None` if the hand ends first).
    fn heuristic_until<G: Rules + Heuristic>(
        variant: &str,
        seed: u64,
        stop: impl Fn(&G) -> bool,
    ) -> Option<G> {
        let mut g: G = deal(variant, None, seed).expect("a deal");
        let mut rng = Rng::seeded(seed);
        while !stop(&g) {
            g.to_move()?;
            g.play_unchecked(g.heuristic_move(&mut rng));
        }
        Some(g)
    }

    /// The seat's payoff at the end of a line where every seat plays a move of the best
    /// minimax value for its side (for `side`, against it otherwise).
    fn optimal_payoff<G: Searchable>(mut world: G, side: usize, seat: Seat) -> i32 {
        let mut legal = Vec::new();
        while let Some(mover) = world.to_move() {
            world.legal_moves(&mut legal);
            let ours = world.side(mover) == side;
            let value = |mv: &G::Move| {
                let mut child = world.clone();
                child.play_unchecked(*mv);
                minimax(&child, side) * if ours { 1 } else { -1 }
            };
            let best = *legal.iter().max_by_key(|mv| value(mv)).expect("a move");
            world.play_unchecked(best);
        }
        world.payoff()[seat]
    }

    /// PIMC's score of each move against the same worlds played out perfectly to the end:
    /// the mean of the hand's score the seat gets there (`Game::payoff`), never null. Returns
    /// how many moves had worlds of different scores.
    fn scores_are_the_worlds_payoffs<G: Rules + Observable + Searchable>(
        state: &G,
        worlds: usize,
    ) -> usize {
        let seat = state.to_move().expect("a mover");
        let side = state.side(seat);
        let knowledge = Knowledge::from_snapshot(state, seat).expect("a view");
        let budget = PimcBudget {
            worlds,
            time: Duration::from_secs(600),
            world_nodes: u64::MAX,
            cancel: Cancel::NEVER,
        };
        let score: &Scorer<G> = &|w: &G, side, v| w.score_of_value(side, f64::from(v));
        let estimate = pimc(state, &knowledge, 5, budget, score);
        assert_eq!(estimate.solved, worlds);
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        let mut mixed = 0;
        for (m, &mv) in legal.iter().enumerate() {
            let payoffs: Vec<f64> = (0..worlds)
                .map(|i| {
                    let mut world =
                        sample(state, seat, &knowledge, &mut Rng::seeded(mix(5, i as u64)));
                    world.play_unchecked(mv);
                    f64::from(optimal_payoff(world, side, seat))
                })
                .collect();
            let mean = payoffs.iter().sum::<f64>() / worlds as f64;
            mixed += usize::from(payoffs.iter().any(|&p| p != payoffs[0]));
            let (score, _) = estimate.moves[m].score.expect("a score");
            assert!(
                (score - mean).abs() < 1e-9,
                "{}: {score} against {mean}",
                state.move_text(mv)
            );
        }
        mixed
    }

    #[test]
    fn pimc_scores_are_the_mean_of_each_worlds_hand_score() {
        let late = |g: &Marjapussi| {
            g.phase() == "play" && g.to_move().is_some_and(|s| g.hands[s].len() <= 3)
        };
        let chief_late = |g: &Mu| {
            let chief = g
                .chief
                .filter(|&c| g.phase() == "play" && g.to_move() == Some(c.into()));
            chief.is_some_and(|c| g.avail(c).len() <= 3)
        };
        let mut mixed = 0;
        for variant in ["huutopussi", "huutopussi3"] {
            let states = (0..40).filter_map(|seed| heuristic_until(variant, seed, late));
            for state in states.take(6) {
                mixed += scores_are_the_worlds_payoffs(&state, 12);
            }
        }
        let chiefs = (0..60).filter_map(|seed| heuristic_until("mu3", seed, chief_late));
        for state in chiefs.take(6) {
            mixed += scores_are_the_worlds_payoffs(&state, 12);
        }
        assert!(mixed >= 3, "{mixed} moves whose worlds' scores differ");
    }

    #[test]
    fn few_worlds_get_student_t_intervals() {
        assert_eq!(t_975(1), 12.706);
        assert!((t_975(49) - 2.0096).abs() < 2e-4, "{}", t_975(49));
        assert!((t_975(1000) - 1.9623).abs() < 2e-4);
        // Five worlds: 4 degrees of freedom, 2.776 standard errors rather than 1.96.
        let (mean, half) = mean_and_interval([1.0, 2.0, 3.0, 4.0, 5.0].into_iter());
        assert_eq!(mean, 3.0);
        assert!(
            (half - 2.776 * (2.5f64 / 5.0).sqrt()).abs() < 1e-9,
            "{half}"
        );
    }
}
