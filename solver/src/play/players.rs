//! The players beside random play: the game's heuristic, ISMCTS on the seat's view, and the
//! player that sees every card.

use super::bids::{value_choices, BidBudget};
use super::determinize::{TrueWorld, ViewSampler};
use super::ismcts::{Ismcts, Limit, Settings};
use super::rollout::{HeuristicRollout, Rollout};
use super::Player;
use crate::cancel::Cancel;
use crate::game::{Game, Seat};
use crate::heuristic::{Decision, Heuristic, Valued};
use crate::hidden::pimc::{pimc_with, PimcBudget, WorldSearch};
use crate::hidden::{Knowledge, Observable};
use crate::rng::Rng;
use crate::search::{self, Budget, Searchable};
use std::time::Duration;

/// The game's rule-based player.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicPlayer;

impl<G: Heuristic> Player<G> for HeuristicPlayer {
    fn name(&self) -> String {
        "heuristic".to_string()
    }

    fn choose(&mut self, _: &G, _: &[G::Move], state: &G, _: Seat, rng: &mut Rng) -> G::Move {
        state.heuristic_move(rng)
    }
}

/// ISMCTS on the seat's view (worlds from the hidden-information sampler), its arena kept
/// from move to move.
pub struct IsmctsPlayer<G: Game, R> {
    rollout: R,
    limit: Limit,
    search: Ismcts<G>,
}

impl<G: Game, R> IsmctsPlayer<G, R> {
    pub fn new(rollout: R, limit: Limit) -> Self {
        IsmctsPlayer {
            rollout,
            limit,
            search: Ismcts::default(),
        }
    }
}

impl<G: Observable, R: Rollout<G>> Player<G> for IsmctsPlayer<G, R> {
    fn name(&self) -> String {
        let rollout = std::any::type_name::<R>().rsplit("::").next().unwrap_or("");
        format!("ismcts({}, {rollout})", limit_text(self.limit))
    }

    fn choose(
        &mut self,
        start: &G,
        history: &[G::Move],
        state: &G,
        seat: Seat,
        rng: &mut Rng,
    ) -> G::Move {
        let mut worlds = ViewSampler::of_view(start, history, state, seat);
        let settings = Settings {
            bounds: state.payoff_bounds(),
            limit: self.limit,
        };
        let analysis =
            self.search
                .search(state, seat, &mut worlds, &mut self.rollout, settings, rng);
        analysis.best.expect("a position to move in has a move")
    }
}

/// PIMC on the seat's view: sampled worlds each solved exactly, the best mean. Before the play
/// (see [`before_play`]) it plays the game's heuristic, which bids better than ISMCTS at arena
/// budgets; in play too big to solve, and where fewer than half the worlds are solved within
/// [`WORLD_NODES`] each, ISMCTS on the view.
/// Each world is searched as `search` says, by default as [`WorldSearch::default_for`] does.
pub struct PimcPlayer<G: Game> {
    budget: PimcBudget,
    search: Option<WorldSearch>,
    fallback: IsmctsPlayer<G, HeuristicRollout>,
}

impl<G: Game> PimcPlayer<G> {
    /// `worlds` worlds per move, within `limit` when it is a time, each world searched by
    /// `search` (`None`: the game's default).
    pub fn new(worlds: usize, limit: Limit, search: Option<WorldSearch>) -> Self {
        let budget = PimcBudget {
            worlds,
            time: exact_time(limit),
            world_nodes: WORLD_NODES,
            cancel: Cancel::NEVER,
        };
        PimcPlayer {
            budget,
            search,
            fallback: IsmctsPlayer::new(HeuristicRollout, limit),
        }
    }
}

impl<G: Observable + Searchable + Heuristic> Player<G> for PimcPlayer<G> {
    fn name(&self) -> String {
        match self.search {
            Some(search) => format!("pimc({} worlds, {})", self.budget.worlds, search.name()),
            None => format!("pimc({} worlds)", self.budget.worlds),
        }
    }

    fn choose(
        &mut self,
        start: &G,
        history: &[G::Move],
        state: &G,
        seat: Seat,
        rng: &mut Rng,
    ) -> G::Move {
        if before_play(state, seat) {
            return state.heuristic_move(rng);
        }
        if state.exact_applies().is_err() {
            return self.fallback.choose(start, history, state, seat, rng);
        }
        let knowledge = Knowledge::from_deal(start, history, seat)
            .or_else(|_| Knowledge::from_snapshot(state, seat))
            .expect("the true position is consistent with what its seat sees");
        let search = self
            .search
            .unwrap_or_else(|| WorldSearch::default_for(state));
        let budget = self.budget.clone();
        let seed = rng.next_u64();
        let estimate = pimc_with(state, &knowledge, seed, budget, search, &|_, _, _| None);
        match estimate.best {
            Some(mv) if 2 * estimate.solved >= self.budget.worlds => mv,
            _ => self.fallback.choose(start, history, state, seat, rng),
        }
    }
}

/// Sees every card: the exact search of the true position where it applies, MCTS on the true
/// position in play too big to solve, and before the play the game's heuristic, as the PIMC
/// player: what it gains over PIMC is the price of hidden information in the play.
pub struct SeeingPlayer<G: Game> {
    limit: Limit,
    search: Ismcts<G>,
}

impl<G: Game> SeeingPlayer<G> {
    pub fn new(limit: Limit) -> Self {
        SeeingPlayer {
            limit,
            search: Ismcts::default(),
        }
    }
}

/// The exact search's time per move when the limit is a number of iterations.
const EXACT_TIME: Duration = Duration::from_secs(2);

/// The exact search's time per move under `limit`.
fn exact_time(limit: Limit) -> Duration {
    match limit {
        Limit::Time(t) | Limit::IterationsWithin(_, t) => t,
        Limit::Iterations(_) => EXACT_TIME,
    }
}

/// Whether `state` is in a phase decided before the play, where the exact search does not
/// apply; a game that estimates beyond the exact search (Mustamaija) is in its play, only too
/// big to solve.
fn before_play<G: Searchable>(state: &G, seat: Seat) -> bool {
    state.exact_applies().is_err() && state.estimate(state.side(seat)).is_none()
}

/// The nodes one PIMC world may take (a few tenths of a second): a world that needs more is
/// left out.
const WORLD_NODES: u64 = 1_000_000;

/// The nodes the seeing player's exact search may take per move; past them it plays the best
/// move found so far.
const SEEING_NODES: u64 = 10_000_000;

impl<G: Searchable + Heuristic> Player<G> for SeeingPlayer<G> {
    fn name(&self) -> String {
        format!("seeing({})", limit_text(self.limit))
    }

    fn choose(&mut self, _: &G, _: &[G::Move], state: &G, seat: Seat, rng: &mut Rng) -> G::Move {
        if state.exact_applies().is_ok() {
            let budget = Budget {
                time: exact_time(self.limit),
                nodes: SEEING_NODES,
                cancel: Cancel::NEVER,
            };
            let analysis = search::analyze(state, Some(seat), budget);
            return analysis.best.expect("a position to move in has a move");
        }
        if before_play(state, seat) {
            return state.heuristic_move(rng);
        }
        let settings = Settings {
            bounds: state.payoff_bounds(),
            limit: self.limit,
        };
        let analysis = self.search.search(
            state,
            seat,
            &mut TrueWorld,
            &mut HeuristicRollout,
            settings,
            rng,
        );
        analysis.best.expect("a position to move in has a move")
    }
}

/// A limit as a player's name shows it: `2000it` or `100ms`.
pub fn limit_text(limit: Limit) -> String {
    match limit {
        Limit::Iterations(n) => format!("{n}it"),
        Limit::Time(t) => format!("{}ms", t.as_millis()),
        Limit::IterationsWithin(n, t) => format!("{n}it/{}ms", t.as_millis()),
    }
}

/// The decisions a [`BidPlayer`] values by the play they lead to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Valuing {
    /// The bids of the auction only.
    Bids,
    /// Every decision the game values so ([`Heuristic::valued`]), the bids included.
    Choices,
    /// Every decision the game values so but the bids.
    ChoicesOnly,
    /// The decisions the analysis's `auto` values so ([`crate::heuristic::Valued::auto`]).
    Auto,
}

impl Valuing {
    fn name(self) -> &'static str {
        match self {
            Valuing::Bids => "bids",
            Valuing::Choices => "choices",
            Valuing::ChoicesOnly => "choices but bids",
            Valuing::Auto => "auto's choices",
        }
    }

    /// Whether `valued` is valued.
    fn values(self, valued: Valued) -> bool {
        match self {
            Valuing::Bids => valued.decision == Decision::Bid,
            Valuing::Choices => true,
            Valuing::ChoicesOnly => valued.decision != Decision::Bid,
            Valuing::Auto => valued.auto,
        }
    }
}

/// Bids and the other choices before the play valued by the play they lead to
/// ([`value_choices`]) where `valuing` says, and `rest` in every other decision.
pub struct BidPlayer<G: Game> {
    budget: BidBudget,
    valuing: Valuing,
    rest: Box<dyn Player<G>>,
}

impl<G: Game> BidPlayer<G> {
    /// `playouts` per valued decision within `time`, `rest` elsewhere.
    pub fn new(playouts: u64, time: Duration, valuing: Valuing, rest: Box<dyn Player<G>>) -> Self {
        let budget = BidBudget {
            playouts,
            time,
            cancel: Cancel::NEVER,
        };
        BidPlayer {
            budget,
            valuing,
            rest,
        }
    }
}

impl<G: Observable + Searchable + Heuristic> Player<G> for BidPlayer<G> {
    fn name(&self) -> String {
        format!(
            "{}({} playouts/{}ms), then {}",
            self.valuing.name(),
            self.budget.playouts,
            self.budget.time.as_millis(),
            self.rest.name()
        )
    }

    fn choose(
        &mut self,
        start: &G,
        history: &[G::Move],
        state: &G,
        seat: Seat,
        rng: &mut Rng,
    ) -> G::Move {
        if !state.valued().is_some_and(|v| self.valuing.values(v)) {
            return self.rest.choose(start, history, state, seat, rng);
        }
        let mut worlds = ViewSampler::of_view(start, history, state, seat);
        let seed = rng.next_u64();
        let estimate = value_choices(state, seat, &mut worlds, seed, &self.budget);
        estimate.best.expect("a position to move in has a move")
    }
}
