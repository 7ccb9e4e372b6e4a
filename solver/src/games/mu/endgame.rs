//! The last tricks solved outright: once every seat holds at most [`ENDING_CARDS`] cards, a
//! small alpha-beta over the few ways left to play gives the points, far cheaper than the
//! search's nodes (no table, no ordering, no copies of the whole position).

use super::cards::points;
use super::{Mu, MAX_PLAYERS};
use crate::cards::{Card, CardSet};
use crate::game::Game;
use crate::search::take_child_value;

/// The most cards a seat may hold for the ending to be solved outright.
const ENDING_CARDS: u32 = 2;

/// The cards left and the trick under way, all a small solve needs.
#[derive(Clone, Copy)]
struct Ending {
    held: [CardSet; MAX_PLAYERS],
    trick: [Card; MAX_PLAYERS],
    len: u8,
    leader: u8,
    /// Bit `s`: seat `s` plays for the side whose points are counted.
    ours: u8,
}

impl Mu {
    /// The card points `side` takes in the rest of the hand, both sides playing their best,
    /// where every seat holds at most [`ENDING_CARDS`] cards; `None` otherwise. Fail-soft
    /// within `(alpha, beta)`: a value at most `alpha` is an upper bound, one at least `beta` a
    /// lower bound.
    pub(super) fn ending_points(&self, side: usize, alpha: i32, beta: i32) -> Option<i32> {
        if self.avail(self.actor).len() > ENDING_CARDS {
            return None;
        }
        let mut ending = Ending {
            held: [CardSet::EMPTY; MAX_PLAYERS],
            trick: self.trick,
            len: self.trick_len,
            leader: self.leader,
            ours: 0,
        };
        for seat in 0..self.n() {
            ending.held[seat as usize] = self.avail(seat);
            ending.ours |= u8::from(self.side(seat as usize) == side) << seat;
        }
        Some(self.ending_search(&ending, alpha, beta))
    }

    /// Fail-soft alpha-beta over every way to play the ending out, in the counted side's
    /// card points from here: the last trick played out at once, and of the mover's
    /// equivalent cards ([`Mu::alike`]) one searched.
    fn ending_search(&self, ending: &Ending, mut alpha: i32, mut beta: i32) -> i32 {
        let n = self.n();
        let actor = (ending.leader + ending.len) % n;
        let held = ending.held[actor as usize];
        if held.len() <= 1 {
            return self.last_trick(ending);
        }
        let trick = &ending.trick[..ending.len as usize];
        let follow = match ending.len {
            0 => held,
            _ => held & self.same_suit(ending.trick[0]),
        };
        let playable = if follow.is_empty() { held } else { follow };
        let in_play = ending.held[..n as usize]
            .iter()
            .fold(trick.iter().copied().collect::<CardSet>(), |a, &h| a | h);
        let ours = ending.ours >> actor & 1 != 0;
        let mut best = if ours { i32::MIN } else { i32::MAX };
        let mut searched = CardSet::EMPTY;
        for card in playable.iter() {
            if searched.iter().any(|k| self.alike(k, card, in_play)) {
                continue;
            }
            searched.insert(card);
            let mut next = *ending;
            next.held[actor as usize].remove(card);
            next.trick[next.len as usize] = card;
            next.len += 1;
            let gained = self.close_trick(&mut next);
            let v = gained + self.ending_search(&next, alpha - gained, beta - gained);
            take_child_value(ours, v, &mut best, (&mut alpha, &mut beta));
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The counted side's points from the last trick, every card left forced.
    fn last_trick(&self, ending: &Ending) -> i32 {
        let n = self.n();
        let mut next = *ending;
        while next.len < n {
            let seat = (next.leader + next.len) % n;
            let Some(card) = next.held[seat as usize].lowest() else {
                return 0;
            };
            next.trick[next.len as usize] = card;
            next.len += 1;
        }
        self.close_trick(&mut next)
    }

    /// Closes `ending`'s trick if it is full: the counted side's points from it, and the
    /// winner to lead.
    fn close_trick(&self, ending: &mut Ending) -> i32 {
        let n = self.n();
        if ending.len < n {
            return 0;
        }
        let cards = &ending.trick[..n as usize];
        let winner = (ending.leader + self.winning_position(cards) as u8) % n;
        ending.len = 0;
        ending.leader = winner;
        if ending.ours >> winner & 1 != 0 {
            cards.iter().map(|&c| points(c)).sum()
        } else {
            0
        }
    }
}
