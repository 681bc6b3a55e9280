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

/// At most this many legal moves are listed in a refusal: enough for any
/// board, while a Progression list phase has 40,320 lists to choose from
/// (a mail of over a megabyte).
pub(crate) const LEGAL_LISTED: usize = 60;

/// The legal moves a refusal lists, and how many more there are.
pub(crate) fn listed_legal(mut all: Vec<String>) -> (Vec<String>, usize) {
    let more = all.len().saturating_sub(LEGAL_LISTED);
    all.truncate(LEGAL_LISTED);
    (all, more)
}

impl Refusal {
    /// A move the game refused, with the moves that would be legal.
    pub(crate) fn bad_move(
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
        let (legal, legal_more) = listed_legal(legal);
        Refusal::BadMove {
            problem,
            text,
            reason,
            after_others,
            side,
            legal,
            legal_more,
            game,
        }
    }
}
