//! Rule options of Muschik (the config names of spec sections 2.3, 3, 4 and 7), the presets
//! of the four table sizes, and how a request's `variant` and `options` resolve into a [`Config`].

use super::cards;
use crate::games::options::{self, or_null, Opt, Values};
use crate::problems::{field_path, Problems};
use serde_json::{json, Map, Value};

named_enum!(
    pub enum Variant {
        Muschik = "muschik",
        Muschik4 = "muschik4",
        Muschik3 = "muschik3",
        Muschik2 = "muschik2",
    }
    pub enum ParticipationFloor {
        ForceIn = "force_in",
        VoidDeal = "void_deal_if_lt2",
        LoneTakesAll = "lone_player_takes_all",
    }
    pub enum SwapTiming {
        AfterExchange = "after_exchange",
        BeforeExchange = "before_exchange",
    }
    pub enum DoubleRoundOrder {
        ClockwiseFromDealer = "clockwise_from_dealer",
        BySeat = "by_seat",
    }
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

config! {
    /// Every rule option of one deal and its match.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Config for variant: Variant {
        variant: Variant = variant;
        /// 5 in `muschik`, else the number in the variant's name.
        num_players: u8 = 5 - variant as u8 => (custom Opt {
            name: "num_players",
            values: Values::Int(2, 5),
            rule: "2.3",
            description: "players at the table; sets the default deck_ranks",
            note: Some("5 is the game; 2 to 4 are the variants of spec 2.3"),
            read: |c, v| {
                c.num_players = options::int(v, 2, 5)? as u8;
                c.deck_ranks = cards::default_ranks(c.num_players);
                Ok(())
            },
            write: |c| json!(c.num_players),
        });
        /// The ranks in play, bit `power` set for each (spec 2.3).
        deck_ranks: u8 = cards::default_ranks(5 - variant as u8) => (with(
            Values::Schema(|| json!({ "type": "string" })),
            |v| {
                let expected = "rank letters of 789TJQKA such as \"9TJQKA\"";
                match v.as_str().map(cards::parse_ranks) {
                    Some(Ok(ranks)) => Ok(ranks),
                    Some(Err(letter)) => Err(format!("{expected} ('{letter}' is not a rank)")),
                    None => Err(expected.to_string()),
                }
            },
            |ranks| json!(cards::ranks_text(*ranks))), "2.3", "the ranks in play in every suit",
            note "rank letters of 789TJQKA; default by table size: 789TJQKA, 89TJQKA, 9TJQKA, JQKA");
        first_dealer: FirstDealer = FirstDealer::Random => (with(
            Values::Schema(|| json!({ "type": ["string", "integer"] })),
            |v| match (v.as_str(), v.as_u64()) {
                (Some("random"), _) => Ok(FirstDealer::Random),
                (Some("draw"), _) => Ok(FirstDealer::Draw),
                (_, Some(seat)) if seat < 5 => Ok(FirstDealer::Seat(seat as u8)),
                _ => Err("'random', 'draw' or a seat number"),
            },
            |dealer| match dealer {
                FirstDealer::Random => json!("random"),
                FirstDealer::Draw => json!("draw"),
                FirstDealer::Seat(s) => json!(s),
            }), "7.1", "who deals the first deal of a match",
            note "random, draw (lowest card deals, ties draw again) or a seat");
        /// With `force_in`, the smallest table a deal is played with (spec 4.1).
        min_participants: u8 = 2 => (int(1, 5), "7.7",
            "the fewest players a deal is played with: the last to decide are forced in",
            note "force_in only: the last deciders are forced in below it");
        participation_floor: ParticipationFloor = ParticipationFloor::ForceIn => (named, "7.7",
            "too few joiners: force the last in, void the deal, or the lone joiner takes all tricks");
        exchange_passes: u8 = 1 => (int(0, 5), "7.4",
            "how many times the stock exchange goes round the participants",
            note "times round the table the stock exchange goes");
        dealer_swap_timing: SwapTiming = SwapTiming::AfterExchange => (named, "7.6",
            "whether the dealer swaps for the turned trump card after or before the exchange");
        clamp_at_zero: bool = true => (flag, "7.13", "whether countdown points stop at 0");
        double_round_order: DoubleRoundOrder = DoubleRoundOrder::ClockwiseFromDealer => (named, "7.16",
            "the order of the double rounds: clockwise from the dealer, or by seat");
        must_play_at_cp1: bool = false => (flag, "7.18", "whether a player on 1 countdown point must join");
        max_consecutive_sitouts: Option<u8> = None => (with(
            Values::Schema(|| json!({ "type": ["integer", "null"], "minimum": 1 })),
            |v| or_null(v, |v| options::int(v, 1, 255).map(|n| n as u8).map_err(|_| "null (no limit) or an integer 1..=255")),
            |n| json!(n)), "7.18", "the most deals in a row a player may sit out; null: no limit");
        /// The unit of the engine's payoff: countdown points removed this deal, or match points.
        payoff: PayoffUnit = PayoffUnit::Countdown => (named, "5.3",
            "the engine's payoff: countdown points removed this deal, or match points");
    }
    impl Declared {
        default: Variant::Muschik,
        rules: "docs/rules/muschik.md",
        settle: Config::check,
    }
}

/// Every round starts at this many countdown points; a double round may choose the other.
pub const START_CP: i32 = 15;
pub const DOUBLE_START_CHOICES: [i32; 2] = [15, 20];

impl Config {
    /// Refuses combinations of options that cannot be played.
    fn check(&self, _given: &Map<String, Value>, path: &str, problems: &mut Problems) {
        let (n, deck) = (self.num_players, cards::deck(self.deck_ranks).len());
        let (min, floor) = (self.min_participants, self.participation_floor);
        let mut wrong = |key: &str, why: String| problems.push(&field_path(path, key), why);
        if deck < 5 * n as u32 + 1 {
            let why = format!("{deck} cards cannot deal 5 to each of {n} players");
            wrong("deck_ranks", format!("{why} and turn a trump card"));
        }
        if let FirstDealer::Seat(seat) = self.first_dealer {
            if seat >= n {
                let why = format!("seat {seat} does not play; seats are 0..{}", n - 1);
                wrong("first_dealer", why);
            }
        }
        if min > n {
            let why = format!("{min} participants cannot come from {n} players");
            wrong("min_participants", why);
        }
        if floor != ParticipationFloor::ForceIn && min != 2 {
            let why = "replaces the forced entry; min_participants applies only to force_in";
            wrong("min_participants", format!("'{}' {why}", floor.name()));
        }
    }
}
