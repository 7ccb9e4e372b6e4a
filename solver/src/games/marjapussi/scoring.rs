//! Hand and match scoring (spec section 5): game points for `marjapussi`, contracts for the
//! Huutopussi family, and the match state that carries from hand to hand.

use super::cards::{set_points, total_points};
use super::config::{CardTieCarry, MarriageValues, NoTrickRule, Rounding, TieRule, Variant};
use super::Marjapussi;
use crate::cards::CardSet;
use crate::suited::Suit;

/// The match as it stands between hands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MatchState {
    /// Per side: two teams, or three players.
    pub scores: [i32; 3],
    /// `marjapussi` card-tie carry: extra game points for the next card majority (5.1).
    pub carry: i32,
    pub hands_played: u32,
}

/// What a finished hand gives, and the match after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandResult {
    pub redeal: bool,
    /// `pts(s)`: card points, last trick and marriages per side (game points in `marjapussi`).
    pub points: [i32; 3],
    pub card_points: [i32; 3],
    pub tricks: [u8; 3],
    /// The change of each side's match score.
    pub hand_score: [i32; 3],
    /// Whether the declarer's side made its contract, when there was one.
    pub made: Option<bool>,
    pub match_after: MatchState,
    pub match_over: bool,
    pub winner: Option<u8>,
    pub draw: bool,
    pub next_dealer: u8,
}

/// What a hand counts once over ([`Marjapussi::tally`]): per side, card points, tricks and
/// points (`marjapussi`: game points); and the card-tie carry for the next hand.
pub(super) struct Tally {
    pub card_points: [i32; 3],
    pub tricks: [u8; 3],
    pub points: [i32; 3],
    pub carry: i32,
}

/// `5 * floor((n + 2) / 5)`: the nearest multiple of five (spec 5.3).
pub fn round5(n: i32) -> i32 {
    5 * (n + 2).div_euclid(5)
}

/// The value of a marriage in points (Huutopussi family, spec 2.4).
pub fn marriage_value(values: MarriageValues, suit: Suit) -> i32 {
    match (values, suit) {
        (MarriageValues::HeartsHigh, Suit::Hearts) | (MarriageValues::Bridge, Suit::Spades) => 100,
        (MarriageValues::HeartsHigh, Suit::Diamonds) | (MarriageValues::Bridge, Suit::Hearts) => 80,
        (MarriageValues::HeartsHigh, Suit::Clubs) | (MarriageValues::Bridge, Suit::Diamonds) => 60,
        (MarriageValues::HeartsHigh, Suit::Spades) | (MarriageValues::Bridge, Suit::Clubs) => 40,
    }
}

impl Marjapussi {
    pub(super) fn redeal_result(&self) -> HandResult {
        HandResult {
            redeal: true,
            points: [0; 3],
            card_points: [0; 3],
            tricks: [0; 3],
            hand_score: [0; 3],
            made: None,
            match_after: self.match_state,
            match_over: false,
            winner: None,
            draw: false,
            next_dealer: self.next_seat(self.dealer),
        }
    }

    pub(super) fn finish_hand(&mut self) {
        self.phase = super::Phase::Scored;
        self.actor = 0;
        let sides = self.sides();
        let cfg = self.cfg;
        let Tally {
            card_points,
            tricks,
            points,
            carry,
        } = self.tally(&self.won, &self.tricks_won, self.last_trick_winner);
        let (hand_score, made) = if cfg.variant == Variant::Marjapussi {
            (points, None)
        } else {
            self.contract_scores(&points, &tricks)
        };
        let mut after = self.match_state;
        after.carry = carry;
        after.hands_played += 1;
        for (score, gained) in after.scores.iter_mut().zip(hand_score).take(sides) {
            *score += gained;
        }
        let (match_over, winner, draw) = if cfg.variant == Variant::Marjapussi {
            self.marjapussi_match_end(&mut after, &tricks)
        } else {
            self.race_end(&after)
        };
        let next_dealer = match cfg.first_deal_leader_card {
            Some(_) if self.match_state.hands_played == 0 => self.opening_leader,
            _ => self.next_seat(self.dealer),
        };
        self.result = Some(HandResult {
            redeal: false,
            points,
            card_points,
            tricks,
            hand_score,
            made,
            match_after: after,
            match_over,
            winner,
            draw,
            next_dealer,
        });
    }

    /// What the hand counts once over with the cards `won` and the tricks `tricks_won` per
    /// seat, `last` the last trick's winner: each side's card points, tricks and points
    /// (`marjapussi`: game points), and the card-tie carry after it.
    pub(super) fn tally(
        &self,
        won: &[CardSet; 4],
        tricks_won: &[u8; 4],
        last: Option<u8>,
    ) -> Tally {
        let cfg = self.cfg;
        let mut card_points = [0; 3];
        let mut tricks = [0u8; 3];
        for seat in 0..self.n() {
            let side = self.side_of(seat) as usize;
            card_points[side] += set_points(won[seat as usize], cfg.card_values);
            tricks[side] += tricks_won[seat as usize];
        }
        let last = last.map(|w| self.side_of(w) as usize);
        match (self.n(), self.declarer) {
            (3, Some(d)) if !(cfg.discard_needs_trick && tricks[d as usize] == 0) => {
                card_points[d as usize] += set_points(self.discards, cfg.card_values);
            }
            (3, None) => {
                if let Some(l) = last {
                    card_points[l] += set_points(self.talon, cfg.card_values);
                }
            }
            _ => {}
        }
        let (points, carry) = if cfg.variant == Variant::Marjapussi {
            self.game_points(&card_points, last)
        } else {
            let mut points = card_points;
            if let Some(l) = last {
                points[l] += cfg.last_trick_bonus;
            }
            for d in self.declarations.iter().flatten() {
                points[d.side as usize] += marriage_value(cfg.marriage_values, d.suit);
            }
            (points, self.match_state.carry)
        };
        Tally {
            card_points,
            tricks,
            points,
            carry,
        }
    }

    /// Game points of one `marjapussi` hand (5.1) and the card-tie carry for the next hand.
    pub(super) fn game_points(
        &self,
        card_points: &[i32; 3],
        last: Option<usize>,
    ) -> ([i32; 3], i32) {
        let mut gp = [0; 3];
        let total = total_points(self.cfg.card_values);
        let mut carry = self.match_state.carry;
        match (0..2).find(|&s| card_points[s] * 2 > total) {
            Some(s) => {
                gp[s] += 1 + carry;
                carry = 0;
            }
            None => {
                carry = match self.cfg.card_tie_carry {
                    CardTieCarry::Off => 0,
                    CardTieCarry::CarryOne => 1,
                    CardTieCarry::CarryAccumulate => carry + 1,
                }
            }
        }
        for (i, d) in self.declarations.iter().flatten().enumerate() {
            gp[d.side as usize] += if i == 0 { 2 } else { 1 };
        }
        if let Some(l) = last {
            gp[l] += self.cfg.last_trick_bonus;
        }
        (gp, carry)
    }

    /// The hand's score of `side` if it ends with `points` in the Huutopussi family, where
    /// the points and the tricks taken so far decide it (5.2 to 5.4): the contract's, made or
    /// not, for the declarer's side, else the points rounded. `None` while the contract is
    /// not set, and where it turns on whether a side that has no trick yet takes one (the
    /// declarer's extra penalty, 7.17, or a no-trick rule, 7.13).
    pub(super) fn score_of_points(&self, side: usize, points: i32) -> Option<i32> {
        let round = |n: i32| match self.cfg.rounding {
            Rounding::Exact => n,
            Rounding::Nearest5 => round5(n),
        };
        let Some(declarer) = self.declarer else {
            return Some(round(points));
        };
        if matches!(
            self.phase,
            super::Phase::Bid | super::Phase::ExchangeGive | super::Phase::SetContract
        ) {
            return None;
        }
        let stake = self.contract * (1 << self.doubling);
        let trick = self.takes_a_trick(side, points);
        if self.side_of(declarer) as usize == side {
            return match (trick, points >= self.contract) {
                (true, true) => Some(stake),
                (true, false) => Some(-stake),
                (false, false) if self.cfg.declarer_no_trick_extra == 0 => Some(-stake),
                (false, _) => None,
            };
        }
        let trickless_counts = self.cfg.no_trick_rule != NoTrickRule::ResetToZero;
        (trick || !trickless_counts).then(|| round(points))
    }

    /// Whether `side` surely ends the hand with a trick if it ends with `points`: it has one,
    /// or has more points than it can bank without one (the 3-player declarer's discards,
    /// 7.27).
    fn takes_a_trick(&self, side: usize, points: i32) -> bool {
        let has_one = (0..self.n())
            .filter(|&s| self.side_of(s) as usize == side)
            .any(|s| self.tricks_won[s as usize] > 0);
        let declares = self
            .declarer
            .is_some_and(|d| self.side_of(d) as usize == side);
        let without_trick = if declares && self.n() == 3 && !self.cfg.discard_needs_trick {
            set_points(self.discards, self.cfg.card_values)
        } else {
            0
        };
        has_one || points > without_trick
    }

    /// Scores of a Huutopussi-family hand (5.2 to 5.4), and whether the contract was made.
    pub(super) fn contract_scores(
        &self,
        points: &[i32; 3],
        tricks: &[u8; 3],
    ) -> ([i32; 3], Option<bool>) {
        let cfg = &self.cfg;
        let sides = self.sides();
        let round = |n: i32| match cfg.rounding {
            Rounding::Exact => n,
            Rounding::Nearest5 => round5(n),
        };
        let mut score = [0; 3];
        let Some(declarer) = self.declarer else {
            for s in 0..sides {
                let scores_nothing = tricks[s] == 0 && sides == 2;
                score[s] = if scores_nothing { 0 } else { round(points[s]) };
            }
            return (score, None);
        };
        let d = self.side_of(declarer) as usize;
        let c = self.contract;
        let multiplier = 1 << self.doubling;
        let made = tricks[d] > 0 && points[d] >= c;
        score[d] = if made {
            c * multiplier
        } else {
            -c * multiplier
        };
        if tricks[d] == 0 {
            score[d] -= cfg.declarer_no_trick_extra * c;
        }
        let porvoo = if made { -c * cfg.porvoo_factor } else { 0 };
        let all_to_declarer = (0..sides).all(|s| s == d || tricks[s] == 0);
        for o in (0..sides).filter(|&o| o != d) {
            score[o] = round(points[o]);
            let trickless = tricks[o] == 0;
            match cfg.no_trick_rule {
                NoTrickRule::Laepaeri if trickless => score[o] = -self.high_bid,
                NoTrickRule::Porvoo | NoTrickRule::PorvooIndividual if trickless => {
                    score[o] = porvoo
                }
                NoTrickRule::PorvooTeam if all_to_declarer => score[o] = porvoo,
                _ => {}
            }
        }
        (score, Some(made))
    }

    /// `marjapussi`: zero for a trickless side, the overshoot reset, and exactly 10 wins (5.1).
    pub(super) fn marjapussi_match_end(
        &self,
        after: &mut MatchState,
        tricks: &[u8; 3],
    ) -> (bool, Option<u8>, bool) {
        for (score, &taken) in after.scores.iter_mut().zip(tricks).take(2) {
            if taken == 0 && self.cfg.no_trick_rule == NoTrickRule::ResetToZero {
                *score = 0;
            } else if *score > self.cfg.target {
                *score = self.cfg.overshoot_reset;
            }
        }
        let at_target: Vec<u8> = (0..2u8)
            .filter(|&s| after.scores[s as usize] == self.cfg.target)
            .collect();
        match at_target.as_slice() {
            [one] => (true, Some(*one), false),
            [_, _] if self.cfg.both_at_target == TieRule::Draw => (true, None, true),
            _ => (false, None, false),
        }
    }

    /// Huutopussi family: the match ends once a side reaches the target; the highest wins (5.5).
    pub(super) fn race_end(&self, after: &MatchState) -> (bool, Option<u8>, bool) {
        let sides = self.sides();
        let scores = &after.scores[..sides];
        let top = *scores.iter().max().expect("at least two sides");
        if top < self.cfg.target {
            return (false, None, false);
        }
        let leaders: Vec<u8> = (0..sides as u8)
            .filter(|&s| scores[s as usize] == top)
            .collect();
        match (leaders.as_slice(), self.cfg.tie_at_target) {
            ([one], _) => (true, Some(*one), false),
            (_, TieRule::Draw) => (true, None, true),
            (_, TieRule::PlayOn) => (false, None, false),
        }
    }
}
