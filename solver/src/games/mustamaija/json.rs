//! Mustamaija positions as JSON (version 1), move notation, results and the catalogue entry.
//!
//! Moves: `attack C4 C9`, `beat CT` (beats the open attack card of highest rank), `take`,
//! `declare H`, `no_declaration`; a poll's move may name the seat asked (`no_declaration by 2`),
//! as a view's history does (`view_poll.rs`). A deal is `{dealer, hands, talon, turn_seed}` with the talon
//! listed top first; in a view the other hands are counts and the talon a count, or a list with
//! `null` at the positions the observer does not know. A view keeps `turn_seed`: without it the
//! turned spades would go elsewhere in a replay and shift the cards the observer drew.

use super::cards::{card_name, parse_card, set_text, JOKER, STANDARD_DECK};
use super::config::{Config, Utility};
use super::{Move, Mustamaija, Phase};
use crate::api::Rules;
use crate::cards::CardSet;
use crate::game::{Game, Seat};
use crate::games::cardlist::{hands_json, Count, WireDeck};
use crate::games::options;
use crate::games::readers::{seeded_dealer, Given, Source};
use crate::games::wire::{move_words, parse_suit};
use crate::problems::{field_path, Fields, Problems};
use crate::suited::Suit;
use serde_json::{json, Value};

/// The deck of `cfg`, as requests name it.
pub(super) fn wire_deck(cfg: &Config) -> WireDeck {
    let name = match cfg.maria_card {
        super::config::MariaCard::QueenOfSpades => "52-card deck",
        super::config::MariaCard::Joker => "53-card deck (52 and the joker JK)",
    };
    let token = |t: &str| parse_card(t, STANDARD_DECK | CardSet::single(JOKER));
    WireDeck::new(cfg.deck(), name.to_string(), token, card_name)
}

pub(super) fn suits_json(mask: u8) -> Value {
    json!(Suit::ALL
        .into_iter()
        .filter(|&s| mask & 1 << s as u8 != 0)
        .map(|s| s.to_string())
        .collect::<Vec<_>>())
}

/// The talon top first; in a view, unknown positions are `null`, or the whole talon a count.
pub(super) fn talon_json(state: &Mustamaija, observer: Option<Seat>) -> Value {
    let fixed = observer.map_or(state.talon.set(), |_| state.talon_fixed());
    if observer.is_some() && fixed.is_empty() {
        return json!(state.talon.len());
    }
    let cards = state.talon.top_first();
    json!(cards
        .map(|c| fixed.contains(c).then(|| card_name(c)))
        .collect::<Vec<_>>())
}

impl Mustamaija {
    fn parse_cards(&self, words: &[&str]) -> Result<CardSet, String> {
        wire_deck(&self.cfg).move_cards(words, None)
    }

    fn pairs_json(&self, attack_cards: CardSet) -> Value {
        json!(self
            .defence_order(attack_cards)
            .into_iter()
            .filter_map(|a| self.beater_of(a).map(|b| [card_name(a), card_name(b)]))
            .collect::<Vec<_>>())
    }
}

impl Rules for Mustamaija {
    const NAME: &'static str = "mustamaija";
    type Config = Config;
    rules_alike!(variant, options, state, phase);

    fn catalogue() -> Value {
        let descriptions = [
            "5 cards; trump turned after the first attack; spades never trump",
            "3 cards; diamonds are trump from the start",
            "3 cards; the first marriage (K+Q, not spades) declared by any player makes trump",
            "6 cards; the first marriage declared by any player makes trump",
            "5 cards; the joker is the Maria; the attacker or defender may declare a marriage before playing",
        ];
        let rest = json!({
            "cards": "suit S H D C then rank 2 3 4 5 6 7 8 9 T J Q K A, e.g. SQ, HT, C2; the joker is JK",
            "moves": ["attack C4 C9", "beat CT", "take", "declare H", "no_declaration"],
            "history_moves": {
                "polls": "a marriage poll asks only the seats holding a marriage, so a view's moves name the seat each poll asked: 'declare H by 2', 'no_declaration by 2'; a poll move naming another seat than the one asked is refused; in a view, one without 'by' is the view's seat's own",
                "examples": ["no_declaration by 2", "declare H by 2"],
            },
            "analysis": {
                "exact_value": "who loses: 1 if the seat analysed does not lose (a drawn stall included), 0 if it does",
                "exact_search": "two players zero-sum, more seats paranoid; exact where the play cannot cycle (the talon empty with at most two players holding cards and at most 24 cards in hands, or a two-player deal with at most 12 cards in hands and talon), elsewhere a depth-limited estimate",
                "exact_phases": ["attack", "defend", "declare"],
            },
            "score": "no points: the loser (who holds the Maria at the end) gets -1, the others 0 (utility loser_only); or -(n-1) and +1 (zero_sum)",
        });
        let players = |v| Config::players(v).collect();
        let head = (Self::NAME, "Mustamaija");
        options::catalogue_entry::<Config>(head, players, &descriptions, Phase::NAMES, rest)
    }

    fn deal(
        cfg: &Config,
        seed: u64,
        setup: &mut Fields,
        problems: &mut Problems,
    ) -> Option<Mustamaija> {
        let (dealer, mut rng) = seeded_dealer(seed, setup, cfg.seats(), problems);
        Some(Mustamaija::dealt(*cfg, dealer, &mut rng))
    }

    fn deal_json(&self, observer: Option<Seat>) -> Value {
        json!({
            "dealer": self.dealer,
            "hands": hands_json(&self.hands[..self.seats()], observer, card_name),
            "talon": talon_json(self, observer),
            "turn_seed": self.turn_seed,
        })
    }

    fn view_deal_json(&self, moves: &[Move], observer: Seat) -> Value {
        let mut start = self.clone();
        start.talon_known |= self.talon_cards_seen_by(moves, observer as u8) & self.talon.set();
        start.deal_json(Some(observer))
    }

    fn from_deal(cfg: &Config, given: Source, problems: &mut Problems) -> Option<Mustamaija> {
        let (n, size) = (cfg.seats(), (u32::from(cfg.hand_size), Count::Read));
        let (path, observer) = (given.path, given.observer);
        let required = (given, &["dealer", "hands", "talon"][..]);
        let mut deal = Given::deal(required, (&wire_deck(cfg), n), size, problems);
        let turn_seed = deal.f.count("turn_seed", u32::MAX.into(), problems) as u32;
        let size = cfg.deck().len() as usize - n * cfg.hand_size as usize;
        let mut talon = deal.pile(("talon", size, "it must hold"), problems);
        let known_talon: CardSet = talon.iter().flatten().copied().collect();
        let (dealer, hands_path) = (deal.head.unwrap_or(0), field_path(path, "hands"));
        let at = (&hands_path[..], "cards");
        let (hands, talon) = deal.close_pile((&mut talon, CardSet::EMPTY), at, problems)?;
        let mut deal = Mustamaija::new_deal(*cfg, dealer, hands, &talon, turn_seed);
        deal.talon_known = observer.map_or(CardSet::EMPTY, |_| known_talon);
        Some(deal)
    }

    fn state_json(&self, observer: Option<Seat>) -> Value {
        let n = self.seats();
        let names = |set: CardSet| set.iter().map(card_name).collect::<Vec<_>>();
        json!({
            "dealer": self.dealer,
            "phase": self.phase.name(),
            "to_move": self.to_move(),
            "attacker": self.attacker,
            "defender": self.defender,
            "hands": hands_json(&self.hands[..n], observer, card_name),
            "known_cards": (0..n).map(|s| names(self.hands[s] & self.public)).collect::<Vec<_>>(),
            "talon": talon_json(self, observer),
            "turn_seed": self.turn_seed,
            "trump": self.trump.map(|s| s.to_string()),
            "trump_card": self.trump_card.map(card_name),
            "reinserted": names(self.reinserted),
            "declared": suits_json(self.declared),
            "table": {
                "attack": self.defence_order(self.attack).into_iter().map(card_name).collect::<Vec<_>>(),
                "beaten": self.pairs_json(self.attack),
                "taken": names(self.taken),
            },
            "discards": self.pairs_json(self.discards),
            "attacks_made": self.attacks_made,
            "loser": self.loser,
            "stalled": self.stalled,
        })
    }

    /// Every move is public; a marriage poll's move names the seat the poll asks (`by 2`).
    fn history_text(&self, mv: Move, observer: Option<Seat>) -> String {
        match observer {
            Some(_) => self.move_text(self.with_asked(mv)),
            None => self.move_text(mv),
        }
    }

    fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Attack(cards) => format!("attack {}", set_text(cards)),
            Move::Beat(card) => format!("beat {}", card_name(card)),
            Move::Take => "take".into(),
            Move::Declare(suit, by) => by.note(format!("declare {suit}")),
            Move::NoDeclaration(by) => by.note("no_declaration".into()),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let (words, head) = move_words(text)?;
        match (head.as_str(), &words[1..]) {
            ("attack", []) => Err("'attack' needs at least one card, e.g. 'attack C4 C9'".into()),
            ("attack", cards) => self.parse_cards(cards).map(Move::Attack),
            ("beat", [card]) => self.parse_cards(&[card]).map(|s| Move::Beat(s.lowest().expect("one card"))),
            ("beat", _) => Err(format!("'{text}': 'beat' names one card, the beater, e.g. 'beat CT'")),
            ("take", []) => Ok(Move::Take),
            ("declare", [suit, by @ ..]) => Ok(Move::Declare(parse_suit(suit)?, self.parse_by(text, by)?)),
            ("no_declaration", by) => self.parse_by(text, by).map(Move::NoDeclaration),
            _ => Err(format!("'{text}' is not a move of Mustamaija; the moves are: attack C4 C9, beat CT, take, declare H, no_declaration (a poll's seat may follow: declare H by 2, no_declaration by 2)")),
        }
    }

    fn illegal_reason(&self, mv: Move) -> Option<String> {
        let reasons = self.why_illegal(mv);
        (!reasons.is_empty()).then(|| reasons.join("; "))
    }

    fn result_json(&self) -> Option<Value> {
        let maria = self.cfg.maria();
        Some(json!({
            "outcome": if self.stalled { "stall" } else { "loser" },
            "loser": self.loser,
            "maria": card_name(maria),
            "maria_holder": self.holder(maria),
            "payoff": &self.payoff()[..self.seats()],
            "unit": match self.cfg.utility {
                Utility::LoserOnly => "loser -1, others 0",
                Utility::ZeroSum => "loser -(n-1), others +1 (units of 1/(n-1))",
            },
            "attacks": self.attacks_made,
        }))
    }
}
