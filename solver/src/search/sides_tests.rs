//! One table for both sides ([`Searchable::sides_total`]): the total holds against plain
//! minimax, and a deal analysed move by move, each position for the side to move, reuses the
//! other side's entries with the values unchanged.

use super::{analyze, analyze_seeded, from_bytes, minimax, to_bytes, Budget, Searchable};
use crate::api::Rules;
use crate::game::Game;
use crate::games::bridge::Bridge;
use crate::games::marjapussi::Marjapussi;
use crate::games::mu::Mu;
use crate::games::seeded::random_until;

/// A seeded hand of `variant` played at random until the seat to move holds `left` cards at
/// most and the sides share table entries.
fn shared_ending<G: Rules + Searchable>(variant: &str, seed: u64, left: u32) -> Option<G> {
    random_until(variant, None, seed, |g: &G| {
        g.sides_total().is_some() && g.to_move().is_some_and(|s| g.hand(s).len() <= left)
    })
}

/// Both sides' values, less their banked parts, add up to the total, wherever one is given.
fn check_total<G: Rules + Searchable>(variant: &str, seeds: std::ops::Range<u64>) -> usize {
    let mut checked = 0;
    for seed in seeds {
        let Some(g) = shared_ending::<G>(variant, seed, 2 + (seed % 2) as u32) else {
            continue;
        };
        let total = g.sides_total().expect("a total");
        let relative = |side| minimax(&g, side) - g.table_key(side).1;
        assert_eq!(relative(0) + relative(1), total, "{variant} seed {seed}");
        checked += 1;
    }
    checked
}

#[test]
fn the_sides_values_add_up_to_the_total() {
    assert!(check_total::<Bridge>("bridge", 0..300) >= 250);
    for variant in ["mu4", "mu5"] {
        assert!(check_total::<Mu>(variant, 0..3000) >= 100, "{variant}");
    }
    for variant in ["huutopussi", "erlangen"] {
        assert!(
            check_total::<Marjapussi>(variant, 0..600) >= 100,
            "{variant}"
        );
    }
}

/// Every position of an ending analysed for the side to move, each solve seeded with the
/// entries of the one before: the values are the plain ones, and the positions right after
/// the side to move changed cost under 70% of their plain nodes (with each side's entries
/// apart, bridge's cost 82% and Mü's 71%).
fn check_move_by_move<G: Rules + Searchable>(
    variant: &str,
    seeds: std::ops::Range<u64>,
    left: u32,
) {
    let (mut plain_after_switch, mut seeded_after_switch) = (0, 0);
    for seed in seeds {
        let Some(mut g) = shared_ending::<G>(variant, seed, left) else {
            continue;
        };
        let mut table = Vec::new();
        let mut side = None;
        while let Some(mover) = g.to_move() {
            let plain = analyze(&g, None, Budget::default());
            let carried = from_bytes(&table).expect("a table");
            let (seeded, after) = analyze_seeded(&g, None, Budget::default(), &carried);
            let values = |a: &super::Analysis<G::Move>| {
                a.moves
                    .iter()
                    .map(|m| (m.mv, m.low, m.high))
                    .collect::<Vec<_>>()
            };
            assert_eq!(values(&plain), values(&seeded), "{variant} seed {seed}");
            if side.is_some_and(|s| s != g.side(mover)) {
                plain_after_switch += plain.nodes;
                seeded_after_switch += seeded.nodes;
            }
            side = Some(g.side(mover));
            table = to_bytes(&after);
            g.play_unchecked(plain.best.expect("a move"));
        }
    }
    assert!(
        seeded_after_switch * 10 < plain_after_switch * 7,
        "{variant}: {seeded_after_switch} nodes seeded, {plain_after_switch} plain"
    );
}

#[test]
fn a_deal_analysed_move_by_move_reuses_the_other_sides_entries() {
    check_move_by_move::<Bridge>("bridge", 0..30, 6);
    check_move_by_move::<Mu>("mu4", 0..600, 5);
    check_move_by_move::<Marjapussi>("huutopussi", 0..100, 4);
}

/// Bridge deals from seven cards a hand, analysed move by move: the partition entries carried
/// with the exact-table ones save nodes beyond what the exact-table ones save alone.
#[test]
fn carried_partition_entries_save_nodes() {
    let deal_nodes = |mut g: Bridge, keep_partitions: bool| {
        let (mut carried, mut nodes) = (super::Carried::default(), 0);
        while g.to_move().is_some() {
            let (a, mut after) = analyze_seeded(&g, None, Budget::default(), &carried);
            if !keep_partitions {
                after.partitions.clear();
            }
            nodes += a.nodes;
            carried = after;
            g.play_unchecked(a.best.expect("a move"));
        }
        nodes
    };
    let (mut with, mut without) = (0, 0);
    for seed in 0..12 {
        let g = shared_ending::<Bridge>("bridge", seed, 7).expect("a bridge ending");
        with += deal_nodes(g, true);
        without += deal_nodes(g, false);
    }
    assert!(
        with * 10 < without * 9,
        "{with} nodes with partitions, {without} without"
    );
}
