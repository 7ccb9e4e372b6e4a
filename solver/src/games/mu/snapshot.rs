//! Reading a snapshot (`state`) of a Mü hand, with every problem reported at its path.

use super::config::Config;
use super::json::{read_match, wire_deck};
use super::{Mu, Phase, Trump, MAX_PLAYERS};
use crate::cards::CardSet;
use crate::games::cardlist::{seat_array, CardLedger};
use crate::games::readers::{Given, Source};
use crate::games::wire::{padded, text_field};
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
    s.tricks_played = f.count("tricks_played", cfg.hand_size().into(), problems) as u8;
    s.match_state = read_match(f, n, 0, problems);
    let (phase, hands) = snapshot.close(n, problems)?;
    (s.phase, s.hands) = (phase, seat_array(&hands));
    if matches!(s.phase, Phase::Play | Phase::Scored) {
        s.chief_trumps = s.chief_trump.map_or(CardSet::EMPTY, Trump::cards);
        s.vice_trumps = s.vice_trump.map_or(CardSet::EMPTY, Trump::cards);
    }
    s.actor = to_move.unwrap_or(0);
    s.settle_called_partner();
    problems.extend_under(path, s.check(to_move));
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
    s.actions = af.count("actions", 10_000, problems) as u16;
    s.passes = af.count("passes", n as i64, problems) as u8;
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
