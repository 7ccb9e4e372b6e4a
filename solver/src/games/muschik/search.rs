//! What the exact search needs of Muschik (design section 4): the value of a deal's play.
//!
//! The value for a seat is the countdown points the deal removes from it: one per trick won
//! (none below 0 with `clamp_at_zero`), minus 5 for a participant who wins no trick; the
//! engine's countdown payoff. Each seat scores for itself, so the search is paranoid: every
//! other seat plays against the asking seat. Only the play is searched: participation, the
//! exchange and the dealer's swap are decided before the other hands are known.
//!
//! Cards are equivalent when one hand holds both, in one suit, with no card between them still
//! in a hand or in the trick; the trump ace never, since its duties name it.

use super::cards::trump_ace;
use super::{Move, Muschik, Phase, HAND_SIZE};
use crate::cards::CardSet;
use crate::game::{mix, Game};
use crate::search::Searchable;
use crate::suited::{power_of, suit_of};

/// The countdown penalty of a trickless participant (spec 5.1).
const TRICKLESS: i32 = 5;

impl Muschik {
    /// Countdown points removed from `seat` so far in this deal.
    fn removed(&self, seat: usize) -> i32 {
        self.match_state.cp[seat] - self.cp[seat]
    }

    /// Tricks not yet complete.
    fn tricks_left(&self) -> i32 {
        (HAND_SIZE - self.tricks_played as usize) as i32
    }

    /// Countdown points `seat` can still lose by winning tricks.
    fn removable(&self, seat: usize) -> i32 {
        if self.cfg.clamp_at_zero {
            self.tricks_left().min(self.cp[seat].max(0))
        } else {
            self.tricks_left()
        }
    }

    fn cards_in_play(&self) -> CardSet {
        let trick: CardSet = self.trick[..self.trick_len as usize]
            .iter()
            .copied()
            .collect();
        self.hands[..self.seats()]
            .iter()
            .fold(trick, |acc, &h| acc | h)
    }
}

impl Searchable for Muschik {
    fn value(&self, side: usize) -> i32 {
        self.result.map_or(0, |r| -r.cp_change[side])
    }

    fn value_bounds(&self, side: usize) -> (i32, i32) {
        if let Some(result) = self.result {
            return (-result.cp_change[side], -result.cp_change[side]);
        }
        if self.phase != Phase::Play {
            return (i32::MIN / 2, i32::MAX / 2);
        }
        let removed = self.removed(side);
        if !self.is_in(side as u8) {
            return (removed, removed);
        }
        let trickless = if self.tricks_won[side] == 0 {
            TRICKLESS
        } else {
            0
        };
        (removed - trickless, removed + self.removable(side))
    }

    /// Past tricks matter only through what each seat can still lose and whether it has won
    /// a trick; the points already removed are banked.
    fn table_key(&self, side: usize) -> (u64, i32) {
        if self.phase != Phase::Play {
            return (self.key(), 0);
        }
        let mut h = 0x6d75_7363_6869_6b01;
        for seat in 0..self.seats() {
            h = mix(h, self.hands[seat].bits());
            let won_none = u64::from(self.tricks_won[seat] == 0);
            h = mix(h, won_none | (self.removable(seat) as u64) << 1);
        }
        let trick = self.trick[..self.trick_len as usize]
            .iter()
            .fold(0u64, |acc, c| acc << 8 | (c.index() as u64 + 1));
        let small = u64::from(self.actor)
            | u64::from(self.leader) << 4
            | u64::from(self.joined) << 8
            | (self.trump as u64) << 16;
        (mix(mix(h, trick), small), self.removed(side))
    }

    fn value_unit(&self) -> &'static str {
        "countdown points removed"
    }

    fn zero_sum_sides(&self) -> bool {
        false
    }

    fn exact_applies(&self) -> Result<(), String> {
        match self.phase {
            Phase::Play | Phase::Void | Phase::Scored => Ok(()),
            _ => Err(format!(
                "phase '{}' is decided before the other hands are known; the exact search does not cover it: 'ismcts' (or 'auto') analyses it",
                self.phase.name()
            )),
        }
    }

    fn equivalent(&self, a: Move, b: Move) -> bool {
        let (Move::Play(x), Move::Play(y)) = (a, b) else {
            return a == b;
        };
        if x == y {
            return true;
        }
        let ace = trump_ace(self.trump);
        if suit_of(x) != suit_of(y) || x == ace || y == ace {
            return false;
        }
        let (lo, hi) = if x < y { (x, y) } else { (y, x) };
        let between = CardSet::from_bits((hi.bit() - 1) & !((lo.bit() << 1) - 1));
        !between.intersects(self.cards_in_play())
    }

    /// Win with the lowest winning card; otherwise throw the lowest.
    fn order_hint(&self, mv: Move) -> i32 {
        let Move::Play(card) = mv else {
            return 0;
        };
        let power = i32::from(power_of(card));
        if self.trick_len == 0 {
            return power;
        }
        let beats = super::cards::beaters(self.winning_card(), self.trump).contains(card);
        if beats {
            100 - power
        } else {
            -power
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::analysis_check::{
        agrees_with_minimax, call, merged_moves_agree_along_play, value_is_best_of_moves, walk,
    };
    use crate::games::seeded::random_until;
    use crate::games::Route;
    use crate::tiers;
    use serde_json::json;

    /// A seeded deal played at random into its play, then `played` cards further.
    fn in_play(variant: &str, seed: u64, played: usize) -> Option<Muschik> {
        let mut left = played + 1;
        random_until(variant, None, seed, |g: &Muschik| {
            if g.phase == Phase::Play {
                left -= 1;
            }
            left == 0
        })
    }

    #[test]
    fn exact_values_agree_with_plain_minimax() {
        let mut checked = 0;
        let seeds = tiers::cases("Muschik's minimax agreement", 1000, 100, "seeds");
        for variant in super::super::config::Variant::NAMES {
            for seed in 0..seeds as u64 {
                // Plain minimax of a whole deal is slow: skip the first few cards.
                let played = 4 + (seed % 7) as usize;
                let Some(g) = in_play(variant, seed, played) else {
                    continue;
                };
                agrees_with_minimax(&g, format_args!("{variant} seed {seed}"));
                checked += 1;
            }
        }
        assert!(checked > tiers::least(3000, seeds, 1000), "{checked}");
    }

    /// Moves the search (and max^n) merges as equivalent lead to positions of one minimax
    /// value for every side and one max^n vector for every asker, along random lines of play
    /// from the last cards of a hand to the end.
    #[test]
    fn merged_moves_have_equal_values() {
        let mut pairs = 0;
        let seeds = tiers::cases("Muschik's merged moves", 8000, 600, "seeds");
        let hands = super::super::config::Variant::NAMES
            .iter()
            .flat_map(|&variant| (0..seeds as u64).map(move |seed| (variant, seed)))
            .filter_map(|(variant, seed)| Some((variant, seed, in_play(variant, seed, 10)?)));
        for (variant, seed, g) in hands {
            pairs += merged_moves_agree_along_play(&g, seed, format_args!("{variant} seed {seed}"));
        }
        eprintln!("Muschik: {pairs} merged pairs");
        assert!(pairs >= tiers::least(2500, seeds, 8000), "{pairs}");
    }

    #[test]
    fn an_analysis_value_is_the_best_of_its_moves_asked_one_by_one() {
        let mut scored = 0;
        for seed in 0..6 {
            let deal = call(
                Muschik::NAME,
                Route::Deal,
                json!({ "variant": "muschik", "seed": seed }),
            );
            // Random choices into the play, then on until a seat has a choice to make.
            let position = walk(Muschik::NAME, deal["position"].clone(), seed, |_, legal| {
                legal["phase"] != "play" || legal["count"] == json!(1)
            });
            if position["state"]["phase"] == "play" {
                scored += value_is_best_of_moves(Muschik::NAME, &position);
            }
        }
        assert!(scored >= 8, "{scored}");
    }
}
