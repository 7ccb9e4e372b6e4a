//! The shared conformance suite in every variant and option set, and perft pins.

use super::super::Muschik;
use crate::conformance::random_hands;
use serde_json::json;

#[test]
fn conformance_every_table_size() {
    for variant in ["muschik", "muschik4", "muschik3", "muschik2"] {
        let moves = random_hands::<Muschik>(variant, &json!({}), 0..60, 200);
        assert!(moves > 60 * 10, "{variant}: {moves} moves");
    }
}

#[test]
fn conformance_every_rule_alternative() {
    let option_sets = [
        json!({ "participation_floor": "void_deal_if_lt2" }),
        json!({ "participation_floor": "lone_player_takes_all" }),
        json!({ "min_participants": 3 }),
        json!({ "min_participants": 1 }),
        json!({ "exchange_passes": 3 }),
        json!({ "exchange_passes": 0 }),
        json!({ "dealer_swap_timing": "before_exchange" }),
        json!({ "clamp_at_zero": false, "payoff": "match_points" }),
        json!({ "must_play_at_cp1": true, "max_consecutive_sitouts": 1 }),
        json!({ "num_players": 3, "deck_ranks": "789TJQKA", "first_dealer": "draw" }),
    ];
    for options in option_sets {
        let moves = random_hands::<Muschik>("muschik", &options, 0..40, 300);
        assert!(moves > 40 * 5, "{options}: {moves} moves");
    }
}
