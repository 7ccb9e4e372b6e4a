//! Every worked example and test vector of spec section 6 (MS-EX1 to MS-EX9), one test each.

use super::super::config::{Config, DoubleRoundOrder, Variant};
use super::super::{MatchState, Muschik, Phase};
use super::{
    cards, deal_in, deal_with, legal_cards, legal_texts, open_with, play, play_first_moves,
    trick_position,
};
use crate::game::Game;
use crate::games::options::Declared;

fn ex1_deal() -> Muschik {
    let hands: [Option<&[&str]>; 5] = [
        Some(&["DT", "DJ", "C7", "S7", "H7"]),
        Some(&["D8", "DK", "CT", "S8", "H8"]),
        Some(&["C9", "CJ", "S9", "H9", "SQ"]),
        Some(&["D7", "DA", "CQ", "ST", "HT"]),
        Some(&["C8", "SJ", "HJ", "SK", "HQ"]),
    ];
    let state = deal_with(4, hands, "CK", MatchState::new(5));
    assert_eq!(
        state.stock_left(),
        cards(&["D9", "DQ", "CA", "SA", "HK", "HA"])
    );
    state
}

#[test]
fn ms_ex1_seed_trick_must_beat_then_void_players_must_trump_even_low() {
    let mut state = ex1_deal();
    open_with(&mut state, &["in", "in", "in", "in", "in"]);
    assert_eq!(
        state.actor, 0,
        "seat 0 leads: the player left of the dealer"
    );
    assert_eq!(
        legal_cards(&state),
        cards(&["DT", "DJ", "C7", "S7", "H7"]),
        "no trump ace: any lead"
    );
    play(&mut state, &["DT"]);
    assert_eq!(legal_cards(&state), cards(&["DK"]), "only DK beats DT");
    play(&mut state, &["DK"]);
    assert_eq!(
        legal_cards(&state),
        cards(&["C9", "CJ"]),
        "void in diamonds: must trump"
    );
    play(&mut state, &["C9"]);
    assert_eq!(
        legal_cards(&state),
        cards(&["D7", "DA"]),
        "trumped: any diamond"
    );
    play(&mut state, &["D7"]);
    assert_eq!(
        legal_cards(&state),
        cards(&["C8"]),
        "void: must trump although C8 does not beat C9"
    );
    play(&mut state, &["C8"]);
    assert_eq!(state.tricks[0].winner, 2);
    assert_eq!(
        state.cp[..5],
        [15, 15, 14, 15, 15],
        "the winner loses one point at once"
    );
    assert_eq!(state.actor, 2, "the winner leads next");
    assert_eq!(state.leader, 2);
}

#[test]
fn ms_ex2_must_beat_forces_the_ace_when_no_trump_is_in_the_trick() {
    let state = trick_position(
        "CK",
        &[(3, &["D7", "DA", "CQ", "ST", "HT"])],
        &[(0, "DT"), (1, "DK"), (2, "S9")],
    );
    assert_eq!(legal_cards(&state), cards(&["DA"]));
}

#[test]
fn ms_ex3_ta_lead_the_leader_holding_the_trump_ace_must_lead_it() {
    let state = trick_position("H7", &[(0, &["HA", "S9", "D7"])], &[]);
    assert_eq!(legal_cards(&state), cards(&["HA"]));
}

#[test]
fn ms_ex3_ta_not_last_the_trump_ace_is_forced_on_a_trump_lead() {
    let state = trick_position("H7", &[(1, &["HA", "HQ", "S7"])], &[(0, "H9")]);
    assert_eq!(legal_cards(&state), cards(&["HA"]));
}

#[test]
fn ms_ex3_ta_last_exception_the_last_seat_may_win_with_a_smaller_trump() {
    let mut state = trick_position(
        "H7",
        &[(4, &["HA", "HQ", "C7"])],
        &[(0, "H9"), (1, "HJ"), (2, "S7"), (3, "D8")],
    );
    assert_eq!(legal_cards(&state), cards(&["HQ", "HA"]));
    for seat in 0..4 {
        state.hands[seat] = cards(&[["S8", "S9", "ST", "SJ"][seat]]);
    }
    play(&mut state, &["HQ"]);
    assert_eq!(state.actor, 4, "HQ wins; seat 4 leads the next trick");
    assert_eq!(
        legal_cards(&state),
        cards(&["HA"]),
        "and must lead the ace it kept back"
    );
}

#[test]
fn ms_ex3_ta_last_cannot_win_small_so_the_ace_is_forced() {
    let state = trick_position(
        "H7",
        &[(4, &["HA", "HT", "C7"])],
        &[(0, "H9"), (1, "HK"), (2, "S7"), (3, "D8")],
    );
    assert_eq!(legal_cards(&state), cards(&["HA"]));
}

#[test]
fn ms_ex3_ta_nontrump_led_a_void_player_must_trump_but_not_with_the_ace() {
    let state = trick_position("H7", &[(1, &["HA", "H8", "D7"])], &[(0, "S9")]);
    assert_eq!(legal_cards(&state), cards(&["HA", "H8"]));
}

#[test]
fn ms_ex4_when_nothing_beats_any_card_of_the_led_suit_is_legal() {
    let state = trick_position("C7", &[(2, &["DQ", "D8", "S7"])], &[(0, "DT"), (1, "DK")]);
    assert_eq!(legal_cards(&state), cards(&["DQ", "D8"]));
}

#[test]
fn ms_ex4_a_void_player_must_overtrump_when_able() {
    let state = trick_position("C8", &[(2, &["CJ", "C7", "H9"])], &[(0, "S8"), (1, "CT")]);
    assert_eq!(legal_cards(&state), cards(&["CJ"]));
}

fn fresh_deal() -> Muschik {
    deal_with(4, [None; 5], "C7", MatchState::new(5))
}

#[test]
fn ms_ex5_after_three_outs_the_last_two_are_forced_in() {
    let mut state = fresh_deal();
    play(&mut state, &["out", "out", "out"]);
    assert_eq!(legal_texts(&state), ["in"]);
    play(&mut state, &["in"]);
    assert_eq!(legal_texts(&state), ["in"]);
}

#[test]
fn ms_ex5_one_in_and_three_outs_force_the_dealer_in() {
    let mut state = fresh_deal();
    play(&mut state, &["in", "out", "out", "out"]);
    assert_eq!(legal_texts(&state), ["in"]);
}

#[test]
fn ms_ex5_two_ins_leave_the_last_deciders_free() {
    for third in ["in", "out"] {
        let mut state = fresh_deal();
        play(&mut state, &["in", "in", "out"]);
        assert_eq!(legal_texts(&state), ["in", "out"]);
        play(&mut state, &[third]);
        assert_eq!(
            legal_texts(&state),
            ["in", "out"],
            "after seat 3 says {third}"
        );
    }
}

#[test]
fn ms_ex6_exchange_limits_the_stock_runs_out_and_later_participants_are_skipped() {
    let mut state = fresh_deal();
    play(&mut state, &["in", "out", "in", "in", "in"]);
    assert_eq!((state.phase, state.actor), (Phase::Exchange, 0));
    let first_three: Vec<String> = state.hands[0]
        .iter()
        .take(3)
        .map(super::super::json::card_name)
        .collect();
    play(
        &mut state,
        &[&format!("exchange {}", first_three.join(" "))],
    );
    assert_eq!(state.actor, 2, "seat 1 sat out: seat 2 exchanges next");
    assert_eq!(
        state.exchange_limit(),
        3,
        "kmax for seat 2 is what the stock holds"
    );
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    assert_eq!(
        moves.len(),
        1 + 5 + 10 + 10,
        "every subset of at most 3 of 5 cards"
    );
    let second_three: Vec<String> = state.hands[2]
        .iter()
        .take(3)
        .map(super::super::json::card_name)
        .collect();
    play(
        &mut state,
        &[&format!("exchange {}", second_three.join(" "))],
    );
    assert!(state.stock_left().is_empty());
    assert_eq!(
        state.exchanged[..5],
        [3, 0, 3, 0, 0],
        "seats 3 and 4 are skipped"
    );
    assert_eq!(
        (state.phase, state.actor),
        (Phase::DealerSwap, 4),
        "the dealer's swap is still offered"
    );
    assert_eq!(legal_texts(&state).len(), 1 + 5);
    assert_eq!(state.hands[0].len() + state.hands[2].len(), 10);
}

#[test]
fn ms_ex7_deal_scoring_minus_one_per_trick_plus_five_for_none() {
    let hands: [Option<&[&str]>; 5] = [
        Some(&["SA", "SK", "H7", "H8", "H9"]),
        Some(&["HA", "HK", "HQ", "D7", "D8"]),
        None,
        Some(&["D9", "DT", "DJ", "DQ", "DK"]),
        None,
    ];
    let mut state = deal_with(4, hands, "C7", MatchState::new(5));
    open_with(&mut state, &["in", "in", "out", "in", "out"]);
    play(
        &mut state,
        &[
            "SA", "D7", "D9", "SK", "D8", "DT", "H7", "HA", "DJ", "HK", "DQ", "H8", "HQ", "DK",
            "H9",
        ],
    );
    let winners: Vec<u8> = state.tricks.iter().map(|t| t.winner).collect();
    assert_eq!(winners, [0, 0, 1, 1, 1]);
    assert_eq!(state.tricks_won[..5], [2, 3, 0, 0, 0]);
    let result = state.result().expect("the deal is scored");
    assert_eq!(result.cp_after[..5], [13, 12, 15, 20, 15]);
    assert_eq!(result.round_winner, None);
    assert_eq!(
        state.payoff()[..5],
        [2, 3, 0, -5, 0],
        "payoff: countdown points removed"
    );
}

fn ex8_deal(match_state: MatchState) -> Muschik {
    let hands: [Option<&[&str]>; 5] = [
        Some(&["S7", "HA", "HK", "D7", "D8"]),
        Some(&["SA", "H7", "H8", "DK", "DA"]),
        Some(&["S8", "S9", "ST", "SJ", "SQ"]),
        None,
        None,
    ];
    let mut state = deal_with(4, hands, "C7", match_state);
    open_with(&mut state, &["in", "in", "in", "out", "out"]);
    play(
        &mut state,
        &[
            "S7", "SA", "S8", "H7", "S9", "HK", "HA", "H8", "ST", "D7", "DK", "SJ", "DA", "SQ",
            "D8",
        ],
    );
    let winners: Vec<u8> = state.tricks.iter().map(|t| t.winner).collect();
    assert_eq!(winners, [1, 0, 0, 1, 1], "trick winners B A A B B");
    state
}

fn ex8_match() -> MatchState {
    let mut m = MatchState::new(5);
    m.cp[..5].copy_from_slice(&[2, 3, 9, 15, 7]);
    m
}

#[test]
fn ms_ex8_round_end_the_earlier_trick_to_zero_wins_and_settles() {
    let state = ex8_deal(ex8_match());
    assert_eq!(
        state.zero_at[..5],
        [3, 5, 0, 0, 0],
        "A at trick 3, B at trick 5"
    );
    let result = state.result().expect("scored");
    assert_eq!(
        result.cp_after[..5],
        [0, 0, 14, 15, 7],
        "C took no trick: +5"
    );
    assert_eq!(result.round_winner, Some(0));
    assert_eq!(result.settlement[..5], [36, 0, -14, -15, -7]);
    assert_eq!(result.match_after.mp[..5], [36, 0, -14, -15, -7]);
    assert_eq!(result.match_after.round, 2);
    assert_eq!(
        result.match_after.cp[..5],
        [15; 5],
        "the next round starts at 15"
    );
}

#[test]
fn ms_ex8_double_round_settlement_is_doubled() {
    let mut m = ex8_match();
    m.round = 6;
    m.double_for = Some(3);
    m.winners[..5].copy_from_slice(&[0, 0, 1, 2, 2]);
    m.winners_len = 5;
    m.owed[0] = 4;
    m.owed_len = 1;
    let state = ex8_deal(m);
    let result = state.result().expect("scored");
    assert_eq!(result.settlement[..5], [72, 0, -28, -30, -14]);
}

#[test]
fn ms_ex8_clamp_case_countdown_stops_at_zero_and_zero_at_is_the_first_trick() {
    let mut m = MatchState::new(5);
    m.cp[0] = 1;
    let hands: [Option<&[&str]>; 5] = [
        Some(&["SA", "SK", "SQ", "SJ", "ST"]),
        Some(&["S7", "S8", "S9", "H7", "H8"]),
        None,
        None,
        None,
    ];
    let mut state = deal_with(4, hands, "C7", m);
    open_with(&mut state, &["in", "in", "out", "out", "out"]);
    play(&mut state, &["SA", "S7", "SK", "S8"]);
    assert_eq!((state.cp[0], state.zero_at[0]), (0, 1));
    play_first_moves(&mut state);
    assert_eq!(state.tricks_won[0], 5);
    assert_eq!(
        (state.cp[0], state.zero_at[0]),
        (0, 1),
        "clamped at 0 after tricks 2 to 5"
    );
}

/// A deal in which `seat` holds the five top trumps, everybody joins and stands pat: it wins
/// every trick.
fn sweep(seat: usize, dealer: u8, match_state: MatchState) -> Muschik {
    sweep_in(Config::preset(Variant::Muschik), seat, dealer, match_state)
}

fn sweep_in(cfg: Config, seat: usize, dealer: u8, match_state: MatchState) -> Muschik {
    let mut hands: [Option<&[&str]>; 5] = [None; 5];
    hands[seat] = Some(&["CA", "CK", "CQ", "CJ", "CT"]);
    let mut state = deal_in(cfg, dealer, hands, "C7", match_state);
    open_with(&mut state, &["in"; 5]);
    play_first_moves(&mut state);
    assert_eq!(state.tricks_won[seat], 5);
    state
}

#[test]
fn ms_ex9_match_length_double_rounds_for_the_players_without_a_win() {
    let mut m = MatchState::new(5);
    m.round = 5;
    m.winners[..4].copy_from_slice(&[0, 0, 1, 2]);
    m.winners_len = 4;
    m.cp[2] = 1;
    let after = sweep(2, 1, m).result().expect("scored").match_after;
    assert_eq!(after.winners(), [0, 0, 1, 2, 2]);
    assert_eq!(
        (after.round, after.double_for, after.owed()),
        (6, Some(3), &[4][..]),
        "D first: clockwise from the next dealer, seat 2"
    );
    assert_eq!(after.start_cp, None);

    let mut sixth = deal_with(2, [None; 5], "C7", after);
    assert_eq!(
        (sixth.phase, sixth.actor),
        (Phase::ChooseStart, 3),
        "D chooses the start of the first double round"
    );
    assert_eq!(legal_texts(&sixth), ["start 15", "start 20"]);
    play(&mut sixth, &["start 20"]);
    assert_eq!(sixth.cp[..5], [20; 5]);
    assert_eq!(sixth.match_state.multiplier(), 2);

    let mut late_in_sixth = after;
    late_in_sixth.start_cp = Some(20);
    late_in_sixth.cp[..5].copy_from_slice(&[20, 20, 20, 1, 20]);
    let after6 = sweep(3, 2, late_in_sixth)
        .result()
        .expect("scored")
        .match_after;
    assert_eq!(
        (after6.round, after6.double_for, after6.owed()),
        (7, Some(4), &[][..]),
        "E chooses the second"
    );

    let mut late_in_seventh = after6;
    late_in_seventh.start_cp = Some(15);
    late_in_seventh.cp[..5].copy_from_slice(&[15, 15, 15, 15, 1]);
    let last = sweep(4, 3, late_in_seventh);
    let end = last.result().expect("scored").match_after;
    assert!(end.over, "the match ends after the last double round");
    assert_eq!(end.winners().len(), 7, "7 rounds in all");
    assert_eq!(end.mp[..5].iter().sum::<i32>(), 0, "settlement is zero-sum");
}

#[test]
fn ms_ex9_double_round_order_follows_the_next_dealer() {
    let mut m = MatchState::new(5);
    m.round = 5;
    m.winners[..4].copy_from_slice(&[0, 0, 1, 2]);
    m.winners_len = 4;
    m.cp[2] = 1;
    let after = sweep(2, 3, m).result().expect("scored").match_after;
    assert_eq!(
        (after.double_for, after.owed()),
        (Some(4), &[3][..]),
        "next dealer 4: E first, then D"
    );
    let by_seat = Config {
        double_round_order: DoubleRoundOrder::BySeat,
        ..Config::preset(Variant::Muschik)
    };
    let after = sweep_in(by_seat, 2, 3, m)
        .result()
        .expect("scored")
        .match_after;
    assert_eq!(
        (after.double_for, after.owed()),
        (Some(3), &[4][..]),
        "by_seat: D first whoever deals"
    );
}
