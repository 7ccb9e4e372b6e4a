//! The rule-based player of the Marjapussi family.
//!
//! Bidding by an estimate of the points the hand brings (high cards, marriages held whole or in
//! part, the partner's share); the partner gives aces, tens and marriages to the declarer, who
//! returns low cards of short suits; the best marriage is declared, else asked for. In play:
//! lead top cards and draw trumps with the top trump, otherwise lead low; take a trick with the
//! cheapest winning card when it is sure or worth points, throw points on a partner's sure
//! trick, and otherwise throw the cheapest card, keeping marriages and top cards.

use super::cards::{self, ACE, JACK, KING, QUEEN, TEN};
use super::config::Asks;
use super::scoring::marriage_value;
use super::{Marjapussi, Move, Phase, Said};
use crate::cards::{Card, CardSet};
use crate::game::Game;
use crate::heuristic::{cheapest, cheapest_k, is_top, single_swaps, Decision, Heuristic, Valued};
use crate::rng::Rng;
use crate::suited::{power_of, suit_of, Suit};

impl Heuristic for Marjapussi {
    fn heuristic_move(&self, _rng: &mut Rng) -> Move {
        let seat = self.actor;
        let hand = self.hands[seat as usize];
        let k = u32::from(self.cfg.exchange_count);
        match self.phase {
            Phase::Bid => self.bid(seat),
            Phase::ExchangeGive => Move::Give(cheapest_k(hand, k, |c| -self.gift_value(hand, c))),
            Phase::SetContract => Move::Contract(self.high_bid),
            Phase::ExchangeReturn => {
                Move::Return(cheapest_k(hand, k, |c| self.keep_value(hand, c)))
            }
            Phase::Discard => {
                let pool = self.discard_pool();
                Move::Discard(cheapest_k(pool, 3, |c| self.keep_value(hand, c)))
            }
            Phase::GiveOneEach => {
                let left = cheapest(hand, |c| self.keep_value(hand, c)).expect("cards to give");
                let rest = hand - CardSet::single(left);
                let right = cheapest(rest, |c| self.keep_value(hand, c)).expect("cards to give");
                Move::GiveEach { left, right }
            }
            Phase::DoublePoll => Move::NoDouble,
            Phase::Play => Move::Play(self.card_to_play(seat)),
            Phase::Declare => self.declaration(seat),
            Phase::AnswerWhole => {
                Move::Answer(self.best_marriage(hand).expect("an answerable marriage"))
            }
            Phase::Redealt | Phase::Scored => unreachable!("the hand is over"),
        }
    }

    /// Before the play, where Kontra/Re does not double the contract (`erlangen` and
    /// `kontra_re: true` are left out): this player never doubles, so its playouts cannot price
    /// a doubled contract, and against PIMC's play such bids lost (README, the arena's table).
    /// The bids and the contract are every legal move; the exchange's and the discard's sets
    /// ([`Heuristic::candidates`]) are too many to play out, so they are the heuristic's and its
    /// single swaps. Three players' cards given one to each opponent (`give_one_each`) are not
    /// valued: not measured.
    fn valued(&self) -> Option<Valued> {
        if self.cfg.kontra_re {
            return None;
        }
        let (decision, every_move) = match self.phase {
            Phase::Bid => (Decision::Bid, true),
            Phase::ExchangeGive | Phase::ExchangeReturn | Phase::Discard => {
                (Decision::Exchange, false)
            }
            Phase::SetContract => (Decision::Contract, true),
            _ => return None,
        };
        // Each beat the rule-based player in duplicate matches (README, the arena's tables).
        Some(Valued {
            decision,
            every_move,
            auto: true,
        })
    }

    fn candidates(&self, out: &mut Vec<Move>) {
        let hand = self.hands[self.actor as usize];
        let pool = match self.phase {
            Phase::Discard => self.discard_pool(),
            _ => hand,
        };
        match self.heuristic_move(&mut Rng::seeded(0)) {
            Move::Give(chosen) => single_swaps(pool, chosen, Move::Give, out),
            Move::Return(chosen) => single_swaps(pool, chosen, Move::Return, out),
            Move::Discard(chosen) => single_swaps(pool, chosen, Move::Discard, out),
            _ => self.legal_moves(out),
        }
    }
}

impl Marjapussi {
    fn points_of(&self, card: Card) -> i32 {
        cards::points(card, self.cfg.card_values)
    }

    /// The marriages not yet declared, as a set of kings and queens.
    pub(super) fn undeclared_marriages(&self) -> CardSet {
        self.declarations
            .iter()
            .flatten()
            .fold(cards::ALL_MARRIAGES, |a, d| a - cards::marriage(d.suit))
    }

    /// The most valuable undeclared marriage held whole in `hand`.
    fn best_marriage(&self, hand: CardSet) -> Option<Suit> {
        let values = self.cfg.marriage_values;
        Suit::ALL
            .into_iter()
            .filter(|&s| !self.is_declared(s) && cards::marriage(s).is_subset(hand))
            .max_by_key(|&s| marriage_value(values, s))
    }

    /// Kings and queens of undeclared marriages held whole: worth keeping until declared.
    fn whole_marriages(&self, hand: CardSet) -> CardSet {
        cards::marriages_held(hand) & self.undeclared_marriages()
    }

    fn asks_allowed(&self, half: bool) -> bool {
        let kinds = if half {
            [Asks::WholeAndHalf, Asks::Half]
        } else {
            [Asks::WholeAndHalf, Asks::Whole]
        };
        self.n() == 4 && kinds.contains(&self.cfg.asks)
    }

    /// What the hand is likely to bring its side, for bidding.
    fn hand_estimate(&self, hand: CardSet) -> i32 {
        let card_total = cards::total_points(self.cfg.card_values);
        let high = cards::of_power(ACE) | cards::of_power(TEN);
        let own: i32 = (hand & high).iter().map(|c| self.points_of(c)).sum();
        let mut marriages = 0;
        for suit in Suit::ALL {
            let held = (hand & cards::marriage(suit)).len();
            let value = marriage_value(self.cfg.marriage_values, suit);
            if held == 2 {
                marriages += value;
            } else if held == 1 && self.asks_allowed(true) {
                marriages += value / 4;
            }
        }
        let partner_share = if self.n() == 4 { card_total / 5 } else { 0 };
        own * 3 / 2 + partner_share + self.cfg.last_trick_bonus / 2 + marriages
    }

    fn bid(&self, seat: u8) -> Move {
        let cfg = &self.cfg;
        let hand = self.hands[seat as usize];
        let first_turn = self.had_turn & 1 << seat == 0;
        let must_open =
            cfg.opening_obligation && seat == self.forehand() && first_turn && self.high_bid == 0;
        let banned = self.match_state.scores[self.side_of(seat) as usize] <= cfg.bid_ban_threshold;
        let lowest = if self.high_bid > 0 {
            self.high_bid + 1
        } else {
            cfg.min_bid
        };
        let next_bid = (lowest + cfg.bid_step - 1) / cfg.bid_step * cfg.bid_step;
        let partner_leads =
            self.high_bid > 0 && self.n() == 4 && self.high_bidder == self.partner(seat);
        let margin = if partner_leads { 30 } else { 0 };
        let estimate = self.hand_estimate(hand);
        if !banned && next_bid <= cfg.max_bid && next_bid + margin <= estimate {
            return Move::Bid(next_bid);
        }
        if !must_open {
            return Move::Pass;
        }
        let sixes = (hand & cards::of_power(0)).len();
        let no_high = !hand.iter().any(|c| power_of(c) > JACK);
        if cfg.redeal_right && first_turn && (sixes >= 3 || no_high) {
            Move::Redeal
        } else if banned {
            Move::Bid(cfg.min_bid)
        } else {
            Move::Bid(next_bid)
        }
    }

    /// How much the declarer gains from getting `card` from its partner.
    fn gift_value(&self, hand: CardSet, card: Card) -> i32 {
        let whole = self.whole_marriages(hand);
        match power_of(card) {
            ACE => 100,
            _ if whole.contains(card) => 90,
            TEN => 70,
            KING | QUEEN => 40,
            power => i32::from(power),
        }
    }

    /// How much `seat` wants to keep `card`: top cards and marriages high, low cards of short
    /// suits lowest (giving them away makes voids).
    fn keep_value(&self, hand: CardSet, card: Card) -> i32 {
        let whole = self.whole_marriages(hand);
        let base = match power_of(card) {
            ACE => 100,
            _ if whole.contains(card) => 90,
            TEN => 60,
            KING | QUEEN => 30,
            power => i32::from(power) * 2,
        };
        base + 3 * (hand & suit_of(card).mask()).len() as i32
    }

    fn declaration(&self, seat: u8) -> Move {
        let hand = self.hands[seat as usize];
        if let Some(suit) = self.best_marriage(hand) {
            return Move::Declare(suit);
        }
        let values = self.cfg.marriage_values;
        let half = Suit::ALL
            .into_iter()
            .filter(|&s| !self.is_declared(s) && (hand & cards::marriage(s)).len() == 1)
            .max_by_key(|&s| marriage_value(values, s));
        match half {
            Some(suit) if self.asks_allowed(true) => Move::AskHalf(suit, Said::Unsaid),
            _ if self.asks_allowed(false) && !self.undeclared_marriages().is_empty() => {
                Move::AskWhole(Said::Unsaid)
            }
            _ => Move::NoDeclaration,
        }
    }

    /// The cards `seat` has not seen: not in its hand, not played.
    fn outstanding(&self, seat: u8) -> CardSet {
        let mut seen = self.hands[seat as usize] | self.trick_cards();
        for won in self.won {
            seen |= won;
        }
        if self.declarer == Some(seat) {
            seen |= self.discards;
        }
        cards::deck(self.cfg.deck_size) - seen
    }

    /// Whether `card` wins the trick if it is the best card now: it is the top card of its
    /// suit and, unless it is a trump, nobody can trump it.
    fn holds(&self, card: Card, outstanding: CardSet) -> bool {
        let trumps_out = self.trump.is_some_and(|t| outstanding.intersects(t.mask()));
        is_top(card, outstanding) && (Some(suit_of(card)) == self.trump || !trumps_out)
    }

    /// The cost of giving up `card`: points, rank, trumps, top cards and marriages.
    fn discard_cost(&self, card: Card, keep: CardSet, outstanding: CardSet) -> i32 {
        let mut cost = self.points_of(card) * 10 + i32::from(power_of(card));
        if Some(suit_of(card)) == self.trump {
            cost += 40;
        }
        if is_top(card, outstanding) {
            cost += 30;
        }
        if keep.contains(card) {
            cost += 150;
        }
        cost
    }

    fn card_to_play(&self, seat: u8) -> Card {
        let playable = self.playable(seat);
        let hand = self.hands[seat as usize];
        let outstanding = self.outstanding(seat);
        let keep = self.whole_marriages(hand);
        let throw = |set: CardSet| {
            cheapest(set, |c| self.discard_cost(c, keep, outstanding)).expect("a playable card")
        };
        let Some((position, best)) = self.best_in_trick() else {
            return self
                .lead(playable, keep, outstanding)
                .unwrap_or_else(|| throw(playable));
        };
        let winner = (self.leader + position as u8) % self.n();
        let last = self.trick_len + 1 == self.n();
        if self.n() == 4 && self.side_of(winner) == self.side_of(seat) {
            if last || self.holds(best, outstanding) {
                let smear = cheapest(playable, |c| {
                    let top_penalty = if is_top(c, outstanding) { 15 } else { 0 };
                    let keep_penalty = if keep.contains(c) { 100 } else { 0 };
                    top_penalty + keep_penalty - self.points_of(c)
                });
                return smear.expect("a playable card");
            }
            return throw(playable);
        }
        let winning = playable
            .iter()
            .filter(|&c| self.beats(c, best))
            .fold(CardSet::EMPTY, |acc, c| acc | CardSet::single(c));
        let Some(cheapest_winner) = cheapest(winning, |c| {
            let trump_cost = if Some(suit_of(c)) == self.trump {
                20
            } else {
                0
            };
            trump_cost + i32::from(power_of(c))
        }) else {
            return throw(playable);
        };
        let at_stake = self.points_of(cheapest_winner)
            + self
                .trick_cards()
                .iter()
                .map(|c| self.points_of(c))
                .sum::<i32>();
        let ruff = Some(suit_of(cheapest_winner)) == self.trump
            && suit_of(best) != suit_of(cheapest_winner);
        let wants_window = !keep.is_empty();
        let take = if last {
            at_stake > 0 || !ruff || wants_window
        } else {
            self.holds(cheapest_winner, outstanding) || (ruff && at_stake >= 10)
        };
        if take {
            cheapest_winner
        } else {
            throw(playable)
        }
    }

    /// Whether `card` beats `best`, the best card of the trick so far.
    fn beats(&self, card: Card, best: Card) -> bool {
        if suit_of(card) == suit_of(best) {
            power_of(card) > power_of(best)
        } else {
            Some(suit_of(card)) == self.trump
        }
    }

    /// A lead: the top trump while others hold trumps, else a sure winner, else a low card
    /// outside the kept marriages; `None` leaves the choice to the cheapest throw.
    fn lead(&self, playable: CardSet, keep: CardSet, outstanding: CardSet) -> Option<Card> {
        if let Some(trump) = self.trump {
            let trumps = playable & trump.mask();
            if outstanding.intersects(trump.mask()) {
                if let Some(top) = trumps.highest().filter(|&c| is_top(c, outstanding)) {
                    return Some(top);
                }
            }
        }
        let sure = playable
            .iter()
            .filter(|&c| self.holds(c, outstanding) && !keep.contains(c));
        if let Some(card) = sure.max_by_key(|&c| self.points_of(c)) {
            return Some(card);
        }
        let low = playable - keep - self.trump.map_or(CardSet::EMPTY, |t| t.mask());
        cheapest(low, |c| {
            let suit_length = (playable & suit_of(c).mask()).len() as i32;
            self.points_of(c) * 10 + i32::from(power_of(c)) * 2 - suit_length
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Marjapussi;
    use crate::heuristic::checks::{assert_always_legal, duel_with_random};
    use serde_json::json;

    const VARIANTS: [&str; 4] = ["marjapussi", "huutopussi", "erlangen", "huutopussi3"];

    #[test]
    fn marjapussi_heuristic_is_legal_in_every_phase() {
        let mut seen = std::collections::BTreeSet::new();
        let mut positions = 0;
        for variant in VARIANTS {
            let (n, phases) = assert_always_legal::<Marjapussi>(variant, &json!({}), 0..150);
            positions += n;
            seen.extend(phases);
        }
        let options = [
            (
                "marjapussi",
                json!({ "deck_size": 28, "first_lead_rule": "ace", "overtake_duty": false }),
            ),
            (
                "huutopussi",
                json!({ "asks": "half", "marriage_values": "bridge" }),
            ),
            (
                "erlangen",
                json!({ "double_timing": "poll_all", "half_ask_requires_card": true }),
            ),
            (
                "huutopussi3",
                json!({ "talon_handling": "give_one_each", "discard_forbid_ace_ten": true }),
            ),
            (
                "huutopussi3",
                json!({ "opening_obligation": false, "min_bid": 120, "all_pass": "talon_to_last_trick" }),
            ),
        ];
        for (variant, options) in options {
            let (n, phases) = assert_always_legal::<Marjapussi>(variant, &options, 0..60);
            positions += n;
            seen.extend(phases);
        }
        assert!(positions > 20_000, "{positions} positions");
        for phase in [
            "bid",
            "exchange_give",
            "set_contract",
            "exchange_return",
            "discard",
            "give_one_each",
            "double_poll",
            "play",
            "declare",
            "answer_whole",
        ] {
            assert!(seen.contains(phase), "never checked in {phase}: {seen:?}");
        }
    }

    #[test]
    fn marjapussi_heuristic_beats_random_play() {
        for variant in VARIANTS {
            let team = variant != "huutopussi3";
            let (mean, error) = duel_with_random::<Marjapussi>(variant, &json!({}), 0..200, team);
            println!("{variant}: heuristic minus random {mean:.2} ± {error:.2} per hand");
            assert!(
                mean > 4.0 * error && mean > 0.0,
                "{variant}: {mean} ± {error}"
            );
        }
    }
}
