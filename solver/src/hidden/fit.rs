//! Fitting a view's guessed hands to what a move shows happened (an ask's answer, a window
//! skipped, a card taken without a choice): cards put where they must be by swapping unseen
//! cards between hidden places, as the reveal of a shown card does.
//!
//! While a view's knowledge is learnt ([`knowing`]), the fits put cards only where the moves
//! before showed they may be, where they can, so that a guess does not read a later move as
//! no deal the history allows could play it.
//!
//! The general fit ([`search_placements`]) can take long; while a request with a deadline is
//! read ([`until`]), it stops there, and the view is refused ([`refused_at_deadline`]).

use super::Places;
use crate::api::ApiError;
use crate::cancel::Deadline;
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat, Unseen, MAX_PLACES};
use crate::problems::Problems;
use crate::rng::Rng;
use std::cell::{Cell, RefCell};

thread_local! {
    /// The deadline of the request whose position this thread reads, if any.
    static LIMIT: RefCell<Option<Deadline>> = const { RefCell::new(None) };
    /// Whether a fit stopped at that deadline.
    static CUT: Cell<bool> = const { Cell::new(false) };
    /// While a view's knowledge is learnt ([`knowing`]): per card, the places it may be in.
    static KNOWN: Cell<Option<[Places; 64]>> = const { Cell::new(None) };
}

/// Resets the places known when the fit ends, even by a panic.
struct Knowing(Option<[Places; 64]>);

impl Drop for Knowing {
    fn drop(&mut self) {
        KNOWN.with(|known| known.set(self.0));
    }
}

/// `fit` with every [`place`] on this thread putting cards only where `allowed` (per card, the
/// places it may be in, as a view's knowledge learnt them) lets them be, where it can.
pub fn knowing<T>(allowed: [Places; 64], fit: impl FnOnce() -> T) -> T {
    let _reset = Knowing(KNOWN.with(|known| known.replace(Some(allowed))));
    fit()
}

/// Whether a view's knowledge is being learnt ([`knowing`]).
pub fn learning() -> bool {
    KNOWN.with(|known| known.get().is_some())
}

/// Whether `card` may be in `place`, as far as the knowledge being learnt says.
fn may_be(card: Card, place: usize) -> bool {
    KNOWN.with(|known| {
        known
            .get()
            .is_none_or(|allowed| allowed[card.index() as usize] & 1 << place != 0)
    })
}

/// Resets the thread's deadline when the reading ends, even by a panic.
struct Reading;

impl Drop for Reading {
    fn drop(&mut self) {
        LIMIT.with(|limit| limit.borrow_mut().take());
    }
}

/// `read` (a request's position read) with every general fit on this thread stopped at
/// `deadline`; what it gave, and whether a fit stopped there.
pub fn until<T>(deadline: &Deadline, read: impl FnOnce() -> T) -> (T, bool) {
    LIMIT.with(|limit| *limit.borrow_mut() = Some(deadline.clone()));
    CUT.with(|cut| cut.set(false));
    let reading = Reading;
    let read = read();
    drop(reading);
    (read, CUT.with(Cell::take))
}

/// Whether the deadline of the request being read has passed (a fit then stops).
pub fn out_of_time() -> bool {
    let passed = LIMIT.with(|limit| limit.borrow().as_ref().is_some_and(Deadline::passed));
    if passed {
        CUT.with(|cut| cut.set(true));
    }
    passed
}

/// Whether a fit of the position being read stopped at its request's deadline: the guess
/// then is no fit's, and the fits of its moves refuse it.
pub fn cut() -> bool {
    CUT.with(Cell::get)
}

/// The problem of a view whose history replays only after a general fit, which the request's
/// deadline stopped (`budget.deadline_ms`, what the service leaves the request) or its caller
/// cancelled.
pub fn refused_at_deadline() -> ApiError {
    Problems::single(
        "position.moves",
        "the view's history needs a search for hidden hands from which it replays, and the \
         request's deadline stopped it before it found one: send the view again with more time",
    )
    .into()
}

/// Where a card must be: in a place (a seat's hand), or in none of some places.
#[derive(Clone, Copy, Debug)]
pub enum Target {
    In(usize),
    NotIn(Places),
}

/// Puts each card of `wanted` where it must be in `observer`'s guess by swapping unseen cards,
/// never giving back one of `protected` nor of `wanted` (so that no card placed is moved away
/// for the next); the swaps made, `(card moved, card given back)`, or
/// `None` where a card the observer sees is elsewhere or no card can be given back. The state
/// is changed only on success, and only where a card moves ([`Game::swap_unseen`]). Every card
/// goes where the knowledge being learnt lets it be ([`knowing`]) where that can be done.
pub fn place<G: Game>(
    state: &mut G,
    wanted: &[(Card, Target)],
    observer: Seat,
    protected: CardSet,
) -> Option<Vec<(Card, Card)>> {
    place_known(state, wanted, observer, protected).or_else(|| {
        learning()
            .then(|| place_anywhere(state, wanted, observer, protected))
            .flatten()
    })
}

/// [`place`] without the knowledge being learnt: every card may go wherever an unseen card
/// may be.
pub fn place_anywhere<G: Game>(
    state: &mut G,
    wanted: &[(Card, Target)],
    observer: Seat,
    protected: CardSet,
) -> Option<Vec<(Card, Card)>> {
    let _reset = Knowing(KNOWN.with(Cell::take));
    place_known(state, wanted, observer, protected)
}

/// [`place`], putting every card only where the knowledge being learnt lets it be.
pub fn place_known<G: Game>(
    state: &mut G,
    wanted: &[(Card, Target)],
    observer: Seat,
    protected: CardSet,
) -> Option<Vec<(Card, Card)>> {
    let mut unseen = state.unseen(observer);
    let mut swaps = Vec::new();
    let protected = wanted
        .iter()
        .fold(protected, |all, &(card, _)| all | CardSet::single(card));
    for &(card, target) in wanted {
        let Some(from) = unseen.place_of(card) else {
            let holder = (0..state.seats()).find(|&s| state.hand(s).contains(card));
            if !meets(holder, target) {
                return None;
            }
            continue;
        };
        if meets(Some(from), target) {
            continue;
        }
        let (to, back) = destination(&unseen, card, target, from, protected)?;
        unseen.places[from].remove(card);
        unseen.places[to].remove(back);
        unseen.places[from].insert(back);
        unseen.places[to].insert(card);
        swaps.push((card, back));
    }
    let swapped = state.swap_unseen(observer, &swaps);
    debug_assert!(swapped, "every swapped card is unseen");
    Some(swaps)
}

/// Whether a card in `holder` (a place; `None`: in no hand) is where `target` wants it.
fn meets(holder: Option<usize>, target: Target) -> bool {
    match (target, holder) {
        (Target::In(place), holder) => holder == Some(place),
        (Target::NotIn(places), Some(place)) => places & 1 << place == 0,
        (Target::NotIn(_), None) => true,
    }
}

/// A place meeting `target` other than `from` where `card` may be, with an unseen card to give
/// back that may be in `from` (not one of `protected`), and that card.
fn destination(
    unseen: &Unseen,
    card: Card,
    target: Target,
    from: usize,
    protected: CardSet,
) -> Option<(usize, Card)> {
    (0..MAX_PLACES)
        .filter(|&place| place != from && meets(Some(place), target) && may_be(card, place))
        .find_map(|place| {
            (unseen.places[place] - protected)
                .iter()
                .find(|&back| may_be(back, from))
                .map(|back| (place, back))
        })
}

/// How many of `moves` replay with the rules from `state`, each legal and none stating an
/// outcome the position does not give ([`Game::contradiction`]), and the position reached.
pub fn replayed<G: Game>(state: &G, moves: &[G::Move]) -> (usize, G) {
    let mut state = state.clone();
    let count = moves
        .iter()
        .take_while(|&&mv| state.contradiction(mv).is_none() && state.play(mv).is_ok())
        .count();
    (count, state)
}

/// A general fit of `observer`'s guessed start of a history: a search over the placements of
/// the unseen cards for one from which every move of `moves` replays with the rules
/// ([`replayed`]), so that every constraint the history shows (voids, cards a seat must hold,
/// who a poll asks) holds at once, to a position that `end` accepts where one can. A hill
/// climb by swaps of two unseen cards (never two of one hand) from each of `starts`, then
/// from up to `restarts` placements drawn uniformly (the places' sizes kept), each climbing
/// at most `steps` swaps.
/// A guess scores by how far the history replays, then whether its end is accepted, then how
/// many of the cards that the first move not replayed shows are in its mover's hand. After
/// each change `redeal` redoes what the deal decides from the hands before any move (who a
/// first poll asks). Deterministic for `seed`, which orders the swaps tried and draws the
/// placements. The first guess found that replays to an accepted end, else one that replays;
/// `None` where the deadline of the request being read passes first ([`out_of_time`]).
pub fn search_placements<G: Game>(
    starts: &[G],
    moves: &[G::Move],
    observer: Seat,
    seed: u64,
    (restarts, steps): (usize, usize),
    redeal: impl Fn(&mut G),
    end: impl Fn(&G) -> bool,
) -> Option<G> {
    let score = |guess: &G| {
        let (count, reached) = replayed(guess, moves);
        let shown = match moves.get(count) {
            Some(&mv) => {
                let mover = reached.to_move().unwrap_or(observer);
                (reached.revealed_cards(mv, observer) & reached.hand(mover)).len()
            }
            None => 0,
        };
        (count, count == moves.len() && end(&reached), shown)
    };
    let mut rng = Rng::seeded(seed);
    let first = starts.first()?;
    let unseen = first.unseen(observer);
    let cards = rng.shuffled(unseen.cards());
    let mut replaying = None;
    for attempt in 0..starts.len() + restarts {
        if out_of_time() {
            return None;
        }
        let mut guess = match starts.get(attempt) {
            Some(start) => start.clone(),
            None => {
                let mut guess = first.clone();
                guess.set_unseen(observer, &drawn_placement(&unseen, &mut rng));
                redeal(&mut guess);
                guess
            }
        };
        let mut reached = score(&guess);
        for _ in 0..steps {
            if reached.1 {
                return Some(guess);
            }
            let at = guess.unseen(observer);
            let better = cards.iter().enumerate().find_map(|(i, &a)| {
                cards[i + 1..].iter().find_map(|&b| {
                    // Two cards of one hand: the same hand (a pile's order may matter).
                    let place = at.place_of(a).filter(|&p| p < first.seats());
                    if place.is_some() && place == at.place_of(b) {
                        return None;
                    }
                    if out_of_time() {
                        return None;
                    }
                    let mut swapped = guess.clone();
                    if !swapped.swap_unseen(observer, &[(a, b)]) {
                        return None;
                    }
                    redeal(&mut swapped);
                    let s = score(&swapped);
                    (s > reached).then_some((swapped, s))
                })
            });
            match better {
                Some(better) => (guess, reached) = better,
                None if out_of_time() => return None,
                None => break,
            }
        }
        if reached.1 {
            return Some(guess);
        }
        if reached.0 == moves.len() {
            replaying.get_or_insert(guess);
        }
    }
    replaying
}

/// The cards of `unseen` dealt again uniformly at random by `rng`, each place keeping its size.
pub fn drawn_placement(unseen: &Unseen, rng: &mut Rng) -> Unseen {
    let mut drawn = rng.shuffled(unseen.cards()).into_iter();
    let mut placed = Unseen::default();
    for (place, there) in unseen.places.iter().enumerate() {
        placed.places[place] = drawn.by_ref().take(there.len() as usize).collect();
    }
    placed
}
