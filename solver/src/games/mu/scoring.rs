//! Scoring (spec section 5): card points, the team target, the bonus by the chief's trump kind,
//! the failure penalty, Eklat and all-pass hands, and the end of the match.

use super::cards::{rank_of, set_points};
use super::config::{CardDrawFormula, EndRule, TiePolicy};
use super::{Mu, Phase, Trump, MAX_PLAYERS};
use crate::cards::Card;
use crate::rng::{stream_seed, Rng};

named_enum!(
    pub enum Outcome {
        AllPass = "all_pass",
        Eklat = "eklat",
        Played = "played",
    }
);

/// The match between hands: totals per seat, and the dice rule's state (spec 5.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchState {
    pub scores: [i32; MAX_PLAYERS],
    pub hands_played: u32,
    /// `end_rule = dice`: rolling has started.
    pub dice_rolling: bool,
    /// `end_rule = dice`: the lowest roll that ends the match.
    pub dice_threshold: u8,
    /// Seeds the dice rolls and card draws after each hand.
    pub seed: u64,
}

impl Default for MatchState {
    fn default() -> MatchState {
        MatchState {
            scores: [0; MAX_PLAYERS],
            hands_played: 0,
            dice_rolling: false,
            dice_threshold: 6,
            seed: 0,
        }
    }
}

/// The Eklat of a tied auction (spec 4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EklatScore {
    /// `M`, the tied number of cards.
    pub top: u8,
    /// The tied seats, as a bit mask.
    pub tied: u8,
    pub latecomer: u8,
}

/// How the chief's contract went (spec 5.2–5.4), as a result's `contract` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct ContractScore {
    #[serde(rename = "cards")]
    pub contract: u8,
    pub team_points: i32,
    pub target: i32,
    pub made: bool,
    /// Paid to the chief and the partner on success.
    pub bonus: i32,
    /// On failure: the largest contract the team points would have made, and the shortfall.
    pub achieved: u8,
    pub missing: u8,
}

/// What a finished hand gives, and the match after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandResult {
    pub outcome: Outcome,
    /// The change of each seat's total: card points plus bonus or penalty, or the Eklat score.
    pub hand_score: [i32; MAX_PLAYERS],
    pub card_points: [i32; MAX_PLAYERS],
    pub eklat: Option<EklatScore>,
    pub contract: Option<ContractScore>,
    pub match_after: MatchState,
    /// `end_rule = dice`: the roll after this hand, if one was due.
    pub roll: Option<u8>,
    /// `end_rule = card_draw`: the card drawn after this hand.
    pub drawn: Option<Card>,
    pub match_over: bool,
    /// The seats with the highest total once the match is over, as a bit mask.
    pub winners: u8,
    pub next_dealer: u8,
}

/// The points chief and partner must capture with a contract of `bid` cards (spec 5.2);
/// `target(N, 0) = 0` (7.16).
pub fn target(players: u8, bid: u8) -> i32 {
    let b = i32::from(bid);
    match (bid, players) {
        (0, _) => 0,
        (_, 3) => 10 + 2 * b,
        (_, 4) => 28 + 2 * b,
        (_, 5) => 21 + 3 * b,
        _ => 16 + 4 * b,
    }
}

/// The bonus table's column shift for the chief's trump kind (spec 5.3).
pub fn trump_shift(chief_trump: Trump) -> i32 {
    match chief_trump {
        Trump::Colour(_) => 0,
        Trump::Number(1 | 7) => 1,
        Trump::Number(_) => 2,
        Trump::NoTrump => 3,
    }
}

/// `10 × (bid + shift)`, capped at `cap` when set (spec 5.3, 7.15).
pub fn bonus(bid: u8, shift: i32, cap: Option<i32>) -> i32 {
    let uncapped = 10 * (i32::from(bid) + shift);
    cap.map_or(uncapped, |c| uncapped.min(c))
}

/// The largest contract below `bid` that `team_points` would have made (spec 5.4).
pub fn achieved(players: u8, bid: u8, team_points: i32) -> u8 {
    (0..bid)
        .rev()
        .find(|&b| target(players, b) <= team_points)
        .unwrap_or(0)
}

/// One roll of the dice rule (spec 5.7): whether it ends the match, and the next threshold.
pub fn dice_step(threshold: u8, roll: u8) -> (bool, u8) {
    if roll >= threshold {
        (true, threshold)
    } else if roll == 1 {
        (false, threshold)
    } else {
        (false, threshold.saturating_sub(1).max(2))
    }
}

/// Whether a drawn card of rank `rank` ends the match (spec 5.7, 7.19).
pub fn card_draw_ends(totals: &[i32], rank: u8, formula: CardDrawFormula) -> bool {
    let value = 10 * i32::from(rank);
    totals.iter().any(|&t| match formula {
        CardDrawFormula::Seed => t > 110 + value,
        CardDrawFormula::Alt200 => t + value > 200,
    })
}

impl Mu {
    /// Sets the result of a hand given as passed out, an Eklat or scored.
    pub(super) fn settle_result(&mut self) {
        match self.phase {
            Phase::AllPass => self.result = Some(self.unplayed_result(None)),
            Phase::Eklat => {
                let (tied, top) = self.top_bidders();
                self.result = Some(self.unplayed_result(Some((tied, top, self.latecomer(tied)))));
            }
            Phase::Scored => self.finish_hand(),
            _ => {}
        }
    }

    /// The result of a hand that ends after the auction: all-pass, or Eklat `(tied, M, L)`.
    pub(crate) fn unplayed_result(&self, eklat: Option<(u8, u8, u8)>) -> HandResult {
        let mut hand_score = [0; MAX_PLAYERS];
        if let Some((tied, top, latecomer)) = eklat {
            for p in (0..self.n()).filter(|&p| tied & 1 << p != 0) {
                hand_score[p as usize] = if p == latecomer { -10 } else { 5 } * i32::from(top);
            }
        }
        let (outcome, eklat) = match eklat {
            Some((tied, top, latecomer)) => (
                Outcome::Eklat,
                Some(EklatScore {
                    top,
                    tied,
                    latecomer,
                }),
            ),
            None => (Outcome::AllPass, None),
        };
        self.close_hand(outcome, hand_score, [0; MAX_PLAYERS], eklat, None)
    }

    /// Scores a played hand (spec 5.1–5.4) and moves to `scored`.
    pub(crate) fn finish_hand(&mut self) {
        self.phase = Phase::Scored;
        self.actor = 0;
        let n = self.n();
        let chief = self.chief.expect("a played hand has a chief");
        let card_points = self.won.map(set_points);
        let on_team = |p: u8| p == chief || Some(p) == self.partner;
        let team_points: i32 = (0..n)
            .filter(|&p| on_team(p))
            .map(|p| card_points[p as usize])
            .sum();
        let score = self.contract_score(team_points);
        let mut hand_score = card_points;
        if score.made {
            for p in (0..n).filter(|&p| on_team(p)) {
                hand_score[p as usize] += score.bonus;
            }
        } else {
            let missing = i32::from(score.missing);
            hand_score[chief as usize] -= 10 * missing;
            for p in (0..n).filter(|&p| !on_team(p)) {
                hand_score[p as usize] += 5 * missing;
            }
        }
        self.result =
            Some(self.close_hand(Outcome::Played, hand_score, card_points, None, Some(score)));
    }

    /// How the chief's contract goes if the team captures `team_points` (spec 5.2 to 5.4).
    fn contract_score(&self, team_points: i32) -> ContractScore {
        let chief = self.chief.expect("a played hand has a chief");
        let n = self.n();
        let contract = self.bids[chief as usize];
        let goal = target(n, contract);
        let made = team_points >= goal;
        let mut score = ContractScore {
            contract,
            team_points,
            target: goal,
            made,
            bonus: 0,
            achieved: contract,
            missing: 0,
        };
        if made {
            let shift =
                trump_shift(self.chief_trump.unwrap_or(Trump::NoTrump)) + i32::from(self.solo);
            score.bonus = bonus(contract, shift, self.cfg.bonus_cap);
        } else {
            score.achieved = achieved(n, contract, team_points);
            score.missing = contract - score.achieved;
        }
        score
    }

    /// The hand's score of the chief's team (side 0) if it captures `team_points`, where that
    /// decides it: a chief who plays alone (3 players, or a solo) scores the team's points
    /// and the bonus or the penalty. A team of two, and the opponents, share the side's
    /// points in a way the side's total does not tell.
    pub(crate) fn lone_chief_score(&self, side: usize, team_points: i32) -> Option<i32> {
        let alone = matches!(self.phase, Phase::Play | Phase::Scored)
            && self.chief.is_some()
            && self.partner.is_none();
        if side != 0 || !alone {
            return None;
        }
        let score = self.contract_score(team_points);
        Some(if score.made {
            team_points + score.bonus
        } else {
            team_points - 10 * i32::from(score.missing)
        })
    }

    /// Adds the hand to the match, checks the end of the match (spec 5.7) and names the next
    /// dealer (4.9, 7.6).
    fn close_hand(
        &self,
        outcome: Outcome,
        hand_score: [i32; MAX_PLAYERS],
        card_points: [i32; MAX_PLAYERS],
        eklat: Option<EklatScore>,
        contract: Option<ContractScore>,
    ) -> HandResult {
        let cfg = &self.cfg;
        let n = self.n() as usize;
        let before = self.match_state;
        let mut after = before;
        after.hands_played += 1;
        for (total, change) in after.scores.iter_mut().zip(hand_score) {
            *total += change;
        }
        let totals = &after.scores[..n];
        let top = totals.iter().copied().max().unwrap_or(0);
        let mut rng = Rng::seeded(stream_seed(before.seed, u64::from(before.hands_played)));
        let (mut roll, mut drawn) = (None, None);
        let ends = match cfg.end_rule {
            EndRule::Target => top >= cfg.target_score,
            EndRule::Dice => {
                after.dice_rolling |= top >= cfg.dice_trigger;
                if after.dice_rolling && outcome == Outcome::Played {
                    let value = 1 + rng.below(6) as u8;
                    roll = Some(value);
                    let (ends, next) = dice_step(before.dice_threshold, value);
                    after.dice_threshold = next;
                    ends
                } else {
                    false
                }
            }
            EndRule::CardDraw => {
                let deck: Vec<Card> = cfg.deck().iter().collect();
                let card = deck[rng.below(deck.len())];
                drawn = Some(card);
                card_draw_ends(totals, rank_of(card), cfg.card_draw_formula)
            }
        };
        let leaders = (0..n)
            .filter(|&p| totals[p] == top)
            .fold(0u8, |m, p| m | 1 << p);
        let match_over = ends && (cfg.tie_policy == TiePolicy::Shared || leaders.count_ones() == 1);
        let replay = outcome != Outcome::Played && cfg.redeal_same_dealer;
        HandResult {
            outcome,
            hand_score,
            card_points,
            eklat,
            contract,
            match_after: after,
            roll,
            drawn,
            match_over,
            winners: if match_over { leaders } else { 0 },
            next_dealer: if replay {
                self.dealer
            } else {
                self.next_seat(self.dealer)
            },
        }
    }
}
