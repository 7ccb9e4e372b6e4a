//! Muschik tests: the worked examples of spec section 6, the conformance suite, perft pins,
//! whole matches through the JSON routes, and bad input.

mod api;
mod conformance;
mod examples;
mod perft;

use super::config::{Config, Variant};
use super::json::wire_deck;
use super::{MatchState, Move, Muschik, MAX_PLAYERS};
use crate::api::Rules;
use crate::cards::{Card, CardSet};
use crate::game::Game;
use crate::games::options::Declared;

fn card(token: &str) -> Card {
    wire_deck(&Config::preset(Variant::Muschik))
        .parse(token)
        .unwrap_or_else(|| panic!("{token} is a card"))
}

fn cards(tokens: &[&str]) -> CardSet {
    tokens.iter().map(|t| card(t)).collect()
}

/// A five-player deal with the given hands (`None`: dealt from what is left), trump card and
/// match; the stock takes the rest in index order.
fn deal_with(
    dealer: u8,
    hands: [Option<&[&str]>; 5],
    trump: &str,
    match_state: MatchState,
) -> Muschik {
    deal_in(
        Config::preset(Variant::Muschik),
        dealer,
        hands,
        trump,
        match_state,
    )
}

fn deal_in(
    cfg: Config,
    dealer: u8,
    hands: [Option<&[&str]>; 5],
    trump: &str,
    match_state: MatchState,
) -> Muschik {
    let mut left = super::cards::deck(cfg.deck_ranks) - CardSet::single(card(trump));
    let mut sets = [CardSet::EMPTY; MAX_PLAYERS];
    for (seat, hand) in hands.iter().enumerate() {
        if let Some(tokens) = hand {
            sets[seat] = cards(tokens);
            assert_eq!(sets[seat].len(), 5, "seat {seat}");
            left -= sets[seat];
        }
    }
    for seat in 0..5 {
        if hands[seat].is_none() {
            sets[seat] = left.iter().take(5).collect();
            left -= sets[seat];
        }
    }
    let stock: Vec<Card> = left.iter().collect();
    Muschik::new_deal(cfg, dealer, sets, card(trump), &stock, match_state)
}

/// Plays moves given as text, each checked.
fn play(state: &mut Muschik, moves: &[&str]) {
    for text in moves {
        let mv = state
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        state
            .play(mv)
            .unwrap_or_else(|_| panic!("'{text}' is illegal; legal: {:?}", legal_texts(state)));
    }
}

fn legal_texts(state: &Muschik) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.iter().map(|&m| state.move_text(m)).collect()
}

fn legal_cards(state: &Muschik) -> CardSet {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .iter()
        .map(|m| match m {
            Move::Play(c) => *c,
            other => panic!("not a card play: {other:?}"),
        })
        .collect()
}

/// Plays the participation `decisions`, then every exchanger stands pat and the dealer, if in,
/// declines the swap: the deal is then at its first trick.
fn open_with(state: &mut Muschik, decisions: &[&str]) {
    play(state, decisions);
    while state.phase == super::Phase::Exchange {
        play(state, &["exchange"]);
    }
    if state.phase == super::Phase::DealerSwap {
        play(state, &["decline"]);
    }
    assert_eq!(state.phase, super::Phase::Play);
}

/// A five-player position in trick play, dealer 4 and everybody in, built field by field so
/// that hands may hold as few cards as a worked example gives; `trick_so_far` is played as
/// given, without checks (the examples' earlier plays are counterfactual).
fn trick_position(trump: &str, hands: &[(u8, &[&str])], trick_so_far: &[(u8, &str)]) -> Muschik {
    let mut state = Muschik::new_deal(
        Config::preset(Variant::Muschik),
        4,
        [CardSet::EMPTY; MAX_PLAYERS],
        card(trump),
        &[],
        MatchState::new(5),
    );
    state.joined = 0b1_1111;
    state.decided = 5;
    state.set_order();
    state.swap = super::SwapState::Declined;
    state.start_play();
    for &(seat, tokens) in hands {
        state.hands[seat as usize] = cards(tokens);
    }
    let leader = trick_so_far.first().map_or(hands[0].0, |&(seat, _)| seat);
    state.leader = leader;
    state.actor = leader;
    for &(seat, token) in trick_so_far {
        assert_eq!(state.actor, seat, "seat {seat} is not to play");
        state.hands[seat as usize].insert(card(token));
        state.play_card(card(token));
    }
    state
}

/// Plays the first legal move until the deal ends.
fn play_first_moves(state: &mut Muschik) {
    let mut moves = Vec::new();
    while !state.is_over() {
        state.legal_moves(&mut moves);
        state.play_unchecked(moves[0]);
    }
}
