//! Test support: exact values checked against plain minimax, and an analysis answer checked
//! against the answers for the positions after each of its moves, every request going through
//! [`handle`] as the service sends it.

use super::{handle, Route};
use crate::rng::Rng;
use crate::search::{self, maxn, minimax, Budget, Searchable};
use serde_json::{json, Value};
use std::fmt::Display;

/// Every root move's exact value of `g` equals plain minimax (no pruning, no table) of the
/// position after it; `what` names the position in a failure.
pub fn agrees_with_minimax<G: Searchable>(g: &G, what: impl Display) {
    let analysis = search::analyze(g, None, Budget::default());
    assert!(analysis.complete, "{what}");
    for scored in &analysis.moves {
        let mut child = g.clone();
        child.play_unchecked(scored.mv);
        let truth = minimax(&child, analysis.side);
        assert_eq!(
            (scored.low, scored.high),
            (truth, truth),
            "{what}: {:?}",
            scored.mv
        );
    }
}

/// Every pair of moves the search merges at `g` (a move left out by
/// [`Searchable::merge_equivalent`] with the one kept, and, as max^n merges, a legal move
/// [`Searchable::equivalent`] to an earlier one) leads to positions of one minimax value for
/// every side, and, where the sides' values do not sum to zero (max^n), of one max^n vector
/// for every asking seat: a merged move's value is copied from its twin, never searched.
/// Returns the number of pairs checked; `what` names the position in a failure.
pub fn merged_moves_agree_with_minimax<G: Searchable>(g: &G, what: impl Display) -> usize {
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    let mut kept = legal.clone();
    let mut pairs = Vec::new();
    g.merge_equivalent(&mut kept, &mut pairs);
    // Every legal move is kept or merged with a kept one, once.
    let mut covered: Vec<_> = kept.iter().chain(pairs.iter().map(|(_, m)| m)).collect();
    covered.sort_by_key(|m| legal.iter().position(|l| l == *m));
    assert!(
        covered.iter().copied().eq(legal.iter()),
        "{what}: {kept:?} {pairs:?}"
    );
    assert!(
        pairs.iter().all(|(k, _)| kept.contains(k)),
        "{what}: {pairs:?}"
    );
    for (i, &mv) in legal.iter().enumerate() {
        if let Some(&k) = legal[..i].iter().find(|&&k| g.equivalent(k, mv)) {
            if !pairs.contains(&(k, mv)) {
                pairs.push((k, mv));
            }
        }
    }
    let sides = (0..g.seats()).map(|s| g.side(s)).max().map_or(0, |s| s + 1);
    for &(a, b) in &pairs {
        let (mut x, mut y) = (g.clone(), g.clone());
        x.play_unchecked(a);
        y.play_unchecked(b);
        for side in 0..sides {
            let (vx, vy) = (minimax(&x, side), minimax(&y, side));
            assert_eq!(vx, vy, "{what}: {a:?} and {b:?} merged, side {side}");
        }
        if !g.zero_sum_sides() {
            for seat in 0..g.seats() {
                let asker = g.side(seat);
                let (vx, vy) = (maxn::brute_force(&x, asker), maxn::brute_force(&y, asker));
                assert_eq!(
                    vx, vy,
                    "{what}: {a:?} and {b:?} merged, max^n asker {asker}"
                );
            }
        }
    }
    pairs.len()
}

/// [`merged_moves_agree_with_minimax`] at every position of a seeded random line of play
/// from `g` to the end; returns the number of pairs checked.
pub fn merged_moves_agree_along_play<G: Searchable>(g: &G, seed: u64, what: impl Display) -> usize {
    let mut g = g.clone();
    let mut rng = Rng::seeded(seed ^ 0xe9);
    let (mut pairs, mut moves, mut ply) = (0, Vec::new(), 0);
    while g.to_move().is_some() {
        pairs += merged_moves_agree_with_minimax(&g, format_args!("{what}, ply {ply}"));
        g.legal_moves(&mut moves);
        g.play_unchecked(moves[rng.below(moves.len())]);
        ply += 1;
    }
    pairs
}

pub fn call(game: &str, route: Route, body: Value) -> Value {
    handle(game, route, body.to_string().as_bytes())
        .unwrap_or_else(|e| panic!("{game} {route:?}: {e:?}"))
}

fn analyze(game: &str, position: &Value, perspective: u64) -> Value {
    let body = json!({ "position": position, "method": "exact", "perspective": perspective });
    call(game, Route::Analyze, body)
}

/// Plays seeded random legal moves from `position` while `go_on` says so (given the
/// legal-moves answer); returns the position reached.
pub fn walk(
    game: &str,
    mut position: Value,
    seed: u64,
    mut go_on: impl FnMut(&Value, &Value) -> bool,
) -> Value {
    let mut rng = crate::rng::Rng::seeded(seed);
    loop {
        let legal = call(game, Route::LegalMoves, json!({ "position": position }));
        if legal["to_move"].is_null() || !go_on(&position, &legal) {
            return position;
        }
        let moves = legal["moves"].as_array().expect("moves");
        let mv = moves[rng.below(moves.len())].clone();
        position = call(
            game,
            Route::Play,
            json!({ "position": position, "move": mv }),
        )["position"]
            .clone();
    }
}

/// Asked from every seat in turn: the root's value is the mover's choice among its moves'
/// values (the best where the mover is on the asked seat's side, the worst where it is not),
/// the best move has that value, and each move's value is the value of the position after it
/// asked from the same seat. Returns the number of moves checked.
pub fn value_is_best_of_moves(game: &str, position: &Value) -> usize {
    let mover = call(game, Route::LegalMoves, json!({ "position": position }))["to_move"].clone();
    let mut checked = 0;
    for seat in 0.. {
        let body = json!({ "position": position, "method": "exact", "perspective": seat });
        let Ok(root) = handle(game, Route::Analyze, body.to_string().as_bytes()) else {
            assert!(seat > 0, "{game}: seat 0 refused");
            return checked;
        };
        checked += root_is_movers_choice(game, position, seat, &root, &mover);
    }
    unreachable!("seats are few")
}

/// One perspective's check of [`value_is_best_of_moves`].
fn root_is_movers_choice(
    game: &str,
    position: &Value,
    seat: u64,
    root: &Value,
    mover: &Value,
) -> usize {
    assert_eq!(root["exact"], json!(true), "{root}");
    let ours = root["perspective"]["seats"]
        .as_array()
        .expect("seats")
        .contains(mover);
    let moves = root["moves"].as_array().expect("moves");
    let values = moves.iter().map(|m| m["value"].as_i64().expect("a value"));
    let choice = if ours { values.max() } else { values.min() };
    assert_eq!(root["value"].as_i64(), choice, "{game} seat {seat}: {root}");
    let best = moves.iter().find(|m| m["move"] == root["best_move"]);
    assert_eq!(
        best.map(|m| m["value"].as_i64()),
        Some(choice),
        "{game} seat {seat}: {root}"
    );
    for scored in moves {
        let next = call(
            game,
            Route::Play,
            json!({ "position": position, "move": scored["move"] }),
        );
        if next["over"] == json!(true) {
            continue;
        }
        let child = analyze(game, &next["position"], seat);
        assert_eq!(child["exact"], json!(true), "{child}");
        assert_eq!(
            child["value"].as_i64(),
            scored["value"].as_i64(),
            "{game} seat {seat}: {}",
            scored["move"]
        );
    }
    moves.len()
}
