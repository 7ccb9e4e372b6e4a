//! Max^n search for games where each seat scores for itself: every seat to move maximises its
//! own side's final value, and each node's value is the vector of every side's value.
//!
//! Tie rule (declared; the values depend on it): among the moves best for the mover, the one
//! worst for the *asking* side, then the first in the game's legal-move order. Breaking ties
//! against the asker keeps the search as cautious as the paranoid one wherever the other seats
//! are indifferent (a seat that can no longer lose or win points), and the rule depends only on
//! the position, so a transposition table of exact vectors gives the brute-force values.
//!
//! Moves are searched in legal order (the tie rule's order); equivalent moves
//! ([`Searchable::equivalent`]) and moves leading to one position are searched once. The
//! table is keyed by every side's [`Searchable::table_key`] and stores the vector less the
//! banked parts. A node stops early once a move reaches the mover's highest reachable value
//! and the asker's lowest (no later move can be preferred). There is no deeper pruning: with
//! more than two sides max^n has no alpha-beta, and Korf's shallow pruning needs a bound on
//! the sum of the values, which in Muschik (tricks won, −5 for a trickless participant) is too
//! loose to cut. A budget of nodes and time bounds a call; past it the answer is incomplete.

use super::{Analysis, Budget, Children, Cutoffs, ScoredMove, Searchable};
use crate::cancel::Deadline;
use crate::game::{mix, Seat, MAX_SEATS};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

/// A node's value: each side's final value, indexed by side.
pub type Scores = [i32; MAX_SEATS];

/// The table's keys are already mixed: hash them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0, u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The most table entries kept; past it the table starts again empty.
const TABLE_LIMIT: usize = 1 << 20;

struct Searcher<G: Searchable> {
    asker: usize,
    table: HashMap<u64, Scores, BuildHasherDefault<KeyHasher>>,
    buffers: Vec<Vec<G::Move>>,
    nodes: u64,
    cutoffs: Cutoffs,
    deadline: Deadline,
    node_limit: u64,
    stopped: bool,
}

/// Whether `a` is preferred to `b` by the mover's side `me` under the tie rule (the earlier
/// move is kept on a full tie).
fn prefers(a: &Scores, b: &Scores, me: usize, asker: usize) -> bool {
    a[me] > b[me] || a[me] == b[me] && a[asker] < b[asker]
}

/// Every side's value of a finished hand.
fn final_scores<G: Searchable>(state: &G) -> Scores {
    let mut scores = [0; MAX_SEATS];
    for seat in 0..state.seats() {
        let side = state.side(seat);
        scores[side] = state.value(side);
    }
    scores
}

/// The table key of `state` (every side's key mixed) and each side's banked value.
fn keyed<G: Searchable>(state: &G) -> (u64, Scores) {
    let mut banked = [0; MAX_SEATS];
    let mut key = 0x6d61_786e;
    for seat in 0..state.seats() {
        let side = state.side(seat);
        let (k, b) = state.table_key(side);
        key = mix(key, k);
        banked[side] = b;
    }
    (key, banked)
}

impl<G: Searchable> Searcher<G> {
    fn out_of_budget(&mut self) -> bool {
        if !self.stopped
            && (self.nodes >= self.node_limit || (self.nodes & 1023 == 0 && self.deadline.passed()))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The max^n value of `state`; meaningless once `self.stopped`.
    fn search(&mut self, state: &G, ply: usize) -> Scores {
        self.nodes += 1;
        let Some(mover) = state.to_move() else {
            return final_scores(state);
        };
        if self.out_of_budget() {
            return [0; MAX_SEATS];
        }
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        state.legal_moves(&mut moves);
        let tabled = state.tabled() && moves.len() > 1;
        let slot = tabled.then(|| keyed(state));
        if let Some((key, banked)) = slot {
            if let Some(rest) = self.table.get(&key) {
                self.buffers[ply] = moves;
                return std::array::from_fn(|s| rest[s] + banked[s]);
            }
        }
        let best = self.best_child(state, state.side(mover), &moves, ply);
        self.buffers[ply] = moves;
        if let Some((key, banked)) = slot.filter(|_| !self.stopped) {
            if self.table.len() >= TABLE_LIMIT {
                self.table.clear();
            }
            self.table
                .insert(key, std::array::from_fn(|s| best[s] - banked[s]));
        }
        best
    }

    /// The value of the move side `me` picks among `moves` of `state` under the tie rule.
    fn best_child(&mut self, state: &G, me: usize, moves: &[G::Move], ply: usize) -> Scores {
        let asker = self.asker;
        let (_, high) = state.value_bounds(me);
        let (low, _) = state.value_bounds(asker);
        let transposing = state.moves_may_transpose();
        let mut children = Children::default();
        let mut best: Option<Scores> = None;
        for (i, &mv) in moves.iter().enumerate() {
            if moves[..i].iter().any(|&k| state.equivalent(k, mv)) {
                continue;
            }
            let mut child = state.clone();
            child.play_unchecked(mv);
            if transposing && !children.first_visit(i, &child) {
                continue;
            }
            let v = self.search(&child, ply + 1);
            if self.stopped {
                return v;
            }
            if best.is_none_or(|b| prefers(&v, &b, me, asker)) {
                best = Some(v);
            }
            if v[me] >= high && (me == asker || v[asker] <= low) {
                self.cutoffs.all += 1;
                self.cutoffs.by_first_move += u64::from(i == 0);
                break;
            }
        }
        best.expect("a position to move in has a move")
    }
}

/// Scores every legal move of `state` by max^n for the side of `seat` (by default the seat to
/// move): each move's value is the asker's value in the max^n vector of the position after it.
/// Moves and values are in the shape of [`super::analyze`]'s; every value is exact when
/// `complete`, and means nothing otherwise (max^n has no bounds to give).
pub fn analyze_maxn<G: Searchable>(
    state: &G,
    seat: Option<Seat>,
    budget: Budget,
) -> Analysis<G::Move> {
    let start = Instant::now();
    let seat = seat.or(state.to_move()).unwrap_or(0);
    let side = state.side(seat);
    let mut searcher = Searcher::<G> {
        asker: side,
        table: HashMap::default(),
        buffers: Vec::new(),
        nodes: 0,
        cutoffs: Cutoffs::default(),
        deadline: Deadline::of(start, &budget),
        node_limit: budget.nodes,
        stopped: false,
    };
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let mut vectors: Vec<Scores> = Vec::with_capacity(legal.len());
    for &mv in &legal {
        let mut child = state.clone();
        child.play_unchecked(mv);
        vectors.push(searcher.search(&child, 1));
    }
    let chooser = state.to_move().map_or(side, |m| state.side(m));
    let best = (0..vectors.len()).fold(None, |b: Option<usize>, i| match b {
        Some(b) if !prefers(&vectors[i], &vectors[b], chooser, side) => Some(b),
        _ => Some(i),
    });
    let moves = legal
        .iter()
        .zip(&vectors)
        .map(|(&mv, v)| ScoredMove {
            mv,
            low: v[side],
            high: v[side],
        })
        .collect();
    Analysis {
        seat,
        side,
        moves,
        best: best.map(|b| legal[b]),
        value: best.map_or_else(|| state.value(side), |b| vectors[b][side]),
        principal_variation: best.map(|b| vec![legal[b]]).unwrap_or_default(),
        nodes: searcher.nodes,
        researches: 0,
        cutoffs: searcher.cutoffs,
        elapsed: start.elapsed(),
        complete: !searcher.stopped,
    }
}

/// Max^n's value vector of `state` for the asking side `asker`, by plain recursion over every
/// legal move (no table, no merging, no cut-off): the reference for tests.
pub fn brute_force<G: Searchable>(state: &G, asker: usize) -> Scores {
    let Some(mover) = state.to_move() else {
        return final_scores(state);
    };
    let me = state.side(mover);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut best: Option<Scores> = None;
    for mv in moves {
        let mut child = state.clone();
        child.play_unchecked(mv);
        let v = brute_force(&child, asker);
        if best.is_none_or(|b| prefers(&v, &b, me, asker)) {
            best = Some(v);
        }
    }
    best.expect("a position to move in has a move")
}

#[cfg(test)]
mod tests {
    use super::{analyze_maxn, brute_force};
    use crate::api::Rules;
    use crate::games::bridge::Bridge;
    use crate::games::mu::Mu;
    use crate::games::muschik::Muschik;
    use crate::games::seeded::random_until;
    use crate::search::{analyze, minimax, Budget, Searchable};
    use crate::tiers;

    /// A seeded hand of `variant` played at random until `played` cards of its play are down
    /// (the exact search applies).
    fn ending<G: Rules + Searchable>(variant: &str, seed: u64, played: usize) -> Option<G> {
        let mut left = played + 1;
        random_until(variant, None, seed, |g: &G| {
            if g.exact_applies().is_ok() {
                left -= 1;
            }
            left == 0
        })
    }

    /// For every seat as the asker, each root move's max^n value equals brute force's, and is
    /// at least the paranoid value (the asker is sure of that much whatever the others do).
    fn check_against_brute_force<G: Searchable>(g: &G, what: &str) {
        for seat in 0..g.seats() {
            let side = g.side(seat);
            let analysis = analyze_maxn(g, Some(seat), Budget::default());
            assert!(analysis.complete, "{what}");
            let paranoid = analyze(g, Some(seat), Budget::default());
            for (scored, floor) in analysis.moves.iter().zip(&paranoid.moves) {
                let mut child = g.clone();
                child.play_unchecked(scored.mv);
                let truth = brute_force(&child, side)[side];
                assert_eq!(scored.low, truth, "{what} seat {seat}: {:?}", scored.mv);
                assert!(
                    scored.low >= floor.low,
                    "{what} seat {seat}: {:?}",
                    scored.mv
                );
            }
        }
    }

    #[test]
    fn muschik_max_n_agrees_with_brute_force() {
        let seeds = tiers::cases("Muschik's max^n brute-force agreement", 300, 40, "seeds");
        let mut checked = 0;
        for variant in ["muschik", "muschik4", "muschik3", "muschik2"] {
            for seed in 0..seeds as u64 {
                // Brute force of a whole deal is slow: skip the first few cards.
                let played = 6 + (seed % 6) as usize;
                let Some(g) = ending::<Muschik>(variant, seed, played) else {
                    continue;
                };
                check_against_brute_force(&g, &format!("{variant} seed {seed}"));
                checked += 1;
            }
        }
        assert!(checked >= tiers::least(900, seeds, 300), "{checked}");
    }

    /// Where two sides' values add up to one total, max^n is minimax.
    fn check_two_sides<G: Rules + Searchable>(variant: &str, seeds: u64) -> usize {
        let mut checked = 0;
        for seed in 0..seeds {
            let Some(g) = random_until(variant, None, seed, |g: &G| {
                g.sides_total().is_some() && g.to_move().is_some_and(|s| g.hand(s).len() <= 3)
            }) else {
                continue;
            };
            let analysis = analyze_maxn(&g, None, Budget::default());
            for scored in &analysis.moves {
                let mut child = g.clone();
                child.play_unchecked(scored.mv);
                let truth = minimax(&child, analysis.side);
                assert_eq!(scored.low, truth, "{variant} seed {seed}: {:?}", scored.mv);
            }
            checked += 1;
        }
        checked
    }

    #[test]
    fn two_sided_max_n_is_minimax() {
        assert!(check_two_sides::<Bridge>("bridge", 100) >= 80);
        assert!(check_two_sides::<Mu>("mu4", 1000) >= 30);
    }
}
