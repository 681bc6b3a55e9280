//! What a robot makes of a position: its move, its score, how deep it
//! looked, and from the score whether it resigns or takes a draw.

use crate::games::{Game, Side};

/// What a robot makes of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move to play, or none when `side` has no legal move.
    pub choice: Option<String>,
    /// How the position looks to the robot after its search, from its own
    /// side (`WIN` minus plies for a forced win).
    pub score: i32,
    /// The deepest search finished.
    pub depth: u32,
    pub nodes: u64,
    /// The caller's [`Halt`](super::Halt) ended the search before its own time: the
    /// choice is only the best found so far (or none), not to be played
    /// as the robot's considered move.
    pub halted: bool,
}

/// A robot resigns when it sees a forced loss, or when it is this far
/// behind (twelve pawns: about a queen and a rook).
pub const RESIGN_BELOW: i32 = -1200;

/// A robot takes a draw offer when it stands no better than this.
pub const DRAW_AT_MOST: i32 = -50;

impl Thought {
    /// No move: none is owed or legal, or the halt came first.
    pub(super) fn none(score: i32, halted: bool) -> Thought {
        Thought {
            choice: None,
            score,
            depth: 0,
            nodes: 0,
            halted,
        }
    }

    /// Whether the robot gives up: hopelessly behind, and its opponent
    /// could still win.
    pub fn resigns(&self, game: &dyn Game, side: Side) -> bool {
        self.score <= RESIGN_BELOW && game.could_still_win(side.opponent())
    }

    /// Whether the robot accepts a draw offer in this position.
    pub fn accepts_draw(&self) -> bool {
        self.score <= DRAW_AT_MOST
    }
}
