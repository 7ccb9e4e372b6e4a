//! Reading a snapshot (`state`) of a Mustamaija deal, with every problem reported.
//!
//! A snapshot must be a position the engine can reach: every card in one place, the maria
//! never discarded, a table that is one attack of one suit with valid beats, and a defender
//! who has a decision (forced pick-ups are never left open).

use super::cards::{beaters, card_name, set_text, suit_of, JOKER};
use super::config::Config;
use super::json::wire_deck;
use super::talon::Talon;
use super::{Mustamaija, Phase, UNBEATEN};
use crate::cards::{Card, CardSet};
use crate::game::{Seat, MAX_SEATS};
use crate::games::cardlist::{fill_places, CardLedger, HandEntry};
use crate::games::wire::{parse_suit, snapshot_head, suit_field};
use crate::problems::{field_path, index_path, kind, Fields, Problems};
use serde_json::Value;

/// Reads `[[attack, beater], ...]`; the attack card goes through `ledger` (or must be in
/// `on_table`), the beater through `ledger`.
fn read_pairs(
    value: &Value,
    path: &str,
    ledger: &mut CardLedger,
    on_table: Option<CardSet>,
    problems: &mut Problems,
) -> Vec<(Card, Card)> {
    let Some(items) = value.as_array() else {
        problems.push(
            path,
            format!(
                "expected an array of [attack card, beater] pairs, got {}",
                kind(value)
            ),
        );
        return Vec::new();
    };
    let mut pairs = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let at = index_path(path, i);
        let Some([attack, beater]) = item.as_array().map(Vec::as_slice) else {
            problems.push(&at, "expected a pair [attack card, beater]");
            continue;
        };
        let attack = match on_table {
            Some(table) => {
                let card = attack.as_str().and_then(|t| ledger.deck().parse(t));
                if card.is_none_or(|c| !table.contains(c)) {
                    problems.push(
                        &index_path(&at, 0),
                        format!("{attack} is not an attack card on the table"),
                    );
                }
                card
            }
            None => ledger.one(attack, &index_path(&at, 0), problems),
        };
        let beater = ledger.one(beater, &index_path(&at, 1), problems);
        if let (Some(a), Some(b)) = (attack, beater) {
            pairs.push((a, b));
        }
    }
    pairs
}

/// A snapshot's fields as given, before the deal is rebuilt from them and checked.
struct Given {
    phase: Option<Phase>,
    to_move: Option<u8>,
    ledger: CardLedger,
    entries: Vec<HandEntry>,
    shown: Vec<CardSet>,
    talon: Vec<Option<Card>>,
    table_pairs: Vec<(Card, Card)>,
    /// The rest of the snapshot, set in a deal whose cards are not placed yet.
    play: Mustamaija,
}

/// The table as given: the attack, the pairs beaten and the cards taken.
#[derive(Default)]
struct Table {
    attack: CardSet,
    pairs: Vec<(Card, Card)>,
    taken: CardSet,
}

pub(super) fn read(
    cfg: &Config,
    value: &Value,
    path: &str,
    observer: Option<Seat>,
    problems: &mut Problems,
) -> Option<Mustamaija> {
    let before = problems.0.len();
    let mut f = Fields::of(value, path, problems);
    let given = read_given(&mut f, cfg, observer, problems);
    f.finish(problems);
    let phase = given.phase?;
    if problems.0.len() > before || given.entries.len() != cfg.seats() {
        return None;
    }
    let (to_move, table_pairs) = (given.to_move, given.table_pairs.clone());
    let mut state = build(given, cfg, path, observer, problems)?;
    state.phase = phase;
    check(&mut state, to_move, &table_pairs, path, problems);
    (problems.0.len() == before).then_some(state)
}

/// Every field of the snapshot, each checked on its own.
fn read_given(
    f: &mut Fields,
    cfg: &Config,
    observer: Option<Seat>,
    problems: &mut Problems,
) -> Given {
    let n = cfg.seats();
    let required = ["dealer", "phase", "attacker", "defender", "hands", "talon"];
    let (dealer, phase, to_move) =
        snapshot_head(f, &required, n, (Phase::from_name, Phase::NAMES), problems);
    let mut s = Mustamaija::new_deal(*cfg, dealer, [CardSet::EMPTY; MAX_SEATS], &[], 0);
    s.attacker = f.seat("attacker", n, problems).unwrap_or(0);
    s.defender = f.seat("defender", n, problems).unwrap_or(0);
    let mut ledger = wire_deck(cfg).ledger();
    let entries = ledger.hands(f, n, observer, None, problems);
    let shown = read_known_cards(f, n, &ledger, &entries, problems);
    let talon_path = f.path("talon");
    let talon = f.get("talon").map_or(Vec::new(), |v| {
        ledger.ordered(v, &talon_path, observer.is_some(), problems)
    });
    let seed = f.bounded("turn_seed", 0, u32::MAX.into(), problems);
    s.turn_seed = seed.unwrap_or(0) as u32;
    s.trump = suit_field(f, "trump", problems);
    s.trump_card = ledger.deck().card(f, "trump_card", problems);
    s.reinserted = f.get("reinserted").map_or(CardSet::EMPTY, |v| {
        let at = f.path("reinserted");
        ledger.deck().ledger().read(v, &at, problems)
    });
    s.declared = read_declared(f, problems);
    let table = f.object("table", problems, |t, p| read_table(t, &mut ledger, p));
    let table = table.unwrap_or_default();
    let discard_pairs = match f.get("discards") {
        Some(v) => read_pairs(v, &f.path("discards"), &mut ledger, None, problems),
        None => Vec::new(),
    };
    let attacks = f.bounded("attacks_made", 0, u32::MAX.into(), problems);
    s.attacks_made = attacks.unwrap_or(0) as u32;
    s.loser = f.seat("loser", n, problems);
    s.stalled = f.boolean("stalled", problems).unwrap_or(false);
    set_table(&mut s, &table, &discard_pairs);
    Given {
        phase,
        to_move,
        ledger,
        entries,
        shown,
        talon,
        table_pairs: table.pairs,
        play: s,
    }
}

/// The cards of each hand that the others know (`known_cards`), checked against the hands.
fn read_known_cards(
    f: &mut Fields,
    n: usize,
    ledger: &CardLedger,
    entries: &[HandEntry],
    problems: &mut Problems,
) -> Vec<CardSet> {
    let known_path = f.path("known_cards");
    let shown = ledger
        .deck()
        .ledger()
        .per_seat(f, "known_cards", n, problems);
    for (seat, &known) in shown.iter().enumerate() {
        let at = index_path(&known_path, seat);
        match entries.get(seat) {
            Some(HandEntry::Known(hand)) if !known.is_subset(*hand) => {
                let missing = set_text(known - *hand);
                problems.push(&at, format!("seat {seat} does not hold {missing}"));
            }
            Some(HandEntry::Hidden(count)) => {
                for card in known & ledger.all() {
                    let message =
                        format!("{} is placed elsewhere in the position", card_name(card));
                    problems.push(&at, message);
                }
                if known.len() > *count {
                    problems.push(
                        &at,
                        format!(
                            "seat {seat} holds {count} cards, fewer than the {} known ones",
                            known.len()
                        ),
                    );
                }
            }
            _ => {}
        }
    }
    shown
}

/// The suits declared, as a mask.
fn read_declared(f: &mut Fields, problems: &mut Problems) -> u8 {
    let mut declared = 0u8;
    let declared_path = f.path("declared");
    for (i, item) in f
        .array("declared", problems)
        .into_iter()
        .flatten()
        .enumerate()
    {
        match item.as_str().map(parse_suit) {
            Some(Ok(suit)) => declared |= 1 << suit as u8,
            Some(Err(m)) => problems.push(&index_path(&declared_path, i), m),
            None => problems.push(
                &index_path(&declared_path, i),
                format!("expected a suit letter, got {}", kind(item)),
            ),
        }
    }
    declared
}

/// Reads `table`: the attack, the pairs beaten and the cards taken.
fn read_table(tf: &mut Fields, ledger: &mut CardLedger, problems: &mut Problems) -> Table {
    let mut table = Table::default();
    if let Some(v) = tf.get("attack") {
        table.attack = ledger.read(v, &tf.path("attack"), problems);
    }
    if let Some(v) = tf.get("beaten") {
        let on_table = Some(table.attack);
        table.pairs = read_pairs(v, &tf.path("beaten"), ledger, on_table, problems);
    }
    if let Some(v) = tf.get("taken") {
        table.taken = ledger.deck().ledger().read(v, &tf.path("taken"), problems);
        if !table.taken.is_subset(table.attack) {
            problems.push(
                &tf.path("taken"),
                "taken cards must be attack cards on the table",
            );
        }
    }
    table
}

/// The deal the fields describe, every card placed: the hidden ones dealt into the hands and
/// the talon the view does not see.
fn build(
    mut given: Given,
    cfg: &Config,
    path: &str,
    observer: Option<Seat>,
    problems: &mut Problems,
) -> Option<Mustamaija> {
    let (before, n) = (problems.0.len(), cfg.seats());
    let fixed_in_talon: CardSet = given.talon.iter().flatten().copied().collect();
    let shown_all = given.shown.iter().fold(CardSet::EMPTY, |a, &s| a | s);
    if let (Some(card), Some(_)) = (given.play.trump_card, observer) {
        let placed = given.ledger.all() | shown_all;
        if !placed.contains(card) && !given.talon.is_empty() {
            match given.talon.last_mut() {
                Some(slot @ None) => *slot = Some(card),
                _ => problems.push(
                    &field_path(path, "talon"),
                    format!(
                        "the trump card {} lies under the talon, at its bottom",
                        card_name(card)
                    ),
                ),
            }
        }
    }
    let placed_shown = given
        .shown
        .iter()
        .zip(&given.entries)
        .filter(|(_, e)| matches!(e, HandEntry::Hidden(_)))
        .fold(CardSet::EMPTY, |a, (&s, _)| a | s);
    let talon_now: CardSet = given.talon.iter().flatten().copied().collect();
    let unknown = cfg.deck() - given.ledger.all() - placed_shown - (talon_now - fixed_in_talon);
    if observer.is_none() && !unknown.is_empty() {
        let message = format!("cards missing from the position: {}", set_text(unknown));
        problems.push(path, message);
        return None;
    }
    let hands_path = field_path(path, "hands");
    let (entries, shown) = (&given.entries, &given.shown);
    let places = (&shown[..], &mut given.talon[..]);
    let filled = fill_places(entries, places, unknown, (&hands_path, "cards"), problems);
    if problems.0.len() > before {
        return None;
    }
    let mut hands = [CardSet::EMPTY; MAX_SEATS];
    hands[..n].copy_from_slice(&filled);
    let talon: Vec<Card> = given.talon.iter().flatten().copied().collect();
    let trump_card = given
        .play
        .trump_card
        .map_or(CardSet::EMPTY, CardSet::single);
    Some(Mustamaija {
        hands,
        talon: Talon::from_top_first(&talon),
        public: shown_all,
        talon_known: observer.map_or(CardSet::EMPTY, |_| fixed_in_talon - trump_card),
        ..given.play
    })
}

/// Sets the table and the discards the snapshot gives.
fn set_table(state: &mut Mustamaija, table: &Table, discard_pairs: &[(Card, Card)]) {
    state.attack = table.attack;
    state.taken = table.taken;
    state.beaten_by = [UNBEATEN; 64];
    for &(a, b) in table.pairs.iter().chain(discard_pairs) {
        state.beaten_by[a.index() as usize] = b.index();
    }
    state.open = table.attack - table.taken - table.pairs.iter().map(|p| p.0).collect::<CardSet>();
    state.discards = discard_pairs.iter().fold(CardSet::EMPTY, |a, &(x, y)| {
        a | CardSet::single(x) | CardSet::single(y)
    });
}

/// The rules a reachable position keeps; sets the seat to act.
fn check(
    state: &mut Mustamaija,
    to_move: Option<u8>,
    table_pairs: &[(Card, Card)],
    path: &str,
    problems: &mut Problems,
) {
    let at = |key: &str| format!("{path}.{key}");
    let maria = state.cfg.maria();
    if state.discards.contains(maria) {
        problems.push(
            &at("discards"),
            format!("{} (the Maria) can never be discarded", card_name(maria)),
        );
    }
    if let Some(card) = state.trump_card {
        if state.talon.set().contains(card) && state.talon.bottom() != Some(card) {
            problems.push(
                &at("talon"),
                format!(
                    "the trump card {} lies at the bottom of the talon",
                    card_name(card)
                ),
            );
        }
        if state.trump.is_some()
            && state.trump != suit_of(card)
            && state.cfg.trump_mode == super::config::TrumpMode::Turned
        {
            problems.push(
                &at("trump"),
                format!("the turned card {} names the trump suit", card_name(card)),
            );
        }
    }
    if state.phase == Phase::Over {
        state.actor = 0;
        check_over(state, path, problems);
        return;
    }
    if state.attacker == state.defender {
        problems.push(
            &at("defender"),
            "the defender is another seat than the attacker",
        );
    }
    let attacking = state.attack.is_empty();
    for (key, seat) in [("attacker", state.attacker), ("defender", state.defender)] {
        // The attacker may have laid their last cards in the attack being defended.
        if state.is_out(seat) && (attacking || key == "defender") {
            problems.push(
                &at(key),
                format!("seat {seat} is out of cards with the talon empty"),
            );
        }
    }
    check_table(state, table_pairs, path, problems);
    let expected = expected_actor(state, to_move, path, problems);
    match (expected, to_move) {
        (Some(seat), Some(given)) if seat != given => {
            problems.push(
                &at("to_move"),
                format!(
                    "seat {seat} acts in phase '{}', not seat {given}",
                    state.phase.name()
                ),
            );
        }
        (None, _) => problems.push(&at("to_move"), "missing: the seat that declares or passes"),
        _ => {}
    }
    state.actor = expected.unwrap_or(0);
}

/// The table holds one attack of one suit (or the joker alone), each beat valid, met from the
/// highest card down.
fn check_table(
    state: &Mustamaija,
    table_pairs: &[(Card, Card)],
    path: &str,
    problems: &mut Problems,
) {
    let at = |key: &str| format!("{path}.{key}");
    let maria = state.cfg.maria();
    let attack = state.attack;
    let suits: Vec<_> = attack.iter().map(suit_of).collect();
    if attack.contains(JOKER) && attack.len() > 1 || suits.windows(2).any(|w| w[0] != w[1]) {
        problems.push(
            &at("table.attack"),
            "an attack holds cards of one suit, or the joker alone",
        );
    }
    for &(a, b) in table_pairs {
        if beaters(a, CardSet::single(b), state.trump, maria).is_empty() {
            problems.push(
                &at("table.beaten"),
                format!("{} does not beat {}", card_name(b), card_name(a)),
            );
        }
    }
    let decided = attack - state.open - CardSet::single(maria);
    let open = state.open - CardSet::single(maria);
    if let (Some(low), Some(high)) = (decided.lowest(), open.highest()) {
        if low < high {
            problems.push(
                &at("table"),
                "the defender meets attack cards from the highest down",
            );
        }
    }
}

/// The seat to act in the snapshot's phase; a table that does not fit the phase is reported.
fn expected_actor(
    state: &Mustamaija,
    to_move: Option<u8>,
    path: &str,
    problems: &mut Problems,
) -> Option<u8> {
    let at = |key: &str| format!("{path}.{key}");
    let attack = state.attack;
    match state.phase {
        Phase::Attack => {
            if !attack.is_empty() {
                problems.push(&at("table.attack"), "in phase 'attack' the table is empty");
            }
            Some(state.attacker)
        }
        Phase::Defend => {
            if state.current_attack_card().is_none() || state.current_beaters().is_empty() {
                problems.push(&at("table"), "in phase 'defend' the open attack card must have a beater; forced pick-ups are not decisions");
            }
            Some(state.defender)
        }
        Phase::Declare => {
            if let Some(seat) = to_move.filter(|&s| state.declarable(s) == 0) {
                problems.push(
                    &at("to_move"),
                    format!("seat {seat} has no marriage to declare"),
                );
            }
            to_move
        }
        Phase::Over => None,
    }
}

fn check_over(state: &Mustamaija, path: &str, problems: &mut Problems) {
    let holders: Vec<u8> = (0..state.n())
        .filter(|&s| !state.hands[s as usize].is_empty())
        .collect();
    if state.stalled {
        return;
    }
    if !state.talon.is_empty() || holders.len() > 1 {
        problems.push(
            &format!("{path}.phase"),
            "a deal is over when the talon is empty and one player holds cards (or a stall)",
        );
    } else if state.loser != holders.first().copied() {
        problems.push(
            &format!("{path}.loser"),
            format!(
                "the loser is the last player holding cards, seat {:?}",
                holders.first()
            ),
        );
    }
}
