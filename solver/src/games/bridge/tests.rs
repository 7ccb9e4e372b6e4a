//! Bridge: the rules of play, PBN, the conformance suite, perft pins, the exact search against
//! plain minimax, and the routes.

use super::config::Config;
use super::{pbn, Bridge, DECK, TRICKS};
use crate::api::{ApiError, Rules};
use crate::cards::Card;
use crate::conformance::random_hands;
use crate::game::Game;
use crate::games::analysis_check::merged_moves_agree_along_play;
use crate::games::readers::Source;
use crate::games::{handle, Route};
use crate::perft::perft;
use crate::problems::{Fields, Problems};
use crate::rng::Rng;
use crate::search::{analyze, minimax, Budget, Searchable};
use crate::suited::Suit;
use crate::tiers;
use serde_json::{json, Value};

/// Deal 0 of the DDS oracle file.
const ORACLE_0: &str = "N:94.K842.7.AKJ853 AKQ853.AT.42.Q62 JT6.965.Q985.T74 72.QJ73.AKJT63.9";

fn card(token: &str) -> Card {
    DECK.parse(token).expect("a card")
}

fn oracle_deal(trump: Option<Suit>, declarer: u8) -> Bridge {
    let hands = pbn::parse(ORACLE_0).expect("a PBN deal");
    Bridge::new_deal(Config { trump, declarer }, hands)
}

fn seeded(options: &Value, seed: u64) -> Bridge {
    let mut problems = Problems::default();
    let cfg = <Bridge as Rules>::config(None, Some(options), "", &mut problems).expect("options");
    let empty = json!({});
    let mut fields = Fields::of(&empty, "", &mut problems);
    Bridge::deal(&cfg, seed, &mut fields, &mut problems).expect("a deal")
}

#[test]
fn pbn_reads_hands_clockwise_from_the_first_seat_and_writes_them_back() {
    let hands = pbn::parse(ORACLE_0).expect("a PBN deal");
    assert!(hands[0].contains(card("S9")) && hands[0].contains(card("CA")));
    assert!(hands[1].contains(card("SA")));
    assert!(hands[3].contains(card("DA")));
    assert_eq!(pbn::format(&hands), ORACLE_0);
    let from_east =
        pbn::parse("E:AKQ853.AT.42.Q62 JT6.965.Q985.T74 72.QJ73.AKJT63.9 94.K842.7.AKJ853")
            .expect("a PBN deal");
    assert_eq!(from_east, hands);
    assert!(pbn::parse("N:94.K842.7 AKQ853.AT.42.Q62 JT6.965.Q985.T74 72.QJ73.AKJT63.9").is_err());
    assert!(
        pbn::parse("X:94.K842.7.AKJ853 AKQ853.AT.42.Q62 JT6.965.Q985.T74 72.QJ73.AKJT63.9")
            .is_err()
    );
    assert!(
        pbn::parse("N:94.K842.7.AKJ853 AKQ853.AT.42.Q62 JT6.965.Q985.T74 72.QJ73.AKJT63.99")
            .is_err()
    );
}

#[test]
fn the_declarers_left_hand_opponent_leads_and_dummy_is_shown_after_the_lead() {
    let mut g = oracle_deal(Some(Suit::Hearts), 2);
    assert_eq!(g.to_move(), Some(3));
    assert_eq!(g.dummy(), 0);
    assert_eq!(g.unseen(3).places[0], g.hands[0]);
    g.play(card("D3")).expect("a legal lead");
    assert!(g.unseen(3).places[0].is_empty(), "dummy is public");
    assert!(g.unseen(1).places[0].is_empty());
    assert_eq!(
        g.unseen(0).places[2],
        g.hands[2],
        "dummy does not see the declarer"
    );
    assert_eq!(g.unseen(3).places[1], g.hands[1]);
}

#[test]
fn a_seat_follows_suit_if_it_can_and_otherwise_plays_any_card() {
    let mut g = oracle_deal(None, 2);
    g.play(card("H3")).expect("West leads");
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves, vec![card("H2"), card("H4"), card("H8"), card("HK")]);
    assert!(g.play(card("CA")).is_err());
    g.play(card("HK")).expect("North follows");
    g.play(card("HA")).expect("East follows");
    g.play(card("H5")).expect("South follows");
    assert_eq!(g.leader, 1, "the ace wins");
    assert_eq!(g.tricks_won, [0, 1]);
    g.play(card("D2")).expect("East leads");
    g.legal_moves(&mut moves);
    assert_eq!(moves.len(), 4, "South holds four diamonds");
    g.play(card("D5")).expect("South follows");
    g.play(card("DA")).expect("West wins");
    g.legal_moves(&mut moves);
    assert_eq!(moves, vec![card("D7")], "North's one diamond");
}

#[test]
fn a_ruff_wins_the_trick_and_an_overruff_beats_it() {
    let mut g = oracle_deal(Some(Suit::Clubs), 2);
    for c in ["DA", "D7", "D2", "D5", "DK", "H2", "D4", "D8", "DJ", "C3"] {
        g.play(card(c)).expect("legal");
    }
    assert_eq!(
        g.leader, 3,
        "West's diamonds held while North could follow or discarded"
    );
    assert_eq!(g.winning_offset(), 1, "North's ruff holds the trick");
    g.play(card("C6"))
        .expect("East, void in diamonds, overruffs");
    g.play(card("D9")).expect("South follows");
    assert_eq!(g.leader, 1, "East's higher trump wins");
    assert_eq!(g.tricks_won, [0, 3]);
}

#[test]
fn conformance_bridge_every_strain_and_declarer() {
    for (i, strain) in ["NT", "S", "H", "D", "C"].iter().enumerate() {
        let options = json!({ "strain": strain, "declarer": i % 4 });
        let moves = random_hands::<Bridge>("bridge", &options, 0..20, 60);
        assert_eq!(moves, 20 * 52, "{strain}");
    }
    random_hands::<Bridge>("bridge", &json!({ "declarer": "W" }), 20..30, 60);
}

#[test]
fn perft_pins() {
    let g = seeded(&json!({ "strain": "S", "declarer": 1 }), 3);
    let counts: Vec<u64> = (1..=6).map(|d| perft(&g, d)).collect();
    assert_eq!(counts[0], 13, "thirteen opening leads");
    assert_eq!(counts, vec![13, 43, 122, 294, 3528, 10300]);
}

/// A seeded deal played at random until `left` cards remain in the leader's hand, then
/// `into_trick` cards more.
pub(super) fn ending(seed: u64, left: u32, into_trick: usize) -> Bridge {
    let strain = ["NT", "S", "H", "D", "C"][seed as usize % 5];
    let mut g = seeded(&json!({ "strain": strain, "declarer": seed % 4 }), seed);
    let mut rng = Rng::seeded(seed ^ 0xb1d);
    let mut moves = Vec::new();
    while g.tricks_left() > left || g.trick_len as usize != 0 {
        g.legal_moves(&mut moves);
        g.play_unchecked(moves[rng.below(moves.len())]);
    }
    for _ in 0..into_trick {
        g.legal_moves(&mut moves);
        g.play_unchecked(moves[rng.below(moves.len())]);
    }
    g
}

fn check_against_minimax(g: &Bridge, what: &str) {
    let analysis = analyze(g, None, Budget::default());
    assert!(analysis.complete, "{what}");
    for scored in &analysis.moves {
        let mut child = *g;
        child.play_unchecked(scored.mv);
        let truth = minimax(&child, analysis.side);
        assert_eq!(
            (scored.low, scored.high),
            (truth, truth),
            "{what} {:?}",
            scored.mv
        );
    }
    let best = analysis.moves.iter().map(|m| m.low).max();
    assert_eq!(best, Some(minimax(g, analysis.side)), "{what}");
}

#[test]
fn exact_values_agree_with_plain_minimax_on_ten_thousand_endings() {
    let seeds = tiers::cases(
        "bridge's minimax agreement",
        10_000,
        1_000,
        "three-card endings",
    );
    for seed in 0..seeds as u64 {
        let g = ending(seed, 3, seed as usize % 4);
        check_against_minimax(&g, &format!("seed {seed}"));
    }
    let seeds = tiers::cases("bridge's minimax agreement", 60, 6, "four-card endings");
    for seed in 0..seeds as u64 {
        let g = ending(seed, 4, seed as usize % 3);
        check_against_minimax(&g, &format!("four cards, seed {seed}"));
    }
}

/// Cards the search merges as equivalent lead to positions of one minimax value for both
/// sides, along random lines of play from three-card endings (from the lead and inside a
/// trick) to the end.
#[test]
fn merged_moves_have_equal_values() {
    let mut pairs = 0;
    let seeds = tiers::cases("bridge's merged moves", 10_000, 600, "endings");
    for seed in 0..seeds as u64 {
        let g = ending(seed, 3, seed as usize % 4);
        pairs += merged_moves_agree_along_play(&g, seed, format_args!("seed {seed}"));
    }
    eprintln!("bridge: {pairs} merged pairs");
    assert!(pairs >= tiers::least(30_000, seeds, 10_000), "{pairs}");
}

#[test]
fn bounds_hold_the_true_value() {
    let seeds = tiers::cases("bridge's bounds against minimax", 2_000, 200, "endings");
    let longer = tiers::cases(
        "bridge's bounds against minimax",
        1_000,
        100,
        "four-card endings",
    );
    let endings = (0..seeds as u64).map(|seed| (seed, 3));
    for (seed, cards) in endings.chain((0..longer as u64).map(|seed| (seed, 4))) {
        // At the trick's start and after its lead (the second hand's quick tricks).
        for into_trick in 0..2 {
            let g = ending(seed, cards, into_trick);
            // The sides' tricks add up to the deal's thirteen: one minimax gives both values.
            let north_south = minimax(&g, 0);
            for side in 0..2 {
                let truth = [north_south, i32::from(TRICKS) - north_south][side];
                let (low, high) = g.value_bounds(side);
                assert!(
                    low <= truth && truth <= high,
                    "seed {seed} lead {into_trick} side {side}: {low}..{high} vs {truth}"
                );
            }
        }
    }
}

/// A no-trump position at a trick's start from its hands (North first), the tricks won by
/// North-South and East-West, and the leader.
fn trick_start(hands: Value, tricks_won: [u8; 2], leader: u8, declarer: u8) -> Bridge {
    let snapshot = json!({
        "hands": hands,
        "tricks_won": tricks_won,
        "trick": { "leader": leader, "cards": [] },
    });
    let cfg = Config {
        trump: None,
        declarer,
    };
    let mut problems = Problems::default();
    let g = Bridge::from_state(
        &cfg,
        Source {
            value: &snapshot,
            path: "state",
            observer: None,
        },
        &mut problems,
    )
    .expect("a snapshot");
    assert!(problems.is_empty(), "{problems:?}");
    g
}

/// The leader's side's floor at `g` is its minimax value, `value`.
fn assert_floor_is_the_value(g: &Bridge, value: i32) {
    assert_eq!(minimax(g, 0), value);
    assert_eq!(g.value_bounds(0).0, value);
}

#[test]
fn quick_tricks_count_top_cards_and_established_length() {
    // North holds AKQ of spades and the ace of hearts; the opponents hold three spades at most.
    let hands = json!([
        ["SA", "SK", "SQ", "S2", "HA"],
        ["SJ", "S9", "H3", "H4", "H5"],
        ["S3", "D2", "D3", "D4", "D5"],
        ["ST", "S8", "S7", "C2", "C3"]
    ]);
    let g = trick_start(hands, [5, 3], 0, 3);
    assert_eq!(g.value_bounds(0), (5 + 5, 5 + 5));
    let with_trumps = Bridge {
        cfg: Config {
            trump: Some(Suit::Clubs),
            declarer: 3,
        },
        ..g
    };
    // West can ruff the heart ace and the fourth spade: three quick tricks; and West's two
    // trumps are sure tricks, North-South holding none.
    assert_eq!(with_trumps.value_bounds(0), (5 + 3, 5 + 3));
    assert_eq!(with_trumps.value_bounds(1), (3 + 2, 3 + 2));
}

#[test]
fn quick_tricks_count_the_partners_winners_after_a_lead_to_its_top_card() {
    // South leads with no winner of its own; North holds the top spades and hearts, and South
    // can reach it with a spade: North's four tricks are South's side's floor.
    let hands = json!([
        ["SA", "SK", "HA", "HK"],
        ["SQ", "SJ", "HQ", "HJ"],
        ["S2", "D2", "D3", "D4"],
        ["S3", "C2", "C3", "C4"]
    ]);
    assert_eq!(
        trick_start(hands, [2, 7], 2, 2).value_bounds(0),
        (2 + 4, 2 + 4)
    );
    // Without a spade or a heart South has no way to North: no floor beyond the tricks won.
    let hands = json!([
        ["SA", "SK", "HA", "HK"],
        ["SQ", "SJ", "HQ", "HJ"],
        ["C2", "C3", "C4", "D2"],
        ["S3", "CA", "CK", "DA"]
    ]);
    assert_eq!(trick_start(hands, [2, 7], 2, 2).value_bounds(0).0, 2);
}

#[test]
fn quick_tricks_count_a_lead_back_to_the_leaders_next_card() {
    // South leads a spade to North's ace; North cashes the heart ace and leads its other
    // spade back to South's king, the highest left: three tricks, and West's clubs the last.
    let hands = json!([
        ["SA", "S3", "HA", "H3"],
        ["SQ", "SJ", "HK", "HQ"],
        ["SK", "S2", "C2", "C3"],
        ["S4", "H2", "CA", "CK"]
    ]);
    assert_floor_is_the_value(&trick_start(hands, [2, 7], 2, 2), 2 + 3);
    // With no spade to lead back North's two tricks are the floor.
    let hands = json!([
        ["SA", "H4", "HA", "H3"],
        ["SQ", "SJ", "HK", "HQ"],
        ["SK", "S2", "C2", "C3"],
        ["S4", "H2", "CA", "CK"]
    ]);
    assert_eq!(trick_start(hands, [2, 7], 2, 2).value_bounds(0).0, 2 + 2);
}

#[test]
fn quick_tricks_count_the_partners_card_falling_under_the_leaders() {
    // South leads the heart jack under which North plays the two, then the king under which
    // North's queen falls, and keeps the lead for the diamond ace: three tricks (the king
    // first, North's queen would win the jack and North has no way back).
    let hands = json!([
        ["HQ", "H2", "C2"],
        ["H9", "H8", "C3"],
        ["HK", "HJ", "DA"],
        ["H7", "H6", "D2"]
    ]);
    assert_floor_is_the_value(&trick_start(hands, [3, 7], 2, 2), 3 + 3);
    // With the queen and jack against South's king and ten, North's card wins the first heart
    // whichever South leads, so South cannot keep the lead for three tricks; the three come
    // by the ten to North's jack and the queen back to the king.
    let hands = json!([
        ["HQ", "HJ", "C2"],
        ["H9", "H8", "C3"],
        ["HK", "HT", "DA"],
        ["H7", "H6", "D2"]
    ]);
    assert_floor_is_the_value(&trick_start(hands, [3, 7], 2, 2), 3 + 3);
}

#[test]
fn quick_tricks_count_a_lead_under_the_leaders_top_to_the_partners_card() {
    // South holds the spade ace, so North's king is no top card, but it beats every
    // opponent's spade: the two to the king, then North's two hearts: three tricks.
    let hands = json!([
        ["SK", "HA", "HK", "D2"],
        ["SQ", "SJ", "HQ", "HJ"],
        ["SA", "S2", "C2", "C3"],
        ["S3", "CA", "CK", "DA"]
    ]);
    assert_floor_is_the_value(&trick_start(hands, [2, 7], 2, 2), 2 + 3);
    // With no spade below North's king South cannot reach it: the ace alone.
    let hands = json!([
        ["SK", "HA", "HK", "D2"],
        ["SQ", "SJ", "HQ", "HJ"],
        ["SA", "C4", "C2", "C3"],
        ["S3", "CA", "CK", "DA"]
    ]);
    assert_eq!(trick_start(hands, [2, 7], 2, 2).value_bounds(0).0, 2 + 1);
}

#[test]
fn quick_tricks_count_a_lead_back_to_the_leaders_top_after_the_partners() {
    // The two to North's king, North's heart ace, the three back to South's ace, then
    // South's diamonds: every trick.
    let hands = json!([
        ["SK", "S3", "HA", "D2", "D3"],
        ["SQ", "SJ", "HQ", "HJ", "C3"],
        ["SA", "S2", "DA", "DK", "C2"],
        ["ST", "S9", "H2", "CA", "CK"]
    ]);
    assert_floor_is_the_value(&trick_start(hands, [3, 5], 2, 2), 3 + 5);
    // With no card to lead back to South, North's king and ace, or South's three winners.
    let hands = json!([
        ["SK", "HA", "C4", "C5", "C6"],
        ["SQ", "SJ", "HQ", "HJ", "C3"],
        ["SA", "S2", "DA", "DK", "C2"],
        ["ST", "S9", "H2", "CA", "CK"]
    ]);
    assert_eq!(trick_start(hands, [3, 5], 2, 2).value_bounds(0).0, 3 + 3);
}

#[test]
fn a_side_short_of_leads_in_suits_it_tops_cannot_take_every_trick() {
    // North-South top only spades, one lead's worth: after the ace of spades North must lead
    // a heart to East's king, so they take one trick of two.
    let hands = json!([["SA", "H2"], ["HK", "D2"], ["S3", "H4"], ["C2", "C3"]]);
    assert_eq!(
        trick_start(hands, [4, 7], 0, 3).value_bounds(0),
        (4 + 1, 4 + 1)
    );
    // With the heart ace in South's hand North-South top two suits: no such cap.
    let hands = json!([["SA", "H2"], ["HK", "D2"], ["S3", "HA"], ["C2", "C3"]]);
    assert_eq!(trick_start(hands, [4, 7], 0, 3).value_bounds(0).1, 4 + 2);
}

/// [`trick_start`] with spades as trumps, East to lead three tricks, North-South having won
/// three and East-West seven.
fn spades_led_by_east(hands: Value) -> Bridge {
    Bridge {
        cfg: Config {
            trump: Some(Suit::Spades),
            declarer: 0,
        },
        ..trick_start(hands, [3, 7], 1, 0)
    }
}

#[test]
fn the_top_two_trumps_split_with_a_spare_trump_take_two_tricks() {
    // Spades are trumps. North's ace and South's king are above East's queen, and North has
    // a trump to spare: the two never fall in one trick.
    let hands = json!([
        ["SA", "S2", "H2"],
        ["SQ", "HA", "HK"],
        ["SK", "D2", "D3"],
        ["C2", "C3", "C4"]
    ]);
    let g = spades_led_by_east(hands);
    assert_eq!(g.value_bounds(0).0, 3 + 2);
    assert!(minimax(&g, 0) >= 3 + 2);
    // Without the spare the ace and the king may have to fall together.
    let hands = json!([
        ["SA", "H3", "H2"],
        ["SQ", "HA", "HK"],
        ["SK", "D2", "D3"],
        ["C2", "C3", "C4"]
    ]);
    let g = spades_led_by_east(hands);
    assert_eq!(g.value_bounds(0).0, 3 + 1);
}

#[test]
fn a_guarded_second_best_trump_after_the_best_or_with_the_third_takes_a_trick() {
    // Spades are trumps and East-West lead. North's guarded king sits right after West's
    // ace: North plays after West in every trick, so the king wins one.
    let g = spades_led_by_east(json!([
        ["SK", "S2", "H2"],
        ["HA", "HK", "HQ"],
        ["D2", "D3", "D4"],
        ["SA", "S3", "C2"]
    ]));
    assert_eq!(g.value_bounds(0).0, 3 + 1);
    assert!(minimax(&g, 0) > 3);
    // With the ace in East's hand, after North's, the king can be caught.
    let g = spades_led_by_east(json!([
        ["SK", "S2", "H2"],
        ["SA", "HK", "HQ"],
        ["D2", "D3", "D4"],
        ["HA", "S3", "C2"]
    ]));
    assert_eq!(g.value_bounds(0).0, 3);
    // Unless South holds the queen: the ace takes one of them at most.
    let g = spades_led_by_east(json!([
        ["SK", "S2", "H2"],
        ["SA", "HK", "HQ"],
        ["SQ", "D3", "D4"],
        ["HA", "S3", "C2"]
    ]));
    assert_eq!(g.value_bounds(0).0, 3 + 1);
    assert!(minimax(&g, 0) > 3);
}

#[test]
fn the_routes_deal_from_pbn_and_analyse_every_opening_lead() {
    let position = json!({
        "version": 1, "game": "bridge", "options": { "strain": "NT", "declarer": "S" },
        "deal": { "pbn": ORACLE_0 }, "moves": ["H3", "HK", "HA"],
    });
    let answer = handle(
        "bridge",
        Route::Play,
        json!({ "position": position, "move": "H5" })
            .to_string()
            .as_bytes(),
    )
    .expect("a legal move");
    assert_eq!(answer["position"]["state"]["tricks_won"], json!([0, 1]));
    assert_eq!(answer["position"]["deal"]["pbn"], json!(ORACLE_0));
    let ending = json!({
        "version": 1, "game": "bridge", "options": { "strain": "NT", "declarer": 3 },
        "state": {
            "hands": [["SA", "SK", "SQ", "S2", "HA"], ["SJ", "S9", "H3", "H4", "H5"],
                      ["S3", "D2", "D3", "D4", "D5"], ["ST", "S8", "S7", "C2", "C3"]],
            "tricks_won": [5, 3], "trick": { "leader": 0, "cards": [] },
        },
    });
    let analysis = handle(
        "bridge",
        Route::Analyze,
        json!({ "position": ending }).to_string().as_bytes(),
    )
    .expect("an analysis");
    assert_eq!(analysis["unit"], json!("tricks"));
    assert_eq!(analysis["value"], json!(10), "North cashes all five");
    assert_eq!(analysis["moves"].as_array().map(Vec::len), Some(5));
    assert_eq!(analysis["perspective"]["seats"], json!([0, 2]));
}

#[test]
fn bad_deals_are_reported_at_their_paths() {
    let ask = |deal: Value| {
        let body =
            json!({ "position": { "version": 1, "game": "bridge", "deal": deal, "moves": [] } });
        match handle("bridge", Route::LegalMoves, body.to_string().as_bytes()) {
            Err(ApiError::Invalid(p)) => p.0.into_iter().map(|p| p.path).collect::<Vec<_>>(),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(ask(json!({ "pbn": "N:AK" })), vec!["position.deal.pbn"]);
    assert_eq!(ask(json!({})), vec!["position.deal"]);
    let mut hands: Vec<Vec<String>> = (0..4)
        .map(|s| {
            DECK.cards_from(0)
                .iter()
                .skip(13 * s)
                .take(13)
                .map(|c| DECK.format(c))
                .collect()
        })
        .collect();
    hands[2].pop();
    assert_eq!(
        ask(json!({ "hands": hands })),
        vec!["position.deal.hands[2]"]
    );
    let bad_option = json!({ "position": { "version": 1, "game": "bridge", "options": { "strain": "X" }, "deal": { "pbn": ORACLE_0 } } });
    match handle(
        "bridge",
        Route::LegalMoves,
        bad_option.to_string().as_bytes(),
    ) {
        Err(ApiError::Invalid(p)) => assert_eq!(p.0[0].path, "position.options.strain"),
        other => panic!("{other:?}"),
    }
}

/// Partition search must not carry a bound to a position where moves merged as equivalent in
/// the searched one are not (seed 12718: East's D9 and DT were one move where the bound was
/// proved; a position with D3 for D9 matched it and got 7 tricks for 6). Four-card endings
/// around it, every root move against minimax.
#[test]
fn partition_bounds_hold_only_where_merged_cards_stay_equivalent() {
    for seed in 12_700..12_740 {
        let g = ending(seed, 4, 0);
        check_against_minimax(&g, &format!("four cards, seed {seed}"));
    }
}

#[test]
fn each_run_of_equivalent_cards_is_searched_once_by_its_highest_card() {
    let mut legal = Vec::new();
    let mut merged = Vec::new();
    for seed in 0..3000u64 {
        let g = ending(seed, 1 + (seed % 13) as u32, (seed / 13 % 4) as usize);
        g.legal_moves(&mut legal);
        let all = legal.clone();
        g.merge_equivalent(&mut legal, &mut merged);
        for &card in &all {
            let kept = legal.contains(&card);
            let left_out: Vec<_> = merged.iter().filter(|&&(_, m)| m == card).collect();
            assert!(kept != (left_out.len() == 1), "{g:?} {card:?}");
            for &&(k, m) in &left_out {
                assert!(legal.contains(&k) && k > m && g.equivalent(k, m), "{g:?}");
            }
        }
        for (i, &a) in legal.iter().enumerate() {
            assert!(legal[i + 1..].iter().all(|&b| !g.equivalent(a, b)), "{g:?}");
        }
    }
}
