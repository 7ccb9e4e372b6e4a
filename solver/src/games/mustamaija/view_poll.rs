//! Marriage polls in a view (spec 4.7). A poll asks only the seats holding an allowed
//! marriage, so who it asks depends on the hands: a view's history names the seat of each poll
//! move (`no_declaration by 2`, `declare H by 2`; in a view, one without a seat is the view's
//! seat's own), and the replay fits the guessed hands to them. From each move (and from the
//! deal, for the first attack's poll) the polls of the windows it opens are played with the
//! guess against the history's poll moves after it: a seat shown passing or declaring is given
//! that marriage (K+Q of the suit; in its hand, else in the talon cards it draws before the
//! poll), and a seat the guess asks but the history does not loses a card of each marriage it
//! holds. The fit alternates with the defence fit of `view_fit.rs` until both hold. A poll
//! move right after an attack is the defence's poll, or (the defence's poll having asked
//! nobody, its defender taking without a move) the next attack's: where no guess makes the
//! defence's poll ask the seat, the defender is left no card that beats. A history that ends
//! within a poll is read as the view's seat deciding next (a view is sent by the seat to
//! decide) where, no hidden seat asked, it would: the hidden seats asked lose their marriages,
//! unless that breaks a poll the history shows before or after the move fitted (a seat an
//! earlier poll asked still holds its marriage, [`super::view_fit::Witnessed`]).
//!
//! Where these fits, one case at a time, cannot replay a history from the view's guess, the
//! general fit ([`search_placements`]) searches the placements of the unseen cards for a start
//! from which every move replays with the rules (a poll asking the seats the history names, a
//! defence meeting the cards as its moves show, every card shown held), and the fits leave a
//! guess from which the rest of the history replays as it is.
//!
//! What the polls show (a seat holds some marriage, or none) is more than the places of single
//! cards say, so while a marriage can still make trump the count of a view's consistent deals
//! is an upper bound ([`Mustamaija::polls_open`]).

use super::cards::{beaters, marriage, suit_of};
use super::config::{MarriageWindow, TrumpMode};
use super::view_fit::targets;
use super::{By, Move, Mustamaija, Phase};
use crate::api::play_in_view;
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat, MAX_SEATS};
use crate::hidden::fit::{
    cut, drawn_placement, learning, out_of_time, place, place_anywhere, place_known, replayed,
    search_placements, Target,
};
use crate::rng::Rng;
use crate::suited::Suit;

/// A way to put cards where they must be in a guess ([`place_known`], [`place_anywhere`]).
type Placing = fn(&mut Mustamaija, &[(Card, Target)], Seat, CardSet) -> Option<Vec<(Card, Card)>>;

/// The most changes of the guess one fit of the polls makes before it gives up.
const MAX_FIXES: usize = 24;
/// The most rounds of the defence and poll fits before one move.
const MAX_ROUNDS: usize = 4;
/// The general fit's search where the fits cannot replay a history from the view's guess:
/// how many placements of the unseen cards it starts from besides the guess, and the most
/// swaps it climbs from each.
const SEARCH: (usize, usize) = (16, 24);
/// Where the search finds no placement, how many drawn placements the fits of each move
/// are tried from.
const REFITS: usize = 64;

/// Where the polls played with the guess first part from the history's, and what the guess
/// needs there.
#[derive(Clone, Copy, Debug)]
enum Misfit {
    /// The history asks `seat` here: it must hold an allowed marriage (of the suit it
    /// declares); it holds the cards of the set here.
    Ask(u8, Option<Suit>, CardSet),
    /// The guess asks `seat` here and the history does not: it must hold none of the suits of
    /// the mask.
    Skip(u8, u8),
    /// The history asks `seat` (holding the cards of the first set) where the guess has the
    /// hidden defender `.3` deciding: either the defence's poll asks `seat`, which must hold an
    /// allowed marriage (as `Ask`), or the defender holds none of the second set (the cards
    /// that beat an open card), takes them without a move, and the next attack's poll asks
    /// `seat`.
    Defended(u8, Option<Suit>, CardSet, u8, CardSet),
    /// No guess asks as the history does.
    Never,
}

/// A seat a poll asks where the guess has it hold no marriage (of the suit it declares,
/// `Some`), holding `held` then; the suits (a mask) to give it a marriage of only where no
/// other fits.
#[derive(Clone, Copy, Debug)]
struct Asked {
    seat: u8,
    suit: Option<Suit>,
    held: CardSet,
    avoid: u8,
}

/// The note of a poll move; `None` for other moves.
fn note(mv: Move) -> Option<By> {
    match mv {
        Move::Declare(_, by) | Move::NoDeclaration(by) => Some(by),
        _ => None,
    }
}

/// With no poll open, the history's poll move `next` asks `seat`, which holds `held`: it must
/// hold a marriage (of the suit it declares).
fn unasked(seat: u8, next: Move, held: CardSet) -> Misfit {
    match next {
        Move::Declare(suit, _) => Misfit::Ask(seat, Some(suit), held),
        _ => Misfit::Ask(seat, None, held),
    }
}

/// The cards the history's `later` moves beat with before the next attack.
fn beats_before_attack(later: &[Move]) -> CardSet {
    later
        .iter()
        .take_while(|m| !matches!(m, Move::Attack(_)))
        .fold(CardSet::EMPTY, |all, m| match m {
            Move::Beat(card) => all | CardSet::single(*card),
            _ => all,
        })
}

/// Every king and queen: a card given back to fit a guess is never one where it can be
/// helped, so that no fit makes a marriage where the history shows none.
fn royals() -> CardSet {
    Suit::ALL
        .into_iter()
        .fold(CardSet::EMPTY, |all, s| all | marriage(s))
}

impl By {
    /// `text` with the seat this note names, where it names one.
    pub(super) fn note(self, text: String) -> String {
        match self.0 {
            Some(seat) => format!("{text} by {seat}"),
            None => text,
        }
    }
}

impl Mustamaija {
    /// Reads the `by N` that may follow a poll move (`words`, after the move's own).
    pub(super) fn parse_by(&self, text: &str, words: &[&str]) -> Result<By, String> {
        match words {
            [] => Ok(By(None)),
            [by, seat] if by.eq_ignore_ascii_case("by") => seat
                .parse::<u8>()
                .ok()
                .filter(|&s| s < self.n())
                .map(|s| By(Some(s)))
                .ok_or_else(|| {
                    format!(
                        "'{text}': '{seat}' is not a seat; seats are 0..{}",
                        self.n() - 1
                    )
                }),
            _ => Err(format!(
                "'{text}': a poll's seat is written 'by N', e.g. 'no_declaration by 2'"
            )),
        }
    }

    /// `mv` with the seat its poll asks named: its note's, else the seat asked here.
    pub(super) fn with_asked(&self, mv: Move) -> Move {
        let named = |by: By| By(by.0.or(Some(self.actor)));
        match mv {
            Move::Declare(suit, by) => Move::Declare(suit, named(by)),
            Move::NoDeclaration(by) => Move::NoDeclaration(named(by)),
            other => other,
        }
    }

    /// Why `mv`, a poll move naming its seat, is not the move of the seat the poll asks here.
    pub(super) fn poll_contradiction(&self, mv: Move) -> Option<String> {
        self.asks_other(note(mv)?.0?)
    }

    fn asks_other(&self, seat: u8) -> Option<String> {
        (self.phase == Phase::Declare && self.actor != seat)
            .then(|| format!("the poll asks seat {}, not seat {seat}", self.actor))
    }

    /// Whether a marriage can still make trump: a poll can open, asking the seats that hold one.
    pub(super) fn polls_open(&self) -> bool {
        self.cfg.trump_mode == TrumpMode::Marriage
            && (self.trump.is_none() || self.cfg.marriage_trump_changes)
    }

    /// How many of the history's `later` moves, after an attack, can be the poll at the start
    /// of its defence: the leading poll moves of one poll (each seat asked after the one before,
    /// clockwise from the defender, up to the first declaration), but with
    /// `active_before_play` only the defender's (another seat's is the next attack's poll, the
    /// defence over without a move).
    pub(super) fn defence_polls(&self, later: &[Move]) -> usize {
        let defender = self.defender;
        let order = |s: u8| (s + self.n() - defender) % self.n();
        let (mut last, mut closed) = (None, false);
        let mut opens_defence = |mv: &Move| {
            let by = note(*mv).filter(|_| !closed);
            closed = matches!(mv, Move::Declare(..));
            match (self.cfg.marriage_window, by) {
                (_, None) => false,
                (MarriageWindow::ActiveBeforePlay, Some(By(seat))) => seat == Some(defender),
                (_, Some(By(Some(seat)))) => {
                    let later_seat = last.is_none_or(|l| order(seat) > l);
                    last = Some(order(seat));
                    later_seat
                }
                (_, Some(By(None))) => true,
            }
        };
        later.iter().take_while(|m| opens_defence(m)).count()
    }

    /// Whether the history's move `next`, after the pass of the seat asked now, can be a move
    /// of this poll: a later seat's (in the order the poll asks them), or one without a seat;
    /// another poll's move means this poll has closed, and the defence after it run without a
    /// move.
    pub(super) fn poll_continues(&self, next: &Move) -> bool {
        let order = |s: u8| (s + self.n() - self.poll_opener()) % self.n();
        match (self.cfg.marriage_window, note(*next)) {
            (_, None) => false,
            (MarriageWindow::ActiveBeforePlay, _) => false,
            (_, Some(By(Some(seat)))) => order(seat) > order(self.actor),
            (_, Some(By(None))) => true,
        }
    }

    /// The view's fit before `mv` ([`Game::fit_outcome`]): a poll move checked against the
    /// seat asked (one without a seat is `observer`'s), then the defence and the polls after
    /// `mv` fitted in turn until both hold, never giving back a card of `placed`; but a guess
    /// that the general fit made consistent with the rest of the history is kept. Refused
    /// where the general fit stopped at the request's deadline ([`cut`]): the guess is then
    /// what the clock left, and no answer is made from it.
    pub(super) fn fit_view_move(
        &mut self,
        mv: Move,
        later: &[Move],
        observer: Seat,
        placed: CardSet,
    ) -> Result<Vec<(Card, Card)>, String> {
        if cut() {
            return Err("the search for a start that replays stopped at the deadline".to_string());
        }
        if let Some(by) = note(mv) {
            self.check_asked(by.0.unwrap_or(observer as u8))?;
        }
        self.witness(mv, observer);
        let mut fitted = self.clone();
        let mut fit_rounds = || {
            let (mut swaps, mut fixed) = (Vec::new(), placed);
            for _ in 0..MAX_ROUNDS {
                let (more, held) = fitted.fit_defence(mv, later, observer, fixed)?;
                swaps.extend(more);
                fixed |= held;
                match fitted.fit_polls(Some(mv), later, observer, fixed) {
                    Some((more, kept)) if !more.is_empty() => {
                        swaps.extend(more);
                        fixed |= kept;
                    }
                    _ => break,
                }
            }
            Ok(swaps)
        };
        let fit = fit_rounds();
        if fit.as_ref().is_ok_and(Vec::is_empty) {
            return fit;
        }
        // A guess from which the rest of the history replays with the rules (the general
        // fit's) is left as it is where it ends with the observer to move, or where the fit
        // would lose what it replays, or where the fit's end does not have the observer to
        // move either: the fit would only read a history that ends where a hidden defender
        // may have taken without a choice as the defence over, against cards the history
        // before showed that defender holds.
        let rest = [&[mv], later].concat();
        let (count, end) = replayed(self, &rest);
        let observer_moves = |end: &Self| end.to_move().is_none_or(|seat| seat == observer);
        if count == rest.len()
            && (observer_moves(&end) || fit.is_err() || {
                let (fitted_count, fitted_end) = replayed(&fitted, &rest);
                fitted_count < rest.len() || !observer_moves(&fitted_end)
            })
        {
            return Ok(Vec::new());
        }
        *self = fitted;
        fit
    }

    fn check_asked(&self, seat: u8) -> Result<(), String> {
        if self.phase != Phase::Declare {
            return Err(format!(
                "no marriage poll asks seat {seat} here: the phase is '{}'",
                self.phase.name()
            ));
        }
        self.asks_other(seat).map_or(Ok(()), Err)
    }

    /// Fits the deal's first poll, before the first attack, to the history's `moves` and asks
    /// it again with the hands fitted. Where the history then cannot be replayed with the fits
    /// of each move, the general fit ([`search_placements`]) looks for a placement of the
    /// unseen cards from which it replays with the rules, and the fits leave it as it is. Both
    /// stop at the deadline of the request being read ([`crate::hidden::fit::until`]).
    pub(super) fn fit_first_poll(&mut self, moves: &[Move], observer: Seat) {
        let mut first = self.clone();
        first.fit_first_poll_only(moves, observer);
        let (replays, fitted) = first.replay_fitted(moves, observer);
        if replays {
            *self = first;
            return;
        }
        let redeal = |deal: &mut Self| deal.start_attack();
        let end = |end: &Self| end.to_move().is_none_or(|seat| seat == observer);
        let (seed, starts) = (first.key(), [first.clone(), fitted]);
        let found = search_placements(&starts, moves, observer, seed, SEARCH, redeal, end)
            .filter(|found| found.replay_fitted(moves, observer).0)
            .or_else(|| first.refit_drawn(moves, observer, seed));
        *self = found.unwrap_or(first);
    }

    /// The fits of each move from up to [`REFITS`] placements of the unseen cards drawn
    /// uniformly (seeded by `seed`), where the search found none: the first that replays;
    /// none once the deadline of the request being read has passed.
    fn refit_drawn(&self, moves: &[Move], observer: Seat, seed: u64) -> Option<Self> {
        let mut rng = Rng::seeded(seed);
        let unseen = self.unseen(observer);
        (0..REFITS).find_map(|_| {
            if out_of_time() {
                return None;
            }
            let mut guess = self.clone();
            guess.set_unseen(observer, &drawn_placement(&unseen, &mut rng));
            guess.start_attack();
            guess.fit_first_poll_only(moves, observer);
            guess.replay_fitted(moves, observer).0.then_some(guess)
        })
    }

    fn fit_first_poll_only(&mut self, moves: &[Move], observer: Seat) {
        let fitted = self.fit_polls(None, moves, observer, CardSet::EMPTY);
        if fitted.is_some_and(|(swaps, _)| !swaps.is_empty()) {
            self.start_attack();
        }
    }

    /// Whether the history's `moves` replay in `observer`'s view from this start, each fitted
    /// as the view's replay fits it; and this start with the swaps of the fits made (as far as
    /// they replay), as the view's knowledge fits its start.
    fn replay_fitted(&self, moves: &[Move], observer: Seat) -> (bool, Self) {
        let (mut state, mut start) = (self.clone(), self.clone());
        let replays = moves.iter().enumerate().all(|(i, &mv)| {
            let later = &moves[i + 1..];
            play_in_view(&mut state, mv, later, observer, CardSet::EMPTY)
                .is_ok_and(|swaps| start.swap_unseen(observer, &swaps))
        });
        start.start_attack();
        (replays, start)
    }

    /// Fits the guess so that the polls of the windows `mv` opens (`None`: the deal's first)
    /// ask as the history's `later` moves show, never giving back a card of `placed`; the swaps
    /// made and the cards whose places they fixed, or `None` (the guess left as it was) where
    /// no fit found does. A hidden seat left asked at the history's end may stay where no
    /// guess helps it, or where every guess that does breaks a poll the history shows (a seat
    /// that passed still holds its marriage): the fit before the end's is kept.
    fn fit_polls(
        &mut self,
        mv: Option<Move>,
        later: &[Move],
        observer: Seat,
        placed: CardSet,
    ) -> Option<(Vec<(Card, Card)>, CardSet)> {
        if !self.polls_open() {
            return Some((Vec::new(), CardSet::EMPTY));
        }
        let mut fitted = self.clone();
        let shown = mv.map_or(CardSet::EMPTY, |m| self.revealed_cards(m, observer));
        let mut kept = placed | self.settled() | shown;
        let mover = Target::In(self.actor as usize);
        let mut swaps = place(&mut fitted, &targets(shown, mover), observer, kept)?;
        // The cards the defence after `mv` beats with stay in its defender's hand.
        let fixed = shown | beats_before_attack(later);
        let mut before_end = None;
        // Per seat, the suits a marriage given to it made a later poll ask it where the history
        // does not (it passed in one poll and kept the marriage into the next): given last.
        let mut avoid = [0u8; MAX_SEATS];
        let mut given = None;
        for fixes in 0.. {
            let Some((misfit, at_end)) = fitted.poll_misfit(mv, later, observer) else {
                break;
            };
            if at_end && before_end.is_none() {
                before_end = Some((fitted.clone(), swaps.len(), kept));
            }
            match misfit {
                Misfit::Skip(seat, suits) if given == Some(seat) => avoid[seat as usize] |= suits,
                _ => {}
            }
            given = match misfit {
                Misfit::Ask(seat, ..) | Misfit::Defended(seat, ..) => Some(seat),
                _ => None,
            };
            let fix = (fixes < MAX_FIXES)
                .then(|| fitted.fix(misfit, observer, &mut kept, fixed, &avoid))
                .flatten();
            match (fix, before_end.take()) {
                (Some(more), saved) => {
                    swaps.extend(more);
                    before_end = saved;
                }
                (None, _) if at_end => break,
                (None, Some((saved, made, was_kept))) => {
                    (fitted, kept) = (saved, was_kept);
                    swaps.truncate(made);
                    break;
                }
                (None, None) => return None,
            }
        }
        *self = fitted;
        Some((swaps, kept))
    }

    /// Where the polls after `mv` (`None`: the deal's first) played with the guess first part
    /// from the history's `later` moves: what the guess needs there, and whether that is past
    /// the history's end. `None` where they agree. A poll move without a seat is `observer`'s.
    fn poll_misfit(
        &self,
        mv: Option<Move>,
        later: &[Move],
        observer: Seat,
    ) -> Option<(Misfit, bool)> {
        let mut sim = self.clone();
        match mv {
            Some(mv) => sim.play_unchecked(mv),
            None => sim.start_attack(),
        }
        for &next in later {
            let asked = note(next).map(|by| by.0.unwrap_or(observer as u8));
            if sim.phase != Phase::Declare {
                return asked.map(|seat| (sim.unasked_here(seat, next, observer), false));
            }
            let misfit = match (asked, next) {
                (None, _) => sim.skip(observer),
                (Some(seat), _) if seat != sim.actor => sim.out_of_turn(seat, next, observer),
                (Some(seat), Move::Declare(suit, _))
                    if sim.declarable(seat) & 1 << suit as u8 == 0 =>
                {
                    Misfit::Ask(seat, Some(suit), sim.hands[seat as usize])
                }
                _ => {
                    sim.play_unchecked(next);
                    continue;
                }
            };
            return Some((misfit, false));
        }
        sim.observer_decides_unless_asked(observer)
            .then(|| (sim.skip(observer), true))
    }

    /// Whether a poll asks hidden seats here and, were none of them asked, `observer` would
    /// decide next: a history that ends here is then read as the observer's to decide (a view
    /// is sent by the seat to decide). A hidden seat that will be asked anyway (it still holds
    /// the marriage it passed on) is left asked.
    fn observer_decides_unless_asked(&self, observer: Seat) -> bool {
        let mut unasked = self.clone();
        while unasked.phase == Phase::Declare && unasked.actor as Seat != observer {
            unasked.play_no_declaration();
        }
        self.phase == Phase::Declare
            && self.actor as Seat != observer
            && unasked.to_move() == Some(observer)
    }

    /// No poll is open and the history's poll move `next` asks `seat`: where a hidden defender
    /// decides, the poll may also be the next attack's, the defence run without a move.
    fn unasked_here(&self, seat: u8, next: Move, observer: Seat) -> Misfit {
        let misfit = unasked(seat, next, self.hands[seat as usize]);
        let defender = self.defender;
        match misfit {
            Misfit::Ask(seat, suit, held)
                if self.phase == Phase::Defend && defender as Seat != observer =>
            {
                Misfit::Defended(seat, suit, held, defender, self.open_beaters())
            }
            misfit => misfit,
        }
    }

    /// Every card of the deck that beats an open attack card.
    fn open_beaters(&self) -> CardSet {
        let (deck, maria) = (self.cfg.deck(), self.cfg.maria());
        self.open.iter().fold(CardSet::EMPTY, |all, card| {
            all | beaters(card, deck, self.trump, maria)
        })
    }

    /// The poll asks a seat that the history's move `next` does not name: the seat asked goes
    /// unasked if the one named comes later, else the one named was passed over.
    fn out_of_turn(&self, seat: u8, next: Move, observer: Seat) -> Misfit {
        let order = |s: u8| (s + self.n() - self.poll_opener()) % self.n();
        if order(seat) > order(self.actor) {
            self.skip(observer)
        } else {
            unasked(seat, next, self.hands[seat as usize])
        }
    }

    /// The seat asked now must not be: it holds no marriage (never the observer, whose hand
    /// is known).
    fn skip(&self, observer: Seat) -> Misfit {
        match self.actor as Seat == observer {
            true => Misfit::Never,
            false => Misfit::Skip(self.actor, self.declarable(self.actor)),
        }
    }

    /// Changes the guess as `misfit` needs, never giving back a card of `kept` (growing by the
    /// cards placed), nor moving a card of `shown` (the move before the poll plays it, or the
    /// defence after it beats with); a marriage given to a seat is of a suit of `avoid[seat]`
    /// only where no other suit fits.
    fn fix(
        &mut self,
        misfit: Misfit,
        observer: Seat,
        kept: &mut CardSet,
        shown: CardSet,
        avoid: &[u8; MAX_SEATS],
    ) -> Option<Vec<(Card, Card)>> {
        let mut give = |fitted: &mut Self, seat: u8, suit, held| {
            let asked = Asked {
                seat,
                suit,
                held,
                avoid: avoid[seat as usize],
            };
            fitted.give_marriage(asked, observer, kept, shown)
        };
        match misfit {
            Misfit::Ask(seat, ..) | Misfit::Skip(seat, _) if seat as Seat == observer => None,
            Misfit::Ask(seat, suit, held) => give(self, seat, suit, held),
            Misfit::Defended(seat, suit, held, defender, beaters) => {
                let asked = (seat as Seat != observer)
                    .then(|| give(self, seat, suit, held))
                    .flatten();
                asked.or_else(|| self.disarm(defender, beaters, observer, kept))
            }
            // A seat asked before that still holds its marriage is asked again.
            Misfit::Skip(seat, _) if self.must_be_asked(seat) => None,
            Misfit::Skip(seat, suits) => self.break_marriages(seat, suits, observer, kept),
            Misfit::Never => None,
        }
    }

    /// Gives the seat asked, which holds `held` then, the marriage of the suit it declares, or
    /// (for a pass) of the allowed suit it lacks the fewest cards of, suits to avoid last, never
    /// moving a card of `shown`.
    fn give_marriage(
        &mut self,
        Asked {
            seat,
            suit,
            held,
            avoid,
        }: Asked,
        observer: Seat,
        kept: &mut CardSet,
        shown: CardSet,
    ) -> Option<Vec<(Card, Card)>> {
        let mut suits: Vec<Suit> = match suit {
            Some(suit) => vec![suit],
            None => Suit::ALL
                .into_iter()
                .filter(|&s| self.cfg.marriage_allowed(s) && self.declared & 1 << s as u8 == 0)
                .collect(),
        };
        suits.retain(|&s| !(marriage(s) - held).intersects(shown));
        suits.sort_by_key(|&s| (avoid & 1 << s as u8 != 0, (marriage(s) - held).len()));
        // Where the seat's hidden cards are too few for the marriage, part of it is drawn: the
        // cards it holds when asked that lie in the talon or hide in its hand now.
        let spots = held & (self.talon.set() | self.unseen(observer).places[seat as usize]);
        suits.into_iter().find_map(|s| {
            let missing = marriage(s) - held;
            let wanted = targets(missing, Target::In(seat as usize));
            let swaps = self
                .place_sparing(&wanted, observer, *kept)
                .or_else(|| self.place_in_draws(missing, spots, observer, *kept | marriage(s)))
                .or_else(|| {
                    let protected = *kept | marriage(s);
                    self.place_making_room(&wanted, seat, observer, protected, shown)
                })?;
            *kept |= marriage(s);
            Some(swaps)
        })
    }

    /// [`Mustamaija::place_sparing`] of `wanted` into `seat`'s hand where the seat's hidden
    /// cards that may be given back are too few: first moves cards of its hand that are kept
    /// (a defence's beaters kept from its defender), one at a time, into the talon, each for a
    /// talon card that may be given back. Never a card of `shown`, a king or queen, a turned
    /// spade put back, nor a card of the defender's hand (its defence fixed it there).
    fn place_making_room(
        &mut self,
        wanted: &[(Card, Target)],
        seat: u8,
        observer: Seat,
        protected: CardSet,
        shown: CardSet,
    ) -> Option<Vec<(Card, Card)>> {
        if seat == self.defender {
            return None;
        }
        let talon = self.seats();
        let mut fitted = self.clone();
        let mut swaps = Vec::new();
        let fixed = shown | royals() | self.settled();
        let movable = (fitted.unseen(observer).places[seat as usize] & protected) - fixed;
        for card in movable {
            let free = fitted.unseen(observer).places[talon] - protected - fixed;
            let back = free.lowest()?;
            if !fitted.swap_unseen(observer, &[(card, back)]) {
                return None;
            }
            swaps.push((card, back));
            if let Some(more) = fitted.place_sparing(wanted, observer, protected) {
                swaps.extend(more);
                *self = fitted;
                return Some(swaps);
            }
        }
        None
    }

    /// Puts each card of `cards` in the place of one of `drawn` (talon cards a seat draws
    /// before the poll, or hidden cards it holds until then), never of `kept`, a king or queen
    /// only where too few other cards are there: the seat draws or holds it instead.
    fn place_in_draws(
        &mut self,
        cards: CardSet,
        drawn: CardSet,
        observer: Seat,
        kept: CardSet,
    ) -> Option<Vec<(Card, Card)>> {
        let free = drawn - kept - cards;
        let mut free = (free - royals()).iter().chain((free & royals()).iter());
        let swaps = cards
            .iter()
            .map(|card| Some((card, free.next()?)))
            .collect::<Option<Vec<_>>>()?;
        self.swap_unseen(observer, &swaps).then_some(swaps)
    }

    /// Moves the cards of `beaters` out of the hand of `defender`, giving back none of them:
    /// it takes the open cards they beat without a move.
    fn disarm(
        &mut self,
        defender: u8,
        beaters: CardSet,
        observer: Seat,
        kept: &mut CardSet,
    ) -> Option<Vec<(Card, Card)>> {
        let held = beaters & self.hands[defender as usize];
        let away = targets(held, Target::NotIn(1 << defender));
        let swaps = self.place_sparing(&away, observer, *kept | beaters)?;
        *kept |= held;
        Some(swaps)
    }

    /// Takes from `seat` (its hand, or the talon cards it draws) a card of the marriage of each
    /// suit of the mask `suits`.
    fn break_marriages(
        &mut self,
        seat: u8,
        suits: u8,
        observer: Seat,
        kept: &mut CardSet,
    ) -> Option<Vec<(Card, Card)>> {
        let mut swaps = Vec::new();
        for suit in Suit::ALL.into_iter().filter(|&s| suits & 1 << s as u8 != 0) {
            let movable = marriage(suit) & self.unseen(observer).cards();
            // A card placed before moves only where no other can.
            let order = (movable - *kept).iter().chain((movable & *kept).iter());
            let (card, more) = order.into_iter().find_map(|card| {
                let moved = self.move_away(card, seat, observer, *kept)?;
                Some((card, moved))
            })?;
            swaps.extend(more);
            kept.insert(card);
        }
        Some(swaps)
    }

    /// Moves `card` from `seat`'s hand into the talon, else (or from the talon) to a hidden hand
    /// other than `seat`'s that does not hold its partner in a marriage, the defender's last.
    fn move_away(
        &mut self,
        card: Card,
        seat: u8,
        observer: Seat,
        kept: CardSet,
    ) -> Option<Vec<(Card, Card)>> {
        let n = self.seats();
        let partner = suit_of(card).map_or(CardSet::EMPTY, marriage) - CardSet::single(card);
        let in_talon = self.unseen(observer).places[n].contains(card);
        let mut hands: Vec<usize> = (0..n)
            .filter(|&p| p != seat as usize && p != observer && !self.hands[p].intersects(partner))
            .collect();
        // The defender last: the defence fit keeps the cards it may not hold out of its hand.
        hands.sort_by_key(|&p| p == self.defender as usize);
        let defender = hands
            .last()
            .filter(|&&p| p == self.defender as usize)
            .copied();
        hands.retain(|&p| Some(p) != defender);
        let places: Vec<usize> = (!in_talon).then_some(n).into_iter().chain(hands).collect();
        places
            .into_iter()
            .find_map(|p| self.place_sparing(&[(card, Target::In(p))], observer, kept))
            .or_else(|| self.bury(card, observer, kept).filter(|_| in_talon))
            .or_else(|| {
                let p = defender?;
                self.place_sparing(&[(card, Target::In(p))], observer, kept)
            })
    }

    /// Swaps `card`, in the talon, with a hidden talon card below it (the lowest first), never
    /// one of `kept` nor a king or queen: it is drawn later.
    fn bury(&mut self, card: Card, observer: Seat, kept: CardSet) -> Option<Vec<(Card, Card)>> {
        let hidden = self.unseen(observer).cards() - kept - royals();
        let below: Vec<Card> = self.talon.bottom_first().to_vec();
        let back = below
            .into_iter()
            .take_while(|&c| c != card)
            .find(|&c| hidden.contains(c))?;
        let swaps = vec![(card, back)];
        self.swap_unseen(observer, &swaps).then_some(swaps)
    }

    /// [`place`], giving back no king or queen where it can: a fit makes no marriage where it
    /// can help it. Where it can, every card goes where the knowledge being learnt lets it be
    /// ([`crate::hidden::fit::knowing`]) first.
    pub(super) fn place_sparing(
        &mut self,
        wanted: &[(Card, Target)],
        observer: Seat,
        kept: CardSet,
    ) -> Option<Vec<(Card, Card)>> {
        // The attempts with the knowledge are not made twice: a failed placing changes nothing.
        self.sparing(place_known, wanted, observer, kept)
            .or_else(|| {
                learning()
                    .then(|| self.sparing(place_anywhere, wanted, observer, kept))
                    .flatten()
            })
    }

    /// `placing` (a [`place`] function) giving back no king or queen where it can.
    pub(super) fn sparing(
        &mut self,
        placing: Placing,
        wanted: &[(Card, Target)],
        observer: Seat,
        kept: CardSet,
    ) -> Option<Vec<(Card, Card)>> {
        placing(self, wanted, observer, kept | royals())
            .or_else(|| placing(self, wanted, observer, kept))
    }
}
