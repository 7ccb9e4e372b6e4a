//! What the exact search needs of Mustamaija (design section 4): who loses.
//!
//! The value for a seat is 1 if it does not lose the deal (a drawn stall included) and 0 if it
//! loses. Two players are searched zero-sum; with more seats the search is paranoid (every other
//! seat plays against the asking seat).
//!
//! Where the search is exact: with two players holding cards the play cannot cycle. In a run of
//! attacks by one attacker, each attack lowers the attacker's cards plus the talon; when every
//! card is beaten, cards leave the game. So at most `N * (N / 2 + 1)` attacks remain with `N`
//! cards in hands and talon, and the stall guard matters only when it is that close. With three
//! or more players holding cards, taken cards can go round the table and the play can cycle up
//! to the stall guard: those positions are refused ([`Searchable::exact_applies`]), as are
//! positions too large to search in a request's time.
//!
//! Beating cards are equivalent when the defender holds both, in one suit, with no card between
//! them still in a hand, in the talon or open on the table (the maria never, nor kings and queens
//! where marriages name trump): the one played is discarded, so they never meet. Attacking cards
//! are not: a card taken changes hands and can later meet the one kept.
//!
//! Once the talon is empty the table keys a position by the order of the cards in play within
//! each suit, with the plain suits (neither trump nor the maria's) in a canonical order: cards
//! beaten are gone, and plain suits play alike. A seat that can go out on its own moves (its
//! attacks each keeping the attack until the last, or beating every open card with its whole
//! hand) has won, and so has one that gets there after the defence now under way: a defender
//! that can beat every open card and then go out attacking, or an attacker whose defender
//! picks up a card at least.

use super::cards::{
    beaters, higher_in_suit, suit_cards, suit_of, JOKER, KING, QUEEN, STANDARD_DECK,
};
use super::config::{QsLead, TrumpMode};
use super::{Move, Mustamaija, Phase};
use crate::cards::{Card, CardSet};
use crate::game::{mix, Game, MAX_SEATS};
use crate::search::{merge_pairwise, Searchable, MILLI};
use crate::suited::{power_of, Suit};

/// Where a relative key puts the maria in its suit's lane: past the ranks (`relative_places`).
const MARIA_SLOT: u32 = 13;
/// The thirteen ranks of a suit's lane.
const RANKS: u64 = (1 << 13) - 1;

/// The most cards in hands for an exact search once the talon is empty.
pub const MAX_CARDS_TALON_EMPTY: u32 = 24;
/// The most cards in hands and talon for an exact search of two players before that.
pub const MAX_CARDS_WITH_TALON: u32 = 12;

impl Mustamaija {
    fn cards_in_hands(&self) -> u32 {
        self.hands[..self.seats()].iter().map(|h| h.len()).sum()
    }

    /// Seats still holding cards, or all of them while the talon has cards.
    fn players_with_cards(&self) -> usize {
        (0..self.n()).filter(|&s| !self.is_out(s)).count()
    }

    /// Cards whose rank still matters: in hands, in the talon, open or taken on the table.
    fn cards_in_play(&self) -> CardSet {
        self.hands[..self.seats()]
            .iter()
            .fold(self.talon.set() | self.open | self.taken, |acc, &h| acc | h)
    }

    /// Cards that are never interchangeable with another: the maria, and the kings and
    /// queens while marriages can name trump.
    fn singular(&self, card: Card) -> bool {
        card == self.cfg.maria()
            || suit_of(card).is_none()
            || self.cfg.trump_mode == TrumpMode::Marriage && matches!(power_of(card), KING | QUEEN)
    }

    /// Whether beating with `x` or with `y` of one hand leads to positions of one value,
    /// `in_play` being [`Self::cards_in_play`].
    fn interchangeable(&self, x: Card, y: Card, in_play: CardSet) -> bool {
        if x == y {
            return true;
        }
        if self.singular(x) || self.singular(y) || suit_of(x) != suit_of(y) {
            return false;
        }
        let (lo, hi) = if x < y { (x, y) } else { (y, x) };
        let between = CardSet::from_bits((hi.bit() - 1) & !((lo.bit() << 1) - 1));
        !between.intersects(in_play)
    }

    /// How likely `seat` looks to end holding the maria, as a weight: many cards, the maria
    /// itself and few trumps make it heavier.
    fn losing_weight(&self, seat: usize) -> f64 {
        let hand = self.hands[seat];
        let trumps = self.trump.map_or(0, |t| {
            hand.iter().filter(|&c| suit_of(c) == Some(t)).count()
        });
        let maria = if hand.contains(self.cfg.maria()) {
            2.0
        } else {
            0.0
        };
        (0.35 * f64::from(hand.len()) + maria - 0.2 * trumps as f64).exp()
    }

    /// Whether only the order of the cards in play within each suit matters here, not their
    /// ranks: the talon is empty (its order is keyed by card) and trump is settled (kings and
    /// queens matter by rank while a marriage can still name it).
    fn ranks_relative(&self) -> bool {
        self.talon.is_empty() && self.trump_settled()
    }

    /// Whether trump is known and no marriage can change it any more.
    fn trump_settled(&self) -> bool {
        self.trump.is_some()
            && (self.cfg.trump_mode != TrumpMode::Marriage || !self.cfg.marriage_trump_changes)
    }

    /// `places` with each suit's cards in play renumbered from the two up in their order (the
    /// maria, which never beats nor is beaten, moved past the ranks of its suit): positions
    /// that differ only in cards gone out of play map to one key.
    fn relative_places(&self, places: &mut [u64]) {
        let maria = self.cfg.maria();
        let in_play = places.iter().fold(0, |acc, &p| acc | p) & STANDARD_DECK.bits();
        let ranked = in_play & !maria.bit();
        let mut squeezed = [0u64; MAX_SEATS + 2];
        for (out, &place) in squeezed.iter_mut().zip(places.iter()) {
            // Each card takes the rank of the count of its suit's cards in play below it.
            for card in CardSet::from_bits(place & ranked) {
                let bit = card.index() as u32;
                let lane_start = bit & !15;
                let below = ranked & ((1u64 << bit) - 1) & !((1u64 << lane_start) - 1);
                *out |= 1u64 << (lane_start + below.count_ones());
            }
        }
        let moved = match suit_of(maria).filter(|_| in_play & maria.bit() != 0) {
            Some(suit) => 1 << (16 * suit as u32 + MARIA_SLOT),
            None => maria.bit(),
        };
        for (place, out) in places.iter_mut().zip(squeezed) {
            let maria_here = if *place & maria.bit() != 0 { moved } else { 0 };
            *place = out | maria_here | (*place & !STANDARD_DECK.bits());
        }
    }

    /// The seat sure to go out on its own moves, once the talon is empty: an attacker whose
    /// attacks leave the defender nothing to decide until the last ([`Self::attacks_out`]),
    /// or a defender who can beat every open card with its whole hand; or one of them sure to
    /// get there after this defence ([`Self::beats_then_attacks_out`],
    /// [`Self::takes_then_attacked_out`]). The other seat holding cards then ends the deal
    /// holding them.
    fn goes_out_now(&self) -> Option<u8> {
        if !self.talon.is_empty() {
            return None;
        }
        match self.phase {
            Phase::Attack if self.attacks_out() => Some(self.attacker),
            Phase::Defend if self.whole_hand_beats() || self.beats_then_attacks_out() => {
                Some(self.defender)
            }
            Phase::Defend if self.takes_then_attacked_out() => Some(self.attacker),
            _ => None,
        }
    }

    /// Whether the attacker goes out whatever the defender does: its hand is one legal attack
    /// per suit (the maria apart where it goes alone), and every attack but the last holds a
    /// card the defender cannot beat, so it picks one up at least and the attacker attacks
    /// again (spec 4.3), within the fewest cards the defender can then hold. The stall guard and a trump still to
    /// be named by a marriage would end or change that, so then only one attack counts.
    fn attacks_out(&self) -> bool {
        let defending = self.hands[self.defender as usize];
        self.attacks_out_with(
            self.hands[self.attacker as usize],
            defending,
            defending.len(),
        )
    }

    /// [`Self::attacks_out`] for an attacker holding `hand` against a defender that holds
    /// cards among `may_hold`, at least `fewest` of them.
    fn attacks_out_with(&self, hand: CardSet, mut may_hold: CardSet, mut fewest: u32) -> bool {
        let maria = self.cfg.maria();
        let alone = maria == JOKER || self.cfg.qs_lead == QsLead::AloneOnly;
        let apart = if alone {
            hand & CardSet::single(maria)
        } else {
            CardSet::EMPTY
        };
        let mut groups = [apart; 5];
        let mut count = usize::from(!apart.is_empty());
        for suit in Suit::ALL {
            let group = (hand - apart) & suit_cards(suit);
            if !group.is_empty() {
                groups[count] = group;
                count += 1;
            }
        }
        let settled =
            self.trump_settled() && self.attacks_made + count as u32 <= self.cfg.max_attacks;
        if count > 1 && !settled {
            return false;
        }
        // Cards the defender may hold (it only loses beaters and picks up attack cards), and
        // the fewest it can hold: beating every card it can beat sheds the most.
        while count > 1 {
            let Some((i, u)) = (0..count)
                .map(|i| (i, self.unbeaten(groups[i], may_hold)))
                .filter(|&(i, u)| u > 0 && groups[i].len() <= fewest)
                .max_by_key(|&(i, u)| 2 * u as i32 - groups[i].len() as i32)
            else {
                return false;
            };
            fewest = fewest + 2 * u - groups[i].len();
            may_hold |= groups[i];
            count -= 1;
            groups[i] = groups[count];
        }
        groups[0].len() <= fewest
    }

    /// How many cards of `cards` have no beater in `hand` ([`beaters`]), counted a suit at
    /// a time: a suit's cards above the highest `hand` holds of it, unless `hand` can trump
    /// them; the maria and the joker always.
    fn unbeaten(&self, cards: CardSet, hand: CardSet) -> u32 {
        let maria = CardSet::single(self.cfg.maria());
        let hand = hand - maria;
        let mut count = (cards & maria).len() + (cards - STANDARD_DECK - maria).len();
        for suit in Suit::ALL {
            let beatable = (cards - maria) & suit_cards(suit);
            let trumped = self
                .trump
                .is_some_and(|t| t != suit && hand.intersects(suit_cards(t)));
            if beatable.is_empty() || trumped {
                continue;
            }
            count += match (hand & suit_cards(suit)).highest() {
                Some(top) => (beatable & higher_in_suit(top)).len(),
                None => beatable.len(),
            };
        }
        count
    }

    /// Whether the defender can beat every open card, none taken yet, using every card it
    /// holds. The open cards are of one suit, so the beaters of a higher one are among those
    /// of a lower one, and Hall's condition reads: the `i`-th highest card has `i` beaters.
    fn whole_hand_beats(&self) -> bool {
        let hand = self.hands[self.defender as usize];
        let maria = self.cfg.maria();
        let open = self.open.len();
        if !self.taken.is_empty() || self.open.contains(maria) || hand.len() != open {
            return false;
        }
        self.open
            .iter()
            .enumerate()
            .all(|(i, card)| beaters(card, hand, self.trump, maria).len() >= open - i as u32)
    }

    /// Whether the defender can beat every open card, none taken yet, and then, attacking
    /// with the cards left, goes out ([`Self::attacks_out_with`]) against the attacker's hand.
    fn beats_then_attacks_out(&self) -> bool {
        let attacking = self.hands[self.attacker as usize];
        let maria = self.cfg.maria();
        let spare = self.cfg.max_attacks.saturating_sub(self.attacks_made);
        if !self.taken.is_empty()
            || self.open.contains(maria)
            || attacking.is_empty()
            || self.players_with_cards() != 2
            || spare <= self.hands[self.defender as usize].len()
        {
            return false;
        }
        let in_play = self.cards_in_play();
        self.beat_all_then_out(
            self.open,
            self.hands[self.defender as usize],
            attacking,
            in_play,
        )
    }

    /// Whether the defender picks up a card at least (one taken, the maria open, or an open
    /// card it cannot beat), and the attacker then goes out ([`Self::attacks_out_with`])
    /// against what the defender may hold after: its hand and the cards on the table, at
    /// least its hand less one card per open card beaten, plus one per card picked up.
    fn takes_then_attacked_out(&self) -> bool {
        let hand = self.hands[self.defender as usize];
        let maria = self.cfg.maria();
        let attacking = self.hands[self.attacker as usize];
        let spare = self.cfg.max_attacks.saturating_sub(self.attacks_made);
        let beatable = self
            .open
            .iter()
            .filter(|&c| !beaters(c, hand, self.trump, maria).is_empty())
            .count() as u32;
        let doomed = !self.taken.is_empty() || beatable < self.open.len();
        if !doomed || self.players_with_cards() != 2 || spare <= attacking.len() {
            return false;
        }
        let beaten = beatable.min(hand.len());
        let fewest = hand.len() + self.taken.len() + self.open.len() - 2 * beaten;
        self.attacks_out_with(attacking, hand | self.open | self.taken, fewest)
    }

    /// Whether some way of beating each of `open` with a card of `hand` leaves cards that go
    /// out attacking `attacking` (`in_play`: the position's [`Self::cards_in_play`]).
    fn beat_all_then_out(
        &self,
        open: CardSet,
        hand: CardSet,
        attacking: CardSet,
        in_play: CardSet,
    ) -> bool {
        let Some(card) = open.highest() else {
            return self.attacks_out_with(hand, attacking, attacking.len());
        };
        let rest = open - CardSet::single(card);
        let mut tried: Option<Card> = None;
        beaters(card, hand, self.trump, self.cfg.maria())
            .iter()
            .any(|b| {
                // Of interchangeable beaters (next to each other in the order) one is tried.
                let same = tried.is_some_and(|t| self.interchangeable(t, b, in_play));
                tried = Some(b);
                !same && self.beat_all_then_out(rest, hand - CardSet::single(b), attacking, in_play)
            })
    }

    /// `places` with the plain suits (neither trump nor the maria's) in a canonical order:
    /// such suits play alike, so positions that differ only by swapping them share a key.
    fn sort_plain_suits(&self, places: &mut [u64]) {
        let maria_suit = suit_of(self.cfg.maria());
        let lane = |p: u64, s: Suit| p >> (16 * s as u32) & RANKS;
        let mut plain = [(0u64, Suit::Spades); 4];
        let mut count = 0;
        for s in Suit::ALL {
            if Some(s) != self.trump && Some(s) != maria_suit {
                plain[count] = (places.iter().fold(0, |h, &p| mix(h, lane(p, s))), s);
                count += 1;
            }
        }
        let slots = plain.map(|(_, s)| s);
        let plain = &mut plain[..count];
        plain.sort_unstable();
        for place in places.iter_mut() {
            let mut moved = *place;
            for (&to, &(_, from)) in slots.iter().zip(plain.iter()) {
                let shift = 16 * to as u32;
                moved = moved & !(RANKS << shift) | lane(*place, from) << shift;
            }
            *place = moved;
        }
    }

    /// The stall guard can end the deal within the attacks the play can still last.
    fn stall_in_reach(&self) -> bool {
        let cards = self.cards_in_hands() + self.talon.len() as u32 + self.attack.len();
        let most_attacks = cards * (cards / 2 + 1);
        self.attacks_made + most_attacks >= self.cfg.max_attacks
    }
}

impl Searchable for Mustamaija {
    fn value(&self, side: usize) -> i32 {
        i32::from(self.loser != Some(side as u8))
    }

    fn value_bounds(&self, side: usize) -> (i32, i32) {
        if self.phase == Phase::Over {
            let v = self.value(side);
            return (v, v);
        }
        if self.is_out(side as u8) {
            return (1, 1);
        }
        let others_holding = (0..self.n()).filter(|&s| s != side as u8 && !self.is_out(s));
        match (self.goes_out_now(), others_holding.count()) {
            (_, 0) => (0, 0),
            (Some(seat), _) if seat == side as u8 => (1, 1),
            (Some(_), 1) => (0, 0),
            _ => (0, 1),
        }
    }

    /// The position without the count of attacks, unless the stall guard is in reach.
    fn table_key(&self, _side: usize) -> (u64, i32) {
        if self.stall_in_reach() {
            return (self.key(), 0);
        }
        let seats = self.seats();
        let mut places = [0u64; MAX_SEATS + 2];
        for (place, hand) in places.iter_mut().zip(&self.hands[..seats]) {
            *place = hand.bits();
        }
        places[seats] = self.open.bits();
        places[seats + 1] = self.taken.bits();
        let mut h = 0x6d75_7374_616d_6101;
        if self.ranks_relative() {
            // Beaten cards are out of play, and so left out: what follows depends only on the
            // cards open and taken.
            self.relative_places(&mut places[..seats + 2]);
            self.sort_plain_suits(&mut places[..seats + 2]);
        } else {
            h = self.talon.hash_into(h);
            h = mix(h, self.attack.bits());
        }
        for &place in &places[..seats + 2] {
            h = mix(h, place);
        }
        let pending_seed = if self.cfg.trump_mode == TrumpMode::Turned && self.attacks_made == 0 {
            u64::from(self.turn_seed) << 1 | 1
        } else {
            0
        };
        let small = (self.phase as u64)
            | (self.actor as u64) << 8
            | (self.attacker as u64) << 16
            | (self.defender as u64) << 24
            | self.trump.map_or(7, |s| s as u64) << 32
            | (self.declared as u64) << 40;
        (mix(mix(h, small), pending_seed), 0)
    }

    fn value_unit(&self) -> &'static str {
        "1 if the seat does not lose, 0 if it loses"
    }

    fn zero_sum_sides(&self) -> bool {
        self.n() == 2
    }

    /// Every move changes a hand, the table or the trump differently.
    fn moves_may_transpose(&self) -> bool {
        false
    }

    fn exact_applies(&self) -> Result<(), String> {
        if self.phase == Phase::Over {
            return Ok(());
        }
        let (players, cards, talon) = (
            self.players_with_cards(),
            self.cards_in_hands(),
            self.talon.len() as u32,
        );
        let small_endgame = talon == 0 && players <= 2 && cards <= MAX_CARDS_TALON_EMPTY;
        let small_deal = self.n() == 2 && cards + talon <= MAX_CARDS_WITH_TALON;
        if small_endgame || small_deal {
            return Ok(());
        }
        Err(format!(
            "the exact search of mustamaija serves two players holding cards with the talon empty and at most {MAX_CARDS_TALON_EMPTY} cards in hands, or a two-player deal with at most {MAX_CARDS_WITH_TALON} cards in hands and talon (with three or more players holding cards the play can cycle, taken cards going round the table); this position has {players} players holding cards, {cards} cards in hands and {talon} in the talon; its analysis is a depth-limited estimate, or 'ismcts'"
        ))
    }

    /// One minus `side`'s share of the losing weights of the seats still holding cards.
    fn estimate(&self, side: usize) -> Option<i32> {
        if self.phase == Phase::Over || self.is_out(side as u8) {
            return Some(self.value_bounds(side).0 * MILLI);
        }
        let total: f64 = (0..self.n())
            .filter(|&s| !self.is_out(s))
            .map(|s| self.losing_weight(s as usize))
            .sum();
        let share = self.losing_weight(side) / total;
        Some(((1.0 - share) * f64::from(MILLI)).round() as i32)
    }

    fn equivalent(&self, a: Move, b: Move) -> bool {
        self.equivalent_in(a, b, self.cards_in_play())
    }

    /// [`Searchable::equivalent`] pair by pair as the default does, the cards in play
    /// gathered once; only a defence's beating cards can be alike (other legal moves are
    /// all different), so nothing else is compared.
    fn merge_equivalent(&self, moves: &mut Vec<Move>, merged: &mut Vec<(Move, Move)>) {
        if self.phase != Phase::Defend {
            merged.clear();
            return;
        }
        let in_play = self.cards_in_play();
        merge_pairwise(moves, merged, |k, mv| self.equivalent_in(k, mv, in_play));
    }

    /// See [`Mustamaija::order_hint_keeping`].
    fn order_hint(&self, mv: Move) -> i32 {
        self.order_hint_keeping(mv, CardSet::EMPTY)
    }

    fn order_hints(&self, moves: &[Move], hints: &mut Vec<i32>) {
        let keeping = if self.phase == Phase::Attack {
            self.unbeatable_attack_cards()
        } else {
            CardSet::EMPTY
        };
        hints.clear();
        hints.extend(moves.iter().map(|&mv| self.order_hint_keeping(mv, keeping)));
    }
}

impl Mustamaija {
    /// [`Searchable::equivalent`], `in_play` being [`Self::cards_in_play`].
    fn equivalent_in(&self, a: Move, b: Move, in_play: CardSet) -> bool {
        match (a, b) {
            (Move::Beat(x), Move::Beat(y)) => self.interchangeable(x, y, in_play),
            _ => a == b,
        }
    }

    /// The attacker's cards the defender cannot beat now (the maria among them).
    fn unbeatable_attack_cards(&self) -> CardSet {
        let defending = self.hands[self.defender as usize];
        let attacking = self.hands[self.attacker as usize];
        let maria = self.cfg.maria();
        let beatable = attacking
            .iter()
            .filter(|&c| !beaters(c, defending, self.trump, maria).is_empty());
        attacking - beatable.collect()
    }

    /// Beat with a trump if one beats, else with the cheapest card (trumps beat any card of
    /// another suit, and measured on seeded endings this order finds the best defence soonest);
    /// attack with many low cards, and first with attacks the defender can beat in full (the
    /// ones holding a card of `keeping`, which keep the attack, last: measured on seeded
    /// endings, the other order searches more).
    fn order_hint_keeping(&self, mv: Move, keeping: CardSet) -> i32 {
        match mv {
            Move::Beat(card) => {
                let trump = suit_of(card).is_some() && suit_of(card) == self.trump;
                100 - i32::from(power_of(card)) + if trump { 20 } else { 0 }
            }
            Move::Attack(cards) => {
                let top = cards.highest().map_or(0, |c| i32::from(power_of(c)));
                let keeps = if cards.intersects(keeping) { -200 } else { 0 };
                keeps + 16 * cards.len() as i32 - top
            }
            Move::Declare(..) => 50,
            Move::NoDeclaration(_) => 40,
            Move::Take => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{play, setup};
    use super::*;
    use crate::games::analysis_check::{
        agrees_with_minimax, call, merged_moves_agree_along_play, value_is_best_of_moves, walk,
    };
    use crate::games::seeded::random_until;
    use crate::games::Route;
    use crate::search::{analyze, estimate, Budget};
    use crate::tiers;
    use serde_json::json;
    use std::collections::HashMap;
    use std::hash::BuildHasherDefault;

    /// A seeded two-player deal of `variant` played at random until at most `cards` are left
    /// in hands and talon together.
    fn small(variant: &str, seed: u64, cards: u32) -> Option<Mustamaija> {
        let options = json!({ "num_players": 2 });
        random_until(variant, Some(&options), seed, |g: &Mustamaija| {
            g.cards_in_hands() + g.talon.len() as u32 <= cards
        })
    }

    /// Calls `check` on a seeded two-player ending of every variant for each of the test's
    /// seeds (`all` in full, `sample` in the quick tier), holding `cards(seed)` cards in hands
    /// and talon at most; at least `least` of them in full (fewer in the quick tier).
    fn for_each_ending(
        test: &str,
        (all, sample, least): (usize, usize, usize),
        cards: impl Fn(u64) -> u32,
        mut check: impl FnMut(&Mustamaija, String),
    ) {
        let mut checked = 0;
        let seeds = tiers::cases(test, all, sample, "seeds");
        for variant in super::super::config::Variant::NAMES {
            for seed in 0..seeds as u64 {
                if let Some(g) = small(variant, seed, cards(seed)) {
                    assert_eq!(g.exact_applies(), Ok(()));
                    check(&g, format!("{variant} seed {seed}"));
                    checked += 1;
                }
            }
        }
        assert!(checked > tiers::least(least, seeds, all), "{checked}");
    }

    #[test]
    fn exact_values_agree_with_plain_minimax() {
        // Plain minimax explodes on some positions of six cards and more (seconds to
        // minutes, attacks and takes going back and forth): these hold four or five.
        for_each_ending(
            "Mustamaija's minimax agreement",
            (3000, 300, 3000),
            |seed| 4 + (seed % 2) as u32,
            agrees_with_minimax,
        );
    }

    /// Beats the search (and max^n, with three players) merges as equivalent lead to
    /// positions of one minimax value for every side, and of one max^n vector for every
    /// asker where the sides' values do not sum to zero, along random lines of play from
    /// endings of four or five cards (two players) or of three or four (three) to the end.
    #[test]
    fn merged_moves_have_equal_values() {
        let mut pairs = [0; 2];
        let seeds = tiers::cases("Mustamaija's merged moves", 20_000, 2_000, "seeds");
        for variant in super::super::config::Variant::NAMES {
            for (players, pairs) in [2u32, 3].into_iter().zip(&mut pairs) {
                let options = json!({ "num_players": players });
                for seed in 0..seeds as u64 {
                    // Three players' endings of five cards can take minutes.
                    let cards = if players == 2 { 4 } else { 3 } + (seed % 2) as u32;
                    let Some(g) = random_until(variant, Some(&options), seed, |g: &Mustamaija| {
                        g.cards_in_hands() + g.talon.len() as u32 <= cards
                    }) else {
                        continue;
                    };
                    let what = format_args!("{variant} {players} players seed {seed}");
                    *pairs += merged_moves_agree_along_play(&g, seed, what);
                }
            }
        }
        eprintln!("Mustamaija: {pairs:?} merged pairs (two, three players)");
        assert!(pairs[0] >= tiers::least(1000, seeds, 20_000), "{pairs:?}");
        assert!(pairs[1] >= tiers::least(100, seeds, 20_000), "{pairs:?}");
    }

    /// Hashes a position's full key as it is: [`Game::key`] is already well mixed.
    #[derive(Default)]
    struct KeyAsHash(u64);

    impl std::hash::Hasher for KeyAsHash {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, _: &[u8]) {
            unreachable!("only u64 keys are hashed");
        }
        fn write_u64(&mut self, key: u64) {
            self.0 = key;
        }
    }

    /// The values [`remembered_minimax`] has found, by full key.
    type Seen = HashMap<u64, i32, BuildHasherDefault<KeyAsHash>>;

    /// The plain minimax value, remembering positions by their full key (every card and the
    /// count of attacks): the reference for endings too long for [`crate::search::minimax`].
    /// A value is 0 or 1 (whether `side` escapes), so a position's value is known at its first
    /// move whose value is the mover's best (1 for `side`, 0 for the other): the moves after
    /// it are not searched (an AND-OR tree, still every value exact). Two shortcuts that leave
    /// every value exact: a child already known to be the mover's best (the hand over, or
    /// remembered) answers before any child is searched, and the children are searched with
    /// the mover's smallest hand first (shedding cards is how a seat escapes). They more than
    /// halve the positions this test remembers (60.3 M to 34.3 M over its endings).
    fn remembered_minimax(g: &Mustamaija, side: usize, seen: &mut Seen) -> i32 {
        let Some(mover) = g.to_move() else {
            return g.value(side);
        };
        let key = g.key();
        if let Some(&v) = seen.get(&key) {
            return v;
        }
        let best = i32::from(g.side(mover) == side);
        let children = children_by_hand_size(g, mover);
        let known = |child: &Mustamaija| match child.to_move() {
            None => Some(child.value(side)),
            Some(_) => seen.get(&child.key()).copied(),
        };
        let reaches_best = children.iter().any(|child| known(child) == Some(best))
            || children.iter().any(|child| {
                let v = remembered_minimax(child, side, seen);
                assert!(v == 0 || v == 1, "a value of 0 or 1, not {v}");
                v == best
            });
        let v = if reaches_best { best } else { 1 - best };
        seen.insert(key, v);
        v
    }

    /// The positions after each legal move of `g`, those where `mover` holds fewest cards first.
    fn children_by_hand_size(g: &Mustamaija, mover: usize) -> Vec<Mustamaija> {
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let mut children: Vec<Mustamaija> = moves
            .into_iter()
            .map(|mv| {
                let mut child = g.clone();
                child.play_unchecked(mv);
                child
            })
            .collect();
        children.sort_by_key(|child| child.hands[mover].len());
        children
    }

    /// Endings of up to twelve cards, where the table's relative keys, the suit symmetry and the
    /// sure ends prune: every move's value is the reference's.
    #[test]
    fn exact_values_of_longer_endings_agree_with_remembered_minimax() {
        for_each_ending(
            "Mustamaija's longer endings",
            (600, 60, 1800),
            |seed| 8 + (seed % 5) as u32,
            |g, what| {
                let analysis = analyze(g, None, Budget::default());
                assert!(analysis.complete, "{what}");
                let mut seen = Seen::default();
                for scored in &analysis.moves {
                    let mut child = g.clone();
                    child.play_unchecked(scored.mv);
                    let truth = remembered_minimax(&child, analysis.side, &mut seen);
                    let at = (scored.low, scored.high);
                    assert_eq!(at, (truth, truth), "{what} {:?}", scored.mv);
                }
            },
        );
    }

    fn ending(hands: [&str; 2], trump: Suit) -> Mustamaija {
        setup("standard", json!({}), &hands)
            .trump(trump, None)
            .build()
    }

    #[test]
    fn the_table_key_sees_the_order_of_the_cards_in_play_and_not_which_plain_suit() {
        let key = |hands| ending(hands, Suit::Clubs).table_key(0).0;
        let base = key(["S3 S7 H2 DA", "SQ H5 D4 D9 C8"]);
        // Other ranks in the same order within each suit; hearts and diamonds swapped.
        assert_eq!(key(["S4 S8 H3 DA", "SQ H9 D2 D9 CA"]), base);
        assert_eq!(key(["S3 S7 D2 HA", "SQ D5 H4 H9 C8"]), base);
        // Another order, the maria elsewhere, or trump swapped with a plain suit: not alike.
        assert_ne!(key(["S3 S7 H5 DA", "SQ H2 D4 D9 C8"]), base);
        assert_ne!(key(["SQ S7 H2 DA", "S3 H5 D4 D9 C8"]), base);
        assert_ne!(key(["S3 S7 C2 DA", "SQ C5 D4 D9 H8"]), base);
    }

    #[test]
    fn a_seat_that_can_go_out_at_once_has_won() {
        // The maria goes with the spades.
        let g = ending(["S3 S7 SQ", "H5 D4 D9 C8"], Suit::Clubs);
        assert_eq!((g.value_bounds(0), g.value_bounds(1)), ((1, 1), (0, 0)));
        // The defender picks up the maria at least, and H2 goes next.
        let g = ending(["S3 S7 SQ H2", "H5 D4 D9 C8"], Suit::Clubs);
        assert_eq!((g.value_bounds(0), g.value_bounds(1)), ((1, 1), (0, 0)));
        // Every card can be beaten: the defender may take the lead.
        let g = ending(["S3 S7 H2", "SQ H5 D4 D9 C8"], Suit::Clubs);
        assert_eq!(g.value_bounds(0), (0, 1));
        // Beating both spades with trumps leaves two cards, too few for H2 H3 H4 after.
        let g = ending(["S3 S7 SQ H2 H3 H4", "H5 C8 C9"], Suit::Clubs);
        assert_eq!(g.value_bounds(0), (0, 1));
        // A trump and a higher diamond beat D9 and D4 with every card.
        let mut g = ending(["SQ D4 D9", "DT C8"], Suit::Clubs);
        play(&mut g, "attack D4 D9");
        assert_eq!((g.value_bounds(1), g.value_bounds(0)), ((1, 1), (0, 0)));
        let mut g = ending(["SQ HA SA D4 D9", "D5 DT H8 S7"], Suit::Clubs);
        play(&mut g, "attack D4 D9");
        assert_eq!(
            g.value_bounds(1),
            (0, 1),
            "four cards cannot beat two and go out"
        );
        // Hall: DT is the only beater of D9 and of D8 both.
        let mut g = ending(["SQ D8 D9", "DT D2"], Suit::Clubs);
        play(&mut g, "attack D8 D9");
        assert_eq!(g.value_bounds(1), (0, 1));
    }

    #[test]
    fn a_seat_that_goes_out_in_the_attacks_after_this_defence_has_won() {
        // Beating H9 with HT or the trump leaves two cards the attacker cannot beat.
        let mut g = ending(["SQ H5 H9", "HT C8 D2"], Suit::Clubs);
        play(&mut g, "attack H9");
        assert_eq!((g.value_bounds(1), g.value_bounds(0)), ((1, 1), (0, 0)));
        // Beating D9 and D4 leaves the maria, which the attacker must take, and then C8.
        let mut g = ending(["H2 D4 D9", "SQ D5 DT C8"], Suit::Clubs);
        play(&mut g, "attack D4 D9");
        assert_eq!(g.value_bounds(1), (1, 1));
        // Here the attacker beats both D2 and S3.
        let mut g = ending(["SQ S5 H9 D7", "HT D2 S3"], Suit::Clubs);
        play(&mut g, "attack H9");
        assert_eq!((g.value_bounds(1), g.value_bounds(0)), ((0, 1), (0, 1)));
        // C9 is taken, so the attacker attacks again, with H4 H6 at once.
        let mut g = ending(["C5 C9 H4 H6", "SQ C7 D2 D5 S4"], Suit::Clubs);
        play(&mut g, "attack C5 C9");
        assert_eq!((g.value_bounds(0), g.value_bounds(1)), ((1, 1), (0, 0)));
        // With two suits left the defender may beat both with the trumps it picks up.
        let mut g = ending(["C5 C9 H4 D6", "SQ C7 D2 D5 S4"], Suit::Clubs);
        play(&mut g, "attack C5 C9");
        assert_eq!(g.value_bounds(0), (0, 1));
    }

    #[test]
    fn an_analysis_value_is_the_best_of_its_moves_asked_one_by_one() {
        let mut scored = 0;
        for seed in 0..6 {
            let body =
                json!({ "variant": "standard", "seed": seed, "options": { "num_players": 2 } });
            let deal = call(Mustamaija::NAME, Route::Deal, body);
            // Random play until the talon is empty and few cards are left, on to a choice.
            let position = walk(
                Mustamaija::NAME,
                deal["position"].clone(),
                seed,
                |p, legal| {
                    let state = &p["state"];
                    let held: usize = state["hands"]
                        .as_array()
                        .expect("hands")
                        .iter()
                        .map(|h| h.as_array().map_or(0, Vec::len))
                        .sum();
                    let talon = state["talon"].as_array().map_or(0, Vec::len);
                    talon > 0 || held > 10 || legal["count"] == json!(1)
                },
            );
            if !call(
                Mustamaija::NAME,
                Route::LegalMoves,
                json!({ "position": position }),
            )["to_move"]
                .is_null()
            {
                scored += value_is_best_of_moves(Mustamaija::NAME, &position);
            }
        }
        assert!(scored >= 8, "{scored}");
    }

    #[test]
    fn positions_beyond_the_exact_search_are_estimated_to_a_depth() {
        let deal = call(
            Mustamaija::NAME,
            Route::Deal,
            json!({ "variant": "standard", "seed": 1 }),
        );
        let body = json!({ "position": deal["position"], "method": "exact" });
        let answer = call(Mustamaija::NAME, Route::Analyze, body);
        assert_eq!(answer["exact"], json!(false));
        assert!(answer["why_estimate"]
            .as_str()
            .is_some_and(|w| w.contains("4 players holding cards")));
        let legal = call(
            Mustamaija::NAME,
            Route::LegalMoves,
            json!({ "position": deal["position"] }),
        );
        let moves = answer["moves"].as_array().expect("moves");
        assert_eq!(Some(moves.len() as u64), legal["count"].as_u64());
        let mut best = f64::MIN;
        for scored in moves {
            assert_eq!(scored["certainty"], "estimate");
            let value = scored["value"].as_f64().expect("a value");
            assert!((0.0..=1.0).contains(&value), "{scored}");
            best = best.max(value);
        }
        assert_eq!(answer["value"].as_f64(), Some(best));
        assert!(answer["stats"]["nodes"].as_u64().expect("nodes") <= 1_000_000 + 1_000);
    }

    /// Searched deep enough to reach the end of every line, the estimate is the exact value.
    #[test]
    fn an_estimate_that_reaches_every_end_is_the_exact_value() {
        let mut checked = 0;
        for seed in 0..3000 {
            let Some(g) = small("standard", seed, 4 + (seed % 2) as u32) else {
                continue;
            };
            let exact = analyze(&g, None, Budget::default());
            let found = estimate(&g, None, Budget::default()).expect("an estimate");
            for (scored, &(mv, value)) in exact.moves.iter().zip(&found.moves) {
                assert_eq!(scored.mv, mv);
                assert_eq!(scored.low * MILLI, value, "seed {seed} {mv:?}");
            }
            checked += 1;
        }
        assert!(checked > 300, "{checked}");
    }
}
