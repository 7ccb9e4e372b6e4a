//! Views through the analyze route: ISMCTS and `auto` in every phase of every game, one answer
//! per seed, and the request fields that only some methods take; complete positions in the
//! phases the exact search leaves.

use crate::api::{position_json, Position};
use crate::game::Game;
use crate::games::analysis_check::{call, walk};
use crate::games::{handle, Route};
use crate::hidden::api_tests::{play_view, view_of};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// Hands whose random play reaches every phase of every game: each game's variants, and the
/// options and match states of its rarer phases (Kontra/Re, the talon given one each, a
/// double round's start).
fn cases() -> Vec<(&'static str, Value, u64)> {
    let double_round = json!({ "round": 6, "double_for": 0, "start_cp": null, "cp": null, "mp": [0, 0, 0, 0, 0], "round_winners": [1, 2, 3, 4, 1], "double_rounds_owed": [], "sitouts": [0, 0, 0, 0, 0], "deals": 0, "over": false });
    vec![
        ("marjapussi", json!({ "variant": "marjapussi" }), 3),
        (
            "marjapussi",
            json!({ "variant": "huutopussi", "options": { "kontra_re": true, "double_timing": "poll_all" } }),
            3,
        ),
        ("marjapussi", json!({ "variant": "erlangen" }), 3),
        ("marjapussi", json!({ "variant": "huutopussi3" }), 2),
        (
            "marjapussi",
            json!({ "variant": "huutopussi3", "options": { "talon_handling": "give_one_each" } }),
            2,
        ),
        ("mustamaija", json!({ "variant": "standard" }), 3),
        (
            "mustamaija",
            json!({ "variant": "kurki_suonio_marriage" }),
            8,
        ),
        ("muschik", json!({ "variant": "muschik" }), 3),
        ("muschik", json!({ "variant": "muschik2" }), 2),
        (
            "muschik",
            json!({ "variant": "muschik", "match": double_round }),
            1,
        ),
        ("mu", json!({ "variant": "mu3" }), 4),
        ("mu", json!({ "variant": "mu4" }), 6),
        ("mu", json!({ "variant": "mu5" }), 4),
        ("mu", json!({ "variant": "mu6" }), 4),
        ("bridge", json!({ "variant": "bridge" }), 1),
    ]
}

/// Phases in which nobody moves: the hand is over (Mü's all-pass and Eklat end it too).
const ENDS: [&str; 6] = ["over", "redealt", "scored", "void", "all_pass", "eklat"];

/// The answer's moves, checked against the view's legal moves: every legal move once when the
/// answer says it lists them all, every one of them a legal move in any case.
fn check_moves(game: &str, view: &Value, answer: &Value) {
    let legal = call(game, Route::LegalMoves, json!({ "position": view }));
    let listed: BTreeSet<&str> = legal["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let moves = answer["moves"].as_array().expect("moves");
    let names: BTreeSet<&str> = moves.iter().filter_map(|m| m["move"].as_str()).collect();
    assert_eq!(names.len(), moves.len(), "{game}: a move twice: {answer}");
    if answer["all_moves_listed"] != json!(false) {
        assert_eq!(names, listed, "{game}: {answer}");
    }
    let best = answer["best_move"].as_str().expect("a best move");
    assert!(names.contains(best), "{game}: {answer}");
    let checked = handle(
        game,
        Route::Play,
        json!({ "position": view, "move": best })
            .to_string()
            .as_bytes(),
    );
    assert!(
        checked.is_ok(),
        "{game}: best move {best} refused: {checked:?}"
    );
}

/// The phases of seeded hands dealt by `deal` (a deal request without its seed), each with the
/// first position reached in it, as the seat to move's snapshot view (bridge dummy's turns
/// are the declarer's, so left out).
fn first_view_per_phase(game: &str, deal: &Value, seeds: u64) -> Vec<(String, Value)> {
    let mut seen = BTreeSet::new();
    let mut views = Vec::new();
    for seed in 0..seeds {
        let mut request = deal.clone();
        request["seed"] = json!(seed);
        let dealt = call(game, Route::Deal, request);
        walk(game, dealt["position"].clone(), seed, |position, legal| {
            let phase = legal["phase"].as_str().unwrap_or("").to_string();
            if !seen.contains(&phase) {
                let view = view_of(game, position, &legal["to_move"]);
                let body = json!({ "position": view }).to_string();
                if handle(game, Route::LegalMoves, body.as_bytes()).is_ok() {
                    seen.insert(phase.clone());
                    views.push((phase, view));
                }
            }
            true
        });
    }
    views
}

/// Mü's vice choosing a trump, which random auctions seldom reach (a unique runner-up): the
/// auction of rules example V1, as the vice's view.
fn mu_vice_view() -> (String, Value) {
    let laid = ["R9 R8 R6 R5 R4", "B8 B6 G6 B1a", "G8 Y6 Y5 Y4"];
    let state = crate::games::mu::tests_examples::auction_laying(5, &laid);
    let vice = state.to_move().expect("the vice to choose");
    let view = position_json(&Position {
        state,
        history: None,
        view: Some(vice),
    });
    ("vice_trump".to_string(), view)
}

/// `game`'s entry in the catalogue.
fn catalogue_entry(game: &str) -> Value {
    let catalogue = crate::games::catalogue();
    let entries = catalogue["games"].as_array().expect("games");
    let entry = entries.iter().find(|g| g["name"] == game);
    entry
        .unwrap_or_else(|| panic!("{game} in the catalogue"))
        .clone()
}

/// Every phase of `game` in which a seat moves, from the catalogue.
fn move_phases(game: &str) -> BTreeSet<String> {
    catalogue_entry(game)["phases"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .filter(|p| !ENDS.contains(p))
        .map(String::from)
        .collect()
}

#[test]
fn ismcts_answers_a_view_in_every_phase_of_every_game_with_one_answer_per_seed() {
    let mut reached: BTreeSet<(String, String)> = BTreeSet::new();
    for (game, deal, seeds) in cases() {
        let mut views = first_view_per_phase(game, &deal, seeds);
        if game == "mu" && deal["variant"] == "mu5" {
            views.push(mu_vice_view());
        }
        for (phase, view) in views {
            let body = json!({ "position": view, "method": "ismcts", "budget": { "iterations": 300 }, "seed": 9 });
            let answer = call(game, Route::Analyze, body.clone());
            let what = format!("{deal} {phase}");
            assert_eq!(answer["method"], "ismcts", "{what}");
            assert_eq!(answer["reproducible"], true, "{what}: {answer}");
            check_moves(game, &view, &answer);
            let visits: u64 = answer["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["visits"].as_u64().unwrap())
                .sum();
            assert_eq!(visits, 300, "{what}: every iteration visits one root move");
            let again = call(game, Route::Analyze, body);
            assert_eq!(
                answer["moves"], again["moves"],
                "{what}: one seed, one answer"
            );
            reached.insert((game.to_string(), phase));
        }
    }
    for game in crate::games::GAMES {
        for phase in move_phases(game) {
            let key = (game.to_string(), phase);
            assert!(reached.contains(&key), "{key:?} never analysed");
        }
    }
}

/// `auto` in every phase of case `index` of [`cases`], seeds 0 and 1: the method it takes (the
/// choices before the play that it values, by `bids`; else PIMC or ISMCTS), that it says why,
/// and the moves it answers.
fn auto_answers_a_view_in_every_phase_of_case(index: usize) {
    let (game, deal, seeds) = cases().swap_remove(index);
    for (phase, view) in first_view_per_phase(game, &deal, seeds.min(2)) {
        let body = json!({ "position": view, "budget": { "iterations": 200, "worlds": 4, "time_ms": 20_000 } });
        let answer = call(game, Route::Analyze, body);
        let what = format!("{deal} {phase}: {answer}");
        assert_eq!(answer["method_asked"], "auto", "{what}");
        let doubling = deal["variant"] == "erlangen" || deal["options"]["kontra_re"] == true;
        let before_play = [
            "bid",
            "exchange_give",
            "set_contract",
            "exchange_return",
            "discard",
        ];
        let mu_choice = ["vice_trump", "chief_trump", "partner"];
        let legal = call(game, Route::LegalMoves, json!({ "position": view }));
        let may_sit_out = legal["moves"].as_array().is_some_and(|m| m.len() == 2);
        let valued = (game == "marjapussi" && before_play.contains(&phase.as_str()) && !doubling)
            || (game == "mu" && mu_choice.contains(&phase.as_str()))
            || (game == "muschik" && phase == "participation" && may_sit_out);
        let methods: &[&str] = if valued {
            &["bids"]
        } else {
            &["pimc", "ismcts"]
        };
        assert!(
            methods.contains(&answer["method"].as_str().unwrap()),
            "{what}"
        );
        assert!(
            answer["why_method"].as_str().is_some_and(|w| !w.is_empty()),
            "{what}"
        );
        check_moves(game, &view, &answer);
    }
}

/// One test per case of [`cases`] (the longest took 150 s as one test), so that the test
/// threads share them; `every_case_has_its_test` fails when a case is added without one.
macro_rules! auto_answers_each_case {
    ($($case:ident = $index:literal,)*) => {
        mod auto_answers_a_view_in_every_phase_of_every_game_and_says_why {
            use super::{auto_answers_a_view_in_every_phase_of_case, cases};
            $(
                #[test]
                fn $case() {
                    auto_answers_a_view_in_every_phase_of_case($index);
                }
            )*
            #[test]
            fn every_case_has_its_test() {
                let tested: Vec<usize> = vec![$($index),*];
                assert_eq!(tested, (0..cases().len()).collect::<Vec<_>>());
            }
        }
    };
}

auto_answers_each_case! {
    marjapussi = 0,
    huutopussi_kontra_re_poll_all = 1,
    erlangen = 2,
    huutopussi3 = 3,
    huutopussi3_talon_given_one_each = 4,
    mustamaija = 5,
    mustamaija_kurki_suonio_marriage = 6,
    muschik = 7,
    muschik2 = 8,
    muschik_double_round = 9,
    mu3 = 10,
    mu4 = 11,
    mu5 = 12,
    mu6 = 13,
    bridge = 14,
}

#[test]
fn auto_takes_pimc_late_in_the_play_and_ismcts_where_worlds_are_too_big_for_the_time() {
    let late = play_view("marjapussi", "huutopussi", 3, 28);
    let answer = call("marjapussi", Route::Analyze, json!({ "position": late }));
    assert_eq!(answer["method"], "pimc", "{answer}");
    let early = play_view("bridge", "bridge", 3, 2);
    let body = json!({ "position": early, "budget": { "time_ms": 50, "worlds": 200 } });
    let answer = call("bridge", Route::Analyze, body);
    assert_eq!(answer["method"], "ismcts", "{answer}");
}

#[test]
fn ismcts_serves_a_view_given_as_deal_and_moves_and_bridge_declarer_plays_dummy() {
    let dealt = call("bridge", Route::Deal, json!({ "seed": 4 }));
    // After the opening lead dummy is to move; the declarer's view decides its card.
    let position = walk("bridge", dealt["position"].clone(), 4, |_, _| false);
    let legal = call("bridge", Route::LegalMoves, json!({ "position": position }));
    let lead = legal["moves"][0].clone();
    let after = call(
        "bridge",
        Route::Play,
        json!({ "position": position, "move": lead }),
    );
    let dummy = after["to_move"].as_u64().unwrap();
    let declarer = (dummy + 2) % 4;
    let view = view_of("bridge", &after["position"], &json!(declarer));
    let answer = call(
        "bridge",
        Route::Analyze,
        json!({ "position": view, "method": "ismcts", "budget": { "iterations": 200 } }),
    );
    assert_eq!(answer["perspective"]["seat"], json!(declarer), "{answer}");
    check_moves("bridge", &view, &answer);
    let hidden_seat = handle(
        "bridge",
        Route::Analyze,
        json!({ "position": view_of("bridge", &after["position"], &json!((dummy + 1) % 4)), "method": "ismcts" })
            .to_string()
            .as_bytes(),
    );
    assert!(format!("{hidden_seat:?}").contains("position.view"));
}

#[test]
fn fields_of_other_methods_are_refused_where_they_are() {
    let view = play_view("marjapussi", "huutopussi", 2, 8);
    let refusals = [
        (json!({ "method": "pimc", "rollout": "random" }), "rollout"),
        (
            json!({ "method": "ismcts", "rollout": "greedy" }),
            "rollout",
        ),
        (json!({ "method": "exact" }), "method"),
        (
            json!({ "method": "ismcts", "perspective": 9 }),
            "perspective",
        ),
    ];
    for (fields, path) in refusals {
        let mut body = fields.clone();
        body["position"] = view.clone();
        let refused = handle("marjapussi", Route::Analyze, body.to_string().as_bytes());
        let text = format!("{refused:?}");
        assert!(text.contains(&format!("\"{path}\"")), "{fields}: {text}");
    }
    let dealt = call("marjapussi", Route::Deal, json!({ "seed": 1 }));
    let complete =
        json!({ "position": dealt["position"], "method": "exact", "seed": 3, "rollout": "random" });
    let refused = handle(
        "marjapussi",
        Route::Analyze,
        complete.to_string().as_bytes(),
    );
    let text = format!("{refused:?}");
    assert!(
        text.contains("\"seed\"") && text.contains("\"rollout\""),
        "{text}"
    );
}

#[test]
fn random_and_heuristic_rollouts_both_serve_and_are_named() {
    let view = play_view("muschik", "muschik", 1, 3);
    for rollout in ["random", "heuristic"] {
        let body = json!({ "position": view, "method": "ismcts", "rollout": rollout, "budget": { "iterations": 400 } });
        let answer = call("muschik", Route::Analyze, body);
        assert_eq!(answer["rollout"], rollout, "{answer}");
        assert_eq!(answer["stats"]["iterations"], 400);
    }
}

#[test]
fn a_complete_position_in_bidding_is_served_by_ismcts_on_its_one_world_and_refused_by_exact() {
    let dealt = call(
        "marjapussi",
        Route::Deal,
        json!({ "variant": "huutopussi", "seed": 2 }),
    );
    let position = dealt["position"].clone();
    let body = json!({ "position": position, "budget": { "iterations": 400 }, "seed": 5 });
    let answer = call("marjapussi", Route::Analyze, body.clone());
    assert_eq!(answer["method"], "ismcts", "{answer}");
    assert!(
        answer["why_method"].as_str().unwrap().contains("bid"),
        "{answer}"
    );
    check_moves("marjapussi", &position, &answer);
    let again = call("marjapussi", Route::Analyze, body);
    assert_eq!(answer["moves"], again["moves"], "one seed, one answer");
    let exact = json!({ "position": position, "method": "exact" });
    let refused = handle("marjapussi", Route::Analyze, exact.to_string().as_bytes());
    assert!(format!("{refused:?}").contains("'ismcts'"), "{refused:?}");
}

#[test]
fn the_catalogue_says_per_game_what_the_exact_value_is_and_where_each_method_applies() {
    let catalogue = crate::games::catalogue();
    for method in ["exact", "pimc", "ismcts", "bids", "auto"] {
        assert!(
            catalogue["analysis_methods"][method].is_string(),
            "{method}"
        );
    }
    for game in crate::games::GAMES {
        let analysis = &catalogue_entry(game)["analysis"];
        assert!(analysis["exact_value"].is_string(), "{game}");
        assert!(analysis["exact_search"].is_string(), "{game}");
        let phases = move_phases(game);
        let exact = analysis["exact_phases"].as_array().unwrap();
        assert!(!exact.is_empty(), "{game}");
        for phase in exact {
            assert!(phases.contains(phase.as_str().unwrap()), "{game}: {phase}");
        }
    }
}

/// The bridge view (NT by North, North's view after East discarded on a suit it had
/// shown out of): every method answers it.
pub(crate) fn bridge_discard_view() -> Value {
    json!({"version": 1, "game": "bridge", "variant": "bridge", "options": {"strain": "NT", "declarer": 0}, "view": 0, "deal": {"hands": [["S5","S6","S7","S8","SQ","SK","H3","HA","D6","D7","D9","C3","CQ"], 13, ["S4","H2","H5","H7","HT","HQ","D2","D3","DT","DQ","DA","C5","C6"], 13]}, "moves": ["SA","S4","S3","S5","C8","C6","C9","CQ","SQ","S9","DT","S2","D6","CT"]})
}

#[test]
fn a_view_with_a_hidden_seat_showing_out_is_analysed_by_every_method() {
    for method in ["pimc", "ismcts", "auto"] {
        let body = json!({ "position": bridge_discard_view(), "method": method, "seed": 1, "budget": { "worlds": 10 } });
        let answer = analyze_ok("bridge", body);
        assert!(answer["best_move"].is_string(), "{method}: {answer}");
    }
}

/// The answer of a request that must succeed.
fn analyze_ok(game: &str, body: Value) -> Value {
    let answer = handle(game, Route::Analyze, body.to_string().as_bytes());
    answer.unwrap_or_else(|e| panic!("{body}: {e:?}"))
}

#[test]
fn short_budgets_answer_and_report_what_they_did_not_use() {
    let view = play_view("marjapussi", "huutopussi", 2, 8);
    let unsolved = analyze_ok(
        "marjapussi",
        json!({ "position": view, "method": "pimc", "budget": { "worlds": 4, "nodes": 1, "iterations": 50 } }),
    );
    assert_eq!(unsolved["method"], "ismcts", "{unsolved}");
    assert!(unsolved["why_method"]
        .as_str()
        .unwrap()
        .contains("no sampled world was solved"));
    assert_eq!(unsolved["unused_budget"], json!(["worlds"]));
    let ismcts = analyze_ok(
        "marjapussi",
        json!({ "position": view, "method": "ismcts", "budget": { "worlds": 10, "iterations": 50 } }),
    );
    assert_eq!(ismcts["unused_budget"], json!(["worlds"]));
    let dealt = call("bridge", Route::Deal, json!({ "seed": 1 }));
    let mut plays = 0;
    let late = walk("bridge", dealt["position"].clone(), 1, |_, _| {
        plays += 1;
        plays <= 40
    });
    let complete = analyze_ok(
        "bridge",
        json!({ "position": late, "budget": { "worlds": 10 } }),
    );
    assert_eq!(complete["method"], "exact", "{complete}");
    assert_eq!(complete["unused_budget"], json!(["worlds"]));
}

/// Huutopussi seeded 3 after the forehand opened at `bid`: the next seat's view and its seat.
fn bid_view(bid: i32) -> (Value, Value) {
    let dealt = call(
        "marjapussi",
        Route::Deal,
        json!({ "variant": "huutopussi", "seed": 3 }),
    );
    let mv = format!("bid {bid}");
    let after = call(
        "marjapussi",
        Route::Play,
        json!({ "position": dealt["position"], "move": mv }),
    );
    let seat = after["to_move"].clone();
    (view_of("marjapussi", &after["position"], &seat), seat)
}

#[test]
fn auto_values_a_bid_by_the_play_it_leads_to_and_says_so() {
    // An opening of 400 needs 400 of the hand's 440 points: the opponents fail it (the play
    // evaluator's test checks every world), and every bid over it fails ours.
    let (view, seat) = bid_view(400);
    let body = json!({ "position": view, "seed": 11, "budget": { "time_ms": 60_000 } });
    let answer = analyze_ok("marjapussi", body.clone());
    assert_eq!(answer["method"], "bids", "{answer}");
    assert_eq!(answer["method_asked"], "auto");
    assert!(answer["why_method"]
        .as_str()
        .unwrap()
        .contains("bid of the auction"));
    assert!(answer["search"]
        .as_str()
        .unwrap()
        .contains("rule-based player"));
    assert_eq!(answer["perspective"]["seat"], seat);
    assert_eq!(answer["best_move"], "pass", "{answer}");
    assert_eq!(answer["reproducible"], true);
    check_moves("marjapussi", &view, &answer);
    let moves = answer["moves"].as_array().unwrap();
    let score = |m: &Value| m["score"].as_f64().unwrap();
    let pass = moves.iter().find(|m| m["move"] == "pass").unwrap();
    assert_eq!(
        pass["worlds"], answer["stats"]["worlds"],
        "the best stays in"
    );
    assert_eq!(answer["score"], pass["score"]);
    for m in moves.iter().filter(|m| m["move"] != "pass") {
        assert!(score(m) < 0.0 && score(m) < score(pass), "{m}");
        assert!(m["score_low"].as_f64().unwrap() <= score(m), "{m}");
    }
    let timeless = |mut a: Value| {
        a["stats"]["time_ms"] = json!(null);
        a
    };
    let again = analyze_ok("marjapussi", body);
    assert_eq!(timeless(again), timeless(answer), "one answer per seed");
}

#[test]
fn bids_are_asked_for_an_auction_of_a_view_only() {
    let refused = |game: &str, body: Value| {
        let problem = handle(game, Route::Analyze, body.to_string().as_bytes());
        assert!(format!("{problem:?}").contains("method"), "{problem:?}");
    };
    let play = play_view("marjapussi", "huutopussi", 2, 8);
    refused("marjapussi", json!({ "position": play, "method": "bids" }));
    let dealt = call(
        "marjapussi",
        Route::Deal,
        json!({ "variant": "huutopussi", "seed": 3 }),
    );
    refused(
        "marjapussi",
        json!({ "position": dealt["position"], "method": "bids" }),
    );
    let (view, _) = bid_view(50);
    let asked =
        json!({ "position": view, "method": "bids", "budget": { "time_ms": 60_000, "worlds": 3 } });
    let answer = analyze_ok("marjapussi", asked);
    assert_eq!(answer["method"], "bids");
    assert_eq!(answer["unused_budget"], json!(["worlds"]));
    let playouts = answer["stats"]["playouts"].as_u64().unwrap();
    assert!(playouts > 0 && playouts <= 50_000 + 100, "{playouts}");
}

/// The view of the seat to move in the first position in `phase` of a `variant` hand played
/// at random from its deal, over the seeds from 1 until one reaches it.
fn phase_view(variant: &str, phase: &str) -> Value {
    for seed in 1..50 {
        let dealt = call(
            "marjapussi",
            Route::Deal,
            json!({ "variant": variant, "seed": seed }),
        );
        let position = walk("marjapussi", dealt["position"].clone(), seed, |_, legal| {
            legal["phase"] != phase
        });
        let legal = call(
            "marjapussi",
            Route::LegalMoves,
            json!({ "position": position }),
        );
        if legal["phase"] == phase {
            return view_of("marjapussi", &position, &legal["to_move"]);
        }
    }
    panic!("no {variant} hand reached {phase}")
}

#[test]
fn choices_before_the_play_are_valued_by_the_play_and_say_whether_all_are_listed() {
    for (variant, phase, candidates) in [
        ("huutopussi", "exchange_give", 1 + 3 * 6),
        ("huutopussi", "exchange_return", 1 + 3 * 9),
    ] {
        let view = phase_view(variant, phase);
        let body = json!({ "position": view, "method": "bids", "seed": 3, "budget": { "time_ms": 60_000 } });
        let answer = analyze_ok("marjapussi", body.clone());
        let what = format!("{variant} {phase}: {answer}");
        assert_eq!(answer["method"], "bids", "{what}");
        assert_eq!(answer["all_moves_listed"], false, "{what}");
        assert!(answer["search"]
            .as_str()
            .unwrap()
            .contains("not every legal move"));
        assert_eq!(answer["reproducible"], true, "{what}");
        assert_eq!(
            answer["moves"].as_array().unwrap().len(),
            candidates,
            "{what}"
        );
        check_moves("marjapussi", &view, &answer);
        let timeless = |mut a: Value| {
            a["stats"]["time_ms"] = json!(null);
            a
        };
        let again = analyze_ok("marjapussi", body);
        assert_eq!(
            timeless(again),
            timeless(answer),
            "{variant} {phase}: one answer per seed"
        );
    }
    // `auto` answers these by the play they lead to, and says which choice it valued.
    let (_, vice) = mu_vice_view();
    for (game, view, what, all) in [
        (
            "marjapussi",
            phase_view("huutopussi3", "discard"),
            "the cards to pass or lay away",
            false,
        ),
        ("mu", vice, "the trump", true),
    ] {
        let body = json!({ "position": view, "seed": 2, "budget": { "time_ms": 60_000 } });
        let answer = analyze_ok(game, body);
        assert_eq!(answer["method"], "bids", "{answer}");
        let why = answer["why_method"].as_str().unwrap();
        assert!(why.starts_with(what), "{answer}");
        assert_eq!(answer["all_moves_listed"], all, "{answer}");
        assert_eq!(answer["reproducible"], true, "{answer}");
        check_moves(game, &view, &answer);
    }
    let contract = phase_view("huutopussi", "set_contract");
    let body = json!({ "position": contract, "method": "bids", "budget": { "time_ms": 60_000 } });
    let answer = analyze_ok("marjapussi", body);
    assert_eq!(answer["all_moves_listed"], true, "{answer}");
    check_moves("marjapussi", &contract, &answer);
}
