//! The games, and the one place that maps a route's game name to its engine.

#[macro_use]
mod named;
#[cfg(test)]
pub(crate) mod analysis_check;
pub mod cardlist;
pub mod marjapussi;
pub mod mu;
pub mod muschik;
pub mod mustamaija;

use crate::api::{self, ApiError, ApiResult, Rules};
use crate::search::Searchable;
use serde_json::{json, Value};

/// The request kinds every game answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Deal,
    LegalMoves,
    Play,
    Analyze,
}

impl Route {
    pub fn from_name(name: &str) -> Option<Route> {
        match name {
            "deal" => Some(Route::Deal),
            "legal-moves" => Some(Route::LegalMoves),
            "play" => Some(Route::Play),
            "analyze" => Some(Route::Analyze),
            _ => None,
        }
    }
}

fn serve<G: Rules>(route: Route, body: &Value) -> ApiResult {
    match route {
        Route::Deal => api::deal::<G>(body),
        Route::LegalMoves => api::legal_moves::<G>(body),
        Route::Play => api::play::<G>(body),
        Route::Analyze => Err(ApiError::Invalid(crate::problems::Problems::single(
            "",
            format!("analysis of {} is not served yet", G::NAME),
        ))),
    }
}

/// A game with an exact search also answers `analyze`.
fn serve_searchable<G: Rules + Searchable>(route: Route, body: &Value) -> ApiResult {
    match route {
        Route::Analyze => api::analyze::<G>(body),
        _ => serve::<G>(route, body),
    }
}

/// The names of the games, as in their routes.
pub const GAMES: [&str; 4] = [
    marjapussi::Marjapussi::NAME,
    mustamaija::Mustamaija::NAME,
    muschik::Muschik::NAME,
    mu::Mu::NAME,
];

/// Answers one request for `game`; the body is the raw JSON of the request.
pub fn handle(game: &str, route: Route, body: &[u8]) -> ApiResult {
    let body = api::parse_body(body)?;
    match game {
        marjapussi::Marjapussi::NAME => serve_searchable::<marjapussi::Marjapussi>(route, &body),
        mustamaija::Mustamaija::NAME => serve_searchable::<mustamaija::Mustamaija>(route, &body),
        muschik::Muschik::NAME => serve_searchable::<muschik::Muschik>(route, &body),
        mu::Mu::NAME => serve_searchable::<mu::Mu>(route, &body),
        _ => Err(ApiError::UnknownGame(format!(
            "no game '{game}'; the games are: {}",
            GAMES.join(", ")
        ))),
    }
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
        _ => Err(ApiError::UnknownGame(format!("no game '{game}'"))),
    }
}

/// `GET /v1/games`.
pub fn catalogue() -> Value {
    json!({
        "engine_version": crate::ENGINE_VERSION,
        "games": [
            marjapussi::Marjapussi::catalogue(),
            mustamaija::Mustamaija::catalogue(),
            muschik::Muschik::catalogue(),
            mu::Mu::catalogue(),
        ],
    })
}
