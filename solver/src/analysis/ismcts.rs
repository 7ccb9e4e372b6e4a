//! ISMCTS's answer: every legal move with its mean payoff and visits, for views (worlds drawn
//! from what the seat saw) and for complete positions in the phases the exact search leaves
//! (the one true world).

use super::answer::{Answer, MoveValue, Perspective};
use super::view::DEFAULT_TIME;
use super::{rounded, Analysable, Request, RolloutKind};
use crate::game::Seat;
use crate::play::determinize::Determinizer;
use crate::play::ismcts::{self, Limit, ValueOf};
use crate::play::rollout::{HeuristicRollout, RandomRollout};
use serde_json::{json, Value};

/// ISMCTS's iterations when the request names none.
const DEFAULT_ITERATIONS: u64 = 40_000;

/// ISMCTS's answer for `observer` (the seat to act, or in bridge the declarer for dummy), its
/// worlds drawn by `worlds`.
pub(super) fn ismcts_answer<G: Analysable>(
    state: &G,
    observer: Seat,
    worlds: &mut impl Determinizer<G>,
    request: &Request,
) -> Value {
    let iterations = request.budget.iterations.unwrap_or(DEFAULT_ITERATIONS);
    let limit = Limit::IterationsWithin(iterations, request.budget.time_or(DEFAULT_TIME));
    let rollout = request.rollout.unwrap_or(RolloutKind::Heuristic);
    let run = (limit, request.seed());
    let side_value: ValueOf<G> = |world, seat| world.value(world.side(seat));
    let analysis = match rollout {
        RolloutKind::Random => ismcts::analyze(
            state,
            observer,
            worlds,
            &mut RandomRollout,
            run,
            Some(side_value),
            &request.budget.cancel,
        ),
        RolloutKind::Heuristic => ismcts::analyze(
            state,
            observer,
            worlds,
            &mut HeuristicRollout,
            run,
            Some(side_value),
            &request.budget.cancel,
        ),
    };
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let moves = legal.iter().map(|&mv| {
        let stats = analysis.moves.iter().find(|m| m.mv == mv);
        let value = stats.and_then(|m| m.side_value).map(rounded);
        let score = stats.map(|m| rounded(m.value));
        let visits = Some(stats.map_or(0, |m| m.visits));
        MoveValue::<_, f64> {
            visits,
            ..MoveValue::estimate(state.move_text(mv), value, score)
        }
    });
    let best = analysis.moves.first();
    let rollout_name = rollout.name();
    let search = format!("single-observer ISMCTS with availability counts, one world per iteration, {rollout_name} rollouts; a move's value is the mean of the exact search's value at the end of the hand, its score the mean payoff (the hand's score), which the search maximises; the best move the most visited");
    let perspective = Perspective::of(state, observer, state.side(observer));
    let stats = json!({
        "iterations": analysis.iterations,
        "time_ms": analysis.elapsed.as_secs_f64() * 1e3,
    });
    let answer = Answer::new(("ismcts", search), state, perspective);
    Answer {
        all_moves_listed: Some(state.compact_legal_moves().is_none()),
        best_move: analysis.best.map(|m| state.move_text(m)),
        value: best.and_then(|m| m.side_value).map(rounded),
        score: best.map(|m| rounded(m.value)),
        reproducible: Some(analysis.iterations == iterations),
        rollout: Some(rollout_name),
        moves: moves.collect(),
        stats,
        ..answer
    }
    .json()
}
