//! Rule options of Mü (the config names of spec sections 3, 5 and 7), one variant per player
//! count, and how a request's `variant` and `options` resolve into one [`Config`].

use super::cards::{deck_without, Colour};
use crate::cards::CardSet;
use crate::problems::{field_path, kind, Problems};
use serde_json::{json, Map, Value};

named_enum!(
    pub enum Variant {
        Mu3 = "mu3",
        Mu4 = "mu4",
        Mu5 = "mu5",
        Mu6 = "mu6",
    }
);
named_enum!(
    pub enum EklatLatecomer {
        LastToReachTop = "last_to_reach_top",
        LastCardOverall = "last_card_overall",
    }
);
named_enum!(
    pub enum PartnerMode {
        Choose = "choose",
        CallCard = "call_card",
    }
);
named_enum!(
    pub enum EndRule {
        Target = "target",
        Dice = "dice",
        CardDraw = "card_draw",
    }
);
named_enum!(
    pub enum CardDrawFormula {
        Seed = "seed",
        Alt200 = "alt200",
    }
);
named_enum!(
    pub enum TiePolicy {
        Shared = "shared",
        PlayOn = "play_on",
    }
);

/// Every rule option of one hand and match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    pub variant: Variant,
    /// Seat count 3..=6 (spec 7.20); fixed by the variant.
    pub players: u8,
    /// The dealer of a deal request that names none; `None` draws one from the seed (7.2).
    pub first_dealer: Option<u8>,
    /// The two colours left out of the three-player game (7.3).
    pub removed_colours: [Colour; 2],
    pub eklat_latecomer: EklatLatecomer,
    pub redeal_same_dealer: bool,
    pub allow_same_trump: bool,
    pub partner_mode: PartnerMode,
    /// `Some(100)`: no bonus above 100 (7.15).
    pub bonus_cap: Option<i32>,
    pub end_rule: EndRule,
    pub target_score: i32,
    pub dice_trigger: i32,
    pub card_draw_formula: CardDrawFormula,
    pub tie_policy: TiePolicy,
    /// Spec 8: trick winners and captured points are public. Views always show them (with
    /// perfect recall they follow from the public play); the flag is carried for the samplers.
    pub public_trick_history: bool,
}

impl Config {
    pub fn preset(variant: Variant) -> Config {
        Config {
            variant,
            players: match variant {
                Variant::Mu3 => 3,
                Variant::Mu4 => 4,
                Variant::Mu5 => 5,
                Variant::Mu6 => 6,
            },
            first_dealer: None,
            removed_colours: [Colour::Yellow, Colour::Black],
            eklat_latecomer: EklatLatecomer::LastToReachTop,
            redeal_same_dealer: false,
            allow_same_trump: true,
            partner_mode: PartnerMode::Choose,
            bonus_cap: None,
            end_rule: EndRule::Target,
            target_score: 200,
            dice_trigger: 150,
            card_draw_formula: CardDrawFormula::Seed,
            tie_policy: TiePolicy::Shared,
            public_trick_history: true,
        }
    }

    pub fn seats(&self) -> usize {
        self.players as usize
    }

    /// The cards in use: 60, or 36 with three players (spec 2.4).
    pub fn deck(&self) -> CardSet {
        if self.players == 3 {
            deck_without(&self.removed_colours)
        } else {
            deck_without(&[])
        }
    }

    /// Cards dealt to each seat, which is also the number of tricks (spec 2.4).
    pub fn hand_size(&self) -> u32 {
        self.deck().len() / self.players as u32
    }

    pub fn colours_in_use(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL
            .into_iter()
            .filter(move |c| self.players != 3 || !self.removed_colours.contains(c))
    }

    pub fn options_json(&self) -> Value {
        json!({
            "first_dealer": self.first_dealer,
            "three_player_removed_colours": self.removed_colours.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "eklat_latecomer": self.eklat_latecomer.name(),
            "redeal_same_dealer": self.redeal_same_dealer,
            "allow_same_trump": self.allow_same_trump,
            "partner_mode": self.partner_mode.name(),
            "bonus_cap": self.bonus_cap.map_or(json!("none"), |c| json!(c)),
            "end_rule": self.end_rule.name(),
            "target_score": self.target_score,
            "dice_trigger": self.dice_trigger,
            "card_draw_formula": self.card_draw_formula.name(),
            "tie_policy": self.tie_policy.name(),
            "public_trick_history": self.public_trick_history,
        })
    }

    /// The catalogue's description of every option.
    pub fn option_catalogue() -> Value {
        let names = |values: &[&str]| json!({ "type": "string", "enum": values });
        json!({
            "first_dealer": { "type": ["integer", "null"], "note": "seat of the first dealer; null draws one from the seed (spec 7.2)" },
            "three_player_removed_colours": { "type": "array", "items": { "enum": ["R", "B", "G", "Y", "K"] }, "note": "two colours; mu3 only (spec 7.3)" },
            "eklat_latecomer": names(EklatLatecomer::NAMES),
            "redeal_same_dealer": { "type": "boolean", "note": "the dealer deals again after an Eklat or all-pass hand (spec 7.6)" },
            "allow_same_trump": { "type": "boolean", "note": "the chief may name the vice's trump (spec 7.8)" },
            "partner_mode": { "type": "string", "enum": PartnerMode::NAMES, "note": "call_card: the chief calls a card; its holder is the hidden partner (spec 7.11)" },
            "bonus_cap": { "enum": ["none", 100], "note": "spec 7.15" },
            "end_rule": names(EndRule::NAMES),
            "target_score": { "type": "integer", "minimum": 1 },
            "dice_trigger": { "type": "integer", "minimum": 1 },
            "card_draw_formula": names(CardDrawFormula::NAMES),
            "tie_policy": names(TiePolicy::NAMES),
            "public_trick_history": { "type": "boolean" },
        })
    }

    /// Resolves `variant` (default `mu4`) and `options` found in the object at `path`.
    pub fn resolve(
        variant: Option<&str>,
        options: Option<&Value>,
        path: &str,
        problems: &mut Problems,
    ) -> Option<Config> {
        let variant = match variant {
            None => Variant::Mu4,
            Some(name) => match Variant::from_name(name) {
                Some(v) => v,
                None => {
                    let message = format!(
                        "unknown variant '{name}'; the variants are: {}",
                        Variant::NAMES.join(", ")
                    );
                    problems.push(&field_path(path, "variant"), message);
                    return None;
                }
            },
        };
        let mut config = Config::preset(variant);
        let options_path = field_path(path, "options");
        let empty = Map::new();
        let map = match options {
            None | Some(Value::Null) => &empty,
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
            let c = &mut config;
            let outcome = match key.as_str() {
                "first_dealer" => match value {
                    Value::Null => set(&mut c.first_dealer, None),
                    v => match v.as_u64().filter(|&s| s < u64::from(c.players)) {
                        Some(s) => set(&mut c.first_dealer, Some(s as u8)),
                        None => Err(format!("null or a seat 0..={}", c.players - 1)),
                    },
                },
                "three_player_removed_colours" => match read_colour_pair(value) {
                    Some(pair) => set(&mut c.removed_colours, pair),
                    None => Err("two different colours, such as [\"Y\", \"K\"]".to_string()),
                },
                "eklat_latecomer" => set_named(
                    &mut c.eklat_latecomer,
                    value,
                    EklatLatecomer::from_name,
                    EklatLatecomer::NAMES,
                ),
                "redeal_same_dealer" => set_bool(&mut c.redeal_same_dealer, value),
                "allow_same_trump" => set_bool(&mut c.allow_same_trump, value),
                "partner_mode" => set_named(
                    &mut c.partner_mode,
                    value,
                    PartnerMode::from_name,
                    PartnerMode::NAMES,
                ),
                "bonus_cap" => match value {
                    Value::String(s) if s == "none" => set(&mut c.bonus_cap, None),
                    v if v.as_i64() == Some(100) => set(&mut c.bonus_cap, Some(100)),
                    _ => Err("\"none\" or 100".to_string()),
                },
                "end_rule" => set_named(&mut c.end_rule, value, EndRule::from_name, EndRule::NAMES),
                "target_score" => set_int(&mut c.target_score, value, 1, 1_000_000),
                "dice_trigger" => set_int(&mut c.dice_trigger, value, 1, 1_000_000),
                "card_draw_formula" => set_named(
                    &mut c.card_draw_formula,
                    value,
                    CardDrawFormula::from_name,
                    CardDrawFormula::NAMES,
                ),
                "tie_policy" => set_named(
                    &mut c.tie_policy,
                    value,
                    TiePolicy::from_name,
                    TiePolicy::NAMES,
                ),
                "public_trick_history" => set_bool(&mut c.public_trick_history, value),
                _ => {
                    let known = Config::option_catalogue();
                    let keys: Vec<&str> = known
                        .as_object()
                        .into_iter()
                        .flat_map(|m| m.keys())
                        .map(String::as_str)
                        .collect();
                    problems.push(
                        &field_path(&options_path, key),
                        format!("unknown option; the options are: {}", keys.join(", ")),
                    );
                    Ok(())
                }
            };
            if let Err(expected) = outcome {
                problems.push(
                    &field_path(&options_path, key),
                    format!("expected {expected}, got {value}"),
                );
            }
        }
        config.check(map, &options_path, problems);
        (problems.0.len() == before).then_some(config)
    }

    /// Options that the chosen player count cannot use.
    fn check(&self, given: &Map<String, Value>, path: &str, problems: &mut Problems) {
        let preset = Config::preset(self.variant);
        if self.players != 3
            && given.contains_key("three_player_removed_colours")
            && self.removed_colours != preset.removed_colours
        {
            problems.push(
                &field_path(path, "three_player_removed_colours"),
                "colours are removed only in the three-player game (mu3)",
            );
        }
        if self.players == 3 && self.partner_mode != preset.partner_mode {
            problems.push(
                &field_path(path, "partner_mode"),
                "the three-player game has no partner (spec 4.7)",
            );
        }
    }
}

fn read_colour_pair(value: &Value) -> Option<[Colour; 2]> {
    let items = value.as_array()?;
    let colours: Vec<Colour> = items
        .iter()
        .map(|v| {
            v.as_str()
                .and_then(|s| s.parse::<char>().ok())
                .and_then(Colour::from_letter)
        })
        .collect::<Option<_>>()?;
    match colours.as_slice() {
        [a, b] if a != b => Some([*a, *b]),
        _ => None,
    }
}

fn set<T>(slot: &mut T, value: T) -> Result<(), String> {
    *slot = value;
    Ok(())
}

fn set_bool(slot: &mut bool, value: &Value) -> Result<(), String> {
    *slot = value.as_bool().ok_or("true or false")?;
    Ok(())
}

fn set_int(slot: &mut i32, value: &Value, lo: i64, hi: i64) -> Result<(), String> {
    let n = value.as_i64().filter(|n| (lo..=hi).contains(n));
    *slot = n.ok_or_else(|| format!("an integer {lo}..={hi}"))? as i32;
    Ok(())
}

fn set_named<T>(
    slot: &mut T,
    value: &Value,
    from_name: fn(&str) -> Option<T>,
    names: &[&str],
) -> Result<(), String> {
    *slot = value
        .as_str()
        .and_then(from_name)
        .ok_or_else(|| format!("one of {}", names.join(", ")))?;
    Ok(())
}
