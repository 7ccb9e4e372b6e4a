//! Marjapussi positions as JSON (version 1), move notation, and the catalogue entry.
//!
//! Moves: `bid 50`, `pass`, `redeal`, `give SA HT D6`, `contract 70`, `return ...`,
//! `discard ...`, `give_each SA HT` (left, right), `double`, `no_double`, a card (`SA`, or
//! `play SA`), `no_declaration`, `declare H`, `ask_whole`, `ask_half S`, `answer H`.
//!
//! A position's history writes an ask with its public answer (`ask_half S yes`, `no`, or
//! `bluff`; `ask_whole yes` / `no`), and a view's history writes each card passed face down
//! that its seat did not see as `??` (`give ?? ?? ??`, `give_each SA ??`): the engine passes
//! cards of the hand it has guessed for the mover.

use super::cards::{self, DECK};
use super::config::{Config, Variant};
use super::scoring::MatchState;
use super::{Marjapussi, Move, Phase, Said};
use crate::api::Rules;
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};
use crate::games::cardlist::{
    cards_json, hands_json, seat_array, CardLedger, Count, HandEntry, WireDeck, HIDDEN_CARD,
};
use crate::games::options::{self, Declared};
use crate::games::readers::{seeded_dealer, Given, Source};
use crate::games::wire::{
    cards_text, move_words, one_word, padded, parse_suit, seats_json, whole_number, Trick,
};
use crate::problems::{integers, Fields, Problems};
use serde_json::{json, Value};

pub(super) fn card_name(card: Card) -> String {
    DECK.format(card)
}

/// The deck of `cfg`, as requests name it.
pub(super) fn wire_deck(cfg: &Config) -> WireDeck {
    let cards = cards::deck(cfg.deck_size);
    let name = format!("{}-card Marjapussi deck", cfg.deck_size);
    WireDeck::new(cards, name, |t| DECK.parse(t), card_name)
}

/// Reads the field `match` of `f`, a match of `sides` sides; a new match where not given.
pub(super) fn read_match(f: &mut Fields, sides: usize, problems: &mut Problems) -> MatchState {
    let mut state = MatchState::default();
    f.object("match", problems, |f, problems| {
        let at = f.path("scores");
        if let Some(list) = f.array("scores", problems) {
            if list.len() != sides {
                let message = format!("expected {sides} scores, one per side, got {}", list.len());
                problems.push(&at, message);
            }
            let scores = integers(list, &at, -1_000_000, 1_000_000, problems);
            state.scores = padded(Some(scores), 3);
        }
        state.carry = f.count("carry", 100, problems) as i32;
        state.hands_played = f.count("hands_played", 1_000_000, problems) as u32;
    });
    state
}

fn match_json(m: &MatchState, sides: usize) -> Value {
    json!({ "scores": &m.scores[..sides], "carry": m.carry, "hands_played": m.hands_played })
}

impl Marjapussi {
    /// The cards a move may name as `??`: the mover's hand (the cards it may discard, in a
    /// discard).
    fn move_hand(&self) -> Option<CardSet> {
        Some(match self.phase {
            Phase::Discard => self.discard_pool(),
            _ => self.hands[self.actor as usize],
        })
    }

    fn parse_give_each(&self, text: &str, words: [&str; 2]) -> Result<Move, String> {
        let deck = wire_deck(&self.cfg);
        let named: CardSet = words.iter().filter_map(|w| deck.parse(w)).collect();
        let mut hidden = (self.hands[self.actor as usize] - named).iter();
        let mut card = |w: &str| match w {
            HIDDEN_CARD => hidden.next(),
            _ => deck.parse(w),
        };
        match (card(words[0]), card(words[1])) {
            (Some(left), Some(right)) if left != right => Ok(Move::GiveEach { left, right }),
            _ => Err(format!(
                "'{text}' needs two different cards of the deck (or ??): left opponent's, then right's"
            )),
        }
    }

    fn parse_ask(&self, words: &[&str]) -> Result<Move, String> {
        let said = |w: &[&str]| match w {
            [] => Ok(Said::Unsaid),
            [word] => Said::parse(word),
            _ => Err(format!("'{}' has words too many", words.join(" "))),
        };
        match words {
            ["ask_whole", rest @ ..] => said(rest).map(Move::AskWhole),
            [_, suit, rest @ ..] => Ok(Move::AskHalf(parse_suit(suit)?, said(rest)?)),
            _ => Err("'ask_half' needs a suit letter".into()),
        }
    }
}

impl Rules for Marjapussi {
    const NAME: &'static str = "marjapussi";
    type Config = Config;
    rules_alike!(variant, options, state, phase);

    fn catalogue() -> Value {
        let descriptions = [
            "no bidding; game points; first to exactly 10",
            "Helsinki: bidding, exchange of 3, every marriage changes trump; race to 500",
            "Erlangen: min bid 120, exchange of 4, Kontra/Re, first-trick ace rules",
            "three players, a 3-card talon for the declarer",
        ];
        let rest = json!({
            "cards": "suit S H D C then rank 6 7 8 9 T J Q K A, e.g. SA, HT, C6",
            "moves": ["bid 50", "pass", "redeal", "give SA HT D6", "contract 70", "return SA HT D6",
                      "discard SA HT D6", "give_each SA HT", "double", "no_double", "SA",
                      "no_declaration", "declare H", "ask_whole", "ask_half S", "answer H"],
            "history_moves": {
                "asks": "a position's moves write an ask with its public answer: 'ask_half S yes' (declared), 'ask_half S no', 'ask_half S bluff' (without half_ask_requires_card: the partner said yes, the asker held neither card; nothing declared), 'ask_whole yes' (an 'answer' follows), 'ask_whole no'; without the answer the hands decide it",
                "hidden": "a view's moves write each card passed face down that the view's seat did not see as ??: 'give ?? ?? ??' and 'return ?? ?? ??' (seen only by the declarer and its partner), 'discard ?? ?? ??' (seen only by the declarer), 'give_each SA ??' (each opponent sees its own card)",
                "examples": ["ask_half S yes", "ask_whole no", "give ?? ?? ??", "return ?? ?? ??", "discard ?? ?? ??", "give_each ?? HT"],
            },
            "analysis": {
                "exact_value": "the points of the side of the seat analysed in the hand as section 5 of the rules counts them (card points, last trick, marriages; marjapussi: its game points), over the whole hand",
                "exact_search": "zero-sum between the two teams; huutopussi3 paranoid (the other two seats play against the seat analysed)",
                "exact_phases": ["play", "declare", "answer_whole", "double_poll"],
            },
            "score": "per side: game points (marjapussi) or points scored this hand (Huutopussi family)",
        });
        let players = |v| vec![Config::preset(v).seats() as u8];
        let head = (Self::NAME, "Marjapussi family");
        options::catalogue_entry::<Config>(head, players, &descriptions, Phase::NAMES, rest)
    }

    fn deal(
        cfg: &Config,
        seed: u64,
        setup: &mut Fields,
        problems: &mut Problems,
    ) -> Option<Marjapussi> {
        let (dealer, mut rng) = seeded_dealer(seed, setup, cfg.seats(), problems);
        let match_state = read_match(setup, cfg.sides(), problems);
        Some(Marjapussi::dealt(*cfg, dealer, &mut rng, match_state))
    }

    fn deal_json(&self, observer: Option<Seat>) -> Value {
        let n = self.seats();
        json!({
            "dealer": self.dealer,
            "hands": hands_json(&self.hands[..n], observer, card_name),
            "talon": cards_json(self.talon, observer.is_some(), card_name),
            "match": match_json(&self.match_state, self.sides()),
        })
    }

    /// The talon is shown to the declarer who took it, and to everybody where it is revealed.
    fn view_deal_json(&self, moves: &[Move], observer: Seat) -> Value {
        let mut out = self.deal_json(Some(observer));
        let mut state = *self;
        for &mv in moves {
            if state.declarer.is_some() {
                break;
            }
            state.play_unchecked(mv);
        }
        let shown = state.cfg.talon_revealed || state.declarer == Some(observer as u8);
        if state.declarer.is_some() && shown && !self.talon.is_empty() {
            out["talon"] = cards_json(self.talon, false, card_name);
        }
        out
    }

    fn from_deal(cfg: &Config, given: Source, problems: &mut Problems) -> Option<Marjapussi> {
        let (n, observer) = (cfg.seats(), given.observer);
        let size = (Marjapussi::hand_length(cfg), Count::FirstProblem);
        let required = (given, &["dealer", "hands"][..]);
        let mut deal = Given::deal(required, (&wire_deck(cfg), n), size, problems);
        let talon = (deal.f.get("talon"), deal.f.path("talon"));
        let match_state = read_match(&mut deal.f, cfg.sides(), problems);
        let dealer = deal.head.unwrap_or(0);
        let talon = |ledger: &mut CardLedger, p: &mut Problems| {
            Some(read_talon(ledger, talon, n, observer, p))
        };
        let places = deal.close(talon, problems)?;
        let (hands, talon) = (seat_array(&places[..n]), places[n]);
        Some(Marjapussi::new_hand(
            *cfg,
            dealer,
            hands,
            talon,
            match_state,
        ))
    }

    fn state_json(&self, observer: Option<Seat>) -> Value {
        let n = self.seats();
        let unseen = observer.map(|o| self.unseen(o));
        let hidden = |place: usize| unseen.is_some_and(|u| !u.places[place].is_empty());
        json!({
            "dealer": self.dealer,
            "phase": self.phase.name(),
            "to_move": self.to_move(),
            "hands": hands_json(&self.hands[..n], observer, card_name),
            "talon": cards_json(self.talon, hidden(n), card_name),
            "discards": cards_json(self.discards, hidden(n + 1), card_name),
            "auction": {
                "high_bid": (self.high_bid > 0).then_some(self.high_bid),
                "high_bidder": (self.high_bid > 0).then_some(self.high_bidder),
                "passed": seats_json(self.passed, n as u8),
                "had_turn": seats_json(self.had_turn, n as u8),
            },
            "declarer": self.declarer,
            "contract": self.declarer.map(|_| self.contract),
            "doubling": self.doubling,
            "polled": seats_json(self.polled, n as u8),
            "trick": Trick::new(self.leader, &self.trick[..self.trick_len as usize], card_name),
            "tricks_played": self.tricks_played,
            "opening_leader": self.opening_leader,
            "trump": self.trump.map(|s| s.to_string()),
            "declarations": self.declarations.iter().flatten()
                .map(|d| json!({ "suit": d.suit.to_string(), "side": d.side })).collect::<Vec<_>>(),
            "tricks_won": &self.tricks_won[..n],
            "won": hands_json(&self.won[..n], None, card_name),
            "last_trick_winner": self.last_trick_winner,
            "match": match_json(&self.match_state, self.sides()),
        })
    }

    fn move_text(&self, mv: Move) -> String {
        text(mv, card_name)
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let (words, head) = move_words(text)?;
        let (args, deck, hand) = ((text, &words[1..]), wire_deck(&self.cfg), self.move_hand());
        let cards = |r| deck.move_cards(r, hand);
        let number = |what| one_word(args, what, whole_number);
        let suit = |what| one_word(args, what, parse_suit);
        match (head.as_str(), &words[1..]) {
            ("bid", _) => number("number").map(Move::Bid),
            ("pass", []) => Ok(Move::Pass),
            ("redeal", []) => Ok(Move::Redeal),
            ("give", r) => cards(r).map(Move::Give),
            ("contract", _) => number("number").map(Move::Contract),
            ("return", r) => cards(r).map(Move::Return),
            ("discard", r) => cards(r).map(Move::Discard),
            ("give_each", [l, r]) => self.parse_give_each(text, [l, r]),
            ("double", []) => Ok(Move::Double),
            ("no_double", []) => Ok(Move::NoDouble),
            ("play", [c]) => deck.move_card(c, hand).map(Move::Play),
            ("no_declaration", []) => Ok(Move::NoDeclaration),
            ("declare", _) => suit("suit letter").map(Move::Declare),
            ("ask_whole" | "ask_half", _) => self.parse_ask(&words),
            ("answer", _) => suit("suit letter").map(Move::Answer),
            (_, []) => deck.play(text, words[0]).map(Move::Play),
            _ => Err(format!("'{text}' is not a move of this game")),
        }
    }

    fn history_text(&self, mv: Move, observer: Option<Seat>) -> String {
        let passed = Marjapussi::passed(mv);
        let unseen = observer.map_or(CardSet::EMPTY, |o| passed - self.passed_seen(mv, o));
        let said = self.answer_to(mv).unwrap_or_default();
        let mv = match mv {
            Move::AskWhole(Said::Unsaid) => Move::AskWhole(said),
            Move::AskHalf(s, Said::Unsaid) => Move::AskHalf(s, said),
            _ => mv,
        };
        text(mv, |c| match unseen.contains(c) {
            true => HIDDEN_CARD.to_string(),
            false => card_name(c),
        })
    }

    /// Once the contract is set (Huutopussi family): the declarer's side must take the
    /// contract's points (spec 5.2), doubled `doublings` times.
    fn contract_json(&self) -> Option<Value> {
        let set = !matches!(
            self.phase,
            Phase::Bid | Phase::ExchangeGive | Phase::SetContract
        );
        let declarer = self.declarer.filter(|_| set)?;
        Some(json!({
            "side": self.side_of(declarer),
            "declarer": declarer,
            "target": self.contract,
            "doublings": self.doubling,
        }))
    }

    fn result_json(&self) -> Option<Value> {
        let r = self.result.as_ref()?;
        let sides = self.sides();
        Some(json!({
            "outcome": if r.redeal { "redeal" } else { "scored" },
            "sides": if sides == 2 { json!([[0, 2], [1, 3]]) } else { json!([[0], [1], [2]]) },
            "unit": if self.cfg.variant == Variant::Marjapussi { "game points" } else { "points" },
            "points": &r.points[..sides],
            "card_points": &r.card_points[..sides],
            "tricks": &r.tricks[..sides],
            "hand_score": &r.hand_score[..sides],
            "declarer": self.declarer,
            "contract": self.declarer.map(|_| self.contract),
            "doubling": self.doubling,
            "made": r.made,
            "match": match_json(&r.match_after, sides),
            "match_over": r.match_over,
            "winner": r.winner,
            "draw": r.draw,
            "next_dealer": r.next_dealer,
        }))
    }
}

/// How `mv` is written, each card by `name`.
fn text(mv: Move, name: impl Fn(Card) -> String) -> String {
    match mv {
        Move::Bid(v) => format!("bid {v}"),
        Move::Pass => "pass".into(),
        Move::Redeal => "redeal".into(),
        Move::Give(s) => format!("give {}", cards_text(s, &name)),
        Move::Contract(c) => format!("contract {c}"),
        Move::Return(s) => format!("return {}", cards_text(s, &name)),
        Move::Discard(s) => format!("discard {}", cards_text(s, &name)),
        Move::GiveEach { left, right } => format!("give_each {} {}", name(left), name(right)),
        Move::Double => "double".into(),
        Move::NoDouble => "no_double".into(),
        Move::Play(c) => name(c),
        Move::NoDeclaration => "no_declaration".into(),
        Move::Declare(s) => format!("declare {s}"),
        Move::AskWhole(said) => with_answer("ask_whole".into(), said),
        Move::AskHalf(s, said) => with_answer(format!("ask_half {s}"), said),
        Move::Answer(s) => format!("answer {s}"),
    }
}

/// An ask's text with the answer `said`, where it says one.
fn with_answer(text: String, said: Said) -> String {
    match said.word() {
        Some(word) => format!("{text} {word}"),
        None => text,
    }
}

/// The talon as dealt (its value and path): three cards with three seats, none with four.
fn read_talon(
    ledger: &mut CardLedger,
    (value, path): (Option<&Value>, String),
    n: usize,
    observer: Option<Seat>,
    problems: &mut Problems,
) -> HandEntry {
    let size = if n == 3 { 3 } else { 0 };
    let entry = match value {
        Some(v) => ledger.hand(v, &path, observer.is_some(), problems),
        None => HandEntry::Known(CardSet::EMPTY),
    };
    if value.is_none() && size > 0 {
        problems.push(&path, "missing: huutopussi3 deals a talon of 3 cards");
    }
    let count = entry.count();
    if count != size && problems.is_empty() {
        let message = format!("the talon holds {count} cards; it must hold {size}");
        problems.push(&path, message);
    }
    entry
}
