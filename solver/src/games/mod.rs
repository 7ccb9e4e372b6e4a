//! The games, and the one place that maps a route's game name to its engine.

#[macro_use]
pub mod named;
#[macro_use]
pub mod options;
#[macro_use]
pub mod wire;
#[cfg(test)]
pub(crate) mod analysis_check;
pub mod bridge;
pub mod cardlist;
pub mod marjapussi;
pub mod mu;
pub mod muschik;
pub mod mustamaija;
pub mod readers;
pub mod seeded;

use crate::analysis::{self, Analysable};
use crate::api::{self, ApiError, ApiResult};
use crate::cancel::Cancel;
use crate::recall;
use crate::search;
use serde_json::{json, Value};

named_enum!(
    /// The request kinds every game answers, by their route names; `canonical` is not an HTTP
    /// route: the canonical form of the body's position, for cache keys.
    pub enum Route {
        Deal = "deal",
        LegalMoves = "legal-moves",
        Play = "play",
        Analyze = "analyze",
        View = "view",
        Canonical = "canonical",
    }
);

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

/// An analysis answer with the table entries known after it.
type SeededResult = Result<(Value, search::Carried), ApiError>;

/// [`crate::bench::exact_positions`] of one game.
type ExactPositions =
    fn(&str, &Value, (u32, u32), &search::Budget) -> Result<Value, crate::problems::Problems>;

/// One game's entry in the registry: its name and its generic functions, instantiated once.
struct Entry {
    name: &'static str,
    serve: fn(Route, &Value, &Cancel) -> ApiResult,
    analyze_seeded: fn(&Value, &search::Carried, &Cancel) -> SeededResult,
    random_hands: fn(&str, u32, u32, u64) -> Result<Value, crate::problems::Problems>,
    exact_positions: ExactPositions,
    catalogue: fn() -> Value,
    options_markdown: fn() -> String,
}

const fn entry<G: Analysable>() -> Entry {
    Entry {
        name: G::NAME,
        serve: serve::<G>,
        analyze_seeded: analysis::analyze_seeded::<G>,
        random_hands: crate::bench::random_hands::<G>,
        exact_positions: crate::bench::exact_positions::<G>,
        catalogue: G::catalogue,
        options_markdown: || options::markdown::<G::Config>(G::NAME),
    }
}

/// Every game, in the catalogue's order: the one list a new game joins.
const REGISTRY: [Entry; 5] = [
    entry::<marjapussi::Marjapussi>(),
    entry::<mustamaija::Mustamaija>(),
    entry::<muschik::Muschik>(),
    entry::<mu::Mu>(),
    entry::<bridge::Bridge>(),
];

/// The names of the games, as in their routes.
pub const GAMES: [&str; REGISTRY.len()] = {
    let mut names = [""; REGISTRY.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = REGISTRY[i].name;
        i += 1;
    }
    names
};

/// The registry's entry of `game`, or the problem of a name that is no game.
fn lookup(game: &str) -> Result<&'static Entry, ApiError> {
    REGISTRY.iter().find(|e| e.name == game).ok_or_else(|| {
        ApiError::UnknownGame(format!(
            "no game '{game}'; the games are: {}",
            GAMES.join(", ")
        ))
    })
}

/// Answers one request for `game`; the body is the raw JSON of the request.
pub fn handle(game: &str, route: Route, body: &[u8]) -> ApiResult {
    handle_until(game, route, body, &Cancel::NEVER)
}

/// [`handle`], an analysis stopping early (as out of time) once `cancel` is set.
pub fn handle_until(game: &str, route: Route, body: &[u8], cancel: &Cancel) -> ApiResult {
    let body = recall::read_body(game, body)?;
    recall::answering(body, |body| dispatch(game, route, body, cancel))
}

fn dispatch(game: &str, route: Route, body: &Value, cancel: &Cancel) -> ApiResult {
    if game == bridge::Bridge::NAME && route == Route::Analyze && bridge::table::asked(body) {
        return bridge::table::answer(body, cancel);
    }
    (lookup(game)?.serve)(route, body, cancel)
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
    let body = recall::read_body(game, body)?;
    if game == bridge::Bridge::NAME && bridge::table::asked(&body) {
        let answer = recall::answering(body, |body| dispatch(game, Route::Analyze, body, cancel));
        return answer.map(|a| (a, Vec::new()));
    }
    let analyze = lookup(game)?.analyze_seeded;
    let (answer, table) = recall::answering(body, |body| analyze(body, &seed, cancel))?;
    Ok((answer, search::to_bytes(&table)))
}

/// Random-playout rates of one variant, measured inside Rust.
pub fn random_hands(game: &str, variant: &str, hands: u32, repeats: u32, seed: u64) -> ApiResult {
    (lookup(game)?.random_hands)(variant, hands, repeats, seed).map_err(ApiError::Invalid)
}

/// The exact search's times on seeded positions of one variant ([`crate::bench::exact_positions`]).
pub fn exact_positions(
    game: &str,
    (variant, options): (&str, &Value),
    (count, cards): (u32, u32),
    budget: &search::Budget,
) -> ApiResult {
    (lookup(game)?.exact_positions)(variant, options, (count, cards), budget)
        .map_err(ApiError::Invalid)
}

/// Every game's options as the Markdown of `docs/options.md`.
pub fn options_markdown() -> String {
    let intro = "# Rule options\n\nGenerated from the engine's option tables \
        (`solver/src/games/options.rs`); `GET /v1/games` gives the same descriptions.\n";
    let games = REGISTRY.iter().map(|e| (e.options_markdown)());
    std::iter::once(intro.to_string())
        .chain(games)
        .collect::<Vec<_>>()
        .join("\n")
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
            "bids": "a seat's view deciding a bid of an auction or a choice before the play (the Marjapussi family's bid, exchange, contract and discard without kontra_re; Mü's trumps and partner; Muschik's exchange): each candidate (every legal move, or where they are too many the rule-based player's choice and its one-card swaps, all_moves_listed false) played in worlds dealt from what the seat saw, the rest of the hand by the rule-based player at every seat; per move the mean hand score (score) and exact_value at the end of the hand (value) with 95% intervals, the best mean score chosen",
            "auto": "exact for complete positions (ismcts in phases outside exact_phases); for a view deciding a bid, or a choice before the play that bids chooses better than the rule-based player (why_method says which), bids; else pimc when its worlds fit the budget, else ismcts",
        },
        "games": REGISTRY.iter().map(|e| (e.catalogue)()).collect::<Vec<_>>(),
    })
}
