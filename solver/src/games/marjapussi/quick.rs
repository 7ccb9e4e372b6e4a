//! Quick points (DDS's quick tricks, counted in card points): at a trick's start, the card
//! points the leader's side is sure to take by cashing the leader's top cards, trumps first,
//! however the others play. The search's value bounds use them for both sides.
//!
//! The line is one the leader may always play: lead the highest card in play of a suit while
//! no seat that could ruff it is out of the suit, decline every declaration and ask in between
//! (so the trump stays), and keep the lead by winning each trick. Every other seat then
//! follows suit with a lower card or, out of the suit, discards: what it gives is at least its
//! lowest cards of the suit, counted only while none of its cards of the suit can have been
//! discarded before (points grow with rank, so the lowest cards are the cheapest). With four
//! seats the line may end with one more trick: the leader leads low to its partner's top card
//! of a suit (the partner's entry), after which the lead is the partner's. Where the line
//! takes every trick left, the leader's side also takes the last trick and every card point
//! still out, and the other sides take nothing more.

use super::cards::set_points;
use super::{Marjapussi, Phase};
use crate::cards::{Card, CardSet};
use crate::suited::{suit_of, Suit};

/// What the leader's line takes: the card points sure to fall to its side, and its tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct QuickLine {
    pub points: i32,
    pub tricks: u32,
}

impl QuickLine {
    const NONE: QuickLine = QuickLine {
        points: 0,
        tricks: 0,
    };
}

impl Marjapussi {
    /// The card points the side of the trick's leader is sure to take from here, and the
    /// tricks its line takes: none where this is not the start of a trick in the play or the
    /// leader may not lead every card.
    pub(super) fn quick_line(&self) -> QuickLine {
        let leader = self.leader;
        let hand = self.hands[leader as usize];
        if self.phase != Phase::Play
            || self.trick_len != 0
            || (self.tricks_played == 0 && self.playable(leader) != hand)
        {
            return QuickLine::NONE;
        }
        let theirs = self
            .others()
            .fold(CardSet::EMPTY, |a, s| a | self.hands[s as usize]);
        let tops = Suit::ALL.map(|suit| top_cards(hand, theirs, suit));
        let mut intact = [true; 4];
        // The cards that fall to the side, counted once at the end.
        let mut fallen = CardSet::EMPTY;
        let mut cashed = [CardSet::EMPTY; 4];
        let mut trump_rounds = 0;
        if let Some(trump) = self.trump {
            let run = tops[trump as usize];
            trump_rounds = run.len();
            cashed[trump as usize] = run;
            fallen |= self.cash(trump, run, &mut intact);
        }
        // Only suits with a top card to cash: the ruffs are counted for those alone.
        let side_suits = Suit::ALL
            .into_iter()
            .filter(|&s| Some(s) != self.trump && !tops[s as usize].is_empty());
        for suit in side_suits {
            let limit = self.ruff_limit(suit, trump_rounds);
            let run = highest_n(tops[suit as usize], limit);
            cashed[suit as usize] = run;
            fallen |= self.cash(suit, run, &mut intact);
        }
        let entries = self.partners_tops();
        let entry = Suit::ALL
            .into_iter()
            .filter(|suit| entries.intersects(suit.mask()))
            .filter_map(|suit| {
                self.partners_entry(suit, cashed[suit as usize], trump_rounds, &intact)
            })
            .map(|cards| set_points(cards, self.cfg.card_values))
            .max();
        QuickLine {
            points: set_points(fallen, self.cfg.card_values) + entry.unwrap_or(0),
            tricks: cashed.iter().map(|run| run.len()).sum::<u32>() + u32::from(entry.is_some()),
        }
    }

    /// Whether the leader's line could take every trick left ([`Marjapussi::quick_line`]): at
    /// a trick's start in the play, all the leader's cards are above every card the other
    /// seats hold of their suits but one at most, led to the partner's entry
    /// ([`Marjapussi::partners_entry`]): a card of its suit that the partner holds above it
    /// and above every card of the suit the opponents hold. A cheap look before the line is
    /// counted.
    pub(super) fn may_sweep(&self) -> bool {
        if self.phase != Phase::Play || self.trick_len != 0 {
            return false;
        }
        let hand = self.hands[self.leader as usize];
        let theirs = self
            .others()
            .fold(CardSet::EMPTY, |a, s| a | self.hands[s as usize]);
        let tops = Suit::ALL
            .into_iter()
            .fold(CardSet::EMPTY, |a, suit| a | top_cards(hand, theirs, suit));
        let mut rest = (hand - tops).iter();
        match (rest.next(), rest.next()) {
            (None, _) => true,
            (Some(led), None) => self.partner_may_take(led, tops),
            _ => false,
        }
    }

    /// With four seats, whether the leader's partner holds a card of `led`'s suit above it
    /// and above every card of the suit the opponents hold, and more cards of the suit than
    /// the leader's `tops` there (cashed before it).
    fn partner_may_take(&self, led: Card, tops: CardSet) -> bool {
        if self.n() != 4 {
            return false;
        }
        let leader = usize::from(self.leader);
        let suit = suit_of(led).mask();
        let opponents = (self.hands[(leader + 1) % 4] | self.hands[(leader + 3) % 4]) & suit;
        let above = opponents.highest().map_or(led, |top| top.max(led));
        let partners = self.hands[(leader + 2) % 4] & suit;
        partners.len() > (tops & suit).len() && partners.highest().is_some_and(|top| top > above)
    }

    /// After the leader's cashing, one more trick for its side where it can: the leader
    /// leads its lowest card of `suit` left and its partner wins it with its highest, which
    /// is above every card of the suit the opponents hold, while no opponent can ruff (each
    /// still follows suit, or holds no trump after `trump_rounds` rounds of trumps). The
    /// lead then passes to the partner, so the line ends there: the trick's cards (at least
    /// those a seat out of the suit adds), or `None` where there is no such trick (three
    /// seats, the partner or the leader out of the suit).
    fn partners_entry(
        &self,
        suit: Suit,
        cashed: CardSet,
        trump_rounds: u32,
        intact: &[bool; 4],
    ) -> Option<CardSet> {
        if self.n() != 4 {
            return None;
        }
        let rounds = cashed.len();
        let leader = self.leader;
        let partner = self.partner(leader);
        let ours = self.hands[leader as usize] & (suit.mask() - cashed);
        let partners = self.hands[partner as usize] & suit.mask();
        let (led, top) = (ours.lowest()?, partners.highest()?);
        if partners.len() <= rounds || top < led {
            return None;
        }
        let opponents = [(leader + 1) % 4, (leader + 3) % 4];
        let mut cards = CardSet::single(led) | CardSet::single(top);
        for seat in opponents {
            let held = self.hands[seat as usize] & suit.mask();
            if held.highest().is_some_and(|c| c > top) {
                return None;
            }
            let follows = intact[seat as usize] && held.len() > rounds;
            let trumps = self
                .trump
                .map_or(0, |t| (self.hands[seat as usize] & t.mask()).len());
            let can_ruff = Some(suit) != self.trump && trumps > trump_rounds;
            if !follows && can_ruff {
                return None;
            }
            if follows {
                cards |= lowest_n(held, rounds + 1) - lowest_n(held, rounds);
            }
        }
        Some(cards)
    }

    /// With four seats, the cards of the leader's partner above every card its opponents
    /// hold of their suits: [`Marjapussi::partners_entry`] wins a trick with one only. A
    /// cheap look before each suit's entry is weighed.
    fn partners_tops(&self) -> CardSet {
        if self.n() != 4 {
            return CardSet::EMPTY;
        }
        let leader = usize::from(self.leader);
        let partners = self.hands[(leader + 2) % 4];
        let opponents = self.hands[(leader + 1) % 4] | self.hands[(leader + 3) % 4];
        Suit::ALL.into_iter().fold(CardSet::EMPTY, |a, suit| {
            a | top_cards(partners, opponents, suit)
        })
    }

    /// The seats other than the leader.
    fn others(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.n()).filter(move |&s| s != self.leader)
    }

    /// How many rounds of `suit` every seat that still holds a trump after `trump_rounds`
    /// rounds of trumps follows (a seat out of the suit with a trump must ruff).
    fn ruff_limit(&self, suit: Suit, trump_rounds: u32) -> u32 {
        let Some(trump) = self.trump else {
            return u32::MAX;
        };
        self.others()
            .map(|s| self.hands[s as usize])
            .filter(|&hand| (hand & trump.mask()).len() > trump_rounds)
            .map(|hand| (hand & suit.mask()).len())
            .min()
            .unwrap_or(u32::MAX)
    }

    /// The cards of the tricks in which the leader cashes `run`, its top cards of `suit`: its
    /// own and the lowest that each other seat still `intact` must add; seats that run out of
    /// the suit on the way are no longer intact (they may discard any card after).
    fn cash(&self, suit: Suit, run: CardSet, intact: &mut [bool; 4]) -> CardSet {
        let rounds = run.len();
        if rounds == 0 {
            return CardSet::EMPTY;
        }
        let mut cards = run;
        for seat in self.others() {
            let held = self.hands[seat as usize] & suit.mask();
            if intact[seat as usize] {
                cards |= lowest_n(held, rounds);
            }
            if held.len() < rounds {
                intact[seat as usize] = false;
            }
        }
        cards
    }
}

/// The cards of `hand` in `suit` above every card of `theirs` in it.
fn top_cards(hand: CardSet, theirs: CardSet, suit: Suit) -> CardSet {
    let mine = hand & suit.mask();
    match (theirs & suit.mask()).highest() {
        Some(top) => CardSet::from_bits(mine.bits() & !((top.bit() << 1) - 1)),
        None => mine,
    }
}

/// The `n` highest cards of `set` (all of them where it has fewer).
fn highest_n(set: CardSet, n: u32) -> CardSet {
    let mut bits = set.bits();
    while bits.count_ones() > n {
        bits &= bits - 1;
    }
    CardSet::from_bits(bits)
}

/// The `n` lowest cards of `set` (all of them where it has fewer).
fn lowest_n(set: CardSet, n: u32) -> CardSet {
    let (mut bits, mut out) = (set.bits(), 0u64);
    for _ in 0..n.min(set.len()) {
        out |= bits & bits.wrapping_neg();
        bits &= bits - 1;
    }
    CardSet::from_bits(out)
}
