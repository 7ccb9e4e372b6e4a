//! The analysis answer, one shape for every method: what each says (the perspective, the
//! moves, the best move and the root's value), the parts only some methods have, and each
//! move's values.

use crate::search::Searchable;
use serde::Serialize;
use serde_json::Value;

/// Whose values an answer gives: the seat, its side and every seat of that side.
#[derive(Default, Serialize)]
pub(super) struct Perspective {
    seat: usize,
    side: usize,
    seats: Vec<usize>,
}

impl Perspective {
    pub(super) fn of<G: Searchable>(state: &G, seat: usize, side: usize) -> Perspective {
        let seats = (0..state.seats()).filter(|&s| state.side(s) == side);
        let seats = seats.collect();
        Perspective { seat, side, seats }
    }
}

/// An analysis answer; `V` is its values' type (the exact search's whole numbers, or the
/// means of an estimate) and `M` its moves'. A part `None` is left out of the answer.
#[derive(Default, Serialize)]
pub(super) struct Answer<V, M> {
    pub method: &'static str,
    pub search: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_estimate: Option<String>,
    pub perspective: Perspective,
    pub unit: &'static str,
    pub score_unit: &'static str,
    pub moves: Vec<M>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all_moves_listed: Option<bool>,
    pub best_move: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_move_proven: Option<bool>,
    pub value: V,
    pub score: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_low: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_high: Option<i32>,
    pub exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reproducible: Option<bool>,
    pub principal_variation: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rollout: Option<&'static str>,
    /// The method's own counts.
    pub stats: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine_version: Option<&'static str>,
}

impl<V: Default, M: Default> Answer<V, M> {
    /// The answer of `method` (searching as `search` says) for `state` seen from
    /// `perspective`: an estimate (not exact, no principal variation) until it says more.
    pub(super) fn new<G: Searchable>(
        (method, search): (&'static str, String),
        state: &G,
        perspective: Perspective,
    ) -> Self {
        let (unit, score_unit) = (state.value_unit(), state.payoff_unit());
        Answer {
            method,
            search,
            perspective,
            unit,
            score_unit,
            ..Answer::default()
        }
    }
}

impl<V: Serialize, M: Serialize> Answer<V, M> {
    pub(super) fn json(&self) -> Value {
        serde_json::to_value(self).expect("an answer serialises")
    }
}

/// One move's values, `V` the value's type and `B` its bounds'. A part `None` is left out.
#[derive(Default, Serialize)]
pub(super) struct MoveValue<V, B = V> {
    #[serde(rename = "move")]
    pub mv: String,
    pub value: V,
    pub score: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub low: Option<B>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub high: Option<B>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_low: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_high: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visits: Option<u32>,
    pub certainty: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worlds: Option<usize>,
}

impl<V: Default, B: Default> MoveValue<V, B> {
    /// The estimated `value` and `score` of the move written `mv`.
    pub(super) fn estimate(mv: String, value: V, score: Option<f64>) -> MoveValue<V, B> {
        let certainty = "estimate";
        MoveValue {
            mv,
            value,
            score,
            certainty,
            ..MoveValue::default()
        }
    }
}
