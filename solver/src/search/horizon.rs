//! A depth-limited search with an evaluation, for complete positions beyond the exact search's
//! reach (Mustamaija before its endgame, where the play is long and can cycle).
//!
//! Iterative deepening of alpha-beta between the asking seat's side and the rest (paranoid when
//! seats score for themselves, as in [`super::analyze`]), every root move searched with the full
//! window so each gets its own value. Leaves past the horizon take the game's
//! [`Searchable::estimate`]; finished hands their true value. Values are in thousandths of the
//! game's value unit and are estimates: the answer marks them so. Each depth completes before
//! the next starts, and the answer is that of the deepest completed one; depths go on while the
//! nodes spent stay under the budget, so the answer depends only on the position and the budget
//! unless the time limit cuts a depth short.

use super::{take_child_value, Budget, Searchable};
use crate::cancel::Deadline;
use crate::game::Seat;
use std::time::{Duration, Instant};

/// One thousandth of the value unit: the scale of estimates.
pub const MILLI: i32 = 1000;

/// The outcome of [`estimate`]: per root move its estimated value (thousandths), best first
/// only in `best`; the moves keep the legal-move order.
#[derive(Clone, Debug)]
pub struct Estimate<M> {
    pub seat: Seat,
    pub side: usize,
    pub moves: Vec<(M, i32)>,
    pub best: Option<M>,
    pub value: i32,
    /// Plies searched below each root move.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

struct Horizon {
    side: usize,
    nodes: u64,
    node_limit: u64,
    deadline: Deadline,
    stopped: bool,
}

impl Horizon {
    fn out_of_budget(&mut self) -> bool {
        if !self.stopped
            && (self.nodes >= self.node_limit || (self.nodes & 255 == 0 && self.deadline.passed()))
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn search<G: Searchable>(
        &mut self,
        state: &G,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        buffers: &mut [Vec<G::Move>],
    ) -> i32 {
        self.nodes += 1;
        let Some(mover) = state.to_move() else {
            return state.value(self.side) * MILLI;
        };
        if depth == 0 || self.out_of_budget() {
            return state.estimate(self.side).unwrap_or(0);
        }
        let (here, deeper) = buffers.split_first_mut().expect("a buffer per ply");
        state.legal_moves(here);
        here.sort_by_key(|&m| -state.order_hint(m));
        let maximizing = state.side(mover) == self.side;
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        for &mv in here.iter() {
            let mut child = state.clone();
            child.play_unchecked(mv);
            let v = self.search(&child, depth - 1, alpha, beta, deeper);
            take_child_value(maximizing, v, &mut best, (&mut alpha, &mut beta));
            if alpha >= beta || self.stopped {
                break;
            }
        }
        best
    }
}

/// Estimates every legal move of `state` for the side of `seat` (by default the seat to move);
/// `None` when the game has no evaluation or no move is to be made.
pub fn estimate<G: Searchable>(
    state: &G,
    seat: Option<Seat>,
    budget: Budget,
) -> Option<Estimate<G::Move>> {
    let start = Instant::now();
    let seat = seat.or(state.to_move())?;
    let side = state.side(seat);
    state.estimate(side)?;
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let mut horizon = Horizon {
        side,
        nodes: 0,
        node_limit: budget.nodes,
        deadline: Deadline::of(start, &budget),
        stopped: false,
    };
    let mut buffers: Vec<Vec<G::Move>> = Vec::new();
    let mut done: Option<(u32, Scored<G::Move>)> = None;
    for depth in 0..MAX_DEPTH {
        if buffers.len() < depth as usize {
            buffers.push(Vec::new());
        }
        let mut scored = Vec::with_capacity(legal.len());
        for &mv in &legal {
            let mut child = state.clone();
            child.play_unchecked(mv);
            scored.push((
                mv,
                horizon.search(&child, depth, i32::MIN, i32::MAX, &mut buffers),
            ));
        }
        // Depth 0 never stops; a deeper one cut short leaves the one before as the answer.
        if horizon.stopped {
            break;
        }
        done = Some((depth, scored));
        if horizon.nodes.saturating_mul(DEEPENING_GROWTH) > budget.nodes {
            break;
        }
    }
    let (depth, moves) = done?;
    let ours = state.side(state.to_move()?) == side;
    let best = if ours {
        moves.iter().max_by_key(|(_, v)| *v)
    } else {
        moves.iter().min_by_key(|(_, v)| *v)
    }
    .copied();
    Some(Estimate {
        seat,
        side,
        best: best.map(|(mv, _)| mv),
        value: best.map_or(0, |(_, v)| v),
        moves,
        depth,
        nodes: horizon.nodes,
        elapsed: start.elapsed(),
    })
}

/// Root moves with their values.
type Scored<M> = Vec<(M, i32)>;

/// Deeper than this the horizon never goes (long before, the budget ends it).
const MAX_DEPTH: u32 = 64;

/// The next depth is started only if it would likely fit: each costs about this many times
/// the ones before.
const DEEPENING_GROWTH: u64 = 6;
