//! Rule options of Mustamaija (spec 2.6 and the config names of section 7), the five presets,
//! and how a request's `variant` and `options` resolve into one [`Config`].

use super::cards::{JOKER, QUEEN_OF_SPADES, STANDARD_DECK};
use crate::cards::{Card, CardSet};
use crate::problems::{field_path, kind, Problems};
use crate::suited::Suit;
use serde_json::{json, Map, Value};

named_enum!(
    pub enum Variant {
        Standard = "standard",
        KurkiSuonioDiamonds = "kurki_suonio_diamonds",
        KurkiSuonioMarriage = "kurki_suonio_marriage",
        SalmiSix = "salmi_six",
        TranslatorJoker = "translator_joker",
    }
);
named_enum!(
    pub enum TrumpMode {
        Turned = "turned",
        FixedDiamonds = "fixed_diamonds",
        Marriage = "marriage",
    }
);
named_enum!(
    pub enum MariaCard {
        QueenOfSpades = "SQ",
        Joker = "JK",
    }
);
named_enum!(
    pub enum QsLead {
        WithSpades = "with_spades",
        AloneOnly = "alone_only",
    }
);
named_enum!(
    pub enum AttackLimit {
        EndgameOnly = "endgame_only",
        Always = "always",
    }
);
named_enum!(
    pub enum MarriageWindow {
        ActiveBeforePlay = "active_before_play",
        AnyPlayerAnyTime = "any_player_any_time",
    }
);
named_enum!(
    pub enum SpadeReinsert {
        RandomMiddle = "random_middle",
    }
);
named_enum!(
    pub enum StallOutcome {
        QsHolderLoses = "qs_holder_loses",
        Draw = "draw",
    }
);
named_enum!(
    pub enum Utility {
        LoserOnly = "loser_only",
        ZeroSum = "zero_sum",
    }
);

/// Every rule option of one deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    pub variant: Variant,
    pub num_players: u8,
    pub hand_size: u8,
    pub trump_mode: TrumpMode,
    pub spades_can_be_trump: bool,
    pub maria_card: MariaCard,
    pub qs_lead: QsLead,
    pub attack_limit: AttackLimit,
    /// Suits whose K+Q make no marriage, as a mask over suit indices.
    pub marriage_excluded_suits: u8,
    pub marriage_trump_changes: bool,
    pub marriage_window: MarriageWindow,
    pub spade_reinsert: SpadeReinsert,
    pub max_attacks: u32,
    pub stall_outcome: StallOutcome,
    pub utility: Utility,
}

const SPADES_ONLY: u8 = 1 << Suit::Spades as u8;

impl Config {
    pub fn preset(variant: Variant) -> Config {
        let standard = Config {
            variant,
            num_players: 4,
            hand_size: 5,
            trump_mode: TrumpMode::Turned,
            spades_can_be_trump: false,
            maria_card: MariaCard::QueenOfSpades,
            qs_lead: QsLead::WithSpades,
            attack_limit: AttackLimit::EndgameOnly,
            marriage_excluded_suits: SPADES_ONLY,
            marriage_trump_changes: false,
            marriage_window: MarriageWindow::AnyPlayerAnyTime,
            spade_reinsert: SpadeReinsert::RandomMiddle,
            max_attacks: 1000,
            stall_outcome: StallOutcome::QsHolderLoses,
            utility: Utility::LoserOnly,
        };
        match variant {
            Variant::Standard => standard,
            Variant::KurkiSuonioDiamonds => Config {
                hand_size: 3,
                trump_mode: TrumpMode::FixedDiamonds,
                ..standard
            },
            Variant::KurkiSuonioMarriage => Config {
                hand_size: 3,
                trump_mode: TrumpMode::Marriage,
                ..standard
            },
            Variant::SalmiSix => Config {
                hand_size: 6,
                trump_mode: TrumpMode::Marriage,
                ..standard
            },
            Variant::TranslatorJoker => Config {
                trump_mode: TrumpMode::Marriage,
                maria_card: MariaCard::Joker,
                marriage_excluded_suits: 0,
                marriage_window: MarriageWindow::ActiveBeforePlay,
                ..standard
            },
        }
    }

    /// The player counts of a preset (spec 2.5, 7.15).
    pub fn players(variant: Variant) -> std::ops::RangeInclusive<u8> {
        match variant {
            Variant::KurkiSuonioDiamonds | Variant::KurkiSuonioMarriage => 2..=8,
            _ => 2..=6,
        }
    }

    pub fn seats(&self) -> usize {
        self.num_players as usize
    }

    /// The card that can neither beat nor be beaten.
    pub fn maria(&self) -> Card {
        match self.maria_card {
            MariaCard::QueenOfSpades => QUEEN_OF_SPADES,
            MariaCard::Joker => JOKER,
        }
    }

    /// The 52 cards, and the joker where it is the maria.
    pub fn deck(&self) -> CardSet {
        match self.maria_card {
            MariaCard::QueenOfSpades => STANDARD_DECK,
            MariaCard::Joker => STANDARD_DECK | CardSet::single(JOKER),
        }
    }

    pub fn marriage_allowed(&self, suit: Suit) -> bool {
        self.trump_mode == TrumpMode::Marriage
            && self.marriage_excluded_suits & 1 << suit as u8 == 0
    }

    /// The options as JSON, every key present.
    pub fn options_json(&self) -> Value {
        let excluded: Vec<String> = Suit::ALL
            .into_iter()
            .filter(|&s| self.marriage_excluded_suits & 1 << s as u8 != 0)
            .map(|s| s.to_string())
            .collect();
        json!({
            "num_players": self.num_players,
            "hand_size": self.hand_size,
            "trump_mode": self.trump_mode.name(),
            "spades_can_be_trump": self.spades_can_be_trump,
            "maria_card": self.maria_card.name(),
            "qs_lead": self.qs_lead.name(),
            "attack_limit": self.attack_limit.name(),
            "marriage_excluded_suits": excluded,
            "marriage_trump_changes": self.marriage_trump_changes,
            "marriage_window": self.marriage_window.name(),
            "spade_reinsert": self.spade_reinsert.name(),
            "max_attacks": self.max_attacks,
            "stall_outcome": self.stall_outcome.name(),
            "utility": self.utility.name(),
        })
    }

    /// The catalogue's description of every option: its kind and allowed values.
    pub fn option_catalogue() -> Value {
        let names = |values: &[&str]| json!({ "type": "string", "enum": values });
        json!({
            "num_players": { "type": "integer", "minimum": 2, "maximum": 8, "note": "2..=6, or 2..=8 in the 3-card presets" },
            "hand_size": { "type": "integer", "minimum": 1, "maximum": 26, "note": "players times hand_size must fit the deck" },
            "trump_mode": names(TrumpMode::NAMES),
            "spades_can_be_trump": { "type": "boolean", "note": "turned mode: whether a turned spade names trump" },
            "maria_card": names(MariaCard::NAMES),
            "qs_lead": names(QsLead::NAMES),
            "attack_limit": names(AttackLimit::NAMES),
            "marriage_excluded_suits": { "type": "array", "items": { "type": "string", "enum": ["S", "H", "D", "C"] } },
            "marriage_trump_changes": { "type": "boolean" },
            "marriage_window": names(MarriageWindow::NAMES),
            "spade_reinsert": names(SpadeReinsert::NAMES),
            "max_attacks": { "type": "integer", "minimum": 1, "maximum": 1_000_000 },
            "stall_outcome": names(StallOutcome::NAMES),
            "utility": names(Utility::NAMES),
        })
    }

    /// Resolves `variant` (default `standard`) and `options` found in the object at `path`.
    pub fn resolve(
        variant: Option<&str>,
        options: Option<&Value>,
        path: &str,
        problems: &mut Problems,
    ) -> Option<Config> {
        let variant = match variant {
            None => Variant::Standard,
            Some(name) => match Variant::from_name(name) {
                Some(v) => v,
                None => {
                    problems.push(
                        &field_path(path, "variant"),
                        format!(
                            "unknown variant '{name}'; the variants are: {}",
                            Variant::NAMES.join(", ")
                        ),
                    );
                    return None;
                }
            },
        };
        let mut config = Config::preset(variant);
        let options_path = field_path(path, "options");
        let empty = Map::new();
        let map = match options {
            None => &empty,
            Some(Value::Object(map)) => map,
            Some(other) => {
                problems.push(
                    &options_path,
                    format!("expected an object, got {}", kind(other)),
                );
                return None;
            }
        };
        let before = problems.0.len();
        for (key, value) in map {
            let at = field_path(&options_path, key);
            let c = &mut config;
            let ok = match key.as_str() {
                "num_players" => set(&mut c.num_players, int_in(value, 2, 8)),
                "hand_size" => set(&mut c.hand_size, int_in(value, 1, 26)),
                "trump_mode" => set(
                    &mut c.trump_mode,
                    value.as_str().and_then(TrumpMode::from_name),
                ),
                "spades_can_be_trump" => set(&mut c.spades_can_be_trump, value.as_bool()),
                "maria_card" => set(
                    &mut c.maria_card,
                    value.as_str().and_then(MariaCard::from_name),
                ),
                "qs_lead" => set(&mut c.qs_lead, value.as_str().and_then(QsLead::from_name)),
                "attack_limit" => set(
                    &mut c.attack_limit,
                    value.as_str().and_then(AttackLimit::from_name),
                ),
                "marriage_excluded_suits" => set(&mut c.marriage_excluded_suits, suit_mask(value)),
                "marriage_trump_changes" => set(&mut c.marriage_trump_changes, value.as_bool()),
                "marriage_window" => set(
                    &mut c.marriage_window,
                    value.as_str().and_then(MarriageWindow::from_name),
                ),
                "spade_reinsert" => set(
                    &mut c.spade_reinsert,
                    value.as_str().and_then(SpadeReinsert::from_name),
                ),
                "max_attacks" => set(&mut c.max_attacks, int_in(value, 1, 1_000_000)),
                "stall_outcome" => set(
                    &mut c.stall_outcome,
                    value.as_str().and_then(StallOutcome::from_name),
                ),
                "utility" => set(&mut c.utility, value.as_str().and_then(Utility::from_name)),
                _ => {
                    let known = Config::option_catalogue();
                    let keys: Vec<&str> = known
                        .as_object()
                        .into_iter()
                        .flat_map(|m| m.keys())
                        .map(String::as_str)
                        .collect();
                    problems.push(
                        &at,
                        format!("unknown option; the options are: {}", keys.join(", ")),
                    );
                    continue;
                }
            };
            if !ok {
                problems.push(
                    &at,
                    format!("expected {}, got {value}", Config::expected(key)),
                );
            }
        }
        config.check(&options_path, problems);
        (problems.0.len() == before).then_some(config)
    }

    /// What a valid value of option `key` looks like, for messages.
    fn expected(key: &str) -> String {
        let catalogue = Config::option_catalogue();
        let entry = &catalogue[key];
        if let Some(values) = entry["enum"].as_array() {
            let names: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            return format!("one of {}", names.join(", "));
        }
        match (
            entry["type"].as_str(),
            entry["minimum"].as_i64(),
            entry["maximum"].as_i64(),
        ) {
            (Some("integer"), Some(lo), Some(hi)) => format!("an integer {lo}..={hi}"),
            (Some("boolean"), _, _) => "true or false".to_string(),
            _ => "a list of suit letters such as [\"S\"]".to_string(),
        }
    }

    /// Combinations of options that cannot be played.
    fn check(&self, path: &str, problems: &mut Problems) {
        let players = Config::players(self.variant);
        if !players.contains(&self.num_players) {
            problems.push(
                &field_path(path, "num_players"),
                format!(
                    "{} plays with {} to {} players (spec 2.5)",
                    self.variant.name(),
                    players.start(),
                    players.end()
                ),
            );
        }
        let cards = self.deck().len();
        if u32::from(self.num_players) * u32::from(self.hand_size) > cards {
            problems.push(
                &field_path(path, "hand_size"),
                format!(
                    "{} players with {} cards each need more than the {cards} cards of the deck",
                    self.num_players, self.hand_size
                ),
            );
        }
    }
}

fn set<T>(slot: &mut T, value: Option<T>) -> bool {
    value.map(|v| *slot = v).is_some()
}

fn int_in<T: TryFrom<i64>>(value: &Value, lo: i64, hi: i64) -> Option<T> {
    value
        .as_i64()
        .filter(|n| (lo..=hi).contains(n))
        .and_then(|n| T::try_from(n).ok())
}

/// A JSON list of suit letters as a mask over suit indices.
fn suit_mask(value: &Value) -> Option<u8> {
    value.as_array()?.iter().try_fold(0u8, |mask, item| {
        let mut chars = item.as_str()?.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(suit), None) => Some(mask | 1 << suit as u8),
            _ => None,
        }
    })
}
