//! Exact (double-dummy) search over any [`Searchable`] game: every legal move scored.
//!
//! Alpha-beta between the root mover's side and the rest, fail-soft, with a transposition table
//! of bounds, equivalent moves searched once (also those a searched move's answer shows alike,
//! [`Searchable::answers_alike`]), cut-offs from the value still reachable
//! ([`Searchable::value_bounds`]) and null-window (MTD(f)) searches to pin each root move's value.
//! Games that describe which cards a value depended on also get partition search
//! ([`Searchable::partition`]): one table entry answers every position that places those
//! cards alike.
//! Games that give a cut-off key ([`Searchable::cutoff_key`]) get a cut-off table: the move
//! that last cut off at a node of the same key is tried first.
//! Two-sided games are searched zero-sum between the sides; where each seat scores for itself
//! the search is *paranoid*: every other seat plays against the root mover's side.
//! A budget of nodes and time bounds every call; past it, values not pinned are bounds.
//! [`analyze_seeded`] starts from the table entries carried from earlier solves of the same deal
//! and hands back the most-searched ones it knows after its own, so a game analysed move by move
//! reuses them.

mod carried;
mod horizon;
pub mod maxn;
mod partition;
#[cfg(test)]
mod seeded_tests;
#[cfg(test)]
mod sides_tests;
mod table;

pub use carried::{
    from_bytes, to_bytes, Carried, CarriedEntry, CarriedPartition, MAX_CARRIED_ENTRIES,
    MAX_CARRIED_PARTITIONS,
};
pub use horizon::{estimate, Estimate, MILLI};

use crate::cancel::{Cancel, Deadline};
use crate::cards::{Card, CardSet};
use crate::game::{mix, Game, Seat};
use carried::{hand_on, seed_tables};
use partition::{Found, PartitionTable, Proved};
use std::time::{Duration, Instant};
pub use table::ordered_exact_key;
use table::{Entry, OrderedTable, Slot, Table};

/// What the exact search needs from a game beyond [`Game`].
pub trait Searchable: Game {
    /// The value of a finished hand for `side`, in the game's search unit.
    fn value(&self, side: usize) -> i32;

    /// The lowest and highest final value `side` can still reach from here. Tighter bounds
    /// prune more; `(i32::MIN / 2, i32::MAX / 2)` is always correct.
    fn value_bounds(&self, side: usize) -> (i32, i32);

    /// Whether two legal moves lead to positions of the same value (equivalent cards).
    fn equivalent(&self, a: Self::Move, b: Self::Move) -> bool {
        a == b
    }

    /// Whether `mv` is a legal move that [`Searchable::merge_equivalent`] keeps, where a game
    /// can tell without merging the moves (then a preferred move is searched before the
    /// moves are merged); by default `None`, not known.
    fn kept_move(&self, mv: Self::Move) -> Option<bool> {
        let _ = mv;
        None
    }

    /// Keeps in `moves` (legal moves) one of each class of [`Searchable::equivalent`]
    /// moves, and puts each move left out, with the one kept, in `merged` (cleared first).
    /// By default the first of each class, found pair by pair; a game may know its classes.
    fn merge_equivalent(
        &self,
        moves: &mut Vec<Self::Move>,
        merged: &mut Vec<(Self::Move, Self::Move)>,
    ) {
        merge_pairwise(moves, merged, |k, mv| self.equivalent(k, mv));
    }

    /// The transposition key and the part of `side`'s value already banked: positions with one
    /// key have the same value minus the banked part, so the table stores values relative to
    /// it. The default banks nothing and keys the whole position.
    fn table_key(&self, side: usize) -> (u64, i32) {
        let _ = side;
        (self.key(), 0)
    }

    /// [`Searchable::table_key`] or, where positions of one key differ in a number that
    /// `side`'s value never falls with (`marjapussi`: the side's card points while the
    /// majority is open), [`TableKey::Ordered`]: the key without the number, the banked part
    /// of the value and the number, whose [`TableKey::exact`] is the table key. A bound proved
    /// at one number serves the key's positions on its side of it: a lower bound every
    /// greater number, an upper bound every smaller one. By default the table key; a game
    /// whose keys share work gives both here.
    fn table_keys(&self, side: usize) -> TableKey {
        TableKey::Exact(self.table_key(side))
    }

    /// When the two sides' values, each less its banked part ([`Searchable::table_key`]), add
    /// up to the same total in every way the hand can go on from here, that total: one table
    /// entry then serves both sides (bridge: the tricks left). `None` (the default): each
    /// side has its own entries.
    fn sides_total(&self) -> Option<i32> {
        None
    }

    /// What the value counts, for answers ("points", "game points", "tricks").
    fn value_unit(&self) -> &'static str;

    /// Whether sides are fixed teams searched zero-sum, or seats scoring for themselves
    /// (then the search is paranoid).
    fn zero_sum_sides(&self) -> bool;

    /// `Err` with the reason when the position's phase is not one for the exact search (a
    /// bidding phase whose analysis needs hidden-information methods).
    fn exact_applies(&self) -> Result<(), String> {
        Ok(())
    }

    /// An estimate of the final value for `side` in thousandths of the value unit, for
    /// positions beyond the exact search's reach ([`Searchable::exact_applies`] refuses them):
    /// [`estimate`] searches to a depth and evaluates there. `None`: the game has none.
    fn estimate(&self, side: usize) -> Option<i32> {
        let _ = side;
        None
    }

    /// A move-ordering hint: moves with higher hints are searched first.
    fn order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// [`Searchable::order_hint`] of each of `moves`, in order, into `hints` (cleared first):
    /// a game can share the work the moves of one position have in common.
    fn order_hints(&self, moves: &[Self::Move], hints: &mut Vec<i32>) {
        hints.clear();
        hints.extend(moves.iter().map(|&mv| self.order_hint(mv)));
    }

    /// Whether the transposition table is worth probing and filling here. Positions reached
    /// again only rarely (bridge: inside a trick) cost more to key than they save.
    fn tabled(&self) -> bool {
        true
    }

    /// Whether the move that last cut off a search at a tabled position is tried first at
    /// the tabled positions of the same ply, before the table's hint (DDS's best move per
    /// depth, a killer move, which DDS also weighs above the table's move). It pays where those positions are alike, as trick starts
    /// of one trick are in the partnership games; measured per game.
    const KILLER_MOVES: bool = false;

    /// Whether [`analyze`] pins a root move whose value can take few values at all by trying
    /// the top of what is left after a null-window search that failed high, rather than one
    /// value up: it pays where values gather at the top of their bounds (`marjapussi`'s game
    /// points), not in bridge; measured per game.
    const TOP_AFTER_FAIL_HIGH: bool = false;

    /// Whether [`analyze`] pins the root's moves in the order of their hints
    /// ([`Searchable::order_hints`]), best guesses first, rather than as listed: each move's
    /// first null-window search is at the value of the move pinned before it, and the order
    /// decides what the table holds for the next; measured per game (and variant).
    fn orders_root_moves(&self) -> bool {
        false
    }

    /// A key of what decides the best move here, for the cut-off table (after
    /// macroxue/bridge-solver's cut-off cache): positions with one key share the move that
    /// last cut a search off at one of them, tried first. `None` (the default): no table.
    fn cutoff_key(&self) -> Option<u64> {
        None
    }

    /// Whether two different legal moves can lead to one position (a failed ask with no
    /// declaration): the search then keys each child to search such moves once.
    fn moves_may_transpose(&self) -> bool {
        true
    }

    /// A move that every legal move here amounts to in `side`'s value (`marjapussi`:
    /// passing, in a declaration window where every ask would be answered without a
    /// marriage): the search plays it where it reaches the position, with no node, no table
    /// entry and no bounds of its own. By default `None`. Not for games with partitions
    /// ([`Searchable::partition`]): the cards that make the move forced are not named.
    fn forced_move(&self, side: usize) -> Option<Self::Move> {
        let _ = side;
        None
    }

    /// [`Searchable::value_bounds`], each with the cards whose places it depends on (see
    /// [`Searchable::partition`]); by default every card. Only a bound that decides the
    /// window `(alpha, beta)` is used (`low >= beta`, `high <= alpha`), so a game may stop
    /// counting, and naming cards, once its bound does; the bound is then the count made.
    fn value_bounds_relevant(&self, side: usize, window: (i32, i32)) -> ((i32, u64), (i32, u64)) {
        let _ = window;
        let (low, high) = self.value_bounds(side);
        ((low, u64::MAX), (high, u64::MAX))
    }

    /// [`Searchable::value_bounds_relevant`] at a position whose table keys are `keys`
    /// ([`Searchable::table_keys`], where the position is tabled without partitions): a game
    /// whose keys count part of its bounds (`marjapussi`: whether the card points' majority
    /// is still open) need not count it again. By default the bounds without the keys.
    fn keyed_bounds(
        &self,
        side: usize,
        window: (i32, i32),
        keys: Option<TableKey>,
    ) -> ((i32, u64), (i32, u64)) {
        let _ = keys;
        self.value_bounds_relevant(side, window)
    }

    /// Partition search (Ginsberg's; DDS's "winning ranks"): positions with one *bucket* that
    /// agree on the places of the cards a value depended on share that value. `Some` turns it
    /// on here (only at [`Searchable::tabled`] positions) with the bucket (what every such
    /// position shares exactly), the banked part of `side`'s value (as in
    /// [`Searchable::table_key`]) and the position's *profile*, which
    /// [`Searchable::spec_mask`] masks. The bucket and the profile together must identify
    /// the position up to the banked part of the value: at tabled positions they are the
    /// exact table's key too.
    fn partition(&self, side: usize) -> Option<(u64, i32, u128)> {
        let _ = side;
        None
    }

    /// The cards whose places decide what `mv` does here beyond where it came from (bridge:
    /// the winning card of the trick `mv` completes, when it won by rank); by default every card.
    fn move_relevant(&self, mv: Self::Move) -> u64 {
        let _ = mv;
        u64::MAX
    }

    /// How many legal moves the position has, where the game counts them without listing
    /// them; by default `None`, and the search lists them to see whether there is only one.
    fn legal_count(&self) -> Option<usize> {
        None
    }

    /// For partition search: the cards, beyond `relevant`, whose places keep the equivalent
    /// moves `kept` and `merged` equivalent in every position a partition entry with
    /// `relevant` covers (bridge: the lower card, when the higher one is relevant and the
    /// lower not, since a position placing the lower one elsewhere has a move more). By
    /// default every card.
    fn merged_relevant(&self, kept: Self::Move, merged: Self::Move, relevant: u64) -> u64 {
        let _ = (kept, merged, relevant);
        u64::MAX
    }

    /// For partition search: whether the answer for `searched`, proved with the cards
    /// `relevant` placed as they are, holds for `other` too, so `other` need not be searched
    /// (bridge, after DDS's "small cards": two cards of one suit below every relevant card of
    /// that suit). The pair then counts as merged ([`Searchable::merged_relevant`]). By
    /// default never.
    fn answers_alike(&self, searched: Self::Move, other: Self::Move, relevant: u64) -> bool {
        let _ = (searched, other, relevant);
        false
    }

    /// A position-independent description (a *spec*) of the cards `relevant` makes relevant
    /// here, for [`Searchable::partition`]. The default spec, 0, means every card.
    fn abstraction(&self, relevant: u64) -> u32 {
        let _ = relevant;
        0
    }

    /// The bits of a profile that `spec` reads: positions of one bucket whose profiles agree
    /// on them place the relevant cards alike.
    fn spec_mask(spec: u32) -> u128 {
        let _ = spec;
        u128::MAX
    }

    /// The cards of this position that `spec` makes relevant.
    fn spec_cards(&self, spec: u32) -> u64 {
        let _ = spec;
        u64::MAX
    }
}

/// A tabled position's keys ([`Searchable::table_keys`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKey {
    /// The table key and the banked part of the value ([`Searchable::table_key`]).
    Exact((u64, i32)),
    /// The key without the number the value never falls with, the banked part and the
    /// number.
    Ordered(u64, i32, i32),
}

impl TableKey {
    /// The table key and the banked part ([`Searchable::table_key`]).
    pub fn exact(self) -> (u64, i32) {
        match self {
            TableKey::Exact(keyed) => keyed,
            TableKey::Ordered(key, banked, order) => (ordered_exact_key(key, order), banked),
        }
    }

    /// The key, banked part and number of [`TableKey::Ordered`].
    fn ordered(self) -> Option<(u64, i32, i32)> {
        match self {
            TableKey::Ordered(key, banked, order) => Some((key, banked, order)),
            TableKey::Exact(_) => None,
        }
    }
}

/// How a search may spend its effort; it stops early once `cancel` is set.
#[derive(Clone, Debug)]
pub struct Budget {
    pub nodes: u64,
    pub time: Duration,
    pub cancel: Cancel,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            nodes: 50_000_000,
            time: Duration::from_secs(10),
            cancel: Cancel::NEVER,
        }
    }
}

/// One root move and its value for the root mover's side: exact when `low == high`, else the
/// budget ran out and the true value lies in `low..=high`.
#[derive(Clone, Debug)]
pub struct ScoredMove<M> {
    pub mv: M,
    pub low: i32,
    pub high: i32,
}

impl<M> ScoredMove<M> {
    pub fn is_exact(&self) -> bool {
        self.low == self.high
    }
}

/// The outcome of [`analyze`].
#[derive(Clone, Debug)]
pub struct Analysis<M> {
    /// The seat to move at the root, and the side whose value every number is.
    pub seat: Seat,
    pub side: usize,
    pub moves: Vec<ScoredMove<M>>,
    pub best: Option<M>,
    /// The best move's value (its lower end while not exact).
    pub value: i32,
    pub principal_variation: Vec<M>,
    pub nodes: u64,
    pub researches: u32,
    /// How move ordering did: the nodes where a move proved a bound, and those where the
    /// first move searched did.
    pub cutoffs: Cutoffs,
    pub elapsed: Duration,
    /// Every value is exact (the budget was not reached).
    pub complete: bool,
}

/// Cut-off counts of a search: the first move's share of them measures move ordering.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutoffs {
    pub all: u64,
    pub by_first_move: u64,
}

impl Cutoffs {
    /// The share of cut-offs the first move searched made (1 where there were none).
    pub fn first_move_rate(&self) -> f64 {
        if self.all == 0 {
            1.0
        } else {
            self.by_first_move as f64 / self.all as f64
        }
    }
}

struct Searcher<G: Searchable> {
    side: usize,
    table: Table<G::Move>,
    /// Bounds by [`TableKey::Ordered`].
    ordered: OrderedTable,
    partitions: PartitionTable<G::Move>,
    /// Scratch for partition probes.
    found: Found<G::Move>,
    buffers: Vec<Vec<G::Move>>,
    /// Per ply, the moves left out as equivalent to one searched, with that one.
    merged: Vec<Vec<(G::Move, G::Move)>>,
    /// Per ply, the move that last cut off a search at a tabled position (DDS's best move
    /// per depth, a killer move): tried first, then the table's hint.
    killers: Vec<Option<G::Move>>,
    /// The cut-off table: by [`Searchable::cutoff_key`], the move that last cut off.
    cutoff_moves: Vec<CutoffSlot<G::Move>>,
    /// Scratch for move ordering: each move's hint.
    hints: Vec<i32>,
    nodes: u64,
    cutoffs: Cutoffs,
    deadline: Deadline,
    node_limit: u64,
    stopped: bool,
}

const INF: i32 = i32::MAX / 2;

/// A preferred move searched first ([`Searcher::preferred_first`]): the move, and whether
/// the legal moves were merged before it.
struct FirstMove<M> {
    mv: M,
    merged: bool,
}

/// Plays `mv` and the moves forced after it in `side`'s value ([`Searchable::forced_move`]).
#[inline]
fn play_forcing<G: Searchable>(state: &mut G, mv: G::Move, side: usize) {
    state.play_unchecked(mv);
    while let Some(forced) = state.forced_move(side) {
        state.play_unchecked(forced);
    }
}

/// Moves `mv` to the front of `moves`, the others keeping their order.
fn put_first<M: Copy + PartialEq>(moves: &mut [M], mv: M) {
    if let Some(i) = moves.iter().position(|&m| m == mv) {
        for j in (0..i).rev() {
            moves[j + 1] = moves[j];
        }
        moves[0] = mv;
    }
}

/// Sorts `moves` by their `hints`, highest first, moves of equal hints keeping their order
/// (an insertion sort: move lists are short).
fn sort_by_hint<M: Copy>(moves: &mut [M], hints: &mut [i32]) {
    for i in 1..moves.len() {
        let (mv, hint) = (moves[i], hints[i]);
        let mut j = i;
        while j > 0 && hints[j - 1] < hint {
            moves[j] = moves[j - 1];
            hints[j] = hints[j - 1];
            j -= 1;
        }
        moves[j] = mv;
        hints[j] = hint;
    }
}

/// The keys of the positions a node's first 32 moves led to, so that moves leading to one
/// position ([`Searchable::moves_may_transpose`]) are searched once.
#[derive(Default)]
struct Children([u64; 32]);

impl Children {
    /// Whether `child`, reached by the node's move `i`, is a position none of its earlier
    /// moves led to; remembers it.
    fn first_visit<G: Game>(&mut self, i: usize, child: &G) -> bool {
        let key = child.key();
        if self.0[..i.min(32)].contains(&key) {
            return false;
        }
        if i < 32 {
            self.0[i] = key;
        }
        true
    }
}

impl<G: Searchable> Searcher<G> {
    fn out_of_budget(&mut self) -> bool {
        if !self.stopped
            && (self.nodes >= self.node_limit || (self.nodes & 1023 == 0 && self.deadline.passed()))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Fail-soft alpha-beta for the value of `state` to `self.side`, within `(alpha, beta)`,
    /// and the cards whose places the answer depends on ([`Searchable::partition`]).
    fn search(&mut self, state: &G, mut alpha: i32, mut beta: i32, ply: usize) -> (i32, u64) {
        let nodes_before = self.nodes;
        self.nodes += 1;
        let Some(mover) = state.to_move() else {
            return (state.value(self.side), 0);
        };
        // The partition table first: at trick starts it answers most positions (about 60%
        // at a bridge opening lead) for less than the value bounds cost.
        let tabled = state.tabled();
        let partition = if tabled {
            state.partition(self.side)
        } else {
            None
        };
        let mut relevant = 0;
        let mut known: Option<(i32, i32)> = None;
        let mut hint = None;
        if let Some(bounds) = partition.and_then(|p| self.probe_partition(p, (alpha, beta))) {
            known = Some(bounds);
            hint = self.found.best;
            for &spec in &self.found.specs {
                relevant |= state.spec_cards(spec);
            }
            if let Some(v) = decided(bounds, (alpha, beta)) {
                return (v, relevant);
            }
        }
        // The cut-off table's slot is asked for early: most of its reads miss the cache, and
        // the bounds come before it.
        let cutoff_key = state.cutoff_key();
        if let Some(key) = cutoff_key {
            self.prefetch_cutoff(key);
        }
        // With partitions the exact table is not kept: a partition entry holds all it
        // would (the same bounds and move, for more positions).
        let exactly_tabled = tabled && partition.is_none();
        let keys = exactly_tabled.then(|| state.table_keys(self.side));
        let ordered = keys.and_then(TableKey::ordered);
        let slot = keys.map(|keys| Slot::with_key(state, self.side, keys.exact()));
        let entry = slot.as_ref().and_then(|slot| self.table.read(slot));
        if let (None, Some((key, banked, order))) = (&entry, ordered) {
            // What positions of the key proved at other numbers, where it reaches this one.
            known = self
                .ordered
                .read(key, self.side, order)
                .map(|(lo, hi)| (lo.saturating_add(banked), hi.saturating_add(banked)));
        }
        // An entry holds the value bounds it was written with (and what the moves proved
        // within them): where there is one, the bounds are not counted again.
        let ((low, low_relevant), (high, high_relevant)) = match &entry {
            Some(e) => ((e.low, u64::MAX), (e.high, u64::MAX)),
            None => state.keyed_bounds(self.side, (alpha, beta), keys),
        };
        if low >= beta {
            return (low, low_relevant);
        }
        if high <= alpha {
            return (high, high_relevant);
        }
        if low == high {
            // The bounds meet: the value is known whatever the window.
            return (low, low_relevant | high_relevant);
        }
        if self.out_of_budget() {
            let v = if state.side(mover) == self.side {
                low
            } else {
                high
            };
            return (v, u64::MAX);
        }
        self.reserve_ply(ply);
        // Where no table is read, a position with one legal move is its child. The moves
        // are listed to see that only where the game cannot count them.
        let mut listed = false;
        if !tabled && state.legal_count().is_none_or(|n| n == 1) {
            state.legal_moves(&mut self.buffers[ply]);
            listed = true;
            if let [only] = self.buffers[ply][..] {
                // One legal move: its child's value is this position's.
                let mut child = state.clone();
                play_forcing(&mut child, only, self.side);
                let (v, relevant) = self.search(&child, alpha, beta, ply + 1);
                return (v, relevant | state.move_relevant(only));
            }
        }
        if let Some(e) = &entry {
            known = Some((e.low, e.high));
            relevant = u64::MAX;
        }
        if let Some((lo, hi)) = known {
            if let Some(v) = decided((lo, hi), (alpha, beta)) {
                return (v, relevant);
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let mut merged = std::mem::take(&mut self.merged[ply]);
        let killer = if G::KILLER_MOVES && tabled {
            self.killers[ply]
        } else {
            None
        };
        let cutoff_move = cutoff_key.and_then(|key| self.cutoff_move(key));
        let preferred = [cutoff_move, killer, entry.and_then(|e| e.best).or(hint)];
        // Moves after a preferred one are merged and ordered only when it does not cut off
        // (it mostly does).
        let first = self.preferred_first(state, preferred, (&mut moves, listed), &mut merged);
        let maximizing = state.side(mover) == self.side;
        let mut best = if maximizing { -INF } else { INF };
        let mut best_move = None;
        let mut children = Children::default();
        let transposing = state.moves_may_transpose();
        let mut children_relevant = 0;
        let mut answered = 0u64;
        for i in 0.. {
            let mv = match (&first, moves.get(i)) {
                (Some(first), _) if i == 0 => first.mv,
                (_, Some(&mv)) => mv,
                (_, None) => break,
            };
            if i < 64 && answered >> i & 1 != 0 {
                continue;
            }
            let mut child = state.clone();
            play_forcing(&mut child, mv, self.side);
            // Moves that lead to the same position (a failed ask and no declaration) are one.
            if transposing && !children.first_visit(i, &child) {
                continue;
            }
            let (v, child_relevant) = self.search(&child, alpha, beta, ply + 1);
            let child_relevant = child_relevant | state.move_relevant(mv);
            if maximizing && v > best || !maximizing && v < best {
                best = v;
                best_move = Some(mv);
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                // One move proves the bound: only what it depends on matters.
                self.cutoffs.all += 1;
                self.cutoffs.by_first_move += u64::from(i == 0);
                if G::KILLER_MOVES && tabled {
                    self.killers[ply] = Some(mv);
                }
                if let Some(key) = cutoff_key {
                    self.remember_cutoff(key, mv);
                }
                children_relevant = child_relevant;
                break;
            }
            children_relevant |= child_relevant;
            if self.stopped {
                break;
            }
            if let Some(first) = first.as_ref().filter(|_| i == 0) {
                self.after_first(state, (preferred, first), &mut moves, &mut merged);
            }
            answered |= answered_alike(state, &moves, i, child_relevant, &mut merged);
        }
        self.buffers[ply] = moves;
        relevant |= children_relevant;
        if alpha < beta {
            // Every move was searched: the value holds where the moves left out are still
            // equivalent to the ones searched.
            loop {
                let more = merged
                    .iter()
                    .fold(0, |m, &(k, mv)| m | state.merged_relevant(k, mv, relevant));
                if more & !relevant == 0 {
                    break;
                }
                relevant |= more;
            }
        }
        self.merged[ply] = merged;
        if tabled && !self.stopped {
            // What the moves proved, with what was known: the value bounds are met again
            // on every visit, so the partition table leaves them (and their cards) out.
            let (mut lo, mut hi) = (
                if best > alpha0 { best } else { -INF },
                if best < beta0 { best } else { INF },
            );
            if let Some((known_lo, known_hi)) = known {
                lo = lo.max(known_lo);
                hi = hi.min(known_hi).max(lo);
            }
            if let Some((bucket, banked, profile)) = partition {
                let spec = state.abstraction(relevant);
                let mask = G::spec_mask(spec);
                let proved = Proved {
                    low: lo - banked,
                    high: hi - banked,
                    best: best_move,
                    work: u32::try_from(self.nodes - nodes_before).unwrap_or(u32::MAX),
                    total: state.sides_total(),
                };
                self.partitions.put(bucket, (spec, mask), profile, proved);
            } else if let Some(slot) = &slot {
                let (lo, hi) = (lo.max(low), hi.min(high).max(lo.max(low)));
                if let Some((key, banked, order)) = ordered {
                    let relative = (lo.saturating_sub(banked), hi.saturating_sub(banked));
                    self.ordered.write(key, self.side, order, relative);
                }
                self.table.write(
                    slot,
                    Entry {
                        low: lo,
                        high: hi,
                        best: best_move,
                        work: entry.map_or(0, |e| e.work).saturating_add(
                            u32::try_from(self.nodes - nodes_before).unwrap_or(u32::MAX),
                        ),
                    },
                );
            }
        }
        (best, relevant)
    }

    /// Asks the memory for the slot of cut-off key `key`, read later in the node.
    fn prefetch_cutoff(&self, key: u64) {
        let slots = self.cutoff_moves.len();
        if slots > 0 {
            prefetch(&self.cutoff_moves[set_of(key, slots)]);
        }
    }

    /// The move that last cut off a search at a position of cut-off key `key`.
    fn cutoff_move(&self, key: u64) -> Option<G::Move> {
        let set = set_of(key, self.cutoff_moves.len());
        let pair = self.cutoff_moves.get(set..set + 2)?;
        pair.iter().find_map(|slot| slot.move_of(key))
    }

    /// Stores `mv` as the move that cut off at cut-off key `key`, first in its set (the
    /// set's other key, if not this one, moves second). The table is made at the first
    /// cut-off, small, so that small solves (PIMC's late worlds) do not pay for a large one,
    /// and grows to its full size once the search is large.
    fn remember_cutoff(&mut self, key: u64, mv: G::Move) {
        let slots = self.cutoff_moves.len();
        if slots < CUTOFF_SLOTS && (slots == 0 || self.nodes >= GROW_CUTOFFS_AT) {
            self.grow_cutoffs();
        }
        let set = set_of(key, self.cutoff_moves.len());
        let slot = CutoffSlot::of(key, mv);
        if !self.cutoff_moves[set].holds(&slot) {
            self.cutoff_moves[set + 1] = self.cutoff_moves[set];
        }
        self.cutoff_moves[set] = slot;
    }

    /// Makes the cut-off table its first size, or its full size once the search is large,
    /// keeping what it holds.
    #[cold]
    fn grow_cutoffs(&mut self) {
        let wanted = if self.nodes >= GROW_CUTOFFS_AT {
            CUTOFF_SLOTS
        } else {
            FIRST_CUTOFF_SLOTS
        };
        let mut grown = vec![CutoffSlot::EMPTY; wanted];
        // Each set's first key before its second, so that each stays first where both meet.
        for (place, &slot) in self.cutoff_moves.iter().enumerate() {
            if slot.mv.is_some() {
                let set = set_of(slot.key_bits(place), wanted);
                let second = usize::from(grown[set].mv.is_some());
                grown[set + second] = slot;
            }
        }
        self.cutoff_moves = grown;
    }

    /// Makes room for the move lists of `ply`.
    fn reserve_ply(&mut self, ply: usize) {
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
            self.merged.push(Vec::new());
            self.killers.push(None);
        }
    }

    /// The first of the `preferred` moves that [`Searchable::merge_equivalent`] keeps of the
    /// legal moves. Where the game tells which moves are kept without merging
    /// ([`Searchable::kept_move`]), listing and merging the moves wait until that move has
    /// failed to cut off (it mostly cuts off: [`Searcher::after_first`]); otherwise the moves
    /// are listed in `moves` (unless `listed` already) and merged now, with that move put
    /// first, the others keeping their order. Without a preferred move the moves are merged
    /// and ordered at once.
    fn preferred_first(
        &mut self,
        state: &G,
        preferred: [Option<G::Move>; 3],
        (moves, listed): (&mut Vec<G::Move>, bool),
        merged: &mut Vec<(G::Move, G::Move)>,
    ) -> Option<FirstMove<G::Move>> {
        merged.clear();
        let mut lazy = true;
        let kept = preferred
            .iter()
            .flatten()
            .copied()
            .find(|&p| match state.kept_move(p) {
                Some(kept) => kept,
                None => {
                    lazy = false;
                    false
                }
            });
        if let Some(mv) = kept.filter(|_| lazy) {
            return Some(FirstMove { mv, merged: false });
        }
        if !listed {
            state.legal_moves(moves);
        }
        state.merge_equivalent(moves, merged);
        let first = preferred
            .iter()
            .flatten()
            .copied()
            .find(|p| moves.contains(p));
        match first {
            Some(mv) => put_first(moves, mv),
            None => self.order(state, preferred, moves),
        }
        first.map(|mv| FirstMove { mv, merged: true })
    }

    /// After the move `first` has failed to cut off: the moves listed and merged if they
    /// were not, with it first, the rest ordered.
    fn after_first(
        &mut self,
        state: &G,
        (preferred, first): ([Option<G::Move>; 3], &FirstMove<G::Move>),
        moves: &mut Vec<G::Move>,
        merged: &mut Vec<(G::Move, G::Move)>,
    ) {
        if !first.merged {
            state.legal_moves(moves);
            state.merge_equivalent(moves, merged);
            put_first(moves, first.mv);
        }
        self.order(state, preferred, &mut moves[1..]);
    }

    /// `moves` best guesses first: the `preferred` moves in their order, then by the game's
    /// hints.
    fn order(&mut self, state: &G, preferred: [Option<G::Move>; 3], moves: &mut [G::Move]) {
        if moves.len() < 2 {
            return;
        }
        let hints = &mut self.hints;
        state.order_hints(moves, hints);
        // Each preferred move (the first place it holds) above every hint.
        let first_preferred = i32::MAX - preferred.len() as i32;
        for (place, &p) in preferred.iter().enumerate() {
            let found = p.and_then(|p| moves.iter().position(|&m| m == p));
            if let Some(i) = found.filter(|&i| hints[i] <= first_preferred) {
                hints[i] = i32::MAX - place as i32;
            }
        }
        sort_by_hint(moves, hints);
    }

    /// The exact value of `state` by null-window searches: first at `guess` (a sibling's
    /// value is often this one's too), then next to the bound the last search returned
    /// (MTD(f): values cluster; after a search that failed high, at the top where
    /// [`Searchable::TOP_AFTER_FAIL_HIGH`]) after the first search and while few values are
    /// open, else at `guess + 1` and by bisection.
    fn pin(&mut self, state: &G, guess: i32, researches: &mut u32) -> (i32, i32) {
        let (mut low, mut high) = state.value_bounds(self.side);
        let to_top = G::TOP_AFTER_FAIL_HIGH && high - low <= FEW_VALUES;
        let mut probes = [guess, guess + 1].into_iter();
        let mut next = None;
        // The first search's bound is often the value where the guess was not (in
        // `bench_exact 20 9`'s `huutopussi`, after 23 of 64 first searches that failed low).
        let mut searches = 0;
        while low < high && !self.stopped {
            let beta = next
                .take()
                .filter(|_| searches == 1 || high - low <= FEW_VALUES)
                .or_else(|| probes.by_ref().find(|&b| low < b && b <= high))
                .unwrap_or((low + high + 1) / 2)
                .clamp(low + 1, high);
            let (g, _) = self.search(state, beta - 1, beta, 1);
            searches += 1;
            *researches += 1;
            if self.stopped {
                break;
            }
            if g < beta {
                high = g;
                next = Some(g);
            } else {
                low = g;
                next = Some(if to_top { high } else { g + 1 });
            }
        }
        (low, high)
    }
}

/// Slots of the cut-off table ([`Searchable::cutoff_key`]), and of the small table a solve
/// starts with: powers of two, so that a key's set of two slots is its low bits but the
/// lowest ([`set_of`]).
const CUTOFF_SLOTS: usize = 1 << 16;
const FIRST_CUTOFF_SLOTS: usize = 1 << TAG_SHIFT;
/// The key bits a slot's place gives in the smallest table, below its tag's.
const TAG_SHIFT: u32 = 10;

/// The first slot of `key`'s set in a cut-off table of `slots` (two slots side by side, read
/// as one: two keys that meet there both keep their move, where one slot each lost one;
/// measured on bridge opening leads: 0.8% to 1.8% fewer nodes in the same memory).
fn set_of(key: u64, slots: usize) -> usize {
    key as usize & (slots.max(2) - 1) & !1
}

/// A slot of the cut-off table: the move and the tag of its key. A slot of a table of
/// [`FIRST_CUTOFF_SLOTS`] or more holds the key's low bits but the lowest in its set's place,
/// so the lowest bit and 32 bits more tell keys apart (a key that differs only above them
/// reads another's move: a poorer first move, never another value), in half the bytes of the
/// whole key (the table is read at nearly every node and most reads miss the cache).
#[derive(Clone, Copy)]
struct CutoffSlot<M> {
    tag: u32,
    odd: bool,
    mv: Option<M>,
}

impl<M: Copy> CutoffSlot<M> {
    const EMPTY: Self = CutoffSlot {
        tag: 0,
        odd: false,
        mv: None,
    };

    /// The slot of `mv`, the move that cut off at key `key`.
    fn of(key: u64, mv: M) -> Self {
        CutoffSlot {
            tag: (key >> TAG_SHIFT) as u32,
            odd: key & 1 == 1,
            mv: Some(mv),
        }
    }

    /// The slot's move, where it was stored for key `key`.
    fn move_of(&self, key: u64) -> Option<M> {
        self.mv
            .filter(|_| self.tag == (key >> TAG_SHIFT) as u32 && self.odd == (key & 1 == 1))
    }

    /// Whether the slot holds a move of `other`'s key.
    fn holds(&self, other: &Self) -> bool {
        self.mv.is_some() && (self.tag, self.odd) == (other.tag, other.odd)
    }

    /// The low bits of the slot's key, the slot at `place` (its set's place, the lowest bit
    /// and the tag's above).
    fn key_bits(&self, place: usize) -> u64 {
        (place & (FIRST_CUTOFF_SLOTS - 2)) as u64
            | u64::from(self.odd)
            | u64::from(self.tag) << TAG_SHIFT
    }
}

/// The nodes after which the cut-off table grows to its full size.
const GROW_CUTOFFS_AT: u64 = 4096;

/// The width of a value range below which [`Searcher::pin`] steps from bound to bound.
const FEW_VALUES: i32 = 16;

/// Asks the memory for the cache line holding `item`, to be read soon.
#[inline(always)]
fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint to the cache: it reads nothing and cannot fault.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// The value that bounds `(low, high)` answer a search within `(alpha, beta)` with, where
/// they decide it.
fn decided((low, high): (i32, i32), (alpha, beta): (i32, i32)) -> Option<i32> {
    if low >= beta || low >= high {
        Some(low)
    } else if high <= alpha {
        Some(high)
    } else {
        None
    }
}

/// The later moves of `moves` (within the first 64) that answer as `moves[searched]` did,
/// proved with `relevant` ([`Searchable::answers_alike`]), as bits by index; each is put in
/// `merged` beside the move searched.
fn answered_alike<G: Searchable>(
    state: &G,
    moves: &[G::Move],
    searched: usize,
    relevant: u64,
    merged: &mut Vec<(G::Move, G::Move)>,
) -> u64 {
    let mv = moves[searched];
    let mut alike = 0u64;
    let first_64 = &moves[..moves.len().min(64)];
    for (j, &other) in first_64.iter().enumerate().skip(searched + 1) {
        if state.answers_alike(mv, other, relevant) {
            alike |= 1 << j;
            merged.push((mv, other));
        }
    }
    alike
}

/// Keeps in `moves` the first of each class of moves that `same` (kept, later) finds alike,
/// pair by pair, and puts each move left out, with the one kept, in `merged` (cleared
/// first): [`Searchable::merge_equivalent`]'s default, for games that gather once per node
/// what their `same` reads.
pub fn merge_pairwise<M: Copy>(
    moves: &mut Vec<M>,
    merged: &mut Vec<(M, M)>,
    same: impl Fn(M, M) -> bool,
) {
    merged.clear();
    let mut kept = 0;
    for i in 0..moves.len() {
        let mv = moves[i];
        match moves[..kept].iter().find(|&&k| same(k, mv)) {
            Some(&k) => merged.push((k, mv)),
            None => {
                moves[kept] = mv;
                kept += 1;
            }
        }
    }
    moves.truncate(kept);
}

/// Scores every legal move of `state` for the side of `seat` (by default the seat to move).
pub fn analyze<G: Searchable>(state: &G, seat: Option<Seat>, budget: Budget) -> Analysis<G::Move> {
    solve(state, seat, budget, &Carried::default(), |_| None).0
}

/// [`analyze`], starting from `seed`, the table entries of earlier solves of positions of
/// the same game and rules; also returns the entries known after this solve (the seed merged
/// with what this one proved), of each kind the ones that took the most search
/// ([`MAX_CARRIED_ENTRIES`], [`MAX_CARRIED_PARTITIONS`]). The values are those of [`analyze`]: the seed only saves work.
pub fn analyze_seeded<G: Searchable>(
    state: &G,
    seat: Option<Seat>,
    budget: Budget,
    seed: &Carried,
) -> (Analysis<G::Move>, Carried) {
    let (analysis, searcher) = solve(state, seat, budget, seed, |_| None);
    let carried = hand_on(&searcher.table, &searcher.partitions, analysis.side);
    (analysis, carried)
}

/// [`analyze`] with a guess of each root move's value (`None`: no guess), such as a value
/// another solver gave: a right guess is confirmed by two null-window searches, a wrong one
/// costs what no guess would. The values are those of [`analyze`].
pub fn analyze_guided<G: Searchable>(
    state: &G,
    seat: Option<Seat>,
    budget: Budget,
    guess: impl Fn(G::Move) -> Option<i32>,
) -> Analysis<G::Move> {
    solve(state, seat, budget, &Carried::default(), guess).0
}

/// Every move of `state` scored, and the searcher that scored them (its tables hold what the
/// solve proved, for [`analyze_seeded`] to hand on).
fn solve<G: Searchable>(
    state: &G,
    seat: Option<Seat>,
    budget: Budget,
    seed: &Carried,
    guess: impl Fn(G::Move) -> Option<i32>,
) -> (Analysis<G::Move>, Searcher<G>) {
    let start = Instant::now();
    let seat = seat.or(state.to_move()).unwrap_or(0);
    let side = state.side(seat);
    let mut searcher =
        Searcher::<G>::seeded(side, seed, Deadline::of(start, &budget), budget.nodes);
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let mut scored: Vec<ScoredMove<G::Move>> = Vec::with_capacity(legal.len());
    let mut researches = 0;
    let mut sibling = searcher.known_value(state);
    for mv in root_order(state, &legal) {
        if let Some(twin) = scored.iter().find(|s| state.equivalent(s.mv, mv)).cloned() {
            scored.push(ScoredMove { mv, ..twin });
            continue;
        }
        let mut child = state.clone();
        play_forcing(&mut child, mv, side);
        let first = guess(mv)
            .or(sibling)
            .unwrap_or_else(|| trick_playout_value(&child, side, (-INF, INF)));
        let (low, high) = searcher.pin(&child, first, &mut researches);
        sibling = Some(low);
        scored.push(ScoredMove { mv, low, high });
    }
    // The moves as listed, whatever order pinned them.
    scored.sort_by_key(|s| legal.iter().position(|&m| m == s.mv));
    let complete = !searcher.stopped;
    let (best, value) = movers_choice(state, side, &scored);
    let principal_variation = searcher.principal_variation(state, best.as_ref());
    let analysis = Analysis {
        seat,
        side,
        complete,
        moves: scored,
        best: best.map(|s| s.mv),
        value,
        principal_variation,
        nodes: searcher.nodes,
        researches,
        cutoffs: searcher.cutoffs,
        elapsed: start.elapsed(),
    };
    (analysis, searcher)
}

/// The root's legal moves `legal` in the order [`solve`] pins them: by their hints, highest
/// first, where the game orders its root moves ([`Searchable::orders_root_moves`]), else as
/// listed.
fn root_order<G: Searchable>(state: &G, legal: &[G::Move]) -> Vec<G::Move> {
    let mut order = legal.to_vec();
    if state.orders_root_moves() {
        let mut hints = Vec::new();
        state.order_hints(&order, &mut hints);
        sort_by_hint(&mut order, &mut hints);
    }
    order
}

/// The move the mover picks and the root's value (its lower end while not exact), in `side`'s
/// terms: the highest value where the mover is on `side`, else the lowest (the opponents
/// choose), preferring the move whose proven bound is best for the mover.
fn movers_choice<G: Searchable>(
    state: &G,
    side: usize,
    scored: &[ScoredMove<G::Move>],
) -> (Option<ScoredMove<G::Move>>, i32) {
    let ours = state.to_move().is_none_or(|m| state.side(m) == side);
    let best = if ours {
        scored.iter().max_by_key(|s| (s.low, s.high))
    } else {
        scored.iter().min_by_key(|s| (s.high, s.low))
    };
    let lows = scored.iter().map(|s| s.low);
    let value = if ours { lows.max() } else { lows.min() };
    (best.cloned(), value.unwrap_or_else(|| state.value(side)))
}

/// The value `state` ends with for `side` when every seat plays the move the move ordering
/// puts first: a guess of its value, within a trick or two of it where the ordering is good
/// (a first null-window search far from the value costs a search per value between).
fn ordering_playout_value<G: Searchable>(state: &G, side: usize) -> i32 {
    let mut state = state.clone();
    let (mut moves, mut hints) = (Vec::new(), Vec::new());
    while state.to_move().is_some() {
        state.legal_moves(&mut moves);
        state.order_hints(&moves, &mut hints);
        let first = (0..moves.len()).rev().max_by_key(|&i| hints[i]);
        state.play_unchecked(moves[first.expect("a position to move in has a move")]);
    }
    state.value(side)
}

/// A guess of `state`'s value for `side`, for a root move (in the trick games, a card of a
/// trick under way): alpha-beta within `(alpha, beta)` over the moves up to the next tabled
/// position (the trick's end), each valued there by [`ordering_playout_value`]. The playout
/// alone plays the rest of the trick by the ordering's first choices; weighing them against
/// each other takes 7-9% off `erlangen`'s nodes (one root move, pinned from this guess).
fn trick_playout_value<G: Searchable>(
    state: &G,
    side: usize,
    (mut alpha, mut beta): (i32, i32),
) -> i32 {
    let Some(mover) = state.to_move() else {
        return state.value(side);
    };
    if state.tabled() {
        return ordering_playout_value(state, side);
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let maximizing = state.side(mover) == side;
    let mut best = if maximizing { -INF } else { INF };
    for mv in moves {
        let mut child = state.clone();
        play_forcing(&mut child, mv, side);
        let v = trick_playout_value(&child, side, (alpha, beta));
        take_child_value(maximizing, v, &mut best, (&mut alpha, &mut beta));
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Alpha-beta's step after a child's value `v`: the mover's best value so far and its side's
/// end of the window move to `v` where it is better for the mover (`maximizing`: higher).
#[inline]
pub(crate) fn take_child_value(
    maximizing: bool,
    v: i32,
    best: &mut i32,
    (alpha, beta): (&mut i32, &mut i32),
) {
    if maximizing {
        *best = (*best).max(v);
        *alpha = (*alpha).max(v);
    } else {
        *best = (*best).min(v);
        *beta = (*beta).min(v);
    }
}

/// The outcome of [`RootValues::value`]: the value lies in `low..=high` (exact when equal).
#[derive(Clone, Copy, Debug)]
pub struct RootValue {
    pub low: i32,
    pub high: i32,
    pub nodes: u64,
}

/// The values of roots of one game, searched in turn for one side by one searcher, whose
/// tables serve each next root whole (a whole-deal table's four opening leads of a strain:
/// from the second trick on they meet the same positions), nothing handed on or dropped.
pub struct RootValues<G: Searchable> {
    searcher: Searcher<G>,
}

impl<G: Searchable> RootValues<G> {
    /// A searcher of `side`'s values, within `budget` from now for all the roots it is given.
    pub fn new(side: usize, budget: &Budget) -> RootValues<G> {
        let deadline = Deadline::of(Instant::now(), budget);
        RootValues {
            searcher: Searcher::seeded(side, &Carried::default(), deadline, budget.nodes),
        }
    }

    /// The value of `state`, searched from `guess` (else as far as the tables know it, else
    /// where the move ordering's choices lead).
    pub fn value(&mut self, state: &G, guess: Option<i32>) -> RootValue {
        let nodes_before = self.searcher.nodes;
        let guess = guess.unwrap_or_else(|| self.searcher.first_guess(state));
        let (low, high) = self.searcher.pin(state, guess, &mut 0);
        RootValue {
            low,
            high,
            nodes: self.searcher.nodes - nodes_before,
        }
    }
}

impl<G: Searchable> Searcher<G> {
    /// A searcher for `side` whose tables start from `seed`.
    fn seeded(side: usize, seed: &Carried, deadline: Deadline, node_limit: u64) -> Searcher<G> {
        let (table, partitions) = seed_tables::<G>(seed, side);
        Searcher {
            side,
            table,
            ordered: OrderedTable::default(),
            partitions,
            found: Found {
                low: 0,
                high: 0,
                best: None,
                specs: Vec::new(),
            },
            buffers: Vec::new(),
            merged: Vec::new(),
            killers: Vec::new(),
            cutoff_moves: Vec::new(),
            hints: Vec::new(),
            nodes: 0,
            cutoffs: Cutoffs::default(),
            deadline,
            node_limit,
            stopped: false,
        }
    }

    /// The first guess of a root's value: as far as the tables know it (a seeded solve has
    /// often proved it already), else where the move ordering's own choices lead.
    fn first_guess(&mut self, state: &G) -> i32 {
        self.known_value(state)
            .unwrap_or_else(|| ordering_playout_value(state, self.side))
    }

    /// A bound of `state`'s value the tables prove, if any beside its reachable range.
    fn known_value(&mut self, state: &G) -> Option<i32> {
        let (floor, ceiling) = state.value_bounds(self.side);
        let partition = state.tabled().then(|| state.partition(self.side)).flatten();
        let known = match partition {
            Some(p) => self.probe_partition(p, (floor, ceiling)),
            None => self
                .table
                .read(&Slot::of(state, self.side))
                .map(|e| (e.low, e.high)),
        };
        match known? {
            (low, _) if low > floor => Some(low),
            (_, high) if high < ceiling => Some(high),
            _ => None,
        }
    }

    /// The bounds the partition table proves on the position of `partition` (its bucket,
    /// banked value and profile) within `(alpha, beta)`, if any entry matches; the move and
    /// the specs of the matching entries are left in `self.found`.
    fn probe_partition(
        &mut self,
        (bucket, banked, profile): (u64, i32, u128),
        (alpha, beta): (i32, i32),
    ) -> Option<(i32, i32)> {
        // A window lies within (-INF, INF), half the range of i32: it cannot overflow. The
        // found bounds can (their sentinels are i32::MIN and i32::MAX), so they saturate.
        let window = (alpha - banked, beta - banked);
        let found = &mut self.found;
        self.partitions
            .probe(bucket, profile, window, found)
            .then(|| {
                (
                    found.low.saturating_add(banked),
                    found.high.saturating_add(banked),
                )
            })
    }

    /// The best move, then the exact table's best replies; where the table has none (an
    /// entry from the seed, one of a position of the same shape with other cards, or a game
    /// with partitions, which keeps no exact table), a reply that keeps the best move's exact
    /// value, found by a narrow search.
    fn principal_variation(
        &mut self,
        state: &G,
        first: Option<&ScoredMove<G::Move>>,
    ) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut at = state.clone();
        let value = first.filter(|s| s.is_exact()).map(|s| s.low);
        let mut next = first.map(|s| s.mv);
        let mut legal = Vec::new();
        while let Some(mv) = next {
            at.play_unchecked(mv);
            line.push(mv);
            while let Some(forced) = at.forced_move(self.side) {
                at.play_unchecked(forced);
                line.push(forced);
            }
            if at.is_over() || line.len() > 200 {
                break;
            }
            at.legal_moves(&mut legal);
            next = self
                .table
                .read(&Slot::of(&at, self.side))
                .and_then(|e| e.best)
                .filter(|m| legal.contains(m));
            if next.is_none() {
                next = value.and_then(|v| self.reply_keeping(&at, v, line.len()));
            }
        }
        line
    }

    /// A move of `state` whose position has exactly `value`, if the budget allows finding one.
    fn reply_keeping(&mut self, state: &G, value: i32, ply: usize) -> Option<G::Move> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        state.merge_equivalent(&mut moves, &mut Vec::new());
        self.order(state, [None; 3], &mut moves);
        moves.into_iter().find(|&mv| {
            let mut child = state.clone();
            play_forcing(&mut child, mv, self.side);
            let (v, _) = self.search(&child, value - 1, value + 1, ply + 1);
            !self.stopped && v == value
        })
    }
}

/// A cut-off key for trick games ([`Searchable::cutoff_key`]): the cards that decide the
/// mover's choice, the trick so far, and `place` (the seat, the trick's length and whatever
/// else the game's choice depends on).
pub fn trick_cutoff_key(cards: CardSet, trick: &[Card], place: u64) -> u64 {
    let trick: CardSet = trick.iter().copied().collect();
    mix(mix(cards.bits(), trick.bits()), place)
}

/// The plain minimax value (no pruning, no table) for `side`: the reference for tests.
pub fn minimax<G: Searchable>(state: &G, side: usize) -> i32 {
    let Some(mover) = state.to_move() else {
        return state.value(side);
    };
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let values = moves.iter().map(|&mv| {
        let mut child = state.clone();
        child.play_unchecked(mv);
        minimax(&child, side)
    });
    if state.side(mover) == side {
        values.max().expect("a legal move")
    } else {
        values.min().expect("a legal move")
    }
}
