//! Facts of Muschik's rules that a snapshot keeps to be reachable: the seat to move in each
//! phase, whether the phase fits the rest of the deal, the cards each hand holds, and the
//! scoring of a deal's end reached by replaying its tricks; and the table and stock that the
//! options give.

use super::cards;
use super::config::{Config, ParticipationFloor, SwapTiming, DOUBLE_START_CHOICES, START_CP};
use super::scoring::{MatchState, MAX_ROUNDS};
use super::{Muschik, Phase, SwapState, HAND_SIZE, MAX_PLAYERS};
use crate::problems::{index_path, Problems};

impl Muschik {
    /// The seat to move in the phase, and why the rules cannot reach the phase with the rest of
    /// the deal, if they cannot.
    pub(super) fn phase_actor(&self) -> (Option<u8>, Option<String>) {
        let (n, p) = (self.n(), self.participants as u32);
        let floor = self.participation_floor();
        let (all_decided, lone) = (self.decided == n, self.lone_credited());
        match self.phase {
            Phase::ChooseStart => {
                let fits = self.match_state.start_cp.is_none() && self.decided == 0;
                let why = "opens a double round whose start is not yet chosen";
                (self.match_state.double_for, unless(fits, why))
            }
            _ if self.match_state.start_cp.is_none() => {
                let why =
                    "comes after the double round's chooser has chosen the start (match.start_cp)";
                (None, unless(false, why))
            }
            Phase::Participation => {
                let seat = (self.dealer + 1 + self.decided) % n;
                let why = "needs a player still to decide";
                (Some(seat), unless(!all_decided, why))
            }
            _ if !all_decided => (None, unless(false, "needs every participation decision")),
            Phase::Void => {
                let forced = self.cfg.participation_floor == ParticipationFloor::ForceIn;
                let why = "needs fewer participants than the floor";
                (None, unless(p < floor && !forced && !lone, why))
            }
            _ if p < floor && !(lone && self.phase == Phase::Scored) => {
                (None, Some(format!("needs at least {floor} participants")))
            }
            _ => self.after_decisions(lone),
        }
    }

    /// [`Muschik::phase_actor`] once every participation decision is made: the exchange, the
    /// dealer's swap and the play (its seat to move the one the play left).
    fn after_decisions(&self, lone: bool) -> (Option<u8>, Option<String>) {
        let p = self.participants as u32;
        let turns = p * self.cfg.exchange_passes as u32;
        let exchange_over = self.exchange_turns as u32 >= turns || self.stock_len == 0;
        let dealer_in = self.is_in(self.dealer);
        let swap_first = self.cfg.dealer_swap_timing == SwapTiming::BeforeExchange;
        let swap_done = self.swap != SwapState::Open;
        match self.phase {
            Phase::Exchange => {
                let fits = !(exchange_over || dealer_in && swap_first != swap_done);
                let seat = self.order[(self.exchange_turns as u32 % p.max(1)) as usize];
                let why = "does not fit the stock, the turns taken or the dealer's swap";
                (Some(seat), unless(fits, why))
            }
            Phase::DealerSwap => {
                let on_time = if swap_first {
                    self.exchange_turns == 0
                } else {
                    exchange_over
                };
                let fits = dealer_in && !swap_done && on_time;
                let why = "is the participating dealer's, once, at its time";
                (Some(self.dealer), unless(fits, why))
            }
            Phase::Play | Phase::Scored if lone => {
                let fits = self.phase != Phase::Play && self.tricks_played == 0;
                let why = "has no tricks: the lone player takes all five unplayed";
                (None, unless(fits, why))
            }
            _ => {
                let played_out = self.tricks_played as usize == HAND_SIZE;
                let fits = exchange_over
                    && dealer_in == swap_done
                    && played_out == (self.phase == Phase::Scored);
                let seat = (self.phase == Phase::Play).then_some(self.actor);
                let why = "does not fit the exchange, the dealer's swap or the tricks played";
                (seat, unless(fits, why))
            }
        }
    }

    /// Sets the participation decisions made: by the seats of the mask `decided`, the seats
    /// of `joined` among them taking part; why the rules cannot have them, at the field of the
    /// first seat out of turn: decisions are made in order from the dealer's left, so the
    /// seats that decided come first.
    pub(super) fn set_decisions(&mut self, decided_seats: u8, joined: u8) -> Problems {
        let (n, decided) = (self.n(), decided_seats.count_ones() as u8);
        for step in 0..n {
            let seat = (self.dealer + 1 + step) % n;
            if (decided_seats & 1 << seat != 0) != (step < decided) {
                let not = if step < decided { "not " } else { "" };
                let message = format!("players decide in turn from the dealer's left; with {decided} decisions seat {seat} has {not}decided");
                let at = index_path("participation", seat as usize);
                return Problems::single(&at, message);
            }
            self.joined |= joined & 1 << seat;
        }
        self.decided = decided;
        self.set_order();
        Problems::default()
    }

    /// Why the rules cannot reach this deal, each reason at its field, none where they can: the
    /// phase against the rest and the seat to move (`to_move` as given), the hands' sizes
    /// (`counts` as given), the discards, the stock, the swap and the exchange turns; sets the
    /// seat to act.
    pub(super) fn check(&mut self, to_move: Option<u8>, counts: &[u32]) -> Problems {
        let mut reasons = Problems::default();
        self.check_phase(to_move, &mut reasons);
        self.check_sizes(counts, &mut reasons);
        reasons
    }

    /// Sets the seat to act from the phase and checks the phase against the rest.
    fn check_phase(&mut self, to_move: Option<u8>, reasons: &mut Problems) {
        let (expected, wrong) = self.phase_actor();
        let phase = self.phase.name();
        if let Some(why) = wrong {
            reasons.push("phase", format!("phase '{phase}' {why}"));
        }
        let playing = matches!(self.phase, Phase::Play | Phase::Scored);
        let played = (self.trick_len > 0 || self.tricks_played > 0) && !playing;
        let message = format!("no trick is played in phase '{phase}'");
        reasons.check(played, "tricks", message);
        let message = format!("in this position the seat to move is {expected:?}, not {to_move:?}");
        reasons.check(to_move != expected, "to_move", message);
        self.actor = expected.unwrap_or(0);
    }

    /// Hand, discard and stock sizes follow from the decisions, exchanges and tricks.
    fn check_sizes(&self, counts: &[u32], reasons: &mut Problems) {
        let n = self.n() as usize;
        for seat in 0..n {
            let expected = self.hand_size(seat as u8);
            let message = format!("seat {seat} should hold {expected} cards here");
            let wrong = counts.get(seat).copied() != Some(expected);
            reasons.check(wrong, &index_path("hands", seat), message);
            let swapped = seat == self.dealer as usize && self.swap == SwapState::Swapped;
            let (k, discarded) = (self.exchanged[seat], self.discards[seat].len());
            let and = if swapped { " and swapped one" } else { "" };
            let message = format!("seat {seat} exchanged {k} cards{and}; it laid away {discarded}");
            let wrong = discarded != k as u32 + u32::from(swapped);
            reasons.check(wrong, &index_path("discards", seat), message);
            let message = format!("seat {seat} does not take part and exchanges nothing");
            let outside = k > 0 && !self.is_in(seat as u8);
            reasons.check(outside, &index_path("exchanged", seat), message);
        }
        let drawn: u32 = self.exchanged[..n].iter().map(|&k| k as u32).sum();
        let (size, left) = (self.cfg.stock_size(), self.stock_len);
        let message =
            format!("the stock held {size} cards; {drawn} were drawn and {left} are left");
        reasons.check(drawn + left as u32 != size as u32, "stock", message);
        let outside = self.swap != SwapState::Open && !self.is_in(self.dealer);
        reasons.check(outside, "swap", "only a participating dealer may swap");
        let turns = self.participants as u32 * self.cfg.exchange_passes as u32;
        let message = "more exchange turns than participants and passes allow";
        let over = self.exchange_turns as u32 > turns;
        reasons.check(over, "exchange_turns", message);
    }

    /// Scores the deal's end as the play does (a replay of its tricks leaves it unscored): the
    /// +5 of a trickless participant, the lone joiner's credited tricks, or the void deal.
    pub(super) fn settle(&mut self) {
        match self.phase {
            Phase::Scored if self.lone_credited() => self.lone_takes_all(self.order[0]),
            Phase::Scored => self.finish_deal(),
            Phase::Void => self.void_deal(),
            _ => {}
        }
    }

    /// The cards `seat` holds: all five until play, then less one per trick it played (the
    /// trick in progress included); a lone participant credited with every trick plays none.
    pub(super) fn hand_size(&self, seat: u8) -> u32 {
        let in_play = matches!(self.phase, Phase::Play | Phase::Scored) && !self.lone_credited();
        if !in_play || !self.is_in(seat) {
            return HAND_SIZE as u32;
        }
        let played_now = (0..self.trick_len)
            .any(|i| (0..i).fold(self.leader, |x, _| self.next_participant(x)) == seat);
        HAND_SIZE as u32 - self.tricks_played as u32 - u32::from(played_now)
    }
}

/// `why` unless the phase `fits`.
fn unless(fits: bool, why: &str) -> Option<String> {
    (!fits).then(|| why.to_string())
}

/// Facts of the match's rules that a snapshot or a deal's setup keeps: the round and its
/// start, the countdown points, the rounds' winners and the double rounds owed.
impl MatchState {
    /// Why a match of `n` players cannot be in its round, each reason at its field: a normal
    /// round has no `double_for` and starts at [`START_CP`] (set where not given); a double
    /// round has both.
    pub(super) fn check_round(&mut self, n: u8) -> Problems {
        let mut reasons = Problems::default();
        let (double, round) = (self.round > n, self.round);
        if double != self.double_for.is_some() {
            let message = if double {
                format!("round {round} is a double round (rounds 1..={n} are normal): it needs 'double_for'")
            } else {
                format!("round {round} is a normal round and has no 'double_for'")
            };
            reasons.push("double_for", message);
        }
        let message = match (self.start_cp, double) {
            (None, false) => {
                self.start_cp = Some(START_CP);
                return reasons;
            }
            (Some(c), false) if c != START_CP => {
                format!("a normal round starts at {START_CP}, not {c}")
            }
            (Some(c), true) if !DOUBLE_START_CHOICES.contains(&c) => {
                format!("a double round starts at 15 or 20, not {c}")
            }
            _ => return reasons,
        };
        reasons.push("start_cp", message);
        reasons
    }

    /// Sets the countdown points of `count` seats: `given`, or the round's start where not given;
    /// why the rules cannot have them, each reason at its field.
    pub(super) fn set_countdown(&mut self, given: Option<Vec<i64>>, count: usize) -> Problems {
        let mut reasons = Problems::default();
        match (given, self.start_cp) {
            (Some(values), Some(_)) => {
                for (seat, &c) in values.iter().enumerate() {
                    self.cp[seat] = c as i32;
                    if c <= 0 && !self.over {
                        let message = format!("{c} countdown points would have ended the round");
                        reasons.push(&index_path("cp", seat), message);
                    }
                }
            }
            (None, Some(start)) => self.cp[..count].fill(start),
            (Some(_), None) => reasons.push(
                "cp",
                "countdown points are set when the double round's start is chosen; give null",
            ),
            (None, None) => self.cp = [0; MAX_PLAYERS],
        }
        reasons
    }

    /// Sets the rounds' winners (one per finished round) and the double rounds still owed (to
    /// seats that won no normal round, each once); why a match of `n` players cannot have them,
    /// each reason at its field.
    pub(super) fn set_rounds(&mut self, (winners, owed): (Vec<i64>, Vec<i64>), n: u8) -> Problems {
        let mut reasons = Problems::default();
        let finished = self.round as usize - usize::from(!self.over);
        if winners.len() != finished {
            let (round, given) = (self.round, winners.len());
            let message = format!(
                "round {round} follows {finished} finished rounds; {given} winners are given"
            );
            reasons.push("round_winners", message);
        }
        for (i, &w) in winners.iter().take(MAX_ROUNDS).enumerate() {
            self.winners[i] = w as u8;
        }
        self.winners_len = winners.len().min(MAX_ROUNDS) as u8;
        let normal_winners = &self.winners[..self.winners_len.min(n) as usize];
        for (i, &u) in owed.iter().enumerate() {
            let seat = u as u8;
            if normal_winners.contains(&seat)
                || Some(seat) == self.double_for
                || owed[..i].contains(&u)
            {
                let message = format!("seat {seat} is owed no (further) double round");
                reasons.push(&index_path("double_rounds_owed", i), message);
            } else if i < n as usize {
                self.owed[i] = seat;
            }
        }
        self.owed_len = owed.len().min(n as usize) as u8;
        if self.round <= n && !owed.is_empty() {
            let message = "double rounds are owed only once the normal rounds are over";
            reasons.push("double_rounds_owed", message);
        }
        if let Some(u) = self.double_for.filter(|u| normal_winners.contains(u)) {
            let message = format!("seat {u} won a normal round and has no double round");
            reasons.push("double_for", message);
        }
        if self.over && self.owed_len > 0 {
            let message = "the match is over, but double rounds are still owed";
            reasons.push("round", message);
        }
        reasons
    }
}

/// Why match points `values` cannot be, if they cannot: they are zero-sum.
pub(super) fn unbalanced(values: &[i64]) -> Option<String> {
    let total: i64 = values.iter().sum();
    (total != 0).then(|| format!("match points are zero-sum; these add up to {total}"))
}

/// The rules' facts that the options decide: the table and the stock.
impl Config {
    pub fn seats(&self) -> usize {
        self.num_players as usize
    }

    /// The cards left for the stock after the hands and the trump card.
    pub fn stock_size(&self) -> usize {
        cards::deck(self.deck_ranks).len() as usize - HAND_SIZE * self.seats() - 1
    }
}
