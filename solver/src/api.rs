//! The JSON face of every game: positions (version 1), deals, legal moves and checked play.
//!
//! A game joins by implementing [`Rules`]; the functions here are generic over it, so request
//! handling is written once. A position is given either as a snapshot (`state`) or as the hand as
//! dealt plus the moves so far (`deal` and `moves`); with `view` set it is one seat's view, in
//! which the other seats' hidden cards are given as counts.

use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};
use crate::games::options::{self, Declared};
use crate::games::readers::{unsigned, Source};
use crate::problems::{field_path, index_path, kind, Fields, Problems};
use crate::recall;
use serde::Serialize;
use serde_json::{json, Value};

/// What a game adds to [`Game`] to be served over JSON.
pub trait Rules: Game {
    /// The route name, as in `/v1/{NAME}/play`.
    const NAME: &'static str;
    /// Rule options after presets and overrides are resolved, declared in one table.
    type Config: Clone + Declared + 'static;

    /// The game's entry in `GET /v1/games`: variants, options, player counts, phases.
    fn catalogue() -> Value;

    /// Resolves a variant name and option overrides; `path` is where the position lies.
    fn config(
        variant: Option<&str>,
        options: Option<&Value>,
        path: &str,
        problems: &mut Problems,
    ) -> Option<Self::Config> {
        options::resolve(variant, options, path, problems)
    }

    /// A new hand dealt from `seed`; `setup` holds the deal request's other fields (dealer, match).
    fn deal(
        config: &Self::Config,
        seed: u64,
        setup: &mut Fields,
        problems: &mut Problems,
    ) -> Option<Self>;

    fn variant_name(&self) -> &'static str;

    /// Every option's value, presets included, so a position describes itself.
    fn options_json(&self) -> Value;

    /// The `deal` field of a position at its start; hidden hands are counts in a view.
    fn deal_json(&self, observer: Option<Seat>) -> Value;

    /// The `deal` field of `observer`'s view whose history is `moves`. By default the deal as
    /// [`Rules::deal_json`] hides it; a game whose players learn dealt cards during play (a
    /// card drawn from a talon) shows the observer those, so the view replays to its state.
    fn view_deal_json(&self, _moves: &[Self::Move], observer: Seat) -> Value {
        self.deal_json(Some(observer))
    }

    /// The hand as dealt, read from a position's `deal`.
    fn from_deal(config: &Self::Config, given: Source, problems: &mut Problems) -> Option<Self>;

    /// The `state` field: a snapshot of the hand now; hidden hands are counts in a view.
    fn state_json(&self, observer: Option<Seat>) -> Value;

    /// The hand now, read from a position's snapshot (`state`).
    fn from_state(config: &Self::Config, given: Source, problems: &mut Problems) -> Option<Self>;

    fn move_text(&self, mv: Self::Move) -> String;

    /// `mv`, played here, as `observer` writes it in its view's history: as
    /// [`Rules::history_text`] writes it for the seat, or `None` where the game cannot yet
    /// write a view's history with it (the view is then given as its snapshot alone).
    fn view_move_text(&self, mv: Self::Move, observer: Seat) -> Option<String> {
        Some(self.history_text(mv, Some(observer)))
    }

    /// How a position's `moves` write `mv`, made here: as [`Rules::move_text`] writes it, with
    /// what the move made public (an ask's answer) where the move alone does not say it; for
    /// `observer`'s view (`Some`), cards the observer did not see written as `??`.
    fn history_text(&self, mv: Self::Move, observer: Option<Seat>) -> String {
        let _ = observer;
        self.move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// The name of the phase, as listed in the catalogue.
    fn phase(&self) -> &'static str;

    /// The result of the hand, asked once it is over: its scores and the match after it.
    fn result_json(&self) -> Option<Value>;

    /// For a phase whose legal moves are too many to list (Mü's bids), what the legal-moves
    /// route answers instead of the full list; `None` lists every move.
    fn compact_legal_moves(&self) -> Option<CompactMoves> {
        None
    }

    /// The contract once the hand has fixed it: the side that must reach a target and the
    /// target, in the exact search's value unit, with the game's own terms beside them
    /// (`{"side", "target", ...}`); `None` before, and in games without one.
    fn contract_json(&self) -> Option<Value> {
        None
    }

    /// Why `mv` is not legal here, in words, where the game can say more than "not legal".
    fn illegal_reason(&self, _mv: Self::Move) -> Option<String> {
        None
    }
}

/// Legal moves too many to list, as the legal-moves route gives them: `count` and `moves` as
/// for any phase, with `moves` listing only some of them, and `compact` describing them all.
#[derive(Clone, Debug, PartialEq)]
pub struct CompactMoves {
    /// How many legal moves there are.
    pub count: u64,
    /// The moves listed one by one, in move notation.
    pub listed: Vec<String>,
    /// The game's description of every legal move (groups of moves, and the like).
    pub described: Value,
}

/// A parsed position: the hand now, and where known, the hand as dealt and the moves since.
#[derive(Clone, Debug)]
pub struct Position<G: Rules> {
    pub state: G,
    pub history: Option<(G, Vec<G::Move>)>,
    pub view: Option<Seat>,
}

/// Why a request could not be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// The body is not JSON at all (HTTP 400).
    Malformed(String),
    /// The request is JSON but wrong, for every listed reason (HTTP 422).
    Invalid(Problems),
    /// No game of that name (HTTP 404).
    UnknownGame(String),
}

impl From<Problems> for ApiError {
    fn from(p: Problems) -> ApiError {
        ApiError::Invalid(p)
    }
}

pub type ApiResult = Result<Value, ApiError>;

/// [`Rules::config`], or the rules this thread resolved before from the same variant and
/// options ([`recall::config`]).
fn resolved_config<G: Rules>(
    variant: Option<&str>,
    options: Option<&Value>,
    path: &str,
    problems: &mut Problems,
) -> Option<G::Config> {
    if let Some(known) = recall::config::<G>(variant, options) {
        return Some(known);
    }
    let before = problems.0.len();
    let config = G::config(variant, options, path, problems)?;
    if problems.0.len() == before {
        recall::keep_config::<G>(variant, options, &config);
    }
    Some(config)
}

pub fn parse_body(body: &[u8]) -> Result<Value, ApiError> {
    serde_json::from_slice(body)
        .map_err(|e| ApiError::Malformed(format!("the body is not valid JSON: {e}")))
}

/// Reads a position from `value` at `path`, reporting every problem. A view that names cards
/// its seat does not see (every hand given) is read as the seat's view of that position: the
/// cards as counts, the moves the seat did not see as it writes them ([`view_json`]).
pub fn parse_position<G: Rules>(value: &Value, path: &str) -> Result<Position<G>, Problems> {
    if let Some(known) = recall::position::<G>(value) {
        return Ok(known);
    }
    let position = read_position::<G>(value, path)?;
    recall::pend_position(value, &position);
    Ok(position)
}

/// [`parse_position`] without what this thread read before.
fn read_position<G: Rules>(value: &Value, path: &str) -> Result<Position<G>, Problems> {
    let mut problems = Problems::default();
    let mut fields = Fields::of(value, path, &mut problems);
    if let Some(version) = fields.integer("version", &mut problems) {
        if version != 1 {
            problems.push(
                &fields.path("version"),
                format!("position version {version} is not supported; use 1"),
            );
        }
    }
    if let Some(game) = fields.string("game", &mut problems) {
        if game != G::NAME {
            problems.push(
                &fields.path("game"),
                format!("'{game}' is sent to the {} route", G::NAME),
            );
        }
    }
    let variant = fields.string("variant", &mut problems);
    let options = fields.get("options");
    let view = fields
        .bounded("view", 0, 7, &mut problems)
        .map(|v| v as Seat);
    let deal = fields.get("deal");
    let moves = fields.array("moves", &mut problems);
    let state = fields.get("state");
    fields.finish(&mut problems);
    let config = resolved_config::<G>(variant, options, path, &mut problems);
    let (Some(config), true) = (config, problems.is_empty()) else {
        return Err(problems);
    };
    let position = match (deal, state) {
        (None, None) => {
            problems.push(
                path,
                "a position needs either 'state' (a snapshot) or 'deal' with 'moves'",
            );
            None
        }
        (None, Some(state)) => {
            if moves.is_some_and(|m| !m.is_empty()) {
                problems.push(
                    &field_path(path, "moves"),
                    "'moves' are replayed from 'deal'; a snapshot has no deal to replay them from",
                );
            }
            let path = &field_path(path, "state");
            let given = Source {
                value: state,
                path,
                observer: view,
            };
            G::from_state(&config, given, &mut problems).map(|g| Position {
                state: g,
                history: None,
                view,
            })
        }
        (Some(deal), state) => G::from_deal(
            &config,
            Source {
                value: deal,
                path: &field_path(path, "deal"),
                observer: view,
            },
            &mut problems,
        )
        .and_then(|start| {
            let moves = moves.map(Vec::as_slice).unwrap_or(&[]);
            replay(start, moves, path, view, &mut problems)
        })
        .inspect(|position| {
            if let Some(given) = state {
                let matches = *given == position.state.state_json(view)
                    || *given == position.state.state_json(None);
                if !matches {
                    problems.push(
                        &field_path(path, "state"),
                        "the snapshot does not match the replay of 'deal' and 'moves'",
                    );
                }
            }
        }),
    };
    if let Some(seat) = view {
        if let Some(p) = &position {
            if seat >= p.state.seats() {
                problems.push(
                    &field_path(path, "view"),
                    format!(
                        "seat {seat} does not play; seats are 0..{}",
                        p.state.seats() - 1
                    ),
                );
            }
        }
    }
    match position {
        Some(p) if problems.is_empty() && hidden_cards_given(&p, deal, state, path).is_some() => {
            parse_position(&seats_view(value, p), path)
        }
        Some(p) => problems.result(p),
        None => Err(problems),
    }
}

/// Where a view's `deal` or `state` names cards that its seat does not see: the first place
/// that the seat's own view ([`Rules::view_deal_json`], [`Rules::state_json`]) gives as a
/// count or hides. `None` for a complete position, or a view written as the seat sees it.
/// [`parse_position`] reads a view that names them as the seat's own view of it, so the
/// cards are never known to the analysis, in every game alike.
fn hidden_cards_given<G: Rules>(
    position: &Position<G>,
    deal: Option<&Value>,
    state: Option<&Value>,
    path: &str,
) -> Option<String> {
    let observer = position.view?;
    let in_deal = position
        .history
        .as_ref()
        .zip(deal)
        .and_then(|((start, moves), deal)| {
            let seen = start.view_deal_json(moves, observer);
            first_hidden(deal, &seen, &field_path(path, "deal"))
        });
    in_deal.or_else(|| {
        let seen = position.state.state_json(Some(observer));
        first_hidden(state?, &seen, &field_path(path, "state"))
    })
}

/// `position`'s view as its seat writes it, where `value` (the view as given) names cards the
/// seat does not see: read as the complete position, as `POST /v1/{game}/view` does, when
/// every card is given (a game's reading of a view may take the cards named as seen), else
/// as read.
fn seats_view<G: Rules>(value: &Value, position: Position<G>) -> Value {
    let observer = position.view.expect("a view");
    let mut complete = value.clone();
    complete["view"] = Value::Null;
    match parse_position::<G>(&complete, "") {
        Ok(whole) => view_json(&whole, observer),
        Err(_) => view_json(&position, observer),
    }
}

/// The first place where `given` names cards (a card, or a list) that `seen` gives as a count
/// or hides (`null`).
fn first_hidden(given: &Value, seen: &Value, path: &str) -> Option<String> {
    match (given, seen) {
        (Value::String(_), Value::Number(_) | Value::Null) => Some(path.to_string()),
        (Value::Array(g), Value::Number(_) | Value::Null) if !g.is_empty() => {
            Some(path.to_string())
        }
        (Value::Array(g), Value::Array(s)) => g
            .iter()
            .zip(s)
            .enumerate()
            .find_map(|(i, (g, s))| first_hidden(g, s, &index_path(path, i))),
        (Value::Object(g), Value::Object(s)) => g.iter().find_map(|(key, g)| {
            s.get(key)
                .and_then(|s| first_hidden(g, s, &field_path(path, key)))
        }),
        _ => None,
    }
}

/// Plays `moves` (the field `moves` of the position at `path`) from `start`, checked; in a
/// view, from the start fitted to them ([`Game::fit_start`]).
fn replay<G: Rules>(
    mut start: G,
    moves: &[Value],
    path: &str,
    view: Option<Seat>,
    problems: &mut Problems,
) -> Option<Position<G>> {
    let ahead = view.map_or(Vec::new(), |_| readable(&start, moves));
    if let Some(observer) = view {
        start.fit_start(&ahead, observer);
    }
    let mut state = start.clone();
    let mut played = Vec::with_capacity(moves.len());
    for (i, item) in moves.iter().enumerate() {
        let Some(text) = item.as_str() else {
            problems.push(
                &index_path(&field_path(path, "moves"), i),
                format!("expected a move as a string, got {}", kind(item)),
            );
            return None;
        };
        let later = ahead.get(i + 1..).unwrap_or_default();
        match apply(&mut state, text, later, view) {
            Ok(mv) => played.push(mv),
            Err(message) => {
                problems.push(&index_path(&field_path(path, "moves"), i), message);
                return None;
            }
        }
    }
    Some(Position {
        state,
        history: Some((start, played)),
        view,
    })
}

/// The leading moves of `moves` that read in `start`'s notation: what a view's replay looks
/// ahead at ([`Game::fit_outcome`]).
fn readable<G: Rules>(start: &G, moves: &[Value]) -> Vec<G::Move> {
    moves
        .iter()
        .map_while(|m| m.as_str().and_then(|t| start.parse_move(t).ok()))
        .collect()
}

/// Parses and plays one move, checked: a hidden seat's move in a view by [`play_in_view`],
/// which looks at the `later` moves.
fn apply<G: Rules>(
    state: &mut G,
    text: &str,
    later: &[G::Move],
    view: Option<Seat>,
) -> Result<G::Move, String> {
    let Some(mover) = state.to_move() else {
        return Err("the hand is over; no move can follow".to_string());
    };
    let mv = state.parse_move(text)?;
    match view {
        Some(observer) => {
            play_in_view(state, mv, later, observer, CardSet::EMPTY).map_err(|why| match why {
                InView::Illegal if mover == observer => illegal_message(state, text, mv, mover),
                InView::Illegal => hidden_illegal_message(state, text, mover, observer),
                InView::Unplaceable(why) => format!("'{text}': {why}"),
            })?;
        }
        None => {
            if let Some(why) = state.contradiction(mv) {
                return Err(format!("'{text}': {why}"));
            }
            state
                .play(mv)
                .map_err(|_| illegal_message(state, text, mv, mover))?;
        }
    }
    Ok(mv)
}

/// Why a move cannot be replayed in a view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum InView {
    /// No hand the mover could hold makes it legal.
    Illegal,
    /// It shows a card the observer sees elsewhere (the message says which).
    Unplaceable(String),
}

/// Plays `mv` in `observer`'s view, whose hidden hands are guesses. The guess is first fitted
/// to the outcome the move's text states and to the `later` moves ([`Game::fit_outcome`]).
/// The moves the observer
/// decides (its own, and in bridge dummy's for the declarer) are checked as in a complete
/// position. A hidden seat's move is never checked against its
/// guessed hand: the cards it shows are swapped into that hand, and one that shows none must be
/// legal for some hand the seat could hold (its guessed hand, or the cards the observer knows it
/// holds with at most one unseen card more). Returns the swaps made, `(shown card, card given
/// back)`; a card of `placed` (the observer knows where it is) is never given back.
pub(crate) fn play_in_view<G: Rules>(
    state: &mut G,
    mv: G::Move,
    later: &[G::Move],
    observer: Seat,
    placed: CardSet,
) -> Result<Vec<(Card, Card)>, InView> {
    let mover = state.to_move().ok_or(InView::Illegal)?;
    // Fitting the outcome plays the move on a copy: one of the wrong kind is refused first.
    if !state.move_kind_fits(mv) {
        return Err(InView::Illegal);
    }
    let mut swaps = state
        .fit_outcome(mv, later, observer, placed)
        .map_err(InView::Unplaceable)?;
    let decided =
        state.decider(mover) == observer && state.unseen(observer).places[mover].is_empty();
    if mover == observer || decided {
        return state.play(mv).map(|()| swaps).map_err(|_| InView::Illegal);
    }
    let shown = state.revealed_cards(mv, observer);
    let kept = shown | state.cards_moved(mv) | placed;
    swaps.extend(reveal(state, observer, mover, shown, kept).map_err(InView::Unplaceable)?);
    if shown.is_empty() && !could_play(state, observer, mover, mv) {
        return Err(InView::Illegal);
    }
    state.play_unchecked(mv);
    Ok(swaps)
}

/// Whether hidden `mover` could make `mv`: legal with its guessed hand, or with the cards
/// `observer` knows it holds and at most one unseen card more.
fn could_play<G: Rules>(state: &G, observer: Seat, mover: Seat, mv: G::Move) -> bool {
    let mut legal = Vec::new();
    let mut legal_with = |hand: CardSet| {
        state.with_hand(mover, hand).legal_moves(&mut legal);
        legal.contains(&mv)
    };
    let unseen = state.unseen(observer);
    let known = state.hand(mover) - unseen.places[mover];
    legal_with(state.hand(mover))
        || legal_with(known)
        || unseen
            .cards()
            .iter()
            .any(|card| legal_with(known | CardSet::single(card)))
}

fn illegal_message<G: Rules>(state: &G, text: &str, mv: G::Move, mover: Seat) -> String {
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let mut listed: Vec<String> = legal.iter().take(12).map(|&m| state.move_text(m)).collect();
    if legal.len() > 12 {
        listed.push(format!("... ({} in all)", legal.len()));
    }
    let reason = state
        .illegal_reason(mv)
        .map_or(String::new(), |r| format!(": {r}"));
    format!(
        "'{text}' is not legal for seat {mover} in phase '{}'{reason}; legal: {}",
        state.phase(),
        listed.join(", ")
    )
}

/// Why a hidden seat's move is refused in `observer`'s view. Its legal moves are not listed:
/// they would name the guessed cards; the forms the view writes hidden cards in are.
fn hidden_illegal_message<G: Rules>(state: &G, text: &str, mover: Seat, observer: Seat) -> String {
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let mut forms: Vec<String> = legal
        .iter()
        .map(|&m| state.history_text(m, Some(observer)))
        .filter(|t| t.contains("??"))
        .collect();
    forms.dedup();
    let hint = if forms.is_empty() {
        String::new()
    } else {
        format!(
            "; seat {observer} did not see this seat's cards: write them as ?? ({})",
            forms.join(", ")
        )
    };
    format!(
        "'{text}' is not legal for seat {mover} in phase '{}' with any hand it could hold{hint}",
        state.phase()
    )
}

/// Moves `cards` into `mover`'s hidden hand, swapping out cards the observer placed there
/// (never one of `kept`); returns the swaps, `(card shown, card given back)`. A position is only touched where a guess
/// must change (refilling reorders a talon).
fn reveal<G: Game>(
    state: &mut G,
    observer: Seat,
    mover: Seat,
    cards: CardSet,
    kept: CardSet,
) -> Result<Vec<(Card, Card)>, String> {
    let mut unseen = state.unseen(observer);
    let mut swaps = Vec::new();
    for card in cards {
        if state.hand(mover).contains(card) || unseen.places[mover].contains(card) {
            continue;
        }
        let Some(from) = unseen.place_of(card) else {
            return Err(format!(
                "seat {mover} cannot hold {card:?}: seat {observer} sees it elsewhere"
            ));
        };
        let Some(give_back) = (unseen.places[mover] - kept).lowest() else {
            return Err(format!("seat {mover} has no hidden card left to show"));
        };
        unseen.places[from].remove(card);
        unseen.places[from].insert(give_back);
        unseen.places[mover].remove(give_back);
        unseen.places[mover].insert(card);
        swaps.push((card, give_back));
    }
    let swapped = state.swap_unseen(observer, &swaps);
    debug_assert!(swapped, "every swapped card is unseen");
    Ok(swaps)
}

/// `moves` in move notation, played one after another from `start`.
pub(crate) fn move_texts<G: Rules>(start: &G, moves: &[G::Move]) -> Vec<String> {
    written(start, moves, |at, mv| at.move_text(mv))
}

/// `moves` in the notation of a position's history ([`Rules::history_text`]), played one after
/// another from `start`, as `observer` (`None`: everybody) writes them.
pub(crate) fn history_texts<G: Rules>(
    start: &G,
    moves: &[G::Move],
    observer: Option<Seat>,
) -> Vec<String> {
    written(start, moves, |at, mv| at.history_text(mv, observer))
}

/// `write` of each of `moves`, in the position it is played in, from `start` on.
fn written<G: Rules, T>(start: &G, moves: &[G::Move], write: impl Fn(&G, G::Move) -> T) -> Vec<T> {
    let mut at = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = write(&at, mv);
            // A view's guessed hands can make its replay part from the table's: a move of a
            // kind the position does not ask for is written but not played.
            if at.move_kind_fits(mv) {
                at.play_unchecked(mv);
            }
            text
        })
        .collect()
}

/// `moves`, played one after another from `start`, as `observer` writes them
/// ([`Rules::view_move_text`]); `None` if one has no notation for the seat.
fn view_move_texts<G: Rules>(start: &G, moves: &[G::Move], observer: Seat) -> Option<Vec<String>> {
    written(start, moves, |at, mv| at.view_move_text(mv, observer))
        .into_iter()
        .collect()
}

/// A position as the routes write it: the rules, whose view it is, the hand as dealt and the
/// moves since (where known), and the snapshot of the hand now. The canonical form has no
/// `version`.
#[derive(Serialize)]
struct PositionJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<u8>,
    game: &'static str,
    variant: &'static str,
    options: Value,
    view: Option<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deal: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<String>>,
    state: Value,
}

impl PositionJson {
    /// `position` as `view` (`None`: everybody) sees it, without its deal and moves.
    fn snapshot<G: Rules>(position: &Position<G>, view: Option<Seat>) -> PositionJson {
        PositionJson {
            version: Some(1),
            game: G::NAME,
            variant: position.state.variant_name(),
            options: position.state.options_json(),
            view,
            deal: None,
            moves: None,
            state: position.state.state_json(view),
        }
    }

    fn json(self) -> Value {
        serde_json::to_value(self).expect("a position serialises")
    }
}

/// The position as JSON, in both forms where the history is known; a view's moves that its
/// seat did not see in their hidden notation ([`Rules::history_text`]), never with the cards
/// the view guessed for them.
pub fn position_json<G: Rules>(position: &Position<G>) -> Value {
    let view = position.view;
    let mut out = PositionJson::snapshot(position, view);
    if let Some((start, moves)) = &position.history {
        out.moves = Some(history_texts(start, moves, view));
        out.deal = Some(match view {
            Some(observer) => start.view_deal_json(moves, observer),
            None => start.deal_json(None),
        });
    }
    out.json()
}

/// `observer`'s view of `position` (a complete one, or one read from a view) as the seat
/// writes it: as [`position_json`], with the moves the seat did not see in their hidden
/// notation, or the snapshot alone where the game has none yet for one of them.
fn view_json<G: Rules>(position: &Position<G>, observer: Seat) -> Value {
    let mut out = PositionJson::snapshot(position, Some(observer));
    if let Some((start, moves)) = &position.history {
        out.moves = view_move_texts(start, moves, observer);
        out.deal = out
            .moves
            .is_some()
            .then(|| start.view_deal_json(moves, observer));
    }
    out.json()
}

/// `POST /v1/{game}/view`: `{position, seat}`, a complete position → `{seat, position}`,
/// `seat`'s view of it: the cards the seat does not see as counts, the moves it did not see in
/// the game's notation for them.
pub fn view<G: Rules>(body: &Value) -> ApiResult {
    let (position, extra) = position_request::<G>(body, &["seat"])?;
    let mut problems = Problems::default();
    if position.view.is_some() {
        problems.push(
            "position.view",
            "already a view: give the complete position (view null) and the seat",
        );
    }
    let seats = position.state.seats();
    let seat = match extra[0] {
        None => {
            problems.push("seat", "missing: the seat whose view to answer");
            None
        }
        Some(v) => {
            let seat = v.as_u64().filter(|&s| (s as usize) < seats);
            if seat.is_none() {
                problems.push("seat", format!("expected a seat 0..{}, got {v}", seats - 1));
            }
            seat.map(|s| s as Seat)
        }
    };
    let seat = problems
        .result(seat)?
        .ok_or(ApiError::Invalid(Problems::default()))?;
    Ok(json!({ "seat": seat, "position": view_json(&position, seat) }))
}

/// `POST /v1/{game}/deal`: `{variant, options, seed, ...}` → `{position}`.
pub fn deal<G: Rules>(body: &Value) -> ApiResult {
    let mut problems = Problems::default();
    let mut fields = Fields::of(body, "", &mut problems);
    let variant = fields.string("variant", &mut problems);
    let options = fields.get("options");
    let seed = fields.get("seed");
    let seed = seed.and_then(|v| unsigned(v, "seed", &mut problems));
    let seed = seed.unwrap_or(0);
    let config = resolved_config::<G>(variant, options, "", &mut problems);
    let dealt = config.and_then(|c| G::deal(&c, seed, &mut fields, &mut problems));
    fields.finish(&mut problems);
    let state = problems
        .result(dealt)?
        .ok_or(ApiError::Invalid(Problems::default()))?;
    let position = Position {
        state: state.clone(),
        history: Some((state, Vec::new())),
        view: None,
    };
    Ok(json!({ "seed": seed, "position": position_json(&position) }))
}

/// Reads `{position, ...}` and returns the position and the other fields.
pub(crate) fn position_request<'a, G: Rules>(
    body: &'a Value,
    extra: &[&'static str],
) -> Result<(Position<G>, Vec<Option<&'a Value>>), ApiError> {
    let mut problems = Problems::default();
    let mut fields = Fields::of(body, "", &mut problems);
    let position = fields.get("position");
    let others: Vec<Option<&Value>> = extra.iter().map(|&k| fields.get(k)).collect();
    fields.finish(&mut problems);
    let Some(position) = position else {
        problems.push("position", "missing");
        return Err(problems.into());
    };
    let parsed = parse_position::<G>(position, "position");
    match parsed {
        Ok(p) if problems.is_empty() => Ok((p, others)),
        Ok(_) => Err(problems.into()),
        Err(more) => {
            problems.extend(more);
            Err(problems.into())
        }
    }
}

/// The seat to act, checked against the view: a view cannot list a hidden seat's moves.
pub(crate) fn acting_seat<G: Rules>(position: &Position<G>) -> Result<Option<Seat>, ApiError> {
    let to_move = position.state.to_move();
    match (to_move, position.view) {
        (Some(seat), Some(observer)) if position.state.decider(seat) != observer => Err(Problems::single(
            "position.view",
            format!("seat {seat} is to move, but this is seat {observer}'s view: seat {seat}'s cards are hidden"),
        )
        .into()),
        _ => Ok(to_move),
    }
}

/// Whose turn it is in a hand: the seat to move and the seat that decides its move (bridge:
/// the declarer for dummy), the phase and the contract once fixed. Every answer about a
/// position says it.
#[derive(Serialize)]
pub(crate) struct Turn {
    to_move: Option<Seat>,
    decides: Option<Seat>,
    phase: &'static str,
    contract: Option<Value>,
}

impl Turn {
    pub(crate) fn of<G: Rules>(state: &G) -> Turn {
        let to_move = state.to_move();
        Turn {
            to_move,
            decides: to_move.map(|seat| state.decider(seat)),
            phase: state.phase(),
            contract: state.contract_json(),
        }
    }
}

/// What the routes that list or play moves say of the hand: its [`Turn`], and once the hand
/// is over its result (scores, the match after it).
#[derive(Serialize)]
pub(crate) struct Standing {
    #[serde(flatten)]
    turn: Turn,
    over: bool,
    result: Option<Value>,
}

impl Standing {
    pub(crate) fn of<G: Rules>(state: &G) -> Standing {
        let over = state.is_over();
        Standing {
            turn: Turn::of(state),
            over,
            result: over.then(|| state.result_json()).flatten(),
        }
    }
}

/// The legal-moves route's answer: the hand's standing, and how many legal moves there are,
/// listed (some of them only, where `compact` describes them all).
#[derive(Serialize)]
struct LegalMoves {
    #[serde(flatten)]
    standing: Standing,
    count: u64,
    moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    compact: Option<Value>,
}

/// `POST /v1/{game}/legal-moves`: `{position}` → the seat to move, the seat that decides, its
/// legal moves, and the result once the hand is over.
pub fn legal_moves<G: Rules>(body: &Value) -> ApiResult {
    let (position, _) = position_request::<G>(body, &[])?;
    acting_seat(&position)?;
    let state = &position.state;
    let standing = Standing::of(state);
    let answer = match state.compact_legal_moves() {
        Some(compact) => LegalMoves {
            standing,
            count: compact.count,
            moves: compact.listed,
            compact: Some(compact.described),
        },
        None => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let moves: Vec<String> = moves.iter().map(|&m| state.move_text(m)).collect();
            let count = moves.len() as u64;
            LegalMoves {
                standing,
                count,
                moves,
                compact: None,
            }
        }
    };
    Ok(serde_json::to_value(answer).expect("an answer serialises"))
}

/// The play route's answer: the standing after the move, the move and the position it leads to.
#[derive(Serialize)]
struct Played<'a> {
    #[serde(flatten)]
    standing: Standing,
    played: &'a str,
    position: Value,
}

/// `POST /v1/{game}/play`: `{position, move}` → the next position, and the result once over.
pub fn play<G: Rules>(body: &Value) -> ApiResult {
    let (mut position, extra) = position_request::<G>(body, &["move"])?;
    let Some(text_value) = extra[0] else {
        return Err(Problems::single("move", "missing").into());
    };
    let Some(text) = text_value.as_str() else {
        return Err(Problems::single(
            "move",
            format!("expected a string, got {}", kind(text_value)),
        )
        .into());
    };
    let mv = apply(&mut position.state, text, &[], position.view)
        .map_err(|m| Problems::single("move", m))?;
    if let Some((_, moves)) = &mut position.history {
        moves.push(mv);
    }
    let answer = Played {
        standing: Standing::of(&position.state),
        played: text,
        position: position_json(&position),
    };
    Ok(serde_json::to_value(answer).expect("an answer serialises"))
}

/// The canonical form of a request's position, for cache keys: the game, the rules (variant
/// and every option's value) and the snapshot of the hand now, as the engine writes them. Two
/// requests that give one position in different forms (snapshot, or deal and moves; options
/// spelled out or left to the preset) get the same text. The body's other fields are ignored.
pub fn canonical<G: Rules>(body: &Value) -> ApiResult {
    let Some(position) = body.get("position") else {
        return Err(Problems::single("position", "missing").into());
    };
    let position = parse_position::<G>(position, "position")?;
    let snapshot = PositionJson::snapshot(&position, position.view);
    Ok(PositionJson {
        version: None,
        ..snapshot
    }
    .json())
}
