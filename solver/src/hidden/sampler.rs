//! Uniform deals of the unseen cards among every deal meeting a view's constraints.
//!
//! Cards with the same set of allowed places form a class. [`Counts`] counts the completions
//! with a memoised recursion over (class, place of the class, cards of the class left, capacity
//! left in every place), splitting each class place by place with binomial weights. A draw walks
//! the same recursion, choosing each split in proportion to the completions it leaves, then deals
//! each class's cards to its places in a random order: every consistent deal has the same
//! probability, and no draw is ever rejected. Counts are floats (deals can outnumber any integer
//! type); the draw allocates nothing. When no deal fits, [`Contradiction`] says why (Hall's
//! condition names the places that cannot be filled).

use super::{Knowledge, Observable, Places};
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat, Unseen, MAX_PLACES};
use crate::rng::Rng;
use std::collections::HashMap;

/// Cards that may be in exactly the same places.
#[derive(Clone, Copy, Debug)]
struct Class {
    cards: CardSet,
    places: [u8; MAX_PLACES],
    place_count: u8,
}

/// A point of the recursion: class, index into its places, its cards left, every capacity left.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Step {
    class: u8,
    slot: u8,
    left: u8,
    capacity: [u8; MAX_PLACES],
}

/// The completions counted from every reachable step, for drawing.
#[derive(Clone, Debug)]
pub(super) struct Counts {
    classes: Vec<Class>,
    memo: HashMap<Step, f64>,
    start: Step,
    total: f64,
}

/// Why no deal of the unseen cards meets the constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Contradiction {
    /// The card may be in none of the places holding unseen cards.
    Homeless(Card),
    /// The places must hold `need` unseen cards but only `may` unseen cards may be there.
    Short { places: Places, need: u32, may: u32 },
}

impl Contradiction {
    pub(super) fn describe<G: Observable>(&self, state: &G) -> String {
        match *self {
            Contradiction::Homeless(card) => format!(
                "no deal fits the view: {} is unseen but every hidden place is ruled out for it",
                state.card_name(card)
            ),
            Contradiction::Short { places, need, may } => {
                let names: Vec<String> = (0..MAX_PLACES)
                    .filter(|&p| places & (1 << p) != 0)
                    .map(|p| state.place_name(p))
                    .collect();
                let (who, between) = match names.as_slice() {
                    [one] => (one.clone(), ""),
                    [init @ .., last] => {
                        (format!("{} and {last}", init.join(", ")), " between them")
                    }
                    [] => (String::from("no place"), ""),
                };
                format!("no deal fits the view: {who} must hold {need} cards{between} but only {may} unseen cards may be there")
            }
        }
    }
}

fn binomial(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// Hall's condition for filling every place: the first (smallest) set of places that the cards
/// allowed there cannot fill, or a card allowed nowhere.
fn check_hall(
    sizes: &[u8; MAX_PLACES],
    unknown: CardSet,
    allowed: &[Places; 64],
) -> Result<(), Contradiction> {
    if let Some(card) = unknown.iter().find(|c| allowed[c.index() as usize] == 0) {
        return Err(Contradiction::Homeless(card));
    }
    let occupied: Places = (0..MAX_PLACES)
        .filter(|&p| sizes[p] > 0)
        .fold(0, |acc, p| acc | 1 << p);
    let mut worst: Option<Contradiction> = None;
    let mut subset: Places = occupied;
    while subset != 0 {
        let need: u32 = (0..MAX_PLACES)
            .filter(|&p| subset & (1 << p) != 0)
            .map(|p| u32::from(sizes[p]))
            .sum();
        let may = unknown
            .iter()
            .filter(|c| allowed[c.index() as usize] & subset != 0)
            .count() as u32;
        let smaller = match worst {
            Some(Contradiction::Short { places, .. }) => subset.count_ones() <= places.count_ones(),
            _ => true,
        };
        if may < need && smaller {
            worst = Some(Contradiction::Short {
                places: subset,
                need,
                may,
            });
        }
        subset = (subset - 1) & occupied;
    }
    worst.map_or(Ok(()), Err)
}

impl Counts {
    pub(super) fn new(
        sizes: &[u8; MAX_PLACES],
        unknown: CardSet,
        allowed: &[Places; 64],
    ) -> Result<Counts, Contradiction> {
        check_hall(sizes, unknown, allowed)?;
        let mut classes: Vec<Class> = Vec::new();
        for card in unknown {
            let mask = allowed[card.index() as usize];
            match classes.iter_mut().find(|c| places_mask(c) == mask) {
                Some(class) => class.cards.insert(card),
                None => {
                    let mut class = Class {
                        cards: CardSet::single(card),
                        places: [0; MAX_PLACES],
                        place_count: 0,
                    };
                    for p in (0..MAX_PLACES).filter(|&p| mask & (1 << p) != 0) {
                        class.places[class.place_count as usize] = p as u8;
                        class.place_count += 1;
                    }
                    classes.push(class);
                }
            }
        }
        // Tightly constrained classes first keeps the capacities reached few.
        classes.sort_by_key(|c| (c.place_count, c.cards.bits()));
        let start = Step {
            class: 0,
            slot: 0,
            left: classes.first().map_or(0, |c| c.cards.len() as u8),
            capacity: *sizes,
        };
        let mut counts = Counts {
            classes,
            memo: HashMap::new(),
            start,
            total: 0.0,
        };
        counts.total = counts.fill(start);
        Ok(counts)
    }

    pub(super) fn total(&self) -> f64 {
        self.total
    }

    /// Completions from `step`, memoising every step below it.
    fn fill(&mut self, step: Step) -> f64 {
        if let Some(done) = self.terminal(step) {
            return done;
        }
        if let Some(&known) = self.memo.get(&step) {
            return known;
        }
        let options: Vec<(f64, Step)> = self.choices(step).collect();
        let mut sum = 0.0;
        for (weight, next) in options {
            sum += weight * self.fill(next);
        }
        self.memo.insert(step, sum);
        sum
    }

    /// Completions from `step` once [`Counts::fill`] has run.
    fn count(&self, step: Step) -> f64 {
        self.terminal(step)
            .unwrap_or_else(|| self.memo.get(&step).copied().unwrap_or(0.0))
    }

    /// Past the last class: one completion if every place is full, else none.
    fn terminal(&self, step: Step) -> Option<f64> {
        (step.class as usize == self.classes.len())
            .then(|| f64::from(u8::from(step.capacity.iter().all(|&c| c == 0))))
    }

    /// The step after `step` once its class has no place left: the next class's first step, or
    /// `None` when cards of the class were left unplaced.
    fn advance(&self, step: Step) -> Option<Step> {
        let class = &self.classes[step.class as usize];
        if step.slot < class.place_count {
            return Some(step);
        }
        if step.left != 0 {
            return None;
        }
        let left = self
            .classes
            .get(step.class as usize + 1)
            .map_or(0, |next| next.cards.len() as u8);
        Some(Step {
            class: step.class + 1,
            slot: 0,
            left,
            capacity: step.capacity,
        })
    }

    /// Each way to put some of the class's cards left into its current place: how many ways
    /// to choose those cards, and the step after.
    fn choices(&self, step: Step) -> impl Iterator<Item = (f64, Step)> + '_ {
        let class = self.classes[step.class as usize];
        let place = class.places[step.slot as usize] as usize;
        let last = step.slot + 1 == class.place_count;
        let most = step.left.min(step.capacity[place]);
        let fewest = if last { step.left } else { 0 };
        (fewest..=most).filter_map(move |n| {
            let mut next = step;
            next.slot += 1;
            next.left -= n;
            next.capacity[place] -= n;
            let weight = binomial(u32::from(step.left), u32::from(n));
            self.advance(next).map(|next| (weight, next))
        })
    }

    /// Draws how many cards of each class go to each place, proportionally to the completions.
    fn draw_split(&self, rng: &mut Rng, split: &mut [[u8; MAX_PLACES]; 64]) {
        let mut step = self.start;
        while (step.class as usize) < self.classes.len() {
            let class = self.classes[step.class as usize];
            let place = class.places[step.slot as usize] as usize;
            let mut target = unit(rng) * self.count(step);
            let mut chosen = None;
            for (weight, next) in self.choices(step) {
                let w = weight * self.count(next);
                if w > 0.0 {
                    chosen = Some(next);
                    if target < w {
                        break;
                    }
                    target -= w;
                }
            }
            let next = chosen.expect("a step with completions has a choice with completions");
            let placed = if next.class == step.class {
                step.left - next.left
            } else {
                step.left
            };
            split[step.class as usize][place] = placed;
            step = next;
        }
    }
}

fn places_mask(class: &Class) -> Places {
    class.places[..class.place_count as usize]
        .iter()
        .fold(0, |acc, &p| acc | 1 << p)
}

/// A uniform float in `[0, 1)`.
pub(super) fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// The most worlds drawn for one world that the history allows (where the knowledge checks
/// drawn worlds): a view is refused when that many draws find none, so a sample never needs it.
pub(super) const MAX_DRAWS: usize = 10_000;

/// The unseen cards of `knowledge` dealt among every deal it allows: from its split by
/// entangled cards where it has one, else drawn again while its check rejects them (up to
/// [`MAX_DRAWS`] draws), each as often as hidden passes lead to it.
pub(super) fn draw_unseen(knowledge: &Knowledge, rng: &mut Rng) -> Unseen {
    if let Some(split) = &knowledge.split {
        return split.draw(rng);
    }
    let mut world = draw_places(knowledge, rng);
    for _ in 1..MAX_DRAWS {
        if knowledge
            .check
            .as_ref()
            .is_none_or(|check| check.keeps(&world, rng))
        {
            break;
        }
        world = draw_places(knowledge, rng);
    }
    world
}

impl Knowledge {
    /// Whether [`MAX_DRAWS`] draws find a world that the check accepts.
    pub(super) fn has_checked_world(&self) -> bool {
        let Some(check) = &self.check else {
            return true;
        };
        let mut rng = Rng::seeded(0);
        (0..MAX_DRAWS).any(|_| check.accepts(&draw_places(self, &mut rng)))
    }
}

/// The unseen cards dealt uniformly among every deal the places allowed allow.
fn draw_places(knowledge: &Knowledge, rng: &mut Rng) -> Unseen {
    draw_counts(&knowledge.counts, rng)
}

/// The cards `counts` counts dealt uniformly among the deals it counts.
pub(super) fn draw_counts(counts: &Counts, rng: &mut Rng) -> Unseen {
    let mut split = [[0u8; MAX_PLACES]; 64];
    counts.draw_split(rng, &mut split);
    let mut unseen = Unseen::default();
    let mut order = [Card::new(0); 64];
    for (class, row) in counts.classes.iter().zip(split.iter()) {
        let mut len = 0;
        for card in class.cards {
            order[len] = card;
            len += 1;
        }
        rng.shuffle(&mut order[..len]);
        let mut next = 0;
        for &place in &class.places[..class.place_count as usize] {
            let n = row[place as usize] as usize;
            for &card in &order[next..next + n] {
                unseen.places[place as usize].insert(card);
            }
            next += n;
        }
    }
    unseen
}

/// A complete world consistent with `knowledge`: `state` (the view's position now) with its
/// unseen cards dealt uniformly among every deal the observer's knowledge allows.
pub fn sample<G: Game>(state: &G, observer: Seat, knowledge: &Knowledge, rng: &mut Rng) -> G {
    debug_assert_eq!(observer, knowledge.observer);
    let unseen = draw_unseen(knowledge, rng);
    let mut world = state.clone();
    world.set_unseen(observer, &unseen);
    world
}
