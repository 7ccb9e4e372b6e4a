//! Rule options of the Marjapussi family (spec section 2.7 and the config names of section 7),
//! their presets, and how a request's `variant` and `options` resolve into one [`Config`].

use crate::cards::Card;
use crate::problems::{field_path, kind, Problems};
use serde_json::{json, Map, Value};

named_enum!(
    pub enum Variant {
        Marjapussi = "marjapussi",
        Huutopussi = "huutopussi",
        Erlangen = "erlangen",
        Huutopussi3 = "huutopussi3",
    }
);
named_enum!(
    pub enum CardValues {
        Original = "original",
        Simplified = "simplified",
    }
);
named_enum!(
    pub enum MarriageValues {
        HeartsHigh = "hearts_high",
        Bridge = "bridge",
    }
);
named_enum!(
    pub enum AllPass {
        Impossible = "impossible",
        PlayWithoutContract = "play_without_contract",
        TalonToLastTrick = "talon_to_last_trick",
    }
);
named_enum!(
    pub enum FirstLeader {
        Forehand = "forehand",
        Declarer = "declarer",
    }
);
named_enum!(
    pub enum LeadRule {
        Free = "none",
        Ace = "ace",
        AceThenSpade = "ace_then_spade",
    }
);
named_enum!(
    pub enum DeclareRight {
        TrickWinner = "trick_winner",
        LeaderAndWinner = "leader_and_winner",
    }
);
named_enum!(
    pub enum TrumpOnMarriage {
        FirstOnly = "first_only",
        Every = "every",
    }
);
named_enum!(
    pub enum Asks {
        WholeAndHalf = "whole_and_half",
        Whole = "whole",
        Half = "half",
        Off = "none",
    }
);
named_enum!(
    pub enum NoTrickRule {
        ResetToZero = "reset_to_zero",
        Laepaeri = "laepaeri",
        Porvoo = "porvoo",
        PorvooTeam = "porvoo_team",
        PorvooIndividual = "porvoo_individual",
    }
);
named_enum!(
    pub enum Rounding {
        Exact = "none",
        Nearest5 = "nearest5",
    }
);
named_enum!(
    pub enum CardTieCarry {
        Off = "none",
        CarryOne = "carry_one",
        CarryAccumulate = "carry_accumulate",
    }
);
named_enum!(
    pub enum TieRule {
        PlayOn = "play_on",
        Draw = "draw",
    }
);
named_enum!(
    pub enum Base {
        Helsinki = "helsinki",
        Erlangen = "erlangen",
    }
);
named_enum!(
    pub enum TalonHandling {
        Discard3 = "discard3",
        GiveOneEach = "give_one_each",
    }
);
named_enum!(
    pub enum DoubleTiming {
        OwnTurn = "own_turn",
        PollAll = "poll_all",
    }
);

/// Every rule option of one hand and match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    pub variant: Variant,
    pub deck_size: u8,
    pub card_values: CardValues,
    pub last_trick_bonus: i32,
    pub marriage_values: MarriageValues,
    pub bidding: bool,
    pub opening_obligation: bool,
    pub min_bid: i32,
    pub bid_step: i32,
    pub max_bid: i32,
    pub all_pass: AllPass,
    pub redeal_right: bool,
    pub exchange_count: u8,
    pub contract_raise: bool,
    pub first_leader: FirstLeader,
    pub first_lead_rule: LeadRule,
    pub ace_must_show: bool,
    pub overtake_duty: bool,
    pub declare_right: DeclareRight,
    pub trump_on_marriage: TrumpOnMarriage,
    pub asks: Asks,
    pub half_ask_requires_card: bool,
    pub kontra_re: bool,
    pub double_timing: DoubleTiming,
    pub no_trick_rule: NoTrickRule,
    pub rounding: Rounding,
    pub target: i32,
    pub bid_ban_threshold: i32,
    pub bid_ban_blocks_raise: bool,
    pub overshoot_reset: i32,
    pub both_at_target: TieRule,
    pub tie_at_target: TieRule,
    pub card_tie_carry: CardTieCarry,
    pub first_deal_leader_card: Option<Card>,
    pub allow_declare_after_last_trick: bool,
    pub porvoo_factor: i32,
    pub declarer_no_trick_extra: i32,
    pub base: Base,
    pub talon_handling: TalonHandling,
    pub talon_revealed: bool,
    pub discard_forbid_ace_ten: bool,
    pub discard_needs_trick: bool,
}

impl Config {
    pub fn preset(variant: Variant) -> Config {
        let marjapussi = Config {
            variant,
            deck_size: 36,
            card_values: CardValues::Original,
            last_trick_bonus: 1,
            marriage_values: MarriageValues::HeartsHigh,
            bidding: false,
            opening_obligation: false,
            min_bid: 50,
            bid_step: 5,
            max_bid: 440,
            all_pass: AllPass::Impossible,
            redeal_right: false,
            exchange_count: 3,
            contract_raise: false,
            first_leader: FirstLeader::Forehand,
            first_lead_rule: LeadRule::Free,
            ace_must_show: false,
            overtake_duty: true,
            declare_right: DeclareRight::TrickWinner,
            trump_on_marriage: TrumpOnMarriage::FirstOnly,
            asks: Asks::WholeAndHalf,
            half_ask_requires_card: true,
            kontra_re: false,
            double_timing: DoubleTiming::OwnTurn,
            no_trick_rule: NoTrickRule::ResetToZero,
            rounding: Rounding::Exact,
            target: 10,
            bid_ban_threshold: -500,
            bid_ban_blocks_raise: true,
            overshoot_reset: 7,
            both_at_target: TieRule::Draw,
            tie_at_target: TieRule::PlayOn,
            card_tie_carry: CardTieCarry::Off,
            first_deal_leader_card: None,
            allow_declare_after_last_trick: false,
            porvoo_factor: 1,
            declarer_no_trick_extra: 0,
            base: Base::Helsinki,
            talon_handling: TalonHandling::Discard3,
            talon_revealed: true,
            discard_forbid_ace_ten: false,
            discard_needs_trick: false,
        };
        let helsinki = Config {
            card_values: CardValues::Simplified,
            last_trick_bonus: 20,
            bidding: true,
            opening_obligation: true,
            redeal_right: true,
            contract_raise: true,
            first_leader: FirstLeader::Declarer,
            declare_right: DeclareRight::LeaderAndWinner,
            trump_on_marriage: TrumpOnMarriage::Every,
            no_trick_rule: NoTrickRule::Laepaeri,
            target: 500,
            ..marjapussi
        };
        let mut config = match variant {
            Variant::Marjapussi => marjapussi,
            Variant::Huutopussi => helsinki,
            Variant::Erlangen => Config {
                card_values: CardValues::Original,
                opening_obligation: false,
                min_bid: 120,
                all_pass: AllPass::PlayWithoutContract,
                exchange_count: 4,
                first_lead_rule: LeadRule::AceThenSpade,
                ace_must_show: true,
                declare_right: DeclareRight::TrickWinner,
                half_ask_requires_card: false,
                kontra_re: true,
                no_trick_rule: NoTrickRule::Porvoo,
                rounding: Rounding::Nearest5,
                ..helsinki
            },
            Variant::Huutopussi3 => Config {
                asks: Asks::Off,
                no_trick_rule: NoTrickRule::PorvooTeam,
                ..helsinki
            },
        };
        config.max_bid = config.ceiling();
        config
    }

    /// The options that `base` decides in `huutopussi3` (spec 7.28).
    fn apply_base(&mut self, base: Base) {
        self.base = base;
        match base {
            Base::Helsinki => {
                self.card_values = CardValues::Simplified;
                self.declare_right = DeclareRight::LeaderAndWinner;
                self.rounding = Rounding::Exact;
            }
            Base::Erlangen => {
                self.card_values = CardValues::Original;
                self.declare_right = DeclareRight::TrickWinner;
                self.rounding = Rounding::Nearest5;
            }
        }
        self.last_trick_bonus = 20;
        self.max_bid = self.ceiling();
    }

    /// The most points one hand can give: card points, last trick and all four marriages.
    pub fn ceiling(&self) -> i32 {
        let cards = match self.card_values {
            CardValues::Original => 120,
            CardValues::Simplified => 140,
        };
        cards + self.last_trick_bonus + 280
    }

    pub fn seats(&self) -> usize {
        if self.variant == Variant::Huutopussi3 {
            3
        } else {
            4
        }
    }

    /// The options as JSON, every key present.
    pub fn options_json(&self, card_name: impl Fn(Card) -> String) -> Value {
        json!({
            "deck_size": self.deck_size,
            "card_values": self.card_values.name(),
            "last_trick_bonus": self.last_trick_bonus,
            "marriage_values": self.marriage_values.name(),
            "bidding": self.bidding,
            "opening_obligation": self.opening_obligation,
            "min_bid": self.min_bid,
            "bid_step": self.bid_step,
            "max_bid": self.max_bid,
            "all_pass": self.all_pass.name(),
            "redeal_right": self.redeal_right,
            "exchange_count": self.exchange_count,
            "contract_raise": self.contract_raise,
            "first_leader": self.first_leader.name(),
            "first_lead_rule": self.first_lead_rule.name(),
            "ace_must_show": self.ace_must_show,
            "overtake_duty": self.overtake_duty,
            "declare_right": self.declare_right.name(),
            "trump_on_marriage": self.trump_on_marriage.name(),
            "asks": self.asks.name(),
            "half_ask_requires_card": self.half_ask_requires_card,
            "kontra_re": self.kontra_re,
            "double_timing": self.double_timing.name(),
            "no_trick_rule": self.no_trick_rule.name(),
            "rounding": self.rounding.name(),
            "target": self.target,
            "bid_ban_threshold": self.bid_ban_threshold,
            "bid_ban_blocks_raise": self.bid_ban_blocks_raise,
            "overshoot_reset": self.overshoot_reset,
            "both_at_target": self.both_at_target.name(),
            "tie_at_target": self.tie_at_target.name(),
            "card_tie_carry": self.card_tie_carry.name(),
            "first_deal_leader_card": self.first_deal_leader_card.map(card_name),
            "allow_declare_after_last_trick": self.allow_declare_after_last_trick,
            "porvoo_factor": self.porvoo_factor,
            "declarer_no_trick_extra": self.declarer_no_trick_extra,
            "base": self.base.name(),
            "talon_handling": self.talon_handling.name(),
            "talon_revealed": self.talon_revealed,
            "discard_forbid_ace_ten": self.discard_forbid_ace_ten,
            "discard_needs_trick": self.discard_needs_trick,
        })
    }

    /// The catalogue's description of every option: its kind and allowed values.
    pub fn option_catalogue() -> Value {
        let names = |values: &[&str]| json!({ "type": "string", "enum": values });
        json!({
            "deck_size": { "type": "integer", "enum": [36, 32, 28], "note": "32 and 28 only in marjapussi" },
            "card_values": names(CardValues::NAMES),
            "last_trick_bonus": { "type": "integer", "minimum": 0 },
            "marriage_values": names(MarriageValues::NAMES),
            "bidding": { "type": "boolean" },
            "opening_obligation": { "type": "boolean" },
            "min_bid": { "type": "integer", "minimum": 0 },
            "bid_step": { "type": "integer", "minimum": 1 },
            "max_bid": { "type": "integer", "note": "defaults to the most points a hand can give" },
            "all_pass": names(AllPass::NAMES),
            "redeal_right": { "type": "boolean" },
            "exchange_count": { "type": "integer", "minimum": 1, "maximum": 8 },
            "contract_raise": { "type": "boolean" },
            "first_leader": names(FirstLeader::NAMES),
            "first_lead_rule": names(LeadRule::NAMES),
            "ace_must_show": { "type": "boolean" },
            "overtake_duty": { "type": "boolean" },
            "declare_right": names(DeclareRight::NAMES),
            "trump_on_marriage": names(TrumpOnMarriage::NAMES),
            "asks": names(Asks::NAMES),
            "half_ask_requires_card": { "type": "boolean" },
            "kontra_re": { "type": "boolean" },
            "double_timing": names(DoubleTiming::NAMES),
            "no_trick_rule": names(NoTrickRule::NAMES),
            "rounding": names(Rounding::NAMES),
            "target": { "type": "integer", "minimum": 1 },
            "bid_ban_threshold": { "type": "integer" },
            "bid_ban_blocks_raise": { "type": "boolean" },
            "overshoot_reset": { "type": "integer", "minimum": 0 },
            "both_at_target": names(TieRule::NAMES),
            "tie_at_target": names(TieRule::NAMES),
            "card_tie_carry": names(CardTieCarry::NAMES),
            "first_deal_leader_card": { "type": ["string", "null"], "note": "a card such as SA" },
            "allow_declare_after_last_trick": { "type": "boolean" },
            "porvoo_factor": { "type": "integer", "minimum": 0 },
            "declarer_no_trick_extra": { "type": "integer", "minimum": 0 },
            "base": names(Base::NAMES),
            "talon_handling": names(TalonHandling::NAMES),
            "talon_revealed": { "type": "boolean" },
            "discard_forbid_ace_ten": { "type": "boolean" },
            "discard_needs_trick": { "type": "boolean" },
        })
    }

    /// Resolves `variant` (default `marjapussi`) and `options` found in the object at `path`.
    pub fn resolve(
        variant: Option<&str>,
        options: Option<&Value>,
        path: &str,
        parse_card: impl Fn(&str) -> Option<Card>,
        problems: &mut Problems,
    ) -> Option<Config> {
        let variant = match variant {
            None => Variant::Marjapussi,
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
        if let Some(base) = map.get("base") {
            if let Some(b) = OptionReader::new(&options_path, "base", base, problems)
                .named(Base::from_name, Base::NAMES)
            {
                config.apply_base(b);
            }
        }
        for (key, value) in map {
            let mut r = OptionReader::new(&options_path, key, value, problems);
            let c = &mut config;
            match key.as_str() {
                "base" => {}
                "deck_size" => r.set(
                    &mut c.deck_size,
                    |v| {
                        v.as_u64()
                            .filter(|n| [36, 32, 28].contains(n))
                            .map(|n| n as u8)
                    },
                    "36, 32 or 28",
                ),
                "card_values" => {
                    r.set_named(&mut c.card_values, CardValues::from_name, CardValues::NAMES)
                }
                "last_trick_bonus" => r.set_int(&mut c.last_trick_bonus, 0, 1000),
                "marriage_values" => r.set_named(
                    &mut c.marriage_values,
                    MarriageValues::from_name,
                    MarriageValues::NAMES,
                ),
                "bidding" => r.set_bool(&mut c.bidding),
                "opening_obligation" => r.set_bool(&mut c.opening_obligation),
                "min_bid" => r.set_int(&mut c.min_bid, 0, 10_000),
                "bid_step" => r.set_int(&mut c.bid_step, 1, 1000),
                "max_bid" => r.set_int(&mut c.max_bid, 0, 10_000),
                "all_pass" => r.set_named(&mut c.all_pass, AllPass::from_name, AllPass::NAMES),
                "redeal_right" => r.set_bool(&mut c.redeal_right),
                "exchange_count" => r.set(
                    &mut c.exchange_count,
                    |v| v.as_u64().filter(|n| (1..=8).contains(n)).map(|n| n as u8),
                    "an integer 1..=8",
                ),
                "contract_raise" => r.set_bool(&mut c.contract_raise),
                "first_leader" => r.set_named(
                    &mut c.first_leader,
                    FirstLeader::from_name,
                    FirstLeader::NAMES,
                ),
                "first_lead_rule" => {
                    r.set_named(&mut c.first_lead_rule, LeadRule::from_name, LeadRule::NAMES)
                }
                "ace_must_show" => r.set_bool(&mut c.ace_must_show),
                "overtake_duty" => r.set_bool(&mut c.overtake_duty),
                "declare_right" => r.set_named(
                    &mut c.declare_right,
                    DeclareRight::from_name,
                    DeclareRight::NAMES,
                ),
                "trump_on_marriage" => r.set_named(
                    &mut c.trump_on_marriage,
                    TrumpOnMarriage::from_name,
                    TrumpOnMarriage::NAMES,
                ),
                "asks" => r.set_named(&mut c.asks, Asks::from_name, Asks::NAMES),
                "half_ask_requires_card" => r.set_bool(&mut c.half_ask_requires_card),
                "kontra_re" => r.set_bool(&mut c.kontra_re),
                "double_timing" => r.set_named(
                    &mut c.double_timing,
                    DoubleTiming::from_name,
                    DoubleTiming::NAMES,
                ),
                "no_trick_rule" => r.set_named(
                    &mut c.no_trick_rule,
                    NoTrickRule::from_name,
                    NoTrickRule::NAMES,
                ),
                "rounding" => r.set_named(&mut c.rounding, Rounding::from_name, Rounding::NAMES),
                "target" => r.set_int(&mut c.target, 1, 1_000_000),
                "bid_ban_threshold" => r.set_int(&mut c.bid_ban_threshold, -1_000_000, 0),
                "bid_ban_blocks_raise" => r.set_bool(&mut c.bid_ban_blocks_raise),
                "overshoot_reset" => r.set_int(&mut c.overshoot_reset, 0, 1_000_000),
                "both_at_target" => {
                    r.set_named(&mut c.both_at_target, TieRule::from_name, TieRule::NAMES)
                }
                "tie_at_target" => {
                    r.set_named(&mut c.tie_at_target, TieRule::from_name, TieRule::NAMES)
                }
                "card_tie_carry" => r.set_named(
                    &mut c.card_tie_carry,
                    CardTieCarry::from_name,
                    CardTieCarry::NAMES,
                ),
                "first_deal_leader_card" => {
                    if value.is_null() {
                        c.first_deal_leader_card = None;
                    } else {
                        r.set(
                            &mut c.first_deal_leader_card,
                            |v| v.as_str().and_then(&parse_card).map(Some),
                            "a card of the deck, such as SA",
                        );
                    }
                }
                "allow_declare_after_last_trick" => {
                    r.set_bool(&mut c.allow_declare_after_last_trick)
                }
                "porvoo_factor" => r.set_int(&mut c.porvoo_factor, 0, 100),
                "declarer_no_trick_extra" => r.set_int(&mut c.declarer_no_trick_extra, 0, 100),
                "talon_handling" => r.set_named(
                    &mut c.talon_handling,
                    TalonHandling::from_name,
                    TalonHandling::NAMES,
                ),
                "talon_revealed" => r.set_bool(&mut c.talon_revealed),
                "discard_forbid_ace_ten" => r.set_bool(&mut c.discard_forbid_ace_ten),
                "discard_needs_trick" => r.set_bool(&mut c.discard_needs_trick),
                _ => r.unknown(),
            }
        }
        let sets_ceiling = map.contains_key("card_values") || map.contains_key("last_trick_bonus");
        if sets_ceiling && !map.contains_key("max_bid") {
            config.max_bid = config.ceiling();
        }
        config.check(&options_path, problems);
        (problems.0.len() == before).then_some(config)
    }

    /// Combinations of options that cannot be played.
    fn check(&self, path: &str, problems: &mut Problems) {
        let at = |key: &str| field_path(path, key);
        let marjapussi = self.variant == Variant::Marjapussi;
        if self.deck_size != 36 && !marjapussi {
            problems.push(
                &at("deck_size"),
                "reduced decks are played only in the marjapussi variant (spec 7.31)",
            );
        }
        if self.bidding && marjapussi {
            problems.push(&at("bidding"), "marjapussi is scored in game points and has no contract; use huutopussi or erlangen for bidding");
        }
        if self.bidding && !self.opening_obligation && self.all_pass == AllPass::Impossible {
            problems.push(
                &at("all_pass"),
                "'impossible' needs opening_obligation: without it every player may pass",
            );
        }
        if self.all_pass == AllPass::TalonToLastTrick && self.seats() != 3 {
            problems.push(
                &at("all_pass"),
                "'talon_to_last_trick' needs a talon: only huutopussi3 has one",
            );
        }
        if self.min_bid > self.max_bid {
            problems.push(
                &at("min_bid"),
                format!("min_bid {} is above max_bid {}", self.min_bid, self.max_bid),
            );
        }
        let preset = Config::preset(self.variant);
        if self.seats() == 3 && self.exchange_count != preset.exchange_count {
            problems.push(
                &at("exchange_count"),
                "huutopussi3 has a talon, not an exchange",
            );
        }
        if self.seats() == 4 && self.base != preset.base {
            problems.push(&at("base"), "only huutopussi3 has a base variant");
        }
        if self.seats() == 4 && self.talon_handling != preset.talon_handling {
            problems.push(&at("talon_handling"), "only huutopussi3 has a talon");
        }
    }
}

/// Reads one option's value and reports a wrong one at `options.<key>`.
struct OptionReader<'a> {
    path: String,
    value: &'a Value,
    problems: &'a mut Problems,
}

impl<'a> OptionReader<'a> {
    fn new(
        options_path: &str,
        key: &str,
        value: &'a Value,
        problems: &'a mut Problems,
    ) -> OptionReader<'a> {
        OptionReader {
            path: field_path(options_path, key),
            value,
            problems,
        }
    }

    fn set<T>(&mut self, slot: &mut T, read: impl Fn(&Value) -> Option<T>, expected: &str) {
        match read(self.value) {
            Some(v) => *slot = v,
            None => self.problems.push(
                &self.path,
                format!("expected {expected}, got {}", self.value),
            ),
        }
    }

    fn set_bool(&mut self, slot: &mut bool) {
        self.set(slot, Value::as_bool, "true or false");
    }

    fn set_int(&mut self, slot: &mut i32, lo: i64, hi: i64) {
        self.set(
            slot,
            |v| {
                v.as_i64()
                    .filter(|n| (lo..=hi).contains(n))
                    .map(|n| n as i32)
            },
            &format!("an integer {lo}..={hi}"),
        );
    }

    fn named<T>(&mut self, from_name: fn(&str) -> Option<T>, names: &[&str]) -> Option<T> {
        let found = self.value.as_str().and_then(from_name);
        if found.is_none() {
            self.problems.push(
                &self.path,
                format!("expected one of {}, got {}", names.join(", "), self.value),
            );
        }
        found
    }

    fn set_named<T>(&mut self, slot: &mut T, from_name: fn(&str) -> Option<T>, names: &[&str]) {
        if let Some(v) = self.named(from_name, names) {
            *slot = v;
        }
    }

    fn unknown(&mut self) {
        let known = Config::option_catalogue();
        let keys: Vec<&String> = known
            .as_object()
            .map(|m| m.keys().collect())
            .unwrap_or_default();
        let names: Vec<&str> = keys.iter().map(|k| k.as_str()).collect();
        self.problems.push(
            &self.path,
            format!("unknown option; the options are: {}", names.join(", ")),
        );
    }
}
