//! Deals in PBN notation: `N:AK2.QJ3.T98.7654 ...`, the first seat's letter, then the four
//! hands clockwise from it, each `spades.hearts.diamonds.clubs` with ranks `AKQJT98765432`.

use super::config::SEAT_LETTERS;
use super::DECK;
use crate::cards::CardSet;
use crate::suited::{power_of, suited_card, Suit};

/// The four hands of a PBN deal, seat 0 (North) first; `Err` says what is wrong.
pub fn parse(text: &str) -> Result<[CardSet; 4], String> {
    let text = text.trim();
    let (first, rest) = text
        .split_once(':')
        .ok_or("a PBN deal starts with the first seat's letter and a colon, as 'N:'")?;
    let first = match first.trim() {
        f if f.len() == 1 => SEAT_LETTERS
            .iter()
            .position(|&c| f.starts_with(c))
            .ok_or_else(|| format!("'{f}' is not a seat; use N, E, S or W"))?,
        f => return Err(format!("'{f}' is not a seat; use N, E, S or W")),
    };
    let hands: Vec<&str> = rest.split_whitespace().collect();
    if hands.len() != 4 {
        return Err(format!("expected 4 hands, got {}", hands.len()));
    }
    let mut out = [CardSet::EMPTY; 4];
    let mut seen = CardSet::EMPTY;
    for (i, hand) in hands.iter().enumerate() {
        let seat = (first + i) % 4;
        let suits: Vec<&str> = hand.split('.').collect();
        if suits.len() != 4 {
            return Err(format!(
                "hand {} ('{hand}') has {} suits; a hand is spades.hearts.diamonds.clubs",
                SEAT_LETTERS[seat],
                suits.len()
            ));
        }
        for (suit, ranks) in Suit::ALL.into_iter().zip(suits) {
            for rank in ranks.chars() {
                let power = DECK.ranks.find(rank.to_ascii_uppercase()).ok_or_else(|| {
                    format!("'{rank}' in hand {} is not a rank", SEAT_LETTERS[seat])
                })?;
                let card = suited_card(suit, power as u8);
                if seen.contains(card) {
                    return Err(format!("card {} is dealt twice", DECK.format(card)));
                }
                seen.insert(card);
                out[seat].insert(card);
            }
        }
    }
    Ok(out)
}

/// The hands as a PBN deal from North.
pub fn format(hands: &[CardSet; 4]) -> String {
    let hand_text = |hand: CardSet| {
        Suit::ALL
            .into_iter()
            .map(|suit| {
                let ranks: Vec<char> = (hand & suit.mask())
                    .iter()
                    .map(|c| DECK.ranks.as_bytes()[power_of(c) as usize] as char)
                    .collect();
                ranks.into_iter().rev().collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(".")
    };
    let hands: Vec<String> = hands.iter().map(|&h| hand_text(h)).collect();
    format!("N:{}", hands.join(" "))
}
