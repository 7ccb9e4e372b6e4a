//! The rule-based player of bridge card play.
//!
//! Each seat sees its hand, the played cards and dummy's hand once it is shown. Leads: draw
//! trumps with the top trump while the declarer's side holds trumps the defence may lack; cash
//! a sure winner; lead the top of an honour sequence; else lead low from the longest side suit.
//! Second hand plays low; third hand plays high (the cheapest card that wins for sure, else its
//! highest card if it beats the trick); fourth hand wins as cheaply as it can. Nobody beats a
//! partner's sure winner; a void seat ruffs a trick it would lose, as cheaply as it can, and
//! otherwise discards its lowest card of a suit without sure winners.

use super::{Bridge, DECK};
use crate::cards::{Card, CardSet};
use crate::heuristic::{above_in_suit, cheapest, Heuristic};
use crate::rng::Rng;
use crate::suited::{power_of, suit_of, Suit};

/// The power of the queen: a lead from a sequence starts at the queen or higher.
const QUEEN: u8 = 10;

impl Heuristic for Bridge {
    fn heuristic_move(&self, _rng: &mut Rng) -> Card {
        let seat = self.seat_to_move();
        let hand = self.hands[seat as usize];
        let playable = match self.led_suit() {
            Some(led) if hand.intersects(led.mask()) => hand & led.mask(),
            _ => hand,
        };
        if self.trick_len == 0 {
            self.lead(seat, playable)
        } else {
            self.follow(seat, playable)
        }
    }
}

impl Bridge {
    /// The cards `seat` may hold as far as `other` is concerned: dummy's shown hand, the own
    /// hand, or every card `seat` has not seen.
    fn possible(&self, seat: u8, other: u8) -> CardSet {
        let shown = |s: u8| s == seat || (self.dummy_shown() && s == self.dummy());
        if shown(other) {
            return self.hands[other as usize];
        }
        let mut seen = self.played | self.trick_cards();
        for s in (0..4).filter(|&s| shown(s)) {
            seen |= self.hands[s as usize];
        }
        DECK.cards_from(0) - seen
    }

    fn is_trump(&self, card: Card) -> bool {
        Some(suit_of(card)) == self.cfg.trump
    }

    /// Whether `card`, once the best card of a trick led in `led`, stays best against the
    /// opponents still to play after `seat`, as far as `seat` can tell: none may hold a higher
    /// card of its suit, and dummy, when it is one of them, cannot ruff it. A hidden hand is
    /// assumed to follow suit.
    fn stays_best(&self, seat: u8, card: Card, led: Suit) -> bool {
        let to_come = if self.trick_len == 0 {
            3
        } else {
            3 - self.trick_len
        };
        (1..=to_come)
            .map(|step| (seat + step) % 4)
            .filter(|&other| other % 2 != seat % 2)
            .all(|other| {
                let cards = self.possible(seat, other);
                let dummy_ruffs = self.dummy_shown()
                    && other == self.dummy()
                    && !cards.intersects(led.mask())
                    && !self.is_trump(card)
                    && self.cfg.trump.is_some_and(|t| cards.intersects(t.mask()));
                !cards.intersects(above_in_suit(card)) && !dummy_ruffs
            })
    }

    /// How much a card is worth keeping: rank, and trumps above every side card.
    fn rank_value(&self, card: Card) -> i32 {
        i32::from(power_of(card)) + if self.is_trump(card) { 20 } else { 0 }
    }

    fn lowest(&self, cards: CardSet) -> Card {
        cheapest(cards, |c| self.rank_value(c)).expect("a playable card")
    }

    fn lead(&self, seat: u8, playable: CardSet) -> Card {
        let declaring = seat % 2 == self.cfg.declarer % 2;
        if let Some(trump) = self.cfg.trump {
            let defenders_trumps = (0..4)
                .filter(|&s| s % 2 != seat % 2)
                .any(|s| self.possible(seat, s).intersects(trump.mask()));
            let top = (playable & trump.mask()).highest();
            if let Some(top) =
                top.filter(|&c| declaring && defenders_trumps && self.stays_best(seat, c, trump))
            {
                return top;
            }
        }
        let side = playable - self.cfg.trump.map_or(CardSet::EMPTY, Suit::mask);
        let pool = if side.is_empty() { playable } else { side };
        if let Some(sure) = pool.iter().find(|&c| self.stays_best(seat, c, suit_of(c))) {
            return sure;
        }
        let sequence_top = pool
            .iter()
            .filter(|&c| power_of(c) >= QUEEN && pool.contains(Card::new(c.index() - 1)))
            .max_by_key(|&c| power_of(c));
        if let Some(card) = sequence_top {
            return card;
        }
        let longest = Suit::ALL
            .into_iter()
            .filter(|s| pool.intersects(s.mask()))
            .max_by_key(|s| (pool & s.mask()).len())
            .expect("a card to lead");
        self.lowest(pool & longest.mask())
    }

    fn follow(&self, seat: u8, playable: CardSet) -> Card {
        let led = suit_of(self.trick[0]);
        let offset = self.winning_offset();
        let best = self.trick[offset];
        let partner_wins = (self.leader as usize + offset) % 2 == seat as usize % 2;
        let winners = playable
            .iter()
            .filter(|&c| self.beats(c, best))
            .collect::<CardSet>();
        let sure = winners
            .iter()
            .filter(|&c| self.stays_best(seat, c, led))
            .collect::<CardSet>();
        let discard = || self.discard(seat, playable);
        if partner_wins && self.stays_best(seat, best, led) {
            return discard();
        }
        let choice = match self.trick_len {
            // Second hand low, unless a sure winner (or a sure ruff) takes it.
            1 => cheapest(sure, |c| self.rank_value(c)),
            // Third hand high: a sure winner, else the highest card if it beats the trick.
            2 if partner_wins => None,
            2 => cheapest(sure, |c| self.rank_value(c))
                .or_else(|| winners.iter().max_by_key(|&c| self.rank_value(c))),
            // Fourth hand wins as cheaply as it can.
            _ if partner_wins => None,
            _ => cheapest(winners, |c| self.rank_value(c)),
        };
        choice.unwrap_or_else(discard)
    }

    /// The card to give up: the lowest following card, or when void the lowest card of a suit
    /// without sure winners (keeping trumps).
    fn discard(&self, seat: u8, playable: CardSet) -> Card {
        let led = suit_of(self.trick[0]);
        if playable.intersects(led.mask()) {
            return self.lowest(playable);
        }
        let cost = |c: Card| {
            let keeps_winner = self.stays_best(seat, c, suit_of(c));
            self.rank_value(c) + if keeps_winner { 15 } else { 0 }
        };
        cheapest(playable, cost).expect("a card to discard")
    }
}

#[cfg(test)]
mod tests {
    use super::Bridge;
    use crate::heuristic::checks::{assert_always_legal, duel_with_random};
    use serde_json::json;

    #[test]
    fn bridge_heuristic_is_legal_everywhere() {
        let mut positions = 0;
        for strain in ["S", "H", "D", "C", "NT"] {
            for declarer in 0..4 {
                let options = json!({ "strain": strain, "declarer": declarer });
                positions += assert_always_legal::<Bridge>("bridge", &options, 0..50).0;
            }
        }
        assert!(positions > 20_000, "{positions} positions");
    }

    #[test]
    fn bridge_heuristic_beats_random_play() {
        for strain in ["S", "NT"] {
            let options = json!({ "strain": strain, "declarer": 0 });
            let (mean, error) = duel_with_random::<Bridge>("bridge", &options, 0..300, true);
            println!("{strain}: heuristic minus random {mean:.2} ± {error:.2} tricks per deal");
            assert!(
                mean > 4.0 * error && mean > 1.0,
                "{strain}: {mean} ± {error}"
            );
        }
    }
}
