//! Reading a snapshot (`state`) of a Muschik deal. Everything derivable (countdown points,
//! tricks won, the seat to move, the trump card's holder) is derived from the rest and checked
//! against what the snapshot says, so a position that play could not reach is refused with
//! every reason.

use super::cards;
use super::config::{Config, ParticipationFloor, SwapTiming};
use super::json::{card_name, wire_deck};
use super::match_json::read_match;
use super::{MatchState, Muschik, Phase, SwapState, Trick, HAND_SIZE, MAX_PLAYERS};
use crate::cards::{Card, CardSet};
use crate::game::Seat;
use crate::games::cardlist::{place_unknown, CardLedger, HandEntry};
use crate::games::wire::{padded, snapshot_head, Names};
use crate::problems::{field_path, index_path, kind, one_per_seat, Fields, Problems};
use serde_json::Value;

/// A trick as given: its leader, its cards in order, and (when finished) its winner.
struct GivenTrick {
    leader: u8,
    cards: Vec<Card>,
    winner: Option<u8>,
    path: String,
}

fn read_trick(
    value: &Value,
    path: &str,
    n: u8,
    ledger: &mut CardLedger,
    finished: bool,
    problems: &mut Problems,
) -> GivenTrick {
    let mut f = Fields::of(value, path, problems);
    let leader = f.seat("leader", n.into(), problems).unwrap_or(0);
    let at = f.path("cards");
    let cards = f.get("cards").map(|v| {
        ledger.read(v, &at, problems);
        ledger.deck().listed(v)
    });
    let winner = finished.then(|| f.seat("winner", n.into(), problems));
    f.finish(problems);
    let (cards, path) = (cards.unwrap_or_default(), path.to_string());
    let winner = winner.flatten();
    GivenTrick {
        leader,
        cards,
        winner,
        path,
    }
}

/// What a snapshot says that the deal derives, checked against it: the seat to move, the trump
/// card's holder, the seats that decided and those that joined (masks), the tricks, and
/// `tricks_won`, `zero_at` and `cp`, each with its path.
#[derive(Default)]
struct Said {
    to_move: Option<u8>,
    holder: Option<u8>,
    decided: u8,
    joined: u8,
    trick: Option<GivenTrick>,
    tricks: Vec<GivenTrick>,
    lists: Vec<(String, Option<Vec<Option<i64>>>)>,
}

pub(super) fn read(
    cfg: &Config,
    value: &Value,
    path: &str,
    observer: Option<Seat>,
    problems: &mut Problems,
) -> Option<Muschik> {
    let (n, before) = (cfg.seats(), problems.0.len());
    let mut f = Fields::of(value, path, problems);
    f.require(&["dealer", "phase", "hands", "trump_card"], problems);
    let mut ledger = wire_deck(cfg).ledger();
    // Every place of cards, as `build` deals the hidden ones: the hands, the stock, the discards.
    let mut places = read_entries(&mut f, "hands", n, observer, &mut ledger, problems);
    let discards = read_entries(&mut f, "discards", n, observer, &mut ledger, problems);
    let (stock, order) = ledger.place(&mut f, "stock", observer.is_some(), problems);
    places.push(stock);
    places.extend(discards);
    let mut said = read_tricks(&mut f, n as u8, &mut ledger, problems);
    let phases: Names<Phase> = (Phase::from_name, Phase::NAMES);
    let (dealer, phase, to_move) = snapshot_head(&mut f, &[], n, phases, problems);
    let trump_card = ledger.deck().card(&mut f, "trump_card", problems);
    // The cards are placed by `build`; until then any card stands for a trump card not read.
    let card = trump_card.or(ledger.deck().cards.lowest())?;
    let (no_cards, no_match) = ([CardSet::EMPTY; MAX_PLAYERS], MatchState::new(n as u8));
    let mut s = Muschik::new_deal(*cfg, dealer, no_cards, card, &[], no_match);
    let swaps = (SwapState::from_name, SwapState::NAMES);
    let swap = f.name_of("swap", "swap", swaps.0, swaps.1, problems);
    s.swap = swap.unwrap_or(SwapState::Open);
    said.holder = f.seat("trump_holder", n, problems);
    (said.decided, said.joined) = read_participation(&mut f, n, problems);
    let exchanged = f.seat_integers("exchanged", (n, "counts"), 0, 25, problems);
    s.exchanged = padded(exchanged, n);
    s.exchange_turns = f.bounded("exchange_turns", 0, 25, problems).unwrap_or(0) as u8;
    said.lists = ["tricks_won", "zero_at", "cp"]
        .map(|key| {
            let list = f.array(key, problems);
            (
                f.path(key),
                list.map(|l| l.iter().map(Value::as_i64).collect()),
            )
        })
        .into();
    let (match_value, match_path) = (f.get("match"), f.path("match"));
    f.finish(problems);
    if problems.0.len() > before {
        return None;
    }
    // The match is checked on its own, so that its problems and the deal's are all reported.
    let mut match_problems = Problems::default();
    s.match_state = read_match(match_value, &match_path, n as u8, &mut match_problems);
    let (Some(phase), Some(_)) = (phase, trump_card) else {
        return None;
    };
    (s.phase, said.to_move) = (phase, to_move);
    let built = build(s, (places, order), ledger.all(), &said, path, problems);
    let match_valid = match_problems.is_empty();
    problems.extend(match_problems);
    built.filter(|_| match_valid)
}

/// One entry per seat of the list `key`: a hand, or for a seat `observer` does not see, its
/// count.
fn read_entries(
    f: &mut Fields,
    key: &'static str,
    n: usize,
    observer: Option<Seat>,
    ledger: &mut CardLedger,
    problems: &mut Problems,
) -> Vec<HandEntry> {
    let at = f.path(key);
    let Some(list) = f.array(key, problems) else {
        return vec![HandEntry::Known(CardSet::EMPTY); n];
    };
    if !one_per_seat(list, n, "entries", &at, problems) {
        return Vec::new();
    }
    ledger.seat_hands(list, &at, observer, None, problems)
}

/// Each seat's participation decision (in, out, or null while not made): the seats that
/// decided and those that said in, as masks.
fn read_participation(f: &mut Fields, n: usize, problems: &mut Problems) -> (u8, u8) {
    let at = f.path("participation");
    let (mut decided, mut joined) = (0, 0);
    let Some(list) = f.array("participation", problems) else {
        return (0, 0);
    };
    one_per_seat(list, n, "entries", &at, problems);
    for (seat, item) in list.iter().enumerate().take(n) {
        match item.as_str() {
            _ if item.is_null() => continue,
            Some("in") => joined |= 1 << seat,
            Some("out") => {}
            _ => {
                let message = format!("expected \"in\", \"out\" or null, got {}", kind(item));
                problems.push(&index_path(&at, seat), message);
                continue;
            }
        }
        decided |= 1 << seat;
    }
    (decided, joined)
}

/// The trick in progress and the finished tricks, at most a deal's.
fn read_tricks(f: &mut Fields, n: u8, ledger: &mut CardLedger, problems: &mut Problems) -> Said {
    let trick_path = f.path("trick");
    let trick = f
        .get("trick")
        .map(|v| read_trick(v, &trick_path, n, ledger, false, problems));
    let at = f.path("tricks");
    let tricks = match f.array("tricks", problems) {
        Some(list) if list.len() > HAND_SIZE => {
            let message = format!("a deal has {HAND_SIZE} tricks, not {}", list.len());
            problems.push(&at, message);
            Vec::new()
        }
        Some(list) => list
            .iter()
            .enumerate()
            .map(|(i, t)| read_trick(t, &index_path(&at, i), n, ledger, true, problems))
            .collect(),
        None => Vec::new(),
    };
    Said {
        trick,
        tricks,
        ..Said::default()
    }
}

/// The deal read (`s`, its cards not placed yet) with its cards placed: the hidden ones dealt
/// from the cards not `listed` into the `places` (hands, stock, discards), the stock in
/// `order` (the stock's cards where not given), and everything derivable checked.
fn build(
    s: Muschik,
    (mut places, mut order): (Vec<HandEntry>, Vec<Card>),
    listed: CardSet,
    said: &Said,
    path: &str,
    problems: &mut Problems,
) -> Option<Muschik> {
    let (n, trump_card) = (s.n() as usize, s.trump_card);
    // Each hand's size as given, the dealer's trump card in it included.
    let counts: Vec<u32> = places.iter().take(n).map(HandEntry::count).collect();
    let trump_in_hand = place_trump(&s, said, &mut places, listed, path, problems);
    let unknown = cards::deck(s.cfg.deck_ranks) - listed - CardSet::single(trump_card);
    let hands_path = field_path(path, "hands");
    let dealt = place_unknown(&places, unknown, path, &hands_path, card_name, problems)?;
    if !problems.is_empty() {
        return None;
    }
    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
    hands[..n].copy_from_slice(&dealt[..n]);
    if trump_in_hand {
        hands[s.dealer as usize].insert(trump_card);
    }
    if order.is_empty() {
        order = dealt[n].iter().collect();
    }
    if order.len() > super::MAX_STOCK {
        let at = field_path(path, "stock");
        problems.push(&at, "the stock is larger than any deck leaves");
        return None;
    }
    let mut state = Muschik::new_deal(s.cfg, s.dealer, hands, trump_card, &order, s.match_state);
    state.discards[..n].copy_from_slice(&dealt[n + 1..2 * n + 1]);
    (state.phase, state.swap) = (s.phase, s.swap);
    (state.exchanged, state.exchange_turns) = (s.exchanged, s.exchange_turns);
    check(state, said, &counts, path, problems)
}

/// Where the trump card is: on the table, in the dealer's hand (then taken out of the hand's
/// entry in `places`, as the deal puts it there), or played by the dealer. Whether it is in the
/// hand.
fn place_trump(
    s: &Muschik,
    said: &Said,
    places: &mut [HandEntry],
    listed: CardSet,
    path: &str,
    problems: &mut Problems,
) -> bool {
    let (trump_card, dealer) = (s.trump_card, s.dealer as usize);
    let played: CardSet = said
        .tricks
        .iter()
        .chain(said.trick.iter())
        .flat_map(|t| t.cards.iter().copied())
        .collect();
    let swapped = s.swap == SwapState::Swapped;
    let trump_in_hand = swapped && !played.contains(trump_card);
    if listed.contains(trump_card) {
        let in_dealer_hand =
            matches!(places.get(dealer), Some(HandEntry::Known(h)) if h.contains(trump_card));
        if !(swapped && (in_dealer_hand || played.contains(trump_card))) {
            let message = format!(
                "the trump card {} lies on the table or in the dealer's hand, not elsewhere",
                card_name(trump_card)
            );
            problems.push(&field_path(path, "trump_card"), message);
        }
    }
    if trump_in_hand {
        match places.get_mut(dealer) {
            Some(HandEntry::Hidden(k)) if *k > 0 => *k -= 1,
            Some(HandEntry::Known(h)) if h.contains(trump_card) => {
                h.remove(trump_card);
            }
            Some(_) => problems.push(
                &index_path(&field_path(path, "hands"), dealer),
                "the dealer took the trump card: it is in this hand",
            ),
            None => {}
        }
    }
    trump_in_hand
}

/// `state` played to where the snapshot says, every derived field checked against it.
fn check(
    mut state: Muschik,
    said: &Said,
    hand_counts: &[u32],
    path: &str,
    problems: &mut Problems,
) -> Option<Muschik> {
    let checker = Checker { path };
    checker.participation(&mut state, (said.decided, said.joined), problems);
    checker.tricks(&mut state, said.trick.as_ref(), &said.tricks, problems);
    if !problems.is_empty() {
        return None;
    }
    checker.phase(&mut state, said.to_move, problems);
    checker.sizes(&state, hand_counts, problems);
    checker.derived(&mut state, &said.lists, problems);
    if said.holder != state.trump_holder() {
        let message = format!(
            "the trump card's holder is {:?}, not {:?}",
            state.trump_holder(),
            said.holder
        );
        problems.push(&field_path(path, "trump_holder"), message);
    }
    if !problems.is_empty() {
        return None;
    }
    match state.phase {
        Phase::Scored => state.record_result(),
        Phase::Void => state.void_deal(),
        _ => {}
    }
    Some(state)
}

struct Checker<'a> {
    path: &'a str,
}

impl Checker<'_> {
    fn at(&self, key: &str) -> String {
        field_path(self.path, key)
    }

    /// Decisions are made in order from the dealer's left: the decided seats (`said`, a mask)
    /// come first; those of them that `joined` take part.
    fn participation(
        &self,
        state: &mut Muschik,
        (said, joined): (u8, u8),
        problems: &mut Problems,
    ) {
        let n = state.n();
        let decided = said.count_ones() as u8;
        for step in 0..n {
            let seat = (state.dealer + 1 + step) % n;
            if (said & 1 << seat != 0) != (step < decided) {
                problems.push(
                    &index_path(&self.at("participation"), seat as usize),
                    format!("players decide in turn from the dealer's left; with {decided} decisions seat {seat} has {}decided", if step < decided { "not " } else { "" }),
                );
                return;
            }
            state.joined |= joined & 1 << seat;
        }
        state.decided = decided;
        state.set_order();
    }

    /// Replays the finished tricks and the trick in progress, checking winners and order.
    fn tricks(
        &self,
        state: &mut Muschik,
        trick: Option<&GivenTrick>,
        tricks: &[GivenTrick],
        problems: &mut Problems,
    ) {
        let p = state.participants;
        for (i, t) in tricks.iter().enumerate() {
            if !self.trick_shape(state, t, p, problems) {
                return;
            }
            let winner = replay_winner(state, t);
            if t.winner != Some(winner) {
                let message = format!("seat {winner} wins this trick");
                problems.push(&field_path(&t.path, "winner"), message);
                return;
            }
            if i > 0 && t.leader != tricks[i - 1].winner.unwrap_or(0)
                || i == 0 && t.leader != state.order[0]
            {
                problems.push(&field_path(&t.path, "leader"), "a trick is led by the previous trick's winner; the first by the first participant from the dealer's left");
                return;
            }
            let mut cards = [state.trump_card; MAX_PLAYERS];
            cards[..t.cards.len()].copy_from_slice(&t.cards);
            state.tricks[i] = Trick {
                leader: t.leader,
                cards,
                winner,
            };
        }
        state.tricks_played = tricks.len() as u8;
        let first_leader = if state.phase == Phase::Play && p > 0 {
            state.order[0]
        } else {
            0
        };
        state.leader = tricks.last().and_then(|t| t.winner).unwrap_or(first_leader);
        if let Some(t) = trick.filter(|t| !t.cards.is_empty()) {
            if t.cards.len() >= p as usize {
                let message = format!("a trick in progress holds fewer than {p} cards");
                problems.push(&field_path(&t.path, "cards"), message);
                return;
            }
            if t.leader != state.leader {
                let message = format!("seat {} leads this trick", state.leader);
                problems.push(&field_path(&t.path, "leader"), message);
                return;
            }
            state.trick[..t.cards.len()].copy_from_slice(&t.cards);
            state.trick_len = t.cards.len() as u8;
            state.best = state.best_position(&t.cards);
        }
    }

    fn trick_shape(&self, state: &Muschik, t: &GivenTrick, p: u8, problems: &mut Problems) -> bool {
        if t.cards.len() != p as usize {
            let message =
                format!("a finished trick holds one card from each of the {p} participants");
            problems.push(&field_path(&t.path, "cards"), message);
            return false;
        }
        if !state.is_in(t.leader) {
            let message = format!("seat {} does not take part in this deal", t.leader);
            problems.push(&field_path(&t.path, "leader"), message);
            return false;
        }
        true
    }

    /// Sets the seat to act from the phase and checks the phase against the rest.
    fn phase(&self, state: &mut Muschik, to_move: Option<u8>, problems: &mut Problems) {
        let (expected, wrong) = self.expected_actor(state);
        if let Some(why) = wrong {
            let message = format!("phase '{}' {why}", state.phase.name());
            problems.push(&self.at("phase"), message);
        }
        if (state.trick_len > 0 || state.tricks_played > 0)
            && !matches!(state.phase, Phase::Play | Phase::Scored)
        {
            let message = format!("no trick is played in phase '{}'", state.phase.name());
            problems.push(&self.at("tricks"), message);
        }
        if to_move != expected {
            let message =
                format!("in this position the seat to move is {expected:?}, not {to_move:?}");
            problems.push(&self.at("to_move"), message);
        }
        state.actor = expected.unwrap_or(0);
    }

    /// The seat to move in `state`'s phase, and why the phase does not fit the rest of the
    /// position, if it does not.
    fn expected_actor(&self, state: &Muschik) -> (Option<u8>, Option<String>) {
        let n = state.n();
        let p = state.participants as u32;
        let floor = state.participation_floor();
        let all_decided = state.decided == n;
        let lone = state.lone_credited();
        let unless = |fits: bool, why: &str| (!fits).then(|| why.to_string());
        match state.phase {
            Phase::ChooseStart => {
                let fits = state.match_state.start_cp.is_none() && state.decided == 0;
                let why = "opens a double round whose start is not yet chosen";
                (state.match_state.double_for, unless(fits, why))
            }
            _ if state.match_state.start_cp.is_none() => {
                let why =
                    "comes after the double round's chooser has chosen the start (match.start_cp)";
                (None, Some(why.to_string()))
            }
            Phase::Participation => {
                let seat = (state.dealer + 1 + state.decided) % n;
                (
                    Some(seat),
                    unless(!all_decided, "needs a player still to decide"),
                )
            }
            _ if !all_decided => (None, Some("needs every participation decision".to_string())),
            Phase::Void => {
                let forced = state.cfg.participation_floor == ParticipationFloor::ForceIn;
                let fits = p < floor && !forced && !lone;
                (
                    None,
                    unless(fits, "needs fewer participants than the floor"),
                )
            }
            _ if p < floor && !(lone && state.phase == Phase::Scored) => {
                (None, Some(format!("needs at least {floor} participants")))
            }
            _ => self.after_decisions(state, lone),
        }
    }

    /// [`Checker::expected_actor`] once every participation decision is made: the exchange, the
    /// dealer's swap and the play.
    fn after_decisions(&self, state: &Muschik, lone: bool) -> (Option<u8>, Option<String>) {
        let p = state.participants as u32;
        let turns = p * state.cfg.exchange_passes as u32;
        let exchange_over = state.exchange_turns as u32 >= turns || state.stock_len == 0;
        let dealer_in = state.is_in(state.dealer);
        let swap_first = state.cfg.dealer_swap_timing == SwapTiming::BeforeExchange;
        let swap_done = state.swap != SwapState::Open;
        let unless = |fits: bool, why: &str| (!fits).then(|| why.to_string());
        match state.phase {
            Phase::Exchange => {
                let fits = !(exchange_over || dealer_in && swap_first != swap_done);
                let seat = state.order[(state.exchange_turns as u32 % p.max(1)) as usize];
                let why = "does not fit the stock, the turns taken or the dealer's swap";
                (Some(seat), unless(fits, why))
            }
            Phase::DealerSwap => {
                let exchange_ok = if swap_first {
                    state.exchange_turns == 0
                } else {
                    exchange_over
                };
                let fits = dealer_in && !swap_done && exchange_ok;
                let why = "is the participating dealer's, once, at its time";
                (Some(state.dealer), unless(fits, why))
            }
            Phase::Play | Phase::Scored if lone => {
                let fits = state.phase != Phase::Play && state.tricks_played == 0;
                let why = "has no tricks: the lone player takes all five unplayed";
                (None, unless(fits, why))
            }
            _ => {
                let played_out = state.tricks_played as usize == HAND_SIZE;
                let fits = exchange_over
                    && dealer_in == swap_done
                    && played_out == (state.phase == Phase::Scored);
                let seat = (state.phase == Phase::Play).then(|| {
                    (0..state.trick_len).fold(state.leader, |s, _| state.next_participant(s))
                });
                let why = "does not fit the exchange, the dealer's swap or the tricks played";
                (seat, unless(fits, why))
            }
        }
    }

    /// Hand, discard and stock sizes follow from the decisions, exchanges and tricks.
    fn sizes(&self, state: &Muschik, hand_counts: &[u32], problems: &mut Problems) {
        let n = state.n() as usize;
        let lone = state.lone_credited();
        let in_play = matches!(state.phase, Phase::Play | Phase::Scored) && !lone;
        for seat in 0..n {
            let s = seat as u8;
            let played_now = in_play
                && state.is_in(s)
                && (0..state.trick_len)
                    .any(|i| (0..i).fold(state.leader, |x, _| state.next_participant(x)) == s);
            let expected = if in_play && state.is_in(s) {
                HAND_SIZE as u32 - state.tricks_played as u32 - u32::from(played_now)
            } else {
                HAND_SIZE as u32
            };
            if hand_counts.get(seat).copied() != Some(expected) {
                let message = format!("seat {seat} should hold {expected} cards here");
                problems.push(&index_path(&self.at("hands"), seat), message);
            }
            let swapped = seat == state.dealer as usize && state.swap == SwapState::Swapped;
            let (k, discarded) = (state.exchanged[seat], state.discards[seat].len());
            if discarded != k as u32 + u32::from(swapped) {
                let and = if swapped { " and swapped one" } else { "" };
                let message =
                    format!("seat {seat} exchanged {k} cards{and}; it laid away {discarded}");
                problems.push(&index_path(&self.at("discards"), seat), message);
            }
            if k > 0 && !state.is_in(s) {
                let message = format!("seat {seat} does not take part and exchanges nothing");
                problems.push(&index_path(&self.at("exchanged"), seat), message);
            }
        }
        let drawn: u32 = state.exchanged[..n].iter().map(|&k| k as u32).sum();
        let (size, left) = (state.cfg.stock_size(), state.stock_len);
        if drawn + left as u32 != size as u32 {
            let message =
                format!("the stock held {size} cards; {drawn} were drawn and {left} are left");
            problems.push(&self.at("stock"), message);
        }
        if state.swap != SwapState::Open && !state.is_in(state.dealer) {
            problems.push(&self.at("swap"), "only a participating dealer may swap");
        }
        if state.exchange_turns as u32
            > state.participants as u32 * state.cfg.exchange_passes as u32
        {
            let message = "more exchange turns than participants and passes allow";
            problems.push(&self.at("exchange_turns"), message);
        }
    }

    /// Tricks won, the trick each seat reached 0 and the countdown points, replayed.
    fn derived(
        &self,
        state: &mut Muschik,
        given: &[(String, Option<Vec<Option<i64>>>)],
        problems: &mut Problems,
    ) {
        let n = state.n() as usize;
        for i in 0..state.tricks_played as usize {
            state.lose_point(state.tricks[i].winner, i as u8 + 1);
        }
        if state.phase == Phase::Scored {
            if state.lone_credited() {
                for trick in 1..=HAND_SIZE as u8 {
                    state.lose_point(state.order[0], trick);
                }
            } else {
                for seat in 0..n {
                    if state.is_in(seat as u8) && state.tricks_won[seat] == 0 {
                        state.cp[seat] += 5;
                    }
                }
            }
        }
        let won = state.tricks_won[..n].iter().map(|&t| Some(i64::from(t)));
        let zero_at = state.zero_at[..n]
            .iter()
            .map(|&t| (t > 0).then_some(i64::from(t)));
        let cp = state.cp[..n].iter().map(|&c| Some(i64::from(c)));
        let derived: [Vec<Option<i64>>; 3] = [won.collect(), zero_at.collect(), cp.collect()];
        for ((at, list), expected) in given.iter().zip(derived) {
            if list.as_ref().is_some_and(|l| *l != expected) {
                let text = serde_json::to_string(&expected).unwrap_or_default();
                problems.push(at, format!("the tricks played give {text}"));
            }
        }
    }
}

fn replay_winner(state: &Muschik, t: &GivenTrick) -> u8 {
    (0..state.best_position(&t.cards)).fold(t.leader, |s, _| state.next_participant(s))
}
