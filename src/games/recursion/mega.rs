//! The mega-knight's four states and what each allows: the seed's table,
//! turned into the chess core's mark rules.

use crate::games::chess::{Color, MarkRules};
use crate::games::Outcome;

/// The state of a mega-knight, which follows the game it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MegaState {
    /// Its game is still running.
    Neutral,
    /// Its game was won by the knight's owner.
    Armed,
    /// Its game was drawn.
    Disarmed,
    /// Its game was won by the owner's opponent.
    Frozen,
}

/// One row of the seed's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateRow {
    pub capturing_move: bool,
    pub non_capturing_move: bool,
    pub capturable: bool,
    pub gives_check: bool,
}

impl MegaState {
    pub const ALL: [MegaState; 4] = [
        MegaState::Neutral,
        MegaState::Armed,
        MegaState::Disarmed,
        MegaState::Frozen,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MegaState::Neutral => "Neutral",
            MegaState::Armed => "Armed",
            MegaState::Disarmed => "Disarmed",
            MegaState::Frozen => "Frozen",
        }
    }

    /// The seed's table, row by row.
    pub const fn row(self) -> StateRow {
        let (capturing_move, non_capturing_move, capturable) = match self {
            MegaState::Neutral => (false, true, false),
            MegaState::Armed => (true, true, true),
            MegaState::Disarmed => (false, true, true),
            MegaState::Frozen => (false, false, true),
        };
        StateRow {
            capturing_move,
            non_capturing_move,
            capturable,
            // Every state gives check: the core counts a marked knight's
            // attacks whatever its mark rules, so this needs no rule of ours.
            gives_check: true,
        }
    }

    /// The state of `owner`'s mega-knight once the game it stands for has
    /// ended with `result`.
    pub fn after(owner: Color, result: &Outcome) -> MegaState {
        match result.winner {
            Some(winner) if winner == owner => MegaState::Armed,
            Some(_) => MegaState::Frozen,
            None => MegaState::Disarmed,
        }
    }

    /// The core's mark rules for a board whose only marked piece is
    /// `owner`'s mega-knight in this state. The other side has no marked
    /// piece, so its entries stay ordinary.
    pub fn mark_rules(self, owner: Color) -> MarkRules {
        let row = self.row();
        let mut marks = MarkRules::ORDINARY;
        let i = owner.index();
        marks.may_move[i] = row.non_capturing_move;
        marks.may_capture[i] = row.capturing_move;
        marks.capturable[i] = row.capturable;
        marks
    }
}
