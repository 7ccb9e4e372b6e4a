//! Every worked example and test vector of spec section 6, one named test each.

use super::bidding::rank_vector_key;
use super::cards::{self, set_points, Colour, FULL_DECK};
use super::config::{CardDrawFormula, Config, EklatLatecomer, Variant};
use super::scoring::{achieved, bonus, card_draw_ends, dice_step, target, trump_shift, Outcome};
use super::{MatchState, Move, Mu, Phase, Trump, MAX_PLAYERS};
use crate::cards::{Card, CardSet};
use crate::game::Game;
use crate::games::options::Declared;

const A: u8 = 0;
const B: u8 = 1;
const C: u8 = 2;
const D: u8 = 3;
const E: u8 = 4;

fn card(token: &str) -> Card {
    cards::parse(token).unwrap_or_else(|| panic!("{token} is a card"))
}

fn set(tokens: &str) -> CardSet {
    tokens.split_whitespace().map(card).collect()
}

fn config(players: u8) -> Config {
    let variant = Variant::from_name(&format!("mu{players}")).expect("a variant per player count");
    Config::preset(variant)
}

/// A hand of `cfg` dealt by `dealer` in which each seat holds the listed cards; the rest of the
/// deck fills the hands in order.
fn deal_with(cfg: Config, dealer: u8, required: &[&str]) -> Mu {
    let n = cfg.seats();
    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
    for (seat, tokens) in required.iter().enumerate() {
        hands[seat] = set(tokens);
    }
    let mut rest = cfg.deck() - hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    for hand in hands.iter_mut().take(n) {
        while hand.len() < cfg.hand_size() {
            let next = rest.lowest().expect("enough cards");
            hand.insert(next);
            rest.remove(next);
        }
    }
    Mu::new_hand(cfg, dealer, hands, MatchState::default())
}

fn act(state: &mut Mu, mv: Move) {
    assert!(
        state.play(mv).is_ok(),
        "{mv:?} is legal for seat {} in {:?}",
        state.actor,
        state.phase
    );
}

/// MU-EX1's actions 1..=13, checking `kmax` before each and the bids after each.
fn ex1_first_thirteen() -> Mu {
    let required = ["R9 Y6 K2", "Y2", "Y9 R8 K3", "B8 G7a B1a G1a", "K5"];
    let mut state = deal_with(config(5), A, &required);
    let steps: [(u8, &str, u32, [u8; 5]); 13] = [
        (A, "R9", 1, [1, 0, 0, 0, 0]),
        (B, "", 2, [1, 0, 0, 0, 0]),
        (C, "Y9", 2, [1, 0, 1, 0, 0]),
        (D, "B8 G7a", 2, [1, 0, 1, 2, 0]),
        (E, "", 3, [1, 0, 1, 2, 0]),
        (A, "Y6", 2, [2, 0, 1, 2, 0]),
        (B, "Y2", 3, [2, 1, 1, 2, 0]),
        (C, "R8 K3", 2, [2, 1, 3, 2, 0]),
        (D, "", 2, [2, 1, 3, 2, 0]),
        (E, "K5", 4, [2, 1, 3, 2, 1]),
        (A, "K2", 2, [3, 1, 3, 2, 1]),
        (B, "", 3, [3, 1, 3, 2, 1]),
        (C, "", 1, [3, 1, 3, 2, 1]),
    ];
    for (t, (seat, cards, kmax, bids_after)) in steps.into_iter().enumerate() {
        assert_eq!(state.actor, seat, "t={}", t + 1);
        assert_eq!(state.bid_limit(seat), kmax, "kmax at t={}", t + 1);
        if t + 1 == 4 {
            let three = set("B8 G7a B1a");
            assert!(
                !state.is_legal(Move::Bid(three)),
                "t=4: D may not lay 3 cards (kmax 2)"
            );
        }
        let mv = if cards.is_empty() {
            Move::Pass
        } else {
            Move::Bid(set(cards))
        };
        act(&mut state, mv);
        assert_eq!(state.bids[..5], bids_after, "bids after t={}", t + 1);
    }
    state
}

/// MU-EX1 to its end: D raises to 4 at t=14, then five passes.
fn ex1_resolved() -> Mu {
    let mut state = ex1_first_thirteen();
    assert_eq!(state.bid_limit(D), 2);
    act(&mut state, Move::Bid(set("B1a G1a")));
    assert_eq!(state.bids[..5], [3, 1, 3, 4, 1]);
    for (seat, kmax) in [(E, 4), (A, 2), (B, 4), (C, 2), (D, 1)] {
        assert_eq!(state.actor, seat);
        assert_eq!(
            state.bid_limit(seat),
            kmax,
            "kmax of seat {seat} in the last round"
        );
        if seat == D {
            let two: CardSet = state.hands[D as usize].iter().take(2).collect();
            assert!(
                !state.is_legal(Move::Bid(two)),
                "t=19: D leads and may lay 1 card only"
            );
        }
        act(&mut state, Move::Pass);
    }
    state
}

#[test]
fn mu_ex1_auction_anna_to_emma_ends_with_dagmar_chief_of_four() {
    let state = ex1_resolved();
    assert_eq!(state.chief, Some(D));
    assert_eq!(state.bids[D as usize], 4, "contract");
    assert_eq!(
        state.phase,
        Phase::ViceTrump,
        "roles are assigned: the vice names a trump first"
    );
}

#[test]
fn mu_ex2_vice_tie_break_by_rank_vectors_picks_conny() {
    let state = ex1_resolved();
    assert_eq!(state.bids[A as usize], 3);
    assert_eq!(state.bids[C as usize], 3);
    assert!(
        rank_vector_key(set("Y9 R8 K3")) > rank_vector_key(set("R9 Y6 K2")),
        "[9,8,3] beats [9,6,2]"
    );
    assert_eq!(state.vice, Some(C));
    assert_eq!(state.actor, C);
}

/// A five- or more-player auction in which each seat lays exactly `laid[seat]` over the rounds.
pub(crate) fn auction_laying(players: u8, laid: &[&str]) -> Mu {
    let mut state = deal_with(config(players), 0, laid);
    let mut left: Vec<CardSet> = laid.iter().map(|t| set(t)).collect();
    left.resize(players as usize, CardSet::EMPTY);
    while state.phase == Phase::Auction {
        let seat = state.actor as usize;
        let take: CardSet = left[seat]
            .iter()
            .take(state.bid_limit(seat as u8) as usize)
            .collect();
        let mv = if take.is_empty() {
            Move::Pass
        } else {
            Move::Bid(take)
        };
        left[seat] -= take;
        act(&mut state, mv);
    }
    state
}

#[test]
fn mu_v1_vice_by_first_differing_rank_8661_beats_8654() {
    let state = auction_laying(5, &["R9 R8 R6 R5 R4", "B8 B6 G6 B1a", "G8 Y6 Y5 Y4"]);
    assert_eq!(state.chief, Some(0));
    assert_eq!(state.vice, Some(1));
}

#[test]
fn mu_v2_identical_rank_vectors_leave_no_vice() {
    let state = auction_laying(5, &["K9 K8 K6", "R9 R5", "G9 B5"]);
    assert_eq!(state.chief, Some(0));
    assert_eq!(state.vice, None);
    assert_eq!(state.phase, Phase::ChiefTrump);
}

#[test]
fn mu_v3_best_of_three_tied_runners_up_is_vice() {
    let state = auction_laying(5, &["K9 K8 K6", "R9 R8", "G9 G8", "B9 Y9"]);
    assert_eq!(state.vice, Some(3));
}

#[test]
fn mu_v4_only_the_chief_bid_so_no_vice() {
    let state = auction_laying(4, &["K9 K8"]);
    assert_eq!(state.chief, Some(0));
    assert_eq!(state.vice, None);
}

#[test]
fn mu_v5_three_players_never_have_a_vice() {
    let state = auction_laying(3, &["R9 R8", "G9"]);
    assert_eq!(state.chief, Some(0));
    assert_eq!(state.vice, None);
}

#[test]
fn mu_v_tie_at_second_place_never_passes_down() {
    // Seats 1 and 2 tie with identical ranks; seat 3 bid fewer cards and is not vice (7.7).
    let state = auction_laying(5, &["K9 K8 K6", "R9 R5", "G9 B5", "Y9"]);
    assert_eq!(state.vice, None);
}

#[test]
fn mu_ex3_trump_and_partner_options_after_the_auction_example() {
    let mut state = ex1_resolved();
    let vice_options = state.trump_options();
    let expected: Vec<Trump> = ["R", "Y", "K", "3", "8", "9"]
        .iter()
        .map(|t| Trump::parse(t).unwrap())
        .collect();
    assert_eq!(vice_options, expected, "the vice has no '-'");
    act(&mut state, Move::Trump(Trump::Number(9)));
    let chief_options = state.trump_options();
    let expected: Vec<Trump> = ["B", "G", "1", "7", "8", "-"]
        .iter()
        .map(|t| Trump::parse(t).unwrap())
        .collect();
    assert_eq!(chief_options, expected);
    act(&mut state, Move::Trump(Trump::Colour(Colour::Blue)));
    let mut partner_moves = Vec::new();
    state.legal_moves(&mut partner_moves);
    assert_eq!(
        partner_moves,
        vec![Move::Partner(A), Move::Partner(B), Move::Partner(E)],
        "never the vice C"
    );
}

#[test]
fn mu_ex3_same_trump_as_the_vice_follows_allow_same_trump() {
    let mut cfg = config(5);
    let mut state = ex1_resolved();
    act(&mut state, Move::Trump(Trump::Number(8)));
    assert!(
        state.trump_options().contains(&Trump::Number(8)),
        "allowed by default (7.8)"
    );
    cfg.allow_same_trump = false;
    state.cfg = cfg;
    assert!(!state.trump_options().contains(&Trump::Number(8)));
}

#[test]
fn mu_ex4_team_target_five_players_contract_four_is_33() {
    assert_eq!(target(5, 4), 33);
    let table: [(u8, [i32; 3]); 4] = [
        (3, [12, 14, 34]),
        (4, [30, 32, 58]),
        (5, [24, 27, 57]),
        (6, [20, 24, 56]),
    ];
    for (n, [first, second, last]) in table {
        let last_bid = config(n).hand_size() as u8;
        assert_eq!(
            [target(n, 1), target(n, 2), target(n, last_bid)],
            [first, second, last],
            "N={n}"
        );
        assert_eq!(target(n, 0), 0);
    }
}

/// Won piles worth exactly `points[seat]` card points; the zero-point cards go to the last seat.
fn piles_worth(cfg: &Config, points: &[i32]) -> [CardSet; MAX_PLAYERS] {
    let deck = cfg.deck();
    let mut twos: Vec<Card> = deck.iter().filter(|&c| cards::points(c) == 2).collect();
    let mut ones: Vec<Card> = deck.iter().filter(|&c| cards::points(c) == 1).collect();
    let mut piles = [CardSet::EMPTY; MAX_PLAYERS];
    for (seat, &goal) in points.iter().enumerate() {
        let mut have = 0;
        while goal - have >= 2 && !twos.is_empty() {
            piles[seat].insert(twos.pop().unwrap());
            have += 2;
        }
        while goal > have {
            piles[seat].insert(ones.pop().expect("points add up to the deck's"));
            have += 1;
        }
        assert_eq!(set_points(piles[seat]), goal);
    }
    piles[points.len() - 1] |= deck
        .iter()
        .filter(|&c| cards::points(c) == 0)
        .collect::<CardSet>();
    piles
}

/// MU-EX1 played to its end with the given trumps and partner and these card points captured.
fn ex1_scored(chief_trump: Trump, partner: u8, points: [i32; 5]) -> Mu {
    let mut state = ex1_resolved();
    act(&mut state, Move::Trump(Trump::Colour(Colour::Red)));
    act(&mut state, Move::Trump(chief_trump));
    act(&mut state, Move::Partner(partner));
    assert_eq!(state.phase, Phase::Play);
    state.hands = [CardSet::EMPTY; MAX_PLAYERS];
    state.tables = [CardSet::EMPTY; MAX_PLAYERS];
    state.won = piles_worth(&state.cfg, &points);
    state.tricks_played = state.cfg.hand_size() as u8;
    state.finish_hand();
    state
}

#[test]
fn mu_ex5_success_bonus_40_to_chief_and_partner() {
    assert_eq!(bonus(4, trump_shift(Trump::Colour(Colour::Blue)), None), 40);
    let state = ex1_scored(Trump::Colour(Colour::Blue), E, [10, 10, 7, 25, 8]);
    let result = state.result.expect("scored");
    let contract = result.contract.expect("a contract");
    assert_eq!(contract.team_points, 33);
    assert!(contract.made);
    assert_eq!(contract.bonus, 40);
    assert_eq!(
        result.hand_score[..5],
        [10, 10, 7, 25 + 40, 8 + 40],
        "bonus plus each seat's own card points"
    );
}

#[test]
fn mu_ex5_companions_four_players_contract_three_bonus_by_trump_kind() {
    assert_eq!(target(4, 3), 34);
    assert_eq!(bonus(3, trump_shift(Trump::Number(5)), None), 50);
    assert_eq!(bonus(3, trump_shift(Trump::Number(7)), None), 40);
    assert_eq!(bonus(3, trump_shift(Trump::NoTrump), None), 60);
    assert_eq!(
        bonus(11, trump_shift(Trump::Colour(Colour::Red)), None),
        110,
        "beyond the table, uncapped (7.15)"
    );
    assert_eq!(bonus(11, 0, Some(100)), 100, "bonus_cap = 100");
}

#[test]
fn mu_ex6_failure_with_29_points_achieves_2_and_misses_2() {
    assert_eq!(achieved(5, 4, 29), 2);
    let state = ex1_scored(Trump::Colour(Colour::Green), E, [10, 11, 10, 20, 9]);
    let result = state.result.expect("scored");
    let contract = result.contract.expect("a contract");
    assert_eq!(
        (
            contract.team_points,
            contract.made,
            contract.achieved,
            contract.missing
        ),
        (29, false, 2, 2)
    );
    assert_eq!(
        result.hand_score[..5],
        [10 + 10, 11 + 10, 10 + 10, 20 - 20, 9],
        "chief -20, partner 0, opponents +10"
    );
}

#[test]
fn mu_ex7_failure_with_18_points_achieves_nothing_and_misses_4() {
    assert_eq!(achieved(5, 4, 18), 0);
    let state = ex1_scored(Trump::NoTrump, B, [14, 8, 14, 10, 14]);
    let result = state.result.expect("scored");
    let contract = result.contract.expect("a contract");
    assert_eq!(
        (contract.team_points, contract.achieved, contract.missing),
        (18, 0, 4)
    );
    assert_eq!(
        result.hand_score[..5],
        [14 + 20, 8, 14 + 20, 10 - 40, 14 + 20]
    );
}

#[test]
fn mu_ex8_eklat_latecomer_dagmar_pays_30() {
    let mut state = ex1_first_thirteen();
    act(&mut state, Move::Bid(set("B1a")));
    assert_eq!(state.bids[..5], [3, 1, 3, 3, 1]);
    for _ in 0..5 {
        act(&mut state, Move::Pass);
    }
    assert_eq!(state.phase, Phase::Eklat);
    let result = state.result.expect("an Eklat is scored at once");
    let eklat = result.eklat.expect("Eklat details");
    assert_eq!(
        (eklat.top, eklat.tied, eklat.latecomer),
        (3, 1 << A | 1 << C | 1 << D, D)
    );
    assert_eq!(result.hand_score[..5], [15, 0, 15, -30, 0]);
    assert_eq!(
        result.next_dealer, B,
        "the dealer rotates after an Eklat (7.6)"
    );
}

#[test]
fn mu_ex8b_latecomer_is_the_last_to_reach_the_top_not_the_last_card() {
    for rule in [
        EklatLatecomer::LastToReachTop,
        EklatLatecomer::LastCardOverall,
    ] {
        let mut cfg = config(4);
        cfg.eklat_latecomer = rule;
        let mut state = deal_with(cfg, 0, &[]);
        for size in [1, 2, 2, 1] {
            let seat = state.actor as usize;
            let bid: CardSet = state.hands[seat].iter().take(size).collect();
            act(&mut state, Move::Bid(bid));
        }
        for _ in 0..4 {
            act(&mut state, Move::Pass);
        }
        let result = state.result.expect("Eklat");
        assert_eq!(result.outcome, Outcome::Eklat);
        let eklat = result.eklat.expect("Eklat details");
        assert_eq!(
            (eklat.top, eklat.tied, eklat.latecomer),
            (2, 0b0110, 2),
            "{rule:?}"
        );
        assert_eq!(result.hand_score[..4], [0, 10, -20, 0], "{rule:?}");
    }
}

#[test]
fn mu_ex9_everyone_passes_no_score_next_dealer_deals() {
    for (same_dealer, next) in [(false, 3), (true, 2)] {
        let mut cfg = config(5);
        cfg.redeal_same_dealer = same_dealer;
        let mut state = deal_with(cfg, 2, &[]);
        for _ in 0..5 {
            act(&mut state, Move::Pass);
        }
        assert_eq!(state.phase, Phase::AllPass);
        let result = state.result.expect("all-pass result");
        assert_eq!(result.outcome, Outcome::AllPass);
        assert_eq!(result.hand_score, [0; MAX_PLAYERS]);
        assert_eq!(result.match_after.scores, [0; MAX_PLAYERS]);
        assert_eq!(
            result.next_dealer, next,
            "redeal_same_dealer = {same_dealer}"
        );
    }
}

/// A five-player hand in play with the given trumps and nothing else set up.
fn in_play(chief: &str, vice: &str) -> Mu {
    let mut state = deal_with(config(5), 0, &[]);
    state.chief = Some(0);
    state.chief_trump = Trump::parse(chief);
    state.vice_trump = Trump::parse(vice);
    state.start_play();
    state
}

#[test]
fn mu_ex10_three_tier_trump_order_chief_zeros_over_vice_green() {
    let state = in_play("0", "G");
    let beats = |a: &str, b: &str| state.winning_position(&[card(b), card(a)]) == 1;
    let order = [
        "G0", "R0", "G9", "G8", "G7a", "G6", "G5", "G4", "G3", "G2", "G1a",
    ];
    for pair in order.windows(2) {
        assert!(beats(pair[0], pair[1]), "{} beats {}", pair[0], pair[1]);
        assert!(
            !beats(pair[1], pair[0]),
            "{} does not beat {}",
            pair[1],
            pair[0]
        );
    }
    for (first, second) in [("R0", "B0"), ("Y0", "K0"), ("G7a", "G7b"), ("G1b", "G1a")] {
        assert!(
            !beats(second, first),
            "{second} ties {first}: the first played wins"
        );
    }
    let tricks: [([&str; 5], usize); 5] = [
        (["Y4", "Y8", "R0", "G9", "B0"], 2),
        (["G3", "G0", "R0", "G9", "Y2"], 1),
        (["K5", "K9", "G1a", "K7a", "Y9"], 2),
        (["K5", "K9", "Y9", "K7a", "R3"], 1),
        (["R7a", "R7b", "R2", "B9", "Y9"], 0),
    ];
    for (cards, winner) in tricks {
        let played: Vec<Card> = cards.iter().map(|t| card(t)).collect();
        assert_eq!(state.winning_position(&played), winner, "{cards:?}");
    }
}

#[test]
fn mu_ex10_trick_winner_leads_the_next_trick() {
    let mut state = in_play("0", "G");
    let cards = ["Y4", "Y8", "R0", "G9", "B0"];
    for (seat, token) in cards.iter().enumerate() {
        state.hands[seat] = CardSet::single(card(token));
    }
    for token in cards {
        act(&mut state, Move::Play(card(token)));
    }
    assert_eq!((state.tricks_played, state.leader, state.actor), (1, 2, 2));
    assert_eq!(state.won[2], set("Y4 Y8 R0 G9 B0"));
}

/// Seat 1's playable cards after seat 0 led `led`, holding `hand` and with `table` laid.
fn playable_after(led: &str, hand: &str, table: &str) -> CardSet {
    let mut state = in_play("6", "G");
    let (hand, table) = (set(hand), set(table));
    state.hands = [CardSet::EMPTY; MAX_PLAYERS];
    state.hands[1] = hand;
    state.tables[1] = table;
    state.trick[0] = card(led);
    state.trick_len = 1;
    state.actor = 1;
    state.playable(1)
}

#[test]
fn mu_ex11_number_trump_leaves_its_colour_when_following() {
    assert_eq!(
        playable_after("R3", "R6 R9 B2", ""),
        set("R9"),
        "R6 is not red any more"
    );
    assert_eq!(
        playable_after("R3", "R6 B2 Y4", ""),
        set("R6 B2 Y4"),
        "no red: free choice, trumping optional"
    );
    assert_eq!(
        playable_after("G5", "R6 R9 B2", ""),
        set("R6"),
        "a trump lead asks for any trump"
    );
    assert_eq!(
        playable_after("Y6", "G2 Y3 K8", ""),
        set("G2"),
        "Y6 is a trump lead; Y3 does not follow it"
    );
    assert_eq!(
        playable_after("R3", "B2", "R9"),
        set("R9"),
        "bid cards on the table count for following"
    );
}

#[test]
fn mu_end_dice_thresholds_6_5_5_end_after_the_third_roll() {
    let (ended, t) = dice_step(6, 3);
    assert_eq!((ended, t), (false, 5));
    let (ended, t) = dice_step(t, 1);
    assert_eq!(
        (ended, t),
        (false, 5),
        "a 1 never ends and leaves the threshold"
    );
    assert!(dice_step(t, 5).0);
    assert_eq!(dice_step(2, 1), (false, 2));
    assert_eq!(
        dice_step(3, 2),
        (false, 2),
        "the threshold never drops below 2"
    );
}

#[test]
fn mu_end_card_draw_needs_strictly_more_than_110_plus_10_v() {
    assert!(card_draw_ends(&[151, 90, 60], 4, CardDrawFormula::Seed));
    assert!(!card_draw_ends(&[150, 90, 60], 4, CardDrawFormula::Seed));
    assert!(card_draw_ends(&[161, 0, 0], 4, CardDrawFormula::Alt200));
    assert!(!card_draw_ends(&[160, 0, 0], 4, CardDrawFormula::Alt200));
}

#[test]
fn deck_for_three_players_drops_the_configured_colours() {
    let mut cfg = config(3);
    assert_eq!(
        cfg.deck(),
        FULL_DECK - Colour::Yellow.mask() - Colour::Black.mask()
    );
    cfg.removed_colours = [Colour::Red, Colour::Blue];
    assert_eq!(cfg.deck().len(), 36);
    assert!(!cfg.deck().intersects(Colour::Red.mask()));
    assert_eq!(cfg.hand_size(), 12);
    assert_eq!(
        [
            config(4).hand_size(),
            config(5).hand_size(),
            config(6).hand_size()
        ],
        [15, 12, 10]
    );
}
