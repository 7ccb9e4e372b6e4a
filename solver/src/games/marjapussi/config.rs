//! Rule options of the Marjapussi family (spec section 2.7 and the config names of section 7),
//! their presets, and how a request's `variant` and `options` resolve into one [`Config`].

use super::cards::DECK;
use crate::cards::Card;
use crate::games::options::{self, or_null, Declared, Values};
use crate::problems::{field_path, Problems};
use serde_json::{json, Map, Value};

named_enum!(
    pub enum Variant {
        Marjapussi = "marjapussi",
        Huutopussi = "huutopussi",
        Erlangen = "erlangen",
        Huutopussi3 = "huutopussi3",
    }
    pub enum CardValues {
        Original = "original",
        Simplified = "simplified",
    }
    pub enum MarriageValues {
        HeartsHigh = "hearts_high",
        Bridge = "bridge",
    }
    pub enum AllPass {
        Impossible = "impossible",
        PlayWithoutContract = "play_without_contract",
        TalonToLastTrick = "talon_to_last_trick",
    }
    pub enum FirstLeader {
        Forehand = "forehand",
        Declarer = "declarer",
    }
    pub enum LeadRule {
        Free = "none",
        Ace = "ace",
        AceThenSpade = "ace_then_spade",
    }
    pub enum DeclareRight {
        TrickWinner = "trick_winner",
        LeaderAndWinner = "leader_and_winner",
    }
    pub enum TrumpOnMarriage {
        FirstOnly = "first_only",
        Every = "every",
    }
    pub enum Asks {
        WholeAndHalf = "whole_and_half",
        Whole = "whole",
        Half = "half",
        Off = "none",
    }
    pub enum NoTrickRule {
        ResetToZero = "reset_to_zero",
        Laepaeri = "laepaeri",
        Porvoo = "porvoo",
        PorvooTeam = "porvoo_team",
        PorvooIndividual = "porvoo_individual",
    }
    pub enum Rounding {
        Exact = "none",
        Nearest5 = "nearest5",
    }
    pub enum CardTieCarry {
        Off = "none",
        CarryOne = "carry_one",
        CarryAccumulate = "carry_accumulate",
    }
    pub enum TieRule {
        PlayOn = "play_on",
        Draw = "draw",
    }
    pub enum Base {
        Helsinki = "helsinki",
        Erlangen = "erlangen",
    }
    pub enum TalonHandling {
        Discard3 = "discard3",
        GiveOneEach = "give_one_each",
    }
    pub enum DoubleTiming {
        OwnTurn = "own_turn",
        PollAll = "poll_all",
    }
);

config! {
    /// Every rule option of one hand and match; the defaults are the `marjapussi` preset,
    /// which the others change (spec 2.7).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Config for variant: Variant {
        variant: Variant = variant;
        deck_size: u8 = 36 => (int_of[36, 32, 28], "7.31",
            "cards in the deck: 36, or 32 and 28 without the lowest ranks",
            note "32 and 28 only in marjapussi");
        card_values: CardValues = CardValues::Original => (named, "2.7",
            "the card point system: original (120 in the deck) or simplified (140)");
        last_trick_bonus: i32 = 1 => (int(0, 1000), "2.7",
            "points for winning the last trick");
        marriage_values: MarriageValues = MarriageValues::HeartsHigh => (named, "7.1",
            "the value of each suit's marriage: hearts highest, or in bridge suit order");
        bidding: bool = false => (flag, "2.7", "whether an auction decides the declarer and the contract");
        opening_obligation: bool = false => (flag, "4.2", "whether forehand must open the auction");
        min_bid: i32 = 50 => (int(0, 10_000), "4.2", "the lowest bid");
        bid_step: i32 = 5 => (int(1, 1000), "4.2", "the step between bids");
        max_bid: i32 = 440 => (int(0, 10_000), "4.2", "the highest bid and contract",
            note "defaults to the most points a hand can give");
        all_pass: AllPass = AllPass::Impossible => (named, "2.7",
            "what happens when every player passes: impossible, play without a contract, or the talon goes to the last trick");
        redeal_right: bool = false => (flag, "4.2",
            "whether a player with three sixes or no card above the jack may ask for a redeal");
        exchange_count: u8 = 3 => (int(1, 8), "4.3",
            "cards the declarer and its partner pass each other after the auction");
        contract_raise: bool = false => (flag, "4.3",
            "whether the declarer may raise the contract above its bid after the exchange");
        first_leader: FirstLeader = FirstLeader::Forehand => (named, "2.7", "who leads the first trick: forehand or the declarer");
        first_lead_rule: LeadRule = LeadRule::Free => (named, "7.18",
            "what the first lead of a hand must be: anything, an ace, or an ace then a spade");
        ace_must_show: bool = false => (flag, "4.4",
            "whether on the first trick, when the lead is not an ace, the holder of the led suit's ace must play it");
        overtake_duty: bool = true => (flag, "7.3",
            "whether a player must beat the trick when able, within the led suit or trumps");
        declare_right: DeclareRight = DeclareRight::TrickWinner => (named, "4.5",
            "who may declare or ask for a marriage: the trick winner, or also the trick's leader");
        trump_on_marriage: TrumpOnMarriage = TrumpOnMarriage::FirstOnly => (named, "4.5",
            "which marriages make trump: only the first, or every one");
        asks: Asks = Asks::WholeAndHalf => (named, "4.5",
            "which asks for the partner's marriage cards are allowed: whole, half, both or none");
        half_ask_requires_card: bool = true => (flag, "7.6",
            "whether a half ask needs one of the two cards (off allows the bluff)");
        kontra_re: bool = false => (flag, "4.6", "whether the opponents may double and the declarers redouble");
        double_timing: DoubleTiming = DoubleTiming::OwnTurn => (named, "7.19",
            "when doubles are said: on one's own play turn, or in a poll before the first lead");
        no_trick_rule: NoTrickRule = NoTrickRule::ResetToZero => (named, "7.13",
            "the score of a side that takes no trick: reset to zero, läpäri, or a Porvoo variant");
        rounding: Rounding = Rounding::Exact => (named, "7.21", "how hand scores are rounded: not, or to the nearest 5");
        target: i32 = 10 => (int(1, 1_000_000), "7.10", "the match score that wins");
        bid_ban_threshold: i32 = -500 => (int(-1_000_000, 0), "4.2",
            "a side at or below this score may not bid, except the obligatory opening");
        bid_ban_blocks_raise: bool = true => (flag, "7.15",
            "whether a banned side's contract is fixed at its bid");
        overshoot_reset: i32 = 7 => (int(0, 1_000_000), "7.10",
            "the score a marjapussi side falls back to when it passes the target");
        both_at_target: TieRule = TieRule::Draw => (named, "7.11",
            "both marjapussi sides exactly at the target: a draw, or play on");
        tie_at_target: TieRule = TieRule::PlayOn => (named, "7.24",
            "sides tied at or above the target: play on, or a draw");
        card_tie_carry: CardTieCarry = CardTieCarry::Off => (named, "7.12",
            "a tied card majority: worth nothing, or it raises the next majority by one (or accumulates)");
        first_deal_leader_card: Option<Card> = None => (with(
            Values::Schema(|| json!({ "type": ["string", "null"] })),
            |v| or_null(v, |v| v.as_str().and_then(|t| DECK.parse(t)).ok_or("a card of the deck, such as SA")),
            |card| json!(card.map(|card| DECK.format(card)))), "7.2",
            "in marjapussi, the holder of this card leads the first hand of a match (null: forehand)",
            note "a card such as SA");
        allow_declare_after_last_trick: bool = false => (flag, "7.8",
            "whether a marriage may still be declared after the last trick");
        porvoo_factor: i32 = 1 => (int(0, 100), "7.16",
            "the multiple of the contract the opponents lose under the Porvoo rule");
        declarer_no_trick_extra: i32 = 0 => (int(0, 100), "7.17",
            "the extra multiple of the contract a declaring side without a trick loses");
        base: Base = Base::Helsinki => (named, "7.28",
            "huutopussi3: the rules its card values, declaration right and rounding follow");
        talon_handling: TalonHandling = TalonHandling::Discard3 => (named, "4.3",
            "huutopussi3: the declarer discards three cards, or gives one to each opponent");
        talon_revealed: bool = true => (flag, "7.25", "huutopussi3: whether the talon is shown to all");
        discard_forbid_ace_ten: bool = false => (flag, "7.26",
            "huutopussi3: whether aces and tens may not be discarded");
        discard_needs_trick: bool = false => (flag, "7.27",
            "huutopussi3: whether the discards count only if the declarer takes a trick");
    }
    impl Declared {
        default: Variant::Marjapussi,
        rules: "docs/rules/marjapussi.md",
        preset: Config::variant_preset,
        settle: Config::settle_given,
    }
}

impl Config {
    /// Combinations of options that cannot be played.
    fn check(&self, path: &str, problems: &mut Problems) {
        let mut refuse = |key: &str, message: &str| problems.push(&field_path(path, key), message);
        let (marjapussi, seats) = (self.variant == Variant::Marjapussi, self.seats());
        if self.deck_size != 36 && !marjapussi {
            let message = "reduced decks are played only in the marjapussi variant (spec 7.31)";
            refuse("deck_size", message);
        }
        if self.bidding && marjapussi {
            refuse("bidding", "marjapussi is scored in game points and has no contract; use huutopussi or erlangen for bidding");
        }
        if self.bidding && !self.opening_obligation && self.all_pass == AllPass::Impossible {
            let message = "'impossible' needs opening_obligation: without it every player may pass";
            refuse("all_pass", message);
        }
        if self.all_pass == AllPass::TalonToLastTrick && seats != 3 {
            let message = "'talon_to_last_trick' needs a talon: only huutopussi3 has one";
            refuse("all_pass", message);
        }
        if self.min_bid > self.max_bid {
            let message = format!("min_bid {} is above max_bid {}", self.min_bid, self.max_bid);
            refuse("min_bid", &message);
        }
        let preset = Config::preset(self.variant);
        if seats == 3 && self.exchange_count != preset.exchange_count {
            refuse("exchange_count", "huutopussi3 has a talon, not an exchange");
        }
        if seats == 4 && self.base != preset.base {
            refuse("base", "only huutopussi3 has a base variant");
        }
        if seats == 4 && self.talon_handling != preset.talon_handling {
            refuse("talon_handling", "only huutopussi3 has a talon");
        }
    }

    /// The options of `variant`'s preset.
    fn variant_preset(variant: Variant) -> Config {
        let marjapussi = Config::defaults(variant);
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

    /// What `base` decides, the ceiling of the bids where its parts are given, and the
    /// combinations that cannot be played.
    fn settle_given(&mut self, given: &Map<String, Value>, path: &str, problems: &mut Problems) {
        if given.contains_key("base") {
            // What `base` decides in huutopussi3 (spec 7.28), where not given: as in the
            // preset of its four-player variant.
            let base = Config::preset(match self.base {
                Base::Helsinki => Variant::Huutopussi,
                Base::Erlangen => Variant::Erlangen,
            });
            let decided = [
                "card_values",
                "declare_right",
                "rounding",
                "last_trick_bonus",
            ];
            options::take_from(self, &base, &decided, given);
        }
        let ceiling_keys = ["base", "card_values", "last_trick_bonus"];
        if ceiling_keys.iter().any(|k| given.contains_key(*k)) && !given.contains_key("max_bid") {
            self.max_bid = self.ceiling();
        }
        self.check(path, problems);
    }
}
