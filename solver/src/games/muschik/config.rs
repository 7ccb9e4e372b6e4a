//! Rule options of Muschik (the config names of spec sections 2.3, 3, 4 and 7), the presets
//! of the four table sizes, and how a request's `variant` and `options` resolve into a [`Config`].

use super::cards;
use crate::problems::{field_path, kind, Problems};
use serde_json::{json, Map, Value};

named_enum!(
    pub enum Variant {
        Muschik = "muschik",
        Muschik4 = "muschik4",
        Muschik3 = "muschik3",
        Muschik2 = "muschik2",
    }
);
named_enum!(
    pub enum ParticipationFloor {
        ForceIn = "force_in",
        VoidDeal = "void_deal_if_lt2",
        LoneTakesAll = "lone_player_takes_all",
    }
);
named_enum!(
    pub enum SwapTiming {
        AfterExchange = "after_exchange",
        BeforeExchange = "before_exchange",
    }
);
named_enum!(
    pub enum DoubleRoundOrder {
        ClockwiseFromDealer = "clockwise_from_dealer",
        BySeat = "by_seat",
    }
);
named_enum!(
    pub enum PayoffUnit {
        Countdown = "countdown",
        MatchPoints = "match_points",
    }
);

/// Who deals the first deal of a match (spec 7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirstDealer {
    /// Uniformly random: the distribution of the draw, from one random number.
    Random,
    /// Every player draws a card; the lowest rank deals; tied players draw again.
    Draw,
    Seat(u8),
}

/// Every rule option of one deal and its match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    pub variant: Variant,
    pub num_players: u8,
    /// The ranks in play, bit `power` set for each (spec 2.3).
    pub deck_ranks: u8,
    pub first_dealer: FirstDealer,
    /// With `force_in`, the smallest table a deal is played with (spec 4.1).
    pub min_participants: u8,
    pub participation_floor: ParticipationFloor,
    pub exchange_passes: u8,
    pub dealer_swap_timing: SwapTiming,
    pub clamp_at_zero: bool,
    pub double_round_order: DoubleRoundOrder,
    pub must_play_at_cp1: bool,
    pub max_consecutive_sitouts: Option<u8>,
    /// The unit of the engine's payoff: countdown points removed this deal, or match points.
    pub payoff: PayoffUnit,
}

/// Every round starts at this many countdown points; a double round may choose the other.
pub const START_CP: i32 = 15;
pub const DOUBLE_START_CHOICES: [i32; 2] = [15, 20];

impl Config {
    pub fn preset(variant: Variant) -> Config {
        let num_players = match variant {
            Variant::Muschik => 5,
            Variant::Muschik4 => 4,
            Variant::Muschik3 => 3,
            Variant::Muschik2 => 2,
        };
        Config {
            variant,
            num_players,
            deck_ranks: cards::default_ranks(num_players),
            first_dealer: FirstDealer::Random,
            min_participants: 2,
            participation_floor: ParticipationFloor::ForceIn,
            exchange_passes: 1,
            dealer_swap_timing: SwapTiming::AfterExchange,
            clamp_at_zero: true,
            double_round_order: DoubleRoundOrder::ClockwiseFromDealer,
            must_play_at_cp1: false,
            max_consecutive_sitouts: None,
            payoff: PayoffUnit::Countdown,
        }
    }

    pub fn seats(&self) -> usize {
        self.num_players as usize
    }

    /// The cards left for the stock after the hands and the trump card.
    pub fn stock_size(&self) -> usize {
        cards::deck(self.deck_ranks).len() as usize - 5 * self.seats() - 1
    }

    pub fn options_json(&self) -> Value {
        json!({
            "num_players": self.num_players,
            "deck_ranks": cards::ranks_text(self.deck_ranks),
            "first_dealer": match self.first_dealer {
                FirstDealer::Random => json!("random"),
                FirstDealer::Draw => json!("draw"),
                FirstDealer::Seat(s) => json!(s),
            },
            "min_participants": self.min_participants,
            "participation_floor": self.participation_floor.name(),
            "exchange_passes": self.exchange_passes,
            "dealer_swap_timing": self.dealer_swap_timing.name(),
            "clamp_at_zero": self.clamp_at_zero,
            "double_round_order": self.double_round_order.name(),
            "must_play_at_cp1": self.must_play_at_cp1,
            "max_consecutive_sitouts": self.max_consecutive_sitouts,
            "payoff": self.payoff.name(),
        })
    }

    pub fn option_catalogue() -> Value {
        let names = |values: &[&str]| json!({ "type": "string", "enum": values });
        json!({
            "num_players": { "type": "integer", "minimum": 2, "maximum": 5, "note": "5 is the game; 2 to 4 are the variants of spec 2.3" },
            "deck_ranks": { "type": "string", "note": "rank letters of 789TJQKA; default by table size: 789TJQKA, 89TJQKA, 9TJQKA, JQKA" },
            "first_dealer": { "type": ["string", "integer"], "note": "random, draw (lowest card deals, ties draw again) or a seat" },
            "min_participants": { "type": "integer", "minimum": 1, "note": "force_in only: the last deciders are forced in below it" },
            "participation_floor": names(ParticipationFloor::NAMES),
            "exchange_passes": { "type": "integer", "minimum": 0, "maximum": 5, "note": "times round the table the stock exchange goes" },
            "dealer_swap_timing": names(SwapTiming::NAMES),
            "clamp_at_zero": { "type": "boolean" },
            "double_round_order": names(DoubleRoundOrder::NAMES),
            "must_play_at_cp1": { "type": "boolean" },
            "max_consecutive_sitouts": { "type": ["integer", "null"], "minimum": 1 },
            "payoff": names(PayoffUnit::NAMES),
        })
    }

    /// Resolves `variant` (default `muschik`) and `options` of the object at `path`.
    pub fn resolve(
        variant: Option<&str>,
        options: Option<&Value>,
        path: &str,
        problems: &mut Problems,
    ) -> Option<Config> {
        let variant = match variant {
            None => Variant::Muschik,
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
        let at = |key: &str| field_path(&options_path, key);
        for (key, value) in map {
            let c = &mut config;
            let path = at(key);
            let mut wrong =
                |expected: &str| problems.push(&path, format!("expected {expected}, got {value}"));
            match key.as_str() {
                "num_players" => match value.as_u64().filter(|n| (2..=5).contains(n)) {
                    Some(n) => {
                        c.num_players = n as u8;
                        c.deck_ranks = cards::default_ranks(n as u8);
                    }
                    None => wrong("an integer 2..=5"),
                },
                "deck_ranks" => {}
                "first_dealer" => match (value.as_str(), value.as_u64()) {
                    (Some("random"), _) => c.first_dealer = FirstDealer::Random,
                    (Some("draw"), _) => c.first_dealer = FirstDealer::Draw,
                    (_, Some(seat)) if seat < 5 => c.first_dealer = FirstDealer::Seat(seat as u8),
                    _ => wrong("'random', 'draw' or a seat number"),
                },
                "min_participants" => match value.as_u64().filter(|n| (1..=5).contains(n)) {
                    Some(n) => c.min_participants = n as u8,
                    None => wrong("an integer 1..=5"),
                },
                "participation_floor" => set_named(
                    &mut c.participation_floor,
                    value,
                    ParticipationFloor::from_name,
                    ParticipationFloor::NAMES,
                    wrong,
                ),
                "exchange_passes" => match value.as_u64().filter(|n| *n <= 5) {
                    Some(n) => c.exchange_passes = n as u8,
                    None => wrong("an integer 0..=5"),
                },
                "dealer_swap_timing" => set_named(
                    &mut c.dealer_swap_timing,
                    value,
                    SwapTiming::from_name,
                    SwapTiming::NAMES,
                    wrong,
                ),
                "clamp_at_zero" => set_bool(&mut c.clamp_at_zero, value, wrong),
                "double_round_order" => set_named(
                    &mut c.double_round_order,
                    value,
                    DoubleRoundOrder::from_name,
                    DoubleRoundOrder::NAMES,
                    wrong,
                ),
                "must_play_at_cp1" => set_bool(&mut c.must_play_at_cp1, value, wrong),
                "max_consecutive_sitouts" => match (
                    value.is_null(),
                    value.as_u64().filter(|n| (1..=255).contains(n)),
                ) {
                    (true, _) => c.max_consecutive_sitouts = None,
                    (_, Some(n)) => c.max_consecutive_sitouts = Some(n as u8),
                    _ => wrong("null (no limit) or an integer 1..=255"),
                },
                "payoff" => set_named(
                    &mut c.payoff,
                    value,
                    PayoffUnit::from_name,
                    PayoffUnit::NAMES,
                    wrong,
                ),
                _ => problems.push(
                    &path,
                    format!(
                        "unknown option; the options are: {}",
                        Config::option_names().join(", ")
                    ),
                ),
            }
        }
        // The deck follows the table size unless given, so it is read after `num_players`.
        if let Some(value) = map.get("deck_ranks") {
            match value.as_str().map(cards::parse_ranks) {
                Some(Ok(ranks)) => config.deck_ranks = ranks,
                Some(Err(letter)) => problems.push(
                    &at("deck_ranks"),
                    format!("'{letter}' is not a rank; ranks are 7 8 9 T J Q K A"),
                ),
                None => problems.push(
                    &at("deck_ranks"),
                    format!("expected a string of rank letters such as \"9TJQKA\", got {value}"),
                ),
            }
        }
        if problems.0.len() == before {
            config.check(&options_path, problems);
        }
        (problems.0.len() == before).then_some(config)
    }

    fn option_names() -> Vec<String> {
        let catalogue = Config::option_catalogue();
        catalogue
            .as_object()
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// Combinations of options that cannot be played.
    fn check(&self, path: &str, problems: &mut Problems) {
        let at = |key: &str| field_path(path, key);
        let n = self.num_players;
        let deck = cards::deck(self.deck_ranks).len() as usize;
        if deck < 5 * self.seats() + 1 {
            problems.push(
                &at("deck_ranks"),
                format!("{deck} cards cannot deal 5 to each of {n} players and turn a trump card"),
            );
        }
        if let FirstDealer::Seat(seat) = self.first_dealer {
            if seat >= n {
                problems.push(
                    &at("first_dealer"),
                    format!("seat {seat} does not play; seats are 0..{}", n - 1),
                );
            }
        }
        if self.min_participants > n {
            problems.push(
                &at("min_participants"),
                format!(
                    "{} participants cannot come from {n} players",
                    self.min_participants
                ),
            );
        }
        if self.participation_floor != ParticipationFloor::ForceIn && self.min_participants != 2 {
            problems.push(
                &at("min_participants"),
                format!(
                    "'{}' replaces the forced entry; min_participants applies only to force_in",
                    self.participation_floor.name()
                ),
            );
        }
    }
}

fn set_named<T>(
    slot: &mut T,
    value: &Value,
    from_name: fn(&str) -> Option<T>,
    names: &[&str],
    wrong: impl FnOnce(&str),
) {
    match value.as_str().and_then(from_name) {
        Some(v) => *slot = v,
        None => wrong(&format!("one of {}", names.join(", "))),
    }
}

fn set_bool(slot: &mut bool, value: &Value, wrong: impl FnOnce(&str)) {
    match value.as_bool() {
        Some(b) => *slot = b,
        None => wrong("true or false"),
    }
}
