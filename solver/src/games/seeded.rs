//! Seeded positions of any game for tests, benchmarks and the players: a hand dealt from a seed
//! (the one place that deals one), and a deal played with seeded random legal moves until a
//! condition holds.

use crate::api::Rules;
use crate::cards::{Card, CardSet};
use crate::problems::{Fields, Problems};
use crate::rng::Rng;
use serde_json::{json, Value};

/// `cards` dealt one at a time round the `n` seats from the dealer's left.
pub fn deal_round<const N: usize>(cards: &[Card], dealer: u8, n: usize) -> [CardSet; N] {
    let mut hands = [CardSet::EMPTY; N];
    for (i, &card) in cards.iter().enumerate() {
        hands[(dealer as usize + 1 + i) % n].insert(card);
    }
    hands
}

/// A hand of `config` dealt from `seed`, as a deal request that names no dealer and no match
/// deals it.
pub fn deal_with<G: Rules>(config: &G::Config, seed: u64) -> Result<G, Problems> {
    let mut problems = Problems::default();
    let setup = json!({});
    let mut fields = Fields::of(&setup, "", &mut problems);
    G::deal(config, seed, &mut fields, &mut problems).ok_or(problems)
}

/// A hand of `variant` with `options` (its presets for `None`) dealt from `seed`.
pub fn deal<G: Rules>(variant: &str, options: Option<&Value>, seed: u64) -> Result<G, Problems> {
    let mut problems = Problems::default();
    let config = G::config(Some(variant), options, "", &mut problems).ok_or(problems)?;
    deal_with(&config, seed)
}

/// Deals `variant` (with `options`) from `seed` and plays random legal moves until `stop`
/// holds; `None` if the variant or options are refused or the hand ends first.
pub fn random_until<G: Rules>(
    variant: &str,
    options: Option<&Value>,
    seed: u64,
    mut stop: impl FnMut(&G) -> bool,
) -> Option<G> {
    let mut g: G = deal(variant, options, seed).ok()?;
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
