//! The rule-based player of Mü.
//!
//! Auction: the hand's best colour decides how many cards it is worth laying (its surplus over
//! an even share); the player lays cards of that colour to lead strictly by one, never to tie
//! (a tie makes it the Eklat latecomer), and passes otherwise, except in a bidding war beyond
//! any makeable contract, where it leads early to be among the tied players who gain. Vice and chief name the colour of
//! their bid cards that they hold most of; the chief takes as partner the seat showing most of
//! its trumps, or calls the highest missing card of its trump colour. Play: lead top trumps on
//! the chief's team, top side cards otherwise, else a cheap card; take a trick cheaply when last,
//! or when it is sure or holds points; throw points on a sure trick of the own team; otherwise
//! throw the card with the fewest points and the least strength.

use super::cards::{points, rank_mask, rank_of, set_points, Colour};
use super::config::PartnerMode;
use super::scoring::target;
use super::{Move, Mu, Phase, Trump};
use crate::cards::{Card, CardSet};
use crate::heuristic::{cheapest, cheapest_k, Decision, Heuristic, Valued};
use crate::rng::Rng;

impl Heuristic for Mu {
    fn heuristic_move(&self, _rng: &mut Rng) -> Move {
        match self.phase {
            Phase::Auction => self.auction_choice(),
            Phase::ViceTrump | Phase::ChiefTrump => Move::Trump(self.trump_choice()),
            Phase::Partner => self.partner_choice(),
            Phase::Play => Move::Play(self.card_to_play()),
            Phase::AllPass | Phase::Eklat | Phase::Scored => unreachable!("the hand is over"),
        }
    }

    /// The trumps and the partner, every legal move of each (in duplicate matches ahead of this
    /// player's own choice: README, the arena's tables); not the auction, whose lays are too
    /// many to list (the legal-moves route describes them).
    fn valued(&self) -> Option<Valued> {
        let decision = match self.phase {
            Phase::ViceTrump | Phase::ChiefTrump => Decision::Trump,
            Phase::Partner => Decision::Partner,
            _ => return None,
        };
        Some(Valued {
            decision,
            every_move: true,
            auto: true,
        })
    }
}

impl Mu {
    /// The colour of `cards` with the most cards in `counted` (the first of equals).
    fn longest_colour(&self, cards: CardSet, counted: CardSet) -> Option<Colour> {
        self.cfg
            .colours_in_use()
            .filter(|c| cards.intersects(c.mask()))
            .max_by_key(|c| ((counted & c.mask()).len(), u8::MAX - *c as u8))
    }

    fn auction_choice(&self) -> Move {
        let seat = self.actor;
        let hand = self.hands[seat as usize];
        let avail = self.avail(seat);
        let Some(colour) = self.longest_colour(avail, avail) else {
            return Move::Pass;
        };
        let colours = self.cfg.deck().len().div_ceil(12).max(1);
        let even_share = self.cfg.hand_size() / colours;
        let worth = (avail & colour.mask()).len().saturating_sub(even_share + 1);
        let own = u32::from(self.bids[seat as usize]);
        let top_others = (0..self.n())
            .filter(|&q| q != seat)
            .map(|q| u32::from(self.bids[q as usize]))
            .max()
            .unwrap_or(0);
        let to_lead = (top_others + 1).saturating_sub(own);
        // A bidding war: leading needs a contract of over 60% of the points, which nobody
        // makes, so the hand ends in an Eklat (or a failed chief); a tie's latecomer pays and
        // the players who reached the top before it gain, so join the top early.
        let war = target(self.n(), (top_others + 1) as u8) * 5 > set_points(self.cfg.deck()) * 3;
        let wanted = own + to_lead <= worth || war;
        if to_lead == 0 || !wanted || to_lead > self.bid_limit(seat) {
            return Move::Pass;
        }
        let low_first = |c: Card| i32::from(rank_of(c));
        let mut laid = cheapest_k(hand & colour.mask(), to_lead, low_first);
        laid |= cheapest_k(hand - laid, to_lead - laid.len(), low_first);
        Move::Bid(laid)
    }

    /// The vice's or the chief's trump: the colour of its bid cards it holds most of, else a
    /// number of its bid cards (the chief may name no trump instead of a short number).
    fn trump_choice(&self) -> Trump {
        let seat = self.actor;
        let table = self.tables[seat as usize];
        let avail = self.avail(seat);
        let chief = self.phase == Phase::ChiefTrump;
        let allowed = |t: Trump| !chief || self.cfg.allow_same_trump || Some(t) != self.vice_trump;
        let colours = self
            .cfg
            .colours_in_use()
            .filter(|c| table.intersects(c.mask()) && allowed(Trump::Colour(*c)));
        let best_colour = colours.max_by_key(|c| (avail & c.mask()).len());
        let numbers =
            (0..10u8).filter(|&n| table.intersects(rank_mask(n)) && allowed(Trump::Number(n)));
        let best_number = numbers.max_by_key(|&n| (avail & rank_mask(n)).len());
        match (best_colour, best_number) {
            (Some(c), _) => Trump::Colour(c),
            (None, Some(n)) if !chief || (avail & rank_mask(n)).len() >= 3 => Trump::Number(n),
            _ => Trump::NoTrump,
        }
    }

    fn partner_choice(&self) -> Move {
        let chief = self.actor;
        let trumps = self.chief_trump.map_or(CardSet::EMPTY, Trump::cards);
        match self.cfg.partner_mode {
            PartnerMode::Choose => {
                let candidates = (0..self.n()).filter(|&p| p != chief && Some(p) != self.vice);
                let best = candidates.max_by_key(|&p| {
                    let shown = self.tables[p as usize];
                    ((shown & trumps).len(), shown.len(), u8::MAX - p)
                });
                Move::Partner(best.expect("four or more seats leave a partner"))
            }
            PartnerMode::CallCard => {
                let callable = self.cfg.deck() - rank_mask(1) - rank_mask(7);
                let missing = callable - self.avail(chief);
                let pool = [missing & trumps, missing, callable]
                    .into_iter()
                    .find(|set| !set.is_empty())
                    .expect("a callable card");
                let card = cheapest(pool, |c| -i32::from(rank_of(c))).expect("a callable card");
                Move::Call(card)
            }
        }
    }

    /// How strongly `card` bids for a trick led by `led`, as the rules rank cards (0 cannot
    /// win); a later card must be strictly stronger to win.
    fn power(&self, card: Card, led: Card) -> u8 {
        let tier = self.tier(card);
        if tier > 0 {
            32 + tier * 10 + rank_of(card)
        } else if self.same_suit(led).contains(card) {
            1 + rank_of(card)
        } else {
            0
        }
    }

    /// The chief's team as `seat` knows it, as a seat mask: the chief and, once public or
    /// known to `seat`, the partner.
    fn known_team(&self, seat: u8) -> u8 {
        let chief = self.chief.expect("play has a chief");
        let partner_known = match (self.cfg.partner_mode, self.called) {
            (PartnerMode::Choose, _) => true,
            (PartnerMode::CallCard, Some(card)) => !self.unseen_by(seat).contains(card),
            (PartnerMode::CallCard, None) => false,
        };
        let partner = self.partner.filter(|_| partner_known);
        partner.map_or(0, |p| 1 << p) | 1 << chief
    }

    /// The cards `seat` has not seen: other seats' hidden hands.
    fn unseen_by(&self, seat: u8) -> CardSet {
        let mut seen = self.avail(seat) | self.trick_cards();
        for (won, table) in self.won.iter().zip(self.tables) {
            seen |= *won | table;
        }
        self.cfg.deck() - seen
    }

    /// Whether `seat` and `other` are known partners: the chief's team shares the contract;
    /// opponents score their card points each for itself.
    fn allied(&self, seat: u8, other: u8) -> bool {
        let team = self.known_team(seat);
        team & 1 << seat != 0 && team & 1 << other != 0
    }

    /// The strongest of `cards` in a trick led by `led` (0 for none).
    fn strongest(&self, cards: CardSet, led: Card) -> u8 {
        cards.iter().map(|c| self.power(c, led)).max().unwrap_or(0)
    }

    /// Cards other seats may still play: their hidden hands and their bid cards on the table.
    fn others_cards(&self, seat: u8, unseen: CardSet) -> CardSet {
        let tables = (0..self.n())
            .filter(|&p| p != seat)
            .fold(CardSet::EMPTY, |acc, p| acc | self.tables[p as usize]);
        unseen | tables
    }

    fn card_to_play(&self) -> Card {
        let seat = self.actor;
        let playable = self.playable(seat);
        let others = self.others_cards(seat, self.unseen_by(seat));
        let trumps = self.trumps();
        let trump_cost = |c: Card| if trumps.contains(c) { 30 } else { 0 };
        let throw_cost = |c: Card| points(c) * 12 + i32::from(rank_of(c)) + trump_cost(c);
        let throw = || cheapest(playable, throw_cost).expect("a playable card");
        if self.trick_len == 0 {
            return self.lead(seat, playable, others).unwrap_or_else(throw);
        }
        let led = self.trick[0];
        let cards = &self.trick[..self.trick_len as usize];
        let position = self.winning_position(cards);
        let best = cards[position];
        let winner = (self.leader + position as u8) % self.n();
        let last = self.trick_len + 1 == self.n();
        if self.allied(seat, winner) {
            if last || self.power(best, led) >= self.strongest(others, led) {
                let smear = |c: Card| trump_cost(c) - points(c) * 10 + i32::from(rank_of(c));
                return cheapest(playable, smear).expect("a playable card");
            }
            return throw();
        }
        let beat = self.power(best, led);
        let winners: CardSet = playable
            .iter()
            .filter(|&c| self.power(c, led) > beat)
            .collect();
        let threat = if last { 0 } else { self.strongest(others, led) };
        let sure: CardSet = winners
            .iter()
            .filter(|&c| self.power(c, led) >= threat)
            .collect();
        let at_stake: i32 = cards.iter().map(|&c| points(c)).sum();
        let pool = if !sure.is_empty() {
            sure
        } else if at_stake >= 2 {
            winners
        } else {
            CardSet::EMPTY
        };
        cheapest(pool, |c| self.power(c, led).into()).unwrap_or_else(throw)
    }

    /// A lead: on the chief's team the top trump while others may hold trumps; else the side
    /// card with most points that no other side card beats; `None` leaves it to the cheapest
    /// throw.
    fn lead(&self, seat: u8, playable: CardSet, others: CardSet) -> Option<Card> {
        let trumps = self.trumps();
        let declaring = self.known_team(seat) & 1 << seat != 0;
        let my_trumps = playable & trumps;
        if declaring && others.intersects(trumps) && !my_trumps.is_empty() {
            let led = my_trumps.lowest().expect("a trump");
            let threat = self.strongest(others & trumps, led);
            let top = my_trumps.iter().find(|&c| self.power(c, led) >= threat);
            if top.is_some() {
                return top;
            }
        }
        (playable - trumps)
            .iter()
            .filter(|&c| self.power(c, c) >= self.strongest(others & self.same_suit(c), c))
            .max_by_key(|&c| points(c))
    }
}

#[cfg(test)]
mod tests {
    use super::Mu;
    use crate::heuristic::checks::{assert_always_legal, duel_with_random};
    use serde_json::json;

    const VARIANTS: [&str; 4] = ["mu3", "mu4", "mu5", "mu6"];

    #[test]
    fn mu_heuristic_is_legal_in_every_phase() {
        let mut seen = std::collections::BTreeSet::new();
        let mut positions = 0;
        for variant in VARIANTS {
            let mut option_sets = vec![json!({}), json!({ "allow_same_trump": false })];
            if variant != "mu3" {
                option_sets.push(json!({ "partner_mode": "call_card" }));
            }
            for options in &option_sets {
                let (n, phases) = assert_always_legal::<Mu>(variant, options, 0..100);
                positions += n;
                seen.extend(phases);
            }
        }
        assert!(positions > 20_000, "{positions} positions");
        for phase in ["auction", "vice_trump", "chief_trump", "partner", "play"] {
            assert!(seen.contains(phase), "never checked in {phase}: {seen:?}");
        }
    }

    #[test]
    fn mu_heuristic_beats_random_play() {
        for variant in VARIANTS {
            let (mean, error) = duel_with_random::<Mu>(variant, &json!({}), 0..300, false);
            println!("{variant}: heuristic minus random {mean:.2} ± {error:.2} points per hand");
            assert!(
                mean > 4.0 * error && mean > 0.0,
                "{variant}: {mean} ± {error}"
            );
        }
    }
}
