//! The JSON routes as the HTTP service calls them: seeded deals played out with random legal
//! moves through `/play`, whole matches, views, and bad input reported with its paths.

use crate::api::ApiError;
use crate::games::{catalogue, handle, Route};
use crate::rng::Rng;
use serde_json::{json, Value};

fn call(route: Route, body: &Value) -> Result<Value, ApiError> {
    handle("muschik", route, body.to_string().as_bytes())
}

fn ok(route: Route, body: &Value) -> Value {
    call(route, body).unwrap_or_else(|e| panic!("{route:?} {body}: {e:?}"))
}

/// The `(path, message)` pairs of an invalid request.
fn problems(route: Route, body: &Value) -> Vec<(String, String)> {
    match call(route, body) {
        Err(ApiError::Invalid(p)) => p.0.into_iter().map(|p| (p.path, p.message)).collect(),
        other => panic!("expected problems for {body}, got {other:?}"),
    }
}

fn has_problem_at(found: &[(String, String)], path: &str) -> bool {
    found.iter().any(|(p, _)| p == path)
}

/// Plays random legal moves through `/play` to the end of the deal; returns the last answer.
fn play_out(mut position: Value, rng: &mut Rng) -> Value {
    loop {
        let legal = ok(Route::LegalMoves, &json!({ "position": position }));
        let moves = legal["moves"].as_array().expect("a move list");
        let mv = &moves[rng.below(moves.len())];
        let answer = ok(Route::Play, &json!({ "position": position, "move": mv }));
        if answer["over"] == json!(true) {
            return answer;
        }
        position = answer["position"].clone();
    }
}

fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_i64().expect("an integer"))
        .collect()
}

/// The deal's result follows spec 5.1 to 5.3 from its tricks.
fn check_scores(answer: &Value) {
    let state = &answer["position"]["state"];
    let result = &answer["result"];
    if result["outcome"] == "void" {
        assert_eq!(result["cp_before"], result["cp_after"]);
        return;
    }
    let before = ints(&result["cp_before"]);
    let after = ints(&result["cp_after"]);
    let participants = ints(&result["participants"]);
    let mut expected = before.clone();
    let mut zero_at = vec![None; before.len()];
    for (i, trick) in state["tricks"]
        .as_array()
        .expect("tricks")
        .iter()
        .enumerate()
    {
        let w = trick["winner"].as_u64().expect("a winner") as usize;
        if expected[w] > 0 {
            expected[w] -= 1;
            if expected[w] == 0 {
                zero_at[w] = Some(i as u64 + 1);
            }
        }
    }
    let won = ints(&result["tricks_won"]);
    for &p in &participants {
        if won[p as usize] == 0 {
            expected[p as usize] += 5;
        }
    }
    assert_eq!(after, expected, "countdown points of {result}");
    let winner = (0..before.len())
        .filter(|&s| zero_at[s].is_some())
        .min_by_key(|&s| zero_at[s]);
    assert_eq!(result["round_winner"], json!(winner));
    let settlement = ints(&result["settlement"]);
    assert_eq!(settlement.iter().sum::<i64>(), 0);
    if let Some(w) = winner {
        let m = result["multiplier"].as_i64().expect("m");
        let others: i64 = (0..after.len()).filter(|&s| s != w).map(|s| after[s]).sum();
        assert_eq!(settlement[w], m * others);
    }
}

#[test]
fn the_catalogue_lists_muschik_with_its_variants() {
    let games = catalogue();
    let entry = games["games"]
        .as_array()
        .expect("games")
        .iter()
        .find(|g| g["name"] == "muschik")
        .expect("muschik listed");
    assert_eq!(entry["players"], json!([2, 3, 4, 5]));
    assert_eq!(entry["presets"]["muschik3"]["deck_ranks"], "9TJQKA");
}

#[test]
fn seeded_deals_played_at_random_through_play_score_as_the_spec_says() {
    let mut rng = Rng::seeded(11);
    for (variant, seeds) in [
        ("muschik", 0..12),
        ("muschik4", 0..4),
        ("muschik3", 0..4),
        ("muschik2", 0..4),
    ] {
        for seed in seeds {
            let dealt = ok(Route::Deal, &json!({ "variant": variant, "seed": seed }));
            let answer = play_out(dealt["position"].clone(), &mut rng);
            check_scores(&answer);
        }
    }
}

#[test]
fn a_whole_match_is_played_through_the_routes() {
    for (variant, players) in [("muschik2", 2usize), ("muschik", 5)] {
        let mut rng = Rng::seeded(5);
        let mut setup = json!({ "variant": variant, "seed": 1 });
        let mut deals = 0;
        let last = loop {
            let dealt = ok(Route::Deal, &setup);
            let answer = play_out(dealt["position"].clone(), &mut rng);
            check_scores(&answer);
            deals += 1;
            assert!(deals < 2000, "{variant}: the match does not end");
            let result = &answer["result"];
            if result["match_over"] == json!(true) {
                break result.clone();
            }
            setup = json!({ "variant": variant, "seed": deals, "dealer": result["next_dealer"], "match": result["match"] });
        };
        let m = &last["match"];
        let winners = ints(&m["round_winners"]);
        let normal_winners = &winners[..players];
        let without_win = (0..players as i64)
            .filter(|s| !normal_winners.contains(s))
            .count();
        assert_eq!(
            winners.len(),
            players + without_win,
            "{variant}: N rounds plus one double round per player without a win"
        );
        assert_eq!(ints(&m["mp"]).iter().sum::<i64>(), 0);
        assert_eq!(
            last["ranking"].as_array().expect("a final ranking").len(),
            players
        );
        assert_eq!(
            problems(
                Route::Deal,
                &json!({ "variant": variant, "dealer": 0, "match": m })
            )[0]
            .0,
            "match"
        );
    }
}

#[test]
fn a_view_hides_other_hands_and_the_stock_but_shows_the_taken_trump_card() {
    let dealt = ok(Route::Deal, &json!({ "seed": 3, "dealer": 4 }));
    let mut position = dealt["position"].clone();
    let script = [
        "in", "in", "in", "in", "in", "exchange", "exchange", "exchange", "exchange", "exchange",
    ];
    for mv in script {
        position =
            ok(Route::Play, &json!({ "position": position, "move": mv }))["position"].clone();
    }
    let legal = ok(Route::LegalMoves, &json!({ "position": position }));
    let swap = legal["moves"][1].clone();
    position = ok(Route::Play, &json!({ "position": position, "move": swap }))["position"].clone();
    let mut view = position.clone();
    view.as_object_mut().expect("an object").remove("deal");
    view.as_object_mut().expect("an object").remove("moves");
    view["view"] = json!(0);
    let full_state = view["state"].clone();
    let parsed = ok(Route::LegalMoves, &json!({ "position": view }));
    assert_eq!(parsed["to_move"], 0);
    let seen = ok(
        Route::Play,
        &json!({ "position": view, "move": parsed["moves"][0] }),
    );
    let state = &seen["position"]["state"];
    assert_eq!(state["hands"][1], 5, "another seat's hand is a count");
    assert_eq!(
        state["stock"],
        full_state["stock"].as_array().expect("stock").len()
    );
    assert_eq!(
        state["trump_holder"], 4,
        "the dealer is known to hold the trump card"
    );
    assert_eq!(state["trump_card"], full_state["trump_card"]);
    assert_eq!(state["hands"][4], 5);
    let hidden_move = problems(Route::LegalMoves, &json!({ "position": seen["position"] }));
    assert_eq!(hidden_move[0].0, "position.view");
}

#[test]
fn a_hidden_seat_exchanges_with_unnamed_cards_in_a_view() {
    let dealt = ok(Route::Deal, &json!({ "seed": 4, "dealer": 4 }));
    let mut position = dealt["position"].clone();
    for mv in ["in", "in", "in", "in", "in"] {
        position =
            ok(Route::Play, &json!({ "position": position, "move": mv }))["position"].clone();
    }
    let state = position["state"].clone();
    let view = json!({ "version": 1, "game": "muschik", "view": 3, "state": state });
    let answer = ok(
        Route::Play,
        &json!({ "position": view, "move": "exchange ?? ??" }),
    );
    let after = &answer["position"]["state"];
    assert_eq!(after["exchanged"][0], 2);
    assert_eq!(after["stock"], 4);
    assert_eq!(
        after["discards"][0], 2,
        "the discards' identity stays hidden"
    );
}

#[test]
fn bad_options_are_each_reported_with_their_path() {
    let found = problems(
        Route::Deal,
        &json!({ "seed": 1, "options": { "num_players": 7, "exchange_passes": "two", "payoff": "money", "colour": 1 } }),
    );
    for path in [
        "options.num_players",
        "options.exchange_passes",
        "options.payoff",
        "options.colour",
    ] {
        assert!(has_problem_at(&found, path), "{path} in {found:?}");
    }
    let found = problems(Route::Deal, &json!({ "variant": "muschik6" }));
    assert!(has_problem_at(&found, "variant"));
    let found = problems(
        Route::Deal,
        &json!({ "options": { "num_players": 5, "deck_ranks": "TJQKA" } }),
    );
    assert!(found[0].1.contains("cannot deal"), "{found:?}");
    let found = problems(
        Route::Deal,
        &json!({ "options": { "participation_floor": "void_deal_if_lt2", "min_participants": 3 } }),
    );
    assert!(has_problem_at(&found, "options.min_participants"));
    let found = problems(Route::Deal, &json!({ "seed": -1, "dealer": 9 }));
    assert!(
        has_problem_at(&found, "seed") && has_problem_at(&found, "dealer"),
        "{found:?}"
    );
}

#[test]
fn bad_positions_report_every_problem_with_its_path() {
    let dealt = ok(Route::Deal, &json!({ "seed": 2, "dealer": 1 }));
    let mut position = dealt["position"].clone();
    position["deal"]["hands"][0][0] = json!("X9");
    position["deal"]["hands"][1][0] = position["deal"]["hands"][2][0].clone();
    position["deal"]["trump_card"] = json!(7);
    let found = problems(Route::LegalMoves, &json!({ "position": position }));
    for path in [
        "position.deal.hands[0][0]",
        "position.deal.hands[2][0]",
        "position.deal.trump_card",
    ] {
        assert!(has_problem_at(&found, path), "{path} in {found:?}");
    }

    let mut state_position = dealt["position"].clone();
    state_position
        .as_object_mut()
        .expect("an object")
        .remove("deal");
    state_position["state"]["cp"] = json!([15, 15, 15, 14, 15]);
    state_position["state"]["to_move"] = json!(4);
    state_position["state"]["match"]["mp"] = json!([1, 0, 0, 0, 0]);
    let found = problems(Route::LegalMoves, &json!({ "position": state_position }));
    for path in [
        "position.state.match.mp",
        "position.state.to_move",
        "position.state.cp",
    ] {
        assert!(has_problem_at(&found, path), "{path} in {found:?}");
    }

    let mut wrong_turn = dealt["position"].clone();
    wrong_turn
        .as_object_mut()
        .expect("an object")
        .remove("deal");
    wrong_turn["state"]["to_move"] = json!(4);
    wrong_turn["state"]["cp"] = json!([15, 15, 15, 14, 15]);
    let found = problems(Route::LegalMoves, &json!({ "position": wrong_turn }));
    assert!(
        has_problem_at(&found, "position.state.to_move")
            && has_problem_at(&found, "position.state.cp"),
        "{found:?}"
    );
}

#[test]
fn illegal_and_malformed_moves_are_refused_with_the_legal_ones() {
    let dealt = ok(Route::Deal, &json!({ "seed": 2, "dealer": 1 }));
    let position = dealt["position"].clone();
    let found = problems(
        Route::Play,
        &json!({ "position": position, "move": "exchange" }),
    );
    assert_eq!(found[0].0, "move");
    assert!(found[0].1.contains("legal: in, out"), "{found:?}");
    let found = problems(Route::Play, &json!({ "position": position, "move": 3 }));
    assert_eq!(found[0].0, "move");
    let found = problems(
        Route::Play,
        &json!({ "position": position, "move": "swap ZZ" }),
    );
    assert!(found[0].1.contains("not a card"), "{found:?}");
    let mut replay = position.clone();
    replay["moves"] = json!(["in", "in", "in", "in", "in", "exchange SA"]);
    let found = problems(Route::LegalMoves, &json!({ "position": replay }));
    assert_eq!(found[0].0, "position.moves[5]");
    assert!(matches!(
        handle("muschik", Route::Play, b"{not json"),
        Err(ApiError::Malformed(_))
    ));
}
