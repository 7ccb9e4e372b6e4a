//! The players that search: ISMCTS on the seat's view, and the player that sees every card.

use super::determinize::{Determinizer, TrueWorld};
use super::ismcts::{Ismcts, Limit, Settings};
use super::rollout::RandomRollout;
use super::Player;
use crate::api::Rules;
use crate::game::{Game, Seat};
use crate::rng::Rng;
use crate::search::{self, Budget, Searchable};
use std::time::Duration;

/// The worlds of one seat's view, from the hand's start and the moves since.
pub trait ViewWorlds<G: Game> {
    type Worlds: Determinizer<G>;

    fn worlds(&self, start: &G, history: &[G::Move], state: &G, seat: Seat) -> Self::Worlds;
}

/// ISMCTS on the seat's view with random rollouts, its arena kept from move to move.
pub struct IsmctsPlayer<G: Game, V> {
    views: V,
    limit: Limit,
    search: Ismcts<G>,
}

impl<G: Game, V> IsmctsPlayer<G, V> {
    pub fn new(views: V, limit: Limit) -> Self {
        IsmctsPlayer {
            views,
            limit,
            search: Ismcts::default(),
        }
    }
}

impl<G: Rules, V: ViewWorlds<G>> Player<G> for IsmctsPlayer<G, V> {
    fn name(&self) -> String {
        format!("ismcts({})", limit_text(self.limit))
    }

    fn choose(
        &mut self,
        start: &G,
        history: &[G::Move],
        state: &G,
        seat: Seat,
        rng: &mut Rng,
    ) -> G::Move {
        let mut worlds = self.views.worlds(start, history, state, seat);
        let settings = Settings {
            bounds: state.payoff_bounds(),
            limit: self.limit,
        };
        let analysis =
            self.search
                .search(state, seat, &mut worlds, &mut RandomRollout, settings, rng);
        analysis.best.expect("a position to move in has a move")
    }
}

/// Sees every card: the exact search of the true position where it applies, otherwise MCTS on
/// the true position (the phases decided before the cards are known to all). What it gains
/// over a player of the same search on its view is the price of hidden information.
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
const EXACT_TIME: Duration = Duration::from_secs(10);

impl<G: Rules + Searchable> Player<G> for SeeingPlayer<G> {
    fn name(&self) -> String {
        format!("seeing({})", limit_text(self.limit))
    }

    fn choose(&mut self, _: &G, _: &[G::Move], state: &G, seat: Seat, rng: &mut Rng) -> G::Move {
        if state.exact_applies().is_ok() {
            let time = match self.limit {
                Limit::Time(t) => t,
                Limit::Iterations(_) => EXACT_TIME,
            };
            let budget = Budget {
                time,
                ..Budget::default()
            };
            let analysis = search::analyze(state, Some(seat), budget);
            return analysis.best.expect("a position to move in has a move");
        }
        let settings = Settings {
            bounds: state.payoff_bounds(),
            limit: self.limit,
        };
        let analysis = self.search.search(
            state,
            seat,
            &mut TrueWorld,
            &mut RandomRollout,
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
    }
}
