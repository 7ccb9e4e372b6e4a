//! The contract of a bridge deal as rule options: the strain and the declarer.
//!
//! There is one variant, `bridge`; its presets are no trump with North declaring. A request
//! may name the declarer by seat number (0 North, 1 East, 2 South, 3 West) or by letter.

use crate::games::options::Values;
use crate::games::wire::parse_suit;
use crate::suited::Suit;
use serde_json::{json, Value};

/// The seat letters, seat 0 first: North, East, South, West.
pub const SEAT_LETTERS: [char; 4] = ['N', 'E', 'S', 'W'];

named_enum!(
    /// The only variant.
    pub enum Variant {
        Bridge = "bridge",
    }
);

/// The only variant's name.
pub const VARIANT: &str = Variant::Bridge.name();

/// A strain's name: `S`, `H`, `D`, `C` or `NT`.
pub fn strain_name(trump: Option<Suit>) -> String {
    trump.map_or("NT".to_string(), |s| s.letter().to_string())
}

pub fn parse_strain(text: &str) -> Option<Option<Suit>> {
    match text {
        "NT" | "N" => Some(None),
        _ => parse_suit(text).ok().map(Some),
    }
}

/// A seat given as a number 0..4 or a letter N, E, S, W.
pub fn parse_seat(value: &Value) -> Option<u8> {
    let seat = match value {
        Value::String(s) => SEAT_LETTERS.iter().position(|&c| s.chars().eq([c]))?,
        v => v.as_u64().filter(|&s| s < 4)? as usize,
    };
    Some(seat as u8)
}

config! {
    /// The contract's strain and declarer; the default is no trump by North.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct Config for _variant: Variant {
        /// The trump suit; `None` is no trump.
        trump: Option<Suit> = None => (with(
            Values::Names(&["S", "H", "D", "C", "NT"]),
            |v| v.as_str().and_then(parse_strain).ok_or("S, H, D, C or NT"),
            |trump| json!(strain_name(*trump))) as "strain", "Definitions", "the contract's strain",
            note "the trump suit, or NT for no trump");
        /// The declarer's seat, 0..4.
        declarer: u8 = 0 => (with(
            Values::Schema(|| json!({ "type": ["integer", "string"], "enum": [0, 1, 2, 3, "N", "E", "S", "W"] })),
            |v| parse_seat(v).ok_or("a seat 0..3 or N, E, S, W"),
            |d| json!(d)), "Law 41", "the seat that plays the contract",
            note "the declarer's seat (0 North, 1 East, 2 South, 3 West); its left-hand opponent leads, its partner is dummy; answers give the number");
    }
    impl Declared {
        default: Variant::Bridge,
        rules: "Laws of Duplicate Bridge (2017)",
    }
}
