//! The games, and the one place that maps a route's game name to its engine.

#[macro_use]
mod named;
#[cfg(test)]
pub(crate) mod analysis_check;
pub mod bridge;
pub mod cardlist;
pub mod marjapussi;
pub mod mu;
pub mod muschik;
pub mod mustamaija;
pub mod seeded;

use crate::analysis::{self, Analysable};
use crate::api::{self, ApiError, ApiResult, Rules};
use crate::cancel::Cancel;
use crate::search;
use serde_json::{json, Value};

/// The request kinds every game answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Deal,
    LegalMoves,
    Play,
    Analyze,
    View,
    /// Not an HTTP route: the canonical form of the body's position, for cache keys.
    Canonical,
}

impl Route {
    pub fn from_name(name: &str) -> Option<Route> {
        match name {
            "deal" => Some(Route::Deal),
            "legal-moves" => Some(Route::LegalMoves),
            "play" => Some(Route::Play),
            "analyze" => Some(Route::Analyze),
            "view" => Some(Route::View),
            "canonical" => Some(Route::Canonical),
            _ => None,
        }
    }
}

/// Answers one route for a game; `analyze` by every method, until `cancel` is set.
fn serve<G: Analysable>(route: Route, body: &Value, cancel: &Cancel) -> ApiResult {
    match route {
        Route::Deal => api::deal::<G>(body),
        Route::LegalMoves => api::legal_moves::<G>(body),
        Route::Play => api::play::<G>(body),
        Route::Canonical => api::canonical::<G>(body),
        Route::Analyze => analysis::analyze::<G>(body, cancel),
        Route::View => api::view::<G>(body),
    }
}

/// The names of the games, as in their routes.
pub const GAMES: [&str; 5] = [
    marjapussi::Marjapussi::NAME,
    mustamaija::Mustamaija::NAME,
    muschik::Muschik::NAME,
    mu::Mu::NAME,
    bridge::Bridge::NAME,
];

/// Answers one request for `game`; the body is the raw JSON of the request.
pub fn handle(game: &str, route: Route, body: &[u8]) -> ApiResult {
    handle_until(game, route, body, &Cancel::NEVER)
}

/// [`handle`], an analysis stopping early (as out of time) once `cancel` is set.
pub fn handle_until(game: &str, route: Route, body: &[u8], cancel: &Cancel) -> ApiResult {
    dispatch(game, route, &api::parse_body(body)?, cancel)
}

fn dispatch(game: &str, route: Route, body: &Value, cancel: &Cancel) -> ApiResult {
    match game {
        marjapussi::Marjapussi::NAME => serve::<marjapussi::Marjapussi>(route, body, cancel),
        mustamaija::Mustamaija::NAME => serve::<mustamaija::Mustamaija>(route, body, cancel),
        muschik::Muschik::NAME => serve::<muschik::Muschik>(route, body, cancel),
        mu::Mu::NAME => serve::<mu::Mu>(route, body, cancel),
        bridge::Bridge::NAME if route == Route::Analyze && bridge::table::asked(body) => {
            bridge::table::answer(body, cancel)
        }
        bridge::Bridge::NAME => serve::<bridge::Bridge>(route, body, cancel),
        _ => Err(ApiError::UnknownGame(format!(
            "no game '{game}'; the games are: {}",
            GAMES.join(", ")
        ))),
    }
}

/// `analyze` for `game` seeded with a deal's table of carried entries in its binary form (see
/// [`crate::search::analyze_seeded`]): the answer and the table known after the solve. A table
/// that does not read (torn in a cache) is left out: it only costs the work it would have saved.
/// Bridge's whole-deal table (`"table": true`) is solved on its own: no table in, none out.
/// Every search stops early, as out of time, once `cancel` is set.
pub fn analyze_seeded(
    game: &str,
    body: &[u8],
    table: &[u8],
    cancel: &Cancel,
) -> Result<(Value, Vec<u8>), ApiError> {
    let seed = search::from_bytes(table).unwrap_or_default();
    let body = api::parse_body(body)?;
    let (answer, table) = match game {
        marjapussi::Marjapussi::NAME => {
            analysis::analyze_seeded::<marjapussi::Marjapussi>(&body, &seed, cancel)?
        }
        mustamaija::Mustamaija::NAME => {
            analysis::analyze_seeded::<mustamaija::Mustamaija>(&body, &seed, cancel)?
        }
        muschik::Muschik::NAME => {
            analysis::analyze_seeded::<muschik::Muschik>(&body, &seed, cancel)?
        }
        mu::Mu::NAME => analysis::analyze_seeded::<mu::Mu>(&body, &seed, cancel)?,
        bridge::Bridge::NAME if !bridge::table::asked(&body) => {
            analysis::analyze_seeded::<bridge::Bridge>(&body, &seed, cancel)?
        }
        _ => return dispatch(game, Route::Analyze, &body, cancel).map(|a| (a, Vec::new())),
    };
    Ok((answer, search::to_bytes(&table)))
}

/// Random-playout rates of one variant, measured inside Rust.
pub fn random_hands(game: &str, variant: &str, hands: u32, repeats: u32, seed: u64) -> ApiResult {
    match game {
        marjapussi::Marjapussi::NAME => {
            crate::bench::random_hands::<marjapussi::Marjapussi>(variant, hands, repeats, seed)
                .map_err(ApiError::Invalid)
        }
        mustamaija::Mustamaija::NAME => {
            crate::bench::random_hands::<mustamaija::Mustamaija>(variant, hands, repeats, seed)
                .map_err(ApiError::Invalid)
        }
        muschik::Muschik::NAME => {
            crate::bench::random_hands::<muschik::Muschik>(variant, hands, repeats, seed)
                .map_err(ApiError::Invalid)
        }
        mu::Mu::NAME => crate::bench::random_hands::<mu::Mu>(variant, hands, repeats, seed)
            .map_err(ApiError::Invalid),
        bridge::Bridge::NAME => {
            crate::bench::random_hands::<bridge::Bridge>(variant, hands, repeats, seed)
                .map_err(ApiError::Invalid)
        }
        _ => Err(ApiError::UnknownGame(format!("no game '{game}'"))),
    }
}

/// `GET /v1/games`.
pub fn catalogue() -> Value {
    json!({
        "engine_version": crate::ENGINE_VERSION,
        "analysis_methods": {
            "exact": "complete positions in a game's exact_phases: every legal move's exact value (exact_value), or a bound past the budget",
            "pimc": "a seat's view in a game's exact_phases: worlds dealt from what the seat saw, each solved exactly; per move the mean and a 95% interval",
            "ismcts": "a seat's view in every phase (or a complete position, on its one world): information-set MCTS maximising the payoff; per move the mean of exact_value at the end of the hand (value), the mean payoff (score) and visits",
            "value": "every method's value is exact_value (unit), in every phase; score (score_unit) is the hand's score: ISMCTS's mean payoff, and from exact and pimc where the game derives it from the value",
            "auto": "exact for complete positions (ismcts in phases outside exact_phases); for a view pimc when its worlds fit the budget, else ismcts",
        },
        "games": [
            marjapussi::Marjapussi::catalogue(),
            mustamaija::Mustamaija::catalogue(),
            muschik::Muschik::catalogue(),
            mu::Mu::catalogue(),
            bridge::Bridge::catalogue(),
        ],
    })
}
