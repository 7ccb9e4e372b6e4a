//! Stopping a search from outside: a [`Cancel`] flag that another thread sets (the service,
//! when the client that asked has gone away), and the [`Deadline`] that every search checks,
//! which has passed when its time is up or its flag is set. A cancelled search ends as one
//! whose time ran out: its answer is a bound or an estimate, never marked exact or
//! reproducible, so it is never cached.

use crate::search::Budget;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A flag shared between the caller and a search; [`Cancel::NEVER`] is never set.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Option<Arc<AtomicBool>>);

impl Cancel {
    /// No flag: the search runs to its budget.
    pub const NEVER: Cancel = Cancel(None);

    /// A flag not set yet; its clones share it.
    pub fn flag() -> Cancel {
        Cancel(Some(Arc::default()))
    }

    /// Asks every search holding a clone of this flag to stop.
    pub fn set(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }

    pub fn is_set(&self) -> bool {
        self.0
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

/// When a search must stop: an instant, or earlier if its flag is set.
#[derive(Clone, Debug)]
pub struct Deadline {
    at: Instant,
    cancel: Cancel,
}

impl Deadline {
    /// `time` after `start`, or when `cancel` is set.
    pub fn new(start: Instant, time: Duration, cancel: &Cancel) -> Deadline {
        Deadline {
            at: start + time,
            cancel: cancel.clone(),
        }
    }

    /// The deadline of a search that started at `start` with `budget`.
    pub fn of(start: Instant, budget: &Budget) -> Deadline {
        Deadline::new(start, budget.time, &budget.cancel)
    }

    pub fn passed(&self) -> bool {
        self.cancel.is_set() || Instant::now() >= self.at
    }

    /// The time left (none once cancelled).
    pub fn left(&self) -> Duration {
        if self.cancel.is_set() {
            return Duration::ZERO;
        }
        self.at.saturating_duration_since(Instant::now())
    }

    pub fn cancel(&self) -> &Cancel {
        &self.cancel
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::analysis_check::call;
    use crate::games::{handle_until, Route};
    use crate::hidden::api_tests::play_view;
    use serde_json::{json, Value};

    #[test]
    fn a_set_flag_passes_every_deadline_that_shares_it() {
        let cancel = Cancel::flag();
        let deadline = Deadline::new(Instant::now(), Duration::from_secs(60), &cancel);
        assert!(!deadline.passed());
        cancel.clone().set();
        assert!(deadline.passed());
        assert_eq!(deadline.left(), Duration::ZERO);
        assert!(!Cancel::NEVER.is_set());
    }

    /// `body` analysed with a flag set after 50 ms: the answer and how long it took.
    fn cancelled_after_50_ms(body: &Value) -> (Value, Duration) {
        let cancel = Cancel::flag();
        let start = Instant::now();
        let answer = std::thread::scope(|scope| {
            let setter = cancel.clone();
            scope.spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                setter.set();
            });
            handle_until(
                "bridge",
                Route::Analyze,
                body.to_string().as_bytes(),
                &cancel,
            )
        });
        (answer.expect("an answer"), start.elapsed())
    }

    /// Every method, given a minute and more work than fits it, stops within a fraction of a
    /// second of its flag being set, with an answer that says it is not final.
    #[test]
    fn a_set_flag_stops_every_method_promptly() {
        let dealt = call("bridge", Route::Deal, json!({ "seed": 5 }))["position"].clone();
        let minute = json!({ "time_ms": 60_000, "nodes": 2_000_000_000u64 });
        let endless = json!({ "time_ms": 60_000, "iterations": 100_000_000 });
        let view = play_view("bridge", "bridge", 5, 0);
        let cases = [
            json!({ "position": dealt, "method": "exact", "budget": minute }),
            json!({ "position": view, "method": "pimc", "budget": { "time_ms": 60_000, "worlds": 100_000 } }),
            json!({ "position": view, "method": "ismcts", "budget": endless.clone() }),
            json!({ "position": dealt, "table": true, "budget": minute }),
        ];
        for body in &cases {
            let (answer, took) = cancelled_after_50_ms(body);
            assert!(took < Duration::from_millis(1_000), "{took:?}: {body}");
            assert_ne!(answer["exact"], json!(true), "{answer}");
            assert_ne!(answer["reproducible"], json!(true), "{answer}");
        }
    }
}
