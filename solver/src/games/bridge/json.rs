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
use crate::games::wire::trick_json;
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
    /// Whether `observer` (a view) cannot see `seat`'s hand.
    pub(super) fn hidden_from(&self, seat: usize, observer: Option<Seat>) -> bool {
        let public = self.dummy_shown() && seat == self.dummy() as usize;
        observer.is_some_and(|o| o != seat && !public)
    }

    fn hands_json(&self, observer: Option<Seat>) -> Vec<Value> {
        (0..4)
            .map(|s| cards_json(self.hands[s], self.hidden_from(s, observer), card_name))
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

    fn deal(
        cfg: &Config,
        seed: u64,
        _setup: &mut Fields,
        _problems: &mut Problems,
    ) -> Option<Bridge> {
        Some(Bridge::dealt(*cfg, &mut Rng::seeded(seed)))
    }

    fn variant_name(&self) -> &'static str {
        VARIANT
    }

    fn deal_json(&self, observer: Option<Seat>) -> Value {
        let start = Bridge::new_deal(self.cfg, self.hands);
        let mut out = json!({ "hands": start.hands_json(observer) });
        if observer.is_none() {
            out["pbn"] = json!(pbn::format(&self.hands));
        }
        out
    }

    /// Dummy's hand as dealt is shown once the opening lead is made.
    fn view_deal_json(&self, moves: &[Card], observer: Seat) -> Value {
        let mut out = self.deal_json(Some(observer));
        if !moves.is_empty() {
            let dummy = self.dummy() as usize;
            out["hands"][dummy] = cards_json(self.hands[dummy], false, card_name);
        }
        out
    }

    fn from_deal(
        cfg: &Config,
        value: &Value,
        path: &str,
        observer: Option<Seat>,
        problems: &mut Problems,
    ) -> Option<Bridge> {
        let mut f = Fields::of(value, path, problems);
        let hands_given = f.has("hands");
        let from_list = read_hands(&mut f, observer, problems);
        let pbn_value = f.string("pbn", problems);
        let pbn_path = f.path("pbn");
        f.finish(problems);
        let from_pbn = pbn_value.and_then(|text| match pbn::parse(text) {
            Ok(hands) if hands.iter().all(|h| h.len() == u32::from(TRICKS)) => Some(hands),
            Ok(hands) => {
                for (seat, hand) in hands.iter().enumerate() {
                    let held = (seat, hand.len(), u32::from(TRICKS));
                    check_hand_size(held, "as dealt", &pbn_path, problems);
                }
                None
            }
            Err(why) => {
                problems.push(&pbn_path, why);
                None
            }
        });
        if !hands_given && pbn_value.is_none() {
            problems.push(path, "a deal needs 'hands' (four arrays of cards) or 'pbn'");
        }
        let hands = match (hands_given, from_list, from_pbn) {
            (true, Some(list), Some(dealt)) if list != dealt && observer.is_none() => {
                problems.push(&pbn_path, "the PBN deal and 'hands' disagree");
                None
            }
            (true, list, _) => list,
            (false, _, dealt) => dealt,
        }?;
        Some(Bridge::new_deal(*cfg, hands))
    }

    fn state_json(&self, observer: Option<Seat>) -> Value {
        let trick = &self.trick[..self.trick_len as usize];
        json!({
            "phase": self.phase(),
            "to_move": self.to_move(),
            "declarer": self.cfg.declarer,
            "dummy": self.dummy(),
            "hands": self.hands_json(observer),
            "trick": trick_json(self.leader, trick, card_name),
            "played": self.played.iter().map(card_name).collect::<Vec<_>>(),
            "tricks_won": self.tricks_won,
        })
    }

    fn move_text(&self, card: Card) -> String {
        card_name(card)
    }

    fn parse_move(&self, text: &str) -> Result<Card, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let token = match words.as_slice() {
            [card] | ["play", card] => *card,
            _ => {
                return Err(format!(
                    "'{text}' is not a move; a move is a card such as 'SA'"
                ))
            }
        };
        let deck = wire_deck();
        deck.parse(token).ok_or_else(|| deck.not_a_card(token))
    }

    fn phase(&self) -> &'static str {
        self.phase_name()
    }

    fn result_json(&self) -> Value {
        if !self.is_over() {
            return Value::Null;
        }
        let declarer_side = usize::from(self.cfg.declarer % 2);
        json!({
            "unit": "tricks",
            "tricks_won": self.tricks_won,
            "declarer": self.cfg.declarer,
            "strain": strain_name(self.cfg.trump),
            "declarer_tricks": self.tricks_won[declarer_side],
            "defence_tricks": self.tricks_won[1 - declarer_side],
        })
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
