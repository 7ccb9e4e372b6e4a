//! Analysis of a complete position: the exact search's value of every legal move; beyond its
//! reach a depth-limited estimate (Mustamaija with the play still able to cycle) or, for `auto`
//! and `ismcts`, ISMCTS on the one true world (phases decided before the cards are known).

use super::answer::{Answer, MoveValue, Perspective};
use super::ismcts::ismcts_answer;
use super::{label_sampled, misplaced_fields, rounded, Analysable, Method, Request};
use crate::api::{move_texts, ApiError, ApiResult};
use crate::play::determinize::TrueWorld;
use crate::problems::Problems;
use crate::search::{
    analyze, analyze_seeded as search, estimate, Analysis, Budget, Carried, Estimate, ScoredMove,
    Searchable, MILLI,
};
use serde_json::{json, Value};

/// The most nodes a depth-limited estimate spends, whatever the budget allows: about a tenth of
/// a second.
const MAX_ESTIMATE_NODES: u64 = 1_000_000;

/// The exact analysis of `state`; where `carried` (the deal's table entries from earlier
/// solves) is given, seeded with it, and the entries known after the solve handed on.
pub(super) fn analyze_complete<G: Analysable>(
    state: &G,
    request: &Request,
    carried: Option<&Carried>,
) -> Result<(Value, Carried), ApiError> {
    let mut problems = Problems::default();
    if matches!(request.method, Method::Pimc | Method::Bids) {
        let name = request.method.name();
        problems.push("method", format!("'{name}' samples the hidden cards of a view (a position with 'view' set); a complete position is analysed by 'exact', 'ismcts' or 'auto'"));
    }
    misplaced_fields(request, request.method, &mut problems);
    if !problems.is_empty() {
        return Err(problems.into());
    }
    if state.is_over() {
        return Err(
            Problems::single("position", "the hand is over: there is no move to analyse").into(),
        );
    }
    let budget = request.budget.exact();
    let perspective = request.perspective;
    let beyond_exact = state.exact_applies().err();
    if request.method == Method::Ismcts {
        return Ok((
            true_world_ismcts(state, request, "asked".into())?,
            Carried::default(),
        ));
    }
    if let Some(why) = beyond_exact {
        let capped = Budget {
            nodes: budget.nodes.min(MAX_ESTIMATE_NODES),
            ..budget
        };
        return match (estimate(state, perspective, capped), request.method) {
            (Some(found), _) => Ok((estimate_answer(state, &found, &why), Carried::default())),
            (None, Method::Auto) => {
                Ok((true_world_ismcts(state, request, why)?, Carried::default()))
            }
            (None, _) => Err(Problems::single("position", why).into()),
        };
    }
    let (analysis, carried) = match carried {
        Some(seed) => search(state, perspective, budget, seed),
        None => (analyze(state, perspective, budget), Carried::default()),
    };
    Ok((exact_answer(state, &analysis), carried))
}

/// The exact search's answer: every move's value where it is proven, else `null` with its
/// bounds; the root's value, or where the budget left it open its interval, and whether the
/// best move (the one with the best proven bound) is proven best.
fn exact_answer<G: Analysable>(state: &G, analysis: &Analysis<G::Move>) -> Value {
    let moves = analysis.moves.iter().map(|m| {
        let value = m.is_exact().then_some(m.low);
        let score = value.and_then(|v| score(state, analysis.side, v));
        MoveValue {
            low: Some(m.low),
            high: Some(m.high),
            certainty: if m.is_exact() { "exact" } else { "bound" },
            ..MoveValue::estimate(state.move_text(m.mv), value, score)
        }
    });
    let ours = state
        .to_move()
        .is_none_or(|m| state.side(m) == analysis.side);
    let (low, high) = root_interval(&analysis.moves, ours);
    let search = format!("alpha-beta, {}", sides_text(state));
    let perspective = Perspective::of(state, analysis.seat, analysis.side);
    let stats = json!({
        "nodes": analysis.nodes,
        "researches": analysis.researches,
        "time_ms": analysis.elapsed.as_secs_f64() * 1e3,
    });
    let answer = Answer::new(("exact", search), state, perspective);
    Answer {
        best_move: analysis.best.map(|m| state.move_text(m)),
        best_move_proven: Some(best_is_proven(analysis, ours)),
        value: (low == high).then_some(analysis.value),
        score: (low == high)
            .then(|| score(state, analysis.side, low))
            .flatten(),
        value_low: Some(low),
        value_high: Some(high),
        exact: analysis.complete,
        principal_variation: move_texts(state, &analysis.principal_variation),
        engine_version: Some(crate::ENGINE_VERSION),
        moves: moves.collect(),
        stats,
        ..answer
    }
    .json()
}

/// The hand's score for `side` if it ends with `value` ([`crate::game::Game::score_of_value`]).
fn score<G: Analysable>(state: &G, side: usize, value: i32) -> Option<f64> {
    state.score_of_value(side, f64::from(value))
}

/// The root's value as far as the moves' bounds prove it, in the perspective's terms: the
/// mover takes the best of its moves (`ours`: the mover is on the perspective's side), so the
/// root lies between the best of the lower ends and the best of the upper ends.
fn root_interval<M>(moves: &[ScoredMove<M>], ours: bool) -> (i32, i32) {
    let pick = |values: Vec<i32>| {
        let chosen = if ours {
            values.iter().max()
        } else {
            values.iter().min()
        };
        chosen.copied().unwrap_or(0)
    };
    (
        pick(moves.iter().map(|m| m.low).collect()),
        pick(moves.iter().map(|m| m.high).collect()),
    )
}

/// Whether the bounds prove the best move no worse for the mover than every other move.
fn best_is_proven<M: PartialEq + Copy>(analysis: &Analysis<M>, ours: bool) -> bool {
    let Some(best) = analysis.moves.iter().find(|m| Some(m.mv) == analysis.best) else {
        return analysis.complete;
    };
    analysis.moves.iter().all(|m| {
        if ours {
            best.low >= m.high || m.mv == best.mv
        } else {
            best.high <= m.low || m.mv == best.mv
        }
    })
}

/// ISMCTS on the true position, for the seat to act (or its perspective's seat, which must act
/// for its side: ISMCTS scores the mover's own moves).
fn true_world_ismcts<G: Analysable>(state: &G, request: &Request, why: String) -> ApiResult {
    let to_move = state.to_move().expect("a hand going on");
    let seat = state.decider(to_move);
    if request.perspective.is_some_and(|p| p != seat) {
        return Err(Problems::single(
            "perspective",
            format!("ISMCTS scores the moves for the seat that decides them, seat {seat}"),
        )
        .into());
    }
    let mut answer = ismcts_answer(state, seat, &mut TrueWorld, request);
    label_sampled(&mut answer, request, why);
    Ok(answer)
}

/// How the search treats the seats: fixed sides zero-sum, or paranoid.
pub(super) fn sides_text<G: Searchable>(state: &G) -> &'static str {
    if state.zero_sum_sides() {
        "zero-sum between the sides"
    } else {
        "paranoid: every other seat plays against the mover"
    }
}

/// The answer for a position beyond the exact search's reach: every move's value estimated by
/// a depth-limited search ([`crate::search::estimate`]), in the game's unit, marked `estimate`.
fn estimate_answer<G: Analysable>(
    state: &G,
    found: &Estimate<G::Move>,
    beyond_exact: &str,
) -> Value {
    let unit = |v: i32| rounded(f64::from(v) / f64::from(MILLI));
    let score = |v: i32| state.score_of_value(found.side, unit(v)).map(rounded);
    let moves = found.moves.iter().map(|&(mv, v)| {
        let text = state.move_text(mv);
        MoveValue::<f64>::estimate(text, unit(v), score(v))
    });
    let search = format!(
        "depth-limited alpha-beta, {}, {} plies deep, evaluated at the horizon: every value is an estimate",
        sides_text(state),
        found.depth + 1
    );
    let perspective = Perspective::of(state, found.seat, found.side);
    let stats = json!({
        "nodes": found.nodes,
        "researches": 0,
        "time_ms": found.elapsed.as_secs_f64() * 1e3,
    });
    let answer = Answer::new(("exact", search), state, perspective);
    let best = found.best.map(|m| state.move_text(m));
    Answer {
        why_estimate: Some(beyond_exact.to_string()),
        best_move: best.clone(),
        value: unit(found.value),
        score: score(found.value),
        principal_variation: best.into_iter().collect(),
        engine_version: Some(crate::ENGINE_VERSION),
        moves: moves.collect(),
        stats,
        ..answer
    }
    .json()
}
