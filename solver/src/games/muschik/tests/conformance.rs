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

/// A world re-dealt from what one seat cannot see keeps that seat's hand, every public card
/// (the trump card, in the dealer's hand after a swap) and every pile's size.
#[test]
fn sampled_worlds_keep_what_the_observer_sees() {
    use crate::api::Rules;
    use crate::game::Game;
    use crate::problems::{Fields, Problems};
    use crate::rng::Rng;
    let mut problems = Problems::default();
    let cfg =
        <Muschik as Rules>::config(Some("muschik"), None, "", &mut problems).expect("a preset");
    let empty = json!({});
    let mut moves = Vec::new();
    for seed in 0..30 {
        let mut fields = Fields::of(&empty, "", &mut problems);
        let mut state = Muschik::deal(&cfg, seed, &mut fields, &mut problems).expect("a deal");
        let mut rng = Rng::seeded(seed);
        for _ in 0..(seed as usize % 20) {
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            state.play_unchecked(moves[rng.below(moves.len())]);
        }
        for observer in 0..5 {
            let unseen = state.unseen(observer);
            let mut pool = rng.shuffled(unseen.cards()).into_iter();
            let mut fresh = unseen;
            for place in fresh.places.iter_mut() {
                *place = pool.by_ref().take(place.len() as usize).collect();
            }
            let mut world = state.clone();
            world.set_unseen(observer, &fresh);
            assert_eq!(world.hand(observer), state.hand(observer));
            assert_eq!(world.known_in_dealer_hand(), state.known_in_dealer_hand());
            assert_eq!(
                world.unseen(observer),
                fresh,
                "seed {seed} observer {observer}"
            );
            let mut union = crate::cards::CardSet::EMPTY;
            for place in world.card_places() {
                assert!(!union.intersects(place));
                union |= place;
            }
            assert_eq!(union, world.deck());
        }
    }
}
