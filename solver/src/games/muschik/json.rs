//! Muschik positions as JSON (version 1), the move notation, and the catalogue entry.
//!
//! Moves: `start 15` / `start 20` (a double round's chooser), `in`, `out`, `exchange DT S7`
//! (`exchange` alone stands pat), `swap S7`, `decline`, and a card (`DT`, or `play DT`). In a
//! view, a hidden seat's exchange and swap name their cards as `??` (`exchange ?? ??`,
//! `swap ??`): the engine lays away cards of the hand it has guessed for that seat.

use super::cards::{self, DECK};
use super::config::{Config, FirstDealer, PayoffUnit};
use super::match_json::{match_json, read_match};
use super::{Move, Muschik, Phase, HAND_SIZE};
use crate::api::Rules;
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};
use crate::games::cardlist::{cards_json, hands_json, Count, WireDeck, HIDDEN_CARD};
use crate::games::options::{self, Declared};
use crate::games::readers::{Given, Source};
use crate::games::wire::{cards_text, move_words, one_word, whole_number, Trick};
use crate::problems::{Fields, Problems};
use crate::rng::Rng;
use serde_json::{json, Value};

pub(super) fn card_name(card: Card) -> String {
    DECK.format(card)
}

/// The deck of `cfg`, as requests name it.
pub(super) fn wire_deck(cfg: &Config) -> WireDeck {
    let deck = cards::deck(cfg.deck_ranks);
    let ranks = cards::ranks_text(cfg.deck_ranks);
    let name = format!("{}-card Muschik deck ({ranks})", deck.len());
    WireDeck::new(deck, name, |t| DECK.parse(t), card_name)
}

impl Muschik {
    /// The cards a move may name as `??`: the mover's hand, less a trump card the dealer took
    /// before the exchange, which stays.
    fn move_hand(&self) -> CardSet {
        self.hands[self.actor as usize] - self.known_in_dealer_hand()
    }

    /// Each seat's decision, `in` or `out`, or none while it has not decided.
    fn participation_json(&self) -> Vec<Option<&'static str>> {
        let decided = |seat| (seat + self.n() - self.dealer - 1) % self.n() < self.decided;
        let word = |seat| if self.is_in(seat) { "in" } else { "out" };
        (0..self.n()).map(|s| decided(s).then(|| word(s))).collect()
    }
}

impl Rules for Muschik {
    const NAME: &'static str = "muschik";
    type Config = Config;
    rules_alike!(variant, options, state, phase);

    fn catalogue() -> Value {
        let descriptions = [
            "the game: 5 players, 32 cards (7 to A), a 6-card stock",
            "4 players, 28 cards (8 to A), a 7-card stock",
            "3 players, 24 cards (9 to A), an 8-card stock",
            "2 players, 16 cards (J to A), a 5-card stock",
        ];
        let rest = json!({
            "cards": "suit C S H D then rank 7 8 9 T J Q K A, e.g. CA, DT, H7",
            "moves": ["start 15", "start 20", "in", "out", "exchange DT S7", "exchange", "exchange ?? ??",
                      "swap S7", "swap ??", "decline", "DT"],
            "history_moves": {
                "hidden": "a view's moves write another seat's exchange and swap with ?? for each card it laid away face down: 'exchange ?? ??' (the count is public), 'swap ??'; the view's deal shows the stock cards the seat drew in their places, null for the others",
                "examples": ["exchange ?? ??", "swap ??"],
            },
            "deal_setup": { "dealer": "the seat that deals (default: option first_dealer at a match's start)",
                            "match": "the previous deal's result.match to continue a match" },
            "analysis": {
                "exact_value": "the countdown points the deal removes from the seat analysed (one per trick, none below 0 with clamp_at_zero, -5 for a participant without a trick)",
                "exact_search": "paranoid: every other seat plays against the seat analysed",
                "exact_phases": ["play"],
            },
            "score": "per seat: countdown points removed this deal (a trick +1, a trickless deal -5), or match points with payoff=match_points",
        });
        let players = |v| vec![Config::preset(v).num_players];
        let head = (Self::NAME, "Muschik (Muushig)");
        options::catalogue_entry::<Config>(head, players, &descriptions, Phase::NAMES, rest)
    }

    fn deal(
        cfg: &Config,
        seed: u64,
        setup: &mut Fields,
        problems: &mut Problems,
    ) -> Option<Muschik> {
        let n = cfg.num_players;
        let mut rng = Rng::seeded(seed);
        let given_dealer = setup.seat("dealer", n.into(), problems);
        let match_path = setup.path("match");
        let match_state = read_match(setup.get("match"), &match_path, n, problems);
        if match_state.over {
            let message = "the match is over; start a new one without 'match'";
            problems.push(&match_path, message);
        }
        let dealer = match (given_dealer, cfg.first_dealer) {
            (Some(d), _) => d,
            (None, _) if match_state.deals > 0 => {
                let why = "a match in progress is dealt by the previous result's next_dealer";
                problems.push(&setup.path("dealer"), format!("missing: {why}"));
                0
            }
            (None, FirstDealer::Random) => rng.below(n as usize) as u8,
            (None, FirstDealer::Draw) => Muschik::draw_for_dealer(&mut rng, cfg),
            (None, FirstDealer::Seat(seat)) => seat,
        };
        Some(Muschik::dealt(*cfg, dealer, &mut rng, match_state))
    }

    fn deal_json(&self, observer: Option<Seat>) -> Value {
        let stock = self.stock[..self.stock_len as usize].iter().copied();
        json!({
            "dealer": self.dealer,
            "hands": hands_json(&self.hands[..self.seats()], observer, card_name),
            "trump_card": card_name(self.trump_card),
            "stock": cards_json(stock, observer.is_some(), card_name),
            "match": match_json(&self.match_state, self.seats()),
        })
    }

    /// The stock cards the observer drew in the exchange are shown in their places.
    fn view_deal_json(&self, moves: &[Move], observer: Seat) -> Value {
        let mut out = self.deal_json(Some(observer));
        let seen = self.drawn_by(moves, observer as u8);
        if !seen.is_empty() {
            let stock = &self.stock[..self.stock_len as usize];
            let shown = stock.iter().enumerate();
            let shown = shown.map(|(i, &c)| seen.contains(&i).then(|| card_name(c)));
            out["stock"] = json!(shown.collect::<Vec<_>>());
        }
        out
    }

    fn from_deal(cfg: &Config, given: Source, problems: &mut Problems) -> Option<Muschik> {
        let (n, size, path) = (cfg.seats(), (HAND_SIZE as u32, Count::Read), given.path);
        let required = (given, &["dealer", "hands", "trump_card", "stock"][..]);
        let mut deal = Given::deal(required, (&wire_deck(cfg), n), size, problems);
        let trump_card = deal.ledger.deck().card(&mut deal.f, "trump_card", problems);
        if let Some(card) = trump_card.filter(|&c| deal.ledger.all().contains(c)) {
            let message = format!("the trump card {} is also in a hand", card_name(card));
            problems.push(&deal.f.path("trump_card"), message);
        }
        let mut stock = deal.pile(("stock", cfg.stock_size(), "this deck leaves"), problems);
        if let Some(card) = trump_card.filter(|&c| stock.contains(&Some(c))) {
            let message = format!("the trump card {} is also in the stock", card_name(card));
            problems.push(&deal.f.path("stock"), message);
        }
        let (value, at) = (deal.f.get("match"), deal.f.path("match"));
        let match_state = read_match(value, &at, cfg.num_players, problems);
        let dealer = deal.head.unwrap_or(0);
        let aside = trump_card.map_or(CardSet::EMPTY, CardSet::single);
        let (hands, stock) = deal.close_pile((&mut stock, aside), (path, "counts"), problems)?;
        let deal = Muschik::new_deal(*cfg, dealer, hands, trump_card?, &stock, match_state);
        Some(deal)
    }

    fn state_json(&self, observer: Option<Seat>) -> Value {
        let n = self.seats();
        let stock = &self.stock[self.drawn as usize..self.stock_len as usize];
        let done = &self.tricks[..self.tricks_played as usize];
        let p = self.participants as usize;
        json!({
            "dealer": self.dealer,
            "phase": self.phase.name(),
            "to_move": self.to_move(),
            "hands": hands_json(&self.hands[..n], observer, card_name),
            "trump_card": card_name(self.trump_card),
            "swap": self.swap.name(),
            "trump_holder": self.trump_holder(),
            "stock": cards_json(stock.iter().copied(), observer.is_some(), card_name),
            "discards": hands_json(&self.discards[..n], observer, card_name),
            "participation": self.participation_json(),
            "exchanged": &self.exchanged[..n],
            "exchange_turns": self.exchange_turns,
            "trick": (self.phase == Phase::Play).then(|| Trick::new(self.leader, &self.trick[..self.trick_len as usize], card_name)),
            "tricks": done.iter().map(|t| Trick { winner: Some(t.winner), ..Trick::new(t.leader, &t.cards[..p], card_name) }).collect::<Vec<_>>(),
            "tricks_won": &self.tricks_won[..n],
            "zero_at": self.zero_at[..n].iter().map(|&t| (t > 0).then_some(t)).collect::<Vec<_>>(),
            "cp": &self.cp[..n],
            "match": match_json(&self.match_state, n),
        })
    }

    fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Start(cp) => format!("start {cp}"),
            Move::In => "in".into(),
            Move::Out => "out".into(),
            Move::Exchange(cards) if cards.is_empty() => "exchange".into(),
            Move::Exchange(cards) => format!("exchange {}", cards_text(cards, card_name)),
            Move::Swap(card) => format!("swap {}", card_name(card)),
            Move::Decline => "decline".into(),
            Move::Play(card) => card_name(card),
        }
    }

    /// Another seat's exchange and swap lay cards away face down: `exchange ?? ??`, `swap ??`.
    fn history_text(&self, mv: Move, observer: Option<Seat>) -> String {
        match mv {
            _ if observer.is_none_or(|o| o == self.actor as Seat) => self.move_text(mv),
            Move::Exchange(cards) if !cards.is_empty() => {
                let hidden = vec![HIDDEN_CARD; cards.len() as usize];
                format!("exchange {}", hidden.join(" "))
            }
            Move::Swap(_) => format!("swap {HIDDEN_CARD}"),
            _ => self.move_text(mv),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let (words, head) = move_words(text)?;
        let (deck, hand) = (wire_deck(&self.cfg), Some(self.move_hand()));
        let one_card = || one_word((text, &words[1..]), "card", |w| deck.move_card(w, hand));
        match (head.as_str(), &words[1..]) {
            ("start", [v]) => whole_number(v).map(Move::Start),
            ("in", []) => Ok(Move::In),
            ("out", []) => Ok(Move::Out),
            ("exchange", r) => deck.move_cards(r, hand).map(Move::Exchange),
            ("swap", _) => one_card().map(Move::Swap),
            ("decline", []) => Ok(Move::Decline),
            ("play", _) => one_card().map(Move::Play),
            (_, []) => deck.play(text, words[0]).map(Move::Play),
            _ => Err(format!("'{text}' is not a move of Muschik")),
        }
    }

    fn result_json(&self) -> Option<Value> {
        let r = self.result.as_ref()?;
        let n = self.seats();
        let after = &r.match_after;
        let rank = |seat: usize| 1 + (0..n).filter(|&o| after.mp[o] > after.mp[seat]).count();
        let ranking = (0..n).map(|s| json!({ "seat": s, "mp": after.mp[s], "rank": rank(s) }));
        Some(json!({
            "outcome": if r.void { "void" } else { "scored" },
            "unit": match self.cfg.payoff {
                PayoffUnit::Countdown => "countdown points removed",
                PayoffUnit::MatchPoints => "match points",
            },
            "payoff": &self.payoff()[..n],
            "participants": &self.order[..self.participants as usize],
            "tricks_won": &self.tricks_won[..n],
            "zero_at": self.zero_at[..n].iter().map(|&t| (t > 0).then_some(t)).collect::<Vec<_>>(),
            "cp_before": &self.match_state.cp[..n],
            "cp_after": &r.cp_after[..n],
            "cp_change": &r.cp_change[..n],
            "round": self.match_state.round,
            "multiplier": self.match_state.multiplier(),
            "round_over": r.round_winner.is_some(),
            "round_winner": r.round_winner,
            "settlement": &r.settlement[..n],
            "match": match_json(after, n),
            "match_over": after.over,
            "ranking": after.over.then(|| ranking.collect::<Vec<_>>()),
            "next_dealer": r.next_dealer,
        }))
    }
}
