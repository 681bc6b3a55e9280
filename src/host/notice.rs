//! What handling a command produces: facts for players, not mail yet.

use crate::games::Side;

/// Something that happened on a board, told in the board mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A line of plain news ("bob offers a draw.").
    Text(String),
    /// A move; other players see only its public form.
    Played {
        userid: String,
        side: Side,
        number: i64,
        notation: String,
        public_notation: String,
    },
}

/// A comment that comes with a move, passed on to the other players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    pub author: String,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The board changed (or began): every player gets it from his seat.
    Board {
        game_id: i64,
        events: Vec<Event>,
        comment: Option<Comment>,
        new_game: bool,
    },
    /// The general help page, for the sender.
    Help,
    /// An answer to the sender alone.
    Reply { subject: String, text: String },
    /// The board (now or after some moves) for the sender.
    Show { game_id: i64, after: Option<i64> },
    /// The command was not carried out; the sender is told why.
    Refused {
        board: Option<i64>,
        problem: String,
        hint: String,
    },
    /// A message for everyone on a board.
    Chat {
        game_id: i64,
        author: String,
        text: String,
    },
}

impl Notice {
    pub fn refused(
        board: Option<i64>,
        problem: impl Into<String>,
        hint: impl Into<String>,
    ) -> Notice {
        Notice::Refused {
            board,
            problem: problem.into(),
            hint: hint.into(),
        }
    }
}
