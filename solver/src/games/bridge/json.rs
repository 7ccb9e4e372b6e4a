//! Bridge positions as JSON (version 1), move notation, and the catalogue entry.
//!
//! A deal is `{"hands": [[...13 cards] x 4]}` (seat 0 North first) or `{"pbn": "N:..."}`, or
//! both when they agree. A move is a card (`SA`, or `play SA`).

use super::config::{strain_name, Config, VARIANT};
use super::{pbn, Bridge, DECK, TRICKS};
use crate::api::Rules;
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};
use crate::games::cardlist::{cards_json, check_hand_size, fill_hidden, Count, WireDeck};
use crate::games::options;
use crate::games::readers::Source;
use crate::games::wire::Trick;
use crate::problems::{Fields, Problems};
use crate::rng::Rng;
use crate::suited::suit_of;
use serde_json::{json, Value};

pub(super) fn card_name(card: Card) -> String {
    DECK.format(card)
}

/// The deck, as requests name it.
pub(super) fn wire_deck() -> WireDeck {
    let name = "52-card deck".to_string();
    WireDeck::new(DECK.cards_from(0), name, |t| DECK.parse(t), card_name)
}

impl Bridge {
    /// The hands, as counts where `observer` (a view) cannot see them: the others', but dummy's
    /// once `dummy_shown` (the opening lead is made).
    fn hands_json(&self, observer: Option<Seat>, dummy_shown: bool) -> Vec<Value> {
        let public = |seat| dummy_shown && seat == usize::from(self.dummy());
        let hidden = |seat| observer.is_some_and(|o| o != seat && !public(seat));
        (0..4)
            .map(|s| cards_json(self.hands[s], hidden(s), card_name))
            .collect()
    }
}

/// Reads the four hands of a deal, each of 13 cards (a count where hidden in a view).
fn read_hands(
    f: &mut Fields,
    observer: Option<Seat>,
    problems: &mut Problems,
) -> Option<[CardSet; 4]> {
    let before = problems.0.len();
    let mut ledger = wire_deck().ledger();
    let size = (u32::from(TRICKS), Count::Listed);
    let entries = ledger.hands(f, 4, observer, Some(size), problems);
    if problems.0.len() > before || entries.len() != 4 {
        return None;
    }
    let all = DECK.cards_from(0);
    let filled = fill_hidden(&entries, all - ledger.all(), &f.path("hands"), problems);
    (problems.0.len() == before).then(|| [filled[0], filled[1], filled[2], filled[3]])
}

/// Reads a PBN deal at `path`: four hands of 13 cards.
fn read_pbn(text: &str, path: &str, problems: &mut Problems) -> Option<[CardSet; 4]> {
    let parsed = pbn::parse(text).map_err(|why| problems.push(path, why));
    let (hands, before) = (parsed.ok()?, problems.0.len());
    for (seat, hand) in hands.iter().enumerate() {
        let held = (seat, hand.len(), u32::from(TRICKS));
        check_hand_size(held, "as dealt", path, problems);
    }
    (problems.0.len() == before).then_some(hands)
}

impl Rules for Bridge {
    const NAME: &'static str = "bridge";
    type Config = Config;
    rules_alike!(options, state);

    fn catalogue() -> Value {
        let descriptions =
            ["the play of one deal of contract bridge: strain and declarer given, no auction"];
        let rest = json!({
            "seats": "0 North, 1 East, 2 South, 3 West; side 0 is North-South, side 1 East-West",
            "deal": "{\"hands\": [[13 cards] x 4], North first} or {\"pbn\": \"N:AKQ.JT9.876.5432 ...\"} (PBN: first seat, then the hands clockwise, each spades.hearts.diamonds.clubs)",
            "cards": "suit S H D C then rank 2-9 T J Q K A, e.g. SA, HT, C2",
            "moves": ["SA"],
            "score": "per seat: the tricks its side took",
            "analysis": {
                "exact_value": "the tricks of the side of the seat analysed, over the whole deal (tricks already taken included)",
                "exact_search": "zero-sum between North-South and East-West, with partition search (winning ranks)",
                "exact_phases": ["play"],
            },
        });
        let players = |_| vec![4];
        let head = (Self::NAME, "Bridge card play");
        options::catalogue_entry::<Config>(head, players, &descriptions, &["play", "over"], rest)
    }

    fn deal(cfg: &Config, seed: u64, _: &mut Fields, _: &mut Problems) -> Option<Bridge> {
        Some(Bridge::dealt(*cfg, &mut Rng::seeded(seed)))
    }

    fn variant_name(&self) -> &'static str {
        VARIANT
    }

    fn deal_json(&self, observer: Option<Seat>) -> Value {
        let mut out = json!({ "hands": self.hands_json(observer, false) });
        if observer.is_none() {
            out["pbn"] = json!(pbn::format(&self.hands));
        }
        out
    }

    /// Dummy's hand as dealt is shown once the opening lead is made.
    fn view_deal_json(&self, moves: &[Card], observer: Seat) -> Value {
        json!({ "hands": self.hands_json(Some(observer), !moves.is_empty()) })
    }

    fn from_deal(cfg: &Config, given: Source, problems: &mut Problems) -> Option<Bridge> {
        let (value, path, observer) = (given.value, given.path, given.observer);
        let mut f = Fields::of(value, path, problems);
        let hands_given = f.has("hands");
        let from_list = read_hands(&mut f, observer, problems);
        let (pbn_text, pbn_path) = (f.string("pbn", problems), f.path("pbn"));
        f.finish(problems);
        let from_pbn = pbn_text.and_then(|text| read_pbn(text, &pbn_path, problems));
        if !hands_given && pbn_text.is_none() {
            problems.push(path, "a deal needs 'hands' (four arrays of cards) or 'pbn'");
        }
        let hands = if hands_given { from_list? } else { from_pbn? };
        if observer.is_none() && from_pbn.is_some_and(|dealt| dealt != hands) {
            problems.push(&pbn_path, "the PBN deal and 'hands' disagree");
            return None;
        }
        Some(Bridge::new_deal(*cfg, hands))
    }

    fn state_json(&self, observer: Option<Seat>) -> Value {
        let trick = &self.trick[..self.trick_len as usize];
        json!({
            "phase": self.phase(),
            "to_move": self.to_move(),
            "declarer": self.cfg.declarer,
            "dummy": self.dummy(),
            "hands": self.hands_json(observer, self.dummy_shown()),
            "trick": Trick::new(self.leader, trick, card_name),
            "played": self.played.iter().map(card_name).collect::<Vec<_>>(),
            "tricks_won": self.tricks_won,
        })
    }

    fn move_text(&self, card: Card) -> String {
        card_name(card)
    }

    fn parse_move(&self, text: &str) -> Result<Card, String> {
        let deck = wire_deck();
        match text.split_whitespace().collect::<Vec<_>>()[..] {
            [token] | ["play", token] => deck.parse(token).ok_or_else(|| deck.not_a_card(token)),
            _ => Err(format!(
                "'{text}' is not a move; a move is a card such as 'SA'"
            )),
        }
    }

    fn phase(&self) -> &'static str {
        self.phase_name()
    }

    fn result_json(&self) -> Option<Value> {
        let declarer_side = usize::from(self.cfg.declarer % 2);
        Some(json!({
            "unit": "tricks",
            "tricks_won": self.tricks_won,
            "declarer": self.cfg.declarer,
            "strain": strain_name(self.cfg.trump),
            "declarer_tricks": self.tricks_won[declarer_side],
            "defence_tricks": self.tricks_won[1 - declarer_side],
        }))
    }

    fn illegal_reason(&self, card: Card) -> Option<String> {
        let seat = self.seat_to_move();
        if !self.hands[seat as usize].contains(card) {
            return Some(format!("seat {seat} does not hold {}", card_name(card)));
        }
        let led = self.led_suit()?;
        (suit_of(card) != led && !(self.hands[seat as usize] & led.mask()).is_empty())
            .then(|| format!("seat {seat} must follow suit {led}"))
    }
}
