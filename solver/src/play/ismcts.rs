//! Single-observer information-set MCTS with availability counts (Cowling, Powley and
//! Whitehouse 2012), over any [`Game`] and every phase of it.
//!
//! The tree is one seat's: a node is the sequence of moves from the root, whatever the cards.
//! Each iteration draws a world consistent with the observer's view ([`Determinizer`]), walks
//! down the tree among the moves legal in that world, choosing by UCB where every legal move has
//! been tried (a move's exploration counts the iterations in which it was *available*, not its
//! parent's visits), adds one untried move, finishes the hand with a [`Rollout`] and credits
//! each node's mover with their own payoff, normalised to `0..=1` by the game's bounds.
//! The nodes live in one `Vec` and the moves in buffers reused from one iteration (and one
//! search) to the next, so an iteration allocates nothing once the buffers have grown.

use super::determinize::Determinizer;
use super::rollout::Rollout;
use crate::cancel::Cancel;
use crate::game::{mix, Game, Seat};
use crate::rng::Rng;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};

/// How long a search runs: a number of iterations (then the answer depends only on the
/// seed), a time, or a number of iterations unless the time runs out first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Iterations(u64),
    Time(Duration),
    IterationsWithin(u64, Duration),
}

/// What a search is told beside the position: the game's payoff bounds and its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The lowest and highest payoff a seat can get (see [`Game::payoff_bounds`]).
    pub bounds: (i32, i32),
    pub limit: Limit,
}

/// The UCB exploration constant for payoffs in `0..=1` (the paper's choice for card games).
pub const EXPLORATION: f64 = 0.7;

/// One root move: how often the search chose it and its mean payoff, in the game's unit, for
/// the seat to move at the root; with a [`ValueOf`], also the mean of that value.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats<M> {
    pub mv: M,
    pub visits: u32,
    pub value: f64,
    pub side_value: Option<f64>,
}

/// A second quantity averaged for the root's moves beside the payoff: its value for a seat at
/// the end of the hand (the exact search's value of the seat's side).
pub type ValueOf<G> = fn(&G, Seat) -> i32;

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct Analysis<M> {
    /// The seat whose view was searched.
    pub observer: Seat,
    /// Every root move the search tried, most visited first.
    pub moves: Vec<MoveStats<M>>,
    /// The most visited move (`None` when the hand is over).
    pub best: Option<M>,
    pub iterations: u64,
    pub elapsed: Duration,
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Node<M> {
    /// The move into this node (the root holds `None`).
    mv: Option<M>,
    /// The seat that made `mv`: rewards are theirs.
    mover: Seat,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    available: u32,
    reward: f64,
    /// The sum of the [`ValueOf`] at the end of the iterations through this node.
    side_value: f64,
}

/// A cheap hash for the child index: the words of a parent index and a move, mixed.
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0, u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = mix(self.0, word);
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_u8(&mut self, word: u8) {
        self.write_u64(u64::from(word));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A search's reusable memory: the node arena, the index of children by parent and move, and
/// the move buffers. A node's children are found through the index, so a node whose moves
/// differ from world to world (an opponent's hidden exchange) costs no more than its legal
/// moves in each world.
pub struct Ismcts<G: Game> {
    nodes: Vec<Node<G::Move>>,
    children: HashMap<(u32, G::Move), u32, BuildHasherDefault<WordHasher>>,
    path: Vec<u32>,
    legal: Vec<G::Move>,
    /// Per legal move of the node being walked, whether it has a child.
    tried: Vec<bool>,
    /// The children of the node being walked whose moves are legal in this world.
    available: Vec<u32>,
    rollout_moves: Vec<G::Move>,
    /// The second quantity averaged for the root's moves, if any.
    value_of: Option<ValueOf<G>>,
    /// Stops the search as its time running out does.
    cancel: Cancel,
}

impl<G: Game> Default for Ismcts<G> {
    fn default() -> Self {
        Ismcts {
            nodes: Vec::new(),
            children: HashMap::default(),
            path: Vec::new(),
            legal: Vec::new(),
            tried: Vec::new(),
            available: Vec::new(),
            rollout_moves: Vec::new(),
            value_of: None,
            cancel: Cancel::NEVER,
        }
    }
}

impl<G: Game> Ismcts<G> {
    /// Searches `root` as `observer` sees it.
    pub fn search(
        &mut self,
        root: &G,
        observer: Seat,
        worlds: &mut impl Determinizer<G>,
        rollout: &mut impl Rollout<G>,
        settings: Settings,
        rng: &mut Rng,
    ) -> Analysis<G::Move> {
        let Settings { bounds, limit } = settings;
        let start = Instant::now();
        self.nodes.clear();
        self.children.clear();
        self.nodes.push(Node {
            mv: None,
            mover: observer,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            reward: 0.0,
            side_value: 0.0,
        });
        let mut iterations = 0;
        if !root.is_over() {
            loop {
                let done = match limit {
                    Limit::Iterations(n) => iterations >= n,
                    Limit::Time(t) => iterations & 63 == 0 && start.elapsed() >= t,
                    Limit::IterationsWithin(n, t) => {
                        iterations >= n || (iterations & 63 == 0 && start.elapsed() >= t)
                    }
                } || (iterations & 63 == 0 && self.cancel.is_set());
                if done && iterations > 0 {
                    break;
                }
                let mut world = worlds.determinize(root, observer, rng);
                self.iterate(&mut world, bounds, rollout, rng);
                iterations += 1;
            }
        }
        self.analysis(root, observer, bounds, iterations, start.elapsed())
    }

    /// One iteration on one world: select, expand, roll out, back up.
    fn iterate(
        &mut self,
        world: &mut G,
        bounds: (i32, i32),
        rollout: &mut impl Rollout<G>,
        rng: &mut Rng,
    ) {
        self.path.clear();
        self.path.push(0);
        let mut at = 0;
        while let Some(mover) = world.to_move() {
            world.legal_moves(&mut self.legal);
            self.children_here(at);
            let untried = self.legal.len() - self.available.len();
            if untried > 0 {
                let k = rng.below(untried);
                let i = (0..self.legal.len()).filter(|&i| !self.tried[i]).nth(k);
                let mv = self.legal[i.expect("an untried move")];
                at = self.add_child(at, mv, mover);
                self.path.push(at);
                world.play_unchecked(mv);
                break;
            }
            at = self.select();
            self.path.push(at);
            world.play_unchecked(self.nodes[at as usize].mv.expect("a child holds a move"));
        }
        rollout.finish(world, &mut self.rollout_moves, rng);
        let payoff = world.payoff();
        let (low, high) = bounds;
        let span = f64::from(high - low).max(1.0);
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            node.reward += f64::from(payoff[node.mover] - low) / span;
        }
        if let (Some(value_of), Some(&child)) = (self.value_of, self.path.get(1)) {
            let observer = self.nodes[0].mover;
            self.nodes[child as usize].side_value += f64::from(value_of(world, observer));
        }
    }

    /// Marks in `tried` the legal moves that have a child of `at` and lists those children in
    /// `available`.
    fn children_here(&mut self, at: u32) {
        self.tried.clear();
        self.available.clear();
        for &mv in &self.legal {
            let child = self.children.get(&(at, mv)).copied();
            self.tried.push(child.is_some());
            self.available.extend(child);
        }
    }

    /// The available child with the best UCB score; each available child was available once
    /// more.
    fn select(&mut self) -> u32 {
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        for &c in &self.available {
            let node = &mut self.nodes[c as usize];
            node.available += 1;
            let visits = f64::from(node.visits);
            let score = node.reward / visits
                + EXPLORATION * (f64::from(node.available).ln() / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    fn add_child(&mut self, at: u32, mv: G::Move, mover: Seat) -> u32 {
        let index = self.nodes.len() as u32;
        let parent = &mut self.nodes[at as usize];
        let next_sibling = parent.first_child;
        parent.first_child = index;
        self.children.insert((at, mv), index);
        self.nodes.push(Node {
            mv: Some(mv),
            mover,
            first_child: NONE,
            next_sibling,
            visits: 0,
            available: 1,
            reward: 0.0,
            side_value: 0.0,
        });
        index
    }

    fn analysis(
        &self,
        root: &G,
        observer: Seat,
        bounds: (i32, i32),
        iterations: u64,
        elapsed: Duration,
    ) -> Analysis<G::Move> {
        let (low, high) = bounds;
        let span = f64::from(high - low).max(1.0);
        let mut moves = Vec::new();
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let node = &self.nodes[c as usize];
            if let Some(mv) = node.mv {
                let visits = f64::from(node.visits);
                let mean = node.reward / visits;
                moves.push(MoveStats {
                    mv,
                    visits: node.visits,
                    value: f64::from(low) + mean * span,
                    side_value: self.value_of.map(|_| node.side_value / visits),
                });
            }
            c = node.next_sibling;
        }
        let mut legal = Vec::new();
        root.legal_moves(&mut legal);
        let order = |mv: &G::Move| legal.iter().position(|m| m == mv);
        moves.sort_by(|a, b| {
            (b.visits, b.value)
                .partial_cmp(&(a.visits, a.value))
                .unwrap_or(std::cmp::Ordering::Equal)
                .then_with(|| order(&a.mv).cmp(&order(&b.mv)))
        });
        Analysis {
            observer,
            best: moves.first().map(|m| m.mv),
            moves,
            iterations,
            elapsed,
        }
    }
}

/// Searches `state` as `observer` sees it, from a fresh arena, seeded by `seed`, until its
/// limit or `cancel`; with `value_of`, each root move's mean of it too
/// ([`MoveStats::side_value`]).
pub fn analyze<G: Game>(
    state: &G,
    observer: Seat,
    worlds: &mut impl Determinizer<G>,
    rollout: &mut impl Rollout<G>,
    (limit, seed): (Limit, u64),
    value_of: Option<ValueOf<G>>,
    cancel: &Cancel,
) -> Analysis<G::Move> {
    let mut rng = Rng::seeded(seed);
    let settings = Settings {
        bounds: state.payoff_bounds(),
        limit,
    };
    let mut search = Ismcts {
        value_of,
        cancel: cancel.clone(),
        ..Ismcts::default()
    };
    search.search(state, observer, worlds, rollout, settings, &mut rng)
}
