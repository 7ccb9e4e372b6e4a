//! Views written as deal and moves, as a client sends them (hidden hands as counts, unseen
//! passed cards as `??`, asks with their answers), taken at every move of randomly played hands
//! of every game: the knowledge replays every history of legal moves, reaches what the seat saw,
//! and allows the true deal.

use super::{Knowledge, Observable};
use crate::api::{history_texts, parse_position, Position};
use crate::game::MAX_PLACES;
use crate::problems::{Fields, Problems};
use crate::rng::Rng;
use serde_json::{json, Value};

/// A hand of `variant` (with `options`) dealt from `seed` and played with random legal moves
/// to the end: the start and the moves.
pub(super) fn played_hand<G: Observable>(
    variant: &str,
    options: &Value,
    seed: u64,
) -> (G, Vec<G::Move>) {
    let mut problems = Problems::default();
    let config = G::config(Some(variant), Some(options), "", &mut problems).expect("a variant");
    let empty = json!({});
    let mut fields = Fields::of(&empty, "", &mut problems);
    let start = G::deal(&config, seed, &mut fields, &mut problems).expect("a deal");
    let mut state = start.clone();
    let mut rng = Rng::seeded(seed);
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    while !state.is_over() {
        state.legal_moves(&mut legal);
        let mv = legal[rng.below(legal.len())];
        state.play_unchecked(mv);
        moves.push(mv);
    }
    (start, moves)
}

/// `observer`'s view of the hand `start` after `moves`, in the history form a client sends:
/// the deal as the seat saw it, the moves as it wrote them (answers said, unseen cards `??`).
pub(super) fn history_view<G: Observable>(
    start: &G,
    moves: &[G::Move],
    observer: usize,
) -> Position<G> {
    let sent = json!({
        "version": 1,
        "game": G::NAME,
        "variant": start.variant_name(),
        "options": start.options_json(),
        "view": observer,
        "deal": start.view_deal_json(moves, observer),
        "moves": history_texts(start, moves, Some(observer)),
    });
    parse_position::<G>(&sent, "position").unwrap_or_else(|p| panic!("{p:?}\n{sent}"))
}

/// Of the views of `hands` played hands at every move, for every seat: how many there are and
/// how many the knowledge accepts; each accepted one must allow the true deal.
fn acceptance<G: Observable>(variant: &str, options: Value, hands: u64) -> (usize, usize) {
    let (mut views, mut accepted) = (0, 0);
    for seed in 0..hands {
        let (start, moves) = played_hand::<G>(variant, &options, seed);
        let mut truth = start.clone();
        for k in 0..moves.len() {
            for observer in 0..start.seats() {
                let view = history_view(&start, &moves[..k], observer);
                views += 1;
                let Ok(knowledge) = Knowledge::of_position(&view).expect("a view") else {
                    continue;
                };
                accepted += 1;
                assert_eq!(
                    view.state.state_json(Some(observer)),
                    truth.state_json(Some(observer)),
                    "{variant} seed {seed} move {k} seat {observer}: the view replays elsewhere"
                );
                let real = truth.unseen(observer);
                for place in 0..MAX_PLACES {
                    for card in real.places[place] {
                        assert!(
                            knowledge.allowed(card) & 1 << place != 0,
                            "{variant} seed {seed} move {k} seat {observer}: {} ruled out of place {place}",
                            truth.card_name(card)
                        );
                    }
                }
            }
            truth.play_unchecked(moves[k]);
        }
    }
    (views, accepted)
}

fn all_accepted<G: Observable>(variant: &str, options: Value, hands: u64) {
    let (views, accepted) = acceptance::<G>(variant, options, hands);
    eprintln!("{variant}: {accepted} of {views} views accepted");
    assert_eq!(
        accepted, views,
        "{variant}: {accepted} of {views} views accepted"
    );
}

#[test]
fn every_played_bridge_view_replays() {
    all_accepted::<crate::games::bridge::Bridge>("bridge", json!({}), 6);
}

#[test]
fn every_played_marjapussi_view_replays() {
    use crate::games::marjapussi::Marjapussi;
    for variant in ["marjapussi", "huutopussi", "erlangen"] {
        all_accepted::<Marjapussi>(variant, json!({}), 6);
    }
}

#[test]
fn every_played_mu_view_replays() {
    all_accepted::<crate::games::mu::Mu>("mu4", json!({}), 4);
}

#[test]
fn every_played_muschik_view_replays() {
    for variant in ["muschik", "muschik4", "muschik3", "muschik2"] {
        all_accepted::<crate::games::muschik::Muschik>(variant, json!({}), 4);
    }
}
