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
use super::{Move, Muschik, Phase, SwapState, HAND_SIZE};
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};
use crate::heuristic::{cheapest, cheapest_k, is_top, Decision, Heuristic, Valued};
use crate::rng::Rng;
use crate::suited::{power_of, suit_of};

/// What the advice's play (PIMC) gains over this player's in a deal the seat joins, in
/// countdown points, which `bids` adds to joining (its playouts play the deal by this rule).
/// PIMC in the play alone gains about +0.08 a deal over this rule (README, `arena --only
/// play`), the seat joining about two deals in five, so some 0.2 a deal joined, more in the
/// close hands, where one trick more or less is +1 against −5. The one value measured: with
/// it `auto` against this rule, paired over the same duplicate deals, +0.013 ± 0.045 (200
/// from seed 1) and +0.051 ± 0.037 (200 from seed 1001).
const PLAY_EDGE: f64 = 0.3;

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
    /// (every subset of the hand the stock can replace), not for `auto`: valued so it gains
    /// where every other decision is the rule's, but not beside `auto`'s participation and
    /// PIMC's play (README, the arena's tables).
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

    /// Joining: the advice then plays the deal by PIMC, which gains over this player's play,
    /// the playouts' ([`PLAY_EDGE`]).
    fn own_play_edge(&self, mv: Move) -> f64 {
        if self.phase == Phase::Participation && mv == Move::In {
            PLAY_EDGE
        } else {
            0.0
        }
    }

    /// In the participation, every seat that decided before would have joined or sat out as
    /// it did by this player's rule on this world's hand; in the exchange (one pass, the swap
    /// after it), so would every other seat whose hand is as dealt (the exchanger's own choice
    /// is its own, not the rule's), and every seat that exchanged laid away only side cards
    /// below the ace, all it held where the stock allowed more.
    fn agrees_with_choices(&self) -> bool {
        match self.phase {
            Phase::Participation => self.participation_agrees(0),
            Phase::Exchange if self.exchange_is_plain() => {
                let changed = (0..self.n()).filter(|&s| self.exchanged[s as usize] > 0);
                let skip = changed.fold(1 << self.actor, |bits, s| bits | 1 << s);
                self.exchanges_agree() && self.participation_agrees(skip)
            }
            _ => true,
        }
    }

    /// Before the play, while nothing is known of the other hands, the discards or the stock
    /// but their sizes (the participation, and a plain exchange), any of their cards may be
    /// anywhere among them.
    fn redeal_unseen(&mut self, seat: Seat, rng: &mut Rng) -> bool {
        let plain = match self.phase {
            Phase::Participation => true,
            Phase::Exchange => self.exchange_is_plain(),
            _ => false,
        };
        if !plain {
            return false;
        }
        let others = (0..self.seats()).filter(|&s| s != seat);
        let stock = self.drawn as usize..self.stock_len as usize;
        let mut cards = [Card::new(0); 32];
        let mut len = 0;
        let held = others.clone().fold(CardSet::EMPTY, |all, s| {
            all | self.hands[s] | self.discards[s]
        });
        for card in held.iter().chain(self.stock[stock.clone()].iter().copied()) {
            cards[len] = card;
            len += 1;
        }
        rng.shuffle(&mut cards[..len]);
        let mut dealt = cards[..len].iter().copied();
        for s in others {
            let (hand, laid) = (
                self.hands[s].len() as usize,
                self.discards[s].len() as usize,
            );
            self.hands[s] = dealt.by_ref().take(hand).collect();
            self.discards[s] = dealt.by_ref().take(laid).collect();
        }
        for slot in &mut self.stock[stock] {
            *slot = dealt.next().expect("as many cards as places");
        }
        true
    }
}

impl Muschik {
    /// An exchange of one pass with the trump card still on the table: no card is known to
    /// have moved but the seat's own.
    fn exchange_is_plain(&self) -> bool {
        self.cfg.exchange_passes == 1 && self.swap == SwapState::Open
    }

    /// Whether every seat that decided, but those in `skip` (bit per seat), joined or sat out
    /// as this player's rule says on its hand.
    fn participation_agrees(&self, skip: u8) -> bool {
        let mut past = self.clone();
        past.phase = Phase::Participation;
        (past.decided, past.joined, past.actor) = (0, 0, self.next_seat(self.dealer));
        (0..self.decided).all(|_| {
            let (seat, joined) = (past.actor, self.is_in(past.actor));
            let rule = past.heuristic_move(&mut Rng::seeded(0)) == Move::In;
            past.decide(joined);
            skip & 1 << seat != 0 || rule == joined
        })
    }

    /// Whether every seat that exchanged laid away only the side cards below the ace, and,
    /// where the stock allowed more, kept only trumps and aces (so holds that many still).
    fn exchanges_agree(&self) -> bool {
        let mut left = self.stock_len as u32;
        self.order[..self.exchange_turns as usize]
            .iter()
            .all(|&seat| {
                let seat = seat as usize;
                let laid = self.discards[seat];
                let limit = left.min(HAND_SIZE as u32);
                left -= laid.len();
                let strong = self.hands[seat]
                    .iter()
                    .filter(|&c| !self.is_weak(c))
                    .count() as u32;
                laid.iter().all(|c| self.is_weak(c))
                    && (laid.len() == limit || strong + laid.len() >= HAND_SIZE as u32)
            })
    }

    /// Whether every card the seats but `observer` played in this deal is the one this
    /// player's rule plays on the hand the seat held then (before the play, nothing to check).
    pub(crate) fn plays_as_rule(&self, observer: Seat) -> bool {
        if self.phase != Phase::Play {
            return true;
        }
        let (mut past, played) = self.play_start();
        played.iter().all(|&card| {
            let by_rule = past.actor as usize == observer || past.card_to_play() == card;
            past.lay_card(card);
            by_rule
        })
    }

    /// This position as its play began (every played card back in its player's hand), and
    /// the cards played since, in order.
    fn play_start(&self) -> (Muschik, Vec<Card>) {
        let seats = self.participants as usize;
        let done = self.tricks[..self.tricks_played as usize].iter();
        let mut played: Vec<Card> = done.flat_map(|t| t.cards[..seats].to_vec()).collect();
        played.extend_from_slice(&self.trick[..self.trick_len as usize]);
        let mut start = self.clone();
        start.start_play();
        start.tricks_played = 0;
        let mut replay = start.clone();
        for &card in &played {
            start.hands[replay.actor as usize].insert(card);
            replay.hands[replay.actor as usize].insert(card);
            replay.lay_card(card);
        }
        (start, played)
    }

    /// A side card below the ace: what this player's rule exchanges.
    fn is_weak(&self, card: Card) -> bool {
        !self.is_trump(card) && power_of(card) < ACE
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
            .filter(|&c| self.is_weak(c))
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
    use crate::cards::CardSet;
    use crate::game::Game;
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
            assert!(state.agrees_with_choices(), "seed {seed}");
            assert!(!against.agrees_with_choices(), "seed {seed}");
        }
    }

    #[test]
    fn the_rule_s_own_plays_are_played_as_rule_and_another_card_is_not() {
        use crate::heuristic::Heuristic;
        use crate::rng::Rng;
        let mut rng = Rng::seeded(3);
        let (mut agreed, mut refused) = (0, 0);
        let mut moves = Vec::new();
        for seed in 0..60 {
            let mut state: Muschik = crate::play::deal("muschik", seed).unwrap();
            let observer = state.order[0] as usize;
            while !state.is_over() {
                if state.phase == super::Phase::Play {
                    assert!(state.plays_as_rule(observer), "seed {seed}");
                    agreed += 1;
                    state.legal_moves(&mut moves);
                    let rule = state.heuristic_move(&mut rng);
                    let other = moves.iter().find(|&&m| m != rule);
                    if let (Some(&other), false) = (other, state.actor as usize == observer) {
                        let mut against = state.clone();
                        against.play_unchecked(other);
                        if !against.is_over() {
                            assert!(!against.plays_as_rule(observer), "seed {seed}");
                            refused += 1;
                        }
                    }
                }
                let mv = state.heuristic_move(&mut rng);
                state.play_unchecked(mv);
            }
        }
        assert!(agreed > 500 && refused > 50, "{agreed} {refused}");
    }

    #[test]
    fn the_exchanger_s_own_participation_against_the_rule_leaves_its_worlds_agreeing() {
        use crate::heuristic::Heuristic;
        use crate::rng::Rng;
        let mut rng = Rng::seeded(5);
        let mut checked = 0;
        for seed in 0..200 {
            let mut state: Muschik = crate::play::deal("muschik", seed).unwrap();
            if state.heuristic_move(&mut rng) != super::Move::Out {
                continue;
            }
            state.play_unchecked(super::Move::In);
            while state.phase == super::Phase::Participation {
                state.play_unchecked(state.heuristic_move(&mut rng));
            }
            if state.phase == super::Phase::Exchange && state.exchange_turns == 0 {
                assert!(state.agrees_with_choices(), "seed {seed}");
                checked += 1;
            }
        }
        assert!(checked > 20, "{checked} exchanges checked");
    }

    /// The seat's hand, and the cards of every other place with each place's size.
    fn places(w: &Muschik, seat: usize) -> (CardSet, CardSet, Vec<u32>) {
        let stock = w.stock[w.drawn as usize..w.stock_len as usize]
            .iter()
            .copied();
        let others = (0..5).filter(|&s| s != seat);
        let sizes = others
            .clone()
            .flat_map(|s| [w.hands[s].len(), w.discards[s].len()])
            .collect();
        let cards = others.fold(stock.collect::<CardSet>(), |all, s| {
            all | w.hands[s] | w.discards[s]
        });
        (w.hands[seat] | w.discards[seat], cards, sizes)
    }

    #[test]
    fn a_redeal_keeps_the_seat_s_cards_and_deals_the_rest_among_the_same_places() {
        use crate::heuristic::Heuristic;
        use crate::rng::Rng;
        let mut rng = Rng::seeded(7);
        let mut redealt = [0; 2];
        for seed in 0..40 {
            let mut state: Muschik = crate::play::deal("muschik", seed).unwrap();
            for step in 0.. {
                let seat = state.actor as usize;
                let mut world = state.clone();
                if !world.redeal_unseen(seat, &mut rng) {
                    assert!(step >= 5, "seed {seed}: refused at step {step}");
                    break;
                }
                redealt[usize::from(state.phase == super::Phase::Exchange)] += 1;
                assert_eq!(places(&world, seat), places(&state, seat), "seed {seed}");
                assert_ne!(world, state, "seed {seed}");
                state.play_unchecked(state.heuristic_move(&mut rng));
            }
        }
        assert!(redealt[0] == 200 && redealt[1] > 40, "{redealt:?}");
    }

    #[test]
    fn the_rule_s_own_exchanges_agree_and_a_trump_laid_away_does_not() {
        use crate::heuristic::Heuristic;
        use crate::rng::Rng;
        let mut rng = Rng::seeded(7);
        let mut checked = 0;
        for seed in 0..40 {
            let mut state: Muschik = crate::play::deal("muschik", seed).unwrap();
            while state.phase != super::Phase::Play {
                assert!(state.agrees_with_choices(), "seed {seed}");
                if state.phase == super::Phase::Exchange && state.exchange_turns > 0 {
                    let seat = state.order[0] as usize;
                    let trump = (state.hands[seat] & state.trump.mask()).iter().next();
                    if let (Some(card), Some(laid)) = (trump, state.discards[seat].iter().next()) {
                        let mut world = state.clone();
                        world.hands[seat].remove(card);
                        world.hands[seat].insert(laid);
                        world.discards[seat].remove(laid);
                        world.discards[seat].insert(card);
                        assert!(!world.agrees_with_choices(), "seed {seed}");
                        checked += 1;
                    }
                }
                state.play_unchecked(state.heuristic_move(&mut rng));
            }
        }
        assert!(checked > 5, "{checked} worlds checked");
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
