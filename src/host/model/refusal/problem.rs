//! What is wrong with a move or a line of conditional moves, as the
//! refusals name it.

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
