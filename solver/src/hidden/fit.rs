//! Fitting a view's guessed hands to what a move shows happened (an ask's answer, a window
//! skipped, a card taken without a choice): cards put where they must be by swapping unseen
//! cards between hidden places, as the reveal of a shown card does.

use super::Places;
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat, Unseen, MAX_PLACES};

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
/// is changed only on success, and only where a card moves ([`Game::swap_unseen`]).
pub fn place<G: Game>(
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
        let (to, back) = destination(&unseen, target, from, protected)?;
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

/// A place meeting `target` other than `from` with an unseen card to give back (not one of
/// `protected`), and that card.
fn destination(
    unseen: &Unseen,
    target: Target,
    from: usize,
    protected: CardSet,
) -> Option<(usize, Card)> {
    (0..MAX_PLACES)
        .filter(|&place| place != from && meets(Some(place), target))
        .find_map(|place| {
            (unseen.places[place] - protected)
                .lowest()
                .map(|back| (place, back))
        })
}
