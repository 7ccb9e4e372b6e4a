//! The conformance suite that every game passes, generic over [`Rules`].
//!
//! From seeded deals it plays random legal moves to the end and checks at every step: the
//! legal moves are accepted by the checked play and the move notation round-trips; every card
//! is in exactly one place; the snapshot parses back to the same position; the history
//! (deal plus moves) replays to the same position; the hand ends within a bound, and its
//! payoffs lie within the game's declared bounds.

use crate::api::{parse_position, position_json, Position, Rules};
use crate::cards::CardSet;
use crate::games::seeded::deal_with;
use crate::problems::Problems;
use crate::rng::Rng;
use serde_json::{json, Value};

/// Checks one position; panics with a description of the first broken invariant.
pub fn check_position<G: Rules>(state: &G, what: &str) {
    let mut union = CardSet::EMPTY;
    for place in state.card_places() {
        assert!(!union.intersects(place), "{what}: a card is in two places");
        union |= place;
    }
    assert_eq!(union, state.deck(), "{what}: cards are missing or foreign");
    let snapshot = state.state_json(None);
    let wrapped = json!({ "variant": state.variant_name(), "options": state.options_json(), "state": snapshot });
    let parsed: Position<G> = parse_position(&wrapped, "position")
        .unwrap_or_else(|p| panic!("{what}: snapshot does not parse: {p:?}"));
    assert_eq!(
        parsed.state.state_json(None),
        snapshot,
        "{what}: snapshot round trip"
    );
    assert_eq!(
        parsed.state.key(),
        state.key(),
        "{what}: key changes on round trip"
    );
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    assert_eq!(
        moves.is_empty(),
        state.is_over(),
        "{what}: legal moves exist exactly while the hand goes on"
    );
    for &mv in &moves {
        let text = state.move_text(mv);
        assert_eq!(
            state.parse_move(&text),
            Ok(mv),
            "{what}: notation of {text}"
        );
        let mut next = state.clone();
        assert!(
            next.play(mv).is_ok(),
            "{what}: checked play refuses legal {text}"
        );
    }
}

/// Deals `hands` seeded hands of `variant` with `options` and plays them out at random,
/// checking every position on the way. Returns the number of moves played.
pub fn random_hands<G: Rules>(
    variant: &str,
    options: &Value,
    seeds: std::ops::Range<u64>,
    move_limit: usize,
) -> u64 {
    let mut problems = Problems::default();
    let config = G::config(Some(variant), Some(options), "", &mut problems)
        .unwrap_or_else(|| panic!("{problems:?}"));
    let mut total = 0;
    let mut moves = Vec::new();
    for seed in seeds {
        let start: G = deal_with(&config, seed).expect("a seeded deal");
        let mut state = start.clone();
        let mut history = Vec::new();
        let mut rng = Rng::seeded(seed);
        while !state.is_over() {
            let what = format!("{variant} seed {seed} move {}", history.len());
            check_position(&state, &what);
            assert!(history.len() < move_limit, "{what}: the hand does not end");
            state.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            state.play_unchecked(mv);
            history.push(mv);
        }
        check_position(&state, &format!("{variant} seed {seed} at the end"));
        let (lo, hi) = state.payoff_bounds();
        for seat in 0..state.seats() {
            let v = state.payoff()[seat];
            assert!(
                (lo..=hi).contains(&v),
                "{variant} seed {seed}: payoff {v} outside {lo}..={hi}"
            );
        }
        let position = Position {
            state: state.clone(),
            history: Some((start, history.clone())),
            view: None,
        };
        let replayed: Position<G> = parse_position(&position_json(&position), "position")
            .unwrap_or_else(|p| panic!("{variant} seed {seed}: replay: {p:?}"));
        assert_eq!(
            replayed.state.state_json(None),
            state.state_json(None),
            "{variant} seed {seed}: replay"
        );
        total += history.len() as u64;
    }
    total
}
