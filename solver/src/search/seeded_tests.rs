//! The seeded search against the plain one: whole deals of the Marjapussi family analysed move
//! by move, the carried table entries handed from each solve to the next through their binary form.

use super::{analyze, analyze_seeded, from_bytes, to_bytes, Budget, Carried};
use crate::api::Rules;
use crate::game::Game;
use crate::games::marjapussi::Marjapussi;
use crate::problems::{Fields, Problems};
use crate::rng::Rng;
use serde_json::json;

const VARIANTS: [&str; 4] = ["marjapussi", "huutopussi", "erlangen", "huutopussi3"];

/// A seeded hand played at random to the start of the trick where every hand holds `left`.
fn endgame(variant: &str, seed: u64, left: u32) -> Marjapussi {
    let mut problems = Problems::default();
    let cfg =
        <Marjapussi as Rules>::config(Some(variant), None, "", &mut problems).expect("a variant");
    let setup = json!({});
    let mut fields = Fields::of(&setup, "", &mut problems);
    let mut g = Marjapussi::deal(&cfg, seed, &mut fields, &mut problems).expect("a deal");
    let mut rng = Rng::seeded(seed);
    let mut moves = Vec::new();
    while !g.is_over() {
        if g.phase() == "play" && (0..g.seats()).all(|s| g.hand(s).len() == left) {
            break;
        }
        g.legal_moves(&mut moves);
        g.play_unchecked(moves[rng.below(moves.len())]);
    }
    g
}

/// Every position of 160 deals (5 cards left, played on by the best move, each side's
/// perspective in turn): the seeded solve scores every move as the plain one does and, over
/// a variant's deals, searches fewer nodes (not over every deal: where the bounds decide
/// nearly all, a carried entry's move can cost a node or ten more than the plain order).
#[test]
fn seeded_values_equal_plain_values_and_cost_fewer_nodes() {
    let mut positions = 0;
    for variant in VARIANTS {
        let (mut variant_plain, mut variant_seeded) = (0, 0);
        for seed in 0..40 {
            let mut g = endgame(variant, seed, 5);
            let mut table = Vec::new();
            while !g.is_over() {
                let seat = g.to_move().map(|s| (s + positions % 2) % g.seats());
                let plain = analyze(&g, seat, Budget::default());
                let seed_entries = from_bytes(&table).expect("a table");
                let (seeded, after) = analyze_seeded(&g, seat, Budget::default(), &seed_entries);
                assert!(plain.complete && seeded.complete);
                let values = |a: &super::Analysis<_>| {
                    a.moves
                        .iter()
                        .map(|m| (m.mv, m.low, m.high))
                        .collect::<Vec<_>>()
                };
                assert_eq!(values(&plain), values(&seeded), "{variant} seed {seed}");
                assert_eq!(plain.value, seeded.value);
                assert!(after.entries.len() <= super::MAX_CARRIED_ENTRIES);
                assert!(after.partitions.len() <= super::MAX_CARRIED_PARTITIONS);
                variant_plain += plain.nodes;
                variant_seeded += seeded.nodes;
                table = to_bytes(&after);
                g.play_unchecked(plain.best.expect("a move"));
                positions += 1;
            }
        }
        assert!(
            variant_seeded < variant_plain,
            "{variant}: {variant_seeded} >= {variant_plain}"
        );
    }
    assert!(positions >= 2_000, "{positions}");
}

/// The principal variation of a seeded solve still runs to the end of the hand, through
/// positions the seed decided without a best move.
#[test]
fn a_seeded_principal_variation_reaches_the_end() {
    for variant in VARIANTS {
        let g = endgame(variant, 11, 4);
        let (first, table) = analyze_seeded(&g, None, Budget::default(), &Carried::default());
        let mut next = g;
        next.play_unchecked(first.best.expect("a move"));
        let (seeded, _) = analyze_seeded(&next, None, Budget::default(), &table);
        let mut at = next;
        for &mv in &seeded.principal_variation {
            at.play_unchecked(mv);
        }
        assert!(at.is_over(), "{variant}: {:?}", seeded.principal_variation);
    }
}
