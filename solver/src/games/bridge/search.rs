//! What the exact search needs of bridge: the value is the tricks of a side over the deal.
//!
//! - Bounds: the tricks won, plus at most the tricks left; at the start of a trick, the
//!   leader's *quick tricks* (winners it can cash from its own hand without losing the lead,
//!   or from its partner's after a lead to the partner's top card of a suit, or first its own
//!   and then the partner's, as DDS counts them) raise the
//!   leader's side's floor and lower the other side's ceiling; after a lead, the second
//!   hand's side's quick tricks (it wins the trick and, in no trump, cashes on) do the same.
//!   In no trump, a side on lead that tops too few suits to lead every trick left from them
//!   cannot take them all; with trumps, the best two split between a side's hands (one with
//!   a trump to spare) take two tricks, and the side not on lead takes one with a guarded
//!   second-best trump sitting right after the best or backed by the third-best (DDS's
//!   later tricks).
//!   Each count stops once it decides the search's window (DDS's QuickTricks stops at its
//!   target) and names only the cards its tricks depend on: none where lengths alone decide.
//! - The table key holds the *relative* ranks of the cards still in play (a hand's ace is the
//!   same card as its king once the ace of every other hand is gone), the trick so far and the
//!   leader; values are stored relative to the tricks already won. Beside it, partition
//!   search ([`super::partition`]): every bound comes with the cards it depended on.
//! - Equivalent cards: two cards of one hand and suit with only that hand's cards and cards
//!   of finished tricks between them (a run, searched once by its highest card); and once
//!   one card is searched, every other card of its suit lower than
//!   each card of that suit its answer depended on (DDS's "small cards", after Kuijf).
//! - Move order: cheap winners first when the opponents hold the trick (first those the next
//!   hand cannot beat), low cards when the partner holds it, discards from long suits; leads
//!   weighed by who holds the suit's top three cards and how many cards the opponents can
//!   play to it (after DDS's lead weights: winners in short suits for the opponents first,
//!   leads through their honours next).

use super::{partition, Bridge};
use crate::cards::{Card, CardSet};
use crate::game::mix;
use crate::search::Searchable;
use crate::suited::{power_of, suit_of, Suit};

/// The 16-bit lane of `suit` in a card set.
pub(super) fn lane(set: CardSet, suit: Suit) -> u32 {
    ((set.bits() >> (16 * suit as u32)) & 0xffff) as u32
}

/// Every suit, as a mask of suit bits.
const ALL_SUITS: u32 = 0b1111;

/// The 13 cards of every suit, as card bits.
const ALL_RANKS: u64 = 0x1fff_1fff_1fff_1fff;

/// The `k`-th highest card of a lane (from 1), as a lane bit; 0 for `k` = 0.
fn nth_highest(mut lane: u32, k: u32) -> u32 {
    let mut bit = 0;
    for _ in 0..k.min(lane.count_ones()) {
        bit = 1 << top_bit(lane);
        lane &= !bit;
    }
    bit
}

/// The tricks a side still needs to reach a bound `gap` above what it has, of `left`: what
/// a count of sure tricks stops at.
fn needed(gap: i32, left: i32) -> u32 {
    gap.clamp(0, left) as u32
}

/// One suit's quick tricks for a seat ([`RunTable::suit_run`]).
#[derive(Clone, Copy)]
struct SuitRun {
    tricks: u32,
    /// The cards above every other hand's (every card where lengths alone decide).
    tops: u32,
    /// The lowest card a count beyond the top cards depends on (with every higher one);
    /// 0 where lengths alone decide.
    named_below_tops: u32,
}

impl SuitRun {
    /// The card a count of the run's first `k` tricks depends on, with every higher one.
    fn named(&self, k: u32) -> u32 {
        if self.named_below_tops == 0 {
            0
        } else if k <= self.tops.count_ones() {
            nth_highest(self.tops, k)
        } else {
            self.named_below_tops
        }
    }
}

/// Per suit, every bit of its lane where `cards` hold a card of the suit, else none.
fn held_lanes(cards: u64) -> u64 {
    // A lane holds at most its 13 low bits, so adding 0x7fff carries into its top bit
    // exactly when it is not empty, and never into the next lane.
    let tops = (cards + 0x7fff_7fff_7fff_7fff) & 0x8000_8000_8000_8000;
    (tops >> 15) * 0xffff
}

/// Every bit of the lanes of the suits of the mask `suits`.
fn suit_lanes(suits: u32) -> u64 {
    let s = u64::from(suits);
    ((s & 1) | (s & 2) << 15 | (s & 4) << 30 | (s & 8) << 45) * 0xffff
}

/// The highest bit of a non-empty lane.
fn top_bit(lane: u32) -> u32 {
    31 - lane.leading_zeros()
}

/// At most the tricks a side holding the lanes `ours` of a suit takes in a row in it, none
/// ruffed: its longer hand's length, and no further than the first round its next highest
/// card is beaten by the top card of an opponent still holding the suit (an opponent keeps
/// its top card while it has a lower one to play). While both opponents hold the suit the
/// side's cards above both win; once the shorter is out, those above the longer's.
fn suit_ceiling(ours: [u32; 2], opponents: [u32; 2]) -> u32 {
    let longer = ours[0].count_ones().max(ours[1].count_ones());
    let cards = ours[0] | ours[1];
    let [shorter, longest] = if opponents[0].count_ones() <= opponents[1].count_ones() {
        opponents
    } else {
        [opponents[1], opponents[0]]
    };
    let over_both = above(cards, shorter | longest).count_ones();
    if over_both < shorter.count_ones() {
        return over_both.min(longer);
    }
    let over_longest = above(cards, longest).count_ones();
    if over_longest < longest.count_ones() {
        return over_longest.min(longer);
    }
    longer
}

/// The cards of the lane `cards` above every card of the lane `others` (all where it is empty).
fn above(cards: u32, others: u32) -> u32 {
    if others == 0 {
        cards
    } else {
        cards & !((2 << top_bit(others)) - 1)
    }
}

impl Bridge {
    pub(super) fn in_hands(&self) -> CardSet {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    /// Tricks the leader can take one after another from its own hand, keeping the lead,
    /// counted until `need` ([`Bridge::quick_tricks_of`]; in no trump with the partner's
    /// cards falling under the leader's: [`cashed_in_turn`]); also the cards the count
    /// depends on.
    fn quick_tricks(&self, need: u32) -> (u32, u64) {
        self.quick_tricks_of(self.leader as usize, ALL_SUITS, need, true)
    }

    /// [`Bridge::quick_tricks`] with the leader's cards counted only above the partner's
    /// (what the counts through the partner build on, the leader's cards being counted
    /// again after the partner's): asked first, as it names fewer cards.
    fn quick_tricks_over_partner(&self, need: u32) -> (u32, u64) {
        self.quick_tricks_of(self.leader as usize, ALL_SUITS, need, false)
    }

    /// [`Bridge::quick_tricks`] of the leader's partner, reached by a lead to a suit whose
    /// highest card in play it holds, when the leader holds that suit and neither opponent
    /// can ruff it (the partner's count includes that trick). Also the cards it depends on.
    /// `own` is the leader's [`Bridge::quick_tricks_over_partner`], fewer than `need`.
    fn quick_tricks_through_partner(&self, need: u32, own: (u32, u64)) -> (u32, u64) {
        let seat = self.leader as usize;
        let partner = (seat + 2) % 4;
        let in_play = self.in_hands();
        let opponents = [self.hands[(seat + 1) % 4], self.hands[(seat + 3) % 4]];
        let entry = Suit::ALL.into_iter().find(|&suit| {
            let cards = lane(in_play, suit);
            let ruffable = self.cfg.trump.is_some_and(|t| {
                t != suit
                    && opponents
                        .iter()
                        .any(|&o| lane(o, suit) == 0 && lane(o, t) != 0)
            });
            cards != 0
                && lane(self.hands[partner], suit) >> top_bit(cards) != 0
                && lane(self.hands[seat], suit) != 0
                && !ruffable
        });
        let Some(suit) = entry else {
            return (0, 0);
        };
        let top = 1u64 << (16 * suit as u32 + top_bit(lane(in_play, suit)));
        let (mut count, mut relevant) = self.quick_tricks_of(partner, ALL_SUITS, need, false);
        if count < need {
            let back = count + 1 + own.0;
            if let Some(second) = self.return_to_leader(suit, back) {
                (count, relevant) = (back, relevant | second | own.1);
            }
        }
        if count >= need {
            return (count, relevant | top);
        }
        let (cashed, cashed_relevant) = self.cashed_before_the_entry(suit, need, own);
        if cashed > count {
            (cashed, cashed_relevant | top)
        } else {
            (count, relevant | top)
        }
    }

    /// No trump: [`Bridge::quick_tricks`] of the leader's partner, reached by the leader's
    /// lowest card of a suit to the partner's cheapest card above every opponent's of it,
    /// where the leader holds a higher card (so [`Bridge::quick_tricks_through_partner`]'s
    /// entry, the suit's top card, is the leader's): that trick, the partner's quick tricks in
    /// the other suits, and where that falls short of `need`, a lead back in the suit to the
    /// leader's top card and the leader's own quick tricks (`own`, its
    /// [`Bridge::quick_tricks_over_partner`], fewer than `need`), where each holds a card of
    /// the suit to spare and the leader a card for every trick counted. Also the cards it
    /// depends on (the suit's from the partner's card up, and the counts').
    fn quick_tricks_under_the_leaders(&self, need: u32, own: (u32, u64)) -> (u32, u64) {
        if self.cfg.trump.is_some() {
            return (0, 0);
        }
        let seat = self.leader as usize;
        let partner = (seat + 2) % 4;
        let theirs_all = self.hands[(seat + 1) % 4] | self.hands[(seat + 3) % 4];
        let mut best = (0, 0);
        for suit in Suit::ALL {
            let [mine, partners] = [seat, partner].map(|s| lane(self.hands[s], suit));
            let above_theirs = above(partners, lane(theirs_all, suit));
            let winner = above_theirs & above_theirs.wrapping_neg();
            if winner == 0 || mine & (winner - 1) == 0 || top_bit(mine) < top_bit(partners) {
                continue;
            }
            let others = ALL_SUITS & !(1 << suit as u32);
            let (more, relevant) =
                self.quick_tricks_of(partner, others, need.saturating_sub(1), false);
            let mut count = (1 + more, relevant | u64::from(winner) << (16 * suit as u32));
            let back = count.0 + own.0;
            if count.0 < need && self.hands[seat].len() >= back && self.leads_back(suit) {
                count = (back, count.1 | own.1);
            }
            if count.0 > best.0 {
                best = count;
            }
        }
        best
    }

    /// Whether, after the lead of `entry` to the partner and the partner's quick tricks in
    /// the other suits ([`Bridge::quick_tricks_under_the_leaders`]), the partner can lead to
    /// a top card of the leader's that the leader's own quick tricks count: in `entry` where
    /// the partner has a second card, or in a suit whose top card in play is the leader's
    /// and where the partner holds a card. Only where the leader's count in `entry` is its
    /// top cards alone, so not the card it led.
    fn leads_back(&self, entry: Suit) -> bool {
        let seat = self.leader as usize;
        let lanes = |suit| [0, 1, 2, 3].map(|k| lane(self.hands[(seat + k) % 4], suit));
        // The leader's cards above every other hand's, where the partner holds the suit.
        let tops = |[mine, left, partners, right]: [u32; 4]| {
            (partners != 0).then(|| above(mine, partners | left | right).count_ones())
        };
        let in_entry @ [_, left, partners, right] = lanes(entry);
        let top = tops(in_entry).unwrap_or(0);
        // Where [`cashed_over_partner`] counts every card of the leader's (its other case,
        // the partner's cards all below the leader's, cannot arise: one beats the card led).
        if top >= left.count_ones().max(right.count_ones()) && partners.count_ones() <= top {
            return false;
        }
        partners.count_ones() >= 2
            || Suit::ALL
                .into_iter()
                .any(|suit| suit != entry && tops(lanes(suit)).is_some_and(|t| t > 0))
    }

    /// No trump: after the lead to the partner's top card of `entry` and the partner's
    /// tricks in a row (that one included), a lead back in `entry` to the leader's card next
    /// below it, then the highest left: one trick more, where each hand holds a card of the
    /// suit to spare and the leader a card for each of the `tricks` counted in all (the
    /// partner's, this one and the leader's own after it). The card it depends on (with
    /// every higher one).
    fn return_to_leader(&self, entry: Suit, tricks: u32) -> Option<u64> {
        let seat = self.leader as usize;
        let partner = (seat + 2) % 4;
        let cards = lane(self.in_hands(), entry);
        let second = nth_highest(cards, 2);
        let [own, partners] = [seat, partner].map(|s| lane(self.hands[s], entry));
        let fits = self.cfg.trump.is_none()
            && own & second != 0
            && own.count_ones() >= 2
            && partners.count_ones() >= 2
            && self.hands[seat].len() >= tricks;
        fits.then(|| u64::from(second) << (16 * entry as u32))
    }

    /// The leader's own quick tricks outside the entry suit `entry`, cashed first, then the
    /// partner's after the lead to it, in the entry suit and the suits the leader does not
    /// hold (so no winner falls on the other hand's); counted when the partner has a card to
    /// spare for each of the leader's winners, until `need`. Also the cards the count
    /// depends on. `own` is the leader's [`Bridge::quick_tricks_over_partner`], fewer than `need`.
    fn cashed_before_the_entry(&self, entry: Suit, need: u32, own: (u32, u64)) -> (u32, u64) {
        let seat = self.leader as usize;
        let partner = (seat + 2) % 4;
        // The leader's count over every suit stopped short of `need`, so every suit's part
        // is whole in it: without the entry suit's part, it is the count elsewhere.
        let (in_entry, _) = self.quick_tricks_of(seat, 1 << entry as u32, need, false);
        let own_relevant = own.1 & !(0xffff << (16 * entry as u32));
        let own = own.0 - in_entry;
        let partners_suits = Suit::ALL
            .into_iter()
            .filter(|&s| s == entry || lane(self.hands[seat], s) == 0)
            .fold(0, |m, s| m | 1 << s as u32);
        let (theirs, their_relevant) =
            self.quick_tricks_of(partner, partners_suits, need.saturating_sub(own), false);
        if own + theirs <= self.hands[partner].len() {
            (own + theirs, own_relevant | their_relevant)
        } else {
            (0, 0)
        }
    }

    /// Quick tricks of `seat` in the suits of the mask `suits` ([`RunTable::suit_run`]), counted
    /// until `need`: first the suits whose count names no card (nobody else holds them or can
    /// ruff them), then a suit's top cards one by one; `in_turn`: with the partner's cards
    /// falling under them ([`cashed_in_turn`]). Also the cards the count depends on.
    fn quick_tricks_of(&self, seat: usize, suits: u32, need: u32, in_turn: bool) -> (u32, u64) {
        if need == 0 {
            return (0, 0);
        }
        let table = RunTable::of(self, seat, in_turn);
        let asked = suit_lanes(suits);
        let free = table.free_lanes(self) & asked;
        let free_tricks = (table.hand.bits() & free).count_ones();
        if free_tricks >= need {
            return (need, 0);
        }
        let (mut total, mut relevant) = (free_tricks, 0u64);
        for suit in Suit::ALL {
            if (asked & !free) >> (16 * suit as u32) & 1 == 0 {
                continue;
            }
            let Some(run) = table.suit_run(self, suit) else {
                continue;
            };
            let k = run.tricks.min(need - total);
            total += k;
            relevant |= u64::from(run.named(k)) << (16 * suit as u32);
            if total >= need {
                break;
            }
        }
        (total, relevant)
    }

    /// Bounds inside a trick no card has decided yet: after the lead, the second hand's
    /// side's quick tricks raise its floor and lower the other side's ceiling, counted until
    /// they decide the window `(alpha, beta)`.
    fn second_hand_bounds(
        &self,
        side: usize,
        (won, left): (i32, i32),
        (alpha, beta): (i32, i32),
    ) -> ((i32, u64), (i32, u64)) {
        if self.trick_len != 1 {
            return ((won, 0), (won + left, 0));
        }
        if (usize::from(self.leader) + 1) % 2 == side {
            let (tricks, relevant) = self.second_hand_quick_tricks(needed(beta - won, left));
            ((won + tricks as i32, relevant), (won + left, 0))
        } else {
            let need = needed((won + left).saturating_sub(alpha), left);
            let (tricks, relevant) = self.second_hand_quick_tricks(need);
            ((won, 0), (won + left - tricks as i32, relevant))
        }
    }

    /// DDS's quick tricks of the second hand, counted until `need`: once a card is led, the
    /// tricks the second hand's side is sure to take from here when it can win this trick, by
    /// a ruff the third hand cannot overruff or with the suit's highest card; in no trump
    /// also, by the hand that wins it, its next card of the suit when that is the highest
    /// left, then its top card of each other suit and every card of a suit nobody else holds.
    /// Also the cards the count depends on.
    fn second_hand_quick_tricks(&self, need: u32) -> (u32, u64) {
        if need == 0 {
            return (0, 0);
        }
        let suit = suit_of(self.trick[0]);
        let second = (self.leader as usize + 1) % 4;
        let [third, fourth] = [(second + 1) % 4, (second + 2) % 4];
        let held = |seat: usize, s: Suit| lane(self.hands[seat], s);
        let ruffs = |seat: usize| {
            let trump = self.cfg.trump.filter(|&t| t != suit);
            trump.is_some_and(|t| held(seat, suit) == 0 && held(seat, t) != 0)
        };
        if ruffs(third) {
            return (0, 0);
        }
        if ruffs(second) || ruffs(fourth) {
            return (1, 0);
        }
        let ours = held(second, suit) | held(fourth, suit);
        let theirs = held(third, suit) | 1 << power_of(self.trick[0]);
        if ours == 0 || top_bit(ours) < top_bit(theirs) {
            return (0, 0);
        }
        let top = 1u32 << top_bit(ours);
        let relevant = u64::from(top) << (16 * suit as u32);
        if self.cfg.trump.is_some() || need == 1 {
            return (1, relevant);
        }
        let winner = if held(second, suit) & top != 0 {
            second
        } else {
            fourth
        };
        let (more, more_relevant) = self.cashed_after_winning(winner, suit, need - 1);
        (1 + more, relevant | more_relevant)
    }

    /// No trump: the tricks `seat` takes in a row on winning a trick of `suit` with its top
    /// card of it, counted until `need`: every card of a suit nobody else holds first, then
    /// its next card of `suit` when that is the highest left and its top card of each other
    /// suit. Also the cards they depend on.
    fn cashed_after_winning(&self, seat: usize, suit: Suit, need: u32) -> (u32, u64) {
        let in_play = self.in_hands();
        let mut tricks = 0;
        let mut relevant = 0u64;
        for free in [true, false] {
            for s in Suit::ALL {
                if tricks >= need {
                    return (tricks, relevant);
                }
                let mine = lane(self.hands[seat], s);
                let others = lane(in_play - self.hands[seat], s);
                let shift = 16 * s as u32;
                if s != suit && mine != 0 && others == 0 {
                    tricks += if free { mine.count_ones() } else { 0 };
                    continue;
                }
                if free {
                    continue;
                }
                let winner = if s == suit {
                    mine & !(1 << top_bit(mine))
                } else {
                    mine
                };
                if winner != 0 && (others == 0 || top_bit(winner) > top_bit(others)) {
                    tricks += 1;
                    relevant |= u64::from(1u32 << top_bit(winner)) << shift;
                }
            }
        }
        (tricks, relevant)
    }

    /// No trump: whether the side on lead cannot take every trick left (DDS's later tricks).
    /// It must lead every trick in a suit whose highest card it holds (an opponent holding it
    /// would win), and it can lead a suit at most as often as the longer of its two hands
    /// holds it. Also the cards that depends on: the opponents' top cards (moving one to the
    /// side on lead could give it more leads), where another hand holds the suit. (Applied
    /// also in trump contracts once the trumps are out, it cost them nodes.)
    fn leads_run_out(&self) -> Option<u64> {
        if self.cfg.trump.is_some() {
            return None;
        }
        let in_play = self.in_hands();
        let leader = self.leader as usize;
        let hands = [leader, (leader + 2) % 4].map(|s| self.hands[s]);
        let (mut leads, mut relevant) = (0, 0u64);
        for suit in Suit::ALL {
            let cards = lane(in_play, suit);
            if cards == 0 {
                continue;
            }
            let top = 1u32 << top_bit(cards);
            let [own, partner] = hands.map(|h| lane(h, suit));
            if (own | partner) & top != 0 {
                leads += own.count_ones().max(partner.count_ones());
            } else if [1, 3]
                .iter()
                .all(|o| lane(self.hands[(leader + o) % 4], suit) != cards)
            {
                relevant |= u64::from(top) << (16 * suit as u32);
            }
        }
        (leads < self.tricks_left()).then_some(relevant)
    }

    /// Whether `side`, not on lead and with no trump above all the opponents', is sure of a
    /// trick with its second-best trump (DDS's later tricks), held with a trump to spare, when
    /// the best one sits right before it or `side` also holds the third-best. Until `side`
    /// wins a trick the opponents lead: the second-best wins where the best is not played
    /// in its trick, else it (or the third-best) is the best left. Also the cards that
    /// depends on: the top trumps down to the lowest of those named.
    fn trick_under_the_best_trump(&self, side: usize) -> Option<u64> {
        let trump = self.cfg.trump?;
        let trumps = lane(self.in_hands(), trump);
        let [best, second, third] = [1, 2, 3].map(|k| nth_highest(trumps, k));
        let ours = lane(self.hands[side] | self.hands[(side + 2) % 4], trump);
        let holder = [side, side + 2]
            .into_iter()
            .find(|&s| lane(self.hands[s], trump) & second != 0)?;
        if lane(self.hands[holder], trump).count_ones() < 2 {
            return None;
        }
        let shift = 16 * trump as u32;
        if lane(self.hands[(holder + 3) % 4], trump) & best != 0 {
            Some(u64::from(second) << shift)
        } else if third != 0 && ours & third != 0 && ours & best == 0 {
            Some(u64::from(third) << shift)
        } else {
            None
        }
    }

    /// At most the tricks any count of the floor gives `side` on lead (its sure trump tricks
    /// and its quick tricks): per suit ([`suit_ceiling`]), ruffs left out (none is counted);
    /// in a side suit no more than the length there of an opponent holding a trump (the
    /// counts stop where it could ruff).
    fn quick_tricks_ceiling(&self, side: usize) -> u32 {
        let held = |seat: usize, suit: Suit| lane(self.hands[seat % 4], suit);
        let opponents = [side + 1, side + 3];
        Suit::ALL
            .iter()
            .map(|&suit| {
                let ours = [held(side, suit), held(side + 2, suit)];
                let ceiling = suit_ceiling(ours, opponents.map(|o| held(o, suit)));
                let ruffers = self.cfg.trump.filter(|&t| t != suit).map(|t| {
                    opponents
                        .iter()
                        .filter(|&&o| held(o, t) != 0)
                        .map(|&o| held(o, suit).count_ones())
                        .min()
                });
                match ruffers.flatten() {
                    Some(length) => ceiling.min(length),
                    None => ceiling,
                }
            })
            .sum()
    }

    /// Tricks `side`'s trumps are sure to take, counted until `need`: every trump of one hand
    /// above all the opponents' trumps wins the trick it falls in (all cards are played by
    /// the end), and the cards of one hand fall in different tricks. Also the lowest trump
    /// counted, where the opponents hold a trump (else lengths alone decide).
    fn sure_trump_tricks(&self, side: usize, need: u32) -> (u32, u64) {
        let Some(trump) = self.cfg.trump else {
            return (0, 0);
        };
        let theirs = lane(
            self.hands[(side + 1) % 4] | self.hands[(side + 3) % 4],
            trump,
        );
        let above = if theirs == 0 { 0 } else { top_bit(theirs) + 1 };
        let counted = [side, side + 2].map(|s| lane(self.hands[s], trump) >> above << above);
        let most = if counted[0].count_ones() >= counted[1].count_ones() {
            counted[0]
        } else {
            counted[1]
        };
        let shift = 16 * trump as u32;
        let spare = |s: usize| lane(self.hands[s], trump).count_ones() >= 2;
        if most.count_ones() == 1
            && need >= 2
            && counted.iter().all(|&c| c != 0)
            && (spare(side) || spare(side + 2))
        {
            // The top two trumps in different hands, one of them with a trump to spare: the
            // two never fall in one trick (DDS's later tricks).
            return (2, u64::from(counted[0].min(counted[1])) << shift);
        }
        let k = most.count_ones().min(need);
        let lowest = if theirs == 0 { 0 } else { nth_highest(most, k) };
        (k, u64::from(lowest) << shift)
    }

    /// Whether no seat still to play to the trick in progress can beat the card winning it.
    fn trick_decided(&self) -> bool {
        let winner = self.trick[self.winning_offset()];
        let led = suit_of(self.trick[0]);
        (self.trick_len..4).all(|offset| {
            let hand = self.hands[((self.leader + offset) % 4) as usize];
            let following = lane(hand, led);
            if following != 0 {
                return suit_of(winner) == led && following >> (power_of(winner) + 1) == 0;
            }
            self.cfg.trump.is_none_or(|t| {
                let trumps = lane(hand, t);
                trumps == 0 || suit_of(winner) == t && trumps >> (power_of(winner) + 1) == 0
            })
        })
    }

    /// The cards a decided trick's winner (at `offset`) depends on: none where it beat no
    /// card of its suit and no hand still to play holds that suit (lengths decide), else
    /// the winning card.
    fn decided_winner_relevant(&self, offset: usize) -> u64 {
        let winner = self.trick[offset];
        let played = &self.trick[..self.trick_len as usize];
        let suit = suit_of(winner);
        let later_hold = (self.trick_len..4)
            .any(|o| lane(self.hands[((self.leader + o) % 4) as usize], suit) != 0);
        if later_hold || partition::won_by_rank(played, winner) {
            winner.bit()
        } else {
            0
        }
    }

    /// A hash of the position in which every card in play is named by its suit and its rank
    /// among the cards of that suit still in play.
    fn relative_key(&self) -> u64 {
        let trick = self.trick_cards();
        let in_play = self.in_hands() | trick;
        let mut h = 0x6272_6964_6765_0002;
        for hand in self.hands {
            h = mix(h, relative(hand, in_play));
        }
        for &card in &self.trick[..self.trick_len as usize] {
            h = mix(h, relative(CardSet::single(card), in_play));
        }
        mix(h, self.small_state() & !(0xffff << 8))
    }
}

impl Bridge {
    /// How much a discard from `suit` is preferred: from long suits, not from a guarded
    /// second-best card or a bare top card.
    #[inline]
    fn discard_weight(&self, seat: usize, suit: Suit) -> i32 {
        let length = lane(self.hands[seat], suit).count_ones() as i32;
        let holds = |place: usize| self.holders(suit)[place] == Some(seat);
        length * 3
            - match length {
                2 if holds(1) => 6,
                1 if holds(0) => 8,
                _ => 0,
            }
    }

    /// The seats holding the highest cards of `suit` in play, highest first (`None` past
    /// the last card).
    fn holders(&self, suit: Suit) -> [Option<usize>; 3] {
        let cards = lane(self.in_hands(), suit).count_ones();
        self.shape.top_holders(suit, cards)
    }

    /// With one card in the trick: whether the fourth hand wins it whatever the third hand
    /// plays, the third hand following suit: the fourth's best card that could win beats
    /// the lead and every card of the third.
    fn last_hand_wins(&self) -> bool {
        let lead = self.trick[0];
        let led = suit_of(lead);
        let third = self.hands[(self.leader as usize + 2) % 4] & led.mask();
        let fourth = self
            .winning_cards((self.leader as usize + 3) % 4, Some(led))
            .highest();
        match (third.highest(), fourth) {
            (Some(third), Some(fourth)) => self.beats(fourth, lead) && self.beats(fourth, third),
            _ => false,
        }
    }

    /// The cards of `seat` that could win a trick of the `led` suit: its cards of that suit,
    /// or its trumps when void in it.
    fn winning_cards(&self, seat: usize, led: Option<Suit>) -> CardSet {
        let hand = self.hands[seat];
        let follows = led.map_or(CardSet::EMPTY, |s| hand & s.mask());
        match self.cfg.trump {
            Some(t) if follows.is_empty() => hand & t.mask(),
            _ => follows,
        }
    }

    /// A lead's ordering weight: leads that win the trick for the leader's side first, in
    /// suits where the opponents hold few cards (a smaller tree) and no opponent can ruff,
    /// a low card where the partner holds the top one; then leads that set up the side's
    /// honours or lead through the opponents'.
    #[inline]
    fn lead_weight(&self, card: Card, (lead, base): &(Lead, i32)) -> i32 {
        let suit = suit_of(card);
        let in_play = lane(self.in_hands(), suit);
        let rank = (in_play & ((1 << power_of(card)) - 1)).count_ones() as i32;
        let top_card = u32::from(power_of(card)) == top_bit(in_play);
        if top_card {
            base + lead.winning_weight() + rank
        } else if lead.first == Some(lead.partner) {
            // Towards the partner's top card: low cards first (DDS's relative ranks count
            // from the top), ahead of other leads.
            base + lead.winning_weight() + PARTNER_TOP_LEAD - rank
        } else {
            let below = in_play & ((1 << power_of(card)) - 1);
            let sequence =
                below != 0 && lane(self.hands[lead.seat], suit) >> top_bit(below) & 1 != 0;
            let second_best =
                lead.second == Some(lead.seat) && rank == in_play.count_ones() as i32 - 2;
            base + lead.losing_weight(rank, sequence, second_best)
        }
    }
}

/// The weight a lead towards the partner's top card gains over the lead of the leader's own
/// top card of a suit, less the lead's rank (measured on 10 oracle deals: 20 to 70 all gain,
/// 35 most).
const PARTNER_TOP_LEAD: i32 = 35;

/// The cards of `hand` whose next card above still out (not in the finished tricks,
/// `played`) is also `hand`'s: each is equivalent to that card, below the top of its run.
fn run_continuations(hand: u64, played: u64) -> u64 {
    // The places from which the next card out, upwards, is the hand's: the hand's cards
    // and, filled down through runs of played cards, the played cards below them (a lane's
    // bits above its 13 ranks are never played, so no fill crosses into another suit).
    let mut reaches = hand;
    let mut through = played & ALL_RANKS;
    for shift in [1, 2, 4, 8] {
        reaches |= through & reaches >> shift;
        through &= through >> shift;
    }
    hand & reaches >> 1
}

/// What a seat's quick tricks read of the hands, once per count.
struct RunTable {
    hand: CardSet,
    partner: CardSet,
    opponents: [CardSet; 2],
    /// The cards in play outside `hand`.
    others: CardSet,
    /// Per opponent, whether it holds a trump.
    trump_holders: [bool; 2],
    /// Whether the partner's cards may fall under the seat's ([`cashed_in_turn`]).
    in_turn: bool,
}

impl RunTable {
    fn of(game: &Bridge, seat: usize, in_turn: bool) -> RunTable {
        let opponents = [game.hands[(seat + 1) % 4], game.hands[(seat + 3) % 4]];
        let trump_holders = game
            .cfg
            .trump
            .map_or([false; 2], |t| opponents.map(|o| lane(o, t) != 0));
        RunTable {
            hand: game.hands[seat],
            partner: game.hands[(seat + 2) % 4],
            opponents,
            others: game.in_hands() - game.hands[seat],
            trump_holders,
            in_turn: in_turn && game.cfg.trump.is_none(),
        }
    }

    /// The lanes of the suits whose every card `seat` cashes, lengths alone deciding: it
    /// holds them, nobody else does, and no opponent can ruff them ([`RunTable::suit_run`]).
    fn free_lanes(&self, game: &Bridge) -> u64 {
        let ruffed = game
            .cfg
            .trump
            .filter(|_| self.trump_holders != [false; 2])
            .map_or(0, |t| !t.mask().bits());
        held_lanes(self.hand.bits()) & !held_lanes(self.others.bits()) & !ruffed
    }

    /// What `seat` cashes in `suit` keeping the lead: where an opponent could ruff, its top
    /// cards (no other hand holds a higher one), capped by the length of any opponent who
    /// could ruff; else [`cashed_in_turn`] where the table counts in turn, and
    /// [`cashed_over_partner`] where it does not.
    #[inline]
    fn suit_run(&self, game: &Bridge, suit: Suit) -> Option<SuitRun> {
        let mine = lane(self.hand, suit);
        if mine == 0 {
            return None;
        }
        let others = lane(self.others, suit);
        let opponents = self.opponents.map(|o| lane(o, suit));
        let side_suit = game.cfg.trump.is_some_and(|t| t != suit);
        let ruffers = self.trump_holders.map(|holds| side_suit && holds);
        if others == 0 && ruffers == [false; 2] {
            // Lengths alone: nobody else holds the suit, nobody can ruff it.
            return Some(SuitRun {
                tricks: mine.count_ones(),
                tops: mine,
                named_below_tops: 0,
            });
        }
        let tops = above(mine, others);
        let partner = lane(self.partner, suit);
        let (tricks, named_below_tops) = if ruffers == [false; 2] && self.in_turn {
            cashed_in_turn(mine, partner, opponents)
        } else if ruffers == [false; 2] {
            cashed_over_partner(mine, tops, partner, opponents)
        } else {
            let mut safe = tops.count_ones();
            for (i, &ruffer) in ruffers.iter().enumerate() {
                if ruffer {
                    safe = safe.min(opponents[i].count_ones());
                }
            }
            (safe, tops & tops.wrapping_neg())
        };
        (tricks > 0).then_some(SuitRun {
            tricks,
            tops,
            named_below_tops,
        })
    }
}

/// The tricks a hand holding `mine` of a suit nobody can ruff takes in a row leading it,
/// keeping the lead, with its partner's cards never falling under its own: its `tops` (no
/// other hand holds a higher card), and all its cards once the opponents run out, when the
/// partner cannot overtake (its cards are lower, or it runs out under the top cards). Also
/// the lowest card that count depends on (with every higher one).
fn cashed_over_partner(mine: u32, tops: u32, partner: u32, opponents: [u32; 2]) -> (u32, u32) {
    let top = tops.count_ones();
    let lowest_top = tops & tops.wrapping_neg();
    let established = top > 0 && top >= opponents[0].count_ones().max(opponents[1].count_ones());
    if established && (partner.count_ones() <= top || partner < 1 << mine.trailing_zeros()) {
        let named = if partner.count_ones() <= top {
            lowest_top
        } else {
            mine & mine.wrapping_neg()
        };
        (mine.count_ones(), named)
    } else {
        (top, lowest_top)
    }
}

/// The tricks a hand holding `mine` of a suit nobody can ruff takes in a row leading it,
/// each won by its own card (so it keeps the lead), and the lowest card that count depends
/// on (with every higher one). Its partner (holding `partner`) plays its lowest card each
/// time, and an opponent holding the suit keeps its highest card, so the `i`-th trick
/// (from 0) is won by a card above the partner's `i`-th lowest card and the top card of each
/// opponent holding more than `i` cards: the hand's top cards serve those bars, the higher
/// cards the higher bars, in whatever order it leads them (with K J against the partner's
/// Q 2, the J first and the K under which the Q falls). A bar of a card above the lowest
/// card counted is a card named; a lower one is beaten by each card counted.
fn cashed_in_turn(mine: u32, partner: u32, opponents: [u32; 2]) -> (u32, u32) {
    // The bars, as a rank plus one (0: no card to beat), highest first.
    let mut bars = [0u32; 13];
    let (mut lows, mut cards) = (partner, mine);
    let mut counted = [0u32; 13];
    let mut tricks = 0;
    for i in 0..mine.count_ones() as usize {
        let mut bar = opponents
            .iter()
            .filter(|o| o.count_ones() as usize > i)
            .map(|&o| top_bit(o) + 1)
            .max()
            .unwrap_or(0);
        if lows != 0 {
            bar = bar.max(lows.trailing_zeros() + 1);
            lows &= lows - 1;
        }
        let at = bars[..i].iter().position(|&b| b < bar).unwrap_or(i);
        bars.copy_within(at..i, at + 1);
        bars[at] = bar;
        counted[i] = top_bit(cards);
        cards &= !(1 << counted[i]);
        if (0..=i).any(|j| counted[j] < bars[j]) {
            break;
        }
        tricks = i + 1;
    }
    let named = bars[..tricks].iter().take_while(|&&b| b > 0).count();
    let lowest = if named == 0 {
        0
    } else {
        1 << counted[named - 1]
    };
    (tricks as u32, lowest)
}

/// What a seat following to a trick sees, for ordering its cards.
struct Follow {
    seat: usize,
    winner: Card,
    partner_wins: bool,
    led: Option<Suit>,
    /// For the second and third hands: the next hand's (an opponent's) highest card that
    /// could win the trick (of the led suit, or a trump when void in it; `Some(None)`: none).
    /// Beating is by rank within one suit, so it beats a card if any of its cards does.
    rival: Option<Option<Card>>,
    /// For the second hand: its partner, last to play, wins the trick whatever the third
    /// hand plays (the third hand follows suit, and the partner holds the suit's best card
    /// of the two or can ruff), so low cards and discards come first (DDS's weights).
    partner_last_wins: bool,
}

impl Follow {
    fn of(game: &Bridge) -> Follow {
        let seat = game.seat_to_move() as usize;
        let offset = game.winning_offset();
        let led = game.led_suit();
        let rival = (game.trick_len == 1 || game.trick_len == 2)
            .then(|| game.winning_cards((seat + 1) % 4, led).highest());
        Follow {
            seat,
            winner: game.trick[offset],
            partner_wins: (game.leader as usize + offset) % 2 == seat % 2,
            led,
            rival,
            partner_last_wins: game.trick_len == 1 && game.last_hand_wins(),
        }
    }

    /// Whether the next hand (for the second and third hands) can beat `card` were it winning.
    fn rival_beats(&self, game: &Bridge, card: Card) -> bool {
        self.rival.flatten().is_some_and(|c| game.beats(c, card))
    }

    /// Cheap winners first when the opponents hold the trick, low cards when the partner
    /// does, never a ruff of the partner's winner; a discard's suit weighs `discard`. Before
    /// the last hand, winners the next hand cannot beat come first (also over a partner's
    /// card it could beat), then those it could, then low cards (after DDS's weights for the
    /// second and third hands).
    #[inline]
    fn weight(&self, game: &Bridge, card: Card, discard: i32) -> i32 {
        let power = i32::from(power_of(card));
        let follows = Some(suit_of(card)) == self.led;
        let discard = if follows { 0 } else { discard };
        let beats = game.beats(card, self.winner);
        if self.partner_last_wins {
            return if beats && !follows {
                -100 - power
            } else {
                100 - power + discard
            };
        }
        if self.rival.is_some() {
            let holds = beats && !self.rival_beats(game, card);
            let partner_holds = self.partner_wins && !self.rival_beats(game, self.winner);
            if holds && !partner_holds {
                return 300 - power;
            }
            if beats && !holds && follows {
                return 200 - power;
            }
        }
        match (self.partner_wins, beats) {
            (true, true) if !follows => -100 - power,
            (true, _) => 100 - power + discard,
            (false, true) if game.trick_len == 3 || follows => 300 - power,
            (false, true) => 250 - power,
            (false, false) => 100 - power + discard,
        }
    }
}

/// What the leader sees of one suit, for ordering its leads: the seats around the table,
/// every hand's length and who holds the three highest cards.
struct Lead {
    seat: usize,
    lho: usize,
    partner: usize,
    rho: usize,
    suit: Suit,
    lengths: [i32; 4],
    first: Option<usize>,
    second: Option<usize>,
    third: Option<usize>,
}

impl Lead {
    fn of(game: &Bridge, suit: Suit) -> Lead {
        let seat = game.seat_to_move() as usize;
        let [first, second, third] = game.holders(suit);
        Lead {
            seat,
            lho: (seat + 1) % 4,
            partner: (seat + 2) % 4,
            rho: (seat + 3) % 4,
            suit,
            lengths: game.hands.map(|h| lane(h, suit).count_ones() as i32),
            first,
            second,
            third,
        }
    }

    /// Whether `seat` can ruff a lead of the suit.
    fn can_ruff(&self, game: &Bridge, seat: usize) -> bool {
        let trump = game.cfg.trump.filter(|&t| t != self.suit);
        trump.is_some_and(|t| self.lengths[seat] == 0 && lane(game.hands[seat], t) != 0)
    }

    /// What every lead of the suit shares: fewer opponents' choices first (their cards of
    /// the suit, or every card of a void hand, which may play any), no ruff for them, a ruff
    /// for the partner.
    fn suit_weight(&self, game: &Bridge) -> i32 {
        let choices = |seat: usize| match self.lengths[seat] {
            0 => game.hands[seat].len() as i32,
            n => n,
        };
        let mut weight = -(choices(self.lho) + choices(self.rho)) * 7;
        if self.can_ruff(game, self.lho) || self.can_ruff(game, self.rho) {
            weight -= 60;
        }
        if self.can_ruff(game, self.partner) {
            weight += if self.lengths[self.rho] > 0 { 17 } else { 0 };
        } else if self.lengths[self.partner] == 0 {
            weight -= 9;
        }
        weight
    }

    /// Whether `seat` is an opponent who holds more than a singleton (so it can keep a card
    /// back).
    fn guarded_opponent(&self, seat: Option<usize>) -> bool {
        seat.is_some_and(|s| (s == self.lho || s == self.rho) && self.lengths[s] != 1)
    }

    /// A lead of the suit's top card, or one the partner's top card wins: best where no
    /// opponent keeps the second-best card guarded, and when the left opponent's second-best
    /// card falls under the winner.
    #[inline]
    fn winning_weight(&self) -> i32 {
        let over = if self.second == Some(self.rho) && self.lengths[self.rho] != 1 {
            -1
        } else if self.second == Some(self.lho) {
            if self.lengths[self.lho] != 1 {
                22
            } else {
                16
            }
        } else {
            0
        };
        over + if self.guarded_opponent(self.second) {
            18
        } else {
            45
        }
    }

    /// A lead that does not win by rank: through the left opponent's top card towards the
    /// partner's second-best, towards the side's second and third cards, a card of a
    /// sequence that sets up a winner; low cards first under an opponent's bare top card and
    /// outside sequences; not into the right opponent's honours.
    fn losing_weight(&self, rank: i32, sequence: bool, second_best: bool) -> i32 {
        let (seat, partner, lho, rho) = (self.seat, self.partner, self.lho, self.rho);
        let mut weight = 0;
        if self.first == Some(rho) || self.second == Some(rho) {
            weight -= if self.lengths[rho] != 1 { 10 } else { 0 };
        } else if self.first == Some(lho)
            && self.second == Some(partner)
            && self.lengths[partner] != 1
        {
            weight += 31;
        }
        let ours = |a: usize, b: usize| self.second == Some(a) && self.third == Some(b);
        if ours(partner, partner) {
            weight += 35;
        } else if self.lengths[partner] > 1 && (ours(seat, partner) || ours(partner, seat)) {
            weight += 25;
        }
        let bare_top = self
            .first
            .is_some_and(|s| (s == lho || s == rho) && self.lengths[s] == 1);
        weight
            + if bare_top {
                28 - rank
            } else if self.first == Some(seat) {
                rank - 17
            } else if !sequence {
                24 - rank
            } else if second_best {
                48
            } else {
                29 - rank
            }
    }
}

/// `set`, with each card moved to its rank among the cards of `in_play` of its suit.
fn relative(set: CardSet, in_play: CardSet) -> u64 {
    let mut out = 0u64;
    for card in set {
        let suit = suit_of(card);
        let below = lane(in_play, suit) & ((1 << power_of(card)) - 1);
        out |= 1 << (16 * suit as u32 + below.count_ones());
    }
    out
}

impl Searchable for Bridge {
    // No killer move (KILLER_MOVES): the cut-off table orders trick starts better, and a
    // killer per ply only displaced its move (measured: 3.8% to 10% more nodes with both).
    fn cutoff_key(&self) -> Option<u64> {
        let seat = self.seat_to_move() as usize;
        let (hand, partner) = (self.hands[seat], self.hands[(seat + 2) % 4]);
        let place = u64::from(self.trick_len) | (seat as u64) << 2;
        let Some(led) = self.led_suit() else {
            // Leading: the hand and the partner's, whose cards decide which lead the side
            // wins with (low to the partner's winner, say); the opponents' are left out, so
            // one lead serves every way they split the rest.
            return Some(mix(mix(hand.bits(), partner.bits()), place));
        };
        let offset = self.winning_offset();
        let winner = self.trick[offset];
        if !(hand & led.mask()).is_empty() {
            // Following: what decides is the suit's cards still out (in the hands or the
            // trick), the card to beat, and which of them the hand and its partner hold.
            let suit = CardSet::from_bits(led.mask().bits() & ALL_RANKS) - self.played;
            let ours = u64::from(lane(hand, led)) | u64::from(lane(partner, led)) << 16;
            let trick = place | u64::from(winner.index()) << 8;
            return Some(mix(mix(suit.bits(), trick), ours));
        }
        // Void: the hand and the partner's (what the side keeps), and who wins (in no trump)
        // or with what (a ruff can be overruffed).
        let winning = match self.cfg.trump {
            None => ((usize::from(self.leader) + offset) % 4) as u64,
            Some(_) => u64::from(winner.index()),
        };
        let trick = place | winning << 8 | 1 << 16;
        Some(mix(mix(hand.bits(), partner.bits()), trick))
    }

    fn value(&self, side: usize) -> i32 {
        i32::from(self.tricks_won[side])
    }

    fn value_bounds(&self, side: usize) -> (i32, i32) {
        let ((low, _), (high, _)) = self.bounds_relevant(side, (i32::MIN, i32::MAX));
        (low, high)
    }

    /// [`Bridge::bounds_relevant`], where only a bound that decides `(alpha, beta)` counts:
    /// for the second hand, what can only move a bound by one trick is not counted.
    #[inline]
    fn value_bounds_relevant(
        &self,
        side: usize,
        (alpha, beta): (i32, i32),
    ) -> ((i32, u64), (i32, u64)) {
        let won = i32::from(self.tricks_won[side]);
        let left = self.tricks_left() as i32;
        if self.trick_len == 1 && left > 1 && won + 1 < beta && alpha < won + left - 1 {
            // With trumps the second hand's quick tricks are at most one; in no trump they
            // are none where the trick is decided (nobody beats the lead).
            return if self.cfg.trump.is_some() {
                ((won, 0), (won + left, 0))
            } else {
                self.second_hand_bounds(side, (won, left), (alpha, beta))
            };
        }
        self.bounds_relevant(side, (alpha, beta))
    }

    fn partition(&self, side: usize) -> Option<(u64, i32, u128)> {
        let banked = i32::from(self.tricks_won[side]);
        Some((partition::bucket(self), banked, self.shape.profile()))
    }

    fn move_relevant(&self, card: Card) -> u64 {
        partition::trick_relevant(self, card)
    }

    fn abstraction(&self, relevant: u64) -> u32 {
        partition::spec(self.in_hands(), relevant)
    }

    fn spec_mask(spec: u32) -> u128 {
        partition::mask(spec)
    }

    fn spec_cards(&self, spec: u32) -> u64 {
        partition::spec_cards(self.in_hands(), spec)
    }

    /// Two cards of the mover's with only its own cards and finished tricks' between them.
    fn equivalent(&self, a: Card, b: Card) -> bool {
        if a == b {
            return true;
        }
        if suit_of(a) != suit_of(b) {
            return false;
        }
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        let between = CardSet::from_bits((hi.bit() - 1) & !((lo.bit() << 1) - 1));
        between.is_subset(self.played | self.hands[self.seat_to_move() as usize])
    }

    fn legal_count(&self) -> Option<usize> {
        Some(self.legal_cards().len() as usize)
    }

    /// A card of the mover's it may play, kept when the next card above it still out is not
    /// the mover's (as in [`Searchable::merge_equivalent`]).
    fn kept_move(&self, card: Card) -> Option<bool> {
        let hand = self.hands[self.seat_to_move() as usize];
        let legal = self.legal_cards().contains(card);
        let above = !self.played.bits() & suit_of(card).mask().bits() & !(card.bit() * 2 - 1);
        Some(legal && hand.bits() & above & above.wrapping_neg() == 0)
    }

    /// Per suit, the highest card of each run of equivalent cards, highest first (a lead's
    /// or a follow's hint then reads the run's top card: the ace of ace-king-queen wins);
    /// each other card in `merged` beside its run's top card.
    fn merge_equivalent(&self, cards: &mut Vec<Card>, merged: &mut Vec<(Card, Card)>) {
        merged.clear();
        let given = cards.iter().fold(0, |set, card| set | card.bit());
        let hand = self.hands[self.seat_to_move() as usize].bits();
        let below_tops = given & run_continuations(hand, self.played.bits());
        let tops = given & !below_tops;
        cards.clear();
        let mut rest = tops;
        while rest != 0 {
            let top = 63 - rest.leading_zeros();
            rest &= !(1 << top);
            cards.push(Card::new(top as u8));
        }
        let mut rest = below_tops;
        while rest != 0 {
            let low = rest.trailing_zeros();
            rest &= rest - 1;
            let above = tops & !((2 << low) - 1);
            merged.push((
                Card::new(above.trailing_zeros() as u8),
                Card::new(low as u8),
            ));
        }
    }

    fn merged_relevant(&self, kept: Card, merged: Card, relevant: u64) -> u64 {
        let (low, high) = if kept < merged {
            (kept, merged)
        } else {
            (merged, kept)
        };
        let at_or_below =
            |card: Card| relevant & suit_of(card).mask().bits() & (card.bit() * 2 - 1);
        if at_or_below(high) != 0 && at_or_below(low) == 0 {
            low.bit()
        } else {
            0
        }
    }

    fn answers_alike(&self, searched: Card, other: Card, relevant: u64) -> bool {
        let suit = suit_of(searched);
        let marked = lane(CardSet::from_bits(relevant), suit);
        let lowest = if marked == 0 {
            16
        } else {
            marked.trailing_zeros()
        };
        suit_of(other) == suit
            && u32::from(power_of(searched)) < lowest
            && u32::from(power_of(other)) < lowest
    }

    fn tabled(&self) -> bool {
        self.trick_len == 0
    }

    fn moves_may_transpose(&self) -> bool {
        false
    }

    fn table_key(&self, side: usize) -> (u64, i32) {
        (self.relative_key(), i32::from(self.tricks_won[side]))
    }

    fn sides_total(&self) -> Option<i32> {
        Some(self.tricks_left() as i32)
    }

    fn value_unit(&self) -> &'static str {
        "tricks"
    }

    fn zero_sum_sides(&self) -> bool {
        true
    }

    fn order_hint(&self, card: Card) -> i32 {
        let mut hints = Vec::with_capacity(1);
        self.order_hints(&[card], &mut hints);
        hints[0]
    }

    fn order_hints(&self, cards: &[Card], hints: &mut Vec<i32>) {
        hints.clear();
        if self.trick_len == 0 {
            let mut leads: [Option<(Lead, i32)>; 4] = [None, None, None, None];
            hints.extend(cards.iter().map(|&card| {
                let lead = leads[suit_of(card) as usize].get_or_insert_with(|| {
                    let lead = Lead::of(self, suit_of(card));
                    let base = lead.suit_weight(self);
                    (lead, base)
                });
                self.lead_weight(card, lead)
            }));
        } else {
            let follow = Follow::of(self);
            let mut discards = [None; 4];
            hints.extend(cards.iter().map(|&card| {
                // A card of the led suit is no discard: its weight does not read one.
                let suit = suit_of(card);
                let discard = match follow.led {
                    Some(led) if led == suit => 0,
                    _ => *discards[suit as usize]
                        .get_or_insert_with(|| self.discard_weight(follow.seat, suit)),
                };
                follow.weight(self, card, discard)
            }));
        }
    }
}

impl Bridge {
    /// The value bounds of `side` within `(alpha, beta)`, each with the cards it depends on:
    /// the tricks won and left, else [`Bridge::bounds_counted`].
    #[inline]
    fn bounds_relevant(&self, side: usize, (alpha, beta): (i32, i32)) -> ((i32, u64), (i32, u64)) {
        let won = i32::from(self.tricks_won[side]);
        let left = self.tricks_left() as i32;
        if left == 0 {
            return ((won, 0), (won, 0));
        }
        if self.trick_len > 1 && won + 1 < beta && alpha < won + left - 1 {
            // A decided trick moves a bound by one trick: not enough to decide this window.
            return ((won, 0), (won + left, 0));
        }
        self.bounds_counted(side, (won, left), (alpha, beta))
    }

    /// The value bounds where the tricks won and left do not decide the window: a decided
    /// trick's winner, the second hand's quick tricks, or at a trick start each side's sure
    /// tricks ([`Searchable::value_bounds_relevant`]).
    fn bounds_counted(
        &self,
        side: usize,
        (won, left): (i32, i32),
        (alpha, beta): (i32, i32),
    ) -> ((i32, u64), (i32, u64)) {
        if self.trick_len > 0 {
            if !self.trick_decided() {
                return self.second_hand_bounds(side, (won, left), (alpha, beta));
            }
            let offset = self.winning_offset();
            let winner = self.decided_winner_relevant(offset);
            let ours = (usize::from(self.leader) + offset) % 2 == side;
            return if ours {
                ((won + 1, winner), (won + left, 0))
            } else {
                ((won, 0), (won + left - 1, winner))
            };
        }
        let leading = usize::from(self.leader % 2);
        let null_window = beta.saturating_sub(alpha) <= 1;
        let floor = |s: usize, need: u32| {
            let sure = self.sure_trump_tricks(s, need);
            if sure.0 >= need {
                return sure;
            }
            if s != leading {
                if need > 1 && null_window {
                    // Neither rule below gives more than one trick: not enough to decide
                    // a null window, in which two bounds that do not decide it cannot meet
                    // (a principal variation's replies are searched in one two wide).
                    return sure;
                }
                // Both give one trick, and only where the sure trump tricks are none.
                let one = self
                    .leads_run_out()
                    .or_else(|| self.trick_under_the_best_trump(s));
                return one.map_or(sure, |relevant| (1, relevant));
            }
            let own = self.quick_tricks_over_partner(need);
            if own.0 >= need {
                return own;
            }
            let through = self.quick_tricks_through_partner(need, own);
            if through.0 >= need {
                return through;
            }
            let under = self.quick_tricks_under_the_leaders(need, own);
            if under.0 >= need {
                return under;
            }
            let quick = [self.quick_tricks(need), through, own, under]
                .into_iter()
                .max_by_key(|q| q.0)
                .unwrap_or(own);
            if quick.0 > sure.0 {
                quick
            } else {
                sure
            }
        };
        let our_need = needed(beta.saturating_sub(won), left);
        let their_need = needed((won + left).saturating_sub(alpha), left);
        let bounds = |(ours, our_relevant): (u32, u64), (theirs, their_relevant): (u32, u64)| {
            (
                (won + ours as i32, our_relevant),
                (won + left - theirs as i32, their_relevant),
            )
        };
        // Where the side on lead's tricks cannot reach its need, they decide a null window
        // only where its floor meets the other side's: that is counted first, and the side
        // on lead's only where its ceiling reaches the meeting point (else none). A wider
        // window (the root's value range) keeps every count.
        let ceiling = null_window.then(|| self.quick_tricks_ceiling(leading));
        let short_of = |need: u32| ceiling.is_some_and(|c| c < need);
        let meeting = |other: (u32, u64)| left as u32 - other.0;
        if side == leading && short_of(our_need) {
            let theirs = floor(1 - side, their_need);
            let ours = if short_of(meeting(theirs)) {
                (0, 0)
            } else {
                floor(side, our_need)
            };
            return bounds(ours, theirs);
        }
        let ours = floor(side, our_need);
        if won + ours.0 as i32 >= beta {
            return ((won + ours.0 as i32, ours.1), (won + left, 0));
        }
        let theirs = if side != leading && short_of(their_need) && short_of(meeting(ours)) {
            (0, 0)
        } else {
            floor(1 - side, their_need)
        };
        bounds(ours, theirs)
    }
}

#[cfg(test)]
mod ceiling_tests {
    use super::super::tests::ending;

    /// The floor skips the side on lead's counts where their ceiling falls short: a count
    /// above the ceiling would be a bound lost. Every count, asked for all it finds, stays
    /// within it at the trick starts of random endings in every strain.
    #[test]
    fn no_count_of_the_side_on_lead_exceeds_its_ceiling() {
        let mut counted = 0;
        for seed in 0..2_000 {
            for left in 2..=12 {
                let g = ending(seed, left, 0);
                let side = usize::from(g.leader % 2);
                let ceiling = g.quick_tricks_ceiling(side);
                let own = g.quick_tricks_over_partner(13);
                let counts = [
                    g.sure_trump_tricks(side, 13),
                    own,
                    g.quick_tricks_through_partner(13, own),
                    g.quick_tricks_under_the_leaders(13, own),
                    g.quick_tricks(13),
                ];
                for (i, (tricks, _)) in counts.into_iter().enumerate() {
                    assert!(tricks <= ceiling, "seed {seed}, {left} left, count {i}");
                    counted += u32::from(tricks > 0);
                }
            }
        }
        assert!(counted > 10_000, "{counted}");
    }
}
