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
