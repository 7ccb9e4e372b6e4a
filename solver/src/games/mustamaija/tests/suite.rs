//! The conformance suite in every preset and player count, playouts through the routes,
//! perft pins, the stall guard, views, and the JSON face with bad input.

use super::super::config::Variant;
use super::*;
use crate::api::{position_json, Position};
use crate::conformance::random_hands;
use crate::games::{catalogue, handle, Route};
use crate::perft::perft;
use crate::playout::random_playout;
use crate::rng::Rng;

pub(super) fn dealt(variant: &str, options: Value, seed: u64) -> Mustamaija {
    let cfg = config(variant, options);
    let mut problems = Problems::default();
    let empty = json!({});
    let mut fields = crate::problems::Fields::of(&empty, "", &mut problems);
    Mustamaija::deal(&cfg, seed, &mut fields, &mut problems).expect("a deal")
}

fn every_preset_and_player_count() -> Vec<(&'static str, u8)> {
    Variant::NAMES
        .iter()
        .flat_map(|&v| {
            Config::players(Variant::from_name(v).expect("a variant")).map(move |n| (v, n))
        })
        .collect()
}

fn call(route: Route, body: Value) -> Result<Value, crate::api::ApiError> {
    handle("mustamaija", route, body.to_string().as_bytes())
}

/// The problems of a refused request, as (path, message) pairs.
fn refused(route: Route, body: Value) -> Vec<(String, String)> {
    match call(route, body) {
        Err(crate::api::ApiError::Invalid(p)) => {
            p.0.into_iter().map(|p| (p.path, p.message)).collect()
        }
        other => panic!("expected 422 problems, got {other:?}"),
    }
}

#[test]
fn swapping_two_unseen_talon_cards_exchanges_their_slots() {
    let mut deal = dealt("standard", json!({}), 1);
    let before: Vec<Card> = deal.talon.top_first().collect();
    assert!(deal.swap_unseen(0, &[(before[3], before[7])]));
    let mut swapped = before.clone();
    swapped.swap(3, 7);
    assert_eq!(deal.talon.top_first().collect::<Vec<_>>(), swapped);
}

/// Every card once, wherever it lies: the hands and the talon.
fn every_card_once(deal: &Mustamaija) -> bool {
    let talon: Vec<Card> = deal.talon.top_first().collect();
    let mut all: Vec<Card> = talon.clone();
    all.extend(deal.hands.iter().flat_map(|h| h.iter()));
    let distinct: CardSet = all.iter().copied().collect();
    distinct.len() as usize == all.len() && distinct == deal.cfg.deck() - deal.discards
}

/// Two cards of one hand swapped stay where they are (the hand lost one before); a hand's card
/// and a talon card change places, the talon card into the other's slot.
#[test]
fn swapping_unseen_cards_keeps_every_card_once() {
    let mut deal = dealt("standard", json!({}), 1);
    let hand: Vec<Card> = deal.hands[2].iter().collect();
    let before = deal.clone();
    assert!(deal.swap_unseen(0, &[(hand[0], hand[3])]));
    assert_eq!(deal, before, "two cards of one hand");
    let talon: Vec<Card> = deal.talon.top_first().collect();
    assert!(deal.swap_unseen(0, &[(hand[1], talon[5]), (hand[2], hand[4])]));
    assert!(every_card_once(&deal));
    assert!(deal.hands[2].contains(talon[5]) && !deal.hands[2].contains(hand[1]));
    let mut moved = talon.clone();
    moved[5] = hand[1];
    assert_eq!(deal.talon.top_first().collect::<Vec<_>>(), moved);
    assert!(!deal.swap_unseen(0, &[(deal.hands[0].lowest().expect("a card"), talon[0])]));
}

#[test]
fn conformance_every_preset_and_player_count() {
    for (variant, n) in every_preset_and_player_count() {
        let moves = random_hands::<Mustamaija>(variant, &json!({"num_players": n}), 0..6, 20_000);
        assert!(moves > 6 * 20, "{variant} with {n}: {moves} moves");
    }
}

#[test]
fn conformance_with_the_other_settings_of_every_option() {
    let settings = [
        (
            "standard",
            json!({"qs_lead": "alone_only", "attack_limit": "always", "utility": "zero_sum"}),
        ),
        (
            "standard",
            json!({"spades_can_be_trump": true, "num_players": 6}),
        ),
        (
            "standard",
            json!({"max_attacks": 5, "stall_outcome": "draw"}),
        ),
        (
            "kurki_suonio_marriage",
            json!({"marriage_trump_changes": true, "marriage_excluded_suits": []}),
        ),
        (
            "salmi_six",
            json!({"marriage_window": "active_before_play", "num_players": 3}),
        ),
        (
            "translator_joker",
            json!({"marriage_window": "any_player_any_time", "trump_mode": "turned"}),
        ),
        (
            "standard",
            json!({"maria_card": "JK", "hand_size": 13, "num_players": 4}),
        ),
        ("standard", json!({"hand_size": 26, "num_players": 2})),
    ];
    for (variant, options) in settings {
        random_hands::<Mustamaija>(variant, &options, 0..8, 20_000);
    }
}

#[test]
fn random_deals_played_through_the_routes_end_with_the_maria_holder_losing() {
    for (variant, n) in every_preset_and_player_count() {
        for seed in 0..3u64 {
            let dealt = call(
                Route::Deal,
                json!({"variant": variant, "options": {"num_players": n}, "seed": seed}),
            )
            .expect("a deal");
            let mut position = dealt["position"].clone();
            let mut rng = Rng::seeded(seed);
            let mut result = Value::Null;
            for _ in 0..20_000 {
                let legal =
                    call(Route::LegalMoves, json!({ "position": position })).expect("legal moves");
                let moves = legal["moves"].as_array().expect("a list");
                let mv = moves[rng.below(moves.len())].clone();
                let answer = call(Route::Play, json!({ "position": position, "move": mv }))
                    .expect("a legal move plays");
                position = answer["position"].clone();
                if seed > 0 {
                    // A snapshot alone also carries the deal on; seed 0 sends the whole history back.
                    position = json!({"version": 1, "game": "mustamaija", "variant": position["variant"],
                                      "options": position["options"], "state": position["state"]});
                }
                if answer["over"] == json!(true) {
                    result = answer["result"].clone();
                    break;
                }
            }
            let loser = result["loser"].as_u64().unwrap_or_else(|| {
                panic!("{variant}/{n}/{seed}: the deal ends with a loser: {result}")
            });
            assert_eq!(
                result["maria_holder"],
                json!(loser),
                "{variant}/{n}/{seed}: the loser holds the Maria"
            );
            let maria = result["maria"].as_str().expect("the maria");
            let hand = &position["state"]["hands"][loser as usize];
            assert!(
                hand.as_array().expect("cards").iter().any(|c| c == maria),
                "{variant}/{n}/{seed}: {hand}"
            );
            if result["outcome"] == json!("loser") {
                let holders = position["state"]["hands"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|h| !h.as_array().unwrap().is_empty())
                    .count();
                assert_eq!(holders, 1, "only the loser holds cards");
            }
        }
    }
}

#[test]
fn random_deals_never_run_forever() {
    for (variant, n) in every_preset_and_player_count() {
        for seed in 0..200 {
            let mut state = dealt(variant, json!({"num_players": n}), seed);
            let played = random_playout(
                &mut state,
                &mut Rng::seeded(seed),
                &mut Vec::new(),
                1_000_000,
            );
            assert!(state.is_over(), "{variant}/{n}/{seed}");
            assert!(
                state.attacks_made <= 1000,
                "the stall guard caps the attacks"
            );
            assert!(played < 20_000);
            let loser = state.loser().expect("a loser");
            assert!(state.hands[loser].contains(state.cfg.maria()));
        }
    }
}

#[test]
fn the_stall_guard_ends_the_deal_after_max_attacks() {
    for seed in 0..20 {
        let mut state = dealt("standard", json!({"max_attacks": 4}), seed);
        random_playout(&mut state, &mut Rng::seeded(seed), &mut Vec::new(), 1_000);
        assert!(
            state.is_over() && state.stalled,
            "4 attacks cannot empty the talon of 32"
        );
        assert_eq!(state.attacks_made, 4);
        let holder = state.holder(state.cfg.maria());
        assert_eq!(
            state.loser, holder,
            "qs_holder_loses: the holder now, or nobody if SQ lies in the talon"
        );
        assert_eq!(state.result_json().unwrap()["outcome"], json!("stall"));
        let mut drawn = dealt(
            "standard",
            json!({"max_attacks": 4, "stall_outcome": "draw"}),
            seed,
        );
        random_playout(&mut drawn, &mut Rng::seeded(seed), &mut Vec::new(), 1_000);
        assert_eq!((drawn.loser, drawn.payoff()), (None, [0; MAX_SEATS]));
    }
}

#[test]
fn zero_sum_utility_gives_the_loser_minus_n_minus_1_and_the_others_plus_1() {
    let hands = ["H5", "H7", "SQ D3"];
    let mut state = setup("standard", json!({"utility": "zero_sum"}), &hands)
        .trump(Suit::Diamonds, None)
        .build();
    play(&mut state, "attack H5");
    play(&mut state, "beat H7");
    assert_eq!(state.loser(), Some(2));
    assert_eq!(state.payoff()[..3], [1, 1, -2]);
    assert_eq!(state.payoff_bounds(), (-2, 1));
}

#[test]
fn perft_counts_from_seeded_deals() {
    let cases = [
        ("standard", 4, 1, [16, 51, 220, 1101]),
        ("kurki_suonio_marriage", 3, 2, [3, 12, 56, 300]),
        ("translator_joker", 2, 3, [6, 22, 92, 367]),
        ("salmi_six", 5, 4, [14, 100, 906, 7012]),
    ];
    for (variant, n, seed, counts) in cases {
        let state = dealt(variant, json!({"num_players": n}), seed);
        let found: Vec<u64> = (1..=4).map(|d| perft(&state, d)).collect();
        assert_eq!(found, counts, "{variant} {n} players seed {seed}");
    }
}

#[test]
fn the_catalogue_lists_mustamaija_with_presets_options_and_player_counts() {
    let games = catalogue();
    let entry = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "mustamaija")
        .expect("listed");
    assert_eq!(entry["variants"].as_array().unwrap().len(), 5);
    assert_eq!(entry["presets"]["translator_joker"]["maria_card"], "JK");
    assert_eq!(entry["presets"]["kurki_suonio_diamonds"]["hand_size"], 3);
    let players: Vec<&Value> = entry["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| &v["players"])
        .collect();
    assert_eq!(players[0], &json!([2, 3, 4, 5, 6]));
    assert_eq!(players[1], &json!([2, 3, 4, 5, 6, 7, 8]));
    assert!(entry["options"]["max_attacks"].is_object());
}

#[test]
fn a_deal_has_hands_of_the_hand_size_and_the_talon_top_first() {
    let answer = call(
        Route::Deal,
        json!({"variant": "standard", "options": {"num_players": 6}, "seed": 9, "dealer": 2}),
    )
    .unwrap();
    let position = &answer["position"];
    assert_eq!(position["game"], "mustamaija");
    assert_eq!(position["deal"]["dealer"], 2);
    assert_eq!(position["deal"]["talon"].as_array().unwrap().len(), 22);
    assert!(position["deal"]["hands"]
        .as_array()
        .unwrap()
        .iter()
        .all(|h| h.as_array().unwrap().len() == 5));
    assert_eq!(
        (
            position["state"]["attacker"].clone(),
            position["state"]["defender"].clone()
        ),
        (json!(3), json!(4))
    );
    assert_eq!(position["state"]["trump"], Value::Null);
}

/// A two-player standard deal with the given hands (dealer 0, so seat 1 attacks seat 0).
fn two_player_deal(defender: &str, attacker: &str, talon_top: &str) -> Value {
    let held = cards(defender) | cards(attacker) | cards(talon_top);
    let mut talon: Vec<String> = talon_top.split_whitespace().map(String::from).collect();
    talon.extend(
        (STANDARD_DECK - held)
            .iter()
            .map(super::super::cards::card_name),
    );
    json!({"version": 1, "game": "mustamaija", "variant": "standard", "options": {"num_players": 2},
           "deal": {"dealer": 0, "hands": [defender.split(' ').collect::<Vec<_>>(), attacker.split(' ').collect::<Vec<_>>()],
                    "talon": talon, "turn_seed": 5}, "moves": []})
}

#[test]
fn bad_moves_are_refused_with_every_reason_at_the_move_path() {
    let position = two_player_deal("SQ S5 H2 H3 H4", "S2 C4 H9 D2 D3", "CA");
    let mixed = refused(
        Route::Play,
        json!({"position": position, "move": "attack C4 H9"}),
    );
    assert_eq!(mixed[0].0, "move");
    assert!(mixed[0].1.contains("one suit"), "{mixed:?}");
    let not_held = refused(
        Route::Play,
        json!({"position": position, "move": "attack CK"}),
    );
    assert!(not_held[0].1.contains("does not hold CK"), "{not_held:?}");
    let mut defending = position.clone();
    defending["moves"] = json!(["attack S2"]);
    let queen = refused(
        Route::Play,
        json!({"position": defending, "move": "beat SQ"}),
    );
    assert_eq!(queen[0].0, "move");
    assert!(queen[0].1.contains("can never beat"), "{queen:?}");
    let stranger = refused(
        Route::Play,
        json!({"position": defending, "move": "beat X9"}),
    );
    assert!(stranger[0].1.contains("not a card"), "{stranger:?}");
    let wrong_phase = refused(
        Route::Play,
        json!({"position": defending, "move": "attack S5"}),
    );
    assert!(
        wrong_phase[0].1.contains("phase is 'defend'"),
        "{wrong_phase:?}"
    );
}

/// A three-player endgame snapshot: the talon is empty and the cards out of the hands lie
/// discarded in pairs.
fn endgame_snapshot(hands: [&str; 3]) -> Value {
    let held = hands.iter().fold(CardSet::EMPTY, |a, h| a | cards(h));
    let rest: Vec<String> = (STANDARD_DECK - held)
        .iter()
        .map(super::super::cards::card_name)
        .collect();
    json!({"version": 1, "game": "mustamaija", "variant": "standard", "options": {"num_players": 3},
           "state": {"dealer": 2, "phase": "attack", "to_move": 0, "attacker": 0, "defender": 1,
                     "hands": hands.iter().map(|h| h.split(' ').collect::<Vec<_>>()).collect::<Vec<_>>(),
                     "talon": [], "trump": "H", "attacks_made": 30, "discards": rest.chunks(2).collect::<Vec<_>>()}})
}

#[test]
fn an_attack_larger_than_the_defenders_hand_is_refused_once_the_talon_is_empty() {
    let position = endgame_snapshot(["C3 C7 CJ", "D2 HA", "SQ H2 H3"]);
    let legal_moves =
        call(Route::LegalMoves, json!({ "position": position })).expect("legal moves");
    assert_eq!(
        legal_moves["count"], 6,
        "M-9 through the route: {legal_moves}"
    );
    let problems = refused(
        Route::Play,
        json!({"position": position, "move": "attack C3 C7 CJ"}),
    );
    assert_eq!(problems[0].0, "move");
    assert!(
        problems[0]
            .1
            .contains("at most the defender's 2 cards, not 3"),
        "{problems:?}"
    );
    let answer = call(
        Route::Play,
        json!({"position": position, "move": "attack C7 CJ"}),
    )
    .expect("legal");
    assert_eq!(answer["phase"], "defend");
    assert_eq!(
        answer["position"]["state"]["table"]["attack"],
        json!(["CJ", "C7"]),
        "met from the highest down"
    );
}

#[test]
fn bad_positions_report_every_problem_with_its_path() {
    let options = refused(
        Route::Deal,
        json!({"variant": "standard", "options": {"num_players": 9, "max_attacks": 0, "colour": 1}}),
    );
    let paths: Vec<&str> = options.iter().map(|p| p.0.as_str()).collect();
    assert!(
        paths.contains(&"options.num_players")
            && paths.contains(&"options.max_attacks")
            && paths.contains(&"options.colour"),
        "{options:?}"
    );
    let mut twice = two_player_deal("SQ S5 H2 H3 H4", "S2 C4 H9 D2 D3", "CA");
    twice["deal"]["hands"][1][0] = json!("SQ");
    twice["deal"]["turn_seed"] = json!("five");
    let problems = refused(Route::LegalMoves, json!({ "position": twice }));
    let paths: Vec<&str> = problems.iter().map(|p| p.0.as_str()).collect();
    assert!(paths.contains(&"position.deal.hands[1][0]"), "{problems:?}");
    assert!(paths.contains(&"position.deal.turn_seed"), "{problems:?}");
}

#[test]
fn a_discarded_maria_and_a_forced_pick_up_left_open_are_refused_in_snapshots() {
    let state = dealt("standard", json!({"num_players": 3}), 11);
    let mut snapshot = state.state_json(None);
    let sq = json!("SQ");
    let holder = (0..3).find(|&s| snapshot["hands"][s].as_array().unwrap().contains(&sq));
    let mut bad = snapshot.clone();
    match holder {
        Some(s) => bad["hands"][s].as_array_mut().unwrap().retain(|c| c != &sq),
        None => bad["talon"].as_array_mut().unwrap().retain(|c| c != &sq),
    }
    let spare = bad["talon"].as_array_mut().unwrap().pop().unwrap();
    bad["discards"] = json!([["SQ", spare]]);
    bad["to_move"] = json!(2 - snapshot["to_move"].as_u64().unwrap());
    let problems = refused(
        Route::LegalMoves,
        json!({"position": {"version": 1, "game": "mustamaija", "options": {"num_players": 3}, "state": bad}}),
    );
    let paths: Vec<&str> = problems.iter().map(|p| p.0.as_str()).collect();
    assert!(
        paths.contains(&"position.state.discards") && paths.contains(&"position.state.to_move"),
        "{problems:?}"
    );
    snapshot["phase"] = json!("defend");
    let problems = refused(
        Route::LegalMoves,
        json!({"position": {"version": 1, "game": "mustamaija", "options": {"num_players": 3}, "state": snapshot}}),
    );
    assert!(
        problems.iter().any(|p| p.0 == "position.state.table"),
        "{problems:?}"
    );
}

#[test]
fn a_seats_view_hides_other_hands_and_the_talon_and_parses_back_to_the_same_view() {
    for seed in 0..40 {
        let mut state = dealt("standard", json!({"num_players": 4}), seed);
        let mut rng = Rng::seeded(seed);
        let mut moves = Vec::new();
        for _ in 0..rng.below(60) {
            if state.is_over() {
                break;
            }
            state.legal_moves(&mut moves);
            state.play_unchecked(moves[rng.below(moves.len())]);
        }
        let Some(observer) = state.to_move() else {
            continue;
        };
        let view = position_json(&Position {
            state: state.clone(),
            history: None,
            view: Some(observer),
        });
        for seat in (0..4).filter(|&s| s != observer) {
            assert!(
                view["state"]["hands"][seat].is_u64(),
                "seat {seat}'s hand is a count"
            );
        }
        let talon = &view["state"]["talon"];
        assert!(
            talon.is_u64()
                || talon
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|c| !c.is_null())
                    .count()
                    <= 1,
            "at most the trump card shows"
        );
        let parsed: Position<Mustamaija> = crate::api::parse_position(&view, "position")
            .unwrap_or_else(|p| panic!("seed {seed}: {p:?}"));
        assert_eq!(
            parsed.state.state_json(Some(observer)),
            state.state_json(Some(observer)),
            "seed {seed}"
        );
        assert_eq!(
            legal(&parsed.state),
            legal(&state),
            "seed {seed}: the observer has the same moves"
        );
        for seat in 0..4 {
            assert_eq!(
                parsed.state.hands[seat] & state.public,
                state.hands[seat] & state.public,
                "known cards stay put"
            );
            assert_eq!(parsed.state.hands[seat].len(), state.hands[seat].len());
        }
        assert_eq!(
            parsed.state.talon.bottom() == state.trump_card,
            state.talon.bottom() == state.trump_card
        );
    }
}

#[test]
fn a_view_given_as_deal_and_moves_shows_the_observer_the_talon_cards_it_drew() {
    let start = dealt("standard", json!({"num_players": 2}), 3);
    let mut state = start.clone();
    let mut history = Vec::new();
    let mut moves = Vec::new();
    // Seat 1 attacks seat 0, which takes whatever it can: seat 1 keeps the attack and draws.
    while history.len() < 12 && !state.is_over() {
        state.legal_moves(&mut moves);
        let mv = if state.to_move() == Some(0) {
            *moves.last().unwrap()
        } else {
            moves[0]
        };
        state.play_unchecked(mv);
        history.push(mv);
    }
    let observer = 1;
    let view = position_json(&Position {
        state: state.clone(),
        history: Some((start, history)),
        view: Some(observer),
    });
    let talon = view["deal"]["talon"]
        .as_array()
        .expect("the observer knows some places");
    let known: CardSet = talon.iter().filter_map(|c| c.as_str()).map(card).collect();
    assert!(
        !known.is_empty()
            && known.is_subset(
                state.hands[1]
                    | state.discards
                    | state.attack
                    | state.table_beaters()
                    | state.hands[0]
                    | state.talon.set()
            )
    );
    let parsed: Position<Mustamaija> =
        crate::api::parse_position(&view, "position").unwrap_or_else(|p| panic!("{p:?}"));
    assert_eq!(
        parsed.state.hands[observer], state.hands[observer],
        "the replay gives the observer its real cards"
    );
}
