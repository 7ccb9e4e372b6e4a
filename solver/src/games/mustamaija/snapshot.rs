//! Reading a snapshot (`state`) of a Mustamaija deal, with every problem reported.
//!
//! A snapshot must be a position the engine can reach: every card in one place, the maria
//! never discarded, a table that is one attack of one suit with valid beats, and a defender
//! who has a decision (forced pick-ups are never left open).

use super::cards::{beaters, card_name, parse_card, suit_of, JOKER};
use super::config::Config;
use super::json::{deck_name, fill_unknown, parse_suit};
use super::{Mustamaija, Phase, UNBEATEN};
use crate::cards::{Card, CardSet};
use crate::game::{Seat, MAX_SEATS};
use crate::games::cardlist::{read_hands, read_ordered, CardLedger, HandEntry};
use crate::problems::{index_path, kind, one_per_seat, Fields, Problems};
use serde_json::Value;

/// Reads `[[attack, beater], ...]`; the attack card goes through `attack_ledger` (or must be
/// in `on_table`), the beater through `ledger`.
fn read_pairs(
    value: &Value,
    path: &str,
    ledger: &mut CardLedger,
    on_table: Option<CardSet>,
    parse: &dyn Fn(&str) -> Option<Card>,
    deck_text: &str,
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
                let card = attack.as_str().and_then(parse);
                if card.is_none_or(|c| !table.contains(c)) {
                    problems.push(
                        &index_path(&at, 0),
                        format!("{attack} is not an attack card on the table"),
                    );
                }
                card
            }
            None => ledger
                .read(
                    &Value::Array(vec![attack.clone()]),
                    &index_path(&at, 0),
                    parse,
                    deck_text,
                    problems,
                )
                .lowest(),
        };
        let beater = ledger
            .read(
                &Value::Array(vec![beater.clone()]),
                &index_path(&at, 1),
                parse,
                deck_text,
                problems,
            )
            .lowest();
        if let (Some(a), Some(b)) = (attack, beater) {
            pairs.push((a, b));
        }
    }
    pairs
}

fn optional_card(
    f: &mut Fields,
    key: &'static str,
    parse: &dyn Fn(&str) -> Option<Card>,
    problems: &mut Problems,
) -> Option<Card> {
    let token = f.string(key, problems)?;
    let card = parse(token);
    if card.is_none() {
        problems.push(&f.path(key), format!("'{token}' is not a card of the deck"));
    }
    card
}

pub(super) fn read(
    cfg: &Config,
    value: &Value,
    path: &str,
    observer: Option<Seat>,
    problems: &mut Problems,
) -> Option<Mustamaija> {
    let n = cfg.seats();
    let top = n as i64 - 1;
    let before = problems.0.len();
    let deck = cfg.deck();
    let deck_text = deck_name(cfg);
    let parse = move |t: &str| parse_card(t, deck);
    let mut f = Fields::of(value, path, problems);
    f.require(
        &["dealer", "phase", "attacker", "defender", "hands", "talon"],
        problems,
    );
    let dealer = f.bounded("dealer", 0, top, problems).unwrap_or(0) as u8;
    let phase = f.name_of("phase", "phase", Phase::from_name, Phase::NAMES, problems);
    let to_move = f.bounded("to_move", 0, top, problems).map(|s| s as u8);
    let attacker = f.bounded("attacker", 0, top, problems).unwrap_or(0) as u8;
    let defender = f.bounded("defender", 0, top, problems).unwrap_or(0) as u8;
    let mut ledger = CardLedger::default();
    let hands_path = f.path("hands");
    let mut entries = Vec::with_capacity(n);
    let hands = read_hands(&mut ledger, &mut f, n, observer, parse, deck_text, problems);
    entries.extend(hands);
    let mut shown = vec![CardSet::EMPTY; n];
    let known_path = f.path("known_cards");
    if let Some(list) = f.array("known_cards", problems) {
        one_per_seat(list, n, "lists", &known_path, problems);
        let mut own_ledger = CardLedger::default();
        for (seat, item) in list.iter().enumerate().take(n) {
            let at = index_path(&known_path, seat);
            shown[seat] = own_ledger.read(item, &at, parse, deck_text, problems);
            match entries.get(seat) {
                Some(HandEntry::Known(hand)) if !shown[seat].is_subset(*hand) => {
                    problems.push(
                        &at,
                        format!(
                            "seat {seat} does not hold {}",
                            super::cards::set_text(shown[seat] - *hand)
                        ),
                    );
                }
                Some(HandEntry::Hidden(count)) => {
                    for card in shown[seat] {
                        if ledger.all().contains(card) {
                            problems.push(
                                &at,
                                format!("{} is placed elsewhere in the position", card_name(card)),
                            );
                        }
                    }
                    if shown[seat].len() > *count {
                        problems.push(
                            &at,
                            format!(
                                "seat {seat} holds {count} cards, fewer than the {} known ones",
                                shown[seat].len()
                            ),
                        );
                    }
                }
                _ => {}
            }
        }
    }
    let talon_path = f.path("talon");
    let mut talon = f.get("talon").map_or(Vec::new(), |v| {
        read_ordered(
            &mut ledger,
            v,
            &talon_path,
            observer.is_some(),
            |t| parse_card(t, deck),
            deck_text,
            problems,
        )
    });
    let turn_seed = f
        .bounded("turn_seed", 0, u32::MAX.into(), problems)
        .unwrap_or(0) as u32;
    let trump = f.string("trump", problems).and_then(|t| {
        parse_suit(t)
            .map_err(|m| problems.push(&f.path("trump"), m))
            .ok()
    });
    let trump_card = optional_card(&mut f, "trump_card", &parse, problems);
    let mut reinserted = CardSet::EMPTY;
    if let Some(v) = f.get("reinserted") {
        reinserted =
            CardLedger::default().read(v, &f.path("reinserted"), parse, deck_text, problems);
    }
    let mut declared = 0u8;
    let declared_path = f.path("declared");
    if let Some(list) = f.array("declared", problems) {
        for (i, item) in list.iter().enumerate() {
            match item.as_str().map(parse_suit) {
                Some(Ok(suit)) => declared |= 1 << suit as u8,
                Some(Err(m)) => problems.push(&index_path(&declared_path, i), m),
                None => problems.push(
                    &index_path(&declared_path, i),
                    format!("expected a suit letter, got {}", kind(item)),
                ),
            }
        }
    }
    let (mut attack, mut table_pairs, mut taken) = (CardSet::EMPTY, Vec::new(), CardSet::EMPTY);
    if let Some(t) = f.get("table") {
        let mut tf = Fields::of(t, &f.path("table"), problems);
        if let Some(v) = tf.get("attack") {
            attack = ledger.read(v, &tf.path("attack"), parse, deck_text, problems);
        }
        if let Some(v) = tf.get("beaten") {
            table_pairs = read_pairs(
                v,
                &tf.path("beaten"),
                &mut ledger,
                Some(attack),
                &parse,
                deck_text,
                problems,
            );
        }
        if let Some(v) = tf.get("taken") {
            taken = CardLedger::default().read(v, &tf.path("taken"), parse, deck_text, problems);
            if !taken.is_subset(attack) {
                problems.push(
                    &tf.path("taken"),
                    "taken cards must be attack cards on the table",
                );
            }
        }
        tf.finish(problems);
    }
    let discard_pairs = match f.get("discards") {
        Some(v) => read_pairs(
            v,
            &f.path("discards"),
            &mut ledger,
            None,
            &parse,
            deck_text,
            problems,
        ),
        None => Vec::new(),
    };
    let attacks_made = f
        .bounded("attacks_made", 0, u32::MAX.into(), problems)
        .unwrap_or(0) as u32;
    let loser = f.bounded("loser", 0, top, problems).map(|s| s as u8);
    let stalled = f.boolean("stalled", problems).unwrap_or(false);
    f.finish(problems);
    let phase = phase?;
    if problems.0.len() > before || entries.len() != n {
        return None;
    }
    let fixed_in_talon: CardSet = talon.iter().flatten().copied().collect();
    if let (Some(card), Some(_)) = (trump_card, observer) {
        let placed = ledger.all() | shown.iter().fold(CardSet::EMPTY, |a, &s| a | s);
        if !placed.contains(card) && !talon.is_empty() {
            match talon.last_mut() {
                Some(slot @ None) => *slot = Some(card),
                _ => problems.push(
                    &talon_path,
                    format!(
                        "the trump card {} lies under the talon, at its bottom",
                        card_name(card)
                    ),
                ),
            }
        }
    }
    let placed_shown = shown
        .iter()
        .zip(&entries)
        .filter(|(_, e)| matches!(e, HandEntry::Hidden(_)))
        .fold(CardSet::EMPTY, |a, (&s, _)| a | s);
    let talon_now: CardSet = talon.iter().flatten().copied().collect();
    let unknown = deck - ledger.all() - placed_shown - (talon_now - fixed_in_talon);
    let hidden_any = observer.is_some();
    if !hidden_any && !unknown.is_empty() {
        problems.push(
            path,
            format!(
                "cards missing from the position: {}",
                super::cards::set_text(unknown)
            ),
        );
        return None;
    }
    let filled = fill_unknown(&entries, &shown, &mut talon, unknown, &hands_path, problems);
    if problems.0.len() > before {
        return None;
    }
    let mut hands = [CardSet::EMPTY; MAX_SEATS];
    hands[..n].copy_from_slice(&filled);
    let talon: Vec<Card> = talon.into_iter().flatten().collect();
    let mut state = Mustamaija::new_deal(*cfg, dealer, hands, &talon, turn_seed);
    state.trump = trump;
    state.trump_card = trump_card;
    state.reinserted = reinserted;
    state.declared = declared;
    state.public = shown.iter().fold(CardSet::EMPTY, |a, &s| a | s);
    if observer.is_some() {
        state.talon_known = fixed_in_talon - trump_card.map_or(CardSet::EMPTY, CardSet::single);
    }
    state.phase = phase;
    state.attacker = attacker;
    state.defender = defender;
    state.attack = attack;
    state.taken = taken;
    state.beaten_by = [UNBEATEN; 64];
    for &(a, b) in table_pairs.iter().chain(&discard_pairs) {
        state.beaten_by[a.index() as usize] = b.index();
    }
    state.open = attack - taken - table_pairs.iter().map(|p| p.0).collect::<CardSet>();
    state.discards = discard_pairs.iter().fold(CardSet::EMPTY, |a, &(x, y)| {
        a | CardSet::single(x) | CardSet::single(y)
    });
    state.attacks_made = attacks_made;
    state.loser = loser;
    state.stalled = stalled;
    check(&mut state, to_move, &table_pairs, path, problems);
    (problems.0.len() == before).then_some(state)
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
    let expected = match state.phase {
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
    };
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
