//! Rule options of Mustamaija (spec 2.6 and the config names of section 7), the five presets,
//! and how a request's `variant` and `options` resolve into one [`Config`].

use super::json::suits_json;
use crate::games::options::Values;
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

config! {
    /// Every rule option of one deal.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Config for variant: Variant {
        variant: Variant = variant;
        num_players: u8 = 4 => (int(2, 8), "7.15", "players at the table",
            note "2..=6, or 2..=8 in the 3-card presets");
        hand_size: u8 = 5 => (int(1, 26), "2.6", "cards each player holds and refills to (H)",
            note "players times hand_size must fit the deck");
        trump_mode: TrumpMode = TrumpMode::Turned => (named, "2.6",
            "how trump is set: a turned card, diamonds always, or the first marriage");
        spades_can_be_trump: bool = false => (flag, "7.5", "whether spades can be trump",
            note "turned mode: whether a turned spade names trump");
        maria_card: MariaCard = MariaCard::QueenOfSpades => (named, "2.6",
            "the card that can neither beat nor be beaten: the queen of spades or the joker");
        qs_lead: QsLead = QsLead::WithSpades => (named, "7.1",
            "whether the queen of spades may be led with other spades, or only alone");
        attack_limit: AttackLimit = AttackLimit::EndgameOnly => (named, "7.2",
            "when an attack may hold no more cards than the defender: once the talon is empty, or always");
        /// Suits whose K+Q make no marriage, as a mask over suit indices.
        marriage_excluded_suits: u8 = SPADES_ONLY => (with(
            Values::Schema(|| json!({ "type": "array", "items": { "type": "string", "enum": ["S", "H", "D", "C"] } })),
            |v| suit_mask(v).ok_or("a list of suit letters such as [\"S\"]"),
            |mask| suits_json(*mask)), "7.14", "the suits whose king and queen make no marriage");
        marriage_trump_changes: bool = false => (flag, "7.12",
            "whether a later marriage changes trump again");
        marriage_window: MarriageWindow = MarriageWindow::AnyPlayerAnyTime => (named, "7.11",
            "who may declare a marriage, and when: any player any time, or the attacker and defender before playing");
        spade_reinsert: SpadeReinsert = SpadeReinsert::RandomMiddle => (named, "7.4",
            "where a turned spade goes back into the talon");
        max_attacks: u32 = 1000 => (int(1, 1_000_000), "7.10",
            "the stall guard: the deal ends after this many attacks");
        stall_outcome: StallOutcome = StallOutcome::QsHolderLoses => (named, "7.10",
            "the end of a stalled deal: the queen of spades' holder loses, or a draw");
        utility: Utility = Utility::LoserOnly => (named, "7.18",
            "the payoff: the loser -1 and the others 0, or zero-sum");
    }
    impl Declared {
        default: Variant::Standard,
        rules: "docs/rules/mustamaija.md",
        preset: Config::variant_preset,
        settle: Config::check,
    }
}

const SPADES_ONLY: u8 = 1 << Suit::Spades as u8;

impl Config {
    /// The options of `variant`'s preset.
    fn variant_preset(variant: Variant) -> Config {
        use TrumpMode::{FixedDiamonds, Marriage};
        let mut c = Config::defaults(variant);
        match variant {
            Variant::Standard => {}
            Variant::KurkiSuonioDiamonds => (c.hand_size, c.trump_mode) = (3, FixedDiamonds),
            Variant::KurkiSuonioMarriage => (c.hand_size, c.trump_mode) = (3, Marriage),
            Variant::SalmiSix => (c.hand_size, c.trump_mode) = (6, Marriage),
            Variant::TranslatorJoker => {
                c.trump_mode = Marriage;
                c.maria_card = MariaCard::Joker;
                c.marriage_excluded_suits = 0;
                c.marriage_window = MarriageWindow::ActiveBeforePlay;
            }
        }
        c
    }

    /// Refuses combinations of options that cannot be played.
    fn check(&self, _given: &Map<String, Value>, path: &str, problems: &mut Problems) {
        let (players, n, size) = (
            Config::players(self.variant),
            self.num_players,
            self.hand_size,
        );
        if !players.contains(&n) {
            let (name, lo, hi) = (self.variant.name(), players.start(), players.end());
            let message = format!("{name} plays with {lo} to {hi} players (spec 2.5)");
            problems.push(&field_path(path, "num_players"), message);
        }
        let cards = self.deck().len();
        if u32::from(n) * u32::from(size) > cards {
            let message = format!(
                "{n} players with {size} cards each need more than the {cards} cards of the deck"
            );
            problems.push(&field_path(path, "hand_size"), message);
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
