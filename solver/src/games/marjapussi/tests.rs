//! Marjapussi: the conformance suite for every variant, and perft pins.

use super::Marjapussi;
use crate::conformance::random_hands;
use serde_json::json;

#[test]
fn conformance_marjapussi_every_variant() {
    for variant in ["marjapussi", "huutopussi", "erlangen", "huutopussi3"] {
        let moves = random_hands::<Marjapussi>(variant, &json!({}), 0..40, 2_000);
        assert!(moves > 40 * 20, "{variant}: {moves} moves");
    }
}

#[test]
fn conformance_marjapussi_non_default_options() {
    let cases = [
        (
            "marjapussi",
            json!({ "deck_size": 32, "first_lead_rule": "ace", "overtake_duty": false }),
        ),
        (
            "marjapussi",
            json!({ "deck_size": 28, "card_values": "simplified", "trump_on_marriage": "every" }),
        ),
        (
            "marjapussi",
            json!({ "card_tie_carry": "carry_accumulate", "first_deal_leader_card": "SA" }),
        ),
        (
            "huutopussi",
            json!({ "card_values": "original", "last_trick_bonus": 10, "marriage_values": "bridge" }),
        ),
        (
            "huutopussi",
            json!({ "asks": "half", "declare_right": "trick_winner", "no_trick_rule": "porvoo" }),
        ),
        (
            "erlangen",
            json!({ "double_timing": "poll_all", "half_ask_requires_card": true }),
        ),
        (
            "erlangen",
            json!({ "asks": "none", "contract_raise": false, "rounding": "none" }),
        ),
        (
            "huutopussi3",
            json!({ "talon_handling": "give_one_each", "base": "erlangen" }),
        ),
        (
            "huutopussi3",
            json!({ "discard_forbid_ace_ten": true, "discard_needs_trick": true, "no_trick_rule": "porvoo_individual" }),
        ),
        (
            "huutopussi3",
            json!({ "opening_obligation": false, "min_bid": 120, "all_pass": "talon_to_last_trick" }),
        ),
    ];
    for (variant, options) in cases {
        random_hands::<Marjapussi>(variant, &options, 0..25, 2_000);
    }
}

/// Move-path counts from seeded deals; a change in move generation changes them.
fn perft_of(variant: &str, seed: u64, depth: u32) -> u64 {
    let mut problems = crate::problems::Problems::default();
    let cfg = <Marjapussi as crate::api::Rules>::config(Some(variant), None, "", &mut problems)
        .expect("a variant");
    let setup = json!({ "dealer": 3 });
    let mut fields = crate::problems::Fields::of(&setup, "", &mut problems);
    let start = <Marjapussi as crate::api::Rules>::deal(&cfg, seed, &mut fields, &mut problems)
        .expect("a deal");
    crate::perft::perft(&start, depth)
}

#[test]
fn perft_pins() {
    let pins: &[(&str, u64, u32, u64)] = &[
        ("marjapussi", 1, 1, 9),
        ("marjapussi", 1, 4, 157),
        ("marjapussi", 1, 6, 4_592),
        ("marjapussi", 2, 8, 3_316),
        ("marjapussi", 3, 12, 975_320),
        ("huutopussi", 1, 3, 85_320),
        ("erlangen", 1, 4, 677_040),
        ("huutopussi3", 1, 4, 1_749_060),
    ];
    for &(variant, seed, depth, count) in pins {
        assert_eq!(
            perft_of(variant, seed, depth),
            count,
            "{variant} seed {seed} depth {depth}"
        );
    }
}
