//! Exact counts and draws where a few cards' places together decide what a history showed.
//!
//! An ask's answer or a skipped declaration window says something about a handful of cards
//! (a suit's king and queen) that the places each card may be in cannot say. [`Split`]
//! enumerates every way to put those entangled cards in their allowed places; for each, the
//! other cards' completions are counted by [`Counts`] (shared between ways that leave the
//! places the same room), and the way is kept iff the history replays in one world made of it
//! ([`WorldCheck`]): every other fact is about single cards and already in their places, so
//! one world answers for all the way's completions. The count is then the sum over the ways
//! kept, and a draw picks a way in proportion to its completions, then a completion: uniform
//! over the consistent deals, never rejected.
//!
//! Cost: one replay of the history per way (at most 3^8 = 6561 ways for the eight marriage
//! cards among three hidden hands, far fewer where the facts pin some), once per view.

use super::replay::WorldCheck;
use super::sampler::{draw_counts, unit, Counts};
use super::Knowledge;
use crate::cards::{Card, CardSet};
use crate::game::{Unseen, MAX_PLACES};
use crate::rng::Rng;
use std::collections::HashMap;

/// One way to place the entangled cards that the history allows.
#[derive(Clone, Debug)]
struct Way {
    placed: Unseen,
    /// The completions of the other cards: an index into [`Split::rest`].
    rest: usize,
    /// The deals of every way up to and including this one.
    upto: f64,
}

/// The consistent deals of a view, by where its entangled cards are.
#[derive(Clone, Debug)]
pub(super) struct Split {
    ways: Vec<Way>,
    rest: Vec<Counts>,
}

/// The enumeration in progress: the room each place has left to the rest, already counted.
struct Walk<'a> {
    knowledge: &'a Knowledge,
    check: &'a WorldCheck,
    others: CardSet,
    room: HashMap<[u8; MAX_PLACES], Option<usize>>,
    rng: Rng,
    split: Split,
}

impl Split {
    /// Every way to place `entangled` (those of them unseen) that `knowledge`'s places allow
    /// and the history replays with.
    pub(super) fn new(knowledge: &Knowledge, check: &WorldCheck, entangled: CardSet) -> Split {
        let cards: Vec<Card> = (entangled & knowledge.unknown).iter().collect();
        let mut walk = Walk {
            knowledge,
            check,
            others: knowledge.unknown - entangled,
            room: HashMap::new(),
            rng: Rng::seeded(0),
            split: Split {
                ways: Vec::new(),
                rest: Vec::new(),
            },
        };
        let mut capacity = knowledge.sizes;
        walk.place(&cards, &mut capacity, &mut Unseen::default());
        walk.split
    }

    /// How many deals are consistent with the view.
    pub(super) fn total(&self) -> f64 {
        self.ways.last().map_or(0.0, |way| way.upto)
    }

    /// A consistent deal, uniformly.
    pub(super) fn draw(&self, rng: &mut Rng) -> Unseen {
        let target = unit(rng) * self.total();
        let at = self.ways.partition_point(|way| way.upto <= target);
        let way = &self.ways[at.min(self.ways.len() - 1)];
        joined(draw_counts(&self.rest[way.rest], rng), &way.placed)
    }
}

impl Walk<'_> {
    /// Puts `cards` in each allowed place with room left, in turn; keeps each complete way.
    fn place(&mut self, cards: &[Card], capacity: &mut [u8; MAX_PLACES], placed: &mut Unseen) {
        let Some((&card, later)) = cards.split_first() else {
            self.keep(capacity, placed);
            return;
        };
        let allowed = self.knowledge.allowed(card);
        for place in 0..MAX_PLACES {
            if allowed & 1 << place == 0 || capacity[place] == 0 {
                continue;
            }
            capacity[place] -= 1;
            placed.places[place].insert(card);
            self.place(later, capacity, placed);
            placed.places[place].remove(card);
            capacity[place] += 1;
        }
    }

    /// Keeps the way `placed` if the other cards complete it and the history replays with it.
    fn keep(&mut self, capacity: &[u8; MAX_PLACES], placed: &Unseen) {
        let Some(rest) = self.rest_for(capacity) else {
            return;
        };
        let counts = &self.split.rest[rest];
        let world = joined(draw_counts(counts, &mut self.rng), placed);
        if self.check.accepts(&world) {
            let upto = self.split.total() + counts.total();
            self.split.ways.push(Way {
                placed: *placed,
                rest,
                upto,
            });
        }
    }

    /// The completions of the other cards into `capacity`, if there are some.
    fn rest_for(&mut self, capacity: &[u8; MAX_PLACES]) -> Option<usize> {
        if let Some(&known) = self.room.get(capacity) {
            return known;
        }
        let counts = Counts::new(capacity, self.others, &self.knowledge.allowed)
            .ok()
            .filter(|counts| counts.total() > 0.0);
        let index = counts.map(|counts| {
            self.split.rest.push(counts);
            self.split.rest.len() - 1
        });
        self.room.insert(*capacity, index);
        index
    }
}

/// The world `rest` with the cards `placed` added.
fn joined(mut rest: Unseen, placed: &Unseen) -> Unseen {
    for (cards, &more) in rest.places.iter_mut().zip(&placed.places) {
        *cards |= more;
    }
    rest
}
