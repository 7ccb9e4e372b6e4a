//! Reading a snapshot (`state`) of a Mustamaija deal, with every problem reported.
//!
//! A snapshot must be a position the engine can reach: every card in one place, the maria
//! never discarded, a table that is one attack of one suit with valid beats, and a defender
//! who has a decision (forced pick-ups are never left open).

use super::cards::{card_name, set_text};
use super::config::Config;
use super::json::wire_deck;
use super::talon::Talon;
use super::Mustamaija;
use crate::cards::{Card, CardSet};
use crate::game::MAX_SEATS;
use crate::games::cardlist::{fill_pile, CardLedger, HandEntry};
use crate::games::readers::{Given, Source};
use crate::games::wire::{suit_field, suit_mask};
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
        let got = kind(value);
        let message = format!("expected an array of [attack card, beater] pairs, got {got}");
        problems.push(path, message);
        return Vec::new();
    };
    let mut pairs = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let at = index_path(path, i);
        let Some([attack, beater]) = item.as_array().map(Vec::as_slice) else {
            problems.push(&at, "expected a pair [attack card, beater]");
            continue;
        };
        let attack_at = index_path(&at, 0);
        let attack = match on_table {
            None => ledger.one(attack, &attack_at, problems),
            Some(table) => {
                let card = attack.as_str().and_then(|t| ledger.deck().parse(t));
                let laid = card.filter(|&c| table.contains(c));
                if laid.is_none() {
                    let message = format!("{attack} is not an attack card on the table");
                    problems.push(&attack_at, message);
                }
                laid
            }
        };
        pairs.extend(attack.zip(ledger.one(beater, &index_path(&at, 1), problems)));
    }
    pairs
}

pub(super) fn read(cfg: &Config, given: Source, problems: &mut Problems) -> Option<Mustamaija> {
    let (n, path, observer) = (cfg.seats(), given.path, given.observer);
    let mut snapshot = Given::snapshot(given, &wire_deck(cfg), n, problems);
    let (f, ledger, before) = (&mut snapshot.f, &mut snapshot.ledger, snapshot.before);
    f.require(&["attacker", "defender", "talon"], problems);
    let ((dealer, _, to_move), no_cards) = (snapshot.head, [CardSet::EMPTY; MAX_SEATS]);
    let mut s = Mustamaija::new_deal(*cfg, dealer, no_cards, &[], 0);
    s.attacker = f.seat("attacker", n, problems).unwrap_or(0);
    s.defender = f.seat("defender", n, problems).unwrap_or(0);
    let shown = read_known_cards(f, n, ledger, &snapshot.entries, problems);
    let (at, may_hide) = (f.path("talon"), observer.is_some());
    let talon = f.get("talon");
    let talon = talon.map(|v| ledger.ordered(v, &at, may_hide, problems));
    let table_pairs = read_play(f, &mut s, ledger, problems);
    let (phase, entries, ledger) = snapshot.settle(n, problems)?;
    s.phase = phase;
    // Every card placed: in a view the trump card at the bottom of the talon, the hidden
    // cards dealt into the hands and the talon slots the view does not see.
    let mut talon = talon.unwrap_or_default();
    let listed: CardSet = talon.iter().flatten().copied().collect();
    s.public = shown.iter().fold(CardSet::EMPTY, |a, &s| a | s);
    let mut placed = ledger.all() | s.public;
    let trump_card = s
        .trump_card
        .filter(|&c| observer.is_some() && !placed.contains(c));
    match (trump_card, talon.last_mut()) {
        (Some(card), Some(slot @ None)) => {
            *slot = Some(card);
            placed.insert(card);
        }
        (Some(card), Some(_)) => {
            let name = card_name(card);
            let message = format!("the trump card {name} lies under the talon, at its bottom");
            problems.push(&field_path(path, "talon"), message);
        }
        _ => {}
    }
    let unknown = cfg.deck() - placed;
    if observer.is_none() && !unknown.is_empty() {
        let message = format!("cards missing from the position: {}", set_text(unknown));
        problems.push(path, message);
        return None;
    }
    let at = ((&field_path(path, "hands")[..], "cards"), before);
    let (hands, talon) = fill_pile(&entries, (&shown, &mut talon), unknown, at, problems)?;
    let trump_card = s.trump_card.map_or(CardSet::EMPTY, CardSet::single);
    s.talon_known = observer.map_or(CardSet::EMPTY, |_| listed - trump_card);
    (s.hands, s.talon) = (hands, Talon::from_top_first(&talon));
    problems.extend_under(path, s.check(to_move, &table_pairs));
    (problems.0.len() == before).then_some(s)
}

/// The fields after the talon, read into `s`; returns the pairs beaten on the table.
fn read_play(
    f: &mut Fields,
    s: &mut Mustamaija,
    ledger: &mut CardLedger,
    problems: &mut Problems,
) -> Vec<(Card, Card)> {
    s.turn_seed = f.count("turn_seed", u32::MAX.into(), problems) as u32;
    s.trump = suit_field(f, "trump", problems);
    s.trump_card = ledger.deck().card(f, "trump_card", problems);
    let at = f.path("reinserted");
    let (reinserted, mut fresh) = (f.get("reinserted"), ledger.deck().ledger());
    s.reinserted = reinserted.map_or(CardSet::EMPTY, |v| fresh.read(v, &at, problems));
    s.declared = suit_mask(f, "declared", problems);
    let table = f.object("table", problems, |t, p| read_table(t, ledger, s, p));
    let at = f.path("discards");
    let discards = f.get("discards");
    let discards = discards.map(|v| read_pairs(v, &at, ledger, None, problems));
    s.attacks_made = f.count("attacks_made", u32::MAX.into(), problems) as u32;
    s.loser = f.seat("loser", s.cfg.seats(), problems);
    s.stalled = f.boolean("stalled", problems).unwrap_or(false);
    // Which card beat each attack card on the table and discarded; the open attack cards.
    let (table_pairs, discards) = (table.unwrap_or_default(), discards.unwrap_or_default());
    for &(a, b) in table_pairs.iter().chain(&discards) {
        s.beaten_by[a.index() as usize] = b.index();
    }
    s.open = s.attack - s.taken - table_pairs.iter().map(|p| p.0).collect::<CardSet>();
    s.discards = discards.iter().flat_map(|&(a, b)| [a, b]).collect();
    table_pairs
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
    let mut fresh = ledger.deck().ledger();
    let shown = fresh.per_seat(f, "known_cards", n, problems);
    for (seat, (&known, &entry)) in shown.iter().zip(entries).enumerate() {
        let at = index_path(&known_path, seat);
        match entry {
            HandEntry::Known(hand) if !known.is_subset(hand) => {
                let message = format!("seat {seat} does not hold {}", set_text(known - hand));
                problems.push(&at, message);
            }
            HandEntry::Known(_) => {}
            HandEntry::Hidden(count) => {
                for name in (known & ledger.all()).iter().map(card_name) {
                    problems.push(&at, format!("{name} is placed elsewhere in the position"));
                }
                if known.len() > count {
                    let many = known.len();
                    let message = format!(
                        "seat {seat} holds {count} cards, fewer than the {many} known ones"
                    );
                    problems.push(&at, message);
                }
            }
        }
    }
    shown
}

/// Reads `table` into `s`: the attack and the cards taken; returns the pairs beaten.
fn read_table(
    tf: &mut Fields,
    ledger: &mut CardLedger,
    s: &mut Mustamaija,
    problems: &mut Problems,
) -> Vec<(Card, Card)> {
    if let Some(v) = tf.get("attack") {
        s.attack = ledger.read(v, &tf.path("attack"), problems);
    }
    let at = tf.path("beaten");
    let pairs = tf.get("beaten");
    let pairs = pairs.map(|v| read_pairs(v, &at, ledger, Some(s.attack), problems));
    let at = tf.path("taken");
    if let Some(v) = tf.get("taken") {
        s.taken = ledger.deck().ledger().read(v, &at, problems);
        if !s.taken.is_subset(s.attack) {
            problems.push(&at, "taken cards must be attack cards on the table");
        }
    }
    pairs.unwrap_or_default()
}
