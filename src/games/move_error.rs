//! A move that cannot be played, and why, for the host to word.

use super::{Reason, Side};

/// A move that cannot be played, with what would be right.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    #[error("it is not {0}'s turn")]
    NotYourTurn(Side),
    /// The text is not a move in this game's notation at all.
    #[error("cannot read {text:?} as a move: {reason}")]
    Malformed { text: String, reason: Box<Reason> },
    /// A well-formed move that the rules do not allow here.
    #[error("{text} is not legal here: {reason}")]
    Illegal { text: String, reason: Box<Reason> },
}

impl MoveError {
    /// Why the move was refused, as a typed reason for the host to word.
    pub fn reason(&self) -> Reason {
        match self {
            MoveError::GameOver => Reason::GameOver,
            MoveError::NotYourTurn(side) => Reason::NotYourTurn { side: *side },
            MoveError::Malformed { reason, .. } | MoveError::Illegal { reason, .. } => {
                reason.as_ref().clone()
            }
        }
    }
}
