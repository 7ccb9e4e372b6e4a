//! Rule options beyond the presets (spec 2.7 and section 7), each shown to change play.

use super::vectors::{
    card, config, contract_hand, dealt, exchanged, legal, play, trick, window, E, N, S, W,
};
use super::{Marjapussi, MatchState, Move, Phase, Said};
use crate::game::Game;
use crate::rng::Rng;
use serde_json::json;

#[test]
fn asks_none_offers_no_asks() {
    let g = window(
        "huutopussi",
        &[(N, "SQ S6 S7 D6 D7 D8"), (S, "SK C6 C7 C8 D9 DJ")],
        N,
    );
    assert!(legal(&g).contains(&Move::AskWhole(Said::Unsaid)));
    let mut off = g;
    off.cfg = config("huutopussi", json!({ "asks": "none" }));
    assert!(!legal(&off)
        .iter()
        .any(|m| matches!(m, Move::AskWhole(_) | Move::AskHalf(..))));
}

#[test]
fn poll_all_asks_for_doubles_before_the_lead() {
    let mut g = dealt(
        config("erlangen", json!({ "double_timing": "poll_all" })),
        &[],
        MatchState::default(),
    );
    for mv in [
        Move::Bid(120),
        Move::Bid(125),
        Move::Pass,
        Move::Pass,
        Move::Pass,
    ] {
        play(&mut g, mv);
    }
    let give = legal(&g)[0];
    play(&mut g, give);
    play(&mut g, Move::Contract(125));
    let back = legal(&g)[0];
    play(&mut g, back);
    assert_eq!(
        (g.phase, g.actor),
        (Phase::DoublePoll, S),
        "E leads; S is the first opponent after E"
    );
    assert_eq!(legal(&g), vec![Move::Double, Move::NoDouble]);
    play(&mut g, Move::Double);
    assert_eq!(
        (g.phase, g.actor, g.doubling),
        (Phase::DoublePoll, W, 1),
        "W of E's side may answer with Re"
    );
    play(&mut g, Move::NoDouble);
    assert_eq!((g.phase, g.actor), (Phase::Play, E));
    assert!(
        !legal(&g).contains(&Move::Double),
        "no doubling on one's own turn under poll_all"
    );
}

#[test]
fn give_one_each_deals_twelve_tricks() {
    let mut g = dealt(
        config("huutopussi3", json!({ "talon_handling": "give_one_each" })),
        &[],
        MatchState::default(),
    );
    for mv in [Move::Bid(50), Move::Pass, Move::Pass, Move::Contract(60)] {
        play(&mut g, mv);
    }
    assert_eq!(g.phase, Phase::GiveOneEach);
    assert_eq!(legal(&g).len(), 14 * 13);
    let give = legal(&g)[0];
    play(&mut g, give);
    assert!(g.hands[..3].iter().all(|h| h.len() == 12));
    assert_eq!(g.tricks_in_hand(), 12);
}

#[test]
fn discard_forbid_ace_ten_keeps_aces_and_tens() {
    let mut g = dealt(
        config("huutopussi3", json!({ "discard_forbid_ace_ten": true })),
        &[],
        MatchState::default(),
    );
    for mv in [Move::Bid(50), Move::Pass, Move::Pass, Move::Contract(50)] {
        play(&mut g, mv);
    }
    let high =
        super::cards::of_power(super::cards::ACE) | super::cards::of_power(super::cards::TEN);
    assert!(legal(&g)
        .iter()
        .all(|m| matches!(m, Move::Discard(d) if !d.intersects(high))));
}

#[test]
fn first_deal_leader_card_holder_leads_and_deals_next() {
    let cfg = config("marjapussi", json!({ "first_deal_leader_card": "SA" }));
    let g = dealt(
        cfg,
        &[(S, "SA S6 S7 S8 S9 SJ SQ SK ST")],
        MatchState::default(),
    );
    assert_eq!((g.leader, g.actor), (S, S));
    let mut h = g;
    let mut moves = Vec::new();
    crate::playout::random_playout(&mut h, &mut Rng::seeded(1), &mut moves, 1_000);
    assert_eq!(h.result().expect("scored").next_dealer, S);
    let later = dealt(
        cfg,
        &[(S, "SA S6 S7 S8 S9 SJ SQ SK ST")],
        MatchState {
            hands_played: 1,
            ..MatchState::default()
        },
    );
    assert_eq!(later.leader, N, "only the first hand of a match");
}

#[test]
fn card_tie_carry_makes_the_next_majority_worth_more() {
    let one = dealt(
        config("marjapussi", json!({ "card_tie_carry": "carry_one" })),
        &[],
        MatchState::default(),
    );
    assert_eq!(one.game_points(&[60, 60, 0], None).1, 1);
    let carried = dealt(
        config("marjapussi", json!({ "card_tie_carry": "carry_one" })),
        &[],
        MatchState {
            carry: 1,
            ..MatchState::default()
        },
    );
    assert_eq!(carried.game_points(&[70, 50, 0], None), ([2, 0, 0], 0));
    let acc = dealt(
        config(
            "marjapussi",
            json!({ "card_tie_carry": "carry_accumulate" }),
        ),
        &[],
        MatchState {
            carry: 1,
            ..MatchState::default()
        },
    );
    assert_eq!(acc.game_points(&[60, 60, 0], None).1, 2);
}

#[test]
fn declarer_no_trick_extra_adds_a_penalty() {
    let g = contract_hand(
        "huutopussi",
        json!({ "declarer_no_trick_extra": 1 }),
        E,
        100,
        100,
        0,
    );
    assert_eq!(g.contract_scores(&[180, 0, 0], &[9, 0, 0]).0[1], -200);
}

#[test]
fn both_at_target_play_on_continues_the_match() {
    let g = dealt(
        config("marjapussi", json!({ "both_at_target": "play_on" })),
        &[],
        MatchState::default(),
    );
    let mut after = MatchState {
        scores: [10, 10, 0],
        ..MatchState::default()
    };
    assert_eq!(
        g.marjapussi_match_end(&mut after, &[4, 5, 0]),
        (false, None, false)
    );
}

#[test]
fn allow_declare_after_last_trick_opens_a_final_window() {
    let cfg = json!({ "allow_declare_after_last_trick": true });
    let mut g = trick("marjapussi", cfg, None, &[(N, "HA")], N, &[]);
    for seat in [E, S, W] {
        let keep = g.hands[seat as usize].lowest().expect("a card");
        g.hands[seat as usize] = crate::cards::CardSet::single(keep);
    }
    g.tricks_played = 8;
    play(&mut g, Move::Play(card("HA")));
    while g.phase == Phase::Play {
        let c = g.playable(g.actor).lowest().expect("a card");
        play(&mut g, Move::Play(c));
    }
    assert_eq!(
        (g.phase, g.actor),
        (Phase::Declare, N),
        "N may still ask its partner"
    );
    play(&mut g, Move::NoDeclaration);
    assert_eq!(g.phase, Phase::Scored);
}

#[test]
fn contract_raise_off_fixes_the_contract_at_the_bid() {
    let mut g = exchanged("huutopussi");
    g.cfg.contract_raise = false;
    let give = legal(&g)[0];
    play(&mut g, give);
    assert_eq!(legal(&g), vec![Move::Contract(55)]);
}

#[test]
fn redeal_right_off_offers_no_redeal() {
    let hand = "H6 D6 C6 SA ST SK DQ CJ H9";
    let on = dealt(
        config("huutopussi", json!({})),
        &[(N, hand)],
        MatchState::default(),
    );
    let off = dealt(
        config("huutopussi", json!({ "redeal_right": false })),
        &[(N, hand)],
        MatchState::default(),
    );
    assert!(legal(&on).contains(&Move::Redeal));
    assert!(!legal(&off).contains(&Move::Redeal));
}

#[test]
fn a_seat_outside_the_game_is_not_a_marjapussi_seat() {
    let g: Marjapussi = dealt(config("huutopussi3", json!({})), &[], MatchState::default());
    assert_eq!(g.seats(), 3);
    assert_eq!(g.side(2), 2, "three players score for themselves");
}
