//! Huutopussi3 views of an opponent behind the declarer's hidden pass (`discard ?? ?? ??`, a
//! `give_each` card to the other opponent), the talon the declarer took shown to everybody:
//! every consistent world is enumerated independently of the knowledge, with how many hidden
//! passes lead to it, and the sampler must draw only those worlds, each as often as its
//! number of passes says.
//!
//! A world now fixes each hand right after the pass (its cards and those played since); the
//! hand as dealt follows from the cards passed: the world's discards, or the card the other
//! opponent got, any of its cards then, but a talon card there must be it (the declarer took
//! the talon). The world is kept, weighted by the passes that work, iff the hand so dealt,
//! with that pass, replays the moves showing the seat what it saw.

use super::enumeration_tests::{
    check_weighted, multinomial, seen_along, worlds_of_sizes, MAX_WORLDS,
};
use super::view_replay_tests::{played_hand, view_json};
use crate::api::parse_position;
use crate::cards::CardSet;
use crate::game::{Game, Seat, Unseen};
use crate::games::marjapussi::{Marjapussi, Move};
use serde_json::{json, Value};

/// Where the talon and the discards are among the places of a three-seat hand.
const TALON: usize = 3;
const DISCARDS: usize = 4;

/// The declarer's hidden pass in `moves`: its index and the declarer.
fn hidden_pass(start: &Marjapussi, moves: &[Move]) -> Option<(usize, usize)> {
    let at = moves
        .iter()
        .position(|m| matches!(m, Move::Discard(_) | Move::GiveEach { .. }))?;
    let mut before = start.clone();
    moves[..at].iter().for_each(|&mv| before.play_unchecked(mv));
    Some((at, before.actor as usize))
}

/// The passes the declarer could have made for `world` (the world's discards; each card the
/// other opponent holds after the pass as its gift), each with the card that opponent got.
fn passes(true_pass: Move, observer: Seat, declarer: usize, post: CardSet) -> Vec<Move> {
    match true_pass {
        Move::Discard(_) => vec![true_pass],
        Move::GiveEach { left, right } => post
            .iter()
            .map(|gift| match (declarer + 1) % 3 == observer {
                true => Move::GiveEach { left, right: gift },
                false => Move::GiveEach { left: gift, right },
            })
            .collect(),
        _ => unreachable!("a hidden pass"),
    }
}

/// Every world now consistent with what `observer`, an opponent, saw of `moves` from `start`,
/// with how many of the declarer's hidden passes lead to it.
fn worlds_behind_the_talon(
    start: &Marjapussi,
    moves: &[Move],
    observer: Seat,
) -> Vec<(Unseen, f64)> {
    let seen = seen_along(start, moves, observer).expect("the true hand replays");
    let (at, declarer) = hidden_pass(start, moves).expect("a hidden pass");
    let other = 3 - observer - declarer;
    let mut after = start.clone();
    moves[..=at].iter().for_each(|&mv| after.play_unchecked(mv));
    let mut now = after.clone();
    moves[at + 1..]
        .iter()
        .for_each(|&mv| now.play_unchecked(mv));
    let dealt = start.unseen(observer);
    worlds_of_sizes(&now, observer)
        .into_iter()
        .filter_map(|world| {
            // Each hand right after the pass in this world: its cards now and those played since.
            let post = |s: usize| world.places[s] | (after.hands[s] - now.hands[s]);
            let replays = |pass: Move| {
                let (gone, got) = match pass {
                    Move::Discard(_) => (world.places[DISCARDS], CardSet::EMPTY),
                    Move::GiveEach { left, right } if (declarer + 1) % 3 == observer => (
                        CardSet::single(left) | CardSet::single(right),
                        CardSet::single(right),
                    ),
                    Move::GiveEach { left, right } => (
                        CardSet::single(left) | CardSet::single(right),
                        CardSet::single(left),
                    ),
                    _ => unreachable!("a hidden pass"),
                };
                let pass = match pass {
                    Move::Discard(_) => Move::Discard(gone),
                    _ => pass,
                };
                let taken = post(declarer) | gone;
                let mut guess = dealt;
                guess.places[declarer] = taken - start.talon;
                guess.places[other] = post(other) - got;
                guess.places[TALON] = start.talon;
                let sizes_kept =
                    (0..DISCARDS + 1).all(|p| guess.places[p].len() == dealt.places[p].len());
                if !start.talon.is_subset(taken) || !sizes_kept || guess.cards() != dealt.cards() {
                    return false;
                }
                let mut candidate = start.clone();
                candidate.set_unseen(observer, &guess);
                let mut replayed = moves.to_vec();
                replayed[at] = pass;
                let mut end = candidate.clone();
                replayed.iter().for_each(|&mv| end.play_unchecked(mv));
                seen_along(&candidate, &replayed, observer).as_ref() == Some(&seen)
                    && end.unseen(observer) == world
            };
            let ways = passes(moves[at], observer, declarer, post(other))
                .into_iter()
                .filter(|&pass| replays(pass))
                .count();
            (ways > 0).then_some((world, ways as f64))
        })
        .collect()
}

/// The views of the opponents behind the hidden pass of `hands` played hands of huutopussi3
/// with `options`, at every third move from the end whose worlds are few enough: each checked
/// against the worlds enumerated. Returns how many views were checked.
fn check_views_behind_the_talon(options: Value, hands: u64, most: f64) -> usize {
    let mut views = 0;
    for seed in 0..hands {
        let (start, moves) = played_hand::<Marjapussi>("huutopussi3", &options, seed);
        let Some((at, declarer)) = hidden_pass(&start, &moves) else {
            continue;
        };
        for k in (at + 1..moves.len()).rev().step_by(3) {
            for observer in (0..3).filter(|&s| s != declarer) {
                let mut now = start.clone();
                moves[..k].iter().for_each(|&mv| now.play_unchecked(mv));
                let sizes = now.unseen(observer).places.map(|p| p.len() as usize);
                let many = multinomial(&sizes);
                if many > most || many < 2.0 || now.is_over() {
                    continue;
                }
                let at = format!("huutopussi3 {options} seed {seed} move {k} seat {observer}");
                let worlds = worlds_behind_the_talon(&start, &moves[..k], observer);
                let sent = view_json(&start, &moves[..k], observer);
                assert!(sent.to_string().contains("??"), "{at}: {sent}");
                let view = parse_position::<Marjapussi>(&sent, "position")
                    .unwrap_or_else(|p| panic!("{at}: {p:?}"));
                check_weighted(&view, &worlds, 60 * worlds.len(), &at);
                views += 1;
            }
        }
    }
    views
}

/// Seed 0, move 42, seat 1 drew a world with DQ, a talon card discarded, in the other
/// opponent's hand: the talon was never pinned to the declarer.
#[test]
fn views_behind_a_hidden_discard_draw_only_consistent_worlds() {
    let views = check_views_behind_the_talon(json!({}), 4, MAX_WORLDS as f64);
    assert!(views >= 6, "{views} views");
}

/// Seed 0, move 27, seat 0: a world where the other opponent holds a talon card comes from
/// one gift, one where it holds none from twelve; they were drawn equally often.
#[test]
fn views_behind_a_hidden_gift_draw_worlds_as_often_as_gifts_lead_to_them() {
    let options = json!({ "talon_handling": "give_one_each" });
    let views = check_views_behind_the_talon(options, 3, 1000.0);
    assert!(views >= 4, "{views} views");
}

/// Where the rules forbid discarding an ace or a ten, no world holds one among the discards.
#[test]
fn views_behind_a_hidden_discard_of_no_ace_or_ten_draw_only_consistent_worlds() {
    let options = json!({ "discard_forbid_ace_ten": true });
    let views = check_views_behind_the_talon(options, 4, MAX_WORLDS as f64);
    assert!(views >= 6, "{views} views");
}
