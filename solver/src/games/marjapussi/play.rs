//! Trick play (spec 4.4), the declaration window (4.5) and Kontra/Re (4.6).

use super::cards::{self, ACE};
use super::config::{Asks, DeclareRight, DoubleTiming, LeadRule, TrumpOnMarriage};
use super::{Declaration, Marjapussi, Move, Phase, Said};
use crate::cards::{Card, CardSet};
use crate::suited::{power_of, suit_of, suited_card, Suit};

/// The cards of `card`'s suit that rank above it.
fn higher_in_suit(card: Card) -> CardSet {
    let above = !((card.bit() << 1).wrapping_sub(1));
    CardSet::from_bits(above) & suit_of(card).mask()
}

/// The card of `trick` (cards in the order played) that wins it and its place there
/// ([`winning_card`]).
pub(super) fn best_of(trick: &[Card], trump: Option<Suit>) -> Option<(usize, Card)> {
    let best = winning_card(trick, trump)?;
    let position = trick.iter().position(|&c| c == best)?;
    Some((position, best))
}

/// The card of `trick` that wins it: the highest trump, else the highest of the led suit.
fn winning_card(trick: &[Card], trump: Option<Suit>) -> Option<Card> {
    let led = suit_of(*trick.first()?);
    let cards: CardSet = trick.iter().copied().collect();
    let trumps = trump.map_or(CardSet::EMPTY, |t| cards & t.mask());
    let pool = if trumps.is_empty() {
        cards & led.mask()
    } else {
        trumps
    };
    pool.highest()
}

impl Marjapussi {
    pub(crate) fn trick_cards(&self) -> CardSet {
        self.trick[..self.trick_len as usize]
            .iter()
            .copied()
            .collect()
    }

    /// The card that wins the trick so far and its place in it ([`best_of`]).
    pub(crate) fn best_in_trick(&self) -> Option<(usize, Card)> {
        best_of(&self.trick[..self.trick_len as usize], self.trump)
    }

    pub(super) fn play_moves(&self, seat: u8, out: &mut Vec<Move>) {
        if self.may_double(seat) && self.cfg.double_timing == DoubleTiming::OwnTurn {
            out.push(Move::Double);
        }
        for card in self.playable(seat) {
            out.push(Move::Play(card));
        }
    }

    /// The cards `seat` may play now (spec 4.4).
    pub(crate) fn playable(&self, seat: u8) -> CardSet {
        let hand = self.hands[seat as usize];
        if self.trick_len == 0 {
            return if self.tricks_played == 0 {
                self.first_leads(hand)
            } else {
                hand
            };
        }
        let led = suit_of(self.trick[0]);
        if self.tricks_played == 0 && self.cfg.ace_must_show && power_of(self.trick[0]) != ACE {
            let ace = suited_card(led, ACE);
            if hand.contains(ace) {
                return CardSet::single(ace);
            }
        }
        let same = hand & led.mask();
        let trumps = self.trump.map_or(CardSet::EMPTY, |t| hand & t.mask());
        let pool = if !same.is_empty() {
            same
        } else if !trumps.is_empty() {
            trumps
        } else {
            return hand;
        };
        if !self.cfg.overtake_duty {
            return pool;
        }
        let best = winning_card(&self.trick[..usize::from(self.trick_len)], self.trump)
            .expect("a trick in progress has a best card");
        let pool_suit = suit_of(pool.lowest().expect("the pool is not empty"));
        let winners = if pool_suit == suit_of(best) {
            pool & higher_in_suit(best)
        } else if Some(pool_suit) == self.trump {
            pool
        } else {
            CardSet::EMPTY
        };
        if winners.is_empty() {
            pool
        } else {
            winners
        }
    }

    fn first_leads(&self, hand: CardSet) -> CardSet {
        let aces = hand & cards::of_power(ACE);
        let spades = hand & Suit::Spades.mask();
        match self.cfg.first_lead_rule {
            LeadRule::Free => hand,
            LeadRule::Ace if !aces.is_empty() => aces,
            LeadRule::AceThenSpade if !aces.is_empty() => aces,
            LeadRule::AceThenSpade if !spades.is_empty() => spades,
            _ => hand,
        }
    }

    pub(super) fn play_card(&mut self, seat: u8, card: Card) {
        self.hands[seat as usize].remove(card);
        self.trick[self.trick_len as usize] = card;
        self.trick_len += 1;
        if self.trick_len < self.n() {
            self.actor = self.next_seat(seat);
            return;
        }
        self.profile
            .remove_all(&self.trick[..self.trick_len as usize]);
        let (position, _) = self.best_in_trick().expect("a full trick has a winner");
        let winner = (self.leader + position as u8) % self.n();
        self.won[winner as usize] |= self.trick_cards();
        self.tricks_won[winner as usize] += 1;
        self.tricks_played += 1;
        let last = self.tricks_played == self.tricks_in_hand();
        if last {
            self.last_trick_winner = Some(winner);
        }
        let eligible = match self.cfg.declare_right {
            DeclareRight::TrickWinner => true,
            DeclareRight::LeaderAndWinner => winner == self.leader,
        };
        self.trick_len = 0;
        self.actor = winner;
        let window = eligible && (!last || self.cfg.allow_declare_after_last_trick);
        if window && self.has_declaration_choice(winner) {
            self.phase = Phase::Declare;
        } else {
            self.close_window(winner);
        }
    }

    pub(super) fn close_window(&mut self, winner: u8) {
        if self.tricks_played == self.tricks_in_hand() {
            self.finish_hand();
        } else {
            self.open_trick(winner);
        }
    }

    pub(super) fn asks_whole(&self) -> bool {
        self.n() == 4 && matches!(self.cfg.asks, Asks::WholeAndHalf | Asks::Whole)
    }

    pub(super) fn asks_half(&self) -> bool {
        self.n() == 4 && matches!(self.cfg.asks, Asks::WholeAndHalf | Asks::Half)
    }

    fn undeclared(&self) -> impl Iterator<Item = Suit> + '_ {
        Suit::ALL.into_iter().filter(|&s| !self.is_declared(s))
    }

    /// Undeclared marriages that `seat` holds whole.
    pub(super) fn answerable(&self, seat: u8) -> impl Iterator<Item = Suit> + '_ {
        let hand = self.hands[seat as usize];
        self.undeclared()
            .filter(move |&s| cards::marriage(s).is_subset(hand))
    }

    fn may_ask_half(&self, seat: u8, suit: Suit) -> bool {
        let held = (self.hands[seat as usize] & cards::marriage(suit)).len();
        let allowed = if self.cfg.half_ask_requires_card {
            held == 1
        } else {
            held <= 1
        };
        self.asks_half() && !self.is_declared(suit) && allowed
    }

    /// Whether [`Marjapussi::declare_moves`] offers `seat` more than passing.
    pub(super) fn has_declaration_choice(&self, seat: u8) -> bool {
        // The cheapest test first: a whole ask is offered while any marriage is undeclared.
        (self.asks_whole() && self.undeclared().next().is_some())
            || self.answerable(seat).next().is_some()
            || Suit::ALL
                .into_iter()
                .any(|suit| self.may_ask_half(seat, suit))
    }

    pub(super) fn declare_moves(&self, seat: u8, out: &mut Vec<Move>) {
        out.push(Move::NoDeclaration);
        out.extend(self.answerable(seat).map(Move::Declare));
        if self.asks_whole() && self.undeclared().next().is_some() {
            out.push(Move::AskWhole(Said::Unsaid));
        }
        for suit in Suit::ALL {
            if self.may_ask_half(seat, suit) {
                out.push(Move::AskHalf(suit, Said::Unsaid));
            }
        }
    }

    pub(super) fn play_declaration(&mut self, seat: u8, mv: Move) {
        let winner = if self.phase == Phase::AnswerWhole {
            self.partner(seat)
        } else {
            seat
        };
        match mv {
            Move::Declare(suit) | Move::Answer(suit) => self.declare(suit, self.side_of(seat)),
            Move::AskWhole(_) => {
                let partner = self.partner(seat);
                if self.answerable(partner).next().is_some() {
                    self.phase = Phase::AnswerWhole;
                    self.actor = partner;
                    return;
                }
            }
            Move::AskHalf(suit, _) => {
                let marriage = cards::marriage(suit);
                let asker_holds = self.hands[seat as usize].intersects(marriage);
                let partner_holds = self.hands[self.partner(seat) as usize].intersects(marriage);
                if asker_holds && partner_holds {
                    self.declare(suit, self.side_of(seat));
                }
            }
            _ => {}
        }
        self.actor = winner;
        self.close_window(winner);
    }

    fn declare(&mut self, suit: Suit, side: u8) {
        let slot = self
            .declarations
            .iter()
            .position(Option::is_none)
            .expect("at most four marriages");
        self.declarations[slot] = Some(Declaration { suit, side });
        if self.trump.is_none() || self.cfg.trump_on_marriage == TrumpOnMarriage::Every {
            self.trump = Some(suit);
        }
    }

    /// Kontra/Re conditions of spec 4.6 for `seat` now.
    pub(crate) fn may_double(&self, seat: u8) -> bool {
        let Some(declarer) = self.declarer else {
            return false;
        };
        if !self.cfg.kontra_re || self.doubling >= 9 {
            return false;
        }
        let declaring_side = self.side_of(seat) == self.side_of(declarer);
        let next_is_kontra = self.doubling.is_multiple_of(2);
        let hand = self.hands[seat as usize].len() as i32;
        declaring_side != next_is_kontra && hand >= 9 - self.doubling as i32
    }

    pub(super) fn polls_doubles(&self) -> bool {
        self.cfg.kontra_re
            && self.declarer.is_some()
            && self.cfg.double_timing == DoubleTiming::PollAll
    }

    /// Asks the next seat from `from` on (in turn order, `asked` seats already polled) that may
    /// double; when none is left, the leader plays.
    pub(super) fn poll_next(&mut self, from: u8, asked: u8) {
        let n = self.n();
        for step in asked..n {
            let seat = (from + step) % n;
            if self.polled & 1 << seat == 0 && self.may_double(seat) {
                self.phase = Phase::DoublePoll;
                self.actor = seat;
                return;
            }
            self.polled |= 1 << seat;
        }
        self.phase = Phase::Play;
        self.actor = self.leader;
    }

    pub(super) fn double(&mut self, seat: u8) {
        self.doubling += 1;
        if self.phase == Phase::DoublePoll {
            self.no_double(seat);
        }
    }

    pub(super) fn no_double(&mut self, seat: u8) {
        self.polled |= 1 << seat;
        let asked = (seat + self.n() - self.leader) % self.n() + 1;
        self.poll_next(self.leader, asked);
    }
}
