//! Bids and the other choices before the play valued by the play they lead to: every move's
//! value against the heuristic's playout of it computed apart, a pass that is clearly right
//! chosen, one answer per seed, and the candidates of an exchange (the heuristic's choice and
//! its single swaps), legal and distinct.

use super::bids::{value_choices, BidBudget, BidEstimate};
use super::deal;
use super::determinize::{Determinizer, TrueWorld, ViewSampler};
use crate::api::Rules;
use crate::cancel::Cancel;
use crate::cards::CardSet;
use crate::game::{Game, Seat};
use crate::games::marjapussi::{Marjapussi, Move};
use crate::games::mu::Mu;
use crate::games::muschik::Muschik;
use crate::heuristic::{single_swaps, Decision, Heuristic};
use crate::hidden::pimc::world_rng;
use crate::rng::Rng;
use crate::search::Searchable;
use std::collections::BTreeSet;
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
    let mut hand = *state;
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
        assert_eq!(state.valued().map(|v| v.decision), Some(Decision::Bid));
        let seat = state.to_move().unwrap();
        let estimate = value_choices(&state, seat, &mut TrueWorld, seed, &budget(2_000));
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
    let mut state = start;
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
    let estimate = value_choices(
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
        let e = value_choices(&state, seat, &mut sampler, seed, &budget(4_000));
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

/// The first position of the heuristic's hand dealt from `seed` in `variant` (its preset) in
/// `phase`, with the hand as dealt and the moves since, if the hand reaches it.
fn reach<G: Rules + Heuristic>(
    variant: &str,
    seed: u64,
    phase: &str,
) -> Option<(G, Vec<G::Move>, G)> {
    let start: G = deal(variant, seed).unwrap();
    let mut state = start.clone();
    let mut history = Vec::new();
    let mut rng = Rng::seeded(seed);
    while !state.is_over() {
        if state.phase() == phase {
            return Some((start, history, state));
        }
        let mv = state.heuristic_move(&mut rng);
        state.play(mv).expect("the heuristic's move is legal");
        history.push(mv);
    }
    None
}

#[test]
fn single_swaps_are_the_choice_then_each_one_card_swap_once() {
    let pool: CardSet = (0..9).map(crate::cards::Card::new).collect();
    let chosen: CardSet = [1, 4, 7].into_iter().map(crate::cards::Card::new).collect();
    let mut out = Vec::new();
    single_swaps(pool, chosen, |s| s, &mut out);
    assert_eq!(out[0], chosen);
    assert_eq!(out.len(), 1 + 3 * 6);
    let distinct: BTreeSet<u64> = out.iter().map(|s| s.bits()).collect();
    assert_eq!(distinct.len(), out.len());
    for s in &out[1..] {
        assert!(s.is_subset(pool) && s.len() == 3, "{s:?}");
        assert_eq!((*s & chosen).len(), 2, "{s:?}: one card swapped");
    }
}

/// The candidates of a valued decision: distinct legal moves, the heuristic's first where they
/// are not every legal move (then `swaps` of them), every legal move where they are.
fn check_candidates<G: Rules + Heuristic>(state: &G, swaps: impl Fn(&[G::Move]) -> usize) {
    let valued = state.valued().expect("a valued decision");
    let mut candidates = Vec::new();
    state.candidates(&mut candidates);
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    for mv in &candidates {
        assert!(legal.contains(mv), "{mv:?} is not legal");
    }
    let texts: BTreeSet<String> = candidates.iter().map(|&m| state.move_text(m)).collect();
    assert_eq!(texts.len(), candidates.len(), "a candidate twice");
    if valued.every_move {
        assert_eq!(candidates.len(), legal.len());
    } else {
        assert_eq!(candidates[0], state.heuristic_move(&mut Rng::seeded(0)));
        assert_eq!(candidates.len(), 1 + swaps(&legal), "{}", state.phase());
        assert!(candidates.len() < legal.len());
    }
}

#[test]
fn exchanges_and_discards_are_valued_among_the_heuristics_choice_and_its_swaps() {
    // Huutopussi: the partner gives 3 of its 9 cards, the declarer returns 3 of its 12;
    // huutopussi3: the declarer discards 3 of 15 (aces and tens kept): 3 times the cards not
    // chosen swaps.
    let swaps = |legal: &[Move]| {
        let pool = legal.iter().fold(CardSet::EMPTY, |pool, mv| match mv {
            Move::Give(s) | Move::Return(s) | Move::Discard(s) => pool | *s,
            _ => panic!("{mv:?} is not a set of cards"),
        });
        3 * (pool.len() as usize - 3)
    };
    for (variant, phase, pool) in [
        ("huutopussi", "exchange_give", 9),
        ("huutopussi", "exchange_return", 12),
        ("huutopussi3", "discard", 15),
    ] {
        let mut reached = 0;
        for seed in 1..8 {
            let Some((_, _, state)) = reach::<Marjapussi>(variant, seed, phase) else {
                continue;
            };
            assert_eq!(
                state.valued().map(|v| (v.decision, v.every_move)),
                Some((Decision::Exchange, false))
            );
            let mut legal = Vec::new();
            state.legal_moves(&mut legal);
            assert!(swaps(&legal) <= 3 * (pool - 3));
            check_candidates(&state, swaps);
            reached += 1;
        }
        assert!(reached >= 3, "{variant} {phase}: {reached} hands");
    }
    let (_, _, contract) = reach::<Marjapussi>("huutopussi", 1, "set_contract").unwrap();
    check_candidates(&contract, |_| 0);
    let (_, _, doubled) = reach::<Marjapussi>("erlangen", 1, "exchange_give").unwrap();
    assert_eq!(
        doubled.valued(),
        None,
        "Kontra/Re's exchanges are not valued"
    );
}

/// With every card seen, each candidate of `state` is worth the heuristic's playout of it, and
/// the best is the first candidate of the best playout plus the seat's own play's edge.
fn each_candidate_is_worth_its_playout<G: Rules + Searchable + Heuristic>(state: &G, seed: u64) {
    let seat = state.to_move().unwrap();
    let estimate = value_choices(state, seat, &mut TrueWorld, seed, &budget(3_000));
    let mut candidates = Vec::new();
    state.candidates(&mut candidates);
    assert_eq!(estimate.moves.len(), candidates.len());
    let mut best: Option<(f64, G::Move)> = None;
    for (m, &mv) in estimate.moves.iter().zip(&candidates) {
        assert_eq!(m.estimate.mv, mv);
        let mut hand = state.clone();
        hand.play(mv).expect("a legal candidate");
        let mut rng = Rng::seeded(0);
        while !hand.is_over() {
            let next = hand.heuristic_move(&mut rng);
            hand.play(next).expect("the heuristic's move is legal");
        }
        let payoff = f64::from(hand.payoff()[seat]);
        assert_eq!(m.estimate.score, Some((payoff, 0.0)), "{mv:?}");
        let ranked = payoff + state.own_play_edge(mv);
        if best.is_none_or(|(b, _)| ranked > b) {
            best = Some((ranked, mv));
        }
    }
    assert_eq!(estimate.best, best.map(|(_, mv)| mv));
}

#[test]
fn with_every_card_seen_each_choice_is_worth_the_heuristics_playout_of_it() {
    for seed in 1..4 {
        for (variant, phase) in [
            ("huutopussi", "exchange_give"),
            ("huutopussi", "set_contract"),
            ("huutopussi", "exchange_return"),
            ("huutopussi3", "discard"),
        ] {
            if let Some((_, _, state)) = reach::<Marjapussi>(variant, seed, phase) {
                each_candidate_is_worth_its_playout(&state, seed);
            }
        }
    }
    let muschik = (1..20).find_map(|seed| reach::<Muschik>("muschik", seed, "exchange"));
    let (_, _, muschik) = muschik.expect("a muschik exchange");
    each_candidate_is_worth_its_playout(&muschik, 3);
    let join: Muschik = deal("muschik", 2).unwrap();
    let valued = join.valued().map(|v| (v.decision, v.auto));
    assert_eq!(valued, Some((Decision::Participation, true)));
    each_candidate_is_worth_its_playout(&join, 2);
    let mut mu_phases = BTreeSet::new();
    for seed in 1..40 {
        for phase in ["vice_trump", "chief_trump", "partner"] {
            if let Some((_, _, mu)) = reach::<Mu>("mu4", seed, phase) {
                assert!(mu.valued().is_some(), "{phase}");
                each_candidate_is_worth_its_playout(&mu, seed);
                mu_phases.insert(phase);
            }
        }
    }
    assert!(
        mu_phases.contains("chief_trump") && mu_phases.contains("partner"),
        "{mu_phases:?}"
    );
}

/// Muschik's joining is ranked by its mean score plus the edge of PIMC's play over the rule's
/// that its playouts play: the seat joins where that beats sitting out, also where the mean
/// alone does not.
#[test]
fn muschik_joins_where_its_mean_score_and_the_play_s_edge_beat_sitting_out() {
    use crate::games::muschik::Move as Choice;
    let mut joined_below_out = 0;
    for seed in 0..12 {
        let start: Muschik = deal("muschik", seed).unwrap();
        let (mut state, mut history) = (start.clone(), Vec::new());
        while state.phase() == "participation" {
            let seat = state.to_move().unwrap();
            if state.valued().is_some() {
                let mut worlds = ViewSampler::of_view(&start, &history, &state, seat);
                let e = value_choices(&state, seat, &mut worlds, seed, &budget(4_000));
                let score = |mv| {
                    e.moves
                        .iter()
                        .find(|m| m.estimate.mv == mv)
                        .unwrap()
                        .estimate
                        .score
                };
                let mean = |mv| score(mv).expect("a score").0;
                let (join, out) = (mean(Choice::In), mean(Choice::Out));
                let edge = state.own_play_edge(Choice::In);
                assert!(edge > 0.0 && state.own_play_edge(Choice::Out) == 0.0);
                let best = if join + edge >= out {
                    Choice::In
                } else {
                    Choice::Out
                };
                assert_eq!(e.best, Some(best), "seed {seed}: {join} {out}");
                joined_below_out += usize::from(best == Choice::In && join < out);
            }
            let mv = state.heuristic_move(&mut Rng::seeded(seed));
            state.play(mv).expect("the heuristic's move is legal");
            history.push(mv);
        }
    }
    assert!(joined_below_out > 0, "no seat joined below sitting out");
}

#[test]
fn a_valued_exchange_is_legal_and_one_per_seed() {
    for (variant, phase) in [
        ("huutopussi", "exchange_return"),
        ("huutopussi3", "discard"),
    ] {
        let run = |(start, history, state): &(Marjapussi, Vec<Move>, Marjapussi), seed| {
            let seat = state.to_move().unwrap();
            let mut sampler = ViewSampler::of_view(start, history, state, seat);
            let e = value_choices(state, seat, &mut sampler, seed, &budget(3_000));
            let scores: Vec<_> = e
                .moves
                .iter()
                .map(|m| (m.estimate.mv, m.estimate.score, m.worlds))
                .collect();
            (e.best, e.worlds, scores)
        };
        // A hand where the choice matters: not every candidate scores alike.
        let (hand, first) = (1..20)
            .filter_map(|seed| reach::<Marjapussi>(variant, seed, phase))
            .map(|hand| {
                let first = run(&hand, 5);
                (hand, first)
            })
            .find(|(_, first)| first.2.iter().any(|m| m.1 != first.2[0].1))
            .expect("a hand whose candidates score apart");
        assert_eq!(first, run(&hand, 5), "{variant}: one answer per seed");
        let best = first.0.expect("a choice");
        assert!(hand.2.clone().play(best).is_ok(), "{variant}: {best:?}");
        assert_ne!(first.2, run(&hand, 6).2, "another seed draws other worlds");
    }
}
