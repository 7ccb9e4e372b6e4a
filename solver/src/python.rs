//! The Python binding (`service._solver`): one call per request, the GIL released, every
//! error a typed exception, and a panic caught here so it never crosses into Python.

use crate::api::ApiError;
use crate::cancel::Cancel;
use crate::games::{
    analyze_seeded as seeded, catalogue, exact_positions, handle_until, random_hands, Route,
};
use crate::search::Budget;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

/// The engine's own allocations come from mimalloc: reading a request builds and frees many
/// small JSON nodes, and the system allocator was a third of a rules call's time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

create_exception!(
    _solver,
    SolverError,
    PyException,
    "Base class of every engine error."
);
create_exception!(
    _solver,
    MalformedInput,
    SolverError,
    "The body is not JSON (HTTP 400)."
);
create_exception!(
    _solver,
    InvalidInput,
    SolverError,
    "args[0]: a JSON array of {path, message} (HTTP 422)."
);
create_exception!(
    _solver,
    UnknownGame,
    SolverError,
    "No game of that name (HTTP 404)."
);
create_exception!(
    _solver,
    EngineFault,
    SolverError,
    "The engine failed; a bug, reported as HTTP 500."
);

fn to_py_error(error: ApiError) -> PyErr {
    match error {
        ApiError::Malformed(message) => MalformedInput::new_err(message),
        ApiError::Invalid(problems) => {
            InvalidInput::new_err(serde_json::to_string(&problems.0).unwrap_or_default())
        }
        ApiError::UnknownGame(message) => UnknownGame::new_err(message),
    }
}

/// Runs `work` without the GIL and turns a panic into `EngineFault`.
fn guarded<T: Send>(
    py: Python<'_>,
    work: impl FnOnce() -> Result<T, ApiError> + Send,
) -> PyResult<T> {
    let outcome = py.allow_threads(|| catch_unwind(AssertUnwindSafe(work)));
    match outcome {
        Ok(result) => result.map_err(to_py_error),
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(EngineFault::new_err(format!("engine fault: {message}")))
        }
    }
}

/// A flag that stops an analysis early, as if its time had run out: the service sets it from
/// the event loop when the client that asked has gone away, while the call runs in a thread.
#[pyclass(name = "Cancel", frozen)]
struct PyCancel(Cancel);

#[pymethods]
impl PyCancel {
    #[new]
    fn new() -> Self {
        PyCancel(Cancel::flag())
    }

    /// Asks the call holding this flag to stop; its answer is then a bound or an estimate.
    fn set(&self) {
        self.0.set();
    }

    #[getter]
    fn is_set(&self) -> bool {
        self.0.is_set()
    }
}

/// The flag of an optional `cancel` argument.
fn flag_of(cancel: Option<&PyCancel>) -> Cancel {
    cancel.map_or(Cancel::NEVER, |c| c.0.clone())
}

/// The catalogue of games as JSON text.
#[pyfunction]
#[pyo3(name = "games")]
fn games_json() -> String {
    catalogue().to_string()
}

/// Answers one request: `route` is `deal`, `legal-moves`, `play`, `analyze` or `canonical`
/// (the canonical form of the body's position, for cache keys); `body` is the JSON body; an
/// analysis stops early once `cancel` is set.
#[pyfunction]
#[pyo3(signature = (game, route, body, cancel = None))]
fn call(
    py: Python<'_>,
    game: &str,
    route: &str,
    body: &[u8],
    cancel: Option<&PyCancel>,
) -> PyResult<String> {
    let route = Route::from_name(route)
        .ok_or_else(|| SolverError::new_err(format!("no route '{route}'")))?;
    let cancel = flag_of(cancel);
    guarded(py, || {
        handle_until(game, route, body, &cancel).map(|v| v.to_string())
    })
}

/// `analyze` starting from the table entries carried from earlier solves of the same deal (the
/// binary form of `search::to_bytes`; empty for none): the answer's JSON text and the table
/// after this solve; it stops early once `cancel` is set.
#[pyfunction]
#[pyo3(signature = (game, body, table, cancel = None))]
fn analyze_seeded<'py>(
    py: Python<'py>,
    game: &str,
    body: &[u8],
    table: &[u8],
    cancel: Option<&PyCancel>,
) -> PyResult<(String, Bound<'py, PyBytes>)> {
    let cancel = flag_of(cancel);
    let (answer, table) = guarded(py, || seeded(game, body, table, &cancel))?;
    Ok((answer.to_string(), PyBytes::new(py, &table)))
}

/// Random-playout rates measured inside Rust, as JSON text.
#[pyfunction]
#[pyo3(name = "bench", signature = (game, variant, hands, seed, repeats = 5))]
fn bench_json(
    py: Python<'_>,
    game: &str,
    variant: &str,
    hands: u32,
    seed: u64,
    repeats: u32,
) -> PyResult<String> {
    guarded(py, || {
        random_hands(game, variant, hands.max(1), repeats.max(1), seed).map(|v| v.to_string())
    })
}

/// The exact search's times on seeded positions of one variant, as JSON text. `request` is a
/// JSON object: `variant`, `options` (an object, or absent for the variant's presets),
/// `positions` and `cards` (that many positions at a trick's start where the mover holds at
/// most `cards` cards), `time_ms` and `nodes` (each position's budget); see
/// `bench::exact_positions`.
#[pyfunction]
fn bench_exact(py: Python<'_>, game: &str, request: &str) -> PyResult<String> {
    guarded(py, || {
        let request: serde_json::Value = serde_json::from_str(request)
            .map_err(|e| ApiError::Malformed(format!("request: {e}")))?;
        let number = |key: &str| request[key].as_u64().unwrap_or(0);
        let budget = Budget {
            time: Duration::from_millis(number("time_ms")),
            nodes: number("nodes"),
            ..Budget::default()
        };
        let variant = request["variant"].as_str().unwrap_or_default();
        let count = (number("positions") as u32, number("cards") as u32);
        exact_positions(game, (variant, &request["options"]), count, &budget).map(|v| v.to_string())
    })
}

#[pymodule]
fn _solver(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ENGINE_VERSION", crate::ENGINE_VERSION)?;
    m.add("SolverError", py.get_type::<SolverError>())?;
    m.add("MalformedInput", py.get_type::<MalformedInput>())?;
    m.add("InvalidInput", py.get_type::<InvalidInput>())?;
    m.add("UnknownGame", py.get_type::<UnknownGame>())?;
    m.add("EngineFault", py.get_type::<EngineFault>())?;
    m.add_class::<PyCancel>()?;
    m.add_function(wrap_pyfunction!(games_json, m)?)?;
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_seeded, m)?)?;
    m.add_function(wrap_pyfunction!(bench_json, m)?)?;
    m.add_function(wrap_pyfunction!(bench_exact, m)?)?;
    Ok(())
}
