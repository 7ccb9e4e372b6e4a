//! Mü: the conformance suite for every player count and option, perft pins for the play
//! phase, twins in keys, the compact legal moves, and the routes with good and bad input.

use super::cards::{self, canonical_twins};
use super::config::{Config, Variant};
use super::scoring::target;
use super::{Move, Mu, Phase};
use crate::api::{ApiError, Rules};
use crate::cards::CardSet;
use crate::conformance::random_hands;
use crate::game::Game;
use crate::games::options::Declared;
use crate::games::{handle, Route};
use crate::perft::perft;
use crate::rng::Rng;
use serde_json::{json, Value};

const VARIANTS: [&str; 4] = ["mu3", "mu4", "mu5", "mu6"];

#[test]
fn conformance_mu_every_player_count() {
    for variant in VARIANTS {
        let moves = random_hands::<Mu>(variant, &json!({}), 0..30, 5_000);
        assert!(moves > 30 * 36, "{variant}: {moves} moves");
    }
}

#[test]
fn conformance_mu_every_option() {
    let options = [
        json!({ "partner_mode": "call_card" }),
        json!({ "allow_same_trump": false, "bonus_cap": 100, "redeal_same_dealer": true }),
        json!({ "end_rule": "dice", "dice_trigger": 1 }),
        json!({ "end_rule": "card_draw", "card_draw_formula": "alt200", "tie_policy": "play_on" }),
        json!({ "eklat_latecomer": "last_card_overall", "first_dealer": 2, "public_trick_history": false }),
    ];
    for variant in ["mu4", "mu5", "mu6"] {
        for option in &options {
            random_hands::<Mu>(variant, option, 0..12, 5_000);
        }
    }
    random_hands::<Mu>(
        "mu3",
        &json!({ "three_player_removed_colours": ["R", "G"], "end_rule": "dice" }),
        0..12,
        5_000,
    );
}

fn config(variant: &str) -> Config {
    Config::preset(Variant::from_name(variant).expect("a variant"))
}

fn dealt(variant: &str, seed: u64) -> Mu {
    crate::games::seeded::deal_with(&config(variant), seed).expect("a seeded deal")
}

/// The dealer lays its lowest card, everyone passes, the chief names the first trump and the
/// first partner: the first trick of a seeded hand.
fn first_trick(variant: &str, seed: u64) -> Mu {
    let mut state = dealt(variant, seed);
    let dealer = state.actor as usize;
    let lowest = state.hands[dealer].lowest().expect("a full hand");
    state
        .play(Move::Bid(CardSet::single(lowest)))
        .expect("the opening bid");
    let mut moves = Vec::new();
    while state.phase != Phase::Play {
        state.legal_moves(&mut moves);
        state.play(moves[0]).expect("a listed move");
    }
    state
}

#[test]
fn perft_play_phase_from_seeded_deals() {
    let pins: [(&str, [u64; 6]); 4] = [
        ("mu3", [12, 45, 150, 1650, 5751, 17400]),
        ("mu4", [15, 40, 113, 257, 3598, 11097]),
        ("mu5", [12, 26, 55, 296, 1028, 11308]),
        ("mu6", [10, 32, 116, 260, 424, 1816]),
    ];
    for (variant, counts) in pins {
        let state = first_trick(variant, 7);
        let found: Vec<u64> = (1..=6).map(|d| perft(&state, d)).collect();
        assert_eq!(found, counts, "{variant}");
    }
}

#[test]
fn key_treats_twins_as_interchangeable() {
    let state = first_trick("mu4", 3);
    let (a, b) = (cards::parse("R7a").unwrap(), cards::parse("R7b").unwrap());
    let holder = |s: &Mu, c| (0..4).find(|&p| s.avail(p).contains(c)).expect("held");
    let (ha, hb) = (holder(&state, a), holder(&state, b));
    let mut swapped = state.clone();
    for (seat, from, to) in [(ha, a, b), (hb, b, a)] {
        let pile = if swapped.hands[seat as usize].contains(from) {
            &mut swapped.hands
        } else {
            &mut swapped.tables
        };
        pile[seat as usize].remove(from);
        pile[seat as usize].insert(to);
    }
    if ha != hb {
        assert_ne!(swapped.hands, state.hands, "the twins changed places");
    }
    assert_eq!(swapped.key(), state.key());
    let mut other = state.clone();
    let mut moves = Vec::new();
    other.legal_moves(&mut moves);
    other.play_unchecked(moves[0]);
    assert_ne!(other.key(), state.key());
    assert_eq!(canonical_twins(CardSet::single(b)), CardSet::single(a));
}

fn call(route: Route, body: Value) -> Result<Value, ApiError> {
    handle("mu", route, body.to_string().as_bytes())
}

fn ok(route: Route, body: Value) -> Value {
    call(route, body).unwrap_or_else(|e| panic!("{route:?}: {e:?}"))
}

/// Every problem of a refused request, as `(path, message)`.
fn problems(route: Route, body: Value) -> Vec<(String, String)> {
    match call(route, body) {
        Err(ApiError::Invalid(p)) => p.0.into_iter().map(|p| (p.path, p.message)).collect(),
        other => panic!("expected problems, got {other:?}"),
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn legal_moves_route_describes_every_bid_compactly() {
    let dealt = ok(
        Route::Deal,
        json!({ "variant": "mu4", "seed": 5, "dealer": 1 }),
    );
    let position = dealt["position"].clone();
    let opening = ok(Route::LegalMoves, json!({ "position": position }));
    assert_eq!(opening["to_move"], 1);
    assert_eq!(
        opening["count"], 16,
        "pass and the 15 single cards: the dealer may lay one card"
    );
    assert_eq!(opening["compact"]["complete"], true);
    assert_eq!(opening["moves"].as_array().unwrap().len(), 16);
    let after = ok(
        Route::Play,
        json!({ "position": position, "move": opening["moves"][1] }),
    );
    let second = ok(Route::LegalMoves, json!({ "position": after["position"] }));
    let bids = &second["compact"]["bids"];
    assert_eq!(
        (bids["min_cards"].as_u64(), bids["max_cards"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(bids["count"], binomial(15, 1) + binomial(15, 2));
    assert_eq!(
        second["compact"]["complete"], false,
        "120 bids are summarised, not listed"
    );
    assert_eq!(second["count"], 121);
    assert_eq!(second["moves"], json!(["pass"]));
    let search = second["compact"]["search_moves"].as_array().unwrap();
    assert!(search.len() < 40 && search[0] == "pass", "{search:?}");
}

#[test]
fn legal_moves_counts_a_big_auction_turn_without_listing_it() {
    let mut state = dealt("mu4", 11);
    state.actor = 0;
    state.dealer = 0;
    while state.bids[0] < 10 {
        let lowest = state.hands[0].lowest().unwrap();
        state.play(Move::Bid(CardSet::single(lowest))).unwrap();
        for _ in 1..4 {
            if state.bids[0] < 10 {
                state.play(Move::Pass).unwrap();
            }
        }
    }
    assert_eq!(state.actor, 1);
    assert_eq!(state.bid_limit(1), 11, "ten cards behind: up to eleven");
    let compact = state.compact_legal_moves().expect("the auction is compact");
    let expected: u64 = (1..=11).map(|k| binomial(15, k)).sum();
    assert_eq!(compact.described["bids"]["count"], expected);
    assert_eq!(compact.count, expected + 1);
    assert_eq!(compact.described["complete"], false);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    assert!(
        moves.len() < 250,
        "search sees a bounded list: {}",
        moves.len()
    );
    let unlisted: CardSet = state.hands[1].iter().skip(1).step_by(2).take(7).collect();
    assert!(
        !moves.contains(&Move::Bid(unlisted)),
        "a bid outside the abstraction"
    );
    assert!(
        state.clone().play(Move::Bid(unlisted)).is_ok(),
        "is still accepted by the checked play"
    );
    let twelve: CardSet = state.hands[1].iter().take(12).collect();
    assert!(
        state.clone().play(Move::Bid(twelve)).is_err(),
        "twelve cards exceed kmax"
    );
}

#[test]
fn distinct_bid_counts_merge_twins() {
    let hand: CardSet = ["R7a", "R7b", "G2"]
        .iter()
        .map(|t| cards::parse(t).unwrap())
        .collect();
    assert_eq!(
        super::bid_abstraction::distinct_bid_counts(hand, 3),
        vec![2, 2, 1]
    );
}

#[test]
fn play_route_accepts_any_legal_bid_and_reports_bad_ones() {
    let position = ok(
        Route::Deal,
        json!({ "variant": "mu5", "seed": 9, "dealer": 0 }),
    )["position"]
        .clone();
    let hands = position["deal"]["hands"].clone();
    let first = hands[0][0].as_str().unwrap().to_string();
    let one = ok(
        Route::Play,
        json!({ "position": position, "move": format!("bid {first}") }),
    );
    assert_eq!(one["to_move"], 1);
    let (a, b, c) = (
        hands[1][3].as_str().unwrap(),
        hands[1][7].as_str().unwrap(),
        hands[1][9].as_str().unwrap(),
    );
    let two = ok(
        Route::Play,
        json!({ "position": one["position"], "move": format!("bid {a} {c}") }),
    );
    assert_eq!(
        two["position"]["state"]["tables"][1]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let too_many = problems(
        Route::Play,
        json!({ "position": one["position"], "move": format!("bid {a} {b} {c}") }),
    );
    assert_eq!(too_many[0].0, "move");
    assert!(too_many[0].1.contains("not legal"), "{too_many:?}");
    let not_held = problems(
        Route::Play,
        json!({ "position": one["position"], "move": format!("bid {first}") }),
    );
    assert!(not_held[0].1.contains("not legal"), "{not_held:?}");
    let unknown = problems(
        Route::Play,
        json!({ "position": one["position"], "move": "bid R1" }),
    );
    assert!(unknown[0].1.contains("'R1' is not a card"), "{unknown:?}");
}

#[test]
fn bad_requests_report_every_problem_with_its_path() {
    let found = problems(
        Route::Deal,
        json!({ "variant": "mu4", "options": { "bonus_cap": 50, "colour": 1, "partner_mode": "x" }, "dealer": 9 }),
    );
    let paths: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
    for path in [
        "options.bonus_cap",
        "options.colour",
        "options.partner_mode",
        "dealer",
    ] {
        assert!(paths.contains(&path), "{path} in {found:?}");
    }
    let variant = problems(Route::Deal, json!({ "variant": "mu7" }));
    assert_eq!(variant[0].0, "variant");
    let mu3 = problems(
        Route::Deal,
        json!({ "variant": "mu4", "options": { "three_player_removed_colours": ["R", "B"] } }),
    );
    assert_eq!(mu3[0].0, "options.three_player_removed_colours");
    let deal = json!({
        "version": 1, "game": "mu", "variant": "mu3",
        "deal": { "dealer": 0, "hands": [["R0", "R0", "Y5"], ["X9"], []] }, "moves": [],
    });
    let found = problems(Route::LegalMoves, json!({ "position": deal }));
    let paths: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
    for path in [
        "position.deal.hands[0][1]",
        "position.deal.hands[0][2]",
        "position.deal.hands[1][0]",
        "position.deal.hands[2]",
    ] {
        assert!(paths.contains(&path), "{path} in {found:?}");
    }
}

#[test]
fn snapshot_with_broken_roles_is_refused_with_paths() {
    let state = first_trick("mu5", 4);
    let mut snapshot = state.state_json(None);
    snapshot["chief"] = json!((state.chief.unwrap() + 1) % 5);
    snapshot["partner"] = snapshot["chief"].clone();
    snapshot["to_move"] = json!((state.actor + 1) % 5);
    let position = json!({ "version": 1, "game": "mu", "variant": "mu5", "state": snapshot });
    let found = problems(Route::LegalMoves, json!({ "position": position }));
    let paths: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
    for path in [
        "position.state.chief",
        "position.state.partner",
        "position.state.to_move",
    ] {
        assert!(paths.contains(&path), "{path} in {found:?}");
    }
}

#[test]
fn a_view_hides_other_hands_but_shows_tables_and_accepts_their_bids() {
    let position = ok(
        Route::Deal,
        json!({ "variant": "mu4", "seed": 2, "dealer": 0 }),
    )["position"]
        .clone();
    let bid = position["deal"]["hands"][0][4]
        .as_str()
        .unwrap()
        .to_string();
    let mut view = position.clone();
    view["view"] = json!(1);
    view["deal"]["hands"] = json!([15, position["deal"]["hands"][1], 15, 15]);
    view.as_object_mut().unwrap().remove("state");
    let refused = problems(Route::LegalMoves, json!({ "position": view }));
    assert_eq!(
        refused[0].0, "position.view",
        "seat 0's moves are hidden from seat 1"
    );
    let after = ok(
        Route::Play,
        json!({ "position": view, "move": format!("bid {bid}") }),
    );
    let state = &after["position"]["state"];
    assert_eq!(state["tables"][0], json!([bid]), "bid cards are public");
    assert_eq!(state["hands"][0], 14);
    assert!(state["hands"][1].is_array());
    let moves = ok(Route::LegalMoves, json!({ "position": after["position"] }));
    assert_eq!(moves["to_move"], 1);
    assert_eq!(moves["compact"]["bids"]["max_cards"], 2);
}

/// Picks a random legal move from a legal-moves answer, any bid of the compact group included.
fn random_move(answer: &Value, rng: &mut Rng, pass_weight: usize) -> String {
    let moves = answer["moves"].as_array().unwrap();
    if answer["compact"].is_null() {
        return moves[rng.below(moves.len())].as_str().unwrap().to_string();
    }
    if answer["compact"]["complete"] == true && moves.len() > 1 && rng.below(10) >= pass_weight {
        return moves[1 + rng.below(moves.len() - 1)]
            .as_str()
            .unwrap()
            .to_string();
    }
    let bids = &answer["compact"]["bids"];
    let cards: Vec<&str> = bids["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let most = bids["max_cards"].as_u64().unwrap() as usize;
    if most == 0 || rng.below(10) < pass_weight {
        return "pass".to_string();
    }
    let size = 1 + rng.below(most);
    let mut picks = cards.clone();
    rng.shuffle(&mut picks);
    format!("bid {}", picks[..size].join(" "))
}

/// Checks a finished hand's scores against spec section 5 from the result's own facts.
fn check_scores(result: &Value, players: u8) {
    let n = players as usize;
    let score: Vec<i64> = result["hand_score"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    let points: Vec<i64> = result["card_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    match result["outcome"].as_str().unwrap() {
        "all_pass" => assert_eq!(score, vec![0; n]),
        "eklat" => {
            let e = &result["eklat"];
            let top = e["top"].as_i64().unwrap();
            let tied: Vec<usize> = e["tied"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap() as usize)
                .collect();
            let late = e["latecomer"].as_u64().unwrap() as usize;
            assert!(tied.len() >= 2 && tied.contains(&late));
            for (p, &s) in score.iter().enumerate() {
                let expected = if p == late {
                    -10 * top
                } else if tied.contains(&p) {
                    5 * top
                } else {
                    0
                };
                assert_eq!(s, expected, "Eklat score of seat {p}");
            }
        }
        _ => {
            let total = if players == 3 { 36 } else { 60 };
            assert_eq!(points.iter().sum::<i64>(), total);
            let chief = result["chief"].as_u64().unwrap() as usize;
            let partner = result["partner"].as_u64().map(|p| p as usize);
            let c = &result["contract"];
            let bid = c["cards"].as_u64().unwrap() as u8;
            let team: i64 = points[chief] + partner.map_or(0, |p| points[p]);
            assert_eq!(c["team_points"], team);
            assert_eq!(c["target"], target(players, bid));
            let made = team >= i64::from(target(players, bid));
            assert_eq!(c["made"], made);
            let missing = c["missing"].as_i64().unwrap();
            let bonus = c["bonus"].as_i64().unwrap();
            for p in 0..n {
                let on_team = p == chief || Some(p) == partner;
                let extra = match (made, on_team) {
                    (true, true) => bonus,
                    (true, false) => 0,
                    (false, true) if p == chief => -10 * missing,
                    (false, true) => 0,
                    (false, false) => 5 * missing,
                };
                assert_eq!(score[p], points[p] + extra, "seat {p}");
            }
        }
    }
}

#[test]
fn random_hands_through_the_routes_end_and_score_by_the_spec() {
    for (players, variant) in [(3u8, "mu3"), (4, "mu4"), (5, "mu5"), (6, "mu6")] {
        let mut outcomes = std::collections::HashSet::new();
        for seed in 0..40u64 {
            let mut rng = Rng::seeded(seed);
            let pass_weight = [9, 5, 8][seed as usize % 3];
            let mut position =
                ok(Route::Deal, json!({ "variant": variant, "seed": seed }))["position"].clone();
            loop {
                let answer = ok(Route::LegalMoves, json!({ "position": position }));
                let mv = random_move(&answer, &mut rng, pass_weight);
                let played = ok(Route::Play, json!({ "position": position, "move": mv }));
                position = played["position"].clone();
                if played["over"] == true {
                    check_scores(&played["result"], players);
                    outcomes.insert(played["result"]["outcome"].as_str().unwrap().to_string());
                    break;
                }
            }
        }
        for outcome in ["all_pass", "eklat", "played"] {
            assert!(
                outcomes.contains(outcome),
                "{variant}: no {outcome} hand in 40 seeds: {outcomes:?}"
            );
        }
    }
}

#[test]
fn call_card_partner_stays_hidden_from_others_until_the_card_is_seen() {
    let body = json!({ "variant": "mu4", "seed": 21, "dealer": 0, "options": { "partner_mode": "call_card" } });
    let mut position = ok(Route::Deal, body)["position"].clone();
    let hands = position["deal"]["hands"].clone();
    let opening = format!("bid {}", hands[0][0].as_str().unwrap());
    for mv in [opening.as_str(), "pass", "pass", "pass", "pass"] {
        position = ok(Route::Play, json!({ "position": position, "move": mv }))["position"].clone();
    }
    let trump = ok(Route::LegalMoves, json!({ "position": position }))["moves"][0].clone();
    position = ok(Route::Play, json!({ "position": position, "move": trump }))["position"].clone();
    let called = hands[2]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .find(|c| !c[1..].starts_with(['1', '7']))
        .unwrap();
    let played = ok(
        Route::Play,
        json!({ "position": position, "move": format!("call {called}") }),
    );
    let state = &played["position"]["state"];
    assert_eq!(
        (state["partner"].clone(), state["called_card"].clone()),
        (json!(2), json!(called))
    );
    let lead = hands[0][1].clone();
    let seen_by = |seat: u8| {
        let mut view = played["position"].clone();
        view["view"] = json!(seat);
        view.as_object_mut().unwrap().remove("state");
        ok(Route::Play, json!({ "position": view, "move": lead }))["position"]["state"]["partner"]
            .clone()
    };
    assert_eq!(
        seen_by(0),
        Value::Null,
        "the chief cannot tell who holds {called}"
    );
    assert_eq!(seen_by(1), Value::Null);
    assert_eq!(seen_by(2), json!(2), "the holder knows");
}

#[test]
fn solo_call_earns_one_bonus_column_more() {
    let mut state = dealt("mu4", 8);
    state.cfg.partner_mode = super::config::PartnerMode::CallCard;
    let seat = state.actor as usize;
    let own = state.hands[seat]
        .iter()
        .find(|&c| !matches!(cards::rank_of(c), 1 | 7))
        .expect("a callable card");
    state.play(Move::Bid(CardSet::single(own))).unwrap();
    for _ in 0..4 {
        state.play(Move::Pass).unwrap();
    }
    state
        .play(Move::Trump(super::Trump::Colour(cards::colour_of(own))))
        .unwrap();
    state.play(Move::Call(own)).unwrap();
    assert!(state.solo && state.partner.is_none());
    let mut moves = Vec::new();
    while !state.is_over() {
        state.legal_moves(&mut moves);
        state.play_unchecked(moves[0]);
    }
    let result = state.result.unwrap();
    let contract = result.contract.unwrap();
    if contract.made {
        assert_eq!(
            contract.bonus, 20,
            "colour trump, contract 1, solo: 10 × (1 + 0 + 1)"
        );
    } else {
        assert_eq!(
            result.hand_score[seat],
            result.card_points[seat] - 10 * i32::from(contract.missing)
        );
    }
}

#[test]
fn match_scores_accumulate_and_the_end_rules_apply() {
    let body = |options: Value| {
        json!({ "variant": "mu4", "seed": 3, "dealer": 0, "options": options,
        "match": { "scores": [195, 0, 0, 199], "hands_played": 7, "dice_rolling": true, "dice_threshold": 2, "seed": 5 } })
    };
    let finish = |options: Value| {
        let mut position = ok(Route::Deal, body(options))["position"].clone();
        for mv in ["pass"; 4] {
            let played = ok(Route::Play, json!({ "position": position, "move": mv }));
            if played["over"] == true {
                return played["result"].clone();
            }
            position = played["position"].clone();
        }
        unreachable!("four passes end the auction");
    };
    let target = finish(json!({}));
    assert_eq!(target["outcome"], "all_pass");
    assert_eq!(target["match"]["scores"], json!([195, 0, 0, 199]));
    assert_eq!(target["match"]["hands_played"], 8);
    assert_eq!(target["match_over"], false, "199 < 200");
    let dice = finish(json!({ "end_rule": "dice" }));
    assert_eq!(dice["roll"], Value::Null, "no roll after an all-pass hand");
    let draw = finish(json!({ "end_rule": "card_draw" }));
    let rank = draw["drawn_card"].as_str().unwrap()[1..2]
        .parse::<i32>()
        .unwrap();
    assert_eq!(draw["match_over"], 199 > 110 + 10 * rank);
    if draw["match_over"] == true {
        assert_eq!(draw["winners"], json!([3]));
    }
}
