//! Reading a snapshot (`state`) of a Muschik deal. Everything derivable (countdown points,
//! tricks won, the seat to move, the trump card's holder) is derived from the rest, the tricks
//! replayed by the play code, and checked against what the snapshot says, so a position that
//! play could not reach is refused with every reason.

use super::config::Config;
use super::json::{card_name, wire_deck};
use super::match_json::read_match;
use super::{Muschik, Phase, SwapState, HAND_SIZE, MAX_PLAYERS};
use crate::api::Rules;
use crate::cards::{Card, CardSet};
use crate::game::Game;
use crate::games::cardlist::{place_unknown, seat_array, GivenTrick, HandEntry};
use crate::games::readers::Source;
use crate::games::wire::{names, padded, snapshot_head};
use crate::problems::{field_path, index_path, Fields, Problems};
use serde_json::Value;

/// What the snapshot at `path` says that the deal derives, checked against it: the seat to
/// move, the trump card's holder, the seats that decided and those that joined (masks), the
/// tricks, each hand's size, and the lists `tricks_won`, `zero_at` and `cp`.
#[derive(Default)]
struct Said<'a> {
    path: String,
    to_move: Option<u8>,
    holder: Option<u8>,
    decided: u8,
    joined: u8,
    trick: Option<GivenTrick>,
    tricks: Vec<GivenTrick>,
    counts: Vec<u32>,
    lists: [(&'static str, Option<&'a Vec<Value>>); 3],
}

impl Said<'_> {
    /// The path of the snapshot's field `key`.
    fn at(&self, key: &str) -> String {
        field_path(&self.path, key)
    }
}

pub(super) fn read(cfg: &Config, given: Source, problems: &mut Problems) -> Option<Muschik> {
    let (value, path, observer) = (given.value, given.path, given.observer);
    let (n, before) = (cfg.seats(), problems.0.len());
    let mut f = Fields::of(value, path, problems);
    f.require(&["dealer", "phase", "hands", "trump_card"], problems);
    let mut ledger = wire_deck(cfg).ledger();
    // Every place of cards, as `build` deals the hidden ones: the hands, the stock, the discards.
    let hands = ledger.seat_places(&mut f, "hands", n, observer, problems);
    let discards = ledger.seat_places(&mut f, "discards", n, observer, problems);
    let (stock, order) = ledger.place(&mut f, "stock", observer.is_some(), problems);
    let places = [hands, vec![stock], discards].concat();
    let mut said = Said::default();
    (said.trick, said.tricks) = ledger.given_tricks(&mut f, n, HAND_SIZE, problems);
    let (dealer, phase, to_move) = snapshot_head(&mut f, &[], n, names(), problems);
    let trump_card = ledger.deck().card(&mut f, "trump_card", problems);
    let swap = f.named::<SwapState>("swap", "swap", problems);
    said.holder = f.seat("trump_holder", n, problems);
    (said.decided, said.joined) = read_participation(&mut f, n, problems);
    let exchanged = f.seat_integers("exchanged", (n, "counts"), 0, 25, problems);
    let turns = f.count("exchange_turns", 25, problems);
    said.lists = ["tricks_won", "zero_at", "cp"].map(|key| (key, f.array(key, problems)));
    let (match_value, match_path) = (f.get("match"), f.path("match"));
    f.finish(problems);
    if problems.0.len() > before {
        return None;
    }
    // The match is checked on its own, so that its problems and the deal's are all reported.
    let mut match_problems = Problems::default();
    let match_state = read_match(match_value, &match_path, n as u8, &mut match_problems);
    let no_cards = [CardSet::EMPTY; MAX_PLAYERS];
    let mut s = Muschik::new_deal(*cfg, dealer, no_cards, trump_card?, &[], match_state);
    (s.phase, s.swap) = (phase?, swap.unwrap_or(SwapState::Open));
    (s.exchanged, s.exchange_turns) = (padded(exchanged, n), turns as u8);
    (said.path, said.to_move) = (path.to_string(), to_move);
    let built = build(s, (places, order), ledger.all(), said, problems);
    let match_valid = match_problems.is_empty();
    problems.extend(match_problems);
    built.filter(|_| match_valid)
}

/// Each seat's participation decision (in, out, or null while not made): the seats that
/// decided and those that said in, as masks.
fn read_participation(f: &mut Fields, n: usize, problems: &mut Problems) -> (u8, u8) {
    let said = f.seat_names("participation", n, &["in", "out"], problems);
    let (mut decided, mut joined) = (0, 0);
    for (seat, word) in said.unwrap_or_default().into_iter().enumerate() {
        let bit = 1 << seat;
        match word {
            Some(0) => (decided, joined) = (decided | bit, joined | bit),
            Some(_) => decided |= bit,
            None => {}
        }
    }
    (decided, joined)
}

/// The deal read (`s`, its cards not placed yet) with its cards placed, then checked: the
/// trump card on the table, in the dealer's hand (taken out of its entry in `places` while the
/// hidden cards are dealt) or played; the hidden cards dealt from those not `listed` into the
/// `places` (hands, stock, discards); the stock in `order` (the stock's cards where not given).
fn build(
    mut s: Muschik,
    (mut places, mut order): (Vec<HandEntry>, Vec<Card>),
    listed: CardSet,
    mut said: Said,
    problems: &mut Problems,
) -> Option<Muschik> {
    let (n, trump_card, dealer) = (s.n() as usize, s.trump_card, s.dealer as usize);
    // Each hand's size as given, the dealer's trump card in it included.
    said.counts = places.iter().take(n).map(HandEntry::count).collect();
    let tricks = said.tricks.iter().chain(said.trick.iter());
    let played = tricks.flat_map(|t| &t.cards).any(|&c| c == trump_card);
    let swapped = s.swap == SwapState::Swapped;
    let in_dealer_hand = matches!(&places[dealer], HandEntry::Known(h) if h.contains(trump_card));
    if listed.contains(trump_card) && !(swapped && (in_dealer_hand || played)) {
        let card = card_name(trump_card);
        let message = format!(
            "the trump card {card} lies on the table or in the dealer's hand, not elsewhere"
        );
        problems.push(&said.at("trump_card"), message);
    }
    let trump_in_hand = swapped && !played;
    match &mut places[dealer] {
        _ if !trump_in_hand => {}
        HandEntry::Hidden(k) if *k > 0 => *k -= 1,
        HandEntry::Known(h) if h.contains(trump_card) => h.remove(trump_card),
        _ => {
            let message = "the dealer took the trump card: it is in this hand";
            problems.push(&index_path(&said.at("hands"), dealer), message);
        }
    }
    let unknown = s.deck() - listed - CardSet::single(trump_card);
    let (path, hands_path) = (&said.path, said.at("hands"));
    let dealt = place_unknown(&places, unknown, path, &hands_path, card_name, problems)?;
    if !problems.is_empty() {
        return None;
    }
    if order.is_empty() {
        order = dealt[n].iter().collect();
    }
    if order.len() > super::MAX_STOCK {
        let message = "the stock is larger than any deck leaves";
        problems.push(&said.at("stock"), message);
        return None;
    }
    s.hands = seat_array(&dealt[..n]);
    if trump_in_hand {
        s.hands[dealer].insert(trump_card);
    }
    s.discards = seat_array(&dealt[n + 1..2 * n + 1]);
    s.stock[..order.len()].copy_from_slice(&order);
    s.stock_len = order.len() as u8;
    check(s, &said, problems)
}

/// `state` played to where the snapshot says, every derived field checked against it: the
/// lists against those the state writes.
fn check(mut state: Muschik, said: &Said, problems: &mut Problems) -> Option<Muschik> {
    problems.extend_under(&said.path, state.set_decisions(said.decided, said.joined));
    replay_tricks(&mut state, said, problems);
    if !problems.is_empty() {
        return None;
    }
    problems.extend_under(&said.path, state.check(said.to_move, &said.counts));
    state.settle();
    let derived = state.state_json(None);
    let integers = |list: &Vec<Value>| list.iter().map(Value::as_i64).collect::<Vec<_>>();
    for (key, given) in said.lists {
        let expected = &derived[key];
        let wrong = given.is_some_and(|l| Some(integers(l)) != expected.as_array().map(integers));
        let message = format!("the tricks played give {expected}");
        problems.check(wrong, &said.at(key), message);
    }
    let (holder, given) = (state.trump_holder(), said.holder);
    let message = format!("the trump card's holder is {holder:?}, not {given:?}");
    problems.check(given != holder, &said.at("trump_holder"), message);
    problems.is_empty().then_some(state)
}

/// Replays the finished tricks and the trick in progress through the play code, checking each
/// trick's size, leader and winner; in phase `play` with no trick finished, the first
/// participant leads.
fn replay_tricks(state: &mut Muschik, said: &Said, problems: &mut Problems) {
    let p = state.participants;
    for (i, t) in said.tricks.iter().enumerate() {
        let at = |key: &str| field_path(&t.path, key);
        if t.cards.len() != p as usize {
            let message =
                format!("a finished trick holds one card from each of the {p} participants");
            return problems.push(&at("cards"), message);
        }
        if !state.is_in(t.leader) {
            let message = format!("seat {} does not take part in this deal", t.leader);
            return problems.push(&at("leader"), message);
        }
        let first = if i == 0 { state.order[0] } else { state.leader };
        play(state, t.leader, &t.cards);
        if t.winner != Some(state.leader) {
            let message = format!("seat {} wins this trick", state.leader);
            return problems.push(&at("winner"), message);
        }
        if t.leader != first {
            return problems.push(&at("leader"), "a trick is led by the previous trick's winner; the first by the first participant from the dealer's left");
        }
    }
    if said.tricks.is_empty() && state.phase == Phase::Play {
        state.start_play();
    }
    if let Some(t) = said.trick.as_ref().filter(|t| !t.cards.is_empty()) {
        if t.cards.len() >= p as usize {
            let message = format!("a trick in progress holds fewer than {p} cards");
            return problems.push(&field_path(&t.path, "cards"), message);
        }
        if t.leader != state.leader {
            let message = format!("seat {} leads this trick", state.leader);
            return problems.push(&field_path(&t.path, "leader"), message);
        }
        play(state, t.leader, &t.cards);
    }
}

/// Plays `cards` from `leader` on, each put in its player's hand first (a snapshot's hands
/// hold only the cards still to play); the deal is not scored here but by [`Muschik::settle`].
fn play(state: &mut Muschik, leader: u8, cards: &[Card]) {
    (state.leader, state.actor) = (leader, leader);
    for &card in cards {
        state.hands[state.actor as usize].insert(card);
        state.lay_card(card);
    }
}
