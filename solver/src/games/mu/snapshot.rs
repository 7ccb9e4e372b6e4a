//! Reading a snapshot (`state`) of a Mü hand, with every problem reported at its path.

use super::config::{Config, PartnerMode};
use super::json::{card_name, read_match, wire_deck};
use super::roles::designations;
use super::{Mu, Phase, Trump, MAX_PLAYERS};
use crate::cards::{Card, CardSet};
use crate::game::Seat;
use crate::games::cardlist::{place_unknown, CardLedger, WireDeck};
use crate::problems::{index_path, one_per_seat, Fields, Problems};
use serde_json::Value;

fn trump(f: &mut Fields, key: &'static str, problems: &mut Problems) -> Option<Trump> {
    let text = f.string(key, problems)?;
    let parsed = Trump::parse(text);
    if parsed.is_none() {
        problems.push(
            &f.path(key),
            format!("'{text}' is not a trump; use a colour (R B G Y K), a number (0-9) or -"),
        );
    }
    parsed
}

/// Reads a list of one card set per seat (`tables`, `won`).
fn per_seat(
    f: &mut Fields,
    key: &'static str,
    n: usize,
    ledger: &mut CardLedger,
    problems: &mut Problems,
) -> [CardSet; MAX_PLAYERS] {
    let mut sets = [CardSet::EMPTY; MAX_PLAYERS];
    let at = f.path(key);
    if let Some(list) = f.array(key, problems) {
        one_per_seat(list, n, "lists of cards", &at, problems);
        for (i, item) in list.iter().take(n).enumerate() {
            sets[i] = ledger.read(item, &index_path(&at, i), problems);
        }
    }
    sets
}

/// Reads a Mü snapshot against the options `cfg`; `None` with every problem pushed.
pub(super) fn read(
    cfg: &Config,
    value: &Value,
    path: &str,
    observer: Option<Seat>,
    problems: &mut Problems,
) -> Option<Mu> {
    let n = cfg.seats();
    let before = problems.0.len();
    let mut f = Fields::of(value, path, problems);
    f.require(&["dealer", "phase", "hands"], problems);
    let dealer = f.seat("dealer", n, problems).unwrap_or(0);
    let phase = f.name_of("phase", "phase", Phase::from_name, &Phase::NAMES, problems);
    let to_move = f.seat("to_move", n, problems);
    let mut ledger = wire_deck(cfg).ledger();
    let hands_path = f.path("hands");
    let entries = ledger.hands(&mut f, n, observer, problems);
    let tables = per_seat(&mut f, "tables", n, &mut ledger, problems);
    let won = per_seat(&mut f, "won", n, &mut ledger, problems);
    let auction = read_auction(&mut f, n, problems);
    let parties = read_parties(&mut f, n, ledger.deck(), problems);
    let trick = read_trick(&mut f, &mut ledger, n, before, problems);
    let tricks_played = f
        .bounded("tricks_played", 0, i64::from(cfg.hand_size()), problems)
        .unwrap_or(0) as u8;
    let match_state = read_match(f.get("match"), &f.path("match"), n, 0, problems);
    f.finish(problems);
    if problems.0.len() > before || entries.len() != n {
        return None;
    }
    let phase = phase?;
    let unknown = cfg.deck() - ledger.all();
    let filled = place_unknown(&entries, unknown, path, &hands_path, card_name, problems)?;
    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
    hands[..n].copy_from_slice(&filled);
    let mut state = Mu::new_hand(*cfg, dealer, hands, match_state);
    state.tables = tables;
    state.won = won;
    state.phase = phase;
    auction.apply(&mut state);
    parties.apply(&mut state);
    trick.apply(&mut state);
    state.tricks_played = tricks_played;
    state.actor = to_move.unwrap_or(0);
    state.settle_called_partner();
    Checks {
        state: &state,
        path,
        problems,
    }
    .all(to_move);
    if problems.0.len() > before {
        return None;
    }
    settle_result(&mut state);
    Some(state)
}

/// The auction's state: each seat's bid and when it was made, the actions and passes so far
/// and the last bidder.
#[derive(Default)]
struct Auction {
    bids: [u8; MAX_PLAYERS],
    last_bid_at: [u16; MAX_PLAYERS],
    actions: u16,
    passes: u8,
    last_bidder: Option<u8>,
}

impl Auction {
    /// Writes the auction into `state`.
    fn apply(self, state: &mut Mu) {
        state.bids = self.bids;
        state.last_bid_at = self.last_bid_at;
        state.actions = self.actions;
        state.passes = self.passes;
        state.last_bidder = self.last_bidder;
    }
}

/// Reads `auction` of an `n`-seat table; the empty auction when left out.
fn read_auction(f: &mut Fields, n: usize, problems: &mut Problems) -> Auction {
    let top = n as i64 - 1;
    let mut auction = Auction::default();
    let Some(a) = f.get("auction") else {
        return auction;
    };
    let mut af = Fields::of(a, &f.path("auction"), problems);
    for (key, limit) in [("bids", 15), ("last_bid_at", 10_000)] {
        if let Some(list) = af.seat_integers(key, (n, "numbers"), 0, limit, problems) {
            for (i, v) in list.into_iter().enumerate() {
                match key {
                    "bids" => auction.bids[i] = v as u8,
                    _ => auction.last_bid_at[i] = v as u16,
                }
            }
        }
    }
    auction.actions = af.bounded("actions", 0, 10_000, problems).unwrap_or(0) as u16;
    auction.passes = af.bounded("passes", 0, top + 1, problems).unwrap_or(0) as u8;
    auction.last_bidder = af.seat("last_bidder", n, problems);
    af.finish(problems);
    auction
}

/// The seats and trumps the auction chose: chief, vice, partner, called card and solo.
struct Parties {
    chief: Option<u8>,
    vice: Option<u8>,
    partner: Option<u8>,
    vice_trump: Option<Trump>,
    chief_trump: Option<Trump>,
    called: Option<Card>,
    solo: bool,
}

impl Parties {
    /// Writes the parties into `state`; in play and once scored, also the trump suits' cards.
    fn apply(self, state: &mut Mu) {
        if matches!(state.phase, Phase::Play | Phase::Scored) {
            state.chief_trumps = self.chief_trump.map_or(CardSet::EMPTY, Trump::cards);
            state.vice_trumps = self.vice_trump.map_or(CardSet::EMPTY, Trump::cards);
        }
        state.chief = self.chief;
        state.vice = self.vice;
        state.partner = self.partner;
        state.called = self.called;
        state.solo = self.solo;
        state.vice_trump = self.vice_trump;
        state.chief_trump = self.chief_trump;
    }
}

/// Reads `chief`, `vice`, `partner`, the two trumps, `called_card` and `solo`.
fn read_parties(f: &mut Fields, n: usize, deck: &WireDeck, problems: &mut Problems) -> Parties {
    Parties {
        chief: f.seat("chief", n, problems),
        vice: f.seat("vice", n, problems),
        partner: f.seat("partner", n, problems),
        vice_trump: trump(f, "vice_trump", problems),
        chief_trump: trump(f, "chief_trump", problems),
        called: deck.card(f, "called_card", problems),
        solo: f.boolean("solo", problems).unwrap_or(false),
    }
}

/// Reads the trick in progress. A flag-count mismatch is reported only if nothing else was
/// (`before` is the problem count at the start of the snapshot).
fn read_trick(
    f: &mut Fields,
    ledger: &mut CardLedger,
    n: usize,
    before: usize,
    problems: &mut Problems,
) -> Trick {
    let (mut leader, mut trick, mut from_table) = (0u8, Vec::new(), 0u8);
    if let Some(t) = f.get("trick") {
        let mut tf = Fields::of(t, &f.path("trick"), problems);
        leader = tf.seat("leader", n, problems).unwrap_or(0);
        let at = tf.path("cards");
        if let Some(v) = tf.get("cards") {
            trick = ledger.trick(v, &at, n, problems);
        }
        let at = tf.path("from_table");
        if let Some(list) = tf.array("from_table", problems) {
            for (i, item) in list.iter().enumerate().take(MAX_PLAYERS) {
                match item.as_bool() {
                    Some(b) => from_table |= u8::from(b) << i,
                    None => problems.push(&index_path(&at, i), "expected true or false"),
                }
            }
            if list.len() != trick.len() && problems.0.len() == before {
                problems.push(&at, "expected one flag per card of the trick");
            }
        }
        tf.finish(problems);
    }
    Trick {
        leader,
        cards: trick,
        from_table,
    }
}

/// The trick in progress: its leader, its cards in the order played, and which of them came
/// from the table (a bit per card).
struct Trick {
    leader: u8,
    cards: Vec<Card>,
    from_table: u8,
}

impl Trick {
    /// Writes the trick into `state`.
    fn apply(self, state: &mut Mu) {
        state.leader = self.leader;
        state.trick_len = self.cards.len() as u8;
        state.trick[..self.cards.len()].copy_from_slice(&self.cards);
        state.trick_from_table = self.from_table;
    }
}

/// Sets the result of a hand given as passed out, an Eklat or scored.
fn settle_result(state: &mut Mu) {
    match state.phase {
        Phase::AllPass => state.result = Some(state.unplayed_result(None)),
        Phase::Eklat => {
            let (tied, top) = state.top_bidders();
            state.result = Some(state.unplayed_result(Some((tied, top, state.latecomer(tied)))));
        }
        Phase::Scored => state.finish_hand(),
        _ => {}
    }
}

/// The consistency checks of a snapshot, each reported at its field.
struct Checks<'a> {
    state: &'a Mu,
    path: &'a str,
    problems: &'a mut Problems,
}

impl Checks<'_> {
    fn report(&mut self, field: &str, message: impl Into<String>) {
        self.problems
            .push(&format!("{}.{field}", self.path), message);
    }

    fn all(&mut self, to_move: Option<u8>) {
        let s = self.state;
        if !s.phase.is_over() && to_move.is_none() {
            self.report(
                "to_move",
                format!("missing: phase '{}' needs the seat to act", s.phase.name()),
            );
        }
        self.holdings();
        self.roles();
        match s.phase {
            Phase::Auction => {
                if s.passes >= s.n() {
                    self.report(
                        "auction.passes",
                        "every seat has passed: the auction is over",
                    );
                }
            }
            Phase::ViceTrump => self.actor_is(to_move, s.vice, "the vice"),
            Phase::ChiefTrump | Phase::Partner => self.actor_is(to_move, s.chief, "the chief"),
            Phase::Play => {
                let expected = (s.leader + s.trick_len) % s.n();
                if to_move.is_some_and(|t| t != expected) {
                    self.report(
                        "to_move",
                        format!("seat {expected} plays next to this trick"),
                    );
                }
            }
            Phase::AllPass | Phase::Eklat => {
                let (tied, top) = s.top_bidders();
                let eklat = top > 0 && tied.count_ones() >= 2;
                if (top == 0) != (s.phase == Phase::AllPass) || (s.phase == Phase::Eklat && !eklat)
                {
                    self.report(
                        "phase",
                        format!(
                            "the bids {:?} do not give '{}'",
                            &s.bids[..s.n() as usize],
                            s.phase.name()
                        ),
                    );
                }
            }
            Phase::Scored => {
                if u32::from(s.tricks_played) != s.cfg.hand_size() {
                    self.report("tricks_played", "phase 'scored' needs every trick played");
                }
            }
        }
    }

    fn actor_is(&mut self, to_move: Option<u8>, expected: Option<u8>, role: &str) {
        if let (Some(t), Some(e)) = (to_move, expected) {
            if t != e {
                self.report(
                    "to_move",
                    format!("{role} (seat {e}) acts in this phase, not seat {t}"),
                );
            }
        }
    }

    /// Each seat holds, in hand and on its table, one card per trick still to come.
    fn holdings(&mut self) {
        let s = self.state;
        let n = s.n();
        let left = s.cfg.hand_size().saturating_sub(u32::from(s.tricks_played));
        for p in 0..n {
            let played_now = s.phase == Phase::Play && (p + n - s.leader) % n < s.trick_len;
            let expected = left - u32::from(played_now);
            let held = s.hands[p as usize].len() + s.tables[p as usize].len();
            if held != expected {
                let message = format!("seat {p} holds {held} cards in hand and on the table; it should hold {expected}");
                self.report(&format!("hands[{p}]"), message);
            }
            let laid = s.tables[p as usize].len();
            let bid = u32::from(s.bids[p as usize]);
            let before_play = matches!(
                s.phase,
                Phase::Auction | Phase::ViceTrump | Phase::ChiefTrump | Phase::Partner
            );
            if (before_play && laid != bid) || laid > bid {
                self.report(
                    &format!("tables[{p}]"),
                    format!("seat {p} bid {bid} cards but {laid} lie on its table"),
                );
            }
        }
    }

    /// Chief, vice, trumps and partner agree with the bids and the phase.
    fn roles(&mut self) {
        let s = self.state;
        let after_auction = matches!(
            s.phase,
            Phase::ViceTrump | Phase::ChiefTrump | Phase::Partner | Phase::Play | Phase::Scored
        );
        if !after_auction {
            if s.chief.is_some()
                || s.vice.is_some()
                || s.partner.is_some()
                || s.chief_trump.is_some()
                || s.vice_trump.is_some()
            {
                self.report(
                    "chief",
                    format!(
                        "roles and trumps are set only after the auction, not in '{}'",
                        s.phase.name()
                    ),
                );
            }
            return;
        }
        let (tied, top) = s.top_bidders();
        let Some(chief) = s.chief else {
            return self.report("chief", "missing: the hand is past the auction");
        };
        if tied != 1 << chief || top == 0 {
            self.report(
                "chief",
                format!("seat {chief} does not hold the single highest bid"),
            );
        }
        let before_play = matches!(
            s.phase,
            Phase::ViceTrump | Phase::ChiefTrump | Phase::Partner
        );
        if before_play && s.vice != s.find_vice(chief) {
            self.report(
                "vice",
                format!(
                    "the bids give vice {:?}, not {:?}",
                    s.find_vice(chief),
                    s.vice
                ),
            );
        }
        if s.vice == Some(chief) {
            self.report("vice", "the chief cannot be the vice");
        }
        self.named_trumps(chief, before_play);
        self.partner_and_call(chief);
    }

    /// The vice's and the chief's trumps: named in their phases, from their bid cards.
    fn named_trumps(&mut self, chief: u8, before_play: bool) {
        let s = self.state;
        let past_vice = !matches!(s.phase, Phase::ViceTrump);
        if past_vice && s.vice.is_some() != s.vice_trump.is_some() {
            self.report(
                "vice_trump",
                "the vice names a trump before the chief, and only a vice does",
            );
        }
        let past_chief = matches!(s.phase, Phase::Partner | Phase::Play | Phase::Scored);
        if past_chief != s.chief_trump.is_some() {
            self.report(
                "chief_trump",
                format!(
                    "the chief's trump is named once the phase is past 'chief_trump' (phase '{}')",
                    s.phase.name()
                ),
            );
        }
        if before_play {
            if let (Some(v), Some(t)) = (s.vice, s.vice_trump) {
                if !designations(s.tables[v as usize]).contains(&t) {
                    self.report(
                        "vice_trump",
                        format!(
                            "'{}' is no colour or number of the vice's bid cards",
                            t.token()
                        ),
                    );
                }
            }
            if let Some(t) = s.chief_trump.filter(|&t| t != Trump::NoTrump) {
                if !designations(s.tables[chief as usize]).contains(&t) {
                    self.report(
                        "chief_trump",
                        format!(
                            "'{}' is no colour or number of the chief's bid cards",
                            t.token()
                        ),
                    );
                }
            }
        }
    }

    /// The partner (chosen, never the chief or vice) or the called card, by `partner_mode`.
    fn partner_and_call(&mut self, chief: u8) {
        let s = self.state;
        let playing = matches!(s.phase, Phase::Play | Phase::Scored);
        let chooses = s.cfg.partner_mode == PartnerMode::Choose;
        match s.partner {
            Some(p) if p == chief || Some(p) == s.vice => {
                self.report("partner", "the partner is neither the chief nor the vice")
            }
            Some(_) if s.n() == 3 => self.report("partner", "the three-player game has no partner"),
            None if playing && s.n() >= 4 && chooses => {
                self.report("partner", "missing: the chief chose a partner before play")
            }
            _ => {}
        }
        if s.called.is_some() && (chooses || !playing) {
            self.report(
                "called_card",
                "a card is called only with partner_mode call_card, once play begins",
            );
        }
        if playing && !chooses && s.n() >= 4 && s.called.is_none() {
            self.report(
                "called_card",
                "missing: the chief called a card before play",
            );
        }
    }
}
