//! The rule-based player of Muschik.
//!
//! Every trick is worth one countdown point and a trickless participant loses five, so the
//! player joins with a hand likely to take a trick (high trumps, side aces), exchanges its low
//! side cards, and as dealer takes the trump card for its weakest card. In play it leads a sure
//! winner (the top unseen card of its suit, trumps drawn), else its lowest card; following, it
//! wins with the cheapest sure winner, or with its highest winner when players are still to
//! come, and otherwise throws its lowest card.

use super::cards::{self, ACE};
use super::config::DOUBLE_START_CHOICES;
use super::{Move, Muschik, Phase, SwapState};
use crate::cards::{Card, CardSet};
use crate::heuristic::{cheapest, cheapest_k, is_top, Decision, Heuristic, Valued};
use crate::rng::Rng;
use crate::suited::{power_of, suit_of};

impl Heuristic for Muschik {
    fn heuristic_move(&self, _rng: &mut Rng) -> Move {
        match self.phase {
            Phase::ChooseStart => Move::Start(DOUBLE_START_CHOICES[0]),
            Phase::Participation => {
                if !self.may_sit_out() || self.expected_tricks() >= 10 {
                    Move::In
                } else {
                    Move::Out
                }
            }
            Phase::Exchange => Move::Exchange(self.exchange_choice()),
            Phase::DealerSwap => self.swap_choice(),
            Phase::Play => Move::Play(self.card_to_play()),
            Phase::Void | Phase::Scored => unreachable!("the deal is over"),
        }
    }

    /// Whether to play the deal, where the seat may sit out, for `auto` too: valued so it
    /// gains over this player's own rule in duplicate matches; and the exchange with the stock
    /// (every subset of the hand the stock can replace), not for `auto`: valued so it was no
    /// better than this player's own (README, the arena's tables).
    fn valued(&self) -> Option<Valued> {
        let decision = match self.phase {
            Phase::Exchange => Decision::Exchange,
            Phase::Participation if self.may_sit_out() => Decision::Participation,
            _ => return None,
        };
        Some(Valued {
            decision,
            every_move: true,
            auto: decision == Decision::Participation,
        })
    }

    /// Every seat but the one to act that decided the participation would have joined or sat
    /// out as it did by this player's rule, on the hand it held then: in the participation its
    /// hand now (1 or 0); once the exchange has drawn cards, the share of the ways this world's
    /// cards can have been drawn ([`Muschik::share_agreeing`]), the product over the seats.
    fn choices_likelihood(&self) -> f64 {
        let mut past = self.clone();
        (past.phase, past.cp) = (Phase::Participation, self.match_state.cp);
        (past.decided, past.joined, past.actor) = (0, 0, self.next_seat(self.dealer));
        let mut likelihood = 1.0;
        for i in 0..self.decided {
            let joined = self.is_in(past.actor);
            if past.actor != self.actor {
                likelihood *= past.share_agreeing(self, joined);
            }
            if i + 1 < self.decided {
                past.decide(joined);
            }
        }
        likelihood
    }
}

/// Whether the seat to decide the participation joins by this player's rule.
fn rule_joins(past: &Muschik) -> bool {
    past.heuristic_move(&mut Rng::seeded(0)) == Move::In
}

impl Muschik {
    /// The share of the hands the seat to decide (in `self`, replaying the participation) may
    /// have held on the world `now` with which the rule decides as it did (`joined`). The seat
    /// held its cards and discards (the dealer's taken trump card not), but for any `k` cards
    /// it drew, every way alike: among those it holds or played, and the dealer's laid-away
    /// ones too where it took the trump card (one of them may have been drawn).
    fn share_agreeing(&mut self, now: &Muschik, joined: bool) -> f64 {
        let seat = self.actor as usize;
        let drawn = u32::from(now.exchanged[seat]);
        let trump = CardSet::single(now.trump_card);
        let held = (now.hands[seat] | now.played_by(self.actor)) - trump;
        let ever = held | now.discards[seat];
        let drawable = if self.actor == now.dealer && now.swap == SwapState::Swapped {
            ever
        } else {
            held
        };
        let (mut ways, mut agreeing) = (0u32, 0u32);
        let mut subset = 0u64;
        loop {
            if subset.count_ones() == drawn {
                self.hands[seat] = ever - CardSet::from_bits(subset);
                ways += 1;
                agreeing += u32::from(rule_joins(self) == joined);
            }
            if subset == drawable.bits() {
                break;
            }
            subset = subset.wrapping_sub(drawable.bits()) & drawable.bits();
        }
        if ways == 0 {
            return 1.0;
        }
        f64::from(agreeing) / f64::from(ways)
    }

    /// The cards `seat` played in this deal's tricks, the current one included.
    fn played_by(&self, seat: u8) -> CardSet {
        let done = self.tricks[..self.tricks_played as usize]
            .iter()
            .map(|t| (t.leader, &t.cards[..self.participants as usize]));
        let current = (self.leader, &self.trick[..self.trick_len as usize]);
        let mut played = CardSet::EMPTY;
        for (leader, cards) in done.chain(std::iter::once(current)) {
            let mut by = leader;
            for &card in cards {
                if by == seat {
                    played.insert(card);
                }
                by = self.next_participant(by);
            }
        }
        played
    }

    fn is_trump(&self, card: Card) -> bool {
        suit_of(card) == self.trump
    }

    /// How good a card is for taking tricks: trumps above every side card.
    fn strength(&self, card: Card) -> i32 {
        i32::from(power_of(card)) + if self.is_trump(card) { 10 } else { 0 }
    }

    /// Tricks the actor's hand is likely to take, in tenths.
    fn expected_tricks(&self) -> i32 {
        let hand = self.hands[self.actor as usize];
        hand.iter()
            .map(|c| match (self.is_trump(c), ACE - power_of(c)) {
                (true, 0) => 10,
                (true, 1) => 8,
                (true, 2) => 6,
                (true, _) => 4,
                (false, 0) => 6,
                (false, 1) => 2,
                _ => 0,
            })
            .sum()
    }

    /// Side cards below the ace go back to the stock, lowest first, within the limit.
    fn exchange_choice(&self) -> CardSet {
        let hand = self.hands[self.actor as usize] - self.known_in_dealer_hand();
        let weak = hand
            .iter()
            .filter(|&c| !self.is_trump(c) && power_of(c) < ACE)
            .collect::<CardSet>();
        cheapest_k(weak, self.exchange_limit(), |c| self.strength(c))
    }

    fn swap_choice(&self) -> Move {
        let hand = self.hands[self.dealer as usize];
        let weakest = cheapest(hand, |c| self.strength(c)).expect("the dealer holds cards");
        if self.strength(weakest) < self.strength(self.trump_card) {
            Move::Swap(weakest)
        } else {
            Move::Decline
        }
    }

    /// The cards the actor has not seen: not in its hand or discards, not played, not the
    /// trump card on the table or known in the dealer's hand.
    fn outstanding(&self) -> CardSet {
        let seat = self.actor as usize;
        let seen = self.hands[seat]
            | self.discards[seat]
            | self.played_cards()
            | self.table_card()
            | self.known_in_dealer_hand();
        cards::deck(self.cfg.deck_ranks) - seen
    }

    /// Whether `card`, once best in the trick, stays best: the top of its suit, and nobody
    /// can trump it.
    fn holds(&self, card: Card, outstanding: CardSet) -> bool {
        is_top(card, outstanding)
            && (self.is_trump(card) || !outstanding.intersects(self.trump.mask()))
    }

    fn card_to_play(&self) -> Card {
        let playable = self.playable();
        let outstanding = self.outstanding();
        let lowest = || cheapest(playable, |c| self.strength(c)).expect("a playable card");
        if self.trick_len == 0 {
            let sure = playable.iter().filter(|&c| self.holds(c, outstanding));
            return sure
                .max_by_key(|&c| self.strength(c))
                .unwrap_or_else(lowest);
        }
        let winning = self.winning_card();
        let winners = playable & cards::beaters(winning, self.trump);
        if winners.is_empty() {
            return lowest();
        }
        let last = self.trick_len + 1 == self.participants;
        let sure = winners
            .iter()
            .filter(|&c| last || self.holds(c, outstanding));
        let cheapest_sure = sure.min_by_key(|&c| self.strength(c));
        let strongest = || winners.iter().max_by_key(|&c| self.strength(c));
        cheapest_sure.or_else(strongest).expect("a winning card")
    }
}

#[cfg(test)]
mod tests {
    use super::Muschik;
    use crate::heuristic::checks::{assert_always_legal, duel_with_random};
    use serde_json::json;

    const VARIANTS: [&str; 4] = ["muschik", "muschik4", "muschik3", "muschik2"];

    #[test]
    fn muschik_heuristic_is_legal_in_every_phase() {
        let mut seen = std::collections::BTreeSet::new();
        let mut positions = 0;
        let option_sets = [
            json!({}),
            json!({ "dealer_swap_timing": "before_exchange", "exchange_passes": 2 }),
            json!({ "participation_floor": "lone_player_takes_all", "must_play_at_cp1": true }),
        ];
        for variant in VARIANTS {
            for options in &option_sets {
                let (n, phases) = assert_always_legal::<Muschik>(variant, options, 0..200);
                positions += n;
                seen.extend(phases);
            }
        }
        assert!(positions > 20_000, "{positions} positions");
        for phase in ["participation", "exchange", "dealer_swap", "play"] {
            assert!(seen.contains(phase), "never checked in {phase}: {seen:?}");
        }
    }

    #[test]
    fn a_world_agrees_with_the_participation_only_where_the_rule_chose_it() {
        use crate::game::Game;
        use crate::heuristic::Heuristic;
        use crate::rng::Rng;
        for seed in 0..20 {
            let mut state: Muschik = crate::play::deal("muschik", seed).unwrap();
            let rule = state.heuristic_move(&mut Rng::seeded(0));
            let other = if rule == super::Move::In {
                super::Move::Out
            } else {
                super::Move::In
            };
            let mut against = state.clone();
            state.play_unchecked(rule);
            against.play_unchecked(other);
            assert_eq!(state.choices_likelihood(), 1.0, "seed {seed}");
            assert_eq!(against.choices_likelihood(), 0.0, "seed {seed}");
        }
    }

    /// Along deals the rule plays, every play position's likelihood is above 0 (the hands the
    /// seats decided with are among the ways counted), and below 1 in some (the exchange
    /// leaves them open).
    #[test]
    fn the_rule_own_play_is_likely_and_the_exchange_leaves_it_open() {
        use crate::game::Game;
        use crate::heuristic::Heuristic;
        use crate::rng::Rng;
        let (mut positions, mut open) = (0, 0);
        for seed in 0..40 {
            let mut state: Muschik = crate::play::deal("muschik", seed).unwrap();
            while state.to_move().is_some() {
                if state.phase == super::Phase::Play {
                    let likelihood = state.choices_likelihood();
                    assert!(likelihood > 0.0 && likelihood <= 1.0, "seed {seed}");
                    positions += 1;
                    open += usize::from(likelihood < 1.0);
                }
                state.play_unchecked(state.heuristic_move(&mut Rng::seeded(seed)));
            }
        }
        assert!(positions > 100 && open > 0, "{open} of {positions}");
    }

    #[test]
    fn muschik_heuristic_beats_random_play() {
        for variant in VARIANTS {
            let (mean, error) = duel_with_random::<Muschik>(variant, &json!({}), 0..300, false);
            println!("{variant}: heuristic minus random {mean:.3} ± {error:.3} countdown points per deal");
            assert!(
                mean > 4.0 * error && mean > 0.0,
                "{variant}: {mean} ± {error}"
            );
        }
    }
}
