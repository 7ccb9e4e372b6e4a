//! Reading a snapshot (`state`) of a Mü hand, with every problem reported at its path.

use super::config::{Config, PartnerMode};
use super::json::{read_match, wire_deck};
use super::roles::designations;
use super::{Mu, Phase, Trump, MAX_PLAYERS};
use crate::cards::CardSet;
use crate::game::Game;
use crate::games::cardlist::{check_trick_hands, seat_array, CardLedger};
use crate::games::readers::{Given, Source};
use crate::games::wire::{check_to_move, padded, text_field, Faults};
use crate::problems::{index_path, Fields, Problems};

fn trump(f: &mut Fields, key: &'static str, problems: &mut Problems) -> Option<Trump> {
    let why =
        |t: &str| format!("'{t}' is not a trump; use a colour (R B G Y K), a number (0-9) or -");
    text_field(f, key, |t| Trump::parse(t).ok_or_else(|| why(t)), problems)
}

/// Reads a Mü snapshot against the options `cfg`; `None` with every problem pushed.
pub(super) fn read(cfg: &Config, given: Source, problems: &mut Problems) -> Option<Mu> {
    let (n, path) = (cfg.seats(), given.path);
    let mut snapshot = Given::snapshot(given, &wire_deck(cfg), n, problems);
    let (f, ledger, before) = (&mut snapshot.f, &mut snapshot.ledger, snapshot.before);
    let ((dealer, _, to_move), no_cards) = (snapshot.head, [CardSet::EMPTY; MAX_PLAYERS]);
    let mut s = Mu::new_hand(*cfg, dealer, no_cards, Default::default());
    s.tables = ledger.seat_sets(f, "tables", n, problems);
    s.won = ledger.seat_sets(f, "won", n, problems);
    f.object("auction", problems, |a, p| read_auction(a, &mut s, p));
    s.chief = f.seat("chief", n, problems);
    s.vice = f.seat("vice", n, problems);
    s.partner = f.seat("partner", n, problems);
    s.vice_trump = trump(f, "vice_trump", problems);
    s.chief_trump = trump(f, "chief_trump", problems);
    s.called = ledger.deck().card(f, "called_card", problems);
    s.solo = f.boolean("solo", problems).unwrap_or(false);
    f.object("trick", problems, |t, p| {
        read_trick(t, &mut s, ledger, before, p)
    });
    let played = f.bounded("tricks_played", 0, i64::from(cfg.hand_size()), problems);
    s.tricks_played = played.unwrap_or(0) as u8;
    s.match_state = read_match(f, n, 0, problems);
    let (phase, hands) = snapshot.close(n, problems)?;
    (s.phase, s.hands) = (phase, seat_array(&hands));
    if matches!(s.phase, Phase::Play | Phase::Scored) {
        s.chief_trumps = s.chief_trump.map_or(CardSet::EMPTY, Trump::cards);
        s.vice_trumps = s.vice_trump.map_or(CardSet::EMPTY, Trump::cards);
    }
    s.actor = to_move.unwrap_or(0);
    s.settle_called_partner();
    check(&s, to_move, path, problems);
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

/// The consistency checks of a snapshot, each reported at its field under `path`.
fn check(s: &Mu, to_move: Option<u8>, path: &str, problems: &mut Problems) {
    check_to_move(to_move, (s.phase.name(), s.phase.is_over()), path, problems);
    let held: Vec<u32> = (0..s.n()).map(|p| s.avail(p).len()).collect();
    let held = (held.as_slice(), ", in hand and on the table,");
    let left = s.cfg.hand_size().saturating_sub(u32::from(s.tricks_played));
    // A trick given outside the play holds no card played this trick.
    let trick = (s.leader, s.trick_len * u8::from(s.phase == Phase::Play));
    let hands_path = format!("{path}.hands");
    check_trick_hands(held, left, trick, &hands_path, problems);
    let faults = &mut Faults { path, problems };
    let before_play = matches!(
        s.phase,
        Phase::Auction | Phase::ViceTrump | Phase::ChiefTrump | Phase::Partner
    );
    for p in 0..s.seats() {
        let (laid, bid) = (s.tables[p].len(), u32::from(s.bids[p]));
        if (before_play && laid != bid) || laid > bid {
            let message = format!("seat {p} bid {bid} cards but {laid} lie on its table");
            faults.report(&format!("tables[{p}]"), message);
        }
    }
    roles(s, faults);
    turn(s, to_move, faults);
}

/// The seat to act, and the phase, agree with the roles, the trick and the bids.
fn turn(s: &Mu, to_move: Option<u8>, faults: &mut Faults) {
    let actor = match s.phase {
        Phase::ViceTrump => s.vice.map(|v| (v, "the vice")),
        Phase::ChiefTrump | Phase::Partner => s.chief.map(|c| (c, "the chief")),
        _ => None,
    };
    if let (Some(t), Some((e, role))) = (to_move, actor.filter(|a| Some(a.0) != to_move)) {
        let message = format!("{role} (seat {e}) acts in this phase, not seat {t}");
        faults.report("to_move", message);
    }
    let next = (s.leader + s.trick_len) % s.n();
    if s.phase == Phase::Play && to_move.is_some_and(|t| t != next) {
        faults.report("to_move", format!("seat {next} plays next to this trick"));
    }
    let all_passed = s.phase == Phase::Auction && s.passes >= s.n();
    let message = "every seat has passed: the auction is over";
    faults.check(all_passed, "auction.passes", message);
    let (tied, top) = s.top_bidders();
    let unplayed = match (top, tied.count_ones()) {
        (0, _) => Some(Phase::AllPass),
        (_, 2..) => Some(Phase::Eklat),
        _ => None,
    };
    if matches!(s.phase, Phase::AllPass | Phase::Eklat) && unplayed != Some(s.phase) {
        let (bids, phase) = (&s.bids[..s.seats()], s.phase.name());
        faults.report("phase", format!("the bids {bids:?} do not give '{phase}'"));
    }
    if s.phase == Phase::Scored && u32::from(s.tricks_played) != s.cfg.hand_size() {
        faults.report("tricks_played", "phase 'scored' needs every trick played");
    }
}

/// Chief, vice, trumps and partner agree with the bids and the phase.
fn roles(s: &Mu, faults: &mut Faults) {
    if matches!(s.phase, Phase::Auction | Phase::AllPass | Phase::Eklat) {
        if (s.chief, s.vice, s.partner) != (None, None, None)
            || (s.chief_trump, s.vice_trump) != (None, None)
        {
            let phase = s.phase.name();
            let message =
                format!("roles and trumps are set only after the auction, not in '{phase}'");
            faults.report("chief", message);
        }
        return;
    }
    let (tied, top) = s.top_bidders();
    let Some(chief) = s.chief else {
        return faults.report("chief", "missing: the hand is past the auction");
    };
    let message = format!("seat {chief} does not hold the single highest bid");
    faults.check(tied != 1 << chief || top == 0, "chief", message);
    let playing = matches!(s.phase, Phase::Play | Phase::Scored);
    let vice = s.find_vice(chief);
    let message = format!("the bids give vice {vice:?}, not {:?}", s.vice);
    faults.check(!playing && s.vice != vice, "vice", message);
    let message = "the chief cannot be the vice";
    faults.check(s.vice == Some(chief), "vice", message);
    if s.phase != Phase::ViceTrump && s.vice.is_some() != s.vice_trump.is_some() {
        let message = "the vice names a trump before the chief, and only a vice does";
        faults.report("vice_trump", message);
    }
    let past_chief = !matches!(s.phase, Phase::ViceTrump | Phase::ChiefTrump);
    if past_chief != s.chief_trump.is_some() {
        let phase = s.phase.name();
        let message = format!(
            "the chief's trump is named once the phase is past 'chief_trump' (phase '{phase}')"
        );
        faults.report("chief_trump", message);
    }
    let chief_trump = (
        "chief",
        s.chief,
        s.chief_trump.filter(|&t| t != Trump::NoTrump),
    );
    for (role, seat, trump) in [("vice", s.vice, s.vice_trump), chief_trump] {
        if let (false, Some(p), Some(t)) = (playing, seat, trump) {
            if !designations(s.tables[p as usize]).contains(&t) {
                let t = t.token();
                let message = format!("'{t}' is no colour or number of the {role}'s bid cards");
                faults.report(&format!("{role}_trump"), message);
            }
        }
    }
    partner_and_call(s, (chief, playing), faults);
}

/// The partner (chosen, never the chief or vice) or the called card, by `partner_mode`.
fn partner_and_call(s: &Mu, (chief, playing): (u8, bool), faults: &mut Faults) {
    let chooses = s.cfg.partner_mode == PartnerMode::Choose;
    match s.partner {
        Some(p) if p == chief || Some(p) == s.vice => {
            faults.report("partner", "the partner is neither the chief nor the vice")
        }
        Some(_) if s.n() == 3 => faults.report("partner", "the three-player game has no partner"),
        None if playing && s.n() >= 4 && chooses => {
            faults.report("partner", "missing: the chief chose a partner before play")
        }
        _ => {}
    }
    let miscalled = s.called.is_some() && (chooses || !playing);
    let message = "a card is called only with partner_mode call_card, once play begins";
    faults.check(miscalled, "called_card", message);
    let uncalled = playing && !chooses && s.n() >= 4 && s.called.is_none();
    let message = "missing: the chief called a card before play";
    faults.check(uncalled, "called_card", message);
}
