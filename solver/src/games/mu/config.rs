//! Rule options of Mü (the config names of spec sections 3, 5 and 7), one variant per player
//! count, and how a request's `variant` and `options` resolve into one [`Config`].

use super::cards::Colour;
use crate::games::options::{Declared, Opt, Values};
use crate::problems::{field_path, Problems};
use serde_json::{json, Map, Value};

named_enum!(
    pub enum Variant {
        Mu3 = "mu3",
        Mu4 = "mu4",
        Mu5 = "mu5",
        Mu6 = "mu6",
    }
    pub enum EklatLatecomer {
        LastToReachTop = "last_to_reach_top",
        LastCardOverall = "last_card_overall",
    }
    pub enum PartnerMode {
        Choose = "choose",
        CallCard = "call_card",
    }
    pub enum EndRule {
        Target = "target",
        Dice = "dice",
        CardDraw = "card_draw",
    }
    pub enum CardDrawFormula {
        Seed = "seed",
        Alt200 = "alt200",
    }
    pub enum TiePolicy {
        Shared = "shared",
        PlayOn = "play_on",
    }
);

config! {
    /// Every rule option of one hand and match.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Config for variant: Variant {
        variant: Variant = variant;
        /// Seat count 3..=6 (spec 7.20); fixed by the variant, `mu3` to `mu6`.
        players: u8 = 3 + variant as u8;
        /// The dealer of a deal request that names none; `None` draws one from the seed (7.2).
        first_dealer: Option<u8> = None => (custom Opt {
            name: "first_dealer",
            values: Values::Schema(|| json!({ "type": ["integer", "null"] })),
            rule: "7.2",
            description: "the seat that deals the first hand of a match",
            note: Some("seat of the first dealer; null draws one from the seed (spec 7.2)"),
            read: |c, v| {
                let seat = v.as_u64().filter(|&s| s < u64::from(c.players));
                c.first_dealer = match (v, seat) {
                    (Value::Null, _) => None,
                    (_, Some(s)) => Some(s as u8),
                    _ => return Err(format!("null or a seat 0..={}", c.players - 1)),
                };
                Ok(())
            },
            write: |c| json!(c.first_dealer),
        });
        /// The two colours left out of the three-player game (7.3).
        removed_colours: [Colour; 2] = [Colour::Yellow, Colour::Black] => (with(
            Values::Schema(|| json!({ "type": "array", "items": { "enum": ["R", "B", "G", "Y", "K"] } })),
            |v| read_colour_pair(v).ok_or("two different colours, such as [\"Y\", \"K\"]"),
            |pair| json!(pair.map(|c| c.to_string()))) as "three_player_removed_colours",
            "7.3", "the two colours taken out of the deck for three players",
            note "two colours; mu3 only (spec 7.3)");
        eklat_latecomer: EklatLatecomer = EklatLatecomer::LastToReachTop => (named, "7.4",
            "who is the latecomer of an Eklat: the tied player who reached the top bid last, or who played the last card");
        redeal_same_dealer: bool = false => (flag, "7.6",
            "who deals after a hand that is not played: the same dealer (true) or the next (false)",
            note "the dealer deals again after an Eklat or all-pass hand (spec 7.6)");
        allow_same_trump: bool = true => (flag, "7.8",
            "whether the chief may name the trump the vice named",
            note "the chief may name the vice's trump (spec 7.8)");
        partner_mode: PartnerMode = PartnerMode::Choose => (named, "7.11",
            "how the chief gets a partner: chooses a seat, or calls a card whose holder is the hidden partner",
            note "call_card: the chief calls a card; its holder is the hidden partner (spec 7.11)");
        /// `Some(100)`: no bonus above 100 (7.15).
        bonus_cap: Option<i32> = None => (with(
            Values::Schema(|| json!({ "enum": ["none", 100] })),
            |v| match v {
                Value::String(s) if s == "none" => Ok(None),
                v if v.as_i64() == Some(100) => Ok(Some(100)),
                _ => Err("\"none\" or 100"),
            },
            |cap| cap.map_or(json!("none"), |cap| json!(cap))), "7.15",
            "the highest success bonus: none (uncapped) or 100", note "spec 7.15");
        end_rule: EndRule = EndRule::Target => (named, "5.7",
            "how a match ends: at the target score, by the dice, or by a card draw");
        target_score: i32 = 200 => (int(1, 1_000_000), "7.17",
            "the score that ends a match under end_rule target");
        dice_trigger: i32 = 150 => (int(1, 1_000_000), "7.18",
            "the score from which the dice are rolled under end_rule dice");
        card_draw_formula: CardDrawFormula = CardDrawFormula::Seed => (named, "7.19",
            "the card-draw end: the seed's formula, or score plus 10 times the card above 200");
        tie_policy: TiePolicy = TiePolicy::Shared => (named, "7.17",
            "tied leaders at the end of a match: share the win, or play on");
        /// Spec 8: trick winners and captured points are public. Views always show them (with
        /// perfect recall they follow from the public play); the flag is carried for the samplers.
        public_trick_history: bool = true => (flag, "8",
            "whether trick winners and captured points are public (views always show them)");
    }
    impl Declared {
        default: Variant::Mu4,
        rules: "docs/rules/mu.md",
        settle: Config::refuse_unused,
    }
}

impl Config {
    /// Refuses options that the chosen player count cannot use.
    fn refuse_unused(&self, given: &Map<String, Value>, path: &str, problems: &mut Problems) {
        let preset = Config::preset(self.variant);
        let removed = self.removed_colours != preset.removed_colours;
        if self.players != 3 && removed && given.contains_key("three_player_removed_colours") {
            let message = "colours are removed only in the three-player game (mu3)";
            problems.push(&field_path(path, "three_player_removed_colours"), message);
        }
        if self.players == 3 && self.partner_mode != preset.partner_mode {
            let message = "the three-player game has no partner (spec 4.7)";
            problems.push(&field_path(path, "partner_mode"), message);
        }
    }
}

fn read_colour_pair(value: &Value) -> Option<[Colour; 2]> {
    let colour = |v: &Value| Colour::from_letter(v.as_str()?.parse().ok()?);
    match value.as_array()?.as_slice() {
        [a, b] => Some([colour(a)?, colour(b)?]).filter(|[a, b]| a != b),
        _ => None,
    }
}
