//! Every worked example and test vector of spec section 6 (M-1 to M-24), one test each.

use super::*;
use crate::suited::Suit::{Clubs, Diamonds, Hearts};

#[test]
fn ms_m1_turned_spade_goes_back_into_the_middle_and_the_next_card_is_trump() {
    let hands = [
        "C4 C9 D2 D3 D4",
        "H2 H3 H4 H5 H6",
        "C2 C3 C5 C6 C7",
        "D5 D6 D7 D8 D9",
    ];
    let mut state = setup("standard", json!({}), &hands)
        .talon("S7 HK", 32)
        .build();
    assert_eq!(state.trump, None);
    play(&mut state, "attack C4 C9");
    assert_eq!(state.trump, Some(Hearts));
    assert_eq!(state.trump_card, Some(card("HK")));
    assert_eq!(
        state.reinserted,
        cards("S7"),
        "S7 is publicly known to be back in the talon"
    );
    let order: Vec<Card> = state.talon.top_first().collect();
    assert_eq!(
        order.last(),
        Some(&card("HK")),
        "HK lies face up under the talon, drawn last"
    );
    let at = order.iter().position(|&c| c == card("S7"));
    let drew_s7 = state.hands[0].contains(card("S7"));
    assert!(
        drew_s7 || at.is_some_and(|i| i + 1 < order.len()),
        "S7 is in the middle of the talon (or drawn by A)"
    );
    assert_eq!(state.hands[0].len(), 5, "A draws back to 5 after the turn");
    assert_eq!(order.len(), 32 - 2, "A drew 2 cards");
}

#[test]
fn ms_m2_the_first_attack_is_laid_before_trump_is_turned() {
    let hands = ["C4 C9 D2 D3 D4", "H2 H3 H4 H5 CT"];
    let mut state = setup("standard", json!({}), &hands).talon("CK", 42).build();
    assert_eq!(
        state.trump, None,
        "the first attacker chooses without knowing trump"
    );
    assert!(legal(&state).contains(&"attack C4 C9".to_string()));
    play(&mut state, "attack C4 C9");
    assert_eq!(state.trump, Some(Clubs));
    assert_eq!(state.attack, cards("C4 C9"), "the attack stands as laid");
    assert_eq!(state.hands[0].len(), 5, "A draws 2");
    assert_eq!(state.talon.len(), 40);
}

#[test]
fn ms_m3_a_non_trump_card_is_beaten_by_a_higher_card_of_its_suit_or_any_trump() {
    let hands = ["C9 D6 D7 D8 D9", "H2 CT D5 SA C3"];
    let mut state = setup("standard", json!({}), &hands)
        .talon("", 10)
        .trump(Hearts, Some("HK"))
        .build();
    play(&mut state, "attack C9");
    assert_eq!(legal(&state), sorted(&["beat CT", "beat H2", "take"]));
}

#[test]
fn ms_m4_a_trump_card_is_beaten_only_by_a_higher_trump() {
    let hands = ["H9 D6 D7 D8 D9", "HT CA H2 DK"];
    let mut state = setup("standard", json!({}), &hands)
        .talon("", 10)
        .trump(Hearts, Some("HK"))
        .build();
    play(&mut state, "attack H9");
    assert_eq!(legal(&state), sorted(&["beat HT", "take"]));
}

#[test]
fn ms_m5_the_maria_led_alone_is_taken_without_a_decision() {
    let hands = ["SQ D6 D7 D8 D9", "SK SA H2 H3 H4", "C2 C3 C4 C5 C6"];
    let mut state = setup("standard", json!({}), &hands)
        .talon("", 10)
        .trump(Hearts, Some("HK"))
        .build();
    play(&mut state, "attack SQ");
    assert_eq!(
        phase(&state),
        Phase::Attack,
        "no defence node: the pick-up is automatic"
    );
    assert!(state.hands[1].contains(card("SQ")), "B picked up SQ");
    assert!(
        state.public.contains(card("SQ")),
        "everyone saw B pick it up"
    );
    assert_eq!(
        (state.attacker, state.defender),
        (2, 0),
        "B does not attack next: C (B's left) attacks A"
    );
}

#[test]
fn ms_m6_the_maria_led_with_spades_is_always_taken_so_the_defender_loses_the_turn() {
    let hands = ["SQ S4 D7 D8 D9", "S5 HK C2", "C3 C4 C5 C6 C7"];
    let mut state = setup("standard", json!({}), &hands)
        .talon("", 10)
        .trump(Hearts, Some("HA"))
        .build();
    let mut alone = setup("standard", json!({"qs_lead": "alone_only"}), &hands)
        .talon("", 10)
        .trump(Hearts, Some("HA"))
        .build();
    assert!(legal(&state).contains(&"attack S4 SQ".to_string()));
    assert!(
        !legal(&alone).contains(&"attack S4 SQ".to_string()),
        "alone_only: SQ is led alone"
    );
    assert!(legal(&alone).contains(&"attack SQ".to_string()));
    play(&mut state, "attack S4 SQ");
    assert_eq!(
        legal(&state),
        sorted(&["beat S5", "beat HK", "take"]),
        "S4 is met first; SQ is never a decision"
    );
    play(&mut state, "beat S5");
    assert_eq!(phase(&state), Phase::Attack, "SQ was taken automatically");
    assert!(state.hands[1].contains(card("SQ")));
    assert_eq!(
        state.attacker, 2,
        "B picked up a card: B's left neighbour attacks next"
    );
    play(&mut alone, "attack SQ");
    assert_eq!(alone.attacker, 2);
}

#[test]
fn ms_m7_the_maria_cannot_beat() {
    let hands = ["SJ S2 C7 C8 C9", "SQ SK D3", "H2 H3 H4 H5 H6"];
    let mut state = setup("standard", json!({}), &hands)
        .talon("", 10)
        .trump(Diamonds, Some("DA"))
        .build();
    let mut second = state.clone();
    play(&mut state, "attack SJ");
    assert_eq!(legal(&state), sorted(&["beat SK", "beat D3", "take"]));
    let no_trumps = ["S2 C7 C8 C9 CT", "SQ H7 H8", "H2 H3 H4 H5 H6"];
    let mut lone = setup("standard", json!({}), &no_trumps)
        .talon("", 10)
        .trump(Diamonds, Some("DA"))
        .build();
    play(&mut lone, "attack S2");
    assert_eq!(
        phase(&lone),
        Phase::Attack,
        "SQ is B's only spade and B has no trump: only TAKE, automatic"
    );
    assert!(lone.hands[1].contains(card("S2")));
    play(&mut second, "attack S2");
    assert!(
        !legal(&second).contains(&"beat SQ".to_string()),
        "SQ cannot beat even the lowest spade"
    );
}

#[test]
fn ms_m8_an_attack_may_exceed_the_defenders_hand_while_the_talon_has_cards() {
    let hands = ["D2 D3 D4 D5 D6 D7 D8", "C2 C3 C4 C5 C6", "H2 H3 H4 H5 H6"];
    let mut state = setup("standard", json!({}), &hands)
        .talon("", 10)
        .trump(Hearts, Some("HA"))
        .build();
    assert!(legal(&state).contains(&"attack D2 D3 D4 D5 D6 D7".to_string()));
    play(&mut state, "attack D2 D3 D4 D5 D6 D7");
    while phase(&state) == Phase::Defend {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        state.play_unchecked(moves[0]);
    }
    assert!(
        state.hands[1].len() >= 6 - 5,
        "B beat at most 5 and picked up the rest"
    );
    assert_eq!(
        state.attacker, 2,
        "B picked up at least one card and cannot attack next"
    );
}

#[test]
fn ms_m9_in_the_endgame_an_attack_holds_at_most_the_defenders_hand() {
    let hands = ["C3 C7 CJ", "D2 D3", "SQ H2"];
    let empty = setup("standard", json!({}), &hands)
        .trump(Hearts, None)
        .build();
    let attacks = [
        "attack C3",
        "attack C7",
        "attack CJ",
        "attack C3 C7",
        "attack C3 CJ",
        "attack C7 CJ",
    ];
    assert_eq!(
        legal(&empty),
        sorted(&attacks),
        "talon empty: no attack of 3 against 2 cards"
    );
    let one_left = setup("standard", json!({}), &hands)
        .talon("", 1)
        .trump(Hearts, None)
        .build();
    let mut all = attacks.to_vec();
    all.push("attack C3 C7 CJ");
    assert_eq!(legal(&one_left), sorted(&all), "talon = 1: all 7 subsets");
}

#[test]
fn ms_m10_the_attacker_draws_first_taking_the_trump_card_last_and_the_defender_gets_nothing() {
    let hands = ["C2 C3 C4 C5 D2", "H2 H3 H4", "SQ S2 S3 S4 S5"];
    let mut state = setup("standard", json!({}), &hands)
        .talon("D3 D4", 3)
        .trump(Hearts, Some("HK"))
        .build();
    assert!(
        legal(&state).contains(&"attack C2 C3 C4 C5".to_string()),
        "no size limit while the talon has cards"
    );
    play(&mut state, "attack C2 C3 C4 C5");
    assert_eq!(
        state.hands[0],
        cards("D2 D3 D4 HK"),
        "A drew all 3, the trump card HK last"
    );
    assert!(state.talon.is_empty());
    assert!(
        state.public.contains(card("HK")),
        "everyone knows who holds the trump card"
    );
    play(&mut state, "beat H2");
    while phase(&state) == Phase::Defend {
        play(&mut state, "take");
    }
    assert_eq!(
        state.hands[1],
        cards("H3 H4 C2 C3 C4"),
        "B picked up 3 and drew nothing"
    );
}

#[test]
fn ms_m11_cards_drawn_after_the_attack_cannot_join_it() {
    let hands = ["D4 D8 C2 C3 C4", "H2 H3 H4 H5 H6", "S2 S3 S4 S5 S6"];
    let mut state = setup("standard", json!({}), &hands)
        .talon("D9 CA", 10)
        .trump(Hearts, Some("HK"))
        .build();
    play(&mut state, "attack D4 D8");
    assert!(state.hands[0].contains(card("D9")), "A drew D9");
    assert_eq!(state.attack, cards("D4 D8"), "D9 does not join the attack");
    assert_eq!(
        legal(&state),
        sorted(&["beat H2", "beat H3", "beat H4", "beat H5", "beat H6", "take"])
    );
}

#[test]
fn ms_m12_partly_beaten_attack_the_rest_is_picked_up_and_the_defender_loses_the_turn() {
    let hands = ["H2 H5 H8 HJ HA", "H3 H6 S9 S4 C7", "C2 C3 C4 C5 C6"];
    let mut state = setup("standard", json!({}), &hands)
        .talon("", 10)
        .trump(Diamonds, Some("DA"))
        .build();
    play(&mut state, "attack H2 H5 H8 HJ HA");
    assert_eq!(
        legal(&state),
        sorted(&["beat H6", "take"]),
        "HA, HJ, H8 have no beater and are taken; H5 is next"
    );
    play(&mut state, "beat H6");
    assert_eq!(legal(&state), sorted(&["beat H3", "take"]));
    play(&mut state, "beat H3");
    assert_eq!(
        state.hands[1],
        cards("S9 S4 C7 H8 HJ HA"),
        "6 cards, no draw"
    );
    assert_eq!(state.discards & cards("H2 H3 H5 H6"), cards("H2 H3 H5 H6"));
    assert_eq!((state.attacker, state.defender), (2, 0), "B loses the turn");
}

#[test]
fn ms_m13_beating_every_card_even_the_last_with_a_trump_gains_the_attack() {
    let hands = ["C5 C9 H2 H3 H4", "C6 CT D2 H8", "S2 S3 S4 S5 S6"];
    for beaters in [["beat CT", "beat C6"], ["beat D2", "beat C6"]] {
        let mut state = setup("standard", json!({}), &hands)
            .talon("", 10)
            .trump(Diamonds, Some("DA"))
            .build();
        play(&mut state, "attack C5 C9");
        play(&mut state, beaters[0]);
        play(&mut state, beaters[1]);
        assert_eq!(
            (state.attacker, state.defender),
            (1, 2),
            "{beaters:?}: B attacks next"
        );
    }
}

#[test]
fn ms_m14_players_out_of_cards_drop_out_and_are_skipped() {
    let hands = ["H5", "H7 C2", "SQ D3"];
    let start = setup("standard", json!({}), &hands)
        .trump(Diamonds, None)
        .build();
    assert_eq!(legal(&start), sorted(&["attack H5"]));
    let mut beats = start.clone();
    play(&mut beats, "attack H5");
    assert_eq!(legal(&beats), sorted(&["beat H7", "take"]));
    play(&mut beats, "beat H7");
    assert!(beats.is_out(0), "A has no cards and the talon is empty");
    assert_eq!(
        (beats.attacker, beats.defender),
        (1, 2),
        "B beat everything and attacks C"
    );
    assert_eq!(legal(&beats), sorted(&["attack C2"]));
    for answer in ["beat D3", "take"] {
        let mut end = beats.clone();
        play(&mut end, "attack C2");
        play(&mut end, answer);
        assert!(end.is_over(), "{answer}: only C holds cards");
        assert_eq!(end.loser(), Some(2), "C holds SQ and loses");
        assert_eq!(end.payoff()[..3], [0, 0, -1]);
    }
    let mut takes = start;
    play(&mut takes, "attack H5");
    play(&mut takes, "take");
    assert_eq!(takes.hands[1], cards("H7 C2 H5"));
    assert_eq!(
        (takes.attacker, takes.defender),
        (2, 1),
        "C attacks; A is skipped, so B defends"
    );
    assert_eq!(legal(&takes), sorted(&["attack SQ", "attack D3"]));
}

#[test]
fn ms_m15_with_two_players_a_pick_up_gives_the_attack_back_to_the_attacker() {
    let hands = ["C5 C6 C7 C8 C9", "H2 H3 H4 H5 H6", "SQ D2 D3 D4 D5"];
    let mut state = setup("standard", json!({}), &hands)
        .trump(Diamonds, None)
        .build();
    play(&mut state, "attack C5");
    assert_eq!(
        (state.attacker, state.defender),
        (2, 0),
        "three players: C attacks A"
    );
    let pair = ["C5 C6 C7 C8 C9", "SQ H3 H4 H5 H6"];
    let mut two = setup("standard", json!({}), &pair)
        .talon("", 20)
        .trump(Diamonds, Some("DA"))
        .build();
    play(&mut two, "attack C5");
    assert!(
        two.hands[1].contains(card("C5")),
        "B had no beater and picked up"
    );
    assert_eq!((two.attacker, two.defender), (0, 1), "A attacks B again");
}

#[test]
fn ms_m16_a_two_card_defence_has_ten_outcomes_four_of_them_beat_everything() {
    let hands = ["C5 C9 S2 S3 S4", "CT C6 H2 D8", "SQ D2 D3 D4 D5"];
    let mut state = setup("standard", json!({}), &hands)
        .talon("", 10)
        .trump(Hearts, Some("HA"))
        .build();
    play(&mut state, "attack C5 C9");
    assert_eq!(crate::perft::perft(&state, 2), 10);
    let mut full_beats = 0;
    let mut outcomes = std::collections::HashSet::new();
    let mut first = Vec::new();
    state.legal_moves(&mut first);
    for &m1 in &first {
        let mut after = state.clone();
        after.play_unchecked(m1);
        let mut second = Vec::new();
        after.legal_moves(&mut second);
        for &m2 in &second {
            assert!(
                !matches!(m1, Move::Beat(c) if c == card("D8"))
                    && !matches!(m2, Move::Beat(c) if c == card("D8"))
            );
            let mut end = after.clone();
            end.play_unchecked(m2);
            outcomes.insert((m1, m2));
            if !end.hands[1].contains(card("C5")) && !end.hands[1].contains(card("C9")) {
                full_beats += 1;
            }
        }
    }
    assert_eq!(outcomes.len(), 10);
    assert_eq!(full_beats, 4);
}

#[test]
fn ms_m17_lower_trumps_cannot_beat_a_trump() {
    let hands = ["CQ D6 D7 D8 D9", "CJ C2 HA"];
    let mut state = setup("standard", json!({}), &hands)
        .talon("", 10)
        .trump(Clubs, Some("CK"))
        .build();
    play(&mut state, "attack CQ");
    assert_eq!(phase(&state), Phase::Attack, "only TAKE: automatic");
    assert!(state.hands[1].contains(card("CQ")));
}

#[test]
fn ms_m18_an_attack_in_the_trump_suit_is_legal() {
    let hands = ["H3 H7 D2", "C2 C3 C4", "SQ S2 S3"];
    let state = setup("standard", json!({}), &hands)
        .talon("", 10)
        .trump(Hearts, Some("HA"))
        .build();
    assert!(legal(&state).contains(&"attack H3 H7".to_string()));
    let endgame = setup(
        "standard",
        json!({}),
        &["H3 H7 H9 HJ", "C2 C3 C4", "SQ S2 S3"],
    )
    .trump(Hearts, None)
    .build();
    assert!(
        !legal(&endgame).contains(&"attack H3 H7 H9 HJ".to_string()),
        "same size rules as any suit"
    );
}

#[test]
fn ms_m19_attack_limit_always_caps_every_attack_at_the_defenders_hand() {
    let hands = ["C2 C3 C4 C5 C6 C7", "H2 H3 H4 H5 H6", "SQ S2 S3 S4 S5"];
    let always = setup("standard", json!({"attack_limit": "always"}), &hands)
        .talon("", 20)
        .trump(Diamonds, Some("DA"))
        .build();
    let moves = legal(&always);
    assert_eq!(
        moves.len(),
        63 - 1,
        "every non-empty set of clubs but the one of 6"
    );
    assert!(!moves.contains(&"attack C2 C3 C4 C5 C6 C7".to_string()));
    let default = setup("standard", json!({}), &hands)
        .talon("", 20)
        .trump(Diamonds, Some("DA"))
        .build();
    assert_eq!(legal(&default).len(), 63);
}

#[test]
fn ms_m20_fixed_diamonds_deals_three_cards_to_eight_players() {
    let cfg = config("kurki_suonio_diamonds", json!({"num_players": 8}));
    let mut problems = Problems::default();
    let empty = json!({});
    for seed in 0..50 {
        let mut fields = crate::problems::Fields::of(&empty, "", &mut problems);
        let mut state = Mustamaija::deal(&cfg, seed, &mut fields, &mut problems).expect("a deal");
        assert!((0..8).all(|s| state.hands[s].len() == 3));
        assert_eq!(state.talon.len(), 28);
        assert_eq!(state.trump, Some(Diamonds), "trump from the start");
        assert_eq!(state.trump_card, None, "no card is turned");
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let Some(&pair) = moves
            .iter()
            .find(|m| matches!(m, Move::Attack(c) if c.len() == 2))
        else {
            continue;
        };
        let attacker = state.attacker as usize;
        state.play_unchecked(pair);
        assert_eq!(
            state.hands[attacker].len(),
            3,
            "the attacker draws back to 3"
        );
        assert_eq!(state.trump, Some(Diamonds));
        return;
    }
    panic!("no seed gave the attacker two cards of one suit");
}

#[test]
fn ms_m21_a_marriage_makes_trump_but_spades_make_none() {
    let hands = ["HK HQ C9", "CT CA D2", "SK SQ C2"];
    let mut state = setup("kurki_suonio_marriage", json!({}), &hands)
        .talon("", 20)
        .build();
    assert_eq!(state.trump, None);
    assert_eq!(
        phase(&state),
        Phase::Declare,
        "A holds a marriage and is polled before attacking"
    );
    assert_eq!(legal(&state), sorted(&["declare H", "no_declaration"]));
    let mut undeclared = state.clone();
    play(&mut state, "declare H");
    assert_eq!(state.trump, Some(Hearts));
    assert!(
        state.public.contains(card("HK")) && state.hands[0].contains(card("HK")),
        "K and Q are shown and kept"
    );
    play(&mut undeclared, "no_declaration");
    assert_eq!(
        phase(&undeclared),
        Phase::Attack,
        "C's SK+SQ makes no marriage, so C is not polled"
    );
    play(&mut undeclared, "attack C9");
    assert_eq!(
        (phase(&undeclared), undeclared.actor),
        (Phase::Declare, 0),
        "A is asked again before B defends"
    );
    play(&mut undeclared, "no_declaration");
    assert_eq!(
        legal(&undeclared),
        sorted(&["beat CT", "beat CA", "take"]),
        "no trump: D2 cannot beat"
    );
}

#[test]
fn ms_m22_the_joker_is_the_maria_and_spades_may_be_trump() {
    let hands = ["JK SJ SK SQ C2", "SQ S2 H2 H3 H4", "C3 C4 C5 C6 C7"];
    let hands = [hands[0], "SA S2 H2 H3 H4", hands[2]];
    let mut state = setup("translator_joker", json!({}), &hands)
        .talon("", 20)
        .build();
    assert_eq!(
        legal(&state),
        sorted(&["declare S", "no_declaration"]),
        "SK+SQ is a marriage here"
    );
    let mut joker = state.clone();
    play(&mut state, "declare S");
    assert_eq!(state.trump, Some(crate::suited::Suit::Spades));
    assert!(legal(&state).contains(&"attack JK".to_string()));
    assert!(
        !legal(&state)
            .iter()
            .any(|m| m.contains("JK") && m.len() > "attack JK".len()),
        "the joker is led alone"
    );
    play(&mut joker, "no_declaration");
    play(&mut joker, "attack JK");
    assert!(
        joker.hands[1].contains(card("JK")),
        "the joker cannot be beaten: B took it without a decision"
    );
    let queen_beats = ["SJ C2 C8", "SQ H2 H3", "JK C3 C4"];
    let mut queen = setup("translator_joker", json!({}), &queen_beats)
        .talon("", 20)
        .build();
    play(&mut queen, "attack SJ");
    assert_eq!(
        legal(&queen),
        sorted(&["beat SQ", "take"]),
        "SQ is a normal spade"
    );
}

#[test]
fn ms_m23_an_eliminated_designated_attacker_passes_the_attack_on() {
    let hands = ["H5", "H7", "SQ D3", "C2 C3"];
    let mut state = setup("standard", json!({}), &hands)
        .trump(Diamonds, None)
        .build();
    play(&mut state, "attack H5");
    play(&mut state, "beat H7");
    assert!(state.is_out(0) && state.is_out(1));
    assert!(!state.is_over(), "C and D still hold cards");
    assert_eq!(
        (state.attacker, state.defender),
        (2, 3),
        "B beat everything but is out: C attacks D"
    );
}

#[test]
fn ms_m24_any_player_holding_a_marriage_is_polled_at_every_phase_start() {
    let hands = [
        "C2 C3 C4 C5 C6 C7",
        "H2 H3 H4 H5 H6 H7",
        "DK DQ S2 S3 S4 S5",
        "C8 C9 CT CJ H8 H9",
    ];
    let state = setup("salmi_six", json!({}), &hands).talon("", 20).build();
    assert_eq!(
        (phase(&state), state.actor),
        (Phase::Declare, 2),
        "A and B have no pair: C is asked"
    );
    assert_eq!(legal(&state), sorted(&["declare D", "no_declaration"]));
    let mut declares = state.clone();
    play(&mut declares, "declare D");
    assert_eq!(
        (declares.trump, phase(&declares), declares.actor),
        (Some(Diamonds), Phase::Attack, 0)
    );
    let mut waits = state;
    play(&mut waits, "no_declaration");
    assert_eq!((phase(&waits), waits.actor), (Phase::Attack, 0));
    play(&mut waits, "attack C2");
    assert_eq!(
        (phase(&waits), waits.actor),
        (Phase::Declare, 2),
        "C is asked again before B defends"
    );
    let narrow = setup(
        "salmi_six",
        json!({"marriage_window": "active_before_play"}),
        &hands,
    )
    .talon("", 20)
    .build();
    assert_eq!(
        (phase(&narrow), narrow.actor),
        (Phase::Attack, 0),
        "active_before_play: only A could declare now"
    );
}
