//! Analysis of one seat's view: PIMC (worlds dealt from what the seat saw, each solved by the
//! exact search) where the exact search applies, ISMCTS in every phase, and `auto`'s choice.
//!
//! `auto` values a bid of an auction (and the choices before the play that duplicate matches
//! showed it chooses better, [`crate::heuristic::Valued::auto`]) by the play it leads to
//! ([`super::bids`]). Elsewhere it
//! takes PIMC when the exact search applies to the phase and the first sampled worlds are
//! solved within the nodes that leave room for the worlds asked in the time asked; otherwise
//! ISMCTS. It decides on node counts, never on the clock, so one request gets one choice.

use super::answer::{Answer, MoveValue, Perspective};
use super::bids::bids_answer;
use super::ismcts::ismcts_answer;
use super::{label_sampled, misplaced_fields, rounded, Analysable, Method, Request};
use crate::api::{acting_seat, ApiResult, Position};
use crate::heuristic::Decision;
use crate::hidden::pimc::{pimc, world_rng, MoveEstimate, PimcBudget, WorldSearch};
use crate::hidden::{sample, Knowledge};
use crate::play::determinize::ViewSampler;
use crate::problems::Problems;
use crate::search::Budget;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The time a view's analysis takes when the request names none.
pub(super) const DEFAULT_TIME: Duration = Duration::from_millis(1000);

/// PIMC's worlds when the request names none: intervals of a few points.
const DEFAULT_WORLDS: usize = 200;

/// Each PIMC world's node budget when the request names none, so that one hard world cannot
/// hold the others up.
const DEFAULT_WORLD_NODES: u64 = 2_000_000;

/// The exact search's nodes per millisecond on the two cores that `auto` plans for: PIMC solved
/// about 6,600 per ms on the reference machine's two cores (`python -m service.bench_views`
/// prints its choices and times).
const AUTO_NODES_PER_MS: u64 = 6_000;

/// The worlds `auto` solves to judge PIMC's cost (the worlds PIMC then solves first): their
/// mean must fit one world's share of the time.
const AUTO_PROBES: u64 = 4;

pub(super) fn analyze_view<G: Analysable>(position: &Position<G>, request: &Request) -> ApiResult {
    let start = Instant::now();
    let state = &position.state;
    let observer = position.view.expect("a view");
    let mut problems = Problems::default();
    if request.method == Method::Exact {
        problems.push("method", "a view hides cards; 'exact' needs a complete position: use 'pimc', 'ismcts' or 'auto' for a view");
    }
    misplaced_fields(request, request.method, &mut problems);
    if request.perspective.is_some_and(|p| p != observer) {
        problems.push(
            "perspective",
            format!("a view is analysed for its own seat {observer}"),
        );
    }
    if !problems.is_empty() {
        return Err(problems.into());
    }
    if state.is_over() {
        return Err(
            Problems::single("position", "the hand is over: there is no move to analyse").into(),
        );
    }
    acting_seat(position)?;
    let knowledge = Knowledge::of_position(position)
        .expect("a view")
        .map_err(|why| Problems::single("position", why))?;
    let pimc_budget = PimcBudget {
        worlds: request.budget.worlds.unwrap_or(DEFAULT_WORLDS),
        time: request.budget.time_or(DEFAULT_TIME),
        world_nodes: request.budget.nodes.unwrap_or(DEFAULT_WORLD_NODES),
        cancel: request.budget.cancel.clone(),
    };
    let (method, why) = chosen_method(state, &knowledge, request, &pimc_budget)?;
    if method == Method::Bids {
        let time = pimc_budget.time.saturating_sub(start.elapsed());
        let mut answer = bids_answer(state, &knowledge, request, time);
        label_sampled(&mut answer, request, why);
        return Ok(answer);
    }
    let left = |start: Instant| {
        let left = request
            .budget
            .time_or(DEFAULT_TIME)
            .saturating_sub(start.elapsed());
        left.max(Duration::from_millis(1))
    };
    let pimc_answered = match method {
        Method::Pimc => {
            let budget = PimcBudget {
                time: left(start),
                ..pimc_budget
            };
            Some(pimc_answer(state, &knowledge, request.seed(), budget))
        }
        _ => None,
    };
    let (pimc_answer, unsolved) = match pimc_answered {
        Some(Ok(answer)) => (Some(answer), None),
        Some(Err(unsolved)) => (None, Some(unsolved)),
        None => (None, None),
    };
    let mut answer = match pimc_answer {
        Some(answer) => answer,
        _ => {
            let observer = knowledge.observer();
            let deals = deals_json(&knowledge);
            let mut rest = request.clone();
            rest.budget.deadline = Some(left(start));
            let mut answer =
                ismcts_answer(state, observer, &mut ViewSampler::new(knowledge), &rest);
            answer["stats"]["consistent_deals"] = deals.0;
            answer["stats"]["consistent_deals_exact"] = deals.1;
            answer
        }
    };
    let why = match unsolved {
        Some(unsolved) => format!("{why}, but {unsolved}: ISMCTS"),
        None => why,
    };
    label_sampled(&mut answer, request, why);
    Ok(answer)
}

/// The method that answers a view, and why: the one asked where it applies, else `auto`'s.
fn chosen_method<G: Analysable>(
    state: &G,
    knowledge: &Knowledge,
    request: &Request,
    pimc_budget: &PimcBudget,
) -> Result<(Method, String), Problems> {
    let asked = || Ok((request.method, "asked".to_string()));
    match request.method {
        Method::Pimc => match state.exact_applies() {
            Ok(()) => asked(),
            Err(why) => Err(Problems::single("method", format!("PIMC solves each sampled world with the exact search, which does not apply here ({why}); use 'ismcts' or 'auto'"))),
        },
        Method::Bids if state.valued().is_some() => asked(),
        Method::Bids => Err(Problems::single("method", format!("'bids' values the bids of an auction and the choices before the play, and this is the '{}' phase; use 'pimc', 'ismcts' or 'auto'", state.phase()))),
        Method::Auto => match state.valued() {
            Some(valued) if valued.auto => Ok((Method::Bids, auto_bids_why(valued.decision))),
            _ => Ok(auto_method(state, knowledge, request.seed(), pimc_budget)),
        },
        _ => Ok((Method::Ismcts, "asked".to_string())),
    }
}

/// Why `auto` values a decision by the play it leads to.
fn auto_bids_why(decision: Decision) -> String {
    let what = decision.text();
    match decision {
        Decision::Bid => format!("{what}: each bid and the pass valued by the rule-based play of the rest of the hand in worlds dealt from what the seat saw, which bids better than the rule-based bidder in duplicate matches, where ISMCTS bids worse"),
        _ => format!("{what}: the candidates valued by the rule-based play of the rest of the hand in worlds dealt from what the seat saw, which chooses better than the rule-based player in duplicate matches"),
    }
}

/// `auto`'s method and why: ISMCTS where the exact search does not apply or where the first
/// sampled worlds need more nodes than the worlds asked can each have in the time asked.
fn auto_method<G: Analysable>(
    state: &G,
    knowledge: &Knowledge,
    seed: u64,
    budget: &PimcBudget,
) -> (Method, String) {
    if let Err(why) = state.exact_applies() {
        return (
            Method::Ismcts,
            format!("the exact search, and so PIMC, does not apply here ({why})"),
        );
    }
    let per_world = (budget.time.as_millis() as u64 * AUTO_NODES_PER_MS
        / budget.worlds.max(1) as u64)
        .min(budget.world_nodes);
    let observer = knowledge.observer();
    let allowance =
        (per_world * AUTO_PROBES).min(budget.time.as_millis() as u64 * AUTO_NODES_PER_MS);
    let mut nodes = 0;
    for i in 0..AUTO_PROBES {
        let world = sample(state, observer, knowledge, &mut world_rng(seed, i));
        let probe = Budget {
            nodes: allowance - nodes,
            time: budget.time,
            cancel: budget.cancel.clone(),
        };
        let solved = WorldSearch::default_for(state).analyze(&world, observer, probe);
        nodes += solved.nodes;
        if !solved.complete || nodes > allowance {
            return (Method::Ismcts, format!("the first {AUTO_PROBES} sampled worlds need more than the {allowance} nodes that they may take for {} worlds to fit the time asked", budget.worlds));
        }
    }
    (Method::Pimc, format!("the first {AUTO_PROBES} sampled worlds were solved in {nodes} nodes, within the {allowance} that they may take for {} worlds to fit the time asked", budget.worlds))
}

/// PIMC's answer, or why it has none: no sampled world was solved within the budget.
fn pimc_answer<G: Analysable>(
    state: &G,
    knowledge: &Knowledge,
    seed: u64,
    budget: PimcBudget,
) -> Result<Value, String> {
    let score = |world: &G, side: usize, value: i32| world.score_of_value(side, f64::from(value));
    let estimate = pimc(state, knowledge, seed, budget, &score);
    if estimate.solved == 0 {
        return Err(format!(
            "no sampled world was solved within the budget ({} worlds left unfinished by the node budget per world)",
            estimate.unfinished
        ));
    }
    let moves = estimate.moves.iter();
    let moves = moves.map(|m| estimated_move(state, m, estimate.solved));
    let best = estimate.moves.iter().find(|m| Some(m.mv) == estimate.best);
    let observer = knowledge.observer();
    let search = match estimate.search {
        WorldSearch::Exact => "PIMC: worlds dealt uniformly from what the seat saw, each solved by the exact search; mean and 95% interval over the worlds",
        WorldSearch::Maxn => "PIMC: worlds dealt uniformly from what the seat saw, each drawn again (up to 200 times) until every card the other seats played is the rule-based player's on the hand the world gives them, each solved by max^n (every seat maximises its own value, ties against the asking seat); mean and 95% interval over the worlds",
    };
    let perspective = Perspective::of(state, observer, estimate.side);
    let stats = json!({
        "nodes": estimate.nodes,
        "researches": 0,
        "time_ms": estimate.elapsed.as_secs_f64() * 1e3,
        "worlds": estimate.solved,
        "worlds_unfinished": estimate.unfinished,
        "timed_out": estimate.timed_out,
        "consistent_deals": knowledge.consistent_deals(),
        "consistent_deals_exact": knowledge.count_is_exact(),
        "threads": estimate.threads,
        "world_search": estimate.search.name(),
    });
    let answer = Answer::new(("pimc", search.into()), state, perspective);
    Ok(Answer {
        best_move: estimate.best.map(|m| state.move_text(m)),
        value: best.map(|m| rounded(m.mean)),
        score: best.and_then(|m| m.score).map(|(mean, _)| rounded(mean)),
        reproducible: Some(!estimate.timed_out),
        moves: moves.collect(),
        stats,
        ..answer
    }
    .json())
}

/// A move's mean value and score over `worlds` sampled worlds, with their 95% intervals.
pub(super) fn estimated_move<G: Analysable>(
    state: &G,
    m: &MoveEstimate<G::Move>,
    worlds: usize,
) -> MoveValue<f64> {
    let bound = |sign: f64| m.score.map(|(mean, half)| rounded(mean + sign * half));
    let score = m.score.map(|(mean, _)| rounded(mean));
    MoveValue {
        low: Some(rounded(m.mean - m.half_width)),
        high: Some(rounded(m.mean + m.half_width)),
        score_low: Some(bound(-1.0)),
        score_high: Some(bound(1.0)),
        worlds: Some(worlds),
        ..MoveValue::estimate(state.move_text(m.mv), rounded(m.mean), score)
    }
}

/// The count of deals consistent with the view, and whether it is exact (else an upper bound).
pub(super) fn deals_json(knowledge: &Knowledge) -> (Value, Value) {
    (
        json!(knowledge.consistent_deals()),
        json!(knowledge.count_is_exact()),
    )
}
