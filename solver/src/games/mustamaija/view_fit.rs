//! A hidden defender's defence in a view, fitted to the history. A defender with no card that
//! beats the open attack card takes it without a move (spec 4.3), so its hand decides which
//! open cards the history's `beat` and `take` moves answer. [`Mustamaija::defence_flows`]
//! finds the ways the moves after a move can have met the open cards; the view's guess is
//! fitted to one of them ([`Mustamaija::fit_defence`]), and the knowledge learns what every
//! way shows ([`Mustamaija::learn_defence`]): the beaters of a card taken without a choice
//! are not in the defender's hand.
//!
//! The fits also carry what earlier moves showed of hidden hands, which no card's places can
//! say ([`Witnessed`]): a defender that took a card when asked still holds one of the cards
//! that beat it, and a seat a marriage poll asked still holds a marriage, until it plays one of
//! them. While a view's knowledge is learnt, a defence is fitted first to a way that puts every
//! card where the knowledge lets it be and leaves every earlier take its witness.
//!
//! A history that ends within a defence is read as the defence over where the defender can
//! have taken the rest without a choice (a view is sent by the seat to decide), else as the
//! defender to decide on the first card it can beat; but a guess that replays the rest of the
//! history keeps its reading where the defence over would not make the view's seat decide
//! either ([`Mustamaija::fit_view_move`]), as the table stands where the defender can beat.

use super::cards::{beaters, marriage};
use super::{Move, Mustamaija, Phase};
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat, MAX_SEATS};
use crate::hidden::fit::{learning, place_known, Target};
use crate::hidden::Facts;
use crate::suited::Suit;

/// The most search steps spent on the ways of one defence.
const MAX_STEPS: usize = 1 << 14;
/// The most ways of one defence looked at; past it nothing is learnt from them.
const MAX_FLOWS: usize = 64;
/// The most takes [`Witnessed`] remembers; past it the oldest is forgotten.
const MAX_WITNESSED: usize = 8;

/// In a view, for each card a hidden defender took when asked (so it held a card that beat it,
/// spec 4.3): the cards it may have held then that beat it, one of which it still holds. The
/// cards seen elsewhere since are struck off; the take is forgotten once its defender plays one
/// of them (that may have been the one), or past [`MAX_WITNESSED`] takes: a fit then knows less
/// than the history shows, never more.
///
/// Likewise, per seat, the suits (a mask) one of whose marriages it holds: a hidden seat a
/// marriage poll asked held one it could declare, and holds it until it plays one of its cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Witnessed {
    seats: [u8; MAX_WITNESSED],
    cards: [CardSet; MAX_WITNESSED],
    len: u8,
    marriages: [u8; MAX_SEATS],
}

impl Witnessed {
    fn push(&mut self, seat: u8, cards: CardSet) {
        let len = self.len as usize;
        if len == MAX_WITNESSED {
            self.seats.copy_within(1.., 0);
            self.cards.copy_within(1.., 0);
        }
        let at = len.min(MAX_WITNESSED - 1);
        (self.seats[at], self.cards[at]) = (seat, cards);
        self.len = (at + 1) as u8;
    }

    /// `seat` played `cards`: its takes witnessed by one of them, and its marriages if one of
    /// them is of one, are forgotten; they are struck off the other seats' (they were never
    /// theirs since).
    fn spend(&mut self, seat: u8, cards: CardSet) {
        let mut kept = Witnessed {
            marriages: self.marriages,
            ..Witnessed::default()
        };
        for (s, witnesses) in self.iter() {
            if s != seat || !witnesses.intersects(cards) {
                kept.push(s, witnesses - cards);
            }
        }
        let broken = Suit::ALL
            .into_iter()
            .filter(|&suit| marriage(suit).intersects(cards))
            .fold(0, |mask, suit| mask | 1 << suit as u8);
        for (s, suits) in kept.marriages.iter_mut().enumerate() {
            *suits = match s == seat as usize && *suits & broken != 0 {
                true => 0,
                false => *suits & !broken,
            };
        }
        *self = kept;
    }

    fn iter(&self) -> impl Iterator<Item = (u8, CardSet)> + '_ {
        let len = self.len as usize;
        self.seats[..len]
            .iter()
            .copied()
            .zip(self.cards[..len].iter().copied())
    }

    /// The witnesses of each take by `seat`.
    fn of(&self, seat: u8) -> impl Iterator<Item = CardSet> + '_ {
        self.iter()
            .filter(move |&(s, _)| s == seat)
            .map(|(_, cards)| cards)
    }
}

/// The defence that follows a move: the open cards its defender meets, in order, and the
/// history's moves that answer them.
struct Chain<'a> {
    defender: u8,
    cards: Vec<Card>,
    /// The attack on the table: none of it is in a hand.
    attack: CardSet,
    /// The card the move before the defence beats with: no longer in the defender's hand.
    spent: CardSet,
    /// The open card that the move before the defence takes: its defender was asked, so it
    /// held a card that beats it, and holds it still.
    taken: Option<Card>,
    trump: Option<Suit>,
    moves: &'a [Move],
    /// The history ends within the defence.
    open_end: bool,
}

/// One way a defence can have gone: cards its defender held when it began, and cards it did
/// not hold.
#[derive(Clone, Copy, Debug)]
struct Flow {
    inside: CardSet,
    outside: CardSet,
}

impl Mustamaija {
    /// Remembers what `mv`, about to be played in `observer`'s view, shows of hidden hands for
    /// the fits of later moves ([`Witnessed`]).
    pub(super) fn witness(&mut self, mv: Move, observer: Seat) {
        let mover = self.actor;
        match mv {
            Move::Attack(cards) => self.witnessed.spend(mover, cards),
            Move::Beat(card) => self.witnessed.spend(mover, CardSet::single(card)),
            Move::NoDeclaration(_) if mover as Seat != observer && self.phase == Phase::Declare => {
                let unseen = self.unseen(observer);
                let holdable = self.hands[mover as usize] | unseen.cards();
                self.witnessed.marriages[mover as usize] = Suit::ALL
                    .into_iter()
                    .filter(|&s| self.may_declare(s) && marriage(s).is_subset(holdable))
                    .fold(0, |mask, s| mask | 1 << s as u8);
            }
            Move::Take if mover as Seat != observer && self.phase == Phase::Defend => {
                let Some(card) = self.current_attack_card() else {
                    return;
                };
                let unseen = self.unseen(observer);
                let beats = beaters(card, self.cfg.deck(), self.trump, self.cfg.maria());
                let seen = self.hands[mover as usize] - unseen.places[mover as usize];
                if !beats.intersects(seen) {
                    self.witnessed.push(mover, beats & unseen.cards());
                }
            }
            _ => {}
        }
    }

    /// Whether a poll that opens now must ask `seat`: a poll asked it before, and every suit of
    /// a marriage it may still hold from then can be declared ([`Witnessed`]).
    pub(super) fn must_be_asked(&self, seat: u8) -> bool {
        let suits = self.witnessed.marriages[seat as usize];
        suits != 0
            && Suit::ALL
                .into_iter()
                .filter(|&s| suits & 1 << s as u8 != 0)
                .all(|s| self.may_declare(s))
    }

    /// How many takes of [`Witnessed`] the guess gives a witness.
    fn explained_takes(&self) -> usize {
        (self.witnessed.iter())
            .filter(|&(seat, witnesses)| witnesses.intersects(self.hands[seat as usize]))
            .count()
    }

    /// Turned cards put back into the talon and still there: the turn seed put them in the
    /// same slots as at the table, so no hand holds them.
    pub(super) fn settled(&self) -> CardSet {
        self.reinserted & self.talon.set()
    }

    /// The defence that runs right after `mv`, with the history's `later` moves answering it;
    /// `None` where none does, or the history ends before it starts.
    fn chain_after<'a>(&self, mv: Move, later: &'a [Move]) -> Option<Chain<'a>> {
        let (open, attack, trump, rest) = match (self.phase, mv) {
            (Phase::Attack, Move::Attack(cards)) => {
                let polled = self.defence_polls(later);
                if polled > 0 && polled == later.len() {
                    return None;
                }
                let mut after = self.clone();
                after.play_unchecked(mv);
                let declared = later[..polled].iter().find_map(|m| match m {
                    Move::Declare(suit, _) => Some(*suit),
                    _ => None,
                });
                (cards, cards, declared.or(after.trump), &later[polled..])
            }
            (Phase::Defend, Move::Beat(_) | Move::Take) => {
                let card = self.current_attack_card()?;
                (
                    self.open - CardSet::single(card),
                    self.attack,
                    self.trump,
                    later,
                )
            }
            (Phase::Declare, Move::Declare(..) | Move::NoDeclaration(_))
                if !self.attack.is_empty() =>
            {
                if matches!(mv, Move::NoDeclaration(_))
                    && later.first().is_some_and(|next| self.poll_continues(next))
                {
                    return None;
                }
                let trump = match mv {
                    Move::Declare(suit, _) => Some(suit),
                    _ => self.trump,
                };
                (self.open, self.attack, trump, later)
            }
            _ => return None,
        };
        let run = rest
            .iter()
            .take_while(|m| matches!(m, Move::Beat(_) | Move::Take))
            .count();
        let maria = CardSet::single(self.cfg.maria());
        Some(Chain {
            defender: self.defender,
            cards: self.defence_order(open - maria),
            attack,
            spent: match mv {
                Move::Beat(card) => CardSet::single(card),
                _ => CardSet::EMPTY,
            },
            taken: match (self.phase, mv) {
                (Phase::Defend, Move::Take) => self.current_attack_card(),
                _ => None,
            },
            trump,
            moves: &rest[..run],
            open_end: run == rest.len(),
        })
    }

    /// The defence after `mv` where its defender is hidden from `observer`.
    fn hidden_chain<'a>(&self, mv: Move, later: &'a [Move], observer: Seat) -> Option<Chain<'a>> {
        self.chain_after(mv, later)
            .filter(|c| c.defender as Seat != observer && !c.cards.is_empty())
    }

    /// The ways `chain` can have gone with its defender holding the cards `observer` sees it
    /// hold and unseen cards of `pool`; and whether they are all of them.
    fn defence_flows(&self, chain: &Chain, pool: CardSet, observer: Seat) -> (Vec<Flow>, bool) {
        let defender = chain.defender as usize;
        let unseen = self.unseen(observer);
        let open_beaters =
            |c: Card| beaters(c, self.cfg.deck(), chain.trump, self.cfg.maria()) - chain.attack;
        let known = self.hands[defender] - unseen.places[defender] - chain.spent;
        let pool = pool - chain.attack - chain.spent;
        let mut search = Search {
            chain,
            beaters: chain
                .cards
                .iter()
                .map(|&c| open_beaters(c) - chain.spent)
                .collect(),
            known,
            pool,
            // A take witnessed by the card the move before beats with may have been that card.
            takes: (self.witnessed.of(chain.defender))
                .filter(|w| !w.intersects(chain.spent))
                .map(|w| w & (known | pool))
                .collect(),
            guessed: unseen.places[defender],
            hidden: unseen.places[defender].len() - (chain.spent & unseen.cards()).len(),
            steps: 0,
            flows: Vec::new(),
        };
        // A card taken by the move before holds one of its beaters in the defender's hand.
        let firsts = match chain.taken.map(open_beaters) {
            Some(beats) if !beats.intersects(search.known) => search.witnesses(0, beats),
            _ => vec![CardSet::EMPTY],
        };
        for inside in firsts {
            search.walk(0, 0, inside, CardSet::EMPTY, CardSet::EMPTY);
        }
        let complete = search.steps <= MAX_STEPS && search.flows.len() < MAX_FLOWS;
        (search.flows, complete)
    }

    /// Fits `observer`'s guess so that the defence after `mv` goes as the `later` moves show,
    /// never giving back a card of `placed`; the swaps made, and the cards whose places the
    /// way it is fitted to fixed.
    pub(super) fn fit_defence(
        &mut self,
        mv: Move,
        later: &[Move],
        observer: Seat,
        placed: CardSet,
    ) -> Result<(Vec<(Card, Card)>, CardSet), String> {
        let Some(chain) = self.hidden_chain(mv, later, observer) else {
            return Ok((Vec::new(), CardSet::EMPTY));
        };
        let defender = chain.defender;
        let pool = self.unseen(observer).cards() - self.settled();
        let (flows, _) = self.defence_flows(&chain, pool, observer);
        let shown = match mv {
            Move::Attack(cards) => cards,
            _ => chain.spent,
        };
        // While a knowledge is learnt ([`learning`]), a way that puts every card where it lets
        // it be and leaves every earlier take its witness, else any way.
        let explained = self.explained_takes();
        let mut fit = |known| {
            flows.iter().find_map(|flow| {
                let mut fitted = self.clone();
                let swaps = fitted.fit_flow(flow, shown, (defender, observer), placed, known)?;
                if known && learning() && fitted.explained_takes() < explained {
                    return None;
                }
                *self = fitted;
                Some((swaps, shown | flow.inside | flow.outside))
            })
        };
        fit(true)
            .or_else(|| fit(false))
            .ok_or_else(|| {
                format!("seat {defender}'s cards cannot be guessed to meet the attack as the moves after it show")
            })
    }

    /// Moves the guess so that the defender holds `flow.inside` and none of `flow.outside`;
    /// the cards `shown` go to the mover first, so that their reveal swaps nothing. A turned
    /// spade put back stays in the talon where the turn seed put it.
    /// With `known`, only where the knowledge being learnt lets every card be.
    fn fit_flow(
        &mut self,
        flow: &Flow,
        shown: CardSet,
        (defender, observer): (u8, Seat),
        placed: CardSet,
        known: bool,
    ) -> Option<Vec<(Card, Card)>> {
        let mover = self.actor as usize;
        let kept = shown | self.settled() | placed;
        let place = |state: &mut Self, wanted: &[(Card, Target)], kept| match known {
            true => state.sparing(place_known, wanted, observer, kept),
            false => state.place_sparing(wanted, observer, kept),
        };
        let mut swaps = place(self, &targets(shown, Target::In(mover)), kept)?;
        let inside = targets(flow.inside, Target::In(defender as usize));
        swaps.extend(place(self, &inside, kept | flow.inside)?);
        // After the swaps above, which may have given the defender a beater back.
        let away = Target::NotIn(1 << defender);
        let outside = targets(flow.outside & self.hands[defender as usize], away);
        let protected = kept | flow.inside | flow.outside;
        swaps.extend(place(self, &outside, protected)?);
        Some(swaps)
    }

    /// What the defence after `mv` shows `observer` whatever way it went: the beaters of a
    /// card every way takes without a choice are not in the defender's hand. Its other facts
    /// (a card answered by `take` had a beater) are left to the check of drawn worlds.
    pub(super) fn learn_defence(
        &self,
        mv: Move,
        later: &[Move],
        observer: Seat,
        facts: &mut Facts,
    ) {
        let Some(chain) = self.hidden_chain(mv, later, observer) else {
            return;
        };
        facts.inexact();
        let defender = chain.defender as usize;
        let unseen = self.unseen(observer).cards();
        let pool = (unseen - self.settled())
            .iter()
            .filter(|&c| facts.allowed(c) & 1 << defender != 0)
            .collect();
        let (flows, complete) = self.defence_flows(&chain, pool, observer);
        if !complete || flows.is_empty() {
            return;
        }
        let never = flows
            .iter()
            .fold(unseen, |never, flow| never & flow.outside);
        for card in never {
            facts.exclude(card, defender);
        }
    }
}

/// Each card of `cards` wanted at `target`.
pub(super) fn targets(cards: CardSet, target: Target) -> Vec<(Card, Target)> {
    cards.iter().map(|c| (c, target)).collect()
}

/// The depth-first search of the ways a defence can have gone.
struct Search<'a> {
    chain: &'a Chain<'a>,
    /// Per open card, the cards that beat it and may be in a hand.
    beaters: Vec<CardSet>,
    /// The defender's cards the observer sees.
    known: CardSet,
    /// Unseen cards the defender may hold.
    pool: CardSet,
    /// The unseen cards the defender holds in the guess.
    guessed: CardSet,
    /// How many unseen cards the defender holds.
    hidden: u32,
    /// Per earlier take of the defender's, the cards one of which it holds ([`Witnessed`]).
    takes: Vec<CardSet>,
    steps: usize,
    flows: Vec<Flow>,
}

impl Search<'_> {
    /// Meets open card `i` with history move `j` next; the defender holds `inside`, not
    /// `outside`, and has beaten with `used`.
    fn walk(&mut self, i: usize, j: usize, inside: CardSet, outside: CardSet, used: CardSet) {
        self.steps += 1;
        if self.steps > MAX_STEPS
            || self.flows.len() >= MAX_FLOWS
            || (inside - self.known).len() > self.hidden
            || self.chain.moves.len() - j > self.beaters.len() - i
        {
            return;
        }
        let Some(&beats) = self.beaters.get(i) else {
            if j == self.chain.moves.len() {
                self.found(inside, outside);
            }
            return;
        };
        let beats = beats - used;
        let held = (self.known | inside) - used;
        if !beats.intersects(held) {
            self.walk(i + 1, j, inside, outside | beats, used);
        }
        match self.chain.moves.get(j) {
            Some(&Move::Beat(card))
                if beats.contains(card) && !outside.contains(card) && self.may_hold(card) =>
            {
                let card = CardSet::single(card);
                self.walk(i + 1, j + 1, inside | card, outside, used | card);
            }
            Some(Move::Take) if beats.intersects(held) => {
                self.walk(i + 1, j + 1, inside, outside, used);
            }
            Some(Move::Take) => {
                for witness in self.witnesses(j + 1, beats - outside) {
                    self.walk(i + 1, j + 1, inside | witness, outside, used);
                }
            }
            None if self.chain.open_end => {
                if beats.intersects(held) {
                    self.found(inside, outside);
                } else if let Some(witness) = self.witnesses(j + 1, beats - outside).first() {
                    self.found(inside | *witness, outside);
                }
            }
            _ => {}
        }
    }

    fn may_hold(&self, card: Card) -> bool {
        (self.known | self.pool).contains(card)
    }

    /// Cards of `candidates` that can show the defender had a beater where it took: one it
    /// beats with at history move `from` or later in this defence (each), or one unseen card
    /// it never plays here (any one: it beats every later card alike; one the guess gives it
    /// where there is one, so that a fit moves none).
    fn witnesses(&self, from: usize, candidates: CardSet) -> Vec<CardSet> {
        let later: CardSet = self.chain.moves[from.min(self.chain.moves.len())..]
            .iter()
            .filter_map(|m| match m {
                Move::Beat(card) => Some(CardSet::single(*card)),
                _ => None,
            })
            .fold(CardSet::EMPTY, |a, b| a | b);
        let mut out: Vec<CardSet> = (candidates & later)
            .iter()
            .filter(|&c| self.may_hold(c))
            .map(CardSet::single)
            .collect();
        let unplayed = candidates & (self.pool - later);
        out.extend(
            (unplayed & self.guessed)
                .lowest()
                .or(unplayed.lowest())
                .map(CardSet::single),
        );
        out
    }

    fn found(&mut self, inside: CardSet, outside: CardSet) {
        let Some(inside) = self.with_takes(inside, outside) else {
            return;
        };
        if (self.pool - outside).len() >= self.hidden && (inside - self.known).len() <= self.hidden
        {
            self.flows.push(Flow { inside, outside });
        }
    }

    /// `inside` with a witness of each earlier take that it and the cards seen do not hold:
    /// one not of `outside` (any one: it beats none of the cards taken without a choice; one the
    /// guess gives the defender where there is one); `None` where a take has none left.
    fn with_takes(&self, inside: CardSet, outside: CardSet) -> Option<CardSet> {
        self.takes.iter().try_fold(inside, |inside, &witnesses| {
            if witnesses.intersects(self.known | inside) {
                return Some(inside);
            }
            let free = (witnesses & self.pool) - outside;
            let witness = (free & self.guessed).lowest().or(free.lowest())?;
            Some(inside | CardSet::single(witness))
        })
    }
}
