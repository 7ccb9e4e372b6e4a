//! What the exact search needs of Mü (design section 4): the play for card points.
//!
//! The value is the card points a side wins in the hand's tricks, the chief's team (chief and
//! partner) against the rest, searched zero-sum between them (see [`Game::side`] of [`Mu`]).
//! Only the play is searched: the auction, trumps and partner are chosen before the hands are
//! known.
//!
//! Cards are equivalent when the mover holds both (hand or table) with equal card points and
//! they are twins, or of one class (one colour outside the trumps, or one trump tier) with no
//! other card of that class still in play ranking between them or equal to either.

use super::cards::{
    canonical_card, canonical_twins, colour_of, points, rank_mask, rank_of, ranks_from_to,
    ranks_in, set_points, Colour,
};
use super::{Move, Mu, Phase};
use crate::cards::{Card, CardSet};
use crate::game::{mix, Game};
use crate::search::{merge_pairwise, trick_cutoff_key, Searchable};

impl Mu {
    /// Card points won so far by `side`'s seats.
    fn side_points(&self, side: usize) -> i32 {
        (0..self.seats())
            .filter(|&s| self.side(s) == side)
            .map(|s| set_points(self.won[s]))
            .sum()
    }

    fn cards_in_play(&self) -> CardSet {
        (0..self.n()).fold(self.trick_cards(), |acc, s| acc | self.avail(s))
    }

    /// A key of what decides the rest of the hand at a trick's start: each effective suit's
    /// cards in play in order of strength, a group per strength (twins, or one rank of a
    /// number trump in several colours), written by its card points and how many of it each
    /// seat holds. The ranks themselves, the colours' names and the cards already won are
    /// left out: the play turns only on following suit and on which card beats which.
    fn shape_key(&self) -> u64 {
        let mut held = [CardSet::EMPTY; super::MAX_PLAYERS];
        for seat in 0..self.n() {
            held[seat as usize] = self.avail(seat);
        }
        let held = &held[..self.n() as usize];
        let in_play = held.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let group_word = |group: CardSet| {
            let first = group.lowest().expect("a card");
            held.iter().fold(points(first) as u64, |word, &hand| {
                word << 4 | u64::from((group & hand).len())
            })
        };
        // Each rank's cards of `cards` as a group word, lowest rank first.
        let groups = |h: u64, cards: CardSet| {
            ranks_in(cards).fold(h, |h, rank| mix(h, group_word(cards & rank_mask(rank))))
        };
        let trumps = self.trumps();
        let team = (0..self.seats())
            .filter(|&s| self.side(s) == 0)
            .fold(0u64, |acc, s| acc | 1 << s);
        let mut h = mix(0x6d75_5f73_6861_7065, u64::from(self.leader) | team << 8);
        for colour in Colour::ALL {
            h = mix(h, 0xc0 | colour as u64);
            h = groups(h, in_play & (colour.mask() - trumps));
        }
        h = mix(h, 0x7e);
        for tier in [
            self.vice_trumps - self.chief_trumps,
            self.chief_trumps - self.vice_trumps,
            self.chief_trumps & self.vice_trumps,
        ] {
            h = groups(h, in_play & tier);
        }
        h
    }

    /// Whether the mover's cards `x` and `y` play alike with the cards `in_play` still out
    /// (held or in the trick): twins, or of one class with equal points and no other card of
    /// the class in play ranking between them or equal to either.
    pub(super) fn alike(&self, x: Card, y: Card, in_play: CardSet) -> bool {
        if canonical_card(x) == canonical_card(y) {
            return true;
        }
        if points(x) != points(y) {
            return false;
        }
        let class = self.class(x);
        if !class.contains(y) {
            return false;
        }
        let (lo, hi) = (rank_of(x).min(rank_of(y)), rank_of(x).max(rank_of(y)));
        let others = in_play - CardSet::single(x) - CardSet::single(y);
        !(others & class).intersects(ranks_from_to(lo, hi))
    }

    /// The cards that compete with `card` by rank alone: its trump tier, or its colour outside
    /// the trumps; both trumps and plain cards are ordered by rank within a class.
    fn class(&self, card: Card) -> CardSet {
        let (chief, vice) = (self.chief_trumps, self.vice_trumps);
        match self.tier(card) {
            0 => colour_of(card).mask() - self.trumps(),
            1 => vice - chief,
            2 => chief - vice,
            _ => chief & vice,
        }
    }
}

/// Beyond every value: the window of a search with none.
const INF: i32 = i32::MAX / 2;

impl Mu {
    /// Bounds at a trick's start from the sure trumps and the leader's quick points,
    /// `side`'s own counted first: the other side's only where `side`'s do not reach `beta`.
    /// Inside a trick the sure trumps never decided a window on `bench_exact_games` (the same
    /// nodes), so no bound is counted there.
    fn sure_bounds(&self, side: usize, won: i32, beta: i32) -> (i32, i32) {
        let open = set_points(self.cards_in_play());
        if self.trick_len != 0 {
            return (won, won + open);
        }
        let leading = self.side(self.leader as usize);
        let sure = |s: usize| self.sure_points(s, s == leading);
        let low = won + sure(side);
        if low >= beta {
            return (low, won + open);
        }
        (low, won + open - sure(1 - side))
    }
}

impl Searchable for Mu {
    const KILLER_MOVES: bool = true;
    /// The cards the mover can play (hand and table) and the trick so far.
    fn cutoff_key(&self) -> Option<u64> {
        let seat = self.to_move()?;
        let trick = &self.trick[..usize::from(self.trick_len)];
        let playable = self.hands[seat] | self.tables[seat];
        let place = u64::from(self.trick_len) | (seat as u64) << 3;
        Some(trick_cutoff_key(playable, trick, place))
    }

    fn value(&self, side: usize) -> i32 {
        self.side_points(side)
    }

    fn value_bounds(&self, side: usize) -> (i32, i32) {
        let ((low, _), (high, _)) = self.value_bounds_relevant(side, (-INF, INF));
        (low, high)
    }

    /// [`Searchable::value_bounds`], the ending solved only as far as the window asks.
    fn value_bounds_relevant(
        &self,
        side: usize,
        (alpha, beta): (i32, i32),
    ) -> ((i32, u64), (i32, u64)) {
        let won = self.side_points(side);
        if self.phase != Phase::Play {
            return ((won, u64::MAX), (won, u64::MAX));
        }
        let (low, high) = match self.ending_points(side, alpha - won, beta - won) {
            Some(rest) if rest <= alpha - won => (won, won + rest),
            Some(rest) if rest >= beta - won => (won + rest, INF),
            Some(rest) => (won + rest, won + rest),
            None => self.sure_bounds(side, won, beta),
        };
        ((low, u64::MAX), (high, u64::MAX))
    }

    /// Hands and tables merged (a card plays the same from either), twins merged, the teams;
    /// the card points won are banked. At a trick's start, the shape
    /// ([`Mu::shape_key`]): positions that differ only in cards already won share it.
    fn table_key(&self, side: usize) -> (u64, i32) {
        if self.phase != Phase::Play {
            return (self.key(), 0);
        }
        if self.trick_len == 0 {
            return (self.shape_key(), self.side_points(side));
        }
        let mut h = 0x6d75_5f73_6561_7263;
        for seat in 0..self.n() {
            h = mix(h, canonical_twins(self.avail(seat)).bits());
        }
        let trick = self.trick[..self.trick_len as usize]
            .iter()
            .fold(0u64, |acc, &c| {
                (acc << 8) | (u64::from(canonical_card(c).index()) + 1)
            });
        let team = (0..self.seats())
            .filter(|&s| self.side(s) == 0)
            .fold(0u64, |acc, s| acc | 1 << s);
        let small = u64::from(self.actor) | u64::from(self.leader) << 4 | team << 8;
        h = mix(mix(mix(h, trick), small), self.chief_trumps.bits());
        (mix(h, self.vice_trumps.bits()), self.side_points(side))
    }

    /// In the play every card point still out goes to one side or the other.
    fn sides_total(&self) -> Option<i32> {
        (self.phase == Phase::Play).then(|| set_points(self.cards_in_play()))
    }

    fn value_unit(&self) -> &'static str {
        "card points"
    }

    fn zero_sum_sides(&self) -> bool {
        true
    }

    /// Only trick starts: a position inside a trick is reached again only through the
    /// trick's start, whose entry answers first.
    fn tabled(&self) -> bool {
        self.trick_len == 0
    }

    /// In the play two different cards never lead to one position (twins are merged as
    /// equivalent moves first).
    fn moves_may_transpose(&self) -> bool {
        self.phase != Phase::Play
    }

    fn exact_applies(&self) -> Result<(), String> {
        if self.phase == Phase::Play || self.phase.is_over() {
            return Ok(());
        }
        Err(format!(
            "phase '{}' is decided before the hands are known to all; the exact search does not cover it: 'ismcts' (or 'auto') analyses it",
            self.phase.name()
        ))
    }

    fn equivalent(&self, a: Move, b: Move) -> bool {
        let (Move::Play(x), Move::Play(y)) = (a, b) else {
            return a == b;
        };
        self.alike(x, y, self.cards_in_play())
    }

    /// [`Searchable::equivalent`] pair by pair as the default does, the cards in play
    /// gathered once.
    fn merge_equivalent(&self, moves: &mut Vec<Move>, merged: &mut Vec<(Move, Move)>) {
        let in_play = self.cards_in_play();
        merge_pairwise(moves, merged, |k, mv| match (k, mv) {
            (Move::Play(x), Move::Play(y)) => self.alike(x, y, in_play),
            _ => k == mv,
        });
    }

    fn order_hint(&self, mv: Move) -> i32 {
        let mut hints = Vec::with_capacity(1);
        self.order_hints(&[mv], &mut hints);
        hints[0]
    }

    /// Leads by [`Mu::lead_hint`], following cards by [`TrickSoFar::hint`], the trick's
    /// winner and what the seats still to play can reach found once.
    fn order_hints(&self, moves: &[Move], hints: &mut Vec<i32>) {
        let trick = self.trick_so_far();
        let mut reach: [Option<Reach>; 6] = [None; 6];
        hints.clear();
        hints.extend(moves.iter().map(|&mv| match (mv, &trick) {
            (Move::Play(card), Some(trick)) => trick.hint(self, card),
            (Move::Play(card), None) => {
                let suit = if self.tier(card) > 0 {
                    5
                } else {
                    colour_of(card) as usize
                };
                let reach = *reach[suit].get_or_insert_with(|| self.reach(card));
                self.lead_hint(card, reach)
            }
            _ => 0,
        }));
    }
}

/// The strongest cards the seats still to play to a trick could add (each one's cards of the
/// led suit, or any of its cards when it has none): the mover's opponents' and its partners'.
#[derive(Clone, Copy)]
struct Reach {
    threat: u8,
    help: u8,
}

/// What move ordering needs of a trick under way: the led card, the winning card's strength,
/// whether the trick is sure to be the mover's side's (its card wins so far and no opponent
/// still to play can beat it, or a partner still to play can beat every card), and the most
/// any opponent still to play can reach.
#[derive(Clone, Copy)]
struct TrickSoFar {
    led: Card,
    best: u8,
    sure: bool,
    threat: u8,
}

impl TrickSoFar {
    /// Points onto the partner's card when no opponent still to play can beat it (the most
    /// first); else winners none can beat (the most points first), then winners one can (the
    /// strongest), then the fewest points (measured on `bench_exact_games`).
    fn hint(&self, game: &Mu, card: Card) -> i32 {
        let smeared = points(card) * 64 - i32::from(rank_of(card));
        if self.sure {
            return 3000 + smeared;
        }
        let strength = game.strength(card, self.led);
        match (strength > self.best, self.threat <= strength) {
            (true, true) => 2000 + smeared,
            (true, false) => 1000 + game.worth(card),
            _ => -game.worth(card),
        }
    }
}

impl Mu {
    fn trick_so_far(&self) -> Option<TrickSoFar> {
        let played = &self.trick[..self.trick_len as usize];
        let &led = played.first()?;
        let position = self.winning_position(played);
        let winner = (self.leader + position as u8) % self.n();
        let best = self.strength(played[position], led);
        let Reach { threat, help } = self.reach(led);
        let ours = self.side(winner as usize) == self.side(self.actor as usize);
        Some(TrickSoFar {
            led,
            best,
            sure: (ours && threat <= best) || help > best.max(threat),
            threat,
        })
    }

    /// [`Reach`] of the seats after the mover in a trick led by `led`.
    fn reach(&self, led: Card) -> Reach {
        let side = self.side(self.actor as usize);
        let suit = self.same_suit(led);
        let mut reach = Reach { threat: 0, help: 0 };
        let mut seat = self.next_seat(self.actor);
        while seat != self.leader {
            let avail = self.avail(seat);
            let pool = if avail.intersects(suit) {
                avail & suit
            } else {
                avail
            };
            let most = pool
                .iter()
                .map(|c| self.strength(c, led))
                .max()
                .unwrap_or(0);
            if self.side(seat as usize) == side {
                reach.help = reach.help.max(most);
            } else {
                reach.threat = reach.threat.max(most);
            }
            seat = self.next_seat(seat);
        }
        reach
    }

    /// Points first, then trump tier and rank.
    fn worth(&self, card: Card) -> i32 {
        points(card) * 64 + i32::from(self.tier(card)) * 16 + i32::from(rank_of(card))
    }

    /// A lead: cards no opponent can beat (`threat` at most their strength: the earliest of
    /// equals wins) first, then the lowest where a partner can beat every opponent, then the
    /// strongest.
    fn lead_hint(&self, card: Card, reach: Reach) -> i32 {
        if reach.threat <= self.strength(card, card) {
            2000 + self.worth(card)
        } else if reach.help > reach.threat {
            1500 - self.worth(card)
        } else {
            self.worth(card)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::analysis_check::{
        agrees_with_minimax, call, merged_moves_agree_along_play, value_is_best_of_moves, walk,
    };
    use crate::games::seeded::random_until;
    use crate::games::Route;
    use crate::tiers;
    use serde_json::json;

    /// A seeded hand of `variant` played at random into its play, until the seat to move
    /// holds at most `left` cards.
    fn in_play(variant: &str, seed: u64, left: u32) -> Option<Mu> {
        random_until(variant, None, seed, |g: &Mu| {
            g.phase == Phase::Play && g.to_move().is_some_and(|s| g.hand(s).len() <= left)
        })
    }

    #[test]
    fn exact_values_agree_with_plain_minimax() {
        let mut checked = 0;
        let seeds = tiers::cases("Mü's minimax agreement", 8000, 800, "seeds");
        for variant in ["mu3", "mu4", "mu5", "mu6"] {
            // Most random auctions end unplayed (all pass, Eklat): many seeds give few positions.
            for seed in 0..seeds as u64 {
                let Some(g) = in_play(variant, seed, 2 + (seed % 2) as u32) else {
                    continue;
                };
                agrees_with_minimax(&g, format_args!("{variant} seed {seed}"));
                checked += 1;
            }
        }
        assert!(checked > tiers::least(3000, seeds, 8000), "{checked}");
    }

    /// Moves the search merges as equivalent lead to positions of one minimax value for
    /// every side, along random lines of play from three or four cards a seat to the end.
    #[test]
    fn merged_moves_have_equal_values() {
        let mut pairs = 0;
        let seeds = tiers::cases("Mü's merged moves", 20_000, 2_000, "seeds");
        // Four cards a seat with three or four players, three with more.
        let left = |variant, seed| 3 + u32::from(variant <= "mu4" && seed % 2 == 1);
        let hands = ["mu3", "mu4", "mu5", "mu6"]
            .into_iter()
            .flat_map(|variant| (0..seeds as u64).map(move |seed| (variant, seed)))
            .filter_map(|(v, seed)| Some((v, seed, in_play(v, seed, left(v, seed))?)));
        for (variant, seed, g) in hands {
            pairs += merged_moves_agree_along_play(&g, seed, format_args!("{variant} seed {seed}"));
        }
        eprintln!("Mü: {pairs} merged pairs");
        assert!(pairs >= tiers::least(6000, seeds, 20_000), "{pairs}");
    }

    /// The value bounds hold the minimax value for both sides, with and without a window,
    /// at trick starts and inside tricks with one to three cards a seat (four with three
    /// players): the sure trumps count points in many of them, and from two cards a seat down
    /// the ending is solved exactly.
    #[test]
    fn bounds_hold_the_true_value() {
        let (mut checked, mut sure, mut quick, mut exact) = (0, 0, 0, 0);
        let seeds = tiers::cases("Mü's bounds against minimax", 6000, 600, "seeds");
        for variant in ["mu3", "mu4", "mu5", "mu6"] {
            let most = if variant == "mu3" { 4 } else { 3 };
            for seed in 0..seeds as u64 {
                let (left, into) = (1 + (seed % most) as u32, (seed / most % 3) as u8);
                let Some(g) = random_until(variant, None, seed, |g: &Mu| {
                    g.phase == Phase::Play
                        && g.to_move().is_some_and(|s| g.hand(s).len() <= left)
                        && g.trick_len >= into.min(g.n() - 1)
                }) else {
                    continue;
                };
                for side in 0..2 {
                    let truth = crate::search::minimax(&g, side);
                    let what = format!("{variant} seed {seed} side {side}: {truth}");
                    let (low, high) = g.value_bounds(side);
                    assert!(low <= truth && truth <= high, "{what}: {low}..{high}");
                    for window in [
                        (truth - 1, truth),
                        (truth, truth + 1),
                        (truth - 3, truth + 3),
                    ] {
                        let ((low, _), (high, _)) = g.value_bounds_relevant(side, window);
                        assert!(low <= truth && truth <= high, "{what} {window:?}");
                    }
                    sure += usize::from(
                        g.trick_len == 0 && g.sure_trump_points(side) > 0 && low < high,
                    );
                    exact += usize::from(low == high);
                    quick += usize::from(g.trick_len == 0 && g.quick_line().0 > 0 && low < high);
                    checked += 1;
                }
            }
        }
        assert!(checked >= tiers::least(4000, seeds, 6000), "{checked}");
        assert!(sure >= tiers::least(150, seeds, 6000), "{sure}");
        assert!(exact >= tiers::least(2000, seeds, 6000), "{exact}");
        assert!(quick >= tiers::least(300, seeds, 6000), "{quick}");
    }

    /// The points that fall on a side's untaken trumps, with its sure trumps, are at most what
    /// the side takes from a trick's start on, both sides playing their best (minimax), for
    /// both sides at one to four cards a seat; they add to the sure trumps in many endings
    /// and are all the side takes in some.
    #[test]
    fn sure_points_are_at_most_the_points_still_taken() {
        let (mut checked, mut fallen, mut reached) = (0, 0, 0);
        let seeds = tiers::cases("Mü's sure points against minimax", 3000, 300, "seeds");
        for variant in ["mu3", "mu4", "mu5"] {
            for seed in 0..seeds as u64 {
                let left = 1 + (seed % 4) as u32;
                let Some(g) = random_until(variant, None, seed, |g: &Mu| {
                    g.phase == Phase::Play
                        && g.trick_len == 0
                        && g.to_move().is_some_and(|s| g.hand(s).len() <= left)
                }) else {
                    continue;
                };
                for side in 0..2 {
                    let taken = crate::search::minimax(&g, side) - g.side_points(side);
                    let sure = g.sure_points(side, false);
                    assert!(
                        sure <= taken,
                        "{variant} seed {seed} side {side}: {sure} > {taken}"
                    );
                    fallen += usize::from(sure > g.sure_trump_points(side));
                    reached += usize::from(sure == taken && sure > 0);
                    checked += 1;
                }
            }
        }
        eprintln!(
            "Mü sure points: {checked} checked, {fallen} beyond the sure trumps, {reached} reached"
        );
        assert!(checked >= tiers::least(2000, seeds, 3000), "{checked}");
        assert!(fallen >= tiers::least(400, seeds, 3000), "{fallen}");
        assert!(reached >= tiers::least(60, seeds, 3000), "{reached}");
    }

    /// Shape keys let positions tricks apart share entries: at four cards a seat (several
    /// trick starts deep), every root move's value still equals minimax.
    #[test]
    fn shape_keys_agree_with_plain_minimax_at_four_cards() {
        let mut checked = 0;
        let seeds = tiers::cases("Mü's shape keys against minimax", 300, 30, "seeds");
        for variant in ["mu3", "mu4"] {
            for seed in 0..seeds as u64 {
                if let Some(g) = in_play(variant, seed, 4) {
                    agrees_with_minimax(&g, format_args!("{variant} seed {seed}"));
                    checked += 1;
                }
            }
        }
        assert!(checked >= tiers::least(40, seeds, 300), "{checked}");
    }

    #[test]
    fn an_analysis_value_is_the_best_of_its_moves_asked_one_by_one() {
        let mut scored = 0;
        for seed in 0..6 {
            let body = json!({ "variant": "mu4", "seed": seed });
            let deal = call(Mu::NAME, Route::Deal, body);
            // Random play into the card play, until hands are small and a seat has a choice.
            let position = walk(Mu::NAME, deal["position"].clone(), seed, |p, legal| {
                let seat = legal["to_move"].as_u64().unwrap_or(0) as usize;
                let held = p["state"]["hands"][seat].as_array().map_or(0, Vec::len)
                    + p["state"]["tables"][seat].as_array().map_or(0, Vec::len);
                legal["phase"] != "play" || held > 4 || legal["count"] == json!(1)
            });
            if !call(Mu::NAME, Route::LegalMoves, json!({ "position": position }))["to_move"]
                .is_null()
            {
                scored += value_is_best_of_moves(Mu::NAME, &position);
            }
        }
        assert!(scored >= 8, "{scored}");
    }

    #[test]
    fn the_auction_is_refused_naming_the_hidden_information_methods() {
        let deal = call(
            Mu::NAME,
            Route::Deal,
            json!({ "variant": "mu4", "seed": 2 }),
        );
        let body = json!({ "position": deal["position"], "method": "exact" });
        let refused = crate::games::handle(Mu::NAME, Route::Analyze, body.to_string().as_bytes());
        let Err(crate::api::ApiError::Invalid(problems)) = refused else {
            panic!("a refusal, got {refused:?}");
        };
        assert_eq!(problems.0[0].path, "position");
        assert!(problems.0[0].message.contains("ismcts"));
    }
}
