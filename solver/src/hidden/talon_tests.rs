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
use crate::cards::{for_each_subset, CardSet};
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
    let mut before = *start;
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

/// The talons `start` could have dealt, for a declarer who took `taken`: the talon itself
/// where it was shown, else any cards of `taken` as many.
fn talons(start: &Marjapussi, taken: CardSet) -> Vec<CardSet> {
    if start.cfg.talon_revealed {
        return vec![start.talon]
            .into_iter()
            .filter(|t| t.is_subset(taken))
            .collect();
    }
    let mut talons = Vec::new();
    for_each_subset(taken, start.talon.len(), |talon| talons.push(talon));
    talons
}

/// The cards the declarer gave up and the other opponent got by `pass` in a world whose
/// discards are `discards`.
fn pass_cards(
    pass: Move,
    discards: CardSet,
    observer: Seat,
    declarer: usize,
) -> (CardSet, CardSet) {
    match pass {
        Move::Discard(_) => (discards, CardSet::EMPTY),
        Move::GiveEach { left, right } => {
            let gift = if (declarer + 1) % 3 == observer {
                right
            } else {
                left
            };
            (
                CardSet::single(left) | CardSet::single(right),
                CardSet::single(gift),
            )
        }
        _ => unreachable!("a hidden pass"),
    }
}

/// Every world now consistent with what `observer`, an opponent, saw of `moves` from `start`,
/// with how many deals of the talon and hidden passes of the declarer lead to it.
fn worlds_behind_the_talon(
    start: &Marjapussi,
    moves: &[Move],
    observer: Seat,
) -> Vec<(Unseen, f64)> {
    let seen = seen_along(start, moves, observer).expect("the true hand replays");
    let (at, declarer) = hidden_pass(start, moves).expect("a hidden pass");
    let other = 3 - observer - declarer;
    let mut after = *start;
    moves[..=at].iter().for_each(|&mv| after.play_unchecked(mv));
    let mut now = after;
    moves[at + 1..]
        .iter()
        .for_each(|&mv| now.play_unchecked(mv));
    let dealt = start.unseen(observer);
    worlds_of_sizes(&now, observer)
        .into_iter()
        .filter_map(|world| {
            // Each hand right after the pass in this world: its cards now and those played since.
            let post = |s: usize| world.places[s] | (after.hands[s] - now.hands[s]);
            let ways = |pass: Move| {
                let (gone, got) = pass_cards(pass, world.places[DISCARDS], observer, declarer);
                let pass = match pass {
                    Move::Discard(_) => Move::Discard(gone),
                    _ => pass,
                };
                let mut replayed = moves.to_vec();
                replayed[at] = pass;
                let taken = post(declarer) | gone;
                // The hand as dealt with `talon`, if it fits the seat's deal.
                let deal = |talon: CardSet| {
                    let mut guess = dealt;
                    guess.places[declarer] = taken - talon;
                    guess.places[other] = post(other) - got;
                    guess.places[TALON] = talon;
                    let sizes_kept =
                        (0..DISCARDS + 1).all(|p| guess.places[p].len() == dealt.places[p].len());
                    let mut candidate = *start;
                    candidate.set_unseen(observer, &guess);
                    (sizes_kept && guess.cards() == dealt.cards()).then_some(candidate)
                };
                // Talons reaching the same position at the pass, the same way as the seat saw,
                // replay the rest alike: each such position is replayed to the end once.
                let mut replayed_from: Vec<(Marjapussi, bool)> = Vec::new();
                let mut replays = |talon: &CardSet| {
                    let Some(candidate) = deal(*talon) else {
                        return false;
                    };
                    let before = &replayed[..at];
                    if seen_along(&candidate, before, observer).as_deref()
                        != Some(&seen[..2 * at + 1])
                    {
                        return false;
                    }
                    let mut at_pass = candidate;
                    before.iter().for_each(|&mv| at_pass.play_unchecked(mv));
                    if let Some((_, ok)) = replayed_from.iter().find(|(s, _)| *s == at_pass) {
                        return *ok;
                    }
                    let mut end = candidate;
                    replayed.iter().for_each(|&mv| end.play_unchecked(mv));
                    let ok = seen_along(&candidate, &replayed, observer).as_ref() == Some(&seen)
                        && end.unseen(observer) == world;
                    replayed_from.push((at_pass, ok));
                    ok
                };
                talons(start, taken).iter().filter(|t| replays(t)).count()
            };
            let ways: usize = passes(moves[at], observer, declarer, post(other))
                .into_iter()
                .map(ways)
                .sum();
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
                let mut now = start;
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

/// With the talon not shown, nothing pins it: any cards the declarer held after the take may
/// have been the talon, and every world is drawn as often as the deals and discards that lead
/// to it.
#[test]
fn views_behind_a_hidden_talon_and_discard_draw_only_consistent_worlds() {
    let options = json!({ "talon_revealed": false });
    let views = check_views_behind_the_talon(options, 4, 20.0);
    assert!(views >= 6, "{views} views");
}

/// With the talon not shown, any card the other opponent holds may have been its gift.
#[test]
fn views_behind_a_hidden_talon_and_gift_draw_worlds_as_often_as_gifts_lead_to_them() {
    let options = json!({ "talon_revealed": false, "talon_handling": "give_one_each" });
    let views = check_views_behind_the_talon(options, 3, 3.0);
    assert!(views >= 4, "{views} views");
}
