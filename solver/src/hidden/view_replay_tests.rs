//! Views written as deal and moves, as a client sends them (hidden hands as counts, unseen
//! passed cards as `??`, asks with their answers), taken at every move of randomly played hands
//! of every game: the knowledge replays every history of legal moves, reaches what the seat saw,
//! and allows the true deal.

use super::{Knowledge, Observable};
use crate::api::{history_texts, parse_position};
use crate::game::MAX_PLACES;
use crate::games::{handle, Route};
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
pub(super) fn view_json<G: Observable>(start: &G, moves: &[G::Move], observer: usize) -> Value {
    json!({
        "version": 1,
        "game": G::NAME,
        "variant": start.variant_name(),
        "options": start.options_json(),
        "view": observer,
        "deal": start.view_deal_json(moves, observer),
        "moves": history_texts(start, moves, Some(observer)),
    })
}

/// What became of the views of some played hands.
#[derive(Default)]
struct Tally {
    views: usize,
    /// Views read and whose knowledge is built; of the seat to decide, those that also replay
    /// to what it saw and allow the true deal.
    accepted: usize,
    /// Views of the seat to decide, each analysed.
    deciding: usize,
    analysed: usize,
    /// The first view refused, and why.
    first_refused: Option<String>,
    /// Per hand with refused views: its seed, how many, and the first one's move and seat.
    refused: Vec<(u64, usize, String)>,
}

/// The views of the hands played from `seeds` at every move, for every seat. The knowledge of each must
/// be built; a view of the seat to decide must replay to what it saw, allow the true deal and
/// be analysed (ISMCTS). A view of another seat may end ambiguous (whether a window opened).
fn acceptance<G: Observable>(
    variant: &str,
    options: Value,
    seeds: impl IntoIterator<Item = u64>,
) -> Tally {
    let mut tally = Tally::default();
    for seed in seeds {
        let (start, moves) = played_hand::<G>(variant, &options, seed);
        let mut truth = start.clone();
        for k in 0..moves.len() {
            for observer in 0..start.seats() {
                let sent = view_json(&start, &moves[..k], observer);
                let decider = truth.to_move().map(|seat| truth.decider(seat));
                let deciding = decider == Some(observer);
                tally.views += 1;
                tally.deciding += usize::from(deciding);
                match view_outcome::<G>(&sent, &truth, observer, deciding) {
                    Ok(analysed) => {
                        tally.accepted += 1;
                        tally.analysed += usize::from(analysed);
                    }
                    Err(why) => {
                        let at = format!("{variant} seed {seed} move {k} seat {observer}");
                        match tally.refused.last_mut() {
                            Some((s, count, _)) if *s == seed => *count += 1,
                            _ => tally.refused.push((
                                seed,
                                1,
                                format!("move {k} seat {observer}: {why}"),
                            )),
                        }
                        tally
                            .first_refused
                            .get_or_insert(format!("{at}: {why}\n{sent}"));
                    }
                }
            }
            truth.play_unchecked(moves[k]);
        }
    }
    tally
}

/// Whether `observer`'s view `sent` of the hand now at `truth` is accepted, and (a view of
/// the seat `deciding`) analysed; else why not.
fn view_outcome<G: Observable>(
    sent: &Value,
    truth: &G,
    observer: usize,
    deciding: bool,
) -> Result<bool, String> {
    let view = parse_position::<G>(sent, "position").map_err(|p| format!("{p:?}"))?;
    let knowledge = Knowledge::of_position(&view).expect("a view")?;
    if !deciding {
        return Ok(false);
    }
    let (seen, real) = (
        view.state.state_json(Some(observer)),
        truth.state_json(Some(observer)),
    );
    if seen != real {
        return Err(format!(
            "the view replays elsewhere: {seen}\ninstead of {real}"
        ));
    }
    allows_truth(&knowledge, truth, observer)?;
    Ok(analysed::<G>(sent))
}

fn allows_truth<G: Observable>(
    knowledge: &Knowledge,
    truth: &G,
    observer: usize,
) -> Result<(), String> {
    let real = truth.unseen(observer);
    for place in 0..MAX_PLACES {
        for card in real.places[place] {
            if knowledge.allowed(card) & 1 << place == 0 {
                let card = truth.card_name(card);
                return Err(format!("{card} ruled out of place {place}"));
            }
        }
    }
    Ok(())
}

/// Whether the analyze route answers the view `sent` (ISMCTS, a few iterations).
fn analysed<G: Observable>(sent: &Value) -> bool {
    let body =
        json!({ "position": sent, "method": "ismcts", "seed": 1, "budget": { "iterations": 8 } });
    let answer = handle(G::NAME, Route::Analyze, body.to_string().as_bytes());
    answer.is_ok()
}

fn all_accepted<G: Observable>(
    variant: &str,
    options: Value,
    seeds: impl IntoIterator<Item = u64>,
) {
    let tally = acceptance::<G>(variant, options, seeds);
    let summary = format!(
        "{variant}: {} of {} views accepted; {} of the {} views of the seat to decide analysed",
        tally.accepted, tally.views, tally.analysed, tally.deciding
    );
    eprintln!("{summary}");
    let refused = tally.first_refused.unwrap_or_default();
    assert_eq!(
        tally.accepted, tally.views,
        "{summary}; the first refused: {refused}"
    );
    assert_eq!(tally.analysed, tally.deciding, "{summary}");
}

#[test]
fn every_played_bridge_view_replays() {
    all_accepted::<crate::games::bridge::Bridge>("bridge", json!({}), 0..6);
}

#[test]
fn every_played_marjapussi_view_replays() {
    use crate::games::marjapussi::Marjapussi;
    for variant in ["marjapussi", "huutopussi", "erlangen"] {
        all_accepted::<Marjapussi>(variant, json!({}), 0..6);
    }
}

#[test]
fn every_played_mu_view_replays() {
    all_accepted::<crate::games::mu::Mu>("mu4", json!({}), 0..4);
}

#[test]
fn every_played_huutopussi3_view_replays() {
    all_accepted::<crate::games::marjapussi::Marjapussi>("huutopussi3", json!({}), 0..6);
    let give_each = json!({ "talon_handling": "give_one_each" });
    all_accepted::<crate::games::marjapussi::Marjapussi>("huutopussi3", give_each, 0..4);
}

#[test]
fn every_played_muschik_view_replays() {
    for variant in ["muschik", "muschik4", "muschik3", "muschik2"] {
        all_accepted::<crate::games::muschik::Muschik>(variant, json!({}), 0..4);
    }
}

#[test]
fn every_played_mustamaija_view_replays() {
    use crate::games::mustamaija::Mustamaija;
    for variant in ["standard", "kurki_suonio_diamonds"] {
        all_accepted::<Mustamaija>(variant, json!({}), 0..4);
    }
}

/// With seeds 19 and 25, where a declaration that the next attack's poll made was read as the
/// defence's (its trump beating cards the defender took without a move).
#[test]
fn every_played_mustamaija_marriage_view_replays() {
    use crate::games::mustamaija::Mustamaija;
    all_accepted::<Mustamaija>("kurki_suonio_marriage", json!({}), (0..4).chain([19, 25]));
}

#[test]
fn every_played_mustamaija_six_card_and_joker_view_replays() {
    use crate::games::mustamaija::Mustamaija;
    for variant in ["translator_joker", "salmi_six"] {
        all_accepted::<Mustamaija>(variant, json!({}), 0..4);
    }
}

/// `salmi_six` hands whose polls were misread: seed 9 (a pass right after an attack is the next
/// attack's poll, the defender having taken without a move), seed 24 (a seat that passed in the
/// defence's poll and declares in the next attack's: the declaration was read as the
/// defence's, and where the history ends within that poll the seat lost its marriage) and seed
/// 34 (a marriage given to fit a pass took the card the defender beats with later).
#[test]
fn salmi_six_views_with_misread_polls_replay() {
    use crate::games::mustamaija::Mustamaija;
    all_accepted::<Mustamaija>("salmi_six", json!({}), [9, 24, 34]);
}

/// `kurki_suonio_marriage` hands whose polls the guess was not fitted to: seed 50 (83 views
/// refused, the first at move 53: `no_declaration by 3`, a seat passing on the club marriage
/// it made by taking CK without a move, was given the heart marriage, which the next attack's
/// poll would have asked it about again, and the fit went back and forth), seed 55 (1 view:
/// the marriage had to be part held and part drawn from the talon) and seed 82 (8 views: a
/// marriage card the history shows a seat did not draw was moved into the hand of the
/// defender, which took without a move, and the defence fit moved it back) and seed 97 (32
/// views: the heart queen the seat lacked was put in place of the heart king it drew). Seed
/// 124 (22 views, the first at move 81: `declare H by 3` found no poll open) is fitted by the
/// general fit, a search over placements of the unseen cards, where the rules' fits fail.
#[test]
fn kurki_suonio_marriage_views_with_misfit_polls_replay() {
    use crate::games::mustamaija::Mustamaija;
    all_accepted::<Mustamaija>("kurki_suonio_marriage", json!({}), [50, 55, 82, 97, 124]);
}

/// `salmi_six` hands that the rules' fits could not replay, fitted by the general fit: seed
/// 84 (33 views, the first at move 48: the defence fit gave the hidden defender the lowest
/// diamond that beats D5 for its `take`, which left the diamond marriage to a seat no poll
/// asks) and seed 97 (1 view, at move 10: `no_declaration by 0` where the guess asked seat 2).
#[test]
fn salmi_six_views_the_fits_could_not_replay() {
    use crate::games::mustamaija::Mustamaija;
    all_accepted::<Mustamaija>("salmi_six", json!({}), [84, 97]);
}

/// `translator_joker` seed 25: the history's `declare H by 2` (the next attack's poll, after
/// the hidden defender beat SK with SA and took S6 without a move) found seat 2's hidden hand
/// holding two cards kept from the defender (spades that beat S6), so that the marriage fit had
/// one card to give back for HK and HQ: 49 of the hand's 364 views were refused.
#[test]
fn translator_joker_views_replay() {
    use crate::games::mustamaija::Mustamaija;
    all_accepted::<Mustamaija>("translator_joker", json!({}), [25]);
}

/// `standard` views that the check of drawn worlds refused: seed 59 at move 3, seat 1
/// (`attack D2 D8 D9`, `take`, `take`), seed 68 at move 2, seat 1 (`attack S9 ST`, `take`) and
/// seed 84 at move 2, seat 3 (`attack CT CJ`, `take`). A hidden defender's `take` shows that it
/// held a card beating the card it took, and so every lower open card; the defence fit at the
/// `take` looked only at the cards after it, moved that beater away and read the history as
/// the defence over, a position no deal reaches. Each view now replays to the true position
/// (the defender to decide on the next card), and its knowledge allows the true deal.
#[test]
fn standard_views_after_a_hidden_take_replay() {
    use crate::api::Rules;
    use crate::game::Game;
    use crate::games::mustamaija::Mustamaija;
    let views = [
        (59, 3, 1, ["attack D2 D8 D9", "take", "take"].as_slice()),
        (68, 2, 1, ["attack S9 ST", "take"].as_slice()),
        (84, 2, 3, ["attack CT CJ", "take"].as_slice()),
    ];
    for (seed, k, observer, texts) in views {
        let (start, moves) = played_hand::<Mustamaija>("standard", &json!({}), seed);
        let sent = view_json(&start, &moves[..k], observer);
        assert_eq!(sent["moves"], json!(texts), "seed {seed}");
        let mut truth = start.clone();
        moves[..k].iter().for_each(|&mv| truth.play_unchecked(mv));
        let view = parse_position::<Mustamaija>(&sent, "position").expect("read");
        let knowledge = Knowledge::of_position(&view).expect("a view");
        let knowledge = knowledge.unwrap_or_else(|why| panic!("seed {seed}: {why}"));
        let seen = view.state.state_json(Some(observer));
        assert_eq!(seen, truth.state_json(Some(observer)), "seed {seed}");
        allows_truth(&knowledge, &truth, observer).expect("the true deal allowed");
    }
}

/// `standard` seed 91 (82 views refused, the first at move 21: no way of the defence after
/// `attack ST SJ` fitted seat 2's guessed cards), which neither the fits of each move nor the
/// search over placements from the view's guess replay: the fits from drawn placements do.
#[test]
fn standard_views_the_fits_could_not_replay() {
    use crate::games::mustamaija::Mustamaija;
    all_accepted::<Mustamaija>("standard", json!({}), [91]);
}

/// `standard` seed 91, seat 0 at move 14, to move: a view whose replay runs the general fit.
/// With a deadline of 1 ms, or its flag set, the fit stops and the view is refused as stopped
/// by the deadline, within a fraction of a second; with no deadline it is answered.
#[test]
fn a_general_fit_stops_at_the_request_deadline() {
    use crate::api::ApiError;
    use crate::cancel::Cancel;
    use crate::games::handle_until;
    use crate::games::mustamaija::Mustamaija;
    use std::time::{Duration, Instant};
    let (start, moves) = played_hand::<Mustamaija>("standard", &json!({}), 91);
    let sent = view_json(&start, &moves[..14], 0);
    let body = |budget: Value| {
        let body = json!({ "position": sent, "method": "ismcts", "seed": 1, "budget": budget });
        body.to_string()
    };
    let analysed = |budget: Value, cancel: &Cancel| {
        let started = Instant::now();
        let answer = handle_until(
            "mustamaija",
            Route::Analyze,
            body(budget).as_bytes(),
            cancel,
        );
        (answer, started.elapsed())
    };
    let set = Cancel::flag();
    set.set();
    let cases = [
        (json!({ "iterations": 8, "deadline_ms": 1 }), Cancel::NEVER),
        (json!({ "iterations": 8 }), set),
    ];
    for (budget, cancel) in &cases {
        let (answer, took) = analysed(budget.clone(), cancel);
        eprintln!("refused in {took:?}");
        match answer {
            Err(ApiError::Invalid(problems)) => {
                let problem = &problems.0[0];
                assert_eq!(problem.path, "position.moves", "{problems:?}");
                assert!(problem.message.contains("deadline"), "{problems:?}");
            }
            other => panic!("{budget}: expected the view refused at the deadline, got {other:?}"),
        }
        assert!(took < Duration::from_millis(500), "{took:?}");
    }
    // Read last: a thread keeps the positions it read without a problem.
    let (answer, took) = analysed(json!({ "iterations": 8 }), &Cancel::NEVER);
    eprintln!("answered in {took:?}");
    assert!(answer.is_ok(), "{answer:?}");
}
