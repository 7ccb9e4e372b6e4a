//! Mü positions as JSON (version 1), move notation, the catalogue entry, and the compact
//! answer of the legal-moves route in the auction.
//!
//! Moves: `pass`, `bid R9 Y6` (the cards laid), `trump G` / `trump 7` / `trump -`,
//! `partner 2`, `call R5` (`partner_mode = call_card`), and a card (`R7a`, or `play R7a`),
//! played from the hand or the table, wherever it lies.

use super::bid_abstraction::distinct_bid_counts;
use super::cards;
use super::config::Config;
use super::scoring::MatchState;
use super::{Move, Mu, Phase, Trump};
use crate::api::{CompactMoves, Rules};
use crate::cards::for_each_subset;
use crate::game::{Game, Seat};
use crate::games::cardlist::{cards_json, hands_json, seat_array, Count, WireDeck};
use crate::games::options::{self, Declared};
use crate::games::readers::{unsigned, Given, Source};
use crate::games::wire::{cards_text, move_words, padded, seats_json, Trick};
use crate::problems::{Fields, Problems};
use crate::rng::Rng;
use serde_json::{json, Value};

/// Bids are listed one by one in the legal-moves answer up to this many.
const LISTED_BIDS: u64 = 64;

pub(super) use super::cards::format as card_name;

/// The deck of `cfg`, as requests name it.
pub(super) fn wire_deck(cfg: &Config) -> WireDeck {
    let name = if cfg.players == 3 {
        let kept: Vec<String> = cfg.colours_in_use().map(|c| c.to_string()).collect();
        format!("36-card Mü deck (colours {})", kept.join(" "))
    } else {
        "Mü deck".to_string()
    };
    WireDeck::new(cfg.deck(), name, cards::parse, card_name)
}

pub(super) fn match_json(m: &MatchState, n: usize) -> Value {
    json!({
        "scores": &m.scores[..n],
        "hands_played": m.hands_played,
        "dice_rolling": m.dice_rolling,
        "dice_threshold": m.dice_threshold,
        "seed": m.seed,
    })
}

/// Reads the field `match` of `f` (the state at a match's start when left out); `seed` is the
/// default of its `seed` field.
pub(super) fn read_match(
    f: &mut Fields,
    n: usize,
    seed: u64,
    problems: &mut Problems,
) -> MatchState {
    let mut state = MatchState {
        seed,
        ..MatchState::default()
    };
    f.object("match", problems, |f, problems| {
        let scores = f.seat_integers("scores", (n, "scores"), -1_000_000, 1_000_000, problems);
        state.scores = padded(scores, n);
        state.hands_played = f.count("hands_played", 1_000_000, problems) as u32;
        state.dice_rolling = f.boolean("dice_rolling", problems).unwrap_or(false);
        state.dice_threshold = f.bounded("dice_threshold", 2, 6, problems).unwrap_or(6) as u8;
        let given = f
            .get("seed")
            .and_then(|v| unsigned(v, &f.path("seed"), problems));
        state.seed = given.unwrap_or(seed);
    });
    state
}

/// `n` choose `k`.
fn binomial(n: u32, k: u32) -> u64 {
    (0..u64::from(k)).fold(1, |acc, i| acc * (u64::from(n) - i) / (i + 1))
}

impl Rules for Mu {
    const NAME: &'static str = "mu";
    type Config = Config;
    rules_alike!(variant, options, state, phase);

    fn catalogue() -> Value {
        let descriptions = [
            "three players, 36 cards (two colours removed), no vice, no partner",
            "four players, 15 cards each",
            "five players, 12 cards each",
            "six players, 10 cards each",
        ];
        let rest = json!({
            "cards": "colour R B G Y K then rank 0-9, with copy a/b for 1s and 7s: G0, R1a, K7b, Y9",
            "moves": ["pass", "bid R9 Y6", "trump G", "trump 7", "trump -", "partner 2", "call R5", "R7a"],
            "legal_moves": {
                "auction": "a bid is any subset of the hand with 1..=kmax cards, too many to list: 'count' counts \
                            every legal move, 'moves' lists pass and, when there are at most 64, every bid; \
                            'compact' = {complete (whether 'moves' lists them all), bids: {move, cards, \
                            min_cards, max_cards, count, count_by_size, distinct_count (twins merged)}, \
                            search_moves (the bids search considers)}",
                "other phases": "every legal move is listed",
            },
            "analysis": {
                "exact_value": "the card points won in the hand's tricks by the side of the seat analysed: the chief's team (chief and partner) against the rest",
                "exact_search": "zero-sum between the chief's team and the rest; twins are one move",
                "exact_phases": ["play"],
            },
            "score": "per seat: points this hand (card points plus bonus or penalty, or the Eklat score)",
        });
        let players = |v| vec![Config::preset(v).players];
        let head = (Self::NAME, "Mü");
        options::catalogue_entry::<Config>(head, players, &descriptions, Phase::NAMES, rest)
    }

    fn deal(cfg: &Config, seed: u64, setup: &mut Fields, problems: &mut Problems) -> Option<Mu> {
        let n = cfg.seats();
        let mut rng = Rng::seeded(seed);
        let random_dealer = rng.below(n) as u8;
        let dealer = setup.seat("dealer", n, problems);
        let dealer = dealer.unwrap_or(cfg.first_dealer.unwrap_or(random_dealer));
        let match_state = read_match(setup, n, seed, problems);
        Some(Mu::dealt(*cfg, dealer, &mut rng, match_state))
    }

    fn deal_json(&self, observer: Option<Seat>) -> Value {
        let n = self.seats();
        json!({
            "dealer": self.dealer,
            "hands": hands_json(&self.hands[..n], observer, card_name),
            "match": match_json(&self.match_state, n),
        })
    }

    fn from_deal(cfg: &Config, given: Source, problems: &mut Problems) -> Option<Mu> {
        let (n, size) = (cfg.seats(), (cfg.hand_size(), Count::Listed));
        let required = (given, &["dealer", "hands"][..]);
        let mut deal = Given::deal(required, (&wire_deck(cfg), n), size, problems);
        let match_state = read_match(&mut deal.f, n, 0, problems);
        let dealer = deal.head.unwrap_or(0);
        let hands = seat_array(&deal.close(|_, _| None, problems)?);
        Some(Mu::new_hand(*cfg, dealer, hands, match_state))
    }

    fn state_json(&self, observer: Option<Seat>) -> Value {
        let n = self.seats();
        let partner_known = self.partner_known_to(observer);
        let cards = &self.trick[..self.trick_len as usize];
        let mut trick = Trick::new(self.leader, cards, card_name);
        let from_table = (0..cards.len()).map(|i| self.trick_from_table & 1 << i != 0);
        trick.from_table = Some(from_table.collect());
        json!({
            "dealer": self.dealer,
            "phase": self.phase.name(),
            "to_move": self.to_move(),
            "hands": hands_json(&self.hands[..n], observer, card_name),
            "tables": (0..n).map(|s| cards_json(self.tables[s], false, card_name)).collect::<Vec<_>>(),
            "auction": {
                "bids": &self.bids[..n],
                "last_bid_at": &self.last_bid_at[..n],
                "actions": self.actions,
                "passes": self.passes,
                "last_bidder": self.last_bidder,
            },
            "chief": self.chief,
            "vice": self.vice,
            "vice_trump": self.vice_trump.map(Trump::token),
            "chief_trump": self.chief_trump.map(Trump::token),
            "partner": self.partner.filter(|_| partner_known),
            "called_card": self.called.map(card_name),
            "solo": partner_known.then_some(self.solo),
            "trick": trick,
            "tricks_played": self.tricks_played,
            "won": hands_json(&self.won[..n], None, card_name),
            "match": match_json(&self.match_state, n),
        })
    }

    fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Pass => "pass".into(),
            Move::Bid(cards) => format!("bid {}", cards_text(cards, card_name)),
            Move::Trump(t) => format!("trump {}", t.token()),
            Move::Partner(p) => format!("partner {p}"),
            Move::Call(card) => format!("call {}", card_name(card)),
            Move::Play(card) => card_name(card),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let (words, head) = move_words(text)?;
        let (deck, last) = (wire_deck(&self.cfg), self.n() - 1);
        let one_card = |w: &str| deck.move_card(w, None);
        match (head.as_str(), &words[1..]) {
            ("pass", []) => Ok(Move::Pass),
            ("bid", []) => Err("'bid' needs the cards laid, such as 'bid R9 Y6'".into()),
            ("bid", cards) => deck.move_cards(cards, None).map(Move::Bid),
            ("trump", [t]) => Trump::parse(t).map(Move::Trump).ok_or_else(|| {
                format!(
                    "'{t}' is not a trump; use a colour (R B G Y K), a number (0-9) or - for none"
                )
            }),
            ("partner", [p]) => match p.parse::<u8>() {
                Ok(seat) if seat < self.n() => Ok(Move::Partner(seat)),
                _ => Err(format!("'{p}' is not a seat; seats are 0..{last}")),
            },
            ("call", [c]) => one_card(c).map(Move::Call),
            ("play", [c]) => one_card(c).map(Move::Play),
            (_, []) => deck.play(text, words[0]).map(Move::Play),
            _ => Err(format!("'{text}' is not a move of this game")),
        }
    }

    /// Once the auction has a chief: the chief's team (side 0 of the play) must capture the
    /// team target of the chief's bid in card points (spec 5.2).
    fn contract_json(&self) -> Option<Value> {
        let chief = self.chief?;
        let cards = self.bids[usize::from(chief)];
        let target = super::scoring::target(self.n(), cards);
        Some(json!({ "side": 0, "chief": chief, "cards": cards, "target": target }))
    }

    fn result_json(&self) -> Option<Value> {
        let r = self.result.as_ref()?;
        let n = self.seats();
        Some(json!({
            "outcome": r.outcome.name(),
            "unit": "points",
            "hand_score": &r.hand_score[..n],
            "card_points": &r.card_points[..n],
            "eklat": r.eklat.map(|e| json!({
                "top": e.top,
                "tied": seats_json(e.tied, self.n()),
                "latecomer": e.latecomer,
            })),
            "chief": self.chief,
            "vice": self.vice,
            "partner": self.partner,
            "called_card": self.called.map(card_name),
            "solo": self.solo,
            "vice_trump": self.vice_trump.map(Trump::token),
            "chief_trump": self.chief_trump.map(Trump::token),
            "contract": r.contract,
            "match": match_json(&r.match_after, n),
            "roll": r.roll,
            "drawn_card": r.drawn.map(card_name),
            "match_over": r.match_over,
            "winners": seats_json(r.winners, self.n()),
            "next_dealer": r.next_dealer,
        }))
    }

    /// In the auction: `pass` and, when there are at most 64, every bid one by one; `compact`
    /// describes every legal bid as a group, and lists the bids search considers.
    fn compact_legal_moves(&self) -> Option<CompactMoves> {
        if self.phase != Phase::Auction {
            return None;
        }
        let (hand, kmax) = (self.hands[self.actor as usize], self.bid_limit(self.actor));
        let by_size: Vec<u64> = (1..=kmax).map(|k| binomial(hand.len(), k)).collect();
        let count: u64 = by_size.iter().sum();
        let mut listed = vec!["pass".to_string()];
        for k in (1..=kmax).filter(|_| count <= LISTED_BIDS) {
            for_each_subset(hand, k, |s| listed.push(self.move_text(Move::Bid(s))));
        }
        let mut search = Vec::new();
        self.legal_moves(&mut search);
        Some(CompactMoves {
            count: 1 + count,
            listed,
            described: json!({
                "complete": count <= LISTED_BIDS,
                "bids": {
                    "move": "bid <cards>",
                    "cards": hand.iter().map(card_name).collect::<Vec<_>>(),
                    "min_cards": 1.min(kmax),
                    "max_cards": kmax,
                    "count": count,
                    "count_by_size": by_size,
                    "distinct_count": distinct_bid_counts(hand, kmax).iter().sum::<u64>(),
                },
                "search_moves": search.iter().map(|&m| self.move_text(m)).collect::<Vec<_>>(),
            }),
        })
    }
}
