//! The arena: who is asked for each move, the score of a deal, and a match the stronger
//! player wins.

use super::arena::{duplicate, play_hand, side_difference};
use super::ismcts::Limit;
use super::players::{IsmctsPlayer, PimcPlayer, SeeingPlayer};
use super::rollout::RandomRollout;
use super::{deal, Player, RandomPlayer};
use crate::game::{Game, Seat};
use crate::games::bridge::Bridge;
use crate::games::muschik::Muschik;
use crate::rng::Rng;

/// Plays at random and remembers which seats it was asked to decide for.
#[derive(Default)]
struct Recording {
    asked: Vec<Seat>,
}

impl<G: Game> Player<G> for Recording {
    fn name(&self) -> String {
        "recording".to_string()
    }

    fn choose(&mut self, s: &G, h: &[G::Move], state: &G, seat: Seat, rng: &mut Rng) -> G::Move {
        self.asked.push(seat);
        RandomPlayer.choose(s, h, state, seat, rng)
    }
}

#[test]
fn the_declarer_decides_for_dummy() {
    let start: Bridge = deal("bridge", 4).unwrap();
    let (declarer, dummy) = (
        usize::from(start.config().declarer),
        usize::from(start.dummy()),
    );
    let mut a = Recording::default();
    let mut b = Recording::default();
    let a_seats: Vec<bool> = (0..4)
        .map(|s| start.side(s) == start.side(declarer))
        .collect();
    let end = play_hand(&start, &a_seats, &mut a, &mut b, &mut Rng::seeded(1));
    assert!(end.is_over());
    assert_eq!(a.asked.len() + b.asked.len(), 52);
    assert_eq!(a.asked.iter().filter(|&&s| s == declarer).count(), 26);
    assert!(!a.asked.contains(&dummy));
    assert!(b
        .asked
        .iter()
        .all(|&s| start.side(s) != start.side(declarer)));
}

#[test]
fn a_deal_scores_the_mean_per_seat_of_each_player() {
    assert_eq!(
        side_difference(&[3, 10, 3, 10], &[true, false, true, false]),
        -7.0
    );
    assert_eq!(side_difference(&[-2, 1, 1], &[true, false, false]), -3.0);
    assert_eq!(side_difference(&[4, 1, 1], &[true, false, false]), 3.0);
}

#[test]
fn seeing_every_card_beats_random_play() {
    let mut seeing = SeeingPlayer::<Muschik>::new(Limit::Iterations(200));
    let report = duplicate("muschik", &mut seeing, &mut RandomPlayer, 8, 1).unwrap();
    assert_eq!(report.differences.len(), 8);
    assert!(report.mean() > 0.0, "{report:?}");
    assert!(report.half_width().is_finite());
}

#[test]
fn ismcts_on_its_view_beats_random_play() {
    let mut ismcts = IsmctsPlayer::<Muschik, _>::new(RandomRollout, Limit::Iterations(300));
    let report = duplicate("muschik", &mut ismcts, &mut RandomPlayer, 8, 2).unwrap();
    assert!(report.mean() > 0.0, "{report:?}");
}

#[test]
fn pimc_on_its_view_beats_random_play() {
    let mut pimc = PimcPlayer::<Muschik>::new(8, Limit::Iterations(200), None);
    let report = duplicate("muschik", &mut pimc, &mut RandomPlayer, 6, 3).unwrap();
    assert!(report.mean() > 0.0, "{report:?}");
}
