//! ISMCTS: determinism, visit accounting, agreement with the exact search where every card is
//! seen, and legal moves in every phase of every game.

use super::deal;
use super::determinize::{TrueWorld, ViewSampler};
use super::ismcts::{analyze, Limit};
use super::rollout::RandomRollout;
use crate::cancel::Cancel;
use crate::game::Game;
use crate::games::bridge::Bridge;
use crate::games::marjapussi::config::Variant as MarjapussiVariant;
use crate::games::marjapussi::Marjapussi;
use crate::games::mu::config::Variant as MuVariant;
use crate::games::mu::Mu;
use crate::games::muschik::config::Variant as MuschikVariant;
use crate::games::muschik::Muschik;
use crate::games::mustamaija::config::Variant as MustamaijaVariant;
use crate::games::mustamaija::Mustamaija;
use crate::hidden::Observable;
use crate::rng::Rng;
use crate::search::{self, Budget};

#[test]
fn the_same_seed_gives_the_same_analysis() {
    let state: Marjapussi = deal("marjapussi", 3).unwrap();
    let seat = state.to_move().unwrap();
    let run = |seed| {
        let a = analyze(
            &state,
            seat,
            &mut ViewSampler::of_view(&state, &[], &state, seat),
            &mut RandomRollout,
            (Limit::Iterations(2_000), seed),
            None,
            &Cancel::NEVER,
        );
        (a.moves, a.best, a.iterations)
    };
    assert_eq!(run(11), run(11));
    assert_ne!(run(11).0, run(12).0);
}

#[test]
fn every_iteration_visits_one_root_move() {
    let state: Muschik = deal("muschik", 5).unwrap();
    let seat = state.to_move().unwrap();
    let a = analyze(
        &state,
        seat,
        &mut ViewSampler::of_view(&state, &[], &state, seat),
        &mut RandomRollout,
        (Limit::Iterations(3_000), 1),
        None,
        &Cancel::NEVER,
    );
    let visits: u64 = a.moves.iter().map(|m| u64::from(m.visits)).sum();
    assert_eq!(visits, 3_000);
    assert_eq!(a.iterations, 3_000);
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    assert_eq!(a.moves.len(), legal.len());
    let (low, high) = state.payoff_bounds();
    for m in &a.moves {
        assert!(legal.contains(&m.mv));
        assert!(
            (f64::from(low)..=f64::from(high)).contains(&m.value),
            "{m:?}"
        );
    }
    assert!(a.moves.windows(2).all(|w| w[0].visits >= w[1].visits));
}

#[test]
fn a_time_limit_ends_the_search() {
    let state: Bridge = deal("bridge", 2).unwrap();
    let limit = Limit::Time(std::time::Duration::from_millis(50));
    let mut worlds = ViewSampler::of_view(&state, &[], &state, 1);
    let a = analyze(
        &state,
        1,
        &mut worlds,
        &mut RandomRollout,
        (limit, 1),
        None,
        &Cancel::NEVER,
    );
    assert!(a.iterations > 0);
    assert!(a.elapsed.as_millis() < 1_000, "{:?}", a.elapsed);
}

/// Seeing every card, the search finds a move of the best exact value in bridge endings.
#[test]
fn seeing_every_card_it_agrees_with_the_exact_search() {
    for seed in 0..6 {
        let mut state: Bridge = deal("bridge", seed).unwrap();
        let mut rng = Rng::seeded(seed);
        let mut moves = Vec::new();
        while state.hand(0).len() > 3 || state.trick_len != 0 {
            state.legal_moves(&mut moves);
            state.play_unchecked(moves[rng.below(moves.len())]);
        }
        let seat = state.to_move().unwrap();
        let exact = search::analyze(&state, Some(seat), Budget::default());
        let a = analyze(
            &state,
            seat,
            &mut TrueWorld,
            &mut RandomRollout,
            (Limit::Iterations(20_000), seed),
            None,
            &Cancel::NEVER,
        );
        let best = a.best.unwrap();
        let chosen = exact.moves.iter().find(|s| s.mv == best).unwrap();
        assert_eq!(
            chosen.low, exact.value,
            "seed {seed}: {a:?} against {exact:?}"
        );
    }
}

/// Plays a hand of `variant` with every seat searching its own view; each choice is legal.
fn plays_a_hand<G: Observable>(variant: &str, seed: u64) {
    let start: G = deal(variant, seed).unwrap();
    let mut state = start.clone();
    let mut history = Vec::new();
    let mut moves = 0;
    while let Some(seat) = state.to_move() {
        let a = analyze(
            &state,
            seat,
            &mut ViewSampler::of_view(&start, &history, &state, seat),
            &mut RandomRollout,
            (Limit::Iterations(40), seed + moves),
            None,
            &Cancel::NEVER,
        );
        let mv = a.best.unwrap();
        assert!(state.play(mv).is_ok(), "{variant} seed {seed}: {mv:?}");
        history.push(mv);
        moves += 1;
        assert!(
            moves < 2_000,
            "{variant} seed {seed}: the hand does not end"
        );
    }
}

#[test]
fn it_plays_every_phase_of_every_game() {
    for variant in MarjapussiVariant::NAMES {
        plays_a_hand::<Marjapussi>(variant, 1);
    }
    for variant in MuschikVariant::NAMES {
        plays_a_hand::<Muschik>(variant, 3);
    }
    for variant in MuVariant::NAMES {
        plays_a_hand::<Mu>(variant, 4);
    }
    plays_a_hand::<Bridge>("bridge", 5);
}

#[test]
fn it_plays_every_phase_of_mustamaija() {
    for variant in MustamaijaVariant::NAMES {
        for seed in 2..8 {
            plays_a_hand::<Mustamaija>(variant, seed);
        }
    }
}
