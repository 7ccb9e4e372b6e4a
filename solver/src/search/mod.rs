//! Exact (double-dummy) search over any [`Searchable`] game: every legal move scored.
//!
//! Alpha-beta between the root mover's side and the rest, fail-soft, with a transposition table
//! of bounds, equivalent moves searched once, cut-offs from the value still reachable
//! ([`Searchable::value_bounds`]) and null-window (MTD(f)) searches to pin each root move's value.
//! Two-sided games are searched zero-sum between the sides; where each seat scores for itself
//! the search is *paranoid*: every other seat plays against the root mover's side.
//! A budget of nodes and time bounds every call; past it, values not pinned are bounds.
//! [`analyze_seeded`] starts from the table entries carried from earlier solves of the same deal
//! and hands back the most-searched ones it knows after its own, so a game analysed move by move
//! reuses them.

mod carried;
#[cfg(test)]
mod seeded_tests;
mod table;

pub use carried::{from_bytes, to_bytes, CarriedEntry, MAX_CARRIED_ENTRIES};

use crate::game::{Game, Seat};
use carried::{keep_most_searched, side_salt};
use std::time::{Duration, Instant};
use table::{Entry, Table};

/// What the exact search needs from a game beyond [`Game`].
pub trait Searchable: Game {
    /// The value of a finished hand for `side`, in the game's search unit.
    fn value(&self, side: usize) -> i32;

    /// The lowest and highest final value `side` can still reach from here. Tighter bounds
    /// prune more; `(i32::MIN / 2, i32::MAX / 2)` is always correct.
    fn value_bounds(&self, side: usize) -> (i32, i32);

    /// Whether two legal moves lead to positions of the same value (equivalent cards).
    fn equivalent(&self, a: Self::Move, b: Self::Move) -> bool {
        a == b
    }

    /// The transposition key and the part of `side`'s value already banked: positions with one
    /// key have the same value minus the banked part, so the table stores values relative to
    /// it. The default banks nothing and keys the whole position.
    fn table_key(&self, side: usize) -> (u64, i32) {
        let _ = side;
        (self.key(), 0)
    }

    /// What the value counts, for answers ("points", "game points", "tricks").
    fn value_unit(&self) -> &'static str;

    /// Whether sides are fixed teams searched zero-sum, or seats scoring for themselves
    /// (then the search is paranoid).
    fn zero_sum_sides(&self) -> bool;

    /// `Err` with the reason when the position's phase is not one for the exact search (a
    /// bidding phase whose analysis needs hidden-information methods).
    fn exact_applies(&self) -> Result<(), String> {
        Ok(())
    }

    /// A move-ordering hint: moves with higher hints are searched first.
    fn order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }
}

/// How a search may spend its effort.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub nodes: u64,
    pub time: Duration,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            nodes: 50_000_000,
            time: Duration::from_secs(10),
        }
    }
}

/// One root move and its value for the root mover's side: exact when `low == high`, else the
/// budget ran out and the true value lies in `low..=high`.
#[derive(Clone, Debug)]
pub struct ScoredMove<M> {
    pub mv: M,
    pub low: i32,
    pub high: i32,
}

impl<M> ScoredMove<M> {
    pub fn is_exact(&self) -> bool {
        self.low == self.high
    }
}

/// The outcome of [`analyze`].
#[derive(Clone, Debug)]
pub struct Analysis<M> {
    /// The seat to move at the root, and the side whose value every number is.
    pub seat: Seat,
    pub side: usize,
    pub moves: Vec<ScoredMove<M>>,
    pub best: Option<M>,
    /// The best move's value (its lower end while not exact).
    pub value: i32,
    pub principal_variation: Vec<M>,
    pub nodes: u64,
    pub researches: u32,
    pub elapsed: Duration,
    /// Every value is exact (the budget was not reached).
    pub complete: bool,
}

struct Searcher<G: Searchable> {
    side: usize,
    table: Table<G::Move>,
    buffers: Vec<Vec<G::Move>>,
    nodes: u64,
    deadline: Instant,
    node_limit: u64,
    stopped: bool,
}

const INF: i32 = i32::MAX / 2;

impl<G: Searchable> Searcher<G> {
    fn out_of_budget(&mut self) -> bool {
        if !self.stopped
            && (self.nodes >= self.node_limit
                || (self.nodes & 1023 == 0 && Instant::now() >= self.deadline))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Fail-soft alpha-beta for the value of `state` to `self.side`, within `(alpha, beta)`.
    fn search(&mut self, state: &G, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        let nodes_before = self.nodes;
        self.nodes += 1;
        let Some(mover) = state.to_move() else {
            return state.value(self.side);
        };
        let (low, high) = state.value_bounds(self.side);
        if low >= beta {
            return low;
        }
        if high <= alpha {
            return high;
        }
        if self.out_of_budget() {
            return if state.side(mover) == self.side {
                low
            } else {
                high
            };
        }
        let (key, banked) = state.table_key(self.side);
        let entry = self.table.get(key).map(|e| e.shifted(banked));
        if let Some(e) = &entry {
            if e.low >= beta || e.low == e.high {
                return e.low;
            }
            if e.high <= alpha {
                return e.high;
            }
            alpha = alpha.max(e.low);
            beta = beta.min(e.high);
        }
        let (alpha0, beta0) = (alpha, beta);
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        self.ordered_moves(state, entry.and_then(|e| e.best), &mut moves);
        let maximizing = state.side(mover) == self.side;
        let mut best = if maximizing { -INF } else { INF };
        let mut best_move = None;
        let mut children = [0u64; 32];
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = state.clone();
            child.play_unchecked(mv);
            // Moves that lead to the same position (a failed ask and no declaration) are one.
            let key = child.key();
            if children[..i.min(32)].contains(&key) {
                continue;
            }
            if i < 32 {
                children[i] = key;
            }
            let v = self.search(&child, alpha, beta, ply + 1);
            if maximizing && v > best || !maximizing && v < best {
                best = v;
                best_move = Some(mv);
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta || self.stopped {
                break;
            }
        }
        self.buffers[ply] = moves;
        if !self.stopped {
            let bounds = (
                if best > alpha0 { best } else { low.max(-INF) },
                if best < beta0 { best } else { high.min(INF) },
            );
            let (mut lo, mut hi) = bounds;
            if let Some(e) = entry {
                lo = lo.max(e.low);
                hi = hi.min(e.high);
            }
            self.table.put(
                key,
                Entry {
                    low: lo,
                    high: hi.max(lo),
                    best: best_move,
                    work: entry.map_or(0, |e| e.work).saturating_add(
                        u32::try_from(self.nodes - nodes_before).unwrap_or(u32::MAX),
                    ),
                }
                .shifted(-banked),
            );
        }
        best
    }

    /// The legal moves, one per class of equivalent moves, best guesses first.
    fn ordered_moves(&self, state: &G, hint: Option<G::Move>, moves: &mut Vec<G::Move>) {
        state.legal_moves(moves);
        let mut kept = 0;
        for i in 0..moves.len() {
            let mv = moves[i];
            if !moves[..kept].iter().any(|&k| state.equivalent(k, mv)) {
                moves[kept] = mv;
                kept += 1;
            }
        }
        moves.truncate(kept);
        moves.sort_by_key(|&m| (Some(m) != hint, -state.order_hint(m)));
    }

    /// The exact value of `state` by null-window searches: first around `guess` (a sibling's
    /// value is often this one's too), then by bisection of the range still open.
    fn pin(&mut self, state: &G, guess: i32, researches: &mut u32) -> (i32, i32) {
        let (mut low, mut high) = state.value_bounds(self.side);
        let mut probes = [guess, guess + 1].into_iter();
        while low < high && !self.stopped {
            let beta = probes
                .by_ref()
                .find(|&b| low < b && b <= high)
                .unwrap_or((low + high + 1) / 2);
            let g = self.search(state, beta - 1, beta, 1);
            *researches += 1;
            if self.stopped {
                break;
            }
            if g < beta {
                high = g;
            } else {
                low = g;
            }
        }
        (low, high)
    }
}

/// Scores every legal move of `state` for the side of `seat` (by default the seat to move).
pub fn analyze<G: Searchable>(state: &G, seat: Option<Seat>, budget: Budget) -> Analysis<G::Move> {
    analyze_seeded(state, seat, budget, &[]).0
}

/// [`analyze`], starting from `seed`, the table entries of earlier solves of positions of
/// the same game and rules; also returns the table entries known after this solve (the seed
/// merged with what this one proved), the [`MAX_CARRIED_ENTRIES`] that took the most search. The values are
/// those of [`analyze`]: the seed only saves work.
pub fn analyze_seeded<G: Searchable>(
    state: &G,
    seat: Option<Seat>,
    budget: Budget,
    seed: &[CarriedEntry],
) -> (Analysis<G::Move>, Vec<CarriedEntry>) {
    let start = Instant::now();
    let seat = seat.or(state.to_move()).unwrap_or(0);
    let side = state.side(seat);
    let salt = side_salt(side);
    let mut table = Table::new();
    for e in seed {
        let entry = Entry {
            low: e.low,
            high: e.high,
            best: None,
            work: e.work,
        };
        table.put(e.key ^ salt, entry);
    }
    let mut searcher: Searcher<G> = Searcher {
        side,
        table,
        buffers: Vec::new(),
        nodes: 0,
        deadline: start + budget.time,
        node_limit: budget.nodes,
        stopped: false,
    };
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let mut scored: Vec<ScoredMove<G::Move>> = Vec::with_capacity(legal.len());
    let mut researches = 0;
    let mut guess = state.value_bounds(side).0;
    for &mv in &legal {
        if let Some(twin) = scored.iter().find(|s| state.equivalent(s.mv, mv)).cloned() {
            scored.push(ScoredMove { mv, ..twin });
            continue;
        }
        let mut child = state.clone();
        child.play_unchecked(mv);
        let (low, high) = searcher.pin(&child, guess, &mut researches);
        guess = low;
        scored.push(ScoredMove { mv, low, high });
    }
    let complete = !searcher.stopped;
    let best = scored.iter().max_by_key(|s| (s.low, s.high)).cloned();
    let value = scored
        .iter()
        .map(|s| s.low)
        .max()
        .unwrap_or_else(|| state.value(side));
    let principal_variation = searcher.principal_variation(state, best.as_ref());
    let mut carried: Vec<CarriedEntry> = searcher
        .table
        .entries()
        .map(|(key, e)| CarriedEntry {
            key: key ^ salt,
            low: e.low,
            high: e.high,
            work: e.work,
        })
        .collect();
    keep_most_searched(&mut carried, MAX_CARRIED_ENTRIES);
    let analysis = Analysis {
        seat,
        side,
        complete,
        moves: scored,
        best: best.map(|s| s.mv),
        value,
        principal_variation,
        nodes: searcher.nodes,
        researches,
        elapsed: start.elapsed(),
    };
    (analysis, carried)
}

impl<G: Searchable> Searcher<G> {
    /// The best move, then the table's best replies; where the table has none (an entry from
    /// the seed, or one of a position of the same shape with other cards), a reply that keeps
    /// the best move's exact value, found by a narrow search.
    fn principal_variation(
        &mut self,
        state: &G,
        first: Option<&ScoredMove<G::Move>>,
    ) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut at = state.clone();
        let value = first.filter(|s| s.is_exact()).map(|s| s.low);
        let mut next = first.map(|s| s.mv);
        let mut legal = Vec::new();
        while let Some(mv) = next {
            at.play_unchecked(mv);
            line.push(mv);
            if at.is_over() || line.len() > 200 {
                break;
            }
            at.legal_moves(&mut legal);
            next = self
                .table
                .get(at.table_key(self.side).0)
                .and_then(|e| e.best)
                .filter(|m| legal.contains(m));
            if next.is_none() {
                next = value.and_then(|v| self.reply_keeping(&at, v, line.len()));
            }
        }
        line
    }

    /// A move of `state` whose position has exactly `value`, if the budget allows finding one.
    fn reply_keeping(&mut self, state: &G, value: i32, ply: usize) -> Option<G::Move> {
        let mut moves = Vec::new();
        self.ordered_moves(state, None, &mut moves);
        moves.into_iter().find(|&mv| {
            let mut child = state.clone();
            child.play_unchecked(mv);
            let v = self.search(&child, value - 1, value + 1, ply + 1);
            !self.stopped && v == value
        })
    }
}

/// The plain minimax value (no pruning, no table) for `side`: the reference for tests.
pub fn minimax<G: Searchable>(state: &G, side: usize) -> i32 {
    let Some(mover) = state.to_move() else {
        return state.value(side);
    };
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let values = moves.iter().map(|&mv| {
        let mut child = state.clone();
        child.play_unchecked(mv);
        minimax(&child, side)
    });
    if state.side(mover) == side {
        values.max().expect("a legal move")
    } else {
        values.min().expect("a legal move")
    }
}
