//! Reading a snapshot (`state`) of a Marjapussi hand, with every problem reported.

use super::config::Config;
use super::json::{read_match, wire_deck};
use super::{Declaration, Marjapussi};
use crate::cards::CardSet;
use crate::games::cardlist::CardLedger;
use crate::games::readers::{Given, Source};
use crate::games::wire::{padded, seat_mask, suit_field};
use crate::problems::{index_path, Fields, Problems};

/// Reads a Marjapussi snapshot against the options `cfg`; `None` with every problem pushed.
pub(super) fn read(cfg: &Config, given: Source, problems: &mut Problems) -> Option<Marjapussi> {
    let (n, path, observer) = (cfg.seats(), given.path, given.observer);
    let mut snapshot = Given::snapshot(given, &wire_deck(cfg), n, problems);
    let (f, ledger) = (&mut snapshot.f, &mut snapshot.ledger);
    let ((dealer, _, to_move), no_cards) = (snapshot.head, [CardSet::EMPTY; 4]);
    let mut s = Marjapussi::new_hand(*cfg, dealer, no_cards, CardSet::EMPTY, Default::default());
    for key in ["talon", "discards"] {
        let place = ledger.place(f, key, observer.is_some(), problems).0;
        snapshot.entries.push(place);
    }
    f.object("auction", problems, |a, p| read_auction(a, &mut s, p));
    read_play(f, ledger, &mut s, problems);
    s.match_state = read_match(f, cfg.sides(), problems);
    let (phase, places) = snapshot.close(n + 2, problems)?;
    s.phase = phase;
    s.hands[..n].copy_from_slice(&places[..n]);
    (s.talon, s.discards) = (places[n], places[n + 1]);
    s.actor = Marjapussi::new_hand(*cfg, dealer, s.hands, s.talon, s.match_state).actor;
    problems.extend_under(path, s.check(to_move));
    s.refresh_profile();
    problems.is_empty().then_some(s)
}

/// Reads the contract, the trick in progress, trumps, marriages and the tricks won so far
/// into `s`.
fn read_play(f: &mut Fields, ledger: &mut CardLedger, s: &mut Marjapussi, problems: &mut Problems) {
    let n = s.cfg.seats();
    s.declarer = f.seat("declarer", n, problems);
    s.contract = f.count("contract", 100_000, problems) as i32;
    s.doubling = f.count("doubling", 9, problems) as u8;
    s.polled = seat_mask(f, "polled", n, problems);
    let trick = f.object("trick", problems, |t, p| ledger.led_trick(t, n, p));
    let (leader, cards) = trick.unwrap_or_default();
    (s.leader, s.trick_len) = (leader, cards.len() as u8);
    s.trick[..cards.len()].copy_from_slice(&cards);
    s.tricks_played = f.count("tricks_played", 12, problems) as u8;
    s.opening_leader = f.seat("opening_leader", n, problems).unwrap_or(0);
    s.trump = suit_field(f, "trump", problems);
    s.declarations = read_declarations(f, s.cfg.sides(), problems);
    s.tricks_won = padded(f.integers("tricks_won", 0, 12, problems), n);
    s.won = ledger.seat_sets(f, "won", n, problems);
    s.last_trick_winner = f.seat("last_trick_winner", n, problems);
}

/// Reads `auction` (`high_bid`, `high_bidder`, `passed`, `had_turn`) into `s`.
fn read_auction(af: &mut Fields, s: &mut Marjapussi, problems: &mut Problems) {
    let n = s.cfg.seats();
    s.high_bid = af.count("high_bid", 100_000, problems) as i32;
    s.high_bidder = af.seat("high_bidder", n, problems).unwrap_or(0);
    s.passed = seat_mask(af, "passed", n, problems);
    s.had_turn = seat_mask(af, "had_turn", n, problems);
}

/// Reads up to four marriage `declarations` for a table of `sides` teams or players.
fn read_declarations(
    f: &mut Fields,
    sides: usize,
    problems: &mut Problems,
) -> [Option<Declaration>; 4] {
    let mut declarations = [None; 4];
    let at = f.path("declarations");
    let Some(list) = f.array("declarations", problems) else {
        return declarations;
    };
    if list.len() > 4 {
        problems.push(&at, "at most four marriages can be declared");
    }
    for (i, (slot, value)) in declarations.iter_mut().zip(list).enumerate() {
        let mut d = Fields::of(value, &index_path(&at, i), problems);
        let suit = suit_field(&mut d, "suit", problems);
        let side = d.seat("side", sides, problems);
        d.finish(problems);
        *slot = suit
            .zip(side)
            .map(|(suit, side)| Declaration { suit, side });
    }
    declarations
}
