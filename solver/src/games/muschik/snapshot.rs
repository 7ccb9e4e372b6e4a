//! Reading a snapshot (`state`) of a Muschik deal. Everything derivable (countdown points,
//! tricks won, the seat to move, the trump card's holder) is derived from the rest and checked
//! against what the snapshot says, so a position that play could not reach is refused with
//! every reason.

use super::cards;
use super::config::{Config, ParticipationFloor, SwapTiming};
use super::json::{card_name, deck_name, entry_count, parse_in_deck};
use super::match_json::read_match;
use super::{Muschik, Phase, SwapState, Trick, HAND_SIZE, MAX_PLAYERS};
use crate::cards::{Card, CardSet};
use crate::game::Seat;
use crate::games::cardlist::{fill_hidden, read_hand, CardLedger, HandEntry};
use crate::problems::{field_path, index_path, integers, kind, one_per_seat, Fields, Problems};
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
    cfg: &Config,
    finished: bool,
    problems: &mut Problems,
) -> GivenTrick {
    let parse = parse_in_deck(cfg);
    let mut f = Fields::of(value, path, problems);
    let leader = f.bounded("leader", 0, n as i64 - 1, problems).unwrap_or(0) as u8;
    let cards_path = f.path("cards");
    let cards = match f.get("cards") {
        Some(v) => {
            ledger.read(v, &cards_path, &parse, &deck_name(cfg), problems);
            v.as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| c.as_str().and_then(&parse))
                .collect()
        }
        None => Vec::new(),
    };
    let winner = if finished {
        f.bounded("winner", 0, n as i64 - 1, problems)
            .map(|w| w as u8)
    } else {
        None
    };
    f.finish(problems);
    GivenTrick {
        leader,
        cards,
        winner,
        path: path.to_string(),
    }
}

pub(super) fn read(
    cfg: &Config,
    value: &Value,
    path: &str,
    observer: Option<Seat>,
    problems: &mut Problems,
) -> Option<Muschik> {
    let n = cfg.seats();
    let top = n as i64 - 1;
    let before = problems.0.len();
    let mut f = Fields::of(value, path, problems);
    f.require(&["dealer", "phase", "hands", "trump_card"], problems);
    let dealer = f.bounded("dealer", 0, top, problems).unwrap_or(0) as u8;
    let phase = f.name_of("phase", "phase", Phase::from_name, Phase::NAMES, problems);
    let to_move = f.bounded("to_move", 0, top, problems).map(|s| s as u8);
    let parse = parse_in_deck(cfg);
    let deck_text = deck_name(cfg);
    let mut ledger = CardLedger::default();
    let hidden_ok = |seat: usize| observer.is_some_and(|o| o != seat);
    let per_seat_entries = |f: &mut Fields,
                            key: &'static str,
                            ledger: &mut CardLedger,
                            problems: &mut Problems|
     -> Vec<HandEntry> {
        let at = f.path(key);
        match f.array(key, problems) {
            Some(list) if list.len() == n => list
                .iter()
                .enumerate()
                .map(|(seat, item)| {
                    read_hand(
                        ledger,
                        item,
                        &index_path(&at, seat),
                        hidden_ok(seat),
                        &parse,
                        &deck_text,
                        problems,
                    )
                })
                .collect(),
            Some(list) => {
                problems.push(
                    &at,
                    format!("expected {n} entries, one per seat, got {}", list.len()),
                );
                Vec::new()
            }
            None => vec![HandEntry::Known(CardSet::EMPTY); n],
        }
    };
    let mut hands = per_seat_entries(&mut f, "hands", &mut ledger, problems);
    let discards = per_seat_entries(&mut f, "discards", &mut ledger, problems);
    let trump_path = f.path("trump_card");
    let trump_card = f.string("trump_card", problems).and_then(|t| {
        let card = parse(t);
        if card.is_none() {
            problems.push(
                &trump_path,
                format!("'{t}' is not a card of the {deck_text}"),
            );
        }
        card
    });
    let swap_path = f.path("swap");
    let swap = match f.string("swap", problems) {
        None => SwapState::Open,
        Some(text) => SwapState::from_name(text).unwrap_or_else(|| {
            problems.push(
                &swap_path,
                format!(
                    "expected one of {}, got '{text}'",
                    SwapState::NAMES.join(", ")
                ),
            );
            SwapState::Open
        }),
    };
    let holder_path = f.path("trump_holder");
    let holder = f.bounded("trump_holder", 0, top, problems).map(|s| s as u8);
    let stock_path = f.path("stock");
    let (stock_entry, mut stock_order) = match f.get("stock") {
        None => (HandEntry::Known(CardSet::EMPTY), Vec::new()),
        Some(v) => {
            let entry = read_hand(
                &mut ledger,
                v,
                &stock_path,
                observer.is_some(),
                &parse,
                &deck_text,
                problems,
            );
            let order: Vec<Card> = v
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| c.as_str().and_then(&parse))
                .collect();
            (entry, order)
        }
    };
    let participation_path = f.path("participation");
    let mut decisions: Vec<Option<bool>> = vec![None; n];
    if let Some(list) = f.array("participation", problems) {
        one_per_seat(list, n, "entries", &participation_path, problems);
        for (seat, item) in list.iter().enumerate().take(n) {
            decisions[seat] = match item.as_str() {
                _ if item.is_null() => None,
                Some("in") => Some(true),
                Some("out") => Some(false),
                _ => {
                    problems.push(
                        &index_path(&participation_path, seat),
                        format!("expected \"in\", \"out\" or null, got {}", kind(item)),
                    );
                    None
                }
            };
        }
    }
    let exchanged_path = f.path("exchanged");
    let mut exchanged = [0u8; MAX_PLAYERS];
    if let Some(list) = f.array("exchanged", problems) {
        one_per_seat(list, n, "counts", &exchanged_path, problems);
        for (seat, k) in integers(list, &exchanged_path, 0, 25, problems)
            .into_iter()
            .enumerate()
            .take(n)
        {
            exchanged[seat] = k as u8;
        }
    }
    let exchange_turns = f.bounded("exchange_turns", 0, 25, problems).unwrap_or(0) as u8;
    let trick = f.get("trick").map(|v| {
        read_trick(
            v,
            &field_path(path, "trick"),
            n as u8,
            &mut ledger,
            cfg,
            false,
            problems,
        )
    });
    let tricks_path = f.path("tricks");
    let tricks: Vec<GivenTrick> = match f.array("tricks", problems) {
        Some(list) if list.len() > HAND_SIZE => {
            problems.push(
                &tricks_path,
                format!("a deal has {HAND_SIZE} tricks, not {}", list.len()),
            );
            Vec::new()
        }
        Some(list) => list
            .iter()
            .enumerate()
            .map(|(i, t)| {
                read_trick(
                    t,
                    &index_path(&tricks_path, i),
                    n as u8,
                    &mut ledger,
                    cfg,
                    true,
                    problems,
                )
            })
            .collect(),
        None => Vec::new(),
    };
    let mut given_lists = Vec::new();
    for key in ["tricks_won", "zero_at", "cp"] {
        let at = f.path(key);
        let list = f
            .array(key, problems)
            .map(|l| l.iter().map(|v| v.as_i64()).collect::<Vec<_>>());
        given_lists.push((at, list));
    }
    let (match_value, match_path) = (f.get("match"), f.path("match"));
    f.finish(problems);
    if problems.0.len() > before {
        return None;
    }
    // The match is checked on its own, so that its problems and the deal's are all reported.
    let mut match_problems = Problems::default();
    let match_state = read_match(
        match_value,
        &match_path,
        cfg.num_players,
        &mut match_problems,
    );
    let built = (|| {
        let (Some(phase), Some(trump_card)) = (phase, trump_card) else {
            return None;
        };

        // Where the trump card is: on the table, in the dealer's hand, or played by the dealer.
        let played: CardSet = tricks
            .iter()
            .flat_map(|t| t.cards.iter().copied())
            .chain(trick.iter().flat_map(|t| t.cards.iter().copied()))
            .collect();
        let listed = ledger.all();
        let trump_in_hand = swap == SwapState::Swapped && !played.contains(trump_card);
        let dealer_slot = dealer as usize;
        if listed.contains(trump_card) {
            let in_dealer_hand = matches!(hands.get(dealer_slot), Some(HandEntry::Known(h)) if h.contains(trump_card));
            let allowed =
                swap == SwapState::Swapped && (in_dealer_hand || played.contains(trump_card));
            if !allowed {
                problems.push(
                    &trump_path,
                    format!(
                    "the trump card {} lies on the table or in the dealer's hand, not elsewhere",
                    card_name(trump_card)
                ),
                );
            }
        }
        if trump_in_hand {
            match hands.get_mut(dealer_slot) {
                Some(HandEntry::Hidden(k)) if *k > 0 => *k -= 1,
                Some(HandEntry::Known(h)) if h.contains(trump_card) => {
                    h.remove(trump_card);
                }
                Some(_) => problems.push(
                    &index_path(&field_path(path, "hands"), dealer_slot),
                    "the dealer took the trump card: it is in this hand",
                ),
                None => {}
            }
        }
        let mut entries = hands.clone();
        entries.push(stock_entry);
        entries.extend(discards.iter().copied());
        let unknown = cards::deck(cfg.deck_ranks) - listed - CardSet::single(trump_card);
        let any_hidden = entries.iter().any(|e| matches!(e, HandEntry::Hidden(_)));
        if !any_hidden && !unknown.is_empty() {
            let missing: Vec<String> = unknown.iter().map(card_name).collect();
            problems.push(
                path,
                format!("cards missing from the position: {}", missing.join(" ")),
            );
            return None;
        }
        let places = fill_hidden(&entries, unknown, &field_path(path, "hands"), problems);
        if !problems.is_empty() {
            return None;
        }
        let mut hand_sets = [CardSet::EMPTY; MAX_PLAYERS];
        hand_sets[..n].copy_from_slice(&places[..n]);
        if trump_in_hand {
            hand_sets[dealer_slot].insert(trump_card);
        }
        if stock_order.is_empty() {
            stock_order = places[n].iter().collect();
        }
        if stock_order.len() > super::MAX_STOCK {
            problems.push(&stock_path, "the stock is larger than any deck leaves");
            return None;
        }
        let mut state = Muschik::new_deal(
            *cfg,
            dealer,
            hand_sets,
            trump_card,
            &stock_order,
            match_state,
        );
        state.phase = phase;
        state.swap = swap;
        state.discards[..n].copy_from_slice(&places[n + 1..2 * n + 1]);
        state.exchanged = exchanged;
        state.exchange_turns = exchange_turns;
        let checker = Checker { path, cfg };
        checker.participation(&mut state, &decisions, problems);
        checker.tricks(&mut state, trick.as_ref(), &tricks, problems);
        if !problems.is_empty() {
            return None;
        }
        checker.phase(&mut state, to_move, problems);
        checker.sizes(
            &state,
            &entries_counts(&hands, trump_in_hand, dealer_slot),
            problems,
        );
        checker.derived(&mut state, &given_lists, problems);
        if holder != state.trump_holder() {
            problems.push(
                &holder_path,
                format!(
                    "the trump card's holder is {:?}, not {holder:?}",
                    state.trump_holder()
                ),
            );
        }
        if !problems.is_empty() {
            return None;
        }
        match phase {
            Phase::Scored => state.record_result(),
            Phase::Void => state.void_deal(),
            _ => {}
        }
        Some(state)
    })();
    let match_valid = match_problems.is_empty();
    problems.extend(match_problems);
    built.filter(|_| match_valid)
}

/// The number of cards each hand holds, counting the dealer's known trump card.
fn entries_counts(hands: &[HandEntry], trump_in_hand: bool, dealer: usize) -> Vec<u32> {
    hands
        .iter()
        .enumerate()
        .map(|(seat, e)| entry_count(e) + u32::from(trump_in_hand && seat == dealer))
        .collect()
}

struct Checker<'a> {
    path: &'a str,
    cfg: &'a Config,
}

impl Checker<'_> {
    fn at(&self, key: &str) -> String {
        field_path(self.path, key)
    }

    /// Decisions are made in order from the dealer's left: the decided seats come first.
    fn participation(
        &self,
        state: &mut Muschik,
        decisions: &[Option<bool>],
        problems: &mut Problems,
    ) {
        let n = state.n();
        let decided = decisions.iter().filter(|d| d.is_some()).count() as u8;
        for step in 0..n {
            let seat = (state.dealer + 1 + step) % n;
            if decisions[seat as usize].is_some() != (step < decided) {
                problems.push(
                    &index_path(&self.at("participation"), seat as usize),
                    format!("players decide in turn from the dealer's left; with {decided} decisions seat {seat} has {}decided", if step < decided { "not " } else { "" }),
                );
                return;
            }
            if decisions[seat as usize] == Some(true) {
                state.joined |= 1 << seat;
            }
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
                problems.push(
                    &field_path(&t.path, "winner"),
                    format!("seat {winner} wins this trick"),
                );
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
                problems.push(
                    &field_path(&t.path, "cards"),
                    format!("a trick in progress holds fewer than {p} cards"),
                );
                return;
            }
            if t.leader != state.leader {
                problems.push(
                    &field_path(&t.path, "leader"),
                    format!("seat {} leads this trick", state.leader),
                );
                return;
            }
            state.trick[..t.cards.len()].copy_from_slice(&t.cards);
            state.trick_len = t.cards.len() as u8;
            state.best = best_position(state, &t.cards);
        }
    }

    fn trick_shape(&self, state: &Muschik, t: &GivenTrick, p: u8, problems: &mut Problems) -> bool {
        if t.cards.len() != p as usize {
            problems.push(
                &field_path(&t.path, "cards"),
                format!("a finished trick holds one card from each of the {p} participants"),
            );
            return false;
        }
        if !state.is_in(t.leader) {
            problems.push(
                &field_path(&t.path, "leader"),
                format!("seat {} does not take part in this deal", t.leader),
            );
            return false;
        }
        true
    }

    /// Sets the seat to act from the phase and checks the phase against the rest.
    fn phase(&self, state: &mut Muschik, to_move: Option<u8>, problems: &mut Problems) {
        let n = state.n();
        let p = state.participants as u32;
        let floor = state.participation_floor();
        let all_decided = state.decided == n;
        let turns = p * self.cfg.exchange_passes as u32;
        let exchange_over = state.exchange_turns as u32 >= turns || state.stock_len == 0;
        let dealer_in = state.is_in(state.dealer);
        let swap_first = self.cfg.dealer_swap_timing == SwapTiming::BeforeExchange;
        let swap_done = state.swap != SwapState::Open;
        let lone = lone_credited(state);
        let mut wrong = |why: &str| {
            problems.push(
                &self.at("phase"),
                format!("phase '{}' {why}", state.phase.name()),
            )
        };
        let expected = match state.phase {
            Phase::ChooseStart => {
                if state.match_state.start_cp.is_some() || state.decided > 0 {
                    wrong("opens a double round whose start is not yet chosen");
                }
                state.match_state.double_for
            }
            _ if state.match_state.start_cp.is_none() => {
                wrong(
                    "comes after the double round's chooser has chosen the start (match.start_cp)",
                );
                None
            }
            Phase::Participation => {
                if all_decided {
                    wrong("needs a player still to decide");
                }
                Some((state.dealer + 1 + state.decided) % n)
            }
            _ if !all_decided => {
                wrong("needs every participation decision");
                None
            }
            Phase::Void => {
                if p >= floor || self.cfg.participation_floor == ParticipationFloor::ForceIn || lone
                {
                    wrong("needs fewer participants than the floor");
                }
                None
            }
            _ if p < floor && !(lone && state.phase == Phase::Scored) => {
                wrong(&format!("needs at least {floor} participants"));
                None
            }
            Phase::Exchange => {
                if exchange_over || (dealer_in && swap_first != swap_done) {
                    wrong("does not fit the stock, the turns taken or the dealer's swap");
                }
                Some(state.order[(state.exchange_turns as u32 % p.max(1)) as usize])
            }
            Phase::DealerSwap => {
                let exchange_state_ok = if swap_first {
                    state.exchange_turns == 0
                } else {
                    exchange_over
                };
                if !dealer_in || swap_done || !exchange_state_ok {
                    wrong("is the participating dealer's, once, at its time");
                }
                Some(state.dealer)
            }
            Phase::Play | Phase::Scored if lone => {
                if state.phase == Phase::Play || state.tricks_played > 0 {
                    wrong("has no tricks: the lone player takes all five unplayed");
                }
                None
            }
            Phase::Play | Phase::Scored => {
                let played_out = state.tricks_played as usize == HAND_SIZE;
                if !exchange_over
                    || dealer_in != swap_done
                    || played_out != (state.phase == Phase::Scored)
                {
                    wrong("does not fit the exchange, the dealer's swap or the tricks played");
                }
                (state.phase == Phase::Play).then(|| {
                    (0..state.trick_len).fold(state.leader, |s, _| state.next_participant(s))
                })
            }
        };
        if (state.trick_len > 0 || state.tricks_played > 0)
            && !matches!(state.phase, Phase::Play | Phase::Scored)
        {
            problems.push(
                &self.at("tricks"),
                format!("no trick is played in phase '{}'", state.phase.name()),
            );
        }
        if to_move != expected {
            problems.push(
                &self.at("to_move"),
                format!("in this position the seat to move is {expected:?}, not {to_move:?}"),
            );
        }
        state.actor = expected.unwrap_or(0);
    }

    /// Hand, discard and stock sizes follow from the decisions, exchanges and tricks.
    fn sizes(&self, state: &Muschik, hand_counts: &[u32], problems: &mut Problems) {
        let n = state.n() as usize;
        let lone = lone_credited(state);
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
                problems.push(
                    &index_path(&self.at("hands"), seat),
                    format!("seat {seat} should hold {expected} cards here"),
                );
            }
            let swapped =
                u32::from(seat == state.dealer as usize && state.swap == SwapState::Swapped);
            let discarded = state.discards[seat].len();
            if discarded != state.exchanged[seat] as u32 + swapped {
                problems.push(
                    &index_path(&self.at("discards"), seat),
                    format!(
                        "seat {seat} exchanged {} cards{}; it laid away {discarded}",
                        state.exchanged[seat],
                        if swapped > 0 { " and swapped one" } else { "" }
                    ),
                );
            }
            if state.exchanged[seat] > 0 && !state.is_in(s) {
                problems.push(
                    &index_path(&self.at("exchanged"), seat),
                    format!("seat {seat} does not take part and exchanges nothing"),
                );
            }
        }
        let drawn: u32 = state.exchanged[..n].iter().map(|&k| k as u32).sum();
        if drawn + state.stock_len as u32 != self.cfg.stock_size() as u32 {
            problems.push(
                &self.at("stock"),
                format!(
                    "the stock held {} cards; {drawn} were drawn and {} are left",
                    self.cfg.stock_size(),
                    state.stock_len
                ),
            );
        }
        if state.swap != SwapState::Open && !state.is_in(state.dealer) {
            problems.push(&self.at("swap"), "only a participating dealer may swap");
        }
        if state.exchange_turns as u32 > state.participants as u32 * self.cfg.exchange_passes as u32
        {
            problems.push(
                &self.at("exchange_turns"),
                "more exchange turns than participants and passes allow",
            );
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
        let winners: Vec<u8> = state.tricks[..state.tricks_played as usize]
            .iter()
            .map(|t| t.winner)
            .collect();
        for (i, &w) in winners.iter().enumerate() {
            state.lose_point(w, i as u8 + 1);
        }
        if state.phase == Phase::Scored {
            if lone_credited(state) {
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
        let derived: [Vec<Option<i64>>; 3] = [
            state.tricks_won[..n]
                .iter()
                .map(|&t| Some(t as i64))
                .collect(),
            state.zero_at[..n]
                .iter()
                .map(|&t| (t > 0).then_some(t as i64))
                .collect(),
            state.cp[..n].iter().map(|&c| Some(c as i64)).collect(),
        ];
        for ((at, list), expected) in given.iter().zip(derived) {
            if let Some(list) = list {
                if *list != expected {
                    problems.push(
                        at,
                        format!(
                            "the tricks played give {}",
                            serde_json::to_string(&expected).unwrap_or_default()
                        ),
                    );
                }
            }
        }
    }
}

fn best_position(state: &Muschik, cards: &[Card]) -> u8 {
    let mut best = 0;
    for (i, &c) in cards.iter().enumerate().skip(1) {
        if cards::beaters(cards[best], state.trump).contains(c) {
            best = i;
        }
    }
    best as u8
}

fn replay_winner(state: &Muschik, t: &GivenTrick) -> u8 {
    (0..best_position(state, &t.cards)).fold(t.leader, |s, _| state.next_participant(s))
}

/// `lone_player_takes_all` with one joiner: the five tricks are credited, not played.
fn lone_credited(state: &Muschik) -> bool {
    state.cfg.participation_floor == ParticipationFloor::LoneTakesAll && state.participants == 1
}
