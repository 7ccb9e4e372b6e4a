//! The check of drawn worlds never rejects the true world: at every move of seeded, randomly
//! played hands, each seat's knowledge (where its worlds are checked by replaying the history,
//! and the view reads the table's position) accepts the unseen cards as they really lie.

use super::sampler::draw_unseen;
use super::view_replay_tests::{played_hand, view_json};
use super::{Knowledge, Observable};
use crate::api::{parse_position, Position};
use crate::game::Game;
use crate::games::marjapussi::Marjapussi;
use crate::games::muschik::Muschik;
use crate::games::mustamaija::Mustamaija;
use crate::rng::Rng;
use serde_json::{json, Value};

/// Which views of a played hand are checked, and how their knowledge is built.
#[derive(Clone, Copy)]
enum Views {
    /// Every seat's, from the complete deal ([`Knowledge::from_deal`]).
    EverySeat,
    /// Every seat's, read as a client sends it (deal and moves as the seat saw them), where the
    /// view's replay reaches the table's position: a history can end where hidden hands decide
    /// whether a defence is over, and a seat not to decide then may read it otherwise.
    AsSent,
}

/// `seat`'s view of the hand dealt as `start` after `moves` as a client sends it, read.
fn sent_view<G: Observable>(start: &G, moves: &[G::Move], seat: usize) -> Position<G> {
    parse_position::<G>(&view_json(start, moves, seat), "position").expect("a view")
}

/// `seat`'s knowledge after `moves` of the hand dealt as `start`, now at `table`, as `views`
/// builds it; `None` where the view reads another position than the table's.
fn knowledge<G: Observable>(
    start: &G,
    moves: &[G::Move],
    table: &G,
    seat: usize,
    views: Views,
) -> Option<Knowledge> {
    match views {
        Views::EverySeat => Some(Knowledge::from_deal(start, moves, seat).expect("a view")),
        Views::AsSent => {
            let view = sent_view(start, moves, seat);
            let seen = |state: &G| state.state_json(Some(seat));
            (seen(&view.state) == seen(table)).then(|| {
                Knowledge::of_position(&view)
                    .expect("a view")
                    .expect("knowledge")
            })
        }
    }
}

/// How many checked views of 3 seeded hands of `variant` reject the true world, of how many.
fn rejections<G: Observable>(variant: &str, options: &Value, views: Views) -> (usize, usize) {
    let (mut checked, mut rejected) = (0, 0);
    for seed in 0..3 {
        let (start, moves) = played_hand::<G>(variant, options, seed);
        let mut truth = start.clone();
        for k in 0..=moves.len() {
            if k > 0 {
                truth.play_unchecked(moves[k - 1]);
            }
            for seat in 0..start.seats() {
                let known = knowledge(&start, &moves[..k], &truth, seat, views);
                if let Some(check) = known.and_then(|known| known.check) {
                    checked += 1;
                    rejected += usize::from(!check.accepts(&truth.unseen(seat)));
                }
            }
        }
    }
    (checked, rejected)
}

/// Asserts that no checked view of each variant rejects the true world.
fn assert_accepted<G: Observable>(variants: &[(&str, Value)], views: Views) {
    for (variant, options) in variants {
        let (checked, rejected) = rejections::<G>(variant, options, views);
        assert!(checked > 0, "{variant} {options}: no checked view");
        assert_eq!(
            rejected, 0,
            "{variant} {options}: of {checked} checked views"
        );
    }
}

#[test]
fn marjapussi_checks_accept_the_true_world() {
    let variants = [
        ("huutopussi", json!({})),
        ("erlangen", json!({})),
        ("huutopussi3", json!({})),
        ("huutopussi3", json!({ "talon_revealed": false })),
        ("huutopussi3", json!({ "talon_handling": "give_one_each" })),
    ];
    assert_accepted::<Marjapussi>(&variants, Views::EverySeat);
}

#[test]
fn muschik_checks_accept_the_true_world() {
    let variants = ["muschik", "muschik4", "muschik3", "muschik2"];
    assert_accepted::<Muschik>(&variants.map(|v| (v, json!({}))), Views::EverySeat);
}

#[test]
fn mustamaija_checks_accept_the_true_world() {
    let variants = [
        "standard",
        "kurki_suonio_diamonds",
        "kurki_suonio_marriage",
        "salmi_six",
        "translator_joker",
    ];
    assert_accepted::<Mustamaija>(&variants.map(|v| (v, json!({}))), Views::AsSent);
}

/// Every seat's knowledge of a played hand is built from the complete deal, poll moves
/// included: each is read as the seat writes it, naming the seat the poll asked, not as the
/// seat's own.
#[test]
fn mustamaija_every_seat_knows_its_history() {
    for variant in ["kurki_suonio_marriage", "salmi_six", "translator_joker"] {
        let (start, moves) = played_hand::<Mustamaija>(variant, &json!({}), 0);
        for k in 0..=moves.len() {
            for seat in 0..start.seats() {
                let known = Knowledge::from_deal(&start, &moves[..k], seat);
                assert!(known.is_ok(), "{variant} move {k} seat {seat}: {known:?}");
            }
        }
    }
}

/// A seat not to decide, after a hidden defender was attacked with a card it can beat: the
/// view reads the defender to decide, as the table stands, and checks its worlds. Standard,
/// seed 0, after 45 moves: seat 2 attacks HQ; seat 3 took DJ earlier when asked, so it holds
/// the last trump, C7 (the views once read HQ as taken without a choice, and no world drawn
/// replayed the history; seat 0's, which that reading made the seat to decide, until the
/// view's fits carried the take's witness from move to move).
#[test]
fn mustamaija_view_not_to_decide_reads_the_defender_deciding() {
    let (start, moves) = played_hand::<Mustamaija>("standard", &json!({}), 0);
    let mut table = start.clone();
    for &mv in &moves[..45] {
        table.play_unchecked(mv);
    }
    assert_eq!(table.to_move(), Some(3));
    for seat in [0, 1, 2] {
        let view = sent_view(&start, &moves[..45], seat);
        assert_eq!(view.state.to_move(), Some(3), "seat {seat}");
        let known = Knowledge::of_position(&view)
            .expect("a view")
            .expect("knowledge");
        let check = known.check.expect("checked worlds");
        assert!(check.accepts(&table.unseen(seat)), "seat {seat}");
    }
}

/// Views whose worlds were once drawn unchecked: no world drawn replayed the history, because
/// the view's fits had moved away a card that the history before showed where it is. Standard,
/// seed 0, after 45 moves, seat 0: seat 3 took DJ when asked, so it holds C7, the last trump,
/// which beats the HQ now attacked (the fit read HQ as taken without a choice, seat 0 to
/// move); seed 17, after 46 moves, seat 1: a defence fit moved cards the moves before pinned to
/// seat 0; `salmi_six`, seed 1, after 32 moves, seat 2: seat 0, which a poll asked at move 30,
/// still holds its marriage, so the poll now asks it again (the fit broke it). Each view's
/// worlds are now checked: every world drawn replays its history, and the true world does.
#[test]
fn mustamaija_views_learn_what_earlier_moves_showed() {
    for (variant, seed, k, seat) in [
        ("standard", 0, 45, 0),
        ("standard", 17, 46, 1),
        ("salmi_six", 1, 32, 2),
    ] {
        let (start, moves) = played_hand::<Mustamaija>(variant, &json!({}), seed);
        let mut truth = start.clone();
        for &mv in &moves[..k] {
            truth.play_unchecked(mv);
        }
        let known = Knowledge::from_deal(&start, &moves[..k], seat).expect("a view");
        let at = format!("{variant} seed {seed} move {k} seat {seat}");
        let check = known.check.as_ref().expect(&at);
        assert!(check.accepts(&truth.unseen(seat)), "{at}: the true world");
        let mut rng = Rng::seeded(seed);
        for _ in 0..20 {
            assert!(check.accepts(&draw_unseen(&known, &mut rng)), "{at}");
        }
    }
}
