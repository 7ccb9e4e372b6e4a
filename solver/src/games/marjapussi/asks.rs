//! The public answer of an ask (spec 4.5, 8.1: "declarations and answers: everyone"), as a
//! position's history writes it (`ask_half H yes`, `ask_whole no`), and the fitting of a view's
//! guessed hands to it and to the declaration windows the table saw open or skipped (a window
//! with nothing to declare is skipped), so that a view replays what the table saw.
//!
//! The partner's hand decides the answer; the move the asker chooses is the ask alone, so an
//! answer is a note on the move, never part of its identity (every [`Said`] compares equal).

use super::cards::{self, KING, QUEEN};
use super::{Marjapussi, Move, Phase};
use crate::api::Rules;
use crate::cards::{Card, CardSet};
use crate::game::Seat;
use crate::hidden::fit::{place, Target};
use crate::hidden::Places;
use crate::suited::Suit;
use std::hash::{Hash, Hasher};

/// An ask's public answer, where a history says it.
#[derive(Clone, Copy, Debug, Default)]
pub enum Said {
    /// Not said: the hands decide it.
    #[default]
    Unsaid,
    /// `ask_half`: the marriage is declared; `ask_whole`: the partner answers a marriage.
    Yes,
    /// The partner has nothing to answer.
    No,
    /// `ask_half` without `half_ask_requires_card`: the partner says yes, and the asker admits
    /// holding neither card; nothing is declared.
    Bluff,
}

impl PartialEq for Said {
    fn eq(&self, _: &Said) -> bool {
        true
    }
}

impl Eq for Said {}

impl Hash for Said {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

impl Said {
    pub(super) const WORDS: [(&'static str, Said); 3] =
        [("yes", Said::Yes), ("no", Said::No), ("bluff", Said::Bluff)];

    pub(super) fn word(self) -> Option<&'static str> {
        Said::WORDS
            .iter()
            .find(|(_, s)| s.same(self))
            .map(|&(w, _)| w)
    }

    pub(super) fn parse(word: &str) -> Result<Said, String> {
        Said::WORDS
            .iter()
            .find(|(w, _)| *w == word)
            .map(|&(_, s)| s)
            .ok_or_else(|| format!("'{word}' is not an ask's answer; use yes, no or bluff"))
    }

    /// Equality of the answers themselves.
    pub(super) fn same(self, other: Said) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }
}

impl Marjapussi {
    /// The answer the hands give to the ask `mv` made by the actor now; `None` for other moves.
    pub(super) fn answer_to(&self, mv: Move) -> Option<Said> {
        let asker = self.actor;
        let partner = self.partner(asker);
        match mv {
            Move::AskWhole(_) if self.answerable(partner).next().is_none() => Some(Said::No),
            Move::AskWhole(_) => Some(Said::Yes),
            Move::AskHalf(suit, _) => {
                let marriage = cards::marriage(suit);
                let held = |seat: u8| self.hands[seat as usize].intersects(marriage);
                Some(match (held(asker), held(partner)) {
                    (true, true) => Said::Yes,
                    (false, true) => Said::Bluff,
                    _ => Said::No,
                })
            }
            _ => None,
        }
    }

    /// The answer a history states for `mv`, if any.
    pub(super) fn said(mv: Move) -> Option<Said> {
        match mv {
            Move::AskWhole(said) | Move::AskHalf(_, said) if !said.same(Said::Unsaid) => Some(said),
            _ => None,
        }
    }

    /// Why the hands do not give the answer `mv` states.
    pub(super) fn answer_contradiction(&self, mv: Move) -> Option<String> {
        let said = Marjapussi::said(mv)?;
        let given = self.answer_to(mv)?;
        (!given.same(said)).then(|| {
            format!(
                "the hands answer {}, not {}",
                given.word().unwrap_or("nothing"),
                said.word().unwrap_or("nothing")
            )
        })
    }

    /// Moves unseen cards of `observer`'s guess so that the ask `mv` gets the answer it states,
    /// never giving back a card of `placed` (the observer knows where it is); the swaps made,
    /// `(card moved, card given back)`.
    pub(super) fn fit_answer(
        &mut self,
        mv: Move,
        observer: Seat,
        placed: CardSet,
    ) -> Result<Vec<(Card, Card)>, String> {
        if self.answer_contradiction(mv).is_none() {
            return Ok(Vec::new());
        }
        for wanted in self.placements(mv) {
            let mut fitted = *self;
            if let Some(swaps) = fitted.place(&wanted, observer, placed) {
                if fitted.answer_contradiction(mv).is_none() {
                    *self = fitted;
                    return Ok(swaps);
                }
            }
        }
        Err(format!(
            "no hands seat {observer} could think of answer '{}' so",
            self.move_text(mv)
        ))
    }

    /// Where the next move shows that a hidden trick winner's declaration window went otherwise
    /// than in the guess (a card played in an open window: the table skipped it; a declaration
    /// move after the guess skipped it: the table opened it), fits the guess to the table,
    /// never giving back a card of `placed`.
    pub(super) fn fit_window(
        &mut self,
        mv: Move,
        observer: Seat,
        placed: CardSet,
    ) -> Option<Result<Vec<(Card, Card)>, String>> {
        let actor = self.actor;
        if actor as Seat == observer {
            return None;
        }
        let declaring = matches!(
            mv,
            Move::NoDeclaration | Move::Declare(_) | Move::AskWhole(_) | Move::AskHalf(..)
        );
        let trick_start = self.trick_len == 0 && self.tricks_played > 0 && actor == self.leader;
        match (self.phase, declaring) {
            (Phase::Declare, false) => Some(self.fit_skipped(observer, placed)),
            (Phase::Play, true) if trick_start => Some(self.fit_opened(mv, observer, placed)),
            _ => None,
        }
    }

    /// The window skipped: the winner holds no undeclared marriage whole.
    fn fit_skipped(
        &mut self,
        observer: Seat,
        placed: CardSet,
    ) -> Result<Vec<(Card, Card)>, String> {
        let actor = self.actor;
        let broken: Vec<(Card, Target)> = self
            .answerable(actor)
            .map(|suit| (cards::king(suit), Target::NotIn(1 << actor)))
            .collect();
        let swaps = self.place(&broken, observer, placed);
        match swaps {
            Some(swaps) if !self.has_declaration_choice(actor) => {
                self.close_window(actor);
                Ok(swaps)
            }
            _ => Err(format!(
                "seat {actor} must have had a declaration to make, yet played on"
            )),
        }
    }

    /// The window opened: the winner holds an undeclared marriage whole.
    fn fit_opened(
        &mut self,
        mv: Move,
        observer: Seat,
        placed: CardSet,
    ) -> Result<Vec<(Card, Card)>, String> {
        let actor = self.actor;
        let suits: Vec<Suit> = match mv {
            Move::Declare(suit) => vec![suit],
            _ => Suit::ALL
                .into_iter()
                .filter(|&s| !self.is_declared(s))
                .collect(),
        };
        for suit in suits {
            let mut fitted = *self;
            let whole = marriage_cards(suit).map(|c| (c, Target::In(actor as usize)));
            if let Some(swaps) = fitted.place(&whole, observer, placed) {
                if fitted.has_declaration_choice(actor) {
                    fitted.phase = Phase::Declare;
                    *self = fitted;
                    return Ok(swaps);
                }
            }
        }
        Err(format!(
            "seat {actor} cannot have had a declaration window after its trick"
        ))
    }

    /// The placements of marriage cards that give the answer `mv` states, one per way.
    fn placements(&self, mv: Move) -> Vec<Vec<(Card, Target)>> {
        let asker = self.actor as usize;
        let partner = self.partner(self.actor) as usize;
        let pair: Places = (1 << asker) | (1 << partner);
        let (Some(said), Some(suit)) = (Marjapussi::said(mv), ask_suit(mv)) else {
            return self.whole_placements(mv, partner);
        };
        let [k, q] = marriage_cards(suit);
        let away = Target::NotIn(pair);
        let ways: Vec<[Target; 2]> = match said {
            Said::Yes => vec![
                [Target::In(asker), Target::In(partner)],
                [Target::In(partner), Target::In(asker)],
            ],
            Said::No => vec![
                [Target::In(asker), away],
                [away, Target::In(asker)],
                [away, away],
            ],
            Said::Bluff | Said::Unsaid => vec![
                [Target::In(partner), Target::NotIn(1 << asker)],
                [Target::NotIn(1 << asker), Target::In(partner)],
            ],
        };
        ways.into_iter()
            .map(|[a, b]| vec![(k, a), (q, b)])
            .collect()
    }

    /// For `ask_whole`: yes, some undeclared marriage whole with the partner; no, each
    /// undeclared marriage the partner holds whole broken up.
    fn whole_placements(&self, mv: Move, partner: usize) -> Vec<Vec<(Card, Target)>> {
        let undeclared = Suit::ALL.into_iter().filter(|&s| !self.is_declared(s));
        if matches!(Marjapussi::said(mv), Some(Said::Yes)) {
            return undeclared
                .map(|s| marriage_cards(s).map(|c| (c, Target::In(partner))).to_vec())
                .collect();
        }
        let whole: Vec<Suit> = self.answerable(partner as u8).collect();
        let away = Target::NotIn(1 << partner);
        let breaks = |first: bool| {
            whole
                .iter()
                .map(|&s| (marriage_cards(s)[usize::from(!first)], away))
                .collect()
        };
        vec![breaks(true), breaks(false)]
    }

    /// Places `wanted`, giving back neither a king or queen nor a card of `placed`.
    fn place(
        &mut self,
        wanted: &[(Card, Target)],
        observer: Seat,
        placed: CardSet,
    ) -> Option<Vec<(Card, Card)>> {
        let marriages = cards::of_power(KING) | cards::of_power(QUEEN);
        place(self, wanted, observer, marriages | placed)
    }
}

fn ask_suit(mv: Move) -> Option<Suit> {
    match mv {
        Move::AskHalf(suit, _) => Some(suit),
        _ => None,
    }
}

fn marriage_cards(suit: Suit) -> [Card; 2] {
    [cards::king(suit), cards::queen(suit)]
}
