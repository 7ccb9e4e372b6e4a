//! The one trait every game implements, and what search and sampling need from a game.
//!
//! A game value is a complete position: every card's place is known. Search copies positions
//! (they are a few machine words) and calls [`Game::play_unchecked`] on the hot path; anything
//! that comes from a request goes through the checked [`Game::play`]. Hidden information is
//! described by [`Game::unseen`]: the places whose cards an observer cannot see, which a sampler
//! refills through [`Game::set_unseen`].
//!
//! The trait also states the facts of the rules that hidden-information play, ISMCTS and the
//! analysis read: the deck and where its cards lie, what a move shows, how a view's guess is
//! fitted to a move's stated outcome, who decides a seat's move, and the payoff's range and
//! unit. They need no JSON layer.

use crate::cards::{Card, CardSet};
use std::fmt::Debug;
use std::hash::Hash;

/// A seat at the table, `0..seats()` clockwise.
pub type Seat = usize;

/// The most seats any game of the project seats (Mustamaija's small-hand presets go to 8).
pub const MAX_SEATS: usize = 8;

/// The most places that can hold unseen cards: every hand plus two piles (talon, stock, discards).
pub const MAX_PLACES: usize = MAX_SEATS + 2;

/// A hand's result, one number per seat in the game's own unit (unused seats hold 0).
pub type Payoff = [i32; MAX_SEATS];

/// The cards one observer cannot see, by the place that holds them.
///
/// Places `0..seats` are the hands; the places above are the game's own piles (talon, stock,
/// discards), described by the game. A place the observer sees holds the empty set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unseen {
    pub places: [CardSet; MAX_PLACES],
}

impl Unseen {
    /// Every unseen card.
    pub fn cards(&self) -> CardSet {
        self.places.iter().fold(CardSet::EMPTY, |acc, &p| acc | p)
    }

    /// The place holding `card`, if it is unseen.
    pub fn place_of(&self, card: Card) -> Option<usize> {
        self.places.iter().position(|p| p.contains(card))
    }

    /// Whether both cards of every pair of `swaps` are unseen.
    pub fn holds_pairs(&self, swaps: &[(Card, Card)]) -> bool {
        let cards = self.cards();
        swaps
            .iter()
            .all(|&(a, b)| cards.contains(a) && cards.contains(b))
    }

    /// Exchanges the places of each pair of `swaps`, in turn; false when a card is not here.
    pub fn swap(&mut self, swaps: &[(Card, Card)]) -> bool {
        for &(a, b) in swaps {
            let (Some(from), Some(to)) = (self.place_of(a), self.place_of(b)) else {
                return false;
            };
            self.places[from].remove(a);
            self.places[to].remove(b);
            self.places[from].insert(b);
            self.places[to].insert(a);
        }
        true
    }
}

/// A move was not among the legal moves of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove;

/// A card game's rules, seen as a game tree.
pub trait Game: Clone + Send + Sync + 'static {
    /// Every kind of decision of the game (bids, exchanges, declarations, card plays...).
    type Move: Copy + Eq + Hash + Debug + Send + Sync;

    /// How many seats play.
    fn seats(&self) -> usize;

    /// The seat to act, or `None` once the hand is over.
    fn to_move(&self) -> Option<Seat>;

    /// Clears `out` and fills it with the legal moves, in a fixed order.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a move without checking that it is legal: the search hot path.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// The result of a finished hand, per seat.
    fn payoff(&self) -> Payoff;

    /// Seats with the same side share one payoff (partners, the declarer's team).
    fn side(&self, seat: Seat) -> usize;

    /// A hash of everything that decides the rest of the hand, for transposition tables.
    fn key(&self) -> u64;

    /// The cards in a seat's hand.
    fn hand(&self, seat: Seat) -> CardSet;

    /// The cards `observer` cannot see, by place.
    fn unseen(&self, observer: Seat) -> Unseen;

    /// Puts new cards into the places that `observer` cannot see (same sizes as [`Game::unseen`]).
    fn set_unseen(&mut self, observer: Seat, unseen: &Unseen);

    /// Exchanges the places of each pair of unseen cards in `swaps`, every other card staying
    /// where it is. The default refills through [`Game::set_unseen`]; a game with an ordered
    /// pile puts each card in the other's slot, so that a guess fitted to a move does not
    /// change what is drawn later. False (nothing changed) when a card is not unseen.
    fn swap_unseen(&mut self, observer: Seat, swaps: &[(Card, Card)]) -> bool {
        let mut unseen = self.unseen(observer);
        if !unseen.swap(swaps) {
            return false;
        }
        if !swaps.is_empty() {
            self.set_unseen(observer, &unseen);
        }
        true
    }

    /// Every card of the deck in play.
    fn deck(&self) -> CardSet;

    /// Every place a card can be (hands, piles, the trick, won cards): together they hold the
    /// deck, each card once.
    fn card_places(&self) -> Vec<CardSet>;

    /// This position with `seat`'s hand replaced by `hand` (other places untouched), used only to
    /// ask [`Game::legal_moves`] whether a hidden seat could have made a move.
    fn with_hand(&self, seat: Seat, hand: CardSet) -> Self;

    /// The cards `mv` shows `observer`: those it shows everybody (a played card, a declared
    /// marriage), and those the observer sees passed face down (cards passed between partners).
    fn revealed_cards(&self, mv: Self::Move, observer: Seat) -> CardSet;

    /// Every card `mv` moves, shown or not (cards passed face down): a card swapped into the
    /// mover's guessed hand to show it never displaces one of them. By default none.
    fn cards_moved(&self, mv: Self::Move) -> CardSet {
        let _ = mv;
        CardSet::EMPTY
    }

    /// Whether `mv` is of the kind this position asks for, whatever the mover's cards (a
    /// defence while a card is open, an attack when attacking): a view plays hidden seats'
    /// moves against guessed hands without asking the rules, and a move of the wrong kind must
    /// be refused there, not played. By default every move is.
    fn move_kind_fits(&self, mv: Self::Move) -> bool {
        let _ = mv;
        true
    }

    /// Where `mv`'s text states a public outcome (an ask's answer) that this position does not
    /// give, why.
    fn contradiction(&self, mv: Self::Move) -> Option<String> {
        let _ = mv;
        None
    }

    /// In `observer`'s view, whose hidden hands are guesses, changes this start of the history
    /// (the hand as dealt) so that what the deal decides before any move (who a first poll
    /// asks) goes as the history's `moves` show, as far as a guess can; by default nothing.
    fn fit_start(&mut self, moves: &[Self::Move], observer: Seat) {
        let _ = (moves, observer);
    }

    /// In `observer`'s view, whose hidden hands are guesses, changes the guess so that `mv`
    /// has the outcome its text states (an ask's answer), and what follows it without a move
    /// goes as the history's `later` moves show (a card a hidden seat takes without a choice);
    /// returns the swaps of unseen cards made, `(card moved, card given back)`, or why no hand
    /// the seats could hold gives it. `later` are the history's moves after `mv`, as far as
    /// they read. A card of `placed` (the observer knows where it is) is never given back.
    fn fit_outcome(
        &mut self,
        mv: Self::Move,
        later: &[Self::Move],
        observer: Seat,
        placed: CardSet,
    ) -> Result<Vec<(Card, Card)>, String> {
        let _ = (mv, later, observer, placed);
        Ok(Vec::new())
    }

    /// The seat whose knowledge decides `seat`'s move: the seat itself, but in bridge the
    /// declarer plays dummy's cards.
    fn decider(&self, seat: Seat) -> Seat {
        seat
    }

    /// The lowest and highest payoff a seat can get in this position's rules.
    fn payoff_bounds(&self) -> (i32, i32);

    /// What a seat's payoff ([`Game::payoff`]) counts, in words: the unit of the values that
    /// play out whole hands (ISMCTS).
    fn payoff_unit(&self) -> &'static str;

    /// The hand's score for `side` (the [`Game::payoff`] of its seats) if the hand ends with
    /// `value` for the side in the exact search's unit, where it follows from that value and
    /// this position; a mean of values (the depth-limited estimate) is mapped only where the
    /// score is affine in the value (PIMC maps each world's value, never the mean). `None`
    /// where it does not follow (it depends on more than the value).
    fn score_of_value(&self, side: usize, value: f64) -> Option<f64> {
        let _ = (side, value);
        None
    }

    /// Whether each seat plays for its own score in a way the search should model: PIMC then
    /// searches each world by max^n (every seat maximising its own value) rather than
    /// paranoid. The default, false, keeps the exact search.
    fn max_n_worlds(&self) -> bool {
        false
    }

    fn is_over(&self) -> bool {
        self.to_move().is_none()
    }

    /// Plays `mv` if it is legal; otherwise leaves the position as it was.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove)
        }
    }
}

/// [`Game::with_hand`] for a game whose hands are its field `hands`, indexed by seat.
macro_rules! with_hand_in_hands {
    () => {
        fn with_hand(&self, seat: $crate::game::Seat, hand: $crate::cards::CardSet) -> Self {
            let mut copy = self.clone();
            copy.hands[seat] = hand;
            copy
        }
    };
}
pub(crate) use with_hand_in_hands;

/// The hand's score that `score` gives for the exact search's `value` where it is whole
/// points; none for a mean between them.
pub fn whole_points_score(value: f64, score: impl FnOnce(i32) -> Option<i32>) -> Option<f64> {
    let points = value as i32;
    (f64::from(points) == value)
        .then(|| score(points))
        .flatten()
        .map(f64::from)
}

/// Mixes one word into a running hash; used by the games' transposition keys. The word is
/// XORed in and the result scrambled by murmur3's finaliser, which spreads every bit over the
/// whole word: with a single multiply, whose carries run only upwards, two words differing in
/// their high bits alone (card sets, ranks squeezed to a lane's top) could cancel out.
pub const fn mix(hash: u64, word: u64) -> u64 {
    let mut x = hash ^ word;
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

#[cfg(test)]
mod tests {
    use super::mix;
    use crate::rng::{stream_seed, Rng};

    /// Pairs of words that a single multiply lets cancel (the second pair's difference made
    /// to undo the first's, with the first differing in its top bits only, as card sets of
    /// the top suit and ranks squeezed to a lane's top do) stay apart under [`mix`]. The
    /// first pair is the one met in the Marjapussi family's shape keys.
    #[test]
    fn words_differing_in_high_bits_do_not_cancel() {
        let met = |a: u64, b: u64| mix(mix(0x37337, a), b);
        assert_ne!(
            met(0x7800_4000_8000_0000, 0x1800_3000_a000_0000),
            met(0x7400_4000_8000_0000, 0x1c00_3000_8000_0000)
        );
        let mut rng = Rng::seeded(7);
        for _ in 0..10_000 {
            let (h, a, b) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
            let a2 = a ^ (rng.next_u64() | 1) << 48;
            // One multiply and a shift: the second word's difference undoes the first's.
            let b2 = b ^ stream_seed(h, a) ^ stream_seed(h, a2);
            assert_eq!(
                stream_seed(stream_seed(h, a), b),
                stream_seed(stream_seed(h, a2), b2)
            );
            assert_ne!(mix(mix(h, a), b), mix(mix(h, a2), b2));
        }
    }
}
