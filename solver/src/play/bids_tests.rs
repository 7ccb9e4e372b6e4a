//! Bids valued by the play they lead to: every move's value against the heuristic's playout of
//! it computed apart, a pass that is clearly right chosen, and one answer per seed.

use super::bids::{value_bids, BidBudget, BidEstimate};
use super::deal;
use super::determinize::{Determinizer, TrueWorld, ViewSampler};
use crate::cancel::Cancel;
use crate::game::{Game, Seat};
use crate::games::marjapussi::{Marjapussi, Move};
use crate::heuristic::Heuristic;
use crate::hidden::pimc::world_rng;
use crate::rng::Rng;
use std::time::Duration;

fn budget(playouts: u64) -> BidBudget {
    BidBudget {
        playouts,
        time: Duration::from_secs(600),
        cancel: Cancel::NEVER,
    }
}

/// `state` after `mv`, finished by the heuristic at every seat, written out apart from the
/// rollout the evaluator uses.
fn heuristic_end(state: &Marjapussi, mv: Move, rng: &mut Rng) -> Marjapussi {
    let mut hand = state.clone();
    hand.play(mv).expect("a legal move");
    while !hand.is_over() {
        let next = hand.heuristic_move(rng);
        hand.play(next).expect("the heuristic's move is legal");
    }
    hand
}

fn score(estimate: &BidEstimate<Move>, mv: Move) -> (f64, f64, usize) {
    let m = estimate.moves.iter().find(|m| m.estimate.mv == mv).unwrap();
    let (mean, half_width) = m.estimate.score.unwrap();
    (mean, half_width, m.worlds)
}

#[test]
fn with_every_card_seen_each_bid_is_worth_the_heuristics_playout_of_it() {
    for seed in 1..6 {
        let state: Marjapussi = deal("huutopussi", seed).unwrap();
        assert!(state.is_bid());
        let seat = state.to_move().unwrap();
        let estimate = value_bids(&state, seat, &mut TrueWorld, seed, &budget(2_000));
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        let mut best: Option<(i32, Move)> = None;
        for &mv in &legal {
            let end = heuristic_end(&state, mv, &mut Rng::seeded(0));
            let payoff = end.payoff()[seat];
            let (mean, half_width, worlds) = score(&estimate, mv);
            assert!(worlds >= 1, "seed {seed}: {mv:?} was played");
            assert_eq!(
                (mean, half_width),
                (f64::from(payoff), 0.0),
                "seed {seed} {mv:?}"
            );
            if best.is_none_or(|(b, _)| payoff > b) {
                best = Some((payoff, mv));
            }
        }
        assert_eq!(estimate.best, best.map(|(_, mv)| mv), "seed {seed}");
        assert!(!estimate.timed_out);
    }
}

/// Huutopussi seeded `seed`, the forehand having opened at `bid`: the next seat to act.
fn after_opening(seed: u64, bid: i32) -> (Marjapussi, Vec<Move>, Marjapussi) {
    let start: Marjapussi = deal("huutopussi", seed).unwrap();
    let mut state = start.clone();
    state.play(Move::Bid(bid)).unwrap();
    (start, vec![Move::Bid(bid)], state)
}

#[test]
fn an_opponents_contract_out_of_reach_is_passed_in_every_world() {
    // Bids from 400 need 400 of the hand's 440 points: out of the heuristic's reach, so the
    // opponent who opened 400 fails its contract, and every bid over it is a contract of ours
    // that fails.
    let (start, history, state) = after_opening(3, 400);
    let seat = state.to_move().unwrap();
    assert_ne!(state.side(seat), start.side(start.to_move().unwrap()));
    let seed = 11;
    let estimate = value_bids(
        &state,
        seat,
        &mut ViewSampler::of_view(&start, &history, &state, seat),
        seed,
        &budget(3_000),
    );
    assert_eq!(estimate.best, Some(Move::Pass));
    // The pass's mean, computed again from the same worlds: each drawn as the evaluator draws
    // world `i`, the pass played, the hand finished by the heuristic.
    let (mean, _, worlds) = score(&estimate, Move::Pass);
    assert_eq!(
        worlds, estimate.worlds,
        "the best move stays in every round"
    );
    let mut sampler = ViewSampler::of_view(&start, &history, &state, seat);
    let mut total = 0.0;
    for i in 0..worlds as u64 {
        let mut rng = world_rng(seed, i);
        let world = sampler.determinize(&state, seat, &mut rng);
        let end = heuristic_end(&world, Move::Pass, &mut rng);
        assert_eq!(end.declarer.map(usize::from), start.to_move());
        let made = end.result.and_then(|r| r.made);
        assert_eq!(
            made,
            Some(false),
            "world {i}: the opponents' contract fails"
        );
        total += f64::from(end.payoff()[seat]);
    }
    assert_eq!(mean, total / worlds as f64);
    for m in estimate
        .moves
        .iter()
        .filter(|m| m.estimate.mv != Move::Pass)
    {
        assert!(m.estimate.score.unwrap().0 < 0.0, "{:?}", m.estimate.mv);
    }
}

#[test]
fn a_seed_gives_one_answer() {
    let (start, history, state) = after_opening(5, 50);
    let seat: Seat = state.to_move().unwrap();
    let run = |seed| {
        let mut sampler = ViewSampler::of_view(&start, &history, &state, seat);
        let e = value_bids(&state, seat, &mut sampler, seed, &budget(4_000));
        let scores: Vec<_> = e
            .moves
            .iter()
            .map(|m| (m.estimate.score, m.worlds))
            .collect();
        (e.best, e.worlds, e.playouts, scores)
    };
    let first = run(7);
    assert_eq!(first, run(7));
    assert_ne!(first.3, run(8).3, "another seed draws other worlds");
    assert!(first.2 <= 4_000 + first.3.len() as u64);
}
