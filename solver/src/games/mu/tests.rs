//! Mü: the conformance suite for every player count, perft pins, and the routes.

use super::Mu;
use crate::conformance::random_hands;
use serde_json::json;

#[test]
fn conformance_mu_every_player_count() {
    for variant in ["mu3", "mu4", "mu5", "mu6"] {
        let moves = random_hands::<Mu>(variant, &json!({}), 0..30, 5_000);
        assert!(moves > 30 * 36, "{variant}: {moves} moves");
    }
}
