//! Perfect-information Monte Carlo: the observer's moves scored over sampled worlds.
//!
//! World `i` is drawn from a generator seeded by the seed and `i`, and solved by the exact search
//! with a per-world node budget; threads take worlds in turn, and the answer combines them in
//! world order, so a seed gives one answer whatever the thread timing (while the time budget
//! does not cut the run short). A world the node budget does not finish is left out and counted.
//! Where each seat scores for itself, a world can be searched paranoid (the exact search: every
//! other seat against the observer) or by max^n (each seat for itself, [`analyze_maxn`]);
//! [`WorldSearch`] names which, and the estimate says which it used. A world whose other seats
//! did not play as the game's rule-based player would there ([`Observable::plays_as_rule`]:
//! Muschik) is drawn again, up to [`RULE_DRAWS`] times.

use super::{sample, Knowledge, Observable};
use crate::cancel::{Cancel, Deadline};
use crate::rng::{stream_seed, Rng};
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
/// ([`crate::game::Game::score_of_value`]), where the value decides it.
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
pub fn pimc<G: Searchable + Observable>(
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
pub fn pimc_with<G: Searchable + Observable>(
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
                let mut rng = world_rng(seed, i as u64);
                let world = rule_world(state, observer, knowledge, &mut rng);
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

/// The draws a world may take until the other seats' play is the rule-based player's.
/// Over 1,000 duplicate Muschik deals (`arena --only play`) 200 draws and 2,000 gained alike.
pub const RULE_DRAWS: usize = 200;

/// A world drawn from `knowledge` in which the seats but `observer` played as the rule-based
/// player would ([`Observable::plays_as_rule`]), drawn again up to [`RULE_DRAWS`] times in
/// all; else the last drawn.
fn rule_world<G: Observable>(
    state: &G,
    observer: usize,
    knowledge: &Knowledge,
    rng: &mut Rng,
) -> G {
    let mut world = sample(state, observer, knowledge, rng);
    for _ in 1..RULE_DRAWS {
        if world.plays_as_rule(observer) {
            break;
        }
        world = sample(state, observer, knowledge, rng);
    }
    world
}

/// The generator of world `i` of a run seeded `seed`. The seed is scrambled before the index
/// is mixed in: `stream_seed(seed, i)` alone is a function of `seed ^ i`, so that runs of nearby seeds
/// drew nearly the same worlds (seed 1's first 50 were seed 0's in another order), and asking
/// again with another seed gave no new evidence.
pub fn world_rng(seed: u64, i: u64) -> Rng {
    Rng::seeded(stream_seed(stream_seed(seed, WORLD_STREAMS), i))
}

/// A constant that sets PIMC's world streams apart from other uses of the seed.
const WORLD_STREAMS: u64 = 0x7069_6d63_5f77_6f72;

/// Each legal move's mean value and score over the `solved` worlds, with their intervals.
fn move_estimates<M: Copy>(legal: &[M], solved: &[&WorldResult]) -> Vec<MoveEstimate<M>> {
    let value = |r: &WorldResult, m: usize| r.values.as_ref().map_or(f64::NAN, |v| f64::from(v[m]));
    let t = t_975(solved.len().saturating_sub(1));
    legal
        .iter()
        .enumerate()
        .map(|(m, &mv)| {
            let (mean, half_width) = mean_and_interval(solved.iter().map(|r| value(r, m)), t);
            let scores: Option<Vec<f64>> = solved.iter().map(|r| r.scores[m]).collect();
            MoveEstimate {
                mv,
                mean,
                half_width,
                score: scores.map(|s| mean_and_interval(s.into_iter(), t)),
            }
        })
        .collect()
}

/// The mean of `values` and the half-width of its 95% interval, `t` standard errors (the
/// Student's t quantile of their count less one: [`t_975`]); NaN for no values, a zero width
/// for one.
///
/// Why Student's t. It is the interval of the normal mean with the variance estimated, and it
/// is wider than the normal 1.96 where few worlds make that estimate loose (2.26 at 10 worlds,
/// 2.01 at 50). The values are bounded, so intervals that hold for any bounded variable at any
/// count exist (Hoeffding's, empirical Bernstein's, a Wilson score interval on the range), but
/// they scale with the range of the value, which only the whole hand bounds (13 tricks, a
/// Huutopussi hand's points): at 50 worlds Hoeffding's half-width is 0.19 of the range, some
/// 2.5 tricks in bridge, where the worlds' spread is usually a trick or less; an interval that
/// wide says nothing. Measured on views whose every consistent deal was enumerated and solved
/// (`hidden::coverage_tests`), t's interval covers the true mean 0.945 to 0.953 of the time at
/// 50 worlds (the normal one 0.943 to 0.948, and 0.84 to 0.91 at 10 worlds against t's 0.87 to
/// 0.95). What it cannot see is a rare value no world drew: where every world agrees the
/// width is zero.
pub(crate) fn mean_and_interval(values: impl Iterator<Item = f64> + Clone, t: f64) -> (f64, f64) {
    let n = values.clone().count() as f64;
    let mean = values.clone().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, 0.0);
    }
    let variance = values.map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, t * (variance / n).sqrt())
}

/// The 97.5% quantile of Student's t with `df` degrees of freedom (`df > 0`), found by
/// bisection on its exact distribution ([`t_within`]): no table to copy wrong.
pub(crate) fn t_975(df: usize) -> f64 {
    let (mut low, mut high) = (0.0, 64.0);
    for _ in 0..60 {
        let mid = 0.5 * (low + high);
        if t_within(mid, df.max(1)) < 0.95 {
            low = mid;
        } else {
            high = mid;
        }
    }
    0.5 * (low + high)
}

/// P(|T| <= t) for Student's t with `df` degrees of freedom, by the finite series for whole
/// degrees of freedom (Abramowitz and Stegun 26.7.3 and 26.7.4) in θ = atan(t / √df).
fn t_within(t: f64, df: usize) -> f64 {
    let theta = (t / (df as f64).sqrt()).atan();
    let (sin, cos) = theta.sin_cos();
    let c2 = cos * cos;
    // Each term of the series from the one before: c² (2k-1)/2k (even df) or c² 2k/(2k+1).
    let series = |terms: usize, odd: bool| {
        let (mut term, mut sum) = (1.0, 1.0);
        for k in 1..=terms {
            let k = k as f64;
            term *= c2
                * if odd {
                    2.0 * k / (2.0 * k + 1.0)
                } else {
                    (2.0 * k - 1.0) / (2.0 * k)
                };
            sum += term;
        }
        sum
    };
    match df {
        1 => theta * std::f64::consts::FRAC_2_PI,
        _ if df.is_multiple_of(2) => sin * series(df / 2 - 1, false),
        _ => (theta + sin * cos * series((df - 3) / 2, true)) * std::f64::consts::FRAC_2_PI,
    }
}

#[cfg(test)]
mod tests {
    use super::{mean_and_interval, pimc, t_975, world_rng, PimcBudget, Scorer};
    use crate::api::Rules;
    use crate::cancel::Cancel;
    use crate::game::{Game, Seat};
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

    #[test]
    fn muschik_worlds_are_drawn_again_until_the_others_played_by_the_rule() {
        use crate::games::muschik::Muschik;
        let (mut by_rule, mut plain, mut worlds) = (0, 0, 0);
        for seed in 0..20 {
            let Some(state) = heuristic_until("muschik", seed, |g: &Muschik| {
                g.phase() == "play" && g.hand(g.to_move().unwrap_or(0)).len() <= 3
            }) else {
                continue;
            };
            let seat = state.to_move().expect("a mover");
            let knowledge = Knowledge::from_snapshot(&state, seat).expect("a view");
            for i in 0..20 {
                let drawn = super::rule_world(&state, seat, &knowledge, &mut world_rng(seed, i));
                by_rule += usize::from(drawn.plays_as_rule(seat));
                let first = sample(&state, seat, &knowledge, &mut world_rng(seed, i));
                plain += usize::from(first.plays_as_rule(seat));
                worlds += 1;
            }
        }
        assert!(worlds >= 200, "{worlds}");
        assert!(10 * by_rule >= 9 * worlds, "{by_rule} of {worlds}");
        assert!(2 * plain < worlds, "{plain} of {worlds}");
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
                    let mut world = sample(state, seat, &knowledge, &mut world_rng(5, i as u64));
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
        // Published quantiles (to 4 decimals), and the normal one as the worlds grow.
        let published = [
            (1, 12.7062),
            (2, 4.3027),
            (4, 2.7764),
            (9, 2.2622),
            (29, 2.0452),
        ];
        for (df, t) in published.into_iter().chain([(49, 2.0096), (1000, 1.9623)]) {
            assert!((t_975(df) - t).abs() < 1e-4, "{df}: {}", t_975(df));
        }
        assert!((t_975(1_000_000) - 1.959_964).abs() < 1e-5);
        // Five worlds: 4 degrees of freedom, 2.776 standard errors rather than 1.96.
        let (mean, half) = mean_and_interval([1.0, 2.0, 3.0, 4.0, 5.0].into_iter(), t_975(4));
        assert_eq!(mean, 3.0);
        assert!(
            (half - 2.7764 * (2.5f64 / 5.0).sqrt()).abs() < 1e-4,
            "{half}"
        );
    }
}
