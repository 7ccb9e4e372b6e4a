//! Rule options of Mustamaija (spec 2.6 and the config names of section 7), the five presets,
//! and how a request's `variant` and `options` resolve into one [`Config`].

use super::cards::{JOKER, QUEEN_OF_SPADES, STANDARD_DECK};
use super::json::suits_json;
use crate::cards::{Card, CardSet};
use crate::games::options::{Declared, Opt, Values};
use crate::games::wire::parse_suit;
use crate::problems::{field_path, Problems};
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
    pub enum TrumpMode {
        Turned = "turned",
        FixedDiamonds = "fixed_diamonds",
        Marriage = "marriage",
    }
    pub enum MariaCard {
        QueenOfSpades = "SQ",
        Joker = "JK",
    }
    pub enum QsLead {
        WithSpades = "with_spades",
        AloneOnly = "alone_only",
    }
    pub enum AttackLimit {
        EndgameOnly = "endgame_only",
        Always = "always",
    }
    pub enum MarriageWindow {
        ActiveBeforePlay = "active_before_play",
        AnyPlayerAnyTime = "any_player_any_time",
    }
    pub enum SpadeReinsert {
        RandomMiddle = "random_middle",
    }
    pub enum StallOutcome {
        QsHolderLoses = "qs_holder_loses",
        Draw = "draw",
    }
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

/// A JSON list of suit letters as a mask over suit indices.
fn suit_mask(value: &Value) -> Option<u8> {
    let mut suits = value.as_array()?.iter();
    suits.try_fold(0, |mask, item| {
        Some(mask | 1 << parse_suit(item.as_str()?).ok()? as u8)
    })
}

impl Declared for Config {
    type Variant = Variant;
    const DEFAULT: Variant = Variant::Standard;
    const RULES: &'static str = "docs/rules/mustamaija.md";
    const OPTIONS: &'static [Opt<Config>] = &[
        option!(num_players: int(2, 8), "7.15", "players at the table",
            note "2..=6, or 2..=8 in the 3-card presets"),
        option!(hand_size: int(1, 26), "2.6", "cards each player holds and refills to (H)",
            note "players times hand_size must fit the deck"),
        option!(trump_mode: named TrumpMode, "2.6",
            "how trump is set: a turned card, diamonds always, or the first marriage"),
        option!(spades_can_be_trump: flag, "7.5", "whether spades can be trump",
            note "turned mode: whether a turned spade names trump"),
        option!(maria_card: named MariaCard, "2.6",
            "the card that can neither beat nor be beaten: the queen of spades or the joker"),
        option!(qs_lead: named QsLead, "7.1",
            "whether the queen of spades may be led with other spades, or only alone"),
        option!(attack_limit: named AttackLimit, "7.2",
            "when an attack may hold no more cards than the defender: once the talon is empty, or always"),
        Opt {
            name: "marriage_excluded_suits",
            values: Values::Schema(
                || json!({ "type": "array", "items": { "type": "string", "enum": ["S", "H", "D", "C"] } }),
            ),
            rule: "7.14",
            description: "the suits whose king and queen make no marriage",
            note: None,
            read: |c, v| {
                c.marriage_excluded_suits =
                    suit_mask(v).ok_or("a list of suit letters such as [\"S\"]")?;
                Ok(())
            },
            write: |c| suits_json(c.marriage_excluded_suits),
        },
        option!(marriage_trump_changes: flag, "7.12",
            "whether a later marriage changes trump again"),
        option!(marriage_window: named MarriageWindow, "7.11",
            "who may declare a marriage, and when: any player any time, or the attacker and defender before playing"),
        option!(spade_reinsert: named SpadeReinsert, "7.4",
            "where a turned spade goes back into the talon"),
        option!(max_attacks: int(1, 1_000_000), "7.10",
            "the stall guard: the deal ends after this many attacks"),
        option!(stall_outcome: named StallOutcome, "7.10",
            "the end of a stalled deal: the queen of spades' holder loses, or a draw"),
        option!(utility: named Utility, "7.18",
            "the payoff: the loser -1 and the others 0, or zero-sum"),
    ];

    fn preset(variant: Variant) -> Config {
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

    fn settle(&mut self, _given: &Map<String, Value>, path: &str, problems: &mut Problems) {
        self.check(path, problems);
    }
}
