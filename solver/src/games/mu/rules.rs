//! Facts of Mü's rules that a snapshot keeps to be reachable: the cards held per trick to
//! come, the cards on the tables as bid, the chief, vice, trumps and partner the auction and
//! the phase give, and the seat to act.

use super::config::PartnerMode;
use super::roles::designations;
use super::{Mu, Phase, Trump};
use crate::game::Game;
use crate::games::cardlist::check_trick_hands;
use crate::games::wire::check_to_move;
use crate::problems::Problems;

impl Mu {
    /// Why the rules cannot reach this hand, each reason at its field, none where they can:
    /// the seat to act, the cards held per trick to come, the tables against the bids, the
    /// roles, the turn and the phase.
    pub(super) fn check(&self, to_move: Option<u8>) -> Problems {
        let mut reasons = Problems::default();
        check_to_move(
            to_move,
            (self.phase.name(), self.phase.is_over()),
            &mut reasons,
        );
        let held: Vec<u32> = (0..self.n()).map(|p| self.avail(p).len()).collect();
        let held = (held.as_slice(), ", in hand and on the table,");
        let left = self
            .cfg
            .hand_size()
            .saturating_sub(u32::from(self.tricks_played));
        // A trick given outside the play holds no card played this trick.
        let trick = (
            self.leader,
            self.trick_len * u8::from(self.phase == Phase::Play),
        );
        check_trick_hands(held, left, trick, "hands", &mut reasons);
        let before_play = matches!(
            self.phase,
            Phase::Auction | Phase::ViceTrump | Phase::ChiefTrump | Phase::Partner
        );
        for p in 0..self.seats() {
            let (laid, bid) = (self.tables[p].len(), u32::from(self.bids[p]));
            if (before_play && laid != bid) || laid > bid {
                let message = format!("seat {p} bid {bid} cards but {laid} lie on its table");
                reasons.push(&format!("tables[{p}]"), message);
            }
        }
        roles(self, &mut reasons);
        turn(self, to_move, &mut reasons);
        reasons
    }
}

/// The seat to act, and the phase, agree with the roles, the trick and the bids.
fn turn(s: &Mu, to_move: Option<u8>, reasons: &mut Problems) {
    let actor = match s.phase {
        Phase::ViceTrump => s.vice.map(|v| (v, "the vice")),
        Phase::ChiefTrump | Phase::Partner => s.chief.map(|c| (c, "the chief")),
        _ => None,
    };
    if let (Some(t), Some((e, role))) = (to_move, actor.filter(|a| Some(a.0) != to_move)) {
        let message = format!("{role} (seat {e}) acts in this phase, not seat {t}");
        reasons.push("to_move", message);
    }
    let next = (s.leader + s.trick_len) % s.n();
    if s.phase == Phase::Play && to_move.is_some_and(|t| t != next) {
        reasons.push("to_move", format!("seat {next} plays next to this trick"));
    }
    let all_passed = s.phase == Phase::Auction && s.passes >= s.n();
    let message = "every seat has passed: the auction is over";
    reasons.check(all_passed, "auction.passes", message);
    let (tied, top) = s.top_bidders();
    let unplayed = match (top, tied.count_ones()) {
        (0, _) => Some(Phase::AllPass),
        (_, 2..) => Some(Phase::Eklat),
        _ => None,
    };
    if matches!(s.phase, Phase::AllPass | Phase::Eklat) && unplayed != Some(s.phase) {
        let (bids, phase) = (&s.bids[..s.seats()], s.phase.name());
        reasons.push("phase", format!("the bids {bids:?} do not give '{phase}'"));
    }
    if s.phase == Phase::Scored && u32::from(s.tricks_played) != s.cfg.hand_size() {
        reasons.push("tricks_played", "phase 'scored' needs every trick played");
    }
}

/// Chief, vice, trumps and partner agree with the bids and the phase.
fn roles(s: &Mu, reasons: &mut Problems) {
    if matches!(s.phase, Phase::Auction | Phase::AllPass | Phase::Eklat) {
        if (s.chief, s.vice, s.partner) != (None, None, None)
            || (s.chief_trump, s.vice_trump) != (None, None)
        {
            let phase = s.phase.name();
            let message =
                format!("roles and trumps are set only after the auction, not in '{phase}'");
            reasons.push("chief", message);
        }
        return;
    }
    let (tied, top) = s.top_bidders();
    let Some(chief) = s.chief else {
        return reasons.push("chief", "missing: the hand is past the auction");
    };
    let message = format!("seat {chief} does not hold the single highest bid");
    reasons.check(tied != 1 << chief || top == 0, "chief", message);
    let playing = matches!(s.phase, Phase::Play | Phase::Scored);
    let vice = s.find_vice(chief);
    let message = format!("the bids give vice {vice:?}, not {:?}", s.vice);
    reasons.check(!playing && s.vice != vice, "vice", message);
    let message = "the chief cannot be the vice";
    reasons.check(s.vice == Some(chief), "vice", message);
    if s.phase != Phase::ViceTrump && s.vice.is_some() != s.vice_trump.is_some() {
        let message = "the vice names a trump before the chief, and only a vice does";
        reasons.push("vice_trump", message);
    }
    let past_chief = !matches!(s.phase, Phase::ViceTrump | Phase::ChiefTrump);
    if past_chief != s.chief_trump.is_some() {
        let phase = s.phase.name();
        let message = format!(
            "the chief's trump is named once the phase is past 'chief_trump' (phase '{phase}')"
        );
        reasons.push("chief_trump", message);
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
                reasons.push(&format!("{role}_trump"), message);
            }
        }
    }
    partner_and_call(s, (chief, playing), reasons);
}

/// The partner (chosen, never the chief or vice) or the called card, by `partner_mode`.
fn partner_and_call(s: &Mu, (chief, playing): (u8, bool), reasons: &mut Problems) {
    let chooses = s.cfg.partner_mode == PartnerMode::Choose;
    match s.partner {
        Some(p) if p == chief || Some(p) == s.vice => {
            reasons.push("partner", "the partner is neither the chief nor the vice")
        }
        Some(_) if s.n() == 3 => reasons.push("partner", "the three-player game has no partner"),
        None if playing && s.n() >= 4 && chooses => {
            reasons.push("partner", "missing: the chief chose a partner before play")
        }
        _ => {}
    }
    let miscalled = s.called.is_some() && (chooses || !playing);
    let message = "a card is called only with partner_mode call_card, once play begins";
    reasons.check(miscalled, "called_card", message);
    let uncalled = playing && !chooses && s.n() >= 4 && s.called.is_none();
    let message = "missing: the chief called a card before play";
    reasons.check(uncalled, "called_card", message);
}
