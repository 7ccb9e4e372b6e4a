//! Sure card points for the search's value bounds: the points of a side's trumps that the
//! other side's trumps cannot take, whatever the play.
//!
//! A trump is taken only in a trick the other side wins with a stronger trump, or an equal one
//! played first (a plain card never beats a trump). A trick holds one card of each seat, so each
//! trump of the other side takes at most one trump of each seat, and only one no stronger than
//! itself. Counted seat by seat, the most the other side's trumps can take is a matching of its
//! trumps to the seat's weaker or equal trumps, the most points first: what is left is sure.
//! Counted at a trick's start, where each seat holds all its trumps still in play. A trump
//! left untaken also takes the cards played to its trick: as many of one seat's as the most
//! the other side's trumps cannot take, matched by count, and with each of them at least
//! every other-side seat's cheapest card.
//!
//! Quick points (DDS's quick tricks, in card points), also at a trick's start: the leader
//! cashes its trumps that no other seat's trump beats, then in each colour its cards that no
//! other seat's card of the colour beats, as many rounds as every other seat that may still
//! hold a trump follows the colour (so nobody ruffs, and no partner takes the lead). Each
//! other seat gives at least its cheapest cards of each suit led, as many as the rounds, or
//! all it has: a seat that runs out earlier gave them to a trick of the line too.

use super::cards::{points, rank_of, set_points, Colour};
use super::Mu;
use crate::cards::CardSet;
use crate::game::Game;

/// The most trumps in play (two colours as trumps: 24).
const MAX_TRUMPS: usize = 24;

impl Mu {
    /// The card points of `side`'s trumps that the other side's trumps cannot take, at a
    /// trick's start: the part of [`Mu::sure_points`] the tests tell apart.
    #[cfg(test)]
    pub(super) fn sure_trump_points(&self, side: usize) -> i32 {
        let (theirs, count) = self.their_trumps(side);
        (0..self.n())
            .filter(|&s| self.side(s as usize) == side)
            .map(|s| self.untaken_points(self.avail(s) & self.trumps(), &theirs[..count]))
            .sum()
    }

    /// The card points `side` is sure to take, at a trick's start: its sure trumps (the
    /// points of its trumps the other side's cannot take) with the cards that fall on them,
    /// and for the leader's side (`leading`) its quick points ([`Mu::quick_line`]). An
    /// untaken trump's trick is `side`'s, one seat's untaken trumps go to as many tricks, and
    /// every seat of the other side gives each of them a card, its cheapest at least; those
    /// cards may be the ones the quick line counts, so the larger of the two is taken. The
    /// sure trumps are added to a quick line that leads no trump (then nobody plays one in
    /// it: every seat holding a trump follows each colour led).
    pub(super) fn sure_points(&self, side: usize, leading: bool) -> i32 {
        let (theirs, count) = self.their_trumps(side);
        let theirs = &theirs[..count];
        let ours = |s: &u8| self.side(*s as usize) == side;
        let (mut sure, mut tricks) = (0, 0);
        for seat in (0..self.n()).filter(ours) {
            let held = self.avail(seat) & self.trumps();
            sure += self.untaken_points(held, theirs);
            tricks = tricks.max(self.untaken_count(held, theirs));
        }
        let fallen: i32 = (0..self.n())
            .filter(|s| !ours(s))
            .map(|s| cheapest_points(self.avail(s), tricks))
            .sum();
        if !leading {
            return sure + fallen;
        }
        match self.quick_line() {
            (quick, 0) => sure + quick.max(fallen),
            (quick, _) => quick.max(sure + fallen),
        }
    }

    /// The strengths of the trumps of the seats not on `side`, strongest first, and how many.
    fn their_trumps(&self, side: usize) -> ([u8; MAX_TRUMPS], usize) {
        let mut theirs = [0u8; MAX_TRUMPS];
        let mut count = 0;
        for seat in (0..self.n()).filter(|&s| self.side(s as usize) != side) {
            for card in (self.avail(seat) & self.trumps()).iter() {
                theirs[count] = self.strength(card, card);
                count += 1;
            }
        }
        theirs[..count].sort_unstable_by(|a, b| b.cmp(a));
        (theirs, count)
    }

    /// How many of one seat's trumps `ours` trumps of strengths `theirs` (strongest first)
    /// cannot take, each taking at most one no stronger than itself: the most they take is
    /// matched strongest to strongest.
    fn untaken_count(&self, ours: CardSet, theirs: &[u8]) -> u32 {
        let mut mine = [0u8; MAX_TRUMPS];
        for (slot, card) in mine.iter_mut().zip(ours.iter()) {
            *slot = self.strength(card, card);
        }
        let mine = &mut mine[..ours.len() as usize];
        mine.sort_unstable_by(|a, b| b.cmp(a));
        let mut takers = theirs.iter().peekable();
        let taken = mine
            .iter()
            .filter(|&&strength| takers.next_if(|&&t| t >= strength).is_some())
            .count();
        ours.len() - taken as u32
    }

    /// The card points the leader's side is sure to take by cashing the leader's top cards,
    /// trumps first, at a trick's start, and how many rounds of trumps that leads.
    pub(super) fn quick_line(&self) -> (i32, u32) {
        let leader = self.leader;
        let trumps = self.trumps();
        let others = || (0..self.n()).filter(move |&s| s != leader);
        let strongest = |cards: CardSet| cards.iter().map(|c| self.strength(c, c)).max();
        let their_top = others()
            .filter_map(|s| strongest(self.avail(s) & trumps))
            .max();
        let run = (self.avail(leader) & trumps)
            .iter()
            .filter(|&c| their_top.is_none_or(|top| self.strength(c, c) >= top))
            .collect::<CardSet>();
        let trump_rounds = run.len();
        let mut quick = self.cash(run, trumps, trump_rounds);
        let all_theirs = others().fold(CardSet::EMPTY, |a, s| a | self.avail(s));
        for colour in Colour::ALL {
            let suit = colour.mask() - trumps;
            let mine = self.avail(leader) & suit;
            if mine.is_empty() {
                continue;
            }
            let run = match (all_theirs & suit).highest() {
                Some(top) => mine
                    .iter()
                    .filter(|&c| rank_of(c) >= rank_of(top))
                    .collect(),
                None => mine,
            };
            let rounds = others()
                .filter(|&s| (self.avail(s) & trumps).len() > trump_rounds)
                .map(|s| (self.avail(s) & suit).len())
                .fold(run.len(), u32::min);
            quick += self.cash(run, suit, rounds);
        }
        (quick, trump_rounds)
    }

    /// The points of `rounds` tricks of `suit` the leader wins leading cards of `run`: its
    /// dearest `rounds` of them and each other seat's cheapest `rounds` cards of the suit (all
    /// it has, if fewer).
    fn cash(&self, run: CardSet, suit: CardSet, rounds: u32) -> i32 {
        if rounds == 0 {
            return 0;
        }
        let given: i32 = (0..self.n())
            .filter(|&s| s != self.leader)
            .map(|s| cheapest_points(self.avail(s) & suit, rounds))
            .sum();
        dearest_points(run, rounds) + given
    }

    /// The points of one seat's trumps `ours` that trumps of strengths `theirs` (strongest
    /// first) cannot take, each taking at most one of them no stronger than itself. The cards
    /// taken are chosen greedily by points (a matroid: greedy is best); a set can be taken
    /// when, for every `j`, at most `j` of its cards can be taken only by the `j` strongest.
    fn untaken_points(&self, ours: CardSet, theirs: &[u8]) -> i32 {
        let mut by_reach = [0u8; MAX_TRUMPS + 1];
        let mut taken = 0;
        for worth in [2, 1] {
            for card in ours.iter().filter(|&c| points(c) == worth) {
                let strength = self.strength(card, card);
                let reach = theirs.iter().take_while(|&&t| t >= strength).count();
                if reach > 0 && fits(&by_reach[..=theirs.len()], reach) {
                    by_reach[reach] += 1;
                    taken += worth;
                }
            }
        }
        set_points(ours) - taken
    }
}

/// Whether one more card that the `reach` strongest trumps can take still fits, with
/// `by_reach[j]` cards taken that only the `j` strongest can take.
fn fits(by_reach: &[u8], reach: usize) -> bool {
    let mut within = 0;
    for (j, &n) in by_reach.iter().enumerate().skip(1) {
        within += usize::from(n);
        if j >= reach && within + 1 > j {
            return false;
        }
    }
    true
}

/// How many cards of `set` are worth 0, 1 and 2 points.
fn by_worth(set: CardSet) -> [u32; 3] {
    let two = set.iter().filter(|&c| points(c) == 2).count() as u32;
    let paid = set_points(set) as u32;
    [set.len() + two - paid, paid - 2 * two, two]
}

/// The points of the `n` cheapest cards of `set` (all of them where it has fewer).
fn cheapest_points(set: CardSet, n: u32) -> i32 {
    let [zero, one, two] = by_worth(set);
    let ones = n.saturating_sub(zero).min(one);
    let twos = n.saturating_sub(zero + one).min(two);
    (ones + 2 * twos) as i32
}

/// The points of the `n` dearest cards of `set` (all of them where it has fewer).
fn dearest_points(set: CardSet, n: u32) -> i32 {
    let [_, one, two] = by_worth(set);
    let twos = n.min(two);
    let ones = (n - twos).min(one);
    (ones + 2 * twos) as i32
}
