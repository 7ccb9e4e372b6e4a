//! Reading a snapshot (`state`) of a Mü hand, with every problem reported at its path.

use super::config::{Config, PartnerMode};
use super::json::{card_name, read_match, wire_deck};
use super::roles::designations;
use super::{Mu, Phase, Trump, MAX_PLAYERS};
use crate::cards::CardSet;
use crate::game::Seat;
use crate::games::cardlist::{check_trick_hands, place_unknown, CardLedger, WireDeck};
use crate::games::wire::{check_to_move, padded, snapshot_head, Names};
use crate::problems::{index_path, Fields, Problems};
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
    let phases: Names<Phase> = (Phase::from_name, &Phase::NAMES);
    let (dealer, phase, to_move) =
        snapshot_head(&mut f, &["dealer", "phase", "hands"], n, phases, problems);
    let no_cards = [CardSet::EMPTY; MAX_PLAYERS];
    let mut s = Mu::new_hand(*cfg, dealer, no_cards, Default::default());
    let mut ledger = wire_deck(cfg).ledger();
    let hands_path = f.path("hands");
    let entries = ledger.hands(&mut f, n, observer, None, problems);
    s.tables = ledger.seat_sets(&mut f, "tables", n, problems);
    s.won = ledger.seat_sets(&mut f, "won", n, problems);
    f.object("auction", problems, |a, p| read_auction(a, &mut s, p));
    read_parties(&mut f, &mut s, ledger.deck(), problems);
    let trick = |t: &mut Fields, p: &mut Problems| read_trick(t, &mut s, &mut ledger, before, p);
    f.object("trick", problems, trick);
    let played = f.bounded("tricks_played", 0, i64::from(cfg.hand_size()), problems);
    s.tricks_played = played.unwrap_or(0) as u8;
    s.match_state = read_match(&mut f, n, 0, problems);
    f.finish(problems);
    if problems.0.len() > before || entries.len() != n {
        return None;
    }
    s.phase = phase?;
    let unknown = cfg.deck() - ledger.all();
    let filled = place_unknown(&entries, unknown, path, &hands_path, card_name, problems)?;
    s.hands[..n].copy_from_slice(&filled);
    if matches!(s.phase, Phase::Play | Phase::Scored) {
        s.chief_trumps = s.chief_trump.map_or(CardSet::EMPTY, Trump::cards);
        s.vice_trumps = s.vice_trump.map_or(CardSet::EMPTY, Trump::cards);
    }
    s.actor = to_move.unwrap_or(0);
    s.settle_called_partner();
    let state = &s;
    Checks {
        state,
        path,
        problems,
    }
    .all(to_move);
    if problems.0.len() > before {
        return None;
    }
    s.settle_result();
    Some(s)
}

/// Reads the fields of `auction` into `s`: each seat's bid and when it was made, the actions
/// and passes so far and the last bidder.
fn read_auction(af: &mut Fields, s: &mut Mu, problems: &mut Problems) {
    let n = s.cfg.seats();
    s.bids = padded(af.seat_integers("bids", (n, "numbers"), 0, 15, problems), n);
    let at = af.seat_integers("last_bid_at", (n, "numbers"), 0, 10_000, problems);
    s.last_bid_at = padded(at, n);
    s.actions = af.bounded("actions", 0, 10_000, problems).unwrap_or(0) as u16;
    s.passes = af.bounded("passes", 0, n as i64, problems).unwrap_or(0) as u8;
    s.last_bidder = af.seat("last_bidder", n, problems);
}

/// Reads `chief`, `vice`, `partner`, the two trumps, `called_card` and `solo` into `s`.
fn read_parties(f: &mut Fields, s: &mut Mu, deck: &WireDeck, problems: &mut Problems) {
    let n = s.cfg.seats();
    s.chief = f.seat("chief", n, problems);
    s.vice = f.seat("vice", n, problems);
    s.partner = f.seat("partner", n, problems);
    s.vice_trump = trump(f, "vice_trump", problems);
    s.chief_trump = trump(f, "chief_trump", problems);
    s.called = deck.card(f, "called_card", problems);
    s.solo = f.boolean("solo", problems).unwrap_or(false);
}

/// Reads the trick in progress into `s`: its leader, its cards in the order played, and which
/// came from the table. A flag-count mismatch is reported only if nothing else was (`before`
/// is the problem count at the start of the snapshot).
fn read_trick(
    tf: &mut Fields,
    s: &mut Mu,
    ledger: &mut CardLedger,
    before: usize,
    problems: &mut Problems,
) {
    let (leader, cards) = ledger.led_trick(tf, s.cfg.seats(), problems);
    (s.leader, s.trick_len) = (leader, cards.len() as u8);
    s.trick[..cards.len()].copy_from_slice(&cards);
    let at = tf.path("from_table");
    if let Some(list) = tf.array("from_table", problems) {
        for (i, item) in list.iter().enumerate().take(MAX_PLAYERS) {
            match item.as_bool() {
                Some(b) => s.trick_from_table |= u8::from(b) << i,
                None => problems.push(&index_path(&at, i), "expected true or false"),
            }
        }
        if list.len() != cards.len() && problems.0.len() == before {
            problems.push(&at, "expected one flag per card of the trick");
        }
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
        let phase = (s.phase.name(), s.phase.is_over());
        check_to_move(to_move, phase, self.path, self.problems);
        self.holdings();
        self.roles();
        match s.phase {
            Phase::Auction => {
                if s.passes >= s.n() {
                    let message = "every seat has passed: the auction is over";
                    self.report("auction.passes", message);
                }
            }
            Phase::ViceTrump => self.actor_is(to_move, s.vice, "the vice"),
            Phase::ChiefTrump | Phase::Partner => self.actor_is(to_move, s.chief, "the chief"),
            Phase::Play => {
                let expected = (s.leader + s.trick_len) % s.n();
                if to_move.is_some_and(|t| t != expected) {
                    let message = format!("seat {expected} plays next to this trick");
                    self.report("to_move", message);
                }
            }
            Phase::AllPass | Phase::Eklat => {
                let (tied, top) = s.top_bidders();
                let eklat = top > 0 && tied.count_ones() >= 2;
                if (top == 0) != (s.phase == Phase::AllPass) || (s.phase == Phase::Eklat && !eklat)
                {
                    let (bids, phase) = (&s.bids[..s.n() as usize], s.phase.name());
                    let message = format!("the bids {bids:?} do not give '{phase}'");
                    self.report("phase", message);
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
                let message = format!("{role} (seat {e}) acts in this phase, not seat {t}");
                self.report("to_move", message);
            }
        }
    }

    /// Each seat holds, in hand and on its table, one card per trick still to come.
    fn holdings(&mut self) {
        let s = self.state;
        let n = s.n();
        let left = s.cfg.hand_size().saturating_sub(u32::from(s.tricks_played));
        let seats = 0..usize::from(n);
        let held: Vec<u32> = seats
            .map(|p| s.hands[p].len() + s.tables[p].len())
            .collect();
        let trick_len = if s.phase == Phase::Play {
            s.trick_len
        } else {
            0
        };
        let also = ", in hand and on the table,";
        let hands_path = format!("{}.hands", self.path);
        check_trick_hands(
            (&held, also),
            left,
            (s.leader, trick_len),
            &hands_path,
            self.problems,
        );
        for p in 0..n {
            let laid = s.tables[p as usize].len();
            let bid = u32::from(s.bids[p as usize]);
            let before_play = matches!(
                s.phase,
                Phase::Auction | Phase::ViceTrump | Phase::ChiefTrump | Phase::Partner
            );
            if (before_play && laid != bid) || laid > bid {
                let message = format!("seat {p} bid {bid} cards but {laid} lie on its table");
                self.report(&format!("tables[{p}]"), message);
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
                let phase = s.phase.name();
                let message =
                    format!("roles and trumps are set only after the auction, not in '{phase}'");
                self.report("chief", message);
            }
            return;
        }
        let (tied, top) = s.top_bidders();
        let Some(chief) = s.chief else {
            return self.report("chief", "missing: the hand is past the auction");
        };
        if tied != 1 << chief || top == 0 {
            let message = format!("seat {chief} does not hold the single highest bid");
            self.report("chief", message);
        }
        let before_play = matches!(
            s.phase,
            Phase::ViceTrump | Phase::ChiefTrump | Phase::Partner
        );
        if before_play && s.vice != s.find_vice(chief) {
            let message = format!(
                "the bids give vice {:?}, not {:?}",
                s.find_vice(chief),
                s.vice
            );
            self.report("vice", message);
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
            let message = "the vice names a trump before the chief, and only a vice does";
            self.report("vice_trump", message);
        }
        let past_chief = matches!(s.phase, Phase::Partner | Phase::Play | Phase::Scored);
        if past_chief != s.chief_trump.is_some() {
            let phase = s.phase.name();
            let message = format!(
                "the chief's trump is named once the phase is past 'chief_trump' (phase '{phase}')"
            );
            self.report("chief_trump", message);
        }
        if before_play {
            if let (Some(v), Some(t)) = (s.vice, s.vice_trump) {
                if !designations(s.tables[v as usize]).contains(&t) {
                    let message = format!(
                        "'{}' is no colour or number of the vice's bid cards",
                        t.token()
                    );
                    self.report("vice_trump", message);
                }
            }
            if let Some(t) = s.chief_trump.filter(|&t| t != Trump::NoTrump) {
                if !designations(s.tables[chief as usize]).contains(&t) {
                    let message = format!(
                        "'{}' is no colour or number of the chief's bid cards",
                        t.token()
                    );
                    self.report("chief_trump", message);
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
            let message = "a card is called only with partner_mode call_card, once play begins";
            self.report("called_card", message);
        }
        if playing && !chooses && s.n() >= 4 && s.called.is_none() {
            self.report(
                "called_card",
                "missing: the chief called a card before play",
            );
        }
    }
}
