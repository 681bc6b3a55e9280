//! The kinds of problem a refused move or conditional line has, and the
//! refusal of a move the game refused.

use super::Refusal;
use crate::games::{GameKind, MoveError, Side};
use serde::Serialize;

/// What is wrong with a line of conditional moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum QueueProblem {
    /// The line ends with an expected turn and no answer to it.
    NoAnswer,
    /// `*` stands only for the opponent's turn, never for an answer.
    AnyAnswer,
    /// A turn that does not read or is not legal where it comes.
    Illegal,
    /// Fewer actions than the turn has (a Spherical Chess 324 turn is two).
    Incomplete,
    /// More actions than the turn has.
    TooManyActions,
    /// More turns than a line may hold.
    TooLong,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveProblem {
    Malformed,
    Illegal,
    NotYourTurn,
    GameOver,
}

impl Refusal {
    /// A move the game refused, with the moves that would be legal.
    pub fn bad_move(
        error: &MoveError,
        after_others: bool,
        side: Side,
        legal: Vec<String>,
        game: GameKind,
    ) -> Refusal {
        let (problem, text) = match error {
            MoveError::Malformed { text, .. } => (MoveProblem::Malformed, text.clone()),
            MoveError::Illegal { text, .. } => (MoveProblem::Illegal, text.clone()),
            MoveError::NotYourTurn(_) => (MoveProblem::NotYourTurn, String::new()),
            MoveError::GameOver => (MoveProblem::GameOver, String::new()),
        };
        let reason = Box::new(error.reason());
        Refusal::BadMove {
            problem,
            text,
            reason,
            after_others,
            side,
            legal,
            game,
        }
    }
}
