//! Tests of the knowledge and the sampler: soundness against the true deals of random hands of
//! every game, every drawn world against every constraint, exact uniformity on a small case.

use super::sampler::{draw_unseen, Counts};
use super::{sample, Knowledge, Observable};
use crate::api::{parse_position, position_json, Position};
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat, MAX_PLACES};
use crate::games::mustamaija::Mustamaija;
use crate::games::{bridge::Bridge, marjapussi::Marjapussi, mu::Mu, muschik::Muschik};
use crate::problems::{Fields, Problems};
use crate::rng::Rng;
use serde_json::json;
use std::collections::HashMap;

/// A hand of `G`'s default variant dealt from `seed` and played with random legal moves for
/// `steps` moves (or to the end); returns the true position and its moves.
fn random_hand<G: Observable>(seed: u64, steps: usize) -> (G, G, Vec<G::Move>) {
    let mut problems = Problems::default();
    let config = G::config(None, None, "", &mut problems).expect("default variant");
    let empty = json!({});
    let mut fields = Fields::of(&empty, "", &mut problems);
    let start = G::deal(&config, seed, &mut fields, &mut problems).expect("a deal");
    let mut state = start.clone();
    let mut rng = Rng::seeded(seed);
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..steps {
        if state.is_over() {
            break;
        }
        state.legal_moves(&mut legal);
        let mv = legal[rng.below(legal.len())];
        state.play_unchecked(mv);
        moves.push(mv);
    }
    (start, state, moves)
}

/// `observer`'s view of a hand as dealt, as a client would send it (hidden hands as counts).
fn view_of<G: Observable>(start: &G, observer: Seat) -> Position<G> {
    let complete = Position {
        state: start.clone(),
        history: Some((start.clone(), Vec::new())),
        view: Some(observer),
    };
    parse_position::<G>(&position_json(&complete), "position").unwrap_or_else(|p| panic!("{p:?}"))
}

/// Knowledge learnt by every seat from random hands, replayed in the true deal (the rules it
/// applies never read the hidden cards, only the moves and the counts): every unseen card's true
/// place is allowed, every place's size is right, and worlds drawn meet every constraint.
/// Returns how many (card, place) pairs the histories ruled out.
fn check_sound<G: Observable>(deals: u64, steps: usize) -> usize {
    let mut ruled_out = 0;
    for seed in 0..deals {
        let (start, truth, moves) = random_hand::<G>(seed, steps + seed as usize % 7);
        for observer in 0..truth.seats() {
            let knowledge = Knowledge::from_deal(&start, &moves, observer)
                .unwrap_or_else(|why| panic!("seed {seed} seat {observer}: {why}"));
            let real = truth.unseen(observer);
            for place in 0..MAX_PLACES {
                assert_eq!(knowledge.size(place), real.places[place].len() as usize);
                for card in real.places[place] {
                    assert!(
                        knowledge.allowed(card) & 1 << place != 0,
                        "{} seed {seed} seat {observer}: {} is in place {place} but ruled out",
                        G::NAME,
                        truth.card_name(card)
                    );
                }
            }
            let occupied = (0..MAX_PLACES).filter(|&p| knowledge.size(p) > 0).count();
            ruled_out += knowledge
                .unknown()
                .iter()
                .map(|c| occupied - knowledge.allowed(c).count_ones() as usize)
                .sum::<usize>();
            let mut rng = Rng::seeded(seed);
            for _ in 0..5 {
                let world = sample(&truth, observer, &knowledge, &mut rng);
                let drawn = world.unseen(observer);
                assert_eq!(drawn.cards(), knowledge.unknown());
                for place in 0..MAX_PLACES {
                    assert_eq!(drawn.places[place].len() as usize, knowledge.size(place));
                    for card in drawn.places[place] {
                        assert!(knowledge.allowed(card) & 1 << place != 0);
                    }
                }
                assert_eq!(world.hand(observer), truth.hand(observer));
            }
        }
    }
    ruled_out
}

#[test]
fn marjapussi_knowledge_is_sound_and_learns_voids() {
    assert!(check_sound::<Marjapussi>(40, 30) > 0);
}

#[test]
fn bridge_knowledge_is_sound_and_learns_voids() {
    assert!(check_sound::<Bridge>(30, 30) > 0);
}

#[test]
fn muschik_knowledge_is_sound_and_learns() {
    assert!(check_sound::<Muschik>(30, 25) > 0);
}

#[test]
fn mustamaija_knowledge_is_sound() {
    // No Mustamaija rule forces a play, so the legal moves reveal nothing here.
    check_sound::<Mustamaija>(30, 40);
}

#[test]
fn mu_knowledge_is_sound_and_learns() {
    assert!(check_sound::<Mu>(20, 60) > 0);
}

fn card(i: u8) -> Card {
    Card::new(i)
}

/// Six cards in three places of two: card 0 not in place 0, card 1 only in place 1 or 2,
/// card 2 in place 2.
fn small_case() -> Knowledge {
    let mut sizes = [0u8; MAX_PLACES];
    sizes[..3].copy_from_slice(&[2, 2, 2]);
    let unknown: CardSet = (0..6).map(card).collect();
    let mut allowed = [0u16; 64];
    allowed[..6].copy_from_slice(&[0b110, 0b110, 0b100, 0b111, 0b111, 0b111]);
    let counts = Counts::new(&sizes, unknown, &allowed).expect("consistent");
    Knowledge {
        observer: 3,
        sizes,
        unknown,
        allowed,
        counts,
        exact: true,
        check: None,
        split: None,
    }
}

/// Every assignment of the small case's cards to places meeting its constraints.
fn enumerate(knowledge: &Knowledge) -> Vec<[u8; 6]> {
    let mut found = Vec::new();
    for code in 0..3u32.pow(6) {
        let places: [u8; 6] = std::array::from_fn(|i| (code / 3u32.pow(i as u32) % 3) as u8);
        let sizes_ok = (0..3).all(|p| places.iter().filter(|&&x| x == p).count() == 2);
        let allowed_ok = (0..6).all(|i| knowledge.allowed(card(i as u8)) & 1 << places[i] != 0);
        if sizes_ok && allowed_ok {
            found.push(places);
        }
    }
    found
}

#[test]
fn draws_are_uniform_over_the_consistent_deals() {
    let knowledge = small_case();
    let deals = enumerate(&knowledge);
    assert_eq!(knowledge.consistent_deals(), deals.len() as f64);
    let mut seen: HashMap<[u8; 6], u32> = HashMap::new();
    let mut rng = Rng::seeded(11);
    let draws = 40_000;
    for _ in 0..draws {
        let unseen = draw_unseen(&knowledge, &mut rng);
        let places: [u8; 6] =
            std::array::from_fn(|i| unseen.place_of(card(i as u8)).expect("dealt") as u8);
        *seen.entry(places).or_default() += 1;
    }
    assert_eq!(
        seen.len(),
        deals.len(),
        "every consistent deal is drawn, no other"
    );
    let expected = f64::from(draws) / deals.len() as f64;
    let chi_square: f64 = deals
        .iter()
        .map(|d| (f64::from(seen[d]) - expected).powi(2) / expected)
        .sum();
    // The 99.9% point of chi-square with (deals - 1) degrees of freedom is below df + 4.5 sqrt(2 df).
    let df = (deals.len() - 1) as f64;
    assert!(
        chi_square < df + 4.5 * (2.0 * df).sqrt(),
        "chi-square {chi_square} over {df} df"
    );
}

#[test]
fn a_place_that_cannot_be_filled_is_named() {
    let (start, _, _) = random_hand::<Marjapussi>(3, 0);
    let view = view_of(&start, 0);
    let unseen = view.state.unseen(0);
    let mut sizes = [0u8; MAX_PLACES];
    let mut allowed = [0u16; 64];
    for (size, cards) in sizes.iter_mut().zip(unseen.places) {
        *size = cards.len() as u8;
        for c in cards {
            // Seat 2 may hold only two of the unseen cards.
            allowed[c.index() as usize] = 0b1010;
        }
    }
    for c in unseen.cards().iter().take(2) {
        allowed[c.index() as usize] = 0b1110;
    }
    let contradiction = Counts::new(&sizes, unseen.cards(), &allowed).expect_err("contradictory");
    let said = contradiction.describe(&view.state);
    assert!(
        said.contains("seat 2 must hold 9 cards but only 2 unseen cards may be there"),
        "{said}"
    );
}
