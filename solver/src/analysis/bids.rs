//! The answer of bids, and the other choices before the play, valued by the play they lead to
//! ([`crate::play::bids`]): every candidate move with its mean value and score over the worlds
//! it was played out in.

use super::answer::{Answer, Perspective};
use super::view::{deals_json, estimated_move};
use super::{rounded, Analysable, Request};
use crate::heuristic::Decision;
use crate::hidden::Knowledge;
use crate::play::bids::{value_choices, BidBudget};
use crate::play::determinize::ViewSampler;
use serde_json::{json, Value};
use std::time::Duration;

/// The playouts (one move played out in one world) per answer: a quarter to half of the default
/// second on one core of the reference machine under load (4 to 9 microseconds each in
/// Huutopussi at a load of 2 to 5), so that the answer rarely depends on the clock.
pub(super) const PLAYOUTS: u64 = 50_000;

/// How the moves were valued, as the answer says, after what the candidates are.
const SEARCH: &str = "played in worlds dealt uniformly from what the seat saw, the rest of the hand (the auction, the exchange, the play) by the rule-based player at every seat; a move's score is the mean hand score of the seat's side, its value the mean of the exact search's value at the end of the hand, with 95% intervals over the worlds it was played in; the playouts are spent by successive halving (after each round the better half of the moves, by mean score, stays in), every move of a world played from the same world; the best move has the best mean score plus what the seat's own play after it gains over the rule-based player's where the game says (Muschik's joining: 0.3 countdown points, PIMC's play over the rule's)";

/// What the candidates of a decision are, as the answer says.
fn candidates_text(decision: Decision, every_move: bool) -> String {
    let what = decision.text();
    match (decision, every_move) {
        (Decision::Bid, true) => format!("{what} valued by the play it leads to: each legal move (every bid and the pass)"),
        (_, true) => format!("{what} valued by the play it leads to: each legal move"),
        (_, false) => format!("{what} valued by the play it leads to, among candidates that are not every legal move (all_moves_listed: false): the rule-based player's choice and every choice made from it by swapping one of its cards for another"),
    }
}

/// The answer for the view's seat deciding a bid or another valued choice, within `time`.
pub(super) fn bids_answer<G: Analysable>(
    state: &G,
    knowledge: &Knowledge,
    request: &Request,
    time: Duration,
) -> Value {
    let observer = knowledge.observer();
    let valued = state.valued().expect("a valued decision");
    let budget = BidBudget {
        playouts: PLAYOUTS,
        time,
        cancel: request.budget.cancel.clone(),
    };
    let deals = deals_json(knowledge);
    let mut worlds = ViewSampler::new(knowledge.clone());
    let estimate = value_choices(state, observer, &mut worlds, request.seed(), &budget);
    let moves = estimate.moves.iter();
    let moves = moves.map(|m| estimated_move(state, &m.estimate, m.worlds));
    let best = estimate
        .moves
        .iter()
        .find(|m| Some(m.estimate.mv) == estimate.best);
    let search = format!(
        "{}, {SEARCH}",
        candidates_text(valued.decision, valued.every_move)
    );
    let perspective = Perspective::of(state, observer, estimate.side);
    let stats = json!({
        "time_ms": estimate.elapsed.as_secs_f64() * 1e3,
        "worlds": estimate.worlds,
        "playouts": estimate.playouts,
        "consistent_deals": deals.0,
        "consistent_deals_exact": deals.1,
    });
    let answer = Answer::new(("bids", search), state, perspective);
    Answer {
        all_moves_listed: Some(valued.every_move),
        best_move: estimate.best.map(|m| state.move_text(m)),
        value: best.map(|m| rounded(m.estimate.mean)),
        score: best
            .and_then(|m| m.estimate.score)
            .map(|(mean, _)| rounded(mean)),
        reproducible: Some(!estimate.timed_out),
        moves: moves.collect(),
        stats,
        ..answer
    }
    .json()
}
