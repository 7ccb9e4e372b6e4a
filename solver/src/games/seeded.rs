//! Seeded positions of any game for tests and benchmarks: a deal of a variant played with
//! seeded random legal moves until a condition holds.

use crate::api::Rules;
use crate::problems::{Fields, Problems};
use crate::rng::Rng;
use serde_json::{json, Value};

/// Deals `variant` (with `options`) from `seed` and plays random legal moves until `stop`
/// holds; `None` if the variant or options are refused or the hand ends first.
pub fn random_until<G: Rules>(
    variant: &str,
    options: Option<&Value>,
    seed: u64,
    mut stop: impl FnMut(&G) -> bool,
) -> Option<G> {
    let mut problems = Problems::default();
    let cfg = G::config(Some(variant), options, "", &mut problems)?;
    let setup = json!({});
    let mut fields = Fields::of(&setup, "", &mut problems);
    let mut g = G::deal(&cfg, seed, &mut fields, &mut problems)?;
    let mut rng = Rng::seeded(seed);
    let mut moves = Vec::new();
    while !g.is_over() {
        if stop(&g) {
            return Some(g);
        }
        g.legal_moves(&mut moves);
        g.play_unchecked(moves[rng.below(moves.len())]);
    }
    None
}
