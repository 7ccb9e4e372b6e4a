//! The contract of a bridge deal as rule options: the strain and the declarer.
//!
//! There is one variant, `bridge`; its presets are no trump with North declaring. A request
//! may name the declarer by seat number (0 North, 1 East, 2 South, 3 West) or by letter.

use crate::problems::{field_path, kind, Problems};
use crate::suited::Suit;
use serde_json::{json, Map, Value};

/// The seat letters, seat 0 first: North, East, South, West.
pub const SEAT_LETTERS: [char; 4] = ['N', 'E', 'S', 'W'];

/// The only variant's name.
pub const VARIANT: &str = "bridge";

/// The contract's strain and declarer; the default is no trump by North.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Config {
    /// The trump suit; `None` is no trump.
    pub trump: Option<Suit>,
    /// The declarer's seat, 0..4.
    pub declarer: u8,
}

/// A strain's name: `S`, `H`, `D`, `C` or `NT`.
pub fn strain_name(trump: Option<Suit>) -> String {
    trump.map_or("NT".to_string(), |s| s.letter().to_string())
}

pub fn parse_strain(text: &str) -> Option<Option<Suit>> {
    match text {
        "NT" | "N" => Some(None),
        _ => {
            let mut chars = text.chars();
            match (chars.next().and_then(Suit::from_letter), chars.next()) {
                (Some(s), None) => Some(Some(s)),
                _ => None,
            }
        }
    }
}

/// A seat given as a number 0..4 or a letter N, E, S, W.
pub fn parse_seat(value: &Value) -> Option<u8> {
    match value {
        Value::String(s) => {
            let mut chars = s.chars();
            let letter = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            SEAT_LETTERS
                .iter()
                .position(|&c| c == letter)
                .map(|i| i as u8)
        }
        v => v.as_u64().filter(|&s| s < 4).map(|s| s as u8),
    }
}

impl Config {
    pub fn options_json(&self) -> Value {
        json!({ "strain": strain_name(self.trump), "declarer": self.declarer })
    }

    pub fn option_catalogue() -> Value {
        json!({
            "strain": { "type": "string", "enum": ["S", "H", "D", "C", "NT"], "note": "the trump suit, or NT for no trump" },
            "declarer": { "type": ["integer", "string"], "enum": [0, 1, 2, 3, "N", "E", "S", "W"], "note": "the declarer's seat (0 North, 1 East, 2 South, 3 West); its left-hand opponent leads, its partner is dummy; answers give the number" },
        })
    }

    /// Resolves `variant` (only `bridge`) and `options` found in the object at `path`.
    pub fn resolve(
        variant: Option<&str>,
        options: Option<&Value>,
        path: &str,
        problems: &mut Problems,
    ) -> Option<Config> {
        if let Some(name) = variant.filter(|&v| v != VARIANT) {
            problems.push(
                &field_path(path, "variant"),
                format!("unknown variant '{name}'; the variants are: {VARIANT}"),
            );
            return None;
        }
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
        let mut config = Config::default();
        for (key, value) in map {
            let at = field_path(&options_path, key);
            match key.as_str() {
                "strain" => match value.as_str().and_then(parse_strain) {
                    Some(trump) => config.trump = trump,
                    None => problems.push(&at, format!("expected S, H, D, C or NT, got {value}")),
                },
                "declarer" => match parse_seat(value) {
                    Some(seat) => config.declarer = seat,
                    None => problems.push(
                        &at,
                        format!("expected a seat 0..3 or N, E, S, W, got {value}"),
                    ),
                },
                _ => problems.push(&at, "unknown option; the options are: strain, declarer"),
            }
        }
        (problems.0.len() == before).then_some(config)
    }
}
