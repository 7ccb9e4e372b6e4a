//! `POST /v1/{game}/analyze`: the request (method, budget, perspective, seed, rollout) and its
//! answer. Complete positions go to the exact search ([`exact`]); one seat's view goes to the
//! hidden-information methods ([`view`]): PIMC over sampled worlds, ISMCTS in every phase, and
//! bids valued by the play they lead to ([`bids`]) in an auction.

mod answer;
mod bids;
mod exact;
mod ismcts;
mod view;
#[cfg(test)]
mod view_tests;

use crate::api::{position_request, ApiError, ApiResult, Rules, Turn};
use crate::cancel::{Cancel, Deadline};
use crate::game::Seat;
use crate::games::readers::unsigned;
use crate::heuristic::Heuristic;
use crate::hidden::{fit, Observable};
use crate::problems::{Fields, Problems};
use crate::search::{Budget, Carried, Searchable};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// What a game needs to be analysed by every method.
pub trait Analysable: Rules + Searchable + Observable + Heuristic {}

impl<G: Rules + Searchable + Observable + Heuristic> Analysable for G {}

/// The most time and nodes a caller may grant one analysis.
pub const MAX_BUDGET: Budget = Budget {
    nodes: 2_000_000_000,
    time: Duration::from_secs(60),
    cancel: Cancel::NEVER,
};

/// The most worlds a caller may ask PIMC to solve.
pub const MAX_WORLDS: usize = 100_000;

/// The most iterations a caller may ask ISMCTS to run.
pub const MAX_ITERATIONS: u64 = 100_000_000;

/// The seed of the sampled methods when the request names none, so one request gets one answer.
const DEFAULT_SEED: u64 = 1;

/// The decimals of its unit that a sampled or estimated value is given to: the float noise of
/// a mean (`-439.9999999998254`) is not part of the answer.
const VALUE_DECIMALS: i32 = 3;

/// `value` rounded to [`VALUE_DECIMALS`] decimals.
fn rounded(value: f64) -> f64 {
    let scale = 10f64.powi(VALUE_DECIMALS);
    (value * scale).round() / scale
}

/// The analysis method asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    Exact,
    Pimc,
    Ismcts,
    Bids,
    Auto,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Method::Exact => "exact",
            Method::Pimc => "pimc",
            Method::Ismcts => "ismcts",
            Method::Bids => "bids",
            Method::Auto => "auto",
        }
    }
}

/// How ISMCTS finishes a hand from the edge of its tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RolloutKind {
    Random,
    Heuristic,
}

impl RolloutKind {
    fn name(self) -> &'static str {
        match self {
            RolloutKind::Random => "random",
            RolloutKind::Heuristic => "heuristic",
        }
    }
}

/// The budget fields as asked: time and nodes (the exact search, or each PIMC world), worlds
/// (PIMC), iterations (ISMCTS), and the service's deadline, which caps the time; beside them
/// the caller's flag, which ends every method early.
#[derive(Clone, Debug, Default)]
struct Asked {
    time: Option<Duration>,
    deadline: Option<Duration>,
    nodes: Option<u64>,
    worlds: Option<usize>,
    iterations: Option<u64>,
    cancel: Cancel,
}

impl Asked {
    /// The time to spend: the time asked or `default`, cut to the deadline.
    fn time_or(&self, default: Duration) -> Duration {
        let time = self.time.unwrap_or(default);
        self.deadline.map_or(time, |d| time.min(d))
    }

    /// The exact search's budget: the nodes and time asked, or its defaults.
    fn exact(&self) -> Budget {
        let default = Budget::default();
        Budget {
            nodes: self.nodes.unwrap_or(default.nodes),
            time: self.time_or(default.time),
            cancel: self.cancel.clone(),
        }
    }
}

/// An analysis request beside its position.
#[derive(Clone, Debug)]
struct Request {
    method: Method,
    budget: Asked,
    perspective: Option<Seat>,
    seed: Option<u64>,
    rollout: Option<RolloutKind>,
}

impl Request {
    fn seed(&self) -> u64 {
        self.seed.unwrap_or(DEFAULT_SEED)
    }
}

const FIELDS: [&str; 5] = ["method", "budget", "perspective", "seed", "rollout"];

/// `POST /v1/{game}/analyze`: `{position, method, budget, perspective, seed, rollout}` → every
/// legal move with its value, stopping early (as out of time) once `cancel` is set.
pub fn analyze<G: Analysable>(body: &Value, cancel: &Cancel) -> ApiResult {
    analyze_carrying::<G>(body, None, cancel).map(|(answer, _)| answer)
}

/// [`analyze`] starting from the table entries carried from earlier solves of the same deal
/// (see [`crate::search::analyze_seeded`]); also returns the entries known after this one.
/// Views carry no entries. Every method stops early, as if out of time, once `cancel` is set.
pub fn analyze_seeded<G: Analysable>(
    body: &Value,
    carried: &Carried,
    cancel: &Cancel,
) -> Result<(Value, Carried), ApiError> {
    analyze_carrying::<G>(body, Some(carried), cancel)
}

/// [`analyze`], or where `carried` is given [`analyze_seeded`].
fn analyze_carrying<G: Analysable>(
    body: &Value,
    carried: Option<&Carried>,
    cancel: &Cancel,
) -> Result<(Value, Carried), ApiError> {
    // A view's fit stops at the request's deadline, which then leaves the analysis the rest.
    let start = Instant::now();
    let reading = Deadline::new(start, reading_time(body), cancel);
    let (read, cut) = fit::until(&reading, || position_request::<G>(body, &FIELDS));
    let (position, extra) = read.map_err(|refused| {
        if cut {
            fit::refused_at_deadline()
        } else {
            refused
        }
    })?;
    let mut request = read_request(&extra, position.state.seats())?;
    request.budget.cancel = cancel.clone();
    request.budget.deadline = request.budget.deadline.map(|d| {
        d.saturating_sub(start.elapsed())
            .max(Duration::from_millis(1))
    });
    let (mut answer, carried) = if position.view.is_some() {
        (view::analyze_view(&position, &request)?, Carried::default())
    } else {
        exact::analyze_complete(&position.state, &request, carried)?
    };
    answer["unused_budget"] = json!(unused_budget(&request, &answer["method"]));
    if let Value::Object(turn) = json!(Turn::of(&position.state)) {
        for (field, value) in turn {
            answer[field] = value;
        }
    }
    Ok((answer, carried))
}

/// The most time reading the position may take: the request's `budget.deadline_ms`, at most
/// the most any analysis takes.
fn reading_time(body: &Value) -> Duration {
    let asked = body
        .pointer("/budget/deadline_ms")
        .and_then(Value::as_u64)
        .filter(|&ms| ms > 0);
    asked.map_or(MAX_BUDGET.time, |ms| {
        MAX_BUDGET.time.min(Duration::from_millis(ms))
    })
}

/// The budget fields asked that the method which answered (`used`, by name) does not read:
/// reported, never refused, since a budget never makes a valid request fail.
fn unused_budget(request: &Request, used: &Value) -> Vec<&'static str> {
    let asked = &request.budget;
    let mut unused = Vec::new();
    if asked.worlds.is_some() && used != "pimc" {
        unused.push("worlds");
    }
    if asked.iterations.is_some() && used != "ismcts" {
        unused.push("iterations");
    }
    unused
}

fn read_request(extra: &[Option<&Value>], seats: usize) -> Result<Request, Problems> {
    let mut problems = Problems::default();
    let method = match extra[0].map_or(Some("auto"), Value::as_str) {
        Some("exact") => Method::Exact,
        Some("pimc") => Method::Pimc,
        Some("ismcts") => Method::Ismcts,
        Some("bids") => Method::Bids,
        Some("auto") => Method::Auto,
        _ => {
            problems.push("method", "expected one of: exact, auto, pimc, ismcts, bids");
            Method::Auto
        }
    };
    let budget = read_budget(extra[1], &mut problems);
    let perspective = extra[2].and_then(|v| {
        let seat = v.as_u64().filter(|&s| (s as usize) < seats);
        if seat.is_none() {
            problems.push(
                "perspective",
                format!("expected a seat 0..{}, got {v}", seats - 1),
            );
        }
        seat.map(|s| s as Seat)
    });
    let seed = extra[3].and_then(|v| unsigned(v, "seed", &mut problems));
    let rollout = extra[4].and_then(|v| match v.as_str() {
        Some("random") => Some(RolloutKind::Random),
        Some("heuristic") => Some(RolloutKind::Heuristic),
        _ => {
            problems.push("rollout", "expected one of: heuristic, random");
            None
        }
    });
    if problems.is_empty() {
        Ok(Request {
            method,
            budget,
            perspective,
            seed,
            rollout,
        })
    } else {
        Err(problems)
    }
}

/// The budget of a request answered by the exact search alone (bridge's deal table): time,
/// nodes and the deadline; worlds and iterations are refused.
pub(crate) fn table_budget(value: Option<&Value>, problems: &mut Problems) -> Budget {
    let asked = read_budget(value, problems);
    if asked.worlds.is_some() || asked.iterations.is_some() {
        problems.push(
            "budget",
            "a table is solved by the exact search: time_ms and nodes only",
        );
    }
    asked.exact()
}

fn read_budget(value: Option<&Value>, problems: &mut Problems) -> Asked {
    let mut budget = Asked::default();
    let Some(value) = value else {
        return budget;
    };
    let max_ms = MAX_BUDGET.time.as_millis() as i64;
    let mut f = Fields::of(value, "budget", problems);
    let ms = |ms: i64| Duration::from_millis(ms as u64);
    budget.time = f.bounded("time_ms", 1, max_ms, problems).map(ms);
    budget.deadline = f.bounded("deadline_ms", 1, max_ms, problems).map(ms);
    budget.nodes = f
        .bounded("nodes", 1, MAX_BUDGET.nodes as i64, problems)
        .map(|n| n as u64);
    budget.worlds = f
        .bounded("worlds", 1, MAX_WORLDS as i64, problems)
        .map(|n| n as usize);
    budget.iterations = f
        .bounded("iterations", 1, MAX_ITERATIONS as i64, problems)
        .map(|n| n as u64);
    f.finish(problems);
    budget
}

/// The request fields other than the budget that only some methods take, each named with the
/// methods that take it, when the request has them but `method` does not take them.
fn misplaced_fields(request: &Request, method: Method, problems: &mut Problems) {
    let takes = |methods: &[Method]| methods.contains(&method) || method == Method::Auto;
    if request.rollout.is_some() && !takes(&[Method::Ismcts]) {
        problems.push("rollout", "only ISMCTS plays rollouts");
    }
    if request.seed.is_some() && !takes(&[Method::Pimc, Method::Ismcts, Method::Bids]) {
        problems.push(
            "seed",
            "only the sampled methods (pimc, ismcts, bids) take a seed",
        );
    }
}

/// Marks a sampled method's answer with the method asked, why the one used was chosen, the
/// seed and the engine version.
fn label_sampled(answer: &mut Value, request: &Request, why: String) {
    answer["method_asked"] = json!(request.method.name());
    answer["why_method"] = json!(why);
    answer["seed"] = json!(request.seed());
    answer["engine_version"] = json!(crate::ENGINE_VERSION);
}
