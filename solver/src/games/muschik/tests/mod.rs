//! Muschik tests: the worked examples of spec section 6, the conformance suite, perft pins,
//! whole matches through the JSON routes, and bad input.

mod api;
mod conformance;
mod examples;

use super::config::{Config, Variant};
use super::json::parse_in_deck;
use super::{MatchState, Move, Muschik, MAX_PLAYERS};
use crate::api::Rules;
use crate::cards::{Card, CardSet};
use crate::game::Game;

fn card(token: &str) -> Card {
    parse_in_deck(&Config::preset(Variant::Muschik))(token)
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
    let cfg = Config::preset(Variant::Muschik);
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
