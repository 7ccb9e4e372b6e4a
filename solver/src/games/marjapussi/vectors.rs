//! The worked examples and test vectors of `docs/rules/marjapussi.md` section 6, one test each.
//!
//! Seats N, E, S, W are 0..3; dealer W, so N is forehand. A position is built with the named
//! seats holding exactly the cards given and the rest of the deck spread over the others.

use super::cards::{deck, DECK};
use super::config::Config;
use super::{Declaration, Marjapussi, MatchState, Move, Phase, Said};
use crate::cards::{Card, CardSet};
use crate::game::Game;
use crate::problems::Problems;
use crate::suited::Suit;
use serde_json::{json, Value};

pub(super) const N: u8 = 0;
pub(super) const E: u8 = 1;
pub(super) const S: u8 = 2;
pub(super) const W: u8 = 3;

pub(super) fn card(token: &str) -> Card {
    DECK.parse(token).unwrap_or_else(|| panic!("{token}"))
}

pub(super) fn set(text: &str) -> CardSet {
    text.split_whitespace().map(card).collect()
}

pub(super) fn config(variant: &str, options: Value) -> Config {
    let mut problems = Problems::default();
    crate::games::options::resolve(Some(variant), Some(&options), "", &mut problems)
        .unwrap_or_else(|| panic!("{problems:?}"))
}

/// A hand as dealt by W with `fixed` seats holding exactly the cards given.
pub(super) fn dealt(cfg: Config, fixed: &[(u8, &str)], match_state: MatchState) -> Marjapussi {
    let n = cfg.seats() as u8;
    let size = if n == 3 { 11 } else { cfg.deck_size as u32 / 4 };
    let mut hands = [CardSet::EMPTY; 4];
    for &(seat, text) in fixed {
        hands[seat as usize] = set(text);
    }
    let mut rest = deck(cfg.deck_size) - hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    for seat in (0..n).filter(|s| !fixed.iter().any(|f| f.0 == *s)) {
        while hands[seat as usize].len() < size {
            let c = rest.lowest().expect("enough cards");
            hands[seat as usize].insert(c);
            rest.remove(c);
        }
    }
    let dealer = n - 1;
    Marjapussi::new_hand(
        cfg,
        dealer,
        hands,
        if n == 3 { rest } else { CardSet::EMPTY },
        match_state,
    )
}

/// A trick in progress: `leader` led the first of `played`, in turn order.
pub(super) fn trick(
    variant: &str,
    options: Value,
    trump: Option<Suit>,
    fixed: &[(u8, &str)],
    leader: u8,
    played: &[&str],
) -> Marjapussi {
    let mut g = dealt(config(variant, options), fixed, MatchState::default());
    g.phase = Phase::Play;
    g.trump = trump;
    g.leader = leader;
    for (i, token) in played.iter().enumerate() {
        let c = card(token);
        for hand in g.hands.iter_mut() {
            hand.remove(c);
        }
        g.trick[i] = c;
    }
    g.trick_len = played.len() as u8;
    g.actor = (leader + g.trick_len) % g.n();
    g
}

pub(super) fn legal(g: &Marjapussi) -> Vec<Move> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves
}

pub(super) fn playable(g: &Marjapussi) -> CardSet {
    g.playable(g.actor)
}

pub(super) fn play(g: &mut Marjapussi, mv: Move) {
    assert!(
        g.play(mv).is_ok(),
        "{mv:?} is illegal; legal: {:?}",
        legal(g)
    );
}

/// Plays the rest of the current trick with each seat's first legal card.
pub(super) fn finish_trick(g: &mut Marjapussi) {
    while g.trick_len != 0 {
        let c = playable(g).lowest().expect("a card to play");
        play(g, Move::Play(c));
    }
}

// 6.1 Trick legality

#[test]
fn j1_must_follow_and_beat_the_best_card() {
    let g = trick(
        "marjapussi",
        json!({}),
        None,
        &[(S, "HT H7 SA D6")],
        N,
        &["H9", "HK"],
    );
    assert_eq!(playable(&g), set("HT"));
}

#[test]
fn j2_follow_suit_when_unable_to_beat() {
    let g = trick(
        "marjapussi",
        json!({}),
        None,
        &[(E, "HK H6 ST")],
        N,
        &["HA"],
    );
    assert_eq!(playable(&g), set("HK H6"));
}

#[test]
fn j3_void_player_must_overtrump() {
    let g = trick(
        "marjapussi",
        json!({}),
        Some(Suit::Clubs),
        &[(S, "C7 CA DK")],
        N,
        &["H9", "CT"],
    );
    assert_eq!(playable(&g), set("CA"));
}

#[test]
fn j3b_void_player_who_cannot_overtrump_must_undertrump() {
    let g = trick(
        "marjapussi",
        json!({}),
        Some(Suit::Clubs),
        &[(S, "C7 C8 DK")],
        N,
        &["H9", "CT"],
    );
    assert_eq!(playable(&g), set("C7 C8"));
}

#[test]
fn j4_following_suit_beats_trumping_even_when_the_trick_is_trumped() {
    let g = trick(
        "marjapussi",
        json!({}),
        Some(Suit::Clubs),
        &[(S, "HA H7 CA")],
        N,
        &["H9", "C6"],
    );
    assert_eq!(playable(&g), set("HA H7"));
}

#[test]
fn j5_partners_card_must_be_beaten_too() {
    let g = trick(
        "marjapussi",
        json!({}),
        None,
        &[(S, "HA H9")],
        N,
        &["HT", "H6"],
    );
    assert_eq!(playable(&g), set("HA"));
}

#[test]
fn j6_void_without_trump_plays_anything() {
    let g = trick(
        "marjapussi",
        json!({}),
        None,
        &[(E, "SA DK C6")],
        N,
        &["H9"],
    );
    assert_eq!(playable(&g), set("SA DK C6"));
}

#[test]
fn j7_led_trump_must_be_overtrumped() {
    let g = trick(
        "marjapussi",
        json!({}),
        Some(Suit::Spades),
        &[(S, "ST S6 HA")],
        N,
        &["S9", "SK"],
    );
    assert_eq!(playable(&g), set("ST"));
}

#[test]
fn j8_without_overtake_duty_follow_and_trump_duties_remain() {
    let off = json!({ "overtake_duty": false });
    let j1 = trick(
        "marjapussi",
        off.clone(),
        None,
        &[(S, "HT H7 SA D6")],
        N,
        &["H9", "HK"],
    );
    assert_eq!(playable(&j1), set("HT H7"));
    let j3 = trick(
        "marjapussi",
        off,
        Some(Suit::Clubs),
        &[(S, "C7 CA DK")],
        N,
        &["H9", "CT"],
    );
    assert_eq!(playable(&j3), set("C7 CA"));
}

#[test]
fn j9_first_lead_ace_then_spade() {
    let rule = json!({ "first_lead_rule": "ace_then_spade" });
    let aces = trick(
        "marjapussi",
        rule.clone(),
        None,
        &[(N, "HA DA SK S7 H6 H7 H8 D6 D7")],
        N,
        &[],
    );
    assert_eq!(playable(&aces), set("HA DA"));
    let spades = trick(
        "marjapussi",
        rule.clone(),
        None,
        &[(N, "SK S7 HT H6 H7 H8 D6 D7 D8")],
        N,
        &[],
    );
    assert_eq!(playable(&spades), set("SK S7"));
    let neither = trick(
        "marjapussi",
        rule,
        None,
        &[(N, "HT H6 H7 H8 D6 D7 D8 C6 C7")],
        N,
        &[],
    );
    assert_eq!(playable(&neither), set("HT H6 H7 H8 D6 D7 D8 C6 C7"));
    let later = {
        let mut g = trick(
            "marjapussi",
            json!({ "first_lead_rule": "ace_then_spade" }),
            None,
            &[(N, "HA DA SK S7 H6 H7 H8 D6 D7")],
            N,
            &[],
        );
        g.tricks_played = 1;
        g
    };
    assert_eq!(
        playable(&later).len(),
        9,
        "the rule binds only the first trick"
    );
}

#[test]
fn j10_erlangen_ace_must_show_on_trick_one() {
    let g = trick(
        "erlangen",
        json!({}),
        None,
        &[(S, "SA ST S9")],
        N,
        &["SK", "S6"],
    );
    assert_eq!(playable(&g), set("SA"));
    let normal = trick(
        "huutopussi",
        json!({}),
        None,
        &[(S, "SA ST S9")],
        N,
        &["SK", "S6"],
    );
    assert_eq!(playable(&normal), set("SA ST"));
}

#[test]
fn j11_erlangen_ace_led_means_normal_rules() {
    let g = trick(
        "erlangen",
        json!({}),
        None,
        &[(S, "DK D6 SA")],
        N,
        &["DA", "D7"],
    );
    assert_eq!(playable(&g), set("DK D6"));
}

#[test]
fn j12_huutopussi_latest_marriage_is_trump() {
    let mut g = trick(
        "huutopussi",
        json!({}),
        Some(Suit::Diamonds),
        &[(S, "HA D7 C8")],
        E,
        &["S9"],
    );
    g.tricks_played = 5;
    assert_eq!(playable(&g), set("D7"));
}

// 6.2 Declarations

#[test]
fn j13_marjapussi_first_marriage_makes_trump_later_ones_do_not() {
    let mut g = trick(
        "marjapussi",
        json!({}),
        None,
        &[(E, "HA DK DQ C6 C7 C8 C9 CJ")],
        N,
        &["H6"],
    );
    g.tricks_played = 1;
    play(&mut g, Move::Play(card("HA")));
    finish_trick(&mut g);
    assert_eq!((g.phase, g.actor), (Phase::Declare, E));
    play(&mut g, Move::Declare(Suit::Diamonds));
    assert_eq!(g.trump, Some(Suit::Diamonds));
    assert_eq!((g.phase, g.actor, g.leader), (Phase::Play, E, E));

    let mut later = trick(
        "marjapussi",
        json!({}),
        Some(Suit::Diamonds),
        &[(N, "HK HQ DA")],
        E,
        &["D6", "S6", "S7"],
    );
    later.declarations[0] = Some(Declaration {
        suit: Suit::Diamonds,
        side: 1,
    });
    later.tricks_played = 4;
    play(&mut later, Move::Play(card("DA")));
    assert_eq!(later.phase, Phase::Declare);
    play(&mut later, Move::Declare(Suit::Hearts));
    assert_eq!(later.trump, Some(Suit::Diamonds));
    let (gp, _) = later.game_points(&[59, 61, 0], None);
    assert_eq!(
        &gp[..2],
        &[1, 2 + 1],
        "EW: 2 for trump and 1 for the card majority; NS: 1 for hearts"
    );
}

/// `winner` has just won trick 3 and may declare.
pub(super) fn window(variant: &str, fixed: &[(u8, &str)], winner: u8) -> Marjapussi {
    let mut g = dealt(config(variant, json!({})), fixed, MatchState::default());
    g.phase = Phase::Declare;
    g.actor = winner;
    g.leader = winner;
    g.tricks_played = 3;
    g
}

#[test]
fn j14_ask_whole_partner_chooses_among_marriages() {
    let mut g = window(
        "marjapussi",
        &[(N, "S6 S7 S8 S9 D6 D7"), (S, "CK CQ HK HQ D8 D9")],
        N,
    );
    play(&mut g, Move::AskWhole(Said::Unsaid));
    assert_eq!((g.phase, g.actor), (Phase::AnswerWhole, S));
    assert_eq!(
        legal(&g),
        vec![Move::Answer(Suit::Hearts), Move::Answer(Suit::Clubs)]
    );
    play(&mut g, Move::Answer(Suit::Clubs));
    assert_eq!(
        g.declarations[0],
        Some(Declaration {
            suit: Suit::Clubs,
            side: 0
        })
    );
    assert_eq!((g.phase, g.actor), (Phase::Play, N));

    let mut no = window(
        "marjapussi",
        &[(N, "S6 S7 S8 S9 D6 D7"), (S, "CK HQ C6 C7 D8 D9")],
        N,
    );
    play(&mut no, Move::AskWhole(Said::Unsaid));
    assert_eq!(
        (no.phase, no.actor),
        (Phase::Play, N),
        "a public 'no'; N leads without another try"
    );
    assert!(no.declarations[0].is_none());
}

#[test]
fn j15_half_marriage_ask_needs_one_card() {
    let mut g = window(
        "marjapussi",
        &[(N, "SQ S6 S7 D6 D7 D8"), (S, "SK C6 C7 C8 D9 DJ")],
        N,
    );
    assert!(legal(&g).contains(&Move::AskHalf(Suit::Spades, Said::Unsaid)));
    play(&mut g, Move::AskHalf(Suit::Spades, Said::Unsaid));
    assert_eq!(
        g.declarations[0],
        Some(Declaration {
            suit: Suit::Spades,
            side: 0
        })
    );
    for variant in ["marjapussi", "huutopussi"] {
        let none = window(
            variant,
            &[(N, "S6 S7 S8 D6 D7 D8"), (S, "SK C6 C7 C8 D9 DJ")],
            N,
        );
        assert!(
            !legal(&none).contains(&Move::AskHalf(Suit::Spades, Said::Unsaid)),
            "{variant}"
        );
    }
}

#[test]
fn j16_erlangen_bluff_declares_nothing() {
    let mut g = window(
        "erlangen",
        &[(N, "S6 S7 S8 D6 D7 D8"), (S, "SK SQ C7 C8 D9 DJ")],
        N,
    );
    assert!(legal(&g).contains(&Move::AskHalf(Suit::Spades, Said::Unsaid)));
    play(&mut g, Move::AskHalf(Suit::Spades, Said::Unsaid));
    assert!(g.declarations[0].is_none());
    assert_eq!(g.trump, None);
    assert_eq!((g.phase, g.actor), (Phase::Play, N));
}

#[test]
fn j17_played_marriage_cards_do_not_count() {
    let mut g = window("marjapussi", &[(N, "HK S6 S7 D6 D7 D8")], N);
    let hq = card("HQ");
    for hand in g.hands.iter_mut() {
        hand.remove(hq);
    }
    g.won[1].insert(hq);
    assert!(!legal(&g).contains(&Move::Declare(Suit::Hearts)));
    play(&mut g, Move::AskHalf(Suit::Hearts, Said::Unsaid));
    assert!(
        g.declarations[0].is_none(),
        "the partner holds neither: 'no'"
    );
}

#[test]
fn j18_helsinki_declares_only_after_leading_and_winning() {
    let fixed: &[(u8, &str)] = &[(S, "HA HK HQ S6 S7 S8")];
    let mut led_by_e = trick("huutopussi", json!({}), None, fixed, E, &["H6"]);
    led_by_e.tricks_played = 3;
    play(&mut led_by_e, Move::Play(card("HA")));
    finish_trick(&mut led_by_e);
    assert_eq!(
        (led_by_e.phase, led_by_e.actor),
        (Phase::Play, S),
        "S did not lead trick 4"
    );

    let mut led_by_s = trick("huutopussi", json!({}), None, fixed, S, &[]);
    led_by_s.tricks_played = 4;
    play(&mut led_by_s, Move::Play(card("HA")));
    finish_trick(&mut led_by_s);
    assert_eq!((led_by_s.phase, led_by_s.actor), (Phase::Declare, S));

    for variant in ["erlangen", "marjapussi"] {
        let mut g = trick(variant, json!({}), None, fixed, E, &["H6"]);
        g.tricks_played = 3;
        play(&mut g, Move::Play(card("HA")));
        finish_trick(&mut g);
        assert_eq!((g.phase, g.actor), (Phase::Declare, S), "{variant}");
    }
}

#[test]
fn j19_no_declaration_window_after_the_last_trick() {
    let mut g = trick("marjapussi", json!({}), None, &[(N, "HA")], N, &[]);
    for seat in [E, S, W] {
        let keep = g.hands[seat as usize].lowest().expect("a card");
        g.hands[seat as usize] = CardSet::single(keep);
    }
    g.tricks_played = 8;
    play(&mut g, Move::Play(card("HA")));
    finish_trick(&mut g);
    assert_eq!(g.phase, Phase::Scored);
    let fresh = dealt(config("marjapussi", json!({})), &[], MatchState::default());
    assert_eq!(fresh.phase, Phase::Play, "no window before trick 1");
}

#[test]
fn j20_three_players_declare_individually_without_asks() {
    let cfg = config("huutopussi3", json!({}));
    let mut g = dealt(cfg, &[(E, "HK HQ HA S6 S7")], MatchState::default());
    g.phase = Phase::Play;
    g.leader = E;
    g.actor = E;
    g.tricks_played = 3;
    play(&mut g, Move::Play(card("HA")));
    finish_trick(&mut g);
    assert_eq!((g.phase, g.actor), (Phase::Declare, E));
    let moves = legal(&g);
    assert!(!moves
        .iter()
        .any(|m| matches!(m, Move::AskWhole(_) | Move::AskHalf(..))));
    play(&mut g, Move::Declare(Suit::Hearts));
    assert_eq!(g.trump, Some(Suit::Hearts));
    assert_eq!(
        g.declarations[0],
        Some(Declaration {
            suit: Suit::Hearts,
            side: E
        })
    );
}

// 6.3 Bidding, exchange, doubling

fn bids(moves: &[Move]) -> Vec<i32> {
    moves
        .iter()
        .filter_map(|m| if let Move::Bid(v) = m { Some(*v) } else { None })
        .collect()
}

#[test]
fn h1_forehand_must_open_and_the_auction_ends_after_three_passes() {
    let mut g = dealt(
        config("huutopussi", json!({})),
        &[(N, "HT HJ H9 D8 D7 S6 CJ C9 S8")],
        MatchState::default(),
    );
    let moves = legal(&g);
    assert!(!moves.contains(&Move::Pass));
    assert_eq!(bids(&moves), (50..=440).step_by(5).collect::<Vec<_>>());
    for mv in [
        Move::Bid(50),
        Move::Bid(60),
        Move::Pass,
        Move::Bid(65),
        Move::Pass,
        Move::Bid(70),
        Move::Pass,
    ] {
        play(&mut g, mv);
    }
    assert_eq!(g.declarer, Some(E));
    assert_eq!(g.high_bid, 70);
    assert_eq!((g.phase, g.actor), (Phase::ExchangeGive, W));
}

#[test]
fn h2_redeal_claim_eligibility() {
    let cfg = config("huutopussi", json!({}));
    let claim = |hand: &str| {
        legal(&dealt(cfg, &[(N, hand)], MatchState::default())).contains(&Move::Redeal)
    };
    assert!(claim("H6 D6 C6 SA ST SK DQ CJ H9"), "three sixes");
    assert!(
        claim("HJ H9 D8 D7 S6 CJ C9 S8 S7"),
        "nothing above the jack"
    );
    assert!(
        !claim("HT HJ H9 D8 D7 S6 CJ C9 S8"),
        "the ten ranks above the jack"
    );
    let mut g = dealt(
        cfg,
        &[
            (N, "HT HJ H9 D8 D7 S6 CJ C9 S8"),
            (E, "H6 D6 C6 SA ST SK DQ CJ H7"),
        ],
        MatchState::default(),
    );
    play(&mut g, Move::Bid(50));
    assert!(legal(&g).contains(&Move::Redeal), "E's first turn");
    play(&mut g, Move::Bid(55));
    play(&mut g, Move::Pass);
    play(&mut g, Move::Pass);
    play(&mut g, Move::Bid(60));
    assert!(!legal(&g).contains(&Move::Redeal), "E's second turn");
    let mut r = dealt(
        cfg,
        &[(N, "H6 D6 C6 SA ST SK DQ CJ H9")],
        MatchState::default(),
    );
    play(&mut r, Move::Redeal);
    assert!(r.is_over());
    let result = r.result().expect("a result");
    assert!(result.redeal);
    assert_eq!(result.hand_score, [0; 3]);
    assert_eq!(
        result.next_dealer, N,
        "the dealer W passes the deal to the left"
    );
}

pub(super) fn exchanged(variant: &str) -> Marjapussi {
    let mut g = dealt(config(variant, json!({})), &[], MatchState::default());
    let opening = g.cfg.min_bid;
    play(&mut g, Move::Bid(opening));
    play(&mut g, Move::Bid(opening + 5));
    play(&mut g, Move::Pass);
    play(&mut g, Move::Pass);
    play(&mut g, Move::Pass);
    g
}

#[test]
fn h3_exchange_gives_and_returns_three_or_four() {
    let mut g = exchanged("huutopussi");
    assert_eq!((g.phase, g.actor), (Phase::ExchangeGive, W));
    assert_eq!(legal(&g).len(), 84);
    let give = legal(&g)[0];
    play(&mut g, give);
    assert_eq!(g.hands[E as usize].len(), 12);
    assert_eq!(
        legal(&g),
        (55..=440)
            .step_by(5)
            .map(Move::Contract)
            .collect::<Vec<_>>()
    );
    play(&mut g, Move::Contract(100));
    assert_eq!(legal(&g).len(), 220);
    let back = legal(&g)[219];
    play(&mut g, back);
    assert!(g.hands.iter().all(|h| h.len() == 9));
    assert_eq!((g.phase, g.actor), (Phase::Play, E));

    let mut e = exchanged("erlangen");
    assert_eq!(legal(&e).len(), 126);
    let give = legal(&e)[0];
    play(&mut e, give);
    assert_eq!(e.hands[E as usize].len(), 13);
    play(&mut e, Move::Contract(125));
    assert_eq!(legal(&e).len(), 715);
}

#[test]
fn h4_bid_ban_at_minus_500() {
    let cfg = config("huutopussi", json!({}));
    let banned = MatchState {
        scores: [-510, 0, 0],
        ..MatchState::default()
    };
    let mut g = dealt(cfg, &[(N, "HT HJ H9 D8 D7 S6 CJ C9 S8")], banned);
    assert_eq!(legal(&g), vec![Move::Bid(50)]);
    play(&mut g, Move::Bid(50));
    play(&mut g, Move::Bid(55));
    assert_eq!(legal(&g), vec![Move::Pass], "S is banned too");
    for (score, is_banned) in [(-500, true), (-495, false)] {
        let m = MatchState {
            scores: [score, 0, 0],
            ..MatchState::default()
        };
        let mut h = dealt(cfg, &[(N, "HT HJ H9 D8 D7 S6 CJ C9 S8")], m);
        play(&mut h, Move::Bid(50));
        play(&mut h, Move::Bid(55));
        assert_eq!(legal(&h) == vec![Move::Pass], is_banned, "{score}");
    }
    let erlangen = dealt(
        config("erlangen", json!({})),
        &[(N, "HT HJ H9 D8 D7 S6 CJ C9 S8")],
        banned,
    );
    assert_eq!(legal(&erlangen), vec![Move::Pass]);
}

#[test]
fn e1_erlangen_all_pass_forehand_leads_under_first_trick_rules() {
    let mut g = dealt(
        config("erlangen", json!({})),
        &[(N, "SK S7 HT H6 H7 H8 D6 D7 D8")],
        MatchState::default(),
    );
    for _ in 0..4 {
        play(&mut g, Move::Pass);
    }
    assert_eq!(g.declarer, None);
    assert_eq!((g.phase, g.actor), (Phase::Play, N));
    assert_eq!(
        legal(&g),
        vec![Move::Play(card("S7")), Move::Play(card("SK"))]
    );
}

#[test]
fn e2_kontra_and_re_need_cards_in_hand() {
    let mut g = exchanged("erlangen");
    let give = legal(&g)[0];
    play(&mut g, give);
    play(&mut g, Move::Contract(125));
    let back = legal(&g)[0];
    play(&mut g, back);
    assert_eq!(g.declarer, Some(E));
    assert!(
        !legal(&g).contains(&Move::Double),
        "E may not open with Kontra"
    );
    g.actor = N;
    assert!(g.may_double(N), "N holds 9");
    g.hands[N as usize].remove(g.hands[N as usize].lowest().expect("a card"));
    assert!(!g.may_double(N), "N holds 8");
    g.doubling = 1;
    assert!(
        g.may_double(E) && g.may_double(W),
        "Re with at least 8 cards"
    );
    assert!(!g.may_double(S));
    g.doubling = 2;
    let mut seven = g;
    seven.hands[S as usize] = seven.hands[S as usize].iter().take(7).collect();
    assert!(seven.may_double(S));
    seven.hands[S as usize] = seven.hands[S as usize].iter().take(6).collect();
    assert!(!seven.may_double(S));
}

// 6.4 Scoring

/// A finished hand's scorer with a contract: `declarer` bid `bid` and set `contract`.
pub(super) fn contract_hand(
    variant: &str,
    options: Value,
    declarer: u8,
    bid: i32,
    contract: i32,
    doubling: u8,
) -> Marjapussi {
    let mut g = dealt(config(variant, options), &[], MatchState::default());
    g.declarer = Some(declarer);
    g.high_bid = bid;
    g.contract = contract;
    g.doubling = doubling;
    g
}

#[test]
fn j21_card_majority() {
    let original = dealt(config("marjapussi", json!({})), &[], MatchState::default());
    assert_eq!(original.game_points(&[61, 59, 0], None).0[..2], [1, 0]);
    assert_eq!(original.game_points(&[60, 60, 0], None).0[..2], [0, 0]);
    let simplified = dealt(
        config("marjapussi", json!({ "card_values": "simplified" })),
        &[],
        MatchState::default(),
    );
    assert_eq!(simplified.game_points(&[75, 65, 0], None).0[..2], [1, 0]);
    assert_eq!(simplified.game_points(&[70, 70, 0], None).0[..2], [0, 0]);
}

fn match_after(
    before: [i32; 2],
    gained: [i32; 2],
    tricks: [u8; 2],
) -> (MatchState, (bool, Option<u8>, bool)) {
    let g = dealt(config("marjapussi", json!({})), &[], MatchState::default());
    let mut after = MatchState {
        scores: [before[0] + gained[0], before[1] + gained[1], 0],
        ..MatchState::default()
    };
    let end = g.marjapussi_match_end(&mut after, &[tricks[0], tricks[1], 0]);
    (after, end)
}

#[test]
fn j22_marjapussi_match_scoring() {
    assert_eq!(
        match_after([6, 0], [4, 0], [5, 4]).1,
        (true, Some(0), false),
        "(a) exactly 10 wins"
    );
    assert_eq!(
        match_after([8, 0], [4, 0], [5, 4]).0.scores[0],
        7,
        "(b) overshoot resets to 7"
    );
    assert_eq!(
        match_after([0, 9], [0, 0], [9, 0]).0.scores[1],
        0,
        "(c) no trick: back to 0"
    );
    assert_eq!(
        match_after([9, 8], [1, 2], [5, 4]).1,
        (true, None, true),
        "(d) both at 10: draw"
    );
    let mut g = dealt(config("marjapussi", json!({})), &[], MatchState::default());
    for (i, suit) in Suit::ALL.into_iter().enumerate() {
        g.declarations[i] = Some(Declaration { suit, side: 0 });
    }
    assert_eq!(
        g.game_points(&[120, 0, 0], Some(0)).0[0],
        7,
        "(e) the most one hand gives"
    );
}

#[test]
fn h5_h6_contract_made_and_failed() {
    let made = contract_hand("huutopussi", json!({}), E, 90, 90, 0);
    assert_eq!(
        made.contract_scores(&[125, 215, 0], &[3, 6, 0]),
        ([125, 90, 0], Some(true))
    );
    let failed = contract_hand("huutopussi", json!({}), E, 250, 250, 0);
    assert_eq!(
        failed.contract_scores(&[125, 215, 0], &[3, 6, 0]),
        ([125, -250, 0], Some(false))
    );
}

#[test]
fn h7_laepaeri_costs_the_final_bid() {
    let g = contract_hand("huutopussi", json!({}), E, 70, 100, 0);
    assert_eq!(
        g.contract_scores(&[0, 160, 0], &[0, 9, 0]).0[..2],
        [-70, 100]
    );
    let high = contract_hand("huutopussi", json!({}), E, 70, 200, 0);
    assert_eq!(
        high.contract_scores(&[0, 160, 0], &[0, 9, 0]).0[..2],
        [-70, -200]
    );
    let porvoo = contract_hand(
        "huutopussi",
        json!({ "no_trick_rule": "porvoo" }),
        E,
        70,
        200,
        0,
    );
    assert_eq!(
        porvoo.contract_scores(&[0, 160, 0], &[0, 9, 0]).0[..2],
        [0, -200]
    );
}

#[test]
fn h8_a_zero_point_trick_is_a_trick() {
    let g = contract_hand("huutopussi", json!({}), E, 70, 100, 0);
    assert_eq!(g.contract_scores(&[0, 160, 0], &[1, 8, 0]).0[0], 0);
}

#[test]
fn h9_porvoo_variant_costs_the_contract() {
    let g = contract_hand(
        "huutopussi",
        json!({ "no_trick_rule": "porvoo" }),
        E,
        70,
        100,
        0,
    );
    assert_eq!(g.contract_scores(&[0, 160, 0], &[0, 9, 0]).0[0], -100);
}

#[test]
fn h10_bid_ceilings() {
    assert_eq!(config("huutopussi", json!({})).max_bid, 440);
    assert_eq!(
        config(
            "huutopussi",
            json!({ "card_values": "original", "last_trick_bonus": 10 })
        )
        .max_bid,
        410
    );
    assert_eq!(config("erlangen", json!({})).max_bid, 420);
    let full = deck(36);
    assert_eq!(
        super::cards::set_points(full, super::config::CardValues::Simplified),
        140
    );
    assert_eq!(
        super::cards::set_points(full, super::config::CardValues::Original),
        120
    );
    assert_eq!(
        super::cards::set_points(deck(28), super::config::CardValues::Original),
        120,
        "reduced decks keep the total"
    );
}

#[test]
fn h11_match_ends_at_500_with_the_highest_score() {
    let g = dealt(config("huutopussi", json!({})), &[], MatchState::default());
    let after = MatchState {
        scores: [560, 525, 0],
        ..MatchState::default()
    };
    assert_eq!(g.race_end(&after), (true, Some(0), false));
    let tie = MatchState {
        scores: [505, 505, 0],
        ..MatchState::default()
    };
    assert_eq!(g.race_end(&tie), (false, None, false), "play on");
    let draw = dealt(
        config("huutopussi", json!({ "tie_at_target": "draw" })),
        &[],
        MatchState::default(),
    );
    assert_eq!(draw.race_end(&tie), (true, None, true));
}

#[test]
fn e3_erlangen_rounds_the_opponents_only() {
    let g = contract_hand("erlangen", json!({}), E, 150, 150, 0);
    assert_eq!(
        g.contract_scores(&[112, 148, 0], &[4, 5, 0]),
        ([110, -150, 0], Some(false))
    );
}

#[test]
fn e4_doubling_multiplies_the_declarer_only() {
    let g = contract_hand("erlangen", json!({}), E, 150, 150, 2);
    assert_eq!(
        g.contract_scores(&[112, 148, 0], &[4, 5, 0]).0[..2],
        [110, -600]
    );
    assert_eq!(
        g.contract_scores(&[108, 152, 0], &[4, 5, 0]).0[..2],
        [110, 600]
    );
}

#[test]
fn e5_erlangen_porvoo_is_not_doubled() {
    let g = contract_hand("erlangen", json!({}), E, 200, 200, 1);
    assert_eq!(
        g.contract_scores(&[0, 240, 0], &[0, 9, 0]).0[..2],
        [-200, 400]
    );
    let high = contract_hand("erlangen", json!({}), E, 300, 300, 1);
    assert_eq!(
        high.contract_scores(&[0, 240, 0], &[0, 9, 0]).0[..2],
        [0, -600]
    );
}

#[test]
fn e6_no_contract_each_team_scores_its_rounded_points() {
    let g = dealt(config("erlangen", json!({})), &[], MatchState::default());
    assert_eq!(
        g.contract_scores(&[47, 193, 0], &[3, 6, 0]),
        ([45, 195, 0], None)
    );
}

#[test]
fn t1_three_players_talon_contract_and_discard() {
    let mut g = dealt(config("huutopussi3", json!({})), &[], MatchState::default());
    assert!(g.hands[..3].iter().all(|h| h.len() == 11));
    assert_eq!(g.talon.len(), 3);
    assert_eq!(g.actor, 0, "forehand");
    assert!(!legal(&g).contains(&Move::Pass));
    assert_eq!(bids(&legal(&g))[0], 50);
    play(&mut g, Move::Bid(50));
    play(&mut g, Move::Pass);
    play(&mut g, Move::Pass);
    assert_eq!(g.declarer, Some(0));
    assert_eq!(g.hands[0].len(), 14);
    assert_eq!(g.phase, Phase::SetContract);
    play(&mut g, Move::Contract(100));
    assert_eq!(legal(&g).len(), 364);
    let discard = legal(&g)[0];
    play(&mut g, discard);
    assert_eq!(g.tricks_in_hand(), 11);
    assert!(g.hands[..3].iter().all(|h| h.len() == 11));
    assert_eq!((g.phase, g.actor), (Phase::Play, 0));
}

#[test]
fn t2_three_player_scores() {
    let g = contract_hand("huutopussi3", json!({}), 0, 100, 100, 0);
    assert_eq!(
        g.contract_scores(&[105, 75, 20], &[6, 3, 2]),
        ([100, 75, 20], Some(true))
    );
}

#[test]
fn t3_durchmarsch_and_porvoo_for_three() {
    let g = contract_hand("huutopussi3", json!({}), 0, 150, 150, 0);
    assert_eq!(
        g.contract_scores(&[180, 0, 0], &[11, 0, 0]).0,
        [150, -150, -150]
    );
    let high = contract_hand("huutopussi3", json!({}), 0, 200, 200, 0);
    assert_eq!(
        high.contract_scores(&[160, 0, 0], &[11, 0, 0]).0,
        [-200, 0, 0]
    );
    let individual = contract_hand(
        "huutopussi3",
        json!({ "no_trick_rule": "porvoo_individual" }),
        0,
        100,
        100,
        0,
    );
    assert_eq!(
        individual.contract_scores(&[120, 0, 20], &[9, 0, 2]).0,
        [100, -100, 20]
    );
}

#[test]
fn t4_no_contract_talon_goes_to_the_last_trick() {
    let options =
        json!({ "opening_obligation": false, "min_bid": 120, "all_pass": "talon_to_last_trick" });
    let mut g = dealt(config("huutopussi3", options), &[], MatchState::default());
    for _ in 0..3 {
        play(&mut g, Move::Pass);
    }
    assert_eq!((g.phase, g.actor, g.declarer), (Phase::Play, 0, None));
    let talon = g.talon;
    assert_eq!(talon.len(), 3);
    let mut rng = crate::rng::Rng::seeded(3);
    let mut moves = Vec::new();
    crate::playout::random_playout(&mut g, &mut rng, &mut moves, 1_000);
    let result = *g.result().expect("scored");
    let last = g.last_trick_winner.expect("a last trick") as usize;
    let won = super::cards::set_points(g.won[last], g.cfg.card_values);
    assert_eq!(
        result.card_points[last],
        won + super::cards::set_points(talon, g.cfg.card_values)
    );
    assert_eq!(result.card_points.iter().sum::<i32>(), 140);
}
